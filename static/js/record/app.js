// The recording page with the game's write cookie: whose turn, what is expected,
// one-tap buttons and short forms, one-tap undo (and redo), the log with void/amend,
// notes, free-form events, and the invite panel (devices.js). Everything user-written goes in as
// text.
//
// Every write carries the `expected_version` of the state the user acted on: the
// version the page showed when the button was pressed, or when a dialog, an editor
// or a "Record anyway" offer was prepared. If the game moved on meanwhile (another
// device), the server answers 409 and the page reloads and says so; nothing is
// ever judged against, or taken back from, a state the user did not see.

import { getJSON, postJSON } from "./api.js";
import { analyse, buildFields, parseData, prefilled, ruleText, schemaHint, summaryText } from "./schema-form.js";
import { fill, h, humanize, playerName, seatColour } from "../dom.js";
import { ask, copyText, newKey } from "./ask.js";
import { pickerFor } from "./engines/index.js";
import { DevicesPanel } from "./devices.js";
import { uncheckedCount, uncheckedLine } from "../flags.js";

const RECORDER_TYPES = ["undo", "void", "amend", "note"];
// The reasons a table gives most; one tap each, with optional words added (docs/WEB.md).
const VOID_REASONS = ["Recorded by mistake", "Recorded twice", "It did not happen at the table"];
const STANDS_REASONS = ["The table ruled it stands", "House rule", "The rulebook allows it here"];
const LOG_PAGE = 30;
const $ = (id) => document.getElementById(id);

export class RecordPage {
  constructor(data) {
    this.data = data;
    this.players = data.players;
    this.engine = data.engine;
    this.urls = data.urls;
    this.version = null;
    this.state = null;
    this.frame = null;
    this.log = [];
    this.busy = false;
    this.drafts = {};
    this.actor = null;
    this.detailsOpen = new Set();
    this.showAllLog = false;
    this.streamVersion = 0;
    this.redo = null; // {version, event, describe}: the last undo, while it may be redone
    // Hidden information (docs/WEB.md): the board and standings as the table sees them while
    // the game is played, unless the recorder turns the switch on; never remembered, so a
    // reload is the table's view again.
    this.showHidden = false;
    this.hidden = null; // the frames' hidden_information: null, "withheld" or "shown"
    this.el = {
      guard: $("record-guard"),
      turn: $("turn"),
      result: $("result"),
      actorPick: $("actor-pick"),
      actorOptions: $("actor-options"),
      actionsTitle: $("actions-title"),
      actionList: $("action-list"),
      actionResult: $("action-result"),
      undoBtn: $("undo-btn"),
      undoWhat: $("undo-what"),
      undoResult: $("undo-result"),
      board: $("board"),
      boardWhere: $("board-where"),
      boardPanel: $("board-panel"),
      hiddenControl: $("hidden-control"),
      showHidden: $("show-hidden"),
      hiddenBadge: $("hidden-badge"),
      log: $("log"),
      unchecked: $("log-unchecked"),
      logMore: $("log-more"),
    };
  }

  async start() {
    this.setupInvite();
    this.setupBoardToggle();
    this.setupHiddenSwitch();
    this.setupUndo();
    this.setupNote();
    this.setupOther();
    await this.refresh();
    this.follow();
  }

  // ------------------------------------------------------------------ loading

  async refresh() {
    try {
      const { state, frames, log } = await this.load();
      // Loads may overlap (a write, the stream); never go back to an older version.
      if (this.version !== null && state.version < this.version) return true;
      this.state = state;
      this.version = state.version;
      this.frame = frames.frames[0] || null;
      this.hidden = frames.hidden_information ?? null;
      this.log = log.events || [];
      this.render();
      return true;
    } catch (error) {
      const retry = h("button", { type: "button", class: "secondary", onclick: () => this.refresh() }, "Try again");
      this.announce("error", "Could not load the game from the server.", retry);
      return false;
    }
  }

  /** The state, its board and the log, as one version (a write between the reads: read again). */
  async load() {
    for (let attempt = 1; ; attempt += 1) {
      const state = await getJSON(this.urls.state);
      try {
        const [frames, log] = await Promise.all([
          getJSON(`${this.urls.frames}?from=${state.step}&count=1${this.showHidden ? "&hidden=show" : ""}`),
          getJSON(this.urls.events),
        ]);
        if (frames.version === state.version || attempt >= 3) return { state, frames, log };
      } catch (error) {
        if (attempt >= 3) throw error; // e.g. a step undone between the two reads
      }
    }
  }

  follow() {
    if (!("EventSource" in window)) return;
    const source = new EventSource(this.urls.stream);
    const read = (message) => {
      try {
        const info = JSON.parse(message.data);
        return info && typeof info.version === "number" ? info : null;
      } catch {
        return null;
      }
    };
    // On every (re)connect: the version now. Events recorded elsewhere during a gap
    // in the connection never come as an update, so compare and catch up.
    source.addEventListener("hello", (message) => {
      const info = read(message);
      if (!info || this.version === null) return; // the first load is still on its way
      this.streamVersion = Math.max(this.streamVersion, info.version);
      if (!this.busy && info.version !== this.version) this.remoteUpdate({ reconnected: true });
    });
    source.addEventListener("update", (message) => {
      const info = read(message);
      if (!info) return;
      this.streamVersion = Math.max(this.streamVersion, info.version);
      if (!this.busy && this.version !== null && this.streamVersion > this.version) this.remoteUpdate(info);
    });
  }

  async remoteUpdate(info = {}) {
    this.dropRedo();
    if (await this.refresh()) {
      const over = info.is_over ?? this.state.is_over;
      let text;
      if (info.reconnected) text = "Back in touch with the server: what other devices recorded meanwhile is shown below.";
      else if (info.rewritten) text = "Another device corrected the game: the turn, board and log below are up to date.";
      else text = "Another device recorded an event: the turn, board and log below are up to date.";
      if (over) text += " The game is over.";
      this.announce("info", text);
    }
  }

  // ---------------------------------------------------------------- rendering

