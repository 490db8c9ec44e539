// Pan Am on the recording page: the Engineer phase as the board's five areas of
// buttons, route claims as cards (and a form for a route the engine does not know
// yet, the usual case: the board is declared as it is used), the set-up's face-up
// cards, the Event card, and the Pan Am die. The engine's `expected()` options are
// described in engines/pan_am/__init__.py; its state in engines/pan_am/state.py.
// Every label is text; colours are only a hint.

import { fill, h, humanize, playerName, seatColour } from "../../dom.js";
import { fallbackDetails, option, problem, recordButton, refocus, resultSlot, section } from "./picker-kit.js";

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

const regionName = (r) => REGION_NAME[r] || (r ? humanize(String(r).toLowerCase()) : "");
const planeName = (p) => PLANE_NAME[p] || humanize(String(p).toLowerCase());
const routeName = (cities) => cities.join("–");
const money = (n) => (n === null || n === undefined ? "?" : `$${n}`);
const playerState = (ctx, name) => (ctx.state && ctx.state.players && ctx.state.players[name]) || null;
const citiesOf = (ctx) => (ctx.state && ctx.state.cities) || {};

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

function who(ctx, name) {
  return playerName(name, ctx.players || []);
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
  const title = "picker-title-engineer_assigned";
  const root = section(ctx, "engineer", title);
  const result = resultSlot(ctx);
  const fallback = fallbackDetails(ctx, "Type the placement instead");
  const player = state.turn || ctx.actor;
  const priority = state.phase === "PRIORITY";
  const offeredIn = (area, track = null) => spaces.filter((s) => s.area === area && (track === null || String(s.track) === String(track)));

  const send = (offer, cost) => {
    const data = { area: offer.area };
    if (offer.track !== null && offer.track !== undefined) {
      data.track = String(offer.track);
      data.space = Number(offer.space);
      data.cost = cost;
    }
    return ctx.record(data);
  };
  const pick = (offer) => {
    fill(result);
    if (offer.track === null || offer.track === undefined || (offer.cost !== null && offer.cost !== undefined)) {
      draft.pending = null;
      send(offer, offer.cost);
      return;
    }
    draft.pending = { area: offer.area, track: String(offer.track), space: Number(offer.space) };
    draw("pa-cost");
  };
  const costForm = (area, track) => {
    const p = draft.pending;
    if (!p || p.area !== area || p.track !== String(track)) return null;
    const input = h("input", { type: "number", inputmode: "numeric", min: "0", step: "1", required: true, id: "pa-cost",
      value: draft.cost ?? "", dataset: { focusKey: "pa-cost" }, oninput: (e) => { draft.cost = e.target.value; } });
    const form = h("form", { class: "pa-pick-cost", novalidate: true },
      h("label", { for: "pa-cost" }, `The cost printed on space ${p.space}`),
      h("div", { class: "pa-pick-inline" }, h("span", { class: "pa-pick-dollar", "aria-hidden": "true" }, "$"), input,
        h("button", { type: "submit", class: "record-btn", dataset: { focusKey: `submit:${ctx.type}` } }, `Place on space ${p.space}`),
        h("button", { type: "button", class: "secondary", onclick: () => { draft.pending = null; fill(result); draw(); } }, "Cancel")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const cost = Number(String(input.value).trim());
      if (String(input.value).trim() === "" || !Number.isInteger(cost) || cost < 0) {
        problem(result, "Type the cost printed on that space (a whole number of dollars).");
        input.focus();
        return;
      }
      const offer = spaces.find((s) => s.area === p.area && String(s.track) === p.track && Number(s.space) === p.space);
      if (offer) send(offer, cost);
    });
    return form;
  };

  const areaBlock = (area) => {
    const rows = [];
    if (area === "A") {
      const used = Object.keys((state.tracks || {}).A || {});
      const tracks = [...new Set([...used, ...offeredIn("A").map((s) => String(s.track))])].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
      for (const track of tracks) {
        rows.push(trackRow(ctx, "A", track, [`Track ${track}`, used.includes(track) ? null : h("span", { class: "muted" }, " (a new one)")],
          offeredIn("A", track), draft, pick, costForm("A", track)));
      }
    } else if (area === "B") {
      const display = state.display || [];
      ["1", "2", "3", "4"].forEach((slot, i) => {
        const shown = display[i] || {};
        const label = shown.card
          ? [h("strong", {}, shown.card.city), ` · ${regionName(shown.card.region) || "region ?"}`, shown.bonus ? ` · +$${shown.bonus} bonus` : ""]
          : h("span", { class: "muted" }, "empty");
        rows.push(trackRow(ctx, "B", slot, [`Card ${slot}: `, label], offeredIn("B", slot), draft, pick, costForm("B", slot)));
      });
    } else if (area === "C") {
      for (const plane of PLANES) {
        const covered = state.tiles && state.tiles[plane];
        const label = [h("strong", {}, planeName(plane)), ` · range ${RANGE[plane]}`];
        if (covered && !offeredIn("C", plane).length) {
          rows.push(h("div", { class: "pa-pick-track is-covered", dataset: { track: plane } },
            h("div", { class: "pa-pick-track-name" }, label, " · ", h("em", {}, "covered by its tile: not available yet"))));
        } else {
          rows.push(trackRow(ctx, "C", plane, label, offeredIn("C", plane), draft, pick, costForm("C", plane)));
        }
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

  function draw(focusKey = null) {
    const me = player ? playerState(ctx, player) : null;
    const status = priority
      ? ["Priority Access step: ", player ? who(ctx, player) : "the next player", "’s Engineer from Directives (E) goes to any space in A–D."]
      : [player ? who(ctx, player) : "The next player", " assigns an Engineer", me ? ` (${me.available} in hand, $${me.money})` : "", "."];
    const areas = ["A", "B", "C", "D", "E"].filter((a) => !(priority && a === "E" && !offeredIn("E").length));
    fill(root,
      h("h3", { id: title }, humanize(ctx.type)),
      h("p", { class: `pa-pick-status${priority ? " is-priority" : ""}` }, status),
      h("p", { class: "muted small pa-pick-hint" }, "Tap the space where the Engineer goes. A bid is paid in the Resolution phase."),
      h("div", { class: "pa-pick-areas" }, areas.map(areaBlock)),
      result,
      fallback);
    refocus(root, focusKey);
  }

  draw();
  return root;
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

function claimsList(ctx, player, claims, draft, redraw) {
  return h("ul", { class: "pa-pick-claims", "aria-label": "Known routes that can be claimed now" }, claims.map((claim, i) => {
    const chosen = draft.claim === i;
    const head = option({ label: `${routeName(claim.cities)} · distance ${claim.distance}`, pressed: chosen, focusKey: `pa-claim:${i}`,
      className: "pa-pick-claim-head", data: { claim: String(i) },
      onclick: () => {
        draft.claim = i;
        draft.plane = claim.planes.length === 1 ? claim.planes[0] : null;
        draft.way = claim.rights.length === 1 ? 0 : null;
        redraw(`pa-claim:${i}`);
      } });
    if (!chosen) {
      return h("li", { class: "pa-pick-claim" }, head, h("span", { class: "pa-pick-claim-sub small muted" },
        `${claim.planes.map(planeName).join(" or ")} · ${claim.rights.length} way${claim.rights.length === 1 ? "" : "s"} to land`));
    }
    return h("li", { class: "pa-pick-claim is-on" }, head,
      h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "Plane"),
        h("div", { class: "pa-pick-opts" }, claim.planes.map((p) => option({
          label: planeName(p), sub: `range ${RANGE[p] || "?"}`, pressed: draft.plane === p, focusKey: `pa-claim-plane:${p}`,
          data: { plane: p }, onclick: () => { draft.plane = p; redraw(`pa-claim-plane:${p}`); } })))),
      h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "Landing Rights"),
        h("div", { class: "pa-pick-opts pa-pick-ways" }, claim.rights.map((way, w) => option({
          label: Object.entries(way).map(([city, how]) => h("span", { class: "pa-pick-way" }, rightText(ctx, player, city, how))),
          pressed: draft.way === w, focusKey: `pa-claim-way:${w}`, className: "pa-pick-way-btn", data: { way: String(w), rights: rightsKey(way) },
          onclick: () => { draft.way = w; redraw(`pa-claim-way:${w}`); } })))));
  }));
}

