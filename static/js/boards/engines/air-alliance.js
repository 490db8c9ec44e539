// Air Alliance's board editor (the module contract is in ./index.js): what the box holds
// that the rulebook does not print (engines/air_alliance/board.py, the board file
// docs/formats/air-alliance-board-v1.schema.json), read off the box and entered by taps:
//   Airports          the colours printed at each V airport (4 to 6), tapped per airport
//                     ("landable"; an airport numbered 1 to 3 takes every colour, so it
//                     has nothing to tap);
//   Special airports  each player colour's special airport, tapped on the 24 airports
//                     ("special");
//   Boarding Passes   each colour's three slots, each slot's one to three Flight icons built
//                     by tapping (a slot with none is "not known": null);
//   Passenger Cards   a card builder (id and name typed, departure and arrival tapped,
//                     miles typed or stepped, class, three icons and the Trio Set tapped) with
//                     a live preview of the card as it lies on the table, and the switch that
//                     says the list holds all 60 cards of the box ("complete": ["cards"]).
// A section nobody filled is left out of the file. The pieces (the card's face, the icon and
// the face builders, the airport grid) are the recording page's
// (../../record/engines/air-alliance.js), so a card is drawn and built one way in both places.
// The server judges the board (AA-B01 to B07): the editor only makes what they rule out hard
// to enter (no colours for an airport 1 to 3, an arrival that is not the departure, one or two
// different colours on a Code Sharing icon, at most the box's 60 cards).

import { fill, h, humanize } from "../../dom.js";
import { option, refocus } from "../../record/engines/picker-kit.js";
import {
  ALL_COLOURS, AREAS, PLAYER_COLOURS, airportGrid, co, faceBuilder, faceMissing, iconEditor, iconItem, iconShort,
  nextCardId, routeLine, token,
} from "../../record/engines/air-alliance.js";

const BOX_CARDS = 60; // "60 Passenger Cards"
const SLOTS = 3;
const V_NUMBERS = [4, 5, 6]; // "Airports": 4, 5 and 6 are V-shaped, "only certain colours can land on these"
const SHAPES = { 1: "Y-shaped", 2: "reverse Y", 3: "reverse Y" };
// The names the rulebook gives (the Preparations' NPA table, "M3 Nile Airport").
const NAMES = { M3: "Nile", M4: "Arabia", M5: "Savannah", M6: "Casablanca", E4: "Scandinavia", A4: "Seoul", A5: "Himalaya",
  A6: "Oceania", E5: "Danube", U4: "Rocky", U5: "Mexico", U6: "Brazil", E6: "Siberia" };
// "Preparations": one NPA plane at each of these airports.
const NPA_START = { M4: "black", M5: "black", M6: "black", E4: "black", A4: "white", A5: "white", A6: "white", E5: "white",
  U4: "purple", U5: "purple", U6: "purple", E6: "purple" };
const FIELD_WORDS = { id: "id", name: "name", dep: "departure", arr: "arrival", miles: "miles", cls: "class", trio: "Trio Set",
  icons: "icons", colours: "colours", areas: "areas", colour: "colour", type: "kind" };

const colourName = (c) => humanize(String(c));
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// What is open, kept across redraws and mounts (never in the board file).
const ui = { card: null, special: new Set(), pass: null };
let current = {};

export function empty() {
  return {};
}

/** "12/12 V airports · 2 specials · 2 passes · 6/60 cards" (what is entered, for the save bar). */
export function summary(data) {
  const parts = [];
  const landable = Object.keys(data.landable || {}).length;
  const special = Object.keys(data.special || {}).length;
  const passes = Object.keys(data.passes || {}).length;
  const cards = (data.cards || []).length;
  if (landable) parts.push(`${landable}/12 V airports`);
  if (special) parts.push(plural(special, "special"));
  if (passes) parts.push(plural(passes, "pass", "passes"));
  if (cards || (data.complete || []).includes("cards")) {
    parts.push(`${cards}/${BOX_CARDS} cards${(data.complete || []).includes("cards") ? " (all)" : ""}`);
  }
  const unfinished = (data.cards || []).filter((card) => faceMissing(card).length).length;
  if (unfinished) parts.push(`${plural(unfinished, "card")} unfinished`);
  return parts.length ? parts.join(" · ") : "Nothing entered yet";
}

