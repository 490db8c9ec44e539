// Air Alliance on the recording page: a player's planes placed at the set-up (tapped on the
// airports' grid), a Passenger Card turning up (tapped among the known faces, or spelled out
// by taps), a marker on one of the three slots' visible Flight icons (then one of the flights
// or switches that icon allows now), a bare slot's icons declared with its marker, a
// reservation, a passenger gained, an Alliance formed; and under the Kobe Rules a flush, a
// wait for a cancellation, the waiting players' claims, the extra marker and its cards placed.
// Every picker is drawn on the kit's frame() (picker-kit.js); the pieces a card is drawn and
// built with are shared with the board editor (static/js/boards/engines/air-alliance.js).
//
// What is legal comes from the engine, never from rules copied here: `expected()`'s
// options (engines/air_alliance/offers.py) carry
//   marker_placed     markers: [{slot, icons: [icon] | null, actions: [[marker data per icon]]}],
//                     reserve: [card ids], flush: [true] (Kobe Rules (2)), wait: [true] (Kobe Rules (4))
//   passenger_gained  card: [card ids this turn's flights carry; under the Kobe Rules (3) maybe off the board]
//   alliance_formed   choices: [{npa, area}]
//   cancellations_claimed  claims: [{player, cards: [card ids that player may claim]}], in seat order
//   phase1_ended      ready: [true] when PHASE 1 may end now, else [] and refused_choices.ready (why not yet)
//   board_declared    no options; on a saved board holding every fact it is among the seldom actions
//                     (expected.minor), and its picker declares the board's own facts in one tap
//   card_revealed     card.id: [the cards whose faces are known that may turn up now]; absent when
//                     none is, so that a face is spelled out (never on a board whose cards are complete).
// A marker action is the exact data to send ({slot, icon, fly: {colour, from, to}} or
// {slot, icon, swap: {airport, places}}); the pickers only group and label them. A bare slot
// (`icons: null`) has no judged actions: the table declares its icons and what the marker
// does, and the engine judges it. boarding_pass_updated has no offers: its picker asks a slot
// for each card still to place (`turn.gained.slice(turn.placed)`). The state gives what lies
// on the table (planes, Alliance Areas, `declared["card:<id>"].value`, `offboard`, the turn).
// Every label is text; colours are only a hint. The buttons borrow Pan Am's look (pa-pick-*);
// aa-pick-* classes mark Air Alliance's.

import { textField, numberField } from "../../boards/kit.js";
import { fill, h, humanize } from "../../dom.js";
import { choices, foot, frame, group, hint, option, playerOf, refocus, status } from "./picker-kit.js";

// The icons' vocabulary as the event schema spells it (engines/air_alliance/schemas.py).
const ICON_TYPES = [["AREA", "Area Landing Permit"], ["SPECIAL", "Special landing permit"],
  ["PRIORITY", "Priority Takeoff"], ["CODESHARE", "Code Sharing"]];
const AREA_LABELS = ["ALL", "AM", "EM", "AE", "AU", "MU", "EU", "A", "U", "M", "E"];
const PLAYER_COLOURS = ["red", "yellow", "green", "blue"];
const NPA_COLOURS = ["black", "white", "purple"];
// The turn's phase after PHASE 3 under the Kobe Rules (6): the extra marker, then its
// cards placed (engines/air_alliance/turns.py EXTRA_PHASE).
const EXTRA_PHASE = 4;
const PLANES = 4; // a player's planes at the set-up (engines/air_alliance/state.py PLANES_PER_PLAYER)

const plural = (n, word) => `${n} ${n === 1 ? word : /(s|h)$/.test(word) ? `${word}es` : `${word}s`}`;
const colourName = (c) => humanize(String(c || "?"));
const keyOf = (data) => JSON.stringify(data);
/** `list` without `item` if it holds it, else with it at the end. */
const toggled = (list, item) => (list.includes(item) ? list.filter((x) => x !== item) : [...list, item]);
// A map keyed by card ids or player names (table text): no inherited keys ("constructor",
// "__proto__") to mistake for an entry.
const dict = () => Object.create(null);

// ------------------------------------------------- cards and icons, drawn and built
// Shared with the board editor (static/js/boards/engines/air-alliance.js): a Passenger
// Card's face drawn as the board partial draws it (templates/engines/air-alliance/_pieces.html
// with the engine's stylesheet, classes aa-card, aa-icon...), a Flight icon built by taps,
// the 24 airports as a grid to tap, and a whole face built by taps with its id, name and
// miles typed. Only the vocabulary of the schemas is copied here (engines/air_alliance/
// schemas.py, icons.py, scoring.py); what a face may hold is judged by the server.

export const AREAS = ["A", "E", "M", "U"];
export const AIRPORTS = AREAS.flatMap((area) => [1, 2, 3, 4, 5, 6].map((n) => `${area}${n}`));
export const ALL_COLOURS = [...PLAYER_COLOURS, ...NPA_COLOURS];
export { AREA_LABELS, ICON_TYPES, NPA_COLOURS, PLAYER_COLOURS };
// The rulebook's Trio List: each Trio Set and its three passengers (scoring.TRIOS).
export const TRIOS = {
  Enthusiast: ["Board Gamer", "Board Gamer", "Anime Otaku"],
  Scholar: ["Folklorist", "Archaeologist", "Professor"],
  Actor: ["Hollywood Star", "Kung Fu Star", "Korean Star"],
  Cocktail: ["Beer Brewer", "Bartender", "Hotelier"],
  "Ball Game": ["Tennis Player", "Soccer Player", "Volleyball Player"],
  Spy: ["Secret Agent", "Secret Agent", "Secret Agent"],
  "Primitive Man": ["Neanderthal", "Yeti", "Bigfoot"],
};
export const CLASS_NAMES = { ECONOMY: "Economy class", FIRST: "First class" };
const ICON_SHORT = { AREA: ["Area", "landing permit"], SPECIAL: ["Special", "landing permit"],
  PRIORITY: ["Priority", "takeoff"], CODESHARE: ["Code", "sharing"] };

/** The class that gives a piece its colour (the engine's stylesheet: aa-co-*). */
export function co(colour) {
  return `aa-co-${ALL_COLOURS.includes(colour) ? colour : "other"}`;
}

/** A colour's token: its initial on the colour (the word always rides beside it). */
export function token(colour) {
  return h("span", { class: `aa-token ${co(colour)}`, "aria-hidden": "true" }, String(colour || "?").slice(0, 1).toUpperCase());
}

/** Whether an icon has what its kind needs (a partial one is still being built). */
export function iconComplete(icon) {
  if (!icon || !icon.type) return false;
  if (icon.type === "AREA") return AREA_LABELS.includes(icon.areas);
  if (icon.type === "SPECIAL") return PLAYER_COLOURS.includes(icon.colour);
  if (icon.type === "CODESHARE") return Array.isArray(icon.colours) && icon.colours.length >= 1 && icon.colours.length <= 2;
  return icon.type === "PRIORITY";
}

/** One Flight icon as the board partial prints it: kind, then what it shows, colours with their tokens. */
export function iconItem(icon, tag = "li") {
  const kind = icon && icon.type ? String(icon.type) : null;
  const body = !kind ? [h("span", { class: "muted" }, "not chosen yet")]
    : kind === "SPECIAL" ? [icon.colour ? token(icon.colour) : null, "Special landing permit · ", icon.colour || h("span", { class: "muted" }, "colour?")]
      : kind === "AREA" ? ["Area Landing Permit · ", h("span", { class: "aa-icon-areas" }, icon.areas || "?"), " ", h("span", { class: "small muted" }, "1-2-3")]
        : kind === "PRIORITY" ? ["Priority Takeoff"]
          : kind === "CODESHARE" ? ["Code Sharing · ", (icon.colours || []).length
            ? icon.colours.map((c, i) => [i ? " or " : "", token(c), c]) : h("span", { class: "muted" }, "colours?")]
            : [h("span", { class: "muted" }, "an icon the board does not know")];
  return h(tag, { class: `aa-icon aa-icon--${(kind || "unknown").toLowerCase()}${iconComplete(icon) ? "" : " is-partial"}`,
    dataset: { icon: kind || "" } }, body);
}

function milesText(miles) {
  return Number.isInteger(miles) ? miles.toLocaleString("en") : "?";
}

/** A Passenger Card's face as it lies in the Baggage Claim Area (the board partial's card):
 * id and name, the route, miles and class, the trio, the three Flight icons. */