/** The route the engine does not know yet (or not in the list): cities, distance, regions, plane, Landing Rights. */
function newRouteForm(ctx, player, draft, result, placeResult) {
  const nr = (draft.nr ||= { cities: ["", ""], distance: null, regions: {}, plane: null, rights: [{}, {}] });
  const known = citiesOf(ctx);
  const me = playerState(ctx, player) || {};
  const cards = me.destinations || [];
  const fleet = Object.entries(me.fleet || {}).filter(([, n]) => n > 0).map(([p]) => p).sort((a, b) => (RANGE[a] || 9) - (RANGE[b] || 9));
  const listId = "pa-cities-route";
  const dynamic = h("div", { class: "pa-pick-new-more" });
  const cityName = (i) => knownCity(nr.cities[i], known);
  const routeKnown = () => {
    const [a, b] = [cityName(0), cityName(1)];
    if (!a || !b) return null;
    const key = [a, b].sort().join("|");
    return ((ctx.state || {}).routes || {})[key] || null;
  };
  const needsRegion = (city) => city && !(known[city] && known[city].region);

  const inputs = [0, 1].map((i) => h("div", { class: "field" },
    h("label", { for: `pa-city-${i}` }, i ? "City B" : "City A"),
    h("input", { id: `pa-city-${i}`, list: listId, autocomplete: "off", autocapitalize: "words", spellcheck: "false",
      value: nr.cities[i], dataset: { focusKey: `pa-city-${i}` },
      oninput: (e) => { nr.cities[i] = e.target.value; more(); } })));

  function more(focusKey = null) {
    if (focusKey) fill(result); // a new choice: the last message is old news
    const [a, b] = [cityName(0), cityName(1)];
    const route = routeKnown();
    const distance = nr.distance ?? (route && route.distance) ?? null;
    const parts = [];
    parts.push(h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "Distance",
      route && route.distance ? h("span", { class: "muted small" }, ` · known: ${route.distance}`) : null),
    h("div", { class: "pa-pick-opts" }, [1, 2, 3, 4].map((d) => option({ label: String(d), pressed: distance === d, focusKey: `pa-dist:${d}`,
      className: "pa-pick-num", data: { distance: String(d) }, onclick: () => { nr.distance = d; more(`pa-dist:${d}`); } })))));
    if (route && route.owner) {
      parts.push(h("p", { class: "notice small" }, `${routeName(route.cities)} is already claimed by ${route.owner === "PAN_AM" ? "Pan Am" : route.owner}.`));
    }
    const asks = [a, b].map((c, i) => (needsRegion(c) ? h("div", { class: "field pa-pick-region" },
      h("label", { for: `pa-region-${i}` }, `${c}: region (not declared yet)`),
      regionSelect({ id: `pa-region-${i}`, value: nr.regions[c], onchange: (v) => { nr.regions[c] = v || undefined; } })) : null));
    if (asks.some(Boolean)) parts.push(h("div", { class: "pa-pick-pair" }, asks));
    parts.push(h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "Plane", h("span", { class: "muted small" }, ` · ${player}’s fleet`)),
      fleet.length ? h("div", { class: "pa-pick-opts" }, fleet.map((p) => {
        const short = distance !== null && (RANGE[p] || 0) < distance;
        return option({ label: planeName(p), sub: short ? `range ${RANGE[p]}: too short` : `range ${RANGE[p]} · ×${me.fleet[p]}`,
          pressed: nr.plane === p && !short, disabled: short, focusKey: `pa-plane:${p}`, data: { plane: p },
          onclick: () => { nr.plane = p; more(`pa-plane:${p}`); } });
      })) : h("p", { class: "muted small" }, "No plane in the fleet.")));
    [a, b].forEach((city, i) => {
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
      parts.push(h("fieldset", { class: "pa-pick-group pa-pick-rights", dataset: { city: String(i) } },
        h("legend", {}, `Landing Rights in ${city || (i ? "city B" : "city A")}`, region ? h("span", { class: "muted small" }, ` · ${regionName(region)}`) : null),
        h("div", { class: "pa-pick-opts" }, METHODS.map(([method, label, sub]) => option({
          label, sub: method === "airport" && mine ? `${player} has one here` : sub, pressed: right.method === method,
          focusKey: `pa-method:${i}:${method}`, data: { method },
          onclick: () => {
            right.method = method;
            right.cards = method === "destination_card" && cards.some((c) => c.city === city) ? [city] : [];
            more(`pa-method:${i}:${method}`);
          } }))),
        boxes));
    });
    fill(dynamic, parts);
    refocus(dynamic, focusKey);
  }

  const submit = () => {
    placeResult();
    fill(result);
    const [a, b] = [cityName(0), cityName(1)];
    const route = routeKnown();
    const distance = nr.distance ?? (route && route.distance) ?? null;
    if (!a || !b) return problem(result, "Type both cities of the route.");
    if (a === b) return problem(result, "A route joins two different cities.");
    if (!distance) return problem(result, "Choose the route's distance (the number in its diamond).");
    const missingRegion = [a, b].filter((c) => needsRegion(c) && !nr.regions[c]);
    if (missingRegion.length) return problem(result, `Choose the region of ${missingRegion.join(" and ")}.`);
    if (!nr.plane || !fleet.includes(nr.plane)) return problem(result, "Choose the plane that flies the route.");
    const rights = {};
    for (const [i, city] of [a, b].entries()) {
      const right = nr.rights[i];
      if (!right.method) return problem(result, `Choose how ${player} gets Landing Rights in ${city}.`);
      const want = CARDS_FOR[right.method];
      const chosen = (right.cards || []).filter((c) => cards.some((card) => card.city === c));
      if (chosen.length !== want) {
        return problem(result, `${city}: tick ${want === 2 ? "two cards" : "one card"} (${chosen.length} ticked).`);
      }
      rights[city] = want ? { method: right.method, cards: chosen } : { method: right.method };
    }
    const data = { cities: [a, b], distance, plane: nr.plane, landing_rights: rights };
    const regions = {};
    for (const c of [a, b]) if (needsRegion(c)) regions[c] = nr.regions[c];
    if (Object.keys(regions).length) data.regions = regions;
    return ctx.record(data);
  };

  more();
  const foot = h("div", { class: "form-foot" }, recordButton(ctx, submit, "Record this route", { key: "submit:pa-new-route" }));
  return h("fieldset", { class: "pa-pick-new", dataset: { form: "new-route" } },
    h("legend", {}, "Claim a route not on the list"),
    datalist(listId, Object.keys(known)),
    h("div", { class: "pa-pick-pair" }, inputs),
    dynamic,
    foot);
}

