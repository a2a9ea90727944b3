// A small board beside the pointer showing the position a hovered move of an engine line leads
// to, as lichess shows it; the board itself keeps the position it stands on.
import { Chessground } from "@lichess-org/chessground";
import type { Api } from "@lichess-org/chessground/api";
import type { Key } from "@lichess-org/chessground/types";
import type { LabelledStep } from "./answers";
import { $ } from "./dom";
import { fenFields } from "./position";
import { state } from "./state";

let small: Api | null = null;

/** Shows the position after the last of `steps` beside `at`, or hides the preview (`null`). */
export function preview(steps: readonly LabelledStep[] | null, at: HTMLElement | null): void {
  const box = $("preview");
  const last = steps?.[steps.length - 1];
  if (!last || !at) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const r = at.getBoundingClientRect();
  const width = box.offsetWidth || 160;
  box.style.left = `${Math.max(4, Math.min(window.innerWidth - width - 4, r.left + window.scrollX))}px`;
  box.style.top = `${r.bottom + window.scrollY + 4}px`;
  const config = {
    fen: fenFields(last.fen)[0] ?? "",
    orientation: state.flipped ? ("black" as const) : ("white" as const),
    lastMove: [last.uci.slice(0, 2) as Key, last.uci.slice(2, 4) as Key],
    viewOnly: true,
    coordinates: false,
    animation: { enabled: false },
    drawable: { enabled: false, visible: false },
  };
  if (small) small.set(config);
  else small = Chessground($("preview-board"), config);
}
