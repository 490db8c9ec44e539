// Pan Am on the recording page: the Engineer phase as the board's five areas of
// buttons, route claims as cards (and a form for a route the engine does not know
// yet, the usual case: the board is declared as it is used), the set-up's face-up
// cards, the Event card and its effects, the Directive cards, the Pan Am die, Airports,
// Stock and Pan Am's expansion; each picker a frame() of the kit (./picker-kit.js). The
// engine's `expected()` options are described in engines/pan_am/__init__.py; its state in
// engines/pan_am/state.py. Every label is text; colours are only a hint.

import { fill, h, humanize, playerName, seatColour } from "../../dom.js";
import { choices, frame, group, hint, option, recordButton, refocus, status } from "./picker-kit.js";

const AREA_NAME = { A: "Airports", B: "Destinations", C: "Planes", D: "Routes", E: "Directives" };
const REGIONS = ["ASIA", "EUROPE", "NORTH_AMERICA", "PACIFIC", "SOUTH_AMERICA"];
const REGION_NAME = { ASIA: "Asia", EUROPE: "Europe", NORTH_AMERICA: "North America", PACIFIC: "Pacific", SOUTH_AMERICA: "South America" };
const PLANES = ["TRIMOTOR", "CLIPPER", "CRUISER", "JET"];
const PLANE_NAME = { TRIMOTOR: "Trimotor", CLIPPER: "Clipper", CRUISER: "Cruiser", JET: "Jet" };
const RANGE = { TRIMOTOR: 1, CLIPPER: 2, CRUISER: 3, JET: 4 };
const SYMBOLS = ["SA", "EU", "AP", "PAN_AM"];
const SYMBOL_NAME = { SA: "South American path", EU: "European path", AP: "Asian-Pacific path", PAN_AM: "Pan Am symbol" };
const METHODS = [
  ["airport", "Airport", "theirs, on the city"],
  ["destination_card", "City card", "shown, kept"],
  ["discard_same_region", "Discard 1", "same region"],
  ["discard_two_other_region", "Discard 2", "another region"],
];
const CARDS_FOR = { airport: 0, destination_card: 1, discard_same_region: 1, discard_two_other_region: 2 };
const CITY_INPUT = { autocomplete: "off", autocapitalize: "words", spellcheck: "false" };

const regionName = (r) => REGION_NAME[r] || (r ? humanize(String(r).toLowerCase()) : "");
const planeName = (p) => PLANE_NAME[p] || humanize(String(p).toLowerCase());
const routeName = (cities) => cities.join("–");
const money = (n) => (n === null || n === undefined ? "?" : `$${n}`);
const playerState = (ctx, name) => (ctx.state && ctx.state.players && ctx.state.players[name]) || null;
const citiesOf = (ctx) => (ctx.state && ctx.state.cities) || {};
const who = (ctx, name) => playerName(name, ctx.players || []);
const someone = (ctx, name, otherwise = "The player") => (name ? who(ctx, name) : otherwise);

// The pieces every picker here is made of.
const faint = (text) => h("span", { class: "muted small" }, text);
const formFoot = (...children) => h("div", { class: "form-foot" }, children);
const dollar = () => h("span", { class: "pa-pick-dollar", "aria-hidden": "true" }, "$");
const printed = (text) => (text ? h("span", { class: "pa-pick-card-text" }, text) : null);
const cardFace = (text, extra = "") => h("span", { class: `pa-pick-card-face${extra}` }, text);
const numberChoices = (view, given) => choices(view, { label: String, className: "pa-pick-num", ...given });

/** A whole number typed (or tapped), or null for nothing or anything else. */
function wholeNumber(value) {
  const typed = String(value ?? "").trim();
  return typed !== "" && Number.isInteger(Number(typed)) ? Number(typed) : null;
}

/** A view for choices() over a part of the draft (`draft`) that `draw(key)` draws again. */
const partView = (draft, draw) => ({ draft, set: (changes, key) => { Object.assign(draft, changes); draw(key); } });

/** view.set, then the focus back on `key` without scrolling the page away from where the thumb is. */
function settle(view, changes, key) {
  view.set(changes);
  focusQuietly(view.root, key);
}

function focusQuietly(root, key) {
  const el = key && root.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (el && !el.disabled) el.focus({ preventScroll: true });
}

/** `list` of number buttons and last in it "Other": a number typed instead of tapping one of `buttons` (in `host`),
 *  which then shows none pressed. */
function withOther(list, host, buttons, { label, key, value, min = null, oninput }) {
  list.append(h("label", { class: "pa-pick-other" }, h("span", {}, "Other"),
    h("input", { type: "number", inputmode: "numeric", min, step: "1", "aria-label": label, value, dataset: { focusKey: key },
      oninput: (e) => {
        oninput(e.target.value);
        host.querySelectorAll(buttons).forEach((b) => { b.classList.remove("is-on"); b.setAttribute("aria-pressed", "false"); });
      } })));
  return list;
}

/** The Stock Price a card sets, typed in dollars. */
function priceField(id, label, value, min, oninput) {
  return h("div", { class: "field pa-pick-inline-field" }, h("label", { for: id }, label),
    h("div", { class: "pa-pick-inline" }, dollar(),
      h("input", { id, type: "number", inputmode: "numeric", step: "1", min, value: value ?? "", dataset: { focusKey: id },
        oninput: (e) => oninput(e.target.value) })));
}

/** Cards the board holds as big buttons, one tap each; `button(item)` gives the option's label, sub, key… */
const boardCards = (items, button) => h("div", { class: "pa-pick-opts pa-pick-board-cards" },
  items.map((item) => option({ className: "pa-pick-board-card", ...button(item) })));

/** "Madrid (Europe)", or "Madrid" while the region is not known. */
function cardText(card) {
  if (!card) return "empty";
  return card.region ? `${card.city} (${regionName(card.region)})` : card.city;
}

/** A known city's spelling for what was typed ("lisbon" -> "Lisbon"), or the text itself. */
function knownCity(text, known) {
  const typed = String(text || "").trim();
  if (!typed) return "";
  if (Object.prototype.hasOwnProperty.call(known, typed)) return typed;
  return Object.keys(known).find((c) => c.toLowerCase() === typed.toLowerCase()) || typed;
}

/** Known cities as {city: region}, from that shape or from a list of cards [{city, region}]. */
function cityRegions(cities) {
  if (Array.isArray(cities)) return Object.fromEntries(cities.filter((c) => c && c.city).map((c) => [c.city, c.region || null]));
  return cities && typeof cities === "object" ? cities : {};
}

function datalist(id, cities) {
  return h("datalist", { id }, cities.sort((a, b) => a.localeCompare(b)).map((c) => h("option", { value: c })));
}

function regionSelect({ id, value, regions = REGIONS, onchange, label = null }) {
  const select = h("select", { id, "aria-label": label, onchange: (e) => onchange(e.target.value) },
    h("option", { value: "" }, "Region…"), regions.map((r) => h("option", { value: r }, regionName(r))));
  select.value = value || "";
  return select;
}

// ------------------------------------------------------------ engineer_assigned

const spaceName = (space) => [h("span", { class: "visually-hidden" }, "Space "), String(space)];

/** The spaces of a bidding track as on the board (1..4): the offered ones are buttons. */
function trackRow(ctx, area, track, label, offered, draft, pick, costForm) {
  const placement = (((ctx.state.tracks || {})[area]) || {})[track] || null;
  const occupant = placement ? [" · ", who(ctx, placement.player), ` on ${placement.space} (${money(placement.cost)})`] : null;
  const spaces = [1, 2, 3, 4].map((space) => {
    const offer = offered.find((s) => Number(s.space) === space);
    const key = `pa-space:${area}:${track}:${space}`;
    if (offer) {
      const pending = draft.pending && draft.pending.area === area && draft.pending.track === track && draft.pending.space === space;
      return option({
        label: spaceName(space), sub: offer.cost === null || offer.cost === undefined ? "cost ?" : money(offer.cost),
        pressed: pending, focusKey: key, title: offer.label || null, className: "pa-pick-space",
        data: { area, track, space: String(space) }, onclick: () => pick(offer),
      });
    }
    const held = placement && Number(placement.space) === space;
    return h("span", { class: `pa-pick-space is-off${held ? " is-held" : ""}`,
      style: held ? { "--chip-seat": seatColour(placement.player, ctx.players || []) || "var(--muted)" } : null },
    h("span", { class: "pa-pick-opt-label" }, spaceName(space)), h("span", { class: "pa-pick-opt-sub" }, held ? placement.player : "—"));
  });
  return h("div", { class: "pa-pick-track", dataset: { track } },
    h("div", { class: "pa-pick-track-name" }, label, occupant),
    h("div", { class: "pa-pick-spaces" }, spaces), costForm);
}

