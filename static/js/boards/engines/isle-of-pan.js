// The Isle of Pan's board editor (the module contract is in ./index.js): what one box holds
// that the rulebook does not print (engines/isle_of_pan/board.py).
//
//   Starting Tile    laid out as it lies on the table: tap a terrain, then the hexes of the
//                    grid (it grows around what is laid), then "Central space" and the space
//                    the Explorers start on.  The Lake is never offered as the central space.
//   Landscape tiles  one entry each: its number (the next free one is offered), its shape
//                    chosen among the three three-hex shapes or "not
//                    known" (turned by a tap on ⟳ Turn to match the tile in hand), its three
//                    terrains tapped as chips onto the hexes of the shape,
//                    and its marker ([3], [4], none, not known).  "Add the next tile" keeps
//                    the last tile's shape and marker, so a box of 38 goes quickly.
//   More             whether the list holds every tile of the box (`complete`).
//
// The shape is written with the terrains in it, in the order of its hexes (`terrains` the
// same order), so a shape always shows its own terrains; three hexes always joined.  What is
// left to judge (an id twice, a Starting Tile in pieces, a Lake at its centre) the server
// judges on save, and its problems show beside the entry they name.

import { fill, h } from "../../dom.js";
import { refocus } from "../../record/engines/picker-kit.js";
import {
  PORTAL_INK, S, TERRAIN, TERRAIN_NAME, TERRAINS, W, centre, corners, keyOf, markerText, s, shapeOf, terrainsText, tileFace,
  where,
} from "../../record/engines/isle-of-pan.js";

const NEIGHBOURS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const SHAPES = [
  { kind: "line", label: "Line", cells: [[0, 0], [1, 0], [2, 0]] },
  { kind: "triangle", label: "Triangle", cells: [[0, 0], [1, 0], [0, 1]] },
  { kind: "chevron", label: "Chevron", cells: [[0, 0], [1, 0], [2, -1]] },
];
// [RB] Setup 1: tiles marked [3] and [4] leave a 2-player game, those marked [4] a 3-player one.
const MARKERS = [
  { value: 3, label: "[3]", sub: "3 or 4 players" },
  { value: 4, label: "[4]", sub: "4 players only" },
  { value: "none", label: "No marker", sub: "every game" },
  { value: null, label: "Not known", sub: "not checked" },
];
const MIN_START_HEX_PX = 48; // a hex of the Starting Tile's grid on screen at least; else the grid scrolls
const TILE_HEX_PX = 62; // a hex of the tile being edited on screen

/** What the page remembers between redraws (not part of the board file). */
const view = {
  ctx: null, // the last mount's context (fieldLabel reads its data)
  tool: "PLAIN", // the Starting Tile's tool: a terrain, "central" or "erase"
  brush: "PLAIN", // the last terrain tool, to go back to after "central"
  open: null, // the index of the tile being edited, or null
  slot: 3, // the hex of the open tile the next terrain chip fills (3: none chosen)
  moreOpen: false,
  geometry: new WeakMap(), // tile -> its shape's cells while its terrains are not all set
};

// --------------------------------------------------------------------- contract

export function empty() {
  return {};
}

export function summary(data) {
  const tiles = Array.isArray(data && data.tiles) ? data.tiles.length : 0;
  const start = data && data.starting_tile && Array.isArray(data.starting_tile.spaces) ? data.starting_tile.spaces.length : 0;
  const parts = [`${tiles} tile${tiles === 1 ? "" : "s"}${data && Array.isArray(data.complete) && data.complete.includes("tiles") ? " (the whole box)" : ""}`];
  parts.push(start ? `the Starting Tile (${start} space${start === 1 ? "" : "s"})` : "no Starting Tile");
  return parts.join(", ");
}

