// kpk explorer: a board to set up positions of at most three men, answered by this server's
// /standard (lichess shape), /kpk/map and /kpk/line. Plain JavaScript and SVG, no dependency.
"use strict";

const SVG = "http://www.w3.org/2000/svg";
const FILES = "abcdefgh";
const START = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";

// The position: board[index] with index = rank * 8 + file (a1 = 0), a FEN letter or null.
const state = {
  board: new Array(64).fill(null),
  turn: "w",
  clock: 0, // the halfmove clock: plies since the last capture or pawn move
  placing: null, // a palette letter, "x" to remove, or null
  selected: null, // a square index picked up to move
  drag: null, // the square a pointer went down on
  line: [], // steps of the optimal line from `lineRoot`
  lineRoot: null,
  lineAt: 0,
  lastMap: null, // the last /kpk/map answer drawn
  request: 0, // answers to older requests are dropped
};

const $ = (id) => document.getElementById(id);
const squareName = (i) => FILES[i % 8] + (Math.floor(i / 8) + 1);
const squareIndex = (name) => FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);

function boardFen() {
  let rows = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = "";
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const man = state.board[rank * 8 + file];
      if (man) {
        if (empty) row += empty;
        empty = 0;
        row += man;
      } else {
        empty++;
      }
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join("/") + " " + state.turn + " - - " + state.clock + " 1";
}

// Reads a FEN the server accepted into the state.
function setFen(fen) {
  const [placement, turn, , , clock] = fen.trim().replace(/_/g, " ").split(/\s+/);
  const board = new Array(64).fill(null);
  placement.split("/").forEach((row, r) => {
    let file = 0;
    for (const c of row) {
      if (/\d/.test(c)) file += Number(c);
      else board[(7 - r) * 8 + file++] = c;
    }
  });
  state.board = board;
  state.turn = turn === "b" ? "b" : "w";
  state.clock = /^\d+$/.test(clock || "") ? Math.min(Number(clock), 1000) : 0;
}

// Plays a UCI move on the board (the server listed it as legal); `zeroing` resets the clock.
function playUci(uci, zeroing) {
  state.clock = zeroing ? 0 : state.clock + 1;
  const from = squareIndex(uci.slice(0, 2));
  const to = squareIndex(uci.slice(2, 4));
  let man = state.board[from];
  if (uci.length > 4) {
    const promo = uci[4];
    man = state.turn === "w" ? promo.toUpperCase() : promo;
  }
  state.board[to] = man;
  state.board[from] = null;
  state.turn = state.turn === "w" ? "b" : "w";
}

async function getJson(path, fen) {
  const response = await fetch(path + "?fen=" + encodeURIComponent(fen));
  const body = await response.json();
  return { ok: response.ok, status: response.status, body };
}

// ---- drawing ----

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

// x, y of a square's top-left corner (White at the bottom).
const corner = (i) => [i % 8, 7 - Math.floor(i / 8)];

