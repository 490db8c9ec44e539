// The parts of the page that change with the step, built as DOM nodes.
// Twins of templates/viewer.html: keep the markup in step.
import { fill, h } from "../dom.js";
import { standingsTable } from "./format.js";
import { morphChildren } from "./morph.js";

/** Like fill(), but only the nodes that differ from what is there change (a step changes little). */
function refill(el, ...children) {
  const fragment = document.createDocumentFragment();
  fill(fragment, ...children);
  morphChildren(el, fragment);
  return el;
}

/** Seat colour index by player name. */
export function seatMap(players) {
  return new Map(players.map((name, seat) => [name, seat % 10]));
}

function seatDot(seats, name) {
  const seat = seats.has(name) ? seats.get(name) : 9;
  return h("span", { class: "seat-dot", style: `--seat: var(--seat-${seat})`, "aria-hidden": "true" });
}

/** A flag's badge, coloured by severity: an error the table overrode, a warning, or a
 *  check that could not run for want of data (unverified). */
function flagBadge(flag) {
  const severity = flag.severity || "error";
  return h("span", { class: `badge flag ${severity}`, title: `${severity} · ${flag.rule}: ${flag.message}` }, flag.code);
}

/** Override, amended and flag badges of a log entry or a frame. */
export function badges(entry) {
  const out = [];
  if (entry.override) out.push(h("span", { class: "badge override" }, `override: ${entry.override.reason ?? ""}`));
  if (entry.amended_by) {
    out.push(h("span", { class: "badge amended", title: `Amended by event #${entry.amended_by}` }, "amended"));
  }
  for (const flag of entry.flags || []) {
    out.push(flagBadge(flag));
  }
  return out;
}

/** The checks a step could not run for want of board data: quiet, never a flag. */
export function uncheckedNote(checks) {
  if (!checks || !checks.length) return null;
  return h("span", { class: "badge unchecked", title: checks.map((c) => `${c.code} ${c.rule}: ${c.message}`).join("\n") },
    `not checked: ${checks.map((c) => c.code).join(", ")}`);
}

export function renderStepHead(frame, els) {
  const label = frame.position?.label;
  refill(els.position,
    h("span", { class: "step-number" }, `Step ${frame.step}`),
    label ? h("span", { class: "step-label" }, ` · ${label}`) : null);
  els.describe.textContent = frame.describe;
  refill(els.badges, badges(frame), uncheckedNote(frame.unchecked));
}

export function renderChanges(frame, el) {
  if (frame.changes && frame.changes.length) {
    refill(el, h("ul", { class: "change-list" }, frame.changes.map((line) => h("li", {}, line))));
  } else {
    refill(el, h("p", { class: "muted" }, frame.step === 0 ? "The game is set up." : "Nothing visible changed."));
  }
}

export function renderStandings(standings, step, seats, els) {
  // Keep the columns in the order already on screen (the engine's, from the server).
  const order = [...els.table.querySelectorAll("thead th[data-key]")].map((th) => th.dataset.key);
  const table = standingsTable(standings, order);
  els.when.textContent = table.final ? "final" : `after step ${step}`;
  const head = h("tr", {},
    h("th", { scope: "col", class: "num" }, "Rank"),
    h("th", { scope: "col", class: "player-col" }, "Player"),
    h("th", { scope: "col", class: "num" }, "Total"),
    h("th", { scope: "col" }, "Status"),
    table.columns.map((c) => h("th", { scope: "col", dataset: { key: c.key } }, c.label)));
  const body = table.rows.map((row) => h("tr", { class: row.winner ? "winner" : "" },
    h("td", { class: "num rank" }, row.rank ?? "—"),
    h("th", { scope: "row", class: "player-col" }, seatDot(seats, row.player), row.player,
      row.winner ? [" ", h("span", { class: "badge winner-badge" }, "Winner")] : null),
    h("td", { class: "num total" }, row.total ?? "—"),
    h("td", {}, h("span", { class: `status status-${row.status || "none"}` }, row.statusText)),
    row.cells.map((cell) => h("td", { class: cell.num ? "num" : "" }, cell.text))));
  refill(els.table, h("table", { class: "standings-table" }, h("thead", {}, head), h("tbody", {}, body)));
}

