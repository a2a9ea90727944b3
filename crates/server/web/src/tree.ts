// The moves played on the page as a tree: the main line first, a variation wherever the user
// plays another move than the one already there. Each node holds the position after its move,
// as the answers gave it.
import type { Verdict } from "./answers";
import type { Position } from "./position";

/** The coach's verdict on the move that led to a node, with the move's SAN. */
export type Coached = Verdict & { san: string };

export interface Node {
  id: number;
  pos: Position;
  fen: string;
  san: string | null;
  uci: string | null;
  parent: Node | null;
  children: Node[];
  coach?: Coached;
  /** The move's annotations as PGN numbers them (`$1` "!", `$2` "?", ..., `$6` "?!"). */
  nags?: number[];
  /** A comment on the move, as a PGN gave it (without its braces). */
  comment?: string;
  /** The variation this move begins is folded in the move list. */
  collapsed?: boolean;
}

let nextId = 1;

export class Tree {
  root: Node;
  current: Node;

  constructor(pos: Position, fen: string) {
    this.root = { id: nextId++, pos, fen, san: null, uci: null, parent: null, children: [] };
    this.current = this.root;
  }

  /** Plays `uci` from the current node: the existing child with that move, or a new branch. */
  play(uci: string, san: string, pos: Position, fen: string): Node {
    let child = this.current.children.find((c) => c.uci === uci);
    if (!child) {
      child = { id: nextId++, pos, fen, san, uci, parent: this.current, children: [] };
      this.current.children.push(child);
    }
    this.current = child;
    return child;
  }

  back(): void {
    if (this.current.parent) this.current = this.current.parent;
  }

  forward(): void {
    const next = this.current.children[0];
    if (next) this.current = next;
  }

  toStart(): void {
    this.current = this.root;
  }

  toEnd(): void {
    for (let next = this.current.children[0]; next; next = next.children[0]) this.current = next;
  }

  /**
   * A node whose FEN is `fen`: the current node, its ancestors and what follows it first, then
   * any other.
   */
  findFen(fen: string): Node | null {
    const near: Node[] = [];
    for (let n: Node | null = this.current; n; n = n.parent) near.push(n);
    const all: Node[] = [];
    const stack: Node[] = [this.root, this.current];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (all.includes(node)) continue;
      all.push(node);
      stack.push(...node.children.slice().reverse());
    }
    return near.concat(all).find((n) => n.fen === fen) ?? null;
  }

  /** Removes the current move and everything after it (a take-back that forgets the move). */
  deleteCurrent(): void {
    const node = this.current;
    if (!node.parent) return;
    node.parent.children = node.parent.children.filter((c) => c !== node);
    this.current = node.parent;
  }

  /** Whether the current move is on the main line (the first move at every branch). */
  onMainLine(): boolean {
    for (let n = this.current; n.parent; n = n.parent) if (n.parent.children[0] !== n) return false;
    return true;
  }

  /**
   * Makes the current move's line the main line: at every branch on the way to it, its move
   * goes first (the others keep their order after it), as lichess's "make main line" does.
   */
  promote(): void {
    for (let n = this.current; n.parent; n = n.parent) {
      const siblings = n.parent.children;
      const at = siblings.indexOf(n);
      if (at > 0) {
        siblings.splice(at, 1);
        siblings.unshift(n);
      }
    }
  }
}

/**
 * How many of `steps` (each with its UCI) lead from `root` to `node` along the tree (-1:
 * `node` is not on that line).
 */
export function stepsTo(root: Node, steps: readonly { uci: string }[], node: Node): number {
  let at: Node | undefined = root;
  if (at === node) return 0;
  for (let k = 0; k < steps.length; k++) {
    const uci = steps[k]?.uci;
    at = at?.children.find((c) => c.uci === uci);
    if (!at) return -1;
    if (at === node) return k + 1;
  }
  return -1;
}

/**
 * The move number before `node`'s move as a score sheet writes it: `3. ` before White's move,
 * `3... ` before Black's where the sheet needs it (`force`: the first move of a line, or after
 * a variation), else nothing.
 */
export function numberBefore(node: Node, force: boolean): string {
  const parent = node.parent?.pos;
  if (!parent) return "";
  if (parent.turn === "w") return `${parent.number}. `;
  return force ? `${parent.number}... ` : "";
}

/**
 * The tree as a score sheet: the main line, each variation after the move it replaces; `move`
 * writes one move (`force`: its number is needed), `open`/`close` bracket a variation.
 */
export function walk(
  tree: Tree,
  out: { move(node: Node, force: boolean): void; open(first: Node): void; close(): void },
): void {
  const line = (from: Node, first: boolean): void => {
    let force = first;
    for (let n = from; n.children.length; ) {
      const [main, ...others] = n.children;
      if (!main) break;
      out.move(main, force);
      force = false;
      for (const other of others) {
        out.open(other);
        out.move(other, true);
        line(other, false);
        out.close();
        force = true;
      }
      n = main;
    }
  };
  line(tree.root, true);
}
