//! The one order of a position's moves, best first for the side to move, as lichess's
//! tablebase gives it: for the embedded tables and the Syzygy files alike.

use core::cmp::Reverse;

use crate::category::Category;

/// What the order of a move depends on: the facts of the position it leads to, from the
/// opponent's view, and the move's own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MoveFacts {
    /// The opponent's category after the move.
    pub category: Category,
    /// The opponent is checkmated.
    pub checkmate: bool,
    /// The opponent is stalemated.
    pub stalemate: bool,
    /// Neither side can mate after the move.
    pub insufficient_material: bool,
    /// The opponent's distance to mate in plies (three men only).
    pub dtm: Option<i32>,
    /// The opponent's distance to zeroing in plies, as the table gives it.
    pub dtz: Option<i32>,
    /// A capture or a promotion.
    pub conversion: bool,
    /// A capture or a pawn move.
    pub zeroing: bool,
    /// The rank of the man taken (0 for none; a larger man ranks higher).
    pub capture: u8,
    /// The rank of the new piece (0 for none; a queen ranks highest).
    pub promotion: u8,
    /// The move's place in the order the source gave (the tables: by DTM, then squares; the
    /// files: the move generator's), the last tie-break.
    pub index: usize,
}

/// A metric ordered so that the quickest loss comes first and the slowest win last (lichess's
/// "tightening" order: negative values from -1 down, then none or zero, then positive values
/// from the largest down).
fn tightening(metric: Option<i32>) -> (Reverse<Option<i32>>, Option<Reverse<i32>>) {
    (Reverse(metric.filter(|m| *m < 0)), metric.filter(|m| *m > 0).map(Reverse))
}

/// A move's sort key, lowest first: the category the opponent is left with, checkmate first,
/// then stalemate and insufficient material first among draws, the distance to mate (the
/// quickest mate, the slowest defeat), a conversion and then a zeroing move first where the
/// move wins or draws (last where it loses), the DTZ (the quickest zeroing first), the larger
/// capture and promotion first, and the source's order.
#[allow(clippy::type_complexity)]
pub(crate) fn sort_key(
    m: &MoveFacts,
) -> (
    u8,
    bool,
    (bool, bool),
    (Reverse<Option<i32>>, Option<Reverse<i32>>),
    bool,
    (bool, Option<Reverse<i32>>),
    (Reverse<u8>, Reverse<u8>),
    usize,
) {
    let positive = matches!(m.category, Category::Win | Category::SyzygyWin | Category::CursedWin);
    (
        m.category.rank_after(),
        !m.checkmate,
        (!m.stalemate, !m.insufficient_material),
        tightening(m.dtm),
        m.conversion ^ !positive,
        (m.zeroing ^ !positive, m.dtz.map(Reverse)),
        (Reverse(m.capture), Reverse(m.promotion)),
        m.index,
    )
}
