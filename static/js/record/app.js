// The recording page with the game's write cookie: whose turn, what is expected,
// one-tap buttons and short forms, undo, the log with void/amend, notes, free-form
// events, and the invite QR code. Everything user-written goes in as text.

import { getJSON, postEvent } from "./api.js";
import { analyse, buildFields, schemaHint, summaryText } from "./schema-form.js";
import { ask, copyText, fill, h, humanize, newKey, playerName, seatColour } from "./dom.js";

const RECORDER_TYPES = ["undo", "void", "amend", "note"];
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
      log: $("log"),
      logMore: $("log-more"),
    };
  }

  async start() {
    this.setupInvite();
    this.setupBoardToggle();
    this.setupUndo();
    this.setupNote();
    this.setupOther();
    await this.refresh();
    this.follow();
  }

  // ------------------------------------------------------------------ loading

  async refresh() {
    try {
      const state = await getJSON(this.urls.state);
      const [frames, log] = await Promise.all([
        getJSON(`${this.urls.frames}?from=${state.step}&count=1`),
        getJSON(this.urls.events),
      ]);
      this.state = state;
      this.version = state.version;
      this.frame = frames.frames[0] || null;
      this.log = log.events || [];
      this.render();
      return true;
    } catch (error) {
      const retry = h("button", { type: "button", class: "secondary", onclick: () => this.refresh() }, "Try again");
      this.announce("error", "Could not load the game from the server.", retry);
      return false;
    }
  }

  follow() {
    if (!("EventSource" in window)) return;
    const source = new EventSource(this.urls.stream);
    source.addEventListener("update", (message) => {
      let info;
      try {
        info = JSON.parse(message.data);
      } catch {
        return;
      }
      this.streamVersion = Math.max(this.streamVersion, info.version || 0);
      if (!this.busy && this.streamVersion > this.version) this.remoteUpdate(info.rewritten);
    });
  }

  async remoteUpdate(rewritten) {
    if (await this.refresh()) {
      this.announce("info", rewritten
        ? "Another device corrected the game: the turn, board and log below are up to date."
        : "Another device recorded an event: the turn, board and log below are up to date.");
    }
  }

  // ---------------------------------------------------------------- rendering

  render() {
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
    const { state, frame } = this;
    const exp = this.expected();
    const actors = exp.actors || [];
    const current = actors[0];
    const over = state.is_over || (!actors.length && !(exp.event_types || []).length);
    const panel = this.el.turn;
    panel.style.setProperty("--turn-seat", (current && seatColour(current, this.players)) || "var(--line)");
    panel.classList.toggle("over", Boolean(over));
    const where = frame && frame.position && frame.position.label;
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
      title = h("h2", { id: "turn-title", class: "turn-title" },
        current ? [playerName(current, this.players, "span"), h("span", { class: "turn-suffix" }, "’s turn")] : "Anyone’s turn");
      const types = (exp.event_types || []).map((t) => humanize(t).toLowerCase());
      expects = h("p", { class: "turn-expects" },
        types.length ? `Next: ${types.join(" or ")}` : "",
        actors.length > 1 ? ["  · also ", actors.slice(1).map((n, i) => [i ? ", " : "", playerName(n, this.players)]), " may act"] : null);
    }
    fill(panel, meta, title, expects, this.standingsList());
  }

  standingsList() {
    const rows = (this.state.standings && this.state.standings.players) || [];
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

    const quick = h("div", { class: "quick" });
    const forms = h("div", { class: "forms" });
    for (const type of types) {
      const schema = (this.engine.event_types || {})[type] || { type: "object", properties: {} };
      const info = analyse(schema, (exp.options || {})[type]);
      if (info.oneTap) {
        quick.append(this.quickButton(type, info));
        if (info.open && this.detailsOpen.has(type)) forms.append(this.actionForm(type, info, true));
      } else {
        forms.append(this.actionForm(type, info, false));
      }
    }
    fill(list, quick.childElementCount ? quick : null, h("div", { class: "result-slot", dataset: { resultFor: "quick" } }), forms);
  }

  renderActor(exp) {
    const expected = exp.actors || [];
    const chosen = this.actor && this.players.includes(this.actor) ? this.actor : expected[0] || this.players[0];
    this.chosenActor = chosen;
    fill(this.el.actorOptions, this.players.map((name) => {
      const input = h("input", { type: "radio", name: "actor", value: name });
      input.checked = name === chosen;
      input.addEventListener("change", () => {
        this.actor = name;
        this.chosenActor = name;
      });
      const mark = expected.includes(name) ? h("span", { class: "visually-hidden" }, " (expected)") : null;
      return h("label", {
        class: `seg-option seat${expected.includes(name) ? " expected" : ""}`,
        style: { "--chip-seat": seatColour(name, this.players) },
      }, input, h("span", {}, name, mark));
    }));
  }

  quickButton(type, info) {
    const summary = summaryText(info.summary, this.players);
    const cell = h("div", { class: "quick-cell" });
    cell.append(h("button", {
      type: "button",
      class: "quick-btn",
      dataset: { focusKey: `quick:${type}` },
      onclick: () => this.record(type, info.data, "quick"),
    }, h("span", { class: "quick-title" }, humanize(type)), summary ? h("span", { class: "quick-sub" }, summary) : null));
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

  actionForm(type, info, details) {
    const draft = (this.drafts[type] ||= {});
    const fields = buildFields({ nodes: info.nodes, players: this.players, draft });
    const titleId = `form-title-${type}`;
    const result = h("div", { class: "result-slot", dataset: { resultFor: type }, "aria-live": "polite" });
    const form = h("form", { class: `action-form${details ? " details" : ""}`, dataset: { type }, "aria-labelledby": titleId, novalidate: true },
      h("h3", { id: titleId }, humanize(type), details ? h("span", { class: "muted small" }, " · with details") : null),
      fields.element,
      h("div", { class: "form-foot" },
        h("button", { type: "submit", class: "record-btn", dataset: { focusKey: `submit:${type}` } }, `Record ${humanize(type).toLowerCase()}`)),
      result);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const { data, missing, errors } = fields.read();
      if (missing.length || errors.length) {
        const lines = [...(missing.length ? [`Choose ${missing.join(", ")}.`] : []), ...errors];
        fill(result, h("div", { class: "violation", role: "alert" }, lines.join(" ")));
        return;
      }
      this.record(type, data, type);
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
    const where = frame && frame.position && frame.position.label;
    this.el.boardWhere.textContent = where || `Step ${this.state.step}`;
  }

  renderLog() {
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
    if ((entry.flags || []).length) badges.push(h("span", { class: "badge flag" }, "Flagged"));
    const details = [];
    if (entry.override && entry.override.reason) details.push(h("li", {}, "Ruled to stand: ", entry.override.reason));
    for (const flag of entry.flags || []) {
      details.push(h("li", {}, h("span", { class: "code" }, flag.code || ""), " ", flag.rule ? `${flag.rule}: ` : "", flag.message || ""));
    }
    if (entry.note) details.push(h("li", {}, "Note: ", entry.note));
    const position = entry.position && entry.position.label;
    const item = h("li", { class: "log-entry", dataset: { seq: entry.seq }, style: colour ? { "--chip-seat": colour } : null },
      h("div", { class: "entry-main" },
        h("span", { class: "entry-step", title: `Step ${entry.step}` }, String(entry.step)),
        h("div", { class: "entry-text" },
          h("span", { class: "entry-describe" }, entry.describe || humanize(entry.type)), badges.length ? " " : null, badges,
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

  record(type, data, resultKey) {
    const body = { type, actor: this.chosenActor || undefined, data };
    return this.send(body, {
      where: () => this.resultFor(resultKey),
      reset: () => {
        delete this.drafts[type];
        this.detailsOpen.delete(type);
        this.actor = null;
      },
      success: (result) => {
        const entry = this.log.find((e) => e.seq === result.seq && e.kind === "event");
        return `Recorded: ${entry ? entry.describe : humanize(type)}`;
      },
    });
  }

  resultFor(key) {
    const slot = document.querySelector(`[data-result-for="${CSS.escape(key)}"]`);
    if (slot) return slot;
    if (key.startsWith("seq:")) return this.el.result;
    return this.el.actionResult;
  }

  /** Send a new event with a fresh idempotency key and the version shown. */
  send(body, opts) {
    if (this.busy) return Promise.resolve(false);
    const request = { ...body, expected_version: this.version, idempotency_key: newKey() };
    if (request.actor === undefined || request.actor === null) delete request.actor;
    return this.transmit(request, opts);
  }

  async transmit(request, opts) {
    this.setBusy(true);
    fill(opts.where());
    const { status, body } = await postEvent(this.urls.events, request);
    if (status === 201 || status === 200) {
      if (opts.reset) opts.reset();
      const before = this.currentActor();
      await this.refresh();
      this.setBusy(false);
      const flags = (body && body.flags) || [];
      let text = opts.success(body || {}) + (flags.length ? " (flagged)" : "");
      const now = this.currentActor();
      if (now && now !== before) text += `. Now it is ${now}’s turn.`;
      else if (!now && before && this.state.is_over) text += ". The game is over.";
      if (flags.length) {
        const list = h("ul", { class: "flag-list" }, flags.map((f) =>
          h("li", {}, h("span", { class: "code" }, f.code || ""), " ", f.rule ? `${f.rule}: ` : "", f.message || "")));
        this.announce("warn", text, list);
      } else {
        this.announce("ok", text);
      }
      return true;
    }
    if (status === 409) {
      await this.refresh();
      this.setBusy(false);
      const message = "The game moved on: another device recorded first. The turn and log now show the new state; check it and record again if it still applies.";
      this.showIn(opts.where(), h("div", { class: "notice", role: "status" }, message));
      this.announce("info", "Reloaded: the game moved on on another device.");
      return false;
    }
    this.setBusy(false);
    const target = opts.where();
    if (status === 422) this.showViolations(target, request, body || {}, opts);
    else if (status === 400) this.showFields(target, body || {});
    else if (status === 0) {
      this.showIn(target, h("div", { class: "violation", role: "alert" },
        h("p", {}, "Could not reach the server, so it is not known whether this was recorded. Trying again cannot record it twice."),
        h("button", { type: "button", onclick: () => this.transmit(request, opts) }, "Try again")));
    } else if (status === 401 || status === 403) {
      this.showIn(target, h("div", { class: "violation", role: "alert" },
        (body && body.message) || "This device may not record this game.",
        " Reload the page, or join again with the game's link."));
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
    box.append(h("p", { class: "v-title" }, breaks.length ? "This correction would make later events illegal." : "Not recorded: the rules forbid it."));
    box.append(h("ul", { class: "v-list" }, violations.map((v) =>
      h("li", {}, v.rule ? h("strong", {}, v.rule) : null, v.rule ? " " : null, h("span", { class: "code" }, v.code || ""),
        h("span", { class: "v-message" }, v.message || "")))));
    const again = (changes, label) => h("button", {
      type: "button",
      class: "danger",
      onclick: async () => {
        const extra = await changes();
        if (!extra) return;
        this.transmit({ ...request, ...extra, expected_version: this.version, idempotency_key: newKey() }, opts);
      },
    }, label);
    const actions = h("div", { class: "v-actions" });
    if (breaks.length) {
      box.append(h("p", {}, "These events would become illegal (they would stay, flagged):"));
      box.append(h("ul", { class: "would-break" }, breaks.map((b) => {
        const entry = this.log.find((e) => e.seq === b.seq && e.kind === "event");
        return h("li", {}, h("strong", {}, entry ? `Step ${entry.step}: ${entry.describe}` : `Event ${b.seq} (${humanize(b.type || "")})`),
          h("ul", {}, (b.violations || []).map((v) => h("li", {}, h("span", { class: "code" }, v.code || ""), " ", v.message || ""))));
      })));
      actions.append(again(async () => ({ data: { ...request.data, force: true } }), "Apply anyway"));
    } else if (violations.some((v) => !/^(correction|idempotency)\//.test(v.code || ""))) {
      actions.append(again(async () => {
        const answer = await ask({
          title: "Record anyway?",
          message: "The table ruled that it stands. It is recorded flagged, with your reason.",
          confirm: "Record anyway",
          reason: { label: "Why does it stand?", required: true, placeholder: "e.g. house rule, agreed at the table" },
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

  setBusy(on) {
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
    this.restoreFocus();
    if (this.streamVersion > this.version) this.remoteUpdate(false);
  }

  restoreFocus() {
    const el = this.focusEl;
    if (el && el.isConnected && el !== document.body) {
      el.focus();
      return;
    }
    if (this.focusKey) {
      const again = document.querySelector(`[data-focus-key="${CSS.escape(this.focusKey)}"]`) || document.getElementById(this.focusKey);
      if (again && !again.disabled) {
        again.focus();
        return;
      }
    }
    if (el && el !== document.body) this.el.actionsTitle.focus();
  }

  announce(kind, text, ...extra) {
    const icon = { ok: "✓", warn: "⚑", info: "ℹ", error: "✕" }[kind] || "";
    fill(this.el.result, h("div", { class: `toast ${kind}`, role: kind === "error" ? "alert" : null },
      h("span", { class: "toast-icon", "aria-hidden": "true" }, icon),
      h("div", { class: "toast-body" }, h("span", {}, text), extra)));
  }

  // -------------------------------------------------------------- corrections

  setupUndo() {
    this.el.undoBtn.addEventListener("click", async () => {
      const last = this.lastEvent();
      if (!last || this.busy) return;
      const answer = await ask({
        title: "Undo the last action?",
        message: `This takes back step ${last.step}: “${last.describe}”. It stays in the recorded history as undone.`,
        confirm: "Undo it",
        reason: { label: "Reason (optional)", required: false },
      });
      if (!answer) return;
      this.send({ type: "undo", data: answer.reason ? { reason: answer.reason } : {} }, {
        where: () => this.el.undoResult,
        success: () => `Undone: ${last.describe}`,
      });
    });
  }

  async voidEntry(entry) {
    if (this.busy) return;
    const answer = await ask({
      title: `Void step ${entry.step}?`,
      message: `“${entry.describe}” will no longer count. Later events are judged again.`,
      confirm: "Void it",
      reason: { label: "Reason", required: true, placeholder: "e.g. recorded twice" },
      danger: true,
    });
    if (!answer) return;
    this.send({ type: "void", data: { target_seq: entry.seq, reason: answer.reason } }, {
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
    const gameTypes = Object.keys(this.engine.event_types || {}).filter((t) => !RECORDER_TYPES.includes(t));
    if (!gameTypes.includes(entry.type)) gameTypes.unshift(entry.type);
    const ids = { type: `amend-type-${entry.seq}`, actor: `amend-actor-${entry.seq}`, data: `amend-data-${entry.seq}`, reason: `amend-reason-${entry.seq}` };
    const typeSelect = h("select", { id: ids.type }, gameTypes.map((t) => h("option", { value: t }, humanize(t))));
    typeSelect.value = entry.type;
    const actorSelect = h("select", { id: ids.actor }, this.players.map((name) => h("option", { value: name }, name)));
    if (entry.actor && !this.players.includes(entry.actor)) actorSelect.prepend(h("option", { value: entry.actor }, entry.actor));
    actorSelect.value = entry.actor || this.players[0];
    const json = JSON.stringify(entry.data || {}, null, 2);
    const rows = Math.min(12, Math.max(3, json.split("\n").length));
    const dataArea = h("textarea", { id: ids.data, rows: String(rows), spellcheck: "false", "aria-describedby": `${ids.data}-help` });
    dataArea.value = json;
    const help = h("span", { class: "help", id: `${ids.data}-help` });
    const showHint = () => { help.textContent = schemaHint((this.engine.event_types || {})[typeSelect.value]); };
    typeSelect.addEventListener("change", showHint);
    showHint();
    const reason = h("input", { id: ids.reason, maxlength: "500", autocomplete: "off" });
    const error = h("div", { "aria-live": "polite" });
    const form = h("form", { class: "amend-form" },
      h("div", { class: "amend-grid" },
        h("div", { class: "field" }, h("label", { for: ids.type }, "Type"), typeSelect),
        h("div", { class: "field" }, h("label", { for: ids.actor }, "Actor"), actorSelect)),
      h("div", { class: "field" }, h("label", { for: ids.data }, "Data (JSON)"), dataArea, help),
      h("div", { class: "field" }, h("label", { for: ids.reason }, "Reason ", h("span", { class: "optional" }, "(optional)")), reason),
      error,
      h("div", { class: "form-foot" },
        h("button", { type: "submit" }, "Apply the amendment"),
        h("button", { type: "button", class: "secondary", onclick: () => this.toggleAmend(entry, item, button) }, "Cancel")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      let data;
      try {
        data = JSON.parse(dataArea.value.trim() || "{}");
      } catch {
        fill(error, h("div", { class: "violation", role: "alert" }, "The data is not valid JSON."));
        dataArea.focus();
        return;
      }
      if (typeof data !== "object" || data === null || Array.isArray(data)) {
        fill(error, h("div", { class: "violation", role: "alert" }, "The data must be a JSON object, e.g. {}."));
        return;
      }
      fill(error);
      const amend = { target_seq: entry.seq, event: { type: typeSelect.value, data, actor: actorSelect.value } };
      if (reason.value.trim()) amend.reason = reason.value.trim();
      this.send({ type: "amend", data: amend }, {
        where: () => this.resultFor(`seq:${entry.seq}`),
        overrideLabel: "Apply anyway (the table ruled it stands)",
        success: () => {
          const now = this.log.find((e) => e.seq === entry.seq && e.kind === "event");
          return `Amended step ${entry.step}: ${now ? now.describe : humanize(typeSelect.value)}`;
        },
      });
    });
    fill(editor, form);
    typeSelect.focus();
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
      h("optgroup", { label: "Game events" }, game.map((t) => h("option", { value: t }, humanize(t)))),
      recorder.length ? h("optgroup", { label: "Corrections and notes" }, recorder.map((t) => h("option", { value: t }, humanize(t)))) : null);
    const hint = () => { help.textContent = schemaHint(this.engine.event_types[select.value]); };
    select.addEventListener("change", hint);
    hint();
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      let data;
      try {
        data = JSON.parse(area.value.trim() || "{}");
      } catch {
        fill(result, h("div", { class: "violation", role: "alert" }, "The data is not valid JSON."));
        area.focus();
        return;
      }
      if (typeof data !== "object" || data === null || Array.isArray(data)) {
        fill(result, h("div", { class: "violation", role: "alert" }, "The data must be a JSON object, e.g. {}."));
        return;
      }
      const type = select.value;
      const actor = $("other-actor").value || undefined;
      this.send({ type, actor, data }, {
        where: () => result,
        success: (answer) => {
          const entry = this.log.find((e) => e.seq === answer.seq && e.kind === "event");
          area.value = "{}";
          return entry ? `Recorded: ${entry.describe}` : `Recorded: ${humanize(type)}`;
        },
      });
    });
  }

  setupInvite() {
    const panel = $("invite");
    const open = $("invite-open");
    const close = $("invite-close");
    const copy = $("copy-link");
    const input = $("join-url");
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
    if (copy && input) {
      copy.addEventListener("click", async () => {
        const ok = await copyText(input.value, input);
        copy.textContent = ok ? "Copied" : "Select and copy";
        setTimeout(() => { copy.textContent = "Copy"; }, 2500);
      });
    }
  }

  setupBoardToggle() {
    const panel = this.el.boardPanel;
    const remembered = sessionStorage.getItem("ts-record-board");
    if (remembered !== null) panel.open = remembered === "open";
    else if (window.matchMedia("(max-width: 899px)").matches) panel.open = false;
    panel.addEventListener("toggle", () => sessionStorage.setItem("ts-record-board", panel.open ? "open" : "closed"));
  }
}
