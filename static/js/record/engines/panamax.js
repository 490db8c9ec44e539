// Panamax on the recording page: the Action table's dice as buttons (take one, or move one
// to the other side first), the company's containers and where each may be loaded, a
// flag's free action, ship movement (`ships` is a list; the icon crossed said by the board;
// the ships pushed out of a full dashed rectangle tapped), the Action table's roll (the
// dice as they fell), the Cargo Fees and, on a board with cards, the reveals by a tap on
// the board's card and a Captain or Stevedore card played.
//
// What is legal comes from the engine, never from rules copied here: `expected()`'s
// options (engines/panamax/offers.py) carry, beside each field's list (by its path:
// "from.column", "target.ship"), the engine's own judgements:
//   action_die_taken  dice: [{from, allows, uses}]          what each die allows, its legal uses
//   die_transferred   dice: [{from, to_columns}], cost: [$]  where each die may go, and the price
//   die_loaded        loads: [{contract, container, card, value, rail, targets, refused: [{target, code, message}],
//                     completes, icon, space}], loads_left: [n]
//   ship_moved        moves: [{ship, zone, bound, ahead, icons: {zone: icon}, ready, slots, exit: {bonus, passengers, doubles}}],
//                     refused: [{ship, zone, reason}], zones: [{zone, kind, ships: [{ship, slots}], held, capacity}],
//                     tokens: [$, top first], moves_left: [{lock, waterway, any}]
//   cargo_fees        company: [c], fees: [{zone, dice, rate | null}] (a null rate: the table declares it)
//   free_action_used  kind, and by the action due: company, supply, ship, loads, raise
// The state gives only what lies on the table. A die's source is ONE of {column} or
// {executive}, a load's target ONE of {ship} or {rail}: the pickers build exactly one, which
// the generic form cannot ensure. The buttons borrow Pan Am's look (pa-pick-*); px-pick-*
// classes are Panamax's. A place the engine does not offer may still be listed, folded away
// with the engine's reason, to record over the rules when the table rules otherwise.

import { h, humanize } from "../../dom.js";
import { choices, foot, frame, group, hint, option, playerOf, startFrom, status } from "./picker-kit.js";

const NATION = { CHINA: "China", EU: "EU", US_EAST: "US East", US_WEST: "US West" };
const OCEAN_OF = { EU: "ATLANTIC", US_EAST: "ATLANTIC", CHINA: "PACIFIC", US_WEST: "PACIFIC" };
const USES = {
  movement: ["Movement", "move ships"],
  contract_load: ["Contract / Load", "a card, load cargo"],
  market_buy: ["Buy a share", "Market"],
  market_raise: ["Raise a price", "Market"],
  pass: ["Pass", "use nothing"],
};
const FREE_ACTIONS = [["market", "Market"], ["load_die", "Load a die"], ["move3", "Move 3"], ["load_rail", "Load the rail"], ["none", "No icon"]];
const SUPPLIES = [["warehouse", "Warehouse"], ["pool", "Pool"]];
const BENEFITS = [["transfer_2", "Transfer for $2"], ["extra_contract_choice", "Extra contract choice"], ["extra_load", "One extra load"]];
const CARDS = { captain: "Captain card", stevedore: "Stevedore card", advisor: "Financial Advisor card" };
const OCEAN = "OCEAN";
const NOT_OFFERED = "not offered";

const given = (value) => value !== null && value !== undefined;
const plural = (n, word) => `${n} ${n === 1 ? word : word === "die" ? "dice" : `${word}s`}`;
const nationName = (n) => NATION[n] || humanize(String(n || "").toLowerCase());
/** A key's [label, sub-line] in `table` (USES, FREE_KINDS), or its name humanized. */
const wordsOf = (table, key) => table[key] || [humanize(String(key)), null];
const pipsOf = (die) => (die ? Number(die.column ?? die.executive) : null);
const spaceOf = (die) => (die.column !== undefined ? "column" : "executive");
const dieName = (die) => (die.column !== undefined ? `column ${die.column}` : `Executive die ${die.executive}`);
const dieKey = (die) => `px-die:${spaceOf(die)}:${pipsOf(die)}`;
const sameDie = (a, b) => Boolean(a && b) && a.column === b.column && a.executive === b.executive;
const placeKey = (target) => (target && target.rail ? "rail" : target ? target.ship : null);

/** "LOADING US_EAST" -> "Loading US East", "WAITING PACIFIC" -> "Waiting Pacific", OCEAN -> "Out to the ocean". */
function zoneName(zone) {
  const text = String(zone || "");
  if (text === OCEAN) return "Out to the ocean";
  const [head, ...rest] = text.split(" ");
  if (head === "LOADING") return `Loading ${nationName(rest.join(" "))}`;
  if (head === "WAITING") return `Waiting ${humanize(rest.join(" ").toLowerCase())}`;
  return text;
}

/** {"waterway": 2, "lock": 1} -> "2 waterways, 1 lock"; {"loads": 3} -> "3 loads" (the engine's words for a die). */
function allowsText(allows) {
  const words = [["loads", "load"], ["waterway", "waterway"], ["lock", "lock"]];
  return words.filter(([key]) => allows && allows[key] !== undefined).map(([key, word]) => plural(allows[key], word)).join(", ");
}

/** The current player's company: [colour, company] (or [null, {}]). */
function companyOf(ctx) {
  const state = ctx.state || {};
  const player = playerOf(ctx);
  const colour = player && state.players && state.players[player] ? state.players[player].company : null;
  return [colour, (colour && state.companies && state.companies[colour]) || {}];
}

/** [colour, company] in the players' seat order (the state's JSON may come sorted). */
function companiesInSeatOrder(state) {
  const all = state.companies || {};
  const seated = (state.seats || []).map((p) => ((state.players || {})[p] || {}).company).filter((c) => c in all);
  return [...seated, ...Object.keys(all).filter((c) => !seated.includes(c))].map((c) => [c, all[c]]);
}

// ----------------------------------------------------------------- shared pieces

/** Panamax's frame: the kit's, its section also of class px-picker. */
const pxFrame = (ctx, options, body) => frame(ctx, { className: "pa-picker px-picker", ...options }, body);

/** The record button (class px-pick-record) in the form's foot. */
const pxFoot = (ctx, onclick, text) => foot(ctx, onclick, text, { className: "px-pick-record" });

/** A group whose fieldset says what it is (`className`, `data`) beside pa-pick-group. */
function fieldset(className, data, legend, ...children) {
  return h("fieldset", { class: `pa-pick-group ${className}`, dataset: data }, h("legend", {}, legend), children);
}

/** A place on the table that cannot be chosen now, said in words. */
function offSpot(label, sub, data = {}) {
  return h("span", { class: "px-pick-off", dataset: data },
    h("span", { class: "pa-pick-opt-label" }, label), sub ? h("span", { class: "pa-pick-opt-sub" }, sub) : null);
}

/** What the rules refuse, folded away under `summary` (open when `open`). */
function refusedFold(summary, open, ...content) {
  return h("details", { class: "pa-pick-fallback px-pick-refused", open: open || null }, h("summary", {}, summary), content);
}

/** A zone's row: its name, then its `buttons`. */
function zoneRow(zone, buttons) {
  return h("div", { class: "px-pick-zone", dataset: { zone } }, h("span", { class: "px-pick-zone-name" }, zoneName(zone)),
    h("div", { class: "pa-pick-opts" }, buttons));
}

// ------------------------------------------------------------- the Action table

/**
 * The Action table as it lies: a row of columns and a row of Executive spaces per side
 * (columns 1-3 are the blue Movement side, 4-6 the grey Contract side). The engine's
 * `dice` are buttons, with what each allows when it says so; the others are said.
 */
