// The table's net-worth panel: the chart of every seat's net worth at the end of each turn (from
// GET /api/games/CODE/worth, fetched again when a turn ends) and the point of this moment (the
// view's own net worths). new WorthPanel(code, before) adds the panel; update(view, names, board, lang).

import { worthChart, worthLegend } from "./chart.js";
import { h } from "./dom.js";
import { money } from "./money.js";
import { t } from "./words.js";

/** @typedef {import("./protocol.js").View} View */
/** @typedef {import("./protocol.js").BoardJson} BoardJson */
/** @typedef {[View, string[], BoardJson | null, string]} Drawn what the panel was last asked to show */

export class WorthPanel {
  /**
   * @param {string} code the game's
   * @param {HTMLElement} before the panel goes before it
   */
  constructor(code, before) {
    this.code = code;
    /** @type {import("./protocol.js").FrameSummary[]} */
    this.frames = [];
    /** @type {string | null} */
    this.turn = null;
    /** @type {Promise<void> | null} */
    this.loading = null;
    /** @type {Drawn | null} */
    this.args = null;
    this.chart = h("div", { class: "chart", id: "worth" });
    this.title = h("h2", {}, "");
    this.box = h("section", { class: "panel worth", id: "worth-panel", hidden: true }, this.title, this.chart);
    before.before(this.box);
  }

  /**
   * @param {View} view
   * @param {string[]} names
   * @param {BoardJson | null} board
   * @param {string} lang
   */
  update(view, names, board, lang) {
    const st = view.state;
    this.box.hidden = !st;
    if (!st) return;
    this.args = [view, names, board, lang];
    const turn = `${st.turn}|${st.over}`;
    if (turn !== this.turn && !this.loading) {
      this.turn = turn;
      this.loading = fetch(`/api/games/${this.code}/worth`)
        .then((r) => (r.ok ? r.json() : { frames: this.frames }))
        .then((/** @type {{frames?: import("./protocol.js").FrameSummary[]}} */ data) => { this.frames = data.frames || []; })
        .catch(() => {})
        .finally(() => {
          this.loading = null;
          if (this.args) this.draw(...this.args);
        });
    }
    this.draw(view, names, board, lang);
  }

  /**
   * @param {View} view
   * @param {string[]} names
   * @param {BoardJson | null} board
   * @param {string} lang
   */
  draw(view, names, board, lang) {
    const st = view.state;
    if (!st) return;
    const fmt = (/** @type {number} */ v) => money(board, v, lang);
    this.title.textContent = t("web.worth");
    const out = names.map((_, s) => s).filter((s) => st.bankrupt[s]);
    const now = st.over ? null : st.net_worth;
    this.chart.replaceChildren(
      worthChart(this.frames, names, { fmt, label: t("web.worth_chart"), axis: t("web.worth_axis"), now, out }),
      worthLegend(names, st.net_worth, fmt),
    );
    this.chart.dataset.points = String(this.frames.length + (now ? 1 : 0));
  }
}
