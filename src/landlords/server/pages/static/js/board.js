// The board: the server's SVG picture of the edition (render/svg.py, names and prices drawn to fit)
// with the live position painted over it: owners' frames, houses and hotels in the colour bands,
// mortgages, and the tokens, which slide briefly to their new square. Reusable by any page
// (table, replay): new Board(host, boardJson, {onSquare}), then board.paint(state, names).

export const SEAT_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
export const HOTEL = 5;
const NS = "http://www.w3.org/2000/svg";
const STEP_MS = 70; // a square's step when a token moves (a move of 12 squares takes under a second)
// the picture's text lines (render/svg.py): a line is LINE font sizes high, its baseline 0.4 of the
// size above the line's bottom; a kind's mark ("?", "$"...) is MARK px, never under MIN_MARK
const LINE = 1.2;
const MARK = 12;
const MIN_MARK = 7;

/** @typedef {import("./protocol.js").BoardJson} BoardJson */
/** @typedef {import("./protocol.js").Square} Square */
/** @typedef {import("./protocol.js").PublicState} PublicState */

/**
 * An SVG element with its attributes (each as a string) and text.
 * @param {string} tag
 * @param {Record<string, string | number>} [attrs]
 * @param {string | null} [text]
 * @returns {SVGElement}
 */
function el(tag, attrs = {}, text = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== null) e.textContent = text;
  return e;
}

// The kind's mark of a square the picture left it out of (a side column's square is shallower than
// the top and bottom rows'): stacked under the square's words as the picture stacks it elsewhere, the
// words moved up to keep the lines centred in the square's text area, at a smaller size if need be.
/**
 * @param {Element} g the square's group
 * @param {Square & {text: number[], mark: string}} sq
 */
function placeMark(g, sq) {
  const [tx, ty, tw, th] = sq.text;
  const lines = [...g.querySelectorAll("text")];
  const size = (/** @type {Element} */ t) => Number(t.getAttribute("font-size"));
  const base = (/** @type {Element} */ t) => Number(t.getAttribute("y"));
  const top = lines.length ? base(lines[0]) - (LINE - 0.4) * size(lines[0]) : ty + th / 2;
  const bottom = lines.length ? base(lines[lines.length - 1]) + 0.4 * size(lines[lines.length - 1]) : top;
  const mark = Math.min(MARK, (th - (bottom - top)) / LINE);
  if (mark < MIN_MARK) return; // no room: the square's name and tooltip say what it is
  const newTop = ty + Math.max(0, (th - (bottom - top) - mark * LINE) / 2);
  for (const t of lines) t.setAttribute("y", (base(t) + newTop - top).toFixed(1));
  const y = newTop + (bottom - top) + mark * LINE - 0.4 * mark;
  g.append(el("text", { class: "mark", x: (tx + tw / 2).toFixed(1), y: y.toFixed(1), "font-size": mark.toFixed(1), "text-anchor": "middle", fill: "#000" }, sq.mark));
}

