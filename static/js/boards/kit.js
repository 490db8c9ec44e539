// The board editors' building blocks, beside the recording page's (picker-kit.js): big
// toggle buttons and their groups for what is chosen by a tap, and fields for the names and
// numbers that must be typed. Every control is at least 44px tall; text goes in as text nodes.

import { h, uid } from "../dom.js";
import { group, option } from "../record/engines/picker-kit.js";

export { group, option };

/** A labelled one-line text field. */
export function textField({ label, value = "", onchange, placeholder = "", maxlength = 100, help = null, key = null }) {
  const id = uid("bt");
  const input = h("input", {
    id, type: "text", value, placeholder, maxlength, autocomplete: "off", spellcheck: "false",
    dataset: { focusKey: key || id },
    oninput: (event) => onchange(event.target.value),
  });
  return h("div", { class: "field be-field" }, h("label", { for: id }, label), input,
    help ? h("span", { class: "help" }, help) : null);
}

/** A whole number, typed on the numeric keypad or stepped with − and +. */
export function numberField({ label, value = null, onchange, min = 0, max = 999, step = 1, key = null, help = null }) {
  const id = uid("bn");
  const clamp = (n) => Math.min(max, Math.max(min, n));
  const input = h("input", {
    id, type: "text", inputmode: "numeric", pattern: "-?[0-9]*", value: value === null || value === undefined ? "" : String(value),
    class: "be-number", dataset: { focusKey: key || id },
    oninput: (event) => {
      const text = event.target.value.trim();
      if (text === "") onchange(null);
      else if (/^-?\d+$/.test(text)) onchange(clamp(Number(text)));
    },
  });
  const bump = (delta) => {
    const current = /^-?\d+$/.test(input.value.trim()) ? Number(input.value.trim()) : (delta > 0 ? min - step : min + step);
    const next = clamp(current + delta);
    input.value = String(next);
    onchange(next);
  };
  return h("div", { class: "field be-field be-number-field" }, h("label", { for: id }, label),
    h("div", { class: "be-stepper" },
      h("button", { type: "button", class: "secondary be-step", "aria-label": `${label}: one less`, onclick: () => bump(-step) }, "−"),
      input,
      h("button", { type: "button", class: "secondary be-step", "aria-label": `${label}: one more`, onclick: () => bump(step) }, "+")),
    help ? h("span", { class: "help" }, help) : null);
}

/** One choice among a few, by tap: `choices` are {value, label, sub?}; `value` the current one. */
export function chooseOne({ legend, choices, value, onchange, keyPrefix, allowNone = false }) {
  return group(legend, h("div", { class: "pa-pick-opts" }, choices.map((choice) => option({
    label: choice.label, sub: choice.sub || null, pressed: sameValue(choice.value, value),
    focusKey: `${keyPrefix}:${JSON.stringify(choice.value)}`, className: choice.className || "",
    onclick: () => onchange(allowNone && sameValue(choice.value, value) ? null : choice.value),
  }))));
}

/** Any number of choices, by tap. */
export function chooseMany({ legend, choices, values, onchange, keyPrefix }) {
  const chosen = new Set((values || []).map((v) => JSON.stringify(v)));
  return group(legend, h("div", { class: "pa-pick-opts" }, choices.map((choice) => option({
    label: choice.label, sub: choice.sub || null, pressed: chosen.has(JSON.stringify(choice.value)),
    focusKey: `${keyPrefix}:${JSON.stringify(choice.value)}`,
    onclick: () => {
      const key = JSON.stringify(choice.value);
      const next = choices.filter((c) => (JSON.stringify(c.value) === key ? !chosen.has(key) : chosen.has(JSON.stringify(c.value))))
        .map((c) => c.value);
      onchange(next);
    },
  }))));
}

/** A list of entries, each drawn by `row(item, index)`, with Remove on each and Add below. */
export function listEditor({ title, items, row, onadd, onremove, addLabel, empty = "None yet.", itemLabel = (i) => `#${i + 1}` }) {
  return h("section", { class: "be-list", "aria-label": title },
    h("h3", {}, title, h("span", { class: "muted small" }, ` · ${items.length}`)),
    items.length
      ? h("ol", { class: "be-rows" }, items.map((item, index) => h("li", { class: "be-row", dataset: { index } },
        h("div", { class: "be-row-body" }, row(item, index)),
        h("button", { type: "button", class: "secondary be-remove", "aria-label": `Remove ${itemLabel(index, item)}`,
          onclick: () => onremove(index) }, "Remove"))))
      : h("p", { class: "muted small" }, empty),
    h("button", { type: "button", class: "be-add", onclick: onadd }, addLabel));
}

/** The problems a refused save named for one entry (`problems` from the editor's context). */
export function problemNotes(problems) {
  if (!problems || !problems.length) return null;
  return h("ul", { class: "be-problems", role: "alert" }, problems.map((p) =>
    h("li", { class: "violation" }, p.code ? h("span", { class: "code" }, `${p.code} `) : null, p.message)));
}

/** A section of the board file, headed, with a line saying what to read off the box. */
export function section(title, help, ...children) {
  return h("section", { class: "panel be-section", "aria-label": title }, h("h2", {}, title),
    help ? h("p", { class: "muted small" }, help) : null, children);
}

function sameValue(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}
