// Pan Am's board editor: the board file of engines/pan_am/board.py (its shape is
// docs/formats/pan-am-board-v1.schema.json), read off the box. Names and numbers are typed
// (a city's name, a card's name, the cost printed on a space); everything else is tapped: a
// city's region, a route's two cities and its distance, a card's round, its Stock Price
// change, a Directive's phase and step, the "every one in the box" switches. What the rules
// rule out is made hard to enter (a route from a city to itself, a city twice, a step of
// another phase, a Destination card without a region), but the server judges the board:
// what a refused save names is shown beside the entry (ctx.problems).
//
// The module contract is at the top of ./index.js. Classes pa-be-* (static/css/boards/pan-am.css),
// beside the recording page's pa-pick-* buttons (static/css/record.css).

import { fill, h } from "../../dom.js";
import { refocus } from "../../record/engines/picker-kit.js";

const REGIONS = ["ASIA", "EUROPE", "NORTH_AMERICA", "PACIFIC", "SOUTH_AMERICA"];
const REGION_NAME = { ASIA: "Asia", EUROPE: "Europe", NORTH_AMERICA: "North America", PACIFIC: "Pacific", SOUTH_AMERICA: "South America" };
const PLANES = ["TRIMOTOR", "CLIPPER", "CRUISER", "JET"];
const PLANE_NAME = { TRIMOTOR: "Trimotor", CLIPPER: "Clipper", CRUISER: "Cruiser", JET: "Jet" };
const SLOTS = ["1", "2", "3", "4"];
const PATHS = ["SA", "EU", "AP"];
const PATH_NAME = { SA: "South American path", EU: "European path", AP: "Asian-Pacific path" };
const ORIGINS = ["Miami", "Rome"]; // the rules profile's origin: Miami, or Rome (the Alternate Rule)
const AREA_NAME = { A: "Airports", B: "Destinations", C: "Planes", D: "Routes", E: "Directives" };
const PHASES = [
  ["EVENT", "Event phase", [["REVEAL", "Reveal"], ["STOCK_PRICE", "Stock Price"]]],
  ["ENGINEER", "Engineer phase", [["PRIORITY_ACCESS", "Priority Access"], ["ASSIGNMENT", "Assignment"]]],
  ["RESOLUTION", "Resolution phase", ["A", "B", "C", "D", "E"].map((a) => [a, `${a}. ${AREA_NAME[a]}`])],
  ["PAN_AM", "Pan Am phase", [["EXPANSION", "Expansion"], ["INCOME", "Income"], ["STOCK", "Stock"]]],
];
const PHASE_NAME = Object.fromEntries(PHASES.map(([p, name]) => [p, name]));
const STEP_NAME = Object.fromEntries(PHASES.flatMap(([, , steps]) => steps));
const OPS = [["up", "▲ Up", "by one"], ["down", "▼ Down", "by one"], ["set", "Set", "to a price"]];
// What a board may say a Directive always does (engines/pan_am/board_schema.py BOARD_EFFECT_FIELDS).
const EFFECTS = [
  ["money", "Money"], ["income", "Income"], ["stock", "Stock"], ["stock_price", "Stock Price"], ["die_rolls", "Die rolls"],
  ["draw_directive", "Draw Directives"], ["gain_plane", "Gain a plane"], ["peek", "Peek"], ["text", "Other (words)"],
];
const EFFECT_NAME = Object.fromEntries(EFFECTS);
const EVERYONE = ["money", "income", "stock"];
// The sections a "complete" switch may name, with what the switch says.
const WHOLE = {
  cities: "This is every city on the map",
  routes: "These are all the routes on the map",
  paths: "These are every route of every path, in order",
  tracks: "These are all the Airport tracks (A) on the board",
  destination_cards: "These are all 50 Destination cards",
  event_cards: "These are all 28 Event cards",
  directive_cards: "These are all the Directive cards in the box",
};
const COMPLETABLE = Object.keys(WHOLE);
const LEGACY_COMPLETE = ["cities", "routes", "paths", "tracks"];
const SECTIONS = ["cities", "routes", "paths", "path_members", "tracks", "work_sites", "stock_price_track",
  "destination_cards", "event_cards", "directive_cards"];

const regionName = (r) => REGION_NAME[r] || String(r || "no region");
const regionClass = (r) => `pa-be-r-${REGIONS.includes(r) ? r.toLowerCase() : "none"}`;
const routeName = (a, b) => `${a}–${b}`;
const pairKey = (a, b) => [a, b].sort().join("|");
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const has = (o, k) => Object.prototype.hasOwnProperty.call(o || {}, k);

let current = null; // the board last mounted, so that fieldLabel can name entries
let ui = null; // what is being entered but not yet part of the board (a route's first city, the open entry)
const signs = new WeakMap(); // an effect's sign (gains or loses) chosen before its amount is typed

export function empty() {
  return {};
}

export function mount(root, ctx) {
  if (!ui || ui.data !== ctx.data) ui = freshUi(ctx.data);
  current = ctx.data;
  new Editor(root, ctx).start();
}

function freshUi(data) {
  return { data, newCity: "", openCity: null, confirmCity: null, routeA: null, routeB: null, openRoute: null,
    origin: Object.keys(data.paths || {})[0] || Object.keys(data.path_members || {})[0] || ORIGINS[0], pathAdd: null, note: {}, effectsOpen: new WeakSet() };
}

/** One short line for the save bar. */
export function summary(data) {
  const d = data || {};
  const parts = [];
  const cities = Object.keys(d.cities || {}).length;
  if (cities) parts.push(plural(cities, "city", "cities"));
  if ((d.routes || []).length) parts.push(plural(d.routes.length, "route"));
  const tracks = Object.values(d.tracks || {}).reduce((n, area) => n + Object.keys(area || {}).length, 0);
  if (tracks) parts.push(plural(tracks, "track"));
  const cards = [];
  if ((d.destination_cards || []).length) cards.push(`${d.destination_cards.length} Destination`);
  if ((d.event_cards || []).length) cards.push(`${d.event_cards.length} Event`);
  if ((d.directive_cards || []).length) cards.push(`${d.directive_cards.length} Directive`);
  if (cards.length) parts.push(`${cards.join(", ")} cards`);
  return parts.length ? parts.join(" · ") : "Nothing typed in yet";
}

