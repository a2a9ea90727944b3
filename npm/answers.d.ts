// The answers' types, generated from the Rust types of kpk-answers by
// `tools/typescript`: do not edit.

export type AimName = "promote" | "run" | "advance" | "spare_tempo" | "keep_tempo" | "key_square" | "lead" | "opposition" | "distant_opposition" | "shoulder" | "approach" | "outflank" | "clear_the_way" | "wait" | "take_pawn" | "enter_square" | "corresponding_square" | "stay_in_front" | "head_for_corner" | "head_for_pawn" | "keep_draw" | "resist" | "guard_pawn" | "keep_pawn" | "pawn_lost" | "in_time";

/**
 * A badge of a listed move: what the move is, or a distance after it.
 */
export type Badge = {
  /**
   * `capture`, `promotion`, `pawn`, `dtz` or `dtm`.
   */
  kind: string,
  /**
   * The badge's text (`capture`, `pawn move`, `DTZ 2`, `DTM 20`).
   */
  text: string,
};

/**
 * A score as the evaluation bar shows it, from White's side: its band (`mate`, `known`,
 * `draw` or `heuristic`), its text (`#3`, `#-2`, `White wins (tables)`, `+1.4`, `0.0`) and
 * White's share of the bar, from 0 to 1.
 */
export type Bar = {
  /**
   * `mate`, `known`, `draw` or `heuristic`.
   */
  band: "mate" | "known" | "draw" | "heuristic",
  /**
   * The bar's text, from White's side.
   */
  text: string,
  /**
   * The same where the bar is thin, at most five characters: a mate as `text` (`#3`), a
   * score under ten pawns as `text` (`+1.4`) and above in whole pawns (`+19`), a result
   * known without a distance as the books write a decisive advantage (`+-`, `-+`), a draw
   * `=`, the game's end as its result (`1-0`).
   */
  short: string,
  /**
   * White's share of the bar, from 0 to 1.
   */
  white: number,
};

export type BasisName = "rule" | "proof" | "material" | "bitbase";

/**
 * An outcome in the lichess API's words, for the side to move.
 */
export type Category = "win" | "cursed-win" | "draw" | "blessed-loss" | "loss" | "unknown" | "syzygy-win" | "syzygy-loss";

export type ClaimName = "win" | "draw";

/**
 * How a position is decided at sight: the basis (`rule`, `material`, `checkmate`,
 * `stalemate`), the rule's identifier (for programs) and the reason (for people, without
 * identifiers).
 */
export type Decided = {
  /**
   * `rule`, `material`, `checkmate` or `stalemate`.
   */
  basis: string,
  /**
   * The rule's identifier, when a rule decides (checkmate and stalemate keep the rule that
   * also fits).
   */
  rule: string | null,
  /**
   * The reason in words.
   */
  reason: string,
};

/**
 * The map of a KPK position with the explanation of the position itself.
 */
export type DefenderMap = {
  /**
   * The FEN asked, trimmed.
   */
  fen: string,
  /**
   * The side with the pawn.
   */
  strong_side: string,
  /**
   * The side to move.
   */
  side_to_move: string,
  /**
   * The defending king's squares.
   */
  squares: Record<string, "win" | "draw" | null>,
  /**
   * Why the position itself is won or drawn.
   */
  explanation: Explanation,
};

/**
 * The stream's last line ([`done`]).
 */
export type Done = {
  /**
   * Always `true`: the analysis has ended.
   */
  done: true,
  /**
   * The last depth completed.
   */
  depth: number,
  /**
   * The best move (`null` where the side to move has none).
   */
  bestmove: Notated | null,
  /**
   * Why the analysis ended, in words (`a forced mate: #3`, `paused at depth 18: Go goes
   * on`, `complete: every line ends within depth 120`).
   */
  note: string,
};

/**
 * The body of a refused request: `{"error": message}`, the message naming the problem.
 */
export type ErrorAnswer = {
  /**
   * What is wrong, in words.
   */
  error: string,
};

/**
 * Why a position is won or drawn, from the rule-based classifier
 * ([`kpk_rules::classify_endgame`]), beside the tables' verdict.
 */