export function cardView(id, face) {
  const known = face || {};
  const icons = Array.isArray(known.icons) ? known.icons : [];
  return h("div", { class: `aa-card aa-card-view${known.cls === "FIRST" ? " aa-card--first" : ""}${known.trio ? " aa-card--trio" : ""}`,
    dataset: { card: String(id || "") } },
  h("p", { class: "aa-card-head" }, h("span", { class: "aa-card-id" }, id || "(no id)"),
    " ", h("span", { class: "aa-card-name" }, known.name || "(no name)")),
  h("p", { class: "aa-route" }, h("span", { class: "aa-dep" }, known.dep || "?"), " ", h("span", { "aria-hidden": "true" }, "→"),
    h("span", { class: "visually-hidden" }, "to"), " ", h("span", { class: "aa-arr" }, known.arr || "?")),
  h("p", { class: "aa-card-facts small" }, h("span", { class: "aa-miles" }, milesText(known.miles)), " miles · ",
    h("span", { class: "aa-class" }, CLASS_NAMES[known.cls] || "class?"),
    known.trio ? [" · ", h("span", { class: "aa-trio" }, `${known.trio} Trio`)] : null),
  h("ol", { class: "aa-icons" }, [0, 1, 2].map((k) => iconItem(icons[k] || null))));
}

/** An icon in a few words: "Area AM", "Special red", "Priority", "Code Sharing black/white". */
export function iconShort(icon) {
  if (!icon || !icon.type) return "?";
  if (icon.type === "AREA") return `Area ${icon.areas || "?"}`;
  if (icon.type === "SPECIAL") return `Special ${icon.colour || "?"}`;
  if (icon.type === "CODESHARE") return `Code Sharing ${(icon.colours || []).join("/") || "?"}`;
  return icon.type === "PRIORITY" ? "Priority" : String(icon.type);
}

/** A card in one short line: "A1 → E2 · 3,000 miles · First class". */
export function routeLine(face) {
  const known = face || {};
  return [`${known.dep || "?"} → ${known.arr || "?"}`, `${milesText(known.miles)} miles`, CLASS_NAMES[known.cls] || null]
    .filter(Boolean).join(" · ");
}

/** What a face still lacks, in words ("the arrival", "icon 2"), for a face spelled out. */
export function faceMissing(face) {
  const known = face || {};
  const icons = Array.isArray(known.icons) ? known.icons : [];
  return [
    !String(known.id || "").trim() ? "the id" : null,
    !String(known.name || "").trim() ? "the name" : null,
    !known.dep ? "the departure" : null,
    !known.arr ? "the arrival" : null,
    !Number.isInteger(known.miles) ? "the miles" : null,
    !known.cls ? "the class" : null,
    ...[0, 1, 2].map((k) => (iconComplete(icons[k]) ? null : `icon ${k + 1}`)),
  ].filter(Boolean);
}

/** A colour as a tap choice: its token and its word. */
function colourChoice({ colour, pressed, disabled = false, focusKey, onclick, sub = null }) {
  return option({ label: [token(colour), colourName(colour)], sub, pressed, disabled, focusKey,
    className: `aa-pick-colour ${co(colour)}`, data: { colour }, onclick });
}

/** A Flight icon built by taps: its kind, then what it shows. `onchange(icon, focusKey)`
 * gets the new icon, partial until its kind's detail is tapped (a Priority Takeoff is whole
 * at once); a Code Sharing icon takes one or two different NPA colours. */
export function iconEditor({ icon, onchange, keyPrefix, legend }) {
  const now = icon || {};
  const kinds = h("div", { class: "pa-pick-opts aa-icon-kinds" }, ICON_TYPES.map(([type, name]) => option({
    label: ICON_SHORT[type][0], sub: ICON_SHORT[type][1], title: name, pressed: now.type === type,
    focusKey: `${keyPrefix}:kind:${type}`, className: `aa-icon-kind is-${type.toLowerCase()}`, data: { kind: type },
    onclick: () => onchange(now.type === type ? now : { type }, `${keyPrefix}:kind:${type}`) })));
  let detail = null;
  if (now.type === "AREA") {
    detail = group("Areas printed on it", h("div", { class: "pa-pick-opts aa-icon-areas-pick" }, AREA_LABELS.map((areas) => option({
      label: areas === "ALL" ? "All" : areas, sub: areas === "ALL" ? "areas" : null, pressed: now.areas === areas,
      focusKey: `${keyPrefix}:areas:${areas}`, className: "aa-icon-area", data: { areas },
      onclick: () => onchange({ type: "AREA", areas }, `${keyPrefix}:areas:${areas}`) }))));
  } else if (now.type === "SPECIAL") {
    detail = group("Its colour", h("div", { class: "pa-pick-opts aa-colour-opts" }, PLAYER_COLOURS.map((colour) => colourChoice({
      colour, pressed: now.colour === colour, focusKey: `${keyPrefix}:colour:${colour}`,
      onclick: () => onchange({ type: "SPECIAL", colour }, `${keyPrefix}:colour:${colour}`) }))));
  } else if (now.type === "CODESHARE") {
    const chosen = Array.isArray(now.colours) ? now.colours : [];
    detail = group("NPA colours printed (one or two)", h("div", { class: "pa-pick-opts aa-colour-opts" }, NPA_COLOURS.map((colour) => {
      const on = chosen.includes(colour);
      return colourChoice({ colour, pressed: on, disabled: !on && chosen.length >= 2, focusKey: `${keyPrefix}:npa:${colour}`,
        onclick: () => {
          const colours = toggled(chosen, colour);
          onchange(colours.length ? { type: "CODESHARE", colours } : { type: "CODESHARE" }, `${keyPrefix}:npa:${colour}`);
        } });
    })));
  }
  const hint = !now.type ? "Tap the icon's kind."
    : now.type === "AREA" && !now.areas ? "Tap the areas it shows."
      : now.type === "SPECIAL" && !now.colour ? "Tap its colour."
        : now.type === "CODESHARE" && !(now.colours || []).length ? "Tap its colour, or both." : null;
  return h("fieldset", { class: "pa-pick-group aa-icon-editor", dataset: { editing: keyPrefix } }, h("legend", {}, legend),
    kinds, detail, hint ? h("p", { class: "muted small aa-icon-hint" }, hint) : null);
}

/** The 24 airports to tap, an area a row; `disabled(code)` greys one out, `subOf(code)` adds a
 * line, `isOn(code)` marks the chosen (by default the one `value` names). */
export function airportGrid({ legend, value, onchange, keyPrefix, disabled = () => false, subOf = () => null,
  isOn = (code) => value === code }) {
  return group(legend, h("div", { class: "aa-airport-grid" }, AIRPORTS.map((code) => option({
    label: code, sub: subOf(code), pressed: isOn(code), disabled: disabled(code) && !isOn(code),
    focusKey: `${keyPrefix}:${code}`, className: "aa-airport-btn", data: { airport: code },
    onclick: () => onchange(code, `${keyPrefix}:${code}`) }))));
}

/** The next free card id after the ones given ("C07" after "C06"), for the table to keep or retype. */
export function nextCardId(ids) {
  const numbers = [...ids].map((id) => /^C(\d+)$/.exec(String(id))).filter(Boolean).map((m) => Number(m[1]));
  const next = (numbers.length ? Math.max(...numbers) : 0) + 1;
  return `C${String(next).padStart(2, "0")}`;
}

/** Which part of a face a problem's field names: "id", "dep", "icons.1"... ("" for the face). */
function facePart(field, prefix) {
  const rest = field === prefix ? "" : field.slice(prefix.length + 1);
  const [first, second] = rest.split(".");
  return first === "icons" && /^\d+$/.test(second || "") ? `icons.${second}` : first || "";
}

/** A Passenger Card's face built in place: id and name typed, departure and arrival tapped
 * (never one airport for both), miles typed or stepped, class tapped, three icons built
 * by tapping, the Trio Set tapped; the live preview above shows the card as it lies on the
 * table. `changed()` after each change; `problems` (a refused save's, fields under `prefix`)
 * are shown beside the part they name. Redraws itself. */
