// Small DOM helpers. User text only ever goes in as text nodes or attributes,
// never through innerHTML.

/**
 * h("button", {class: "x", type: "button", onclick: fn, dataset: {seq: 3}}, "text", child)
 * Strings and numbers among the children become text nodes; null/false are skipped.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
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

/** A random UUID, also on plain http at the table (crypto.randomUUID needs a secure context). */
export function newKey() {
  if (window.crypto && typeof window.crypto.randomUUID === "function" && window.isSecureContext) {
    return window.crypto.randomUUID();
  }
  const bytes = new Uint8Array(16);
  window.crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A modal question. With `reason.presets`, the usual reasons are one tap each (the first
 * is chosen) and the text box adds to it, optionally; without presets a required reason
 * must be typed. Resolves to {reason} (preset, then ": " and the text if any), or null.
 */
export function ask({ title, message, confirm = "OK", reason = null, danger = false }) {
  const dialog = document.getElementById("ask");
  const form = document.getElementById("ask-form");
  const reasonField = document.getElementById("ask-reason-field");
  const reasonInput = document.getElementById("ask-reason");
  const presetBox = document.getElementById("ask-presets");
  const ok = document.getElementById("ask-ok");
  const presets = (reason && reason.presets) || [];
  document.getElementById("ask-title").textContent = title;
  document.getElementById("ask-message").textContent = message || "";
  ok.textContent = confirm;
  ok.classList.toggle("danger", danger);
  reasonField.hidden = !reason;
  reasonInput.value = "";
  reasonInput.required = Boolean(reason && reason.required && !presets.length);
  if (reason) {
    document.getElementById("ask-reason-label").textContent = presets.length
      ? "Anything to add? (optional)" : (reason.label || "Reason");
    reasonInput.placeholder = reason.placeholder || "";
  }
  if (presetBox) {
    presetBox.hidden = !presets.length;
    document.getElementById("ask-presets-legend").textContent = (reason && reason.label) || "Reason";
    fill(document.getElementById("ask-preset-options"), presets.map((text, i) => {
      const input = h("input", { type: "radio", name: "ask-preset", value: text });
      input.defaultChecked = i === 0;
      return h("label", { class: "ask-preset" }, input, h("span", {}, text));
    }));
  }
  const opener = document.activeElement;
  return new Promise((resolve) => {
    const onClose = () => {
      dialog.removeEventListener("close", onClose);
      const accepted = dialog.returnValue === "ok";
      const text = reasonInput.value.trim();
      const chosen = form.querySelector("input[name=ask-preset]:checked");
      const preset = chosen ? chosen.value : "";
      const full = preset && text ? `${preset}: ${text}` : preset || text;
      if (opener && opener.isConnected && typeof opener.focus === "function") opener.focus();
      resolve(accepted && (!reasonInput.required || text) ? { reason: full } : null);
    };
    dialog.addEventListener("close", onClose);
    dialog.returnValue = "";
    form.reset();
    dialog.showModal();
    const first = form.querySelector("input[name=ask-preset]:checked");
    (first || (reason && reason.required ? reasonInput : ok)).focus();
  });
}

/** Copy text to the clipboard, also where navigator.clipboard is missing (plain http). */
export async function copyText(text, input) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      /* fall through */
    }
  }
  if (input) {
    input.focus();
    input.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
  return false;
}
