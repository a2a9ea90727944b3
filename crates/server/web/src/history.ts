// The moves played, as a score sheet beside the board: the main line, each variation in
// brackets after the move it replaces, every move a button that goes there.
import { $ } from "./dom";
import { type Node, type Tree, numberBefore, walk } from "./tree";

/** Writes the tree into `#history`; a click on a move calls `go(node)`. */
export function showHistory(tree: Tree, go: (node: Node) => void): void {
  const list = $("history");
  list.textContent = "";
  if (!tree.root.children.length) {
    list.textContent = "No moves yet: play one on the board or below.";
    return;
  }
  const into: HTMLElement[] = [list];
  const top = (): HTMLElement => into[into.length - 1] ?? list;
  walk(tree, {
    move(node, force) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = node === tree.current ? "node current" : "node";
      b.dataset.id = String(node.id);
      b.dataset.uci = node.uci ?? "";
      b.textContent = numberBefore(node, force) + (node.san ?? "");
      b.addEventListener("click", () => go(node));
      top().append(b);
    },
    open() {
      const v = document.createElement("span");
      v.className = "variation";
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
