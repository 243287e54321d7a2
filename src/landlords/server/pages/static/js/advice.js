// Advice on request (GET /api/games/CODE/advice, worked out on the server by the advisor bots'
// continuations): every seat's win chance, or with an offer waiting what accepting it changes, and the
// fair price of the trade where the answer carries one. The words are the terminal's (advice.*).

import { api } from "./api.js";
import { clear, errorText, h } from "./dom.js";
import { money } from "./money.js";
import { lang, t } from "./words.js";

/** @typedef {import("./protocol.js").BoardJson} BoardJson */
/** @typedef {import("./protocol.js").TradeAdvice} TradeAdvice */

/** @type {(x: number) => string} */
const pct = (x) => `${Math.round(100 * x)}%`;
/** @type {(x: number) => string} */
const points = (x) => `${x >= 0 ? "+" : ""}${Math.round(100 * x)}`;
// the change's unit in the plural form of its number, as i18n.plural picks it: one|few|many or one|other
/** @param {number} x */
function pointsWord(x) {
  const forms = t("advice.points").split("|");
  const category = new Intl.PluralRules(lang()).select(Math.abs(Math.round(100 * x)));
  if (forms.length < 3) return category === "one" ? forms[0] : forms[forms.length - 1];
  return forms[category === "one" ? 0 : category === "few" ? 1 : 2];
}
// `?advice_games=N` in the table's address: fewer continuations (20 to 1000), a quicker, rougher answer
const GAMES = new URLSearchParams(location.search).get("advice_games");

/**
 * @typedef {object} AdviceContext
 * @property {string} code the game's
 * @property {string | null} token the seat's
 * @property {number | null} seat
 * @property {BoardJson | null} board
 * @property {HTMLElement} box where the answer goes
 */

/**
 * The button that asks, and the box the answer goes into (kept across the page's redraws).
 * @param {AdviceContext} ctx
 */
export function adviceButton(ctx) {
  return h("button", { type: "button", id: "advice-button", class: "secondary", onclick: () => ask(ctx) }, t("web.advice_ask"));
}

/** @param {AdviceContext} ctx */
async function ask({ code, token, seat, board, box }) {
  box.hidden = false;
  clear(box, h("p", { class: "hint" }, t("web.advice_working")));
  try {
    const query = GAMES ? `?games=${encodeURIComponent(GAMES)}` : "";
    /** @type {import("./protocol.js").Advice} */
    const data = await api("GET", `/api/games/${code}/advice${query}`, undefined, token);
    clear(box, data.kind === "trade" ? tradeLines(data.trade, seat, board) : chanceLines(data.chances, seat, data.turn),
      expertLine(data.expert, seat),
      h("p", { class: "hint" }, t("advice.meaning")),
      h("button", { type: "button", class: "secondary", id: "advice-close", onclick: () => { box.hidden = true; } }, t("web.close")));
    box.dataset.version = String(data.version);
  } catch (e) {
    clear(box, h("p", { class: "error" }, t("advice.failed", { reason: errorText(e) })));
  }
}

/**
 * Why the expert bot would choose what it would, for the seat asking: the win chance it saw for its
 * act and for the next best.
 * @param {import("./protocol.js").ExpertAdvice | null | undefined} why
 * @param {number | null} seat
 */
function expertLine(why, seat) {
  if (!why || why.seat !== seat || why.candidates.length < 2) return null;
  const [best, next] = why.candidates;
  const name = (/** @type {Record<string, string>} */ label) => label[lang()] || label.en || "";
  return h("p", { id: "advice-expert" }, t("advice.expert_line", {
    act: name(best.label), win: pct(best.win), alt: name(next.label), alt_win: pct(next.win), playouts: why.playouts,
  }));
}

/**
 * @param {import("./protocol.js").Chances} c
 * @param {number | null} seat
 * @param {number} turn
 */
function chanceLines(c, seat, turn) {
  return [
    h("h3", {}, t("advice.chances_title", { turn, games: c.games })),
    h("ul", { class: "advice-seats" }, c.seats.map((s) =>
      h("li", { class: s.seat === seat ? "mine" : "", dataset: { seat: s.seat } },
        t("advice.seat_line", { player: s.name, chance: pct(s.chance), low: pct(s.ci95[0]), high: pct(s.ci95[1]) })))),
    c.unfinished?.games ? h("p", {}, t("advice.unfinished", { n: c.unfinished.games })) : null,
    c.turns_left ? h("p", {}, t("advice.turns_left", { turns: Math.round(c.turns_left.mean) })) : null,
  ];
}

/**
 * @param {TradeAdvice} tr
 * @param {number | null} seat
 * @param {BoardJson | null} board
 */
function tradeLines(tr, seat, board) {
  /** @type {(n: number) => string} */
  const fmt = (n) => money(board, n, document.documentElement.lang);
  /** @type {(x: number) => string} */
  const rent = (x) => x.toFixed(1);
  return [
    h("h3", {}, t("advice.trade_title", { games: tr.games })),
    h("ul", { class: "advice-seats" }, tr.changes.map((c) =>
      h("li", { class: c.seat === seat ? "mine" : "", dataset: { seat: c.seat } },
        t("advice.trade_line", { player: c.name, without: pct(c.without), after: pct(c.with), change: points(c.change), points: pointsWord(c.change), low: points(c.ci95[0]), high: points(c.ci95[1]) })))),
    h("ul", {}, (tr.exact || []).map((e) => {
      let line = t("advice.rent_line", { player: e.name, before: rent(e.before.rent_per_opponent_turn), after: rent(e.after.rent_per_opponent_turn) });
      if (e.groups_completed.length) line += "; " + t("advice.completes", { groups: e.groups_completed.join(", ") });
      if (e.groups_broken.length) line += "; " + t("advice.breaks", { groups: e.groups_broken.join(", ") });
      return h("li", {}, line);
    })),
    fairPrice(tr, fmt),
  ];
}

// the cash the proposer pays in all (negative: receives) at which its win chance is unchanged
/**
 * @param {TradeAdvice} tr
 * @param {(n: number) => string} fmt
 */
function fairPrice(tr, fmt) {
  const f = tr.fair_price;
  if (!f) return null;
  const who = tr.changes.find((c) => c.seat === f.seat)?.name ?? "";
  if (f.price === null || f.price === undefined) {
    return h("p", { id: "fair-price" }, t(f.outside === "always_good" ? "web.advice_fair_always_good" : "web.advice_fair_none", { player: who }));
  }
  return h("p", { id: "fair-price" }, t("web.advice_fair_price", { player: who, amount: fmt(f.price), low: fmt(f.low), high: fmt(f.high) }));
}
