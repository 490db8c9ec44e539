// Stepping changes a few pieces of a board, not the board: the viewer puts the next step's
// markup in place by changing only the nodes that differ, so that the browser restyles,
// lays out and paints what changed rather than every node of the board (issue 24, figure 7).
// The result is the DOM the markup parses into, node for node and attribute for attribute,
// in the same order: ``el.innerHTML`` reads back exactly what setting it would have given.

const template = document.createElement("template");

/** Make ``el``'s children the markup ``html`` (rendered and escaped by the server). */
export function morphHtml(el, html) {
  if (html === el.__morphedHtml) return;
  template.innerHTML = html;
  morphChildren(el, template.content);
  el.__morphedHtml = html;
}

/** Make ``el``'s children those of ``source`` (a node or fragment, emptied on the way). */
export function morphChildren(el, source) {
  let old = el.firstChild;
  let next = source.firstChild;
  while (next) {
    const following = next.nextSibling;
    if (!old) {
      el.appendChild(next);
    } else {
      const kept = morphNode(old, next);
      old = kept.nextSibling;
    }
    next = following;
  }
  while (old) {
    const following = old.nextSibling;
    old.remove();
    old = following;
  }
}

/** ``old`` made equal to ``next``: changed in place where it can be, else replaced. The node now in place. */
function morphNode(old, next) {
  if (old.isEqualNode(next)) return old;
  if (old.nodeType !== next.nodeType || old.nodeName !== next.nodeName || old.namespaceURI !== next.namespaceURI) {
    old.replaceWith(next);
    return next;
  }
  if (old.nodeType === Node.TEXT_NODE || old.nodeType === Node.COMMENT_NODE) {
    old.data = next.data;
    return old;
  }
  if (old.nodeType !== Node.ELEMENT_NODE || !sameAttributeNames(old, next)) {
    old.replaceWith(next);
    return next;
  }
  for (const attr of next.attributes) {
    if (old.getAttribute(attr.name) !== attr.value) old.setAttribute(attr.name, attr.value);
  }
  morphChildren(old, next);
  return old;
}

/** The same attributes in the same order (so that the element serialises as the markup does). */
function sameAttributeNames(a, b) {
  const x = a.attributes;
  const y = b.attributes;
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i += 1) {
    if (x[i].name !== y[i].name || x[i].namespaceURI !== y[i].namespaceURI) return false;
  }
  return true;
}

// A board sent in parts (frames.js, ``board=parts``) is a skeleton of strings around its
// parts. Parsing the whole board's markup at every step costs more than the rest of the
// step together (the Pan Am board is 50 KB), and nearly every part is the one the step
// before had: the skeleton is parsed once with a comment where each part goes, each part's
// markup once in the element it sits in (ahead of time, while the page is idle), and a step
// compares the page's board with those nodes, copying in only what differs.

const PLACE = "ts-part";
const SVG_NS = "http://www.w3.org/2000/svg";
const parsed = new Map(); // "svg|markup" or "html|markup" -> its DocumentFragment, only ever read
const PARSED_MAX = 2000;

function parsedOnce(key, parse) {
  let fragment = parsed.get(key);
  if (!fragment) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    fragment = parse();
    parsed.set(key, fragment);
  }
  return fragment;
}

function parseMarkup(markup, svg) {
  // Inside an <svg>, the markup parses as SVG (a <g> is SVG's), as it does in the board.
  template.innerHTML = svg ? `<svg>${markup}</svg>` : markup;
  const content = document.importNode(template.content, true);
  if (!svg) return content;
  const fragment = document.createDocumentFragment();
  fragment.append(...content.firstChild.childNodes);
  return fragment;
}

/** The skeleton of ``frame``'s board, parsed once: its nodes (never moved nor changed: a
 *  step's board copies what it needs), where each part goes, and whether that is in SVG. */
function skeletonOf(frame) {
  const markup = frame.board.map((c) => (typeof c === "number" ? `<!--${PLACE}-->` : c)).join("");
  let known = skeletons.get(markup);
  if (!known) {
    template.innerHTML = markup;
    const nodes = document.importNode(template.content, true);
    const places = [];
    const holders = new Set(); // the nodes with a part somewhere inside
    const walker = document.createTreeWalker(nodes, NodeFilter.SHOW_COMMENT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.data !== PLACE) continue;
      places.push(node);
      for (let up = node.parentNode; up && !holders.has(up); up = up.parentNode) holders.add(up);
    }
    if (skeletons.size >= PARSED_MAX) skeletons.clear();
    known = { nodes, places, holders, svg: places.map((place) => place.parentNode.namespaceURI === SVG_NS) };
    skeletons.set(markup, known);
  }
  return known;
}
const skeletons = new Map();