export function faceBuilder({ face, changed, keyPrefix, problems = [], prefix = "", trioCounts = null, idHelp = null }) {
  const root = h("div", { class: "aa-face-builder" });
  const preview = h("div", { class: "aa-face-preview", "aria-label": "The card as it lies on the table" });
  if (!Array.isArray(face.icons)) face.icons = [null, null, null];
  while (face.icons.length < 3) face.icons.push(null);
  const notes = (part) => {
    const here = problems.filter((p) => facePart(p.field, prefix) === part);
    return here.length ? h("ul", { class: "be-problems aa-face-problems", role: "alert" }, here.map((p) =>
      h("li", { class: "violation" }, p.code ? h("span", { class: "code" }, `${p.code} `) : null, p.message))) : null;
  };
  const drawPreview = () => fill(preview, h("span", { class: "aa-label" }, "Preview"), cardView(face.id, face));
  const put = (field, value) => {
    if (value === null || value === undefined || value === "") delete face[field];
    else face[field] = value;
    changed();
  };
  const set = (field, value, focusKey) => { put(field, value); draw(focusKey); };
  const typed = (field) => (value) => { put(field, value); drawPreview(); };

  function draw(focusKey = null) {
    drawPreview();
    const counts = trioCounts ? trioCounts() : null;
    fill(root,
      h("div", { class: "aa-face-top" }, preview, notes("")),
      h("div", { class: "aa-face-fields" },
        h("div", { class: "aa-face-names" },
          textField({ label: "Id", value: face.id || "", maxlength: 40, key: `${keyPrefix}:id`, onchange: typed("id") }),
          textField({ label: "Name (the passenger)", value: face.name || "", maxlength: 60, key: `${keyPrefix}:name`,
            placeholder: "as printed", onchange: typed("name") })),
        idHelp ? h("p", { class: "muted small aa-face-help" }, idHelp) : null,
        notes("id"),
        notes("name"),
        airportGrid({ legend: "Departure", value: face.dep || null, keyPrefix: `${keyPrefix}:dep`,
          disabled: (code) => code === face.arr, onchange: (code, key) => set("dep", face.dep === code ? null : code, key) }),
        notes("dep"),
        airportGrid({ legend: "Arrival", value: face.arr || null, keyPrefix: `${keyPrefix}:arr`,
          disabled: (code) => code === face.dep, onchange: (code, key) => set("arr", face.arr === code ? null : code, key) }),
        notes("arr"),
        numberField({ label: "Miles", value: Number.isInteger(face.miles) ? face.miles : null, min: 0, max: 100000, step: 1000,
          key: `${keyPrefix}:miles`, onchange: typed("miles") }),
        notes("miles"),
        group("Class", h("div", { class: "pa-pick-opts aa-class-opts" }, Object.entries(CLASS_NAMES).map(([cls, name]) => option({
          label: name, pressed: face.cls === cls, focusKey: `${keyPrefix}:cls:${cls}`, data: { cls },
          onclick: () => set("cls", cls, `${keyPrefix}:cls:${cls}`) })))),
        notes("cls"),
        h("div", { class: "aa-face-icons" }, [0, 1, 2].map((k) => [iconEditor({
          icon: face.icons[k], legend: `Flight icon ${k + 1}`, keyPrefix: `${keyPrefix}:icon${k}`,
          onchange: (icon, key) => { face.icons[k] = icon; changed(); draw(key); } }), notes(`icons.${k}`)])),
        group("Trio Set", h("div", { class: "pa-pick-opts aa-trio-opts" },
          option({ label: "None", pressed: !face.trio, focusKey: `${keyPrefix}:trio:none`, data: { trio: "" },
            onclick: () => set("trio", null, `${keyPrefix}:trio:none`) }),
          Object.entries(TRIOS).map(([trio, members]) => option({
            label: trio, sub: counts ? `${[...new Set(members)].join(", ")} · ${counts[trio] || 0}/3` : [...new Set(members)].join(", "),
            pressed: face.trio === trio, focusKey: `${keyPrefix}:trio:${trio}`, className: "aa-trio-opt", data: { trio },
            onclick: () => set("trio", face.trio === trio ? null : trio, `${keyPrefix}:trio:${trio}`) })))),
        notes("trio")));
    refocus(root, focusKey);
  }

  draw();
  return root;
}

/** A face ready to send: every field the reveal spells out, in the schema's order. */
function faceData(face) {
  const out = { id: String(face.id).trim(), name: String(face.name).trim(), dep: face.dep, arr: face.arr, miles: face.miles,
    cls: face.cls, icons: face.icons.slice(0, 3) };
  if (face.trio) out.trio = face.trio;
  return out;
}

/** A player's Boarding Pass: its three slots' stacks of cards. */
function slotsOf(ctx, player) {
  return (((ctx.state || {}).players || {})[player] || {}).slots || [];
}

function colourOf(ctx) {
  const state = ctx.state || {};
  const player = playerOf(ctx);
  return (player && state.players && state.players[player] && state.players[player].colour) || null;
}

/** The declared face of a card (name, dep, arr, miles, cls), or null. */
function cardOf(ctx, id) {
  const declared = ((ctx.state || {}).declared || {})[`card:${id}`];
  return declared && declared.value ? declared.value : null;
}

/** "A1 → E2 · 3,000 miles · Economy" (or "not declared yet"). */
function cardText(ctx, id) {
  const card = cardOf(ctx, id);
  if (!card) return "not declared yet";
  const miles = Number(card.miles);
  return [`${card.dep} → ${card.arr}`, Number.isFinite(miles) ? `${miles.toLocaleString("en")} miles` : null,
    card.cls ? humanize(String(card.cls).toLowerCase()) : null].filter(Boolean).join(" · ");
}

function cardLabel(ctx, id) {
  const card = cardOf(ctx, id);
  return card && card.name ? `${id} · ${card.name}` : String(id);
}

/** Whether a card lies off the board (the Kobe Rules (3): `state.offboard`, card -> holder or null). */
function offBoard(ctx, id) {
  const off = (ctx.state || {}).offboard;
  return Boolean(off) && Object.prototype.hasOwnProperty.call(off, id);
}

/** A card button's second line: its route and miles, and where it lies when off the board. */
function cardSub(ctx, id) {
  return offBoard(ctx, id) ? `${cardText(ctx, id)} · off the board` : cardText(ctx, id);
}

/** An icon in words: "Area Landing Permit: A, E", "Code Sharing: black or white". */
function iconText(icon) {
  if (!icon) return "?";
  const name = (ICON_TYPES.find(([t]) => t === icon.type) || [null, humanize(String(icon.type || "icon").toLowerCase())])[1];
  if (icon.type === "AREA") return `${name}: ${icon.areas === "ALL" ? "all areas" : String(icon.areas || "").split("").join(", ")}`;
  if (icon.type === "SPECIAL") return `${name}: ${colourName(icon.colour)}`;
  if (icon.type === "CODESHARE") return `${name}: ${(icon.colours || []).map(colourName).join(" or ")}`;
  return name;
}

/** What an icon's actions are: "4 flights", "1 switch", "nothing legal now". */
function actionsText(actions) {
  if (!actions.length) return "nothing legal now";
  if (isIdle(actions[0])) return "no action: nothing is legal";
  return actions[0].swap ? plural(actions.length, "switch") : plural(actions.length, "flight");
}

// ----------------------------------------------------------------- shared pieces

/** An Air Alliance picker on the kit's frame: classes pa-picker aa-picker (and `more`). */
function aaFrame(ctx, { picker, heading, fallback = null, more = "" }, body) {
  return frame(ctx, { picker, heading, fallback, className: `pa-picker aa-picker${more ? ` ${more}` : ""}` }, body);
}

const none = (text) => h("p", { class: "muted small aa-pick-none" }, text);
const given = (value) => value !== null && value !== undefined;

/** The picker's foot: its record button, marked as Air Alliance's. */
const aaFoot = (ctx, onclick, text) => foot(ctx, onclick, text, { className: "aa-pick-record" });

/** Cards as big one-of buttons (the kit's choices()): each card's label, its route and where it lies. */
function cardChoices(ctx, view, { data = () => ({}), ...rest }) {
  return choices(view, { ...rest, label: (id) => cardLabel(ctx, id), sub: (id) => cardSub(ctx, id), className: "aa-pick-card",
    data: (id) => ({ ...data(id), card: String(id), ...(offBoard(ctx, id) ? { offboard: "true" } : {}) }) });
}

function select({ id, label, choices: list, value, onchange, focusKey }) {
  return h("div", { class: "field aa-pick-field" }, h("label", { for: id }, label),
    h("select", { id, dataset: { focusKey: focusKey || id }, onchange: (e) => onchange(e.target.value) },
      list.map(([v, text]) => {
        const el = h("option", { value: v }, text);
        el.selected = String(v) === String(value ?? "");
        return el;
      })));
}

// ------------------------------------------------------------------ the markers