function engineerPicker(ctx) {
  const spaces = (ctx.options && ctx.options.spaces) || [];
  if (!Array.isArray(spaces) || !spaces.length) return null;
  const state = ctx.state || {};
  const draft = ctx.draft;
  const player = state.turn || ctx.actor;
  const priority = state.phase === "PRIORITY";
  const offeredIn = (area, track = null) => spaces.filter((s) => s.area === area && (track === null || String(s.track) === String(track)));
  const onTrack = (offer) => offer.track !== null && offer.track !== undefined;
  const placed = (offer, cost) => (onTrack(offer)
    ? { area: offer.area, track: String(offer.track), space: Number(offer.space), cost } : { area: offer.area });

  return frame(ctx, { picker: "engineer", heading: humanize(ctx.type), fallback: "Type the placement instead" }, (view) => {
    const pick = (offer) => {
      if (onTrack(offer) && (offer.cost === null || offer.cost === undefined)) {
        return view.set({ pending: { area: offer.area, track: String(offer.track), space: Number(offer.space) } }, "pa-cost");
      }
      draft.pending = null;
      return view.record([], placed(offer, offer.cost));
    };
    const costForm = (area, track) => {
      const p = draft.pending;
      if (!p || p.area !== area || p.track !== String(track)) return null;
      const input = h("input", { type: "number", inputmode: "numeric", min: "0", step: "1", required: true, id: "pa-cost",
        value: draft.cost ?? "", dataset: { focusKey: "pa-cost" }, oninput: (e) => { draft.cost = e.target.value; } });
      const submit = (event) => {
        event.preventDefault();
        const cost = wholeNumber(input.value);
        if (cost === null || cost < 0) {
          view.problem("Type the cost printed on that space (a whole number of dollars).");
          input.focus();
          return;
        }
        const offer = spaces.find((s) => s.area === p.area && String(s.track) === p.track && Number(s.space) === p.space);
        if (offer) ctx.record(placed(offer, cost));
      };
      return h("form", { class: "pa-pick-cost", novalidate: true, onsubmit: submit },
        h("label", { for: "pa-cost" }, `The cost printed on space ${p.space}`),
        h("div", { class: "pa-pick-inline" }, dollar(), input,
          h("button", { type: "submit", class: "record-btn", dataset: { focusKey: `submit:${ctx.type}` } }, `Place on space ${p.space}`),
          h("button", { type: "button", class: "secondary", onclick: () => view.set({ pending: null }) }, "Cancel")));
    };
    const row = (area, track, label) => trackRow(ctx, area, track, label, offeredIn(area, track), draft, pick, costForm(area, track));

    const areaBlock = (area) => {
      const rows = [];
      if (area === "A") {
        const used = Object.keys((state.tracks || {}).A || {});
        const tracks = [...new Set([...used, ...offeredIn("A").map((s) => String(s.track))])].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
        const fresh = (track) => (used.includes(track) ? null : h("span", { class: "muted" }, " (a new one)"));
        for (const track of tracks) rows.push(row("A", track, [`Track ${track}`, fresh(track)]));
      } else if (area === "B") {
        const display = state.display || [];
        ["1", "2", "3", "4"].forEach((slot, i) => {
          const shown = display[i] || {};
          const label = shown.card
            ? [h("strong", {}, shown.card.city), ` · ${regionName(shown.card.region) || "region ?"}`, shown.bonus ? ` · +$${shown.bonus} bonus` : ""]
            : h("span", { class: "muted" }, "empty");
          rows.push(row("B", slot, [`Card ${slot}: `, label]));
        });
      } else if (area === "C") {
        for (const plane of PLANES) {
          const label = [h("strong", {}, planeName(plane)), ` · range ${RANGE[plane]}`];
          rows.push(state.tiles && state.tiles[plane] && !offeredIn("C", plane).length
            ? h("div", { class: "pa-pick-track is-covered", dataset: { track: plane } },
              h("div", { class: "pa-pick-track-name" }, label, " · ", h("em", {}, "covered by its tile: not available yet")))
            : row("C", plane, label));
        }
      } else {
        const site = ((state.sites || {})[area]) || [];
        const offer = offeredIn(area)[0];
        const there = site.length ? ["Already there: ", site.map((s, i) => [i ? ", " : "", who(ctx, s.player)])] : "Nobody there yet.";
        rows.push(h("div", { class: "pa-pick-site" },
          offer ? option({ label: `Place on ${AREA_NAME[area]} (${area})`, sub: `next place: ${site.length + 1}`, focusKey: `pa-site:${area}`,
            className: "pa-pick-site-btn", data: { area }, onclick: () => pick(offer) })
            : h("p", { class: "muted small" }, priority && area === "E" ? "Not in the Priority Access step." : "Not open to this Engineer."),
          h("p", { class: "pa-pick-site-who small" }, there)));
      }
      return h("section", { class: `pa-pick-area${offeredIn(area).length ? "" : " is-closed"}`, dataset: { area } },
        h("h4", {}, h("span", { class: "pa-pick-letter", "aria-hidden": "true" }, area), `${AREA_NAME[area]} (${area})`), rows);
    };

    const me = player ? playerState(ctx, player) : null;
    const areas = ["A", "B", "C", "D", "E"].filter((a) => !(priority && a === "E" && !offeredIn("E").length));
    return [
      h("p", { class: `pa-pick-status${priority ? " is-priority" : ""}` }, priority
        ? ["Priority Access step: ", someone(ctx, player, "the next player"), "’s Engineer from Directives (E) goes to any space in A–D."]
        : [someone(ctx, player, "The next player"), " assigns an Engineer", me ? ` (${me.available} in hand, $${me.money})` : "", "."]),
      hint("Tap the space where the Engineer goes. A bid is paid in the Resolution phase."),
      h("div", { class: "pa-pick-areas" }, areas.map(areaBlock)),
    ];
  });
}

// ---------------------------------------------------------------- route_claimed

/** "Horta: discard Madrid (Europe)", from a way to get Landing Rights in one city. */
function rightText(ctx, player, city, way) {
  const cards = (playerState(ctx, player) || {}).destinations || [];
  const card = (c) => cardText(cards.find((d) => d.city === c) || { city: c, region: (citiesOf(ctx)[c] || {}).region });
  const list = (way.cards || []).map(card);
  switch (way.method) {
    case "airport": return `${city}: your Airport`;
    case "destination_card": return `${city}: your ${list[0] || city} card`;
    case "discard_same_region":
    case "discard_two_other_region": return `${city}: discard ${list.join(" and ") || "?"}`;
    default: return `${city}: ${humanize(way.method || "?")}`;
  }
}

/** A way to get Landing Rights as one string ("Lisbon=airport;Rome=discard_same_region:Madrid"),
 *  the same for the same way whatever its order: a button's data, for whoever reads the page. */
function rightsKey(way) {
  return Object.keys(way).sort().map((city) => {
    const cards = (way[city].cards || []).join("+");
    return `${city}=${way[city].method}${cards ? `:${cards}` : ""}`;
  }).join(";");
}

function claimsList(ctx, player, claims, view) {
  const draft = view.draft;
  return h("ul", { class: "pa-pick-claims", "aria-label": "Known routes that can be claimed now" }, claims.map((claim, i) => {
    const chosen = draft.claim === i;
    const head = option({ label: `${routeName(claim.cities)} · distance ${claim.distance}`, pressed: chosen, focusKey: `pa-claim:${i}`,
      className: "pa-pick-claim-head", data: { claim: String(i) },
      onclick: () => view.set({ claim: i, plane: claim.planes.length === 1 ? claim.planes[0] : null, way: claim.rights.length === 1 ? 0 : null },
        `pa-claim:${i}`) });
    if (!chosen) {
      return h("li", { class: "pa-pick-claim" }, head, h("span", { class: "pa-pick-claim-sub small muted" },
        `${claim.planes.map(planeName).join(" or ")} · ${claim.rights.length} way${claim.rights.length === 1 ? "" : "s"} to land`));
    }
    return h("li", { class: "pa-pick-claim is-on" }, head,
      choices(view, { legend: "Plane", items: claim.planes, field: "plane", key: (p) => `pa-claim-plane:${p}`, label: planeName,
        sub: (p) => `range ${RANGE[p] || "?"}`, data: (p) => ({ plane: p }) }),
      choices(view, { legend: "Landing Rights", items: claim.rights.map((way, w) => w), field: "way", listClass: "pa-pick-ways",
        className: "pa-pick-way-btn", key: (w) => `pa-claim-way:${w}`, data: (w) => ({ way: String(w), rights: rightsKey(claim.rights[w]) }),
        label: (w) => Object.entries(claim.rights[w]).map(([city, how]) => h("span", { class: "pa-pick-way" }, rightText(ctx, player, city, how))),
      }));
  }));
}

