// Panamax on the recording page: the Action table's dice as buttons (take one, or
// transfer one to the other side first), the company's containers and where each may
// be loaded, a flag's free action (a share, a die from a container or the supply onto a
// ship, the Rail table), and ship movement (the ships as toggles: `ships` is a list).
//
// The engine's `expected()` options are described in engines/panamax/offers.py (by the
// field's path: "from.column", "target.ship"); its state in engines/panamax/setup.py
// (ships, companies and their held contracts), action_table.py and turns.py. A die's
// source is ONE of {column} or {executive}, a load's target ONE of {ship} or {rail}:
// the pickers build exactly one, which the generic form cannot ensure. The buttons
// borrow Pan Am's look (pa-pick-*); px-pick-* classes mark what is Panamax's. Every
// label is text; colours are only a hint. What the rules would refuse is said beside
// the choice, and stays recordable where the table may rule otherwise.

import { fill, h, humanize } from "../dom.js";

const ROWS = 3; // dice per column of the Action table
const EXECUTIVE_ALLOWS = 3; // an Executive die: 3 loads, or 3 waterways
const WAGON_DICE = 4; // the Rail table's 1st wagon
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
const BENEFITS = [["transfer_2", "Transfer for $2"], ["extra_contract_choice", "Extra contract choice"], ["extra_load", "One extra load"]];
const EXIT_BONUS = { 1: ["Captain card", 2, "captain_stack"], 2: ["Stevedore card", 3, "stevedore_stack"], 3: ["Financial Advisor card", 5, "advisor_pile"] };
const LAKES = ["Gatun Lake", "Miraflores Lake"];
const KNOWN_SLOTS = { "Dice Fest Line": 3, "Lucky Me Cruises": 3 };
const CRUISE_MAX_DICE = { "Dice Fest Line": 3, "Lucky Me Cruises": 3 };
const CRUISE_MIN_DICE = { "Dice Fest Line": 2, "Lucky Me Cruises": 2, "Spiel of the Seas": 1 };
const OCEAN = "OCEAN";

const plural = (n, word) => `${n} ${n === 1 ? word : word === "die" ? "dice" : `${word}s`}`;
const nationName = (n) => NATION[n] || humanize(String(n || "").toLowerCase());
const sideOf = (pips) => (Number(pips) <= 3 ? "movement" : "contract");
const pipsOf = (die) => (die ? Number(die.column ?? die.executive) : null);
const dieName = (die) => (die.column !== undefined ? `column ${die.column}` : `Executive die ${die.executive}`);
const sameDie = (a, b) => Boolean(a && b) && a.column === b.column && a.executive === b.executive;

/** "LOADING US_EAST" -> "Loading US East", "WAITING PACIFIC" -> "Waiting Pacific", OCEAN -> "Out to the ocean". */
function zoneName(zone) {
  const text = String(zone || "");
  if (text === OCEAN) return "Out to the ocean";
  const [head, ...rest] = text.split(" ");
  if (head === "LOADING") return `Loading ${nationName(rest.join(" "))}`;
  if (head === "WAITING") return `Waiting ${humanize(rest.join(" ").toLowerCase())}`;
  return text;
}

