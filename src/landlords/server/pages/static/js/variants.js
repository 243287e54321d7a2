// What a decision is about, beside its buttons: the mechanic in a sentence or two (Odessa's
// malinas, exchange and mortgage lap; Бизнесполия's court, lap settlement, building loan and deals;
// auctions, debts, the speed die...), and for the seat deciding its stakes and exact odds. Every
// word comes from the server (decision.help, from landlords.describe); the buttons stay table.js's,
// from you.acts. A variant's own free acts (artels, offices, selling a lot to the bank) get their
// explanation from the board's `mechanics`.

import { h } from "./dom.js";

/**
 * @param {import("./protocol.js").Decision | null} d the view's decision
 * @param {boolean} mine the seat of this page decides it
 */
export function helpBox(d, mine) {
  const help = d && d.help;
  if (!d || !help) return null;
  const facts = mine ? help.facts || [] : [];
  const notes = (mine ? help.notes : help.watch_notes) || []; // "you roll one die" is the decider's alone
  if (!help.text && !facts.length && !notes.length) return null;
  return h(
    "div",
    { class: "help", id: "decision-help", dataset: { kind: d.kind } },
    help.text ? h("p", { class: "explain", id: "decision-explain" }, help.text) : null,
    facts.length
      ? h("dl", { class: "facts", id: "decision-facts" },
          facts.map((f) => [
            h("dt", { class: f.warning ? "warning" : "" }, f.label || ""),
            h("dd", { class: f.warning ? "warning" : "" }, f.value),
          ]))
      : null,
    notes.map((n) => h("p", { class: "note" }, n)),
  );
}

// the explanation of a group of free acts of one type, when the variant has one (artels, offices...)
/**
 * @param {string} type
 * @param {import("./protocol.js").BoardJson | null} board
 */
export function actHelp(type, board) {
  const text = board && board.mechanics && board.mechanics[type];
  return text ? h("p", { class: "explain act-help", dataset: { type } }, text) : null;
}
