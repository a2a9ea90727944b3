//! Iterative deepening negamax with principal variation search over shakmaty's moves, using the
//! transposition table of [`tt`](crate::tt) and scores of [`kpk_score`].
//!
//! Mates are counted from the root (`Score::mated_in(ply)` at a mated node) and go through the
//! table re-rooted, with the bound-aware 50-move guard; draws by the 50-move rule, repetition,
//! stalemate and insufficient material score the draw of the [`DrawPolicy`].
//!
//! ```
//! use kpk_score::Score;
//! use kpk_search::search::Searcher;
//! use shakmaty::{CastlingMode, Chess, fen::Fen};
//!
//! // White: Ka6, Qb1; Black: Ka8. Mate in one (Qb7#).
//! let pos: Chess = "k7/8/K7/8/8/8/8/1Q6 w - - 0 1".parse::<Fen>().unwrap()
//!     .into_position(CastlingMode::Standard).unwrap();
//! let mut searcher = Searcher::new(1);
//! let result = searcher.search(&pos, 3);
//! assert_eq!(result.score, Score::mate_in(1));
//! assert_eq!(result.best.unwrap().to().to_string(), "b7");
//! ```

use kpk_score::{BoundedScore, DrawPolicy, Grain, Score};
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, EnPassantMode, Move, Position, Role};

use crate::tt::{PackedMove, Promotion, Table};

/// The deepest ply the search goes (mate scores count plies up to 256).
const MAX_DEPTH: u32 = 120;

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// The root's value for the side to move.
    pub score: Score,
    /// The best move, `None` when there is no legal move.
    pub best: Option<Move>,
    /// The depth of the last completed iteration.
    pub depth: u8,
    /// Nodes visited (all iterations).
    pub nodes: u64,
    /// Null-window searches made by MTD(f) (all iterations); `0` for PVS.
    pub passes: u32,
}

/// A searcher: the transposition table and the settings that outlive one search.
#[derive(Clone, Debug)]
pub struct Searcher {
    tt: Table,
    draw: DrawPolicy,
    grain: Option<Grain>,
    fail_hard: bool,
    nodes: u64,
    /// Keys of the positions from the root to the current node (for repetitions).
    path: Vec<u64>,
}

fn key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

/// Material plus a few positional terms for the side to move: pawns gain as they advance, kings
/// are pushed to the edge when they stand alone against more (so mates are found sooner).
fn evaluate(pos: &Chess) -> i32 {
    let board = pos.board();
    let mut score = 0;
    for (sq, piece) in board {
        let sign = if piece.color == pos.turn() { 1 } else { -1 };
        let rank = i32::from(u8::from(sq.rank()));
        let advance = match piece.color {
            shakmaty::Color::White => rank,
            shakmaty::Color::Black => 7 - rank,
        };
        let bonus = if piece.role == Role::Pawn { 8 * advance } else { 0 };
        score += sign * (value(piece.role) + bonus);
    }
    // a bare king belongs in a corner
    for color in [shakmaty::Color::White, shakmaty::Color::Black] {
        if board.by_color(color).count() == 1
            && let Some(k) = board.king_of(color)
        {
            let (f, r) = (i32::from(u8::from(k.file())), i32::from(u8::from(k.rank())));
            let centre = (2 * f - 7).abs().max((2 * r - 7).abs());
            let sign = if color == pos.turn() { 1 } else { -1 };
            score += sign * 10 * centre;
        }
    }
    score
}

fn pack(m: Move) -> Option<PackedMove> {
    let promotion = match m.promotion() {
        Some(Role::Knight) => Some(Promotion::Knight),
        Some(Role::Bishop) => Some(Promotion::Bishop),
        Some(Role::Rook) => Some(Promotion::Rook),
        Some(Role::Queen) => Some(Promotion::Queen),
        _ => None,
    };
    let from = m.from()?;
    Some(PackedMove::new(u8::from(from), u8::from(m.to()), promotion))
}

/// Move ordering: the table's move, then captures (most valuable victim, least valuable
/// attacker), promotions, quiet moves.
fn order(moves: &mut [Move], tt_move: Option<PackedMove>) {
    moves.sort_by_key(|&m| {
        if tt_move.is_some() && pack(m) == tt_move {
            return i32::MIN;
        }
        let capture = m.capture().map_or(0, |victim| 10 * value(victim) - value(m.role()));
        let promotion = m.promotion().map_or(0, value);
        -(capture + promotion + i32::from(m.is_capture()) * 10_000)
    });
}

