// A compact form for one event type, built generically from its JSON Schema
// (from /api/engines) and the concrete choices the engine offers right now
// (expected.options[type]: by dotted path, or flat by leaf name, e.g. "kind"
// for card.kind). Choices become segmented buttons (or a select when there are
// many); a field with a single choice is prefilled; optional fields may stay empty
// and are then left out of the data. A list field whose choices are single values
// (a list of strings offered as ["red-1", "green-1"]) is a multi-choice: each choice
// is ticked or not, and the list of the ticked ones is sent.

import { choiceLabel, h, humanize, seatColour, uid } from "../dom.js";

const SEGMENTED_MAX = 8;

/** The tree of fields of an object schema. */
function nodesOf(schema, options, path = [], parentPresent = true) {
  const properties = (schema && schema.properties) || {};
  const required = new Set((schema && schema.required) || []);
  return Object.entries(properties).map(([name, sub]) => {
    const node = {
      name,
      path: [...path, name],
      schema: sub || {},
      required: required.has(name),
      label: (sub && sub.title) || humanize(name),
    };
    // "Always sent": the field and all its parents are required (or top-level).
    node.anchored = parentPresent && node.required;
    // Shown (and then required) only while another field has one of some values:
    // options.shown_when = {"card.value": {"card.kind": ["FALL"]}}.
    const shownWhen = options && options.shown_when;
    node.when = (shownWhen && (shownWhen[node.path.join(".")] || shownWhen[name])) || null;
    if (node.when) {
      node.required = true;
      node.anchored = true;
    }
    const isObject = node.schema.type === "object";
    if (isObject && node.schema.properties && Object.keys(node.schema.properties).length) {
      node.kind = "object";
      node.children = nodesOf(node.schema, options, node.path, node.anchored);
    } else if (isObject || node.schema.type === "array") {
      // A whole object or list may still be one of the engine's concrete choices
      // (a tile placement, a hex to move to); otherwise it is typed as JSON.
      node.choices = choicesFor(options, node);
      node.kind = !node.choices ? "json" : severalOf(node) ? "multi" : "choice";
    } else {
      node.choices = choicesFor(options, node);
      node.kind = node.choices ? "choice" : "input";
    }
    node.refused = node.kind === "choice" ? refusedFor(options, node) : [];
    node.suggested = suggestedFor(options, node);
    return node;
  });
}

function choicesFor(options, node) {
  const dotted = node.path.join(".");
  if (options && Array.isArray(options[dotted])) return options[dotted];
  if (options && Array.isArray(options[node.name])) return options[node.name];
  if (Array.isArray(node.schema.enum)) return node.schema.enum;
  if (node.schema.type === "boolean") return [true, false];
  return null;
}

/**
 * The choices the rules refuse the actor now, each with its rule:
 * options.refused_choices = {"target": [{choice, code, rule, message}]}. They are shown
 * apart, on request, so a table can still record its ruling (docs/WEB.md).
 */
function refusedFor(options, node) {
  const table = options && options.refused_choices;
  const list = table && (table[node.path.join(".")] || table[node.name]);
  return Array.isArray(list) ? list.filter((entry) => entry && "choice" in entry) : [];
}

/** The offered choice a field starts on (options.suggested = {"target": "Ana"}), if any. */
function suggestedFor(options, node) {
  const table = options && options.suggested;
  if (!table || !node.choices) return undefined;
  const dotted = node.path.join(".");
  const value = dotted in table ? table[dotted] : table[node.name];
  return node.choices.some((c) => same(c, value)) ? value : undefined;
}

/** "PN-C06 Card Functions: Solo: Ana is protected by a Solo…" */
export function ruleText(entry) {
  return [entry.code, entry.rule ? `${entry.rule}:` : "", entry.message].filter(Boolean).join(" ");
}

/** The line under a field while a refused choice is chosen ("" for an offered one). */
function refusedNote(entry) {
  return entry ? `Refused by the rules: ${ruleText(entry)}. Recording it asks the table for a ruling.` : "";
}

