// The recording page's browser-side helpers that are not DOM building: the modal question
// (with its preset reasons), copying to the clipboard, fresh idempotency keys.

import { fill, h } from "../dom.js";

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
