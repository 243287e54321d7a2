// The net-worth chart: one line per seat over the turns, drawn by hand as SVG (no library). The
// points come from the server (the engine's net worth at the end of each turn); the page only draws.
// worthChart(frames, names, {fmt, label, axis, at, now, out}) -> an <svg> element.

import { SEAT_COLOURS } from "./board.js";

const NS = "http://www.w3.org/2000/svg";
const W = 320;
const H = 150;
const PAD = { left: 46, right: 8, top: 8, bottom: 20 };
const CHAR = 6.2; // the widest digit or letter of the axis's 10 px text, to leave room for its amounts

/**
 * An SVG element with its attributes (each as a string) and text.
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {string | null} [text]
 * @returns {SVGElement}
 */
function el(tag, attrs = {}, text = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== null) e.textContent = text;
  return e;
}

// frames: [{turn, worth: [per seat]}]; now: worth per seat at this moment (a point after the last
// turn), or null; at: the frame index to mark (the replay's position), or null; out: seats gone;
// fmt: an amount in the game's currency, as the rest of the page writes it (the description, the
// legend and the amounts on the axis alike)
/**
 * @param {{turn: number, worth: number[]}[]} frames
 * @param {string[]} names
 * @param {{fmt?: (amount: number) => string, label?: string, axis?: string, at?: number | null, now?: number[] | null, out?: number[]}} [options]
 * @returns {SVGElement}
 */
export function worthChart(frames, names, { fmt = String, label = "", axis = "", at = null, now = null, out = [] } = {}) {
  const points = frames.map((f) => f.worth);
  if (now) points.push(now);
  const n = Math.max(points.length, 2);
  // the range shown: from zero, or from near the lowest value when the lines would crowd the top
  const all = points.flat();
  const top = Math.max(1, ...all);
  const low = Math.min(top, ...all.filter((v) => v > 0));
  const bottom = low > top / 2 && low < top ? Math.floor((low - (top - low) * 0.1) / 10) * 10 : 0;
  // the amounts on the axis are whole money ("$2100", "2100 тыс. ₽"): the lines start right of the longer
  const ticks = [fmt(top), fmt(bottom)];
  const left = Math.max(PAD.left, 8 + Math.max(...ticks.map((s) => s.length)) * CHAR);
  const x = (/** @type {number} */ i) => left + (i * (W - left - PAD.right)) / (n - 1);
  const y = (/** @type {number} */ v) => H - PAD.bottom - ((Math.max(bottom, v) - bottom) * (H - PAD.top - PAD.bottom)) / Math.max(1, top - bottom);
  const svg = el("svg", { viewBox: `0 0 ${W} ${H}`, class: "worth-chart", role: "img", "aria-label": label });
  svg.append(el("title", {}, label));
  const last = points[points.length - 1] || [];
  svg.append(el("desc", {}, names.map((name, s) => `${name}: ${fmt(last[s] ?? 0)}`).join("; ")));
  // axes: zero and the top value on the left, the first and last turn below
  const grid = el("g", { class: "axes" });
  grid.append(
    el("line", { x1: left, y1: y(bottom), x2: W - PAD.right, y2: y(bottom) }),
    el("line", { x1: left, y1: y(top), x2: W - PAD.right, y2: y(top), class: "faint" }),
    el("text", { class: "amount", x: left - 4, y: y(top) + 4, "text-anchor": "end" }, ticks[0]),
    el("text", { class: "amount", x: left - 4, y: y(bottom) + 4, "text-anchor": "end" }, ticks[1]),
    el("text", { x: left, y: H - 4 }, `${axis} ${frames.length ? frames[0].turn : 0}`),
    el("text", { x: W - PAD.right, y: H - 4, "text-anchor": "end" }, String(frames.length ? frames[frames.length - 1].turn : 0)),
  );
  svg.append(grid);
  if (at !== null && at >= 0 && at < points.length) {
    svg.append(el("line", { class: "marker", x1: x(at), y1: PAD.top, x2: x(at), y2: y(bottom) }));
  }
  names.forEach((name, s) => {
    const line = points.map((p, i) => `${x(i).toFixed(1)},${y(p[s] ?? 0).toFixed(1)}`).join(" ");
    const colour = SEAT_COLOURS[s % SEAT_COLOURS.length];
    const g = el("g", { class: `seat${out.includes(s) ? " out" : ""}`, "data-seat": s });
    g.append(el("polyline", { points: line, stroke: colour, fill: "none" }), el("title", {}, name));
    if (at !== null && points[at]) g.append(el("circle", { cx: x(at), cy: y(points[at][s] ?? 0), r: 3, fill: colour }));
    svg.append(g);
  });
  return svg;
}

// a legend under the chart: each seat's colour, name and net worth at the point shown
/**
 * @param {string[]} names
 * @param {number[]} worth
 * @param {(amount: number) => string} fmt
 */
export function worthLegend(names, worth, fmt) {
  const list = document.createElement("ul");
  list.className = "worth-legend";
  names.forEach((name, s) => {
    const li = document.createElement("li");
    const dot = document.createElement("span");
    dot.className = "dot";
    dot.style.background = SEAT_COLOURS[s % SEAT_COLOURS.length];
    li.append(dot, ` ${name}: ${fmt(worth[s] ?? 0)}`);
    list.append(li);
  });
  return list;
}