export type Explanation = {
  /**
   * The FEN asked, trimmed.
   */
  fen: string,
  /**
   * The tables' outcome for the side to move.
   */
  category: Category,
  /**
   * The tables' distance to mate in plies (`null` for a draw).
   */
  dtm: number | null,
  /**
   * The quickest mate the 50-move rule allows from the FEN's clock, in plies, where it is
   * slower than `dtm` (the win must push its pawn sooner); else `null`.
   */
  dtm50: number | null,
  /**
   * `rule`, `proof`, `material`, `checkmate`, `stalemate` (or `bitbase`, the fallback no
   * legal position reaches).
   */
  basis: string,
  /**
   * The deciding rule's identifier, if a rule decides.
   */
  rule: string | null,
  /**
   * Why, in one sentence that names the chess idea and its squares ([`kpk_rules::why`]).
   */
  reason: string,
  /**
   * The idea the sentence names first (a stable identifier: `key_squares`, `opposition`,
   * ...).
   */
  idea: IdeaId,
  /**
   * Every idea the sentence names: the main one, then the stalemate the draw rests on or
   * the mutual zugzwang the position is.
   */
  ideas: Array<IdeaId>,
  /**
   * The deciding rule's full conditions (at sight, or at the end of the proof's line).
   */
  conditions: string | null,
  /**
   * Whether the rules' verdict is certain.
   */
  certain: boolean,
  /**
   * Whether the rules' verdict equals the tables'.
   */
  rules_agree: boolean,
  /**
   * The square of the strong side's king.
   */
  strong_king: string,
  /**
   * The square of the defending king.
   */
  defending_king: string,
  /**
   * The key squares (KPK only).
   */
  key_squares: Array<string> | null,
  /**
   * The square of the pawn (KPK only).
   */
  square_of_the_pawn: Array<string> | null,
  /**
   * The tables' best move: the fastest win, the best defence, or a move that keeps the draw;
   * the plan's move where it is one of them.
   */
  first_move: Notated | null,
  /**
   * Where a proof decides, the proof written out, with move numbers from the FEN.
   */
  proof: WrittenProof | null,
  /**
   * The rules' plan: one move and its reason (KPK only; `null` without a legal move).
   */
  plan: PlannedMove | null,
  /**
   * Every legal move with the coach's verdict (KPK only; empty otherwise).
   */
  moves: Array<JudgedMove>,
};

export type FamilyName = "won" | "drawn" | "race" | "route";

export type IdeaId = "rule_of_the_square" | "key_squares" | "opposition" | "distant_opposition" | "diagonal_opposition" | "outflanking" | "shouldering" | "corresponding_squares" | "spare_tempo" | "mutual_zugzwang" | "rook_pawn_corner" | "stalemate" | "pawn_falls" | "pawn_runs" | "in_front" | "promotion" | "fifty_move_rule";

/**
 * A completed iteration of the engine, as a line of the stream.
 */
export type Iteration = {
  /**
   * The iteration's depth.
   */
  depth: number,
  /**
   * The deepest ply reached.
   */
  seldepth: number,
  /**
   * The line's rank among the root's moves (1: the best; more with several lines).
   */
  multipv: number,
  /**
   * Nodes visited so far.
   */
  nodes: number,
  /**
   * Milliseconds since the search began.
   */
  time_ms: number,
  /**
   * Positions valued by a table.
   */
  tbhits: number,
  /**
   * The line's score for the side to move.
   */
  score: ScoreAnswer,
  /**
   * The same score as the evaluation bar shows it, from White's side.
   */
  bar: Bar,
  /**
   * The principal variation from the root, each move with its label and the position after
   * it.
   */
  pv: Array<LabelledStep>,
  /**
   * The engine's name: [`BUILT_IN`], or the `id name` of the UCI engine the server runs.
   */
  engine: string,
  /**
   * Where a UCI engine's line reaches the tables, whose score it then shows (absent for the
   * project's engine, whose search reads the tables itself, and for a line that does not).
   */
  tables?: TablesMeet,
};

/**
 * A legal move with the coach's verdict.
 */
export type JudgedMove = {
  /**
   * UCI notation.
   */
  uci: string,
  /**
   * Standard algebraic notation.
   */
  san: string,
  /**
   * The verdict.
   */
  verdict: Verdict,
};

/**
 * A move of a line as a board shows it: its notations, its label with the move number where it
 * has one (`1. Kd6`, `Kf7`, `1... Kd3`), and the position after it.
 */