/** A field path of a refused save in words: "routes.2" -> "Route 3 (Lisbon–Horta)". */
export function fieldLabel(path) {
  const d = current || {};
  const text = String(path || "");
  const [section] = text.split(".");
  const rest = text.slice(section.length + 1);
  const parts = rest ? rest.split(".") : [];
  const nth = (i) => Number(i) + 1;
  switch (section) {
    case "cities": {
      const city = rest.replace(/\.(value|key)$/, "");
      return city ? `City ${city}` : "Cities";
    }
    case "routes": {
      if (!parts.length) return "Routes";
      const route = (d.routes || [])[Number(parts[0])];
      return `Route ${nth(parts[0])}${route ? ` (${routeName(route[0], route[1])})` : ""}`;
    }
    case "paths":
    case "path_members": {
      const at = parts.findIndex((p) => PATHS.includes(p));
      if (at < 0) return section === "paths" ? `Expansion paths${rest ? ` from ${rest}` : ""}` : "Routes on a path";
      const origin = parts.slice(0, at).join(".");
      const where = `the ${PATH_NAME[parts[at]]} from ${origin}`;
      const index = parts[at + 1];
      if (index === undefined) return `${where[0].toUpperCase()}${where.slice(1)}`;
      return section === "paths" ? `Route ${nth(index)} of ${where}` : `A route on ${where} (place not known), ${nth(index)}`;
    }
    case "tracks": {
      const [area, track] = parts;
      if (!area) return "Bidding tracks";
      if (track === undefined) return `The ${AREA_NAME[area] || area} (${area}) tracks`;
      if (area === "A") return `Airport track ${track}`;
      if (area === "B") return `Destinations track under card ${track}`;
      return `${PLANE_NAME[track] || track} track`;
    }
    case "work_sites":
      return parts[0] ? `${AREA_NAME[parts[0]] || parts[0]} (${parts[0]}) work site` : "Work sites";
    case "stock_price_track":
      return parts[0] === "min" ? "Stock Price track: lowest price" : parts[0] === "max" ? "Stock Price track: highest price" : "Stock Price track";
    case "destination_cards": {
      if (!parts.length) return "Destination cards";
      const city = (d.destination_cards || [])[Number(parts[0])];
      return `Destination card${city ? ` of ${city}` : ` ${nth(parts[0])}`}`;
    }
    case "event_cards":
    case "directive_cards": {
      const kind = section === "event_cards" ? "Event card" : "Directive card";
      if (!parts.length) return `${kind}s`;
      const card = (d[section] || [])[Number(parts[0])];
      const named = card && card.name ? ` “${card.name}”` : "";
      const what = { name: "name", round: "round", stock_adjustment: "Stock Price change", die_rolls: "die rolls", text: "text",
        timing: "phase and step", area: "area", effects: "what it always does" }[parts[1]];
      return `${kind} ${nth(parts[0])}${named}${what ? `: ${what}` : ""}`;
    }
    case "complete": {
      const named = (d.complete || [])[Number(parts[0])];
      return named && WHOLE[named] ? `The switch “${WHOLE[named]}”` : "The “every one in the box” switches";
    }
    default:
      return text;
  }
}

// ------------------------------------------------------------------ the editor

