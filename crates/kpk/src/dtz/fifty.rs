//! The quickest mate the 50-move rule allows from a clock: a search over the DTM tables, each
//! position and clock answered once.

use alloc::collections::BTreeMap;

use super::{FIFTY_MOVES, Wdl50, clock_after, probe};
use crate::dtm;
use crate::{Color, Endgame, Move};

/// A position and its clock, as a memo key.
fn memo_key(pos: &Endgame, halfmoves: u32) -> u64 {
    let (role, man) = pos.extra().map_or((0, 0), |(r, s)| (r as u64 + 1, u64::from(s.index())));
    let stm = u64::from(pos.side_to_move() == Color::Black);
    let side = u64::from(pos.strong_side() == Color::Black);
    u64::from(pos.strong_king().index())
        | man << 6
        | u64::from(pos.weak_king().index()) << 12
        | role << 18
        | stm << 21
        | side << 22
        | u64::from(halfmoves.min(255)) << 23
}

/// `dtm50` in signed plies (the DTM convention: `0` checkmated).
pub(super) fn dtm50_plies(
    pos: &Endgame,
    halfmoves: u32,
    memo: &mut BTreeMap<u64, Option<i32>>,
) -> Option<i32> {
    let d = dtm::probe(pos)?.plies();
    if d == 0 {
        return (halfmoves <= FIFTY_MOVES).then_some(0);
    }
    if halfmoves >= FIFTY_MOVES {
        return None;
    }
    if d.unsigned_abs().saturating_add(halfmoves) <= FIFTY_MOVES {
        return Some(d); // the DTM-optimal mate comes before any claim
    }
    if !matches!(probe(pos).wdl50(halfmoves), Wdl50::Win | Wdl50::Loss) {
        return None; // not even the quickest zeroing move comes in time
    }
    let key = memo_key(pos, halfmoves);
    if let Some(&known) = memo.get(&key) {
        return known;
    }
    let next_clock = |mv: Move| clock_after(halfmoves, pos.is_zeroing(mv));
    let best = if d > 0 {
        // the winner: moves in plain-DTM order, whose plain distance bounds what the rule
        // allows from below, so the first that reaches its bound beats every later one
        let mut best: Option<i32> = None;
        for o in dtm::outcomes(pos) {
            let Some(plain) = o.dtm.filter(|a| a.is_loss()).map(|a| 1 - a.plies()) else {
                break; // the rest do not win
            };
            if best.is_some_and(|b| b <= plain) {
                break;
            }
            if let Some(l) = dtm50_plies(&o.after, next_clock(o.mv), memo).filter(|&l| l <= 0) {
                best = Some(best.map_or(1 - l, |b| b.min(1 - l)));
            }
        }
        best
    } else {
        // the loser (in time, so every move leads to a win still in time: a zeroing move or
        // mate at most DTZ - 1 plies on, at a clock one higher): the longest loss counts
        let mut longest = Some(0);
        for &mv in &pos.legal_moves() {
            let after = pos.play_unchecked(mv);
            match dtm50_plies(&after, next_clock(mv), memo) {
                Some(w) if w > 0 => longest = longest.map(|l: i32| l.max(w + 1)),
                _ => {
                    longest = None;
                    break;
                }
            }
        }
        longest.map(|l| -l)
    };
    memo.insert(key, best);
    best
}