/** The route the engine does not know yet (or not in the list): cities, distance, regions, plane, Landing Rights. */
function newRouteForm(ctx, player, view, placeResult) {
  const [result] = view.slots();
  const nr = (view.draft.nr ||= { cities: ["", ""], distance: null, regions: {}, plane: null, rights: [{}, {}] });
  const known = citiesOf(ctx);
  const me = playerState(ctx, player) || {};
  const cards = me.destinations || [];
  const fleet = Object.entries(me.fleet || {}).filter(([, n]) => n > 0).map(([p]) => p).sort((a, b) => (RANGE[a] || 9) - (RANGE[b] || 9));
  const listId = "pa-cities-route";
  const dynamic = h("div", { class: "pa-pick-new-more" });
  const part = partView(nr, more);
  const cityName = (i) => knownCity(nr.cities[i], known);
  const routeKnown = () => {
    const [a, b] = [cityName(0), cityName(1)];
    return a && b ? ((ctx.state || {}).routes || {})[[a, b].sort().join("|")] || null : null;
  };
  const distanceNow = () => nr.distance ?? (routeKnown() || {}).distance ?? null;
  const needsRegion = (city) => city && !(known[city] && known[city].region);
  const ticked = (i) => (nr.rights[i].cards || []).filter((c) => cards.some((card) => card.city === c));

  const inputs = [0, 1].map((i) => h("div", { class: "field" },
    h("label", { for: `pa-city-${i}` }, i ? "City B" : "City A"),
    h("input", { id: `pa-city-${i}`, list: listId, ...CITY_INPUT, value: nr.cities[i], dataset: { focusKey: `pa-city-${i}` },
      oninput: (e) => { nr.cities[i] = e.target.value; more(); } })));

  /** What Landing Rights in `city` (city A or B: `i`) come from, and the cards ticked for them. */
  const rightsIn = (city, i) => {
    const right = nr.rights[i];
    const mine = city && known[city] && known[city].airport === player;
    const region = city ? (known[city] && known[city].region) || nr.regions[city] : null;
    const count = CARDS_FOR[right.method] || 0;
    const boxes = count ? h("div", { class: "pa-pick-cards", role: "group", "aria-label": `Cards for ${city || `city ${i ? "B" : "A"}`}` },
      cards.length ? cards.map((card) => {
        const box = h("input", { type: "checkbox", value: card.city, dataset: { focusKey: `pa-card:${i}:${card.city}` },
          onchange: (e) => {
            fill(result);
            const set = new Set(right.cards || []);
            if (e.target.checked) set.add(card.city); else set.delete(card.city);
            right.cards = [...set];
          } });
        box.checked = (right.cards || []).includes(card.city);
        return h("label", { class: "pa-pick-check" }, box, h("span", {}, cardText(card)));
      }) : h("p", { class: "muted small" }, `${player} holds no Destination card.`),
      h("p", { class: "muted small pa-pick-cards-hint" }, right.method === "destination_card" ? "Tick the card shown (it is kept)."
        : `Tick the ${count === 2 ? "two cards" : "card"} discarded.`)) : null;
    return h("fieldset", { class: "pa-pick-group pa-pick-rights", dataset: { city: String(i) } },
      h("legend", {}, `Landing Rights in ${city || (i ? "city B" : "city A")}`, region ? faint(` · ${regionName(region)}`) : null),
      choices(part, { items: METHODS, key: ([method]) => `pa-method:${i}:${method}`, label: ([, label]) => label,
        sub: ([method, , sub]) => (method === "airport" && mine ? `${player} has one here` : sub),
        pressed: ([method]) => right.method === method, data: ([method]) => ({ method }),
        pick: ([method], key) => {
          right.method = method;
          right.cards = method === "destination_card" && cards.some((c) => c.city === city) ? [city] : [];
          more(key);
        } }),
      boxes);
  };

  function more(focusKey = null) {
    if (focusKey) fill(result); // a new choice: the last message is old news
    const [a, b] = [cityName(0), cityName(1)];
    const route = routeKnown();
    const distance = distanceNow();
    const asks = [a, b].map((c, i) => (needsRegion(c) ? h("div", { class: "field pa-pick-region" },
      h("label", { for: `pa-region-${i}` }, `${c}: region (not declared yet)`),
      regionSelect({ id: `pa-region-${i}`, value: nr.regions[c], onchange: (v) => { nr.regions[c] = v || undefined; } })) : null));
    const planeLegend = ["Plane", faint(` · ${player}’s fleet`)];
    const short = (p) => distance !== null && (RANGE[p] || 0) < distance;
    fill(dynamic,
      numberChoices(part, { legend: ["Distance", route && route.distance ? faint(` · known: ${route.distance}`) : null], items: [1, 2, 3, 4],
        field: "distance", pressed: (d) => distance === d, key: (d) => `pa-dist:${d}`, data: (d) => ({ distance: String(d) }) }),
      route && route.owner
        ? h("p", { class: "notice small" }, `${routeName(route.cities)} is already claimed by ${route.owner === "PAN_AM" ? "Pan Am" : route.owner}.`) : null,
      asks.some(Boolean) ? h("div", { class: "pa-pick-pair" }, asks) : null,
      fleet.length ? choices(part, { legend: planeLegend, items: fleet, field: "plane", key: (p) => `pa-plane:${p}`, label: planeName,
        disabled: short, data: (p) => ({ plane: p }),
        sub: (p) => (short(p) ? `range ${RANGE[p]}: too short` : `range ${RANGE[p]} · ×${me.fleet[p]}`) })
        : group(planeLegend, h("p", { class: "muted small" }, "No plane in the fleet.")),
      [a, b].map(rightsIn));
    refocus(dynamic, focusKey);
  }

  const submit = () => {
    placeResult();
    const [a, b] = [cityName(0), cityName(1)];
    const distance = distanceNow();
    const missingRegion = [a, b].filter((c) => needsRegion(c) && !nr.regions[c]);
    const rightsChecks = [a, b].flatMap((city, i) => {
      const want = CARDS_FOR[nr.rights[i].method];
      return [[nr.rights[i].method, `Choose how ${player} gets Landing Rights in ${city}.`],
        [ticked(i).length === want, `${city}: tick ${want === 2 ? "two cards" : "one card"} (${ticked(i).length} ticked).`]];
    });
    return view.record([[a && b, "Type both cities of the route."], [a !== b, "A route joins two different cities."],
      [distance, "Choose the route's distance (the number in its diamond)."],
      [!missingRegion.length, `Choose the region of ${missingRegion.join(" and ")}.`],
      [nr.plane && fleet.includes(nr.plane), "Choose the plane that flies the route."], ...rightsChecks], () => {
      const rights = Object.fromEntries([a, b].map((city, i) => {
        const { method } = nr.rights[i];
        return [city, CARDS_FOR[method] ? { method, cards: ticked(i) } : { method }];
      }));
      const regions = Object.fromEntries([a, b].filter(needsRegion).map((c) => [c, nr.regions[c]]));
      return { cities: [a, b], distance, plane: nr.plane, landing_rights: rights, ...(Object.keys(regions).length ? { regions } : {}) };
    });
  };

  more();
  return h("fieldset", { class: "pa-pick-new", dataset: { form: "new-route" } },
    h("legend", {}, "Claim a route not on the list"),
    datalist(listId, Object.keys(known)),
    h("div", { class: "pa-pick-pair" }, inputs),
    dynamic,
    formFoot(recordButton(ctx, submit, "Record this route", { key: "submit:pa-new-route" })));
}