function drawBoard(map) {
  const svg = $("board");
  svg.textContent = "";
  const showMap = $("show-map").checked && map;
  for (let i = 0; i < 64; i++) {
    const [x, y] = corner(i);
    const light = (i % 8 + Math.floor(i / 8)) % 2 === 1;
    const cls = "sq " + (light ? "light" : "dark") + (state.selected === i ? " selected" : "");
    el("rect", { x, y, width: 1, height: 1, class: cls, "data-square": squareName(i) }, svg);
  }
  const overlay = el("g", { id: "map" }, svg);
  if (showMap) {
    for (let i = 0; i < 64; i++) {
      const [x, y] = corner(i);
      const mark = map.squares[squareName(i)];
      el("rect", {
        x, y, width: 1, height: 1,
        class: "map " + (mark || "none"),
        "data-square": squareName(i),
        "data-map": mark || "none",
        "pointer-events": "none",
      }, overlay);
    }
    const explanation = map.explanation || {};
    for (const name of explanation.key_squares || []) {
      const [x, y] = corner(squareIndex(name));
      el("rect", { x: x + 0.08, y: y + 0.08, width: 0.84, height: 0.84, class: "key", "data-key": name, "pointer-events": "none" }, overlay);
    }
    const region = (explanation.square_of_the_pawn || []).map(squareIndex);
    if (region.length) {
      const xs = region.map((i) => corner(i)[0]);
      const ys = region.map((i) => corner(i)[1]);
      const x0 = Math.min(...xs), y0 = Math.min(...ys);
      el("rect", {
        x: x0 + 0.03, y: y0 + 0.03,
        width: Math.max(...xs) - x0 + 0.94, height: Math.max(...ys) - y0 + 0.94,
        class: "pawn-square", "pointer-events": "none",
      }, overlay);
    }
  }
  for (let f = 0; f < 8; f++) {
    el("text", { x: f + 0.5, y: 8.28, class: "coord", "text-anchor": "middle" }, svg).textContent = FILES[f];
    el("text", { x: -0.2, y: 7 - f + 0.58, class: "coord", "text-anchor": "middle" }, svg).textContent = String(f + 1);
  }
  for (let i = 0; i < 64; i++) {
    const man = state.board[i];
    if (!man) continue;
    const [x, y] = corner(i);
    const white = man === man.toUpperCase();
    const g = el("g", { class: "man " + (white ? "white" : "black"), "data-man": man, "data-square": squareName(i), "pointer-events": "none" }, svg);
    el("circle", { cx: x + 0.5, cy: y + 0.5, r: 0.38 }, g);
    el("text", { x: x + 0.5, y: y + 0.52 }, g).textContent = man.toUpperCase();
  }
}

// The DTZ of a move for the side that plays it, from the DTZ after it (the opponent's).
function moverDtz(m) {
  if (m.dtz === null || m.dtz === 0) return null;
  if (m.zeroing) return m.dtz < 0 ? 1 : -1;
  if (m.dtz === -1) return 1; // checkmate
  return m.dtz < 0 ? 1 - m.dtz : -(m.dtz + 1);
}

function moveWords(m) {
  // m.category, m.dtm and m.dtz are the opponent's after the move
  const dtz = moverDtz(m);
  const z = dtz === null ? "" : ", DTZ " + dtz;
  if (m.category === "loss") {
    return ["win-word", "wins" + (m.dtm === null ? "" : ", mate in " + (Math.abs(m.dtm) / 2 + 1)) + z];
  }
  if (m.category === "win") {
    return ["loss-word", "loses" + (m.dtm === null ? "" : ", mated in " + (m.dtm + 1) / 2) + z];
  }
  if (m.category === "blessed-loss") return ["cursed-word", "cursed win: the 50-move rule draws" + z];
  if (m.category === "cursed-win") return ["cursed-word", "blessed loss: the 50-move rule draws" + z];
  return ["draw-word", "draws"];
}

function verdictWords(v) {
  const side = state.turn === "w" ? "White" : "Black";
  const other = state.turn === "w" ? "Black" : "White";
  if (v.checkmate) return side + " is checkmated";
  if (v.stalemate) return "Stalemate: a draw";
  const z = ", DTZ " + v.dtz;
  if (v.category === "win") return side + " to move wins: mate in " + Math.ceil(v.dtm / 2) + " (" + v.dtm + " plies)" + z;
  if (v.category === "loss") return side + " to move loses: mated in " + (-v.dtm / 2) + " (" + -v.dtm + " plies)" + z;
  if (v.category === "cursed-win") {
    return side + " to move has a cursed win: mate in " + Math.ceil(v.dtm / 2) + z + ", but with " + state.clock +
      " plies on the clock " + other + " can claim the 50-move draw first";
  }
  if (v.category === "blessed-loss") {
    return side + " to move has a blessed loss: mated in " + (-v.dtm / 2) + z + ", but with " + state.clock +
      " plies on the clock " + side + " can claim the 50-move draw first";
  }
  if (v.insufficient_material) return "Draw: insufficient material";
  return "Draw";
}

