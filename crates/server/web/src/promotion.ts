// The promotion's chooser, as lichess shows it: a column over the promotion square, the queen
// on the square and the knight, rook and bishop toward the centre, whichever side promotes and
// however the board is turned. A choice plays its move; Escape, or a click beside the column,
// cancels. The click of the tap that opened it (a phone's tap on the promotion square) does not
// choose: a choice needs a press that starts on the chooser, or the keyboard.
import type { LegalMove } from "./answers";
import { squareBox } from "./board";
import { $, all } from "./dom";

/** The pieces in the column, from the promotion square toward the centre. */
const ORDER = ["q", "n", "r", "b"] as const;
const ROLES: Record<string, string> = { q: "queen", n: "knight", r: "rook", b: "bishop" };

let waiting: ((m: LegalMove | null) => void) | null = null;
let pressed = false;

/** Whether a chooser is open. */
export const choosing = (): boolean => waiting !== null;

/**
 * Opens the chooser for `candidates` (the legal moves of one pawn to one square, one per
 * piece) and calls `done` with the move chosen, or `null` when cancelled.
 */
export function askPromotion(candidates: LegalMove[], white: boolean, done: (m: LegalMove | null) => void): void {
  const first = candidates[0];
  if (!first) return;
  const box = $("promotion");
  const { x, y, size, top } = squareBox(first.uci.slice(2, 4));
  const colour = white ? "white" : "black";
  for (const b of all<HTMLButtonElement>("#promotion button[data-promotion]")) {
    const letter = b.dataset.promotion ?? "";
    const k = ORDER.indexOf(letter as (typeof ORDER)[number]);
    b.hidden = !candidates.some((m) => m.uci[4] === letter);
    b.style.left = `${x}px`;
    b.style.top = `${top ? y + k * size : y - k * size}px`;
    b.style.width = `${size}px`;
    b.style.height = `${size}px`;
    const piece = b.querySelector("piece");
    piece?.setAttribute("class", `${colour} ${ROLES[letter] ?? ""}`);
  }
  pressed = false;
  waiting = (m) => {
    waiting = null;
    box.hidden = true;
    done(m);
  };
  box.hidden = false;
  box.querySelector<HTMLButtonElement>("button[data-promotion]:not([hidden])")?.focus({ preventScroll: true });
  chosen = (letter) => candidates.find((m) => m.uci[4] === letter) ?? null;
}

let chosen: (letter: string) => LegalMove | null = () => null;

/** Cancels the chooser, if one is open: the move is not played. */
export function cancelPromotion(): void {
  waiting?.(null);
}

/** Binds the chooser's buttons and its backdrop, once. */
export function bindPromotion(): void {
  const box = $("promotion");
  box.addEventListener("pointerdown", () => {
    pressed = true;
  });
  for (const b of all<HTMLButtonElement>("#promotion button[data-promotion]")) {
    b.addEventListener("click", (e) => {
      e.stopPropagation();
      // the click of the tap that opened the chooser lands here: not a choice
      if (e.detail !== 0 && !pressed) return;
      waiting?.(chosen(b.dataset.promotion ?? ""));
    });
  }
  // a click on the backdrop, beside the column, cancels
  box.addEventListener("click", (e) => {
    if (e.target === box && pressed) cancelPromotion();
  });
  $("promotion-cancel").addEventListener("click", () => cancelPromotion());
}