/** A list field offered single values (not whole lists): each is one item of the list sent. */
function severalOf(node) {
  const items = node.schema.items || {};
  return node.schema.type === "array" && items.type !== "array" && items.type !== "object" && node.choices.length > 0
    && node.choices.every((c) => c === null || typeof c !== "object");
}

function* leavesOf(nodes) {
  for (const node of nodes) {
    if (node.kind === "object") yield* leavesOf(node.children);
    else yield node;
  }
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

function setPath(target, path, value) {
  let cursor = target;
  path.slice(0, -1).forEach((key) => {
    if (typeof cursor[key] !== "object" || cursor[key] === null) cursor[key] = {};
    cursor = cursor[key];
  });
  cursor[path[path.length - 1]] = value;
}

/**
 * What an event type needs now.
 *   oneTap: every field that must be sent has exactly one choice (or there is none)
 *   prefilled: the data made of single-choice fields, and a short summary of it
 *   open: whether any field is left for the user to fill (a "details" form)
 */
export function analyse(schema, options) {
  const nodes = nodesOf(schema || {}, options || {});
  const leaves = [...leavesOf(nodes)];
  const data = {};
  const summary = [];
  let oneTap = true;
  let open = false;
  for (const leaf of leaves) {
    const single = leaf.kind === "choice" && leaf.choices.length === 1;
    if (single && leaf.anchored) {
      setPath(data, leaf.path, leaf.choices[0]);
      summary.push([leaf, leaf.choices[0]]);
    } else if (single && !leaf.path.slice(0, -1).length) {
      // An optional top-level field with one choice (e.g. via: "action"): prefilled too.
      setPath(data, leaf.path, leaf.choices[0]);
      summary.push([leaf, leaf.choices[0]]);
    } else {
      open = true;
      if (leaf.anchored) oneTap = false;
    }
  }
  // A required object without fields of its own (free JSON) cannot be one tap either.
  for (const node of nodes) if (node.kind === "json" && node.required) oneTap = false;
  return { nodes, oneTap, open, data, summary };
}

/**
 * The fields of an event being amended, prefilled with what it recorded: the choices
 * offered now, each with the recorded value added if it is not among them.
 * Returns {nodes, draft} for buildFields.
 */
export function prefilled(schema, options, data) {
  const offered = options || {};
  const valueAt = (path) => path.reduce((at, key) => (at && typeof at === "object" ? at[key] : undefined), data || {});
  const merged = offered.shown_when ? { shown_when: offered.shown_when } : {};
  const draft = {};
  for (const leaf of leavesOf(nodesOf(schema || {}, offered))) {
    const key = leaf.path.join(".");
    const value = valueAt(leaf.path);
    if (value !== undefined) draft[key] = value;
    const choices = choicesFor(offered, leaf);
    if (!choices) continue;
    merged[key] = value === undefined || choices.some((c) => same(c, value)) ? choices : [value, ...choices];
  }
  return { nodes: nodesOf(schema || {}, merged), draft };
}

/** A typed event's data: an object, or an error for people. */
export function parseData(text) {
  try {
    const data = JSON.parse(text.trim() || "{}");
    if (typeof data === "object" && data !== null && !Array.isArray(data)) return { data };
  } catch {
    /* said below */
  }
  return { error: "That is not an event's data: write it as {\"field\": value, …}." };
}

/** "from Ben · count 2" */
export function summaryText(summary, players) {
  return summary.map(([leaf, value]) => `${leaf.label.toLowerCase()} ${choiceLabel(value, players)}`).join(" · ");
}

/**
 * Build the fields of one event type. Returns {element, read(), focusFirst()}.
 * read() -> {data, missing: [label…], errors: [message…]}.
 * `draft` (an object, path -> value) keeps the user's choices across re-renders.
 */
export function buildFields({ nodes, players, draft = {}, compact = false }) {
  const root = h("div", { class: `fields${compact ? " compact" : ""}` });
  const readers = [];
  const build = (list, container) => {
    for (const node of list) {
      if (node.kind === "object") {
        const set = h("fieldset", { class: "group" },
          h("legend", {}, node.label, node.required ? null : h("span", { class: "optional" }, " (optional)")));
        container.append(set);
        build(node.children, set);
        continue;
      }
      const { element, read } = control(node, players, draft);
      container.append(element);
      readers.push({ node, read, element });
    }
  };
  build(nodes, root);

  // A conditional field follows the field it depends on: hidden (and not sent) otherwise.
  const shown = (node) => !node.when || Object.entries(node.when).every(([path, values]) => {
    const controller = readers.find((r) => r.node.path.join(".") === path);
    const current = controller ? controller.read() : { set: false };
    return current.set && values.some((v) => same(v, current.value));
  });
  const follow = () => {
    for (const { node, element } of readers) if (node.when) element.hidden = !shown(node);
  };
  root.addEventListener("change", follow);
  follow();

  const read = () => {
    const data = {};
    const present = new Set(); // dotted paths of objects that got a value
    const errors = [];
    for (const { node, read: get } of readers) {
      if (!shown(node)) continue;
      const result = get();
      if (result.error) errors.push(`${node.label}: ${result.error}`);
      if (!result.set) continue;
      setPath(data, node.path, result.value);
      for (let i = 1; i < node.path.length; i += 1) present.add(node.path.slice(0, i).join("."));
    }
    // A required field is missing when its object is sent at all.
    const missing = [];
    for (const { node, read: get } of readers) {
      if (!node.required || !shown(node) || get().set) continue;
      const parents = node.path.slice(0, -1);
      const parentSent = parents.every((_, i) => {
        const key = parents.slice(0, i + 1).join(".");
        return present.has(key) || isRequiredPath(nodes, parents.slice(0, i + 1));
      });
      if (parentSent) missing.push(node.path.length > 1 ? `${humanize(parents.join(" "))} ${node.label.toLowerCase()}` : node.label);
    }
    // Required objects with nothing chosen are still sent ({}), so the server names what is missing.
    for (const node of nodes) {
      if (node.kind === "object" && node.required && data[node.name] === undefined) data[node.name] = {};
    }
    return { data, missing, errors };
  };
  const focusFirst = () => {
    const first = root.querySelector("input:not([type=hidden]), select, textarea");
    if (first) first.focus();
  };
  return { element: root, read, focusFirst };
}

function isRequiredPath(nodes, path) {
  let list = nodes;
  for (const key of path) {
    const node = list.find((n) => n.name === key);
    if (!node || !node.required) return false;
    list = node.children || [];
  }
  return true;
}

function control(node, players, draft) {
  const key = node.path.join(".");
  const remembered = Object.prototype.hasOwnProperty.call(draft, key) ? draft[key] : undefined;
  const remember = (value) => {
    if (value === undefined) delete draft[key];
    else draft[key] = value;
  };
  if (node.kind === "choice") {
    return node.choices.length <= SEGMENTED_MAX
      ? segmented(node, players, remembered, remember)
      : selectControl(node, players, remembered, remember);
  }
  if (node.kind === "multi") return multiControl(node, players, remembered, remember);
  if (node.kind === "json") return jsonControl(node, remembered, remember);
  return inputControl(node, remembered, remember);
}

function initialIndex(node, remembered) {
  if (remembered !== undefined) {
    const found = node.choices.findIndex((c) => same(c, remembered));
    if (found >= 0) return found;
  }
  if (node.choices.length === 1 && (node.anchored || node.path.length === 1)) return 0;
  if (node.suggested !== undefined) return node.choices.findIndex((c) => same(c, node.suggested));
  return -1;
}

function optionalMark(node) {
  return node.required ? null : h("span", { class: "optional" }, " (optional)");
}

function segmented(node, players, remembered, remember) {
  const name = uid("seg");
  // The offered choices, then the refused ones (shown on request, each with its rule).
  const all = [...node.choices, ...node.refused.map((entry) => entry.choice)];
  const refusedFrom = node.choices.length;
  const start = initialIndex({ ...node, choices: all }, remembered);
  const options = h("div", { class: "seg-options" });
  const why = h("p", { class: "refused-why small", role: "status", hidden: true });
  const fieldset = h("fieldset", { class: "seg", dataset: { field: node.path.join(".") } },
    h("legend", {}, node.label, optionalMark(node)), options);
  const inputs = [];
  const refusedLabels = [];
  const explain = (index) => {
    const entry = index >= refusedFrom ? node.refused[index - refusedFrom] : null;
    why.hidden = !entry;
    why.textContent = refusedNote(entry);
  };
  const add = (index, text, colour, aria) => {
    const refused = index >= refusedFrom;
    const input = h("input", { type: "radio", name, value: String(index), "aria-label": aria || null });
    if (index === start) input.checked = true;
    input.addEventListener("change", () => {
      remember(index < 0 ? undefined : all[index]);
      explain(index);
    });
    inputs.push(input);
    const label = h("label", {
      class: `seg-option${colour ? " seat" : ""}${refused ? " refused" : ""}`,
      style: colour ? { "--chip-seat": colour } : null,
    }, input, h("span", {}, text, refused ? h("small", { class: "refused-code" }, node.refused[index - refusedFrom].code) : null));
    if (refused) refusedLabels.push(label);
    options.append(label);
  };
  // "None" is offered when the field may be left out: optional, or inside an optional object.
  const omissible = !node.anchored;
  if (omissible && node.choices.length > 0) add(-1, "—", null, "None");
  if (omissible && start < 0 && inputs[0]) inputs[0].checked = true;
  all.forEach((choice, index) => {
    const colour = typeof choice === "string" ? seatColour(choice, players) : null;
    add(index, choiceLabel(choice, players), colour, null);
  });
  if (!node.choices.length) options.append(h("span", { class: "muted small" }, "No choice available now"));
  if (refusedLabels.length) {
    const showing = start >= refusedFrom;
    const toggle = h("button", { type: "button", class: "link-btn refused-toggle", "aria-expanded": String(showing) },
      `Show refused choices (${refusedLabels.length})`);
    const show = (on) => {
      for (const label of refusedLabels) label.hidden = !on;
      toggle.setAttribute("aria-expanded", String(on));
      toggle.textContent = on ? "Hide refused choices" : `Show refused choices (${refusedLabels.length})`;
    };
    toggle.addEventListener("click", () => show(toggle.getAttribute("aria-expanded") !== "true"));
    show(showing);
    fieldset.append(toggle, why);
    explain(start);
  }
  const read = () => {
    const checked = inputs.find((i) => i.checked);
    const index = checked ? Number(checked.value) : -1;
    return index < 0 ? { set: false } : { set: true, value: all[index] };
  };
  return { element: fieldset, read };
}

/** Tick boxes, one per choice: the ticked ones make the list (in the choices' order). */
function multiControl(node, players, remembered, remember) {
  const ticked = new Set((Array.isArray(remembered) ? remembered : []).map((c) => JSON.stringify(c)));
  const most = node.schema.maxItems;
  const options = h("div", { class: "seg-options" });
  const fieldset = h("fieldset", { class: "seg seg-multi", dataset: { field: node.path.join(".") } },
    h("legend", {}, node.label, optionalMark(node), h("span", { class: "help" }, most ? ` (tick up to ${most})` : " (tick any)")), options);
  const inputs = node.choices.map((choice) => {
    const input = h("input", { type: "checkbox" });
    input.checked = ticked.has(JSON.stringify(choice));
    const colour = typeof choice === "string" ? seatColour(choice, players) : null;
    options.append(h("label", { class: `seg-option${colour ? " seat" : ""}`, style: colour ? { "--chip-seat": colour } : null },
      input, h("span", {}, choiceLabel(choice, players))));
    return input;
  });
  const read = () => {
    const value = node.choices.filter((_, index) => inputs[index].checked);
    if (!value.length) return { set: false };
    if (most && value.length > most) return { set: true, value, error: `at most ${most}` };
    return { set: true, value };
  };
  for (const input of inputs) {
    input.addEventListener("change", () => {
      const value = node.choices.filter((_, index) => inputs[index].checked);
      remember(value.length ? value : undefined);
    });
  }
  return { element: fieldset, read };
}

function selectControl(node, players, remembered, remember) {
  const id = uid("sel");
  const all = [...node.choices, ...node.refused.map((entry) => entry.choice)];
  const start = initialIndex({ ...node, choices: all }, remembered);
  const why = h("p", { class: "refused-why small", role: "status", hidden: true });
  const select = h("select", { id },
    h("option", { value: "-1" }, node.anchored ? "Choose…" : "—"),
    node.choices.map((choice, index) => h("option", { value: String(index) }, choiceLabel(choice, players))),
    node.refused.length ? h("optgroup", { label: "Refused by the rules" }, node.refused.map((entry, i) =>
      h("option", { value: String(node.choices.length + i) }, `${choiceLabel(entry.choice, players)} (${entry.code})`))) : null);
  select.value = String(start);
  const explain = () => {
    const entry = node.refused[Number(select.value) - node.choices.length];
    why.hidden = !entry;
    why.textContent = refusedNote(entry);
  };
  select.addEventListener("change", () => {
    const index = Number(select.value);
    remember(index < 0 ? undefined : all[index]);
    explain();
  });
  explain();
  const element = h("div", { class: "field", dataset: { field: node.path.join(".") } },
    h("label", { for: id }, node.label, optionalMark(node)), select, why);
  const read = () => {
    const index = Number(select.value);
    return index < 0 ? { set: false } : { set: true, value: all[index] };
  };
  return { element, read };
}

function inputControl(node, remembered, remember) {
  const id = uid("in");
  const numeric = node.schema.type === "integer" || node.schema.type === "number";
  const input = h("input", {
    id,
    type: numeric ? "number" : "text",
    inputmode: node.schema.type === "integer" ? "numeric" : null,
    step: node.schema.type === "integer" ? "1" : numeric ? "any" : null,
    min: node.schema.minimum ?? null,
    max: node.schema.maximum ?? null,
    maxlength: node.schema.maxLength ?? null,
    autocomplete: "off",
  });
  if (remembered !== undefined) input.value = String(remembered);
  const element = h("div", { class: "field", dataset: { field: node.path.join(".") } },
    h("label", { for: id }, node.label, optionalMark(node)), input);
  const read = () => {
    const raw = input.value.trim();
    if (raw === "") return { set: false };
    if (!numeric) return { set: true, value: raw };
    const value = Number(raw);
    if (!Number.isFinite(value) || (node.schema.type === "integer" && !Number.isInteger(value))) {
      return { set: false, error: "not a number" };
    }
    return { set: true, value };
  };
  input.addEventListener("input", () => {
    const result = read();
    remember(result.set ? result.value : undefined);
  });
  return { element, read };
}

function jsonControl(node, remembered, remember) {
  const id = uid("json");
  const textarea = h("textarea", { id, rows: "3", spellcheck: "false" });
  textarea.value = remembered !== undefined ? JSON.stringify(remembered) : "";
  const element = h("div", { class: "field", dataset: { field: node.path.join(".") } },
    h("label", { for: id }, node.label, optionalMark(node), h("span", { class: "help" }, " (typed as data)")), textarea);
  const read = () => {
    const raw = textarea.value.trim();
    if (raw === "") return { set: false };
    try {
      return { set: true, value: JSON.parse(raw) };
    } catch {
      return { set: false, error: "not written as data, e.g. {\"field\": value}" };
    }
  };
  textarea.addEventListener("input", () => {
    const result = read();
    remember(result.set ? result.value : undefined);
  });
  return { element, read };
}

/** One line naming an event type's fields, for the free-form editor. */
export function schemaHint(schema) {
  const describe = (s) => Object.entries((s && s.properties) || {}).map(([name, sub]) => {
    const required = (s.required || []).includes(name);
    let text = name;
    if (sub.enum) text += `: ${sub.enum.join(" | ")}`;
    else if (sub.type === "object" && sub.properties) text += ` {${describe(sub)}}`;
    else if (sub.type) text += `: ${sub.type}`;
    return required ? text : `${text}?`;
  }).join(", ");
  const text = describe(schema);
  return text ? `Fields: ${text} (? = optional)` : "No fields: {}";
}
