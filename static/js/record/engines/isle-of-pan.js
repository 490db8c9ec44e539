// The Isle of Pan on the recording page: reveal a tile of the board by tapping its face,
// place the taken tile by tapping a position on the island and rotating, and move the
// explorer by tapping a reachable space.  The island is drawn as in the engine's board
// partial (pointy-top axial hexes: x = s·√3·(q + r/2), y = s·1.5·r) with the same terrain
// colours.  The board editor (../../boards/engines/isle-of-pan.js) draws its tiles with the
// helpers exported here, so a tile looks the same where it is typed and where it is picked.

import { fill, h, humanize } from "../../dom.js";

const SVG_NS = "http://www.w3.org/2000/svg";
export const S = 24; // a hex's radius, in SVG units
export const W = (S * Math.sqrt(3)) / 2; // half a hex's width
const PAD = 6;
const MIN_HEX_PX = 38; // a hex's width on screen at least (tap target); else the island scrolls
export const TERRAIN = { PLAIN: "#7fbf5a", MOUNTAIN: "#9aa3ad", DESERT: "#e8c85a", LAKE: "#4f94d4", PORTAL: "#b79be0" };
export const TERRAIN_NAME = { PLAIN: "Plain", MOUNTAIN: "Mountain", DESERT: "Desert", LAKE: "Lake", PORTAL: "Portal" };
/** The terrains in the order the rulebook lists them (and the editor's chips show them). */
export const TERRAINS = ["MOUNTAIN", "DESERT", "PLAIN", "LAKE", "PORTAL"];
export const PORTAL_INK = "#5b3d91";
const WONDROUS_LAKE = "#1e5f99";

export function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

export const keyOf = (c) => `${c.q},${c.r}`;
export const where = (c) => `(${c.q}, ${c.r})`;
export const centre = (q, r) => [2 * W * (q + r / 2), 1.5 * S * r];
const cellsText = (cells) => cells.map((c) => `${where(c)} ${TERRAIN_NAME[c.t] || humanize(String(c.t).toLowerCase())}`).join(" · ");

export function corners(q, r, radius = S) {
  const [x, y] = centre(q, r);
  const w = (radius * Math.sqrt(3)) / 2;
  return [[x, y - radius], [x + w, y - radius / 2], [x + w, y + radius / 2], [x, y + radius], [x - w, y + radius / 2], [x - w, y - radius / 2]]
    .map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" ");
}

function parseKey(key) {
  const [q, r] = key.split(",").map(Number);
  return { q, r };
}

/** The island as SVG groups (terrain, portals, Wondrous Lakes, explorers), and its box. */
function islandLayers(state, players, extra) {
  const island = (state && state.island) || {};
  const spaces = Object.entries(island).map(([key, space]) => ({ ...parseKey(key), space }));
  const all = [...spaces, ...extra];
  let x0 = 0, x1 = 0, y0 = 0, y1 = 0;
  all.forEach(({ q, r }, i) => {
    const [x, y] = centre(q, r);
    if (i === 0) { x0 = x; x1 = x; y0 = y; y1 = y; }
    x0 = Math.min(x0, x - W); x1 = Math.max(x1, x + W);
    y0 = Math.min(y0, y - S); y1 = Math.max(y1, y + S);
  });
  const box = { x: x0 - PAD, y: y0 - PAD, w: x1 - x0 + 2 * PAD, h: y1 - y0 + 2 * PAD };
  const land = s("g", { class: "iop-pick-island", "aria-hidden": "true" }, spaces.map(({ q, r, space }) => {
    const [x, y] = centre(q, r);
    return s("g", {},
      s("polygon", { points: corners(q, r), fill: space.wl ? WONDROUS_LAKE : TERRAIN[space.t] || "#ccc", stroke: "#fff", "stroke-width": 1.5 }),
      space.t === "PORTAL" ? s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 8, fill: "none", stroke: "#5b3d91", "stroke-width": 1.6, "stroke-dasharray": "3 2" }) : null);
  }));
  const seen = {};
  const explorers = s("g", { class: "iop-pick-explorers", "aria-hidden": "true" }, players.map((name, index) => {
    const player = state && state.players && state.players[name];
    const pos = player && player.explorer;
    if (!pos) return null;
    const key = `${pos[0]},${pos[1]}`;
    const k = (seen[key] = (seen[key] || 0) + 1) - 1;
    const [x, y] = centre(pos[0], pos[1]);
    return s("circle", { cx: (x + (k % 2) * 8 - 4).toFixed(1), cy: (y - 4 + Math.floor(k / 2) * 8).toFixed(1), r: 6,
      style: `fill: var(--seat-${index % 10}); stroke: #fff; stroke-width: 2` });
  }));
  return { land, explorers, box };
}

