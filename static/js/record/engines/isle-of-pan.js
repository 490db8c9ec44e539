// The Isle of Pan on the recording page: confirm the board's Starting Tile in one tap,
// reveal a tile of the board by tapping its face, take a face-up tile (or what its Portal
// gives, which chooses the tile too), place the taken tile by tapping the spaces it covers
// on the island and rotating, move the explorer by tapping a reachable space, and place
// animals by tapping their count.  The island is drawn as in the engine's board
// partial (pointy-top axial hexes: x = s·√3·(q + r/2), y = s·1.5·r) with the same terrain
// colours.  The board editor (../../boards/engines/isle-of-pan.js) draws its tiles with the
// helpers exported here, so a tile looks the same where it is typed and where it is picked.

import { h, humanize } from "../../dom.js";
import { frame, recordButton, startFrom } from "./picker-kit.js";

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
  const said = (id) => `${terrainsText(faces[id].terrains)}, ${markerText(faces[id].marker)}${shapeOf(faces[id]) ? "" : ", shape not known"}`;
  const heading = ["Tile revealed", displayId ? h("span", { class: "muted small" }, ` · into ${displayId}`) : null];

  return frame(ctx, { picker: "reveal", heading, className: "iop-picker", fallback: "A tile that is not on the board: spell it out" }, (view) => {
    const submit = () => {
      if (!ids.includes(draft.tile)) return view.problem("Tap the tile you turned up first.");
      return ctx.record({ ...(displayId !== undefined ? { display_id: displayId } : {}), tile_id: draft.tile });
    };
    const chosen = ids.includes(draft.tile) ? draft.tile : null;
    view.root.dataset.tile = chosen || "";
    const tiles = h("div", { class: "iop-reveal-tiles", role: "group", "aria-label": "The board's tiles still in the pile" },
      ids.map((id) => h("button", {
        type: "button", class: `iop-reveal-tile${id === chosen ? " is-on" : ""}`, "aria-pressed": String(id === chosen),
        "aria-label": `Tile ${id}: ${said(id)}`, dataset: { tile: id, focusKey: `reveal:${id}` },
        onclick: () => { draft.tile = id; view.again(`reveal:${id}`); },
      },
      h("span", { class: "iop-reveal-id" }, id),
      tileFace(faces[id], { px: 15 }),
      faces[id].marker === 3 || faces[id].marker === 4 ? h("span", { class: "iop-reveal-marker" }, `[${faces[id].marker}]`) : null)));
    return [
      h("p", { class: "muted small iop-reveal-hint" },
        `Tap the tile you turned up: ${ids.length} of the board's tiles can still come out of the pile.`),
      tiles,
      h("p", { class: "iop-pick-status", "aria-live": "polite" }, chosen
        ? [h("strong", {}, `Tile ${chosen}`), h("span", { class: "iop-pick-cells" }, said(chosen))]
        : h("span", {}, "No tile chosen yet.")),
      h("div", { class: "form-foot" },
        recordButton(ctx, submit, chosen ? `Record tile ${chosen} revealed` : "Record tile revealed")),
    ];
  });
}

// ------------------------------------------------------------------ tile_placed

/** The taken tile where it lies.  Every space of every legal placement is a dashed hex
 *  (none cut); the table taps the spaces the tile covers, one, two or three of them, and
 *  the placements are narrowed to those covering every tapped space, the first one
 *  previewed; Rotate turns to the next.  A tap on a tapped space lets it go, a tap on a
 *  space no remaining placement covers starts again from it. */