function diceTable(ctx, { dice, chosen, pick, verb = "take" }) {
  const layout = (ctx.state && ctx.state.action_table) || { columns: [0, 0, 0, 0, 0, 0], executive: [] };
  const sides = [["movement", "Movement side (blue)", [1, 2, 3]], ["contract", "Contract side (grey)", [4, 5, 6]]];
  // A spot of a row: the engine's die as a button, else said with `idle` (what lies there).
  const spot = (die, word, counted, idle, title = null) => {
    const n = pipsOf(die);
    const label = [h("span", { class: "visually-hidden" }, `${word} `), String(n)];
    const data = { [spaceOf(die)]: String(n) };
    const entry = dice.find((d) => sameDie(d.from, die));
    if (!entry) return offSpot(label, idle, data);
    return option({ label, sub: [counted, entry.allows ? allowsText(entry.allows) : ""].filter(Boolean).join(" · ") || null,
      pressed: sameDie(chosen, die), focusKey: dieKey(die), className: "px-pick-die", data, title, onclick: () => pick(die) });
  };
  const row = (text, label, spots) => [h("p", { class: "px-pick-row-name", "aria-hidden": "true" }, text),
    h("div", { class: "px-pick-row", role: "group", "aria-label": label }, spots)];
  return h("div", { class: "px-pick-table" }, sides.map(([side, name, pips]) => h("section", { class: `px-pick-side is-${side}`, dataset: { side } },
    h("h4", {}, name),
    row("Columns", `${name}: columns`, pips.map((c) => {
      const count = (layout.columns || [])[c - 1] || 0;
      const counted = count ? plural(count, "die") : "empty";
      return spot({ column: c }, "Column", counted, count ? `${counted} · not offered` : counted, `${verb} the lowest die of column ${c}`);
    })),
    row("Executive spaces", `${name}: Executive spaces`, pips.map((v) => spot({ executive: v }, "Executive", null,
      (layout.executive || []).includes(v) ? "a die · not offered" : "no die"))))));
}

/** The engine's dice (`dice`); a remembered die it no longer offers is forgotten. */
function offeredDice(ctx, draft) {
  const dice = ((ctx.options && ctx.options.dice) || []).filter((d) => d && d.from);
  const entryOf = (die) => (die ? dice.find((d) => sameDie(d.from, die)) || null : null);
  if (draft.die && !entryOf(draft.die)) draft.die = null;
  return { dice, entryOf };
}

function takePicker(ctx) {
  startFrom(ctx, (data) => ({ die: data.from ? { ...data.from } : null, use: data.use || null }));
  const draft = ctx.draft;
  const { dice, entryOf } = offeredDice(ctx, draft);
  if (!dice.length) return null;
  const uses = (ctx.options && ctx.options.use) || [];
  const moved = ctx.state && ctx.state.turn ? ctx.state.turn.transferred_to : null;
  const usesOf = (die) => (entryOf(die) || { uses: [] }).uses || [];
  if (draft.use && !uses.includes(draft.use)) draft.use = null;
  // A die with one use beside passing (a column's die: its side's) has that use chosen.
  const natural = (die) => {
    const real = usesOf(die).filter((u) => u !== "pass");
    return real.length === 1 ? real[0] : null;
  };
  if (given(moved) && dice.length === 1 && !draft.die) {
    draft.die = { ...dice[0].from };
    if (!draft.use) draft.use = natural(draft.die);
  }
  const player = playerOf(ctx);

  return pxFrame(ctx, { picker: "take", heading: "Action die taken", fallback: "Type the die instead" }, (view) => {
    const pick = (die) => view.set({ die, use: draft.use && usesOf(die).includes(draft.use) ? draft.use : natural(die) }, dieKey(die));
    const submit = () => view.record([[draft.die, "Tap the die taken."], [draft.use, "Choose what the die is used for."]],
      () => ({ from: { ...draft.die }, use: draft.use }));
    const [colour, company] = companyOf(ctx);
    const legal = draft.die ? usesOf(draft.die) : null;
    const refused = (use) => Boolean(legal) && !legal.includes(use);
    return [
      status(player || "The player", " takes one Action die", colour ? ` for the ${colour} company ($${company.money ?? "?"})` : "", "."),
      given(moved) ? h("p", { class: "notice small px-pick-moved" }, `The die transferred to column ${moved} is the one taken now.`)
        : hint("A column gives its lowest die. Each die says what it allows."),
      diceTable(ctx, { dice, chosen: draft.die, pick }),
      choices(view, { legend: "Used for", items: uses, field: "use", listClass: "px-pick-uses", className: "px-pick-use",
        key: (use) => `px-use:${use}`, label: (use) => wordsOf(USES, use)[0], disabled: refused,
        sub: (use) => (refused(use) ? "not with this die" : wordsOf(USES, use)[1]), data: (use) => ({ use }) }),
      pxFoot(ctx, submit,
        draft.die && draft.use ? `Take ${dieName(draft.die)} for ${wordsOf(USES, draft.use)[0].toLowerCase()}` : "Record the Action die"),
    ];
  });
}

function transferPicker(ctx) {
  const draft = ctx.draft;
  const { dice, entryOf } = offeredDice(ctx, draft);
  if (!dice.length) return null;
  const targets = [...new Set(dice.flatMap((d) => d.to_columns || []).map(Number))].sort((a, b) => a - b);
  const cost = ((ctx.options || {}).cost || [])[0];
  const layout = (ctx.state && ctx.state.action_table) || { columns: [] };
  const goesTo = (c) => !draft.die || ((entryOf(draft.die) || {}).to_columns || []).map(Number).includes(c);

  return pxFrame(ctx, { picker: "transfer", heading: "Die transferred", fallback: "Type the transfer instead", slotsInside: true }, (view) => {
    const submit = () => view.record([[draft.die, "Tap the die transferred."], [draft.to && goesTo(draft.to), "Choose a column this die may go to."]],
      () => ({ from: { ...draft.die }, to_column: draft.to }));
    const [colour, company] = companyOf(ctx);
    if (draft.to && !goesTo(draft.to)) draft.to = null;
    const price = cost === undefined ? "its price"
      : cost ? `$${cost} from the ${colour ? `${colour} company` : "company"}’s money ($${company.money ?? "?"})` : "free";
    // Rare: folded away under its title, open once something is chosen; the result and the typed form inside.
    return h("details", { class: "px-pick-more", open: draft.open || draft.die || null, ontoggle: (e) => { draft.open = e.target.open; } },
      h("summary", {}, `Move a die to the other side before taking one: ${price}…`),
      diceTable(ctx, { dice, chosen: draft.die, verb: "move", pick: (die) => view.set({ die }, dieKey(die)) }),
      choices(view, { legend: "To column", items: targets, field: "to", className: "px-pick-to", key: (c) => `px-to-column:${c}`,
        label: (c) => `Column ${c}`, disabled: (c) => !goesTo(c), data: (c) => ({ toColumn: String(c) }),
        sub: (c) => (goesTo(c) ? `${plural((layout.columns || [])[c - 1] || 0, "die")} now` : "not for this die") }),
      pxFoot(ctx, submit, draft.die && draft.to ? `Move ${dieName(draft.die)} to column ${draft.to}` : "Record the transfer"),
      view.slots());
  });
}

// ------------------------------------------------------------------ die_loaded

/** "2-slot · carries 3 (5–11)", "cruise · 1 die", for a ship's button: what lies on the board. */
function shipText(ship) {
  if (!ship) return "not on the board";
  const dice = ship.dice || [];
  const sum = dice.reduce((total, d) => total + Number(d.value || 0), 0);
  if (ship.kind === "COMPANY") return `${ship.slots}-slot · carries ${sum} (${ship.min}–${ship.max})`;
  const kind = { CRUISE: "cruise", MILITARY: "military", PANAMAX: "Panamax" }[ship.kind] || humanize(String(ship.kind || "").toLowerCase());
  return `${kind} · ${plural(dice.length, "die")}`;
}

function heldTitle(held, index) {
  const side = held.side === "front" ? `front · ${nationName(held.nation)}` : "back · generic cargo";
  return `${held.setup ? "Setup contract" : "Card"} ${held.card ?? index + 1} · ${side}`;
}

/** The engine's entry for a container ({contract, container}) among `loads`, or null. */
function loadEntry(loads, box) {
  return (box && loads.find((l) => l.contract === box.contract && l.container === box.container)) || null;
}

