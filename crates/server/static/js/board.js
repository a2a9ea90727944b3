// The board: squares, the men (the SVG figures defined once in the page), the last move, the
// man picked up and his legal targets, the map of the defending king, key squares and the
// square of the pawn, an arrow for a hovered move; click or drag input, either way up; the
// user's own arrows and circles drawn with the right button, as on lichess (a right-drag draws
// an arrow, a right-click a circle, drawing one again removes it, a left click clears them).
import { FILES, squareIndex, squareName } from "./fen.js";

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// The figure of a FEN letter: the symbol's id and the colour's class.
export function figure(man) {
  const white = man === man.toUpperCase();
  return { href: "#piece-" + (white ? "w" : "b") + man.toUpperCase(), cls: white ? "white" : "black" };
}

const NAMES = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };

// What stands on square `i`, in words: "e2, white pawn", "e4, empty".
export function squareWords(i, board) {
  const man = board[i];
  if (!man) return squareName(i) + ", empty";
  return squareName(i) + ", " + (man === man.toUpperCase() ? "white " : "black ") + NAMES[man.toUpperCase()];
}

// The whole board in words, for a screen reader: each side's men (the king first) and who is
// to move.
export function describe(board, turn) {
  const side = (white) => board
    .map((m, i) => [m, i])
    .filter(([m]) => m && (m === m.toUpperCase()) === white)
    .sort(([a], [b]) => "KQRBNP".indexOf(a.toUpperCase()) - "KQRBNP".indexOf(b.toUpperCase()))
    .map(([m, i]) => NAMES[m.toUpperCase()] + " " + squareName(i))
    .join(", ") || "no men";
  return "chess board. White: " + side(true) + ". Black: " + side(false) + "." +
    (turn ? (turn === "w" ? " White to move." : " Black to move.") : "");
}

export class Board {
  // `svg`: the board element; `input`: { down(i), drop(from, to), click(i) } callbacks.
  constructor(svg, input) {
    this.svg = svg;
    this.input = input;
    this.view = null;
    this.drag = null; // { from, node, moved }
    this.shapes = []; // the user's arrows and circles: { from, to } (a circle when equal)
    this.shaping = null; // the square a right-button drag started on
    this.cursor = null; // the square the keyboard stands on
    svg.setAttribute("tabindex", "0");
    // a mouse or a finger does not take the focus: the arrows keep stepping through the moves
    // until the board is reached with Tab
    svg.addEventListener("mousedown", (e) => e.preventDefault());
    svg.addEventListener("keydown", (e) => this.key(e));
    svg.addEventListener("focus", () => {
      if (this.cursor === null) this.cursor = this.view && this.view.flipped ? 60 : 4;
      this.drawCursor();
    });
    svg.addEventListener("blur", () => this.drawCursor());
    svg.addEventListener("contextmenu", (e) => e.preventDefault());
    svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    svg.addEventListener("pointercancel", () => this.cancelDrag());
  }

  // Top-left corner of square `i` on the screen.
  corner(i) {
    const file = i % 8;
    const rank = Math.floor(i / 8);
    return this.view && this.view.flipped ? [7 - file, rank] : [file, 7 - rank];
  }

