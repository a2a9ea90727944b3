//! The selective search: what lets the search look deeper than it could look at everything,
//! each piece named and switchable on its own ([`Selectivity`]), each one a place where mate
//! scores pass through reduced, pruned or re-searched subtrees and the transposition table.
//!
//! | piece | where | what |
//! |---|---|---|
//! | check extension | every node up to twice the iteration's depth from the root | a move that gives check and leaves the other side at most two replies (`CHECK_EXTENSION_REPLIES`) is searched a ply deeper: mates are lines of checks the defender can barely answer, while a check with many answers is an ordinary move (never reduced, though); and at the quiescence search's first ply, quiet moves that give check are searched beside the captures |
//! | null-move pruning | null-window nodes, depth >= 3, not in check, static value >= beta | the side to move passes; if the opponent, moving twice, still cannot bring the value below beta at a reduced depth, the node fails high without searching its moves. Never where the side to move has only king and pawns (zugzwang, the pawn endings this project is about), never right after another pass, never when beta is a proof (a mate or a known win: a pass cannot prove one), and a fail high from it returns beta, never a proof |
//! | late-move reductions | quiet moves after the first three, depth >= 3, not in check, not giving check | searched shallower (more the later the move and the deeper the node: `late_move_reduction`) with a null window; a move that beats alpha is searched again at full depth |
//! | futility pruning | depth 1, null window, not in check | quiet moves that give no check are skipped when the static value plus a margin cannot reach alpha |
//! | razoring | depth 2 or less, null window, not in check | when the static value plus a margin stays below alpha, the node is settled by the quiescence search if that confirms it |
//! | aspiration windows | the root, from depth 4, PVS | each iteration starts with a window around the last value, widened on failure; a proof (mate or known win) gets the full window |
//! | single-reply extension | every node | a node with one legal move is searched a ply deeper: it costs one move, and mating lines are made of forced replies (no limit on the ply: the line grows deeper, never wider) |
//! | mate-threat extension | where null-move pruning runs, up to twice the iteration's depth | when the opponent answers the pass with a mate (or a known win), the node is searched a ply deeper: a threat is in the air |
//! | internal iterative reduction | depth >= 4, the table holds no move for the node | searched a ply shallower: without a move to try first the node is costly and rarely important; the next iteration finds it with one |
//! | delta pruning | the quiescence search, not in check | a capture that gives no check is skipped when the stand-pat value plus the captured man plus 200 centipawns (`DELTA_MARGIN`) stays at or below alpha, never when alpha is a proof (the node's value, a bound, is then raised to that sum: it stays true) |
//! | quiescence table | the quiescence search | its results are stored in the transposition table and taken from it (a stand-pat node that settles at once is not stored: its evaluation costs less than the entry) |
//!
//! None of the pruning pieces (null move, futility, razoring, delta pruning) is applied where the window's
//! bound is a proof, so no move that could change a mate score is skipped; reductions and
//! extensions only change how deep a move is searched, and an iteration that reduced or pruned
//! anything never ends the search on a mate within its depth (a quicker one may lie in what
//! it cut: the next iteration looks). With these on, a result depends on the
//! window (a null-move cut at one beta may not occur at another), so PVS and MTD(f) can differ
//! at the same depth; `tests/mtdf.rs` compares them with the selectivity off.

use kpk_score::Score;
use shakmaty::{Chess, Position, Role};

/// Which selective pieces the search uses (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[allow(clippy::struct_excessive_bools)] // one switch per named piece
pub struct Selectivity {
    /// A move that gives check and leaves at most two replies (`CHECK_EXTENSION_REPLIES`) is
    /// searched a ply deeper, and the first quiescence ply searches quiet checks too.
    pub check_extension: bool,
    /// Null-move pruning with its zugzwang guard.
    pub null_move: bool,
    /// Late-move reductions with a re-search.
    pub late_move_reductions: bool,
    /// Futility pruning at depth 1 and razoring at depth 2 or less.
    pub futility: bool,
    /// Captures in the quiescence search that cannot lift the stand-pat value to alpha, even
    /// with a margin, are skipped.
    pub delta_pruning: bool,
    /// Aspiration windows at the root.
    pub aspiration: bool,
    /// A node with one legal move is searched a ply deeper.
    pub single_reply_extension: bool,
    /// A node where passing (the null move) is answered by a mate (or a known win) is searched
    /// a ply deeper.
    pub threat_extension: bool,
    /// A node of depth 4 or more whose table entry holds no move is searched a ply shallower.
    pub internal_reduction: bool,
    /// The quiescence search asks the transposition table first and stores what it finds
    /// (any entry is deep enough for it), so the captures after a transposition are searched
    /// once.
    pub quiescence_table: bool,
}

impl Selectivity {
    /// Every piece on: the UCI engine's search.
    pub const ALL: Selectivity = Selectivity {
        check_extension: true,
        null_move: true,
        late_move_reductions: true,
        futility: true,
        delta_pruning: true,
        aspiration: true,
        single_reply_extension: true,
        threat_extension: true,
        internal_reduction: true,
        quiescence_table: true,
    };