class Editor {
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.data = ctx.data;
    this.kit = ctx.kit;
    this.slots = {};
  }

  start() {
    // A file written before the "complete" marker: its map sections are complete (board_schema.py).
    if (!has(this.data, "complete") && SECTIONS.some((s) => has(this.data, s))) {
      this.data.complete = LEGACY_COMPLETE.filter((s) => has(this.data, s) && (s !== "tracks" || has(this.data.tracks, "A")));
    }
    const order = [
      ["cities", "Cities"], ["routes", "Routes"], ["tracks", "Bidding tracks"], ["numbers", "Work sites, Stock Price"],
      ["destination_cards", "Destination cards"], ["event_cards", "Event cards"], ["directive_cards", "Directive cards"],
      ["paths", "Expansion paths"],
    ];
    for (const [name] of order) this.slots[name] = h("div", { class: "pa-be-slot", id: `pa-be-${name}` });
    const more = h("details", { class: "pa-be-more", id: "pa-be-more", open: has(this.data, "paths") || has(this.data, "path_members")
      || this.ctx.problems("paths").length > 0 || this.ctx.problems("path_members").length > 0 },
    h("summary", {}, "More: Pan Am’s expansion paths", h("span", { class: "muted small" }, " (rarely needed)")),
    this.slots.paths);
    fill(this.root,
      h("nav", { class: "pa-be-jump", "aria-label": "Sections of the board" },
        order.map(([name, label]) => h("a", { href: `#pa-be-${name}`, onclick: name === "paths" ? () => { more.open = true; } : null }, label))),
      order.filter(([name]) => name !== "paths").map(([name]) => this.slots[name]),
      more);
    this.draw(Object.keys(this.slots));
  }

  draw(names, focusKey = null) {
    const builders = {
      cities: () => this.citiesSection(), routes: () => this.routesSection(), tracks: () => this.tracksSection(),
      numbers: () => this.numbersSection(), destination_cards: () => this.destinationsSection(),
      event_cards: () => this.eventsSection(), directive_cards: () => this.directivesSection(), paths: () => this.pathsSection(),
    };
    for (const name of names) if (this.slots[name]) fill(this.slots[name], builders[name]());
    refocus(this.root, focusKey);
  }

  /** After every change: tidy the file, keep the draft, redraw what shows it. */
  changed(names = [], focusKey = null) {
    tidy(this.data);
    this.ctx.changed();
    this.draw(names, focusKey);
  }

  problems(prefix) {
    return this.ctx.problems(prefix);
  }

  exactly(field) {
    return this.ctx.problems(field).filter((p) => p.field === field);
  }

  notes(problems) {
    return this.kit.problemNotes(problems);
  }

  // ------------------------------------------------------------ shared pieces

  /** The "every one in the box" switch of a section (disabled while the section is empty). */
  wholeSwitch(section, redraw) {
    const held = has(this.data, section) && (section !== "tracks" || has(this.data.tracks, "A"));
    const on = (this.data.complete || []).includes(section);
    const i = (this.data.complete || []).indexOf(section);
    const input = h("input", { type: "checkbox", role: "switch", class: "pa-be-switch-input", disabled: !held && !on,
      dataset: { focusKey: `pa-be-whole:${section}`, whole: section },
      onchange: (event) => {
        const list = (this.data.complete ||= []);
        const at = list.indexOf(section);
        if (event.target.checked && at < 0) list.push(section);
        if (!event.target.checked && at >= 0) list.splice(at, 1);
        this.changed(redraw, `pa-be-whole:${section}`);
      } });
    input.checked = on;
    return h("div", { class: "pa-be-whole" },
      h("label", { class: "pa-be-switch" }, input, h("span", { class: "pa-be-switch-track", "aria-hidden": "true" }),
        h("span", { class: "pa-be-switch-text" }, WHOLE[section])),
      h("p", { class: "muted small pa-be-whole-help" }, on
        ? "The rules then refuse anything not listed here."
        : held ? "Leave it off while you have not typed them all: what is listed is still checked." : "Add some first."),
      i >= 0 ? this.notes(this.problems(`complete.${i}`)) : null);
  }

  /** Region chips: tapping one calls onpick(region). */
  regionChips({ legend, value = null, onpick, keyPrefix, sub = null, disabled = false }) {
    return this.kit.group(legend, h("div", { class: "pa-pick-opts pa-be-regions" }, REGIONS.map((r) => this.kit.option({
      label: [h("span", { class: `pa-be-dot ${regionClass(r)}`, "aria-hidden": "true" }), regionName(r)],
      sub, pressed: value === null ? undefined : value === r, disabled, focusKey: `${keyPrefix}:${r}`,
      className: `pa-be-region ${regionClass(r)}`, data: { region: r }, onclick: () => onpick(r),
    }))));
  }

  /** The known cities as chips, by region. `state(city)` -> {pressed?, disabled?, sub?, problem?}. */
  cityChips({ cities, state = () => ({}), onpick, keyPrefix, empty = "No city yet: add them under Cities." }) {
    if (!cities.length) return h("p", { class: "muted small" }, empty);
    const byRegion = new Map();
    for (const [city, region] of cities) {
      const key = REGIONS.includes(region) ? region : "";
      if (!byRegion.has(key)) byRegion.set(key, []);
      byRegion.get(key).push(city);
    }
    const keys = [...REGIONS, ""].filter((r) => byRegion.has(r));
    return h("div", { class: "pa-be-by-region" }, keys.map((region) => h("div", { class: `pa-be-region-group ${regionClass(region)}` },
      h("p", { class: "pa-be-region-head" }, h("span", { class: `pa-be-dot ${regionClass(region)}`, "aria-hidden": "true" }),
        region ? regionName(region) : "Not on the map", h("span", { class: "muted pa-be-n" }, `· ${byRegion.get(region).length}`)),
      h("div", { class: "pa-pick-opts pa-be-cities" }, byRegion.get(region).flatMap((city) => {
        const s = state(city) || {};
        const chip = this.kit.option({ label: city, sub: s.sub || null, pressed: s.pressed, disabled: Boolean(s.disabled),
          focusKey: `${keyPrefix}:${city}`, className: `pa-be-city ${regionClass(region)}${s.problem ? " is-problem" : ""}`,
          data: { city }, onclick: () => onpick(city) });
        return [chip, s.after || null];
      })))));
  }

  cityList() {
    return Object.entries(this.data.cities || {});
  }

  // ------------------------------------------------------------------ cities

  citiesSection() {
    const cities = this.cityList();
    const status = noteLine("pa-be-city-note", ui.note.cities);
    const add = (region) => {
      const name = ui.newCity.trim().replace(/\s+/g, " ");
      ui.note.cities = "";
      if (!name) {
        ui.note.cities = warn("Type the city’s name first, then tap its region.");
        this.draw(["cities"], "pa-be-city-new");
        return;
      }
      const same = Object.keys(this.data.cities || {}).find((c) => c.toLowerCase() === name.toLowerCase());
      if (same) {
        ui.note.cities = warn(`${same} is already on the map (${regionName(this.data.cities[same])}).`);
        this.draw(["cities"], "pa-be-city-new");
        return;
      }
      (this.data.cities ||= {})[name] = region;
      ui.newCity = "";
      ui.note.cities = `Added ${name} (${regionName(region)}).`;
      this.changed(["cities", "routes", "destination_cards", "paths"], "pa-be-city-new");
    };
    const nameField = this.kit.textField({ label: "City name, as the board prints it", value: ui.newCity, key: "pa-be-city-new",
      maxlength: 100, placeholder: "Lisbon", onchange: (v) => { ui.newCity = v; } });
    nameField.querySelector("input").setAttribute("autocapitalize", "words");
    nameField.querySelector("input").setAttribute("enterkeyhint", "done");
    const open = ui.openCity && has(this.data.cities, ui.openCity) ? ui.openCity : null;
    const chips = this.cityChips({
      cities, keyPrefix: "pa-be-city",
      state: (city) => {
        const problems = this.problems(`cities.${city}`);
        const after = city === open ? this.cityEditor(city) : problems.length ? this.notes(problems) : null;
        return { pressed: city === open, problem: problems.length > 0, after };
      },
      onpick: (city) => { ui.openCity = ui.openCity === city ? null : city; ui.confirmCity = null; this.draw(["cities"], `pa-be-city:${city}`); },
      empty: "No city yet.",
    });
    return this.kit.section("Cities", "Type a city’s name, then tap its region: it is added. Tap a city below to change or remove it.",
      h("div", { class: "pa-be-add", dataset: { add: "city" } },
        nameField,
        this.regionChips({ legend: "Its region (tap to add the city)", onpick: add, keyPrefix: "pa-be-city-add" }),
        status),
      this.notes(this.exactly("cities")),
      h("h3", { class: "pa-be-count" }, "On the map", h("span", { class: "muted small" }, ` · ${plural(cities.length, "city", "cities")}`)),
      chips,
      this.wholeSwitch("cities", ["cities", "routes"]));
  }

  cityEditor(city) {
    const region = this.data.cities[city];
    const uses = cityUses(this.data, city);
    const field = this.kit.textField({ label: `Rename ${city}`, value: city, key: `pa-be-city-name:${city}`, maxlength: 100,
      onchange: () => {} });
    const input = field.querySelector("input");
    input.addEventListener("change", () => {
      const name = input.value.trim().replace(/\s+/g, " ");
      if (!name || name === city) { input.value = city; return; }
      if (Object.keys(this.data.cities).some((c) => c !== city && c.toLowerCase() === name.toLowerCase())) {
        ui.note.cities = warn(`${name} is already on the map: ${city} keeps its name.`);
        this.draw(["cities"], `pa-be-city-name:${city}`);
        return;
      }
      renameCity(this.data, city, name);
      ui.openCity = name;
      ui.note.cities = `${city} is now ${name}${uses.total ? " (its routes and card too)" : ""}.`;
      this.changed(["cities", "routes", "destination_cards", "paths"], `pa-be-city-name:${name}`);
    });
    const confirming = ui.confirmCity === city;
    const goes = [uses.routes ? plural(uses.routes, "route") : "", uses.card ? "its Destination card" : "",
      uses.paths ? plural(uses.paths, "place on a path", "places on the paths") : ""].filter(Boolean);
    return h("div", { class: "pa-be-open", dataset: { open: city } },
      this.notes(this.problems(`cities.${city}`)),
      field,
      this.regionChips({ legend: `${city}’s region`, value: region, keyPrefix: `pa-be-city-region:${city}`,
        onpick: (r) => { this.data.cities[city] = r; this.changed(["cities", "destination_cards"], `pa-be-city-region:${city}:${r}`); } }),
      h("div", { class: "pa-be-open-foot" },
        h("button", { type: "button", class: `secondary${confirming ? " danger" : ""}`, dataset: { focusKey: `pa-be-city-remove:${city}` },
          onclick: () => {
            if (goes.length && !confirming) { ui.confirmCity = city; this.draw(["cities"], `pa-be-city-remove:${city}`); return; }
            removeCity(this.data, city);
            ui.openCity = null;
            ui.confirmCity = null;
            ui.note.cities = `Removed ${city}${goes.length ? ` and ${goes.join(", ")}` : ""}.`;
            this.changed(["cities", "routes", "destination_cards", "paths"], "pa-be-city-new");
          } }, confirming ? `Tap again: remove ${city} and ${goes.join(", ")}` : `Remove ${city}`),
        h("button", { type: "button", class: "secondary", dataset: { focusKey: `pa-be-city-done:${city}` },
          onclick: () => { ui.openCity = null; ui.confirmCity = null; this.draw(["cities"], `pa-be-city:${city}`); } }, "Done")));
  }

  // ------------------------------------------------------------------ routes

  routesSection() {
    const routes = this.data.routes || [];
    const cities = this.cityList();
    const regionOf = (c) => (this.data.cities || {})[c];
    const joined = new Set(routes.map(([a, b]) => pairKey(a, b)));
    const status = noteLine("pa-be-route-note", ui.note.routes);
    const a = ui.routeA && has(this.data.cities, ui.routeA) ? ui.routeA : null;
    const b = a && ui.routeB && has(this.data.cities, ui.routeB) && ui.routeB !== a ? ui.routeB : null;
    const step = (text) => h("p", { class: "pa-be-step", tabindex: "-1", dataset: { focusKey: "pa-be-route-step" } }, text);
    const chosen = (label, city, onchange, key) => h("div", { class: "pa-be-chosen" },
      h("span", {}, `${label}: `, h("span", { class: `pa-be-dot ${regionClass(regionOf(city))}`, "aria-hidden": "true" }), h("strong", {}, city)),
      h("button", { type: "button", class: "secondary pa-be-change", dataset: { focusKey: key }, onclick: onchange }, "Change"));
    let adder;
    if (!a) {
      adder = [step("Tap the city the route starts from."),
        this.cityChips({ cities, keyPrefix: "pa-be-route-a", onpick: (city) => {
          ui.routeA = city; ui.routeB = null; ui.note.routes = ""; this.draw(["routes"], "pa-be-route-step"); } })];
    } else if (!b) {
      adder = [chosen("From", a, () => { ui.routeA = null; this.draw(["routes"], "pa-be-route-step"); }, "pa-be-route-change-a"),
        step(`Tap the city at the other end of the route from ${a}.`),
        this.cityChips({ cities: cities.filter(([c]) => c !== a), keyPrefix: "pa-be-route-b",
          state: (city) => (joined.has(pairKey(a, city)) ? { disabled: true, sub: "already a route" } : {}),
          onpick: (city) => { ui.routeB = city; ui.note.routes = ""; this.draw(["routes"], "pa-be-route-step"); } })];
    } else {
      const put = (distance) => {
        (this.data.routes ||= []).push([a, b, distance]);
        ui.routeB = null;
        ui.note.routes = `Added ${routeName(a, b)}, distance ${distance === null ? "not known" : distance}. Tap another city from ${a}, or Change.`;
        this.changed(["routes", "paths"], "pa-be-route-step");
      };
      adder = [chosen("From", a, () => { ui.routeA = null; ui.routeB = null; this.draw(["routes"], "pa-be-route-step"); }, "pa-be-route-change-a"),
        chosen("To", b, () => { ui.routeB = null; this.draw(["routes"], "pa-be-route-step"); }, "pa-be-route-change-b"),
        step(`Tap the distance of ${routeName(a, b)} (the number on the route): it is added.`),
        this.distanceChips({ value: undefined, keyPrefix: "pa-be-route-distance", onpick: put })];
    }
    const open = ui.openRoute !== null && ui.openRoute < routes.length ? ui.openRoute : null;
    const list = routes.length ? h("div", { class: "pa-pick-opts pa-be-routes" }, routes.flatMap(([x, y, distance], i) => {
      const problems = this.problems(`routes.${i}`);
      const chip = this.kit.option({ label: routeName(x, y), sub: distance === null ? "distance ?" : `distance ${distance}`,
        pressed: open === i, focusKey: `pa-be-route:${i}`, className: `pa-be-route${problems.length ? " is-problem" : ""}`,
        data: { route: String(i) }, onclick: () => { ui.openRoute = open === i ? null : i; this.draw(["routes"], `pa-be-route:${i}`); } });
      return [chip, open === i ? this.routeEditor(i) : problems.length ? this.notes(problems) : null];
    })) : h("p", { class: "muted small" }, "No route yet.");
    return this.kit.section("Routes", "A route is a line between two cities with its distance (1 to 4). Tap its two cities, then its distance.",
      h("div", { class: "pa-be-add", dataset: { add: "route" } }, status, adder),
      this.notes(this.exactly("routes")),
      h("h3", { class: "pa-be-count" }, "On the map", h("span", { class: "muted small" }, ` · ${plural(routes.length, "route")}`)),
      list,
      this.wholeSwitch("routes", ["routes", "paths"]));
  }

  distanceChips({ value, keyPrefix, onpick }) {
    return this.kit.group("Distance", h("div", { class: "pa-pick-opts pa-be-distances" },
      [1, 2, 3, 4, null].map((d) => this.kit.option({ label: d === null ? "?" : String(d), sub: d === null ? "not known" : null,
        pressed: value === undefined ? undefined : value === d, focusKey: `${keyPrefix}:${d}`, className: "pa-pick-num",
        data: { distance: d === null ? "unknown" : String(d) }, onclick: () => onpick(d) }))));
  }

  routeEditor(i) {
    const route = this.data.routes[i];
    return h("div", { class: "pa-be-open", dataset: { open: `route-${i}` } },
      this.notes(this.problems(`routes.${i}`)),
      this.distanceChips({ value: route[2], keyPrefix: `pa-be-route-set:${i}`, onpick: (d) => {
        route[2] = d; this.changed(["routes"], `pa-be-route-set:${i}:${d}`); } }),
      h("div", { class: "pa-be-open-foot" },
        h("button", { type: "button", class: "secondary", dataset: { focusKey: `pa-be-route-remove:${i}` }, onclick: () => {
          this.data.routes.splice(i, 1);
          ui.openRoute = null;
          ui.note.routes = `Removed ${routeName(route[0], route[1])}.`;
          this.changed(["routes", "paths"], "pa-be-route-step");
        } }, `Remove ${routeName(route[0], route[1])}`),
        h("button", { type: "button", class: "secondary", onclick: () => { ui.openRoute = null; this.draw(["routes"], `pa-be-route:${i}`); } }, "Done")));
  }

  // ------------------------------------------------------------------ tracks

  tracksSection() {
    const tracks = this.data.tracks || {};
    const aKeys = Object.keys(tracks.A || {}).sort((x, y) => Number(x) - Number(y));
    const addA = () => {
      const next = String((aKeys.length ? Number(aKeys[aKeys.length - 1]) : 0) + 1);
      ((this.data.tracks ||= {}).A ||= {})[next] = [null, null, null, null];
      this.changed(["tracks"], `pa-be-cost:A:${next}:0`);
    };
    const removeA = () => {
      const last = aKeys[aKeys.length - 1];
      delete this.data.tracks.A[last];
      this.changed(["tracks"], "pa-be-track-add");
    };
    const head = h("div", { class: "pa-be-cost-head", "aria-hidden": "true" }, h("span", { class: "pa-be-cost-name" }, "Space"), SLOTS.map((s) => h("span", {}, s)));
    return this.kit.section("Bidding tracks", "The cost printed on each space, space 1 (the lowest) first. Leave a space blank if you cannot read it.",
      this.notes(this.exactly("tracks")),
      h("section", { class: "pa-be-area", dataset: { area: "A" } },
        h("h3", {}, h("span", { class: "pa-pick-letter", "aria-hidden": "true" }, "A"), "Airports"),
        this.notes(this.exactly("tracks.A")),
        aKeys.length ? [head, aKeys.map((key) => this.costRow("A", key, `Track ${key}`))] : h("p", { class: "muted small" }, "No Airport track yet."),
        h("div", { class: "pa-be-row-actions" },
          h("button", { type: "button", class: "be-add", dataset: { focusKey: "pa-be-track-add" }, onclick: addA },
            aKeys.length ? `Add Airport track ${Number(aKeys[aKeys.length - 1]) + 1}` : "Add Airport track 1"),
          aKeys.length ? h("button", { type: "button", class: "secondary", onclick: removeA }, `Remove track ${aKeys[aKeys.length - 1]}`) : null),
        this.wholeSwitch("tracks", ["tracks"])),
      h("section", { class: "pa-be-area", dataset: { area: "B" } },
        h("h3", {}, h("span", { class: "pa-pick-letter", "aria-hidden": "true" }, "B"), "Destinations"),
        h("p", { class: "muted small pa-be-area-help" }, "One track under each of the four display cards."),
        this.notes(this.exactly("tracks.B")),
        head.cloneNode(true), SLOTS.map((slot) => this.costRow("B", slot, `Card ${slot}`))),
      h("section", { class: "pa-be-area", dataset: { area: "C" } },
        h("h3", {}, h("span", { class: "pa-pick-letter", "aria-hidden": "true" }, "C"), "Planes"),
        this.notes(this.exactly("tracks.C")),
        head.cloneNode(true), PLANES.map((plane) => this.costRow("C", plane, PLANE_NAME[plane]))));
  }

  costRow(area, key, label) {
    const costs = ((this.data.tracks || {})[area] || {})[key] || [null, null, null, null];
    const name = area === "A" ? `Airport track ${key}` : area === "B" ? `Destinations card ${key} track` : `${label} track`;
    const inputs = SLOTS.map((slot, i) => h("input", {
      type: "text", inputmode: "numeric", pattern: "[0-9]*", maxlength: "3", enterkeyhint: "next", autocomplete: "off",
      class: "pa-be-cost", value: costs[i] === null || costs[i] === undefined ? "" : String(costs[i]),
      "aria-label": `${name}, space ${slot}: cost`, dataset: { focusKey: `pa-be-cost:${area}:${key}:${i}`, area, track: key, space: slot },
      oninput: (event) => this.setCost(area, key, i, event.target),
    }));
    return h("div", { class: "pa-be-cost-row", dataset: { area, track: key } },
      h("span", { class: "pa-be-cost-name" }, h("span", { class: "pa-be-dollar", "aria-hidden": "true" }), label),
      inputs,
      this.notes(this.problems(`tracks.${area}.${key}`)));
  }

  setCost(area, key, i, input) {
    const text = input.value.trim();
    if (text !== "" && !/^\d+$/.test(text)) {
      input.setAttribute("aria-invalid", "true");
      return;
    }
    input.removeAttribute("aria-invalid");
    const tracks = (this.data.tracks ||= {});
    const row = ((tracks[area] ||= {})[key] ||= [null, null, null, null]);
    row[i] = text === "" ? null : Number(text);
    if (area !== "A" && row.every((c) => c === null)) delete tracks[area][key];
    tidy(this.data);
    this.ctx.changed();
    // The "every Airport track" switch depends on tracks.A only, which typing never adds or removes.
  }

  // ---------------------------------------------------- work sites, Stock Price

  numbersSection() {
    const sites = this.data.work_sites || {};
    const price = this.data.stock_price_track || {};
    const setSite = (area) => (value) => {
      const s = (this.data.work_sites ||= {});
      if (value === null) delete s[area]; else s[area] = value;
      tidy(this.data);
      this.ctx.changed();
    };
    const setPrice = (end) => (value) => {
      const p = (this.data.stock_price_track ||= {});
      if (value === null) delete p[end]; else p[end] = value;
      tidy(this.data);
      this.ctx.changed();
    };
    return this.kit.section("Work sites and the Stock Price track", "How many Engineers each work site holds, and the two ends of the Stock Price track. Leave blank what you cannot read.",
      h("div", { class: "pa-be-numbers" },
        h("div", { class: "pa-be-number-group", dataset: { numbers: "work_sites" } },
          h("h3", {}, "Work sites"),
          this.notes(this.exactly("work_sites")),
          ["D", "E"].map((area) => [
            this.kit.numberField({ label: `${AREA_NAME[area]} (${area}): Engineers it holds`, value: sites[area] ?? null, min: 1, max: 20,
              key: `pa-be-site:${area}`, onchange: setSite(area) }),
            this.notes(this.problems(`work_sites.${area}`))])),
        h("div", { class: "pa-be-number-group", dataset: { numbers: "stock_price_track" } },
          h("h3", {}, "Stock Price track"),
          this.notes(this.exactly("stock_price_track")),
          this.kit.numberField({ label: "Lowest price ($)", value: price.min ?? null, min: 0, max: 999, key: "pa-be-price:min", onchange: setPrice("min") }),
          this.notes(this.problems("stock_price_track.min")),
          this.kit.numberField({ label: "Highest price ($)", value: price.max ?? null, min: 0, max: 999, key: "pa-be-price:max", onchange: setPrice("max"),
            help: "Type both ends, or neither." }),
          this.notes(this.problems("stock_price_track.max")))));
  }

  // ------------------------------------------------------- Destination cards

  destinationsSection() {
    const cards = this.data.destination_cards || [];
    const onMap = this.cityList();
    const held = new Set(cards);
    const lost = cards.filter((c) => !has(this.data.cities, c)).map((c) => [c, ""]);
    const toggle = (city) => {
      const list = (this.data.destination_cards ||= []);
      const at = list.indexOf(city);
      if (at >= 0) list.splice(at, 1); else list.push(city);
      this.changed(["destination_cards"], `pa-be-card:${city}`);
    };
    const problemsOf = (city) => cards.flatMap((c, i) => (c === city ? this.problems(`destination_cards.${i}`) : []));
    return this.kit.section("Destination cards", "One card per city, in its region’s colour. Tap each city that has a card (tap again to take it out).",
      this.notes(this.exactly("destination_cards")),
      h("p", { class: "pa-be-count", role: "status" }, h("strong", {}, plural(cards.length, "card")), h("span", { class: "muted" }, " · the box has 50")),
      onMap.length ? h("div", { class: "pa-be-row-actions" },
        h("button", { type: "button", class: "secondary", dataset: { focusKey: "pa-be-cards-all" }, disabled: onMap.every(([c]) => held.has(c)),
          onclick: () => {
            const list = (this.data.destination_cards ||= []);
            for (const [city] of onMap) if (!list.includes(city)) list.push(city);
            this.changed(["destination_cards"], "pa-be-cards-all");
          } }, "A card for every city on the map"),
        cards.length ? h("button", { type: "button", class: "secondary", dataset: { focusKey: "pa-be-cards-none" },
          onclick: () => { delete this.data.destination_cards; this.changed(["destination_cards"], "pa-be-cards-none"); } }, "No cards") : null) : null,
      this.cityChips({ cities: [...onMap, ...lost], keyPrefix: "pa-be-card",
        state: (city) => {
          const problems = problemsOf(city);
          return { pressed: held.has(city), problem: problems.length > 0, after: this.notes(problems),
            sub: has(this.data.cities, city) ? null : "no region: tap to take out" };
        },
        onpick: toggle, empty: "Add the cities first: a card’s colour is its city’s region." }),
      this.wholeSwitch("destination_cards", ["destination_cards"]));
  }

  // ------------------------------------------------------------- Event cards

  eventsSection() {
    const cards = this.data.event_cards || [];
    return this.kit.section("Event cards", "Each card’s name, the round on its back, its Stock Price change and how many times the Pan Am die is rolled.",
      this.notes(this.exactly("event_cards")),
      this.kit.listEditor({
        title: "Event cards", items: cards, addLabel: "Add an Event card", empty: "No Event card yet.",
        itemLabel: (i, card) => `Event card ${i + 1}${card && card.name ? ` “${card.name}”` : ""}`,
        row: (card, i) => this.eventRow(card, i),
        onadd: () => {
          const list = (this.data.event_cards ||= []);
          list.push({ name: "" });
          this.changed(["event_cards"], `pa-be-ev-name:${list.length - 1}`);
        },
        onremove: (i) => { this.data.event_cards.splice(i, 1); this.changed(["event_cards"], "pa-be-ev-add"); },
      }),
      this.wholeSwitch("event_cards", ["event_cards"]));
  }

  eventRow(card, i) {
    const redraw = (key) => this.changed(["event_cards"], key);
    const adjustment = card.stock_adjustment || {};
    const rolls = [0, 1, 2, 3, 4, 5];
    if (Number.isInteger(card.die_rolls) && !rolls.includes(card.die_rolls)) rolls.push(card.die_rolls);
    const at = (part) => this.notes(this.problems(`event_cards.${i}.${part}`));
    const parts = ["name", "round", "stock_adjustment", "die_rolls", "text"];
    return h("div", { class: "pa-be-card", dataset: { card: String(i) } },
      h("p", { class: "pa-be-card-head" }, `Event card ${i + 1}`),
      this.notes(this.problems(`event_cards.${i}`).filter((p) => !parts.some((part) => underField(p.field, `event_cards.${i}.${part}`)))),
      this.kit.textField({ label: "Card name", value: card.name || "", key: `pa-be-ev-name:${i}`, maxlength: 200,
        onchange: (v) => { card.name = v; this.ctx.changed(); } }),
      at("name"),
      grid(this.kit.chooseOne({ legend: "Round (on its back)", keyPrefix: `pa-be-ev-round:${i}`, value: card.round ?? null,
        choices: [1, 2, 3, 4, 5, 6, 7].map((r) => ({ value: r, label: String(r), className: "pa-pick-num" })),
        onchange: (r) => { card.round = r; redraw(`pa-be-ev-round:${i}:${r}`); } }), "pa-be-round"),
      at("round"),
      this.kit.group("Stock Price", h("div", { class: "pa-pick-opts pa-pick-ops" }, OPS.map(([op, label, sub]) => this.kit.option({
        label, sub, pressed: adjustment.op === op, focusKey: `pa-be-ev-op:${i}:${op}`, className: "pa-pick-op", data: { op },
        onclick: () => {
          card.stock_adjustment = op === "set" ? { op, ...(adjustment.op === "set" && adjustment.value !== undefined ? { value: adjustment.value } : {}) } : { op };
          redraw(op === "set" ? `pa-be-ev-value:${i}` : `pa-be-ev-op:${i}:${op}`);
        } })))),
      adjustment.op === "set" ? this.kit.numberField({ label: "The Stock Price becomes ($)", value: adjustment.value ?? null, min: 1, max: 999,
        key: `pa-be-ev-value:${i}`, onchange: (v) => {
          if (v === null) delete card.stock_adjustment.value; else card.stock_adjustment.value = v;
          this.ctx.changed();
        } }) : null,
      at("stock_adjustment"),
      grid(this.kit.chooseOne({ legend: "Pan Am die rolls this round", keyPrefix: `pa-be-ev-rolls:${i}`, value: card.die_rolls ?? null,
        choices: rolls.map((n) => ({ value: n, label: String(n), className: "pa-pick-num" })),
        onchange: (n) => { card.die_rolls = n; redraw(`pa-be-ev-rolls:${i}:${n}`); } }), "pa-be-rolls"),
      at("die_rolls"),
      this.textArea({ label: "What the card says (optional)", value: card.text, key: `pa-be-ev-text:${i}`,
        onchange: (v) => { if (v.trim()) card.text = v; else delete card.text; this.ctx.changed(); } }),
      at("text"));
  }

  textArea({ label, value, key, onchange }) {
    const id = `${key.replace(/[^a-z0-9]+/gi, "-")}`;
    return h("div", { class: "field be-field" }, h("label", { for: id }, label),
      h("textarea", { id, rows: "2", maxlength: "2000", class: "pa-be-text", dataset: { focusKey: key },
        oninput: (event) => onchange(event.target.value) }, value || ""));
  }

  // --------------------------------------------------------- Directive cards

  directivesSection() {
    const cards = this.data.directive_cards || [];
    return this.kit.section("Directive cards", "Each card’s name and the phase (black) and step (red) printed at its bottom. "
      + "What it always does lets the table play it with one tap.",
    this.notes(this.exactly("directive_cards")),
    this.kit.listEditor({
      title: "Directive cards", items: cards, addLabel: "Add a Directive card", empty: "No Directive card yet.",
      itemLabel: (i, card) => `Directive card ${i + 1}${card && card.name ? ` “${card.name}”` : ""}`,
      row: (card, i) => this.directiveRow(card, i),
      onadd: () => {
        const list = (this.data.directive_cards ||= []);
        list.push({ name: "" });
        this.changed(["directive_cards"], `pa-be-dir-name:${list.length - 1}`);
      },
      onremove: (i) => { this.data.directive_cards.splice(i, 1); this.changed(["directive_cards"], "pa-be-dir-add"); },
    }),
    this.wholeSwitch("directive_cards", ["directive_cards"]));
  }

  directiveRow(card, i) {
    const redraw = (key) => this.changed(["directive_cards"], key);
    const timing = card.timing || {};
    const phase = PHASES.find(([p]) => p === timing.phase);
    const withArea = timing.phase === "RESOLUTION" && card.area !== undefined;
    const areaInput = h("input", { type: "checkbox", role: "switch", class: "pa-be-switch-input", dataset: { focusKey: `pa-be-dir-area:${i}` },
      onchange: (event) => {
        if (event.target.checked) card.area = timing.step; else delete card.area;
        redraw(`pa-be-dir-area:${i}`);
      } });
    areaInput.checked = withArea;
    const at = (part) => this.notes(this.problems(`directive_cards.${i}.${part}`));
    const parts = ["name", "timing", "area", "effects", "text"];
    return h("div", { class: "pa-be-card", dataset: { card: String(i) } },
      h("p", { class: "pa-be-card-head" }, `Directive card ${i + 1}`),
      this.notes(this.problems(`directive_cards.${i}`).filter((p) => !parts.some((part) => underField(p.field, `directive_cards.${i}.${part}`)))),
      this.kit.textField({ label: "Card name", value: card.name || "", key: `pa-be-dir-name:${i}`, maxlength: 200,
        onchange: (v) => { card.name = v; this.ctx.changed(); } }),
      at("name"),
      this.kit.chooseOne({ legend: "Phase (in black)", keyPrefix: `pa-be-dir-phase:${i}`, value: timing.phase ?? null,
        choices: PHASES.map(([p, name]) => ({ value: p, label: name.replace(" phase", "") })),
        onchange: (p) => {
          const steps = PHASES.find(([x]) => x === p)[2];
          const step = steps.some(([s]) => s === timing.step) ? timing.step : steps.length === 1 ? steps[0][0] : undefined;
          card.timing = step === undefined ? { phase: p } : { phase: p, step };
          if (p !== "RESOLUTION") delete card.area;
          redraw(`pa-be-dir-phase:${i}:${JSON.stringify(p)}`);
        } }),
      phase ? this.kit.chooseOne({ legend: `Step of the ${phase[1]} (in red)`, keyPrefix: `pa-be-dir-step:${i}`, value: timing.step ?? null,
        choices: phase[2].map(([s, name]) => ({ value: s, label: name })),
        onchange: (s) => {
          card.timing = { phase: timing.phase, step: s };
          if (card.area !== undefined) card.area = s;
          redraw(`pa-be-dir-step:${i}:${JSON.stringify(s)}`);
        } }) : null,
      at("timing"),
      timing.phase === "RESOLUTION" && timing.step ? h("div", { class: "pa-be-whole" },
        h("label", { class: "pa-be-switch" }, areaInput, h("span", { class: "pa-be-switch-track", "aria-hidden": "true" }),
          h("span", { class: "pa-be-switch-text" }, `Played while resolving the player’s own ${AREA_NAME[timing.step]} (${timing.step}) Engineer`)),
        h("p", { class: "muted small pa-be-whole-help" }, withArea ? "With that Engineer, right after it." : "Off: played while that step’s Engineers are resolved.")) : null,
      at("area"),
      this.effectsEditor(card, i),
      this.textArea({ label: "What the card says (optional)", value: card.text, key: `pa-be-dir-text:${i}`,
        onchange: (v) => { if (v.trim()) card.text = v; else delete card.text; this.ctx.changed(); } }),
      at("text"));
  }

  effectsEditor(card, i) {
    const effects = card.effects || [];
    const redraw = (key) => this.changed(["directive_cards"], key);
    const rows = effects.map((effect, k) => h("li", { class: "pa-be-effect", dataset: { effect: String(k) } },
      h("div", { class: "pa-be-effect-head" }, h("strong", {}, EFFECT_NAME[effect.kind] || effect.kind || "?"),
        h("button", { type: "button", class: "secondary pa-be-small", "aria-label": `Remove ${EFFECT_NAME[effect.kind] || "this effect"}`,
          onclick: () => { effects.splice(k, 1); if (!effects.length) delete card.effects; redraw(`pa-be-eff-add:${i}:money`); } }, "Remove")),
      this.effectFields(effect, `${i}:${k}`, redraw),
      this.notes(this.problems(`directive_cards.${i}.effects.${k}`))));
    const details = h("details", { class: "pa-be-effects", dataset: { effects: String(i) },
      open: effects.length > 0 || ui.effectsOpen.has(card) || this.problems(`directive_cards.${i}.effects`).length > 0 });
    details.addEventListener("toggle", () => { if (details.open) ui.effectsOpen.add(card); else ui.effectsOpen.delete(card); });
    return fill(details,
      h("summary", {}, "What it always does", h("span", { class: "muted small" }, effects.length ? ` · ${effects.length}` : " (optional)")),
      h("p", { class: "muted small" }, "Only what it does with no choice left to the table. Leave it empty when the table chooses "
        + "(an Airport’s city, a free route, a plane upgraded, a card gained or discarded)."),
      this.notes(this.exactly(`directive_cards.${i}.effects`)),
      rows.length ? h("ol", { class: "pa-be-effect-list" }, rows) : null,
      this.kit.group("Add what it does", h("div", { class: "pa-pick-opts pa-be-kinds" }, EFFECTS.map(([kind, label]) => this.kit.option({
        label, focusKey: `pa-be-eff-add:${i}:${kind}`, data: { kind }, className: "pa-be-kind",
        onclick: () => {
          (card.effects ||= []).push(kind === "stock_price" ? { kind, op: "up" } : { kind });
          redraw(`pa-be-eff-add:${i}:${kind}`);
        } })))));
  }

  effectFields(effect, key, redraw) {
    const kind = effect.kind;
    const out = [];
    const signed = (label, field, noun) => {
      const n = effect[field];
      const sign = typeof n === "number" && n !== 0 ? Math.sign(n) : (signs.get(effect) || 1);
      out.push(this.kit.chooseOne({ legend: label, keyPrefix: `pa-be-eff-sign:${key}`, value: sign,
        choices: [{ value: 1, label: `+ ${noun[0]}` }, { value: -1, label: `− ${noun[1]}` }],
        onchange: (chosen) => {
          signs.set(effect, chosen);
          if (typeof effect[field] === "number") effect[field] = chosen * Math.abs(effect[field]);
          redraw(`pa-be-eff-sign:${key}:${chosen}`);
        } }));
      out.push(this.kit.numberField({ label: "How much", value: typeof n === "number" ? Math.abs(n) : null, min: 0, max: 99,
        key: `pa-be-eff-amount:${key}`, onchange: (v) => {
          const now = typeof effect[field] === "number" && effect[field] !== 0 ? Math.sign(effect[field]) : (signs.get(effect) || 1);
          if (v === null) delete effect[field]; else effect[field] = now * v;
          this.ctx.changed();
        } }));
    };
    if (EVERYONE.includes(kind)) {
      signed(kind === "money" ? "Earns or pays" : "Gains or loses", "amount", kind === "money" ? ["Earns", "Pays"] : ["Gains", "Loses"]);
      out.push(this.kit.chooseOne({ legend: "Who", keyPrefix: `pa-be-eff-who:${key}`, value: effect.player === "ALL" ? "ALL" : "",
        choices: [{ value: "", label: "The card’s player" }, { value: "ALL", label: "Every player" }],
        onchange: (who) => { if (who === "ALL") effect.player = "ALL"; else delete effect.player; redraw(`pa-be-eff-who:${key}:${JSON.stringify(who)}`); } }));
    } else if (kind === "die_rolls") {
      signed("More or fewer rolls this round", "amount", ["More", "Fewer"]);
    } else if (kind === "draw_directive") {
      out.push(this.kit.numberField({ label: "Cards drawn", value: effect.count ?? null, min: 0, max: 9, key: `pa-be-eff-count:${key}`,
        onchange: (v) => { if (v === null) delete effect.count; else effect.count = v; this.ctx.changed(); } }));
    } else if (kind === "stock_price") {
      out.push(this.kit.group("The Stock Price", h("div", { class: "pa-pick-opts pa-pick-ops" }, OPS.map(([op, label, sub]) => this.kit.option({
        label, sub, pressed: effect.op === op, focusKey: `pa-be-eff-op:${key}:${op}`, className: "pa-pick-op",
        onclick: () => { effect.op = op; if (op !== "set") delete effect.value; redraw(`pa-be-eff-op:${key}:${op}`); } })))));
      if (effect.op === "set") {
        out.push(this.kit.numberField({ label: "Set to ($)", value: effect.value ?? null, min: 0, max: 999, key: `pa-be-eff-value:${key}`,
          onchange: (v) => { if (v === null) delete effect.value; else effect.value = v; this.ctx.changed(); } }));
      }
    } else if (kind === "gain_plane") {
      out.push(this.kit.chooseOne({ legend: "The plane", keyPrefix: `pa-be-eff-plane:${key}`, value: effect.plane ?? null,
        choices: PLANES.map((p) => ({ value: p, label: PLANE_NAME[p] })),
        onchange: (p) => { effect.plane = p; redraw(`pa-be-eff-plane:${key}:${JSON.stringify(p)}`); } }));
    } else if (kind === "peek") {
      out.push(h("p", { class: "muted small" }, "The player looks at a card: nothing to record."));
    } else if (kind === "text") {
      out.push(this.kit.textField({ label: "In words", value: effect.text || "", key: `pa-be-eff-text:${key}`, maxlength: 500,
        onchange: (v) => { effect.text = v; this.ctx.changed(); } }));
    }
    return out;
  }

  // ------------------------------------------------------------ expansion paths

  pathsSection() {
    const origins = [...new Set([...ORIGINS, ...Object.keys(this.data.paths || {}), ...Object.keys(this.data.path_members || {})])];
    const origin = origins.includes(ui.origin) ? ui.origin : origins[0];
    return this.kit.section("Pan Am’s expansion paths", "The routes Pan Am takes along each path, in order from where the paths start. "
      + "Add the routes on the map first.",
    this.notes(this.exactly("paths")),
    this.notes(this.exactly("path_members")),
    this.kit.chooseOne({ legend: "The paths start in", keyPrefix: "pa-be-origin", value: origin,
      choices: origins.map((o) => ({ value: o, label: o, sub: o === "Rome" ? "the Alternate Rule" : o === "Miami" ? "the usual rule" : null })),
      onchange: (o) => { ui.origin = o; ui.pathAdd = null; this.draw(["paths"], `pa-be-origin:${JSON.stringify(o)}`); } }),
    PATHS.map((path) => this.pathBlock(origin, path)),
    this.wholeSwitch("paths", ["paths"]));
  }

  pathBlock(origin, path) {
    const listed = ((this.data.paths || {})[origin] || {})[path] || [];
    const members = ((this.data.path_members || {})[origin] || {})[path] || [];
    const adding = ui.pathAdd && ui.pathAdd.path === path ? ui.pathAdd.kind : null;
    const where = `${origin}:${path}`;
    const setList = (section, list) => {
      const top = (this.data[section] ||= {});
      const byPath = (top[origin] ||= {});
      byPath[path] = list;
    };
    const rows = listed.map((pair, k) => h("li", { class: "pa-be-path-row" },
      h("span", {}, `${k + 1}. `, pair ? routeName(pair[0], pair[1]) : h("em", {}, "not known yet")),
      h("button", { type: "button", class: "secondary pa-be-small", "aria-label": `Remove route ${k + 1} of the ${PATH_NAME[path]}`,
        onclick: () => { listed.splice(k, 1); setList("paths", listed); this.changed(["paths"], `pa-be-path-add:${where}:paths`); } }, "Remove"),
      this.notes(this.problems(`paths.${origin}.${path}.${k}`))));
    const memberRows = members.map((pair, k) => h("li", { class: "pa-be-path-row" },
      h("span", {}, routeName(pair[0], pair[1])),
      h("button", { type: "button", class: "secondary pa-be-small", "aria-label": `Remove ${routeName(pair[0], pair[1])} from the ${PATH_NAME[path]}`,
        onclick: () => { members.splice(k, 1); setList("path_members", members); this.changed(["paths"], `pa-be-path-add:${where}:members`); } }, "Remove"),
      this.notes(this.problems(`path_members.${origin}.${path}.${k}`))));
    const picker = (kind) => {
      const taken = new Set((kind === "paths" ? listed : members).filter(Boolean).map(([a, b]) => pairKey(a, b)));
      const routes = (this.data.routes || []).map(([a, b]) => [a, b]).filter(([a, b]) => !taken.has(pairKey(a, b)) && a !== b);
      const last = listed.filter(Boolean).slice(-1)[0];
      const near = new Set(kind === "paths" ? (last ? last : [origin]) : []);
      const next = routes.filter(([a, b]) => near.has(a) || near.has(b));
      const others = routes.filter((r) => !next.includes(r));
      const put = (pair) => {
        const list = kind === "paths" ? listed : members;
        list.push(pair);
        setList(kind === "paths" ? "paths" : "path_members", list);
        this.changed(["paths"], `pa-be-path-add:${where}:${kind}`);
      };
      const chip = (pair) => this.kit.option({ label: routeName(pair[0], pair[1]), focusKey: `pa-be-path-pick:${where}:${pairKey(...pair)}`,
        className: "pa-be-route", data: { route: pairKey(...pair) }, onclick: () => put(pair) });
      return h("div", { class: "pa-be-open" },
        kind === "paths" ? this.kit.option({ label: "A route not known yet", sub: "its place is kept", focusKey: `pa-be-path-unknown:${where}`,
          data: { route: "unknown" }, onclick: () => put(null) }) : null,
        next.length ? this.kit.group(kind === "paths" ? `Next along the path (from ${last ? routeName(last[0], last[1]) : origin})` : "Routes", h("div", { class: "pa-pick-opts" }, next.map(chip))) : null,
        others.length ? this.kit.group(next.length ? "Other routes" : "Routes on the map", h("div", { class: "pa-pick-opts" }, others.map(chip)))
          : !next.length ? h("p", { class: "muted small" }, "Every route on the map is on it already, or there is none: add routes under Routes.") : null,
        h("button", { type: "button", class: "secondary", onclick: () => { ui.pathAdd = null; this.draw(["paths"], `pa-be-path-add:${where}:${kind}`); } }, "Done"));
    };
    const addButton = (kind, label) => h("button", { type: "button", class: `be-add${kind === "members" ? " secondary" : ""}`, "aria-expanded": String(adding === kind),
      dataset: { focusKey: `pa-be-path-add:${where}:${kind}` },
      onclick: () => { ui.pathAdd = adding === kind ? null : { path, kind }; this.draw(["paths"], `pa-be-path-add:${where}:${kind}`); } }, label);
    return h("section", { class: "pa-be-path", dataset: { path } },
      h("h3", {}, `${PATH_NAME[path]} from ${origin}`),
      this.notes(this.exactly(`paths.${origin}.${path}`)),
      rows.length ? h("ol", { class: "pa-be-path-list" }, rows) : h("p", { class: "muted small" }, "No route listed yet."),
      addButton("paths", "Add the next route"),
      adding === "paths" ? picker("paths") : null,
      h("h4", {}, "Also on this path, place not known"),
      memberRows.length ? h("ul", { class: "pa-be-path-list" }, memberRows) : h("p", { class: "muted small" }, "None."),
      addButton("members", "Add a route on this path"),
      adding === "members" ? picker("members") : null);
  }
}