/** The held contracts' containers: the engine's `loads` as buttons, the others said. */
function containersBlock(contracts, loads, chosen, pick) {
  const indices = [...new Set(loads.map((l) => l.contract))].filter((i) => contracts[i]).sort((a, b) => a - b);
  return indices.map((i) => fieldset("px-pick-contract", { contract: String(i) }, heldTitle(contracts[i], i),
    h("div", { class: "pa-pick-opts" }, (contracts[i].containers || []).map((c, j) => {
      const entry = loadEntry(loads, { contract: i, container: j });
      const data = { contract: String(i), container: String(j) };
      if (!entry) return offSpot(String(c.value), c.loaded ? "loaded" : NOT_OFFERED, data);
      return option({ label: String(entry.value), sub: `${entry.rail ? "Rail icon" : "cargo"}${entry.targets && entry.targets.length ? "" : " · nowhere now"}`,
        pressed: Boolean(chosen) && chosen.contract === i && chosen.container === j, focusKey: `px-box:${i}:${j}`, className: "px-pick-box",
        data, title: `Container ${j + 1} of ${entry.card ?? contracts[i].card}, a ${entry.value}`, onclick: () => pick({ contract: i, container: j }) });
    }))));
}

/**
 * Where a die may go: the `legal` places (the engine's) as buttons by zone, the `others`
 * folded away (still recordable: the table may rule otherwise), each with the rule's
 * message from `reasons` (by place). A place: "rail" or a ship.
 */
function placesBlock(state, legal, others, reasons, chosen, choose) {
  const ships = state.ships || {};
  const wagon = ((state.rail || {}).wagon1 || []).length;
  const button = (key, allowed) => {
    const rail = key === "rail";
    const what = rail ? `1st wagon: ${plural(wagon, "die")}` : shipText(ships[key]);
    return option({ label: rail ? "Rail table" : key,
      sub: allowed ? what : [what, " · ", h("span", { class: "px-pick-reason" }, reasons[key] || NOT_OFFERED)], pressed: chosen === key, focusKey: `px-target:${key}`, className: `px-pick-target${allowed ? "" : " is-refused"}`,
      data: rail ? { rail: "true" } : { ship: key }, onclick: () => choose(key) });
  };
  const byZone = (list, allowed) => {
    const onBoard = list.filter((k) => k !== "rail");
    const zoneOf = (k) => (ships[k] ? ships[k].zone : null);
    return [list.includes("rail") ? h("div", { class: "px-pick-zone", dataset: { zone: "rail" } }, button("rail", allowed)) : null,
      [...new Set(onBoard.map(zoneOf))].map((zone) => zoneRow(zone || "",
        onBoard.filter((k) => zoneOf(k) === zone).map((k) => button(k, allowed))))];
  };
  return [
    legal.length ? h("div", { class: "px-pick-targets", role: "group", "aria-label": "Where the die may go" }, byZone(legal, true))
      : h("p", { class: "notice small" }, "The rules allow this die nowhere now."),
    others.length ? refusedFold(`Other places, refused by the rules: ${others.length}`, others.includes(chosen),
      h("div", { class: "px-pick-targets" }, byZone(others, false))) : null,
  ];
}

/** The engine's reasons for the places it refuses a container's die: {place: message}. */
function refusedOf(entry) {
  const out = {};
  for (const r of (entry && entry.refused) || []) {
    const key = placeKey(r.target);
    if (key && !(key in out)) out[key] = r.message || r.code || NOT_OFFERED;
  }
  return out;
}

/** The flag a load earns (the engine's `completes`), on the Clipboard space the engine names
 *  (`space`): the space's icon said, or asked (the draft's `free`) when the table has not declared it. */
function flagBlock(view, entry, held) {
  if (!entry || !entry.completes) return null;
  const flag = `the ${nationName(held && held.nation)} flag`;
  const where = given(entry.space) ? `space ${entry.space} of its Clipboard row` : "the next space of its Clipboard row";
  const data = { space: String(entry.space ?? "") };
  if (given(entry.icon)) {
    const name = (FREE_ACTIONS.find(([k]) => k === entry.icon) || [entry.icon, humanize(String(entry.icon))])[1];
    return h("p", { class: "notice small px-pick-flag", dataset: data },
      `This die completes the card: ${flag} covers ${where}, which shows ${name}.`);
  }
  return fieldset("px-pick-flag", data, `This die completes the card: ${flag} covers ${where}, new to this game. What does the space show?`,
    choices(view, { items: FREE_ACTIONS, field: "free", value: ([kind]) => kind, key: ([kind]) => `px-free:${kind}`, label: ([, label]) => label,
      className: "px-pick-free", data: ([kind]) => ({ free: kind }) }));
}

/** Whether the table must declare the flag's icon with this load. */
const asksIcon = (entry) => Boolean(entry && entry.completes && !given(entry.icon));

function loadPicker(ctx) {
  const state = ctx.state || {};
  const options = ctx.options || {};
  const [colour, company] = companyOf(ctx);
  if (!colour) return null;
  const contracts = company.contracts || [];
  const loads = (options.loads || []).filter((l) => contracts[l.contract]);
  const loadsLeft = (options.loads_left || [])[0];
  const used = (state.turn || {}).loads_used || 0;
  // Every place the field may name (the Rail table, the ships in Loading zones): the ones
  // a container's entry refuses are offered folded, with the rule's message.
  const places = [...((options["target.rail"] || []).includes(true) ? ["rail"] : []),
    ...(options["target.ship"] || []).filter((s) => state.ships && state.ships[s])];
  const draft = ctx.draft;
  if (!loadEntry(loads, draft.box)) draft.box = loads.length === 1 ? { contract: loads[0].contract, container: loads[0].container } : null;

  function targets(view, entry) {
    if (!entry) return h("p", { class: "muted small" }, "Tap a container to see where its die may go.");
    const legal = (entry.targets || []).map(placeKey).filter(Boolean);
    const reasons = refusedOf(entry);
    const others = [...new Set([...Object.keys(reasons), ...places])].filter((k) => !legal.includes(k)
      && (k === "rail" || (state.ships && state.ships[k])));
    if (draft.target && !legal.includes(draft.target) && !others.includes(draft.target)) draft.target = null;
    return [placesBlock(state, legal, others, reasons, draft.target, (key) => view.set({ target: key }, `px-target:${key}`)),
      flagBlock(view, entry, contracts[entry.contract])];
  }

  return pxFrame(ctx, { picker: "load", heading: "Die loaded", fallback: loads.length ? "Type the load instead" : null }, (view) => {
    const entry = loadEntry(loads, draft.box);
    const where = draft.target === "rail" ? "the Rail table" : draft.target;
    const submit = () => view.record([[entry, "Tap the container loaded."],
      [draft.target, "Tap where the die goes: a ship or the Rail table."],
      [!asksIcon(entry) || draft.free, "Choose the free action printed under the flag’s space."]], () => ({
      contract: entry.contract, container: entry.container, target: draft.target === "rail" ? { rail: true } : { ship: draft.target },
      ...(asksIcon(entry) ? { free_action: draft.free } : {}),
    }));
    return [
      status(`The ${colour} company loads: `, loadsLeft === undefined ? `${plural(used, "load")} so far this action.`
        : [h("span", { class: "px-pick-loads-left" }, `${plural(Number(loadsLeft), "load")} left this action`), ` (${used} so far).`]),
      loads.length ? [containersBlock(contracts, loads, draft.box,
        (box) => view.set({ box, free: null, target: null }, `px-box:${box.contract}:${box.container}`)),
        group("Where the die goes", targets(view, entry)),
        pxFoot(ctx, submit, entry && where ? `Load the ${entry.value} onto ${where}` : "Record the load")]
        : h("p", { class: "notice small" }, `The ${colour} company holds no container to load: take a contract first.`),
    ];
  });
}

// ------------------------------------------------------------ free_action_used

const FREE_KINDS = {
  market: ["Buy a share", "the flag’s Market action"],
  defer: ["Defer it", "turn the flag to its Market side"],
  deferred_market: ["Buy the deferred share", "the Market action kept"],
  decline: ["Let it go", "the deferred Market is lost"],
  load_die: ["Load a die", "onto a ship in a Loading zone"],
  load_rail: ["Load the rail", "a 2, or +2 in the 1st wagon"],
  move3: ["Move 3", "three moves follow"],
  impossible: ["It cannot be used", "no die, no ship"],
};

