// The table page (/g/CODE): joins or watches one game over the WebSocket and shows the server's view.
// Every button is one of the seat's legal acts as the server listed them (`you.acts`, with their
// labels); nothing here decides what is legal. A refused act shows the engine's reason.

import { api, store } from "./api.js";
import { Board, SEAT_COLOURS, initials, tokenBadge } from "./board.js";
import { $, clear, errorText, h, patch, say } from "./dom.js";
import { alertControls, alertWords, chatArrived, watchChat, yourMove } from "./alerts.js";
import { chip } from "./colour.js";
import { money } from "./money.js";
import { openTrade, offerLines } from "./trade.js";
import { dealButton } from "./deal.js";
import { afterRender, beforeRender, installKeys } from "./keys.js";
import { actHelp, helpBox } from "./variants.js";
import { WorthPanel } from "./worth.js";
import { runClocks } from "./clock.js";
import { adviceButton } from "./advice.js";
import { strategyName, waitingExtras } from "./waiting.js";
import { has, langPicker, lang, loadWords, pickLang, setVariant, t } from "./words.js";
import { claimBox } from "./claims.js";
import { renderPresence } from "./presence.js";

/** @typedef {import("./protocol.js").Act} Act */
/** @typedef {import("./protocol.js").Action} Action */
/** @typedef {import("./protocol.js").BoardJson} BoardJson */
/** @typedef {import("./protocol.js").Decision} Decision */
/** @typedef {import("./protocol.js").PublicState} PublicState */
/** @typedef {import("./protocol.js").View} View */

const code = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "").toUpperCase();
/**
 * The page's state: the last view, the board drawn (for the game's edition, ruleset and language:
 * boardKey), the socket and the seat's token, the act sent whose effect is not shown yet, the log and
 * the chat kept, the groups of free acts the person unfolded (kept across updates).
 * @type {{view: View | null, board: Board | null, boardJson: BoardJson | null, boardKey: string,
 *   ws: WebSocket | null, token: string | null, nextId: number, pending: {id: number, version: number} | null,
 *   events: import("./protocol.js").GameEvent[], chat: import("./protocol.js").ChatLine[], closing: boolean,
 *   open: Set<string>, worth: WorthPanel | null, buttons: Map<string, HTMLButtonElement>,
 *   cash: number[], settle: ReturnType<typeof setTimeout> | undefined}}
 */
const S = {
  view: null,
  board: null,
  boardJson: null,
  boardKey: "",
  ws: null,
  token: null,
  nextId: 1,
  pending: null, // {id, version}: the act whose effect the board has not shown yet
  events: [],
  chat: [],
  closing: false,
  open: new Set(),
  worth: null,
  buttons: new Map(), // the decision's act buttons by act: kept across updates, changed in place
  cash: [], // each seat's cash when last drawn (a change floats by the player's money)
  settle: undefined, // the decision's drawing, waiting for the token to arrive
};
const STILL = matchMedia("(prefers-reduced-motion: reduce)").matches;
const URGENT = new Set(["claim_rent"]);
const MANY = 8; // more answers than this: a menu instead of a row of buttons
// what the end-to-end tests read: the click-to-board durations (ms) and the last view
const testHooks = /** @type {Window & typeof globalThis & {__timings: number[], __view?: View}} */ (window);
testHooks.__timings = [];

/** @returns {View} the last view (every drawing comes after the first) */
function view() {
  if (!S.view) throw new Error("no view of the game yet");
  return S.view;
}

/** @returns {BoardJson} the game's board (loaded before the first drawing) */
function boardJson() {
  if (!S.boardJson) throw new Error("the board is not loaded yet");
  return S.boardJson;
}

