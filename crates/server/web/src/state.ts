// The page's state: the trees of moves of this visit and the current position in them, the
// answers shown for it, the modes of the board; and the address bar that names the position.
import type { DefenderMap, LabelledStep, LegalMove, View } from "./answers";
import type { Bar } from "./answers";
import type { EngineChoice } from "./engine";
import { type Position, fenOf } from "./position";
import { type Node, Tree, stepsTo } from "./tree";

/** The optimal line shown, from the node it was asked for. */
export interface ShownLine {
  rootNode: Node;
  steps: LabelledStep[];
  note: string;
  end: string;
}

/** One line of the engine's analysis: its score as the bar shows it, its moves. */
export interface EngineLine {
  score: Bar;
  pv: LabelledStep[];
  /** Where a UCI engine's line reaches the tables: whose score it shows, in words. */
  tables?: string;
}

/** What a click on an engine line's move and a hover over it do. */
export interface LineActions {
  play(steps: LabelledStep[]): void;
  preview(steps: LabelledStep[] | null, at: HTMLElement | null): void;
}

/** The engine's run on a node. */
export interface EngineRun {
  node: Node;
  /** The engine's name, as its lines give it (`kpk`, or the UCI engine kpk serve runs). */
  name: string;
  running: boolean;
  depth: number;
  lines: EngineLine[];
  note: string;
  stop: (() => void) | null;
  /** What a click on a line's move and a hover over it do. */
  actions: LineActions;
}

export interface State {
  tree: Tree;
  /** Every tree of this visit, so back and forward find positions of earlier ones. */
  trees: Tree[];
  flipped: boolean;
  /** Edit mode: the palette places men, drags move them freely. */
  editing: boolean;
  /** A palette letter, "x" to remove, or null. */
  placing: string | null;
  /** The moves of a promotion waiting for its piece. */
  pending: LegalMove[] | null;
  /** /view for the current position: the board's words, every legal move. */
  view: View | null;
  /** The board in words where the answers refused the position (else the view's). */
  refusedLabel: string | null;
  /** A view already answered for a position just loaded. */
  prefetched: { node: Node; view: View } | null;
  /** /kpk/map for the current position (KPK only), and the node it belongs to. */
  map: DefenderMap | null;
  mapNode: Node | null;
  line: ShownLine | null;
  engine: EngineRun | null;
  /** The engine's lines per depth (lichess's default: one). */
  lines: number;
  /** The engine the static site runs (Stockfish where it carries it and the user chose it). */
  engineChoice: EngineChoice;
  /** A move was played from the list: the focus goes back to the new list. */
  focusMoves: boolean;
  /** Answers to older requests are dropped. */
  request: number;
}

export const state: State = {
  tree: new Tree(emptyPosition(), ""),
  trees: [],
  flipped: false,
  editing: false,
  placing: null,
  pending: null,
  view: null,
  refusedLabel: null,
  prefetched: null,
  map: null,
  mapNode: null,
  line: null,
  engine: null,
  lines: 1,
  engineChoice: "kpk",
  focusMoves: false,
  request: 0,
};

function emptyPosition(): Position {
  return { board: new Array(64).fill(null), turn: "w", castling: "", ep: "-", clock: 0, number: 1 };
}

export const current = (): Node => state.tree.current;
/** Every legal move of the current position, each with its SAN and the FEN after it. */
export const moves = (): LegalMove[] => state.view?.legal ?? [];

/** A new tree of moves from `pos`: a position loaded, edited, or given another side or clock. */
export function newTree(pos: Position): void {
  state.tree = new Tree(pos, fenOf(pos));
  state.trees.push(state.tree);
  state.line = null;
}

/** How far the board stands along the optimal line (-1: off it). */
export function lineAt(): number {
  return state.line ? stepsTo(state.line.rootNode, state.line.steps, current()) : -1;
}

/**
 * The address of `fen` as lichess writes a FEN in a link: underscores for the spaces, the
 * slashes as they are (`?fen=8/8/1k6/8/8/8/1K4P1/8_w_-_-_0_1`).
 */
export function urlOf(fen: string, flipped: boolean): string {
  const text = encodeURIComponent(fen.trim().replace(/ +/g, "_")).replace(/%2F/g, "/");
  return `?fen=${text}${flipped ? "&flip=1" : ""}`;
}

/**
 * Writes the current position (or `fen`, a text as typed) into the address: a new entry of the
 * browser's history (`push`) or in place of the current one.
 */
export function syncUrl(push: boolean, fen: string = current().fen): void {
  const url = urlOf(fen, state.flipped);
  if (url === location.search) return;
  if (push) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}
