// Telling a person it is their move when they are not looking: the tab's title and icon, an optional
// sound (off until they turn it on; the choice kept in localStorage) and a browser notification when
// the page is hidden (only once they asked for it with the button: never requested by default). And
// the chat's unread badge: lines that arrived while the chat was out of sight or the page hidden.

import { h } from "./dom.js";
import { t } from "./words.js";

const SOUND_KEY = "landlords.sound";
const ICON_IDLE = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="1" width="14" height="14" rx="3" fill="#1f6f5c"/></svg>');
const ICON_MINE = "data:image/svg+xml," + encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="1" width="14" height="14" rx="3" fill="#1f6f5c"/><circle cx="11" cy="5" r="4.5" fill="#ffbf47" stroke="#b3261e" stroke-width="1.5"/></svg>');

const A = {
  mine: false,
  sound: localStorage.getItem(SOUND_KEY) === "on",
  unread: 0,
  chatSeen: true, // the chat's list is on the screen
  /** @type {AudioContext | null} */
  audio: null,
};

/** @returns {HTMLLinkElement} the page's icon */
function icon() {
  let link = document.querySelector('link[rel="icon"]');
  if (!(link instanceof HTMLLinkElement)) {
    link = document.createElement("link");
    link.setAttribute("rel", "icon");
    document.head.append(link);
  }
  return /** @type {HTMLLinkElement} */ (link);
}

function beep() {
  try {
    A.audio ||= new AudioContext();
    const ctx = A.audio;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.0001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, ctx.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.25);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.3);
  } catch {
    /* no sound on this browser: the title and the icon still say it */
  }
}

/**
 * The buttons in the page's header: the sound's toggle and the notifications' request.
 * @returns {HTMLElement}
 */
export function alertControls() {
  const sound = h("button", {
    type: "button", id: "sound-toggle", class: "secondary small", "aria-pressed": String(A.sound),
    onclick: () => {
      A.sound = !A.sound;
      localStorage.setItem(SOUND_KEY, A.sound ? "on" : "off");
      sound.setAttribute("aria-pressed", String(A.sound));
      soundWords(sound);
      if (A.sound) beep(); // heard once, so the person knows what it sounds like
    },
  });
  soundWords(sound);
  const canNotify = "Notification" in window && Notification.permission === "default";
  const notify = h("button", {
    type: "button", id: "notify-button", class: "secondary small", hidden: !canNotify,
    onclick: async () => {
      await Notification.requestPermission();
      notify.hidden = true;
    },
  });
  notifyWords(notify);
  return h("span", { class: "alerts" }, sound, notify);
}

// a sign and the words (the words hidden on a phone: the sign and the button's name say it)
/** @param {HTMLElement} b */
function soundWords(b) {
  const words = t(A.sound ? "web.sound_on" : "web.sound_off");
  b.replaceChildren(h("span", { class: "sign", "aria-hidden": "true" }, "♪"), " ", h("span", { class: "words" }, words));
  b.title = words;
  b.setAttribute("aria-label", words);
}

/** @param {HTMLElement} b */
function notifyWords(b) {
  const words = t("web.notify_ask");
  b.replaceChildren(h("span", { class: "sign", "aria-hidden": "true" }, "✉"), " ", h("span", { class: "words" }, words));
  b.title = words;
  b.setAttribute("aria-label", words);
}

/** The header's words again (after a change of language). */
export function alertWords() {
  const sound = document.getElementById("sound-toggle");
  if (sound) soundWords(sound);
  const notify = document.getElementById("notify-button");
  if (notify) notifyWords(notify);
  showUnread();
}

/**
 * Says whether it is the person's move: on the tab (title, icon) always; by sound and notification
 * only when it becomes theirs.
 * @param {boolean} mine
 * @param {string} base the page's title otherwise
 * @param {string} question what the decision asks (the notification's text)
 */
export function yourMove(mine, base, question) {
  const became = mine && !A.mine;
  A.mine = mine;
  document.title = mine ? `● ${t("web.your_move")} — ${base}` : base;
  document.body.dataset.mine = String(mine);
  const link = icon();
  const want = mine ? ICON_MINE : ICON_IDLE;
  if (link.href !== want) link.href = want;
  if (!became) return;
  if (A.sound) beep();
  if (document.hidden && "Notification" in window && Notification.permission === "granted") {
    try {
      const n = new Notification(t("web.your_move"), { body: question, tag: "landlords-move" });
      n.onclick = () => { window.focus(); n.close(); };
    } catch {
      /* a browser that only notifies from a service worker: the title says it */
    }
  }
}

function showUnread() {
  const badge = document.getElementById("chat-badge");
  if (!badge) return;
  badge.hidden = A.unread === 0;
  badge.textContent = `${t("web.chat")} ${A.unread}`;
  badge.dataset.unread = String(A.unread);
  badge.title = t("web.unread", { n: A.unread });
  badge.setAttribute("aria-label", t("web.unread", { n: A.unread }));
}

/**
 * Counts chat lines that arrived unseen, shown as a badge by the chat's heading and in the header.
 * @param {HTMLElement} list the chat's list
 */
export function watchChat(list) {
  const seen = () => {
    if (A.chatSeen && !document.hidden && A.unread) {
      A.unread = 0;
      showUnread();
    }
  };
  new IntersectionObserver((entries) => {
    A.chatSeen = entries.some((e) => e.isIntersecting);
    seen();
  }).observe(list);
  document.addEventListener("visibilitychange", seen);
  list.addEventListener("focusin", () => { A.chatSeen = true; seen(); });
}

/** @param {number} n lines that just arrived */
export function chatArrived(n) {
  if (n <= 0 || (A.chatSeen && !document.hidden)) return;
  A.unread += n;
  showUnread();
}
