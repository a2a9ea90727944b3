// A small game of answers for the tests: a handful of positions, each with its legal moves as
// the answers write them (SAN, UCI, the FEN after), enough to play, branch and read PGN.
import type { Answer, LegalMove, View } from "../src/answers";

const move = (uci: string, san: string, fen: string, rook: string | null = null): LegalMove => ({
  uci,
  san,
  fen,
  check: san.endsWith("+"),
  rook,
});

export const START = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
const E4 = "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1";
const E3 = "4k3/8/8/8/8/4P3/8/4K3 b - - 0 1";
const KD7 = "8/3k4/8/8/4P3/8/8/4K3 w - - 1 2";
const KE7 = "8/4k3/8/8/4P3/8/8/4K3 w - - 1 2";
const KD2 = "8/3k4/8/8/4P3/8/3K4/8 b - - 2 2";

/** Every position's legal moves (the rest of each position's moves left out). */
export const LEGAL: Record<string, LegalMove[]> = {
  [START]: [move("e2e4", "e4", E4), move("e2e3", "e3", E3)],
  [E4]: [move("e8d7", "Kd7", KD7), move("e8e7", "Ke7", KE7)],
  [E3]: [move("e8d7", "Kd7", "8/3k4/8/8/8/4P3/8/4K3 w - - 1 2")],
  [KD7]: [move("e1d2", "Kd2", KD2)],
  [KE7]: [],
  [KD2]: [],
};

/** The view's answer for `fen`, as far as a test needs it: its FEN and legal moves. */
export async function view(fen: string): Promise<Answer<View>> {
  const legal = LEGAL[fen];
  if (!legal) return { ok: false, status: 400, body: { error: `not a position of the fixture: ${fen}` } };
  const body = { fen, legal } as unknown as View;
  return { ok: true, status: 200, body };
}