function render(standard, map) {
  state.lastMap = map;
  drawBoard(map);
  $("fen").value = boardFen();
  $("turn").textContent = state.turn === "w" ? "White to move" : "Black to move";
  const verdict = $("verdict");
  const moves = $("moves");
  moves.textContent = "";
  if (!standard) {
    verdict.textContent = "\u00a0";
    verdict.dataset.category = "";
    $("why").textContent = "";
    $("squares-note").textContent = "";
    return;
  }
  verdict.textContent = verdictWords(standard);
  // why a position has no line: the game is over, or nobody can force mate
  state.lineEnd = standard.checkmate ? "checkmate"
    : standard.stalemate ? "stalemate"
    : standard.insufficient_material ? "insufficient material"
    : standard.category === "draw" ? "a draw" : "";
  // the map, the key squares and the square of the pawn belong to positions with a pawn
  $("show-map").disabled = !map;
  $("legend").hidden = !map;
  verdict.dataset.category = standard.category;
  verdict.dataset.dtm = standard.dtm === null ? "" : String(standard.dtm);
  verdict.dataset.dtz = standard.dtz === null ? "" : String(standard.dtz);
  $("clock").value = String(state.clock);
  for (const m of standard.moves) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.uci = m.uci;
    const [cls, words] = moveWords(m);
    b.innerHTML = "<strong></strong> <span></span>";
    b.firstChild.textContent = m.san;
    b.lastChild.textContent = words;
    b.lastChild.className = cls;
    b.dataset.dtz = m.dtz === null ? "" : String(m.dtz);
    b.addEventListener("click", () => {
      playUci(m.uci, m.zeroing);
      update();
    });
    li.appendChild(b);
    moves.appendChild(li);
  }
  const explanation = map && map.explanation;
  const proof = explanation && explanation.proof;
  $("why").textContent = explanation
    ? "Why: " + explanation.reason + (proof ? " " + proof.line.notation + ", and then: " + proof.line.end.reason : "")
    : "";
  $("squares-note").textContent = explanation && explanation.key_squares
    ? "Key squares: " + explanation.key_squares.join(" ") + (explanation.first_move ? ". Best move: " + explanation.first_move.san : "")
    : "";
}

function renderLine() {
  const list = $("line");
  list.textContent = "";
  state.line.forEach((step, i) => {
    const li = document.createElement("li");
    if (i + 1 === state.lineAt) li.className = "current";
    const b = document.createElement("button");
    b.type = "button";
    // move numbers as a score sheet writes them: "1. Kd2", then "Kd7"; "1... Kd3" when the
    // line starts with Black's move
    const blackFirst = state.lineRoot && state.lineRoot.split(" ")[1] === "b";
    const ply = i + (blackFirst ? 1 : 0);
    const number = Math.floor(ply / 2) + 1;
    const label = ply % 2 === 0 ? number + ". " : i === 0 ? number + "... " : "";
    b.textContent = label + step.san;
    b.dataset.fen = step.fen;
    b.addEventListener("click", () => goToLineStep(i + 1));
    li.appendChild(b);
    list.appendChild(li);
  });
  $("line-note").textContent = state.lineNote || "";
  $("line-step").textContent = state.line.length
    ? state.lineAt + " / " + state.line.length
    : "no line: " + (state.lineEnd || "a draw");
}

function goToLineStep(n) {
  if (n < 0 || n > state.line.length) return;
  setFen(n === 0 ? state.lineRoot : state.line[n - 1].fen);
  if (n > 0) {
    // the steps' FENs carry no clock: count it from the root's
    let clock = Number(state.lineRoot.split(" ")[4]) || 0;
    for (const step of state.line.slice(0, n)) clock = step.zeroing ? 0 : clock + 1;
    state.clock = clock;
  }
  state.lineAt = n;
  update({ keepLine: true });
}

function showError(message) {
  $("error").textContent = message || "";
}