/** An SVG that fits the width, or scrolls when hexes would be smaller than MIN_HEX_PX. */
function islandSvg(box, label, ...layers) {
  const minWidth = Math.round((box.w * MIN_HEX_PX) / (2 * W));
  const svg = s("svg", { viewBox: `${box.x.toFixed(1)} ${box.y.toFixed(1)} ${box.w.toFixed(1)} ${box.h.toFixed(1)}`,
    class: "iop-pick-svg", role: "group", "aria-label": label, style: `min-width: ${minWidth}px` }, layers);
  return h("div", { class: "iop-pick-scroll" }, svg);
}

/** A dashed, tappable hex (a button for assistive tech and the keyboard too). */
function target(c, { label, selected, onpick, className }) {
  const [x, y] = centre(c.q, c.r);
  const activate = (event) => {
    event.preventDefault();
    onpick(c);
  };
  return s("g", {
    class: `iop-pick-target${className ? ` ${className}` : ""}${selected ? " is-selected" : ""}`,
    role: "button", tabindex: "0", "aria-label": label, "aria-pressed": selected ? "true" : "false",
    dataset: { cell: keyOf(c), focusKey: `iop-cell:${keyOf(c)}` },
    onclick: activate,
    onkeydown: (event) => {
      if (event.key === "Enter" || event.key === " " || event.key === "Spacebar") activate(event);
    },
  }, s("title", {}, label), s("polygon", { points: corners(c.q, c.r, S - 2.5) }),
  s("circle", { class: "iop-pick-dot", cx: x.toFixed(1), cy: y.toFixed(1), r: 3 }));
}

function fallbackDetails(ctx, summary) {
  const form = ctx.fallback && ctx.fallback();
  if (!form) return null;
  return h("details", { class: "iop-pick-fallback" }, h("summary", {}, summary), form);
}

function refocus(root, key) {
  const again = key && root.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (again) again.focus();
}

// ------------------------------------------------------------- a tile's face

/** A marker in words: "[3]", "[4]", "no marker", "marker not known". */
export function markerText(marker) {
  if (marker === 3 || marker === 4) return `[${marker}]`;
  if (marker === "none") return "no marker";
  return "marker not known";
}

/** A tile's terrains in words, "Plain · Plain · Portal" (empty places as "?"). */
export function terrainsText(terrains) {
  return (terrains || []).map((t) => (t ? TERRAIN_NAME[t] || humanize(String(t).toLowerCase()) : "?")).join(" · ");
}

/** The cells of a tile's shape ([{dq, dr, t}] x 3), or null when it is not known. */
export function shapeOf(face) {
  const shape = face && face.shape;
  if (!Array.isArray(shape) || shape.length !== 3) return null;
  return shape.every((c) => c && Number.isInteger(c.dq) && Number.isInteger(c.dr)) ? shape : null;
}

/** A small drawing of a tile: its shape as hexes in their colours, or, when the shape is
 *  not known, its terrains as three chips.  Decorative: whoever shows it says it in words. */
