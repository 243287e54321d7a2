// The lobby's HTTP API and what the browser keeps: a seat token per game (so a reload resumes the
// seat), the host token of the games one created, one's name.

import { has, lang, t } from "./words.js";

/**
 * A call of the server's HTTP API: the answer's JSON; an error status throws its words: a refusal's
 * code in the page's catalogs (lobby.<code>, server/refusals.py), else the detail the server wrote
 * in the page's language (Accept-Language), else the status.
 * @param {"GET" | "POST"} method
 * @param {string} path
 * @param {unknown} [body] sent as JSON
 * @param {string | null} [token] the seat's or the host's
 * @returns {Promise<any>} the JSON of the endpoint (typed where it is used, protocol.js)
 */
export async function api(method, path, body = undefined, token = undefined) {
  /** @type {Record<string, string>} */
  const headers = { "Accept-Language": lang() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await r.json();
  } catch {
    // no JSON (a proxy's error page): the status text says what went wrong
  }
  if (!r.ok) {
    if (data && typeof data.code === "string" && has(`lobby.${data.code}`)) throw new Error(t(`lobby.${data.code}`, data.params || {}));
    const detail = data && data.detail;
    const text = typeof detail === "string" ? detail : Array.isArray(detail) ? detail.map((/** @type {{msg: string}} */ d) => d.msg).join("; ") : r.statusText;
    throw new Error(text);
  }
  return data;
}

/** @type {(kind: "seat" | "host", code: string) => string} */
const key = (kind, code) => `landlords.${kind}.${code.toUpperCase()}`;

export const store = {
  /**
   * @param {string} code
   * @returns {{seat: number, token: string} | null}
   */
  seat(code) {
    try {
      return JSON.parse(localStorage.getItem(key("seat", code)) || "null");
    } catch {
      return null;
    }
  },
  /**
   * @param {string} code
   * @param {number} seat
   * @param {string} token
   */
  setSeat(code, seat, token) {
    localStorage.setItem(key("seat", code), JSON.stringify({ seat, token }));
  },
  /** @param {string} code */
  dropSeat(code) {
    localStorage.removeItem(key("seat", code));
  },
  /** @param {string} code */
  host(code) {
    return localStorage.getItem(key("host", code));
  },
  /**
   * @param {string} code
   * @param {string} token
   */
  setHost(code, token) {
    localStorage.setItem(key("host", code), token);
  },
  get name() {
    return localStorage.getItem("landlords.name") || "";
  },
  set name(v) {
    localStorage.setItem("landlords.name", v);
  },
};