function routePicker(ctx) {
  const state = ctx.state || {};
  if (!state.players) return null;
  const options = ctx.options || {};
  const claims = (options.claims || []).filter((c) => c && Array.isArray(c.cities) && Array.isArray(c.planes) && Array.isArray(c.rights));
  const draft = ctx.draft;
  const title = "picker-title-route_claimed";
  const root = section(ctx, "route", title);
  const result = resultSlot(ctx);
  const player = ctx.actor || state.turn;
  let listFoot = null;
  let newForm = null;

  const submitListed = () => {
    listFoot.after(result);
    fill(result);
    const claim = claims[draft.claim];
    if (!claim) return problem(result, "Tap a route first.");
    if (!draft.plane || !claim.planes.includes(draft.plane)) return problem(result, "Choose the plane.");
    const way = claim.rights[draft.way];
    if (!way) return problem(result, "Choose how to get the Landing Rights.");
    const rights = {};
    for (const [city, how] of Object.entries(way)) {
      rights[city] = how.cards && how.cards.length ? { method: how.method, cards: [...how.cards] } : { method: how.method };
    }
    return ctx.record({ cities: [...claim.cities], plane: draft.plane, landing_rights: rights });
  };

  function draw(focusKey = null) {
    if (focusKey) fill(result); // a new choice: the last message is old news
    const me = playerState(ctx, player) || {};
    const fleet = PLANES.filter((p) => (me.fleet || {})[p] > 0).map((p) => `${me.fleet[p]} ${planeName(p)}${me.fleet[p] > 1 ? "s" : ""}`);
    const held = (me.destinations || []).map(cardText);
    const airports = me.airports || [];
    const listed = claims.length ? [
      h("h4", {}, `Routes ${player} can claim now`),
      claimsList(ctx, player, claims, draft, draw),
      (listFoot = h("div", { class: "form-foot" }, recordButton(ctx, submitListed, "Record the chosen route", { key: "submit:pa-listed" }))),
    ] : [h("p", { class: "muted small" }, "No known route can be claimed with what the player holds: declare the route below.")];
    if (!newForm) newForm = newRouteForm(ctx, player, draft, result, () => newForm.append(result));
    fill(root,
      h("h3", { id: title }, humanize(ctx.type)),
      h("p", { class: "pa-pick-status" }, who(ctx, player || "?"), " resolves a Routes (D) Engineer."),
      h("dl", { class: "pa-pick-holds small" },
        h("dt", {}, "Fleet"), h("dd", {}, fleet.join(", ") || "none"),
        h("dt", {}, "Cards"), h("dd", {}, held.join(", ") || "none"),
        h("dt", {}, "Airports"), h("dd", {}, airports.join(", ") || "none")),
      listed,
      newForm);
    if (!root.contains(result)) (listFoot || newForm).after(result);
    refocus(root, focusKey);
  }

  draw();
  return root;
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

/** Focus without scrolling the page away from where the thumb is. */
function focusQuietly(root, key) {
  const el = key && root.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (el && !el.disabled) el.focus({ preventScroll: true });
}

/** The typed form, tucked away under the board's items: for a card the board does not hold. */
function typedAside(summary, body) {
  return h("details", { class: "pa-pick-fallback pa-pick-typed" }, h("summary", {}, summary), body);
}

// ------------------------------------------------------------------ cards_dealt

function dealtPicker(ctx) {
  const options = ctx.options || {};
  const players = (Array.isArray(options.players) ? options.players : ctx.players) || [];
  if (!players.length && !(options.display_due || []).length) return null;
  const title = "picker-title-cards_dealt";
  const root = section(ctx, "dealt", title);
  const result = resultSlot(ctx);
  if (Array.isArray(options["card.city"])) {
    dealtFromBoard(ctx, players, options["card.city"], root, result, title);
  } else {
    const body = h("div", { class: "pa-pick-typed-body" });
    dealtTyped(ctx, players, body, result, !Array.isArray(options.display_due) || options.display_due.length > 0);
    fill(root, h("h3", { id: title }, "Cards dealt"), body, result);
  }
  return root;
}

/** The deal on a board: tap a space (a player's card or a display space), then the city on its
 *  card; the next empty space is chosen by itself. The table may deal it all, then record it in
 *  one go, or record each part as it is dealt (a player's two cards, the display's four): the
 *  record button records the parts complete so far. Recorded as the short form ({city}). */
function dealtFromBoard(ctx, players, offered, root, result, title) {
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
    const order = [...spaces.slice(after + 1), ...spaces.slice(0, after + 1)];
    const empty = order.find((s) => !picks[s.key]);
    return empty ? empty.key : null;
  };
  if (draft.at === undefined || (draft.at !== null && !spaces.some((s) => s.key === draft.at))) draft.at = firstEmpty();
  const typed = wholeOnBoard(ctx, "destination_cards") ? null : h("div", { class: "pa-pick-typed-body" });
  if (typed) dealtTyped(ctx, players, typed, result, displayDue);
  const aside = typed ? typedAside("A card the board does not list: type the whole deal", typed) : null;
  const complete = () => parts.filter((p) => p.spaces.every((s) => picks[s.key]));
  const begun = () => parts.filter((p) => p.spaces.some((s) => picks[s.key]) && !p.spaces.every((s) => picks[s.key]));

  const submit = () => {
    fill(result);
    const done = complete();
    const halfway = begun();
    if (!done.length) return problem(result, `Tap the cities of ${parts.map((p) => p.long).join(", ") || "the deal"}.`);
    if (halfway.length) {
      const missing = halfway.flatMap((p) => p.spaces.filter((s) => !picks[s.key]).map((s) => s.long));
      return problem(result, `Tap the city of ${missing.join(", ")} too, or clear ${halfway.map((p) => p.long).join(" and ")}.`);
    }
    const card = (key) => ({ city: picks[key] });
    const data = {};
    const hands = done.filter((p) => p.player);
    if (hands.length) data.destinations = Object.fromEntries(hands.map((p) => [p.player, p.spaces.map((s) => card(s.key))]));
    const display = done.find((p) => !p.player);
    if (display) data.display = display.spaces.map((s) => card(s.key));
    return ctx.record(data);
  };
  const recordLabel = () => {
    const done = complete();
    if (!done.length) return `Record the cards dealt (${spaces.filter((s) => picks[s.key]).length} of ${spaces.length})`;
    if (done.length === parts.length) return parts.length > 1 ? "Record the cards dealt" : `Record ${parts[0].long}`;
    return `Record ${done.map((p) => p.long).join(" and ")}`;
  };

  function draw(focusKey = null) {
    const where = Object.fromEntries(Object.entries(picks).map(([key, city]) => [city, spaces.find((s) => s.key === key)]));
    const at = spaces.find((s) => s.key === draft.at) || null;
    const space = (s) => {
      const city = picks[s.key];
      const region = city ? (citiesOf(ctx)[city] || {}).region : null;
      return option({ label: city || "—", sub: s.short, pressed: draft.at === s.key, focusKey: `pa-deal-at:${s.key}`,
        className: `pa-pick-deal-space${city ? ` is-filled ${regionClass(region)}` : ""}`, data: { slot: s.key },
        onclick: () => { draft.at = s.key; fill(result); draw(`pa-deal-at:${s.key}`); } });
    };
    const done = spaces.every((s) => picks[s.key]);
    const dealt = (ctx.players || []).filter((p) => !players.includes(p));
    fill(root,
      h("h3", { id: title }, "Cards dealt", h("span", { class: "muted small" }, " · from the board")),
      h("p", { class: "muted small pa-pick-hint" }, "Two face-up Destination cards per player and four in the display. "
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
          : done ? "Every card is there: record them." : "Tap a space."),
      at && picks[at.key] ? h("button", { type: "button", class: "secondary pa-pick-clear", dataset: { focusKey: "pa-deal-clear" },
        onclick: () => { delete picks[at.key]; draw("pa-deal-now"); } }, `Clear ${at.long}`) : null,
      boardCities(ctx, offered, { keyPrefix: "pa-deal-city",
        state: (city) => (where[city] && where[city].key !== draft.at ? { disabled: true, sub: where[city].player ? `${where[city].player}` : where[city].short }
          : where[city] ? { pressed: true } : {}),
        onpick: (city) => {
          if (!at) return;
          picks[at.key] = city;
          fill(result);
          const index = spaces.indexOf(at);
          draft.at = firstEmpty(index);
          draw(draft.at ? "pa-deal-now" : `submit:${ctx.type}`);
        } }),
      h("div", { class: "form-foot" }, recordButton(ctx, submit, recordLabel())),
      result,
      aside);
    focusQuietly(root, focusKey);
  }

  draw();
}

