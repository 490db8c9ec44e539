// The board editor's shell: the board's name, the draft kept in this browser until it is
// saved (a closed tab or a locked phone loses nothing), loading and downloading the board
// file, and saving through POST /api/boards. What a game's board holds is drawn by its
// module in ./engines/ (the module contract is in ./engines/index.js).

import { fill, h } from "../dom.js";
import { editorFor } from "./engines/index.js";
import * as kit from "./kit.js";

const FORMAT = "tablescribe-board";
const SAVE_BAR_PROBLEMS = 2;
const csrfMeta = document.querySelector('meta[name="csrf-token"]');

class BoardEditor {
  constructor(page, module, root) {
    this.page = page;
    this.module = module;
    this.root = root;
    this.key = `tablescribe:board-draft:${page.engine}:${page.base ? page.base.id : "new"}`;
    this.draft = this.fresh();
    this.restoredAt = null;
    this.problems = [];
    this.message = null;
    this.saving = false;
    this.timer = null;
  }

  fresh() {
    const base = this.page.base;
    if (base) return { name: base.name, description: base.description || "", data: clone(base.data) };
    return { name: "", description: "", data: this.module.empty ? this.module.empty() : {} };
  }

  start() {
    const kept = readDraft(this.key);
    if (kept && kept.data && typeof kept.data === "object") {
      this.draft = { name: kept.name || "", description: kept.description || "", data: kept.data };
      this.restoredAt = kept.saved_at || null;
    }
    window.addEventListener("pagehide", () => this.keep());
    this.render();
  }

  // ------------------------------------------------------------------ drawing

  render() {
    const about = kit.section("About this board", "The name you will choose it by at New game.",
      kit.textField({ label: "Name", value: this.draft.name, maxlength: 200, key: "board-name",
        placeholder: `${this.page.engine_title}, our copy`, onchange: (value) => { this.draft.name = value; this.changed(); } }),
      kit.textField({ label: "Description (optional)", value: this.draft.description, maxlength: 2000, key: "board-description",
        placeholder: "Edition, language, who owns it", onchange: (value) => { this.draft.description = value; this.changed(); } }));
    this.engineRoot = h("div", { class: "be-engine", id: "board-sections" });
    fill(this.root,
      this.restoredAt ? this.restoredNotice() : null,
      about,
      this.engineRoot,
      this.filesPanel(),
      this.saveBar());
    this.mountEngine();
  }

  mountEngine() {
    this.module.mount(this.engineRoot, {
      data: this.draft.data,
      changed: () => this.changed(),
      problems: (prefix = "") => this.problemsUnder(prefix),
      kit,
    });
  }

  restoredNotice() {
    const when = new Date(this.restoredAt);
    return h("div", { class: "notice be-restored", role: "status" },
      `Your draft from ${when.toLocaleString()} is back. `,
      h("button", { type: "button", class: "secondary", onclick: () => this.startOver() },
        this.page.base ? "Start again from the saved board" : "Start again from an empty board"));
  }

  filesPanel() {
    const input = h("input", { type: "file", accept: ".json,application/json", id: "board-file",
      onchange: (event) => this.load(event.target.files && event.target.files[0]) });
    return kit.section("Board file", "To share a board, or to work on it elsewhere: the same file the Export link gives.",
      h("div", { class: "be-files" },
        h("label", { for: "board-file", class: "button secondary" }, "Load a board file"),
        input,
        h("button", { type: "button", class: "secondary", id: "board-download", onclick: () => this.download() },
          "Download this board file")),
      h("div", { class: "result-slot", id: "file-result", "aria-live": "polite" }));
  }

  saveBar() {
    this.status = h("p", { class: "be-status small", id: "save-status", "aria-live": "polite" }, this.statusText());
    this.problemBox = h("div", { class: "be-save-problems", id: "save-problems", "aria-live": "assertive" }, this.problemList());
    return h("div", { class: "be-savebar" },
      this.problemBox,
      h("div", { class: "be-savebar-row" },
        this.status,
        h("button", { type: "button", class: "record-btn", id: "board-save", disabled: this.saving,
          onclick: () => this.save() }, this.page.base ? "Save as a new board" : "Save board")));
  }

  statusText() {
    if (this.saving) return "Saving…";
    if (this.message) return this.message;
    const summary = this.module.summary ? this.module.summary(this.draft.data) : "";
    return `${summary ? `${summary} · ` : ""}Draft kept on this device.`;
  }

  problemList() {
    if (!this.problems.length) return null;
    // The bar stays in reach of the thumb: the first problems here, every one beside its entry.
    const shown = this.problems.slice(0, SAVE_BAR_PROBLEMS);
    const more = this.problems.length - shown.length;
    return h("div", { class: "violation", role: "alert" },
      h("strong", {}, "The board was not saved."),
      h("ul", {}, shown.map((p) => h("li", {},
        p.field ? h("span", { class: "be-problem-where" }, `${this.fieldLabel(p.field)}: `) : null,
        p.code ? h("span", { class: "code" }, `${p.code} `) : null,
        p.message))),
      more > 0 ? h("p", { class: "small" }, `And ${more} more, each shown beside its entry.`) : null);
  }

  fieldLabel(field) {
    if (field === "name" || field === "description") return field === "name" ? "Name" : "Description";
    return this.module.fieldLabel ? this.module.fieldLabel(field) : field;
  }