function placementPicker(ctx) {
  const options = ctx.options || {};
  const placements = (options.placements || options.cells || []).filter((p) => Array.isArray(p) && p.length);
  if (!placements.length) return null;
  const displayId = Array.isArray(options.display_id) && options.display_id.length ? options.display_id[0] : undefined;
  const draft = ctx.draft;
  const cells = new Map(); // "q,r" -> {q, r}, every cell in some placement
  for (const p of placements) for (const c of p) if (!cells.has(keyOf(c))) cells.set(keyOf(c), { q: c.q, r: c.r });
  const through = (keys) => placements.filter((p) => keys.every((key) => p.some((c) => keyOf(c) === key)));
  const tapped = () => (Array.isArray(draft.tapped) ? draft.tapped : []).filter((key) => cells.has(key));
  const chosen = () => {
    const keys = tapped();
    if (!keys.length) return null;
    const list = through(keys);
    if (!list.length) return null;
    const index = (Number.isInteger(draft.index) ? draft.index : 0) % list.length;
    return { keys, list, index, placement: list[index] };
  };
  const tap = (c) => {
    const key = keyOf(c);
    const keys = tapped();
    if (keys.includes(key)) draft.tapped = keys.filter((k) => k !== key);
    else if (keys.length < 3 && through([...keys, key]).length) draft.tapped = [...keys, key];
    else draft.tapped = [key];
    draft.index = 0;
  };
  const heading = [humanize(ctx.type), displayId ? h("span", { class: "muted small" }, ` · tile from ${displayId}`) : null];

  return frame(ctx, { picker: "placement", heading, className: "iop-picker", fallback: `List of placements (${placements.length})` }, (view) => {
    const current = chosen();
    const pick = (c) => { tap(c); view.again(`iop-cell:${keyOf(c)}`); };
    const rotate = () => {
      if (!current) return;
      draft.index = (current.index + 1) % current.list.length;
      view.again("iop-rotate");
    };
    const submit = () => {
      if (!current) return view.problem("Tap a space the tile covers first.");
      const cellsOf = current.placement.map((c) => ({ q: c.q, r: c.r, t: c.t }));
      return ctx.record({ ...(displayId !== undefined ? { display_id: displayId } : {}), cells: cellsOf });
    };
    const keys = current ? current.keys : [];
    // The spaces a further tap keeps the choice on: those of the placements left.
    const open = new Set(current ? current.list.flatMap((p) => p.map(keyOf)) : cells.keys());
    const { land, explorers, box } = islandLayers(ctx.state, ctx.players, [...cells.values()]);
    const targets = s("g", { class: "iop-pick-targets" }, [...cells.values()].map((c) => target(c, {
      label: `Place at ${where(c)}`,
      selected: keys.includes(keyOf(c)),
      className: open.has(keyOf(c)) ? "" : "is-dim",
      onpick: pick,
    })));
    const preview = s("g", { class: "iop-pick-preview", "aria-hidden": "true" }, current ? current.placement.map((c) => {
      const [x, y] = centre(c.q, c.r);
      return s("g", {}, s("polygon", { points: corners(c.q, c.r, S - 2), fill: TERRAIN[c.t] || "#ccc" }),
        c.t === "PORTAL" ? s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 8, class: "iop-pick-portal" }) : null,
        keys.includes(keyOf(c)) ? s("circle", { cx: x.toFixed(1), cy: y.toFixed(1), r: 4.5, class: "iop-pick-anchor" }) : null);
    }) : null);
    const svg = islandSvg(box, "The island: tap the spaces the tile covers", land, targets, preview, explorers);
    view.root.dataset.cells = current ? JSON.stringify(current.placement) : "";
    view.root.dataset.tapped = keys.join(" ");
    const status = current
      ? [h("strong", {}, `Placement ${current.index + 1} of ${current.list.length} at ${keys.map((k) => where(parseKey(k))).join(" + ")}`),
        h("span", { class: "iop-pick-cells" }, cellsText(current.placement))]
      : [h("span", {}, `Tap the spaces the tile covers (${cells.size} spaces, ${placements.length} placements).`)];
    return [
      svg,
      h("p", { class: "iop-pick-status", "aria-live": "polite" }, status),
      h("div", { class: "form-foot" },
        h("button", { type: "button", class: "secondary iop-rotate", disabled: !current || current.list.length < 2,
          dataset: { focusKey: "iop-rotate" }, onclick: rotate }, h("span", { "aria-hidden": "true" }, "⟳ "), "Rotate"),
        recordButton(ctx, submit)),
    ];
  });
}

// --------------------------------------------------------------- explorer_moved