/** A marker placed with no action ("Place all 3 markers" when nothing is legal for it). */
const isIdle = (action) => !action.fly && !action.swap;

/** The actions of one icon, grouped by plane (fly) or by airport (swap). */
function actionGroups(ctx, actions, chosen, choose) {
  const airports = (ctx.state || {}).airports || {};
  const pick = (action, fields) => {
    const key = keyOf(action);
    return option({ ...fields, pressed: chosen === key, focusKey: `aa-act:${key}`, className: "aa-pick-action", onclick: () => choose(key) });
  };
  const idle = actions.find(isIdle);
  if (idle) {
    return h("div", { class: "aa-pick-actions" },
      pick(idle, { label: "Place it with no action", sub: "nothing is legal for this marker", data: { idle: "true" } }));
  }
  const groups = new Map();
  for (const action of actions) {
    const name = action.fly ? `${colourName(action.fly.colour)} plane at ${action.fly.from}` : `At ${action.swap.airport}`;
    const id = action.fly ? `${action.fly.colour}@${action.fly.from}` : action.swap.airport;
    if (!groups.has(id)) groups.set(id, { name, id, actions: [] });
    groups.get(id).actions.push(action);
  }
  return h("div", { class: "aa-pick-actions" }, [...groups.values()].map(({ name, id, actions: list }) => h("div", {
    class: "aa-pick-plane", dataset: { group: id } },
  h("span", { class: "aa-pick-plane-name" }, name),
  h("div", { class: "pa-pick-opts" }, list.map((action) => {
    if (action.fly) return pick(action, { label: `→ ${action.fly.to}`, data: { colour: action.fly.colour, from: action.fly.from, to: action.fly.to } });
    const [a, b] = action.swap.places;
    const planes = airports[action.swap.airport] || [];
    return pick(action, { label: `Switch places ${a + 1} and ${b + 1}`, sub: `${colourName(planes[a])} ↔ ${colourName(planes[b])}`,
      data: { airport: action.swap.airport, places: `${a},${b}` } });
  })))));
}

/** One icon of a bare slot, declared: its type and what it shows. */
function bareIcon(ctx, bare, k, redraw) {
  const icon = bare.icons[k];
  const set = (patch) => { bare.icons[k] = { ...icon, ...patch }; redraw(); };
  const colour = colourOf(ctx);
  const detail = icon.type === "AREA"
    ? select({ id: `aa-bare-areas-${k}`, label: "Areas shown", value: icon.areas,
      choices: AREA_LABELS.map((a) => [a, a === "ALL" ? "All areas" : a.split("").join(", ")]), onchange: (v) => set({ areas: v }) })
    : icon.type === "SPECIAL"
      ? select({ id: `aa-bare-colour-${k}`, label: "Colour", value: icon.colour || colour,
        choices: PLAYER_COLOURS.map((c) => [c, colourName(c)]), onchange: (v) => set({ colour: v }) })
      : icon.type === "CODESHARE"
        ? h("div", { class: "field aa-pick-field" }, h("span", { class: "aa-pick-field-name" }, "NPA colours (one or two)"),
          h("div", { class: "pa-pick-opts" }, NPA_COLOURS.map((c) => {
            const on = (icon.colours || []).includes(c);
            return option({ label: colourName(c), pressed: on, focusKey: `aa-bare-npa-${k}-${c}`, data: { npa: c },
              onclick: () => { bare.icons[k] = { ...icon, colours: toggled(icon.colours || [], c) }; redraw(`aa-bare-npa-${k}-${c}`); } });
          })))
        : null;
  return h("fieldset", { class: "aa-pick-bare-icon", dataset: { icon: String(k) } },
    h("legend", {}, `Icon ${k + 1}`),
    select({ id: `aa-bare-type-${k}`, label: "Kind", value: icon.type,
      choices: ICON_TYPES, onchange: (v) => { bare.icons[k] = { type: v }; redraw(`aa-bare-type-${k}`); } }),
    detail);
}

/** An icon as the schema wants it (only its type's fields), or a problem in words. */
function cleanIcon(icon, colour) {
  if (icon.type === "AREA") return { type: "AREA", areas: icon.areas || "ALL" };
  if (icon.type === "SPECIAL") return { type: "SPECIAL", colour: icon.colour || colour };
  if (icon.type === "CODESHARE") {
    const colours = (icon.colours || []).filter((c) => NPA_COLOURS.includes(c));
    return colours.length >= 1 && colours.length <= 2 ? { type: "CODESHARE", colours } : "A Code Sharing icon shows one or two NPA colours.";
  }
  return { type: "PRIORITY" };
}

/** A bare slot: its icons declared, the icon used, and what the marker does (typed; the engine judges). */
function bareForm(ctx, slot, bare, redraw) {
  const state = ctx.state || {};
  const airports = Object.keys(state.airports || {});
  const colour = colourOf(ctx);
  bare.icons ||= [{ type: "AREA", areas: "ALL" }];
  if (!(bare.use >= 0 && bare.use < bare.icons.length)) bare.use = 0;
  const used = bare.icons[bare.use];
  const swap = used.type === "PRIORITY";
  const planesOf = (c) => airports.filter((a) => (state.airports[a] || []).includes(c));
  const colours = [...new Set([colour, ...airports.flatMap((a) => state.airports[a] || [])].filter(Boolean))];
  if (!bare.colour || !colours.includes(bare.colour)) bare.colour = colour || colours[0];
  const froms = planesOf(bare.colour);
  if (!froms.includes(bare.from)) bare.from = froms[0] || null;
  if (!airports.includes(bare.to) || bare.to === bare.from) bare.to = airports.find((a) => a !== bare.from) || null;
  if (!airports.includes(bare.airport)) bare.airport = airports.find((a) => (state.airports[a] || []).filter(Boolean).length > 1) || airports[0];
  const places = (state.airports[bare.airport] || []).map((c, i) => [String(i), `Place ${i + 1}: ${c ? colourName(c) : "free"}`]);
  return h("div", { class: "aa-pick-bare", dataset: { slot: String(slot) } },
    hint(`Slot ${slot + 1} is bare and its icons are not declared yet: read them off the Boarding Pass.`),
    bare.icons.map((_, k) => bareIcon(ctx, bare, k, redraw)),
    h("div", { class: "pa-pick-opts aa-pick-bare-count" },
      bare.icons.length < 3 ? option({ label: "Add an icon", focusKey: "aa-bare-add", onclick: () => { bare.icons.push({ type: "AREA", areas: "ALL" }); redraw("aa-bare-add"); } }) : null,
      bare.icons.length > 1 ? option({ label: "Remove the last icon", focusKey: "aa-bare-remove", onclick: () => { bare.icons.pop(); redraw("aa-bare-remove"); } }) : null),
    bare.icons.length > 1 ? group("The marker goes on", h("div", { class: "pa-pick-opts" }, bare.icons.map((icon, k) => option({
      label: `Icon ${k + 1}`, sub: iconText(icon), pressed: bare.use === k, focusKey: `aa-bare-use-${k}`, data: { use: String(k) },
      onclick: () => { bare.use = k; redraw(`aa-bare-use-${k}`); } })))) : null,
    swap
      ? h("div", { class: "pa-pick-pair" },
        select({ id: "aa-bare-airport", label: "Airport", value: bare.airport, choices: airports.map((a) => [a, a]),
          onchange: (v) => { bare.airport = v; bare.a = "0"; bare.b = "1"; redraw("aa-bare-airport"); } }),
        select({ id: "aa-bare-a", label: "Switch", value: bare.a ?? "0", choices: places, onchange: (v) => { bare.a = v; } }),
        select({ id: "aa-bare-b", label: "with", value: bare.b ?? "1", choices: places, onchange: (v) => { bare.b = v; } }))
      : h("div", { class: "pa-pick-pair" },
        select({ id: "aa-bare-colour", label: "Plane", value: bare.colour, choices: colours.map((c) => [c, colourName(c)]),
          onchange: (v) => { bare.colour = v; redraw("aa-bare-colour"); } }),
        select({ id: "aa-bare-from", label: "From", value: bare.from, choices: froms.map((a) => [a, a]),
          onchange: (v) => { bare.from = v; redraw("aa-bare-from"); } }),
        select({ id: "aa-bare-to", label: "To", value: bare.to, choices: airports.filter((a) => a !== bare.from).map((a) => [a, a]),
          onchange: (v) => { bare.to = v; } })));
}