export function tileFace(face, { px = 16 } = {}) {
  const shape = shapeOf(face);
  if (!shape) {
    return h("span", { class: "iop-face iop-face-chips", "aria-hidden": "true" },
      [0, 1, 2].map((i) => {
        const t = ((face && face.terrains) || [])[i];
        return h("span", { class: `iop-face-chip${t ? "" : " is-empty"}${t === "PORTAL" ? " is-portal" : ""}`,
          style: t ? { background: TERRAIN[t] || "#ccc" } : null });
      }));
  }
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (const c of shape) {
    const [x, y] = centre(c.dq, c.dr);
    x0 = Math.min(x0, x - W); x1 = Math.max(x1, x + W); y0 = Math.min(y0, y - S); y1 = Math.max(y1, y + S);
  }
  const pad = 2;
  const box = [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad];
  const scale = px / (2 * W);
  return s("svg", { class: "iop-face", viewBox: box.map((v) => v.toFixed(1)).join(" "), "aria-hidden": "true",
    width: Math.round(box[2] * scale), height: Math.round(box[3] * scale) }, shape.map((c) => {
    const [x, y] = centre(c.dq, c.dr);
    return s("g", {},
      s("polygon", { points: corners(c.dq, c.dr, S - 1), fill: TERRAIN[c.t] || "#ccc", stroke: "#fff", "stroke-width": 2 }),
      c.t === "PORTAL" ? s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 9, fill: "none", stroke: PORTAL_INK,
        "stroke-width": 2.5, "stroke-dasharray": "4 3" }) : null);
  }));
}

// ----------------------------------------------------------------- tile_revealed

/** On a board, the tile turned up is tapped among the board's tiles still in the pile (what
 *  `expected()` offers in `tile_id`, each face in `state.board.tiles`), then recorded:
 *  `{display_id, tile_id}`, the board filling in the face.  Without a board, or when no board
 *  tile is left, the generic form (terrains, shape, marker) stays. */
function revealPicker(ctx) {
  const options = ctx.options || {};
  const board = ctx.state && ctx.state.board;
  const faces = (board && board.tiles) || {};
  const ids = (Array.isArray(options.tile_id) ? options.tile_id : []).filter((id) => faces[id]);
  if (!ids.length) return null;
  const displayId = Array.isArray(options.display_id) && options.display_id.length ? options.display_id[0] : undefined;
  const draft = ctx.draft;
  const titleId = "picker-title-tile_revealed";
  const root = h("section", { class: "action-form iop-picker", dataset: { type: ctx.type, picker: "reveal" }, "aria-labelledby": titleId });
  const result = h("div", { class: "result-slot", dataset: { resultFor: ctx.type }, "aria-live": "polite" });
  const fallback = fallbackDetails(ctx, "A tile that is not on the board: spell it out");
  const said = (id) => `${terrainsText(faces[id].terrains)}, ${markerText(faces[id].marker)}${shapeOf(faces[id]) ? "" : ", shape not known"}`;

  const submit = () => {
    if (!ids.includes(draft.tile)) {
      fill(result, h("div", { class: "violation", role: "alert" }, "Tap the tile you turned up first."));
      return;
    }
    const data = {};
    if (displayId !== undefined) data.display_id = displayId;
    data.tile_id = draft.tile;
    ctx.record(data);
  };

  function draw(focusKey = null) {
    const chosen = ids.includes(draft.tile) ? draft.tile : null;
    root.dataset.tile = chosen || "";
    const tiles = h("div", { class: "iop-reveal-tiles", role: "group", "aria-label": "The board's tiles still in the pile" },
      ids.map((id) => h("button", {
        type: "button", class: `iop-reveal-tile${id === chosen ? " is-on" : ""}`, "aria-pressed": String(id === chosen),
        "aria-label": `Tile ${id}: ${said(id)}`, dataset: { tile: id, focusKey: `reveal:${id}` },
        onclick: () => { draft.tile = id; fill(result); draw(`reveal:${id}`); },
      },
      h("span", { class: "iop-reveal-id" }, id),
      tileFace(faces[id], { px: 15 }),
      faces[id].marker === 3 || faces[id].marker === 4 ? h("span", { class: "iop-reveal-marker" }, `[${faces[id].marker}]`) : null)));
    fill(root,
      h("h3", { id: titleId }, "Tile revealed", displayId ? h("span", { class: "muted small" }, ` · into ${displayId}`) : null),
      h("p", { class: "muted small iop-reveal-hint" },
        `Tap the tile you turned up: ${ids.length} of the board's tiles can still come out of the pile.`),
      tiles,
      h("p", { class: "iop-pick-status", "aria-live": "polite" }, chosen
        ? [h("strong", {}, `Tile ${chosen}`), h("span", { class: "iop-pick-cells" }, said(chosen))]
        : h("span", {}, "No tile chosen yet.")),
      h("div", { class: "form-foot" },
        h("button", { type: "button", class: "record-btn", dataset: { focusKey: `submit:${ctx.type}` }, onclick: submit },
          chosen ? `Record tile ${chosen} revealed` : "Record tile revealed")),
      result,
      fallback);
    refocus(root, focusKey);
  }

  draw();
  return root;
}

