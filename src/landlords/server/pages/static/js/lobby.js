// The lobby page (/): create a game (edition, ruleset, house rules, seats of people and bots, a
// timer, private, the table's options), list the open games to join or watch, open a game by its code.

import { api, store } from "./api.js";
import { $, clear, errorText, h, say } from "./dom.js";
import { langPicker, lang, loadWords, pickLang, t } from "./words.js";
import { strategyName } from "./waiting.js";

/** @typedef {import("./protocol.js").Meta} Meta */
/** @typedef {{kind: "person" | "bot", strategy?: string}} SeatChoice a seat of the game to create */

/** @type {Meta | null} */
let meta = null;
/** @type {SeatChoice[]} */
const seats = [{ kind: "person" }, { kind: "person" }, { kind: "bot", strategy: "advisor" }];
const testing = new URLSearchParams(location.search); // scripted dice etc.: refused unless the server runs --testing

/** @returns {Meta} what the server offers (loaded before anything is drawn) */
function known() {
  if (!meta) throw new Error("the lobby's choices are not loaded yet");
  return meta;
}

function ruleset() {
  const id = $("#ruleset", HTMLSelectElement).value;
  return known().rulesets.find((r) => r.id === id) || known().rulesets[0];
}

function seatRows() {
  const box = $("#seats");
  clear(box, seats.map((s, i) => {
    const kind = h("select", { id: `seat-${i}-kind`, "aria-label": t("web.seat_n", { n: i + 1 }), onchange: (/** @type {Event} */ e) => { s.kind = /** @type {HTMLSelectElement} */ (e.target).value === "bot" ? "bot" : "person"; s.strategy = s.kind === "bot" ? s.strategy || "advisor" : undefined; seatRows(); } },
      h("option", { value: "person", selected: s.kind === "person" }, t("ui.person")),
      h("option", { value: "bot", selected: s.kind === "bot" }, t("web.bot")));
    const strategy = s.kind === "bot"
      ? h("select", { id: `seat-${i}-strategy`, "aria-label": t("web.strategy"), onchange: (/** @type {Event} */ e) => { s.strategy = /** @type {HTMLSelectElement} */ (e.target).value; } },
          known().strategies.map((name) => h("option", { value: name, selected: name === s.strategy }, strategyName(name))))
      : null;
    const remove = seats.length > 1
      ? h("button", { type: "button", class: "secondary", "aria-label": t("web.remove_seat", { n: i + 1 }), onclick: () => { seats.splice(i, 1); seatRows(); } }, "✕")
      : null;
    return h("li", { class: "seat-row" }, h("span", {}, `${i + 1}.`), kind, strategy, remove);
  }));
  $("#add-seat", HTMLButtonElement).disabled = seats.length >= 8;
}

function describeRuleset() {
  const r = ruleset();
  clear($("#ruleset-summary"), r.summary.map((line) => h("li", {}, line)));
  // no board chosen: the server takes the one of the page's language (sent with the game), as the terminal does
  $("#edition-default").textContent = t("web.edition_default", { board: editionName(r.board) });
  clear($("#rule-keys"), Object.entries(r.options).map(([k, v]) => h("option", { value: `${k}=${v}` })));
}

/** @returns {Record<string, string>} */
function houseRules() {
  /** @type {Record<string, string>} */
  const out = {};
  for (const line of $("#house-rules", HTMLInputElement).value.split(/[\n,;]+/)) {
    const text = line.trim();
    if (!text) continue;
    const at = text.indexOf("=");
    if (at < 1) throw new Error(t("web.bad_house_rule", { text }));
    out[text.slice(0, at).trim()] = text.slice(at + 1).trim();
  }
  return out;
}

/** @param {SubmitEvent} e */
async function create(e) {
  e.preventDefault();
  try {
    const name = $("#your-name", HTMLInputElement).value.trim();
    /** @type {Record<string, unknown>} the lobby's CreateGame (server/bodies.py) */
    const body = {
      ruleset: $("#ruleset", HTMLSelectElement).value,
      edition: $("#edition", HTMLSelectElement).value || null,
      lang: lang(),
      rules: houseRules(),
      seats: seats.map((s) => (s.kind === "bot" ? { kind: "bot", strategy: s.strategy } : { kind: "person" })),
      private: $("#private", HTMLInputElement).checked,
      name: name || null,
    };
    const secs = Number($("#timer", HTMLInputElement).value);
    if (secs > 0) body.decision_seconds = secs;
    Object.assign(body, optionValues());
    const dice = testing.get("dice");
    if (dice !== null) body.dice = dice.split(" ").map((r) => r.split(",").map(Number));
    if (testing.has("seed")) body.seed = Number(testing.get("seed"));
    if (testing.has("first_player")) body.first_player = Number(testing.get("first_player"));
    if (testing.has("bot_pause")) body.bot_pause = Number(testing.get("bot_pause"));
    const r = await api("POST", "/api/games", body);
    if (name) store.name = name;
    store.setHost(r.code, r.host_token);
    if (r.token) store.setSeat(r.code, r.seat, r.token);
    location.href = `/g/${r.code}`;
  } catch (err) {
    say(errorText(err), "error");
  }
}

