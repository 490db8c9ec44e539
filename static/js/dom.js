// The one set of DOM helpers for every page (recording, viewer, board editor). User text
// only ever goes in as text nodes or attributes, never through innerHTML.

/**
 * h("button", {class: "x", type: "button", onclick: fn, dataset: {seq: 3}}, "text", child)
 * `style` is a cssText string or an object of properties (custom properties too).
 * Strings and numbers among the children become text nodes; null/false are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style" && typeof value === "string") el.style.cssText = value;
    else if (key === "style") {
      for (const [prop, v] of Object.entries(value)) el.style.setProperty(prop, v);
    } else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's children. */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

let ids = 0;
export function uid(prefix = "f") {
  ids += 1;
  return `${prefix}-${ids}`;
}

/** "card_played" -> "Card played"; keeps player names and short codes as they are. */
export function humanize(name) {
  const text = String(name).replace(/_/g, " ").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A choice's label: "CLICK_CLACK" -> "Click clack", "FALL" -> "Fall", "CW" -> "CW", 300 -> "300". */
export function choiceLabel(value, players = []) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.map((item) => choiceLabel(item, players)).join(" · ");
  if (typeof value === "object") return objectLabel(value, players);
  if (typeof value !== "string") return String(value);
  if (players.includes(value)) return value;
  if (/^[A-Z0-9_]+$/.test(value) && value.replace(/_/g, "").length > 3) {
    return humanize(value.toLowerCase());
  }
  return value.includes("_") ? humanize(value) : value;
}

/** A hex ({q, r}, with its terrain t when it has one) reads "(q, r) Plain"; any other
 *  object lists its values. */
function objectLabel(value, players) {
  if ("q" in value && "r" in value) {
    const where = `(${value.q}, ${value.r})`;
    return value.t ? `${where} ${choiceLabel(value.t, players)}` : where;
  }
  return Object.values(value).map((item) => choiceLabel(item, players)).join(" ");
}

/** A player's seat colour variable, or null for a name that is not a player. */
export function seatColour(name, players) {
  const index = players.indexOf(name);
  return index < 0 ? null : `var(--seat-${index % 10})`;
}

/** A player's name as a coloured chip (text only). */
export function playerName(name, players, tag = "span") {
  const colour = seatColour(name, players);
  return h(tag, { class: "player-name", style: colour ? { "--chip-seat": colour } : null }, name);
}