/** A field the server names, in words: "cards.3.icons.1.colours" -> "Card 4 (C04): icon 2, colours". */
export function fieldLabel(path) {
  const parts = String(path).split(".").filter((p) => p !== "value" && p !== "key" && p !== "_schema");
  const [head, a, b, c, d] = parts;
  if (head === "landable") return a ? `Airport ${a}${NAMES[a] ? ` (${NAMES[a]})` : ""}: landing colours` : "Airports' landing colours";
  if (head === "special") return a ? `${colourName(a)}'s special airport` : "Special airports";
  if (head === "passes") {
    if (!a) return "Boarding Passes";
    const slot = b !== undefined ? `, slot ${Number(b) + 1}` : "";
    const icon = c !== undefined ? `, icon ${Number(c) + 1}` : "";
    return `${colourName(a)} Boarding Pass${slot}${icon}${d ? `: ${FIELD_WORDS[d] || d}` : ""}`;
  }
  if (head === "cards") {
    if (a === undefined) return "Passenger Cards";
    const card = (current.cards || [])[Number(a)];
    const name = `Card ${Number(a) + 1}${card && card.id ? ` (${card.id})` : ""}`;
    if (b === undefined) return name;
    if (b === "icons" && c !== undefined) return `${name}: icon ${Number(c) + 1}${d ? `, ${FIELD_WORDS[d] || d}` : ""}`;
    return `${name}: ${FIELD_WORDS[b] || b}`;
  }
  if (head === "complete") return "All 60 cards listed";
  return path;
}

