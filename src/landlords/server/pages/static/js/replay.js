// The replay viewer (/replay/CODE): a finished game turn by turn. The frames (the public position at
// the end of each turn, the turn's events in words) are computed by the engine on the server (GET
// /api/games/CODE/replay and /replay/N); this page steps through them on the same board as the
// table (board.js), with the net-worth chart marking the turn shown.

import { Board, SEAT_COLOURS } from "./board.js";
import { worthChart, worthLegend } from "./chart.js";
import { $, clear, errorText, h, say } from "./dom.js";
import { money } from "./money.js";
import { langPicker, lang, loadWords, pickLang, t } from "./words.js";

const code = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "").toUpperCase();
const PLAY_MS = 800; // a turn's time on screen when the replay plays by itself
/** @typedef {import("./protocol.js").ReplayIndex} ReplayIndex */
/** @typedef {import("./protocol.js").Frame} Frame */
/** @typedef {import("./protocol.js").PublicState} PublicState */

/**
 * The page's state: the game's frames (loaded first), its board, the frame shown and the frames
 * fetched (or being fetched), the timer of the replay playing by itself.
 * @type {{index: ReplayIndex | null, boardJson: import("./protocol.js").BoardJson | null, board: Board | null,
 *   at: number, frames: Map<number, Promise<Frame>>, timer: ReturnType<typeof setInterval> | null}}
 */
const R = { index: null, boardJson: null, board: null, at: -1, frames: new Map(), timer: null };

/** @returns {ReplayIndex} the game's frames (loaded before anything is shown) */
function index() {
  if (!R.index) throw new Error("the replay is not loaded yet");
  return R.index;
}

/**
 * @param {string} url
 * @returns {Promise<any>} the JSON of the endpoint (typed where it is used, protocol.js)
 */
async function getJSON(url) {
  const r = await fetch(url);
  const data = await r.json().catch(() => null);
  if (!r.ok) throw new Error((data && typeof data.detail === "string" && data.detail) || r.statusText);
  return data;
}

const last = () => index().frames.length - 1;
const names = () => index().names;
/** @type {(amount: number) => string} */
const fmt = (amount) => money(R.boardJson, amount, lang());

/**
 * @param {number} i
 * @returns {Promise<Frame>}
 */
function frame(i) {
  if (!R.frames.has(i)) {
    const p = getJSON(`/api/games/${code}/replay/${i}?lang=${lang()}`);
    p.catch(() => R.frames.delete(i));
    R.frames.set(i, p);
  }
  return /** @type {Promise<Frame>} */ (R.frames.get(i));
}

async function load() {
  /** @type {ReplayIndex} */
  const replay = await getJSON(`/api/games/${code}/replay?lang=${lang()}`);
  R.index = replay;
  R.frames.clear();
  const g = replay.game;
  const q = new URLSearchParams({ edition: g.edition, ruleset: g.ruleset, lang: lang() });
  /** @type {import("./protocol.js").BoardJson} */
  const boardJson = await getJSON(`/api/web/board?${q}`);
  R.boardJson = boardJson;
  R.board = new Board($("#board"), boardJson, { label: boardJson.name });
  document.title = `${t("web.replay_of", { code })} · landlords`;
  clear($("#title"), h("strong", {}, t("web.replay")), ` · ${code} · `, h("a", { href: `/g/${code}` }, t(`ruleset.name.${g.ruleset}`)));
  controls();
  const wanted = Number((location.hash || "").slice(1));
  const at = R.at >= 0 ? R.at : Number.isInteger(wanted) && location.hash ? wanted : 0;
  R.at = -1;
  await show(at);
}

// ------------------------------------------------------------------ moving through the frames
/** @param {number} i */
async function show(i) {
  i = Math.max(0, Math.min(last(), i));
  R.at = i;
  let f;
  try {
    f = await frame(i);
  } catch (e) {
    say(errorText(e), "error");
    return;
  }
  if (R.at !== i) return; // a later step won the race
  paint(i, f);
  for (const j of [i + 1, i - 1]) if (j >= 0 && j <= last()) frame(j);
}

/** @param {number} by */
function step(by) {
  show(R.at + by);
}

function play() {
  if (R.timer) {
    clearInterval(R.timer);
    R.timer = null;
  } else {
    if (R.at >= last()) show(0);
    R.timer = setInterval(() => {
      if (R.at >= last()) play();
      else step(1);
    }, PLAY_MS);
  }
  const b = $("#replay-play");
  const label = t(R.timer ? "web.replay_pause" : "web.replay_play");
  b.textContent = R.timer ? "❙❙" : "▷";
  b.setAttribute("aria-label", label);
  b.title = label;
}

/**
 * @param {string} id
 * @param {string} text
 * @param {string} label the words' key
 * @param {() => void} onclick
 */
function button(id, text, label, onclick) {
  return h("button", { type: "button", id, class: "secondary", "aria-label": t(label), title: t(label), onclick }, text);
}