export function fieldLabel(path) {
  const parts = String(path || "").split(".");
  const data = (view.ctx && view.ctx.data) || {};
  if (parts[0] === "starting_tile") {
    if (parts[1] === "central") return "Starting Tile: its central space";
    if (parts[1] === "spaces" && parts[2] !== undefined) {
      const space = ((data.starting_tile || {}).spaces || [])[Number(parts[2])];
      return space && Number.isInteger(space.q) ? `Starting Tile: the space at ${where(space)}` : `Starting Tile: space ${Number(parts[2]) + 1}`;
    }
    return parts[1] === "spaces" ? "Starting Tile: its spaces" : "Starting Tile";
  }
  if (parts[0] === "tiles") {
    if (parts.length === 1) return "Landscape tiles";
    const index = Number(parts[1]);
    const what = { id: "its number", terrains: "its terrains", shape: "its shape", marker: "its marker" }[parts[2]];
    return what ? `${tileName(data, index)}: ${what}` : tileName(data, index);
  }
  if (parts[0] === "complete") return "Every tile of the box listed";
  return path;
}

export function mount(root, ctx) {
  view.ctx = ctx;
  const tiles = tilesOf(ctx.data);
  if (view.open !== null && view.open >= tiles.length) view.open = null;
  if (view.open === null && tiles.length) {
    // A refused save opens the first tile it names; a fresh page, none.
    const named = tiles.findIndex((_, i) => ctx.problems(`tiles.${i}`).length);
    if (named >= 0) {
      view.open = named;
      view.slot = 3;
    }
  }
  if (ctx.problems("complete").length) view.moreOpen = true;
  const editor = new Editor(ctx);
  fill(root, editor.startRoot, editor.tilesRoot, editor.moreRoot);
  editor.drawStart();
  editor.drawTiles();
  editor.drawMore();
}

// ----------------------------------------------------------------- the editor

class Editor {
  constructor(ctx) {
    this.ctx = ctx;
    this.data = ctx.data;
    this.kit = ctx.kit;
    this.startRoot = h("div", { class: "iop-be-start", id: "iop-starting-tile" });
    this.tilesRoot = h("div", { class: "iop-be-tiles", id: "iop-tiles" });
    this.moreRoot = h("div", { class: "iop-be-more-root", id: "iop-more" });
  }

  changed() {
    this.ctx.changed();
  }

  // ------------------------------------------------------------- Starting Tile

  drawStart(focusKey = null) {
    const kit = this.kit;
    const start = this.data.starting_tile;
    const spaces = start && Array.isArray(start.spaces) ? start.spaces : [];
    const tools = kit.chooseOne({
      legend: "Tap a terrain, then the hexes that show it",
      keyPrefix: "start-tool",
      value: view.tool,
      choices: [
        ...TERRAINS.map((t) => ({ value: t, label: TERRAIN_NAME[t], className: `iop-be-chip iop-be-t-${t.toLowerCase()}` })),
        { value: "central", label: [h("span", { class: "iop-be-star", "aria-hidden": "true" }, "★"), "Central space"],
          sub: "the Explorers' start", className: "iop-be-tool" },
        { value: "erase", label: "Remove", sub: "a space", className: "iop-be-tool" },
      ],
      onchange: (tool) => {
        view.tool = tool;
        if (TERRAINS.includes(tool)) view.brush = tool;
        this.drawStart(`start-tool:${JSON.stringify(tool)}`);
      },
    });
    const central = start && start.central;
    const centralSpace = central && spaces.find((c) => c.q === central.q && c.r === central.r);
    const status = spaces.length
      ? [h("strong", {}, `${spaces.length} space${spaces.length === 1 ? "" : "s"}`),
        centralSpace ? ` · the Explorers start on ${where(centralSpace)} ${TERRAIN_NAME[centralSpace.t] || centralSpace.t}`
          : " · no central space yet: tap ★ Central space, then a space"]
      : "Nothing laid yet: the Starting Tile is then declared at each game's set-up.";
    const listed = spaces.length
      ? h("p", { class: "small muted iop-be-spaces", id: "iop-start-spaces" }, spaces.map((c) =>
        `${where(c)} ${TERRAIN_NAME[c.t] || c.t}${central && c.q === central.q && c.r === central.r ? " ★" : ""}`).join(" · "))
      : null;
    const section = kit.section("Starting Tile",
      "Lay it out as it lies on the table, its centre in the middle of the grid. The grid grows around what you lay.",
      kit.problemNotes(this.ctx.problems("starting_tile")),
      tools,
      this.startGrid(spaces, central),
      h("p", { class: "iop-be-status", "aria-live": "polite", id: "iop-start-status" }, status),
      listed,
      spaces.length ? h("button", { type: "button", class: "secondary iop-be-clear", dataset: { focusKey: "start-clear" },
        onclick: () => { delete this.data.starting_tile; this.changed(); this.drawStart("start-tool:\"PLAIN\""); } },
      "Remove the whole Starting Tile") : null);
    fill(this.startRoot, section);
    refocus(this.startRoot, focusKey);
  }