// ------------------------------------------------------------------ connection
function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${code}`);
  S.ws = ws;
  ws.addEventListener("open", () => hello());
  ws.addEventListener("message", (e) => onMessage(JSON.parse(e.data)));
  ws.addEventListener("close", () => {
    document.body.dataset.connected = "false";
    if (!S.closing) setTimeout(connect, 1000);
  });
}
// the end-to-end tests' way to have the server send the same view again (an update that changes nothing)
/** @type {Window & {__sync?: () => void}} */ (window).__sync = () => send({ type: "sync" });

function hello() {
  send({ type: "hello", token: S.token, lang: lang(), protocol: 1 });
}

/** @param {{type: string, [field: string]: unknown}} msg */
function send(msg) {
  if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify(msg));
}

/** @param {Action} action */
export function act(action) {
  if (!S.view) return;
  const dlg = $("#dialog", HTMLDialogElement);
  if (dlg.open) dlg.close(); // an act from a square's card: the board shows what follows
  const id = S.nextId++;
  performance.mark(`act:${id}`);
  S.pending = { id, version: S.view.version };
  document.body.dataset.busy = "true";
  send({ type: "act", action, version: S.view.version, id });
}

/** @param {import("./protocol.js").ServerMessage} m */
function onMessage(m) {
  if (m.type === "welcome" || m.type === "update") {
    if (m.type === "welcome") {
      S.events = [];
      S.chat = m.chat || [];
    }
    S.events.push(...(m.events || []));
    if (S.events.length > 300) S.events.splice(0, S.events.length - 300);
    S.view = m;
    setVariant(variantOf(m.game?.ruleset));
    testHooks.__view = m; // the last view, for the end-to-end tests' checks
    document.body.dataset.connected = "true";
    render(m.type === "welcome");
  } else if (m.type === "refused") {
    S.pending = null;
    document.body.dataset.busy = "false";
    say(t("web.refused", { reason: m.reason }), "error");
  } else if (m.type === "ack") {
    say("");
  } else if (m.type === "notice") {
    say(m.text, "error"); // my rent claim lapsed: told in words, not only in the log
  } else if (m.type === "chat" || m.type === "said") {
    S.chat.push(m); // said: a bot's reason for refusing my offer, in its own line
    renderChat();
    if (m.seat === undefined || m.seat !== mySeat()) chatArrived(1);
  } else if (m.type === "error") {
    if (m.code === "unconfirmed") {
      // the act may still be applied: not refused, so look at the game again before anything else
      S.pending = null;
      document.body.dataset.busy = "false";
      send({ type: "sync" });
    }
    if (m.code === "bad_token") {
      store.dropSeat(code);
      S.token = null;
      hello();
      return;
    }
    say(m.message, "error");
  }
}

// ------------------------------------------------------------------ rendering
/** @param {import("./protocol.js").GameSummary} game */
async function ensureBoard(game) {
  const key = `${game.edition}|${game.ruleset}|${lang()}`;
  if (key === S.boardKey) return;
  const q = new URLSearchParams({ edition: game.edition, ruleset: game.ruleset, lang: lang() });
  /** @type {BoardJson} */
  const board = await (await fetch(`/api/web/board?${q}`)).json();
  S.boardJson = board;
  S.boardKey = key;
  S.board = new Board($("#board"), board, { onSquare: showCard, label: board.name });
  const rules = board.rules;
  const house = Object.entries(game.rules || {}).map(([k, v]) => `${k}=${v}`).join(", ");
  $("#rules").hidden = false;
  clear($("#rules"),
    h("summary", {}, rules.name),
    h("ul", {}, rules.summary.map((line) => h("li", {}, line))),
    house ? h("p", { class: "hint", id: "house-rules" }, t("web.house_rules_here", { rules: house })) : null);
}

const names = () => (S.view?.game?.seats || []).map((s) => s.name || t("web.open_seat"));
/** @returns {number | null} */
const mySeat = () => (S.view?.you ? S.view.you.seat : null);
/** @type {(amount: number) => string} */
const fmt = (amount) => money(S.boardJson, amount, lang());

async function render(full = false) {
  const v = view();
  const game = v.game;
  clear($("#title"), h("strong", {}, code), " · ", t(`ruleset.name.${game.ruleset}`));
  await ensureBoard(game);
  let moving = 0; // the milliseconds until the dice and the tokens stand still
  const d = v.decision;
  if (v.state) {
    const rolled = !full && (v.events || []).some((e) => e.event === "rolled");
    moving = S.board?.paint(v.state, names(), d && d.square !== undefined ? d.square : null, rolled) || 0;
    renderDice(v.state);
  }
  renderSpot();
  beforeRender();
  renderJoin();
  // the decision waits until the token has arrived (a buy offer is not shown while it still walks)
  clearTimeout(S.settle);
  const box = $("#decision");
  if (moving > 0 && !STILL) {
    box.dataset.waiting = "true";
    S.settle = setTimeout(() => {
      beforeRender();
      renderDecision();
      afterRender();
    }, moving);
  } else renderDecision();
  renderPlayers();
  renderPresence(v, { code, seat: mySeat(), hostToken: store.host(code) });
  renderLog(full);
  runClocks(v);
  if (full) renderChat();
  S.worth?.update(v, names(), S.boardJson, lang());
  afterRender();
  document.body.dataset.version = String(v.version);
  document.body.dataset.status = game.status;
  if (S.pending && v.version > S.pending.version) {
    const id = S.pending.id;
    S.pending = null;
    // measured when the frame with the new board is drawn
    requestAnimationFrame(() => testHooks.__timings.push(performance.measure("click-to-board", `act:${id}`).duration));
  }
  document.body.dataset.busy = "false";
}

// the square that matters now over the board's centre: the decision's, else the current player's
function renderSpot() {
  const v = view();
  const st = v.state;
  if (!S.board) return;
  const d = v.decision;
  const square = d && d.square !== undefined ? d.square : st && !st.over ? st.position[st.current] : null;
  const line = st && !st.over && (!d || d.square === undefined) ? names()[st.current] || "" : "";
  S.board.showSpot(square ?? null, st, names(), line);
}

/** @param {PublicState} state */
function renderDice(state) {
  const roll = state.last_roll || [];
  clear(
    $("#dice"),
    // the dice themselves are drawn in the board's centre (board.js); here in words, for the log's readers
    roll.length ? h("span", { class: "dice", id: "dice-sum" }, `${roll.join(" + ")} = ${roll.reduce((a, b) => a + b, 0)}`) : null,
    h("span", {}, t("web.round", { round: state.round + 1 })),
    state.pot ? h("span", {}, t("ui.pot", { amount: fmt(state.pot) })) : null,
    h("span", { class: "bank" }, t("web.bank", { houses: state.bank_houses, hotels: state.bank_hotels })),
  );
}

function renderJoin() {
  const v = view();
  const box = $("#join");
  const game = v.game;
  const seat = mySeat();
  const parts = [];
  if (game.status === "lobby") {
    parts.push(h("h2", {}, t("web.waiting_title")));
    parts.push(
      h("ul", { class: "seats" }, game.seats.map((s) =>
        h("li", {}, `${s.seat + 1}. `, s.kind === "open" ? t("web.open_seat") : s.name, s.kind === "bot" ? ` (${t("ui.bot", { strategy: strategyName(s.strategy) })})` : "")),
      ),
    );
    if (seat === null && game.seats.some((s) => s.kind === "open")) {
      const input = h("input", { id: "join-name", name: "name", maxlength: 32, required: true, value: store.name, autocomplete: "nickname" });
      parts.push(
        h("form", { class: "join", onsubmit: (/** @type {SubmitEvent} */ e) => { e.preventDefault(); join(input.value); } },
          h("label", { for: "join-name" }, t("web.your_name")), input,
          h("button", { type: "submit", id: "join-button" }, t("web.join"))),
      );
    }
    const host = store.host(code);
    if (host) {
      parts.push(h("button", { id: "start-button", onclick: () => start(host) }, t("web.start_with_bots")));
    }
    parts.push(h("p", { class: "hint" }, t("web.share_link", { link: location.href })), ...waitingExtras(code, host, game));
  } else if (seat === null) {
    parts.push(h("p", { class: "hint", id: "watching" }, t("web.watching")));
  }
  if (v.result) {
    parts.push(h("div", { class: "result", id: "result", role: "status" }, v.result.text));
    parts.push(h("a", { href: `/replay/${code}`, class: "button secondary", id: "replay-link" }, t("web.replay_watch")));
    if (game.rematch) parts.push(h("a", { href: `/g/${game.rematch}`, class: "button" }, t("web.next_game")));
    else if (store.host(code)) parts.push(h("button", { onclick: rematch }, t("web.rematch")));
  }
  clear(box, parts);
  box.hidden = parts.length === 0;
}

/** @param {string} typed */
async function join(typed) {
  const name = typed.trim();
  if (!name) return say(t("lobby.name_empty"), "error");
  try {
    const r = await api("POST", `/api/games/${code}/join`, { name });
    store.name = name;
    store.setSeat(code, r.seat, r.token);
    S.token = r.token;
    hello();
  } catch (e) {
    say(errorText(e), "error");
  }
}

/** @param {string} host the host's token */
async function start(host) {
  try {
    await api("POST", `/api/games/${code}/start`, { fill_bots: "advisor" }, host);
  } catch (e) {
    say(errorText(e), "error");
  }
}

async function rematch() {
  try {
    const r = await api("POST", `/api/games/${code}/rematch`, undefined, store.host(code));
    store.setHost(r.code, r.host_token);
    location.href = `/g/${r.code}`;
  } catch (e) {
    say(errorText(e), "error");
  }
}

/**
 * @param {Act} a
 * @param {Record<string, unknown>} [extra] the button's other attributes
 */
function actButton(a, extra = {}) {
  // the decision's buttons are kept by their act and changed in place (keyedButton); elsewhere made anew
  const danger = a.action.type === "declare_bankruptcy";
  return h(
    "button",
    {
      class: `act ${a.answer ? "answer" : "free"}${danger ? " danger" : ""}`,
      dataset: { type: a.action.type, action: JSON.stringify(a.action) },
      onclick: () => (danger || a.confirm ? confirmAct(a) : act(a.action)),
      ...extra,
    },
    a.label,
  );
}

/**
 * The decision's button for the act: the one drawn last time for the same act, its label and kind
 * brought up to date, else a new one (a button never vanishes from under the pointer on an update).
 * @param {Act} a
 * @param {Set<string>} used the keys drawn in this update
 * @returns {HTMLButtonElement}
 */
function keyedButton(a, used) {
  const key = JSON.stringify(a.action);
  used.add(key);
  const old = S.buttons.get(key);
  const fresh = actButton(a);
  if (!old) {
    const b = /** @type {HTMLButtonElement} */ (actButton(a, { onclick: () => pressed(b) }));
    pressedActs.set(b, a);
    S.buttons.set(key, b);
    return b;
  }
  pressedActs.set(old, a);
  if (old.className !== fresh.className) old.className = fresh.className;
  if (old.textContent !== a.label) old.textContent = a.label;
  return old;
}

/** @type {WeakMap<HTMLButtonElement, Act>} each kept button's act as last drawn */
const pressedActs = new WeakMap();

/** @param {HTMLButtonElement} b */
function pressed(b) {
  const a = pressedActs.get(b);
  if (!a) return;
  if (a.action.type === "declare_bankruptcy" || a.confirm) confirmAct(a);
  else act(a.action);
}

/** @param {Act} a */
function confirmAct(a) {
  const dlg = $("#dialog", HTMLDialogElement);
  clear(
    dlg,
    h("h2", {}, t("web.confirm_title")),
    h("p", {}, a.confirm || t("web.confirm_bankruptcy")),
    h("div", { class: "row" },
      h("button", { class: "danger", id: "confirm-yes", onclick: () => { dlg.close(); act(a.action); } }, a.label),
      h("button", { id: "confirm-no", onclick: () => dlg.close() }, t("web.cancel"))),
  );
  dlg.showModal();
  $("#confirm-no").focus();
}

/** The variant a ruleset plays (its own words are read first: setVariant), or null.
 * @param {string | undefined} ruleset */
function variantOf(ruleset) {
  return ruleset?.startsWith("odessa") ? "odessa" : ruleset?.startsWith("businesspoly") ? "businesspoly" : null;
}

/** @param {string} type */
function groupName(type) {
  const variant = S.view?.game?.ruleset?.startsWith("odessa") ? "odessa" : S.view?.game?.ruleset?.startsWith("businesspoly") ? "businesspoly" : null;
  for (const k of [variant && `${variant}.menu.${type}`, `menu.${type}`, `type.${type}`]) if (k && has(k)) return t(k);
  return type.replace(/_/g, " ");
}

function renderDecision() {
  const v = view();
  const box = $("#decision");
  const acts = v.you?.acts || [];
  const d = v.decision;
  const parts = [];
  // my open rent claim comes first: a roll would end it (claims.js)
  parts.push(claimBox(v, mySeat(), { button: (a) => actButton(a), send, money: fmt }));
  if (d) {
    const mine = d.seat === mySeat();
    // the deciding seat reads the question put to it; everyone else a line about it ("Bob's turn")
    parts.push(h("h2", { id: "decision-title", class: mine ? "mine" : "" }, mine ? d.prompt || d.title : d.title));
    parts.push(helpBox(d, mine));
    if (d.kind === "auction") parts.push(auctionInfo(d));
    if (d.kind === "trade_response" || d.kind === "deal_response") parts.push(offerBox(d));
    if (d.deadline_at) parts.push(h("p", { class: "clock", id: "decision-clock", dataset: { deadline: d.deadline_at } }));
  }
  // a bid is a form (any amount from the one listed) wherever it is offered, in turn or not
  const answers = acts.filter((a) => a.answer || a.action.type === "bid");
  const free = acts.filter((a) => !a.answer && a.action.type !== "bid");
  /** @type {Set<string>} */
  const used = new Set();
  const row = kept("answers", () => h("div", { class: "answers", id: "answers" }));
  const many = answers.length > MANY;
  /** @type {Node[]} */
  const inRow = [];
  for (const a of answers) {
    if (a.action.type === "bid") inRow.push(bidForm(a));
    else if (!many) inRow.push(keyedButton(a, used));
  }
  if (many) inRow.push(choiceForm(answers)); // e.g. the speed die's triples: any square of the board
  patch(row, inRow);
  if (answers.length) parts.push(row);
  if (d && (d.kind === "trade_response") && d.seat === mySeat()) {
    parts.push(h("button", { id: "counter-offer", onclick: () => counterOffer(d) }, t("web.counter_offer")));
  }
  // rent to claim lapses at the next roll: in sight, not folded away
  // (they are in the claim box, first)
  /** @type {Record<string, Act[]>} */
  const groups = {};
  for (const a of free) if (!URGENT.has(a.action.type)) (groups[a.action.type] ||= []).push(a);
  const extra = kept("free-acts", () => h("div", { class: "free-acts", id: "free-acts" }));
  /** @type {Node[]} */
  const inExtra = [];
  for (const [type, list] of Object.entries(groups)) {
    const group = kept(`group:${type}`, () => {
      const g = h("details", { class: "group", dataset: { type }, open: S.open.has(type) },
        h("summary", {}), h("div", { class: "help-slot" }), h("div", { class: "list" }));
      g.addEventListener("toggle", () => (g.open ? S.open.add(type) : S.open.delete(type)));
      return g;
    });
    const [summary, helpSlot, listBox] = [...group.children];
    const label = t("ui.menu_group", { label: groupName(type), n: list.length });
    if (summary.textContent !== label) summary.textContent = label;
    const help = actHelp(type, S.boardJson);
    const helpText = help ? help.outerHTML : "";
    if (helpSlot.getAttribute("data-help") !== helpText) {
      helpSlot.setAttribute("data-help", helpText);
      clear(helpSlot, help);
    }
    patch(listBox, list.map((a) => keyedButton(a, used)));
    inExtra.push(group);
  }
  patch(extra, inExtra);
  if (Object.keys(groups).length) parts.push(extra);
  for (const key of [...S.buttons.keys()]) if (!used.has(key)) S.buttons.delete(key);
  const seat = mySeat();
  if (seat !== null && v.state && !v.state.over && !v.state.bankrupt[seat]) {
    // one trade button: where the rules have deals between several players (Бизнесполия), the deal's
    if (!S.boardJson?.mechanics?.propose_deal) {
      const trade = kept("trade", () => h("button", { id: "trade-button", class: "secondary", onclick: () => startTrade() }));
      if (trade.textContent !== t("web.propose_trade")) trade.textContent = t("web.propose_trade");
      parts.push(trade);
    }
    const rules = v.game.rules || {};
    if (rules.advice !== false && rules.advice !== "false") {
      parts.push(adviceButton({ code, token: S.token, seat, board: S.boardJson, box: $("#advice") }));
    }
  }
  parts.push(dealButton({ view: v, board: S.boardJson, seat: mySeat(), act, dialog: $("#dialog", HTMLDialogElement), names: names() }));
  // a part may be null (no deals in these rules, no explanation): with nothing to show, no panel
  const shown = parts.filter((p) => p !== null && p !== undefined);
  patch(box, shown);
  box.hidden = shown.length === 0;
  delete box.dataset.waiting;
  const mine = !!d && d.seat === mySeat() && acts.some((a) => a.answer);
  yourMove(mine, `${code} · landlords`, d ? d.prompt || d.title : "");
}

/** @type {Map<string, HTMLElement>} the decision's containers, kept across updates */
const containers = new Map();

/**
 * The decision's container by its key: the one drawn last time, else made.
 * @param {string} key
 * @param {() => HTMLElement} make
 * @returns {HTMLElement}
 */
function kept(key, make) {
  let el = containers.get(key);
  if (!el) {
    el = make();
    containers.set(key, el);
  }
  return el;
}

// a long list of answers (one per square): a menu, and the squares of the board answer too
/** @param {Act[]} answers */
function choiceForm(answers) {
  const select = h("select", { id: "answer-select", "aria-label": t("web.choose") },
    answers.map((a, i) => h("option", { value: i }, a.label)));
  return h("form", { class: "bid", onsubmit: (/** @type {SubmitEvent} */ e) => { e.preventDefault(); act(answers[Number(select.value)].action); } },
    select,
    h("button", { type: "submit", id: "answer-choose", class: "act answer" }, t("web.choose")),
    answers.some((a) => a.action.square !== undefined) ? h("p", { class: "hint" }, t("web.or_click_square")) : null);
}

/** @param {Decision} d */
function auctionInfo(d) {
  const bidder = d.high_bidder !== undefined && d.high_bidder >= 0 ? names()[d.high_bidder] : "—";
  return h("p", { class: "auction", id: "auction-info" },
    t("web.high_bid", { amount: fmt(d.high_bid || 0), bidder }),
    " · ", t("web.bidders", { names: (d.bidders || []).map((s) => names()[s]).join(", ") }));
}

/** @param {Act} a */
function bidForm(a) {
  const low = a.action.amount ?? 1;
  const seat = mySeat();
  const cash = seat === null ? 0 : view().state?.cash[seat] ?? 0;
  const input = h("input", { type: "number", id: "bid-amount", min: low, max: cash, step: 1, value: low, "aria-label": t("web.your_bid") });
  const quick = [1, 10, 50].filter((x) => low - 1 + x <= cash && x > 1).map((x) =>
    h("button", { type: "button", class: "quick", onclick: () => act({ type: "bid", amount: low - 1 + x }) }, `+${x}`));
  return h(
    "form",
    { class: "bid", onsubmit: (/** @type {SubmitEvent} */ e) => { e.preventDefault(); act({ type: "bid", amount: Number(input.value) }); } },
    h("label", { for: "bid-amount" }, t("web.your_bid")),
    input,
    h("button", { type: "submit", id: "bid-button", class: "act answer", dataset: { type: "bid" } }, t("web.bid")),
    quick,
  );
}

/** @param {Decision} d */
function offerBox(d) {
  const lines = offerLines(d, view(), boardJson(), lang());
  return h("ul", { class: "offer", id: "offer" }, lines.map((l) => h("li", {}, l)));
}

/** @param {Decision} d */
function counterOffer(d) {
  if (d.proposer === undefined) return;
  const reject = (view().you?.acts || []).find((a) => a.action.type === "reject");
  /** @type {import("./trade.js").Preset} */
  const reverse = {
    partner: d.proposer,
    give: d.take_properties, give_cash: d.take_cash, give_cards: d.take_cards,
    take: d.give_properties, take_cash: d.give_cash, take_cards: d.give_cards,
  };
  startTrade(reverse, reject ? reject.action : null);
}

/**
 * @param {import("./trade.js").Preset | null} [preset] a counter-offer's parts
 * @param {Action | null} [first] an act to send first (the rejection of the offer countered)
 */
async function startTrade(preset = null, first = null) {
  try {
    const options = await api("GET", `/api/games/${code}/trade?lang=${lang()}`, undefined, S.token);
    openTrade($("#dialog", HTMLDialogElement), { options, view: view(), board: boardJson(), names: names(), preset, first, act, waitVersion });
  } catch (e) {
    say(errorText(e), "error");
  }
}

// resolves once the view has moved past `version` (a counter-offer: the rejection, then the offer)
/**
 * @param {number} version
 * @returns {Promise<View>}
 */
function waitVersion(version) {
  return new Promise((resolve) => {
    const check = () => (view().version > version ? resolve(view()) : setTimeout(check, 50));
    check();
  });
}

function renderPlayers() {
  const v = view();
  const box = $("#players");
  const st = v.state;
  const d = v.decision;
  const letters = initials(names());
  const cards = v.game.seats.map((s) => {
    const i = s.seat;
    const colour = SEAT_COLOURS[i % 8];
    const head = h("div", { class: "head" },
      tokenBadge(i, letters[i] || String(i + 1)), // the seat's token as on the board: shape, colour, letter
      h("strong", { class: "name" }, s.name || t("web.open_seat")),
      s.kind === "bot" ? h("span", { class: "tag" }, t("ui.bot", { strategy: strategyName(s.strategy) })) : null,
      s.kind === "person" ? h("span", { class: `conn ${s.connected ? "on" : "off"}`, title: t(s.connected ? "web.connected" : "web.disconnected") }, s.connected ? "●" : "○") : null,
      i === mySeat() ? h("span", { class: "tag you" }, t("web.you")) : null,
    );
    const body = [];
    if (st) {
      if (st.bankrupt[i]) body.push(h("p", { class: "bankrupt" }, t("ui.bankrupt")));
      else {
        body.push(h("p", { class: "cash" }, t("ui.cash", { amount: fmt(st.cash[i]) })));
        body.push(h("p", { class: "worth" }, t("ui.worth", { amount: fmt(st.net_worth[i]) })));
        if (st.in_jail[i]) body.push(h("p", { class: "jail" }, t("ui.in_jail")));
        if (st.jail_cards[i].length) body.push(h("p", {}, t("ui.jail_cards", { n: st.jail_cards[i].length })));
        body.push(holdings(i, st));
      }
      // the decision's own clock, unless it is the end of the seat's budget shown below
      const budgetEnd = v.clocks && v.clocks.running === i ? v.clocks.ends_at : null;
      if (d && d.seat === i && d.deadline_at && !(budgetEnd && Math.abs(budgetEnd - d.deadline_at) < 1)) {
        body.push(h("p", { class: "clock", dataset: { deadline: d.deadline_at } }));
      }
      if (v.clocks && !st.bankrupt[i]) {
        body.push(h("p", { class: `budget${v.clocks.running === i ? " running" : ""}`, dataset: { seat: i }, role: "timer" }));
      }
    }
    const turn = st && st.current === i;
    const acting = d && d.seat === i;
    return h("article", {
      class: `player${turn ? " turn" : ""}${acting ? " acting" : ""}`,
      dataset: { seat: i },
      style: `border-color:${colour}`,
      "aria-label": s.name || "",
    }, head, body);
  });
  clear(box, cards);
  if (st) floatMoney(st);
}

// a change of a player's cash floats by their money for a moment (+200 green, −150 red); none
// under reduced motion, nor on the first drawing
/** @param {PublicState} st */
function floatMoney(st) {
  const before = S.cash;
  S.cash = [...st.cash];
  if (STILL || !before.length || before.every((c, i) => c === st.cash[i])) return;
  // after the frame with the new board is drawn: measuring the cards' places costs a layout
  requestAnimationFrame(() => setTimeout(() => floatAt(before, st.cash)));
}

/**
 * @param {number[]} before each seat's cash drawn last time
 * @param {number[]} now
 */
function floatAt(before, now) {
  now.forEach((cash, i) => {
    const diff = cash - (before[i] ?? cash);
    const at = document.querySelector(`#players .player[data-seat="${i}"] .cash`);
    if (!diff || !at) return;
    const r = at.getBoundingClientRect();
    if (r.bottom < 0 || r.top > innerHeight) return; // out of sight
    const tag = h("span", {
      class: `money-float ${diff > 0 ? "gain" : "loss"}`, "aria-hidden": "true", dataset: { seat: i },
      style: `left:${r.left + scrollX + r.width * 0.6}px;top:${r.top + scrollY}px`,
    }, `${diff > 0 ? "+" : "−"}${fmt(Math.abs(diff))}`);
    document.body.append(tag);
    tag.addEventListener("animationend", () => tag.remove());
    setTimeout(() => tag.remove(), 2000);
  });
}

