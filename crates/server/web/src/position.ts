// Positions as the page keeps them: a board of 64 FEN letters (index = rank * 8 + file, a1 = 0),
// the side to move, the castling rights ("KQkq", "" for none), the en passant square (a name
// or "-"), the halfmove clock and the move number; read from and written to FEN. No chess
// here: the position after a move, check and SAN are the answers' (/view).

/** A man as FEN writes him (`K`, `p`, ...), or `null` for an empty square. */
export type Man = string | null;

export type Colour = "w" | "b";

export interface Position {
  board: Man[];
  turn: Colour;
  castling: string;
  ep: string;
  clock: number;
  number: number;
}

export const FILES = "abcdefgh";
/** The page's first position: King and Pawn against King. */
export const START = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
/** The usual starting position of a game. */
export const STANDARD = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

export const squareName = (i: number): string => FILES.charAt(i % 8) + String(Math.floor(i / 8) + 1);
export const squareIndex = (name: string): number => FILES.indexOf(name.charAt(0)) + 8 * (Number(name.charAt(1)) - 1);

/** Whether `man` is White's. */
export const isWhite = (man: string): boolean => man === man.toUpperCase();

/** The board of a FEN's first field, or null when it is not eight ranks of eight squares. */
export function parsePlacement(placement: string | undefined): Man[] | null {
  const rows = (placement ?? "").split("/");
  if (rows.length !== 8) return null;
  const board: Man[] = new Array<Man>(64).fill(null);
  for (let r = 0; r < 8; r++) {
    let file = 0;
    for (const c of rows[r] ?? "") {
      if (/[1-8]/.test(c)) file += Number(c);
      else if (/[KQRBNPkqrbnp]/.test(c) && file < 8) board[(7 - r) * 8 + file++] = c;
      else return null;
    }
    if (file !== 8) return null;
  }
  return board;
}

/** The fields of a FEN as typed: spaces or lichess's underscores between them. */
export const fenFields = (fen: string): string[] => fen.trim().replace(/_/g, " ").split(/\s+/);

/** A position from a FEN the answers accepted (missing fields take their usual values). */
export function parseFen(fen: string): Position {
  const [placement, turn, castling, ep, clock, number] = fenFields(fen);
  const count = (text: string | undefined, fallback: number, cap: number): number =>
    /^\d+$/.test(text ?? "") ? Math.min(Number(text), cap) : fallback;
  return {
    board: parsePlacement(placement) ?? new Array<Man>(64).fill(null),
    turn: turn === "b" ? "b" : "w",
    castling: castling !== undefined && /^[KQkq]+$/.test(castling) ? castling : "",
    ep: ep !== undefined && /^[a-h][36]$/.test(ep) ? ep : "-",
    clock: count(clock, 0, 1000),
    number: Math.max(count(number, 1, 4294967295), 1),
  };
}

/** A board's placement as FEN writes it. */
export function placementOf(board: Man[]): string {
  const rows: string[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let row = "";
    let empty = 0;
    for (let file = 0; file < 8; file++) {
      const man = board[rank * 8 + file];
      if (man) {
        if (empty) row += String(empty);
        empty = 0;
        row += man;
      } else {
        empty++;
      }
    }
    if (empty) row += String(empty);
    rows.push(row);
  }
  return rows.join("/");
}

export function fenOf(pos: Position): string {
  return `${placementOf(pos.board)} ${pos.turn} ${pos.castling || "-"} ${pos.ep || "-"} ${pos.clock} ${pos.number}`;
}

/**
 * Places `man` (a FEN letter, or "x" to empty the square) on square `i` of `board`; a king
 * moves there from wherever he stood, so there is one of each.
 */
export function placeMan(board: Man[], i: number, man: string): void {
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

/**
 * Whether the castling right `right` (K, Q, k or q) can stand on `board`: the king and that
 * rook on their first squares (the editor offers only those).
 */
export function castlingPossible(right: string, board: Man[]): boolean {
  const at: Record<string, [number, number, string, string]> = {
    K: [4, 7, "K", "R"],
    Q: [4, 0, "K", "R"],
    k: [60, 63, "k", "r"],
    q: [60, 56, "k", "r"],
  };
  const spec = at[right];
  if (!spec) return false;
  const [king, corner, k, r] = spec;
  return board[king] === k && board[corner] === r;
}

/**
 * The en passant squares a position with `turn` to move on `board` may have (the editor's
 * choices): behind a pawn of the other side that can just have made its double step.
 */
export function epCandidates(board: Man[], turn: Colour): string[] {
  const [pawn, rank, behind, start] = turn === "w" ? ["p", 4, 5, 6] as const : ["P", 3, 2, 1] as const;
  const out: string[] = [];
  for (let f = 0; f < 8; f++) {
    if (board[rank * 8 + f] === pawn && !board[behind * 8 + f] && !board[start * 8 + f]) out.push(squareName(behind * 8 + f));
  }
  return out;
}