// ---------------------------------------------------------- the file itself

/** Drop empty sections and switches naming a section no longer there; keep the "complete"
 *  marker whenever the file holds anything (without it, a file means its map is whole). */
/** What the last tap did ("Added Lisbon"), or why it did nothing (warn). */
function noteLine(id, note) {
  const text = note && typeof note === "object" ? note.text : note || "";
  const warned = Boolean(note && typeof note === "object" && note.warn);
  return h("p", { class: `pa-be-note small${warned ? " is-warn" : ""}`, id, role: warned ? "alert" : "status", tabindex: "-1" }, text);
}

function underField(field, prefix) {
  return field === prefix || String(field).startsWith(`${prefix}.`);
}

function warn(text) {
  return { text, warn: true };
}

/** A choice group whose buttons share one row (a class on its fieldset). */
function grid(group, className) {
  group.classList.add("pa-be-grid", className);
  return group;
}

function tidy(data) {
  for (const name of ["cities", "work_sites", "stock_price_track"]) {
    if (has(data, name) && !Object.keys(data[name] || {}).length) delete data[name];
  }
  for (const name of ["routes", "destination_cards", "event_cards", "directive_cards"]) {
    if (has(data, name) && !(data[name] || []).length) delete data[name];
  }
  for (const name of ["paths", "path_members"]) {
    if (!has(data, name)) continue;
    for (const [origin, byPath] of Object.entries(data[name])) {
      for (const path of Object.keys(byPath || {})) if (!(byPath[path] || []).length) delete byPath[path];
      if (!Object.keys(byPath || {}).length) delete data[name][origin];
    }
    if (!Object.keys(data[name]).length) delete data[name];
  }
  if (has(data, "tracks")) {
    for (const area of Object.keys(data.tracks)) if (!Object.keys(data.tracks[area] || {}).length) delete data.tracks[area];
    if (!Object.keys(data.tracks).length) delete data.tracks;
  }
  const any = SECTIONS.some((s) => has(data, s));
  if (!any) {
    delete data.complete;
    return;
  }
  data.complete = (data.complete || []).filter((s, i, list) => COMPLETABLE.includes(s) && list.indexOf(s) === i
    && has(data, s) && (s !== "tracks" || has(data.tracks, "A")));
}