function partMarkups(frame) {
  return frame.board.filter((c) => typeof c === "number").map((n) => frame.parts[n]);
}

function partKey(markup, svg) {
  return `${svg ? "svg" : "html"}|${markup}`;
}

/** Parse ahead what ``frame``'s board will need (while the page is idle), so that showing it only copies. */
export function warmBoard(frame) {
  if (!frame || !frame.board || !frame.parts) return;
  const skeleton = skeletonOf(frame);
  const markups = partMarkups(frame);
  if (skeleton.places.length !== markups.length) return;
  markups.forEach((markup, i) => parsedOnce(partKey(markup, skeleton.svg[i]), () => parseMarkup(markup, skeleton.svg[i])));
}

/**
 * ``frame``'s board as a source to morph from, or null for a board sent whole: the skeleton's
 * nodes, each part's parsed nodes where its comment is. Nothing in it is moved into the page:
 * what the page lacks is copied (``materialise``), what it has is compared in place.
 */
function boardSource(frame) {
  if (!frame.board || !frame.parts) return null;
  const skeleton = skeletonOf(frame);
  const markups = partMarkups(frame);
  if (skeleton.places.length !== markups.length) return null; // a part inside a comment or raw text: parse it whole
  const parts = new Map();
  skeleton.places.forEach((place, i) => {
    const svg = skeleton.svg[i];
    parts.set(place, parsedOnce(partKey(markups[i], svg), () => parseMarkup(markups[i], svg)));
  });
  return { root: skeleton.nodes, holders: skeleton.holders, parts };
}

/** The children ``node`` stands for: its own, each part's comment replaced by the part's nodes,
 *  text beside text joined (as one parse of the whole board gives one text node). */
function sourceChildren(node, source) {
  if (!source.holders.has(node)) return node.childNodes;
  const out = [];
  const add = (child) => {
    const last = out[out.length - 1];
    if (child.nodeType === Node.TEXT_NODE && last && last.nodeType === Node.TEXT_NODE) {
      out[out.length - 1] = document.createTextNode(last.data + child.data);
    } else {
      out.push(child);
    }
  };
  for (const child of node.childNodes) {
    const part = child.nodeType === Node.COMMENT_NODE ? source.parts.get(child) : undefined;
    if (part) for (const inner of part.childNodes) add(inner);
    else add(child);
  }
  return out;
}

/** A copy of source node ``node`` for the page, its parts filled in. */
function materialise(node, source) {
  if (!source.holders.has(node)) return node.cloneNode(true);
  const copy = node.cloneNode(false);
  for (const child of sourceChildren(node, source)) copy.appendChild(materialise(child, source));
  return copy;
}

function morphFrom(el, children, source) {
  let old = el.firstChild;
  for (const next of children) {
    if (!old) {
      el.appendChild(materialise(next, source));
    } else {
      const kept = morphNodeFrom(old, next, source);
      old = kept.nextSibling;
    }
  }
  while (old) {
    const following = old.nextSibling;
    old.remove();
    old = following;
  }
}

function morphNodeFrom(old, next, source) {
  const holder = source.holders.has(next);
  if (!holder && old.isEqualNode(next)) return old;
  const replace = () => {
    const fresh = materialise(next, source);
    old.replaceWith(fresh);
    return fresh;
  };
  if (old.nodeType !== next.nodeType || old.nodeName !== next.nodeName || old.namespaceURI !== next.namespaceURI) return replace();
  if (old.nodeType === Node.TEXT_NODE || old.nodeType === Node.COMMENT_NODE) {
    old.data = next.data;
    return old;
  }
  if (old.nodeType !== Node.ELEMENT_NODE || !sameAttributeNames(old, next)) return replace();
  for (const attr of next.attributes) {
    if (old.getAttribute(attr.name) !== attr.value) old.setAttribute(attr.name, attr.value);
  }
  morphFrom(old, sourceChildren(next, source), source);
  return old;
}

/** Make ``el`` show ``frame``'s board (joined by ``html()`` when it is not sent in parts). */
export function morphBoard(el, frame, html) {
  const key = frame.board ? frame.board : html();
  if (key === el.__morphedBoard) return;
  const source = boardSource(frame);
  if (source) {
    morphFrom(el, sourceChildren(source.root, source), source);
    el.__morphedHtml = undefined;
  } else {
    morphHtml(el, typeof key === "string" ? key : html());
  }
  el.__morphedBoard = key;
}