  // `view`: { board, flipped, lastMove: [from, to] | null, selected, targets: [i], map, arrow,
  // mated: the checkmated king's square or null }.
  draw(view) {
    this.view = view;
    // a man being dragged stays under the pointer: the new view is drawn when he is dropped
    if (this.drag && this.drag.moved) return;
    const svg = this.svg;
    svg.textContent = "";
    svg.dataset.flipped = view.flipped ? "true" : "false";
    el("defs", {}, svg).innerHTML =
      '<marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" class="arrow-head"/></marker>';
    const last = view.lastMove || [];
    for (let i = 0; i < 64; i++) {
      const [x, y] = this.corner(i);
      const light = (i % 8 + Math.floor(i / 8)) % 2 === 1;
      let cls = "sq " + (light ? "light" : "dark");
      if (last.includes(i)) cls += " last";
      if (view.selected === i) cls += " selected";
      if (view.mated === i) cls += " mated";
      if (view.checked === i) cls += " check";
      el("rect", { x, y, width: 1, height: 1, class: cls, "data-square": squareName(i) }, svg);
    }
    if (view.map) this.drawMap(view.map);
    for (let f = 0; f < 8; f++) {
      const file = view.flipped ? 7 - f : f;
      const rank = view.flipped ? f + 1 : 8 - f;
      el("text", { x: f + 0.5, y: 8.28, class: "coord", "text-anchor": "middle" }, svg).textContent = FILES[file];
      el("text", { x: -0.2, y: f + 0.58, class: "coord", "text-anchor": "middle" }, svg).textContent = String(rank);
    }
    for (const i of view.targets || []) {
      const [x, y] = this.corner(i);
      const capture = Boolean(view.board[i]);
      el("circle", {
        cx: x + 0.5, cy: y + 0.5, r: capture ? 0.46 : 0.15,
        class: capture ? "target capture" : "target", "data-target": squareName(i), "pointer-events": "none",
      }, svg);
    }
    for (let i = 0; i < 64; i++) {
      const man = view.board[i];
      if (!man) continue;
      const [x, y] = this.corner(i);
      const { href, cls } = figure(man);
      el("use", {
        href, x, y, width: 1, height: 1,
        class: "man " + cls, "data-man": man, "data-square": squareName(i), "pointer-events": "none",
      }, svg);
    }
    this.arrows = el("g", { id: "arrows", "pointer-events": "none" }, svg);
    if (view.arrow) this.showArrow(view.arrow);
    this.shapeLayer = el("g", { id: "shapes", "pointer-events": "none" }, svg);
    this.drawShapes();
    this.cursorLayer = el("g", { id: "cursor", "pointer-events": "none" }, svg);
    this.drawCursor();
    svg.setAttribute("aria-label", describe(view.board, view.turn));
  }

  // The keyboard's square: outlined while the board has the focus, and announced.
  drawCursor() {
    if (!this.cursorLayer) return;
    this.cursorLayer.textContent = "";
    if (this.cursor === null || document.activeElement !== this.svg) return;
    const [x, y] = this.corner(this.cursor);
    el("rect", { x: x + 0.04, y: y + 0.04, width: 0.92, height: 0.92, class: "cursor", "data-square": squareName(this.cursor) }, this.cursorLayer);
  }

  // Arrows walk the squares (as the board is seen), Enter or Space acts on one as a click
  // does: pick a man up, put him down on a legal square.
  key(e) {
    const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    if (e.key in steps) {
      e.preventDefault();
      const flip = this.view && this.view.flipped ? -1 : 1;
      const [df, dr] = steps[e.key].map((v) => v * flip);
      const at = this.cursor === null ? 4 : this.cursor;
      const file = Math.min(7, Math.max(0, (at % 8) + df));
      const rank = Math.min(7, Math.max(0, Math.floor(at / 8) + dr));
      this.cursor = rank * 8 + file;
      this.drawCursor();
      if (this.input.announce) this.input.announce(squareWords(this.cursor, this.view ? this.view.board : []));
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (this.cursor !== null) this.input.click(this.cursor);
    } else if (e.key === "Escape" && this.input.putDown) {
      this.input.putDown();
    }
  }

  // The user's arrows and circles.
  drawShapes() {
    if (!this.shapeLayer) return;
    this.shapeLayer.textContent = "";
    for (const { from, to } of this.shapes) {
      const [x1, y1] = this.corner(from);
      const data = { "data-from": squareName(from), "data-to": squareName(to) };
      if (from === to) {
        el("circle", { cx: x1 + 0.5, cy: y1 + 0.5, r: 0.45, class: "shape-circle", ...data }, this.shapeLayer);
        continue;
      }
      const [x2, y2] = this.corner(to);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const k = (len - 0.3) / len;
      el("line", {
        x1: x1 + 0.5, y1: y1 + 0.5, x2: x1 + 0.5 + (x2 - x1) * k, y2: y1 + 0.5 + (y2 - y1) * k,
        class: "shape-arrow", "marker-end": "url(#arrowhead)", ...data,
      }, this.shapeLayer);
    }
  }

  // Forgets the user's arrows and circles (a new position, or a left click).
  clearShapes() {
    this.shapes = [];
    this.drawShapes();
  }

