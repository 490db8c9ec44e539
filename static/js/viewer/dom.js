// Building DOM nodes without innerHTML: every string becomes a text node.

/**
 * h("li", {class: "x", dataset: {step: 3}, "aria-current": "step"}, "text", childNode, [more])
 * Attributes whose value is null, undefined or false are left out; true sets an empty attribute.
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") el.className = value;
    else if (name === "dataset") Object.assign(el.dataset, value);
    else if (name === "style") el.style.cssText = value;
    else el.setAttribute(name, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** Replace a node's children (a fresh list of nodes, never markup). */
export function fill(el, ...children) {
  el.replaceChildren();
  append(el, children);
}