export type LabelledStep = {
  /**
   * UCI notation.
   */
  uci: string,
  /**
   * Standard algebraic notation.
   */
  san: string,
  /**
   * The label: the SAN with its move number where it has one.
   */
  label: string,
  /**
   * The FEN after the move.
   */
  fen: string,
};

/**
 * A legal move: its notations, the position after it and whether it gives check.
 */
export type LegalMove = {
  /**
   * UCI notation, castling as the king's two-square step (`e1g1`).
   */
  uci: string,
  /**
   * Standard algebraic notation, with `+` or `#`.
   */
  san: string,
  /**
   * The FEN after the move.
   */
  fen: string,
  /**
   * Whether the move gives check (mate included).
   */
  check: boolean,
  /**
   * For castling, the rook's square: the king dropped there castles, as on lichess.
   */
  rook: string | null,
};

/**
 * The optimal line from a position to mate (empty for a draw or a position without moves),
 * with the position's category under the 50-move rule and its distances.
 *
 * With room on the clock this is the DTM-optimal line. When the quickest mate would let the
 * clock reach 100 first, the line is the quickest mate the rule allows
 * ([`kpk::dtz::dtm50`], pushing the pawn sooner) and `rule` says so; when no mate fits
 * (a cursed win or blessed loss), the line is the best play under the rule (each side's
 * DTZ-best move) up to the moment the defender claims the draw, and `rule` says so.
 */
export type Line = {
  /**
   * The FEN asked, trimmed.
   */
  fen: string,
  /**
   * The outcome for the side to move.
   */
  category: Category,
  /**
   * Distance to mate in plies (`null` for a draw).
   */
  dtm: number | null,
  /**
   * Distance to zeroing in plies (`0` for a draw).
   */
  dtz: number,
  /**
   * The halfmove clock of the position asked.
   */
  halfmoves: number,
  /**
   * The shortest mate the 50-move rule allows from that clock, in plies (`null` when the
   * rule or the position draws).
   */
  dtm50: number | null,
  /**
   * What the 50-move rule changes, in words (`null` when it changes nothing).
   */
  rule: string | null,
  /**
   * The moves of the line.
   */
  steps: Array<Step>,
};

/**
 * A line of `kpk probe --json` or `kpk explain --json` that could not be answered: the input
 * as given (trimmed) and what is wrong with it.
 */
export type LineError = {
  /**
   * The input line, trimmed.
   */
  fen: string,
  /**
   * What is wrong, in words.
   */
  error: string,
};

/**
 * The optimal line to mate as the board lists it.
 */
export type LineView = {
  /**
   * Its moves, each with its label and the position after it.
   */
  steps: Array<LabelledStep>,
  /**
   * What the 50-move rule changes, in words (empty when it changes nothing).
   */
  note: string,
  /**
   * Why there is no line, where there is none (`no line: checkmate`, `no line: neither side
   * can force mate`, ...); empty otherwise.
   */
  end: string,
};

/**
 * A move as the list beside the board shows it.
 */
export type ListedMove = {
  /**
   * UCI notation.
   */
  uci: string,
  /**
   * Standard algebraic notation.
   */
  san: string,
  /**
   * The class that colours its outcome: `win-word`, `loss-word`, `draw-word`,
   * `cursed-word` or `unknown-word`.
   */
  class: string,
  /**
   * Its outcome for the side that plays it, in words (`wins`, `checkmate`, `draws`, ...).
   */
  outcome: string,
  /**
   * Its badges, as lichess shows them.
   */
  badges: Array<Badge>,
};

/**
 * The main line from a position: each side plays the DTZ-optimal move (the winner zeroes or
 * mates as soon as he can, the loser puts it off as long as he can) while the halfmove clock
 * is below 100; the line stops at mate, at a position without moves, or as soon as the clock
 * reaches 100 (the 50-move draw is claimed). Empty for a drawn position. `winner` is `"w"` or
 * `"b"` when the line ends in checkmate, otherwise `null`.
 */
export type Mainline = {
  /**
   * The moves.
   */
  mainline: Array<MainlineStep>,
  /**
   * The side that mates at the end of the line, `w` or `b`.
   */
  winner: "w" | "b" | null,
  /**
   * The DTZ of the position asked.
   */
  dtz: number,
  /**
   * The same where the table stores it exactly; `None` where a Syzygy file may round it.
   */
  precise_dtz: number | null,
};

