// The lobby's HTTP API and what the browser keeps: a seat token per game (so a reload resumes the
// seat), the host token of the games one created, one's name.

export async function api(method, path, body = undefined, token = undefined) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try {
    data = await r.json();
  } catch {
    data = null;
  }
  if (!r.ok) {
    const detail = data && data.detail;
    const text = typeof detail === "string" ? detail : Array.isArray(detail) ? detail.map((d) => d.msg).join("; ") : r.statusText;
    throw new Error(text);
  }
  return data;
}

const key = (kind, code) => `landlords.${kind}.${code.toUpperCase()}`;

export const store = {
  seat(code) {
    try {
      return JSON.parse(localStorage.getItem(key("seat", code)) || "null");
    } catch {
      return null;
    }
  },
  setSeat(code, seat, token) {
    localStorage.setItem(key("seat", code), JSON.stringify({ seat, token }));
  },
  dropSeat(code) {
    localStorage.removeItem(key("seat", code));
  },
  host(code) {
    return localStorage.getItem(key("host", code));
  },
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
