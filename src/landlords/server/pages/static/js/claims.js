// A person's open rent claim (issue 29), first in the decision panel: how much, the claim buttons,
// how long the bots still wait before a roll ends it (the server's claim window, `claims[].ends_at`),
// and "Let it go" (the bots need not wait). A roll over one's own claim asks first: the server gives
// that act its `confirm` question.

import { h } from "./dom.js";
import { clockText } from "./clock.js";
import { t } from "./words.js";

/** @type {ReturnType<typeof setInterval> | null} */
let timer = null;

/**
 * The claim box of the seat's open claims, or null when it has none.
 * @param {import("./protocol.js").View} view
 * @param {number | null} seat
 * @param {{button: (a: import("./protocol.js").Act) => HTMLElement, send: (msg: {type: string}) => void, money: (amount: number) => string}} how
 * @returns {HTMLElement | null}
 */
export function claimBox(view, seat, how) {
  if (timer) clearInterval(timer);
  timer = null;
  const acts = (view.you?.acts || []).filter((a) => a.action.type === "claim_rent");
  const mine = (view.claims || []).filter((c) => c.owner === seat);
  if (seat === null || !acts.length) return null;
  const owed = mine.reduce((sum, c) => sum + c.amount, 0);
  const ends = Math.max(0, ...mine.map((c) => c.ends_at || 0));
  const left = ends ? h("p", { class: "claim-left", id: "claim-left", role: "timer", dataset: { ends: ends } }) : null;
  const box = h("div", { class: "claim urgent", id: "claim-box", role: "alert" },
    h("h3", { id: "claim-title" }, t("web.claim.title", { amount: how.money(owed || 0) })),
    h("div", { class: "answers urgent" }, acts.map((a) => how.button(a))),
    left,
    ends ? h("button", { id: "claim-let-go", class: "secondary", onclick: () => how.send({ type: "let_go" }) }, t("web.claim.let_go")) : null);
  if (left) {
    const tick = () => {
      const s = ends - Date.now() / 1000;
      left.textContent = t("web.claim.left", { time: clockText(s) });
      left.dataset.left = String(Math.max(0, Math.round(s)));
    };
    tick();
    timer = setInterval(tick, 250);
  }
  return box;
}
