// Playing with the keyboard alone: a "skip to the decision" link first in the tab order (past the
// board's squares), and the focus kept where the play is: when an update replaces the button that
// had the focus, it goes to the new decision's first button instead of falling back to the page.

import { h } from "./dom.js";
import { t } from "./words.js";

let byKeyboard = false;
/** @type {{inDecision: boolean} | null} */
let last = null; // what had the focus before the update

/** @returns {HTMLElement | null} */
function firstButton() {
  return document.querySelector("#decision button:not([disabled]), #decision input, #decision summary");
}

export function installKeys() {
  addEventListener("keydown", (e) => { if (e.key === "Tab" || e.key === "Enter" || e.key === " ") byKeyboard = true; }, true);
  addEventListener("pointerdown", () => { byKeyboard = false; }, true);
  const skip = h("a", {
    href: "#decision", class: "skip", id: "skip-to-decision",
    onclick: (/** @type {MouseEvent} */ e) => {
      e.preventDefault();
      const target = firstButton();
      if (target) target.focus();
    },
  }, t("web.skip_to_decision"));
  document.body.prepend(skip);
}

// before the page redraws: remember whether the focus was on the decision panel
export function beforeRender() {
  const el = document.activeElement;
  last = { inDecision: !!(el && el.closest && el.closest("#decision")) };
}

// after it: a focus lost with the old buttons goes to the new decision's first one
export function afterRender() {
  const skip = document.getElementById("skip-to-decision");
  if (skip) skip.textContent = t("web.skip_to_decision");
  const el = document.activeElement;
  const lost = !el || el === document.body;
  if (byKeyboard && lost && last && last.inDecision && !document.querySelector("dialog[open]")) {
    const target = firstButton();
    if (target) target.focus();
  }
}