    /// Every piece off: a full-width search to the depth asked (with quiescence), whose value
    /// does not depend on the window (the default, for tests that compare drivers).
    pub const NONE: Selectivity = Selectivity {
        check_extension: false,
        null_move: false,
        late_move_reductions: false,
        futility: false,
        delta_pruning: false,
        aspiration: false,
        single_reply_extension: false,
        threat_extension: false,
        internal_reduction: false,
        quiescence_table: false,
    };
}

/// The depth a null move is searched to below the node's: `R = 2 + depth / 4`, plus the ply
/// the pass itself takes.
#[must_use]
pub(crate) const fn null_move_depth(depth: i32) -> i32 {
    depth - 1 - (2 + depth / 4)
}

/// The zugzwang guard of null-move pruning: the side to move has a piece besides its king and
/// pawns, so passing is rarely better than every move it has.
#[must_use]
pub(crate) fn may_pass(pos: &Chess) -> bool {
    let board = pos.board();
    let ours = board.by_color(pos.turn());
    let kings_and_pawns = board.by_role(Role::King) | board.by_role(Role::Pawn);
    (ours & !kings_and_pawns).any()
}

/// The plies a quiet late move (the `index`th searched, from 0) is reduced by at `depth`:
/// `0.75 + ln(depth) ln(index) / 2.25`, rounded down, at least 1 and at most `depth - 2` (so a
/// reduced move is still searched a ply deep).
#[must_use]
pub(crate) fn late_move_reduction(depth: i32, index: usize) -> i32 {
    let table = REDUCTIONS.get_or_init(|| {
        let mut t = [[0_u8; 64]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (i, r) in row.iter_mut().enumerate().skip(1) {
                #[allow(clippy::cast_precision_loss)] // both below 64
                let (dl, il) = ((d as f64).ln(), (i as f64).ln());
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 0..=8
                let plies = (0.75 + dl * il / 2.25) as u8;
                *r = plies;
            }
        }
        t
    });
    let d = usize::try_from(depth.clamp(0, 63)).unwrap_or(0);
    let r = i32::from(table[d][index.min(63)]);
    r.clamp(1, (depth - 2).max(1))
}

static REDUCTIONS: std::sync::OnceLock<[[u8; 64]; 64]> = std::sync::OnceLock::new();

/// The first move (counting from 0) that late-move reductions may reduce.
pub(crate) const FIRST_REDUCED: usize = 3;

/// How far, in centipawns, a quiet move at depth 1 is assumed to raise the static value at
/// most: beyond it, futility pruning would skip a move that matters.
pub(crate) const FUTILITY_MARGIN: i32 = 200;

/// The most legal replies a check may leave for the check extension to search it a ply
/// deeper.
pub(crate) const CHECK_EXTENSION_REPLIES: usize = 2;

/// What a capture in the quiescence search is assumed to gain beyond the man it takes, at
/// most, in centipawns: delta pruning skips the capture when even that cannot reach alpha.
pub(crate) const DELTA_MARGIN: i32 = 200;

/// Razoring's margins at depth 1 and 2, in centipawns.
pub(crate) const RAZOR_MARGIN: [i32; 3] = [0, 300, 500];

/// The first aspiration window's half-width around the last iteration's value, in
/// centipawns; it grows fourfold on each failure until the full window.
pub(crate) const ASPIRATION_WINDOW: i32 = 35;

/// Whether a window bound is a proof (a mate or known win or loss), where nothing is pruned.
#[must_use]
pub(crate) const fn is_proof(bound: Score) -> bool {
    bound.is_decisive()
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn chess(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn the_zugzwang_guard_keeps_pawn_endings_from_passing() {
        assert!(!may_pass(&chess("8/8/4k3/8/4P3/4K3/8/8 w - - 0 1")));
        assert!(!may_pass(&chess("8/5p2/4k3/8/4P3/4K3/8/8 b - - 0 1")));
        // a rook on the other side does not count
        assert!(!may_pass(&chess("8/8/4k3/8/4P3/4K3/8/r7 w - - 0 1")));
        assert!(may_pass(&chess("8/8/4k3/8/4P3/4K3/8/R7 w - - 0 1")));
        assert!(may_pass(&Chess::default()));
    }

    #[test]
    fn reductions_leave_a_search_to_do() {
        for depth in 3..40 {
            assert!(null_move_depth(depth) >= 0 && null_move_depth(depth) < depth - 1);
            for index in FIRST_REDUCED..60 {
                assert!(depth - 1 - late_move_reduction(depth, index) >= 1);
            }
        }
        // later moves and deeper nodes are reduced more, never less
        for depth in 3..40 {
            for index in FIRST_REDUCED..60 {
                assert!(late_move_reduction(depth, index + 1) >= late_move_reduction(depth, index));
                assert!(late_move_reduction(depth + 1, index) >= late_move_reduction(depth, index));
            }
        }
        assert_eq!(late_move_reduction(3, FIRST_REDUCED), 1);
        assert_eq!(late_move_reduction(20, 40), 5); // 0.75 + ln 20 ln 40 / 2.25 = 5.66
        assert!(is_proof(Score::mate_in(9)) && is_proof(Score::known_win_in(3)));
        assert!(!is_proof(Score::eval(900)));
    }
}
