// How the viewer words and groups things. Twins of the helpers in
// recorder/web/viewer_page.py (the server-rendered first paint): keep them in step.

export const SUMMARY_MAX = 140;

/** click_clack_parity -> "Click clack parity" */
export function humanise(key) {
  const text = String(key).replace(/_/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A breakdown value as a standings cell shows it. */
export function cellText(value) {
  if (value === null || value === undefined) return "—";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (typeof value === "string") return value.replace(/_/g, " ");
  if (typeof value === "number") return String(value);
  return summary(value);
}

export const isNumber = (value) => typeof value === "number";

/** Event data in one short line: "target: Ben, card: {kind: FALL, value: 300}". */
export function summary(value, top = true) {
  let text;
  if (Array.isArray(value)) {
    text = "[" + value.map((v) => summary(v, false)).join(", ") + "]";
  } else if (value !== null && typeof value === "object") {
    const inner = Object.entries(value).map(([k, v]) => `${k}: ${summary(v, false)}`).join(", ");
    text = top ? inner : "{" + inner + "}";
  } else if (value === null || value === undefined) {
    text = "null";
  } else {
    text = String(value);
  }
  if (top && text.length > SUMMARY_MAX) text = text.slice(0, SUMMARY_MAX - 1) + "…";
  return text;
}

/**
 * Standings columns from the data: every breakdown key. The API sorts JSON keys, so the
 * engine's own order comes from ``order`` (the columns the server drew first); keys it
 * does not know follow in the order the rows name them.
 */
export function standingsTable(standings, order = []) {
  const rows = standings?.players || [];
  const present = new Set();
  for (const row of rows) for (const key of Object.keys(row.breakdown || {})) present.add(key);
  const keys = order.filter((key) => present.has(key));
  for (const row of rows) {
    for (const key of Object.keys(row.breakdown || {})) if (!keys.includes(key)) keys.push(key);
  }
  const final = Boolean(standings?.final);
  const winners = new Set(standings?.winners || []);
  return {
    final,
    columns: keys.map((key) => ({ key, label: humanise(key) })),
    rows: rows.map((row) => ({
      player: row.player,
      rank: row.rank,
      total: row.total,
      status: row.status,
      statusText: row.status ? humanise(row.status) : "—",
      winner: final && winners.has(row.player),
      cells: keys.map((key) => {
        const value = (row.breakdown || {})[key];
        return { text: cellText(value), num: isNumber(value) };
      }),
    })),
  };
}

/**
 * The effective log in groups of consecutive entries with the same position label;
 * set-up (step 0) first; a note joins the group of the step it follows. A page from
 * further on (``setup`` false) starts with the group of its first entry.
 */
export function logGroups(log, { setup = true } = {}) {
  const groups = setup ? [{ label: "Set-up", entries: [{ kind: "setup", step: 0 }] }] : [];
  for (const entry of log) {
    if (entry.kind === "note" && groups.length) {
      groups[groups.length - 1].entries.push(entry);
      continue;
    }
    let label = entry.position?.label || "";
    if (!label && (groups.length > 1 || (groups.length && !setup))) label = groups[groups.length - 1].label;
    if (!groups.length || label !== groups[groups.length - 1].label || (setup && groups.length === 1)) {
      groups.push({ label: label || "Events", entries: [] });
    }
    groups[groups.length - 1].entries.push(entry);
  }
  return groups;
}

const FATE_WORDS = { undo: "undone", void: "voided", amend: "amended" };

/** The log as recorded, each row with what became of it and, when it stands, its step. */
export function recordedRows(rows, effectiveLog) {
  const stepOf = new Map();
  for (const entry of effectiveLog) if (entry.kind === "event") stepOf.set(entry.seq, entry.step);
  const fate = new Map();
  for (const row of rows) {
    if (row.type in FATE_WORDS && row.data && row.data.target_seq !== undefined) {
      fate.set(Number(row.data.target_seq), [FATE_WORDS[row.type], row.seq]);
    }
  }
  return rows.map((row) => recordedRow(row, fate.get(row.seq) || null, stepOf.has(row.seq) ? stepOf.get(row.seq) : null));
}

/** A page of the log as recorded (``/log?view=recorded``): each row comes with its step and fate. */
export function pagedRecordedRows(rows) {
  return rows.map((row) => recordedRow(row, row.fate || null, row.step ?? null));
}

function recordedRow(row, fate, step) {
  const data = row.data && typeof row.data === "object" ? row.data : {};
  return {
    seq: row.seq,
    type: row.type,
    actor: row.actor,
    summary: summary(data),
    correction: row.type in FATE_WORDS,
    targetSeq: data.target_seq,
    note: row.type === "note",
    flags: row.flags || [],
    override: row.override,
    fate,
    step,
    recordedAt: row.recorded_at,
    hash: row.hash || "",
  };
}