/**
 * @param {number} seat
 * @param {PublicState} st
 */
function holdings(seat, st) {
  const board = boardJson();
  const list = h("ul", { class: "holdings" });
  for (const g of board.groups) {
    const mine = g.squares.filter((sq) => st.owner[sq] === seat);
    if (!mine.length) continue;
    list.append(
      // the badge, then the group's lots side by side, wrapping between lots and aligned after the
      // badge (a separator could be left alone at the start of a line)
      h("li", {},
        chip(g.color, `${mine.length}/${g.squares.length}`),
        h("span", { class: "lots" }, mine.map((sq) =>
          h("button", { class: `lot${st.mortgaged[sq] ? " mortgaged" : ""}`, onclick: () => showCard(sq) },
            board.squares[sq].name + buildingMarks(st.level[sq])))),
      ),
    );
  }
  if (!list.children.length) list.append(h("li", { class: "hint" }, t("ui.no_property")));
  return list;
}

/** @type {(level: number) => string} */
const buildingMarks = (level) => (level >= 5 ? " ■" : level ? " " + "⌂".repeat(level) : "");

/** @param {boolean} full */
function renderLog(full) {
  const list = $("#events");
  const atBottom = list.scrollTop + list.clientHeight >= list.scrollHeight - 30;
  clear(list, S.events.slice(-150).map((e) => h("li", { class: `ev ${e.event}` }, e.text)));
  if (atBottom || full) list.scrollTop = list.scrollHeight;
}

