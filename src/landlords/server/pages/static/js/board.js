// The board: the server's SVG picture of the edition (render/svg.py, names and prices drawn to fit)
// with the live position painted over it: owners' frames, houses and hotels in the colour bands,
// mortgages, houses and hotels drawn as little buildings, the tokens (each with its seat's shape and
// initial, so that no seat is told by colour alone), which step square by square to their new square,
// the dice rolled in the board's centre, and a card of the square that matters now over the centre
// (legible on a phone, where the picture's own names are a few pixels high). No animation under
// prefers-reduced-motion. Reusable by any page (table, replay): new Board(host, boardJson, {onSquare}),
// then board.paint(state, names) (it returns the milliseconds until the tokens stand still).

export const SEAT_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
export const HOTEL = 5;
const NS = "http://www.w3.org/2000/svg";
const STEP_MS = 110; // a square's step when a token moves (a move of 12 squares takes 1.3 s)
const ROLL_MS = 450; // the dice's roll in the centre, before the token sets off
// a seat's token shape (SVG points on a unit circle, or "circle"): seats differ in shape as well as colour
export const SEAT_SHAPES = ["circle", "square", "triangle", "diamond", "pentagon", "hexagon", "star", "cross"];
const R = 8.5; // a token's radius
const GAP = 18; // tokens side by side on a square
const PIPS = /** @type {Record<number, number[][]>} */ ({
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
});
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

/**
 * A token's outline: its seat's shape around (0, 0).
 * @param {string} shape one of SEAT_SHAPES
 * @param {string} fill
 * @returns {SVGElement}
 */
function tokenShape(shape, fill) {
  if (shape === "circle") return el("circle", { class: "body", r: R, fill });
  if (shape === "square") return el("rect", { class: "body", x: -R + 1, y: -R + 1, width: 2 * R - 2, height: 2 * R - 2, fill });
  /** @type {Record<string, [number, number, number]>} points, inner radius (a star's), turn */
  const polys = { triangle: [3, 1, -90], diamond: [4, 1, -90], pentagon: [5, 1, -90], hexagon: [6, 1, 0], star: [5, 0.5, -90], cross: [4, 0.45, -45] };
  const [n, inner, turn] = polys[shape] || polys.diamond;
  const pts = [];
  const k = inner < 1 ? 2 * n : n;
  for (let i = 0; i < k; i++) {
    const a = ((turn + (360 * i) / k) * Math.PI) / 180;
    const r = (inner < 1 && i % 2 ? inner : 1) * (R + (shape === "triangle" ? 2 : 1));
    pts.push(`${(r * Math.cos(a)).toFixed(1)},${(r * Math.sin(a)).toFixed(1)}`);
  }
  return el("polygon", { class: "body", points: pts.join(" "), fill });
}

/**
 * Black or white, whichever reads on the colour (#rrggbb).
 * @param {string} colour
 */
function inkOn(colour) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 ? "#000" : "#fff";
}

/**
 * Each seat's letter on its token: the first of its name, its number where two names share one.
 * @param {string[]} names
 * @returns {string[]}
 */
export function initials(names) {
  const first = names.map((n) => (n.trim()[0] || "?").toUpperCase());
  return first.map((c, i) => (first.indexOf(c) !== first.lastIndexOf(c) ? String(i + 1) : c));
}

/**
 * A seat's token as a small picture of its own (the players' panels): the same shape, colour and letter.
 * @param {number} seat
 * @param {string} letter
 * @returns {SVGElement}
 */
