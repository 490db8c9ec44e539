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
// markup once in the element it sits in, and a step's board is their copies, put together.

const PLACE = "ts-part";
const SVG_NS = "http://www.w3.org/2000/svg";
const parsed = new Map(); // "context tag|markup" -> DocumentFragment, copied for each use
const PARSED_MAX = 2000;

function parsedOnce(key, parse) {
  let fragment = parsed.get(key);
  if (!fragment) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    fragment = parse();
    parsed.set(key, fragment);
  }
  return fragment.cloneNode(true);
}

/** ``frame``'s board as the nodes its markup parses into, or null for a board sent whole. */
export function boardNodes(frame, host) {
  if (!frame.board || !frame.parts) return null;
  const skeleton = frame.board.map((c) => (typeof c === "number" ? `<!--${PLACE}-->` : c)).join("");
  const board = parsedOnce(`|${skeleton}`, () => {
    template.innerHTML = skeleton;
    return document.importNode(template.content, true);
  });
  const places = [];
  const walker = document.createTreeWalker(board, NodeFilter.SHOW_COMMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.data === PLACE) places.push(node);
  const parts = frame.board.filter((c) => typeof c === "number");
  if (places.length !== parts.length) return null; // a part inside a comment or raw text: parse it whole
  places.forEach((place, i) => {
    const context = place.parentNode.nodeType === Node.ELEMENT_NODE ? place.parentNode : host;
    const markup = frame.parts[parts[i]];
    const svg = context.namespaceURI === SVG_NS;
    const nodes = parsedOnce(`${svg ? "svg" : "html"}|${markup}`, () => {
      // Inside an <svg>, the markup parses as SVG (a <g> is SVG's), as it does in the board.
      template.innerHTML = svg ? `<svg>${markup}</svg>` : markup;
      const content = document.importNode(template.content, true);
      if (!svg) return content;
      const fragment = document.createDocumentFragment();
      fragment.append(...content.firstChild.childNodes);
      return fragment;
    });
    place.replaceWith(nodes);
  });
  board.normalize(); // a part's text beside the skeleton's: one text node, as one parse gives
  return board;
}

/** Make ``el`` show ``frame``'s board (joined by ``html()`` when it is not sent in parts). */
export function morphBoard(el, frame, html) {
  const key = frame.board ? frame.board : html();
  if (key === el.__morphedBoard) return;
  const nodes = boardNodes(frame, el);
  if (nodes) {
    morphChildren(el, nodes);
    el.__morphedHtml = undefined;
  } else {
    morphHtml(el, typeof key === "string" ? key : html());
  }
  el.__morphedBoard = key;
}