function freePicker(ctx) {
  const state = ctx.state || {};
  const options = ctx.options || {};
  const kinds = options.kind || [];
  const pending = state.free_action;
  if (!kinds.length || !pending || !pending.queue || !pending.queue.length) return null;
  const colour = pending.company;
  const company = (state.companies || {})[colour] || {};
  const player = pending.player;
  const due = pending.queue[0];
  const draft = ctx.draft;
  if (!draft.kind || !kinds.includes(draft.kind)) draft.kind = kinds.includes(due.kind) ? due.kind : null;
  const contracts = company.contracts || [];
  const wagon = (state.rail || {}).wagon1 || [];
  // The engine's judgements for the action due: companies whose share may be bought, the
  // supplies with a die, the ships that take a free 2, the containers with their ships,
  // the wagon dice that may be raised.
  const companies = options.company || [];
  const supplies = options.supply || [];
  const freeShips = (options.ship || []).filter((s) => state.ships && state.ships[s]);
  const loads = (options.loads || []).filter((l) => contracts[l.contract]);
  const raisable = (options.raise || []).map(Number);
  const shipsOf = (entry) => (entry.targets || []).map((t) => t.ship).filter((s) => s && state.ships && state.ships[s]);
  const anyShip = [...new Set([...freeShips, ...loads.flatMap(shipsOf)])];

  const chosenEntry = () => (draft.from && !draft.from.supply ? loadEntry(loads, draft.from) : null);
  if (draft.from && !draft.from.supply && !chosenEntry()) draft.from = null;

  /** What is recorded for the kind chosen: the fields its action needs. */
  const recorded = () => {
    const { kind } = draft;
    if (kind === "market" || kind === "deferred_market") return { kind, company: draft.company };
    if (kind === "load_rail") return { kind, ...draft.rail };
    if (kind !== "load_die") return { kind };
    if (draft.from.supply) return { kind, ship: draft.ship, supply: draft.from.supply };
    const entry = chosenEntry();
    return { kind, ship: draft.ship, contract: entry.contract, container: entry.container,
      ...(asksIcon(entry) ? { free_action: draft.free } : {}) };
  };
  const submit = (view) => {
    const { kind } = draft;
    const loading = kind === "load_die";
    return view.record([[kind, "Choose how the free action is used."],
      [!(kind === "market" || kind === "deferred_market") || draft.company, "Tap the company whose share is bought."],
      [!loading || draft.from, "Tap where the die comes from: a container, the Warehouse or the Pool."],
      [!loading || draft.ship, "Tap the ship it goes on."],
      [!loading || !draft.from || draft.from.supply || !asksIcon(chosenEntry()) || draft.free, "Choose the free action printed under the flag’s space."],
      [kind !== "load_rail" || draft.rail, "Tap a die for the 1st wagon, or one of its dice to raise."]], recorded);
  };

  // The Warehouse's and the Pool's 2, a button each (`key`:<supply>): the draft's `field` becomes {supply}, with `also`.
  const supplyButtons = (view, field, key, also = {}) => SUPPLIES.map(([s, name]) => option({ label: `A 2 from the ${name}`,
    sub: `${company[s] ?? 0} there${supplies.includes(s) ? "" : " · not offered"}`, pressed: Boolean(draft[field] && draft[field].supply === s),
    disabled: !supplies.includes(s), focusKey: `${key}:${s}`, data: { supply: s },
    onclick: () => view.set({ [field]: { supply: s }, ...also }, `${key}:${s}`) }));

  function details(view) {
    const kind = draft.kind;
    if (kind === "market" || kind === "deferred_market") {
      const money = ((state.players || {})[player] || {}).money;
      const offered = companiesInSeatOrder(state).filter(([c]) => companies.includes(c));
      return group(`A share bought with ${player}’s money ($${money ?? "?"})`, offered.length
        ? choices(view, { items: offered, field: "company", value: ([c]) => c, key: ([c]) => `px-company:${c}`, label: ([c]) => humanize(c),
          sub: ([, info]) => `$${info.price} · ${info.treasury} left`, data: ([c]) => ({ company: c }) })
        : h("p", { class: "notice small" }, "No share can be bought now."));
    }
    if (kind === "load_die") {
      const entry = chosenEntry();
      const legal = draft.from ? (draft.from.supply ? freeShips : shipsOf(entry)) : [];
      const reasons = entry ? refusedOf(entry) : {};
      const others = [...new Set([...anyShip, ...Object.keys(reasons)])]
        .filter((s) => s !== "rail" && !legal.includes(s) && state.ships && state.ships[s]);
      if (draft.ship && !anyShip.includes(draft.ship)) draft.ship = null;
      return [
        group("The die", containersBlock(contracts, loads, entry ? draft.from : null,
          (from) => view.set({ from, ship: null, free: null }, `px-box:${from.contract}:${from.container}`)),
        h("div", { class: "pa-pick-opts" }, supplyButtons(view, "from", "px-supply", { ship: null }))),
        group("Onto", draft.from ? placesBlock(state, legal, others, reasons, draft.ship, (key) => view.set({ ship: key }, `px-target:${key}`))
          : h("p", { class: "muted small" }, "Tap the die first."), entry ? flagBlock(view, entry, contracts[entry.contract]) : null),
      ];
    }
    if (kind !== "load_rail") return null;
    return group(`The 1st wagon: ${plural(wagon.length, "die")}`, h("div", { class: "pa-pick-opts" }, supplyButtons(view, "rail", "px-rail"),
      wagon.map((die, place) => (raisable.includes(place)
        ? option({ label: `+2 on the ${die.value}`, sub: `place ${place + 1}`, pressed: Boolean(draft.rail && draft.rail.raise === place),
          focusKey: `px-raise:${place}`, data: { raise: String(place) }, onclick: () => view.set({ rail: { raise: place } }, `px-raise:${place}`) })
        : offSpot(String(die.value), `${die.company}’s · place ${place + 1}`, { wagonDie: String(place) })))));
  }

  return pxFrame(ctx, { picker: "free", heading: "Free action used", fallback: "Type the free action instead" }, (view) => [
    status(`The ${nationName(due.nation)} flag’s free action for the ${colour} company (${player}): `, wordsOf(FREE_KINDS, due.kind)[0], "."),
    choices(view, { legend: "How it is used", items: kinds, field: "kind", key: (k) => `px-free-kind:${k}`, className: "px-pick-free-kind",
      label: (k) => wordsOf(FREE_KINDS, k)[0], sub: (k) => wordsOf(FREE_KINDS, k)[1], data: (k) => ({ kind: k }) }),
    details(view),
    pxFoot(ctx, () => submit(view), "Record the free action"),
  ]);
}

// ------------------------------------------------------------------ ship_moved

/** Zones from the Atlantic to the Pacific (for listing ships): its Loading zones, the canal, the Pacific's. */
function zoneOrder(state) {
  const loading = (ocean) => Object.keys(NATION).filter((n) => OCEAN_OF[n] === ocean).map((n) => `LOADING ${n}`);
  return [...loading("ATLANTIC"), ...(state.canal || []), ...loading("PACIFIC")];
}

/** The Passenger tokens the chosen ships' exits hand out: the engine's `tokens` (top first),
 *  one to each company of each ship's `exit.passengers`, ship after ship as they are listed,
 *  until the stack runs out. */
function passengerTokens(moveOf, ids, stack) {
  const left = [...stack];
  const out = [];
  for (const id of ids) {
    for (const company of ((moveOf[id] || {}).exit || {}).passengers || []) {
      if (!left.length) return out;
      out.push({ ship: id, company, token: left.shift() });
    }
  }
  return out;
}