function movePicker(ctx) {
  const options = ctx.options || {};
  const destinations = (options.to || []).filter((c) => c && typeof c.q === "number" && typeof c.r === "number");
  if (!destinations.length) return null;
  startFrom(ctx, (data) => (data.to ? { to: keyOf(data.to) } : {}));
  const draft = ctx.draft;
  const actor = ctx.actor && ctx.state && ctx.state.players && ctx.state.players[ctx.actor];
  const here = actor && actor.explorer ? `${actor.explorer[0]},${actor.explorer[1]}` : null;
  // A single destination is chosen already: Record is the one tap left.
  const chosen = () => destinations.find((c) => keyOf(c) === draft.to) || (destinations.length === 1 ? destinations[0] : null);
  const fallback = `List of destinations (${destinations.length}), or a path`;

  return frame(ctx, { picker: "move", heading: humanize(ctx.type), className: "iop-picker", fallback }, (view) => {
    const c = chosen();
    const pick = (d) => { draft.to = keyOf(d); view.again(`iop-cell:${keyOf(d)}`); };
    const submit = () => (c ? ctx.record({ to: { q: c.q, r: c.r } }) : view.problem("Tap a space the explorer can reach first."));
    const { land, explorers, box } = islandLayers(ctx.state, ctx.players, destinations);
    const targets = s("g", { class: "iop-pick-targets" }, destinations.map((d) => target(d, {
      label: keyOf(d) === here ? `Stay at ${where(d)}` : `Move to ${where(d)}`,
      selected: c && keyOf(c) === keyOf(d),
      className: "iop-pick-move",
      onpick: pick,
    })));
    view.root.dataset.to = c ? JSON.stringify({ q: c.q, r: c.r }) : "";
    return [
      islandSvg(box, "The island: tap a dashed space to move the explorer there", land, explorers, targets),
      h("p", { class: "iop-pick-status", "aria-live": "polite" },
        c ? h("strong", {}, keyOf(c) === here ? `Stay at ${where(c)} (a move of 0)` : `Move to ${where(c)}`)
          : `Tap a dashed space the explorer can reach (${destinations.length}).`),
      h("div", { class: "form-foot" }, recordButton(ctx, submit)),
    ];
  });
}

// ------------------------------------------------------------------ tile_taken

const KIND_NAME = { HERBIVORE: "Herbivore", BIRD_OF_PREY: "Bird of Prey", REPTILE: "Reptile" };
const KINDS_NAME = { HERBIVORE: "Herbivores", BIRD_OF_PREY: "Birds of Prey", REPTILE: "Reptiles" };
const KIND_OF = { PLAIN: "HERBIVORE", MOUNTAIN: "BIRD_OF_PREY", DESERT: "REPTILE" };

/** [["HERBIVORE", 2], ["REPTILE", 1]]: each kind chosen and how many times, in order. */
function kindCounts(kinds) {
  const counts = new Map();
  for (const k of kinds) counts.set(k, (counts.get(k) || 0) + 1);
  return [...counts];
}

/** What taking a tile adds to the reserve, in words: "+2 Herbivores, +1 Reptile". */
function gainsText(terrains, kinds) {
  const counts = {};
  const chosen = [...kinds];
  for (const t of terrains) {
    const kind = t === "PORTAL" ? chosen.shift() : KIND_OF[t];
    if (kind) counts[kind] = (counts[kind] || 0) + 1;
  }
  return Object.entries(counts).map(([k, n]) => `+${n} ${n === 1 ? KIND_NAME[k] : KINDS_NAME[k]}`).join(", ");
}

/** The face-up tiles, each with what its Magical Portals may give beside it: only the
 *  takes the engine accepts (`options.takes`, each place paired with the kinds for exactly
 *  its Portals, IP-C09), so no tile is sent with another tile's number of choices.  A tile
 *  without a Portal is one tap, a Portal's kind one tap (it chooses its tile too). */