function routePicker(ctx) {
  const state = ctx.state || {};
  if (!state.players) return null;
  const claims = ((ctx.options || {}).claims || []).filter((c) => c && Array.isArray(c.cities) && Array.isArray(c.planes) && Array.isArray(c.rights));
  const draft = ctx.draft;
  const player = ctx.actor || state.turn;
  let newForm = null;

  return frame(ctx, { picker: "route", heading: humanize(ctx.type), slotsInside: true }, (view) => {
    const [result] = view.slots();
    const submitListed = () => {
      listFoot.after(result);
      const claim = claims[draft.claim];
      const way = claim && claim.rights[draft.way];
      return view.record([[claim, "Tap a route first."], [claim && draft.plane && claim.planes.includes(draft.plane), "Choose the plane."],
        [way, "Choose how to get the Landing Rights."]], () => ({ cities: [...claim.cities], plane: draft.plane,
        landing_rights: Object.fromEntries(Object.entries(way).map(([city, how]) => [city,
          how.cards && how.cards.length ? { method: how.method, cards: [...how.cards] } : { method: how.method }])) }));
    };
    const me = playerState(ctx, player) || {};
    const fleet = PLANES.filter((p) => (me.fleet || {})[p] > 0).map((p) => `${me.fleet[p]} ${planeName(p)}${me.fleet[p] > 1 ? "s" : ""}`);
    const listFoot = claims.length ? formFoot(recordButton(ctx, submitListed, "Record the chosen route", { key: "submit:pa-listed" })) : null;
    newForm ||= newRouteForm(ctx, player, view, () => newForm.append(result));
    const inForm = newForm.contains(result); // the result stays where the last record was tried
    return [
      status(who(ctx, player || "?"), " resolves a Routes (D) Engineer."),
      h("dl", { class: "pa-pick-holds small" },
        h("dt", {}, "Fleet"), h("dd", {}, fleet.join(", ") || "none"),
        h("dt", {}, "Cards"), h("dd", {}, (me.destinations || []).map(cardText).join(", ") || "none"),
        h("dt", {}, "Airports"), h("dd", {}, (me.airports || []).join(", ") || "none")),
      claims.length ? [h("h4", {}, `Routes ${player} can claim now`), claimsList(ctx, player, claims, view), listFoot, inForm ? null : result]
        : h("p", { class: "muted small" }, "No known route can be claimed with what the player holds: declare the route below."),
      newForm,
      claims.length || inForm ? null : result,
    ];
  });
}

// ------------------------------------------------------- the board's items

/** The board's cities as chips by region (their Destination cards' colours); `state(city)`
 *  -> {pressed?, disabled?, sub?}. */
function boardCities(ctx, cities, { state = () => ({}), onpick, keyPrefix }) {
  const known = citiesOf(ctx);
  const byRegion = new Map();
  for (const city of cities) {
    const region = (known[city] && known[city].region) || "";
    if (!byRegion.has(region)) byRegion.set(region, []);
    byRegion.get(region).push(city);
  }
  const order = [...REGIONS, ""].filter((r) => byRegion.has(r));
  return h("div", { class: "pa-pick-by-region" }, order.map((region) => h("div", { class: `pa-pick-region-group ${regionClass(region)}` },
    h("p", { class: "pa-pick-region-head" }, h("span", { class: `pa-pick-dot ${regionClass(region)}`, "aria-hidden": "true" }),
      region ? regionName(region) : "Region not known"),
    h("div", { class: "pa-pick-opts pa-pick-cities" }, byRegion.get(region).map((city) => {
      const s = state(city) || {};
      return option({ label: city, sub: s.sub || null, pressed: s.pressed, disabled: Boolean(s.disabled), focusKey: `${keyPrefix}:${city}`,
        className: `pa-pick-city ${regionClass(region)}`, data: { city }, onclick: () => onpick(city) });
    })))));
}

const regionClass = (r) => `pa-pick-r-${REGIONS.includes(r) ? r.toLowerCase() : "none"}`;
const boardOf = (ctx) => (ctx.state && ctx.state.board) || {};
const wholeOnBoard = (ctx, section) => (boardOf(ctx).complete_items || []).includes(section);
const fromTheBoard = (title) => () => [title, faint(" · from the board")];

/** The typed form, tucked away under the board's items: for a card the board does not hold. */
function typedAside(summary, body) {
  return h("details", { class: "pa-pick-fallback pa-pick-typed" }, h("summary", {}, summary), body);
}

// ------------------------------------------------------------------ cards_dealt

function dealtPicker(ctx) {
  const options = ctx.options || {};
  const players = (Array.isArray(options.players) ? options.players : ctx.players) || [];
  if (!players.length && !(options.display_due || []).length) return null;
  if (Array.isArray(options["card.city"])) return dealtFromBoard(ctx, players, options["card.city"]);
  const displayDue = !Array.isArray(options.display_due) || options.display_due.length > 0;
  return frame(ctx, { picker: "dealt", heading: "Cards dealt" }, (view) => dealtTyped(ctx, view, players, displayDue));
}

/** The deal on a board: tap a space (a player's card or a display space), then the city on its
 *  card; the next empty space is chosen by itself. The table may deal it all, then record it in
 *  one go, or record each part as it is dealt (a player's two cards, the display's four): the
 *  record button records the parts complete so far. Recorded as the short form ({city}). */
function dealtFromBoard(ctx, players, offered) {
  const draft = ctx.draft;
  const options = ctx.options || {};
  const state = ctx.state || {};
  const displayDue = Array.isArray(options.display_due) ? options.display_due.length > 0
    : !(state.display || []).some((space) => space && space.card);
  const picks = (draft.picks ||= {});
  const parts = [
    ...players.map((player) => ({ player, long: `${player}’s cards`,
      spaces: [0, 1].map((i) => ({ key: `p:${player}:${i}`, player, short: `Card ${i + 1}`, long: `${player}’s card ${i + 1}` })) })),
    ...(displayDue ? [{ player: null, long: "the display",
      spaces: [0, 1, 2, 3].map((i) => ({ key: `d:${i}`, player: null, short: `Space ${i + 1}`, long: `display space ${i + 1}` })) }] : []),
  ];
  const spaces = parts.flatMap((p) => p.spaces);
  for (const key of Object.keys(picks)) if (!spaces.some((s) => s.key === key) || !offered.includes(picks[key])) delete picks[key];
  const firstEmpty = (after = -1) => {
    const empty = [...spaces.slice(after + 1), ...spaces.slice(0, after + 1)].find((s) => !picks[s.key]);
    return empty ? empty.key : null;
  };
  if (draft.at === undefined || (draft.at !== null && !spaces.some((s) => s.key === draft.at))) draft.at = firstEmpty();
  const complete = () => parts.filter((p) => p.spaces.every((s) => picks[s.key]));
  const begun = () => parts.filter((p) => p.spaces.some((s) => picks[s.key]) && !p.spaces.every((s) => picks[s.key]));
  const recordLabel = () => {
    const done = complete();
    if (!done.length) return `Record the cards dealt (${spaces.filter((s) => picks[s.key]).length} of ${spaces.length})`;
    if (done.length === parts.length) return parts.length > 1 ? "Record the cards dealt" : `Record ${parts[0].long}`;
    return `Record ${done.map((p) => p.long).join(" and ")}`;
  };
  let aside; // drawn once: what is typed in it stays

  return frame(ctx, { picker: "dealt", heading: fromTheBoard("Cards dealt"), slotsInside: true }, (view) => {
    if (aside === undefined) {
      aside = wholeOnBoard(ctx, "destination_cards") ? null
        : typedAside("A card the board does not list: type the whole deal", dealtTyped(ctx, view, players, displayDue));
    }
    const submit = () => {
      const done = complete();
      const halfway = begun();
      const missing = halfway.flatMap((p) => p.spaces.filter((s) => !picks[s.key]).map((s) => s.long));
      const hands = done.filter((p) => p.player);
      const display = done.find((p) => !p.player);
      return view.record([[done.length, `Tap the cities of ${parts.map((p) => p.long).join(", ") || "the deal"}.`],
        [!halfway.length, `Tap the city of ${missing.join(", ")} too, or clear ${halfway.map((p) => p.long).join(" and ")}.`]], () => ({
        ...(hands.length ? { destinations: Object.fromEntries(hands.map((p) => [p.player, p.spaces.map((s) => ({ city: picks[s.key] }))])) } : {}),
        ...(display ? { display: display.spaces.map((s) => ({ city: picks[s.key] })) } : {}),
      }));
    };
    const where = Object.fromEntries(Object.entries(picks).map(([key, city]) => [city, spaces.find((s) => s.key === key)]));
    const at = spaces.find((s) => s.key === draft.at) || null;
    const space = (s) => {
      const city = picks[s.key];
      const region = city ? (citiesOf(ctx)[city] || {}).region : null;
      return option({ label: city || "—", sub: s.short, pressed: draft.at === s.key, focusKey: `pa-deal-at:${s.key}`,
        className: `pa-pick-deal-space${city ? ` is-filled ${regionClass(region)}` : ""}`, data: { slot: s.key },
        onclick: () => settle(view, { at: s.key }, `pa-deal-at:${s.key}`) });
    };
    const dealt = (ctx.players || []).filter((p) => !players.includes(p));
    return [
      hint("Two face-up Destination cards per player and four in the display. "
        + "Tap a space, then the city on its card; record each hand as it is dealt, or all at once."),
      dealt.length || !displayDue ? h("p", { class: "pa-pick-dealt-already small" }, "Dealt already: ",
        [...dealt.map((p, i) => [i ? ", " : "", who(ctx, p)]), !displayDue ? [dealt.length ? ", " : "", "the display"] : null]) : null,
      h("div", { class: "pa-pick-deal" },
        parts.map((part) => h("fieldset", { class: `pa-pick-group pa-pick-deal-hand${part.player ? "" : " pa-pick-deal-display"}`,
          dataset: { player: part.player || "" } },
        h("legend", {}, part.player ? who(ctx, part.player) : "The display (Destinations, B)"),
        h("div", { class: `pa-pick-deal-spaces${part.player ? "" : " is-four"}` }, part.spaces.map(space))))),
      h("p", { class: "pa-pick-deal-now", tabindex: "-1", dataset: { focusKey: "pa-deal-now" } },
        at ? ["Now: ", h("strong", {}, at.long), picks[at.key] ? ` (${picks[at.key]}: tap another city to change it)` : " — tap its city."]
          : spaces.every((s) => picks[s.key]) ? "Every card is there: record them." : "Tap a space."),
      at && picks[at.key] ? h("button", { type: "button", class: "secondary pa-pick-clear", dataset: { focusKey: "pa-deal-clear" },
        onclick: () => { delete picks[at.key]; settle(view, {}, "pa-deal-now"); } }, `Clear ${at.long}`) : null,
      boardCities(ctx, offered, { keyPrefix: "pa-deal-city",
        state: (city) => (where[city] && where[city].key !== draft.at ? { disabled: true, sub: where[city].player ? `${where[city].player}` : where[city].short }
          : where[city] ? { pressed: true } : {}),
        onpick: (city) => {
          if (!at) return;
          picks[at.key] = city;
          const next = firstEmpty(spaces.indexOf(at));
          settle(view, { at: next }, next ? "pa-deal-now" : `submit:${ctx.type}`);
        } }),
      formFoot(recordButton(ctx, submit, recordLabel())),
      view.slots()[0],
      aside,
    ];
  });
}