function movePicker(ctx) {
  const state = ctx.state || {};
  const ships = state.ships || {};
  const options = ctx.options || {};
  // The engine's `moves`: the ships that may sail, each with the canal zones ahead of it
  // and what its exit asks.
  const moves = (options.moves || []).filter((m) => m && ships[m.ship]);
  if (!moves.length) return null;
  const moveOf = Object.fromEntries(moves.map((m) => [m.ship, m]));
  // The ships the engine refuses, each with its reason (folded, to record over the rules).
  const refusals = (options.refused || []).filter((r) => r && ships[r.ship] && !moveOf[r.ship]);
  const reasonOf = Object.fromEntries(refusals.map((r) => [r.ship, r.reason]));
  const refusedShips = refusals.map((r) => r.ship);
  const known = [...moves.map((m) => m.ship), ...refusedShips];
  const kinds = options.kind || [];
  const zones = options.to || [];
  const vias = options.via || [];
  const stack = options.tokens || [];
  const left = { lock: 0, waterway: 0, any: 0, ...((options.moves_left || [])[0] || {}) };
  const draft = ctx.draft;
  draft.ships = (draft.ships || []).filter((s) => known.includes(s));
  for (const field of ["bonus", "sizes", "doubled"]) draft[field] ||= {};
  draft.spots ||= [];
  if (!draft.pushes || typeof draft.pushes !== "object") draft.pushes = {};
  if (draft.kind && !kinds.includes(draft.kind)) draft.kind = null;
  if (!draft.kind && kinds.length === 1) draft.kind = kinds[0];
  if (!draft.via || !vias.includes(draft.via)) {
    // Only a free action's moves left (a Move 3 at the round's end): those.
    const onlyFree = left.lock <= 0 && left.waterway <= 0 && vias.includes("move3");
    draft.via = vias.length === 1 ? vias[0] : onlyFree ? "move3" : vias.includes("action") ? "action" : null;
  }

  const goal = () => (draft.to === "other" ? String(draft.newZone || "").trim() : draft.to);
  // The canal zones as the engine sees them: their kind (none: the table declares it), the
  // ships in each, the slots they fill, a dashed rectangle's capacity (for the pushes).
  const zoneInfo = Object.fromEntries((options.zones || []).filter((z) => z && z.zone).map((z) => [z.zone, z]));
  // The icon of the crossing into `zone` from the chosen ships' zone, when the game knows it.
  const iconInto = (zone) => {
    const first = moveOf[draft.ships[0]];
    return (first && first.icons && first.icons[zone]) || null;
  };
  const sizeOf = (id) => slotsOf(id) ?? draft.sizes[id] ?? null;
  const slotsSum = (ids) => ids.reduce((n, id) => (n === null || sizeOf(id) === null ? null : n + sizeOf(id)), 0);
  /**
   * "Pushing ships": each dashed rectangle the move overfills, by the engine's slots and
   * capacity, with the ships in it that may be pushed and the zone ahead they go to; a
   * push that overfills the next one asks the next push.
   */
  const pushPlan = () => {
    const to = goal();
    const mover = moveOf[draft.ships[0]];
    if (!to || to === OCEAN || !mover) return [];
    const ahead = mover.ahead || [];
    const steps = [];
    let zone = to;
    let incoming = slotsSum(draft.ships);
    const moved = new Set(draft.ships);
    while (zone && zoneInfo[zone] && incoming !== null) {
      const info = zoneInfo[zone];
      if (!given(info.capacity) || info.held === null || info.held + incoming <= info.capacity) break;
      const at = ahead.indexOf(zone);
      const next = at >= 0 ? ahead[at + 1] || null : null;
      const candidates = (info.ships || []).filter((s) => !moved.has(s.ship));
      const chosen = (draft.pushes[zone] || []).filter((id) => candidates.some((s) => s.ship === id));
      if (!draft.pushes[zone] && candidates.length === 1) chosen.push(candidates[0].ship);
      draft.pushes[zone] = chosen;
      steps.push({ from: zone, next, candidates, chosen, held: info.held, capacity: info.capacity });
      if (!next || !chosen.length) break;
      chosen.forEach((id) => moved.add(id));
      incoming = chosen.reduce((n, id) => n + Number((candidates.find((s) => s.ship === id) || {}).slots || 0), 0);
      zone = next;
    }
    return steps;
  };
  // A zone whose kind the table declares: one the engine lists without a kind, or one it does not list (new).
  const needsKind = (zone) => Boolean(zone) && zone !== OCEAN && !given((zoneInfo[zone] || {}).kind);
  // The engine's slots for a ship that may sail (null: unknown, asked); a refused ship's from the board.
  const slotsOf = (id) => (moveOf[id] ? moveOf[id].slots : ships[id].slots) ?? null;
  const exitOf = (id) => (moveOf[id] && moveOf[id].exit) || { bonus: null, passengers: [], doubles: {} };
  // The zones ahead of the chosen ships (the engine's `ahead`), then out to the ocean.
  const aheadOf = () => {
    const ahead = [];
    for (const id of draft.ships) for (const z of (moveOf[id] || {}).ahead || []) if (!ahead.includes(z)) ahead.push(z);
    if (draft.ships.length && zones.includes(OCEAN)) ahead.push(OCEAN);
    return ahead.filter((z) => zones.includes(z));
  };

  const submit = (view) => {
    const to = goal();
    const out = to === OCEAN;
    const owned = out ? draft.ships.filter((id) => exitOf(id).bonus) : [];
    const unowned = owned.filter((id) => !draft.bonus[id]);
    const spots = (out ? passengerTokens(moveOf, draft.ships, stack) : []).map((_, k) => draft.spots[k]);
    const plan = out ? [] : pushPlan();
    const stuck = plan.find((step) => !step.next || !step.chosen.length);
    const missing = [[draft.ships.length, "Tap the ship (or the ships of a group) that moves."],
      [draft.kind, "Choose the icon crossed: a lock or a waterway."],
      [to, "Choose the zone the ships enter (or type a new one)."],
      [!needsKind(to) || draft.toKind, `${to} is new to this game: is it a dashed rectangle or a lake?`],
      [!unowned.length, `Choose the owner’s bonus for ${unowned.join(", ")}: the card or the money.`],
      [!spots.includes(undefined), "Choose a benefit spot for each Passenger token."],
      [!stuck || stuck.next, `${(stuck || {}).from} is full and no zone lies ahead of it: ships are not pushed out of the canal.`],
      [!stuck || stuck.chosen.length, `Tap the ships pushed out of ${(stuck || {}).from}.`]].find(([ok]) => !ok);
    if (missing) return view.problem(missing[1]);
    const data = { ships: [...draft.ships], kind: draft.kind, to };
    if (needsKind(to)) data.to_kind = draft.toKind;
    if (draft.via) data.via = draft.via;
    const sizes = Object.fromEntries(draft.ships.filter((id) => slotsOf(id) === null && draft.sizes[id]).map((id) => [id, draft.sizes[id]]));
    if (Object.keys(sizes).length) data.sizes = sizes;
    const doubled = Object.fromEntries(Object.entries(draft.doubled).filter(([, v]) => v));
    if (owned.length) data.bonus = Object.fromEntries(owned.map((id) => [id, draft.bonus[id]]));
    if (out && Object.keys(doubled).length && draft.ships.some((id) => Object.keys(exitOf(id).doubles || {}).length)) data.doubled = doubled;
    if (spots.length) data.spots = spots;
    if (plan.length) data.pushes = plan.map((step) => ({ ships: [...step.chosen], to: step.next }));
    return ctx.record(data);
  };

  const toggle = (view, id) => {
    const at = draft.ships.indexOf(id);
    if (at >= 0) draft.ships.splice(at, 1);
    else if (draft.ships.length < 4) draft.ships.push(id);
    else return view.problem("A group is 4 ships at most.");
    return view.again(`px-ship:${id}`);
  };

  /** What leaving the canal asks, each from the engine's `exit` of a chosen ship. */
  function exitParts(view) {
    // One of `items` ([value, label, sub]) for the draft's `record`[`at`]; a tap on the pressed one clears it if `toggles`.
    const pickFor = (record, at, items, { key, data, disabled = () => false, toggles = false }) => choices(view, { items,
      key: ([v]) => `${key}:${v}`, label: ([, label]) => label, sub: ([, , sub]) => sub || null, disabled: ([v]) => disabled(v),
      pressed: ([v]) => record[at] === v, data: ([v]) => data(v),
      pick: ([v], focusKey) => { record[at] = toggles && record[at] === v ? null : v; view.again(focusKey); } });
    const parts = [];
    for (const id of draft.ships) {
      const { bonus, doubles } = exitOf(id);
      if (bonus) {
        if (!bonus.card_left && draft.bonus[id] === "card") draft.bonus[id] = null;
        parts.push(fieldset("px-pick-bonus", { ship: id }, `${id} leaves: the owner of the ${bonus.owner} company takes`,
          pickFor(draft.bonus, id, [
            ["card", CARDS[bonus.card] || `${humanize(String(bonus.card))} card`, bonus.card_left ? "one is left" : "none left"],
            ["money", `$${bonus.money}`, "money"],
          ], { key: `px-bonus:${id}`, data: (b) => ({ bonus: b }), disabled: (b) => b === "card" && !bonus.card_left })));
      }
      for (const [owner, dice] of Object.entries(doubles || {})) {
        const values = [...new Set((dice || []).map(Number))].sort((a, b) => b - a);
        if (!values.length) continue;
        if (draft.doubled[owner] && !values.includes(draft.doubled[owner])) draft.doubled[owner] = null;
        parts.push(fieldset("px-pick-doubled", { ship: id, company: owner },
          [`${id}: the ${owner} company doubles`, h("span", { class: "optional" }, " (its best if not chosen)")],
          pickFor(draft.doubled, owner, values.map((v) => [v, String(v)]),
            { key: `px-doubled:${owner}`, data: (v) => ({ doubled: String(v) }), toggles: true })));
      }
    }
    // The spots already taken lie on each company's board (the state); each token asks a free one.
    const tokens = passengerTokens(moveOf, draft.ships, stack);
    const taken = Object.fromEntries(Object.entries(state.companies || {}).map(([c, info]) => [c, [...(info.benefits || [])]]));
    tokens.forEach(({ ship, company, token }, k) => {
      const free = BENEFITS.filter(([b]) => !(taken[company] || []).includes(b));
      if (!free.length) draft.spots[k] = null;
      else if (!draft.spots[k] || !free.some(([b]) => b === draft.spots[k])) draft.spots[k] = undefined;
      parts.push(fieldset("px-pick-spot", { token: String(k), ship, company },
        `Passenger token ${k + 1} (${ship}): $${token} to the ${company} company, on the spot`,
        free.length ? pickFor(draft.spots, k, free, { key: `px-spot:${k}`, data: (b) => ({ spot: b }) })
          : h("p", { class: "muted small" }, "Every spot is taken: the token is kept without one.")));
      if (draft.spots[k]) (taken[company] ||= []).push(draft.spots[k]);
    });
    const owed = draft.ships.reduce((n, id) => n + (exitOf(id).passengers || []).length, 0);
    if (owed > tokens.length) {
      parts.push(h("p", { class: "muted small px-pick-no-tokens" },
        `The Passenger stack runs out: ${plural(owed - tokens.length, "die")} on the cruise ships earn no token.`));
    }
    draft.spots.length = tokens.length;
    return parts;
  }

  return pxFrame(ctx, { picker: "move", heading: "Ship moved" }, (view) => {
    const to = goal();
    const order = zoneOrder(state);
    const unsized = draft.ships.filter((id) => slotsOf(id) === null);
    const shipsByZone = (list, refused) => {
      const where = [...new Set(list.map((s) => ships[s].zone))].sort((a, b) => {
        const [i, j] = [order.indexOf(a), order.indexOf(b)];
        return (i < 0 ? 99 : i) - (j < 0 ? 99 : j) || String(a).localeCompare(String(b));
      });
      return h("div", { class: "px-pick-targets" }, where.map((zone) => zoneRow(zone, list.filter((id) => ships[id].zone === zone).map((id) => {
        const bound = (moveOf[id] || ships[id]).bound;
        const said = [bound ? `bound for the ${humanize(String(bound).toLowerCase())}` : null, shipText(ships[id]),
          refused || given(moveOf[id].ready) ? null : "ready? the table judges"].filter(Boolean).join(" · ");
        return option({ label: id, sub: refused ? [said, " · ", h("span", { class: "px-pick-reason" }, reasonOf[id] || NOT_OFFERED)] : said,
          pressed: draft.ships.includes(id), focusKey: `px-ship:${id}`, className: `px-pick-ship${refused ? " is-refused" : ""}`, data: { ship: id },
          onclick: () => toggle(view, id) });
      }))));
    };
    const zoneButton = (z, sub = null) => {
      const icon = draft.ships.length ? iconInto(z) : null;
      return option({ label: zoneName(z), sub: [sub, icon ? `across a ${icon}` : null].filter(Boolean).join(" · ") || null,
        pressed: draft.to === z, focusKey: `px-to:${z}`, data: { to: z }, onclick: () => {
          draft.to = z;
          if (icon && kinds.includes(icon)) draft.kind = icon; // the board's icon: nothing to say
          view.again(`px-to:${z}`);
        } });
    };
    const pushBlock = () => pushPlan().map((step) => fieldset("px-pick-push", { zone: step.from },
      [`${step.from} is full (${step.held} of ${step.capacity} slots): `,
        step.next ? `ships pushed forward into ${zoneName(step.next)}` : "no zone ahead to push into"],
      choices(view, { items: step.candidates, key: (c) => `px-push:${step.from}:${c.ship}`, label: (c) => c.ship, className: "px-pick-ship",
        sub: (c) => [shipText(ships[c.ship]), c.slots && (ships[c.ship] || {}).kind !== "COMPANY" ? plural(c.slots, "slot") : null]
          .filter(Boolean).join(" · "),
        pressed: (c) => step.chosen.includes(c.ship), data: (c) => ({ pushShip: c.ship, pushFrom: step.from }), pick: (c, key) => {
          const list = draft.pushes[step.from] || [];
          draft.pushes[step.from] = list.includes(c.ship) ? list.filter((id) => id !== c.ship) : [...list, c.ship];
          view.again(key);
        } })));
    const ahead = aheadOf();
    const rest = zones.filter((z) => !ahead.includes(z));
    const pushed = to && to !== OCEAN ? pushPlan().flatMap((step) => step.chosen) : [];
    return [
      status("Moves left: ",
        [plural(left.lock, "lock"), plural(left.waterway, "waterway"), left.any ? `${left.any} of any kind` : null].filter(Boolean).join(", "), "."),
      group(["Ships", h("span", { class: "muted small" }, " · tap one, or the ships of a group (4 slots at most)")],
        shipsByZone(moves.map((m) => m.ship), false),
        refusedShips.length ? refusedFold(`Ships the rules refuse now: ${refusedShips.length}`, refusedShips.some((s) => draft.ships.includes(s)),
          shipsByZone(refusedShips, true)) : null),
      choices(view, { legend: "Icon crossed", items: kinds, field: "kind", key: (k) => `px-kind:${k}`, label: humanize,
        sub: (k) => `${left[k] ?? 0} left`, data: (k) => ({ kind: k }) }),
      group("Into",
        draft.ships.length ? null : hint("Tap a ship: the zones ahead of it come first."),
        h("div", { class: "pa-pick-opts px-pick-zones", role: "group", "aria-label": draft.ships.length ? "The zones ahead" : "The zones" },
          (draft.ships.length ? ahead : zones).map((z, i) => zoneButton(z,
            z === OCEAN ? "out of the canal" : draft.ships.length ? (i === 0 ? "next known" : "ahead") : null)),
          option({ label: "Another zone…", sub: "new to this game", pressed: draft.to === "other", focusKey: "px-to:other", data: { to: "other" },
            onclick: () => view.set({ to: "other" }, "px-new-zone") })),
        draft.ships.length && rest.length ? refusedFold(`Zones not ahead of these ships: ${rest.length}`, rest.includes(draft.to),
          h("div", { class: "pa-pick-opts px-pick-zones" }, rest.map((z) => zoneButton(z, "not ahead")))) : null,
        draft.to === "other" ? h("div", { class: "field pa-pick-inline-field" }, h("label", { for: "px-new-zone" }, "The zone’s name"),
          h("input", { id: "px-new-zone", autocomplete: "off", maxlength: "60", value: draft.newZone || "", dataset: { focusKey: "px-new-zone" },
            oninput: (e) => { draft.newZone = e.target.value; },
          })) : null),
      // A typed zone is asked its kind at once (no re-render while typing); a zone the engine knows the kind of sends none.
      draft.to === "other" || needsKind(to) ? choices(view, { legend: `${draft.to === "other" ? "A new zone" : to} is new to this game: it is`,
        items: [["DASHED", "A dashed rectangle", "4 slots"], ["LAKE", "A lake", "no limit"]], field: "toKind", value: ([k]) => k,
        key: ([k]) => `px-zone-kind:${k}`, label: ([, label]) => label, sub: ([, , sub]) => sub, data: ([k]) => ({ zoneKind: k }) }) : null,
      vias.length > 1 ? choices(view, { legend: "Which move", items: vias, field: "via", key: (v) => `px-via:${v}`,
        label: (v) => (v === "move3" ? "Move 3" : "The Action die’s"), sub: (v) => (v === "move3" ? `free action · ${left.any} left` : null),
        data: (v) => ({ via: v }) }) : null,
      unsized.map((id) => choices(view, { legend: [`${id}: size in slots`, h("span", { class: "optional" }, " (optional, declared once)")],
        items: [1, 2, 3, 4], key: (n) => `px-size:${id}:${n}`, label: String, className: "pa-pick-num", data: (n) => ({ size: String(n) }),
        pressed: (n) => draft.sizes[id] === n, pick: (n, key) => { draft.sizes[id] = draft.sizes[id] === n ? null : n; view.again(key); } })),
      to === OCEAN ? exitParts(view) : null,
      to === OCEAN ? null : pushBlock(),
      pxFoot(ctx, () => submit(view), draft.ships.length && to ? `Move ${draft.ships.join(" + ")} into ${to === OCEAN ? "the ocean" : zoneName(to)}${
        pushed.length ? `, pushing ${pushed.join(" + ")}` : ""}` : "Record the move"),
    ];
  });
}