// ------------------------------------------------------------------ tile_placed

function placementPicker(ctx) {
  const options = ctx.options || {};
  const placements = (options.placements || options.cells || []).filter((p) => Array.isArray(p) && p.length);
  if (!placements.length) return null;
  const displayId = Array.isArray(options.display_id) && options.display_id.length ? options.display_id[0] : undefined;
  const draft = ctx.draft;
  const cells = new Map(); // "q,r" -> {q, r}, every cell in some placement
  for (const p of placements) for (const c of p) if (!cells.has(keyOf(c))) cells.set(keyOf(c), { q: c.q, r: c.r });
  const titleId = "picker-title-tile_placed";
  const root = h("section", { class: "action-form iop-picker", dataset: { type: ctx.type, picker: "placement" }, "aria-labelledby": titleId });
  const result = h("div", { class: "result-slot", dataset: { resultFor: ctx.type }, "aria-live": "polite" });
  const fallback = fallbackDetails(ctx, `List of placements (${placements.length})`);

  const containing = (key) => placements.filter((p) => p.some((c) => keyOf(c) === key));
  const chosen = () => {
    if (!draft.cell || !cells.has(draft.cell)) return null;
    const list = containing(draft.cell);
    let index = list.findIndex((p) => JSON.stringify(p) === draft.placement);
    if (index < 0) index = 0;
    return { list, index, placement: list[index] };
  };
  const pick = (c) => {
    const key = keyOf(c);
    const current = chosen();
    if (current && draft.cell === key) {
      draft.placement = JSON.stringify(current.list[(current.index + 1) % current.list.length]);
    } else {
      draft.cell = key;
      draft.placement = JSON.stringify(containing(key)[0]);
    }
    fill(result);
    draw(`iop-cell:${key}`);
  };
  const rotate = () => {
    const current = chosen();
    if (!current) return;
    draft.placement = JSON.stringify(current.list[(current.index + 1) % current.list.length]);
    draw("iop-rotate");
  };
  const submit = () => {
    const current = chosen();
    if (!current) {
      fill(result, h("div", { class: "violation", role: "alert" }, "Tap a dashed space on the island first."));
      return;
    }
    const data = {};
    if (displayId !== undefined) data.display_id = displayId;
    data.cells = current.placement.map((c) => ({ q: c.q, r: c.r, t: c.t }));
    ctx.record(data);
  };

  function draw(focusKey = null) {
    const current = chosen();
    const { land, explorers, box } = islandLayers(ctx.state, ctx.players, [...cells.values()]);
    const targets = s("g", { class: "iop-pick-targets" }, [...cells.values()].map((c) => target(c, {
      label: `Place at ${where(c)}`,
      selected: current && draft.cell === keyOf(c),
      onpick: pick,
    })));
    const preview = s("g", { class: "iop-pick-preview", "aria-hidden": "true" }, current ? current.placement.map((c) =>
      s("g", {}, s("polygon", { points: corners(c.q, c.r, S - 2), fill: TERRAIN[c.t] || "#ccc" }),
        c.t === "PORTAL" ? s("circle", { cx: centre(c.q, c.r)[0].toFixed(1), cy: centre(c.q, c.r)[1].toFixed(1), r: 8, class: "iop-pick-portal" }) : null,
        keyOf(c) === draft.cell ? s("circle", { cx: centre(c.q, c.r)[0].toFixed(1), cy: centre(c.q, c.r)[1].toFixed(1), r: 4.5, class: "iop-pick-anchor" }) : null)) : null);
    const svg = islandSvg(box, "The island: tap a dashed space to place the tile there", land, targets, preview, explorers);
    root.dataset.cells = current ? JSON.stringify(current.placement) : "";
    const status = current
      ? [h("strong", {}, `Placement ${current.index + 1} of ${current.list.length} at ${where(parseKey(draft.cell))}`),
        h("span", { class: "iop-pick-cells" }, cellsText(current.placement))]
      : [h("span", {}, `Tap a dashed space to place the tile (${cells.size} spaces, ${placements.length} placements).`)];
    fill(root,
      h("h3", { id: titleId }, humanize(ctx.type), displayId ? h("span", { class: "muted small" }, ` · tile from ${displayId}`) : null),
      svg,
      h("p", { class: "iop-pick-status", "aria-live": "polite" }, status),
      h("div", { class: "form-foot" },
        h("button", { type: "button", class: "secondary iop-rotate", disabled: !current || current.list.length < 2,
          dataset: { focusKey: "iop-rotate" }, onclick: rotate }, h("span", { "aria-hidden": "true" }, "⟳ "), "Rotate"),
        h("button", { type: "button", class: "record-btn", dataset: { focusKey: `submit:${ctx.type}` }, onclick: submit },
          `Record ${humanize(ctx.type).toLowerCase()}`)),
      result,
      fallback);
    refocus(root, focusKey);
  }

  draw();
  return root;
}