/** The deal typed out: a city and its region per card (a game without a board's cards). */
function dealtTyped(ctx, view, players, displayDue = true) {
  const options = ctx.options || {};
  const known = cityRegions(options.cities);
  const regions = options.region && options.region.length ? options.region : REGIONS;
  const cards = (ctx.draft.cards ||= {});
  const listId = "pa-cities-dealt";
  const knownRegion = (city) => {
    const c = knownCity(city, known);
    return Object.prototype.hasOwnProperty.call(known, c) ? known[c] : null;
  };
  const hands = [...players.map((player) => ({ player, legend: who(ctx, player), keys: [0, 1].map((i) => `p:${player}:${i}`),
    label: (i) => `Card ${i + 1}`, missing: (i) => `${player}’s card ${i + 1}` })),
  ...(displayDue ? [{ player: "", legend: "The display (Destinations, B)", keys: [0, 1, 2, 3].map((i) => `d:${i}`),
    label: (i) => `Space ${i + 1}`, missing: (i) => `display card ${i + 1}` }] : [])];

  const row = (key, label) => {
    const card = (cards[key] ||= { city: "", region: "" });
    const select = regionSelect({ id: `pa-dealt-${key}-region`, value: card.region, regions, label: `${label}: region`,
      onchange: (v) => { card.region = v; } });
    const input = h("input", { id: `pa-dealt-${key}-city`, list: listId, ...CITY_INPUT, value: card.city, "aria-label": `${label}: city`,
      placeholder: "City",
      oninput: (e) => {
        card.city = e.target.value;
        const region = knownRegion(card.city);
        if (region) { card.region = region; select.value = region; }
      } });
    return h("div", { class: "pa-pick-card", dataset: { card: key } }, h("span", { class: "pa-pick-card-name" }, label), input, select);
  };

  const submit = () => {
    const missing = [];
    const read = (hand) => hand.keys.map((key, i) => {
      const city = knownCity((cards[key] || {}).city, known);
      const card = { city, region: (cards[key] || {}).region || knownRegion(city) || "" };
      if (!card.city || !card.region) missing.push(hand.missing(i));
      return card;
    });
    const destinations = Object.fromEntries(hands.filter((hand) => hand.player).map((hand) => [hand.player, read(hand)]));
    const data = displayDue ? { destinations, display: read(hands[hands.length - 1]) } : { destinations };
    return view.record([[!missing.length, `Type the city and choose the region of: ${missing.join(", ")}.`]], data);
  };

  return h("div", { class: "pa-pick-typed-body" },
    hint("The face-up Destination cards: two per player, four in the display. A known city fills in its region."),
    datalist(listId, Object.keys(known)),
    hands.map((hand) => h("fieldset", { class: "pa-pick-group pa-pick-dealt", dataset: { player: hand.player } },
      h("legend", {}, hand.legend), hand.keys.map((key, i) => row(key, hand.label(i))))),
    formFoot(recordButton(ctx, submit, "Record the cards dealt", { key: "submit:pa-dealt-typed" })));
}

// ------------------------------------------------- destination_display_refilled

/** On a board: the space to refill (the first due, or tapped), then the city of the card turned
 *  over, one tap. Without the board's cards: the generic form. */
function refillPicker(ctx) {
  const options = ctx.options || {};
  const offered = options["card.city"];
  if (!Array.isArray(offered)) return null;
  const due = (options.slot || []).map(Number).filter((n) => n >= 1 && n <= 4);
  if (!due.length) return null;
  const draft = ctx.draft;
  if (!due.includes(draft.slot)) draft.slot = due[0];
  const display = (ctx.state || {}).display || [];

  return frame(ctx, { picker: "refill", heading: fromTheBoard("Display refilled"),
    fallback: wholeOnBoard(ctx, "destination_cards") ? null : "A card the board does not list: type it" }, (view) => [
    hint(due.length > 1 ? "Tap the empty space, then the city of the card turned over for it." : "Tap the city of the card turned over: it is recorded."),
    group("The display", h("div", { class: "pa-pick-opts pa-pick-deal-spaces is-four" }, [1, 2, 3, 4].map((slot) => {
      const shown = (display[slot - 1] || {}).card;
      if (!due.includes(slot)) {
        return h("span", { class: `pa-pick-space is-off pa-pick-deal-shown ${shown ? regionClass(shown.region) : ""}` },
          h("span", { class: "pa-pick-opt-label" }, shown ? shown.city : "empty"), h("span", { class: "pa-pick-opt-sub" }, `Space ${slot}`));
      }
      return option({ label: "Empty", sub: `Space ${slot}: refill`, pressed: draft.slot === slot, focusKey: `pa-refill-slot:${slot}`,
        className: "pa-pick-deal-space", data: { slot: String(slot) }, onclick: () => settle(view, { slot }, `pa-refill-slot:${slot}`) });
    }))),
    h("p", { class: "pa-pick-deal-now" }, "Space ", h("strong", {}, String(draft.slot)), ": tap its city."),
    boardCities(ctx, offered, { keyPrefix: "pa-refill-city", onpick: (city) => view.record([], { slot: draft.slot, card: { city } }) }),
  ]);
}

// ---------------------------------------------------------- event_card_revealed

const adjustmentText = (a) => {
  if (!a || !a.op) return "Stock Price ?";
  if (a.op === "set") return `Stock Price set to $${a.value ?? "?"}`;
  return a.op === "up" ? "Stock Price ▲ up one" : "Stock Price ▼ down one";
};
const roundOf = (options) => (Array.isArray(options.round) && options.round.length === 1 ? options.round[0] : null);

function eventCardPicker(ctx) {
  const options = ctx.options || {};
  const round = roundOf(options);
  const heading = () => ["Event card revealed", round !== null ? faint(` · round ${round}`) : null];
  if (!Array.isArray(options.name)) return frame(ctx, { picker: "event-card", heading }, (view) => eventCardTyped(ctx, view));
  const faces = boardOf(ctx).event_cards || {};
  const typed = !(wholeOnBoard(ctx, "event_cards") && options.name.length);
  return frame(ctx, { picker: "event-card", heading, slotsInside: true }, (view) => [
    hint("Tap the card turned over: its Stock Price change and die rolls come from the board."),
    options.name.length ? boardCards(options.name, (name) => {
      const face = faces[name] || {};
      const rolls = face.die_rolls === undefined || face.die_rolls === null ? "die rolls ?" : `${face.die_rolls} die roll${face.die_rolls === 1 ? "" : "s"}`;
      return { label: name, sub: [cardFace(`${adjustmentText(face.stock_adjustment)} · ${rolls}`), printed(face.text)],
        focusKey: `pa-event:${name}`, data: { card: name }, onclick: () => view.record([], { name }) };
    }) : h("p", { class: "notice small" }, `The board holds no Event card of round ${round ?? "this round"} that is not revealed yet.`),
    view.slots()[0],
    typed ? typedAside("A card the board does not list: type it", eventCardTyped(ctx, view)) : null,
  ]);
}

