// Text on a coloured ground (a colour group's badge): black or white, whichever has the higher
// contrast (WCAG 2's relative luminance) on that colour, so every group's badge reads alike.

import { h } from "./dom.js";

// the relative luminance of "#rrggbb" or "#rgb"; null for anything else
/**
 * @param {string | null} colour
 * @returns {number | null}
 */
function luminance(colour) {
  let hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour || "")?.[1];
  if (!hex) return null;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join("");
  const full = hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

// black on a light colour, white on a dark one (either gives at least 4.58:1 on any colour)
/** @param {string | null} colour */
export function inkOn(colour) {
  const l = luminance(colour);
  if (l === null) return "#fff";
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? "#000" : "#fff";
}

// a group's badge: its colour, with text (e.g. "1/3", lots held of the group) in the ink that reads on it
/**
 * @param {string} colour
 * @param {string} [text]
 */
export function chip(colour, text = "") {
  return h("span", { class: "chip", style: `background:${colour};color:${inkOn(colour)}` }, text);
}