function bareData(ctx, slot, bare) {
  const colour = colourOf(ctx);
  const icons = bare.icons.map((icon) => cleanIcon(icon, colour));
  const wrong = icons.find((icon) => typeof icon === "string");
  if (wrong) return wrong;
  const data = { slot, icon: bare.use, pass_icons: icons };
  if (icons[bare.use].type === "PRIORITY") {
    const [a, b] = [Number(bare.a ?? 0), Number(bare.b ?? 1)];
    if (a === b) return "Choose two different places to switch.";
    data.swap = { airport: bare.airport, places: [Math.min(a, b), Math.max(a, b)] };
  } else {
    if (!bare.from || !bare.to) return "Choose the plane, where it leaves from and where it lands.";
    data.fly = { colour: bare.colour, from: bare.from, to: bare.to };
  }
  return data;
}

function markerPicker(ctx) {
  const options = ctx.options || {};
  const markers = (options.markers || []).filter((m) => m && Number.isInteger(m.slot));
  const reserve = options.reserve || [];
  const flush = (options.flush || []).includes(true); // Kobe Rules (2)
  const wait = (options.wait || []).includes(true); // Kobe Rules (4)
  if (!markers.length && !reserve.length && !flush && !wait) return null;
  const state = ctx.state || {};
  const turn = state.turn || {};
  const extra = turn.phase === EXTRA_PHASE; // Kobe Rules (6): the extra marker
  const draft = ctx.draft;
  const markerOf = (slot) => markers.find((m) => m.slot === slot) || null;
  const actionsOf = (slot, icon) => (((markerOf(slot) || {}).actions || [])[icon] || []);
  const isBare = (slot) => Boolean(markerOf(slot)) && !markerOf(slot).icons;
  // Forget what the engine no longer offers.
  if (given(draft.slot) && !markerOf(draft.slot)) Object.assign(draft, { slot: null, icon: null, action: null });
  if (given(draft.icon) && draft.slot !== null && markerOf(draft.slot) && !(markerOf(draft.slot).icons || [])[draft.icon]) {
    draft.icon = null;
  }
  if (draft.action && !actionsOf(draft.slot, draft.icon).some((a) => keyOf(a) === draft.action)) draft.action = null;
  if (draft.reserve && !reserve.includes(draft.reserve)) draft.reserve = null;
  if ((draft.use === "flush" && !flush) || (draft.use === "wait" && !wait)) draft.use = null;
  draft.bare ||= {};
  const player = playerOf(ctx);
  const colour = colourOf(ctx);
  const placed = Number.isInteger(turn.markers) ? turn.markers : (turn.slots_used || []).length;
  const stacks = slotsOf(ctx, player);
  const onPass = stacks.reduce((n, stack) => n + (stack || []).length, 0);
  const nothingElse = { slot: null, icon: null, action: null, reserve: null, use: null };

  const heading = extra ? "Extra marker placed" : "Marker placed";
  return aaFrame(ctx, { picker: "marker", heading, fallback: "Type the marker instead" }, (view) => {
    const chooseIcon = (slot, icon) => {
      const only = icon === null ? [] : actionsOf(slot, icon);
      view.set({ ...nothingElse, slot, icon, action: only.length === 1 ? keyOf(only[0]) : null },
        icon === null ? `aa-bare:${slot}` : `aa-icon:${slot}:${icon}`);
    };
    // A marker that is only what it does: `use` is flush or wait (the Kobe Rules).
    const useOption = (use, label, sub) => h("div", { class: `pa-pick-opts aa-pick-${use}` }, option({ label, sub, pressed: draft.use === use,
      focusKey: `aa-use:${use}`, className: "aa-pick-use", data: { use }, onclick: () => view.set({ ...nothingElse, use }, `aa-use:${use}`) }));

    const submit = () => {
      view.clear();
      if (draft.use) return ctx.record({ [draft.use]: true });
      if (draft.reserve) return ctx.record({ reserve: draft.reserve });
      if (!given(draft.slot)) return view.problem("Tap the icon the marker goes on, or a card to reserve.");
      if (isBare(draft.slot)) {
        const data = bareData(ctx, draft.slot, draft.bare[draft.slot] ||= {});
        return typeof data === "string" ? view.problem(data) : ctx.record(data);
      }
      const action = actionsOf(draft.slot, draft.icon).find((a) => keyOf(a) === draft.action);
      return view.record([[given(draft.icon), "Tap the icon the marker goes on."], [action, "Tap the flight or the switch the marker makes."]],
        () => JSON.parse(keyOf(action)));
    };

    function slotPart(marker) {
      const { slot } = marker;
      const part = (more, ...children) => h("section", { class: `aa-pick-slot${more}`, dataset: { slot: String(slot) } },
        h("h4", {}, `Slot ${slot + 1}`), children);
      const stack = stacks[slot] || [];
      if (!marker.icons && stack.length) {
        return part(" is-unknown", h("p", { class: "muted small" },
          `The card on top (${stack[stack.length - 1]}) is not declared: declare it, or type the marker below.`));
      }
      if (!marker.icons) {
        const open = draft.slot === slot;
        return part(" is-bare", option({ label: "Bare slot: declare its icons", sub: "then what the marker does", pressed: open,
          focusKey: `aa-bare:${slot}`, className: "aa-pick-bare-btn", data: { slot: String(slot), bare: "true" },
          onclick: () => chooseIcon(slot, null) }),
        open ? bareForm(ctx, slot, draft.bare[slot] ||= {}, (key) => view.redraw(key)) : null);
      }
      return part("",
        h("div", { class: "pa-pick-opts aa-pick-icons" }, marker.icons.map((icon, k) => {
          const actions = actionsOf(slot, k);
          return option({ label: iconText(icon), sub: actionsText(actions), pressed: draft.slot === slot && draft.icon === k,
            disabled: !actions.length, focusKey: `aa-icon:${slot}:${k}`,
            className: `aa-pick-icon is-${String(icon.type).toLowerCase()}`, data: { slot: String(slot), icon: String(k) },
            onclick: () => chooseIcon(slot, k) });
        })),
        draft.slot === slot && given(draft.icon)
          ? actionGroups(ctx, actionsOf(slot, draft.icon), draft.action, (key) => view.set({ action: key }, `aa-act:${key}`)) : null);
    }

    function recordText() {
      if (draft.use === "flush") return "Flush the Boarding Pass";
      if (draft.use === "wait") return "Wait for a cancellation";
      if (draft.reserve) return `Reserve ${draft.reserve}`;
      const action = draft.action ? JSON.parse(draft.action) : null;
      if (action && action.fly) return `Fly the ${action.fly.colour} plane ${action.fly.from} → ${action.fly.to}`;
      if (action && action.swap) return `Switch places ${action.swap.places[0] + 1} and ${action.swap.places[1] + 1} at ${action.swap.airport}`;
      if (action) return `Place the marker on slot ${action.slot + 1} with no action`;
      if (given(draft.slot) && isBare(draft.slot)) return `Place the marker on slot ${draft.slot + 1}`;
      return extra ? "Record the extra marker" : "Record the marker";
    }

    return [
      status(player || "The player", colour ? ` (${colour})` : "", extra
        ? " places the extra marker (Kobe Rules (6)), after placing the Passenger Cards." : ` places a marker: ${placed} of 3 placed this turn.`),
      markers.length ? group("On a Flight icon", hint("Tap an icon, then the flight or switch it makes."), markers.map(slotPart))
        : h("p", { class: "muted small" }, "No slot is offered for a marker now."),
      reserve.length || wait ? group(reserve.length && wait ? "Or reserve a card, or wait for a cancellation"
        : reserve.length ? "Or reserve a card" : "Or wait for a cancellation",
      reserve.length ? cardChoices(ctx, view, { items: reserve, field: "reserve", listClass: "aa-pick-cards aa-pick-reserve",
        key: (id) => `aa-reserve:${id}`, pick: (id, key) => view.set({ ...nothingElse, reserve: id }, key) }) : null,
      wait ? useOption("wait", "Wait for a cancellation", "a marker on the Air Alliance logo (Kobe Rules (4))") : null) : null,
      flush ? group("Or flush the Boarding Pass", useOption("flush", "Flush the Boarding Pass", onPass
        ? `${plural(onPass, "card")} set aside; they still score (Kobe Rules (2))` : "the pass is bare (Kobe Rules (2))")) : null,
      aaFoot(ctx, submit, recordText()),
    ];
  });
}

// ------------------------------------------------------------- passengers