/** The Event card typed out: its name, Stock Price change, die rolls and words; drawn in its own box. */
function eventCardTyped(ctx, view) {
  const options = ctx.options || {};
  const draft = ctx.draft;
  const ops = options["stock_adjustment.op"] || ["up", "down", "set"];
  const round = roundOf(options);
  const host = h("div", { class: "pa-pick-typed-body" });
  const part = partView(draft, draw);
  const OPS = { up: ["▲ Up", "+1"], down: ["▼ Down", "−1"], set: ["Set", "to a number"] };
  draft.name ??= "";
  draft.text ??= "";

  const submit = () => {
    const name = String(draft.name || "").trim();
    const [value, rolls, text] = [wholeNumber(draft.value), wholeNumber(draft.rolls), String(draft.text || "").trim()];
    return view.record([[name, "Type the Event card's name."], [draft.op, "Choose how the Stock Price moves."],
      [draft.op !== "set" || value !== null, "Type the Stock Price the card sets."],
      [rolls !== null && rolls >= 0, "Choose how many times the die is rolled."]], () => ({
      name, stock_adjustment: draft.op === "set" ? { op: "set", value } : { op: draft.op }, die_rolls: rolls,
      ...(round !== null ? { round } : {}), ...(text ? { text } : {}) }));
  };

  function draw(focusKey = null) {
    const price = ctx.state && ctx.state.stock_price;
    const otherRolls = draft.rolls !== undefined && draft.rolls !== "" && ![0, 1, 2, 3, 4].includes(Number(draft.rolls));
    fill(host,
      h("div", { class: "field" }, h("label", { for: "pa-event-name" }, "Card name"),
        h("input", { id: "pa-event-name", autocomplete: "off", maxlength: "200", value: draft.name, dataset: { focusKey: "pa-event-name" },
          oninput: (e) => { draft.name = e.target.value; } })),
      group(["Stock Price", faint(price === null || price === undefined ? " · not set yet" : ` · now $${price}`)],
        choices(part, { items: ["up", "down", "set"], field: "op", listClass: "pa-pick-ops", className: "pa-pick-op", key: (op) => `pa-op:${op}`,
          label: (op) => OPS[op][0], sub: (op) => OPS[op][1], disabled: (op) => !ops.includes(op), data: (op) => ({ op }),
          pick: (op, key) => part.set({ op }, op === "set" ? "pa-op-value" : key) }),
        draft.op === "set" ? priceField("pa-op-value", "The Stock Price becomes", draft.value, "0", (v) => { draft.value = v; }) : null),
      group("Pan Am die rolls this round", withOther(
        numberChoices(part, { items: [0, 1, 2, 3, 4], field: "rolls", key: (n) => `pa-rolls:${n}`, data: (n) => ({ rolls: String(n) }),
          pressed: (n) => draft.rolls !== undefined && draft.rolls !== "" && Number(draft.rolls) === n }),
        host, ".pa-pick-num[data-rolls]", { label: "Other number of die rolls", key: "pa-rolls-other", min: "0",
          value: otherRolls ? draft.rolls : "", oninput: (v) => { draft.rolls = v; } })),
      h("div", { class: "field" }, h("label", { for: "pa-event-text" }, "What the card says ", h("span", { class: "optional" }, "(optional)")),
        h("textarea", { id: "pa-event-text", rows: "2", maxlength: "2000", class: "pa-pick-text", dataset: { focusKey: "pa-event-text" },
          oninput: (e) => { draft.text = e.target.value; } }, draft.text)),
      formFoot(recordButton(ctx, submit, "Record the Event card", { key: "submit:pa-event-typed" })));
    refocus(host, focusKey);
  }

  draw();
  return host;
}

// ------------------------------------------------------------- directive_played

const TIMING_WORDS = {
  EVENT: "Event phase", ENGINEER: "Engineer phase", RESOLUTION: "Resolution phase", PAN_AM: "Pan Am phase",
  REVEAL: "Reveal", STOCK_PRICE: "Stock Price", PRIORITY_ACCESS: "Priority Access", ASSIGNMENT: "Assignment",
  EXPANSION: "Expansion", INCOME: "Income", STOCK: "Stock",
};

/** What a board's Directive card always does, in words ("Earns $3; peeks"). */
function effectsText(effects) {
  const words = (effects || []).map((e) => {
    const all = e.player === "ALL";
    const n = Number(e.amount) || 0;
    const more = n < 0 ? "−" : "+";
    switch (e.kind) {
      case "money": return `${all ? "every player " : ""}${n < 0 ? "pays" : "earns"} $${Math.abs(n)}`;
      case "income": return `${all ? "every player " : ""}${more}${Math.abs(n)} income`;
      case "stock": return `${all ? "every player " : ""}${more}${Math.abs(n)} Stock`;
      case "stock_price": return e.op === "set" ? `Stock Price set to $${e.value ?? "?"}` : `Stock Price ${e.op === "up" ? "up" : "down"} one`;
      case "die_rolls": return `${more}${Math.abs(n)} die roll${Math.abs(n) === 1 ? "" : "s"}`;
      case "draw_directive": return `draws ${e.count} Directive card${e.count === 1 ? "" : "s"}`;
      case "gain_plane": return `gains a ${planeName(e.plane)}`;
      case "peek": return "peeks";
      case "text": return e.text || "";
      default: return humanize(String(e.kind || "?"));
    }
  }).filter(Boolean);
  const text = words.join("; ");
  return text ? `${text.charAt(0).toUpperCase()}${text.slice(1)}` : "Does nothing to record";
}

/** On a board with Directive cards: those printed for now, one tap each (the board holds what
 *  they do). A card whose effects the table chooses, and any card without a board: the form. */
function directivePicker(ctx) {
  const options = ctx.options || {};
  if (!Array.isArray(options.card)) return null;
  const faces = boardOf(ctx).directive_cards || {};
  const draft = ctx.draft;
  const holders = Object.entries((ctx.state || {}).players || {}).filter(([, p]) => p.directives > 0).map(([name]) => name);
  if (!holders.includes(draft.player)) draft.player = holders.includes(ctx.actor) ? ctx.actor : holders[0] || null;
  const timing = (face) => {
    const t = face.timing || {};
    const step = AREA_NAME[t.step] ? `${t.step}. ${AREA_NAME[t.step]}` : TIMING_WORDS[t.step] || t.step;
    return `${TIMING_WORDS[t.phase] || t.phase} · ${step}${face.area ? ` (with the ${face.area} Engineer)` : ""}`;
  };
  const chosenHere = options.card.filter((name) => faces[name] && faces[name].effects === null);

  return frame(ctx, { picker: "directive", heading: options.card.length ? fromTheBoard("Directive card played") : "Directive card played",
    fallback: chosenHere.length ? "Spell out what the card does" : "A card the board does not list: type it" }, (view) => {
    // Nothing the board holds is printed for this moment: one quiet line, the form tucked away.
    if (!options.card.length) return hint("No Directive card on the board is played at this moment.");
    return [
      holders.length > 1 ? choices(view, { legend: "Who plays it", items: holders, field: "player", className: "pa-pick-who",
        key: (name) => `pa-directive-who:${name}`, label: (name) => who(ctx, name), data: (name) => ({ player: name }) })
        : status(holders.length ? [who(ctx, holders[0]), " holds a Directive card."] : "Nobody holds a Directive card."),
      hint("Tap the card played: what it does comes from the board."),
      boardCards(options.card, (name) => {
        const face = faces[name] || {};
        const table = face.effects === null || face.effects === undefined;
        const does = table ? null : cardFace(effectsText(face.effects), " pa-pick-card-does");
        return { label: name, sub: [cardFace(timing(face)), does, printed(face.text),
          table ? cardFace("The table chooses what it does: use the form below.") : null],
        disabled: table || !draft.player, focusKey: `pa-directive:${name}`, data: { card: name },
        onclick: () => { fill(view.slots()[0]); ctx.record({ card: name }, draft.player); } };
      }),
    ];
  });
}

// ------------------------------------------------------------------- die_rolled

function diePicker(ctx) {
  const options = ctx.options || {};
  const faces = (options.faces && options.faces.length ? options.faces : SYMBOLS).filter((f) => SYMBOLS.includes(f));
  if (!faces.length) return null;
  const expansion = (ctx.state || {}).expansion || {};
  const chosen = (ctx.draft.faces ||= []);
  const of = expansion.rolls_expected;

  const heading = () => ["Die rolled", of ? faint(` · roll ${(expansion.rolls || []).length + 1} of ${of}`) : null];
  return frame(ctx, { picker: "die", heading }, (view) => {
    const submit = () => {
      const picked = SYMBOLS.filter((f) => chosen.includes(f));
      return view.record([[picked.length, "Tap what the die shows (at least one symbol)."]], { faces: picked });
    };
    const toggle = (f) => {
      const at = chosen.indexOf(f);
      if (at >= 0) chosen.splice(at, 1); else chosen.push(f);
      view.again(`pa-face:${f}`);
    };
    return [
      hint("Tap every symbol the Pan Am die shows."),
      h("div", { class: "pa-pick-opts pa-pick-faces" }, faces.map((f) => option({
        label: SYMBOL_NAME[f], sub: f === "PAN_AM" ? "players may sell a Route" : f, pressed: chosen.includes(f), focusKey: `pa-face:${f}`,
        className: `pa-pick-face pa-face-${f.toLowerCase()}`, data: { face: f }, onclick: () => toggle(f) }))),
      formFoot(recordButton(ctx, submit, "Record the roll")),
    ];
  });
}