  problemsUnder(prefix) {
    return this.problems.filter((p) => p.field && (prefix === "" || p.field === prefix || p.field.startsWith(`${prefix}.`)));
  }

  // ------------------------------------------------------------ the draft

  changed() {
    this.message = null;
    if (this.status) this.status.textContent = this.statusText();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.keep(), 250);
  }

  keep() {
    clearTimeout(this.timer);
    if (this.saved) return;  // saved and forgotten: leaving the page must not keep it again
    try {
      localStorage.setItem(this.key, JSON.stringify({ ...this.draft, saved_at: Date.now() }));
    } catch {
      this.message = "This browser cannot keep a draft: save the board before you leave the page.";
      if (this.status) this.status.textContent = this.message;
    }
  }

  forget() {
    clearTimeout(this.timer);
    try {
      localStorage.removeItem(this.key);
    } catch {
      /* nothing was kept */
    }
  }

  startOver() {
    this.forget();
    this.draft = this.fresh();
    this.restoredAt = null;
    this.problems = [];
    this.render();
  }

  // ------------------------------------------------------------ files

  async load(file) {
    const slot = document.getElementById("file-result");
    if (!file) return;
    let parsed;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      fill(slot, h("div", { class: "violation", role: "alert" }, `${file.name} is not a board file (it is not JSON).`));
      return;
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      fill(slot, h("div", { class: "violation", role: "alert" }, `${file.name} is not a board file.`));
      return;
    }
    if (parsed.format === FORMAT) {
      if (parsed.engine !== this.page.engine) {
        fill(slot, h("div", { class: "violation", role: "alert" }, `${file.name} is a board of another game (${parsed.engine}).`));
        return;
      }
      this.draft = { name: parsed.name || this.draft.name, description: parsed.description || "", data: parsed.data || {} };
    } else {
      this.draft = { ...this.draft, data: parsed };  // a bare board file, as the board option takes it
    }
    this.problems = [];
    this.restoredAt = null;
    this.keep();
    this.render();
    fill(document.getElementById("file-result"), h("p", { class: "notice" }, `Loaded ${file.name}. Check it, then save.`));
  }

  download() {
    const document_ = { format: FORMAT, format_version: 1, engine: this.page.engine, name: this.draft.name || "Board",
      description: this.draft.description, data: this.draft.data };
    const blob = new Blob([JSON.stringify(document_, null, 2)], { type: "application/json" });
    const link = h("a", { href: URL.createObjectURL(blob), download: `${slug(this.draft.name) || "board"}.tablescribe-board.json` });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  // ------------------------------------------------------------- saving

  async save() {
    if (!this.draft.name.trim()) {
      this.problems = [{ field: "name", message: "Give the board a name." }];
      this.refreshProblems();
      return;
    }
    this.saving = true;
    this.problems = [];
    this.refreshProblems();
    const body = { engine: this.page.engine, name: this.draft.name.trim(), description: this.draft.description.trim(),
      data: this.draft.data };
    if (this.page.base) body.based_on = this.page.base.id;
    const { status, payload } = await postJSON(this.page.urls.save, body);
    this.saving = false;
    if (status === 200 || status === 201) {
      this.saved = true;
      this.forget();
      const where = `${this.page.urls.boards}?engine=${encodeURIComponent(this.page.engine)}&saved=${payload.id}#board-${payload.id}`;
      window.location.assign(where);
      return;
    }
    this.problems = problemsOf(status, payload);
    this.refreshProblems();
    this.mountEngine();  // entries show the problems that name them
  }

  refreshProblems() {
    if (this.status) this.status.textContent = this.statusText();
    fill(this.problemBox, this.problemList());
    const button = document.getElementById("board-save");
    if (button) button.disabled = this.saving;
  }
}

/** What a refused save names: shape errors (400, by field) and rule problems (422). */
function problemsOf(status, payload) {
  if (status === 0 || !payload) return [{ field: "", message: "The server could not be reached. Your draft is kept: try again." }];
  if (status === 400 && payload.fields) {
    return Object.entries(payload.fields).map(([field, messages]) => ({
      field: field.replace(/^data\.?/, ""), message: [].concat(messages).join(" ") }));
  }
  if (payload.violations) return payload.violations.map((v) => ({ field: (v.field || "").replace(/^data\.?/, ""), code: v.code, message: v.message }));
  return [{ field: "", message: payload.message || `The server answered ${status}.` }];
}

async function postJSON(url, body) {
  try {
    const response = await fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRF-Token": csrfMeta ? csrfMeta.content : "" },
      body: JSON.stringify(body),
    });
    let payload = null;
    try {
      payload = await response.json();
    } catch {
      payload = null;
    }
    return { status: response.status, payload };
  } catch {
    return { status: 0, payload: null };
  }
}

function readDraft(key) {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function clone(value) {
  return JSON.parse(JSON.stringify(value === undefined ? {} : value));
}

function slug(text) {
  return String(text || "").toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60);
}

const root = document.getElementById("editor-root");
if (root) {
  const page = JSON.parse(document.getElementById("editor-data").textContent);
  editorFor(page.engine).then((module) => {
    if (!module) {
      fill(root, h("p", { class: "violation" }, `This server has no board editor for ${page.engine_title} yet.`));
      return;
    }
    new BoardEditor(page, module, root).start();
  });
}