function gainPicker(ctx) {
  const cards = (ctx.options && ctx.options.card) || [];
  const draft = ctx.draft;
  if (draft.card && !cards.includes(draft.card)) draft.card = null;
  if (!draft.card && cards.length === 1) draft.card = cards[0];
  const flights = (((ctx.state || {}).turn || {}).flights || []).map((f) => `${f[0]} → ${f[1]}`);
  return aaFrame(ctx, { picker: "gain", heading: "Passenger gained", fallback: cards.length ? "Type the card instead" : "Record a card anyway" },
    (view) => [
      status(flights.length ? `This turn’s flights: ${flights.join(", ")}.` : "No flight yet this turn."),
      cards.length ? cardChoices(ctx, view, { items: cards, field: "card", listClass: "aa-pick-cards aa-pick-gain",
        key: (id) => `aa-gain:${id}` })
        : none("No card is carried by this turn’s flights yet."),
      cards.length ? aaFoot(ctx, () => view.record([[draft.card, "Tap the card gained."]], { card: draft.card }),
        draft.card ? `Gain ${draft.card}` : "Record the passenger") : null,
    ]);
}

// ---------------------------------------------------------------- Alliance

function alliancePicker(ctx) {
  const offered = ((ctx.options && ctx.options.choices) || []).filter((c) => c && c.npa && Number.isInteger(c.area));
  const draft = ctx.draft;
  if (draft.choice && !offered.some((c) => keyOf(c) === draft.choice)) draft.choice = null;
  const areas = (ctx.state || {}).alliances || [];
  const npas = [...new Set(offered.map((c) => c.npa))];
  return aaFrame(ctx, { picker: "alliance", heading: "Alliance formed",
    fallback: offered.length ? "Type the Alliance instead" : "Record an Alliance anyway" }, (view) => {
    const submit = () => {
      const chosen = offered.find((c) => keyOf(c) === draft.choice);
      return view.record([[chosen, "Tap the NPA and the Alliance Area."]], () => ({ npa: chosen.npa, area: chosen.area }));
    };
    return [
      offered.length ? npas.map((npa) => choices(view, { legend: `With the ${colourName(npa)} NPA`, items: offered.filter((c) => c.npa === npa),
        field: "choice", value: keyOf, key: (c) => `aa-alliance:${keyOf(c)}`, listClass: "aa-pick-alliances", className: "aa-pick-alliance",
        label: (c) => `Alliance Area ${c.area + 1}`, sub: (c) => (areas[c.area] || []).map(colourName).join(", ") || "empty",
        data: (c) => ({ npa: c.npa, area: String(c.area) }) }))
        : none("The engine offers no Alliance now."),
      offered.length ? aaFoot(ctx, submit, "Record the Alliance") : null,
    ];
  });
}

// ------------------------------------------------------ the Boarding Pass

/** PHASE 3 (and, under the Kobe Rules (6), after the extra marker): a slot for each card
 * gained since the last placement (`turn.gained.slice(turn.placed)`); with more cards than
 * slots, the one put on top of another gained card is the `cover`. The engine judges it. */
function placementPicker(ctx) {
  const turn = (ctx.state || {}).turn;
  const player = playerOf(ctx);
  const stacks = slotsOf(ctx, player);
  if (!turn || !Array.isArray(turn.gained) || !stacks.length) return null;
  const cards = turn.gained.slice(Number.isInteger(turn.placed) ? turn.placed : 0);
  const extra = turn.phase === EXTRA_PHASE;
  const unused = extra && !turn.extra_markers;
  const covering = cards.length > stacks.length; // one card goes on top of another gained this turn
  const draft = ctx.draft;
  const slots = (draft.slots ||= dict());
  // Forget the cards no longer to place.
  for (const id of Object.keys(slots)) if (!cards.includes(id) || !(slots[id] >= 0 && slots[id] < stacks.length)) delete slots[id];
  if (!covering || !cards.includes(draft.cover)) draft.cover = null;
  const who = player || "The player";
  const said = cards.length
    ? `${who} places the ${plural(cards.length, "card")} gained ${extra
      ? "since the PHASE 3 placement (Kobe Rules (6): the extra marker)" : "this turn (PHASE 3)"}.`
    : unused ? "No card to place: recording this ends the turn without the extra marker (Kobe Rules (6))."
      : `No card gained ${extra ? "with the extra marker" : "this turn"}: recording this ends the turn.`;

  return aaFrame(ctx, { picker: "placement", heading: extra ? "Boarding Pass updated: the extra marker’s cards" : "Boarding Pass updated",
    fallback: "Type the placement instead" }, (view) => {
    const submit = () => {
      const missing = cards.filter((id) => slots[id] === undefined);
      return view.record([[!missing.length, `Tap the slot for ${missing.join(", ")}.`]], () => {
        const placements = dict();
        for (const id of cards) if (id !== draft.cover) placements[id] = slots[id];
        return draft.cover ? { placements, cover: { card: draft.cover, slot: slots[draft.cover] } } : { placements };
      });
    };
    const cardRow = (id) => {
      const row = choices(view, { items: stacks.map((_, slot) => slot), listClass: "aa-pick-slots", className: "aa-pick-slot-btn",
        key: (slot) => `aa-place:${id}:${slot}`, label: (slot) => `Slot ${slot + 1}`, data: (slot) => ({ card: String(id), slot: String(slot) }),
        sub: (slot) => (stacks[slot] && stacks[slot].length ? `on ${stacks[slot][stacks[slot].length - 1]}` : "bare"),
        pressed: (slot) => slots[id] === slot, pick: (slot, key) => { slots[id] = slot; view.again(key); } });
      if (covering) {
        row.append(option({ label: "On top of another card gained this turn", pressed: draft.cover === id, focusKey: `aa-cover:${id}`,
          className: "aa-pick-cover", data: { card: String(id), cover: "true" },
          onclick: () => view.set({ cover: draft.cover === id ? null : id }, `aa-cover:${id}`) }));
      }
      return h("div", { class: "aa-pick-place", dataset: { card: String(id) } }, group(cardLabel(ctx, id), hint(cardText(ctx, id)), row));
    };
    const placeText = cards.length === 1 && slots[cards[0]] !== undefined ? `Place ${cards[0]} on slot ${slots[cards[0]] + 1}` : "Place the cards";
    return [
      status(said),
      cards.map(cardRow),
      aaFoot(ctx, submit, cards.length ? placeText : unused ? "End the turn without the extra marker" : "End the turn"),
    ];
  });
}

// ------------------------------------------------- cancellations (Kobe Rules (4))

/** After another player's PHASE 1, each player waiting for a cancellation claims one of the
 * cards the engine offers them, or nothing; `{claims: {}}` records that nobody claims. */
function claimsPicker(ctx) {
  const rows = ((ctx.options && ctx.options.claims) || []).filter((c) => c && typeof c.player === "string" && Array.isArray(c.cards));
  if (!rows.length) return null;
  const waiting = rows.map((c) => c.player);
  const offered = dict();
  for (const { player, cards } of rows) offered[player] = cards;
  const state = ctx.state || {};
  const chosen = (ctx.draft.claims ||= dict());
  // Forget what the engine no longer offers.
  for (const name of Object.keys(chosen)) if (!waiting.includes(name) || !offered[name].includes(chosen[name])) delete chosen[name];
  const current = (state.turn || {}).player || null;

  return aaFrame(ctx, { picker: "claims", heading: "Cancellations claimed", fallback: "Type the claims instead" }, (view) => {
    const choose = (name, id, key) => {
      if (id) chosen[name] = id;
      else delete chosen[name];
      view.again(key);
    };
    const playerRow = (name) => {
      const colour = (((state.players || {})[name] || {}).colour) || null;
      const row = cardChoices(ctx, view, { items: offered[name], listClass: "aa-pick-cards", key: (id) => `aa-claim:${name}:${id}`,
        data: () => ({ player: name }), pressed: (id) => chosen[name] === id, pick: (id, key) => choose(name, id, key) });
      row.append(option({ label: "No claim", pressed: !chosen[name], focusKey: `aa-claim-none:${name}`, className: "aa-pick-no-claim",
        data: { player: name, none: "true" }, onclick: () => choose(name, null, `aa-claim-none:${name}`) }));
      return h("div", { class: "aa-pick-claim", dataset: { player: name } }, group(colour ? `${name} (${colour})` : name, row));
    };
    const count = waiting.filter((name) => chosen[name]).length;
    const submit = () => view.record([], () => {
      const claims = dict();
      for (const name of waiting) if (chosen[name]) claims[name] = chosen[name];
      return { claims };
    });
    return [
      status(current ? `${current} has finished PHASE 1: ` : "",
        "each player waiting for a cancellation may reserve a card without a marker (Kobe Rules (4))."),
      hint("Tap each player’s card, or No claim. The engine settles two claims on one card."),
      waiting.map(playerRow),
      aaFoot(ctx, submit, count ? `Record ${plural(count, "claim")}` : "Record: nobody claims"),
    ];
  });
}

