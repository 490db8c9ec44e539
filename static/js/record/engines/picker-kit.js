// What the engines' recording-page pickers share: a picker's frame (its section, heading,
// result slot, the generic form tucked away, drawn again on every tap with the focus kept),
// the big option buttons and their groups, the opening line, hint and record button, an
// Amend's start and the acting player.  An engine's module (./<engine>.js) only declares
// its pickers with these.  The classes are pa-pick-* (the kit began as Pan Am's) and styled
// in record.css.  Text goes in as text nodes.

import { fill, h, humanize } from "../../dom.js";

function resultSlot(ctx) {
  return h("div", { class: "result-slot", dataset: { resultFor: ctx.type }, "aria-live": "polite" });
}

function problem(slot, text) {
  fill(slot, h("div", { class: "violation", role: "alert" }, text));
}

/**
 * A picker's frame, drawn whole again on every change: its section (class `className`),
 * its heading, what `body(view)` returns, the result slot and the generic form tucked away
 * under `fallback` (a summary; none without). `view.again(key)` clears the result and
 * draws again with the focus back on the control `key` (`view.clear()` only clears it, for
 * a field being typed in, `view.redraw(key)` draws again and keeps what the result slot
 * says, for a change of what is shown only); `view.set(changes, key)` puts
 * `changes` in the draft first; `view.problem(text)` says in the result slot what is still
 * missing; `view.record([[ok, "what to do"], ...], data)` records `data` (or what the
 * function `data` returns) once every check is ok, else says the first one's words;
 * `view.root` is the section, for its data attributes; `view.draft` is `ctx.draft`. With
 * `slotsInside` the body places the result slot and the form itself (`view.slots()`).
 */
export function frame(ctx, { picker, heading, className = "pa-picker", fallback = null, slotsInside = false }, body) {
  const titleId = `picker-title-${ctx.type}`;
  const root = h("section", { class: `action-form ${className}`, dataset: { type: ctx.type, picker }, "aria-labelledby": titleId });
  const result = resultSlot(ctx);
  const tucked = fallback ? fallbackDetails(ctx, fallback) : null;
  const view = {
    root,
    draft: ctx.draft,
    slots: () => [result, tucked],
    clear() { fill(result); },
    again(key = null) { fill(result); draw(key); },
    redraw(key = null) { draw(key); },
    problem(text) { problem(result, text); },
    set(changes, key = null) { Object.assign(ctx.draft, changes); view.again(key); },
    record(checks, data) {
      fill(result);
      const missing = checks.find(([ok]) => !ok);
      return missing ? view.problem(missing[1]) : ctx.record(typeof data === "function" ? data() : data);
    },
  };
  // A heading given as nodes is copied for each draw: moving its nodes out of the heading
  // on the page, before the page is redrawn, shifts the layout and Chrome's scroll
  // anchoring scrolls the page by a line at every tap.
  const headingNodes = () => (typeof heading === "function" ? heading()
    : [heading].flat().map((part) => (part instanceof Node ? part.cloneNode(true) : part)));
  function draw(key = null) {
    const drawn = body(view);
    fill(root, h("h3", { id: titleId }, headingNodes()), drawn, slotsInside ? null : [result, tucked]);
    refocus(root, key);
  }
  draw();
  return root;
}

/** A big toggle button: `pressed` undefined makes a plain button. */
export function option({ label, sub = null, pressed, onclick, focusKey, disabled = false, className = "", data = {}, title = null, style = null }) {
  return h("button", {
    type: "button",
    class: `pa-pick-opt${pressed ? " is-on" : ""}${className ? ` ${className}` : ""}`,
    "aria-pressed": pressed === undefined ? null : String(Boolean(pressed)),
    disabled, title, style,
    dataset: { ...data, focusKey },
    onclick,
  }, h("span", { class: "pa-pick-opt-label" }, label), sub ? h("span", { class: "pa-pick-opt-sub" }, sub) : null);
}

/** The picker's main button ("Record …" unless told), focus key submit:<type> unless told. */
export function recordButton(ctx, onclick, text = null, { key = null, className = "" } = {}) {
  return h("button", { type: "button", class: `record-btn${className ? ` ${className}` : ""}`,
    dataset: { focusKey: key || `submit:${ctx.type}` }, onclick }, text || `Record ${humanize(ctx.type).toLowerCase()}`);
}

/**
 * One of several, as a group of big buttons: each of `items` is an option whose label,
 * sub-line, data attributes and refusal come from the given functions; a tap calls
 * `pick(item)` (by default: the draft's `field` becomes the item's `value`) and draws
 * again with the focus on the tapped button. The pressed one is the draft's `field`.
 * Without a `legend` the buttons come without their fieldset.
 */
export function choices(view, { legend = null, items, field = null, value = (item) => item, key, label, sub = () => null,
  disabled = () => false, data = () => ({}), className = "", pick = null, pressed = null, listClass = "" }) {
  const isOn = pressed || ((item) => field !== null && view.draft[field] === value(item));
  const buttons = h("div", { class: `pa-pick-opts${listClass ? ` ${listClass}` : ""}` }, items.map((item) => {
    const focusKey = key(item);
    return option({ label: label(item), sub: sub(item), pressed: isOn(item) && !disabled(item), disabled: disabled(item),
      focusKey, className, data: data(item),
      onclick: () => (pick ? pick(item, focusKey) : view.set({ [field]: value(item) }, focusKey)) });
  }));
  return legend === null ? buttons : group(legend, buttons);
}

export function group(legend, ...children) {
  return h("fieldset", { class: "pa-pick-group" }, h("legend", {}, legend), children);
}

export function refocus(root, key) {
  const again = key && root.querySelector(`[data-focus-key="${CSS.escape(key)}"]`);
  if (again) again.focus();
}

function fallbackDetails(ctx, summary) {
  const form = ctx.fallback && ctx.fallback();
  if (!form) return null;
  return h("details", { class: "pa-pick-fallback" }, h("summary", {}, summary), form);
}

/**
 * An Amend's picker starts on what was recorded: while the draft is still empty, it is
 * filled from the recorded data (`ctx.initial`) by `toDraft`, the picker's own mapping.
 */
export function startFrom(ctx, toDraft) {
  if (!ctx.initial || Object.keys(ctx.draft).length) return;
  Object.assign(ctx.draft, toDraft(ctx.initial) || {});
}

export function playerOf(ctx) {
  const state = ctx.state || {};
  return (state.turn && state.turn.player) || ctx.actor || null;
}

/** The picker's foot: its record button (as `recordButton` takes it) in the form's foot. */
export function foot(ctx, onclick, text = null, options = {}) {
  return h("div", { class: "form-foot" }, recordButton(ctx, onclick, text, options));
}

/** The picker's opening line: what is being recorded, in words. */
export function status(...parts) {
  return h("p", { class: "pa-pick-status" }, ...parts);
}

/** A quiet line of help under it: what to tap. */
export function hint(...parts) {
  return h("p", { class: "muted small pa-pick-hint" }, ...parts);
}
