// The board: the server's SVG picture of the edition (render/svg.py, names and prices drawn to fit)
// with the live position painted over it: owners' frames, houses and hotels in the colour bands,
// mortgages, and the tokens, which slide briefly to their new square. Reusable by any page
// (table, replay): new Board(host, boardJson, {onSquare}), then board.paint(state, names).

export const SEAT_COLOURS = ["#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"];
export const HOTEL = 5;
const NS = "http://www.w3.org/2000/svg";
const STEP_MS = 70; // a square's step when a token moves (a move of 12 squares takes under a second)

function el(tag, attrs = {}, text = null) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== null) e.textContent = text;
  return e;
}

export class Board {
  constructor(host, board, { onSquare = null, label = null } = {}) {
    this.board = board;
    this.host = host;
    host.innerHTML = board.svg; // drawn and escaped by the server (render/svg.py)
    this.svg = host.querySelector("svg");
    this.svg.removeAttribute("width");
    this.svg.removeAttribute("height");
    this.svg.classList.add("board");
    this.svg.setAttribute("role", "group");
    if (label) this.svg.setAttribute("aria-label", label);
    this.marks = el("g", { class: "marks" });
    this.tokens = el("g", { class: "tokens" });
    this.svg.append(this.marks, this.tokens);
    this.tokenEls = [];
    this.stepping = [];
    this.still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.squareEls = [...this.svg.querySelectorAll("g.square")];
    for (const g of this.squareEls) {
      const i = Number(g.dataset.index);
      const sq = board.squares[i];
      g.setAttribute("tabindex", "0");
      g.setAttribute("role", "button");
      g.setAttribute("aria-label", sq.title + (sq.price ? `, ${sq.price}` : ""));
      const title = g.querySelector("title");
      if (title) title.textContent = sq.title;
      if (onSquare) {
        g.addEventListener("click", () => onSquare(i));
        g.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            onSquare(i);
          }
        });
      }
    }
  }

  // where the i-th token on square sq stands (the square's token row, a second row upwards)
  tokenAt(sq, i) {
    const [x, y, w, h] = this.board.squares[sq].tokens;
    const perRow = Math.max(1, Math.floor(w / 13));
    return [x + 6.5 + (i % perRow) * 13, y + h / 2 - Math.floor(i / perRow) * 13];
  }

  // state: the server's public position; names: a name per seat
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

  paintTokens(state, names) {
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
      g.querySelector("title").textContent = names[seat] || "";
      const out = state.bankrupt[seat];
      g.style.display = out ? "none" : "";
      if (out) return;
      const i = count[sq] || 0;
      count[sq] = i + 1;
      const [cx, cy] = this.tokenAt(sq, i);
      const from = g.dataset.square === undefined ? sq : Number(g.dataset.square);
      g.dataset.square = sq;
      g.classList.toggle("jailed", !!state.in_jail[seat]);
      this.move(g, seat, from, sq, `translate(${cx}px, ${cy}px)`);
    });
  }

  // a move forward by a roll (up to 12 squares) steps along the board; anything else slides
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
