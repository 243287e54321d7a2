// Who is away (issue 29): "Bob disconnected, 0:45" counting down to the moment a stand-in bot plays
// their seat, then "Bob is away: a bot plays for them" until they return; the host's controls (a bot
// plays a seat now, remove a person, pause and resume, with the host token this browser keeps); the
// host's pause with the time it ends by itself. Drawn in a panel of its own above the players.

import { api } from "./api.js";
import { $, clear, errorText, h, say } from "./dom.js";
import { clockText } from "./clock.js";
import { t } from "./words.js";

/** @type {ReturnType<typeof setInterval> | null} */
let timer = null;

/** @returns {HTMLElement} the panel, made once before the players */
function panel() {
  let box = document.getElementById("presence");
  if (!box) {
    box = h("section", { id: "presence", class: "panel presence", "aria-live": "polite" });
    $("#players").before(box);
  }
  return box;
}

/**
 * @param {string} code
 * @param {string} path
 * @param {string} token
 */
async function host(code, path, token) {
  try {
    await api("POST", `/api/games/${code}/${path}`, undefined, token);
  } catch (e) {
    say(errorText(e), "error");
  }
}

/**
 * Draw the presence panel for the view.
 * @param {import("./protocol.js").View} view
 * @param {{code: string, seat: number | null, hostToken: string | null}} who
 */
export function renderPresence(view, who) {
  if (timer) clearInterval(timer);
  timer = null;
  const box = panel();
  const game = view.game;
  const playing = game.status === "playing" && view.state && !view.state.over;
  /** @type {HTMLElement[]} */
  const lines = [];
  /** @type {[HTMLElement, number][]} */
  const counting = [];
  for (const s of game.seats) {
    if (s.kind !== "person" || !playing || view.state?.bankrupt[s.seat]) continue;
    const name = s.name || "";
    /** @type {HTMLElement | null} */
    let line = null;
    if (s.standin) line = h("p", { class: "away standin", dataset: { seat: s.seat } }, t("web.presence.standin", { name }));
    else if (s.away_at !== undefined && s.standin_at !== undefined) {
      line = h("p", { class: "away", dataset: { seat: s.seat } });
      counting.push([line, s.standin_at]);
    } else if (s.away_at !== undefined) line = h("p", { class: "away", dataset: { seat: s.seat } }, t("web.presence.away_waiting", { name }));
    const controls = who.hostToken && s.seat !== who.seat ? [
      s.standin ? null : h("button", { class: "secondary host-standin", dataset: { seat: s.seat }, onclick: () => host(who.code, `seats/${s.seat}/standin`, who.hostToken || "") }, t("web.host.standin")),
      h("button", { class: "secondary danger host-remove", dataset: { seat: s.seat }, onclick: () => {
        if (confirm(t("web.host.remove_confirm", { name }))) host(who.code, `seats/${s.seat}/remove`, who.hostToken || "");
      } }, t("web.host.remove")),
    ] : null;
    if (line || controls) lines.push(h("div", { class: "presence-seat", dataset: { seat: s.seat } }, line, controls ? h("span", { class: "row" }, controls) : null, name && controls && !line ? h("span", { class: "hint" }, name) : null));
  }
  const paused = game.paused;
  const pauseLine = paused ? h("p", { class: "paused", id: "paused" }) : null;
  if (pauseLine && paused) counting.push([pauseLine, paused.until]);
  const pauseButton = who.hostToken && playing
    ? h("button", { id: paused ? "host-resume" : "host-pause", class: "secondary", onclick: () => host(who.code, paused ? "resume" : "pause", who.hostToken || "") }, t(paused ? "web.host.resume" : "web.host.pause"))
    : null;
  clear(box, pauseLine, lines, pauseButton);
  box.hidden = !pauseLine && !lines.length && !pauseButton;
  if (!counting.length) return;
  const names = new Map(game.seats.map((s) => [s.seat, s.name || ""]));
  const tick = () => {
    const now = Date.now() / 1000;
    for (const [el, at] of counting) {
      const time = clockText(at - now);
      if (el === pauseLine) el.textContent = t("web.host.paused", { time });
      else el.textContent = t("web.presence.away", { name: names.get(Number(el.dataset.seat)) || "", time });
      el.dataset.left = String(Math.max(0, Math.round(at - now)));
    }
  };
  tick();
  timer = setInterval(tick, 1000);
}