// ------------------------------------------------------------ the board's cards

// On a board with cards, the reveals name a card of the board by its id (engines/panamax/
// reveals.py): the engine offers the ids that may turn up (`expected()`'s "<field>.id"
// lists) and the state holds each card's faces (`declared["contract:<id>"]`). A game
// without a board offers no ids: these pickers give way to the generic form.

const SPOTS = [["action_table.4", "Column 4"], ["action_table.5", "Column 5"], ["action_table.6", "Column 6"],
  ["inbound", "Inbound Cargo"], ["draw_top", "Draw pile’s top"]];
const EFFECTS = [["locks", "lock", "locks"], ["waterways", "waterway", "waterways"], ["any_moves", "move of any kind", "moves of any kind"],
  ["loads", "load", "loads"]];

/** A card's faces as the game knows them (the board's, or shown earlier), or null. */
function facesOf(state, deck, id) {
  const entry = ((state && state.declared) || {})[`${deck}:${id}`];
  return entry && entry.value ? entry.value : null;
}

/** A face's containers as small boxes, the Rail icons marked. */
function cargoOf(face) {
  return ((face && face.containers) || []).map((box) => h("span", { class: `px-pick-cargo${box.rail ? " has-rail" : ""}` },
    String(box.value), box.rail ? h("span", { class: "px-pick-cargo-rail" }, "Rail") : null));
}