impl Searcher {
    /// A searcher with a transposition table of `tt_mib` MiB and zero draws.
    #[must_use]
    pub fn new(tt_mib: usize) -> Searcher {
        Searcher {
            tt: Table::new(tt_mib),
            draw: DrawPolicy::Zero,
            grain: None,
            fail_hard: false,
            nodes: 0,
            path: Vec::new(),
        }
    }

    /// Rounds every evaluation to a multiple of `grain` centipawns ([`Score::coarsen`]; proofs
    /// are never rounded).
    #[must_use]
    pub fn with_grain(mut self, grain: Grain) -> Searcher {
        self.grain = Some(grain);
        self
    }

    /// Returns values clamped into the window (fail-hard) instead of the best value found
    /// (fail-soft, the default).
    #[must_use]
    pub fn with_fail_hard(mut self, fail_hard: bool) -> Searcher {
        self.fail_hard = fail_hard;
        self
    }

    fn static_eval(&self, pos: &Chess) -> Score {
        let e = self.draw.eval(evaluate(pos));
        self.grain.map_or(e, |g| e.coarsen(g))
    }

    fn bounded(&self, v: Score, alpha: Score, beta: Score) -> Score {
        if self.fail_hard { v.clamp(alpha, beta) } else { v }
    }

    /// Searches `root` by iterative deepening up to `depth` plies.
    pub fn search(&mut self, root: &Chess, depth: u8) -> SearchResult {
        self.tt.new_search();
        self.nodes = 0;
        let mut result =
            SearchResult { score: Score::ZERO, best: None, depth: 0, nodes: 0, passes: 0 };
        for d in 1..=depth.max(1) {
            self.path.clear();
            let score = self.negamax(root, i32::from(d), 0, Score::NEG_INFINITE, Score::INFINITE);
            let best = self.root_move(root);
            result = SearchResult { score, best, depth: d, nodes: self.nodes, passes: 0 };
            if score.mate().is_some_and(|m| m.plies() <= u32::from(d)) {
                break; // a mate within the horizon: deeper iterations cannot shorten it
            }
        }
        result
    }

    /// Searches `root` by iterative deepening up to `depth` plies with MTD(f): each depth is a
    /// sequence of null-window searches `(beta - 1, beta)` that close in on the value, starting
    /// from the previous depth's value.
    ///
    /// Every probe lies strictly inside the bounds known so far (`lower < beta <= upper`), and
    /// each result moves one bound past the probe, so the bounds narrow at every pass and the
    /// driver terminates even when the table makes a result inconsistent with earlier ones.
    pub fn search_mtdf(&mut self, root: &Chess, depth: u8) -> SearchResult {
        self.tt.new_search();
        self.nodes = 0;
        let mut result =
            SearchResult { score: Score::ZERO, best: None, depth: 0, nodes: 0, passes: 0 };
        let mut guess = Score::ZERO;
        for d in 1..=depth.max(1) {
            let (mut lower, mut upper) = (Score::NEG_INFINITE, Score::INFINITE);
            while lower < upper {
                // a probe strictly above the lower bound and not above the upper one
                let beta = guess.max(lower.checked_add(1).unwrap_or(upper)).min(upper);
                let below = beta.checked_sub(1).unwrap_or(beta);
                self.path.clear();
                let g = self.negamax(root, i32::from(d), 0, below, beta);
                result.passes += 1;
                if g < beta {
                    upper = g.min(below); // the value is below beta, whatever g says
                } else {
                    lower = g.max(beta); // the value is at least beta
                }
                guess = g.clamp(lower, upper);
            }
            let best = self.root_move(root);
            result = SearchResult {
                score: lower,
                best,
                depth: d,
                nodes: self.nodes,
                passes: result.passes,
            };
            guess = lower;
        }
        result
    }

    /// The best move the table holds for the root, as a legal move of it.
    fn root_move(&self, root: &Chess) -> Option<Move> {
        let stored = self.tt.probe(key(root), 0, root.halfmoves(), self.draw.draw(0))?.mv;
        root.legal_moves().into_iter().find(|&m| pack(m) == stored)
    }

