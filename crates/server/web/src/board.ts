// The board: lichess's own, chessground, drawn from the state (the current position, its last
// move and check as the answers give them, the legal destinations of the view's moves, the map
// of a KPK position); its moves handed to the page (input.ts), never judged here. The user's
// arrows and circles (right button), animation, coordinates and resizing are chessground's.
// The keyboard walks the squares while the board has the focus and acts as a click does.
import { Chessground } from "@lichess-org/chessground";
import type { Api } from "@lichess-org/chessground/api";
import type { Config } from "@lichess-org/chessground/config";
import type { DrawShape } from "@lichess-org/chessground/draw";
import type { Key, SquareClasses } from "@lichess-org/chessground/types";
import type { LegalMove } from "./answers";
import { $ } from "./dom";
import { placementOf, squareIndex, squareName } from "./position";
import { current, moves, state } from "./state";

/** What the board's input does: a move dropped or clicked, a square clicked, the board edited. */
export interface BoardInput {
  /** A man moved from `orig` to `dest` in play (not yet played: the page finds the move). */
  moved(orig: string, dest: string): void;
  /** A square clicked, in edit mode (the palette's man is placed there). */
  selected(square: string): void;
  /** The men changed in edit mode (dragged, or dragged off the board): the new placement. */
  edited(placement: string): void;
  /** Words for a screen reader: the square the keyboard stands on. */
  announce(words: string): void;
}

let cg: Api | null = null;
let input: BoardInput | null = null;
let cursor: Key | null = null;
/** The position drawn last (its FEN), so that a man picked up is put down when it changes. */
let drawn = "";

const key = (name: string): Key => name as Key;
const colourName = (turn: "w" | "b"): "white" | "black" => (turn === "w" ? "white" : "black");

/** The board, made once on `#board` with its input. */
export function createBoard(handlers: BoardInput): void {
  input = handlers;
  const el = $("board");
  cg = Chessground(el, {
    coordinates: true,
    disableContextMenu: true,
    animation: { enabled: true, duration: 200 },
    movable: {
      free: false,
      showDests: true,
      rookCastle: true,
      events: { after: (orig, dest) => handMove(orig, dest) },
    },
    draggable: { enabled: true, showGhost: true },
    premovable: { enabled: false },
    drawable: { enabled: true, visible: true },
    events: {
      select: (k) => {
        if (state.editing && state.placing) input?.selected(k);
      },
      change: () => {
        // in edit mode the men were moved or dragged away: the board's placement is the new one
        if (state.editing && cg) input?.edited(cg.getFen());
      },
    },
  });
  el.addEventListener("keydown", keyOnBoard);
  el.addEventListener("focus", () => {
    cursor ??= key(state.flipped ? "e8" : "e1");
    drawBoard();
  });
  el.addEventListener("blur", () => drawBoard());
}

/** A man put down on the board in play: the page finds the move (edits come by `change`). */
function handMove(orig: Key, dest: Key): void {
  if (!state.editing) input?.moved(orig, dest);
}

/**
 * The legal destinations of each man of the side to move, from the view's legal moves: a
 * promotion's square once, and for castling the king's square and his rook's (the king dropped
 * on his rook castles, as on lichess).
 */
export function destsOf(legal: readonly LegalMove[]): Map<Key, Key[]> {
  const dests = new Map<Key, Key[]>();
  for (const m of legal) {
    const orig = key(m.uci.slice(0, 2));
    const list = dests.get(orig) ?? [];
    for (const d of [m.uci.slice(2, 4), m.rook]) {
      if (d && !list.includes(key(d))) list.push(key(d));
    }
    dests.set(orig, list);
  }
  return dests;
}

/**
 * The squares' marks: the defending king's map (colours), the key squares and the square of
 * the pawn (outlines) where asked for, the checkmated king, and the keyboard's square.
 */
function marks(): SquareClasses {
  const out: SquareClasses = new Map();
  const add = (name: string, cls: string): void => {
    const k = key(name);
    const had = out.get(k);
    out.set(k, had ? `${had} ${cls}` : cls);
  };
  const colours = $<HTMLInputElement>("show-map").checked;
  const outlines = $<HTMLInputElement>("show-squares").checked;
  if (state.map && state.mapNode === current()) {
    if (colours) {
      for (let i = 0; i < 64; i++) add(squareName(i), `map-${state.map.squares[squareName(i)] ?? "none"}`);
    }
    if (outlines) {
      for (const name of state.map.explanation.key_squares ?? []) add(name, "key");
      for (const name of state.map.explanation.square_of_the_pawn ?? []) add(name, "pawn-square");
    }
  }
  const view = state.view;
  if (view?.checkmate && view.check) add(view.check, "mated");
  if (cursor && document.activeElement === $("board")) add(cursor, "cursor");
  return out;
}

