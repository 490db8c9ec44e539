// Pan Am on the recording page: the Engineer phase as the board's five areas of
// buttons, route claims as cards (and a form for a route the engine does not know
// yet, the usual case: the board is declared as it is used), the set-up's face-up
// cards, the Event card, and the Pan Am die. The engine's `expected()` options are
// described in engines/pan_am/__init__.py; its state in engines/pan_am/state.py.
// Every label is text; colours are only a hint.

import { fill, h, humanize, seatColour } from "../dom.js";

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

function section(ctx, picker, title) {
  return h("section", { class: "action-form pa-picker", dataset: { type: ctx.type, picker }, "aria-labelledby": title });
}

function resultSlot(ctx) {
  return h("div", { class: "result-slot", dataset: { resultFor: ctx.type }, "aria-live": "polite" });
}

function problem(slot, text) {
  fill(slot, h("div", { class: "violation", role: "alert" }, text));
}

/** A big toggle button: `pressed` undefined makes a plain button. */
function option({ label, sub = null, pressed, onclick, focusKey, disabled = false, className = "", data = {}, title = null, style = null }) {
  return h("button", {
    type: "button",
    class: `pa-pick-opt${pressed ? " is-on" : ""}${className ? ` ${className}` : ""}`,
    "aria-pressed": pressed === undefined ? null : String(Boolean(pressed)),
    disabled, title, style,
    dataset: { ...data, focusKey },
    onclick,
  }, h("span", { class: "pa-pick-opt-label" }, label), sub ? h("span", { class: "pa-pick-opt-sub" }, sub) : null);
}

function recordButton(ctx, onclick, text = null, key = null) {
  return h("button", { type: "button", class: "record-btn", dataset: { focusKey: key || `submit:${ctx.type}` }, onclick },
    text || `Record ${humanize(ctx.type).toLowerCase()}`);
}

function refocus(root, key) {
  const again = key && root.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (again) again.focus();
}

function who(ctx, name) {
  const colour = seatColour(name, ctx.players || []);
  return h("span", { class: "player-name", style: colour ? { "--chip-seat": colour } : null }, name);
}

function fallbackDetails(ctx, summary) {
  const form = ctx.fallback && ctx.fallback();
  if (!form) return null;
  return h("details", { class: "pa-pick-fallback" }, h("summary", {}, summary), form);
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
          pressed: draft.way === w, focusKey: `pa-claim-way:${w}`, className: "pa-pick-way-btn", data: { way: String(w) },
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
  const foot = h("div", { class: "form-foot" }, recordButton(ctx, submit, "Record this route", "submit:pa-new-route"));
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
      (listFoot = h("div", { class: "form-foot" }, recordButton(ctx, submitListed, "Record the chosen route", "submit:pa-listed"))),
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

// ------------------------------------------------------------------ cards_dealt

function dealtPicker(ctx) {
  const options = ctx.options || {};
  const players = (options.players && options.players.length ? options.players : ctx.players) || [];
  if (!players.length) return null;
  const known = cityRegions(options.cities);
  const regions = options.region && options.region.length ? options.region : REGIONS;
  const draft = ctx.draft;
  const cards = (draft.cards ||= {});
  const title = "picker-title-cards_dealt";
  const root = section(ctx, "dealt", title);
  const result = resultSlot(ctx);
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
    data.display = [0, 1, 2, 3].map((i) => read(`d:${i}`));
    data.display.forEach((c, i) => { if (!c.city || !c.region) missing.push(`display card ${i + 1}`); });
    if (missing.length) return problem(result, `Type the city and choose the region of: ${missing.join(", ")}.`);
    return ctx.record(data);
  };

  fill(root,
    h("h3", { id: title }, "Cards dealt"),
    h("p", { class: "muted small pa-pick-hint" }, "The face-up Destination cards: two per player, four in the display. A known city fills in its region."),
    datalist(listId, Object.keys(known)),
    players.map((player) => h("fieldset", { class: "pa-pick-group pa-pick-dealt", dataset: { player } },
      h("legend", {}, who(ctx, player)),
      [0, 1].map((i) => row(`p:${player}:${i}`, `Card ${i + 1}`)))),
    h("fieldset", { class: "pa-pick-group pa-pick-dealt", dataset: { player: "" } },
      h("legend", {}, "The display (Destinations, B)"),
      [0, 1, 2, 3].map((i) => row(`d:${i}`, `Space ${i + 1}`))),
    h("div", { class: "form-foot" }, recordButton(ctx, submit, "Record the cards dealt")),
    result);
  return root;
}

// ---------------------------------------------------------- event_card_revealed

function eventCardPicker(ctx) {
  const options = ctx.options || {};
  const state = ctx.state || {};
  const draft = ctx.draft;
  const ops = options["stock_adjustment.op"] || ["up", "down", "set"];
  const round = Array.isArray(options.round) && options.round.length === 1 ? options.round[0] : null;
  const title = "picker-title-event_card_revealed";
  const root = section(ctx, "event-card", title);
  const result = resultSlot(ctx);
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
    fill(root,
      h("h3", { id: title }, "Event card revealed", round !== null ? h("span", { class: "muted small" }, ` · round ${round}`) : null),
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
            oninput: (e) => { draft.rolls = e.target.value; root.querySelectorAll(".pa-pick-num[data-rolls]").forEach((b) => {
              b.classList.remove("is-on"); b.setAttribute("aria-pressed", "false"); }); } })))),
      h("div", { class: "field" }, h("label", { for: "pa-event-text" }, "What the card says ", h("span", { class: "optional" }, "(optional)")),
        h("textarea", { id: "pa-event-text", rows: "2", maxlength: "2000", class: "pa-pick-text", dataset: { focusKey: "pa-event-text" },
          oninput: (e) => { draft.text = e.target.value; } }, draft.text)),
      h("div", { class: "form-foot" }, recordButton(ctx, submit, "Record the Event card")),
      result);
    refocus(root, focusKey);
  }

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

export const pickers = {
  cards_dealt: dealtPicker,
  event_card_revealed: eventCardPicker,
  engineer_assigned: engineerPicker,
  route_claimed: routePicker,
  die_rolled: diePicker,
};