// --------------------------------------------------------------- airport_placed

/** The Airport's city, one tap among the cities offered (by region); once the supply is empty,
 *  first the Airport moved. A city nobody declared yet (a board without a city list): its
 *  printed name and its region, in the picker. */
function airportPicker(ctx) {
  const options = ctx.options || {};
  if (!Array.isArray(options.city)) return null;
  const draft = ctx.draft;
  const player = ctx.actor || null;
  const moved = Array.isArray(options.moved_from) ? options.moved_from : [];
  const regions = Array.isArray(options.region) && options.region.length ? options.region : REGIONS;
  const listed = Array.isArray(boardOf(ctx).cities); // the board names every city: no new one
  const known = citiesOf(ctx);
  draft.name ??= "";
  if (!moved.includes(draft.moved)) draft.moved = moved.length === 1 ? moved[0] : null;
  const bid = Object.values((((ctx.state || {}).tracks || {}).A) || {}).find((p) => p && p.player === player && !p.resolved);
  const isNew = (typed) => Boolean(typed && !(known[typed] && known[typed].region));

  return frame(ctx, { picker: "airport", heading: "Airport placed" }, (view) => {
    const send = (data) => view.record([[!moved.length || draft.moved, "Tap the Airport that moves first."]],
      moved.length ? { ...data, moved_from: draft.moved } : data);
    const sendNew = () => {
      const typed = String(draft.name || "").trim();
      if (!typed) return view.problem("Type the city’s name as the board prints it.");
      const city = knownCity(typed, known);
      if (known[city] && known[city].airport) return view.problem(`${city} already has an Airport.`);
      if (known[city] && known[city].region) return send({ city });
      if (!draft.region) return view.problem(`Tap the region of ${city}.`);
      return send({ city, region: draft.region });
    };
    /** Typing a city nobody declared asks its region: drawn again, the caret stays at the end of the name. */
    const typing = (e) => {
      const before = isNew(knownCity(draft.name, known));
      draft.name = e.target.value;
      if (before === isNew(knownCity(draft.name, known))) return;
      view.again();
      const input = view.root.querySelector("#pa-airport-new");
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    };
    const typed = knownCity(draft.name, known);
    return [
      status(someone(ctx, player), " resolves an Airports (A) Engineer", bid ? ` (bid ${money(bid.cost)})` : "", "."),
      moved.length ? choices(view, { legend: "No Airport left in the supply: the one that moves", items: moved, field: "moved",
        key: (city) => `pa-airport-from:${city}`, label: (city) => city, data: (city) => ({ movedFrom: city }),
        pick: (city, key) => settle(view, { moved: city }, key) }) : null,
      hint(options.city.length ? "Tap the city where the Airport goes: it is recorded." : "No known city is free of an Airport."),
      options.city.length ? boardCities(ctx, options.city, { keyPrefix: "pa-airport-city", onpick: (city) => send({ city }) }) : null,
      listed ? null : h("fieldset", { class: "pa-pick-group pa-pick-new-city", dataset: { form: "new-city" } },
        h("legend", {}, "A city not on the list"),
        h("div", { class: "field" }, h("label", { for: "pa-airport-new" }, "The city’s name, as printed"),
          h("input", { id: "pa-airport-new", ...CITY_INPUT, maxlength: "80", value: draft.name, dataset: { focusKey: "pa-airport-new" },
            oninput: typing })),
        isNew(typed) ? h("div", { class: "pa-pick-opts pa-pick-regions", role: "group", "aria-label": `Region of ${typed}` },
          regions.map((r) => option({ label: regionName(r), pressed: draft.region === r, focusKey: `pa-airport-region:${r}`,
            className: `pa-pick-city ${regionClass(r)}`, data: { region: r },
            onclick: () => settle(view, { region: r }, `pa-airport-region:${r}`) }))) : null,
        formFoot(recordButton(ctx, sendNew, "Place the Airport there", { key: "submit:pa-airport-new" }))),
    ];
  });
}

// ----------------------------------------------------------------- stock_bought

/** How many Stock the player buys: one tap on the number (0 passes). */
function stockPicker(ctx) {
  const counts = ((ctx.options || {}).count || []).map(Number).filter((n) => Number.isInteger(n) && n >= 0);
  if (!counts.length) return null;
  const player = ctx.actor || null;
  const me = playerState(ctx, player) || {};
  const price = (ctx.state || {}).stock_price;
  return frame(ctx, { picker: "stock", heading: "Stock bought" }, (view) => [
    status(someone(ctx, player), ` has ${money(me.money)} and ${me.stock ?? "?"} Stock;`, ` the price is ${money(price)}.`),
    hint("Tap how many Stock they buy: it is recorded."),
    h("div", { class: "pa-pick-opts pa-pick-counts" }, counts.map((n) => option({
      label: String(n), sub: n === 0 ? "pass" : `pays ${money(price ? n * price : null)}`, focusKey: `pa-stock:${n}`,
      className: "pa-pick-num", data: { count: String(n) }, onclick: () => view.record([], { count: n }) }))),
  ]);
}

// ----------------------------------------------------------------- event_effect

const EFFECT_WORDS = {
  money: ["Money", "earn or pay"], income: ["Income", "tracker moves"], stock: ["Stock", "gain or lose"],
  stock_price: ["Stock Price", "moves"], die_rolls: ["Die rolls", "more or fewer"], draw_directive: ["Directive cards", "drawn"],
  gain_plane: ["A plane", "from the hangar"], text: ["Only words", "nothing to count"],
};
const NEEDS_PLAYER = new Set(["money", "income", "stock", "draw_directive", "gain_plane"]);
const COUNTED = ["money", "income", "stock", "die_rolls"];
const AMOUNTS = [-3, -2, -1, 1, 2, 3, 5];
const PRICE_OPS = { up: ["▲ Up", "one space"], down: ["▼ Down", "one space"], set: ["Set", "to a price"] };

/** One effect of the Event card from what was tapped (`e`): {effect} or {error}, the first thing missing. */
function builtEffect(e) {
  const { kind } = e;
  const [amount, value, text] = [wholeNumber(e.amount), wholeNumber(e.value), String(e.text || "").trim()];
  const missing = [[!kind, "Tap what the card changes."], [NEEDS_PLAYER.has(kind) && !e.player, "Tap who it is for."],
    [COUNTED.includes(kind) && !amount, "Tap how much (the number on the card)."],
    [kind === "stock_price" && !e.op, "Tap how the Stock Price moves."],
    [kind === "stock_price" && e.op === "set" && value === null, "Type the price the card sets."],
    [kind === "gain_plane" && !e.plane, "Tap the plane."], [kind === "text" && !text, "Type what the card says."]].find(([gap]) => gap);
  if (missing) return { error: missing[1] };
  return { effect: { kind, ...(NEEDS_PLAYER.has(kind) ? { player: e.player } : {}), ...(COUNTED.includes(kind) ? { amount } : {}),
    ...(kind === "stock_price" ? { op: e.op, ...(e.op === "set" ? { value } : {}) } : {}),
    ...(kind === "draw_directive" ? { count: Number(e.count || 1) } : {}),
    ...(kind === "gain_plane" ? { plane: e.plane } : {}), ...(kind === "text" ? { text } : {}) } };
}

/** What the face-up Event card does, built from the engine's offers: the kind, who, how much;
 *  several effects may be added before one record. */
