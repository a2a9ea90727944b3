// Positions as the page keeps them: a board of 64 FEN letters (index = rank * 8 + file, a1 = 0),
// the side to move, the castling rights ("KQkq", "" for none), the en passant square (a name
// or "-"), the halfmove clock and the move number; read from and written to FEN.

export const FILES = "abcdefgh";
export const START = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";

export const squareName = (i) => FILES[i % 8] + (Math.floor(i / 8) + 1);
export const squareIndex = (name) => FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);

// The square of the king of the side to move when he stands in check, else null: any man of the
// other side attacking him (a pawn, a knight, the king, a slider with the way clear).
export function checkedKing(pos) {
  const own = pos.turn === "w" ? "K" : "k";
  const king = pos.board.indexOf(own);
  if (king < 0) return null;
  const enemy = (m) => m && (pos.turn === "w" ? m === m.toLowerCase() : m === m.toUpperCase());
  const kind = (m) => m.toLowerCase();
  const at = (f, r) => (f >= 0 && f < 8 && r >= 0 && r < 8 ? pos.board[r * 8 + f] : undefined);
  const [kf, kr] = [king % 8, Math.floor(king / 8)];
  // pawns strike forward: a white king is checked by a black pawn a rank above him
  const ahead = pos.turn === "w" ? 1 : -1;
  for (const df of [-1, 1]) {
    const m = at(kf + df, kr + ahead);
    if (enemy(m) && kind(m) === "p") return king;
  }
  const leaps = { n: [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]], k: [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]] };
  for (const [piece, steps] of Object.entries(leaps)) {
    for (const [df, dr] of steps) {
      const m = at(kf + df, kr + dr);
      if (enemy(m) && kind(m) === piece) return king;
    }
  }
  for (const [df, dr] of leaps.k) {
    const sliders = df && dr ? "bq" : "rq";
    for (let f = kf + df, r = kr + dr; at(f, r) !== undefined; f += df, r += dr) {
      const m = at(f, r);
      if (!m) continue;
      if (enemy(m) && sliders.includes(kind(m))) return king;
      break;
    }
  }
  return null;
}

// Whether the castling right `right` (K, Q, k or q) can stand on `board`: the king and that
// rook on their first squares.
export function castlingPossible(right, board) {
  const [king, corner, k, r] = { K: [4, 7, "K", "R"], Q: [4, 0, "K", "R"], k: [60, 63, "k", "r"], q: [60, 56, "k", "r"] }[right];
  return board[king] === k && board[corner] === r;
}

// The en passant squares a position with `turn` to move on `board` may have: behind a pawn of
// the other side that can just have made its double step.
export function epCandidates(board, turn) {
  const [pawn, rank, behind, start] = turn === "w" ? ["p", 4, 5, 6] : ["P", 3, 2, 1];
  const out = [];
  for (let f = 0; f < 8; f++) {
    if (board[rank * 8 + f] === pawn && !board[behind * 8 + f] && !board[start * 8 + f]) out.push(squareName(behind * 8 + f));
  }
  return out;
}

// The board of a FEN's first field, or null when it is not eight ranks of eight squares.
export function parsePlacement(placement) {
  const rows = (placement || "").split("/");
  if (rows.length !== 8) return null;
  const board = new Array(64).fill(null);
  for (let r = 0; r < 8; r++) {
    let file = 0;
    for (const c of rows[r]) {
      if (/[1-8]/.test(c)) file += Number(c);
      else if (/[KQRBNPkqrbnp]/.test(c) && file < 8) board[(7 - r) * 8 + file++] = c;
      else return null;
    }
    if (file !== 8) return null;
  }
  return board;
}

// A position from a FEN the server accepted (missing fields take their usual values). The
// lichess style with underscores for spaces is read too.
export function parseFen(fen) {
  const [placement, turn, castling, ep, clock, number] = fen.trim().replace(/_/g, " ").split(/\s+/);
  const count = (text, fallback, cap) => (/^\d+$/.test(text || "") ? Math.min(Number(text), cap) : fallback);
  return {
    board: parsePlacement(placement) || new Array(64).fill(null),
    turn: turn === "b" ? "b" : "w",
    castling: /^[KQkq]+$/.test(castling || "") ? castling : "",
    ep: /^[a-h][36]$/.test(ep || "") ? ep : "-",
    clock: count(clock, 0, 1000),
    number: Math.max(count(number, 1, 4294967295), 1),
  };
}