// ------------------------------------------------------------- the end of PHASE 1

/** PHASE 1 ends (then Lost Baggage, PHASE 2): one tap, said in words, after the markers'
 * pickers; while the engine says it may not end yet (`refused_choices.ready`: a marker left
 * to place, the row to refill), its rule is shown and the button is a quiet one. */
function phase1Picker(ctx) {
  const options = ctx.options || {};
  const ready = (options.ready || []).includes(true);
  const refused = ready ? null : (((options.refused_choices || {}).ready) || [])[0] || null;
  const turn = (ctx.state || {}).turn || {};
  const player = playerOf(ctx) || "The player";
  const markers = Number.isInteger(turn.markers) ? turn.markers : 0;
  return aaFrame(ctx, { picker: "phase1-end", heading: "End of PHASE 1", more: "aa-pick-phase1" }, (view) => [
    status(`${player} has placed ${markers} of 3 markers. `, "Then the leftmost card goes to Lost Baggage and the row is refilled (PHASE 2)."),
    refused ? h("p", { class: "aa-pick-refused small", dataset: { code: refused.code } },
      h("span", { class: "code" }, refused.code), " ", `${refused.message}. `,
      h("span", { class: "muted" }, "Recorded now, it asks the table for a ruling.")) : null,
    h("div", { class: "form-foot" }, h("button", { type: "button",
      class: `record-btn aa-pick-record${ready ? "" : " secondary"}`, dataset: { focusKey: `submit:${ctx.type}`, ready: String(ready) },
      onclick: () => view.record([], {}) }, ready ? "End PHASE 1" : "End PHASE 1 anyway")),
  ]);
}

// ------------------------------------------------------------- the set-up's planes

/** A player's four planes placed at the set-up (the rulebook does not say where: the table
 * does): the player tapped among those who have not placed theirs, then each plane's
 * airport on the board's grid (its planes now beside it); the engine judges the places. */
function planesPicker(ctx) {
  const state = ctx.state || {};
  const people = state.players || {};
  const waiting = (state.seats || Object.keys(people)).filter((name) => people[name] && !people[name].planes_placed);
  if (!waiting.length || !state.airports) return null;
  const draft = ctx.draft;
  if (!waiting.includes(draft.player)) draft.player = waiting.includes(ctx.actor) ? ctx.actor : waiting[0];
  draft.airports ||= [];
  const planesAt = (code) => (state.airports[code] || []).filter(Boolean);

  return aaFrame(ctx, { picker: "planes", heading: "Planes placed", fallback: "Type the planes instead", more: "aa-pick-planes" }, (view) => {
    const chosen = draft.airports;
    const colour = (people[draft.player] || {}).colour || null;
    const submit = () => view.record([[chosen.length === PLANES, `Tap the airport of each of the ${PLANES} planes (${chosen.length} so far).`]],
      () => ({ player: draft.player, airports: [...chosen] }));
    return [
      status(`Each player places ${PLANES} planes: ${waiting.length === 1 ? `${waiting[0]} has` : `${waiting.join(", ")} have`} not yet.`),
      waiting.length > 1 ? group("Whose planes", h("div", { class: "pa-pick-opts" }, waiting.map((name) => {
        const theirs = (people[name] || {}).colour;
        return option({ label: theirs ? [token(theirs), name] : name, sub: theirs || null, pressed: draft.player === name,
          focusKey: `aa-planes-player:${name}`, className: `aa-pick-colour ${co(theirs)}`, data: { player: name },
          onclick: () => view.set({ player: name, airports: [] }, `aa-planes-player:${name}`) });
      }))) : null,
      airportGrid({ legend: `${draft.player}'s planes: tap an airport for each (${chosen.length} of ${PLANES})`, value: null,
        keyPrefix: "aa-planes-at", disabled: () => chosen.length >= PLANES, isOn: (code) => chosen.includes(code),
        subOf: (code) => {
          const mine = chosen.filter((c) => c === code).length;
          const there = planesAt(code).length;
          return mine ? `+${mine}` : there ? `${there} there` : null;
        },
        onchange: (code, key) => { if (chosen.length < PLANES) chosen.push(code); view.again(key); } }),
      chosen.length ? h("div", { class: "pa-pick-opts aa-pick-planes-chosen", role: "group", "aria-label": "Planes chosen" },
        chosen.map((code, i) => option({ label: [colour ? token(colour) : null, code], sub: "take back", focusKey: `aa-planes-back:${i}`,
          className: "aa-pick-plane-chip", data: { airport: code },
          onclick: () => {
            chosen.splice(i, 1);
            view.again(chosen.length ? `aa-planes-back:${Math.max(0, i - 1)}` : "aa-planes-at:A1");
          } }))) : null,
      aaFoot(ctx, submit, chosen.length === PLANES ? `Place ${draft.player}'s planes at ${chosen.join(", ")}` : `Place ${draft.player}'s planes`),
    ];
  });
}

// ------------------------------------------------------------- a card turns up

/** A Passenger Card turning up (set-up, PHASE 2, a refill): the cards the engine offers,
 * those whose faces are known (the board's, or shuffled back), each drawn as it lies on the
 * table and named by id with a tap (`{card: {id}}`: the face comes from the board); and,
 * unless the board holds every card of the box, another card spelled out by taps. Offered
 * cards are many at the set-up: the departure's area narrows them. */
function revealPicker(ctx) {
  const state = ctx.state || {};
  const offered = ((ctx.options || {})["card.id"] || []).map(String);
  const complete = (state.board_complete || []).includes("cards");
  const declared = state.declared || {};
  const draft = ctx.draft;
  const departsFrom = (area) => offered.filter((id) => String((cardOf(ctx, id) || {}).dep || "").startsWith(area));
  if (draft.card && !offered.includes(draft.card)) draft.card = null;
  if (!offered.length && !complete) draft.other = true;
  if (complete) draft.other = false;
  if (draft.area && !departsFrom(draft.area).length) draft.area = null;
  const known = Object.keys(declared).filter((key) => key.startsWith("card:")).map((key) => key.slice(5));
  draft.face ||= { id: nextCardId([...known, ...(state.seen || [])]), icons: [null, null, null] };
  const row = Array.isArray(state.row) ? state.row : [];
  const space = row.indexOf(null) + 1;
  const many = offered.length > 12;

  return aaFrame(ctx, { picker: "reveal", heading: "Card revealed", fallback: "Type the card instead", more: "aa-pick-reveal" }, (view) => {
    const submit = () => {
      const missing = draft.other ? faceMissing(draft.face) : [];
      return view.record([[!missing.length, `Still to enter: ${missing.join(", ")}.`],
        [draft.other || draft.card, "Tap the card that turned up."]],
        () => ({ card: draft.other ? faceData(draft.face) : { id: draft.card } }));
    };

    const cardButton = (id) => {
      const face = cardOf(ctx, id);
      const on = draft.card === id && !draft.other;
      return h("button", { type: "button", class: `aa-reveal-card${on ? " is-on" : ""}`, "aria-pressed": String(on),
        dataset: { card: id, focusKey: `aa-reveal:${id}` },
        onclick: () => view.set({ card: draft.card === id ? null : id, other: false }, `aa-reveal:${id}`) },
      h("span", { class: "aa-reveal-head" }, h("span", { class: "aa-card-id" }, id), face && face.name ? ` · ${face.name}` : ""),
      h("span", { class: "aa-reveal-route" }, face ? `${face.dep} → ${face.arr}` : "face not known"),
      face ? h("span", { class: "aa-reveal-sub" }, `${milesText(face.miles)} mi · ${face.cls === "FIRST" ? "First" : "Economy"}`,
        face.trio ? ` · ${face.trio}` : "") : null);
    };

    // Many cards: narrowed by the departure's area (a tap that only changes what is shown).
    const boardPart = () => (!offered.length ? null : h("div", { class: "aa-reveal-board" },
      many ? choices(view, { legend: "Departs from", listClass: "aa-reveal-areas",
        items: [null, ...AREAS.filter((area) => departsFrom(area).length)], // null: any area
        key: (area) => `aa-reveal-area:${area || "all"}`, label: (area) => (area ? `Area ${area}` : "Any area"),
        sub: (area) => plural(area ? departsFrom(area).length : offered.length, "card"), data: (area) => ({ area: area || "" }),
        pressed: (area) => (area ? draft.area === area : !draft.area),
        pick: (area, key) => { draft.area = area; view.redraw(key); } }) : null,
      h("div", { class: "aa-reveal-cards", role: "group", "aria-label": "The board's cards that may turn up" },
        (draft.area ? departsFrom(draft.area) : offered).map(cardButton))));

    const otherPart = () => {
      if (complete || (!draft.other && !offered.length)) return null;
      if (!draft.other) {
        return h("div", { class: "pa-pick-opts aa-reveal-other-btn" }, option({ label: "Another card", sub: "not on the board yet: spell it out",
          focusKey: "aa-reveal-other", className: "aa-reveal-other", onclick: () => view.set({ other: true, card: null }, "aa-reveal-other") }));
      }
      return h("div", { class: "aa-reveal-new" },
        h("h4", {}, offered.length ? "Another card" : "The card that turned up"),
        hint("Read it off the card: its face is kept for the rest of the game."),
        offered.length ? h("div", { class: "pa-pick-opts" }, option({ label: "Back to the board's cards", focusKey: "aa-reveal-back",
          onclick: () => view.set({ other: false }, "aa-reveal-back") })) : null,
        faceBuilder({ face: draft.face, changed: view.clear, keyPrefix: "aa-reveal-face" }));
    };

    const chosen = draft.card && !draft.other ? cardOf(ctx, draft.card) : null;
    const recordText = draft.other ? `Reveal ${String(draft.face.id || "").trim() || "this card"}`
      : draft.card ? `Reveal ${draft.card}` : "Reveal the card";
    return [
      status(space ? `A Passenger Card fills space ${space} of the Baggage Claim Area.` : "A Passenger Card turns up.",
        offered.length ? ` Tap it: ${offered.length === 1 ? "one card" : `${offered.length} cards`} ${state.reshuffled ? "shuffled back" : "of the board"} may turn up.` : ""),
      !offered.length && complete ? none("Every card of the board has turned up.") : null,
      boardPart(),
      otherPart(),
      chosen ? h("div", { class: "aa-reveal-chosen" }, h("span", { class: "aa-label" }, "Turns up"), cardView(draft.card, chosen)) : null,
      offered.length || draft.other ? aaFoot(ctx, submit, recordText) : null,
    ];
  });
}