function controls() {
  const box = $("#controls");
  const slider = h("input", {
    type: "range", id: "replay-slider", min: 0, max: last(), step: 1, value: Math.max(0, R.at),
    "aria-label": t("web.replay_turns"), oninput: (/** @type {Event} */ e) => show(Number(/** @type {HTMLInputElement} */ (e.target).value)),
  });
  const jump = h("input", { type: "number", id: "replay-turn", min: 0, max: index().frames[last()].turn, inputmode: "numeric" });
  const form = h("form", {
    class: "jump",
    onsubmit: (/** @type {SubmitEvent} */ e) => {
      e.preventDefault();
      const turn = Number(jump.value);
      const found = index().frames.findIndex((f) => f.turn >= turn);
      show(found < 0 ? last() : found);
    },
  }, h("label", { for: "replay-turn" }, t("web.replay_jump")), jump, h("button", { type: "submit", id: "replay-go" }, "↵"));
  clear(box,
    button("replay-first", "|◀", "web.replay_first", () => show(0)),
    button("replay-back", "◀", "web.replay_back", () => step(-1)),
    button("replay-play", "▷", "web.replay_play", play),
    button("replay-forward", "▶", "web.replay_forward", () => step(1)),
    button("replay-last", "▶|", "web.replay_last", () => show(last())),
    slider, form);
  box.hidden = false;
}

/** @param {KeyboardEvent} e */
function onKey(e) {
  if (!R.index || e.altKey || e.ctrlKey || e.metaKey) return;
  const tag = e.target instanceof Element ? e.target.tagName : "";
  if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return; // the slider has its own keys
  /** @type {Record<string, () => unknown>} */
  const moves = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => show(0), End: () => show(last()) };
  const move = Object.hasOwn(moves, e.key) ? moves[e.key] : null;
  if (move) {
    e.preventDefault();
    move();
  }
}

// ------------------------------------------------------------------ painting one frame
/**
 * @param {number} i
 * @param {Frame} f
 */
function paint(i, f) {
  const st = f.state;
  R.board?.paint(st, names(), f.index ? st.position[f.seat] : null);
  $("#frame-title").textContent = f.title;
  // the winner only at the end: a replay watched from turn 0 keeps its outcome to the last frame
  const result = $("#result");
  result.textContent = i === last() && R.index ? R.index.result.text : "";
  result.hidden = i !== last();
  $("#replay-slider", HTMLInputElement).value = String(i);
  $("#replay-first", HTMLButtonElement).disabled = $("#replay-back", HTMLButtonElement).disabled = i === 0;
  $("#replay-forward", HTMLButtonElement).disabled = $("#replay-last", HTMLButtonElement).disabled = i === last();
  renderPlayers(f);
  renderChart(i, st);
  const log = $("#events");
  clear(log,
    f.earlier.map((line) => h("li", { class: "earlier" }, line)),
    f.events.map((line) => h("li", { class: "own" }, line)));
  log.scrollTop = log.scrollHeight;
  document.body.dataset.frame = String(i);
  history.replaceState(null, "", `#${i}`);
}

/** @param {Frame} f */
function renderPlayers(f) {
  const st = f.state;
  clear($("#players"), names().map((name, s) => {
    const colour = SEAT_COLOURS[s % 8];
    const owned = st.owner.filter((o) => o === s).length;
    const houses = st.owner.reduce((n, o, sq) => n + (o === s ? st.level[sq] : 0), 0);
    return h("article", { class: `player${f.index && f.seat === s ? " turn" : ""}`, dataset: { seat: s }, style: `border-color:${colour}` },
      h("div", { class: "head" },
        h("span", { class: "dot", style: `background:${colour}`, "aria-hidden": "true" }),
        h("strong", { class: "name" }, name)),
      st.bankrupt[s]
        ? h("p", { class: "bankrupt" }, t("ui.bankrupt"))
        : [
            h("p", { class: "cash" }, t("ui.cash", { amount: fmt(st.cash[s]) })),
            h("p", { class: "worth" }, t("ui.worth", { amount: fmt(st.net_worth[s]) })),
            h("p", { class: "hint" }, `▦ ${owned}${houses ? ` · ⌂ ${houses}` : ""}`),
            st.in_jail[s] ? h("p", { class: "jail" }, t("ui.in_jail")) : null,
          ]);
  }));
}

/**
 * @param {number} i
 * @param {PublicState} st
 */
function renderChart(i, st) {
  const out = names().map((_, s) => s).filter((s) => st.bankrupt[s]);
  clear($("#worth"),
    worthChart(index().frames, names(), {
      fmt, label: t("web.worth_chart"), axis: t("web.worth_axis"), at: i, out,
    }),
    worthLegend(names(), index().frames[i].worth, fmt));
}

// ------------------------------------------------------------------ start
function staticWords() {
  for (const el of document.querySelectorAll("[data-w]")) if (el instanceof HTMLElement) el.textContent = t(el.dataset.w || "");
}

async function main() {
  await loadWords(pickLang());
  staticWords();
  $("#lang-slot").append(langPicker(async () => {
    staticWords();
    try {
      await load();
    } catch (e) {
      say(errorText(e), "error");
    }
  }));
  document.addEventListener("keydown", onKey);
  try {
    await load();
  } catch (e) {
    say(errorText(e), "error");
    $("#notice").append(" ", h("a", { href: `/g/${code}` }, code));
  }
}

main();