  render() {
    if (this.redo && this.redo.version !== this.version) this.dropRedo();
    // The turn passed (here or on another device): no form keeps the last player's choices.
    const turnOf = (this.expected().actors || [])[0] || null;
    if (this.turnOf !== undefined && turnOf !== this.turnOf) {
      this.drafts = {};
      this.detailsOpen.clear();
      this.actor = null;
    }
    this.turnOf = turnOf;
    this.renderTurn();
    this.renderActions();
    this.renderUndo();
    this.renderBoard();
    this.renderLog();
  }

  currentActor() {
    const actors = this.expected().actors || [];
    return actors[0] || null;
  }

  expected() {
    return (this.state && this.state.expected) || { actors: [], event_types: [], options: {} };
  }

  renderTurn() {
    const { state } = this;
    const exp = this.expected();
    const actors = exp.actors || [];
    const current = actors[0];
    const over = state.is_over || (!actors.length && !(exp.event_types || []).length);
    const panel = this.el.turn;
    panel.style.setProperty("--turn-seat", (current && seatColour(current, this.players)) || "var(--line)");
    panel.classList.toggle("over", Boolean(over));
    const where = state.position && state.position.label;
    const meta = h("p", { class: "turn-meta" },
      where && !over ? `${where} · ` : "", `Step ${state.step}`, h("span", { class: "muted" }, ` · version ${state.version}`));

    let title;
    let expects = null;
    if (over) {
      const standings = state.standings || {};
      const winners = standings.winners || [];
      title = h("h2", { id: "turn-title", class: "turn-title" }, "Game over");
      if (winners.length) {
        expects = h("p", { class: "turn-expects" }, "Won by ", winners.map((name, i) => [i ? ", " : "", playerName(name, this.players)]));
      } else if (standings.final) {
        expects = h("p", { class: "turn-expects" }, "No winner.");
      }
    } else {
      // Where the turn is (Panic in the Air: "Action 1 of 2"), always in sight at the top.
      const detail = state.position && state.position.detail;
      title = h("h2", { id: "turn-title", class: "turn-title" },
        current ? [playerName(current, this.players, "span"), h("span", { class: "turn-suffix" }, "’s turn")] : "Anyone’s turn",
        detail ? [" ", h("span", { class: "turn-detail" }, detail)] : null);
      const types = (exp.event_types || []).map((t) => this.typeLabel(t, true));
      expects = h("p", { class: "turn-expects" },
        types.length ? `Next: ${types.join(" or ")}` : "",
        actors.length > 1 ? ["  · also ", actors.slice(1).map((n, i) => [i ? ", " : "", playerName(n, this.players)]), " may act"] : null);
    }
    fill(panel, meta, title, expects, this.standingsList());
  }

  standingsList() {
    // The frame's standings, not the state's: the state is complete, the frame is what the
    // table may see while the game is played (or everything, with the switch on).
    const standings = (this.frame && this.frame.standings) || {};
    const rows = standings.players || [];
    if (!rows.length) return null;
    return h("ol", { class: "standings", "aria-label": "Standings" }, rows.map((row) => {
      const status = row.status ? humanize(row.status).toLowerCase() : "";
      return h("li", { style: { "--chip-seat": seatColour(row.player, this.players) || "var(--muted)" } },
        h("span", { class: "seat-dot", "aria-hidden": "true" }),
        h("span", { class: "st-name" }, row.player),
        h("span", { class: "st-total" }, row.total === null || row.total === undefined ? "—" : String(row.total)),
        status ? h("span", { class: "st-status" }, status) : null);
    }));
  }

  renderActions() {
    const exp = this.expected();
    const types = exp.event_types || [];
    const list = this.el.actionList;
    fill(this.el.actionResult);
    if (!types.length) {
      this.el.actorPick.hidden = true;
      fill(list, h("p", { class: "notice" }, "The game is over: nothing more is expected. ",
        "If the table disagrees, undo the last action or correct an event from the log."));
      return;
    }
    this.el.actorPick.hidden = false;
    this.renderActor(exp);

    const offered = { quick: h("div", { class: "quick" }), forms: h("div", { class: "forms" }) };
    const seldom = { quick: h("div", { class: "quick minor" }), forms: h("div", { class: "forms" }) };
    const refused = { quick: h("div", { class: "quick" }), forms: h("div", { class: "forms" }) };
    const minor = new Set(exp.minor || []);
    const checks = [];
    for (const type of types) {
      const actor = this.actorFor(type, exp);
      const into = actor === null ? refused : minor.has(type) ? seldom : offered;
      const data = this.actionFor(type, exp, actor ?? this.actor, into);
      if (actor === null) checks.push({ type, actor: this.actor, data });
    }
    const hasSeldom = seldom.quick.childElementCount || seldom.forms.childElementCount;
    fill(list,
      checks.length === types.length ? this.nothingOffered(exp) : null,
      offered.quick.childElementCount ? offered.quick : null,
      h("div", { class: "result-slot", dataset: { resultFor: "quick" } }),
      offered.forms,
      // What happens seldom (expected.minor): small, after the rest, never the first thing to tap.
      hasSeldom ? h("div", { class: "minor-actions" }, h("h3", { class: "minor-title" }, "Less often"),
        seldom.quick.childElementCount ? seldom.quick : null, seldom.forms) : null,
      checks.length ? this.refusedActions(checks, refused) : null);
  }

  /**
   * Who an event type is recorded for: the player chosen under Who when the rules offer
   * it to them; with nobody chosen by hand, the player whose turn it is, or the one it
   * belongs to (Panic in the Air's late parachute: expected.actors_of); null when the
   * player chosen by hand may not take it now (it is then shown apart, with the rule).
   */
  actorFor(type, exp) {
    const expected = exp.actors || [];
    const allowed = (exp.actors_of || {})[type] || expected;
    if (this.actor) return !allowed.length || allowed.includes(this.actor) ? this.actor : null;
    const first = expected[0] || this.players[0];
    return !allowed.length || allowed.includes(first) ? first : allowed[0];
  }