function renderChat() {
  const list = $("#messages");
  clear(list, S.chat.slice(-100).map((m) => h("li", {}, h("strong", {}, `${m.name}: `), m.text)));
  list.scrollTop = list.scrollHeight;
  $("#chat-form").hidden = mySeat() === null;
}

/** @param {number} sq */
async function showCard(sq) {
  const dlg = $("#dialog", HTMLDialogElement);
  const square = boardJson().squares[sq];
  /** @type {import("./protocol.js").Card} */
  let card = { title: square.title, rows: [], notes: [] };
  if (S.view?.state) {
    try {
      card = await api("GET", `/api/games/${code}/card/${sq}?lang=${lang()}`);
    } catch {
      /* before the start: the square's name only */
    }
  }
  const acts = (S.view?.you?.acts || []).filter((a) => a.action.square === sq);
  clear(
    dlg,
    h("div", { class: "card", id: "square-card" },
      h("h2", { style: card.color ? `border-top: 12px solid ${card.color}` : "" }, card.title),
      card.group ? h("p", { class: "hint" }, `${card.group} · ${card.kind_label}`) : null,
      card.rows.length
        ? h("table", {}, card.rows.map((r) => h("tr", { class: r.current ? "current" : "" }, h("th", {}, r.label), h("td", {}, r.value))))
        : null,
      card.owner ? h("p", { class: "owner" }, card.owner) : null,
      (card.group_owners || []).map((l) => h("p", { class: "hint" }, l)),
      (card.notes || []).map((l) => h("p", {}, l)),
      acts.length ? h("div", { class: "list" }, acts.map((a) => actButton(a))) : null,
      h("button", { class: "secondary", id: "card-close", onclick: () => dlg.close() }, t("web.close"))),
  );
  if (!dlg.open) dlg.showModal();
  $("#card-close").focus();
}