/** Draws the current position as the state shows it. */
export function drawBoard(): void {
  if (!cg) return;
  const node = current();
  const pos = node.pos;
  const view = state.view;
  const turn = colourName(pos.turn);
  const config: Config = {
    fen: placementOf(pos.board),
    orientation: state.flipped ? "black" : "white",
    turnColor: turn,
    check: view?.check ? turn : false,
    lastMove: node.uci ? [key(node.uci.slice(0, 2)), key(node.uci.slice(2, 4))] : undefined,
    highlight: { lastMove: true, check: true, custom: marks() },
    draggable: { deleteOnDropOff: state.editing },
    selectable: { enabled: !(state.editing && state.placing) },
  };
  if (state.editing) {
    config.movable = { free: true, color: state.placing ? undefined : "both", dests: new Map() };
  } else {
    config.movable = { free: false, color: view && !state.pending ? turn : undefined, dests: destsOf(moves()) };
  }
  // another position: nothing stays picked up from the last one
  if (node.fen !== drawn || state.editing) cg.cancelMove();
  drawn = node.fen;
  cg.set(config);
  const el = $("board");
  el.dataset.flipped = String(state.flipped);
  // the evaluation bar turns with the board: White's share on White's side
  $("evalbar").dataset.flipped = String(state.flipped);
  el.setAttribute("aria-label", view?.label ?? state.refusedLabel ?? "chess board");
}

/** An arrow for the move `uci` (a hovered move of the list), or none. */
export function showArrow(uci: string | null): void {
  const shapes: DrawShape[] = uci ? [{ orig: key(uci.slice(0, 2)), dest: key(uci.slice(2, 4)), brush: "paleBlue" }] : [];
  cg?.setAutoShapes(shapes);
}

/** Forgets the user's arrows and circles (a new position). */
export function clearShapes(): void {
  cg?.setShapes([]);
}

/**
 * Where square `name` stands, in pixels from the top-left corner of `#board-box` (which holds
 * the board and the promotion's chooser): chessground's own board, whose squares are whole
 * device pixels, so its size can be a little under the box's.
 */
export function squareBox(name: string): { x: number; y: number; size: number; top: boolean } {
  const board = $("board").querySelector("cg-board")?.getBoundingClientRect() ?? $("board").getBoundingClientRect();
  const box = $("board-box").getBoundingClientRect();
  const size = board.width / 8;
  const i = squareIndex(name);
  const [file, rank] = [i % 8, Math.floor(i / 8)];
  const col = state.flipped ? 7 - file : file;
  const row = state.flipped ? rank : 7 - rank;
  return { x: board.left - box.left + col * size, y: board.top - box.top + row * size, size, top: row < 4 };
}

/** Puts a man picked up back (a promotion cancelled, Escape): the position as it stands. */
export function putBack(): void {
  cg?.cancelMove();
  cg?.selectSquare(null);
  drawBoard();
}

/**
 * Arrows walk the squares (as the board is seen), Enter or Space acts on one as a click does:
 * pick a man up, put him down on a legal square.
 */
function keyOnBoard(e: KeyboardEvent): void {
  const steps: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
  const step = steps[e.key];
  if (step) {
    e.preventDefault();
    const flip = state.flipped ? -1 : 1;
    const at = squareIndex(cursor ?? "e1");
    const file = Math.min(7, Math.max(0, (at % 8) + step[0] * flip));
    const rank = Math.min(7, Math.max(0, Math.floor(at / 8) + step[1] * flip));
    cursor = key(squareName(rank * 8 + file));
    drawBoard();
    const piece = cg?.state.pieces.get(cursor);
    input?.announce(`${cursor}, ${piece ? `${piece.color} ${piece.role}` : "empty"}`);
  } else if ((e.key === "Enter" || e.key === " ") && cursor && cg) {
    e.preventDefault();
    if (state.editing && state.placing) input?.selected(cursor);
    else cg.selectSquare(cursor, true);
  } else if (e.key === "Escape") {
    putBack();
  }
}
