// The trade composer (lots, cash and jail cards each way, to any player the engine lets one offer
// to now) and the words of an offer for its answer dialog. The lots listed are the ones the server
// says may change hands (GET /api/games/CODE/trade, the terminal's menu rules); the offer itself is
// checked by the engine when it is sent, and a refusal shows its reason.

import { clear, h } from "./dom.js";
import { chip } from "./colour.js";
import { money } from "./money.js";
import { t } from "./words.js";

export function offerLines(d, view, board, lang) {
  const names = view.game.seats.map((s) => s.name);
  if (d.properties) return dealLines(d, view, board, lang, names);
  const side = (who, props, cash, cards) => {
    const items = props.map((sq) => board.squares[sq].name + (view.state.mortgaged[sq] ? ` (${t("ui.mortgaged")})` : ""));
    if (cash) items.push(money(board, cash, lang));
    for (const deck of cards || []) items.push(t("ui.jail_card", { deck: board.decks[deck] || deck }));
    return t("ui.offer_gives", { who: names[who], items: items.length ? items.join(", ") : t("ui.nothing") });
  };
  return [
    side(d.proposer, d.give_properties || [], d.give_cash || 0, d.give_cards),
    side(d.seat, d.take_properties || [], d.take_cash || 0, d.take_cards),
  ];
}

// preset: {partner, give, give_cash, give_cards, take, take_cash, take_cards} (a counter-offer);
// first: an act to send before the offer (the rejection of the offer being countered)
export function openTrade(dlg, { options, view, board, names, preset, first, act, waitVersion }) {
  const me = options.seat;
  const fmt = (n) => money(board, n, document.documentElement.lang);
  if (!options.partners.length && !first) {
    clear(dlg, h("p", { id: "trade-none" }, t("web.no_trade_now")), h("button", { onclick: () => dlg.close() }, t("web.close")));
    dlg.showModal();
    return;
  }
  const partners = options.partners.length ? options.partners : [{ seat: preset.partner, give: preset.give, take: preset.take }];
  let partner = preset ? preset.partner : partners[0].seat;
  const form = h("form", { class: "trade", id: "trade-form", method: "dialog" });
  const draw = () => {
    const p = partners.find((x) => x.seat === partner) || partners[0];
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
    const cardBox = (holder, name, chosen) => {
      const cards = options.cards[String(holder)] || [];
      return cards.map((c, i) => h("label", { class: "check" },
        h("input", { type: "checkbox", name, value: c.deck, checked: chosen.includes(c.deck) && i === chosen.indexOf(c.deck) }),
        t("ui.jail_card", { deck: c.name })));
    };
    clear(form,
      h("h2", {}, t("web.trade_title")),
      h("label", { for: "trade-partner" }, t("web.trade_with")),
      h("select", { id: "trade-partner", onchange: (e) => { partner = Number(e.target.value); draw(); } },
        partners.map((q) => h("option", { value: q.seat, selected: q.seat === partner }, names[q.seat]))),
      h("div", { class: "sides" },
        h("section", {},
          lotBox(p.give, "give", preset?.give || [], t("web.you_give")),
          h("label", { for: "give-cash" }, t("web.cash_amount", { max: fmt(options.cash[me]) })),
          h("input", { type: "number", id: "give-cash", min: 0, max: options.cash[me], value: preset?.give_cash || 0 }),
          cardBox(me, "give_cards", preset?.give_cards || [])),
        h("section", {},
          lotBox(p.take, "take", preset?.take || [], t("web.you_take", { partner: names[partner] })),
          h("label", { for: "take-cash" }, t("web.cash_amount", { max: fmt(options.cash[partner]) })),
          h("input", { type: "number", id: "take-cash", min: 0, max: options.cash[partner], value: preset?.take_cash || 0 }),
          cardBox(partner, "take_cards", preset?.take_cards || []))),
      h("div", { class: "row" },
        h("button", { type: "submit", id: "trade-send", value: "send" }, t("web.trade_send")),
        h("button", { type: "button", id: "trade-cancel", onclick: () => dlg.close() }, t("web.cancel"))),
    );
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const values = (name) => [...form.querySelectorAll(`input[name=${name}]:checked`)].map((x) => x.value);
    const action = {
      type: "propose_trade",
      partner,
      give_properties: values("give").map(Number),
      give_cash: Number(form.querySelector("#give-cash").value) || 0,
      give_cards: values("give_cards"),
      take_properties: values("take").map(Number),
      take_cash: Number(form.querySelector("#take-cash").value) || 0,
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
function dealLines(d, view, board, lang, names) {
  const gives = new Map();
  const add = (who, item) => (gives.get(who) || gives.set(who, []).get(who)).push(item);
  (d.properties || []).forEach(([sq, to], i) => add((d.givers || [])[i], `${board.squares[sq].name} → ${names[to]}`));
  for (const [from, to, amount] of d.cash || []) add(from, `${money(board, amount, lang)} → ${names[to]}`);
  for (const [deck, from, to] of d.cards || []) add(from, `${t("ui.jail_card", { deck: board.decks[deck] || deck })} → ${names[to]}`);
  return [...gives].map(([who, items]) => t("ui.offer_gives", { who: names[who] ?? "?", items: items.join(", ") }));
}
