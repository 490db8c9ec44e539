// Panamax's board editor: what one box holds that the rulebook does not print, read off the
// board and the cards once (engines/panamax/board.py says what the file holds; the server
// judges it, PX-B01 to PX-B19). The module contract is at the top of ./index.js.
//
// Names and numbers are typed (a zone's name, a card's id, a Market price); the rest is
// tapped: a zone's kind (dashed rectangle or lake) and fee, a crossing's two places and its
// icon, a Clipboard space's free action, a card's nation, container values and Rail icons,
// the completeness switches. What the file's own rules rule out is made hard to enter (a
// lake the rulebook names cannot be a dashed rectangle, a waterway out into the ocean, a
// Rail icon on both faces, more cards than the box, a deck marked whole short of its cards),
// but the page never judges a board: the save's answer does, beside the entry it names.
//
// The canal is kept as rows (a name, a kind, a fee) so that renaming a zone carries its kind,
// its fee and its crossings along; every other section is edited in the file directly. Text
// goes in as text nodes only.

import { fill, h } from "../../dom.js";
import { refocus } from "../../record/engines/picker-kit.js";

const NATION = { EU: "EU", US_EAST: "US East", CHINA: "China", US_WEST: "US West" };
const NATIONS = ["EU", "US_EAST", "CHINA", "US_WEST"]; // the Atlantic's, then the Pacific's
const ATLANTIC_LOADING = ["LOADING EU", "LOADING US_EAST"];
const PACIFIC_LOADING = ["LOADING CHINA", "LOADING US_WEST"];
const OCEAN = "OCEAN";
// §3 step 15 names these places of the canal; "a lake (Miraflores or Gatun)".
const NAMED_CANAL = ["Gatun Lake", "Culebra Cut", "Pedro Miguel Locks", "Miraflores Lake"];
const LAKES = ["Gatun Lake", "Miraflores Lake"];
const KINDS = [["DASHED", "Dashed", "rectangle · 4 slots"], ["LAKE", "Lake", "no limit"]];
const FEES = [1, 2, 3, 4]; // "from $1 - $4 per die"
const ICONS = [["lock", "Lock"], ["waterway", "Waterway"]];
const BOUNDS = [["PACIFIC", "→ the Pacific"], ["ATLANTIC", "← the Atlantic"]];
const FREE_ACTIONS = [["market", "Market"], ["load_die", "Load a die"], ["move3", "Move 3"], ["load_rail", "Load the rail"], ["none", "No icon"]];
const SPACES = 11; // a nation's flags: one on the Rail table, ten by the Waiting zones
const UNIQUE_SHIPS = [
  ["USS Iowa", "Military", "US_EAST"], ["Dice Fest Line", "Cruise", "US_EAST"],
  ["NRP Sagres III", "Military", "EU"], ["Lucky Me Cruises", "Cruise", "EU"],
  ["USS Pegasus", "Military", "US_WEST"], ["Spiel of the Seas", "Cruise", "US_WEST"],
  ["PLAN Yi Yang", "Military", "CHINA"], ["San Juan Prospector", "Panamax", "CHINA"],
];
// What §9 and §10 print of a unique ship's tile: shown, never typed.
const PRINTED = { "Dice Fest Line": { slots: 3, max_dice: 3 }, "Lucky Me Cruises": { slots: 3, max_dice: 3 } };
const PRINTED_MILITARY = { max_dice: 0 }; // "Military ships do not carry any dice"
const SPEC = [["min", "Needs to sail", "the sum of its dice"], ["max", "Carries at most", "the sum of its dice"], ["max_dice", "Dice it holds", null]];
const BOX = { contracts: 24, setup_contracts: 8 }; // §2
const DECK = { contracts: ["Contract card", "C"], setup_contracts: ["Setup Contract card", "S"] };
const BONUS = [["captain", "Captain"], ["stevedore", "Stevedore"]];
const EFFECTS = [["locks", "Locks"], ["waterways", "Waterways"], ["any_moves", "Moves of any kind"], ["loads", "Loads"]];
const COMPLETABLE = ["contracts", "setup_contracts", "canal", "crossings"];
const GENERIC = 3; // a card's back: generic containers of 3

const PARTS = [
  ["canal", "Canal"], ["crossings", "Crossings"], ["market", "Market"], ["clipboard", "Clipboards"],
  ["contracts", "Contracts"], ["setup_contracts", "Setup cards"], ["bonus", "Captain · Stevedore"],
  ["more", "More"], ["complete", "Whole box"],
];

