// The keyboard: Left and Right step through the moves, Up/Home and Down/End jump to the first
// and last position, the space bar plays the best move, F flips the board, ? lists the
// shortcuts, Escape cancels a promotion (or closes the list). Keys typed into a field (the FEN, the clock, a move) are left alone, and so
// are the arrows while the board has the focus (they walk its squares there).

export interface KeyActions {
  back(): void;
  forward(): void;
  start(): void;
  end(): void;
  flip(): void;
  help(): void;
  cancel(): void;
  best(): void;
}

export function bindKeys(actions: KeyActions): void {
  const keys: Record<string, () => void> = {
    ArrowLeft: actions.back,
    ArrowRight: actions.forward,
    ArrowUp: actions.start,
    Home: actions.start,
    ArrowDown: actions.end,
    End: actions.end,
    f: actions.flip,
    F: actions.flip,
    "?": actions.help,
    Escape: actions.cancel,
    " ": actions.best,
  };
  document.addEventListener("keydown", (e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (target?.closest("input, textarea, select") || e.altKey || e.ctrlKey || e.metaKey) return;
    // a button's own key: the space bar presses the button that has the focus
    if (e.key === " " && target?.closest("button, summary")) return;
    if (target?.closest("#board") && (e.key.startsWith("Arrow") || e.key === "Enter" || e.key === " " || e.key === "Escape")) return;
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  });
}