    fn is_repetition(&self, k: u64, halfmoves: u32) -> bool {
        // the same position with the same side to move, since the last irreversible move
        let back = usize::try_from(halfmoves).unwrap_or(usize::MAX);
        self.path.iter().rev().take(back).skip(1).step_by(2).any(|&p| p == k)
    }

    fn negamax(&mut self, pos: &Chess, depth: i32, ply: u32, alpha: Score, beta: Score) -> Score {
        self.nodes += 1;
        let k = key(pos);
        let draw = self.draw.draw(ply);
        let (window_alpha, window_beta) = (alpha, beta);
        if ply > 0 {
            if pos.is_insufficient_material() || self.is_repetition(k, pos.halfmoves()) {
                return self.bounded(draw, window_alpha, window_beta);
            }
            if pos.halfmoves() >= 100 && !pos.is_checkmate() {
                return self.bounded(draw, window_alpha, window_beta);
            }
        }
        // mate distance pruning: no line from here beats a mate at the next ply
        let alpha = alpha.max(Score::mated_in(ply));
        let beta = beta.min(Score::mate_in(ply + 1));
        if alpha >= beta {
            return self.bounded(alpha, window_alpha, window_beta);
        }
        if depth <= 0 || ply >= MAX_DEPTH {
            return self.quiesce(pos, ply, alpha, beta);
        }
        let hit = self.tt.probe(k, ply, pos.halfmoves(), draw);
        if let Some(h) = hit
            && ply > 0
            && i32::from(h.depth) >= depth
            && h.score.cuts(alpha, beta)
        {
            return self.bounded(h.score.score, window_alpha, window_beta);
        }
        let mut moves = pos.legal_moves();
        if moves.is_empty() {
            let end = if pos.is_check() { Score::mated_in(ply) } else { draw };
            return self.bounded(end, window_alpha, window_beta);
        }
        order(&mut moves, hit.and_then(|h| h.mv));
        self.path.push(k);
        let (original_alpha, mut alpha) = (alpha, alpha);
        let (mut best, mut best_move) = (Score::NEG_INFINITE, None);
        for (i, &m) in moves.iter().enumerate() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let score = if i == 0 {
                -self.negamax(&next, depth - 1, ply + 1, -beta, -alpha)
            } else {
                // a null window first: most moves only need to be shown no better
                let probe = alpha.checked_add(1).unwrap_or(alpha);
                let s = -self.negamax(&next, depth - 1, ply + 1, -probe, -alpha);
                if s > alpha && s < beta {
                    -self.negamax(&next, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if score > best {
                (best, best_move) = (score, Some(m));
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        self.path.pop();
        let result = BoundedScore::from_window(best, original_alpha, beta);
        let depth_u8 = u8::try_from(depth.clamp(0, 255)).unwrap_or(u8::MAX);
        self.tt.store(k, ply, result, depth_u8, best_move.and_then(pack));
        self.bounded(best, original_alpha, beta)
    }

    fn quiesce(&mut self, pos: &Chess, ply: u32, mut alpha: Score, beta: Score) -> Score {
        self.nodes += 1;
        let original_alpha = alpha;
        let in_check = pos.is_check();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            let end = if in_check { Score::mated_in(ply) } else { self.draw.draw(ply) };
            return self.bounded(end, original_alpha, beta);
        }
        if pos.is_insufficient_material() {
            return self.bounded(self.draw.draw(ply), original_alpha, beta);
        }
        let mut best = if in_check { Score::mated_in(ply) } else { self.static_eval(pos) };
        if best >= beta || ply >= MAX_DEPTH {
            return self.bounded(best, original_alpha, beta);
        }
        alpha = alpha.max(best);
        let mut tactical: Vec<Move> = moves
            .into_iter()
            .filter(|m| in_check || m.is_capture() || m.promotion() == Some(Role::Queen))
            .collect();
        order(&mut tactical, None);
        for m in tactical {
            let mut next = pos.clone();
            next.play_unchecked(m);
            let score = -self.quiesce(&next, ply + 1, -beta, -alpha);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.bounded(best, original_alpha, beta)
    }
}