function cityUses(data, city) {
  const routes = (data.routes || []).filter(([a, b]) => a === city || b === city).length;
  const card = (data.destination_cards || []).includes(city);
  let paths = 0;
  for (const name of ["paths", "path_members"]) {
    for (const byPath of Object.values(data[name] || {})) {
      for (const list of Object.values(byPath || {})) paths += (list || []).filter((p) => p && (p[0] === city || p[1] === city)).length;
    }
  }
  return { routes, card, paths, total: routes + (card ? 1 : 0) + paths };
}

/** A city renamed everywhere the file names it (its order among the cities kept). */
function renameCity(data, from, to) {
  data.cities = Object.fromEntries(Object.entries(data.cities).map(([c, r]) => [c === from ? to : c, r]));
  const swap = (c) => (c === from ? to : c);
  for (const route of data.routes || []) { route[0] = swap(route[0]); route[1] = swap(route[1]); }
  if (data.destination_cards) data.destination_cards = data.destination_cards.map(swap);
  for (const name of ["paths", "path_members"]) {
    if (!data[name]) continue;
    data[name] = Object.fromEntries(Object.entries(data[name]).map(([origin, byPath]) => [swap(origin), Object.fromEntries(
      Object.entries(byPath).map(([path, list]) => [path, list.map((p) => (p ? [swap(p[0]), swap(p[1])] : p))]))]));
  }
}

/** A city removed with what names it: its routes, its card, its places on the paths. */
function removeCity(data, city) {
  delete data.cities[city];
  const off = (p) => !(p && (p[0] === city || p[1] === city));
  if (data.routes) data.routes = data.routes.filter(off);
  if (data.destination_cards) data.destination_cards = data.destination_cards.filter((c) => c !== city);
  for (const name of ["paths", "path_members"]) {
    for (const byPath of Object.values(data[name] || {})) {
      for (const path of Object.keys(byPath || {})) byPath[path] = byPath[path].filter(off);
    }
  }
  tidy(data);
}