/** The deal typed out: a city and its region per card (a game without a board's cards). */
function dealtTyped(ctx, players, host, result, displayDue = true) {
  const options = ctx.options || {};
  const known = cityRegions(options.cities);
  const regions = options.region && options.region.length ? options.region : REGIONS;
  const draft = ctx.draft;
  const cards = (draft.cards ||= {});
  const listId = "pa-cities-dealt";
  const knownRegion = (city) => {
    const c = knownCity(city, known);
    return Object.prototype.hasOwnProperty.call(known, c) ? known[c] : null;
  };

  const row = (key, label) => {
    const card = (cards[key] ||= { city: "", region: "" });
    const select = regionSelect({ id: `pa-dealt-${key}-region`, value: card.region, regions, label: `${label}: region`,
      onchange: (v) => { card.region = v; } });
    const input = h("input", { id: `pa-dealt-${key}-city`, list: listId, autocomplete: "off", autocapitalize: "words", spellcheck: "false",
      value: card.city, "aria-label": `${label}: city`, placeholder: "City",
      oninput: (e) => {
        card.city = e.target.value;
        const region = knownRegion(card.city);
        if (region) { card.region = region; select.value = region; }
      } });
    return h("div", { class: "pa-pick-card", dataset: { card: key } },
      h("span", { class: "pa-pick-card-name" }, label), input, select);
  };

  const submit = () => {
    fill(result);
    const read = (key) => {
      const card = cards[key] || {};
      const city = knownCity(card.city, known);
      return { city, region: card.region || knownRegion(city) || "" };
    };
    const data = { destinations: {}, display: [] };
    const missing = [];
    for (const player of players) {
      data.destinations[player] = [0, 1].map((i) => read(`p:${player}:${i}`));
      data.destinations[player].forEach((c, i) => { if (!c.city || !c.region) missing.push(`${player}’s card ${i + 1}`); });
    }
    if (displayDue) {
      data.display = [0, 1, 2, 3].map((i) => read(`d:${i}`));
      data.display.forEach((c, i) => { if (!c.city || !c.region) missing.push(`display card ${i + 1}`); });
    } else {
      delete data.display;
    }
    if (missing.length) return problem(result, `Type the city and choose the region of: ${missing.join(", ")}.`);
    return ctx.record(data);
  };

  fill(host,
    h("p", { class: "muted small pa-pick-hint" }, "The face-up Destination cards: two per player, four in the display. A known city fills in its region."),
    datalist(listId, Object.keys(known)),
    players.map((player) => h("fieldset", { class: "pa-pick-group pa-pick-dealt", dataset: { player } },
      h("legend", {}, who(ctx, player)),
      [0, 1].map((i) => row(`p:${player}:${i}`, `Card ${i + 1}`)))),
    displayDue ? h("fieldset", { class: "pa-pick-group pa-pick-dealt", dataset: { player: "" } },
      h("legend", {}, "The display (Destinations, B)"),
      [0, 1, 2, 3].map((i) => row(`d:${i}`, `Space ${i + 1}`))) : null,
    h("div", { class: "form-foot" }, recordButton(ctx, submit, "Record the cards dealt", { key: "submit:pa-dealt-typed" })));
}

// ------------------------------------------------- destination_display_refilled

/** On a board: the space to refill (the first due, or tapped), then the city of the card turned
 *  over, one tap. Without the board's cards: the generic form. */
function refillPicker(ctx) {
  const options = ctx.options || {};
  const offered = options["card.city"];
  if (!Array.isArray(offered)) return null;
  const state = ctx.state || {};
  const due = (options.slot || []).map(Number).filter((n) => n >= 1 && n <= 4);
  if (!due.length) return null;
  const draft = ctx.draft;
  if (!due.includes(draft.slot)) draft.slot = due[0];
  const title = "picker-title-destination_display_refilled";
  const root = section(ctx, "refill", title);
  const result = resultSlot(ctx);
  const fallback = wholeOnBoard(ctx, "destination_cards") ? null : fallbackDetails(ctx, "A card the board does not list: type it");

  function draw(focusKey = null) {
    const display = state.display || [];
    fill(root,
      h("h3", { id: title }, "Display refilled", h("span", { class: "muted small" }, " · from the board")),
      h("p", { class: "muted small pa-pick-hint" }, due.length > 1 ? "Tap the empty space, then the city of the card turned over for it."
        : "Tap the city of the card turned over: it is recorded."),
      h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "The display"),
        h("div", { class: "pa-pick-opts pa-pick-deal-spaces is-four" }, [1, 2, 3, 4].map((slot) => {
          const shown = (display[slot - 1] || {}).card;
          if (!due.includes(slot)) {
            return h("span", { class: `pa-pick-space is-off pa-pick-deal-shown ${shown ? regionClass(shown.region) : ""}` },
              h("span", { class: "pa-pick-opt-label" }, shown ? shown.city : "empty"), h("span", { class: "pa-pick-opt-sub" }, `Space ${slot}`));
          }
          return option({ label: "Empty", sub: `Space ${slot}: refill`, pressed: draft.slot === slot, focusKey: `pa-refill-slot:${slot}`,
            className: "pa-pick-deal-space", data: { slot: String(slot) }, onclick: () => { draft.slot = slot; draw(`pa-refill-slot:${slot}`); } });
        }))),
      h("p", { class: "pa-pick-deal-now" }, "Space ", h("strong", {}, String(draft.slot)), ": tap its city."),
      boardCities(ctx, offered, { keyPrefix: "pa-refill-city",
        onpick: (city) => { fill(result); ctx.record({ slot: draft.slot, card: { city } }); } }),
      result,
      fallback);
    focusQuietly(root, focusKey);
  }

  draw();
  return root;
}

// ---------------------------------------------------------- event_card_revealed

const adjustmentText = (a) => {
  if (!a || !a.op) return "Stock Price ?";
  if (a.op === "set") return `Stock Price set to $${a.value ?? "?"}`;
  return a.op === "up" ? "Stock Price ▲ up one" : "Stock Price ▼ down one";
};