export function mount(root, ctx) {
  const { data, kit } = ctx;
  current = data;
  const holder = { airports: h("div", { id: "aa-airports", class: "aa-be-part" }), specials: h("div", { id: "aa-specials", class: "aa-be-part" }),
    passes: h("div", { id: "aa-passes", class: "aa-be-part" }), cards: h("div", { id: "aa-cards", class: "aa-be-part" }) };
  if (ui.card !== null && !(ui.card < (data.cards || []).length)) ui.card = null;
  if (ui.card === null) {
    const troubled = (data.cards || []).findIndex((_, i) => ctx.problems(`cards.${i}`).length);
    if (troubled >= 0) ui.card = troubled;
  }
  const changed = () => ctx.changed();
  const notes = (prefix, exact = false) => kit.problemNotes(ctx.problems(prefix).filter((p) => !exact || p.field === prefix));

  // ------------------------------------------------------------------ airports

  function toggleLandable(code, colour) {
    const now = (data.landable || {})[code] || [];
    let next;
    if (colour === "ALL") next = now.includes("ALL") ? [] : ["ALL"];
    else {
      const rest = now.filter((c) => c !== "ALL");
      next = rest.includes(colour) ? rest.filter((c) => c !== colour) : ALL_COLOURS.filter((c) => c === colour || rest.includes(c));
    }
    data.landable ||= {};
    if (next.length) data.landable[code] = next;
    else delete data.landable[code];
    if (!Object.keys(data.landable).length) delete data.landable;
    changed();
  }

  function vAirport(code) {
    const now = (data.landable || {})[code] || [];
    const npa = NPA_START[code];
    const key = (colour) => `aa-land:${code}:${colour}`;
    return h("li", { class: `aa-be-airport${now.length ? " is-set" : ""}`, dataset: { airport: code } },
      h("div", { class: "aa-be-airport-head" },
        h("strong", {}, code), NAMES[code] ? h("span", { class: "muted" }, ` ${NAMES[code]}`) : null,
        h("span", { class: "small muted aa-be-airport-facts" }, ` · V-shaped, 2 runways${npa ? ` · the ${npa} NPA starts here` : ""}`)),
      h("div", { class: "pa-pick-opts aa-be-land-opts", role: "group", "aria-label": `Colours that land at ${code}` },
        option({ label: "Every colour", pressed: now.includes("ALL"), focusKey: key("ALL"), className: "aa-be-land-all", data: { colour: "ALL" },
          onclick: () => { toggleLandable(code, "ALL"); drawAirports(key("ALL")); } }),
        ALL_COLOURS.map((colour) => option({ label: [token(colour), colourName(colour)], pressed: now.includes(colour),
          focusKey: key(colour), className: `aa-pick-colour ${co(colour)}`, data: { colour },
          onclick: () => { toggleLandable(code, colour); drawAirports(key(colour)); } }))),
      notes(`landable.${code}`));
  }

  function drawAirports(focusKey = null) {
    const set = Object.keys(data.landable || {}).length;
    fill(holder.airports, kit.section("Airports",
      "Airports numbered 1 to 3 take every colour. At each V airport (4 to 6), tap the colours printed beside it.",
      h("p", { class: "small aa-be-count" }, `${set} of 12 V airports done`),
      notes("landable", true),
      AREAS.map((area) => h("section", { class: "aa-be-area", "aria-label": `Area ${area}` },
        h("h3", {}, `Area ${area}`),
        h("p", { class: "small muted aa-be-low" }, [1, 2, 3].map((n) => `${area}${n}${NAMES[`${area}${n}`] ? ` ${NAMES[`${area}${n}`]}` : ""} ${SHAPES[n]}`).join(" · "),
          ": every colour lands."),
        h("ol", { class: "aa-be-airports" }, V_NUMBERS.map((n) => vAirport(`${area}${n}`)))))));
    refocus(holder.airports, focusKey);
  }

  // ---------------------------------------------------------- special airports

  function drawSpecials(focusKey = null) {
    const special = data.special || {};
    fill(holder.specials, kit.section("Special airports",
      "Each colour's Special landing permit lands on one airport: tap it for each colour.",
      notes("special", true),
      h("ol", { class: "aa-be-specials" }, PLAYER_COLOURS.map((colour) => {
        const chosen = special[colour] || null;
        const open = !chosen || ui.special.has(colour);
        const keyPrefix = `aa-special:${colour}`;
        return h("li", { class: `aa-be-special ${co(colour)}`, dataset: { colour } },
          h("div", { class: "aa-be-special-head" },
            h("span", { class: "aa-be-colour" }, token(colour), colourName(colour)),
            h("span", { class: "aa-be-special-value" }, chosen ? [h("strong", {}, chosen), NAMES[chosen] ? ` ${NAMES[chosen]}` : ""] : h("span", { class: "muted" }, "not chosen")),
            chosen && !open ? h("button", { type: "button", class: "secondary aa-be-change", dataset: { focusKey: `${keyPrefix}:change` },
              "aria-label": `Change ${colourName(colour)}'s special airport`,
              onclick: () => { ui.special.add(colour); drawSpecials(`${keyPrefix}:${chosen}`); } }, "Change") : null,
            chosen && open ? h("button", { type: "button", class: "secondary aa-be-change", dataset: { focusKey: `${keyPrefix}:clear` },
              "aria-label": `Clear ${colourName(colour)}'s special airport`,
              onclick: () => {
                delete data.special[colour];
                if (!Object.keys(data.special).length) delete data.special;
                ui.special.delete(colour);
                changed();
                drawSpecials(`${keyPrefix}:A1`);
              } }, "Clear") : null),
          open ? airportGrid({ legend: `${colourName(colour)}'s special airport`, value: chosen, keyPrefix,
            onchange: (code) => {
              data.special ||= {};
              data.special[colour] = code;
              ui.special.delete(colour);
              changed();
              drawSpecials(`${keyPrefix}:change`);
            } }) : null,
          notes(`special.${colour}`));
      }))));
    refocus(holder.specials, focusKey);
  }

  // ----------------------------------------------------------- Boarding Passes

  function slotsOf(colour) {
    return ((data.passes || {})[colour] || [null, null, null]).slice(0, SLOTS);
  }

  function storeSlots(colour, slots) {
    data.passes ||= {};
    if (slots.some((slot) => slot && slot.length)) data.passes[colour] = slots.map((slot) => (slot && slot.length ? slot : null));
    else delete data.passes[colour];
    if (!Object.keys(data.passes).length) delete data.passes;
    changed();
  }

  function passSlot(colour, slot) {
    const icons = slotsOf(colour)[slot] || [];
    const editing = ui.pass && ui.pass.colour === colour && ui.pass.slot === slot ? ui.pass.index : null;
    const keyPrefix = `aa-pass:${colour}:${slot}`;
    const editIcon = (index) => { ui.pass = { colour, slot, index }; drawPasses(`${keyPrefix}:${index}:kind:${(icons[index] || {}).type || "AREA"}`); };
    const change = (icon, key) => {
      const slots = slotsOf(colour).map((s) => (s ? [...s] : null));
      const list = slots[slot] || [];
      if (editing === "new") {
        list.push(icon);
        ui.pass = { colour, slot, index: list.length - 1 };
      } else list[editing] = icon;
      slots[slot] = list;
      storeSlots(colour, slots);
      drawPasses(editing === "new" ? key.replace(":new:", `:${list.length - 1}:`) : key);
    };
    const removeIcon = () => {
      const slots = slotsOf(colour).map((s) => (s ? [...s] : null));
      slots[slot].splice(editing, 1);
      ui.pass = null;
      storeSlots(colour, slots);
      drawPasses(`${keyPrefix}:add`);
    };
    return h("li", { class: `aa-be-slot${icons.length ? "" : " is-unknown"}`, dataset: { slot: String(slot) } },
      h("div", { class: "aa-be-slot-head" }, h("span", { class: "aa-label" }, `Slot ${slot + 1}`),
        icons.length ? null : h("span", { class: "small muted" }, "not known yet")),
      icons.length ? h("ol", { class: "aa-icons aa-be-slot-icons" }, icons.map((icon, index) => h("li", {},
        h("button", { type: "button", class: `aa-be-icon-btn${editing === index ? " is-on" : ""}`, "aria-pressed": String(editing === index),
          dataset: { focusKey: `${keyPrefix}:edit:${index}`, icon: String(index) },
          "aria-label": `Slot ${slot + 1}, icon ${index + 1}: change it`, onclick: () => editIcon(index) }, iconItem(icon, "span"))))) : null,
      editing !== null ? h("div", { class: "aa-be-icon-edit" },
        iconEditor({ icon: editing === "new" ? null : icons[editing], legend: editing === "new" ? `Slot ${slot + 1}: a new icon` : `Slot ${slot + 1}, icon ${editing + 1}`,
          keyPrefix: `${keyPrefix}:${editing}`, onchange: change }),
        h("div", { class: "aa-be-icon-actions" },
          h("button", { type: "button", class: "secondary", dataset: { focusKey: `${keyPrefix}:done` },
            onclick: () => { ui.pass = null; drawPasses(icons.length < 3 ? `${keyPrefix}:add` : `${keyPrefix}:edit:0`); } }, "Done"),
          editing !== "new" ? h("button", { type: "button", class: "secondary", dataset: { focusKey: `${keyPrefix}:remove` },
            onclick: removeIcon }, "Remove this icon") : null)) : null,
      editing === null && icons.length < 3 ? h("button", { type: "button", class: "secondary aa-be-add-icon", dataset: { focusKey: `${keyPrefix}:add` },
        "aria-label": `Slot ${slot + 1}: add an icon`,
        onclick: () => { ui.pass = { colour, slot, index: "new" }; drawPasses(`${keyPrefix}:new:kind:AREA`); } }, icons.length ? "Add an icon" : "Add its icon") : null,
      notes(`passes.${colour}.${slot}`));
  }

  function drawPasses(focusKey = null) {
    fill(holder.passes, kit.section("Boarding Passes",
      "Each colour's pass prints one to three Flight icons on each of its three slots: add them by tapping. A slot left empty is not known yet.",
      notes("passes", true),
      h("ol", { class: "aa-be-passes" }, PLAYER_COLOURS.map((colour) => h("li", { class: `aa-be-pass ${co(colour)}`, dataset: { colour } },
        h("h3", {}, token(colour), `${colourName(colour)} Boarding Pass`),
        notes(`passes.${colour}`, true),
        h("ol", { class: "aa-be-slots" }, [0, 1, 2].map((slot) => passSlot(colour, slot))))))));
    refocus(holder.passes, focusKey);
  }

  // ----------------------------------------------------------- Passenger Cards

  function trioCounts() {
    const counts = {};
    for (const card of data.cards || []) if (card.trio) counts[card.trio] = (counts[card.trio] || 0) + 1;
    return counts;
  }

  function cardRow(card, index) {
    const keyPrefix = `aa-card:${index}`;
    const problems = ctx.problems(`cards.${index}`);
    if (ui.card === index) {
      return h("div", { class: "aa-be-card is-open", dataset: { card: String(index) } },
        h("h3", { class: "aa-be-card-title" }, `Card ${index + 1}`),
        faceBuilder({ face: card, changed: () => { changed(); }, keyPrefix, problems, prefix: `cards.${index}`, trioCounts,
          idHelp: "Your own label for the card: keep it or write your own." }),
        h("div", { class: "aa-be-card-actions" },
          h("button", { type: "button", class: "aa-be-card-done", dataset: { focusKey: `${keyPrefix}:done` },
            onclick: () => { ui.card = null; drawCards(`${keyPrefix}:edit`); } }, "Done with this card")));
    }
    const missing = faceMissing(card);
    return h("div", { class: "aa-be-card", dataset: { card: String(index) } },
      h("button", { type: "button", class: "aa-be-card-btn", dataset: { focusKey: `${keyPrefix}:edit` },
        "aria-label": `Card ${index + 1}${card.id ? ` (${card.id})` : ""}: ${routeLine(card)}. Edit it`,
        onclick: () => { ui.card = index; drawCards(`${keyPrefix}:name`); } },
      h("span", { class: `aa-be-card-sum${card.cls === "FIRST" ? " is-first" : ""}` },
        h("span", { class: "aa-be-card-line aa-be-card-first" },
          h("span", {}, h("strong", {}, card.id || "(no id)"), " ", card.name || h("span", { class: "muted" }, "(no name)")),
          h("span", { class: "aa-be-card-edit" }, "Edit")),
        h("span", { class: "aa-be-card-line" }, h("strong", {}, `${card.dep || "?"} → ${card.arr || "?"}`),
          ` · ${Number.isInteger(card.miles) ? card.miles.toLocaleString("en") : "?"} mi · ${card.cls === "FIRST" ? "First" : card.cls ? "Economy" : "class?"}`,
          card.trio ? h("span", { class: "aa-trio" }, ` · ${card.trio}`) : null),
        h("span", { class: "aa-be-card-line small muted" }, (card.icons || []).slice(0, 3).map((icon) => iconShort(icon)).join(" · ") || "no icons yet"))),
      missing.length ? h("p", { class: "small aa-be-missing" }, `Unfinished: ${missing.join(", ")}.`) : null,
      kit.problemNotes(problems));
  }

  function drawCards(focusKey = null) {
    const cards = data.cards || [];
    const complete = (data.complete || []).includes("cards");
    const list = kit.listEditor({
      title: "Cards", items: cards, row: cardRow, addLabel: cards.length ? "Add the next card" : "Add a card",
      empty: "No card yet: add them one by one as you read them off the deck.",
      itemLabel: (i, card) => `card ${i + 1}${card && card.id ? ` (${card.id})` : ""}`,
      onadd: () => {
        data.cards ||= [];
        if (data.cards.length >= BOX_CARDS) return;
        data.cards.push({ id: nextCardId(data.cards.map((c) => c.id)), icons: [null, null, null] });
        ui.card = data.cards.length - 1;
        changed();
        drawCards(`aa-card:${ui.card}:name`);
      },
      onremove: (index) => {
        data.cards.splice(index, 1);
        if (!data.cards.length) delete data.cards;
        if (ui.card === index) ui.card = null;
        else if (ui.card !== null && ui.card > index) ui.card -= 1;
        changed();
        drawCards();
      },
    });
    const add = list.querySelector(".be-add");
    if (add) {
      add.dataset.focusKey = "aa-card:add";
      if (cards.length >= BOX_CARDS) {
        add.disabled = true;
        add.textContent = `All ${BOX_CARDS} cards of the box are listed`;
      }
    }
    fill(holder.cards, kit.section("Passenger Cards",
      "Read each card off the deck: type its name and miles, tap its route, class, Flight icons and Trio Set. The preview shows it as it will lie on the table.",
      h("p", { class: "small aa-be-count" }, `${cards.length} of the box's ${BOX_CARDS} cards listed`),
      notes("cards", true),
      list,
      h("div", { class: "aa-be-complete" },
        option({ label: "These are all 60 cards of the box", pressed: complete, disabled: !complete && cards.length !== BOX_CARDS,
          sub: complete ? "No other card can turn up in a game on this board"
            : cards.length === BOX_CARDS ? "Tap to say so: then no other card can turn up" : `Possible once all ${BOX_CARDS} are listed (${cards.length} so far)`,
          focusKey: "aa-complete", className: "aa-be-complete-btn",
          onclick: () => {
            if (complete) delete data.complete;
            else data.complete = ["cards"];
            changed();
            drawCards("aa-complete");
          } }),
        notes("complete"))));
    refocus(holder.cards, focusKey);
  }

  fill(root,
    h("nav", { class: "aa-be-jump", "aria-label": "Sections of the board" },
      [["aa-airports", "Airports"], ["aa-specials", "Special airports"], ["aa-passes", "Boarding Passes"], ["aa-cards", "Passenger Cards"]]
        .map(([id, label]) => h("a", { href: `#${id}`, class: "button secondary" }, label))),
    holder.airports, holder.specials, holder.passes, holder.cards);
  drawAirports();
  drawSpecials();
  drawPasses();
  drawCards();
}