/** The card's words under its id: its nation and front, and its back for a Contract card. */
function cardSub(faces, deck) {
  if (!faces) return "faces not known";
  const front = faces.front || {};
  return h("span", { class: "px-pick-card-faces" },
    h("span", { class: "px-pick-card-nation" }, nationName(front.nation)), cargoOf(front),
    deck === "contract" && faces.back ? [h("span", { class: "px-pick-card-back" }, "back"), cargoOf(faces.back)] : null);
}

const CARD_NOT_ON_BOARD = "A card not on the board: spell it out";

/** The board's cards `ids` of `deck` as buttons under `legend`, each its id (and where it lies already,
 *  `where(id)`) and its faces; `chosen(id)` whether it is pressed, `tap(id)` its tap. */
function cardsGroup(ctx, legend, deck, ids, chosen, tap, where = () => null) {
  return group(legend, h("div", { class: "pa-pick-opts px-pick-cards" }, ids.map((id) => option({ label: id,
    sub: [where(id) ? h("span", { class: "px-pick-card-where" }, where(id)) : null, cardSub(facesOf(ctx.state, deck, id), deck)],
    pressed: chosen(id), focusKey: `px-card:${id}`, className: `px-pick-card${where(id) && !chosen(id) ? " is-placed" : ""}`,
    data: { card: id }, onclick: () => tap(id) }))));
}

/** Set-up: the Action table's three cards, Inbound Cargo and the Draw pile's top, each a
 *  tap on the spot (the next empty one is chosen) and a tap on the board's card. */
function revealedPicker(ctx) {
  const options = ctx.options || {};
  const offered = (spot) => options[`${spot}.id`] || [];
  if (!SPOTS.every(([spot]) => offered(spot).length)) return null;
  const ids = [...new Set(SPOTS.flatMap(([spot]) => offered(spot)))];
  const draft = ctx.draft;
  draft.spots ||= {};
  for (const [spot] of SPOTS) if (draft.spots[spot] && !offered(spot).includes(draft.spots[spot])) delete draft.spots[spot];
  const empty = () => (SPOTS.find(([spot]) => !draft.spots[spot]) || [null])[0];
  if (!draft.active || !SPOTS.some(([spot]) => spot === draft.active)) draft.active = empty() || SPOTS[0][0];
  const spotOf = (id) => (SPOTS.find(([spot]) => draft.spots[spot] === id) || [null])[0];
  const nameOf = (spot) => (SPOTS.find(([known]) => known === spot) || [null, spot])[1];
  const place = (view, id) => {
    const was = spotOf(id);
    if (was) delete draft.spots[was];
    draft.spots[draft.active] = id;
    draft.active = empty() || draft.active;
    view.again(`px-card:${id}`);
  };
  const named = (spot) => ({ id: draft.spots[spot] });
  const missing = () => SPOTS.filter(([spot]) => !draft.spots[spot]).map(([, name]) => name);

  return pxFrame(ctx, { picker: "reveal", heading: "Contracts revealed", fallback: CARD_NOT_ON_BOARD }, (view) => {
    const done = SPOTS.length - missing().length;
    const submit = () => view.record([[!missing().length, `Tap the card on ${missing().join(", ")}.`]], () => ({
      action_table: { 4: named("action_table.4"), 5: named("action_table.5"), 6: named("action_table.6") },
      inbound: named("inbound"), draw_top: named("draw_top") }));
    return [
      status(`Five cards face up from the board’s ${plural(ids.length, "card")}: ${done} of 5 placed.`),
      choices(view, { legend: "Where", items: SPOTS, field: "active", value: ([spot]) => spot, listClass: "px-pick-spots", className: "px-pick-spot",
        key: ([spot]) => `px-spot:${spot}`, label: ([, name]) => name, sub: ([spot]) => draft.spots[spot] || "tap a card",
        data: ([spot]) => ({ spot }) }),
      cardsGroup(ctx, `The card on ${nameOf(draft.active)}`, "contract", ids, (id) => spotOf(id) === draft.active, (id) => place(view, id),
        (id) => (spotOf(id) ? `on ${nameOf(spotOf(id))}` : null)),
      pxFoot(ctx, submit, done === 5 ? "Record the five cards" : "Record the cards revealed"),
    ];
  });
}

/** During a turn: the Draw pile's new top card, one of the board's cards that may be there. */
function drawnPicker(ctx) {
  const ids = (ctx.options || {})["card.id"] || [];
  if (!ids.length) return null;
  const draft = ctx.draft;
  if (draft.card && !ids.includes(draft.card)) draft.card = null;
  return pxFrame(ctx, { picker: "drawn", heading: "Contract card revealed", fallback: CARD_NOT_ON_BOARD }, (view) => [
    status("The Draw pile’s new top card, face up."),
    cardsGroup(ctx, "The card", "contract", ids, (id) => draft.card === id, (id) => view.set({ card: id }, `px-card:${id}`)),
    pxFoot(ctx, () => view.record([[draft.card, "Tap the card that turned up."]], () => ({ card: { id: draft.card } })),
      draft.card ? `Reveal ${draft.card}` : "Record the card revealed"),
  ]);
}

/** Steps 22-23: a card per player plus one, drawn from the board's Setup Contract cards. */
function setupDrawnPicker(ctx) {
  const ids = (ctx.options || {})["cards.id"] || [];
  if (!ids.length) return null;
  const wanted = ((ctx.state || {}).seats || []).length + 1;
  const draft = ctx.draft;
  draft.cards = (draft.cards || []).filter((id) => ids.includes(id));
  const toggle = (view, id) => {
    const at = draft.cards.indexOf(id);
    if (at < 0 && draft.cards.length >= wanted) return view.problem(`${wanted} cards are drawn: tap one to put it back first.`);
    if (at >= 0) draft.cards.splice(at, 1);
    else draft.cards.push(id);
    return view.again(`px-card:${id}`);
  };
  return pxFrame(ctx, { picker: "setup-drawn", heading: "Setup Contracts drawn", fallback: CARD_NOT_ON_BOARD }, (view) => [
    status(`One per player plus one, face up: ${draft.cards.length} of ${wanted} chosen.`),
    cardsGroup(ctx, "The cards", "setup_contract", ids, (id) => draft.cards.includes(id), (id) => toggle(view, id)),
    pxFoot(ctx, () => view.record([[draft.cards.length === wanted, `Tap the ${wanted} cards drawn (one per player, plus one).`]],
      () => ({ cards: draft.cards.map((id) => ({ id })) })),
    draft.cards.length === wanted ? `Record ${draft.cards.join(", ")}` : "Record the cards drawn"),
  ]);
}