// ------------------------------------------------------------------ start
function chatForm() {
  const input = $("#chat-text", HTMLInputElement);
  $("#chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (text) send({ type: "chat", text });
    input.value = "";
  });
}

function staticWords() {
  for (const el of document.querySelectorAll("[data-w]")) if (el instanceof HTMLElement) el.textContent = t(el.dataset.w || "");
  for (const el of document.querySelectorAll("[data-wp]")) {
    if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) el.placeholder = t(el.dataset.wp || "");
  }
}

async function main() {
  await loadWords(pickLang());
  staticWords();
  $("#lang-slot").before(alertControls());
  watchChat($("#messages"));
  // on a phone the decision is a bar fixed at the bottom: the page pads by its height (app.css)
  const bar = $("#decision");
  const phone = matchMedia("(max-width: 599px)");
  new ResizeObserver(() => {
    const px = `${phone.matches && !bar.hidden ? bar.offsetHeight : 0}px`;
    if (document.body.style.getPropertyValue("--bar") !== px) document.body.style.setProperty("--bar", px);
  }).observe(bar);
  $("#lang-slot").append(langPicker(() => {
    staticWords();
    alertWords();
    hello(); // the server sends the view again in the new language
  }));
  $("#dialog").addEventListener("close", () => {
    const dlg = $("#dialog", HTMLDialogElement);
    if (dlg.dataset.keep !== "true") clear(dlg);
  });
  try {
    await api("GET", `/api/games/${code}`);
  } catch (e) {
    say(errorText(e), "error");
    return;
  }
  S.token = store.seat(code)?.token || null;
  chatForm();
  S.worth = new WorthPanel(code, $(".panel.log"));
  installKeys();
  connect();
  window.addEventListener("beforeunload", () => { S.closing = true; });
}

main();