  startGrid(spaces, central) {
    const wrong = new Set(this.ctx.problems("starting_tile.spaces").map((p) => p.field.split(".")[2]).filter((i) => i !== undefined));
    const taken = new Map(spaces.map((c, i) => [keyOf(c), { ...c, index: i }]));
    const around = new Map();
    if (!spaces.length) around.set("0,0", { q: 0, r: 0 });
    for (const c of spaces.length ? spaces : [{ q: 0, r: 0 }]) {
      for (const [dq, dr] of NEIGHBOURS) {
        const n = { q: c.q + dq, r: c.r + dr };
        if (!taken.has(keyOf(n))) around.set(keyOf(n), n);
      }
    }
    const all = [...taken.values(), ...around.values()];
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const c of all) {
      const [x, y] = centre(c.q, c.r);
      x0 = Math.min(x0, x - W); x1 = Math.max(x1, x + W); y0 = Math.min(y0, y - S); y1 = Math.max(y1, y + S);
    }
    const pad = 5;
    const box = { x: x0 - pad, y: y0 - pad, w: x1 - x0 + 2 * pad, h: y1 - y0 + 2 * pad };
    const tool = view.tool;
    const isCentral = (c) => central && c.q === central.q && c.r === central.r;
    const cells = [];
    for (const c of taken.values()) {
      const name = TERRAIN_NAME[c.t] || c.t;
      let label = null;
      if (TERRAINS.includes(tool)) label = c.t === tool ? `${where(c)} ${name}${isCentral(c) ? ", the central space" : ""}` : `Make ${where(c)} ${TERRAIN_NAME[tool]} (now ${name})`;
      else if (tool === "erase") label = `Remove the space at ${where(c)} ${name}`;
      else if (c.t !== "LAKE") label = `Make ${where(c)} ${name} the central space`;
      cells.push(this.startHex(c, { label, filled: true, central: isCentral(c), wrong: wrong.has(String(c.index)) }));
    }
    for (const c of around.values()) {
      const label = TERRAINS.includes(tool) ? `Lay ${TERRAIN_NAME[tool]} at ${where(c)}` : null;
      cells.push(this.startHex(c, { label, filled: false }));
    }
    const minWidth = Math.round((box.w * MIN_START_HEX_PX) / (2 * W));
    return h("div", { class: "iop-pick-scroll iop-be-grid" }, s("svg", {
      viewBox: `${box.x.toFixed(1)} ${box.y.toFixed(1)} ${box.w.toFixed(1)} ${box.h.toFixed(1)}`,
      class: "iop-be-grid-svg", role: "group", id: "iop-start-grid",
      "aria-label": "The Starting Tile: tap a hex to lay the chosen terrain there",
      style: `min-width: ${minWidth}px; max-width: ${Math.max(minWidth, Math.round(box.w * 1.6))}px`,
    }, cells));
  }

  startHex(c, { label, filled, central = false, wrong = false }) {
    const [x, y] = centre(c.q, c.r);
    const body = [
      s("polygon", { points: corners(c.q, c.r, S - 1.5), class: "iop-be-hex-shape", fill: filled ? TERRAIN[c.t] || "#ccc" : null }),
      filled && c.t === "PORTAL" ? s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 16, fill: "none", stroke: PORTAL_INK,
        "stroke-width": 1.8, "stroke-dasharray": "3 2" }) : null,
      filled ? s("text", { x: x.toFixed(1), y: (y + (central ? 11 : 3)).toFixed(1), class: "iop-be-hex-name" }, TERRAIN_NAME[c.t] || c.t) : null,
      central ? s("text", { x: x.toFixed(1), y: (y + 1).toFixed(1), class: "iop-be-hex-star" }, "★") : null,
      !filled && label ? s("text", { x: x.toFixed(1), y: (y + 4).toFixed(1), class: "iop-be-hex-plus" }, "+") : null,
    ];
    const classes = `iop-be-hex${filled ? " is-laid" : " is-free"}${label ? " is-target" : ""}${central ? " is-central" : ""}${wrong ? " is-wrong" : ""}`;
    if (!label) return s("g", { class: classes, dataset: { cell: keyOf(c) }, "aria-hidden": "true" }, body);
    return hexButton({ className: classes, label, cell: keyOf(c), focusKey: `start-hex:${keyOf(c)}`, onpick: () => this.tapStart(c) }, body);
  }

  tapStart(c) {
    const tool = view.tool;
    let start = this.data.starting_tile;
    const spaces = start && Array.isArray(start.spaces) ? start.spaces : [];
    const index = spaces.findIndex((x) => x.q === c.q && x.r === c.r);
    if (TERRAINS.includes(tool)) {
      if (!start) start = this.data.starting_tile = { spaces: [], central: { q: c.q, r: c.r } };
      if (!Array.isArray(start.spaces)) start.spaces = [];
      if (index >= 0) start.spaces[index].t = tool;
      else start.spaces.push({ q: c.q, r: c.r, t: tool });
    } else if (tool === "erase" && index >= 0) {
      spaces.splice(index, 1);
      if (!spaces.length) delete this.data.starting_tile;
    } else if (tool === "central" && index >= 0 && spaces[index].t !== "LAKE") {
      start.central = { q: c.q, r: c.r };
      view.tool = view.brush;
    } else {
      return;
    }
    if (this.data.starting_tile) keepCentral(this.data.starting_tile);
    this.changed();
    this.drawStart(`start-hex:${keyOf(c)}`);
  }

  // ----------------------------------------------------------- Landscape tiles

  drawTiles(focusKey = null) {
    const kit = this.kit;
    const tiles = tilesOf(this.data);
    const next = nextFree(tiles);
    const list = kit.listEditor({
      title: "Your tiles",
      items: tiles,
      row: (tile, index) => (index === view.open ? this.tileEditor(tile, index) : this.tileSummary(tile, index)),
      onadd: () => this.addTile(),
      onremove: (index) => this.removeTile(index),
      addLabel: `Add tile ${next}`,
      empty: "No tiles yet. Add the first, then the next: each keeps the last one's shape and marker.",
      itemLabel: (index, tile) => tileName(this.data, index, tile),
    });
    const add = list.querySelector(".be-add");
    if (add) {
      add.dataset.focusKey = "tile-add";
      add.classList.add("iop-be-add");
      add.setAttribute("aria-label", `Add a tile (number ${next})`);
    }
    list.querySelectorAll(".be-row").forEach((row, index) => {
      row.classList.toggle("is-open", index === view.open);
      row.classList.toggle("has-problem", this.ctx.problems(`tiles.${index}`).length > 0);
      row.id = `iop-tile-${index}`;
    });
    const section = kit.section("Landscape tiles",
      "One entry per tile: the number you read or write on it, its shape, its three terrains hex by hex, its marker.",
      kit.problemNotes(this.ctx.problems("tiles").filter((p) => p.field === "tiles")),
      list);
    fill(this.tilesRoot, section);
    refocus(this.tilesRoot, focusKey);
  }

  tileSummary(tile, index) {
    const m = model(tile);
    const id = typeof tile.id === "string" && tile.id ? tile.id : "?";
    const face = { terrains: m.slots, shape: m.geometry && m.slots.every(Boolean) ? m.geometry.map(([dq, dr], i) => ({ dq, dr, t: m.slots[i] })) : null };
    return [
      h("button", {
        type: "button", class: "iop-be-tile-summary", dataset: { focusKey: `tile-open:${index}`, tile: String(index) },
        "aria-label": `${tileName(this.data, index, tile)}: ${describeTile(tile, m)}. Change it`,
        onclick: () => { view.open = index; view.slot = firstEmpty(m.slots); this.drawTiles(`tile-head:${index}`); this.reveal(index); },
      },
      h("span", { class: "iop-be-tile-id" }, id),
      h("span", { class: "iop-be-tile-face" }, tileFace(face, { px: 18 })),
      h("span", { class: "iop-be-tile-text" },
        h("span", {}, m.slots.some(Boolean) ? terrainsText(m.slots) : "no terrains yet"),
        h("span", { class: "muted small" }, `${markerText(tile.marker)}${m.geometry ? "" : " · shape not known"}`))),
      this.kit.problemNotes(this.ctx.problems(`tiles.${index}`)),
    ];
  }

  tileEditor(tile, index) {
    const kit = this.kit;
    const m = model(tile);
    const filled = m.slots.filter(Boolean).length;
    const slot = nextSlot(m);
    const head = h("h4", { class: "iop-be-tile-head", tabindex: "-1", dataset: { focusKey: `tile-head:${index}` } },
      shortName(index, tile));
    const next = h("button", { type: "button", class: "iop-be-next", dataset: { focusKey: "tile-next" }, onclick: () => this.addTile() },
      `Add the next tile (${nextFree(tilesOf(this.data))})`);
    const number = kit.textField({
      label: "Number on the tile", value: typeof tile.id === "string" ? tile.id : "", maxlength: 20, key: `tile-id:${index}`,
      help: "As written on it: up to 20 letters, digits, '.', '_' or '-'.",
      onchange: (value) => {
        tile.id = value.trim();
        this.changed();
        head.textContent = shortName(index, tile);
        next.textContent = `Add the next tile (${nextFree(tilesOf(this.data))})`;
      },
    });
    const kind = kindOf(m.geometry);
    const shapes = kit.group("Its shape",
      h("div", { class: "pa-pick-opts iop-be-shapes" },
        SHAPES.map((shape) => kit.option({
          label: shape.label,
          sub: tileFace({ shape: shape.cells.map(([dq, dr], i) => ({ dq, dr, t: m.slots[i] || "BLANK" })) }, { px: 16 }),
          pressed: kind === shape.kind, focusKey: `shape:${shape.kind}`, className: "iop-be-shape",
          onclick: () => this.setGeometry(tile, m, kind === shape.kind ? m.geometry : shape.cells, `shape:${shape.kind}`),
        })),
        kit.option({ label: "Not known", sub: "not checked against it", pressed: m.geometry === null, focusKey: "shape:none", className: "iop-be-shape",
          onclick: () => this.setGeometry(tile, m, null, "shape:none") })));
    const hint = slot < 3 ? `${m.geometry ? "Hex" : "Place"} ${slot + 1}${filled === 3 ? "" : " next"}: tap its terrain.`
      : `All three set. To change one, tap its ${m.geometry ? "hex" : "place"}, then a terrain.`;
    const terrains = kit.group(m.geometry ? "Its terrains, hex by hex" : "Its three terrains",
      h("div", { class: "iop-be-tile-row" },
        this.tileDrawing(tile, m, slot, index),
        m.geometry ? h("button", { type: "button", class: "secondary iop-be-turn", dataset: { focusKey: "shape-turn" },
          "aria-label": "Turn the shape to match the tile", onclick: () => this.setGeometry(tile, m, turn(m.geometry), "shape-turn") },
        h("span", { "aria-hidden": "true" }, "⟳ "), "Turn") : null),
      h("p", { class: "small iop-be-hint", "aria-live": "polite" }, hint),
      h("div", { class: "pa-pick-opts iop-be-chips" }, TERRAINS.map((t) => kit.option({
        label: TERRAIN_NAME[t], focusKey: `chip:${t}`, className: `iop-be-chip iop-be-t-${t.toLowerCase()}`,
        data: { terrain: t },
        onclick: () => this.paint(tile, m, t),
      }))),
      filled ? h("button", { type: "button", class: "link-btn iop-be-clear-terrains", dataset: { focusKey: "terrains-clear" },
        onclick: () => { m.slots = [null, null, null]; view.slot = 0; write(tile, m); this.changed(); this.drawTiles("chip:PLAIN"); } },
      "Clear the terrains") : null);
    const marker = kit.chooseOne({
      legend: "Its player-count marker", keyPrefix: `marker:${index}`, value: tile.marker === undefined ? null : tile.marker,
      choices: MARKERS.map((choice) => ({ ...choice, className: "iop-be-marker" })),
      onchange: (value) => {
        if (value === null) delete tile.marker;
        else tile.marker = value;
        this.changed();
        this.drawTiles(`marker:${index}:${JSON.stringify(value)}`);
      },
    });
    return h("div", { class: "iop-be-tile", dataset: { index: String(index) } },
      head,
      kit.problemNotes(this.ctx.problems(`tiles.${index}`)),
      number,
      shapes,
      terrains,
      marker,
      h("div", { class: "iop-be-tile-foot" },
        h("button", { type: "button", class: "secondary", dataset: { focusKey: `tile-done:${index}` },
          onclick: () => { view.open = null; this.drawTiles(`tile-open:${index}`); } }, "Done"),
        next));
  }

  /** The tile as it looks: its hexes (or three places when the shape is not known), each a
   *  button that chooses which hex the next terrain chip fills. */
  tileDrawing(tile, m, slot, index) {
    const filled = m.slots.filter(Boolean).length;
    const pick = (i) => () => { view.slot = i; this.drawTiles(`tile-hex:${i}`); };
    const label = (i) => `Hex ${i + 1}: ${m.slots[i] ? TERRAIN_NAME[m.slots[i]] : "no terrain yet"}${i === slot ? " (the next terrain goes here)" : ""}`;
    if (!m.geometry) {
      return h("div", { class: "iop-be-places", role: "group", "aria-label": `Tile ${tile.id || index + 1}` }, [0, 1, 2].map((i) =>
        h("button", {
          type: "button", class: `iop-be-place${i === slot ? " is-next" : ""}${m.slots[i] ? "" : " is-empty"}`,
          style: m.slots[i] ? { background: TERRAIN[m.slots[i]] } : null, disabled: i > filled,
          "aria-label": label(i), "aria-pressed": String(i === slot), dataset: { focusKey: `tile-hex:${i}`, hex: String(i + 1) },
          onclick: pick(i),
        }, m.slots[i] ? TERRAIN_NAME[m.slots[i]] : String(i + 1))));
    }
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const [q, r] of m.geometry) {
      const [x, y] = centre(q, r);
      x0 = Math.min(x0, x - W); x1 = Math.max(x1, x + W); y0 = Math.min(y0, y - S); y1 = Math.max(y1, y + S);
    }
    const pad = 4;
    const box = [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad];
    const scale = TILE_HEX_PX / (2 * W);
    const hexes = m.geometry.map(([q, r], i) => {
      const [x, y] = centre(q, r);
      const t = m.slots[i];
      const body = [
        s("polygon", { points: corners(q, r, S - 1.5), class: "iop-be-hex-shape", fill: t ? TERRAIN[t] : null }),
        t === "PORTAL" ? s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 16, fill: "none", stroke: PORTAL_INK, "stroke-width": 1.6,
          "stroke-dasharray": "3 2" }) : null,
        s("text", { x: x.toFixed(1), y: (y + 3).toFixed(1), class: t ? "iop-be-hex-name" : "iop-be-hex-plus" }, t ? TERRAIN_NAME[t] : String(i + 1)),
      ];
      const classes = `iop-be-hex is-target${t ? " is-laid" : " is-free"}${i === slot ? " is-next" : ""}`;
      if (i > filled) return s("g", { class: `iop-be-hex is-free`, "aria-hidden": "true" }, body);
      return hexButton({ className: classes, label: label(i), cell: String(i + 1), focusKey: `tile-hex:${i}`, onpick: pick(i), pressed: i === slot }, body);
    });
    return s("svg", { class: "iop-be-tile-svg", viewBox: box.map((v) => v.toFixed(1)).join(" "), role: "group",
      "aria-label": `Tile ${tile.id || index + 1}, hex by hex`, width: Math.round(box[2] * scale), height: Math.round(box[3] * scale) }, hexes);
  }

  paint(tile, m, terrain) {
    const at = nextSlot(m);
    if (at > 2) {
      const hint = this.tilesRoot.querySelector(".iop-be-hint");
      if (hint) hint.textContent = `All three set. To change one, tap its ${m.geometry ? "hex" : "place"} first.`;
      return;
    }
    m.slots[at] = terrain;
    view.slot = firstEmpty(m.slots);
    write(tile, m);
    this.changed();
    this.drawTiles(`chip:${terrain}`);
  }

  setGeometry(tile, m, geometry, focusKey) {
    m.geometry = geometry;
    write(tile, m);
    this.changed();
    this.drawTiles(focusKey);
  }

  addTile() {
    const tiles = (this.data.tiles = tilesOf(this.data));
    const from = view.open !== null && tiles[view.open] ? tiles[view.open] : tiles[tiles.length - 1];
    const tile = { id: nextFree(tiles), terrains: [] };
    const geometry = from ? model(from).geometry : SHAPES[0].cells;
    if (from && (from.marker === 3 || from.marker === 4 || from.marker === "none")) tile.marker = from.marker;
    write(tile, { geometry, slots: [null, null, null] });
    tiles.push(tile);
    view.open = tiles.length - 1;
    view.slot = 0;
    this.changed();
    this.drawTiles(`tile-head:${view.open}`);
    this.reveal(view.open);
  }

  removeTile(index) {
    const tiles = tilesOf(this.data);
    tiles.splice(index, 1);
    if (!tiles.length) delete this.data.tiles;
    if (view.open === index) view.open = null;
    else if (view.open !== null && view.open > index) view.open -= 1;
    this.changed();
    this.drawTiles(tiles.length ? `tile-open:${Math.min(index, tiles.length - 1)}` : "tile-add");
  }

  /** The tile being edited in view, its head at the top. */
  reveal(index) {
    const row = this.tilesRoot.querySelector(`#iop-tile-${index}`);
    if (row && typeof row.scrollIntoView === "function") row.scrollIntoView({ block: "start" });
  }

  // ----------------------------------------------------------------------- More

  drawMore(focusKey = null) {
    const kit = this.kit;
    const complete = Array.isArray(this.data.complete) && this.data.complete.includes("tiles");
    const body = h("div", { class: "iop-be-more-body" },
      kit.problemNotes(this.ctx.problems("complete")),
      kit.chooseOne({
        legend: "Does the list above hold every Landscape tile of your box?", keyPrefix: "complete", value: complete,
        choices: [
          { value: true, label: "Yes, every tile", sub: "a tile not listed is refused" },
          { value: false, label: "Not sure", sub: "a tile not listed can be spelled out" },
        ],
        onchange: (value) => {
          if (value) this.data.complete = ["tiles"];
          else delete this.data.complete;
          this.changed();
          this.drawMore(`complete:${JSON.stringify(value)}`);
        },
      }),
      h("p", { class: "small muted" }, "Say yes only once you have transcribed the whole box: a game on this board then refuses a tile that is not on it."));
    const details = h("details", { class: "iop-be-more", open: view.moreOpen || complete },
      h("summary", {}, h("span", { class: "iop-be-more-title" }, "More"),
        h("span", { class: "muted small" }, complete ? "every tile of the box is listed" : "is this every tile of the box?")),
      body);
    details.addEventListener("toggle", () => { view.moreOpen = details.open; });
    fill(this.moreRoot, h("section", { class: "panel be-section iop-be-more-panel", "aria-label": "More" }, details));
    refocus(this.moreRoot, focusKey);
  }
}