/**
 * One move of the main line, in lichess's shape: the move and the DTZ of the position it
 * leads to (from the side to move then).
 */
export type MainlineStep = {
  /**
   * The move in UCI notation.
   */
  uci: string,
  /**
   * The move in standard algebraic notation.
   */
  san: string,
  /**
   * The DTZ after the move.
   */
  dtz: number,
  /**
   * The same where the table stores it exactly (always, for three men); `None` where a
   * Syzygy file may have rounded it.
   */
  precise_dtz: number | null,
};

export type Method = "bitbase" | "rules" | "recognizer";

/**
 * A group of the moves listed beside the board.
 */
export type MoveGroup = {
  /**
   * The group's name: `Winning`, `Win prevented by 50-move rule`, `Drawing`, `Loss saved by
   * 50-move rule`, `Losing`, `Beyond the tables` or `Moves into the tables`.
   */
  name: string,
  /**
   * Its moves, best first.
   */
  moves: Array<ListedMove>,
};

/**
 * One legal move and what it leads to, in the lichess API's shape (the facts about the position
 * after the move, from the opponent's view, as lichess gives them).
 */
export type MoveProbe = {
  /**
   * The move in UCI notation.
   */
  uci: string,
  /**
   * The move in standard algebraic notation, with `+` or `#`.
   */
  san: string,
  /**
   * A capture or a pawn move: it resets the 50-move counter.
   */
  zeroing: boolean,
  /**
   * A capture or a promotion: it changes the material.
   */
  conversion: boolean,
  /**
   * The side to move is checkmated.
   */
  checkmate: boolean,
  /**
   * The side to move is stalemated.
   */
  stalemate: boolean,
  /**
   * Always `false` (a variant's win; standard chess has none).
   */
  variant_win: boolean,
  /**
   * Always `false`.
   */
  variant_loss: boolean,
  /**
   * Neither side has mating material.
   */
  insufficient_material: boolean,
  /**
   * The outcome for the side to move.
   */
  category: Category,
  /**
   * Distance to zeroing in plies, Syzygy's convention (`0` a draw; `null`: a method
   * without distances, or no table holds the position). A file may round it by one.
   */
  dtz: number | null,
  /**
   * The same distance where it is known unrounded: always equal to `dtz` from the embedded
   * tables.
   */
  precise_dtz: number | null,
  /**
   * Distance to conversion (`null`).
   */
  dtc: null,
  /**
   * Distance to mate in plies (`null`: a draw, or a method without distances).
   */
  dtm: number | null,
  /**
   * Distance to win (`null`).
   */
  dtw: null,
};

/**
 * A move in both notations.
 */
export type Notated = {
  /**
   * UCI notation.
   */
  uci: string,
  /**
   * Standard algebraic notation.
   */
  san: string,
};

/**
 * How a position stands, in the lichess API's fields: the end of the game, the category and
 * the distances, all for the side to move. From the tables `dtz` and `precise_dtz` are equal
 * (nothing is rounded); `dtc` and `dtw` are always `null`.
 */
export type Outcome = {
  /**
   * The side to move is checkmated.
   */
  checkmate: boolean,
  /**
   * The side to move is stalemated.
   */
  stalemate: boolean,
  /**
   * Always `false` (a variant's win; standard chess has none).
   */
  variant_win: boolean,
  /**
   * Always `false`.
   */
  variant_loss: boolean,
  /**
   * Neither side has mating material.
   */
  insufficient_material: boolean,
  /**
   * The outcome for the side to move.
   */
  category: Category,
  /**
   * Distance to zeroing in plies, Syzygy's convention (`0` a draw; `null`: a method
   * without distances, or no table holds the position). A file may round it by one.
   */
  dtz: number | null,
  /**
   * The same distance where it is known unrounded: always equal to `dtz` from the embedded
   * tables.
   */
  precise_dtz: number | null,
  /**
   * Distance to conversion (`null`).
   */
  dtc: null,
  /**
   * Distance to mate in plies (`null`: a draw, or a method without distances).
   */
  dtm: number | null,
  /**
   * Distance to win (`null`).
   */
  dtw: null,
};

/**
 * The plan's move: its notation, its point (`aim`, a stable name for programs) and its
 * reason in chess words.
 */