/** A Captain or Stevedore card the player holds: what it does is the board's (or an earlier
 *  play's), said on its button; a card nobody has declared asks its effects, by tap. */
function bonusPicker(ctx) {
  const state = ctx.state || {};
  const player = playerOf(ctx);
  const held = ((state.players || {})[player]) || {};
  const decks = ((ctx.options || {}).deck || []).filter((deck) => (held[deck] || []).length);
  if (!decks.length) return null;
  const cards = decks.flatMap((deck) => (held[deck] || []).map((card) => ({ deck, card: card.card, earned: card })));
  const draft = ctx.draft;
  const isPick = ({ deck, card }) => Boolean(draft.pick) && draft.pick.deck === deck && draft.pick.card === card;
  if (draft.pick && !cards.some(isPick)) draft.pick = null;
  if (!draft.pick && cards.length === 1) draft.pick = { deck: cards[0].deck, card: cards[0].card };
  draft.effects ||= {};
  const known = ({ deck, card }) => facesOf(state, "bonus_card", `${deck}:${card}`);
  const said = (effects) => EFFECTS.filter(([field]) => effects[field]).map(([field, one, many]) => `${effects[field]} ${effects[field] === 1 ? one : many}`)
    .join(", ") || "nothing";
  const recorded = () => ({ deck: draft.pick.deck, card: draft.pick.card, ...(known(draft.pick) ? {}
    : { effects: Object.fromEntries(EFFECTS.map(([field]) => [field, draft.effects[field] || 0])) }) });

  return pxFrame(ctx, { picker: "bonus", heading: "Bonus card played", fallback: "Type the card instead" }, (view) => {
    const pick = draft.pick;
    return [
      status(player || "The player", " plays a card earned in an earlier turn."),
      choices(view, { legend: "The card", items: cards, listClass: "px-pick-cards", className: "px-pick-bonus-card",
        key: ({ deck, card }) => `px-bonus-card:${deck}:${card}`, label: ({ deck, card }) => `${humanize(deck)} card ${card}`,
        sub: (c) => [known(c) ? said(known(c)) : "what it does: not known yet",
          c.earned.round === state.round && c.earned.turn === state.turn_index ? " · earned this turn" : ""].join(""),
        pressed: isPick, data: ({ deck, card }) => ({ deck, card: String(card) }),
        pick: ({ deck, card }, key) => view.set({ pick: { deck, card } }, key) }),
      pick && !known(pick) ? EFFECTS.map(([field, , many]) => choices(view, { legend: `It adds: ${many}`, items: [0, 1, 2, 3, 4, 5, 6],
        listClass: "px-pick-counts", className: "pa-pick-num", key: (n) => `px-effect:${field}:${n}`, label: String,
        pressed: (n) => (draft.effects[field] || 0) === n, data: (n) => ({ effect: field, count: String(n) }),
        pick: (n, key) => { draft.effects[field] = n; view.again(key); } })) : null,
      pxFoot(ctx, () => view.record([[pick, "Tap the card played."]], recorded),
        pick ? `Play ${humanize(pick.deck)} card ${pick.card}` : "Record the card played"),
    ];
  });
}

// ------------------------------------------------------------ the round's rolls and fees

/** "1 1 2, 3" -> [1, 1, 2, 3]; null when something else than pips 1 to 6 was typed. */
function pipsTyped(text) {
  const digits = String(text || "").replace(/[\s,;.-]/g, "");
  if (!/^[1-6]*$/.test(digits)) return null;
  return [...digits].map(Number);
}

/** The Action table rolled: the Action dice and the Executive dice as they fell, typed as
 *  their pips; the engine lays them out (the cascade is its rule, not the page's). */
function rolledPicker(ctx) {
  const draft = ctx.draft;
  return pxFrame(ctx, { picker: "rolled", heading: "Action table rolled", fallback: "Where the dice lie instead" }, (view) => {
    const field = (key, label, help) => {
      const id = `px-rolls-${key}`;
      return h("div", { class: "field pa-pick-inline-field px-pick-rolls" },
        h("label", { for: id }, label, h("span", { class: "help" }, ` ${help}`)),
        h("input", { id, inputmode: "numeric", autocomplete: "off", maxlength: "40", value: draft[key] || "",
          placeholder: "e.g. 112345566", dataset: { focusKey: id, rolls: key },
          oninput: (e) => { draft[key] = e.target.value; view.clear(); } }));
    };
    const submit = () => {
      const [action, executive] = [pipsTyped(draft.action), pipsTyped(draft.executive)];
      return view.record([[action && action.length, "Type the pips of the Action dice (white), one digit a die."],
        [executive && executive.length, "Type the pips of the Executive dice, one digit a die."]],
      () => ({ action_rolls: action, executive_rolls: executive }));
    };
    return [
      status("The dice as they fell, one digit a die: the game lays them out on the columns."),
      field("action", "Action dice", "(white)"),
      field("executive", "Executive dice", "(for the Executive spaces)"),
      pxFoot(ctx, submit, "Record the roll"),
    ];
  });
}

/** A company's Cargo Fees: its dice in each zone (the engine counts them) at the zone's
 *  rate, said when the game knows it, else one tap on $1 to $4. */
function feesPicker(ctx) {
  const options = ctx.options || {};
  const company = (options.company || [])[0];
  if (!company || !Array.isArray(options.fees)) return null;
  const rows = options.fees.filter((r) => r && r.zone);
  const draft = ctx.draft;
  draft.rates ||= {};
  const rateOf = (row) => row.rate ?? draft.rates[row.zone] ?? null;
  const missing = () => rows.filter((row) => rateOf(row) === null).map((row) => zoneName(row.zone));
  return pxFrame(ctx, { picker: "fees", heading: "Cargo fees", fallback: "Type the fees instead" }, (view) => {
    const total = missing().length ? null : rows.reduce((n, row) => n + row.dice * rateOf(row), 0);
    const submit = () => view.record([[!missing().length, `Tap the fee printed in ${missing().join(", ")}.`]],
      () => ({ company, zone_dice: rows.map((row) => ({ zone: row.zone, dice: row.dice, rate: rateOf(row) })) }));
    return [
      status(`The ${company} company pays for its dice in the canal and the Loading zones`,
        total === null ? "." : `: $${total} for these dice.`),
      rows.length ? h("ul", { class: "px-pick-fees" }, rows.map((row) => h("li", { dataset: { zone: row.zone } },
        h("span", { class: "px-pick-fee-zone" }, zoneName(row.zone)),
        h("span", { class: "px-pick-fee-dice" }, plural(row.dice, "die")),
        given(row.rate) ? h("span", { class: "px-pick-fee-rate" }, `$${row.rate} a die`)
          : h("div", { class: "pa-pick-opts px-pick-rates", role: "group", "aria-label": `The fee in ${zoneName(row.zone)}` },
            [1, 2, 3, 4].map((n) => option({ label: `$${n}`, pressed: draft.rates[row.zone] === n, className: "pa-pick-num",
              focusKey: `px-rate:${row.zone}:${n}`, data: { rate: String(n) },
              onclick: () => { draft.rates[row.zone] = n; view.again(`px-rate:${row.zone}:${n}`); } }))))))
        : h("p", { class: "muted small" }, "No dice in the canal or the Loading zones."),
      pxFoot(ctx, submit, `Record the ${company} company’s fees`),
    ];
  });
}

export const pickers = {
  action_table_rolled: rolledPicker,
  cargo_fees: feesPicker,
  action_die_taken: takePicker,
  die_transferred: transferPicker,
  die_loaded: loadPicker,
  free_action_used: freePicker,
  ship_moved: movePicker,
  contracts_revealed: revealedPicker,
  contract_card_revealed: drawnPicker,
  setup_contracts_drawn: setupDrawnPicker,
  bonus_card_played: bonusPicker,
};
