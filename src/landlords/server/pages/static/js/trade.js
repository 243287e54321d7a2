// The trade composer (lots, cash and jail cards each way, to any player the engine lets one offer
// to now) and the words of an offer for its answer dialog. The lots listed are the ones the server
// says may change hands (GET /api/games/CODE/trade, the terminal's menu rules); the offer itself is
// checked by the engine when it is sent, and a refusal shows its reason.

import { clear, h } from "./dom.js";
import { chip } from "./colour.js";
import { money } from "./money.js";
import { t } from "./words.js";

/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").BoardJson} BoardJson */
/** @typedef {import("./protocol.js").Decision} Decision */
/** @typedef {import("./protocol.js").View} View */

/**
 * The offer's parts in words, a line for each party.
 * @param {Decision} d a trade's (or a deal's) decision
 * @param {View} view
 * @param {BoardJson} board
 * @param {string} lang
 * @returns {string[]}
 */
export function offerLines(d, view, board, lang) {
  const names = view.game.seats.map((s) => s.name || "");
  if (d.properties) return dealLines(d, board, lang, names);
  const mortgaged = view.state?.mortgaged || [];
  /** @type {(who: number | undefined, props: number[], cash: number, cards: string[] | undefined) => string} */
  const side = (who, props, cash, cards) => {
    const items = props.map((sq) => board.squares[sq].name + (mortgaged[sq] ? ` (${t("ui.mortgaged")})` : ""));
    if (cash) items.push(money(board, cash, lang));
    for (const deck of cards || []) items.push(t("ui.jail_card", { deck: board.decks[deck] || deck }));
    return t("ui.offer_gives", { who: who === undefined ? "?" : names[who], items: items.length ? items.join(", ") : t("ui.nothing") });
  };
  return [
    side(d.proposer, d.give_properties || [], d.give_cash || 0, d.give_cards),
    side(d.seat, d.take_properties || [], d.take_cash || 0, d.take_cards),
  ];
}

/**
 * A counter-offer's parts: the offer answered, each way reversed.
 * @typedef {object} Preset
 * @property {number} partner
 * @property {number[]} [give]
 * @property {number} [give_cash]
 * @property {string[]} [give_cards]
 * @property {number[]} [take]
 * @property {number} [take_cash]
 * @property {string[]} [take_cards]
 */

/**
 * @typedef {object} TradeContext
 * @property {import("./protocol.js").TradeOptions} options what the seat may trade now
 * @property {View} view
 * @property {BoardJson} board
 * @property {string[]} names
 * @property {Preset | null} preset a counter-offer's
 * @property {Action | null} first an act to send before the offer (the rejection of the offer being countered)
 * @property {(action: Action) => void} act
 * @property {(version: number) => Promise<unknown>} waitVersion resolves once the view has moved past version
 */

/**
 * @param {HTMLDialogElement} dlg
 * @param {TradeContext} ctx
 */