export class Board {
  /**
   * @param {HTMLElement} host
   * @param {BoardJson} board
   * @param {{onSquare?: ((square: number) => void) | null, label?: string | null}} [options]
   */
  constructor(host, board, { onSquare = null, label = null } = {}) {
    this.board = board;
    this.host = host;
    host.innerHTML = board.svg; // drawn and escaped by the server (render/svg.py)
    const svg = host.querySelector("svg");
    if (!svg) throw new Error("the board's picture has no <svg>");
    this.svg = svg;
    this.svg.removeAttribute("width");
    this.svg.removeAttribute("height");
    this.svg.classList.add("board");
    this.svg.setAttribute("role", "group");
    if (label) this.svg.setAttribute("aria-label", label);
    this.marks = el("g", { class: "marks" });
    this.tokens = el("g", { class: "tokens" });
    this.svg.append(this.marks, this.tokens);
    /** @type {SVGElement[]} */
    this.tokenEls = [];
    /** @type {(ReturnType<typeof setTimeout> | undefined)[]} */
    this.stepping = [];
    this.still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.squareEls = [...this.svg.querySelectorAll("g.square")].filter((g) => g instanceof SVGGElement);
    for (const g of this.squareEls) {
      const i = Number(g.dataset.index);
      const sq = board.squares[i];
      if (sq.mark && sq.text && !g.querySelector("text.mark")) placeMark(g, { ...sq, text: sq.text, mark: sq.mark });
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", sq.title + (sq.price ? `, ${sq.price}` : ""));
      const title = g.querySelector("title");
      if (title) title.textContent = sq.title;
      if (onSquare) {
        g.addEventListener("click", () => onSquare(i));
        g.addEventListener("keydown", (/** @type {KeyboardEvent} */ e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            onSquare(i);
          }
        });
      }
    }
  }

  /**
   * Where the i-th token on square sq stands (the square's token row, a second row upwards).
   * @param {number} sq
   * @param {number} i
   * @returns {[number, number]}
   */
  tokenAt(sq, i) {
    const [x, y, w, h] = this.board.squares[sq].tokens;
    const perRow = Math.max(1, Math.floor(w / 13));
    return [x + 6.5 + (i % perRow) * 13, y + h / 2 - Math.floor(i / perRow) * 13];
  }

  /**
   * @param {PublicState} state the server's public position
   * @param {string[]} [names] a name per seat
   * @param {number | null} [highlight] a square to mark
   */
  paint(state, names = [], highlight = null) {
    const marks = [];
    const sqs = this.board.squares;
    for (const sq of sqs) {
      const i = sq.index;
      const [x, y, w, h] = sq.box;
      if (i === highlight) marks.push(el("rect", { class: "highlight", x: x + 1, y: y + 1, width: w - 2, height: h - 2 }));
      const owner = state.owner[i];
      if (owner >= 0) {
        const frame = el("rect", {
          class: "owner", "data-square": i, "data-owner": owner,
          x: x + 2, y: y + 2, width: w - 4, height: h - 4, stroke: SEAT_COLOURS[owner % 8],
        });
        frame.append(el("title", {}, names[owner] || ""));
        marks.push(frame);
      }
      if (state.mortgaged[i]) {
        marks.push(el("rect", { class: "mortgaged", "data-square": i, x, y, width: w, height: h }));
        marks.push(el("text", { class: "mortgage-mark", x: x + w / 2, y: y + h / 2 + 6, "text-anchor": "middle" }, "✕"));
      }
      const level = state.level[i];
      if (level && sq.band) marks.push(...this.buildings(sq.band, level, i));
    }
    this.marks.replaceChildren(...marks);
    this.paintTokens(state, names);
  }

  /**
   * @param {number[]} band the square's colour band
   * @param {number} level
   * @param {number} sq
   */
  buildings([bx, by, bw, bh], level, sq) {
    const across = bw >= bh;
    const out = [];
    if (level >= HOTEL) {
      const [rx, ry, rw, rh] = across ? [bx + bw / 2 - 9, by + 3, 18, 10] : [bx + 3, by + bh / 2 - 9, 10, 18];
      out.push(el("rect", { class: "hotel", "data-square": sq, x: rx, y: ry, width: rw, height: rh }));
      return out;
    }
    for (let i = 0; i < level; i++) {
      const [rx, ry] = across ? [bx + 4 + i * 14, by + 3.5] : [bx + 3.5, by + 4 + i * 14];
      out.push(el("rect", { class: "house", "data-square": sq, x: rx, y: ry, width: 9, height: 9 }));
    }
    return out;
  }

  /**
   * @param {PublicState} state
   * @param {string[]} names
   */
  paintTokens(state, names) {
    /** @type {Record<number, number>} */
    const count = {};
    state.position.forEach((sq, seat) => {
      let g = this.tokenEls[seat];
      if (!g) {
        g = el("g", { class: "token", "data-seat": seat });
        const c = el("circle", { r: 6, fill: SEAT_COLOURS[seat % 8] });
        g.append(c, el("title", {}, names[seat] || ""));
        this.tokens.append(g);
        this.tokenEls[seat] = g;
      }
      const title = g.querySelector("title");
      if (title) title.textContent = names[seat] || "";
      const out = state.bankrupt[seat];
      g.style.display = out ? "none" : "";
      if (out) return;
      const i = count[sq] || 0;
      count[sq] = i + 1;
      const [cx, cy] = this.tokenAt(sq, i);
      const from = g.dataset.square === undefined ? sq : Number(g.dataset.square);
      g.dataset.square = String(sq);
      g.classList.toggle("jailed", !!state.in_jail[seat]);
      this.move(g, seat, from, sq, `translate(${cx}px, ${cy}px)`);
    });
  }

  /**
   * A move forward by a roll (up to 12 squares) steps along the board; anything else slides.
   * @param {SVGElement} g the token
   * @param {number} seat
   * @param {number} from
   * @param {number} to
   * @param {string} end the token's transform on its square
   */
  move(g, seat, from, to, end) {
    clearTimeout(this.stepping[seat]);
    const n = this.board.squares.length;
    const steps = (to - from + n) % n;
    if (!steps || steps > 12 || this.still) {
      g.style.transform = end;
      return;
    }
    let at = from;
    const step = () => {
      at = (at + 1) % n;
      if (at === to) {
        g.style.transform = end;
        return;
      }
      const [x, y] = this.tokenAt(at, 0);
      g.style.transform = `translate(${x}px, ${y}px)`;
      this.stepping[seat] = setTimeout(step, STEP_MS);
    };
    step();
  }
}