export function tokenBadge(seat, letter) {
  const colour = SEAT_COLOURS[seat % 8];
  const svg = el("svg", { class: "token-badge", viewBox: "-10 -10 20 20", width: 20, height: 20, "aria-hidden": "true", "data-seat": seat });
  svg.append(tokenShape(SEAT_SHAPES[seat % SEAT_SHAPES.length], colour),
    el("text", { y: 3.6, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: inkOn(colour) }, letter));
  return svg;
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

/**
 * The board's centre (inside the ring of squares): [x, y, w, h] in the picture's units.
 * @param {BoardJson} board
 * @returns {number[]}
 */
function centreOf(board) {
  const boxes = board.squares.map((s) => s.box);
  const x0 = Math.min(...boxes.map((b) => b[0]));
  const y0 = Math.min(...boxes.map((b) => b[1]));
  const x1 = Math.max(...boxes.map((b) => b[0] + b[2]));
  const y1 = Math.max(...boxes.map((b) => b[1] + b[3]));
  const corner = board.squares.find((s) => s.side === "corner") || board.squares[0];
  const [, , cw, ch] = corner.box;
  return [x0 + cw, y0 + ch, x1 - x0 - 2 * cw, y1 - y0 - 2 * ch];
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
    this.centre = centreOf(board);
    const [cx, cy, cw, ch] = this.centre;
    this.dice = el("g", { class: "dice-centre", transform: `translate(${cx + cw / 2} ${cy + ch * 0.27})` });
    this.svg.append(this.dice, this.marks, this.tokens);
    const vb = this.svg.viewBox.baseVal;
    const [vw, vh] = vb && vb.width ? [vb.width, vb.height] : [board.size, board.size];
    host.style.setProperty("--ratio", String(vw / vh));
    // the square that matters now, in the page's own type size over the board's centre
    this.spot = document.createElement("div");
    this.spot.className = "spot";
    this.spot.id = "spot";
    this.spot.hidden = true;
    Object.assign(this.spot.style, {
      left: `${(100 * (cx + cw * 0.1)) / vw}%`, width: `${(100 * cw * 0.8) / vw}%`,
      top: `${(100 * (cy + ch * 0.57)) / vh}%`, maxHeight: `${(100 * ch * 0.4) / vh}%`,
    });
    host.append(this.spot);
    this.rolled = "-"; // the roll drawn in the centre
    this.until = 0; // when (performance.now()) the last token to move arrives
    this.spotKey = ""; // what the square's card shows (drawn again only when it changes)
    /** @type {SVGElement[]} */
    this.tokenEls = [];
    /** @type {(ReturnType<typeof setTimeout> | undefined)[]} */
    this.stepping = [];
    /** @type {number[]} when (performance.now()) each walking token arrives */
    this.arrive = [];
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
    const perRow = Math.max(1, Math.floor(w / GAP));
    return [x + GAP / 2 + (i % perRow) * GAP, y + h / 2 - Math.floor(i / perRow) * GAP];
  }

  /**
   * @param {PublicState} state the server's public position
   * @param {string[]} [names] a name per seat
   * @param {number | null} [highlight] a square to mark
   * @param {boolean} [rolled] the dice were just rolled (the update's events say so): they roll here
   * @returns {number} the milliseconds until the dice and the tokens stand still (0: at once)
   */
  paint(state, names = [], highlight = null, rolled = false) {
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
    const rolling = this.paintDice(state, rolled);
    const now = performance.now();
    // a walk begun by an earlier update still counts until the token arrives
    this.until = Math.max(this.until, now + Math.max(rolling, this.paintTokens(state, names, rolling)));
    return this.still ? 0 : Math.max(0, this.until - now);
  }

  /**
   * The last roll's dice in the centre, rolled briefly when the roll is new.
   * @param {PublicState} state
   * @param {boolean} fresh
   * @returns {number} the roll's milliseconds (0: none, or no motion)
   */
  paintDice(state, fresh) {
    const roll = state.last_roll || [];
    const key = roll.join(",");
    fresh = fresh && roll.length > 0;
    if (!fresh && key === this.rolled) return 0;
    this.rolled = key;
    const size = 44;
    const dice = roll.map((n, i) => {
      const g = el("g", { class: "die", "data-value": n, transform: `translate(${(i - (roll.length - 1) / 2) * (size + 14)} 0)` });
      const inner = el("g", { class: fresh && !this.still ? "face rolling" : "face" });
      inner.append(el("rect", { x: -size / 2, y: -size / 2, width: size, height: size, rx: 8, fill: "#fff", stroke: "#333", "stroke-width": 2 }));
      for (const [px, py] of PIPS[n] || []) inner.append(el("circle", { cx: px * 11, cy: py * 11, r: 4.5, fill: "#1d232a" }));
      if (!PIPS[n]) inner.append(el("text", { y: 8, "text-anchor": "middle", "font-size": 24, "font-weight": 700 }, String(n)));
      g.append(el("title", {}, String(n)), inner);
      return g;
    });
    this.dice.replaceChildren(...dice);
    this.dice.setAttribute("aria-label", roll.join(" + "));
    return fresh && !this.still ? ROLL_MS : 0;
  }

  /**
   * The card of the square that matters now over the board's centre: its colour, name, price and owner.
   * @param {number | null} square
   * @param {PublicState | null} state
   * @param {string[]} names
   * @param {string} [line] a line under the name (e.g. the owner's, or whose turn it is)
   */
  showSpot(square, state, names, line = "") {
    const sq = square === null ? null : this.board.squares[square];
    const key = sq && state ? `${sq.index}|${state.owner[sq.index]}|${state.level[sq.index]}|${names.join(",")}|${line}` : String(square);
    if (key === this.spotKey) return; // unchanged: not drawn again
    this.spotKey = key;
    this.spot.hidden = !sq;
    if (!sq) return;
    const parts = [];
    if (sq.color) {
      const band = document.createElement("div");
      band.className = "spot-band";
      band.style.background = sq.color;
      parts.push(band);
    }
    const name = document.createElement("div");
    name.className = "spot-name";
    name.textContent = sq.title;
    parts.push(name);
    const facts = [];
    if (sq.price) facts.push(sq.price);
    const owner = state ? state.owner[sq.index] : -1;
    if (state && owner >= 0) facts.push(names[owner] || "");
    if (state && state.level[sq.index]) facts.push(state.level[sq.index] >= HOTEL ? "■" : "⌂".repeat(state.level[sq.index]));
    if (line && !facts.includes(line)) facts.push(line);
    if (facts.length) {
      const p = document.createElement("div");
      p.className = "spot-facts";
      p.textContent = facts.join(" · ");
      parts.push(p);
    }
    this.spot.dataset.square = String(sq.index);
    this.spot.replaceChildren(...parts);
  }

  /**
   * @param {number[]} band the square's colour band
   * @param {number} level
   * @param {number} sq
   */
  buildings([bx, by, bw, bh], level, sq) {
    const across = bw >= bh;
    const out = [];
    // a house: a little wall and a roof; a hotel: a wider block with a flat roof and windows
    /**
     * @param {string} kind
     * @param {number} cx the building's centre
     * @param {number} cy
     * @param {number} w its width
     */
    const building = (kind, cx, cy, w) => {
      const hgt = 11;
      const [x0, x1, y0, y1] = [cx - w / 2, cx + w / 2, cy - hgt / 2, cy + hgt / 2];
      const roof = kind === "hotel" ? y0 + 2 : y0 + 4.5;
      const d = kind === "hotel"
        ? `M${x0} ${y1}V${roof}L${cx} ${y0}L${x1} ${roof}V${y1}Z`
        : `M${x0 + 1} ${y1}V${roof}L${cx} ${y0}L${x1 - 1} ${roof}V${y1}Z`;
      const g = el("g", { class: kind, "data-square": sq });
      g.append(el("path", { d }));
      if (kind === "hotel") for (const dx of [-w / 4, 0, w / 4]) g.append(el("rect", { class: "window", x: cx + dx - 1.2, y: cy, width: 2.4, height: 2.6 }));
      return g;
    };
    const along = across ? bw : bh;
    const mid = across ? [bx + bw / 2, by + bh / 2] : [bx + bw / 2, by + bh / 2];
    if (level >= HOTEL) return [building("hotel", mid[0], mid[1], Math.min(22, along - 6))];
    const step = Math.min(13, (along - 4) / level);
    for (let i = 0; i < level; i++) {
      const off = (i - (level - 1) / 2) * step;
      out.push(building("house", across ? mid[0] + off : mid[0], across ? mid[1] : mid[1] + off, 10));
    }
    return out;
  }

  /**
   * @param {PublicState} state
   * @param {string[]} names
   * @param {number} [after] the milliseconds to wait before a token sets off (the dice's roll)
   * @returns {number} the milliseconds until the last token arrives
   */
  paintTokens(state, names, after = 0) {
    /** @type {Record<number, number>} */
    const count = {};
    const letters = initials(state.position.map((_, seat) => names[seat] || String(seat + 1)));
    let longest = 0;
    state.position.forEach((sq, seat) => {
      let g = this.tokenEls[seat];
      const colour = SEAT_COLOURS[seat % 8];
      const shape = SEAT_SHAPES[seat % SEAT_SHAPES.length];
      if (!g) {
        g = el("g", { class: "token", "data-seat": seat, "data-shape": shape });
        g.append(tokenShape(shape, colour), el("text", { class: "initial", y: 3.6, "text-anchor": "middle", "font-size": 10, "font-weight": 700, fill: inkOn(colour) }), el("title", {}, ""));
        this.tokens.append(g);
        this.tokenEls[seat] = g;
      }
      const title = g.querySelector("title");
      if (title) title.textContent = names[seat] || "";
      const letter = g.querySelector("text.initial");
      if (letter) letter.textContent = letters[seat];
      g.dataset.initial = letters[seat];
      const out = state.bankrupt[seat];
      g.style.display = out ? "none" : "";
      if (out) return;
      const i = count[sq] || 0;
      count[sq] = i + 1;
      const [cx, cy] = this.tokenAt(sq, i);
      const from = g.dataset.square === undefined ? sq : Number(g.dataset.square);
      g.dataset.square = String(sq);
      g.classList.toggle("jailed", !!state.in_jail[seat]);
      longest = Math.max(longest, this.move(g, seat, from, sq, `translate(${cx}px, ${cy}px)`, after));
    });
    return longest;
  }

  /**
   * A move forward by a roll (up to 12 squares) steps along the board; anything else slides.
   * @param {SVGElement} g the token
   * @param {number} seat
   * @param {number} from
   * @param {number} to
   * @param {string} end the token's transform on its square
   * @param {number} [after] the milliseconds to wait before the first step
   * @returns {number} the milliseconds until the token arrives
   */
  move(g, seat, from, to, end, after = 0) {
    const n = this.board.squares.length;
    const steps = (to - from + n) % n;
    // an update while the token walks to this same square: the walk goes on
    if (!steps && g.classList.contains("walking") && !this.still) return Math.max(0, (this.arrive[seat] || 0) - performance.now());
    clearTimeout(this.stepping[seat]);
    if (!steps || steps > 12 || this.still) {
      g.style.transform = end;
      g.classList.remove("walking");
      return 0;
    }
    g.classList.add("walking");
    let at = from;
    const step = () => {
      at = (at + 1) % n;
      if (at === to) {
        g.style.transform = end;
        g.classList.remove("walking");
        return;
      }
      const [x, y] = this.tokenAt(at, 0);
      g.style.transform = `translate(${x}px, ${y}px)`;
      this.stepping[seat] = setTimeout(step, STEP_MS);
    };
    this.stepping[seat] = setTimeout(step, after);
    this.arrive[seat] = performance.now() + after + steps * STEP_MS;
    return after + steps * STEP_MS;
  }
}