  /** One event type's button, form or engine picker, for `actor`, into `into`; the data it would send as it stands. */
  actionFor(type, exp, actor, into) {
    const schema = (this.engine.event_types || {})[type] || { type: "object", properties: {} };
    const info = analyse(schema, (exp.options || {})[type]);
    const picker = this.enginePicker(type, schema, exp, actor);
    if (picker) {
      into.forms.append(picker);
    } else if (info.oneTap) {
      into.quick.append(this.quickButton(type, info, actor, exp));
      if (info.open && this.detailsOpen.has(type)) into.forms.append(this.actionForm(type, info, true, actor));
    } else {
      into.forms.append(this.actionForm(type, info, false, actor));
    }
    // Whole events worth a tap of their own (Panic in the Air's R.I.P. draw).
    (((exp.options || {})[type] || {}).presets || []).forEach((preset, i) => {
      into.quick.append(h("div", { class: "quick-cell" },
        this.tapButton(type, preset.label, preset.data, actor, exp, `preset:${type}:${i}`, "")));
    });
    return info.data;
  }

  nothingOffered(exp) {
    const current = (exp.actors || [])[0];
    return h("div", { class: "notice actor-note" },
      `Nothing is offered to ${this.actor} now`, current ? [": it is ", playerName(current, this.players, "strong"), "’s turn. "] : ". ",
      current ? h("button", { type: "button", class: "link-btn", dataset: { focusKey: "actor-back" },
        onclick: () => this.chooseActor(null) }, `Record for ${current}`) : null);
  }

  /** What the chosen player may not do now, tucked away with each rule's reason, for a table's ruling. */
  refusedActions(checks, refused) {
    const reasons = h("ul", { class: "refused-reasons", "aria-live": "polite" });
    const block = h("details", { class: "refused-actions", dataset: { focusKey: "refused" } },
      h("summary", {}, `Show refused choices for ${this.actor} (${checks.length})`),
      reasons,
      refused.quick.childElementCount ? refused.quick : null,
      refused.forms);
    this.explainRefused(reasons, checks);
    return block;
  }

  /** Ask the server why (storing nothing), and list each refusal's rule. */
  async explainRefused(reasons, checks) {
    const version = this.version;
    const { status, body } = await postJSON(this.urls.checks, { events: checks });
    if (status !== 200 || !body || body.version !== version || !reasons.isConnected) return;
    fill(reasons, body.results.map((result, i) => {
      const first = (result.violations || [])[0];
      if (first) return h("li", {}, h("strong", {}, this.typeLabel(checks[i].type)), ": ", ruleText(first));
      if (Object.keys(result.fields || {}).length) {
        return h("li", {}, h("strong", {}, this.typeLabel(checks[i].type)), ": not offered to ", this.actor, " now; the rules are checked once it is filled in.");
      }
      return null;
    }));
  }

  /** The engine's own picker for this event type (engines/index.js), or null: the generic form. */
  enginePicker(type, schema, exp, actor) {
    const make = pickerFor(this.engine && this.engine.name, type);
    if (!make) return null;
    const options = (exp.options || {})[type] || {};
    try {
      return make({
        type,
        options,
        state: (this.state && this.state.state) || {},
        players: this.players,
        actor,
        draft: (this.drafts[`picker:${type}`] ||= {}),
        record: (data, chosen = null) => this.record(type, data, type, chosen || actor),
        fallback: () => this.actionForm(type, analyse(schema, options), false, actor),
      }) || null;
    } catch (error) {
      console.error(error); // a broken picker must not hide the action: the generic form
      return null;
    }
  }

  renderActor(exp) {
    const expected = exp.actors || [];
    const chosen = this.actor && this.players.includes(this.actor) ? this.actor : expected[0] || this.players[0];
    this.chosenActor = chosen;
    fill(this.el.actorOptions, this.players.map((name) => {
      const input = h("input", { type: "radio", name: "actor", value: name });
      input.checked = name === chosen;
      input.addEventListener("change", () => this.chooseActor(name));
      const mark = expected.includes(name) ? h("span", { class: "visually-hidden" }, " (expected)") : null;
      return h("label", {
        class: `seg-option seat${expected.includes(name) ? " expected" : ""}`,
        style: { "--chip-seat": seatColour(name, this.players) },
      }, input, h("span", {}, name, mark));
    }));
  }

  /** An event type in words: the engine's label (event_labels), else its name with spaces;
   *  `inline` lowers a humanized name for use mid-sentence ("Record card played"). */
  typeLabel(type, inline = false) {
    const label = ((this.engine && this.engine.event_labels) || {})[type];
    if (label) return label;
    return inline ? humanize(type).toLowerCase() : humanize(type);
  }

  /** A new player under Who: the forms start afresh with what the rules offer them. */
  chooseActor(name) {
    const expected = this.expected().actors || [];
    this.actor = name || null;
    this.drafts = {};
    this.detailsOpen.clear();
    this.renderActions();
    const target = this.el.actorOptions.querySelector(`input[value="${CSS.escape(name || expected[0] || "")}"]`);
    if (target) target.focus();
  }

  /** One tap, one event: `data` recorded for `actor`. */
  tapButton(type, title, data, actor, exp, focusKey, summary) {
    // Said on the button when it is not for the player whose turn it is (a late parachute).
    const forWhom = actor && actor !== (exp.actors || [])[0] ? `for ${actor}` : "";
    const sub = [forWhom, summary].filter(Boolean).join(" · ");
    return h("button", {
      type: "button",
      class: "quick-btn",
      dataset: { focusKey },
      onclick: () => this.record(type, data, "quick", actor),
    }, h("span", { class: "quick-title" }, title), sub ? h("span", { class: "quick-sub" }, sub) : null);
  }

  quickButton(type, info, actor, exp) {
    const cell = h("div", { class: "quick-cell" });
    cell.append(this.tapButton(type, this.typeLabel(type), info.data, actor, exp, `quick:${type}`, summaryText(info.summary, this.players)));
    if (info.open) {
      const open = this.detailsOpen.has(type);
      cell.append(h("button", {
        type: "button",
        class: "link-btn details-btn",
        "aria-expanded": open ? "true" : "false",
        dataset: { focusKey: `details:${type}` },
        onclick: () => {
          if (this.detailsOpen.has(type)) this.detailsOpen.delete(type);
          else this.detailsOpen.add(type);
          this.renderActions();
          const target = this.el.actionList.querySelector(
            this.detailsOpen.has(type) ? `form[data-type="${type}"] input, form[data-type="${type}"] select` : `[data-focus-key="details:${type}"]`);
          if (target) target.focus();
        },
      }, open ? "Hide details" : "With details…"));
    }
    return cell;
  }