// --------------------------------------------------------------- explorer_moved

function movePicker(ctx) {
  const options = ctx.options || {};
  const destinations = (options.to || []).filter((c) => c && typeof c.q === "number" && typeof c.r === "number");
  // A single destination keeps the generic one-tap button.
  if (destinations.length < 2) return null;
  const draft = ctx.draft;
  const titleId = "picker-title-explorer_moved";
  const root = h("section", { class: "action-form iop-picker", dataset: { type: ctx.type, picker: "move" }, "aria-labelledby": titleId });
  const result = h("div", { class: "result-slot", dataset: { resultFor: ctx.type }, "aria-live": "polite" });
  const fallback = fallbackDetails(ctx, `List of destinations (${destinations.length}), or a path`);
  const actor = ctx.actor && ctx.state && ctx.state.players && ctx.state.players[ctx.actor];
  const here = actor && actor.explorer ? `${actor.explorer[0]},${actor.explorer[1]}` : null;
  const chosen = () => destinations.find((c) => keyOf(c) === draft.to) || null;
  const pick = (c) => {
    draft.to = keyOf(c);
    fill(result);
    draw(`iop-cell:${keyOf(c)}`);
  };
  const submit = () => {
    const c = chosen();
    if (!c) {
      fill(result, h("div", { class: "violation", role: "alert" }, "Tap a space the explorer can reach first."));
      return;
    }
    ctx.record({ to: { q: c.q, r: c.r } });
  };

  function draw(focusKey = null) {
    const c = chosen();
    const { land, explorers, box } = islandLayers(ctx.state, ctx.players, destinations);
    const targets = s("g", { class: "iop-pick-targets" }, destinations.map((d) => target(d, {
      label: keyOf(d) === here ? `Stay at ${where(d)}` : `Move to ${where(d)}`,
      selected: c && keyOf(c) === keyOf(d),
      className: "iop-pick-move",
      onpick: pick,
    })));
    root.dataset.to = c ? JSON.stringify({ q: c.q, r: c.r }) : "";
    fill(root,
      h("h3", { id: titleId }, humanize(ctx.type)),
      islandSvg(box, "The island: tap a dashed space to move the explorer there", land, explorers, targets),
      h("p", { class: "iop-pick-status", "aria-live": "polite" },
        c ? h("strong", {}, keyOf(c) === here ? `Stay at ${where(c)} (a move of 0)` : `Move to ${where(c)}`)
          : `Tap a dashed space the explorer can reach (${destinations.length}).`),
      h("div", { class: "form-foot" },
        h("button", { type: "button", class: "record-btn", dataset: { focusKey: `submit:${ctx.type}` }, onclick: submit },
          `Record ${humanize(ctx.type).toLowerCase()}`)),
      result,
      fallback);
    refocus(root, focusKey);
  }

  draw();
  return root;
}

// ------------------------------------------------------------------ tile_taken

const KIND_NAME = { HERBIVORE: "Herbivore", BIRD_OF_PREY: "Bird of Prey", REPTILE: "Reptile" };

