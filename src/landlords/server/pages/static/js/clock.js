// The table's clocks, counted down in the page between two views of the server: the pending
// decision's deadline (`decision.deadline_at`) and, where the game has a time budget per player,
// each seat's time left (`clocks`: the budget and the time each seat used in seconds, the seat whose
// clock runs and `ends_at`, when its budget runs out). Moments are epoch seconds of the server.

import { t } from "./words.js";

/** @type {ReturnType<typeof setInterval> | null} */
let timer = null;

/**
 * "m:ss" for a number of seconds (none below zero; rounded as the decision's clock is).
 * @param {number} seconds
 */
export function clockText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * A seat's budget left now: the running seat's counts down to `ends_at`, the others' stand still.
 * @param {import("./protocol.js").Clocks} clocks
 * @param {number} seat
 * @param {number} now epoch seconds
 * @returns {number}
 */
export function budgetLeft(clocks, seat, now) {
  if (clocks.running === seat && clocks.ends_at !== undefined) return clocks.ends_at - now;
  return clocks.budget - clocks.used[seat];
}

/**
 * Start the countdowns of the view just drawn (the panels' `.budget` and the decision's clocks).
 * @param {import("./protocol.js").View} view
 */
export function runClocks(view) {
  if (timer) clearInterval(timer);
  timer = null;
  const deadline = view.decision?.deadline_at;
  const decision = document.getElementById("decision-clock");
  const panel = [...document.querySelectorAll(".player .clock")];
  const budgets = [...document.querySelectorAll(".player .budget")].filter((b) => b instanceof HTMLElement);
  const clocks = view.clocks;
  if (!deadline && !budgets.length) return;
  const update = () => {
    const now = Date.now() / 1000;
    if (deadline) {
      const left = Math.max(0, Math.round(deadline - now));
      if (decision) decision.textContent = t("web.seconds_left", { seconds: left });
      for (const c of panel) c.textContent = `⏱ ${left}`;
    }
    if (clocks) for (const b of budgets) {
      const left = budgetLeft(clocks, Number(b.dataset.seat), now);
      b.textContent = t("web.time_left", { time: clockText(left) });
      b.dataset.left = String(Math.max(0, Math.round(left)));
    }
  };
  update();
  if (deadline || view.clocks?.running != null) timer = setInterval(update, 1000);
}