const zoneName = (zone) => {
  if (zone === OCEAN) return "Out to the ocean";
  const [head, ...rest] = String(zone).split(" ");
  if (head === "LOADING") return `Loading ${NATION[rest.join(" ")] || rest.join(" ")}`;
  return String(zone);
};
const plural = (n, word, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

// What the editor remembers of one board file between redraws and mounts (the crossing
// being built, the card open, the Clipboard space being changed).
const memory = new WeakMap();
function uiFor(data) {
  if (!memory.has(data)) {
    memory.set(data, { cross: { bound: "PACIFIC", from: null, to: null, icon: null }, open: {}, clip: {}, more: false, notice: null });
  }
  return memory.get(data);
}

export function empty() {
  return {};
}

export function mount(root, ctx) {
  new PanamaxEditor(root, ctx).start();
}

class PanamaxEditor {
  constructor(root, ctx) {
    this.root = root;
    this.ctx = ctx;
    this.kit = ctx.kit;
    this.data = ctx.data;
    this.ui = uiFor(ctx.data);
    this.model = readCanal(ctx.data);
    this.parts = {};
    this.slots = {};
  }

  start() {
    const nav = h("nav", { class: "pxb-jump", "aria-label": "The board's sections" },
      PARTS.map(([key, label]) => h("a", { href: `#pxb-${key}` }, label)));
    for (const [key] of PARTS) this.parts[key] = h("div", { class: "pxb-part", id: `pxb-${key}` });
    fill(this.root, nav, PARTS.map(([key]) => this.parts[key]));
    for (const [key] of PARTS) this.draw(key);
  }

  draw(part, focusKey = null) {
    const drawers = {
      canal: () => this.canalSection(), crossings: () => this.crossingsSection(), market: () => this.marketSection(),
      clipboard: () => this.clipboardSection(), contracts: () => this.deckSection("contracts"),
      setup_contracts: () => this.deckSection("setup_contracts"), bonus: () => this.bonusSection(),
      more: () => this.moreSection(), complete: () => this.completeSection(),
    };
    fill(this.parts[part], drawers[part]());
    if (focusKey) refocus(this.parts[part], focusKey);
  }

  changed(...parts) {
    this.ctx.changed();
    for (const part of parts) this.draw(part);
  }

  problems(...prefixes) {
    return prefixes.flatMap((prefix) => this.ctx.problems(prefix));
  }

  // ------------------------------------------------------------------------ the canal

  canalChanged(focusKey = null) {
    writeCanal(this.data, this.model);
    this.ctx.changed();
    this.draw("canal", focusKey);
    this.draw("crossings");
    this.draw("complete");
  }

  canalSection() {
    const { kit } = this;
    const rows = this.model.rows;
    this.slots.quick = h("div", { class: "pxb-add-row" });
    this.fillQuick();
    const notice = this.ui.notice;
    this.ui.notice = null;
    return kit.section("The canal", "Atlantic to Pacific, as the board shows it: type each zone's name, tap its kind "
      + "and its fee (the purple symbol, $ a die).",
    this.loadingFees(ATLANTIC_LOADING, "Atlantic side: the Loading zones' fees"),
    h("h3", { class: "pxb-sub" }, "Canal zones", h("span", { class: "muted small" }, ` · ${rows.length}`)),
    rows.length ? h("ol", { class: "be-rows pxb-zones" }, rows.map((row, i) => this.zoneRow(row, i)))
      : h("p", { class: "muted small" }, "No zone yet. Start at the Atlantic end."),
    notice ? h("p", { class: "notice small", role: "status" }, notice) : null,
    this.slots.quick,
    this.loadingFees(PACIFIC_LOADING, "Pacific side: the Loading zones' fees"),
    this.model.loose.length ? this.looseZones() : null,
    kit.problemNotes(this.problems("canal").filter((p) => !/^canal\.\d+$/.test(p.field))));
  }

  /** "Add a zone", and the places the rulebook names that are not on the canal yet. */
  fillQuick() {
    const missing = NAMED_CANAL.filter((name) => !this.model.rows.some((row) => row.name.trim() === name));
    fill(this.slots.quick,
      h("button", { type: "button", class: "be-add", dataset: { focusKey: "pxb-add-zone" }, onclick: () => this.addZone("") }, "Add a zone"),
      missing.length ? h("div", { class: "pxb-quick" }, h("span", { class: "muted small" }, "Or a place the rulebook names:"),
        h("div", { class: "pa-pick-opts" }, missing.map((name) => this.kit.option({
          label: `+ ${name}`, focusKey: `pxb-add:${name}`, className: "pxb-quick-add", data: { place: name },
          onclick: () => this.addZone(name),
        })))) : null);
  }

  addZone(name) {
    const row = newRow(this.model, name, LAKES.includes(name) ? "LAKE" : null, null);
    this.model.rows.push(row);
    this.canalChanged();
    // A typed zone: its name next; a named place: the next place still missing, or "Add a zone".
    const next = NAMED_CANAL.find((place) => !this.model.rows.some((r) => r.name.trim() === place));
    refocus(this.parts.canal, !name ? `pxb-zone-name:${row.id}` : next ? `pxb-add:${next}` : "pxb-add-zone");
  }

  zoneRow(row, i) {
    const { kit } = this;
    const count = this.model.rows.length;
    const kindSlot = h("div", { class: "pxb-kind-slot" });
    const drawKinds = () => {
      const lake = LAKES.includes(row.name.trim());
      fill(kindSlot, kit.group("Kind", h("div", { class: "pa-pick-opts" }, KINDS.map(([kind, label, sub]) => kit.option({
        label: [glyph(kind), label], sub: lake && kind !== "LAKE" ? "not for a lake" : sub,
        pressed: row.kind === kind, disabled: lake && kind !== "LAKE", focusKey: `pxb-kind:${row.id}:${kind}`,
        className: "pxb-kind", data: { kind },
        onclick: () => { row.kind = row.kind === kind ? null : kind; this.canalChanged(`pxb-kind:${row.id}:${kind}`); },
      })))));
    };
    drawKinds();
    const tool = (label, aria, key, disabled, onclick) => h("button", {
      type: "button", class: "secondary pxb-tool", "aria-label": aria, disabled, dataset: { focusKey: key }, onclick,
    }, label);
    const named = row.name.trim() || `zone ${i + 1}`;
    return h("li", { class: "be-row pxb-zone", dataset: { zone: String(i) } },
      h("div", { class: "be-row-body" },
        h("div", { class: "pxb-zone-head" },
          h("span", { class: "pxb-step", "aria-hidden": "true" }, String(i + 1)),
          kit.textField({ label: `Zone ${i + 1}`, value: row.name, maxlength: 60, key: `pxb-zone-name:${row.id}`,
            placeholder: "Its name, as printed",
            onchange: (value) => {
              row.name = value;
              if (LAKES.includes(value.trim())) row.kind = "LAKE";
              writeCanal(this.data, this.model);
              this.ctx.changed();
              drawKinds();
              this.fillQuick();
              this.draw("crossings");
              this.draw("complete");
            } })),
        kindSlot,
        kit.group("Fee, a die", h("div", { class: "pa-pick-opts" }, FEES.map((fee) => kit.option({
          label: `$${fee}`, pressed: row.fee === fee, focusKey: `pxb-fee:${row.id}:${fee}`,
          className: "pxb-fee", data: { fee: String(fee) },
          onclick: () => { row.fee = row.fee === fee ? null : fee; this.canalChanged(`pxb-fee:${row.id}:${fee}`); },
        })))),
        kit.problemNotes(this.problems(`canal.${i}`, `zones.${row.name}`, `fees.${row.name}`))),
      h("div", { class: "pxb-tools" },
        tool("↑", `Move ${named} towards the Atlantic`, `pxb-up:${row.id}`, i === 0, () => this.moveZone(i, -1, `pxb-up:${row.id}`)),
        tool("↓", `Move ${named} towards the Pacific`, `pxb-down:${row.id}`, i === count - 1, () => this.moveZone(i, 1, `pxb-down:${row.id}`)),
        h("button", { type: "button", class: "secondary be-remove", "aria-label": `Remove ${named}`, onclick: () => this.removeZone(i) }, "Remove")));
  }

  moveZone(i, delta, focusKey) {
    const rows = this.model.rows;
    [rows[i], rows[i + delta]] = [rows[i + delta], rows[i]];
    this.canalChanged(focusKey);
  }

  removeZone(i) {
    const [row] = this.model.rows.splice(i, 1);
    const before = this.model.crossings.length;
    this.model.crossings = this.model.crossings.filter((c) => c.from !== row && c.to !== row);
    const gone = before - this.model.crossings.length;
    if (gone) this.ui.notice = `${row.name.trim() || "The zone"} went with ${plural(gone, "crossing")} through it.`;
    const cross = this.ui.cross;
    if ([cross.from, cross.to].includes(`row:${row.id}`)) Object.assign(cross, { from: null, to: null });
    this.canalChanged("pxb-add-zone");
  }

  loadingFees(zones, legend) {
    const { kit } = this;
    return h("div", { class: "pxb-loading" }, h("h3", { class: "pxb-sub" }, legend), zones.map((zone) => h("div", { class: "pxb-loading-zone", dataset: { loading: zone } },
      kit.group(`${zoneName(zone)}, a die`, h("div", { class: "pa-pick-opts" }, FEES.map((fee) => kit.option({
        label: `$${fee}`, pressed: this.model.loadingFees[zone] === fee, focusKey: `pxb-fee:${zone}:${fee}`,
        className: "pxb-fee", data: { fee: String(fee) },
        onclick: () => {
          this.model.loadingFees[zone] = this.model.loadingFees[zone] === fee ? null : fee;
          this.canalChanged(`pxb-fee:${zone}:${fee}`);
        },
      })))),
      kit.problemNotes(this.problems(`fees.${zone}`)))));
  }

  /** Zones the file names (a kind, a fee) without placing them on the canal. */
  looseZones() {
    const { kit } = this;
    return h("div", { class: "pxb-loose" },
      h("h3", { class: "pxb-sub" }, "Named, but not placed on the canal"),
      h("ul", { class: "be-rows" }, this.model.loose.map((zone, i) => h("li", { class: "be-row", dataset: { loose: zone.name } },
        h("div", { class: "be-row-body" }, h("strong", {}, zone.name),
          h("span", { class: "muted small" }, [zone.kind ? ` · ${kindName(zone.kind)}` : "", zone.fee ? ` · $${zone.fee} a die` : ""].join("")),
          kit.problemNotes(this.problems(`zones.${zone.name}`, `fees.${zone.name}`))),
        h("div", { class: "pxb-tools" },
          h("button", { type: "button", class: "secondary", onclick: () => {
            this.model.loose.splice(i, 1);
            this.model.rows.push(newRow(this.model, zone.name, zone.kind, zone.fee));
            this.canalChanged();
          } }, "Put it on the canal"),
          h("button", { type: "button", class: "secondary be-remove", "aria-label": `Remove ${zone.name}`, onclick: () => {
            this.model.loose.splice(i, 1);
            this.canalChanged();
          } }, "Remove"))))));
  }

  // --------------------------------------------------------------------- crossings

  /** The places a ship bound for `bound` passes, in its order: its Loading zones, the canal. */
  course(bound) {
    const rows = this.model.rows.filter((row) => row.name.trim());
    return bound === "PACIFIC" ? { starts: ATLANTIC_LOADING, canal: rows } : { starts: PACIFIC_LOADING, canal: [...rows].reverse() };
  }

  place(key) {
    if (!key) return null;
    if (key.startsWith("fixed:")) return key.slice(6);
    return this.model.rows.find((row) => `row:${row.id}` === key) || null;
  }

  /** Where a crossing may lead from `from` for ships bound that way: ahead along the canal
   *  (the nearest first), and out to the ocean from a canal zone. */
  aheadOf(bound, fromKey) {
    const { starts, canal } = this.course(bound);
    if (!fromKey) return [];
    if (starts.some((zone) => `fixed:${zone}` === fromKey)) return canal.map((row) => `row:${row.id}`);
    const at = canal.findIndex((row) => `row:${row.id}` === fromKey);
    if (at < 0) return [];
    return [...canal.slice(at + 1).map((row) => `row:${row.id}`), `fixed:${OCEAN}`];
  }

  crossingsSection() {
    const { kit } = this;
    const build = this.ui.cross;
    const { starts, canal } = this.course(build.bound);
    const froms = [...starts.map((zone) => `fixed:${zone}`), ...canal.map((row) => `row:${row.id}`)];
    if (build.from && !froms.includes(build.from)) Object.assign(build, { from: null, to: null });
    const ahead = this.aheadOf(build.bound, build.from);
    if (build.to && !ahead.includes(build.to)) build.to = null;
    if (build.to === `fixed:${OCEAN}`) build.icon = "lock";
    const label = (key) => zoneName(nameOf(this.place(key)));
    const listed = (bound, from, to) => this.model.crossings.some((c) => c.bound === bound && nameOf(c.from) === from && nameOf(c.to) === to);
    const ready = build.from && build.to && build.icon;
    const twice = ready && listed(build.bound, nameOf(this.place(build.from)), nameOf(this.place(build.to)));
    const pick = (field, value, key) => () => {
      build[field] = build[field] === value && field !== "bound" ? null : value;
      if (field === "bound") Object.assign(build, { from: null, to: null });
      if (field === "from") build.to = null;
      this.draw("crossings", key);
    };
    const builder = canal.length ? h("div", { class: "pxb-builder", role: "group", "aria-label": "A new crossing" },
      kit.group("Ships bound for", h("div", { class: "pa-pick-opts" }, BOUNDS.map(([bound, text]) => kit.option({
        label: text, pressed: build.bound === bound, focusKey: `pxb-bound:${bound}`, data: { bound },
        onclick: pick("bound", bound, `pxb-bound:${bound}`) })))),
      kit.group("From", h("div", { class: "pa-pick-opts pxb-places" }, froms.map((key) => kit.option({
        label: label(key), pressed: build.from === key, focusKey: `pxb-from:${key}`, className: "pxb-place", data: { from: nameOf(this.place(key)) },
        onclick: pick("from", key, `pxb-from:${key}`) })))),
      kit.group("Into", build.from ? h("div", { class: "pa-pick-opts pxb-places" }, ahead.map((key, i) => kit.option({
        label: label(key), sub: key === `fixed:${OCEAN}` ? "leaving the canal" : i === 0 ? "the next zone" : null,
        pressed: build.to === key, focusKey: `pxb-to:${key}`, className: "pxb-place", data: { to: nameOf(this.place(key)) },
        onclick: pick("to", key, `pxb-to:${key}`) }))) : h("p", { class: "muted small" }, "Tap where the ships come from.")),
      kit.group("Icon crossed", h("div", { class: "pa-pick-opts" }, ICONS.map(([icon, text]) => {
        const out = build.to === `fixed:${OCEAN}` && icon !== "lock";
        return kit.option({ label: [glyph(icon), text], sub: out ? "ships leave by a lock" : null, pressed: build.icon === icon,
          disabled: out, focusKey: `pxb-icon:${icon}`, className: "pxb-icon", data: { icon }, onclick: pick("icon", icon, `pxb-icon:${icon}`) });
      }))),
      h("button", { type: "button", class: "be-add pxb-add-crossing", disabled: !ready || twice, dataset: { focusKey: "pxb-add-crossing" },
        onclick: () => this.addCrossing() },
      twice ? "Already listed" : ready ? `Add: ${label(build.from)} → ${label(build.to)}, ${build.icon}` : "Add the crossing"))
      : h("p", { class: "muted small" }, "Add the canal's zones first: a crossing joins two places along it.");
    return kit.section("Crossings", "Each arrow between two places and the icon on it (a lock or a waterway), for "
      + "ships bound one way. After each one the next starts where it ended.",
    builder,
    BOUNDS.map(([bound]) => this.crossingList(bound)),
    kit.problemNotes(this.problems("crossings").filter((p) => !/^crossings\.\d+$/.test(p.field))));
  }

  crossingList(bound) {
    const entries = this.model.crossings.map((c, i) => [c, i]).filter(([c]) => c.bound === bound);
    if (!entries.length) return null;
    return h("section", { class: "be-list", "aria-label": `Crossings bound for the ${bound === "PACIFIC" ? "Pacific" : "Atlantic"}` },
      h("h3", {}, `Bound for the ${bound === "PACIFIC" ? "Pacific" : "Atlantic"}`, h("span", { class: "muted small" }, ` · ${entries.length}`)),
      h("ol", { class: "be-rows" }, entries.map(([c, i]) => h("li", { class: "be-row pxb-crossing", dataset: { crossing: String(i) } },
        h("div", { class: "be-row-body" },
          h("span", { class: "pxb-crossing-text" }, `${zoneName(nameOf(c.from))} → ${zoneName(nameOf(c.to))}`),
          h("span", { class: `pxb-badge is-${c.icon}` }, glyph(c.icon), c.icon === "lock" ? "Lock" : "Waterway"),
          this.kit.problemNotes(this.problems(`crossings.${i}`))),
        h("button", { type: "button", class: "secondary be-remove", "aria-label": `Remove the crossing ${nameOf(c.from)} to ${nameOf(c.to)}`,
          onclick: () => { this.model.crossings.splice(i, 1); this.canalChanged(); } }, "Remove")))));
  }

  addCrossing() {
    const build = this.ui.cross;
    const to = this.place(build.to);
    this.model.crossings.push({ bound: build.bound, from: this.place(build.from), to, icon: build.icon });
    // The next crossing along the canal starts where this one ended.
    if (build.to === `fixed:${OCEAN}`) Object.assign(build, { from: null, to: null, icon: null });
    else {
      build.from = build.to;
      build.to = this.aheadOf(build.bound, build.from)[0] || null;
      build.icon = null;
    }
    writeCanal(this.data, this.model);
    this.ctx.changed();
    this.draw("crossings", build.to ? "pxb-icon:lock" : "pxb-add-crossing");
    this.draw("complete");
  }

  // ----------------------------------------------------------------------- the Market

  marketSection() {
    const { kit } = this;
    const data = this.data;
    const mode = this.ui.market || (data.dividends && data.dividends.length && !(data.market && data.market.length) ? "dividends" : "market");
    this.ui.market = mode;
    const other = mode === "market" ? "dividends" : "market";
    const switchTo = (next) => {
      if (next === mode) return;
      // The rows go with the choice, unless the file already holds both lists (then both show).
      if (!(data[next] || []).length && (data[mode] || []).length) {
        data[next] = data[mode];
        delete data[mode];
      }
      this.ui.market = next;
      this.changed("market");
      refocus(this.parts.market, `pxb-market-mode:${next}`);
    };
    return kit.section("The Market table", "Each space's share price and the dividend it pays a share.",
      kit.group("What you transcribe", h("div", { class: "pa-pick-opts" },
        kit.option({ label: "The whole table", sub: "its prices are the range", pressed: mode === "market",
          focusKey: "pxb-market-mode:market", data: { mode: "market" }, onclick: () => switchTo("market") }),
        kit.option({ label: "Some dividends only", sub: "not every price", pressed: mode === "dividends",
          focusKey: "pxb-market-mode:dividends", data: { mode: "dividends" }, onclick: () => switchTo("dividends") }))),
      this.marketRows(mode),
      (data[other] || []).length ? this.marketRows(other) : null);
  }

  /** The rows of `market` or `dividends`, one line each: the price typed (the next row's is
   *  offered one dollar up), the dividend typed or stepped. */
  marketRows(key) {
    const { kit } = this;
    const rows = this.data[key] || [];
    const title = key === "market" ? "Market table" : "Dividends seen";
    const add = () => {
      const last = rows[rows.length - 1];
      const known = (n) => n !== null && n !== undefined;
      this.data[key] = [...rows, { price: last && known(last.price) ? Math.min(99, last.price + 1) : null,
        dividend: last && known(last.dividend) ? last.dividend : null }];
      this.changed("market");
      refocus(this.parts.market, `pxb-${key}:${rows.length}:${last ? "dividend" : "price"}`);
    };
    return h("section", { class: "be-list pxb-market", "aria-label": title },
      h("h3", {}, title, h("span", { class: "muted small" }, ` · ${rows.length}`)),
      rows.length ? h("ol", { class: "be-rows" }, rows.map((row, i) => {
        const id = `pxb-${key}-${i}-price`;
        const price = row.price !== null && row.price !== undefined ? `$${row.price}` : `row ${i + 1}`;
        return h("li", { class: "be-row pxb-market-row", dataset: { market: key, row: String(i) } },
          h("div", { class: "pxb-market-line" },
            h("div", { class: "field be-field pxb-price" }, h("label", { for: id }, "Price $"),
              h("input", { id, type: "text", inputmode: "numeric", pattern: "[0-9]*", maxlength: 2, autocomplete: "off",
                class: "be-number", value: row.price === null || row.price === undefined ? "" : String(row.price),
                dataset: { focusKey: `pxb-${key}:${i}:price` },
                oninput: (event) => {
                  const text = event.target.value.trim();
                  if (text === "") row.price = null;
                  else if (/^\d+$/.test(text)) row.price = Math.min(99, Number(text));
                  this.ctx.changed();
                } })),
            kit.numberField({ label: "Dividend $", value: row.dividend, min: 0, max: 99, key: `pxb-${key}:${i}:dividend`,
              onchange: (value) => { row.dividend = value; this.ctx.changed(); } }),
            h("button", { type: "button", class: "secondary pxb-tool pxb-remove-x", "aria-label": `Remove the ${title} row at ${price}`,
              onclick: () => {
                rows.splice(i, 1);
                if (!rows.length) delete this.data[key];
                this.changed("market");
                refocus(this.parts.market, `pxb-add-row:${key}`);
              } }, "×")),
          kit.problemNotes(this.problems(`${key}.${i}`)));
      })) : h("p", { class: "muted small" }, "No row yet."),
      h("button", { type: "button", class: "be-add", dataset: { focusKey: `pxb-add-row:${key}` }, onclick: add },
        key === "market" ? "Add a row" : "Add a dividend"));
  }

  // --------------------------------------------------------------------- Clipboards

  clipboardSection() {
    const { kit } = this;
    const board = this.data.clipboard || {};
    return kit.section("Clipboards", "Each nation's row: the free action printed under each space, from the first. "
      + "Tap a space to change it.",
    NATIONS.map((nation) => {
      const icons = board[nation] || [];
      const chosen = this.ui.clip[nation];
      const editing = chosen !== undefined && chosen !== null && chosen < icons.length;
      const set = (icon) => {
        const row = [...icons];
        if (editing) row[chosen] = icon;
        else if (row.length < SPACES) row.push(icon);
        this.ui.clip[nation] = null;
        this.writeClipboard(nation, row);
        refocus(this.parts.clipboard, `pxb-clip:${nation}:${icon}`);
      };
      return h("div", { class: "pxb-clipboard", dataset: { nation } },
        h("h3", { class: "pxb-sub" }, `${NATION[nation]} row`, h("span", { class: "muted small" }, ` · ${icons.length} of ${SPACES} spaces`)),
        icons.length ? h("ol", { class: "pxb-spaces", "aria-label": `${NATION[nation]} row's spaces` }, icons.map((icon, i) => h("li", {},
          kit.option({ label: String(i + 1), sub: actionName(icon), pressed: editing && chosen === i,
            focusKey: `pxb-space:${nation}:${i}`, className: "pxb-space", data: { space: String(i) },
            onclick: () => { this.ui.clip[nation] = editing && chosen === i ? null : i; this.draw("clipboard", `pxb-space:${nation}:${i}`); } }))))
          : null,
        icons.length < SPACES || editing ? kit.group(editing ? `Space ${chosen + 1} shows` : `Space ${icons.length + 1} shows`,
          h("div", { class: "pa-pick-opts pxb-actions" }, FREE_ACTIONS.map(([icon, label]) => kit.option({
            label, focusKey: `pxb-clip:${nation}:${icon}`, className: "pxb-action", data: { action: icon }, onclick: () => set(icon) })))) : null,
        icons.length ? h("button", { type: "button", class: "secondary pxb-tool-wide", dataset: { focusKey: `pxb-clip-undo:${nation}` },
          onclick: () => { this.ui.clip[nation] = null; this.writeClipboard(nation, icons.slice(0, -1)); refocus(this.parts.clipboard, `pxb-clip-undo:${nation}`); } },
        `Remove space ${icons.length}`) : null,
        kit.problemNotes(this.problems(`clipboard.${nation}`)));
    }));
  }

  writeClipboard(nation, row) {
    const board = { ...(this.data.clipboard || {}) };
    if (row.length) board[nation] = row;
    else delete board[nation];
    if (Object.keys(board).length) this.data.clipboard = board;
    else delete this.data.clipboard;
    this.changed("clipboard");
  }

  // ------------------------------------------------------------------------- the cards

  deckSection(deck) {
    const { kit } = this;
    const cards = this.data[deck] || [];
    const [name] = DECK[deck];
    const most = BOX[deck];
    const help = deck === "contracts"
      ? "Each card's front (its nation, its containers' values and Rail icons) and its back (generic 3s). The id is your label for the card."
      : "Each Setup Contract card's front. The id is your label for the card.";
    return kit.section(deck === "contracts" ? "Contract cards" : "Setup Contract cards", help,
      h("h3", { class: "pxb-sub" }, `${cards.length} of the box's ${most}`),
      cards.length ? h("ol", { class: "be-rows pxb-cards" }, cards.map((card, i) => this.cardRow(deck, card, i))) : h("p", { class: "muted small" }, "No card yet."),
      h("button", { type: "button", class: "be-add", disabled: cards.length >= most, dataset: { focusKey: `pxb-add-card:${deck}` },
        onclick: () => this.addCard(deck) }, cards.length >= most ? `All ${most} cards are listed` : `Add a ${name}`),
      kit.problemNotes(this.problems(deck).filter((p) => !new RegExp(`^${deck}\\.\\d+(\\.|$)`).test(p.field))));
  }

  addCard(deck) {
    const cards = this.data[deck] || [];
    const last = cards[cards.length - 1];
    const card = { id: nextId(cards, DECK[deck][1]), front: { nation: null, containers: [{ value: null, rail: false }] } };
    if (deck === "contracts") card.back = { containers: [{ value: GENERIC, rail: false }] };
    this.data[deck] = [...cards, card];
    this.ui.open[deck] = cards.length;
    this.changed(deck, "complete");
    refocus(this.parts[deck], `pxb-nation:${deck}:${cards.length}:${(last && last.front && last.front.nation) || "EU"}`);
  }

  cardRow(deck, card, i) {
    const { kit } = this;
    const open = this.ui.open[deck] === i;
    const preview = h("span", { class: "pxb-preview-slot" }, cardPreview(card, deck));
    const unfinished = !card.front || !card.front.nation || (card.front.containers || []).some((box) => !box.value);
    return h("li", { class: `be-row pxb-card-row${open ? " is-open" : ""}`, dataset: { card: String(i) } },
      h("div", { class: "be-row-body" },
        h("button", { type: "button", class: "pxb-card-btn", "aria-expanded": String(open), dataset: { focusKey: `pxb-card:${deck}:${i}` },
          onclick: () => { this.ui.open[deck] = open ? null : i; this.draw(deck, `pxb-card:${deck}:${i}`); } },
        preview, h("span", { class: "pxb-card-verb" }, open ? "Close" : unfinished ? "Finish it" : "Edit")),
        kit.problemNotes(this.problems(`${deck}.${i}`)),
        open ? this.cardBuilder(deck, card, i, preview) : null));
  }

  removeCard(deck, i) {
    const cards = this.data[deck];
    cards.splice(i, 1);
    if (!cards.length) delete this.data[deck];
    this.ui.open[deck] = null;
    this.changed(deck, "complete");
    refocus(this.parts[deck], `pxb-add-card:${deck}`);
  }

  cardBuilder(deck, card, i, preview) {
    const { kit } = this;
    const front = card.front;
    const back = card.back;
    const key = `${deck}:${i}`;
    const redraw = (focusKey) => { this.ctx.changed(); this.draw(deck, focusKey); };
    const railOn = (face) => Boolean(face) && (face.containers || []).some((box) => box.rail);
    const fitBack = () => {
      if (!back) return;
      const wanted = front.containers.length === 3 ? 2 : 1;
      const kept = back.containers.slice(0, wanted);
      while (kept.length < wanted) kept.push({ value: GENERIC, rail: false });
      back.containers = kept;
    };
    const boxEditor = (box, j, face, other, faceName) => h("div", { class: "pxb-box-edit", dataset: { face: faceName, container: String(j) } },
      h("span", { class: "pxb-box-title" }, `Container ${j + 1}`),
      faceName === "front" ? kit.group("Value", h("div", { class: "pa-pick-opts pxb-values" }, [1, 2, 3, 4, 5, 6].map((v) => kit.option({
        label: String(v), pressed: box.value === v, focusKey: `pxb-value:${key}:${j}:${v}`, className: "pa-pick-num pxb-value", data: { value: String(v) },
        onclick: () => { box.value = v; redraw(`pxb-value:${key}:${j}:${v}`); } })))) : h("span", { class: "pxb-generic" }, `a generic ${GENERIC}`),
      h("div", { class: "pa-pick-opts pxb-box-tools" },
        kit.option({ label: [glyph("rail"), "Rail icon"], sub: !box.rail && railOn(other) ? `on the ${faceName === "front" ? "back" : "front"}` : null,
          pressed: Boolean(box.rail), disabled: !box.rail && railOn(other), focusKey: `pxb-rail:${key}:${faceName}:${j}`, className: "pxb-rail", data: { rail: faceName },
          onclick: () => { box.rail = !box.rail; redraw(`pxb-rail:${key}:${faceName}:${j}`); } }),
        faceName === "front" && face.containers.length > 1 ? h("button", { type: "button", class: "secondary pxb-tool-wide",
          "aria-label": `Remove container ${j + 1}`, dataset: { focusKey: `pxb-unbox:${key}:${j}` },
          onclick: () => { face.containers.splice(j, 1); fitBack(); redraw(`pxb-add-box:${key}`); } }, "Remove") : null));
    return h("div", { class: "pxb-builder pxb-card-builder", role: "group", "aria-label": `${DECK[deck][0]} ${card.id || i + 1}` },
      kit.textField({ label: "Id", value: card.id || "", maxlength: 40, key: `pxb-card-id:${key}`, help: "Your label for this card; each card its own.",
        onchange: (value) => { card.id = value; this.ctx.changed(); fill(preview, cardPreview(card, deck)); } }),
      kit.group("Nation", h("div", { class: "pa-pick-opts" }, NATIONS.map((nation) => kit.option({
        label: NATION[nation], pressed: front.nation === nation, focusKey: `pxb-nation:${key}:${nation}`, className: "pxb-nation", data: { nation },
        onclick: () => { front.nation = nation; redraw(`pxb-nation:${key}:${nation}`); } })))),
      h("fieldset", { class: "pa-pick-group pxb-face" }, h("legend", {}, deck === "contracts" ? "Front: containers" : "Containers"),
        front.containers.map((box, j) => boxEditor(box, j, front, back, "front")),
        front.containers.length < 3 ? h("button", { type: "button", class: "secondary pxb-tool-wide", dataset: { focusKey: `pxb-add-box:${key}` },
          onclick: () => { front.containers.push({ value: null, rail: false }); fitBack(); redraw(`pxb-value:${key}:${front.containers.length - 1}:1`); } },
        `Add container ${front.containers.length + 1}`) : null),
      back ? h("fieldset", { class: "pa-pick-group pxb-face" }, h("legend", {}, "Back: generic containers"),
        back.containers.map((box, j) => boxEditor(box, j, back, front, "back"))) : null,
      h("div", { class: "pxb-card-end" },
        h("button", { type: "button", class: "pxb-done", dataset: { focusKey: `pxb-done:${key}` },
          onclick: () => { this.ui.open[deck] = null; this.draw(deck, `pxb-add-card:${deck}`); } }, "Done"),
        h("button", { type: "button", class: "secondary be-remove", "aria-label": `Remove ${DECK[deck][0]} ${card.id || i + 1}`,
          onclick: () => this.removeCard(deck, i) }, "Remove this card")));
  }

  // ------------------------------------------------------- Captain and Stevedore cards

  bonusSection() {
    const { kit } = this;
    const decks = this.data.bonus_cards || {};
    return kit.section("Captain and Stevedore cards", "What each card does, from the leaflet: the moves it adds this "
      + "turn (locks, waterways, any kind) and the dice it lets you load.",
    BONUS.map(([deck, title]) => h("div", { class: "pxb-bonus", dataset: { deck } },
      h("h3", { class: "pxb-sub" }, `${title} cards`),
      h("ol", { class: "be-rows" }, [1, 2, 3, 4, 5].map((n) => {
        const effects = (decks[deck] || {})[String(n)];
        return h("li", { class: `be-row pxb-bonus-card${effects ? "" : " is-empty"}`, dataset: { card: String(n) } },
          h("div", { class: "be-row-body" },
            h("strong", {}, `${title} card ${n}`),
            effects ? h("div", { class: "pxb-effects" }, EFFECTS.map(([field, label]) => kit.numberField({
              label, value: effects[field] ?? null, min: 0, max: 6, key: `pxb-bonus:${deck}:${n}:${field}`,
              onchange: (value) => {
                if (value === null) delete effects[field];
                else effects[field] = value;
                this.ctx.changed();
              } }))) : h("span", { class: "muted small" }, " · not transcribed"),
            kit.problemNotes(this.problems(`bonus_cards.${deck}.${n}`))),
          effects ? h("button", { type: "button", class: "secondary be-remove", "aria-label": `Remove ${title} card ${n}'s effect`,
            onclick: () => this.setBonus(deck, n, null) }, "Remove")
            : h("button", { type: "button", class: "secondary pxb-tool-wide", dataset: { focusKey: `pxb-bonus-add:${deck}:${n}` },
              onclick: () => { this.setBonus(deck, n, { locks: 0, waterways: 0, any_moves: 0, loads: 0 }); refocus(this.parts.bonus, `pxb-bonus:${deck}:${n}:locks`); } },
            "Transcribe it"));
      })))),
    kit.problemNotes(this.problems("bonus_cards").filter((p) => p.field.split(".").length < 3)));
  }

  setBonus(deck, n, effects) {
    const decks = { ...(this.data.bonus_cards || {}) };
    const cards = { ...(decks[deck] || {}) };
    if (effects) cards[String(n)] = effects;
    else delete cards[String(n)];
    const sorted = Object.fromEntries(Object.keys(cards).sort().map((k) => [k, cards[k]]));
    if (Object.keys(sorted).length) decks[deck] = sorted;
    else delete decks[deck];
    if (Object.keys(decks).length) this.data.bonus_cards = decks;
    else delete this.data.bonus_cards;
    this.changed("bonus");
  }

  // --------------------------------------------- More: unique ships, the 2-slot ship

  moreSection() {
    const { kit } = this;
    const ships = this.data.ships || {};
    const details = h("details", { class: "panel pxb-more", open: this.ui.more || this.problems("ships", "two_slot_cost").length > 0 || null,
      ontoggle: (event) => { this.ui.more = event.target.open; } },
    h("summary", {}, h("span", { class: "pxb-more-title" }, "More: the unique ships' tiles, the 2-slot ship's price"),
      h("span", { class: "muted small" }, ` · ${plural(Object.keys(ships).length, "tile")}${this.data.two_slot_cost !== undefined ? ", a price" : ""}`)),
    h("p", { class: "muted small" }, "What the rulebook prints is shown, not asked (a 3-slot cruise ship holds 3 dice; a military ship none)."),
    UNIQUE_SHIPS.map(([ship, kind, nation]) => {
      const spec = ships[ship];
      const printed = PRINTED[ship] || (kind === "Military" ? PRINTED_MILITARY : {});
      const printedText = Object.entries(printed).map(([field, value]) => (field === "slots" ? plural(value, "slot") : `${plural(value, "die", "dice")} held`)).join(", ");
      return h("div", { class: `be-row pxb-ship${spec ? "" : " is-empty"}`, dataset: { ship } },
        h("div", { class: "be-row-body" },
          h("strong", {}, ship), h("span", { class: "muted small" }, ` · ${kind} · starts in Loading ${NATION[nation]}`),
          printedText ? h("p", { class: "small pxb-printed" }, `Printed: ${printedText}.`) : null,
          spec ? [
            printed.slots === undefined ? kit.group("Slots", h("div", { class: "pa-pick-opts" }, [1, 2, 3, 4].map((n) => kit.option({
              label: String(n), pressed: spec.slots === n, focusKey: `pxb-slots:${ship}:${n}`, className: "pa-pick-num", data: { slots: String(n) },
              onclick: () => { if (spec.slots === n) delete spec.slots; else spec.slots = n; this.changed(); this.draw("more", `pxb-slots:${ship}:${n}`); } }))))
              : null,
            h("div", { class: "pxb-pair" }, SPEC.filter(([field]) => printed[field] === undefined).map(([field, label]) => kit.numberField({
              label, value: spec[field] ?? null, min: 0, max: 20, key: `pxb-spec:${ship}:${field}`,
              onchange: (value) => { if (value === null) delete spec[field]; else spec[field] = value; this.ctx.changed(); } }))),
          ] : null,
          kit.problemNotes(this.problems(`ships.${ship}`))),
        spec ? h("button", { type: "button", class: "secondary be-remove", "aria-label": `Remove ${ship}'s tile`,
          onclick: () => this.setShip(ship, null) }, "Remove")
          : h("button", { type: "button", class: "secondary pxb-tool-wide", dataset: { focusKey: `pxb-ship-add:${ship}` },
            onclick: () => this.setShip(ship, { ...printed }) }, "Add its tile"));
    }),
    h("div", { class: "pxb-two-slot" }, kit.numberField({ label: "A 2-slot ship's price, $", value: this.data.two_slot_cost ?? null, min: 0, max: 30,
      key: "pxb-two-slot", help: "What building a 2-slot ship costs (the rulebook does not print it).",
      onchange: (value) => { if (value === null) delete this.data.two_slot_cost; else this.data.two_slot_cost = value; this.ctx.changed(); } }),
    kit.problemNotes(this.problems("two_slot_cost"))));
    return details;
  }

  setShip(ship, spec) {
    const ships = { ...(this.data.ships || {}) };
    if (spec) ships[ship] = spec;
    else delete ships[ship];
    if (Object.keys(ships).length) this.data.ships = ships;
    else delete this.data.ships;
    this.ui.more = true;
    this.changed("more");
    refocus(this.parts.more, spec ? `pxb-slots:${ship}:1` : `pxb-ship-add:${ship}`);
  }

  // ---------------------------------------------------------------- the whole box

  completeSection() {
    const { kit } = this;
    const marked = this.data.complete || [];
    const count = (deck) => new Set((this.data[deck] || []).map((card) => card.id)).size;
    const missing = NAMED_CANAL.filter((name) => !(this.data.canal || []).includes(name));
    const switches = {
      contracts: ["Every Contract card", count("contracts") < BOX.contracts ? `${count("contracts")} of ${BOX.contracts} listed` : `all ${BOX.contracts} listed`,
        count("contracts") < BOX.contracts],
      setup_contracts: ["Every Setup Contract card", count("setup_contracts") < BOX.setup_contracts
        ? `${count("setup_contracts")} of ${BOX.setup_contracts} listed` : `all ${BOX.setup_contracts} listed`, count("setup_contracts") < BOX.setup_contracts],
      canal: ["The whole canal", missing.length ? `without ${missing.join(", ")}` : `${plural((this.data.canal || []).length, "zone")}`, missing.length > 0],
      crossings: ["Every crossing", plural((this.data.crossings || []).length, "crossing"), false],
    };
    const toggle = (section) => {
      const next = marked.includes(section) ? marked.filter((s) => s !== section) : [...marked, section];
      const ordered = COMPLETABLE.filter((s) => next.includes(s));
      if (ordered.length) this.data.complete = ordered;
      else delete this.data.complete;
      this.ctx.changed();
      this.draw("complete", `pxb-complete:${section}`);
    };
    return kit.section("The whole box?", "Switch on what you have transcribed completely: the rules then refuse a card, a "
      + "zone or a crossing that is not on this board. Leave it off while a list is partial.",
    h("div", { class: "pa-pick-opts pxb-complete" }, COMPLETABLE.map((section) => {
      const [label, sub, short] = switches[section];
      const on = marked.includes(section);
      return kit.option({ label, sub, pressed: on, disabled: !on && short, focusKey: `pxb-complete:${section}`,
        className: "pxb-switch", data: { complete: section }, onclick: () => toggle(section) });
    })),
    kit.problemNotes(this.problems("complete")));
  }
}

// ------------------------------------------------------------------- the canal's rows

function readCanal(data) {
  const model = { rows: [], loose: [], loadingFees: {}, crossings: [], next: 1 };
  const zones = data.zones || {};
  const fees = data.fees || {};
  for (const name of data.canal || []) model.rows.push(newRow(model, name, zones[name] ?? null, fees[name] ?? null));
  const placed = new Set(data.canal || []);
  const loading = [...ATLANTIC_LOADING, ...PACIFIC_LOADING];
  for (const zone of loading) model.loadingFees[zone] = fees[zone] ?? null;
  for (const name of new Set([...Object.keys(zones), ...Object.keys(fees)])) {
    if (!placed.has(name) && !loading.includes(name)) model.loose.push({ name, kind: zones[name] ?? null, fee: fees[name] ?? null });
  }
  const ref = (name) => model.rows.find((row) => row.name === name) || name;
  model.crossings = (data.crossings || []).map((c) => ({ bound: c.bound, from: ref(c.from), to: ref(c.to), icon: c.icon }));
  return model;
}

function newRow(model, name, kind, fee) {
  model.next += 1;
  return { id: model.next, name, kind, fee };
}

/** The model back into the file: canal, zones, fees and crossings (an empty one left out). */
function writeCanal(data, model) {
  const zones = {};
  const fees = {};
  for (const zone of [...ATLANTIC_LOADING, ...PACIFIC_LOADING]) if (model.loadingFees[zone]) fees[zone] = model.loadingFees[zone];
  for (const row of [...model.rows, ...model.loose]) {
    if (row.kind) zones[row.name] = row.kind;
    if (row.fee) fees[row.name] = row.fee;
  }
  const crossings = model.crossings.map((c) => ({ bound: c.bound, from: nameOf(c.from), to: nameOf(c.to), icon: c.icon }));
  put(data, "canal", model.rows.length ? model.rows.map((row) => row.name) : null);
  put(data, "zones", Object.keys(zones).length ? zones : null);
  put(data, "fees", Object.keys(fees).length ? fees : null);
  put(data, "crossings", crossings.length ? crossings : null);
}

function put(data, key, value) {
  if (value === null) delete data[key];
  else data[key] = value;
}

function nameOf(place) {
  return place && typeof place === "object" ? place.name : place;
}

// ------------------------------------------------------------------------ drawings

/** A small drawing beside a word: a dashed rectangle, a lake, a lock, a waterway, a rail icon. */
function glyph(kind) {
  return h("span", { class: `pxb-glyph is-${String(kind).toLowerCase()}`, "aria-hidden": "true" });
}

function kindName(kind) {
  return kind === "LAKE" ? "lake" : kind === "DASHED" ? "dashed rectangle" : String(kind);
}

function actionName(icon) {
  return (FREE_ACTIONS.find(([key]) => key === icon) || [icon, String(icon)])[1];
}

/** A card as the table sees it: its id, its nation, its containers (the Rail icons marked). */
function cardPreview(card, deck) {
  const front = card.front || {};
  const boxes = (face) => (face.containers || []).map((box) => h("span", { class: `pxb-box${box.rail ? " has-rail" : ""}` },
    box.value ? String(box.value) : "?", box.rail ? h("span", { class: "pxb-box-rail" }, "Rail") : null));
  return h("span", { class: "pxb-card" },
    h("span", { class: "pxb-card-id" }, card.id || "(no id)"),
    h("span", { class: "pxb-card-nation" }, NATION[front.nation] || "Nation?"),
    h("span", { class: "pxb-card-face", "aria-label": "front" }, boxes(front)),
    deck === "contracts" && card.back ? h("span", { class: "pxb-card-face is-back" }, h("span", { class: "pxb-card-back" }, "back"), boxes(card.back)) : null);
}

/** The next free id after the deck's highest "<prefix><n>". */
function nextId(cards, prefix) {
  const taken = new Set(cards.map((card) => card.id));
  let n = cards.reduce((most, card) => {
    const match = new RegExp(`^${prefix}(\\d+)$`).exec(String(card.id || ""));
    return match ? Math.max(most, Number(match[1])) : most;
  }, 0) + 1;
  while (taken.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

// -------------------------------------------------------------- for the save bar

export function summary(data) {
  const count = (key) => (Array.isArray(data[key]) ? data[key].length : 0);
  const cards = count("contracts") + count("setup_contracts");
  const parts = [
    count("canal") ? plural(count("canal"), "zone") : null,
    count("crossings") ? plural(count("crossings"), "crossing") : null,
    count("market") ? plural(count("market"), "Market row") : count("dividends") ? plural(count("dividends"), "dividend") : null,
    cards ? plural(cards, "card") : null,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "Nothing transcribed yet";
}

const WORDS = {
  id: "id", front: "front", back: "back", nation: "nation", containers: "containers", value: "value", rail: "Rail icon",
  price: "price", dividend: "dividend", slots: "slots", min: "needs to sail", max: "carries at most", max_dice: "dice it holds",
  locks: "locks", waterways: "waterways", any_moves: "moves of any kind", loads: "loads", bound: "bound", from: "from", to: "into", icon: "icon",
};

/** The rest of a path in words: "front.containers.1.value" -> "front, container 2, value". */
function tail(parts) {
  const out = [];
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i];
    if (part === "containers" && /^\d+$/.test(parts[i + 1] || "")) {
      out.push(`container ${Number(parts[i + 1]) + 1}`);
      i += 1;
    } else out.push(WORDS[part] || part);
  }
  return out.length ? `: ${out.join(", ")}` : "";
}

export function fieldLabel(path) {
  const text = String(path || "");
  const [head, ...rest] = text.split(".");
  const index = (part) => (/^\d+$/.test(part || "") ? Number(part) + 1 : null);
  switch (head) {
    case "canal": return index(rest[0]) ? `The canal, zone ${index(rest[0])}` : "The canal";
    case "zones": return rest.length ? `${rest.join(".")}: its kind` : "The zones' kinds";
    case "fees": return rest.length ? `${zoneName(rest.join("."))}: its fee` : "The fees";
    case "crossings": return index(rest[0]) ? `Crossing ${index(rest[0])}${tail(rest.slice(1))}` : "The crossings";
    case "market": return index(rest[0]) ? `Market table, row ${index(rest[0])}${tail(rest.slice(1))}` : "The Market table";
    case "dividends": return index(rest[0]) ? `Dividend ${index(rest[0])}${tail(rest.slice(1))}` : "The dividends";
    case "clipboard": return rest[0] ? `${NATION[rest[0]] || rest[0]} Clipboard row${index(rest[1]) ? `, space ${index(rest[1])}` : ""}` : "The Clipboards";
    case "ships": return rest[0] ? `${rest[0]}'s tile${tail(rest.slice(1))}` : "The unique ships";
    case "two_slot_cost": return "A 2-slot ship's price";
    case "contracts":
    case "setup_contracts": return index(rest[0]) ? `${DECK[head][0]} ${index(rest[0])}${tail(rest.slice(1))}` : `The ${DECK[head][0]}s`;
    case "bonus_cards": return rest[0] ? `${rest[0] === "stevedore" ? "Stevedore" : "Captain"} card${rest[1] ? ` ${rest[1]}` : "s"}${tail(rest.slice(2))}` : "Captain and Stevedore cards";
    case "complete": return "The whole-box switches";
    default: return text;
  }
}