// ------------------------------------------------------------- the board's facts

const BOARD_SECTIONS = ["landable", "special", "passes"];
const BOARD_FRAME = { picker: "board-declared", heading: "Board facts declared", fallback: "Type the facts instead", more: "aa-pick-board" };

/** What `board_declared` declares, taken from a saved board's data: its non-empty sections. */
function boardFacts(data) {
  return Object.fromEntries(BOARD_SECTIONS
    .filter((key) => data && data[key] && typeof data[key] === "object" && Object.keys(data[key]).length)
    .map((key) => [key, data[key]]));
}

/** The facts of that kind the game's own board holds (the registry's entries whose origin is
 * the board: `declared["landable:A4" | "special:red" | "pass:red:0"]`), a Boarding Pass only
 * when its three slots are known. */
function gameBoardFacts(state) {
  const out = { landable: dict(), special: dict(), passes: dict() };
  const slots = dict();
  for (const [key, entry] of Object.entries(state.declared || {})) {
    if (!entry || entry.at !== "board") continue;
    const [kind, name, slot] = key.split(":");
    if (kind === "landable") out.landable[name] = entry.value;
    else if (kind === "special") out.special[name] = entry.value;
    else if (kind === "pass" && /^[0-2]$/.test(slot || "")) (slots[name] ||= [null, null, null])[Number(slot)] = entry.value;
  }
  for (const [colour, list] of Object.entries(slots)) if (list.every(Array.isArray)) out.passes[colour] = list;
  return boardFacts(out);
}

/** Whether a fact board_declared declares is still unknown for the colours in play (as the
 * engine asks: setup_phase.board_facts_due). */
function factsDue(state) {
  const declared = state.declared || {};
  const colours = Object.values(state.players || {}).map((p) => p.colour).filter(Boolean);
  const keys = [...AREAS.flatMap((area) => [4, 5, 6].map((n) => `landable:${area}${n}`)),
    ...colours.flatMap((c) => [`special:${c}`, ...[0, 1, 2].map((slot) => `pass:${c}:${slot}`)])];
  return keys.some((key) => !(key in declared));
}

/** "12 V airports’ colours, 4 special airports, 4 Boarding Passes". */
function factsText(facts) {
  const n = (key) => Object.keys(facts[key] || {}).length;
  return [n("landable") ? `${n("landable")} V airports’ colours` : null, n("special") ? plural(n("special"), "special airport") : null,
    n("passes") ? plural(n("passes"), "Boarding Pass") : null].filter(Boolean).join(", ");
}

/** On a game recorded on a saved board, whose board holds these facts already: they are read
 * out at the table and declared as the board has them, in one tap (they must agree with it). */
function gameBoardPicker(ctx, facts) {
  return aaFrame(ctx, BOARD_FRAME, (view) => [
    status("This game’s board already holds the facts the rulebook does not print: ", h("strong", {}, factsText(facts)), "."),
    hint("Nothing is needed; record this only if the table read them out at the set-up."),
    aaFoot(ctx, () => view.record([], facts), "Declare the board’s facts"),
  ]);
}

/** The board facts the rulebook does not print (the colours each V airport takes, the special
 * airports, the Boarding Passes' icons): on a saved board, those it holds, in one tap; for a
 * game started without one, declared in one go from a board saved in the board editor, never
 * typed and never empty. */
function boardDeclaredPicker(ctx) {
  const state = ctx.state || {};
  const own = gameBoardFacts(state);
  if (Object.keys(own).length && !factsDue(state)) return gameBoardPicker(ctx, own);
  const draft = ctx.draft;
  const nameOf = (id) => ((draft.boards || []).find((b) => b.id === id) || {}).name || "the board";
  let loaded = null; // draws again once the saved boards are listed

  const root = aaFrame(ctx, BOARD_FRAME, (view) => {
    loaded = () => view.redraw();
    const submit = async () => {
      view.clear();
      if (!draft.board) return view.problem("Choose the board this game is played on.");
      let data;
      try {
        const response = await fetch(`/api/boards/${encodeURIComponent(draft.board)}`, { headers: { Accept: "application/json" } });
        if (!response.ok) throw new Error(String(response.status));
        data = boardFacts((await response.json()).data);
      } catch {
        return view.problem("Could not read that board from the server: try again.");
      }
      if (!Object.keys(data).length) {
        return view.problem(`${nameOf(draft.board)} holds no airport colours, special airports or Boarding Passes to declare.`);
      }
      return ctx.record(data);
    };
    const boards = draft.boards;
    return [
      status("This game was started without a saved board. Declare the colours each V airport "
        + "takes, the special airports and the Boarding Passes from a board you saved:"),
      boards === undefined ? h("p", { class: "muted" }, "Loading the saved boards…")
        : boards.length ? choices(view, { legend: "Saved boards", items: boards, field: "board", value: (board) => board.id,
          key: (board) => `aa-board:${board.id}`, label: (board) => board.name, sub: (board) => plural(board.facts || 0, "fact"),
          data: (board) => ({ board: board.id }) })
          : h("p", { class: "notice" }, "No Air Alliance board is saved yet: ",
            h("a", { href: "/boards/new?engine=air-alliance", target: "_blank", rel: "noopener" }, "make one in the board editor"),
            ", then come back and declare it here."),
      boards && boards.length
        ? aaFoot(ctx, submit, draft.board ? `Declare the facts of ${nameOf(draft.board)}` : "Declare the board's facts") : null,
    ];
  });
  if (draft.boards === undefined) {
    fetch("/api/boards?engine=air-alliance&limit=50", { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? response.json() : { boards: [] }))
      .catch(() => ({ boards: [] }))
      .then((body) => {
        draft.boards = body.boards || [];
        loaded();
      });
  }
  return root;
}

export const pickers = {
  board_declared: boardDeclaredPicker,
  planes_placed: planesPicker,
  card_revealed: revealPicker,
  marker_placed: markerPicker,
  passenger_gained: gainPicker,
  alliance_formed: alliancePicker,
  boarding_pass_updated: placementPicker,
  cancellations_claimed: claimsPicker,
  phase1_ended: phase1Picker,
};