// ------------------------------------------------------------------ helpers

function tilesOf(data) {
  return Array.isArray(data.tiles) ? data.tiles : [];
}

/** "Tile 7 (the 5th)": its number, and its place in the list (two tiles may share a number). */
function tileName(data, index, tile = null) {
  const it = tile || tilesOf(data)[index];
  const id = it && typeof it.id === "string" && it.id ? it.id : null;
  return id ? `Tile ${id} (the ${ordinal(index + 1)})` : `The ${ordinal(index + 1)} tile`;
}

function shortName(index, tile) {
  return typeof tile.id === "string" && tile.id ? `Tile ${tile.id}` : `The ${ordinal(index + 1)} tile`;
}

function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${suffix}`;
}

/** The smallest whole number, from 1, that no tile of the list uses as its id. */
function nextFree(tiles) {
  const used = new Set(tiles.map((t) => t && t.id));
  let n = 1;
  while (used.has(String(n))) n += 1;
  return String(n);
}

function describeTile(tile, m) {
  const kind = kindOf(m.geometry);
  const shape = m.geometry ? (SHAPES.find((x) => x.kind === kind) || { label: "shape" }).label.toLowerCase() : "shape not known";
  return `${m.slots.some(Boolean) ? terrainsText(m.slots) : "no terrains yet"}, ${shape}, ${markerText(tile.marker)}`;
}

/** The hex the next terrain chip fills: the one tapped, else the first empty one (3: none). */
function nextSlot(m) {
  const empty = firstEmpty(m.slots);
  return view.slot <= empty ? view.slot : empty;
}

function firstEmpty(slots) {
  const i = slots.findIndex((t) => !t);
  return i < 0 ? 3 : i;
}

/** A tile's shape and terrains as the editor shows them: from its shape, else its terrains
 *  with the shape being made (remembered until its three terrains are set) or not known. */
function model(tile) {
  const shape = shapeOf(tile);
  if (shape) return { geometry: normalise(shape.map((c) => [c.dq, c.dr])), slots: [0, 1, 2].map((i) => shape[i].t || null) };
  const terrains = Array.isArray(tile.terrains) ? tile.terrains : [];
  const slots = [0, 1, 2].map((i) => terrains[i] || null);
  let geometry = null;
  if (tile.shape === null) geometry = null;
  else if (view.geometry.has(tile)) geometry = view.geometry.get(tile);
  else if (terrains.length < 3) geometry = SHAPES[0].cells;
  return { geometry, slots };
}

/** Back into the board file: the terrains in the order of the hexes, the shape with them once
 *  all three are set (null: not known). */
function write(tile, m) {
  const terrains = m.slots.filter(Boolean);
  tile.terrains = terrains;
  if (m.geometry === null) {
    tile.shape = null;
    view.geometry.delete(tile);
  } else if (terrains.length === 3) {
    tile.shape = m.geometry.map(([dq, dr], i) => ({ dq, dr, t: m.slots[i] }));
    view.geometry.delete(tile);
  } else {
    delete tile.shape;
    view.geometry.set(tile, m.geometry);
  }
}

function normalise(cells) {
  const [q0, r0] = cells[0];
  return cells.map(([q, r]) => [q - q0, r - r0]);
}

/** The shape turned a sixth clockwise (axial (q, r) -> (-r, q + r)), its first hex at 0, 0. */
function turn(cells) {
  return normalise(cells.map(([q, r]) => [-r, q + r]));
}

function setKey(cells) {
  const q0 = Math.min(...cells.map((c) => c[0]));
  const r0 = Math.min(...cells.map((c) => c[1]));
  return cells.map(([q, r]) => `${q - q0},${r - r0}`).sort().join(" ");
}

function kindOf(geometry) {
  if (!geometry) return null;
  const key = setKey(geometry);
  for (const shape of SHAPES) {
    let cells = shape.cells;
    for (let i = 0; i < 6; i += 1) {
      if (setKey(cells) === key) return shape.kind;
      cells = turn(cells);
    }
  }
  return "other";
}

/** The central space stays one of the tile's spaces: the first that is not a Lake when the
 *  one chosen is gone (the server still judges what is left, IP-B08 and IP-B09). */
function keepCentral(start) {
  const spaces = start.spaces || [];
  const central = start.central;
  if (central && spaces.some((c) => c.q === central.q && c.r === central.r)) return;
  const pick = spaces.find((c) => c.t !== "LAKE") || spaces[0];
  if (pick) start.central = { q: pick.q, r: pick.r };
}

/** A hex that is a button (for the keyboard and assistive tech too). */
function hexButton({ className, label, cell, focusKey, onpick, pressed = null }, body) {
  const activate = (event) => {
    event.preventDefault();
    onpick();
  };
  return s("g", {
    class: className, role: "button", tabindex: "0", "aria-label": label,
    "aria-pressed": pressed === null ? null : String(pressed),
    dataset: { cell, focusKey },
    onclick: activate,
    onkeydown: (event) => {
      if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") activate(event);
    },
  }, s("title", {}, label), body);
}