function eventCardPicker(ctx) {
  const options = ctx.options || {};
  const round = Array.isArray(options.round) && options.round.length === 1 ? options.round[0] : null;
  const title = "picker-title-event_card_revealed";
  const root = section(ctx, "event-card", title);
  const result = resultSlot(ctx);
  const heading = h("h3", { id: title }, "Event card revealed", round !== null ? h("span", { class: "muted small" }, ` · round ${round}`) : null);
  if (!Array.isArray(options.name)) {
    const body = h("div", { class: "pa-pick-typed-body" });
    eventCardTyped(ctx, body, result);
    fill(root, heading, body, result);
    return root;
  }
  const faces = boardOf(ctx).event_cards || {};
  const typed = wholeOnBoard(ctx, "event_cards") && options.name.length ? null : h("div", { class: "pa-pick-typed-body" });
  if (typed) eventCardTyped(ctx, typed, result);
  fill(root, heading,
    h("p", { class: "muted small pa-pick-hint" }, "Tap the card turned over: its Stock Price change and die rolls come from the board."),
    options.name.length ? h("div", { class: "pa-pick-opts pa-pick-board-cards" }, options.name.map((name) => {
      const face = faces[name] || {};
      const rolls = face.die_rolls === undefined || face.die_rolls === null ? "die rolls ?" : `${face.die_rolls} die roll${face.die_rolls === 1 ? "" : "s"}`;
      return option({ label: name, sub: [h("span", { class: "pa-pick-card-face" }, `${adjustmentText(face.stock_adjustment)} · ${rolls}`),
        face.text ? h("span", { class: "pa-pick-card-text" }, face.text) : null],
      focusKey: `pa-event:${name}`, className: "pa-pick-board-card", data: { card: name },
      onclick: () => { fill(result); ctx.record({ name }); } });
    })) : h("p", { class: "notice small" }, `The board holds no Event card of round ${round ?? "this round"} that is not revealed yet.`),
    result,
    typed ? typedAside("A card the board does not list: type it", typed) : null);
  return root;
}

function eventCardTyped(ctx, host, result) {
  const options = ctx.options || {};
  const state = ctx.state || {};
  const draft = ctx.draft;
  const ops = options["stock_adjustment.op"] || ["up", "down", "set"];
  const round = Array.isArray(options.round) && options.round.length === 1 ? options.round[0] : null;
  draft.name ??= "";
  draft.text ??= "";

  const submit = () => {
    fill(result);
    const name = String(draft.name || "").trim();
    if (!name) return problem(result, "Type the Event card's name.");
    if (!draft.op) return problem(result, "Choose how the Stock Price moves.");
    const adjustment = { op: draft.op };
    if (draft.op === "set") {
      const value = Number(String(draft.value ?? "").trim());
      if (String(draft.value ?? "").trim() === "" || !Number.isInteger(value)) return problem(result, "Type the Stock Price the card sets.");
      adjustment.value = value;
    }
    const rolls = Number(String(draft.rolls ?? "").trim());
    if (String(draft.rolls ?? "").trim() === "" || !Number.isInteger(rolls) || rolls < 0) return problem(result, "Choose how many times the die is rolled.");
    const data = { name, stock_adjustment: adjustment, die_rolls: rolls };
    if (round !== null) data.round = round;
    const text = String(draft.text || "").trim();
    if (text) data.text = text;
    return ctx.record(data);
  };

  const OPS = { up: ["▲ Up", "+1"], down: ["▼ Down", "−1"], set: ["Set", "to a number"] };
  function draw(focusKey = null) {
    const price = state.stock_price;
    const otherRolls = draft.rolls !== undefined && draft.rolls !== "" && ![0, 1, 2, 3, 4].includes(Number(draft.rolls));
    fill(host,
      h("div", { class: "field" }, h("label", { for: "pa-event-name" }, "Card name"),
        h("input", { id: "pa-event-name", autocomplete: "off", maxlength: "200", value: draft.name, dataset: { focusKey: "pa-event-name" },
          oninput: (e) => { draft.name = e.target.value; } })),
      h("fieldset", { class: "pa-pick-group" },
        h("legend", {}, "Stock Price", h("span", { class: "muted small" }, price === null || price === undefined ? " · not set yet" : ` · now $${price}`)),
        h("div", { class: "pa-pick-opts pa-pick-ops" }, ["up", "down", "set"].map((op) => option({
          label: OPS[op][0], sub: OPS[op][1], pressed: draft.op === op, disabled: !ops.includes(op), focusKey: `pa-op:${op}`,
          className: "pa-pick-op", data: { op },
          onclick: () => { draft.op = op; draw(op === "set" ? "pa-op-value" : `pa-op:${op}`); } }))),
        draft.op === "set" ? h("div", { class: "field pa-pick-inline-field" }, h("label", { for: "pa-op-value" }, "The Stock Price becomes"),
          h("div", { class: "pa-pick-inline" }, h("span", { class: "pa-pick-dollar", "aria-hidden": "true" }, "$"),
            h("input", { id: "pa-op-value", type: "number", inputmode: "numeric", step: "1", min: "0", value: draft.value ?? "",
              dataset: { focusKey: "pa-op-value" }, oninput: (e) => { draft.value = e.target.value; } }))) : null),
      h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "Pan Am die rolls this round"),
        h("div", { class: "pa-pick-opts" }, [0, 1, 2, 3, 4].map((n) => option({
          label: String(n), pressed: draft.rolls !== undefined && draft.rolls !== "" && Number(draft.rolls) === n, focusKey: `pa-rolls:${n}`,
          className: "pa-pick-num", data: { rolls: String(n) }, onclick: () => { draft.rolls = n; draw(`pa-rolls:${n}`); } })),
        h("label", { class: "pa-pick-other" }, h("span", {}, "Other"),
          h("input", { type: "number", inputmode: "numeric", min: "0", step: "1", "aria-label": "Other number of die rolls",
            value: otherRolls ? draft.rolls : "", dataset: { focusKey: "pa-rolls-other" },
            oninput: (e) => { draft.rolls = e.target.value; host.querySelectorAll(".pa-pick-num[data-rolls]").forEach((b) => {
              b.classList.remove("is-on"); b.setAttribute("aria-pressed", "false"); }); } })))),
      h("div", { class: "field" }, h("label", { for: "pa-event-text" }, "What the card says ", h("span", { class: "optional" }, "(optional)")),
        h("textarea", { id: "pa-event-text", rows: "2", maxlength: "2000", class: "pa-pick-text", dataset: { focusKey: "pa-event-text" },
          oninput: (e) => { draft.text = e.target.value; } }, draft.text)),
      h("div", { class: "form-foot" }, recordButton(ctx, submit, "Record the Event card", { key: "submit:pa-event-typed" })));
    refocus(host, focusKey);
  }

  draw();
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
  const state = ctx.state || {};
  const faces = boardOf(ctx).directive_cards || {};
  const title = "picker-title-directive_played";
  const root = section(ctx, "directive", title);
  const result = resultSlot(ctx);
  const draft = ctx.draft;
  const holders = Object.entries(state.players || {}).filter(([, p]) => p.directives > 0).map(([name]) => name);
  if (!holders.includes(draft.player)) draft.player = holders.includes(ctx.actor) ? ctx.actor : holders[0] || null;
  const timing = (face) => {
    const t = face.timing || {};
    const step = AREA_NAME[t.step] ? `${t.step}. ${AREA_NAME[t.step]}` : TIMING_WORDS[t.step] || t.step;
    return `${TIMING_WORDS[t.phase] || t.phase} · ${step}${face.area ? ` (with the ${face.area} Engineer)` : ""}`;
  };
  const chosenHere = options.card.filter((name) => faces[name] && faces[name].effects === null);
  if (!options.card.length) {
    // Nothing the board holds is printed for this moment: one quiet line, the form tucked away.
    fill(root, h("h3", { id: title }, "Directive card played"),
      h("p", { class: "muted small pa-pick-hint" }, "No Directive card on the board is played at this moment."),
      result, fallbackDetails(ctx, "A card the board does not list: type it"));
    return root;
  }
  function draw(focusKey = null) {
    fill(root,
      h("h3", { id: title }, "Directive card played", h("span", { class: "muted small" }, " · from the board")),
      holders.length > 1 ? h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "Who plays it"),
        h("div", { class: "pa-pick-opts" }, holders.map((name) => option({ label: who(ctx, name), pressed: draft.player === name,
          focusKey: `pa-directive-who:${name}`, data: { player: name }, className: "pa-pick-who",
          onclick: () => { draft.player = name; fill(result); draw(`pa-directive-who:${name}`); } }))))
        : h("p", { class: "pa-pick-status" }, holders.length ? [who(ctx, holders[0]), " holds a Directive card."] : "Nobody holds a Directive card."),
      h("p", { class: "muted small pa-pick-hint" }, "Tap the card played: what it does comes from the board."),
      h("div", { class: "pa-pick-opts pa-pick-board-cards" }, options.card.map((name) => {
        const face = faces[name] || {};
        const table = face.effects === null || face.effects === undefined;
        return option({ label: name, sub: [h("span", { class: "pa-pick-card-face" }, timing(face)),
          table ? null : h("span", { class: "pa-pick-card-face pa-pick-card-does" }, effectsText(face.effects)),
          face.text ? h("span", { class: "pa-pick-card-text" }, face.text) : null,
          table ? h("span", { class: "pa-pick-card-face" }, "The table chooses what it does: use the form below.") : null],
        disabled: table || !draft.player, focusKey: `pa-directive:${name}`, className: "pa-pick-board-card", data: { card: name },
        onclick: () => { fill(result); ctx.record({ card: name }, draft.player); } });
      })),
      result,
      fallback);
    refocus(root, focusKey);
  }

  const fallback = fallbackDetails(ctx, chosenHere.length ? "Spell out what the card does" : "A card the board does not list: type it");
  draw();
  return root;
}