// Asks the server about the current position and redraws.
async function update(options = {}) {
  state.selected = null;
  const fen = boardFen();
  const ticket = ++state.request;
  const kings = state.board.includes("K") && state.board.includes("k");
  if (!kings) {
    render(null, null);
    showError("Place both kings.");
    settled(ticket);
    return;
  }
  const standard = await getJson("/standard", fen);
  if (ticket !== state.request) return;
  if (!standard.ok) {
    render(null, null);
    showError(standard.body.error);
    settled(ticket);
    return;
  }
  showError("");
  const pawns = state.board.filter((m) => m === "P" || m === "p").length;
  const men = state.board.filter((m) => m).length;
  let map = null;
  if (pawns === 1 && men === 3) {
    const answer = await getJson("/kpk/map", fen);
    if (ticket !== state.request) return;
    if (answer.ok) map = answer.body;
  }
  if (!options.keepLine) {
    const line = await getJson("/kpk/line", fen);
    if (ticket !== state.request) return;
    state.line = line.ok ? line.body.steps : [];
    state.lineNote = line.ok && line.body.rule ? line.body.rule : "";
    state.lineRoot = fen;
    state.lineAt = 0;
  }
  render(standard.body, map);
  renderLine();
  settled(ticket);
}

// Marks the page as showing the answer to request `ticket` (tests wait for it).
function settled(ticket) {
  document.body.dataset.ready = String(ticket);
}

// ---- input ----

function squareAt(event) {
  const svg = $("board");
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const p = point.matrixTransform(svg.getScreenCTM().inverse());
  const file = Math.floor(p.x);
  const row = Math.floor(p.y);
  if (file < 0 || file > 7 || row < 0 || row > 7) return null;
  return (7 - row) * 8 + file;
}

function place(i, man) {
  if (man === "x") {
    state.board[i] = null;
  } else {
    if (man === "K" || man === "k") {
      const old = state.board.indexOf(man);
      if (old >= 0) state.board[old] = null;
    }
    state.board[i] = man;
  }
}

function moveMan(from, to) {
  if (from === to) return;
  state.board[to] = state.board[from];
  state.board[from] = null;
}

function onSquare(i) {
  if (state.placing) {
    place(i, state.placing);
    update();
  } else if (state.selected !== null) {
    moveMan(state.selected, i);
    update();
  } else if (state.board[i]) {
    state.selected = i;
    drawBoard(state.lastMap);
  }
}

function setup() {
  const svg = $("board");
  svg.addEventListener("pointerdown", (e) => {
    const i = squareAt(e);
    if (i === null) return;
    state.drag = !state.placing && state.selected === null && state.board[i] ? i : null;
  });
  svg.addEventListener("pointerup", (e) => {
    const i = squareAt(e);
    const from = state.drag;
    state.drag = null;
    if (i === null) return;
    if (from !== null && from !== i) {
      moveMan(from, i);
      update();
    } else {
      onSquare(i);
    }
  });
  for (const b of document.querySelectorAll("#palette button")) {
    b.addEventListener("click", () => {
      const piece = b.dataset.piece;
      state.placing = state.placing === piece ? null : piece;
      state.selected = null;
      for (const other of document.querySelectorAll("#palette button")) {
        other.classList.toggle("active", other.dataset.piece === state.placing);
      }
    });
  }
  $("clock").addEventListener("change", () => {
    const v = Number($("clock").value);
    state.clock = Number.isInteger(v) && v >= 0 ? Math.min(v, 1000) : 0;
    update();
  });
  $("turn").addEventListener("click", () => {
    state.turn = state.turn === "w" ? "b" : "w";
    update();
  });
  $("clear").addEventListener("click", () => {
    state.board.fill(null);
    update();
  });
  $("reset").addEventListener("click", () => {
    setFen(START);
    update();
  });
  $("show-map").addEventListener("change", () => update({ keepLine: true }));
  $("line-next").addEventListener("click", () => goToLineStep(state.lineAt + 1));
  $("line-prev").addEventListener("click", () => goToLineStep(state.lineAt - 1));
  $("fen-form").addEventListener("submit", (e) => {
    e.preventDefault();
    loadFen($("fen").value);
  });
  loadFen(new URLSearchParams(location.search).get("fen") || START);
}

// Loads a FEN typed or pasted: the server checks it first, and a bad one leaves the board as it
// was, with the server's message.
async function loadFen(text) {
  const ticket = ++state.request;
  const answer = await getJson("/standard", text);
  if (!answer.ok) {
    showError(answer.body.error);
    settled(ticket);
    return;
  }
  setFen(text);
  update();
}

setup();
