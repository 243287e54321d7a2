// The table's waiting room extras (before the game starts): the invite link with a copy button, and
// for the host a bot added to one open seat (POST /api/games/CODE/bots), so the table fills before it
// starts, not only by starting.

import { api } from "./api.js";
import { errorText, h, say } from "./dom.js";
import { has, t } from "./words.js";

/**
 * A strategy's name in the page's language (strategy.<name> in the catalogs), else its id.
 * @param {string | null | undefined} name
 * @returns {string}
 */
export function strategyName(name) {
  if (!name) return "";
  const base = name.split(":")[0];
  return has(`strategy.${base}`) ? t(`strategy.${base}`) : name;
}

/**
 * @param {string} code the game's code
 * @param {string | null} host the host's token, if this browser created the game
 * @param {{seats: {seat: number, kind: string}[]}} game
 * @returns {HTMLElement[]}
 */
export function waitingExtras(code, host, game) {
  const link = `${location.origin}/g/${code}`;
  /** @type {HTMLElement[]} */
  const out = [
    h("div", { class: "invite", id: "invite" },
      h("input", { id: "invite-link", readonly: true, value: link, "aria-label": t("web.invite_link"), onfocus: (/** @type {FocusEvent} */ e) => /** @type {HTMLInputElement} */ (e.target).select() }),
      h("button", { type: "button", id: "copy-link", class: "secondary", onclick: () => copy(link) }, t("web.copy_link"))),
  ];
  const open = game.seats.filter((s) => s.kind === "open");
  if (host && open.length) {
    out.push(h("button", { type: "button", id: "add-bot", class: "secondary", onclick: () => addBot(code, host, open[0].seat) }, t("web.add_bot")));
  }
  return out;
}

/** @param {string} link */
async function copy(link) {
  try {
    await navigator.clipboard.writeText(link);
    say(t("web.link_copied"));
  } catch {
    const input = /** @type {HTMLInputElement | null} */ (document.getElementById("invite-link"));
    input?.select(); // no clipboard (an insecure origin): the link is selected for Ctrl+C
    say(t("web.link_select"));
  }
}

/**
 * @param {string} code
 * @param {string} host
 * @param {number} seat
 */
async function addBot(code, host, seat) {
  try {
    await api("POST", `/api/games/${code}/bots`, { strategy: "advisor", seat }, host);
  } catch (e) {
    say(errorText(e), "error");
  }
}