function eventEffectPicker(ctx) {
  const options = ctx.options || {};
  const kinds = (options.kind || []).filter((k) => EFFECT_WORDS[k]);
  if (!kinds.length) return null;
  const draft = ctx.draft;
  const everyone = new Set(options.everyone || []);
  const seats = (options.player || []).filter((p) => p !== "ALL");
  const planes = (options.plane || PLANES).filter((p) => PLANES.includes(p));
  const card = (ctx.state || {}).event_card || {};
  const face = (boardOf(ctx).event_cards || {})[card.name] || {};
  const added = (draft.added ||= []);
  const e = (draft.effect ||= {});
  const said = (effect) => (effect.player && effect.player !== "ALL" ? `${effect.player}: ${effectsText([effect])}` : effectsText([effect]));

  return frame(ctx, { picker: "event-effect", heading: () => ["Event card effect", card.name ? faint(` · ${card.name}`) : null] }, (view) => {
    const redraw = (key = null) => settle(view, {}, key);
    const part = partView(e, redraw);
    const submit = () => {
      const { effect, error } = builtEffect(e);
      return view.record([[!error || (added.length && !e.kind), error]], { effects: [...added, ...(effect ? [effect] : [])] });
    };
    const addAnother = () => {
      const { effect, error } = builtEffect(e);
      if (error) return view.problem(error);
      added.push(effect);
      for (const key of Object.keys(e)) delete e[key];
      return redraw(`pa-effect-kind:${kinds[0]}`);
    };
    const kind = e.kind;
    if (NEEDS_PLAYER.has(kind) && e.player === "ALL" && !everyone.has(kind)) e.player = null;
    const unit = kind === "money" ? "$" : "";
    return [
      face.text || card.text ? h("p", { class: "pa-pick-card-text pa-pick-quote" }, face.text || card.text) : null,
      added.length ? h("ul", { class: "pa-pick-added", "aria-label": "Effects added" }, added.map((effect, i) => h("li", {},
        said(effect), " ", h("button", { type: "button", class: "link-btn", dataset: { focusKey: `pa-effect-drop:${i}` },
          onclick: () => { added.splice(i, 1); redraw(); } }, "Remove")))) : null,
      choices(part, { legend: added.length ? "Another effect" : "What the card changes", items: kinds, field: "kind", listClass: "pa-pick-kinds",
        className: "pa-pick-kind", key: (k) => `pa-effect-kind:${k}`, label: (k) => EFFECT_WORDS[k][0], sub: (k) => EFFECT_WORDS[k][1],
        data: (k) => ({ kind: k }) }),
      NEEDS_PLAYER.has(kind) ? choices(part, { legend: "For", items: [...seats, ...(everyone.has(kind) ? ["ALL"] : [])], field: "player",
        className: "pa-pick-who", key: (name) => `pa-effect-who:${name}`, label: (name) => (name === "ALL" ? "Every player" : who(ctx, name)),
        data: (name) => ({ player: name }) }) : null,
      COUNTED.includes(kind) ? group(["How much", faint(" · as printed")], withOther(
        numberChoices(part, { items: AMOUNTS, field: "amount", listClass: "pa-pick-amounts", pressed: (n) => Number(e.amount) === n,
          label: (n) => `${n > 0 ? "+" : "−"}${unit}${Math.abs(n)}`, key: (n) => `pa-effect-amount:${n}`, data: (n) => ({ amount: String(n) }) }),
        view.root, ".pa-pick-amounts .pa-pick-num", { label: "Another amount", key: "pa-effect-other",
          value: e.amount !== undefined && !AMOUNTS.includes(Number(e.amount)) ? e.amount : "", oninput: (v) => { e.amount = v; } })) : null,
      kind === "stock_price" ? group("The Stock Price",
        choices(part, { items: options.op || [], field: "op", key: (op) => `pa-effect-op:${op}`, label: (op) => PRICE_OPS[op][0],
          sub: (op) => PRICE_OPS[op][1], data: (op) => ({ op }), pick: (op, key) => part.set({ op }, op === "set" ? "pa-effect-value" : key) }),
        e.op === "set" ? priceField("pa-effect-value", "The price becomes", e.value, "1", (v) => { e.value = v; }) : null) : null,
      kind === "draw_directive" ? numberChoices(part, { legend: "How many cards", items: [1, 2, 3], field: "count",
        pressed: (n) => Number(e.count || 1) === n, key: (n) => `pa-effect-count:${n}`, data: (n) => ({ count: String(n) }) }) : null,
      kind === "gain_plane" ? choices(part, { legend: "The plane", items: planes, field: "plane", key: (p) => `pa-effect-plane:${p}`,
        label: planeName, sub: (p) => `range ${RANGE[p]}`, data: (p) => ({ plane: p }) }) : null,
      kind === "text" ? h("div", { class: "field" }, h("label", { for: "pa-effect-text" }, "What the card says"),
        h("input", { id: "pa-effect-text", autocomplete: "off", maxlength: "500", value: e.text || "", dataset: { focusKey: "pa-effect-text" },
          oninput: (ev) => { e.text = ev.target.value; } })) : null,
      formFoot(recordButton(ctx, submit, added.length ? `Record the ${added.length + (kind ? 1 : 0)} effects` : "Record the effect", { key: "submit:pa-effect" }),
        kind ? h("button", { type: "button", class: "secondary", dataset: { focusKey: "pa-effect-add" }, onclick: addAnother }, "Add another effect") : null),
    ];
  });
}

// -------------------------------------------------------------- pan_am_expanded

/** Pan Am's next route on the path rolled: one tap when the board names it; otherwise its two
 *  cities tapped in order (from Pan Am's side), and its distance while nobody knows it. */
function expansionPicker(ctx) {
  const options = ctx.options || {};
  const path = Array.isArray(options.path) && options.path.length ? options.path[0] : null;
  if (!path) return null;
  const draft = ctx.draft;
  const named = Array.isArray(options.cities) ? options.cities.filter((c) => Array.isArray(c) && c.length === 2) : [];
  const routes = (ctx.state || {}).routes || {};
  const routeOf = (a, b) => routes[[a, b].sort().join("|")] || null;
  const shape = { picker: "expansion", heading: () => ["Pan Am expands", faint(` · ${SYMBOL_NAME[path] || path}`)] };

  if (named.length) {
    return frame(ctx, shape, (view) => [
      hint("The board names the next route on this path: tap it to record it."),
      boardCards(named, (cities) => {
        const route = routeOf(...cities) || {};
        return { label: routeName(cities), focusKey: `pa-expand:${cities.join("|")}`, data: { cities: cities.join("|") },
          sub: [route.distance ? `distance ${route.distance} · ` : "", route.owner ? `${route.owner} sells it to Pan Am` : "a Pan Am marker goes on it"],
          onclick: () => view.record([], { path, cities: [...cities] }) };
      }),
    ]);
  }

  const cities = Object.keys(citiesOf(ctx)).sort((a, b) => a.localeCompare(b));
  const picked = (draft.cities ||= []).filter((c) => cities.includes(c));
  draft.cities = picked;
  return frame(ctx, shape, (view) => {
    const route = picked.length === 2 ? routeOf(...picked) : null;
    const known = Boolean(route && route.distance);
    const submit = () => view.record([[picked.length === 2, "Tap the route’s two cities."],
      [known || draft.distance, "Tap the route’s distance (the number in its diamond)."]],
    () => ({ path, cities: [...picked], ...(known ? {} : { distance: draft.distance }) }));
    const now = picked.length === 0 ? "Tap the city Pan Am flies from." : picked.length === 1 ? `From ${picked[0]}: tap the city it flies to.`
      : [h("strong", {}, routeName(picked)), known ? ` · distance ${route.distance}` : " · a route not declared yet",
        route && route.owner ? ` · ${route.owner === "PAN_AM" ? "already Pan Am’s" : `${route.owner} sells it to Pan Am`}` : ""];
    return [
      hint("The board does not say which route comes next on this path: tap its two cities in order."),
      h("p", { class: "pa-pick-deal-now", dataset: { focusKey: "pa-expand-now" }, tabindex: "-1" }, now),
      boardCities(ctx, cities, { keyPrefix: "pa-expand-city",
        state: (city) => {
          const at = picked.indexOf(city);
          if (at >= 0) return { pressed: true, sub: at === 0 ? "from" : "to" };
          return picked.length === 2 ? { disabled: true } : {};
        },
        onpick: (city) => {
          const at = picked.indexOf(city);
          if (at >= 0) picked.splice(at, 1); else if (picked.length < 2) picked.push(city);
          settle(view, { distance: null }, `pa-expand-city:${city}`);
        } }),
      picked.length === 2 && !known ? numberChoices(view, { legend: "Distance", items: [1, 2, 3, 4], field: "distance",
        key: (d) => `pa-expand-dist:${d}`, data: (d) => ({ distance: String(d) }), pick: (d, key) => settle(view, { distance: d }, key) }) : null,
      h("div", { class: "form-foot pa-pick-sticky" }, recordButton(ctx, submit, picked.length === 2 ? `Record Pan Am on ${routeName(picked)}` : "Record the route")),
    ];
  });
}

export const pickers = {
  cards_dealt: dealtPicker,
  destination_display_refilled: refillPicker,
  directive_played: directivePicker,
  event_card_revealed: eventCardPicker,
  engineer_assigned: engineerPicker,
  route_claimed: routePicker,
  die_rolled: diePicker,
  airport_placed: airportPicker,
  stock_bought: stockPicker,
  event_effect: eventEffectPicker,
  pan_am_expanded: expansionPicker,
};
