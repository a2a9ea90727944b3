// The moves played, as a score sheet beside the board: the main line, each variation in
// brackets after the move it replaces, every move a button that goes there.
import { $ } from "./dom";
import { GLYPHS } from "./pgn";
import { type Node, type Tree, numberBefore, walk } from "./tree";

/** Writes the tree into `#history`; a click on a move calls `go(node)`. */
export function showHistory(tree: Tree, go: (node: Node) => void): void {
  const list = $("history");
  list.textContent = "";
  if (!tree.root.children.length) {
    list.textContent = "No moves yet: play one on the board or below.";
    return;
  }
  // the current move is never folded away
  for (let n = tree.current; n.parent; n = n.parent) if (n.parent.children[0] !== n) n.collapsed = false;
  const into: HTMLElement[] = [list];
  const top = (): HTMLElement => into[into.length - 1] ?? list;
  walk(tree, {
    move(node, force) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = node === tree.current ? "node current" : "node";
      b.dataset.id = String(node.id);
      b.dataset.uci = node.uci ?? "";
      // the move's glyph from its annotations (a PGN's `!?`), as lichess shows it beside the move
      const glyph = (node.nags ?? []).map((n) => GLYPHS[n]).find(Boolean) ?? "";
      b.textContent = numberBefore(node, force) + (node.san ?? "") + glyph;
      if (node.comment) b.title = node.comment;
      b.addEventListener("click", () => go(node));
      top().append(b);
      if (node.comment) {
        const comment = document.createElement("span");
        comment.className = "comment";
        comment.textContent = node.comment;
        top().append(" ", comment, " ");
      }
    },
    open(first) {
      // a variation, foldable as on lichess: its button folds it to its first move and back
      const v = document.createElement("span");
      v.className = first.collapsed ? "variation collapsed" : "variation";
      const fold = document.createElement("button");
      fold.type = "button";
      fold.className = "fold";
      fold.textContent = first.collapsed ? "+" : "\u2212";
      fold.setAttribute("aria-label", first.collapsed ? "show the variation" : "fold the variation");
      fold.setAttribute("aria-expanded", String(!first.collapsed));
      fold.addEventListener("click", () => {
        first.collapsed = !first.collapsed;
        showHistory(tree, go);
      });
      v.append(fold);
      top().append(v);
      into.push(v);
    },
    close() {
      into.pop();
    },
  });
  // where the list scrolls, the current move stays in its view (the page itself never scrolls)
  const now = list.querySelector<HTMLElement>(".current");
  if (now && list.scrollHeight > list.clientHeight) {
    list.scrollTop = now.offsetTop - list.offsetTop - list.clientHeight / 2;
  }
}
