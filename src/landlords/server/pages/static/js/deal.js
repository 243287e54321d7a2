// «Бизнесполия»'s deal between any number of players (B-19): every lot in play can be sent to another
// player, any player can pay any other, the lawyer cards can change hands. The page only gathers the
// parts; the engine checks the deal when it is proposed (one of the parties must be the player whose
// turn it is, nobody gives what is not theirs...) and a refusal shows its reason. Offered where the
// board's mechanics name propose_deal (the variant has deals).

import { clear, h } from "./dom.js";
import { chip } from "./colour.js";
import { money } from "./money.js";
import { t } from "./words.js";

/**
 * @typedef {object} DealContext
 * @property {import("./protocol.js").View} view
 * @property {import("./protocol.js").BoardJson | null} board
 * @property {number | null} seat this page's
 * @property {(action: import("./protocol.js").Action) => void} act
 * @property {HTMLDialogElement} dialog
 * @property {string[]} names
 */

/**
 * The button under the decision; null where the ruleset has no deals or the seat cannot take part.
 * @param {DealContext} ctx
 */
export function dealButton({ view, board, seat, act, dialog, names }) {
  const st = view && view.state;
  if (!board || !board.mechanics || !board.mechanics.propose_deal) return null;
  if (seat === null || !st || st.over || st.bankrupt[seat]) return null;
  return h("button", {
    id: "deal-button", class: "secondary",
    onclick: () => openDeal(dialog, { view, board, seat, act, names }),
  }, t("web.propose_deal"));
}

/**
 * @param {string} id
 * @param {number[]} seats
 * @param {string[]} names
 * @param {number | null} chosen
 * @param {string} [empty] the choice of none
 */
function seatSelect(id, seats, names, chosen, empty) {
  return h("select", { id },
    empty ? h("option", { value: "" }, empty) : null,
    seats.map((s) => h("option", { value: s, selected: s === chosen }, names[s])));
}

/**
 * @param {HTMLDialogElement} dialog
 * @param {{view: import("./protocol.js").View, board: import("./protocol.js").BoardJson, seat: number,
 *   act: DealContext["act"], names: string[]}} ctx
 */
export function openDeal(dialog, { view, board, seat, act, names }) {
  const st = view.state;
  if (!st) return;
  /** @type {(n: number) => string} */
  const fmt = (n) => money(board, n, document.documentElement.lang);
  const players = names.map((_, s) => s).filter((s) => !st.bankrupt[s]);
  const form = h("form", { class: "deal", id: "deal-form", method: "dialog" });
  const payments = h("div", { class: "payments", id: "deal-payments" });
  const addPayment = () => {
    const i = payments.children.length;
    const others = players.filter((s) => s !== seat);
    payments.append(h("div", { class: "row payment" },
      h("label", { for: `deal-pay-from-${i}` }, t("web.deal_from")),
      seatSelect(`deal-pay-from-${i}`, players, names, seat),
      h("label", { for: `deal-pay-to-${i}` }, t("web.deal_to")),
      seatSelect(`deal-pay-to-${i}`, players, names, others[0]),
      h("input", { type: "number", id: `deal-pay-amount-${i}`, min: 0, value: 0, "aria-label": t("web.deal_amount") })));
  };
  // the lots in play, by holder: each may go to another player
  const lots = players.map((holder) => {
    const squares = st.owner.map((o, sq) => (o === holder ? sq : -1)).filter((sq) => sq >= 0);
    if (!squares.length) return null;
    return h("fieldset", {},
      h("legend", {}, t("web.deal_gives", { name: names[holder] })),
      squares.map((sq) => h("div", { class: "row lot-row" },
        h("label", { for: `deal-lot-${sq}`, class: "lot-name" },
          chip(board.squares[sq].color || "#999"),
          ` ${board.squares[sq].name}${st.mortgaged[sq] ? ` (${t("ui.mortgaged")})` : ""}`),
        seatSelect(`deal-lot-${sq}`, players.filter((s) => s !== holder), names, null, t("web.deal_keeps")))));
  });
  const cards = players.flatMap((holder) => (st.jail_cards[holder] || []).map((deck, i) =>
    h("div", { class: "row" },
      h("label", { for: `deal-card-${holder}-${i}` }, `${names[holder]}: ${t("ui.jail_card", { deck: board.decks[deck] || deck })}`),
      seatSelect(`deal-card-${holder}-${i}`, players.filter((s) => s !== holder), names, null, t("web.deal_keeps")))));
  const error = h("p", { class: "error", id: "deal-error", role: "alert", hidden: true });
  clear(form,
    h("h2", {}, t("web.deal_title")),
    h("p", { class: "explain" }, board.mechanics.propose_deal),
    lots,
    h("fieldset", {}, h("legend", {}, t("web.deal_cash", { cash: names.map((n, s) => `${n} ${fmt(st.cash[s])}`).join(", ") })),
      payments,
      h("button", { type: "button", class: "secondary", id: "deal-add-payment", onclick: addPayment }, t("web.deal_add_payment"))),
    cards.length ? h("fieldset", {}, h("legend", {}, t("ui.jail_cards", { n: cards.length })), cards) : null,
    error,
    h("div", { class: "row" },
      h("button", { type: "submit", id: "deal-send" }, t("web.deal_send")),
      h("button", { type: "button", id: "deal-cancel", onclick: () => dialog.close() }, t("web.cancel"))));
  addPayment();
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    /** @type {{type: "propose_deal", properties: [number, number][], cash: [number, number, number][], cards: [string, number, number][]}} */
    const action = { type: "propose_deal", properties: [], cash: [], cards: [] };
    for (const sel of form.querySelectorAll("select[id^=deal-lot-]")) {
      if (sel instanceof HTMLSelectElement && sel.value !== "") action.properties.push([Number(sel.id.slice(9)), Number(sel.value)]);
    }
    for (const row of form.querySelectorAll(".payment")) {
      const [from, to] = [...row.querySelectorAll("select")].map((s) => Number(s.value));
      const amount = Number(row.querySelector("input")?.value) || 0;
      if (amount > 0) action.cash.push([from, to, amount]);
    }
    for (const sel of form.querySelectorAll("select[id^=deal-card-]")) {
      if (!(sel instanceof HTMLSelectElement) || sel.value === "") continue;
      const [holder, i] = sel.id.slice(10).split("-").map(Number);
      action.cards.push([st.jail_cards[holder][i], holder, Number(sel.value)]);
    }
    if (!action.properties.length && !action.cash.length && !action.cards.length) {
      error.textContent = t("web.deal_empty");
      error.hidden = false;
      return;
    }
    dialog.close();
    act(action);
  });
  clear(dialog, form);
  dialog.showModal();
}