function playerOf(ctx) {
  const state = ctx.state || {};
  return (state.turn && state.turn.player) || ctx.actor || null;
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

function declared(state, key) {
  const entry = state.declared && state.declared[key];
  return entry ? entry.value : undefined;
}

// ----------------------------------------------------------------- shared pieces

function section(ctx, picker, title) {
  return h("section", { class: "action-form pa-picker px-picker", dataset: { type: ctx.type, picker }, "aria-labelledby": title });
}

function resultSlot(ctx) {
  return h("div", { class: "result-slot", dataset: { resultFor: ctx.type }, "aria-live": "polite" });
}

function problem(slot, text) {
  fill(slot, h("div", { class: "violation", role: "alert" }, text));
}

/** A big toggle button: `pressed` undefined makes a plain button. */
function option({ label, sub = null, pressed, onclick, focusKey, disabled = false, className = "", data = {}, title = null }) {
  return h("button", {
    type: "button",
    class: `pa-pick-opt${pressed ? " is-on" : ""}${className ? ` ${className}` : ""}`,
    "aria-pressed": pressed === undefined ? null : String(Boolean(pressed)),
    disabled, title,
    dataset: { ...data, focusKey },
    onclick,
  }, h("span", { class: "pa-pick-opt-label" }, label), sub ? h("span", { class: "pa-pick-opt-sub" }, sub) : null);
}

/** A place on the table that cannot be chosen now, said in words. */
function offSpot(label, sub, data = {}) {
  return h("span", { class: "px-pick-off", dataset: data },
    h("span", { class: "pa-pick-opt-label" }, label), sub ? h("span", { class: "pa-pick-opt-sub" }, sub) : null);
}

function group(legend, ...children) {
  return h("fieldset", { class: "pa-pick-group" }, h("legend", {}, legend), children);
}

function recordButton(ctx, onclick, text) {
  return h("button", { type: "button", class: "record-btn px-pick-record", dataset: { focusKey: `submit:${ctx.type}` }, onclick }, text);
}

function refocus(root, key) {
  const again = key && root.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (again) again.focus();
}

function fallbackDetails(ctx, summary) {
  const form = ctx.fallback && ctx.fallback();
  if (!form) return null;
  return h("details", { class: "pa-pick-fallback" }, h("summary", {}, summary), form);
}

// ------------------------------------------------------------- the Action table

/** What taking a die allows (engines/panamax/action_table.py `allowance`). */
function allows(die, layout) {
  const pips = pipsOf(die);
  if (die.column !== undefined) {
    const row = ROWS + 1 - ((layout.columns || [])[pips - 1] || 0);
    return sideOf(pips) === "contract" ? plural(row, "load") : `${plural(row, "waterway")}, ${plural(pips, "lock")}`;
  }
  return sideOf(pips) === "contract" ? plural(EXECUTIVE_ALLOWS, "load") : `${plural(EXECUTIVE_ALLOWS, "waterway")}, ${plural(pips, "lock")}`;
}

/**
 * The Action table as it lies: a row of columns and a row of Executive spaces per side.
 * `offered` dice are buttons; the others say why they cannot be taken.
 */
function diceTable(ctx, { columns, executive, chosen, pick, verb = "take" }) {
  const layout = (ctx.state && ctx.state.action_table) || { columns: [0, 0, 0, 0, 0, 0], executive: [] };
  const sides = [["movement", "Movement side (blue)", [1, 2, 3]], ["contract", "Contract side (grey)", [4, 5, 6]]];
  const named = (word, n) => [h("span", { class: "visually-hidden" }, `${word} `), String(n)];
  return h("div", { class: "px-pick-table" }, sides.map(([side, name, pips]) => h("section", { class: `px-pick-side is-${side}`, dataset: { side } },
    h("h4", {}, name),
    h("p", { class: "px-pick-row-name", "aria-hidden": "true" }, "Columns"),
    h("div", { class: "px-pick-row", role: "group", "aria-label": `${name}: columns` }, pips.map((c) => {
      const count = (layout.columns || [])[c - 1] || 0;
      if (!columns.includes(c)) return offSpot(named("Column", c), count ? plural(count, "die") : "empty", { column: String(c) });
      const die = { column: c };
      return option({ label: named("Column", c), sub: `${plural(count, "die")} · ${allows(die, layout)}`, pressed: sameDie(chosen, die),
        focusKey: `px-die:column:${c}`, className: "px-pick-die", data: { column: String(c) }, title: `${verb} the lowest die of column ${c}`,
        onclick: () => pick(die) });
    })),
    h("p", { class: "px-pick-row-name", "aria-hidden": "true" }, "Executive spaces"),
    h("div", { class: "px-pick-row", role: "group", "aria-label": `${name}: Executive spaces` }, pips.map((v) => {
      const lying = (layout.executive || []).includes(v);
      if (!executive.includes(v)) {
        return offSpot(named("Executive", v), lying ? `waits for column ${v}` : "no die", { executive: String(v) });
      }
      const die = { executive: v };
      return option({ label: named("Executive", v), sub: `free · ${allows(die, layout)}`, pressed: sameDie(chosen, die),
        focusKey: `px-die:executive:${v}`, className: "px-pick-die", data: { executive: String(v) }, onclick: () => pick(die) });
    })))));
}

/** The offered dice, from the options; a remembered die no longer offered is forgotten. */
function offeredDice(ctx, draft) {
  const options = ctx.options || {};
  const columns = (options["from.column"] || []).map(Number);
  const executive = (options["from.executive"] || []).map(Number);
  const offered = (die) => (die.column !== undefined ? columns.includes(die.column) : executive.includes(die.executive));
  if (draft.die && !offered(draft.die)) draft.die = null;
  return { columns, executive };
}

/** Can `use` spend `die`? (engines/panamax/turns.py `check_take`: PX-T5, PX-T6.) Null, or why not. */
function useProblem(use, die) {
  if (!die || use === "pass") return null;
  if (use === "market_buy" || use === "market_raise") return die.executive === undefined ? "needs an Executive die" : null;
  const side = sideOf(pipsOf(die));
  if (use === "movement" && side !== "movement") return "blue dice only";
  if (use === "contract_load" && side !== "contract") return "grey dice only";
  return null;
}

function takePicker(ctx) {
  const draft = ctx.draft;
  const { columns, executive } = offeredDice(ctx, draft);
  const uses = (ctx.options && ctx.options.use) || [];
  if (!columns.length && !executive.length) return null;
  const state = ctx.state || {};
  const moved = state.turn ? state.turn.transferred_to : null;
  if (draft.use && !uses.includes(draft.use)) draft.use = null;
  const natural = (die) => (sideOf(pipsOf(die)) === "movement" ? "movement" : "contract_load");
  if (moved !== null && moved !== undefined && columns.length === 1 && !executive.length && !draft.die) {
    draft.die = { column: columns[0] };
    if (!draft.use && uses.includes(natural(draft.die))) draft.use = natural(draft.die);
  }
  const title = "picker-title-action_die_taken";
  const root = section(ctx, "take", title);
  const result = resultSlot(ctx);
  const fallback = fallbackDetails(ctx, "Type the die instead");
  const player = playerOf(ctx);

  const pick = (die) => {
    draft.die = die;
    if (draft.use && useProblem(draft.use, die)) draft.use = null;
    // A column's die has one natural use, its side's; an Executive die's is left open.
    if (!draft.use && die.column !== undefined && uses.includes(natural(die))) draft.use = natural(die);
    fill(result);
    draw(`px-die:${die.column !== undefined ? "column" : "executive"}:${pipsOf(die)}`);
  };

  const submit = () => {
    fill(result);
    if (!draft.die) return problem(result, "Tap the die taken.");
    if (!draft.use) return problem(result, "Choose what the die is used for.");
    return ctx.record({ from: { ...draft.die }, use: draft.use });
  };

  function draw(focusKey = null) {
    const [colour, company] = companyOf(ctx);
    const ready = draft.die && draft.use;
    fill(root,
      h("h3", { id: title }, "Action die taken"),
      h("p", { class: "pa-pick-status" }, player || "The player", " takes one Action die",
        colour ? ` for the ${colour} company ($${company.money ?? "?"})` : "", "."),
      moved !== null && moved !== undefined
        ? h("p", { class: "notice small px-pick-moved" }, `The die transferred to column ${moved} is the one taken now.`)
        : h("p", { class: "muted small pa-pick-hint" }, "A column gives its lowest die. An Executive die is free once its column is empty."),
      diceTable(ctx, { columns, executive, chosen: draft.die, pick }),
      group("Used for", h("div", { class: "pa-pick-opts px-pick-uses" }, uses.map((use) => {
        const why = useProblem(use, draft.die);
        const [label, sub] = USES[use] || [humanize(use), null];
        return option({ label, sub: why || sub, pressed: draft.use === use && !why, disabled: Boolean(why), focusKey: `px-use:${use}`,
          className: "px-pick-use", data: { use },
          onclick: () => { draft.use = use; fill(result); draw(`px-use:${use}`); } });
      }))),
      h("div", { class: "form-foot" }, recordButton(ctx, submit,
        ready ? `Take ${dieName(draft.die)} for ${(USES[draft.use] || [humanize(draft.use)])[0].toLowerCase()}` : "Record the Action die")),
      result,
      fallback);
    refocus(root, focusKey);
  }

  draw();
  return root;
}

/** What a transfer costs the company (action_table.py `transfer_cost`). */
function transferCost(company) {
  const flags = company.flags || [];
  if (Object.keys(NATION).every((n) => flags.includes(n))) return 0;
  return (company.benefits || []).includes("transfer_2") ? 2 : 5;
}

function transferPicker(ctx) {
  const draft = ctx.draft;
  const { columns, executive } = offeredDice(ctx, draft);
  const targets = ((ctx.options && ctx.options.to_column) || []).map(Number);
  if (!columns.length && !executive.length) return null;
  const layout = (ctx.state && ctx.state.action_table) || { columns: [] };
  const title = "picker-title-die_transferred";
  const root = section(ctx, "transfer", title);
  const result = resultSlot(ctx);
  const fallback = fallbackDetails(ctx, "Type the transfer instead");

  const wrongSide = (c) => Boolean(draft.die) && sideOf(c) === sideOf(pipsOf(draft.die));
  const submit = () => {
    fill(result);
    if (!draft.die) return problem(result, "Tap the die transferred.");
    if (!draft.to || !targets.includes(draft.to) || wrongSide(draft.to)) return problem(result, "Choose the column it goes to, on the other side.");
    return ctx.record({ from: { ...draft.die }, to_column: draft.to });
  };

  function draw(focusKey = null) {
    const [colour, company] = companyOf(ctx);
    const cost = transferCost(company);
    if (draft.to && wrongSide(draft.to)) draft.to = null;
    const price = cost ? `$${cost} from the ${colour ? `${colour} company` : "company"}’s money ($${company.money ?? "?"})`
      : "free (the first flag column is full)";
    // Rare: folded away under its title, open once something is chosen.
    const body = h("details", { class: "px-pick-more", open: draft.open || draft.die || null,
      ontoggle: (e) => { draft.open = e.target.open; } },
    h("summary", {}, `Move a die to the other side before taking one: ${price}…`),
    diceTable(ctx, { columns, executive, chosen: draft.die, verb: "move",
      pick: (die) => { draft.die = die; fill(result); draw(`px-die:${die.column !== undefined ? "column" : "executive"}:${pipsOf(die)}`); } }),
    group("To column", h("div", { class: "pa-pick-opts" }, [1, 2, 3, 4, 5, 6].filter((c) => targets.includes(c)).map((c) => {
      const same = wrongSide(c);
      return option({ label: `Column ${c}`, sub: same ? "same side" : `${plural((layout.columns || [])[c - 1] || 0, "die")} now`,
        pressed: draft.to === c, disabled: same, focusKey: `px-to-column:${c}`, className: "px-pick-to", data: { toColumn: String(c) },
        onclick: () => { draft.to = c; fill(result); draw(`px-to-column:${c}`); } });
    }))),
    h("div", { class: "form-foot" }, recordButton(ctx, submit,
      draft.die && draft.to ? `Move ${dieName(draft.die)} to column ${draft.to}` : "Record the transfer")),
    result,
    fallback);
    fill(root, h("h3", { id: title }, "Die transferred"), body);
    refocus(root, focusKey);
  }

  draw();
  return root;
}

// ------------------------------------------------------------------ die_loaded

/** "2-slot · carries 3 (5–11)", "cruise · 1 die", for a ship's button. */
function shipText(ship) {
  const dice = ship.dice || [];
  const sum = dice.reduce((total, d) => total + Number(d.value || 0), 0);
  if (ship.kind === "COMPANY") return `${ship.slots}-slot · carries ${sum} (${ship.min}–${ship.max})`;
  const kind = { CRUISE: "cruise", MILITARY: "military", PANAMAX: "Panamax" }[ship.kind] || humanize(String(ship.kind || "").toLowerCase());
  return `${kind} · ${plural(dice.length, "die")}`;
}

/** Why the rules would refuse this container's die on `key` ("rail" or a ship), or null
 *  (engines/panamax/contracts.py `target_problems`, cargo.py `load_problems`, and PX-C8
 *  unless `once` is false: a free action's load may use a ship loaded this turn). */
function loadProblem(state, held, box, key, once = true) {
  const turn = state.turn || {};
  const front = held.side === "front";
  if (once && !turn.stevedore && (turn.loaded || []).includes(key)) return "already loaded this turn";
  if (key === "rail") {
    if (!box.rail) return "Rail containers only";
    const wagon = ((state.rail || {}).wagon1 || []).length;
    return wagon >= WAGON_DICE ? `the 1st wagon holds ${WAGON_DICE}` : null;
  }
  if (box.rail && front) return "a Rail container goes on the 1st wagon";
  const ship = (state.ships || {})[key];
  if (!ship) return "not on the board";
  if (!String(ship.zone || "").startsWith("LOADING ")) return "not in a Loading zone";
  if (front && ship.zone !== `LOADING ${held.nation}`) return `not in Loading ${nationName(held.nation)}`;
  const dice = ship.dice || [];
  const value = Number(box.value);
  if (ship.kind === "MILITARY") return "carries no dice";
  if (ship.kind === "CRUISE") {
    if (value !== 1 && value !== 2) return "takes only 1s and 2s";
    const most = CRUISE_MAX_DICE[key];
    return most !== undefined && dice.length >= most ? `holds ${most} dice` : null;
  }
  if (ship.kind === "COMPANY") {
    const total = dice.reduce((sum, d) => sum + Number(d.value || 0), 0) + value;
    if (dice.length >= ship.slots) return "every slot taken";
    if (total > ship.max) return `at most ${ship.max}: ${total}`;
    if (dice.length + 1 === ship.slots && total < ship.min) return `last slot: ${total}, short of ${ship.min}`;
  }
  return null;
}

function heldTitle(held, index) {
  const side = held.side === "front" ? `front · ${nationName(held.nation)}` : "back · generic cargo";
  return `${held.setup ? "Setup contract" : "Card"} ${held.card ?? index + 1} · ${side}`;
}

/** The flag a load of container `j` would earn, with the icon under its space if declared
 *  (flags.py `icon_problems`), or null. */
function flagFor(state, company, held, j) {
  const others = held.containers.filter((_, k) => k !== j);
  if (held.side !== "front" || others.some((c) => !c.loaded)) return null;
  if (((state.flag_supply || {})[held.nation] || 0) < 1) return null;
  const slot = (company.flags || []).filter((f) => f === held.nation).length;
  return { nation: held.nation, slot, known: declared(state, `clipboard:${held.nation}:${slot}`) };
}

/** The held contracts' containers as buttons (a loaded one is said, not offered). */
function containersBlock(contracts, indices, chosen, pick) {
  return indices.map((i) => {
    const contract = contracts[i];
    return h("fieldset", { class: "pa-pick-group px-pick-contract", dataset: { contract: String(i) } },
      h("legend", {}, heldTitle(contract, i)),
      h("div", { class: "pa-pick-opts" }, contract.containers.map((c, j) => (c.loaded
        ? offSpot(String(c.value), "loaded", { contract: String(i), container: String(j) })
        : option({ label: String(c.value), sub: c.rail ? "Rail icon" : "cargo", pressed: Boolean(chosen) && chosen.contract === i && chosen.container === j,
          focusKey: `px-box:${i}:${j}`, className: "px-pick-box", data: { contract: String(i), container: String(j) },
          title: `Container ${j + 1} of ${contract.card}, a ${c.value}`, onclick: () => pick({ contract: i, container: j }) })))));
  });
}

/**
 * Where a die may go: the places the rules allow as buttons by zone, the others folded
 * away with the reason (still recordable: the table may rule otherwise).
 */
function placesBlock(state, keys, problemOf, chosen, choose) {
  const button = (key) => {
    const why = problemOf(key);
    const rail = key === "rail";
    const wagon = ((state.rail || {}).wagon1 || []).length;
    return option({ label: rail ? "Rail table" : key, sub: why || (rail ? `1st wagon: ${wagon} of ${WAGON_DICE}` : shipText(state.ships[key])),
      pressed: chosen === key, focusKey: `px-target:${key}`, className: `px-pick-target${why ? " is-refused" : ""}`,
      data: rail ? { rail: "true" } : { ship: key }, onclick: () => choose(key) });
  };
  const byZone = (list) => {
    const rows = list.includes("rail") ? [h("div", { class: "px-pick-zone", dataset: { zone: "rail" } }, button("rail"))] : [];
    const ships = list.filter((k) => k !== "rail");
    for (const zone of new Set(ships.map((k) => state.ships[k].zone))) {
      rows.push(h("div", { class: "px-pick-zone", dataset: { zone } }, h("span", { class: "px-pick-zone-name" }, zoneName(zone)),
        h("div", { class: "pa-pick-opts" }, ships.filter((k) => state.ships[k].zone === zone).map(button))));
    }
    return rows;
  };
  const fits = keys.filter((k) => !problemOf(k));
  const refused = keys.filter((k) => problemOf(k));
  return [
    fits.length ? h("div", { class: "px-pick-targets", role: "group", "aria-label": "Where the die may go" }, byZone(fits))
      : h("p", { class: "notice small" }, "No ship in a Loading zone can take this die now."),
    refused.length ? h("details", { class: "pa-pick-fallback px-pick-refused", open: refused.includes(chosen) || null },
      h("summary", {}, `Other places (the rules refuse them): ${refused.length}`),
      h("div", { class: "px-pick-targets" }, byZone(refused))) : null,
  ];
}

/** The flag a load earns: its space's icon said, or asked when new to the game. */
function flagBlock(flag, chosen, pick) {
  if (!flag) return null;
  if (flag.known !== undefined) {
    const name = (FREE_ACTIONS.find(([k]) => k === flag.known) || [flag.known, humanize(String(flag.known))])[1];
    return h("p", { class: "notice small px-pick-flag" }, `This die completes the card: the ${nationName(flag.nation)} flag covers space ${flag.slot + 1}, which shows ${name}.`);
  }
  return h("fieldset", { class: "pa-pick-group px-pick-flag" },
    h("legend", {}, `This die completes the card: the ${nationName(flag.nation)} flag covers space ${flag.slot + 1} of its row, new to this game. What does the space show?`),
    h("div", { class: "pa-pick-opts" }, FREE_ACTIONS.map(([kind, label]) => option({ label, pressed: chosen === kind,
      focusKey: `px-free:${kind}`, className: "px-pick-free", data: { free: kind }, onclick: () => pick(kind) }))));
}

function loadPicker(ctx) {
  const state = ctx.state || {};
  const options = ctx.options || {};
  const [colour, company] = companyOf(ctx);
  if (!colour) return null;
  const contracts = company.contracts || [];
  const offered = (options.contract || []).map(Number).filter((i) => contracts[i]);
  const ships = options["target.ship"] || [];
  const railOffered = (options["target.rail"] || []).includes(true);
  const draft = ctx.draft;
  const title = "picker-title-die_loaded";
  const root = section(ctx, "load", title);
  const result = resultSlot(ctx);
  const fallback = fallbackDetails(ctx, "Type the load instead");
  const turn = state.turn || {};

  const open = offered.flatMap((i) => contracts[i].containers.map((box, j) => ({ i, j, box })).filter(({ box }) => !box.loaded));
  const chosenOk = draft.box && open.some(({ i, j }) => i === draft.box.contract && j === draft.box.container);
  if (!chosenOk) draft.box = open.length === 1 ? { contract: open[0].i, container: open[0].j } : null;

  const submit = () => {
    fill(result);
    const box = draft.box;
    if (!box) return problem(result, "Tap the container loaded.");
    if (!draft.target) return problem(result, "Tap where the die goes: a ship or the Rail table.");
    const flag = flagFor(state, company, contracts[box.contract], box.container);
    if (flag && flag.known === undefined && !draft.free) return problem(result, "Choose the free action printed under the flag’s space.");
    const data = { contract: box.contract, container: box.container, target: draft.target === "rail" ? { rail: true } : { ship: draft.target } };
    if (flag && flag.known === undefined) data.free_action = draft.free;
    return ctx.record(data);
  };

  function targets() {
    const box = draft.box;
    if (!box) return h("p", { class: "muted small" }, "Tap a container to see where its die may go.");
    const held = contracts[box.contract];
    const container = held.containers[box.container];
    const keys = [...(railOffered ? ["rail"] : []), ...ships.filter((s) => state.ships && state.ships[s])];
    if (draft.target && !keys.includes(draft.target)) draft.target = null;
    const where = held.side === "front"
      ? (container.rail ? "A Rail container of a front goes on the 1st wagon." : `A front’s cargo goes to a ship in Loading ${nationName(held.nation)}.`)
      : `Generic cargo goes to a ship in any Loading zone${container.rail ? ", or the 1st wagon" : ""}.`;
    return [
      h("p", { class: "muted small pa-pick-hint" }, where),
      placesBlock(state, keys, (key) => loadProblem(state, held, container, key), draft.target,
        (key) => { draft.target = key; fill(result); draw(`px-target:${key}`); }),
      flagBlock(flagFor(state, company, held, box.container), draft.free,
        (kind) => { draft.free = kind; fill(result); draw(`px-free:${kind}`); }),
    ];
  }

  function draw(focusKey = null) {
    const allowed = (["contract_load", "setup_contract"].includes(turn.use) ? ((turn.allowance || {}).loads || 0)
      + ((company.benefits || []).includes("extra_load") ? 1 : 0) : 0) + (turn.card_loads || 0);
    const used = turn.loads_used || 0;
    const box = draft.box;
    const held = box ? contracts[box.contract] : null;
    const value = held ? held.containers[box.container].value : null;
    const where = draft.target === "rail" ? "the Rail table" : draft.target;
    fill(root,
      h("h3", { id: title }, "Die loaded"),
      h("p", { class: "pa-pick-status" }, `The ${colour} company loads: `, `${used} of ${plural(allowed, "load")} used this action.`),
      offered.length ? containersBlock(contracts, offered, box, (picked) => {
        draft.box = picked;
        draft.free = null;
        draft.target = null;
        fill(result);
        draw(`px-box:${picked.contract}:${picked.container}`);
      }) : h("p", { class: "notice small" }, `The ${colour} company holds no contract to load: take one first.`),
      offered.length ? group("Where the die goes", targets()) : null,
      offered.length ? h("div", { class: "form-foot" }, recordButton(ctx, submit,
        value !== null && where ? `Load the ${value} onto ${where}` : "Record the load")) : null,
      result,
      offered.length ? fallback : null);
    refocus(root, focusKey);
  }

  draw();
  return root;
}

// ------------------------------------------------------------ free_action_used

const FREE_KINDS = {
  market: ["Buy a share", "the flag’s Market action"],
  defer: ["Defer it", "turn the flag to its Market side"],
  deferred_market: ["Buy the deferred share", "the Market action kept"],
  decline: ["Let it go", "the deferred Market is lost"],
  load_die: ["Load a die", "any ship in a Loading zone"],
  load_rail: ["Load the rail", "a 2, or +2 in the 1st wagon"],
  move3: ["Move 3", "three moves follow"],
  impossible: ["It cannot be used", "no die, no ship"],
};
const FREE_DIE = 2; // a free action's die from the Warehouse or Pool shows 2
const RAIL_RAISE = 2;

function freePicker(ctx) {
  const state = ctx.state || {};
  const kinds = (ctx.options && ctx.options.kind) || [];
  const pending = state.free_action;
  if (!kinds.length || !pending || !pending.queue || !pending.queue.length) return null;
  const colour = pending.company;
  const company = (state.companies || {})[colour] || {};
  const player = pending.player;
  const due = pending.queue[0];
  const draft = ctx.draft;
  if (!draft.kind || !kinds.includes(draft.kind)) draft.kind = kinds.includes(due.kind) ? due.kind : null;
  const title = "picker-title-free_action_used";
  const root = section(ctx, "free", title);
  const result = resultSlot(ctx);
  const fallback = fallbackDetails(ctx, "Type the free action instead");
  const contracts = company.contracts || [];
  const wagon = (state.rail || {}).wagon1 || [];
  const supplies = [["warehouse", "Warehouse"], ["pool", "Pool"]];

  const sourceBox = () => {
    const from = draft.from;
    if (!from) return null;
    if (from.supply) return { held: { side: "back", containers: [] }, box: { value: FREE_DIE, rail: false } };
    const held = contracts[from.contract];
    return held && held.containers[from.container] ? { held, box: held.containers[from.container] } : null;
  };

  const submit = () => {
    fill(result);
    const kind = draft.kind;
    if (!kind) return problem(result, "Choose how the free action is used.");
    const data = { kind };
    if (kind === "market" || kind === "deferred_market") {
      if (!draft.company) return problem(result, "Tap the company whose share is bought.");
      data.company = draft.company;
    } else if (kind === "load_die") {
      const source = sourceBox();
      if (!source) return problem(result, "Tap where the die comes from: a container, the Warehouse or the Pool.");
      if (!draft.ship) return problem(result, "Tap the ship it goes on.");
      data.ship = draft.ship;
      if (draft.from.supply) data.supply = draft.from.supply;
      else {
        data.contract = draft.from.contract;
        data.container = draft.from.container;
        const flag = flagFor(state, company, source.held, draft.from.container);
        if (flag && flag.known === undefined) {
          if (!draft.free) return problem(result, "Choose the free action printed under the flag’s space.");
          data.free_action = draft.free;
        }
      }
    } else if (kind === "load_rail") {
      if (!draft.rail) return problem(result, "Tap a die for the 1st wagon, or one of its dice to raise.");
      Object.assign(data, draft.rail);
    }
    return ctx.record(data);
  };

  const redraw = (key) => { fill(result); draw(key); };

  function details() {
    const kind = draft.kind;
    if (kind === "market" || kind === "deferred_market") {
      const money = ((state.players || {})[player] || {}).money;
      return group(`A share bought with ${player}’s money ($${money ?? "?"})`, h("div", { class: "pa-pick-opts" },
        companiesInSeatOrder(state).map(([c, info]) => {
          const why = !info.treasury ? "none left" : money !== undefined && info.price > money ? `costs $${info.price}` : null;
          return option({ label: humanize(c), sub: why || `$${info.price} · ${info.treasury} left`, pressed: draft.company === c, disabled: Boolean(why),
            focusKey: `px-company:${c}`, data: { company: c }, onclick: () => { draft.company = c; redraw(`px-company:${c}`); } });
        })));
    }
    if (kind === "load_die") {
      const open = contracts.map((c, i) => i).filter((i) => contracts[i].containers.some((b) => !b.loaded));
      const fromBox = draft.from && !draft.from.supply ? draft.from : null;
      const source = sourceBox();
      const ships = Object.keys(state.ships || {}).filter((s) => state.ships[s].status === "ON_BOARD"
        && String(state.ships[s].zone || "").startsWith("LOADING ") && state.ships[s].kind !== "MILITARY");
      if (draft.ship && !ships.includes(draft.ship)) draft.ship = null;
      return [
        group("The die", open.length ? containersBlock(contracts, open, fromBox, (picked) => {
          draft.from = picked;
          draft.ship = null;
          draft.free = null;
          redraw(`px-box:${picked.contract}:${picked.container}`);
        }) : null,
        h("div", { class: "pa-pick-opts" }, supplies.map(([s, name]) => option({ label: `A 2 from the ${name}`, sub: `${company[s] ?? 0} there`,
          pressed: Boolean(draft.from && draft.from.supply === s), disabled: !company[s], focusKey: `px-supply:${s}`, data: { supply: s },
          onclick: () => { draft.from = { supply: s }; draft.ship = null; redraw(`px-supply:${s}`); } })))),
        group("Onto", source ? placesBlock(state, ships, (key) => loadProblem(state, source.held, source.box, key, false), draft.ship,
          (key) => { draft.ship = key; redraw(`px-target:${key}`); }) : h("p", { class: "muted small" }, "Tap the die first."),
        fromBox && source ? flagBlock(flagFor(state, company, source.held, fromBox.container), draft.free,
          (k) => { draft.free = k; redraw(`px-free:${k}`); }) : null),
      ];
    }
    if (kind === "load_rail") {
      const full = wagon.length >= WAGON_DICE;
      return group(`The 1st wagon: ${wagon.length} of ${WAGON_DICE} dice`,
        h("div", { class: "pa-pick-opts" }, supplies.map(([s, name]) => option({ label: `A 2 from the ${name}`,
          sub: full ? "the wagon is full" : `${company[s] ?? 0} there`, pressed: Boolean(draft.rail && draft.rail.supply === s),
          disabled: full || !company[s], focusKey: `px-rail:${s}`, data: { supply: s },
          onclick: () => { draft.rail = { supply: s }; redraw(`px-rail:${s}`); } })),
        wagon.map((die, place) => {
          const own = die.company === colour;
          const why = !own ? `${die.company}’s` : Number(die.value) + RAIL_RAISE > 6 ? "a die shows 6 at most" : null;
          return option({ label: `+2 on the ${die.value}`, sub: why || `place ${place + 1}`, pressed: Boolean(draft.rail && draft.rail.raise === place),
            disabled: Boolean(why), focusKey: `px-raise:${place}`, data: { raise: String(place) },
            onclick: () => { draft.rail = { raise: place }; redraw(`px-raise:${place}`); } });
        })));
    }
    return null;
  }

  function draw(focusKey = null) {
    fill(root,
      h("h3", { id: title }, "Free action used"),
      h("p", { class: "pa-pick-status" }, `The ${nationName(due.nation)} flag’s free action for the ${colour} company (${player}): `,
        (FREE_KINDS[due.kind] || [humanize(String(due.kind))])[0], "."),
      group("How it is used", h("div", { class: "pa-pick-opts" }, kinds.map((k) => {
        const [label, sub] = FREE_KINDS[k] || [humanize(k), null];
        return option({ label, sub, pressed: draft.kind === k, focusKey: `px-free-kind:${k}`, className: "px-pick-free-kind", data: { kind: k },
          onclick: () => { draft.kind = k; redraw(`px-free-kind:${k}`); } });
      }))),
      details(),
      h("div", { class: "form-foot" }, recordButton(ctx, submit, "Record the free action")),
      result,
      fallback);
    refocus(root, focusKey);
  }

  draw();
  return root;
}

// ------------------------------------------------------------------ ship_moved

/** Zones from the Atlantic to the Pacific: its Loading zones, the canal, the Pacific's. */
function zoneOrder(state) {
  const loading = (ocean) => Object.keys(NATION).filter((n) => OCEAN_OF[n] === ocean).map((n) => `LOADING ${n}`);
  return [...loading("ATLANTIC"), ...(state.canal || []), ...loading("PACIFIC")];
}

function remaining(turn) {
  const allowance = turn.allowance || {};
  const used = turn.moves || {};
  return { lock: (allowance.lock || 0) - (used.lock || 0), waterway: (allowance.waterway || 0) - (used.waterway || 0), any: turn.free_moves || 0 };
}

function slotsKnown(state, id) {
  const ship = state.ships[id];
  return ship.slots !== null && ship.slots !== undefined ? ship.slots : KNOWN_SLOTS[id] ?? declared(state, `ship_slots:${id}`);
}

/** Why a ship may not sail yet, or null (cargo.py `ready_to_sail`, PX-M5; unknown specs pass). */
function sailProblem(state, id) {
  const ship = state.ships[id];
  const dice = ship.dice || [];
  if (ship.kind === "COMPANY") {
    const sum = dice.reduce((total, d) => total + Number(d.value || 0), 0);
    return sum < ship.min ? `needs ${ship.min} to sail` : null;
  }
  if (ship.kind === "CRUISE") {
    const least = CRUISE_MIN_DICE[id];
    return least !== undefined && dice.length < least ? `needs ${plural(least, "die")} to sail` : null;
  }
  return null;
}

/** Each Passenger token a cruise ship's exit hands out, in order (cargo.py `passenger_payments`). */
function passengerTokens(state, ids, mover) {
  const order = [mover, ...(state.turn_order || []).map((p) => (state.players[p] || {}).company).filter((c) => c && c !== mover)];
  const stack = [...(state.passenger_tokens || [])];
  const out = [];
  for (const id of ids) {
    const ship = state.ships[id];
    if (!ship || ship.kind !== "CRUISE") continue;
    const owners = (ship.dice || []).map((d) => d.company).sort((a, b) => order.indexOf(a) - order.indexOf(b));
    for (const company of owners) {
      if (!stack.length) break;
      out.push({ company, token: stack.shift() });
    }
  }
  return out;
}

function movePicker(ctx) {
  const state = ctx.state || {};
  const options = ctx.options || {};
  const offeredShips = (options.ships || []).filter((s) => state.ships && state.ships[s]);
  if (!offeredShips.length) return null;
  const kinds = options.kind || [];
  const zones = options.to || [];
  const vias = options.via || [];
  const draft = ctx.draft;
  draft.ships = (draft.ships || []).filter((s) => offeredShips.includes(s));
  draft.bonus ||= {};
  draft.sizes ||= {};
  draft.doubled ||= {};
  draft.spots ||= [];
  if (draft.kind && !kinds.includes(draft.kind)) draft.kind = null;
  if (!draft.kind && kinds.length === 1) draft.kind = kinds[0];
  const turnLeft = remaining(state.turn || {});
  if (!draft.via || !vias.includes(draft.via)) {
    // Only a free action's moves left (a Move 3 at the round's end): those.
    const onlyFree = turnLeft.lock <= 0 && turnLeft.waterway <= 0 && vias.includes("move3");
    draft.via = vias.length === 1 ? vias[0] : onlyFree ? "move3" : vias.includes("action") ? "action" : null;
  }
  const title = "picker-title-ship_moved";
  const root = section(ctx, "move", title);
  const result = resultSlot(ctx);
  const [colour] = companyOf(ctx);
  const turn = state.turn || {};

  const goal = () => (draft.to === "other" ? String(draft.newZone || "").trim() : draft.to);
  const needsKind = (zone) => Boolean(zone) && zone !== OCEAN && !LAKES.includes(zone) && !/^(LOADING|WAITING) /.test(zone)
    && declared(state, `zone_kind:${zone}`) === undefined;
  const notReady = (id) => sailProblem(state, id);

  const submit = () => {
    fill(result);
    const to = goal();
    if (!draft.ships.length) return problem(result, "Tap the ship (or the ships of a group) that moves.");
    if (!draft.kind) return problem(result, "Choose the icon crossed: a lock or a waterway.");
    if (!to) return problem(result, "Choose the zone the ships enter (or type a new one).");
    const data = { ships: [...draft.ships], kind: draft.kind, to };
    if (needsKind(to)) {
      if (!draft.toKind) return problem(result, `${to} is new to this game: is it a dashed rectangle or a lake?`);
      data.to_kind = draft.toKind;
    }
    if (draft.via) data.via = draft.via;
    const sizes = Object.fromEntries(draft.ships.filter((id) => slotsKnown(state, id) === undefined && draft.sizes[id]).map((id) => [id, draft.sizes[id]]));
    if (Object.keys(sizes).length) data.sizes = sizes;
    if (to === OCEAN) {
      const owned = draft.ships.filter((id) => state.ships[id].kind === "COMPANY");
      const missing = owned.filter((id) => !draft.bonus[id]);
      if (missing.length) return problem(result, `Choose the owner’s bonus for ${missing.join(", ")}: the card or the money.`);
      if (owned.length) data.bonus = Object.fromEntries(owned.map((id) => [id, draft.bonus[id]]));
      const doubled = Object.fromEntries(Object.entries(draft.doubled).filter(([, v]) => v));
      if (draft.ships.some((id) => state.ships[id].kind === "PANAMAX") && Object.keys(doubled).length) data.doubled = doubled;
      const tokens = passengerTokens(state, draft.ships, colour);
      if (tokens.length) {
        const spots = tokens.map((_, k) => draft.spots[k]);
        if (spots.some((s) => s === undefined)) return problem(result, "Choose a benefit spot for each Passenger token.");
        data.spots = spots;
      }
    }
    const pushes = String(draft.pushes || "").trim();
    if (pushes) {
      try {
        data.pushes = JSON.parse(pushes);
      } catch {
        return problem(result, "The pushed ships are not valid JSON.");
      }
    }
    return ctx.record(data);
  };

  const toggle = (id) => {
    const at = draft.ships.indexOf(id);
    if (at >= 0) draft.ships.splice(at, 1);
    else if (draft.ships.length < 4) draft.ships.push(id);
    else return problem(result, "A group is 4 ships at most.");
    fill(result);
    return draw(`px-ship:${id}`);
  };

  function exitParts() {
    const parts = [];
    for (const id of draft.ships) {
      const ship = state.ships[id];
      if (ship.kind === "COMPANY" && EXIT_BONUS[ship.slots]) {
        const [card, money, stack] = EXIT_BONUS[ship.slots];
        const left = Array.isArray(state[stack]) ? state[stack].length : Number(state[stack] || 0);
        parts.push(h("fieldset", { class: "pa-pick-group px-pick-bonus", dataset: { ship: id } },
          h("legend", {}, `${id}: its owner takes`),
          h("div", { class: "pa-pick-opts" },
            option({ label: card, sub: left ? `${left} left` : "none left", pressed: draft.bonus[id] === "card", disabled: !left,
              focusKey: `px-bonus:${id}:card`, data: { bonus: "card" }, onclick: () => { draft.bonus[id] = "card"; fill(result); draw(`px-bonus:${id}:card`); } }),
            option({ label: `$${money}`, sub: "money", pressed: draft.bonus[id] === "money", focusKey: `px-bonus:${id}:money`, data: { bonus: "money" },
              onclick: () => { draft.bonus[id] = "money"; fill(result); draw(`px-bonus:${id}:money`); } }))));
      }
      if (ship.kind === "PANAMAX") {
        const owners = [...new Set((ship.dice || []).map((d) => d.company))];
        for (const owner of owners) {
          const values = [...new Set(ship.dice.filter((d) => d.company === owner).map((d) => Number(d.value)))].sort((a, b) => b - a);
          parts.push(h("fieldset", { class: "pa-pick-group px-pick-doubled", dataset: { company: owner } },
            h("legend", {}, `${id}: the ${owner} company doubles`, h("span", { class: "optional" }, " (its best if not chosen)")),
            h("div", { class: "pa-pick-opts" }, values.map((v) => option({ label: String(v), pressed: draft.doubled[owner] === v,
              focusKey: `px-doubled:${owner}:${v}`, data: { doubled: String(v) },
              onclick: () => { draft.doubled[owner] = draft.doubled[owner] === v ? null : v; draw(`px-doubled:${owner}:${v}`); } })))));
        }
      }
    }
    const tokens = passengerTokens(state, draft.ships, colour);
    const taken = Object.fromEntries(Object.entries(state.companies || {}).map(([c, info]) => [c, [...(info.benefits || [])]]));
    tokens.forEach(({ company, token }, k) => {
      const free = BENEFITS.filter(([b]) => !(taken[company] || []).includes(b));
      if (!free.length) draft.spots[k] = null;
      else if (draft.spots[k] && !free.some(([b]) => b === draft.spots[k])) draft.spots[k] = undefined;
      parts.push(h("fieldset", { class: "pa-pick-group px-pick-spot", dataset: { token: String(k) } },
        h("legend", {}, `Passenger token ${k + 1}: $${token} to the ${company} company, on the spot`),
        free.length ? h("div", { class: "pa-pick-opts" }, free.map(([b, label]) => option({ label, pressed: draft.spots[k] === b,
          focusKey: `px-spot:${k}:${b}`, data: { spot: b },
          onclick: () => { draft.spots[k] = b; draft.spots.length = Math.max(draft.spots.length, k + 1); fill(result); draw(`px-spot:${k}:${b}`); } })))
          : h("p", { class: "muted small" }, "Every spot is taken: the token is kept without one.")));
      if (draft.spots[k]) (taken[company] ||= []).push(draft.spots[k]);
    });
    draft.spots.length = tokens.length;
    return parts;
  }

  function draw(focusKey = null) {
    const left = remaining(turn);
    const to = goal();
    const order = zoneOrder(state);
    const where = [...new Set(offeredShips.map((s) => state.ships[s].zone))].sort((a, b) => {
      const [i, j] = [order.indexOf(a), order.indexOf(b)];
      return (i < 0 ? 99 : i) - (j < 0 ? 99 : j) || String(a).localeCompare(String(b));
    });
    const unsized = draft.ships.filter((id) => slotsKnown(state, id) === undefined);
    const ready = offeredShips.filter((id) => !notReady(id));
    const waiting = offeredShips.filter((id) => notReady(id));
    const shipsByZone = (list) => h("div", { class: "px-pick-targets" }, where.filter((zone) => list.some((id) => state.ships[id].zone === zone))
      .map((zone) => h("div", { class: "px-pick-zone", dataset: { zone } },
        h("span", { class: "px-pick-zone-name" }, zoneName(zone)),
        h("div", { class: "pa-pick-opts" }, list.filter((id) => state.ships[id].zone === zone).map((id) => {
          const ship = state.ships[id];
          const bound = ship.bound ? `bound for the ${humanize(String(ship.bound).toLowerCase())} · ` : "";
          const why = notReady(id);
          return option({ label: id, sub: why ? `${shipText(ship)} · ${why}` : `${bound}${shipText(ship)}`, pressed: draft.ships.includes(id),
            focusKey: `px-ship:${id}`, className: `px-pick-ship${why ? " is-refused" : ""}`, data: { ship: id }, onclick: () => toggle(id) });
        })))));
    fill(root,
      h("h3", { id: title }, "Ship moved"),
      h("p", { class: "pa-pick-status" }, "Moves left: ",
        [`${plural(left.lock, "lock")}`, `${plural(left.waterway, "waterway")}`, left.any ? `${left.any} of any kind` : null].filter(Boolean).join(", "), "."),
      group(["Ships", h("span", { class: "muted small" }, " · tap one, or the ships of a group (4 slots at most)")],
        ready.length ? shipsByZone(ready) : h("p", { class: "notice small" }, "No ship is ready to sail."),
        waiting.length ? h("details", { class: "pa-pick-fallback px-pick-refused", open: waiting.some((s) => draft.ships.includes(s)) || null },
          h("summary", {}, `Ships not ready to sail (the rules refuse them): ${waiting.length}`), shipsByZone(waiting)) : null),
      group("Icon crossed", h("div", { class: "pa-pick-opts" }, kinds.map((k) => option({
        label: humanize(k), sub: `${left[k] ?? 0} left`, pressed: draft.kind === k, focusKey: `px-kind:${k}`, data: { kind: k },
        onclick: () => { draft.kind = k; fill(result); draw(`px-kind:${k}`); } })))),
      group("Into", h("div", { class: "pa-pick-opts px-pick-zones" },
        zones.map((z) => option({ label: zoneName(z), sub: z === OCEAN ? "by a lock" : null, pressed: draft.to === z,
          focusKey: `px-to:${z}`, data: { to: z }, onclick: () => { draft.to = z; fill(result); draw(`px-to:${z}`); } })),
        option({ label: "Another zone…", sub: "new to this game", pressed: draft.to === "other", focusKey: "px-to:other", data: { to: "other" },
          onclick: () => { draft.to = "other"; fill(result); draw("px-new-zone"); } })),
      draft.to === "other" ? h("div", { class: "field pa-pick-inline-field" }, h("label", { for: "px-new-zone" }, "The zone’s name"),
        h("input", { id: "px-new-zone", autocomplete: "off", maxlength: "60", value: draft.newZone || "", dataset: { focusKey: "px-new-zone" },
          oninput: (e) => { draft.newZone = e.target.value; },
          })) : null),
      // A typed zone is asked its kind at once (no re-render while typing); a known one sends none.
      draft.to === "other" || needsKind(to) ? group(`${draft.to === "other" ? "A new zone" : to} is new to this game: it is`, h("div", { class: "pa-pick-opts" },
        [["DASHED", "A dashed rectangle", "4 slots"], ["LAKE", "A lake", "no limit"]].map(([k, label, sub]) => option({
          label, sub, pressed: draft.toKind === k, focusKey: `px-zone-kind:${k}`, data: { zoneKind: k },
          onclick: () => { draft.toKind = k; fill(result); draw(`px-zone-kind:${k}`); } })))) : null,
      vias.length > 1 ? group("Which move", h("div", { class: "pa-pick-opts" }, vias.map((v) => option({
        label: v === "move3" ? "Move 3" : "The Action die’s", sub: v === "move3" ? `free action · ${left.any} left` : null,
        pressed: draft.via === v, focusKey: `px-via:${v}`, data: { via: v },
        onclick: () => { draft.via = v; draw(`px-via:${v}`); } })))) : null,
      unsized.map((id) => group([`${id}: size in slots`, h("span", { class: "optional" }, " (optional, declared once)")],
        h("div", { class: "pa-pick-opts" }, [1, 2, 3, 4].map((n) => option({ label: String(n), pressed: draft.sizes[id] === n,
          focusKey: `px-size:${id}:${n}`, className: "pa-pick-num", data: { size: String(n) },
          onclick: () => { draft.sizes[id] = draft.sizes[id] === n ? null : n; draw(`px-size:${id}:${n}`); } }))))),
      to === OCEAN ? exitParts() : null,
      h("details", { class: "pa-pick-fallback" }, h("summary", {}, "Ships pushed forward…"),
        h("div", { class: "field" }, h("label", { for: "px-pushes" }, "Pushes ", h("span", { class: "help" }, "JSON: [{\"ships\": […], \"to\": \"zone\"}]")),
          h("textarea", { id: "px-pushes", rows: "2", spellcheck: "false", oninput: (e) => { draft.pushes = e.target.value; } }, draft.pushes || ""))),
      h("div", { class: "form-foot" }, recordButton(ctx, submit,
        draft.ships.length && to ? `Move ${draft.ships.join(" + ")} into ${to === OCEAN ? "the ocean" : zoneName(to)}` : "Record the move")),
      result);
    refocus(root, focusKey);
  }

  draw();
  return root;
}

export const pickers = {
  action_die_taken: takePicker,
  die_transferred: transferPicker,
  die_loaded: loadPicker,
  free_action_used: freePicker,
  ship_moved: movePicker,
};