  actionForm(type, info, details, actor = null) {
    const draft = (this.drafts[type] ||= {});
    const fields = buildFields({ nodes: info.nodes, players: this.players, draft });
    const titleId = `form-title-${type}`;
    const result = h("div", { class: "result-slot", dataset: { resultFor: type }, "aria-live": "polite" });
    const form = h("form", { class: `action-form${details ? " details" : ""}`, dataset: { type }, "aria-labelledby": titleId, novalidate: true },
      h("h3", { id: titleId }, this.typeLabel(type), details ? h("span", { class: "muted small" }, " · with details") : null),
      fields.element,
      h("div", { class: "form-foot" },
        h("button", { type: "submit", class: "record-btn", dataset: { focusKey: `submit:${type}` } }, `Record ${this.typeLabel(type, true)}`)),
      result);
    form.addEventListener("change", () => fill(result)); // a new choice: the old complaint is gone
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const { data, missing, errors } = fields.read();
      if (missing.length || errors.length) {
        const lines = [...(missing.length ? [`Choose ${missing.join(", ")}.`] : []), ...errors];
        fill(result, h("div", { class: "violation", role: "alert" }, lines.join(" ")));
        return;
      }
      this.record(type, data, type, actor);
    });
    return form;
  }

  renderUndo() {
    const last = this.lastEvent();
    this.el.undoBtn.disabled = !last;
    this.el.undoWhat.textContent = last ? `Last: ${last.describe}` : "Nothing to undo yet";
  }

  lastEvent() {
    for (let i = this.log.length - 1; i >= 0; i -= 1) if (this.log[i].kind === "event") return this.log[i];
    return null;
  }

  renderBoard() {
    const frame = this.frame;
    // board_html is rendered and escaped by the server (the engine's partial).
    this.el.board.innerHTML = frame ? frame.board_html : "";
    const position = this.state && this.state.position;
    this.el.boardWhere.textContent = (position && position.label) || `Step ${this.state.step}`;
    // The switch only while something is hidden; off again once the game is over.
    this.el.hiddenControl.hidden = this.hidden === null;
    this.el.showHidden.checked = this.hidden === "shown";
    this.el.hiddenBadge.hidden = this.hidden !== "shown";
    this.el.boardPanel.classList.toggle("hidden-shown", this.hidden === "shown");
  }

  setupHiddenSwitch() {
    const toggle = this.el.showHidden;
    toggle.addEventListener("change", async () => {
      this.showHidden = toggle.checked;
      toggle.disabled = true;
      try {
        if (!(await this.refresh())) this.showHidden = this.hidden === "shown"; // not loaded: as it was
      } finally {
        toggle.disabled = false;
        toggle.checked = this.hidden === "shown";
      }
    });
  }

  renderLog() {
    const unchecked = uncheckedCount(this.log);
    this.el.unchecked.textContent = uncheckedLine(unchecked);
    this.el.unchecked.hidden = !unchecked;
    const entries = [...this.log].reverse();
    const shown = this.showAllLog ? entries : entries.slice(0, LOG_PAGE);
    if (!entries.length) {
      fill(this.el.log, h("li", { class: "log-empty muted" }, "Nothing recorded yet. The first action appears here."));
    } else {
      fill(this.el.log, shown.map((entry) => (entry.kind === "note" ? this.noteItem(entry) : this.eventItem(entry))));
    }
    fill(this.el.logMore, entries.length > shown.length
      ? h("button", { type: "button", class: "secondary", onclick: () => { this.showAllLog = true; this.renderLog(); } },
        `Show all ${entries.length} entries`)
      : null);
  }

  noteItem(entry) {
    return h("li", { class: "log-note", dataset: { seq: entry.seq } },
      h("span", { class: "badge" }, "Note"), " ", h("span", { class: "note-text" }, entry.text),
      h("span", { class: "muted small" }, ` · after step ${entry.after_step}`));
  }

  eventItem(entry) {
    const colour = seatColour(entry.actor, this.players);
    const badges = [];
    if (entry.override) badges.push(h("span", { class: "badge override" }, "Table ruling"));
    if (entry.amended_by) badges.push(h("span", { class: "badge" }, "Amended"));
    // Only a broken rule the table let stand is "flagged", a warning the rulebook calls one
    // is marked as such; a check that had no data to run on is listed below, quietly.
    const severities = new Set((entry.flags || []).map((flag) => flag.severity || "error"));
    if (severities.has("error")) badges.push(h("span", { class: "badge flag" }, "Flagged"));
    else if (severities.has("warning")) badges.push(h("span", { class: "badge flag warning" }, "Warning"));
    const details = [];
    if (entry.override && entry.override.reason) details.push(h("li", {}, "Ruled to stand: ", entry.override.reason));
    for (const flag of entry.flags || []) {
      const severity = flag.severity || "error";
      details.push(h("li", { class: `flag-${severity}` }, h("span", { class: `badge flag ${severity}` }, flag.code || ""),
        " ", flag.rule ? `${flag.rule}: ` : "", flag.message || ""));
    }
    // A check that could not run for want of board data: listed, quietly, never a flag.
    for (const check of entry.unchecked || []) {
      details.push(h("li", { class: "flag-unverified" }, h("span", { class: "badge unchecked" }, check.code || ""),
        " Not checked: ", check.rule ? `${check.rule}: ` : "", check.message || ""));
    }
    if (entry.note) details.push(h("li", {}, "Note: ", entry.note));
    const position = entry.position && entry.position.label;
    const item = h("li", { class: "log-entry", dataset: { seq: entry.seq }, style: colour ? { "--chip-seat": colour } : null },
      h("div", { class: "entry-main" },
        h("span", { class: "entry-step", title: `Step ${entry.step}` }, String(entry.step)),
        h("div", { class: "entry-text" },
          h("span", { class: "entry-describe" }, entry.describe || this.typeLabel(entry.type)), badges.length ? " " : null, badges,
          h("div", { class: "entry-meta" }, position ? `${position} · ` : "", `event ${entry.seq}`))),
      details.length ? h("ul", { class: "entry-details" }, details) : null,
      h("div", { class: "entry-actions" },
        h("button", { type: "button", class: "link-btn", dataset: { focusKey: `void:${entry.seq}` },
          "aria-label": `Void step ${entry.step}: ${entry.describe || entry.type}`, onclick: () => this.voidEntry(entry) }, "Void…"),
        h("button", { type: "button", class: "link-btn", dataset: { focusKey: `amend:${entry.seq}` }, "aria-expanded": "false",
          "aria-label": `Amend step ${entry.step}: ${entry.describe || entry.type}`, onclick: (e) => this.toggleAmend(entry, item, e.currentTarget) }, "Amend…")),
      h("div", { class: "entry-editor", hidden: true }),
      h("div", { class: "result-slot", dataset: { resultFor: `seq:${entry.seq}` }, "aria-live": "polite" }));
    return item;
  }

  // ------------------------------------------------------------------ writing

  record(type, data, resultKey, actor = null) {
    const body = { type, actor: actor || this.chosenActor || undefined, data };
    return this.send(body, {
      where: () => this.resultFor(resultKey),
      reset: () => {
        delete this.drafts[type];
        delete this.drafts[`picker:${type}`];
        this.detailsOpen.delete(type);
        this.actor = null;
      },
      success: (result) => {
        const entry = this.log.find((e) => e.seq === result.seq && e.kind === "event");
        return `Recorded: ${result.describe || (entry ? entry.describe : this.typeLabel(type))}`;
      },
    });
  }

  resultFor(key) {
    const slot = document.querySelector(`[data-result-for="${CSS.escape(key)}"]`);
    if (slot) return slot;
    if (key.startsWith("seq:")) return this.el.result;
    return this.el.actionResult;
  }

  /**
   * Send a new event with a fresh idempotency key and the version the user acted on:
   * opts.version when the action was prepared earlier (a dialog, an editor), else the
   * version shown now.
   */
  send(body, opts) {
    if (this.busy) return Promise.resolve(false);
    const version = opts.version ?? this.version;
    const request = { ...body, expected_version: version, idempotency_key: newKey() };
    if (request.actor === undefined || request.actor === null) delete request.actor;
    return this.transmit(request, opts);
  }

  async transmit(request, opts) {
    this.setBusy(true);
    // Any write ends the offer to redo an undo (a redo included), and makes the
    // undo's last message old news.
    this.redo = null;
    fill(this.el.undoResult);
    fill(opts.where());
    const { status, body } = await postJSON(this.urls.events, request);
    if (status === 201 || status === 200) {
      if (opts.reset) opts.reset();
      const before = this.currentActor();
      await this.refresh();
      const answer = body || {};
      const said = await opts.success(answer);
      const { text: told, extra = null } = typeof said === "string" ? { text: said } : said;
      const flags = answer.flags || [];
      let text = told + (flags.length ? " (flagged)" : "");
      const now = this.currentActor();
      if (now && now !== before) text += `. Now it is ${now}’s turn.`;
      else if (!now && before && this.state.is_over) text += ". The game is over.";
      const where = opts.toldIn ? opts.toldIn() : this.el.result;
      if (flags.length) {
        const list = h("ul", { class: "flag-list" }, flags.map((f) =>
          h("li", {}, h("span", { class: "code" }, f.code || ""), " ", f.rule ? `${f.rule}: ` : "", f.message || "")));
        this.announce("warn", text, [list, extra], where);
      } else {
        this.announce("ok", text, extra, where);
      }
      // After the message: a remote update caught up with here replaces it (and the Redo offer).
      this.setBusy(false, opts.focusAfter);
      return true;
    }
    if (status === 409) {
      await this.refresh();
      this.setBusy(false, opts.focusAfter);
      const message = opts.conflict || "The game moved on: another device recorded first. The turn and log now show the new state; check it and record again if it still applies.";
      this.showIn(opts.where(), h("div", { class: "notice", role: "status" }, message));
      this.announce("info", "Reloaded: the game moved on on another device.");
      return false;
    }
    this.setBusy(false, opts.focusAfter);
    const target = opts.where();
    if (status === 422) this.showViolations(target, request, body || {}, opts);
    else if (status === 400) this.showFields(target, body || {});
    else if (status === 0) {
      this.showIn(target, h("div", { class: "violation", role: "alert" },
        h("p", {}, "Could not reach the server, so it is not known whether this was recorded. Trying again cannot record it twice."),
        h("button", { type: "button", onclick: () => this.transmit(request, opts) }, "Try again")));
    } else if (status === 403 && body && body.error === "token_revoked") {
      this.showIn(target, h("div", { class: "violation revoked", role: "alert" },
        h("p", { class: "v-title" }, "Not recorded: this device can no longer record this game."),
        h("p", {}, `${body.message}.`),
        h("button", { type: "button", onclick: () => window.location.reload() }, "Join again with a new invite")));
    } else if (status === 401 || status === 403) {
      this.showIn(target, h("div", { class: "violation", role: "alert" },
        (body && body.message) || "This device may not record this game.",
        " Reload the page, or join again with a new invite."));
    } else {
      this.showIn(target, h("div", { class: "violation", role: "alert" },
        (body && body.message) || `The server answered ${status}. Nothing was recorded.`));
    }
    return false;
  }

  showIn(target, node) {
    fill(target, node);
    const calm = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    if (target.scrollIntoView) target.scrollIntoView({ block: "nearest", behavior: calm ? "auto" : "smooth" });
  }

  showViolations(target, request, body, opts) {
    const violations = body.violations || [];
    const breaks = body.would_break || [];
    const box = h("div", { class: "violation", role: "alert" });
    box.append(h("p", { class: "v-title" }, breaks.length
      ? `This ${correctionWord(request.type)} would make ${plural(breaks.length, "later event")} illegal.`
      : "Not recorded: the rules forbid it."));
    box.append(h("ul", { class: "v-list" }, violations.filter((v) => !breaks.length || v.code !== "correction/breaks-later-events").map((v) =>
      h("li", {}, v.rule ? h("strong", {}, v.rule) : null, v.rule ? " " : null, h("span", { class: "code" }, v.code || ""),
        h("span", { class: "v-message" }, v.message || "")))));
    const again = (changes, label) => h("button", {
      type: "button",
      class: "danger",
      onclick: async () => {
        const extra = await changes();
        if (!extra || this.busy) return;
        // Judged against the state the rules were asked about, not whatever came since:
        // if the game moved on meanwhile, the server says 409 and the page reloads.
        this.transmit({ ...request, ...extra, expected_version: request.expected_version, idempotency_key: newKey() }, opts);
      },
    }, label);
    const actions = h("div", { class: "v-actions" });
    if (breaks.length) {
      box.append(h("p", {}, "These events would become illegal (they would stay, flagged):"));
      box.append(h("ul", { class: "would-break" }, breaks.map((b) => {
        const entry = this.log.find((e) => e.seq === b.seq && e.kind === "event");
        return h("li", {}, h("strong", {}, entry ? `Step ${entry.step}: ${entry.describe}` : `Event ${b.seq} (${this.typeLabel(b.type || "")})`),
          h("ul", {}, (b.violations || []).map((v) => h("li", {}, h("span", { class: "code" }, v.code || ""), " ", v.message || ""))));
      })));
      actions.append(again(async () => ({ data: { ...request.data, force: true } }), anywayLabel(request.type, breaks.length)));
    } else if (violations.some((v) => !/^(correction|idempotency)\//.test(v.code || ""))) {
      actions.append(again(async () => {
        const answer = await ask({
          title: "Record anyway?",
          message: "It is recorded as a table ruling, flagged with the rule and your reason.",
          confirm: "Record anyway",
          reason: { label: "Why does it stand?", presets: STANDS_REASONS, placeholder: "e.g. what the table agreed" },
          danger: true,
        });
        return answer ? { override: { reason: answer.reason } } : null;
      }, opts.overrideLabel || "Record anyway (the table ruled it stands)"));
    }
    actions.append(h("button", { type: "button", class: "secondary", onclick: () => fill(target) }, "Dismiss"));
    box.append(actions);
    this.showIn(target, box);
  }

  showFields(target, body) {
    const fields = body.fields || {};
    const items = Object.entries(fields).map(([name, messages]) =>
      h("li", {}, h("span", { class: "code" }, name), " ", [].concat(messages).map((m) => (typeof m === "string" ? m : JSON.stringify(m))).join(" ")));
    this.showIn(target, h("div", { class: "violation", role: "alert" },
      h("p", { class: "v-title" }, body.message || "Some fields have the wrong shape."), items.length ? h("ul", { class: "v-list" }, items) : null));
  }

  setBusy(on, focusAfter = null) {
    this.busy = on;
    const guard = this.el.guard;
    if (on) {
      const active = document.activeElement;
      this.focusKey = active && active.dataset ? active.dataset.focusKey || active.id : null;
      this.focusEl = active;
      guard.disabled = true;
      guard.setAttribute("aria-busy", "true");
      return;
    }
    guard.disabled = false;
    guard.removeAttribute("aria-busy");
    this.restoreFocus(focusAfter);
    if (this.streamVersion > this.version) this.remoteUpdate();
  }

  /**
   * Back to where the user was: the same control, or its re-rendered twin, else
   * `fallback`, else the actions heading; never a disabled or hidden control
   * (focus() on those does nothing and focus would fall to <body>).
   */
  restoreFocus(fallback = null) {
    const el = this.focusEl;
    if (!el || el === document.body) return;
    const again = this.focusKey
      ? document.querySelector(`[data-focus-key="${CSS.escape(this.focusKey)}"]`) || document.getElementById(this.focusKey)
      : null;
    const target = [el, again, fallback && fallback()].find(focusable) || this.el.actionsTitle;
    target.focus();
  }

  /** A toast in #result (or in `where`, then #result is cleared: one message, where the user is). */
  announce(kind, text, extra = null, where = this.el.result) {
    const icon = { ok: "✓", warn: "⚑", info: "ℹ", error: "✕" }[kind] || "";
    if (where !== this.el.result) fill(this.el.result);
    fill(where, h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : null },
      h("span", { class: "toast-icon", "aria-hidden": "true" }, icon),
      h("div", { class: "toast-body" }, h("span", { class: "toast-text" }, text), extra)));
  }

  // -------------------------------------------------------------- corrections

  setupUndo() {
    this.el.undoBtn.addEventListener("click", () => this.undoLast());
  }

  /**
   * One tap: take back the last event the page shows. The version shown goes with it,
   * so if another device recorded meanwhile the server refuses (409) rather than undo
   * an event the user has not seen. Afterwards, a Redo button puts it back.
   */
  undoLast() {
    const target = this.lastEvent();
    if (!target || this.busy) return Promise.resolve(false);
    const version = this.version;
    return this.send({ type: "undo", data: {} }, {
      version,
      where: () => this.el.undoResult,
      toldIn: () => this.el.undoResult,
      conflict: "Nothing was undone: the game moved on on another device. The log now shows its latest event; undo again if that is the one to take back.",
      success: (answer) => this.undoneMessage(answer, target),
    });
  }

  /** What the stored undo took back (read from the server), and the offer to redo it. */
  async undoneMessage(answer, shown) {
    let targetSeq = null;
    try {
      const stored = await getJSON(`${this.urls.events}?view=recorded&from=${answer.seq}&to=${answer.seq}`);
      const row = (stored.events || [])[0];
      if (row && row.type === "undo") targetSeq = row.data.target_seq;
    } catch {
      /* said below without the details */
    }
    if (targetSeq !== shown.seq) {
      return targetSeq === null ? "Undone: the last action." : `Undone: event ${targetSeq}.`;
    }
    const text = `Undone: ${shown.describe}`;
    if (this.version !== answer.version) return text; // others recorded since: nothing to redo on top of
    const event = { type: shown.type, actor: shown.actor, data: shown.data || {} };
    if (shown.override) event.override = shown.override;
    if (shown.note) event.note = shown.note;
    this.redo = { version: answer.version, event, describe: shown.describe };
    const button = h("button", {
      type: "button",
      class: "secondary redo-btn",
      id: "redo-btn",
      "aria-label": `Redo: ${shown.describe}`,
      onclick: () => this.redoLast(),
    }, h("span", { "aria-hidden": "true" }, "↷"), " Redo");
    return { text, extra: button };
  }

  /** Record the undone event again, as a new event, on top of the state the undo left. */
  redoLast() {
    const redo = this.redo;
    if (this.busy) return Promise.resolve(false);
    if (!redo || redo.version !== this.version) {
      this.dropRedo();
      return Promise.resolve(false);
    }
    return this.send(redo.event, {
      version: redo.version,
      where: () => this.el.undoResult,
      toldIn: () => this.el.undoResult,
      focusAfter: () => this.el.undoBtn,
      conflict: "Not redone: the game moved on on another device. The log now shows the new state.",
      success: (answer) => `Redone: ${answer.describe || redo.describe}`,
    });
  }

  /** The Redo offer ends with any other write and any remote update. */
  dropRedo() {
    this.redo = null;
    const button = this.el.undoResult.querySelector(".redo-btn");
    if (!button) return;
    const hadFocus = button === document.activeElement;
    fill(this.el.undoResult);
    if (hadFocus) (focusable(this.el.undoBtn) ? this.el.undoBtn : this.el.actionsTitle).focus();
  }

  async voidEntry(entry) {
    if (this.busy) return;
    const version = this.version; // the log the user chose from
    const answer = await ask({
      title: `Void step ${entry.step}?`,
      message: `“${entry.describe}” will no longer count. Later events are judged again.`,
      confirm: "Void it",
      reason: { label: "Why void it?", presets: VOID_REASONS, placeholder: "e.g. what really happened" },
      danger: true,
    });
    if (!answer) return;
    this.send({ type: "void", data: { target_seq: entry.seq, reason: answer.reason } }, {
      version,
      where: () => this.resultFor(`seq:${entry.seq}`),
      success: () => `Voided: ${entry.describe}`,
    });
  }

  toggleAmend(entry, item, button) {
    const editor = item.querySelector(".entry-editor");
    if (!editor.hidden) {
      editor.hidden = true;
      button.setAttribute("aria-expanded", "false");
      fill(editor);
      return;
    }
    button.setAttribute("aria-expanded", "true");
    editor.hidden = false;
    const version = this.version; // the event as the editor shows it
    const gameTypes = Object.keys(this.engine.event_types || {}).filter((t) => !RECORDER_TYPES.includes(t));
    if (!gameTypes.includes(entry.type)) gameTypes.unshift(entry.type);
    const ids = { type: `amend-type-${entry.seq}`, actor: `amend-actor-${entry.seq}`, data: `amend-data-${entry.seq}`, reason: `amend-reason-${entry.seq}` };
    const typeSelect = h("select", { id: ids.type }, gameTypes.map((t) => h("option", { value: t }, this.typeLabel(t))));
    typeSelect.value = entry.type;
    const actorSelect = h("select", { id: ids.actor }, this.players.map((name) => h("option", { value: name }, name)));
    if (entry.actor && !this.players.includes(entry.actor)) actorSelect.prepend(h("option", { value: entry.actor }, entry.actor));
    actorSelect.value = entry.actor || this.players[0];
    // The event's own picker: the engine's, as it stood before the event, whose record
    // button applies the amendment; else the generic fields, prefilled. Typed data only
    // behind Advanced.
    const fieldsBox = h("div", { class: "amend-fields" });
    const foot = h("div", { class: "form-foot" });
    const applyButton = h("button", { type: "submit" }, "Apply the amendment");
    let fields = null;
    const showFields = async () => {
      const type = typeSelect.value;
      const picker = await this.amendPicker(entry, type, actorSelect.value, (data, actor) => apply(type, data, actor || actorSelect.value));
      if (type !== typeSelect.value) return; // chosen again meanwhile
      applyButton.hidden = Boolean(picker); // the picker's own button applies it
      if (picker) {
        fields = null;
        fill(fieldsBox, h("p", { class: "amend-recorded small" }, "Recorded: ", entry.describe || this.typeLabel(entry.type),
          ". Choose what really happened: its button applies the amendment."), picker);
        return;
      }
      const schema = (this.engine.event_types || {})[type];
      const { nodes, draft } = prefilled(schema, (this.expected().options || {})[type],
        type === entry.type ? entry.data : {});
      fields = buildFields({ nodes, players: this.players, draft });
      fill(fieldsBox, fields.element);
    };
    typeSelect.addEventListener("change", showFields);
    actorSelect.addEventListener("change", showFields);
    showFields();
    const json = JSON.stringify(entry.data || {}, null, 2);
    const dataArea = h("textarea", { id: ids.data, rows: String(Math.min(12, Math.max(3, json.split("\n").length))),
      spellcheck: "false", "aria-describedby": `${ids.data}-help` });
    dataArea.value = json;
    const help = h("span", { class: "help", id: `${ids.data}-help` });
    const showHint = () => { help.textContent = schemaHint((this.engine.event_types || {})[typeSelect.value]); };
    typeSelect.addEventListener("change", showHint);
    showHint();
    const advanced = h("details", { class: "amend-advanced" }, h("summary", {}, "Advanced: edit the data as text"),
      h("div", { class: "field" }, h("label", { for: ids.data }, "Data"), dataArea, help));
    const reason = h("input", { id: ids.reason, maxlength: "500", autocomplete: "off" });
    const error = h("div", { "aria-live": "polite" });
    const form = h("form", { class: "amend-form", novalidate: true },
      h("div", { class: "amend-grid" },
        h("div", { class: "field" }, h("label", { for: ids.type }, "What happened"), typeSelect),
        h("div", { class: "field" }, h("label", { for: ids.actor }, "Who"), actorSelect)),
      // The reason before the picker: a picker's own button applies the amendment at once.
      h("div", { class: "field" }, h("label", { for: ids.reason }, "Reason ", h("span", { class: "optional" }, "(optional)")), reason),
      fieldsBox,
      advanced,
      error,
      fill(foot, applyButton,
        h("button", { type: "button", class: "secondary", onclick: () => this.toggleAmend(entry, item, button) }, "Cancel")));
    const apply = (type, data, actor) => {
      fill(error);
      const amend = { target_seq: entry.seq, event: { type, data, actor } };
      if (reason.value.trim()) amend.reason = reason.value.trim();
      return this.send({ type: "amend", data: amend }, {
        version,
        where: () => this.resultFor(`seq:${entry.seq}`),
        overrideLabel: "Apply anyway (the table ruled it stands)",
        success: () => {
          const now = this.log.find((e) => e.seq === entry.seq && e.kind === "event");
          return `Amended step ${entry.step}: ${now ? now.describe : this.typeLabel(type)}`;
        },
      });
    };
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      let data;
      if (advanced.open) {
        const typed = parseData(dataArea.value);
        if (typed.error) {
          fill(error, h("div", { class: "violation", role: "alert" }, typed.error));
          dataArea.focus();
          return;
        }
        data = typed.data;
      } else {
        const read = fields.read();
        if (read.missing.length || read.errors.length) {
          const lines = [...(read.missing.length ? [`Choose ${read.missing.join(", ")}.`] : []), ...read.errors];
          fill(error, h("div", { class: "violation", role: "alert" }, lines.join(" ")));
          return;
        }
        data = read.data;
      }
      apply(typeSelect.value, data, actorSelect.value);
    });
    fill(editor, form);
    typeSelect.focus();
  }

  /**
   * The engine's picker of `type` for an Amend, for `actor`: built on the game as it stood
   * just before the amended event (what was legal then), given the recorded data as
   * `initial`, and recording through `apply`. Null when the engine has no picker for the type.
   */
  async amendPicker(entry, type, actor, apply) {
    const make = pickerFor(this.engine && this.engine.name, type);
    if (!make) return null;
    let before;
    try {
      before = await getJSON(`${this.urls.state}?at=${Math.max(0, entry.step - 1)}`);
    } catch {
      return null; // offline: the generic fields still amend
    }
    try {
      return make({
        type,
        options: ((before.expected || {}).options || {})[type] || {},
        state: before.state || {},
        players: this.players,
        actor,
        draft: {},
        initial: type === entry.type ? entry.data : null,
        amending: true,
        record: (data, chosen = null) => apply(data, chosen),
        fallback: () => null,
      }) || null;
    } catch (error) {
      console.error(error);
      return null;
    }
  }

  // ------------------------------------------------------- notes, other, misc

  setupNote() {
    const form = $("note-form");
    const input = $("note-text");
    const result = form.querySelector(".note-result");
    result.dataset.resultFor = "note";
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const text = input.value.trim();
      if (!text) {
        fill(result, h("div", { class: "violation", role: "alert" }, "Write the note first."));
        input.focus();
        return;
      }
      const ok = await this.send({ type: "note", data: { text } }, { where: () => result, success: () => "Note added to the log." });
      if (ok) input.value = "";
    });
  }

  setupOther() {
    const form = $("other-form");
    const select = $("other-type");
    const area = $("other-data");
    const help = $("other-help");
    const result = form.querySelector(".other-result");
    result.dataset.resultFor = "other";
    const types = Object.keys(this.engine.event_types || {});
    const game = types.filter((t) => !RECORDER_TYPES.includes(t));
    const recorder = types.filter((t) => RECORDER_TYPES.includes(t));
    fill(select,
      h("optgroup", { label: "Game events" }, game.map((t) => h("option", { value: t }, this.typeLabel(t)))),
      recorder.length ? h("optgroup", { label: "Corrections and notes" }, recorder.map((t) => h("option", { value: t }, humanize(t)))) : null);
    const hint = () => { help.textContent = schemaHint(this.engine.event_types[select.value]); };
    select.addEventListener("change", hint);
    hint();
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const { data, error } = parseData(area.value);
      if (error) {
        fill(result, h("div", { class: "violation", role: "alert" }, error));
        area.focus();
        return;
      }
      const type = select.value;
      const actor = $("other-actor").value || undefined;
      this.send({ type, actor, data }, {
        where: () => result,
        success: (answer) => {
          const entry = this.log.find((e) => e.seq === answer.seq && e.kind === "event");
          area.value = "{}";
          return `Recorded: ${answer.describe || (entry ? entry.describe : this.typeLabel(type))}`;
        },
      });
    });
  }

  setupInvite() {
    const panel = $("invite");
    const open = $("invite-open");
    const close = $("invite-close");
    if (!panel) return;
    const show = (visible) => {
      panel.hidden = !visible;
      if (open) open.setAttribute("aria-expanded", visible ? "true" : "false");
    };
    if (open) {
      open.addEventListener("click", () => {
        show(panel.hidden);
        if (!panel.hidden) {
          panel.focus();
          panel.scrollIntoView({ block: "start" });
        }
      });
    }
    if (close) {
      close.addEventListener("click", () => {
        show(false);
        if (open) open.focus();
      });
    }
    new DevicesPanel(this.urls).setup();
  }

  setupBoardToggle() {
    const panel = this.el.boardPanel;
    const remembered = sessionStorage.getItem("ts-record-board");
    if (remembered !== null) panel.open = remembered === "open";
    else if (window.matchMedia("(max-width: 899px)").matches) panel.open = false;
    panel.addEventListener("toggle", () => sessionStorage.setItem("ts-record-board", panel.open ? "open" : "closed"));
  }
}

/** Can focus() land here? Not on a removed, disabled, hidden or collapsed element. */
function focusable(el) {
  if (!el || !el.isConnected || el === document.body) return false;
  if (el.matches(":disabled") || el.closest("[hidden], [inert]")) return false;
  return el.getClientRects().length > 0;
}

function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** What a correction is called, for people. */
function correctionWord(type) {
  return { void: "void", amend: "amendment", undo: "undo" }[type] || "correction";
}

/** "Void anyway and flag the 3 events it breaks". */
function anywayLabel(type, count) {
  const verb = { void: "Void", amend: "Amend", undo: "Undo" }[type] || "Apply";
  return `${verb} anyway and flag the ${count === 1 ? "event" : `${count} events`} it breaks`;
}