// ------------------------------------------------------------------- die_rolled

function diePicker(ctx) {
  const options = ctx.options || {};
  const faces = (options.faces && options.faces.length ? options.faces : SYMBOLS).filter((f) => SYMBOLS.includes(f));
  if (!faces.length) return null;
  const state = ctx.state || {};
  const draft = ctx.draft;
  const chosen = (draft.faces ||= []);
  const title = "picker-title-die_rolled";
  const root = section(ctx, "die", title);
  const result = resultSlot(ctx);
  const expansion = state.expansion || {};

  const submit = () => {
    fill(result);
    const picked = SYMBOLS.filter((f) => chosen.includes(f));
    if (!picked.length) return problem(result, "Tap what the die shows (at least one symbol).");
    return ctx.record({ faces: picked });
  };

  function draw(focusKey = null) {
    const done = (expansion.rolls || []).length;
    const of = expansion.rolls_expected;
    fill(root,
      h("h3", { id: title }, "Die rolled", of ? h("span", { class: "muted small" }, ` · roll ${done + 1} of ${of}`) : null),
      h("p", { class: "muted small pa-pick-hint" }, "Tap every symbol the Pan Am die shows."),
      h("div", { class: "pa-pick-opts pa-pick-faces" }, faces.map((f) => option({
        label: SYMBOL_NAME[f], sub: f === "PAN_AM" ? "players may sell a Route" : f, pressed: chosen.includes(f), focusKey: `pa-face:${f}`,
        className: `pa-pick-face pa-face-${f.toLowerCase()}`, data: { face: f },
        onclick: () => {
          const at = chosen.indexOf(f);
          if (at >= 0) chosen.splice(at, 1); else chosen.push(f);
          fill(result);
          draw(`pa-face:${f}`);
        } }))),
      h("div", { class: "form-foot" }, recordButton(ctx, submit, "Record the roll")),
      result);
    refocus(root, focusKey);
  }

  draw();
  return root;
}

// --------------------------------------------------------------- airport_placed

/** The Airport's city, one tap among the cities offered (by region); once the supply is empty,
 *  first the Airport moved. A city nobody declared yet (a board without a city list): its
 *  printed name and its region, in the picker. */
function airportPicker(ctx) {
  const options = ctx.options || {};
  if (!Array.isArray(options.city)) return null;
  const state = ctx.state || {};
  const draft = ctx.draft;
  const player = ctx.actor || null;
  const moved = Array.isArray(options.moved_from) ? options.moved_from : [];
  const regions = Array.isArray(options.region) && options.region.length ? options.region : REGIONS;
  const listed = Array.isArray(boardOf(ctx).cities); // the board names every city: no new one
  const known = citiesOf(ctx);
  const title = "picker-title-airport_placed";
  const root = section(ctx, "airport", title);
  const result = resultSlot(ctx);
  draft.name ??= "";
  if (!moved.includes(draft.moved)) draft.moved = moved.length === 1 ? moved[0] : null;

  const send = (data) => {
    fill(result);
    if (moved.length && !draft.moved) return problem(result, "Tap the Airport that moves first.");
    return ctx.record(moved.length ? { ...data, moved_from: draft.moved } : data);
  };
  const sendNew = () => {
    const typed = String(draft.name || "").trim();
    if (!typed) return problem(result, "Type the city’s name as the board prints it.");
    const city = knownCity(typed, known);
    if (known[city] && known[city].airport) return problem(result, `${city} already has an Airport.`);
    if (known[city] && known[city].region) return send({ city });
    if (!draft.region) return problem(result, `Tap the region of ${city}.`);
    return send({ city, region: draft.region });
  };
  const entry = (((state.tracks || {}).A) || {});
  const bid = Object.values(entry).find((p) => p && p.player === player && !p.resolved);

  function draw(focusKey = null) {
    const typed = knownCity(draft.name, known);
    const isNew = typed && !(known[typed] && known[typed].region);
    fill(root,
      h("h3", { id: title }, "Airport placed"),
      h("p", { class: "pa-pick-status" }, player ? who(ctx, player) : "The player", " resolves an Airports (A) Engineer",
        bid ? ` (bid ${money(bid.cost)})` : "", "."),
      moved.length ? h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "No Airport left in the supply: the one that moves"),
        h("div", { class: "pa-pick-opts" }, moved.map((city) => option({ label: city, pressed: draft.moved === city,
          focusKey: `pa-airport-from:${city}`, data: { movedFrom: city },
          onclick: () => { draft.moved = city; fill(result); draw(`pa-airport-from:${city}`); } })))) : null,
      h("p", { class: "muted small pa-pick-hint" }, options.city.length ? "Tap the city where the Airport goes: it is recorded."
        : "No known city is free of an Airport."),
      options.city.length ? boardCities(ctx, options.city, { keyPrefix: "pa-airport-city", onpick: (city) => send({ city }) }) : null,
      listed ? null : h("fieldset", { class: "pa-pick-group pa-pick-new-city", dataset: { form: "new-city" } },
        h("legend", {}, "A city not on the list"),
        h("div", { class: "field" }, h("label", { for: "pa-airport-new" }, "The city’s name, as printed"),
          h("input", { id: "pa-airport-new", autocomplete: "off", autocapitalize: "words", spellcheck: "false", maxlength: "80",
            value: draft.name, dataset: { focusKey: "pa-airport-new" },
            oninput: (e) => {
              const before = Boolean(knownCity(draft.name, known) && !(known[knownCity(draft.name, known)] || {}).region);
              draft.name = e.target.value;
              const now = knownCity(draft.name, known);
              if (before !== Boolean(now && !(known[now] || {}).region)) draw("pa-airport-new");
            } })),
        isNew ? h("div", { class: "pa-pick-opts pa-pick-regions", role: "group", "aria-label": `Region of ${typed}` },
          regions.map((r) => option({ label: regionName(r), pressed: draft.region === r, focusKey: `pa-airport-region:${r}`,
            className: `pa-pick-city ${regionClass(r)}`, data: { region: r },
            onclick: () => { draft.region = r; fill(result); draw(`pa-airport-region:${r}`); } }))) : null,
        h("div", { class: "form-foot" }, recordButton(ctx, sendNew, "Place the Airport there", { key: "submit:pa-airport-new" }))),
      result);
    const input = root.querySelector("#pa-airport-new");
    if (focusKey === "pa-airport-new" && input) {
      input.focus();
      input.setSelectionRange(input.value.length, input.value.length);
    } else {
      focusQuietly(root, focusKey);
    }
  }

  draw();
  return root;
}