  drawMap(map) {
    const overlay = el("g", { id: "map", "pointer-events": "none" }, this.svg);
    for (let i = 0; map.squares && i < 64; i++) {
      const [x, y] = this.corner(i);
      const mark = map.squares[squareName(i)] || "none";
      el("rect", { x, y, width: 1, height: 1, class: "map " + mark, "data-square": squareName(i), "data-map": mark }, overlay);
    }
    for (const name of map.keySquares || []) {
      const [x, y] = this.corner(squareIndex(name));
      el("rect", { x: x + 0.08, y: y + 0.08, width: 0.84, height: 0.84, class: "key", "data-key": name }, overlay);
    }
    const region = (map.pawnSquare || []).map((n) => this.corner(squareIndex(n)));
    if (region.length) {
      const xs = region.map((c) => c[0]);
      const ys = region.map((c) => c[1]);
      const x0 = Math.min(...xs);
      const y0 = Math.min(...ys);
      el("rect", {
        x: x0 + 0.03, y: y0 + 0.03, width: Math.max(...xs) - x0 + 0.94, height: Math.max(...ys) - y0 + 0.94,
        class: "pawn-square",
      }, overlay);
    }
  }

  // An arrow for the move `uci` (a hovered move), replacing any other.
  showArrow(uci) {
    if (!this.arrows) return;
    this.arrows.textContent = "";
    const [x1, y1] = this.corner(squareIndex(uci.slice(0, 2)));
    const [x2, y2] = this.corner(squareIndex(uci.slice(2, 4)));
    // stop short of the target's centre so the head sits on the square
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const k = (len - 0.3) / len;
    el("line", {
      x1: x1 + 0.5, y1: y1 + 0.5, x2: x1 + 0.5 + (x2 - x1) * k, y2: y1 + 0.5 + (y2 - y1) * k,
      class: "arrow", "data-uci": uci, "marker-end": "url(#arrowhead)",
    }, this.arrows);
  }

  clearArrow() {
    if (this.arrows) this.arrows.textContent = "";
  }

  squareAt(event) {
    const point = this.svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    const p = point.matrixTransform(this.svg.getScreenCTM().inverse());
    const x = Math.floor(p.x);
    const y = Math.floor(p.y);
    if (x < 0 || x > 7 || y < 0 || y > 7) return null;
    const flipped = this.view && this.view.flipped;
    const file = flipped ? 7 - x : x;
    const rank = flipped ? y : 7 - y;
    return rank * 8 + file;
  }

  pointerDown(e) {
    const i = this.squareAt(e);
    if (i === null || !this.view) return;
    if (e.button === 2) {
      // the right button draws, it never moves a man
      this.shaping = i;
      this.svg.setPointerCapture(e.pointerId);
      return;
    }
    this.shaping = null;
    if (this.shapes.length) this.clearShapes();
    this.svg.setPointerCapture(e.pointerId);
    const man = this.view.board[i];
    if (man && this.input.down(i)) {
      const node = this.svg.querySelector(`use.man[data-square="${squareName(i)}"]`);
      this.drag = { from: i, node, moved: false };
    } else {
      this.drag = { from: null, node: null, moved: false };
    }
  }

  pointerMove(e) {
    if (!this.drag || this.drag.from === null || !this.drag.node) return;
    const point = this.svg.createSVGPoint();
    point.x = e.clientX;
    point.y = e.clientY;
    const p = point.matrixTransform(this.svg.getScreenCTM().inverse());
    // a tap that wobbles a little is still a tap: a drag starts a tenth of a square away
    const [x0, y0] = this.corner(this.drag.from);
    if (!this.drag.moved && Math.hypot(p.x - x0 - 0.5, p.y - y0 - 0.5) < 0.1) return;
    if (!this.drag.moved) {
      // the man in hand is drawn above every other: last in the board's drawing order
      this.svg.appendChild(this.drag.node);
    }
    this.drag.moved = true;
    this.drag.node.setAttribute("x", p.x - 0.5);
    this.drag.node.setAttribute("y", p.y - 0.5);
    this.drag.node.classList.add("dragging");
  }

  pointerUp(e) {
    if (e.button === 2) {
      const from = this.shaping;
      this.shaping = null;
      const to = this.squareAt(e);
      if (from === null || to === null) return;
      const same = this.shapes.findIndex((s) => s.from === from && s.to === to);
      if (same >= 0) this.shapes.splice(same, 1);
      else this.shapes.push({ from, to });
      this.drawShapes();
      return;
    }
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const i = this.squareAt(e);
    if (drag.from !== null && drag.moved && i !== null && i !== drag.from) {
      this.input.drop(drag.from, i);
    } else if (drag.moved && i !== drag.from && this.view) {
      this.draw(this.view); // dropped off the board: the man returns
    } else if (i !== null) {
      // a tap, or a man put back where he stood: a click there
      if (drag.moved && this.view) this.draw(this.view);
      this.input.click(i);
    }
  }

  cancelDrag() {
    this.drag = null;
    if (this.view) this.draw(this.view);
  }
}