export type PlannedMove = {
  /**
   * UCI notation.
   */
  uci: string,
  /**
   * Standard algebraic notation.
   */
  san: string,
  /**
   * The point of the move (in the JSON its stable name: `opposition`, `key_square`, `run`,
   * ...).
   */
  aim: AimName,
  /**
   * The reason in chess words, without the move: one clause that names the idea.
   */
  reason: string,
  /**
   * The idea the move is an instance of (a stable identifier: `distant_opposition`, ...).
   */
  idea: IdeaId,
  /**
   * Where the side with the pawn is to move and wins, the progress measure.
   */
  progress: Progress | null,
};

/**
 * The answer for a position: the lichess tablebase API's fields (the position's category and
 * distance to mate, signed for the side to move; checkmate, stalemate, insufficient material;
 * every legal move best first), plus the FEN asked where the command line echoes it, and for
 * the rules the method and the basis.
 *
 * From the tables `dtz` and `precise_dtz` are exact and equal, `dtc` and `dtw` `null`; the
 * categories count the halfmove clock given to [`Probe::from_tables`].
 *
 * Serialised as one object: `fen` and `method` when set, the outcome's fields, `moves`, and for
 * the rules method the basis's fields; the clock, the side to move and the position are for the
 * text form only.
 */
export type Probe = {
  /**
   * The FEN asked, as given (trimmed): echoed by the command line, not by `/standard`.
   */
  fen?: string,
  /**
   * The method, when not the tables.
   */
  method?: Method,
  /**
   * Every legal move, best first for the side to move.
   */
  moves: Array<MoveProbe>,
  /**
   * The side to move is checkmated.
   */
  checkmate: boolean,
  /**
   * The side to move is stalemated.
   */
  stalemate: boolean,
  /**
   * Always `false` (a variant's win; standard chess has none).
   */
  variant_win: boolean,
  /**
   * Always `false`.
   */
  variant_loss: boolean,
  /**
   * Neither side has mating material.
   */
  insufficient_material: boolean,
  /**
   * The outcome for the side to move.
   */
  category: Category,
  /**
   * Distance to zeroing in plies, Syzygy's convention (`0` a draw; `null`: a method
   * without distances, or no table holds the position). A file may round it by one.
   */
  dtz: number | null,
  /**
   * The same distance where it is known unrounded: always equal to `dtz` from the embedded
   * tables.
   */
  precise_dtz: number | null,
  /**
   * Distance to conversion (`null`).
   */
  dtc: null,
  /**
   * Distance to mate in plies (`null`: a draw, or a method without distances).
   */
  dtm: number | null,
  /**
   * Distance to win (`null`).
   */
  dtw: null,
} & ({ [field in keyof RulesBasis]?: never } | RulesBasis);

/**
 * The progress measure of a plan move ([`kpk_rules::Progress`]), for TypeScript only.
 */
export type Progress = {
  /**
   * Ranks the pawn has still to go.
   */
  ranks_to_go: number,
  /**
   * King steps still needed.
   */
  king_steps: number,
  /**
   * Tempi in hand.
   */
  tempi: number,
  /**
   * Ranks the king has still to go.
   */
  king_ranks_to_go: number,
};

/**
 * A line of a proof: its moves, its notation with move numbers, and how its last position is
 * decided.
 */
export type ProofLine = {
  /**
   * The moves.
   */
  moves: Array<Notated>,
  /**
   * The moves in standard notation with move numbers (`31. Kb3 Kb7`, `30... Kb6 31. Kb3`).
   */
  notation: string,
  /**
   * What decides the position after the last move.
   */
  end: Decided,
};

/**
 * One rule's measurement.
 */
export type RuleRow = {
  /**
   * The rule's identifier.
   */
  id: string,
  /**
   * `win` or `draw`: what the rule claims where it fits.
   */
  claim: ClaimName,
  /**
   * `won`, `drawn`, `race` or `route`: where the rule comes from.
   */
  family: FamilyName,
  /**
   * Whether the rule keeps the literature's wording (and its errors).
   */
  literal: boolean,
  /**
   * The literal rule this one corrects, if any.
   */
  corrects: string | null,
  /**
   * The rule in chess words.
   */
  statement: string,
  /**
   * The words of the KPK source text (the Chessprogramming wiki's page) that the rule
   * implements, when it comes from there.
   */
  seed: string | null,
  /**
   * The positions measured: every legal KPK position.
   */
  positions: number,
  /**
   * Positions where the rule claims a result.
   */
  fires: number,
  /**
   * Claims the bitbase confirms.
   */
  correct: number,
  /**
   * Claims the bitbase contradicts.
   */
  wrong: number,
  /**
   * Claims of a win in drawn positions.
   */
  false_wins: number,
  /**
   * Claims of a draw in won positions.
   */
  false_draws: number,
  /**
   * A position of the first false win.
   */
  false_win_example: string | null,
  /**
   * A position of the first false draw.
   */
  false_draw_example: string | null,
};