export function openTrade(dlg, { options, view, board, names, preset, first, act, waitVersion }) {
  const me = options.seat;
  const cash = options.cash || [];
  const cards = options.cards || {};
  /** @type {(n: number) => string} */
  const fmt = (n) => money(board, n, document.documentElement.lang);
  if (!options.partners.length && !(first && preset)) {
    clear(dlg, h("p", { id: "trade-none" }, t("web.no_trade_now")), h("button", { onclick: () => dlg.close() }, t("web.close")));
    dlg.showModal();
    return;
  }
  // a counter-offer when the engine lists no partner now (the offer being answered): the offer's own lots
  const partners = options.partners.length || !preset
    ? options.partners
    : [{ seat: preset.partner, give: preset.give || [], take: preset.take || [] }];
  let partner = preset ? preset.partner : partners[0].seat;
  // the page checks the amounts itself (novalidate: the browser's own bubble is in the browser's language)
  const form = h("form", { class: "trade", id: "trade-form", method: "dialog", novalidate: true });
  const draw = () => {
    const p = partners.find((x) => x.seat === partner) || partners[0];
    /** @type {(list: number[], side: string, chosen: number[], legend: string) => HTMLFieldSetElement} */
    const lotBox = (list, side, chosen, legend) =>
      h("fieldset", {},
        h("legend", {}, legend),
        list.length ? list.map((sq) => {
          const id = `lot-${side}-${sq}`;
          return h("label", { class: "check", for: id },
            h("input", { type: "checkbox", id, name: side, value: sq, checked: chosen.includes(sq) }),
            chip(board.squares[sq].color || "#999"),
            board.squares[sq].name);
        }) : h("p", { class: "hint" }, t("ui.nothing")));
    /** @type {(holder: number, name: string, chosen: string[]) => HTMLLabelElement[]} */
    const cardBox = (holder, name, chosen) => {
      const held = cards[String(holder)] || [];
      return held.map((c, i) => h("label", { class: "check" },
        h("input", { type: "checkbox", name, value: c.deck, checked: chosen.includes(c.deck) && i === chosen.indexOf(c.deck) }),
        t("ui.jail_card", { deck: c.name })));
    };
    clear(form,
      h("h2", {}, t("web.trade_title")),
      h("label", { for: "trade-partner" }, t("web.trade_with")),
      h("select", { id: "trade-partner", onchange: (/** @type {Event} */ e) => { if (e.target instanceof HTMLSelectElement) partner = Number(e.target.value); draw(); } },
        partners.map((q) => h("option", { value: q.seat, selected: q.seat === partner }, names[q.seat]))),
      h("div", { class: "sides" },
        h("section", {},
          lotBox(p.give, "give", preset?.give || [], t("web.you_give")),
          h("label", { for: "give-cash" }, t("web.cash_amount", { max: fmt(cash[me]) })),
          h("input", { type: "number", id: "give-cash", min: 0, max: cash[me], value: preset?.give_cash || 0 }),
          cardBox(me, "give_cards", preset?.give_cards || [])),
        h("section", {},
          lotBox(p.take, "take", preset?.take || [], t("web.you_take", { partner: names[partner] })),
          h("label", { for: "take-cash" }, t("web.cash_amount", { max: fmt(cash[partner]) })),
          h("input", { type: "number", id: "take-cash", min: 0, max: cash[partner], value: preset?.take_cash || 0 }),
          cardBox(partner, "take_cards", preset?.take_cards || []))),
      h("p", { id: "trade-error", class: "error", role: "alert", hidden: true }),
      h("div", { class: "row" },
        h("button", { type: "submit", id: "trade-send", value: "send" }, t("web.trade_send")),
        h("button", { type: "button", id: "trade-cancel", onclick: () => dlg.close() }, t("web.cancel"))),
    );
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    /** @type {(name: string) => string[]} */
    const values = (name) => [...form.querySelectorAll(`input[name=${name}]:checked`)].map((x) => (x instanceof HTMLInputElement ? x.value : ""));
    /** @type {(sel: string) => number} */
    const amount = (sel) => {
      const input = form.querySelector(sel);
      return input instanceof HTMLInputElement ? Number(input.value) || 0 : 0;
    };
    // no more cash than each side has (the server refuses it too): said here, the composer stays open
    for (const [sel, holder] of /** @type {[string, number][]} */ ([["#give-cash", me], ["#take-cash", partner]])) {
      const value = amount(sel);
      const most = cash[holder] ?? 0;
      if (value < 0 || !Number.isInteger(value) || value > most) {
        const error = /** @type {HTMLElement} */ (form.querySelector("#trade-error"));
        error.textContent = holder === me ? t("web.cash_too_much_you", { max: fmt(most) }) : t("web.cash_too_much", { name: names[holder], max: fmt(most) });
        error.hidden = false;
        /** @type {HTMLInputElement} */ (form.querySelector(sel)).focus();
        return;
      }
    }
    const action = {
      type: "propose_trade",
      partner,
      give_properties: values("give").map(Number),
      give_cash: amount("#give-cash"),
      give_cards: values("give_cards"),
      take_properties: values("take").map(Number),
      take_cash: amount("#take-cash"),
      take_cards: values("take_cards"),
    };
    dlg.close();
    if (first) {
      const before = view.version;
      act(first);
      await waitVersion(before);
    }
    act(action);
  });
  draw();
  clear(dlg, form);
  dlg.showModal();
}

// «Бизнесполия»'s deal between any number of players: what each party gives, and to whom
/**
 * @param {Decision} d
 * @param {BoardJson} board
 * @param {string} lang
 * @param {string[]} names
 * @returns {string[]}
 */
function dealLines(d, board, lang, names) {
  /** @type {Map<number, string[]>} */
  const gives = new Map();
  /** @type {(who: number, item: string) => void} */
  const add = (who, item) => {
    const items = gives.get(who);
    if (items) items.push(item);
    else gives.set(who, [item]);
  };
  (d.properties || []).forEach(([sq, to], i) => add((d.givers || [])[i], `${board.squares[sq].name} → ${names[to]}`));
  for (const [from, to, amount] of d.cash || []) add(from, `${money(board, amount, lang)} → ${names[to]}`);
  for (const [deck, from, to] of d.cards || []) add(from, `${t("ui.jail_card", { deck: board.decks[deck] || deck })} → ${names[to]}`);
  return [...gives].map(([who, items]) => t("ui.offer_gives", { who: names[who] ?? "?", items: items.join(", ") }));
}