/** The face-up tiles as buttons; a tile with Magical Portals then asks one kind per
 *  Portal, so a tile is never sent with another tile's number of choices (IP-C09). */
function takePicker(ctx) {
  const options = ctx.options || {};
  const slots = (ctx.state && ctx.state.display) || [];
  const ids = (options.display_id || []).filter((id) => slots.some((slot) => slot.id === id && slot.tile));
  if (!ids.length) return null;
  const draft = ctx.draft;
  const titleId = "picker-title-tile_taken";
  const root = h("section", { class: "action-form iop-picker", dataset: { type: ctx.type, picker: "take" }, "aria-labelledby": titleId });
  const result = h("div", { class: "result-slot", dataset: { resultFor: ctx.type }, "aria-live": "polite" });
  const terrainsOf = (id) => slots.find((slot) => slot.id === id).tile.terrains;
  const tileIdOf = (id) => slots.find((slot) => slot.id === id).tile.tile_id || null;
  const portalsOf = (id) => terrainsOf(id).filter((t) => t === "PORTAL").length;
  const kinds = Object.keys(KIND_NAME);

  const submit = () => {
    const id = draft.slot;
    const choices = draft.kinds || [];
    if (!id) {
      fill(result, h("div", { class: "violation", role: "alert" }, "Choose a face-up tile first."));
      return;
    }
    if (choices.length < portalsOf(id) || choices.slice(0, portalsOf(id)).some((k) => !k)) {
      fill(result, h("div", { class: "violation", role: "alert" }, "Choose a kind of animal for each Magical Portal."));
      return;
    }
    ctx.record({ display_id: id, portal_choices: choices.slice(0, portalsOf(id)) });
  };

  function draw(focusKey = null) {
    const chosen = draft.slot && ids.includes(draft.slot) ? draft.slot : null;
    root.dataset.slot = chosen || "";
    const tiles = h("div", { class: "iop-take-tiles", role: "group", "aria-label": "Face-up tiles" }, ids.map((id) =>
      h("button", {
        type: "button", class: `iop-take-tile${id === chosen ? " selected" : ""}`, "aria-pressed": String(id === chosen),
        dataset: { slot: id, focusKey: `slot:${id}` },
        onclick: () => { draft.slot = id; draft.kinds = []; fill(result); draw(`slot:${id}`); },
      },
      h("span", { class: "iop-take-id" }, id),
      ...terrainsOf(id).map((t) => h("span", { class: "iop-take-chip", style: { background: TERRAIN[t] || "#ccc" }, title: TERRAIN_NAME[t] || t })),
      h("span", { class: "iop-take-names" }, tileIdOf(id) ? `tile ${tileIdOf(id)} · ` : "",
        terrainsOf(id).map((t) => TERRAIN_NAME[t] || t).join(" · ")))));
    const portals = chosen ? portalsOf(chosen) : 0;
    const asks = [];
    for (let i = 0; i < portals; i += 1) {
      asks.push(h("fieldset", { class: "seg" }, h("legend", {}, portals > 1 ? `Portal ${i + 1}: which animal?` : "Portal: which animal?"),
        ...kinds.map((kind) => h("button", {
          type: "button", class: `seg-option${(draft.kinds || [])[i] === kind ? " selected" : ""}`,
          "aria-pressed": String((draft.kinds || [])[i] === kind), dataset: { focusKey: `kind:${i}:${kind}` },
          onclick: () => { draft.kinds = [...(draft.kinds || [])]; draft.kinds[i] = kind; draw(`kind:${i}:${kind}`); },
        }, KIND_NAME[kind]))));
    }
    fill(root,
      h("h3", { id: titleId }, humanize(ctx.type)),
      tiles,
      ...asks,
      h("div", { class: "form-foot" },
        h("button", { type: "button", class: "record-btn", dataset: { focusKey: `submit:${ctx.type}` }, onclick: submit },
          `Record ${humanize(ctx.type).toLowerCase()}`)),
      result);
    refocus(root, focusKey);
  }

  draw();
  return root;
}

export const pickers = {
  tile_revealed: revealPicker,
  tile_taken: takePicker,
  tile_placed: placementPicker,
  explorer_moved: movePicker,
};
