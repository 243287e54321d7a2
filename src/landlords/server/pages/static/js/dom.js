// Tiny DOM helpers: h("button", {class: "x", onclick: f}, "text", child) builds an element.
// Text is always set as text (names and chat are never read as markup).

export function h(tag, attrs = {}, ...children) {
  const svg = tag.startsWith("svg:");
  const el = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag.slice(4)) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k === "text") el.textContent = v;
    else if (!svg && k in el && typeof v !== "string") el[k] = v;
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function clear(el, ...children) {
  el.replaceChildren(...children.flat(Infinity).filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

export const $ = (sel, root = document) => root.querySelector(sel);

// a message for screen readers and eyes: the status line at the top of the page
export function say(text, kind = "info") {
  const box = document.getElementById("notice");
  if (!box) return;
  box.textContent = text;
  box.className = `notice ${kind}`;
  box.hidden = !text;
}