// ----------------------------------------------------------------- stock_bought

/** How many Stock the player buys: one tap on the number (0 passes). */
function stockPicker(ctx) {
  const counts = ((ctx.options || {}).count || []).map(Number).filter((n) => Number.isInteger(n) && n >= 0);
  if (!counts.length) return null;
  const state = ctx.state || {};
  const player = ctx.actor || null;
  const me = playerState(ctx, player) || {};
  const price = state.stock_price;
  const title = "picker-title-stock_bought";
  const root = section(ctx, "stock", title);
  const result = resultSlot(ctx);
  fill(root,
    h("h3", { id: title }, "Stock bought"),
    h("p", { class: "pa-pick-status" }, player ? who(ctx, player) : "The player", ` has ${money(me.money)} and ${me.stock ?? "?"} Stock;`,
      ` the price is ${money(price)}.`),
    h("p", { class: "muted small pa-pick-hint" }, "Tap how many Stock they buy: it is recorded."),
    h("div", { class: "pa-pick-opts pa-pick-counts" }, counts.map((n) => option({
      label: String(n), sub: n === 0 ? "pass" : `pays ${money(price ? n * price : null)}`, focusKey: `pa-stock:${n}`,
      className: "pa-pick-num", data: { count: String(n) }, onclick: () => { fill(result); ctx.record({ count: n }); } }))),
    result);
  return root;
}

// ----------------------------------------------------------------- event_effect

const EFFECT_WORDS = {
  money: ["Money", "earn or pay"], income: ["Income", "tracker moves"], stock: ["Stock", "gain or lose"],
  stock_price: ["Stock Price", "moves"], die_rolls: ["Die rolls", "more or fewer"], draw_directive: ["Directive cards", "drawn"],
  gain_plane: ["A plane", "from the hangar"], text: ["Only words", "nothing to count"],
};
const NEEDS_PLAYER = new Set(["money", "income", "stock", "draw_directive", "gain_plane"]);
const AMOUNTS = [-3, -2, -1, 1, 2, 3, 5];

/** What the face-up Event card does, built from the engine's offers: the kind, who, how much;
 *  several effects may be added before one record. */
function eventEffectPicker(ctx) {
  const options = ctx.options || {};
  const kinds = (options.kind || []).filter((k) => EFFECT_WORDS[k]);
  if (!kinds.length) return null;
  const state = ctx.state || {};
  const draft = ctx.draft;
  const everyone = new Set(options.everyone || []);
  const seats = (options.player || []).filter((p) => p !== "ALL");
  const ops = options.op || [];
  const planes = (options.plane || PLANES).filter((p) => PLANES.includes(p));
  const card = state.event_card || {};
  const face = (boardOf(ctx).event_cards || {})[card.name] || {};
  const title = "picker-title-event_effect";
  const root = section(ctx, "event-effect", title);
  const result = resultSlot(ctx);
  const added = (draft.added ||= []);
  const e = (draft.effect ||= {});

  const built = () => {
    const kind = e.kind;
    if (!kind) return { error: "Tap what the card changes." };
    const out = { kind };
    if (NEEDS_PLAYER.has(kind)) {
      if (!e.player) return { error: "Tap who it is for." };
      out.player = e.player;
    }
    if (["money", "income", "stock", "die_rolls"].includes(kind)) {
      const n = Number(String(e.amount ?? "").trim());
      if (String(e.amount ?? "").trim() === "" || !Number.isInteger(n) || n === 0) return { error: "Tap how much (the number on the card)." };
      out.amount = n;
    }
    if (kind === "stock_price") {
      if (!e.op) return { error: "Tap how the Stock Price moves." };
      out.op = e.op;
      if (e.op === "set") {
        const v = Number(String(e.value ?? "").trim());
        if (String(e.value ?? "").trim() === "" || !Number.isInteger(v)) return { error: "Type the price the card sets." };
        out.value = v;
      }
    }
    if (kind === "draw_directive") out.count = Number(e.count || 1);
    if (kind === "gain_plane") {
      if (!e.plane) return { error: "Tap the plane." };
      out.plane = e.plane;
    }
    if (kind === "text") {
      const text = String(e.text || "").trim();
      if (!text) return { error: "Type what the card says." };
      out.text = text;
    }
    return { effect: out };
  };
  const submit = () => {
    fill(result);
    const { effect, error } = built();
    if (error && !(added.length && !e.kind)) return problem(result, error);
    return ctx.record({ effects: [...added, ...(effect ? [effect] : [])] });
  };
  const addAnother = () => {
    fill(result);
    const { effect, error } = built();
    if (error) return problem(result, error);
    added.push(effect);
    for (const key of Object.keys(e)) delete e[key];
    return redraw(`pa-effect-kind:${kinds[0]}`);
  };
  const said = (effect) => (effect.player && effect.player !== "ALL" ? `${effect.player}: ${effectsText([effect])}` : effectsText([effect]));

  function draw(focusKey = null) {
    const kind = e.kind;
    const parts = [];
    if (NEEDS_PLAYER.has(kind)) {
      const names = [...seats, ...(everyone.has(kind) ? ["ALL"] : [])];
      if (e.player === "ALL" && !everyone.has(kind)) e.player = null;
      parts.push(h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "For"),
        h("div", { class: "pa-pick-opts" }, names.map((name) => option({
          label: name === "ALL" ? "Every player" : who(ctx, name), pressed: e.player === name, focusKey: `pa-effect-who:${name}`,
          className: "pa-pick-who", data: { player: name }, onclick: () => { e.player = name; redraw(`pa-effect-who:${name}`); } })))));
    }
    if (["money", "income", "stock", "die_rolls"].includes(kind)) {
      const unit = kind === "money" ? "$" : "";
      parts.push(h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "How much", h("span", { class: "muted small" }, " · as printed")),
        h("div", { class: "pa-pick-opts pa-pick-amounts" }, AMOUNTS.map((n) => option({
          label: `${n > 0 ? "+" : "−"}${unit}${Math.abs(n)}`, pressed: Number(e.amount) === n, focusKey: `pa-effect-amount:${n}`,
          className: "pa-pick-num", data: { amount: String(n) }, onclick: () => { e.amount = n; redraw(`pa-effect-amount:${n}`); } })),
        h("label", { class: "pa-pick-other" }, h("span", {}, "Other"),
          h("input", { type: "number", inputmode: "numeric", step: "1", "aria-label": "Another amount", dataset: { focusKey: "pa-effect-other" },
            value: e.amount !== undefined && !AMOUNTS.includes(Number(e.amount)) ? e.amount : "",
            oninput: (ev) => { e.amount = ev.target.value; root.querySelectorAll(".pa-pick-amounts .pa-pick-num").forEach((b) => {
              b.classList.remove("is-on"); b.setAttribute("aria-pressed", "false"); }); } })))));
    }
    if (kind === "stock_price") {
      const OPS = { up: ["▲ Up", "one space"], down: ["▼ Down", "one space"], set: ["Set", "to a price"] };
      parts.push(h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "The Stock Price"),
        h("div", { class: "pa-pick-opts" }, ops.map((op) => option({ label: OPS[op][0], sub: OPS[op][1], pressed: e.op === op,
          focusKey: `pa-effect-op:${op}`, data: { op }, onclick: () => { e.op = op; redraw(op === "set" ? "pa-effect-value" : `pa-effect-op:${op}`); } }))),
        e.op === "set" ? h("div", { class: "field pa-pick-inline-field" }, h("label", { for: "pa-effect-value" }, "The price becomes"),
          h("div", { class: "pa-pick-inline" }, h("span", { class: "pa-pick-dollar", "aria-hidden": "true" }, "$"),
            h("input", { id: "pa-effect-value", type: "number", inputmode: "numeric", step: "1", min: "1", value: e.value ?? "",
              dataset: { focusKey: "pa-effect-value" }, oninput: (ev) => { e.value = ev.target.value; } }))) : null));
    }
    if (kind === "draw_directive") {
      parts.push(h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "How many cards"),
        h("div", { class: "pa-pick-opts" }, [1, 2, 3].map((n) => option({ label: String(n), pressed: Number(e.count || 1) === n,
          focusKey: `pa-effect-count:${n}`, className: "pa-pick-num", data: { count: String(n) },
          onclick: () => { e.count = n; redraw(`pa-effect-count:${n}`); } })))));
    }
    if (kind === "gain_plane") {
      parts.push(h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "The plane"),
        h("div", { class: "pa-pick-opts" }, planes.map((p) => option({ label: planeName(p), sub: `range ${RANGE[p]}`, pressed: e.plane === p,
          focusKey: `pa-effect-plane:${p}`, data: { plane: p }, onclick: () => { e.plane = p; redraw(`pa-effect-plane:${p}`); } })))));
    }
    if (kind === "text") {
      parts.push(h("div", { class: "field" }, h("label", { for: "pa-effect-text" }, "What the card says"),
        h("input", { id: "pa-effect-text", autocomplete: "off", maxlength: "500", value: e.text || "", dataset: { focusKey: "pa-effect-text" },
          oninput: (ev) => { e.text = ev.target.value; } })));
    }
    fill(root,
      h("h3", { id: title }, "Event card effect", card.name ? h("span", { class: "muted small" }, ` · ${card.name}`) : null),
      face.text || card.text ? h("p", { class: "pa-pick-card-text pa-pick-quote" }, face.text || card.text) : null,
      added.length ? h("ul", { class: "pa-pick-added", "aria-label": "Effects added" }, added.map((effect, i) => h("li", {},
        said(effect), " ", h("button", { type: "button", class: "link-btn", dataset: { focusKey: `pa-effect-drop:${i}` },
          onclick: () => { added.splice(i, 1); redraw(); } }, "Remove")))) : null,
      h("fieldset", { class: "pa-pick-group" }, h("legend", {}, added.length ? "Another effect" : "What the card changes"),
        h("div", { class: "pa-pick-opts pa-pick-kinds" }, kinds.map((k) => option({ label: EFFECT_WORDS[k][0], sub: EFFECT_WORDS[k][1],
          pressed: kind === k, focusKey: `pa-effect-kind:${k}`, className: "pa-pick-kind", data: { kind: k },
          onclick: () => { e.kind = k; redraw(`pa-effect-kind:${k}`); } })))),
      parts,
      h("div", { class: "form-foot" },
        recordButton(ctx, submit, added.length ? `Record the ${added.length + (kind ? 1 : 0)} effects` : "Record the effect", { key: "submit:pa-effect" }),
        kind ? h("button", { type: "button", class: "secondary", dataset: { focusKey: "pa-effect-add" }, onclick: addAnother }, "Add another effect") : null),
      result);
    focusQuietly(root, focusKey);
  }
  function redraw(focusKey = null) {
    fill(result);
    draw(focusKey);
  }

  draw();
  return root;
}