export function placementOf(board) {
  const rows = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = "";
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const man = board[rank * 8 + file];
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
  return rows.join("/");
}

export function fenOf(pos) {
  return `${placementOf(pos.board)} ${pos.turn} ${pos.castling || "-"} ${pos.ep || "-"} ${pos.clock} ${pos.number}`;
}

// The castling rights a move keeps: a king's move drops both of its side's, a move from or to a
// rook's corner drops that corner's.
function castlingAfter(rights, from, to, man) {
  let kept = rights || "";
  const drop = (letters) => { for (const c of letters) kept = kept.replace(c, ""); };
  if (man === "K") drop("KQ");
  if (man === "k") drop("kq");
  const corners = { 0: "Q", 7: "K", 56: "q", 63: "k" };
  for (const sq of [from, to]) if (sq in corners) drop(corners[sq]);
  return kept;
}

// The position after a legal UCI move (the server listed it; castling as the king's two-square
// step, e1g1): the rook follows a castling king, an en passant capture takes the pawn beside,
// a double step leaves its en passant square, a pawn move or a capture resets the clock.
export function afterMove(pos, uci) {
  const board = pos.board.slice();
  const from = squareIndex(uci.slice(0, 2));
  const to = squareIndex(uci.slice(2, 4));
  let man = board[from];
  const pawn = man === "P" || man === "p";
  const enPassant = pawn && uci.slice(2, 4) === pos.ep && board[to] === null && from % 8 !== to % 8;
  const zeroing = pawn || board[to] !== null;
  if (uci.length > 4) man = pos.turn === "w" ? uci[4].toUpperCase() : uci[4].toLowerCase();
  board[to] = man;
  board[from] = null;
  if (enPassant) board[to + (pos.turn === "w" ? -8 : 8)] = null;
  if ((man === "K" || man === "k") && Math.abs(to - from) === 2) {
    // castling: the rook from its corner to the square the king crossed
    const [corner, crossed] = to > from ? [from + 3, from + 1] : [from - 4, from - 1];
    board[crossed] = board[corner];
    board[corner] = null;
  }
  // the en passant square of a double step, where a pawn of the other side stands beside it
  const beside = (sq) => sq >= 0 && Math.floor(sq / 8) === Math.floor(to / 8) && board[sq] === (man === "P" ? "p" : "P");
  const double = pawn && Math.abs(to - from) === 16 && (beside(to - 1) || beside(to + 1));
  return {
    board,
    turn: pos.turn === "w" ? "b" : "w",
    castling: castlingAfter(pos.castling, from, to, board[to]),
    ep: double ? squareName((from + to) / 2) : "-",
    clock: zeroing ? 0 : pos.clock + 1,
    number: pos.turn === "b" ? pos.number + 1 : pos.number,
  };
}

// Move numbers as a score sheet writes them: "1. Kd2 Kd7 2. Kd3", "1... Kd3 2. Kd1", for
// `sans` played from a position with `turn` to move and move number `number`.
export function numbered(sans, turn, number) {
  const out = [];
  let white = turn === "w";
  let n = number;
  sans.forEach((san, i) => {
    if (white) out.push(`${n}. ${san}`);
    else out.push(i === 0 ? `${n}... ${san}` : san);
    if (!white) n++;
    white = !white;
  });
  return out;
}

// Places `man` (a FEN letter, or "x" to empty the square) on square `i` of `board`; a king
// moves there from wherever it stood, so there is one of each.
export function placeMan(board, i, man) {
  if (man === "x") {
    board[i] = null;
    return;
  }
  if (man === "K" || man === "k") {
    const old = board.indexOf(man);
    if (old >= 0) board[old] = null;
  }
  board[i] = man;
}
