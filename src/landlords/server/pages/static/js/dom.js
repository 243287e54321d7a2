// Tiny DOM helpers: h("button", {class: "x", onclick: f}, "text", child) builds an element.
// Text is always set as text (names and chat are never read as markup).

/**
 * An element's attributes: `onX` listeners, `dataset`, `text`, properties (a checkbox's `checked`)
 * and plain attributes; null, undefined and false leave one out.
 * @typedef {Record<string, unknown>} Attrs
 */
/** @typedef {Node | string | number | boolean | null | undefined | Child[]} Child what h and clear take as children */

/**
 * @template {string} K
 * @typedef {K extends keyof HTMLElementTagNameMap ? HTMLElementTagNameMap[K] : K extends `svg:${string}` ? SVGElement : HTMLElement} Made
 *   the element h makes for a tag ("svg:NAME": an SVG element)
 */

/**
 * @template {string} K
 * @param {K} tag
 * @param {Attrs | null} [attrs]
 * @param {...Child} children
 * @returns {Made<K>}
 */
export function h(tag, attrs = {}, ...children) {
  const svg = tag.startsWith("svg:");
  const el = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "text") el.textContent = String(v);
    else if (!svg && k in el && typeof v !== "string") /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (el))[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  append(el, children);
  return /** @type {Made<K>} */ (el);
}

/**
 * @param {Element} el
 * @param {Child[]} children
 */
function append(el, children) {
  for (const c of flat(children)) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
}

/**
 * The children to show: nested lists flattened, null, undefined and false left out.
 * @param {Child[]} children
 * @returns {(Node | string | number | true)[]}
 */
function flat(children) {
  /** @type {(Node | string | number | true)[]} */
  const out = [];
  for (const c of children) {
    if (Array.isArray(c)) out.push(...flat(c));
    else if (c !== null && c !== undefined && c !== false) out.push(c);
  }
  return out;
}

/**
 * Replaces the element's children.
 * @template {Element} E
 * @param {E} el
 * @param {...Child} children
 * @returns {E}
 */
export function clear(el, ...children) {
  el.replaceChildren(...flat(children).map((c) => (c instanceof Node ? c : String(c))));
  return el;
}

/**
 * The page's element `sel` finds, of the kind `kind` (an HTMLElement unless named): one the page's
 * HTML has, so a missing one (or one of another kind) is a bug, said here rather than as a null later.
 * @template {Element} [T=HTMLElement]
 * @param {string} sel
 * @param {new (...args: any[]) => T} [kind]
 * @returns {T}
 */
export function $(sel, kind) {
  const el = document.querySelector(sel);
  if (!(el instanceof (kind || HTMLElement))) throw new Error(`the page has no ${sel}`);
  return /** @type {T} */ (el);
}

/**
 * What a caught error says (an Error's message; anything else thrown, as text).
 * @param {unknown} e
 * @returns {string}
 */
export function errorText(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * A message for screen readers and eyes: the status line at the top of the page.
 * @param {string} text
 * @param {"info" | "error"} [kind]
 */
export function say(text, kind = "info") {
  const box = document.getElementById("notice");
  if (!box) return;
  box.textContent = text;
  box.className = `notice ${kind}`;
  box.hidden = !text;
}

/**
 * Makes the element's children the nodes given, moving and replacing only what differs: a node kept
 * from the last drawing stays in the document (it keeps the pointer, the focus and its transitions).
 * @param {Element} el
 * @param {Node[]} nodes
 */
export function patch(el, nodes) {
  const keep = new Set(nodes);
  for (const c of [...el.childNodes]) if (!keep.has(c)) c.remove();
  nodes.forEach((node, i) => {
    const at = el.childNodes[i];
    if (at !== node) el.insertBefore(node, at || null);
  });
}