/**
 * What a verdict of the rules rests on, as the rules method's answer carries it: in the JSON
 * `basis` (`rule`, `proof`, `material` or `bitbase`, the fallback no legal position reaches),
 * `rule` (the rule's identifier, for a rule), `certain` (every basis but the fallback) and
 * `reason`.
 */
export type RulesBasis = {
  /**
   * The basis.
   */
  basis: BasisName,
  /**
   * The deciding rule's identifier, for a rule.
   */
  rule: string | null,
  /**
   * Whether the basis is certain (every basis but the fallback).
   */
  certain: boolean,
  /**
   * The basis in words: the rule's statement, or how the proof or the material decides.
   */
  reason: string,
};

/**
 * Every rule measured, and how many positions the sound rules decide together (at sight, and
 * with the recognizer's one ply ahead). Its text form is the table `kpk rules` prints.
 */
export type RulesReport = {
  /**
   * One row per rule, in the order of [`kpk_rules::RULES`].
   */
  rows: Array<RuleRow>,
  /**
   * Positions the sound rules decide at sight.
   */
  decided: number,
  /**
   * Positions the sound recognizer decides (one ply ahead).
   */
  recognized: number,
};

/**
 * A score as an analysis shows it.
 */
export type ScoreAnswer = {
  /**
   * `mate` (the side to move mates), `mated`, `known_win` (a win proven by a table or a
   * recognizer, without a distance to mate), `known_loss`, or `heuristic` (an evaluation).
   */
  band: ScoreBand,
  /**
   * As a board shows it: `mate in 5`, `#-3`, `known win`, `known loss`, `+0.35`.
   */
  text: string,
  /**
   * As UCI prints it: `mate 5`, `cp 35`.
   */
  uci: string,
  /**
   * The raw value.
   */
  value: number,
  /**
   * For a mate, the moves to it as UCI counts them (negative when mated).
   */
  mate: number | null,
  /**
   * For a heuristic, the value in pawns.
   */
  pawns: number | null,
};

export type ScoreBand = "mate" | "mated" | "known_win" | "known_loss" | "heuristic";

/**
 * One move of the optimal line and the position it leads to.
 */
export type Step = {
  /**
   * The move in UCI notation.
   */
  uci: string,
  /**
   * The move in standard algebraic notation.
   */
  san: string,
  /**
   * The position after the move.
   */
  fen: string,
  /**
   * Its distance to mate in plies, for the side to move then.
   */
  dtm: number | null,
  /**
   * Its distance to zeroing in plies, for the side to move then.
   */
  dtz: number,
  /**
   * Whether the move resets the halfmove clock (a capture or a pawn move).
   */
  zeroing: boolean,
};

/**
 * Where a line of a UCI engine reaches the tables ([`crate::uci_info`]) (at most three men): the line's score is
 * then the tables' from there, and the engine's own is kept here.
 */
export type TablesMeet = {
  /**
   * The plies of the line played before it reaches the tables (1: after its first move).
   */
  ply: number,
  /**
   * The score the engine gave the line.
   */
  engine: ScoreAnswer,
  /**
   * Both in words, for the line's score: `the tables' score after 1. Kxd2, where the line
   * reaches three men (Stockfish 18: +6.50)`.
   */
  note: string,
  /**
   * Where the engine's mate is one the tables disprove there (a mate for the other side, a
   * draw, or a mate sooner than the quickest), what each says: the host writes it to its log.
   */
  contradiction: string | null,
};

/**
 * The first part of the KPK lesson.
 */
export type Teaching = {
  /**
   * Why the position is won or drawn, in one sentence.
   */
  why: string,
  /**
   * Where a forcing line proves it, the line's moves.
   */
  proof: Array<LabelledStep>,
  /**
   * The key squares, and the fastest win or the longest defence where the tables' first
   * move is the one to play (`Key squares: d5 e5 f5. Fastest win: Ke4`).
   */
  squares: string,
};

