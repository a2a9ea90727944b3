// The answers' types, generated from the Rust types of kpk-answers (`tools/typescript` writes
// npm/answers.d.ts): the page reads nothing the types do not declare.
export type {
  Bar,
  DefenderMap,
  Done,
  Iteration,
  LabelledStep,
  LegalMove,
  LineView,
  ListedMove,
  MoveGroup,
  PlannedMove,
  Teaching,
  Verdict,
  View,
} from "../../../../npm/answers";

/**
 * A failure as every route answers it: `{ "error": ... }` (the view of a FEN that does not
 * read says more: its board in words, `label`, among the rest of a view).
 */
export interface Failure {
  error: string;
  label?: string;
}

/** An answer asked: its body where the status is 2xx, else the failure's words. */
export type Answer<T> = { ok: true; status: number; body: T } | { ok: false; status: number; body: Failure };
