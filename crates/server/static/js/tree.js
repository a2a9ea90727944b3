// The moves played on the page as a tree: the main line first, a variation wherever the user
// plays another move than the one already there. Each node holds the position after its move.

let nextId = 1;

export class Tree {
  constructor(pos, fen) {
    this.root = { id: nextId++, pos, fen, san: null, uci: null, parent: null, children: [] };
    this.current = this.root;
  }

  // Plays `uci` from the current node: the existing child with that move, or a new branch.
  play(uci, san, pos, fen) {
    let child = this.current.children.find((c) => c.uci === uci);
    if (!child) {
      child = { id: nextId++, pos, fen, san, uci, parent: this.current, children: [] };
      this.current.children.push(child);
    }
    this.current = child;
    return child;
  }

  back() {
    if (this.current.parent) this.current = this.current.parent;
  }

  forward() {
    if (this.current.children.length) this.current = this.current.children[0];
  }

  toStart() {
    this.current = this.root;
  }

  toEnd() {
    while (this.current.children.length) this.current = this.current.children[0];
  }

  // The node with `id`, or null.
  find(id) {
    const stack = [this.root];
    while (stack.length) {
      const node = stack.pop();
      if (node.id === id) return node;
      stack.push(...node.children);
    }
    return null;
  }

  // A node whose FEN is `fen`: the current node, its ancestors and what follows it first, then
  // any other.
  findFen(fen) {
    const near = [];
    for (let n = this.current; n; n = n.parent) near.push(n);
    const all = [];
    const stack = [this.root, this.current];
    while (stack.length) {
      const node = stack.pop();
      if (all.includes(node)) continue;
      all.push(node);
      stack.push(...node.children.slice().reverse());
    }
    return near.concat(all).find((n) => n.fen === fen) || null;
  }

  // The nodes from the root's first move to the current node.
  path() {
    const out = [];
    for (let n = this.current; n.parent; n = n.parent) out.unshift(n);
    return out;
  }

  // Removes the current move and everything after it (a take-back that forgets the move).
  deleteCurrent() {
    const node = this.current;
    if (!node.parent) return;
    node.parent.children = node.parent.children.filter((c) => c !== node);
    this.current = node.parent;
  }
}

// How many of `steps` (each { uci }) lead from `root` to `node` along the tree (-1: `node`
// is not on that line).
export function stepsTo(root, steps, node) {
  let at = root;
  if (at === node) return 0;
  for (let k = 0; k < steps.length; k++) {
    at = at.children.find((c) => c.uci === steps[k].uci);
    if (!at) return -1;
    if (at === node) return k + 1;
  }
  return -1;
}

// Writes the tree as a score sheet into `list`: the main line, variations in brackets after the
// move they replace; every move a button that calls `go(node)`.
export function renderTree(tree, list, go) {
  list.textContent = "";
  const button = (node, forceNumber) => {
    const parent = node.parent.pos;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "node" + (node === tree.current ? " current" : "");
    b.dataset.id = String(node.id);
    b.dataset.uci = node.uci;
    const number = parent.turn === "w" ? `${parent.number}. ` : forceNumber ? `${parent.number}... ` : "";
    b.textContent = number + node.san;
    b.addEventListener("click", () => go(node));
    return b;
  };
  // the line from `node` on (its first child and so on), opening variations as they come
  const line = (node, into, numberFirst) => {
    let force = numberFirst;
    for (let n = node; n.children.length; n = n.children[0]) {
      const [main, ...others] = n.children;
      into.appendChild(button(main, force));
      force = false;
      for (const other of others) {
        const v = document.createElement("span");
        v.className = "variation";
        v.appendChild(button(other, true));
        line(other, v, false);
        into.appendChild(v);
        force = true;
      }
    }
  };
  line(tree.root, list, true);
  if (!tree.root.children.length) list.textContent = "No moves yet: play one on the board or below.";
}