/**
 * The coach's verdict on a move.
 */
export type Verdict = {
  /**
   * `only` (the only move that keeps the result), `keeps` (a move that keeps it, as another
   * does) or `throws` (a move that changes it).
   */
  kind: VerdictName,
  /**
   * The move's annotation, as the books mark moves: `!` for the only move, `?` for one that
   * changes the result, else empty.
   */
  mark: string,
  /**
   * Whether the move is the plan's.
   */
  plan: boolean,
  /**
   * Whether the move stalemates.
   */
  stalemate: boolean,
  /**
   * The result for the side that plays the move, after it: `win`, `draw` or `loss`.
   */
  result: WdlName,
  /**
   * The idea the verdict names: the plan's for its move, the refutation's motive for a
   * mistake, `stalemate`; `null` for another move that keeps the result.
   */
  idea: IdeaId | null,
  /**
   * The verdict in chess words, as a clause (`throws the win away: stalemate`).
   */
  reason: string,
  /**
   * The same as the coach's line says it: a sentence, with its capital and full stop
   * (`Throws the win away: stalemate.`).
   */
  sentence: string,
  /**
   * Where the move throws the result away, the line that punishes it.
   */
  refutation: WrittenLine | null,
};

export type VerdictName = "only" | "keeps" | "throws";

/**
 * The analysis board's view of a position (see the [module](self) docs).
 */
export type View = {
  /**
   * The FEN as the page's box shows it: as asked (underscores read as spaces), or the
   * starting position when none is asked.
   */
  fen: string,
  /**
   * What is wrong with the FEN, in a player's words (`null` when it reads).
   */
  error: string | null,
  /**
   * The side to move: the position's, else the FEN's second field, else White.
   */
  turn: "w" | "b",
  /**
   * The board in words, for a screen reader: `chess board. White: king e6, pawn e5. Black:
   * king e8. White to move.`
   */
  label: string,
  /**
   * The square of the king of the side to move when he stands in check (mated or not).
   */
  check: string | null,
  /**
   * The side to move is checkmated.
   */
  checkmate: boolean,
  /**
   * The verdict as the board heads it (`No analysis` for a FEN that does not read).
   */
  verdict: string,
  /**
   * The position's category for its side to move (`null` for a FEN that does not read).
   */
  category: Category | null,
  /**
   * Its distance to mate in plies, signed for the side to move, where a table knows it.
   */
  dtm: number | null,
  /**
   * Its distance to zeroing, where a table knows it.
   */
  dtz: number | null,
  /**
   * Whether a table holds the position itself (else the engine analyses it).
   */
  held: boolean,
  /**
   * The tables' verdict as the evaluation bar shows it (`null` where no table holds the
   * position: the engine's lines fill the bar).
   */
  bar: Bar | null,
  /**
   * Every legal move, in the move generator's order.
   */
  legal: Array<LegalMove>,
  /**
   * The moves listed beside the board, grouped as lichess groups them (where no table holds
   * the position, only the moves whose outcome a table knows).
   */
  groups: Array<MoveGroup>,
  /**
   * The optimal line to mate, for a position of at most three men.
   */
  line: LineView | null,
  /**
   * For KPK, the lesson's first part: why, the proof's line, the key squares.
   */
  teaching: Teaching | null,
};

export type WdlName = "win" | "draw" | "loss";

/**
 * A line of play written out: its moves and its notation with move numbers.
 */
export type WrittenLine = {
  /**
   * The refutation's moves, from the position after the judged move.
   */
  moves: Array<Notated>,
  /**
   * The judged move and the refutation with move numbers (`1. Kd4? Kd6! 2. Ke4 Ke6`): the
   * judged move marked `?`, the first reply `!` where it is the only one that punishes.
   */
  notation: string,
};

/**
 * A proof written out: its depth, the critical line, where the tries branch off, and the
 * tries, each refuted by a line.
 */
export type WrittenProof = {
  /**
   * The depth of the shortest proof, in plies.
   */
  plies: number,
  /**
   * The critical line.
   */
  line: ProofLine,
  /**
   * How many moves of the critical line are played before the tries.
   */
  choice: number,
  /**
   * The other side's other moves at the choice, each with the line that refutes it.
   */
  tries: Array<ProofLine>,
};
