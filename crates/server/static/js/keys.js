// The keyboard: Left and Right step through the moves, Up/Home and Down/End jump to the first
// and last position, F flips the board, Escape cancels a promotion. Keys typed into a field
// (the FEN, the clock) are left alone.

export function bindKeys(actions) {
  const keys = {
    ArrowLeft: actions.back,
    ArrowRight: actions.forward,
    ArrowUp: actions.start,
    Home: actions.start,
    ArrowDown: actions.end,
    End: actions.end,
    f: actions.flip,
    F: actions.flip,
    Escape: actions.cancel,
  };
  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select") || e.altKey || e.ctrlKey || e.metaKey) return;
    const action = keys[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  });
}
