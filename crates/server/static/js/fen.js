// Positions as the page keeps them: a board of 64 FEN letters (index = rank * 8 + file, a1 = 0),
// the side to move, the castling rights ("KQkq", "" for none), the en passant square (a name
// or "-"), the halfmove clock and the move number; read from and written to FEN. No chess
// here: the position after a move, check and SAN are the answers' (/view).

export const FILES = "abcdefgh";
export const START = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";

export const squareName = (i) => FILES[i % 8] + (Math.floor(i / 8) + 1);
export const squareIndex = (name) => FILES.indexOf(name[0]) + 8 * (Number(name[1]) - 1);

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