function takePicker(ctx) {
  const options = ctx.options || {};
  const slots = (ctx.state && ctx.state.display) || [];
  const ids = (options.display_id || []).filter((id) => slots.some((slot) => slot.id === id && slot.tile));
  if (!ids.length) return null;
  startFrom(ctx, (data) => ({ slot: data.display_id, kinds: data.portal_choices || [] }));
  const draft = ctx.draft;
  const tileOf = (id) => slots.find((slot) => slot.id === id).tile;
  const portalsOf = (id) => tileOf(id).terrains.filter((t) => t === "PORTAL").length;
  const combos = (id) => {
    if (Array.isArray(options.takes)) {
      return options.takes.filter((take) => take && take.display_id === id).map((take) => take.portal_choices || []);
    }
    // An older offer without `takes`: the choices that fit this tile's Portals, once each.
    const seen = new Set();
    return (options.portal_choices || [[]]).filter((c) => Array.isArray(c) && c.length === portalsOf(id))
      .filter((c) => !seen.has(JSON.stringify(c)) && seen.add(JSON.stringify(c)));
  };
  const fits = (id, kinds) => kinds !== null && combos(id).some((c) => JSON.stringify(c) === JSON.stringify(kinds));
  const submit = (view) => {
    const id = draft.slot && ids.includes(draft.slot) ? draft.slot : null;
    if (!id) return view.problem("Tap the face-up tile taken first.");
    if (!fits(id, draft.kinds)) {
      return view.problem(portalsOf(id) > 1 ? "Tap the animals its Magical Portals give." : "Tap the animal its Magical Portal gives.");
    }
    return ctx.record({ display_id: id, portal_choices: draft.kinds });
  };

  function card(view, id, chosen) {
    const choose = (slot, kinds, focusKey) => {
      draft.slot = slot;
      draft.kinds = kinds;
      view.again(focusKey);
    };
    const tile = tileOf(id);
    const mine = id === chosen;
    const offered = combos(id);
    const portals = portalsOf(id);
    const button = h("button", {
      type: "button", class: `iop-take-tile${mine ? " selected" : ""}`, "aria-pressed": String(mine),
      dataset: { slot: id, focusKey: `slot:${id}` },
      onclick: () => {
        const only = offered.length === 1 ? offered[0] : null;
        choose(id, mine && fits(id, draft.kinds) ? draft.kinds : only, `slot:${id}`);
      },
    },
    h("span", { class: "iop-take-id" }, id),
    tileFace(tile, { px: 18 }),
    h("span", { class: "iop-take-names" }, tile.tile_id ? `tile ${tile.tile_id} · ` : "", terrainsText(tile.terrains)));
    const kinds = portals && offered.length ? h("div", {
      class: "iop-take-kinds", role: "group",
      "aria-label": `${id}: ${portals > 1 ? `its ${portals} Magical Portals give` : "its Magical Portal gives"}`,
    },
    h("span", { class: "iop-take-kinds-label", "aria-hidden": "true" }, portals > 1 ? "Portals give" : "Portal gives"),
    offered.map((kinds) => {
      const on = mine && JSON.stringify(kinds) === JSON.stringify(draft.kinds);
      const key = `kind:${id}:${kinds.join("+")}`;
      return h("button", {
        type: "button", class: `iop-take-kind${on ? " is-on" : ""}`, "aria-pressed": String(on),
        dataset: { slot: id, choices: JSON.stringify(kinds), focusKey: key },
        onclick: () => choose(id, kinds, key),
      }, kindCounts(kinds).map(([k, n], i) => [i ? " + " : "", h("span", { class: `iop-kind-dot iop-kind-${k.toLowerCase()}`, "aria-hidden": "true" }),
        n > 1 ? `${n} ${KINDS_NAME[k] || k}` : KIND_NAME[k] || k]));
    })) : null;
    return h("div", { class: `iop-take-card${mine ? " is-on" : ""}`, dataset: { slot: id } }, button, kinds);
  }

  return frame(ctx, { picker: "take", heading: humanize(ctx.type), className: "iop-picker" }, (view) => {
    const chosen = draft.slot && ids.includes(draft.slot) ? draft.slot : null;
    const ready = chosen && fits(chosen, draft.kinds);
    view.root.dataset.slot = chosen || "";
    view.root.dataset.choices = ready ? JSON.stringify(draft.kinds) : "";
    const said = ready ? gainsText(tileOf(chosen).terrains, draft.kinds) : "";
    return [
      h("div", { class: "iop-take-tiles", role: "group", "aria-label": "Face-up tiles" }, ids.map((id) => card(view, id, chosen))),
      h("p", { class: "iop-pick-status", "aria-live": "polite" }, chosen
        ? [h("strong", {}, `Tile from ${chosen}`), h("span", { class: "iop-pick-cells" },
          ready ? `${terrainsText(tileOf(chosen).terrains)}${said ? `: ${said}` : ""}` : `Now tap what its Portal${portalsOf(chosen) > 1 ? "s give" : " gives"}.`)]
        : h("span", {}, "Tap the face-up tile taken.")),
      h("div", { class: "form-foot" },
        recordButton(ctx, () => submit(view), ready ? `Record tile taken from ${chosen}` : "Record tile taken")),
    ];
  });
}

// ------------------------------------------------------------ animals_observed