// -------------------------------------------------------------- pan_am_expanded

/** Pan Am's next route on the path rolled: one tap when the board names it; otherwise its two
 *  cities tapped in order (from Pan Am's side), and its distance while nobody knows it. */
function expansionPicker(ctx) {
  const options = ctx.options || {};
  const path = Array.isArray(options.path) && options.path.length ? options.path[0] : null;
  if (!path) return null;
  const state = ctx.state || {};
  const draft = ctx.draft;
  const title = "picker-title-pan_am_expanded";
  const root = section(ctx, "expansion", title);
  const result = resultSlot(ctx);
  const named = Array.isArray(options.cities) ? options.cities.filter((c) => Array.isArray(c) && c.length === 2) : [];
  const routes = state.routes || {};
  const routeOf = (a, b) => routes[[a, b].sort().join("|")] || null;
  const heading = h("h3", { id: title }, "Pan Am expands", h("span", { class: "muted small" }, ` · ${SYMBOL_NAME[path] || path}`));

  if (named.length) {
    fill(root, heading,
      h("p", { class: "muted small pa-pick-hint" }, "The board names the next route on this path: tap it to record it."),
      h("div", { class: "pa-pick-opts pa-pick-board-cards" }, named.map((cities) => {
        const route = routeOf(...cities) || {};
        const owner = route.owner ? `${route.owner} sells it to Pan Am` : "a Pan Am marker goes on it";
        return option({ label: routeName(cities), sub: [route.distance ? `distance ${route.distance} · ` : "", owner],
          focusKey: `pa-expand:${cities.join("|")}`, className: "pa-pick-board-card", data: { cities: cities.join("|") },
          onclick: () => { fill(result); ctx.record({ path, cities: [...cities] }); } });
      })),
      result);
    return root;
  }

  const cities = Object.keys(citiesOf(ctx)).sort((a, b) => a.localeCompare(b));
  const picked = (draft.cities ||= []).filter((c) => cities.includes(c));
  draft.cities = picked;
  const submit = () => {
    fill(result);
    if (picked.length !== 2) return problem(result, "Tap the route’s two cities.");
    const route = routeOf(...picked);
    const data = { path, cities: [...picked] };
    if (!(route && route.distance)) {
      if (!draft.distance) return problem(result, "Tap the route’s distance (the number in its diamond).");
      data.distance = draft.distance;
    }
    return ctx.record(data);
  };
  function draw(focusKey = null) {
    const route = picked.length === 2 ? routeOf(...picked) : null;
    const askDistance = picked.length === 2 && !(route && route.distance);
    const now = picked.length === 0 ? "Tap the city Pan Am flies from." : picked.length === 1 ? `From ${picked[0]}: tap the city it flies to.`
      : [h("strong", {}, routeName(picked)), route && route.distance ? ` · distance ${route.distance}` : " · a route not declared yet",
        route && route.owner ? ` · ${route.owner === "PAN_AM" ? "already Pan Am’s" : `${route.owner} sells it to Pan Am`}` : ""];
    fill(root, heading,
      h("p", { class: "muted small pa-pick-hint" }, "The board does not say which route comes next on this path: tap its two cities in order."),
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
          draft.distance = null;
          fill(result);
          draw(`pa-expand-city:${city}`);
        } }),
      askDistance ? h("fieldset", { class: "pa-pick-group" }, h("legend", {}, "Distance"),
        h("div", { class: "pa-pick-opts" }, [1, 2, 3, 4].map((d) => option({ label: String(d), pressed: draft.distance === d,
          focusKey: `pa-expand-dist:${d}`, className: "pa-pick-num", data: { distance: String(d) },
          onclick: () => { draft.distance = d; fill(result); draw(`pa-expand-dist:${d}`); } })))) : null,
      h("div", { class: "form-foot pa-pick-sticky" }, recordButton(ctx, submit, picked.length === 2 ? `Record Pan Am on ${routeName(picked)}` : "Record the route")),
      result);
    focusQuietly(root, focusKey);
  }
  draw();
  return root;
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