async function listGames() {
  try {
    /** @type {import("./protocol.js").OpenGame[]} */
    const games = await api("GET", "/api/games");
    const box = $("#games");
    if (!games.length) {
      clear(box, h("li", { class: "hint" }, t("web.no_open_games")));
      return;
    }
    clear(box, games.map((g) => {
      const open = g.seats.filter((s) => s.kind === "open").length;
      // a bot's default name in the page's language (the server stores it in the table's)
      const people = g.seats.filter((s) => s.name).map((s) => (s.kind === "bot" ? t("ui.bot_name", { n: s.seat + 1 }) : s.name)).join(", ");
      return h("li", { class: "game", dataset: { code: g.code } },
        h("strong", {}, g.code), " ",
        h("span", {}, `${t(`ruleset.name.${g.ruleset}`)} · ${editionName(g.edition)} · ${t("web.open_seats", { n: open })}`),
        people ? h("span", { class: "hint" }, ` · ${people}`) : null,
        h("a", { class: "button", href: `/g/${g.code}` }, t("web.join")),
        h("a", { class: "button secondary", href: `/g/${g.code}` }, t("web.watch")));
    }));
  } catch (err) {
    say(errorText(err), "error");
  }
}

// the table's options as the server describes them (/api/web/meta: lobby_options), words web.option.*
function optionFields() {
  return h("fieldset", { id: "table-options" }, h("legend", {}, t("web.table_options")),
    known().lobby_options.map((o) => {
      const id = `option-${o.name}`;
      if (o.type === "boolean") {
        return h("label", { class: "check", for: id }, h("input", { type: "checkbox", id, checked: !!o.default }), t(`web.option.${o.name}`));
      }
      return [
        h("label", { for: id }, t(`web.option.${o.name}`)),
        h("input", { id, type: "number", step: "any", min: o.above ?? o.min, max: o.max, value: o.default ?? "" }),
      ];
    }));
}

/** @returns {Record<string, unknown>} */
function optionValues() {
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const o of known().lobby_options) {
    const el = $(`#option-${o.name}`, HTMLInputElement);
    if (o.type === "boolean") out[o.name] = el.checked;
    else if (el.value.trim() !== "") {
      const value = Number(el.value);
      if (!(value > (o.above ?? -Infinity)) || value < (o.min ?? -Infinity) || value > (o.max ?? Infinity)) {
        throw new Error(t("web.bad_option", { option: t(`web.option.${o.name}`), value: el.value }));
      }
      out[o.name] = value;
    }
  }
  return out;
}

/** @type {(id: string) => string} */
const editionName = (id) => (known().editions.find((e) => e.id === id) || { name: id }).name;

function draw() {
  const form = h("form", { id: "create-form", class: "panel", onsubmit: create },
    h("h2", {}, t("web.new_game")),
    h("label", { for: "your-name" }, t("web.your_name")),
    h("input", { id: "your-name", maxlength: 32, value: store.name, autocomplete: "nickname" }),
    h("label", { for: "ruleset" }, t("web.ruleset")),
    h("select", { id: "ruleset", onchange: describeRuleset }, known().rulesets.map((r) => h("option", { value: r.id }, r.name))),
    h("ul", { id: "ruleset-summary", class: "summary" }),
    h("label", { for: "edition" }, t("web.edition")),
    h("select", { id: "edition" }, h("option", { value: "", id: "edition-default" }), known().editions.map((e) => h("option", { value: e.id }, e.name))),
    h("label", { for: "house-rules" }, t("web.house_rules")),
    h("input", { id: "house-rules", list: "rule-keys", placeholder: "starting_cash=2000, free_parking_pot=true" }),
    h("datalist", { id: "rule-keys" }),
    h("fieldset", {}, h("legend", {}, t("web.seats")), h("ol", { id: "seats", class: "seats" }),
      h("button", { type: "button", id: "add-seat", class: "secondary", onclick: () => { seats.push({ kind: "bot", strategy: "advisor" }); seatRows(); } }, t("web.add_seat"))),
    h("label", { for: "timer" }, t("web.timer")),
    h("input", { id: "timer", type: "number", min: 0, max: 3600, value: 0 }),
    h("label", { class: "check", for: "private" }, h("input", { type: "checkbox", id: "private" }), t("web.private")),
    optionFields(),
    h("button", { type: "submit", id: "create-button" }, t("web.create")));
  const byCode = h("form", { class: "panel", id: "code-form", onsubmit: (/** @type {SubmitEvent} */ e) => { e.preventDefault(); location.href = `/g/${$("#code", HTMLInputElement).value.trim().toUpperCase()}`; } },
    h("label", { for: "code" }, t("web.game_code")),
    h("input", { id: "code", maxlength: 12, required: true, autocapitalize: "characters" }),
    h("button", { type: "submit" }, t("web.open")));
  clear($("#app"),
    form,
    h("section", { class: "panel" }, h("h2", {}, t("web.open_games")), h("ul", { id: "games", class: "games" }), byCode));
  seatRows();
  describeRuleset();
  listGames();
}

async function main() {
  await loadWords(pickLang());
  meta = await api("GET", `/api/web/meta?lang=${lang()}`);
  $("#lang-slot").append(langPicker(async () => {
    meta = await api("GET", `/api/web/meta?lang=${lang()}`);
    draw();
  }));
  draw();
  setInterval(listGames, 5000);
}

main();