/** The animals placed on the Explorer's space: one button per kind and count the engine
 *  offers (1 to 3, as the reserve allows); a tap records it. */
function observePicker(ctx) {
  const options = ctx.options || {};
  const kinds = (options.kind || []).filter((k) => KIND_NAME[k]);
  const counts = (options.count || []).filter((n) => Number.isInteger(n));
  if (!kinds.length || !counts.length) return null;
  const player = ctx.actor && ctx.state && ctx.state.players && ctx.state.players[ctx.actor];
  const spot = player && player.explorer ? ` on (${player.explorer[0]}, ${player.explorer[1]})` : "";
  const reserve = (player && player.reserve) || {};
  const heading = [humanize(ctx.type), h("span", { class: "muted small" }, spot)];
  return frame(ctx, { picker: "observe", heading, className: "iop-picker" }, () => [
    kinds.map((kind) => h("fieldset", { class: "iop-observe" },
      h("legend", {}, h("span", { class: `iop-kind-dot iop-kind-${kind.toLowerCase()}`, "aria-hidden": "true" }),
        KINDS_NAME[kind], Number.isInteger(reserve[kind]) ? h("span", { class: "muted small" }, ` · ${reserve[kind]} in the reserve`) : null),
      h("div", { class: "iop-observe-counts" }, counts.map((n) => h("button", {
        type: "button", class: "iop-observe-count",
        "aria-label": `Place ${n} ${n === 1 ? KIND_NAME[kind] : KINDS_NAME[kind]}${spot} and record it`,
        dataset: { kind, count: String(n), focusKey: `observe:${kind}:${n}` },
        onclick: () => ctx.record({ kind, count: n }),
      }, String(n)))))),
    h("p", { class: "muted small iop-observe-hint" }, "One tap places them and records it."),
  ]);
}

// ------------------------------------------------------- starting_tile_declared

/** A small drawing of the Starting Tile, its central space marked; described in words beside it. */
function startFace(spaces, central) {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (const c of spaces) {
    const [x, y] = centre(c.q, c.r);
    x0 = Math.min(x0, x - W); x1 = Math.max(x1, x + W); y0 = Math.min(y0, y - S); y1 = Math.max(y1, y + S);
  }
  const box = [x0 - 2, y0 - 2, x1 - x0 + 4, y1 - y0 + 4];
  const [cx, cy] = centre(central.q, central.r);
  return s("svg", { class: "iop-start-face", viewBox: box.map((v) => v.toFixed(1)).join(" "), "aria-hidden": "true",
    width: Math.round(box[2] * 0.9), height: Math.round(box[3] * 0.9) },
  spaces.map((c) => s("polygon", { points: corners(c.q, c.r, S - 1), fill: TERRAIN[c.t] || "#ccc", stroke: "#fff", "stroke-width": 2 })),
  s("circle", { cx: cx.toFixed(1), cy: cy.toFixed(1), r: 6, fill: "#17202b", stroke: "#fff", "stroke-width": 2 }));
}

/** On a board that laid the Starting Tile: the tile as the board has it, confirmed in one
 *  tap (`options` hold its one set of spaces and its central space).  Without a board the
 *  generic form stays. */
function startPicker(ctx) {
  const options = ctx.options || {};
  const spaces = Array.isArray(options.spaces) && options.spaces.length === 1 ? options.spaces[0] : null;
  const central = Array.isArray(options.central) && options.central.length === 1 ? options.central[0] : null;
  if (!Array.isArray(spaces) || !central) return null;
  const heading = ["Starting Tile", h("span", { class: "muted small" }, " · as the board has it")];
  return frame(ctx, { picker: "start", heading, className: "iop-picker" }, () => [
    h("div", { class: "iop-start" },
      startFace(spaces, central),
      h("p", { class: "muted small" }, `${spaces.length} spaces, the Explorers start on ${where(central)}. `,
        "The board laid it already: confirm it only if the table wants it in the log.")),
    h("div", { class: "form-foot" },
      recordButton(ctx, () => ctx.record({ spaces, central }), "Confirm the Starting Tile", { className: "secondary" })),
  ]);
}

export const pickers = {
  starting_tile_declared: startPicker,
  tile_revealed: revealPicker,
  tile_taken: takePicker,
  tile_placed: placementPicker,
  explorer_moved: movePicker,
  animals_observed: observePicker,
};