/** The effective log, grouped by round and turn; ``more``: a long game's links to the steps either side. */
export function renderEffectiveLog(groups, el, more = {}) {
  const list = h("ol", { class: "log-groups" }, groups.map((group) => h("li", { class: "log-group" },
    h("h3", { class: "log-group-label" }, group.label),
    h("ol", { class: "log-entries" }, group.entries.map(logEntry)))));
  fill(el, more.earlier || null, list, more.later || null);
}

/** A link to the log of the steps before (``earlier``) or after (``later``) the ones shown. */
export function logMore(where, target, text, suffix = "") {
  return h("p", { class: `log-more log-${where}` },
    h("a", { class: "button secondary", href: `?step=${target}${suffix}`, dataset: { logMore: where, step: target } }, text));
}

function logEntry(entry) {
  if (entry.kind === "note") {
    return h("li", { class: "log-note" },
      h("a", { href: `?step=${entry.after_step}`, dataset: { step: entry.after_step } },
        h("span", { class: "log-step", "aria-hidden": "true" }, "✎"),
        h("span", { class: "log-text" }, h("span", { class: "visually-hidden" }, "Note: "), entry.text)));
  }
  const setup = entry.kind === "setup";
  let cls = "log-entry";
  if (entry.override || (entry.flags || []).some((flag) => (flag.severity || "error") === "error")) cls += " is-flagged";
  if (entry.amended_by) cls += " is-amended";
  return h("li", { class: cls, dataset: { step: entry.step } },
    h("a", { href: `?step=${entry.step}`, dataset: { step: entry.step } },
      h("span", { class: "log-step" }, entry.step),
      h("span", { class: "log-text" }, setup ? "Set-up" : entry.describe, setup ? null : badges(entry))));
}

/** The log as recorded: every stored event, corrections marked with their targets. */
export function renderRecordedLog(rows, el, more = {}) {
  const list = h("ol", { class: "log-recorded" }, rows.map((row) => {
    let cls = "rec-row";
    if (row.correction) cls += " is-correction";
    if (row.fate) cls += ` is-${row.fate[0]}`;
    if (row.note) cls += " is-note";
    const main = h("span", { class: "rec-main" },
      h("span", { class: "rec-type" }, row.type),
      row.actor ? [" ", h("span", { class: "rec-actor" }, row.actor)] : null,
      row.step !== null ? h("span", { class: "rec-stepref" }, `step ${row.step}`) : null,
      row.correction ? h("span", { class: "badge correction" }, `${row.type} → #${row.targetSeq}`) : null,
      row.fate ? h("span", { class: "badge fate" }, `${row.fate[0]} by #${row.fate[1]}`) : null,
      row.override ? h("span", { class: "badge override" }, `override: ${row.override.reason ?? ""}`) : null,
      row.flags.map(flagBadge),
      row.summary ? h("span", { class: "rec-data" }, row.summary) : null);
    const seq = h("span", { class: "rec-seq", title: `Recorded ${row.recordedAt} · hash ${row.hash.slice(0, 12)}…` },
      `#${row.seq}`);
    const inner = row.step !== null
      ? h("a", { href: `?step=${row.step}&log=recorded`, dataset: { step: row.step } }, seq, main)
      : h("div", { class: "rec-static" }, seq, main);
    return h("li", { class: cls, dataset: row.step !== null ? { step: row.step } : {} }, inner);
  }));
  fill(el, more.earlier || null, list, more.later || null);
}

/**
 * Mark the log entry of ``step`` as current and scroll it into view inside the log
 * box only: the page does not move and the focus stays where it is.
 */
export function markCurrent(logEl, step, smooth, scroll = true) {
  for (const old of logEl.querySelectorAll('[aria-current="step"]')) old.removeAttribute("aria-current");
  const current = logEl.querySelector(`li[data-step="${step}"]`);
  if (!current) return;
  current.setAttribute("aria-current", "step");
  if (!scroll) return; // the reader is scrolling the log: leave it where it is
  const box = logEl.getBoundingClientRect();
  const row = current.getBoundingClientRect();
  const margin = 40; // room for the sticky group label
  if (row.top >= box.top + margin && row.bottom <= box.bottom - 8) return;
  const top = logEl.scrollTop + (row.top - box.top) - (box.height - row.height) / 2;
  logEl.scrollTo({ top: Math.max(0, top), behavior: smooth ? "smooth" : "auto" });
}
