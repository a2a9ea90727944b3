//! Distance to zeroing and the 50-move rule: the embedded table, the documented conventions,
//! and the shortest mate the rule allows against a brute-force search on shakmaty. (DTZ itself
//! is checked against the independent solver on every position in `tests/dtm.rs`.)

mod common;

use std::collections::HashMap;

use common::bridge::ours;
use kpk::Endgame;
use kpk::dtm::{self, Dtm};
use kpk::dtz::{self, Dtz, Wdl50};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};

fn chess(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

#[test]
fn the_table_has_one_byte_a_kpk_position() {
    assert_eq!(dtz::TABLE_BYTES, 196_608);
    assert_eq!(dtz::solve_kpk_table().len(), dtz::TABLE_BYTES);
}

#[test]
fn the_documented_conventions_hold() {
    // (FEN, DTZ) for each row of the module's table
    for (fen, expected) in [
        ("8/8/8/8/8/k7/4P3/4K3 w - - 0 1", 1),
        ("7k/8/8/8/8/8/4P3/4K3 w - - 0 1", 9),
        ("8/8/8/8/8/2k5/1R6/K7 w - - 0 1", 31),
        ("8/8/8/8/8/4k3/8/4K3 w - - 0 1", 0),
        ("4k3/4P3/4K3/8/8/8/8/8 b - - 0 1", 0),
        ("1R4k1/8/6K1/8/8/8/8/8 b - - 0 1", -1),
        ("8/8/8/8/8/2k5/1R6/K7 b - - 0 1", -32),
    ] {
        let pos = chess(fen);
        let d = dtz::probe(&ours(&pos));
        assert_eq!(d.plies(), expected, "{fen}");
    }
    // the rule's edges, both sides
    let win = Dtz::new(31);
    assert_eq!(win.wdl50(69), Wdl50::Win);
    assert_eq!(win.wdl50(70), Wdl50::CursedWin);
    assert_eq!((-win).wdl50(69), Wdl50::Loss);
    assert_eq!((-win).wdl50(70), Wdl50::BlessedLoss);
    assert_eq!(Dtz::CHECKMATED.wdl50(100), Wdl50::Loss);
    assert_eq!(Dtz::CHECKMATED.wdl50(101), Wdl50::BlessedLoss);
    assert_eq!(Dtz::new(1).wdl50(100), Wdl50::CursedWin);
    for h in [0, 50, 100, 200, u32::MAX] {
        assert_eq!(Dtz::DRAW.wdl50(h), Wdl50::Draw);
    }
    assert_eq!(-Wdl50::CursedWin, Wdl50::BlessedLoss);
    assert_eq!(Wdl50::CursedWin.result(), kpk::Wdl::Draw);
}

#[test]
fn arithmetic_saturates_and_never_panics() {
    assert_eq!(Dtz::new(i16::MIN), Dtz::new(-i16::MAX));
    assert_eq!(Dtz::new(i16::MAX).add_plies_checked(1), None);
    assert_eq!(Dtz::new(-3).add_plies_saturating(u32::MAX), Dtz::new(-i16::MAX));
    assert_eq!(Dtz::new(i16::MAX).before_move(), Dtz::new(-i16::MAX));
    assert_eq!(Dtz::new(-i16::MAX).before_move(), Dtz::new(i16::MAX));
    assert_eq!(Dtz::DRAW.before_move(), Dtz::DRAW);
    assert_eq!(Dtz::DRAW.add_plies_checked(5), Some(Dtz::DRAW));
    assert_eq!(Dtz::new(i16::MAX).wdl50(u32::MAX), Wdl50::CursedWin);
}

/// The shortest mate under the 50-move rule by plain minimax on shakmaty over the positions
/// before the next zeroing move, with the clock in the state: a position with the clock at 100
/// that is not checkmate is a draw, a zeroing move restarts the clock at 0, where the library's
/// DTM (checked against the independent solver elsewhere; at most 56 plies, so the rule cannot
/// bite) gives the rest. Signed plies as DTM; `None` a draw.
fn brute_force(
    pos: &Chess,
    clock: u32,
    memo: &mut HashMap<(String, u32), Option<i32>>,
) -> Option<i32> {
    if pos.is_checkmate() {
        return Some(0);
    }
    if pos.is_stalemate() || pos.is_insufficient_material() || clock >= 100 {
        return None;
    }
    let key = (Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string(), clock);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let (mut win, mut draw, mut loss): (Option<i32>, bool, Option<i32>) = (None, false, None);
    for m in &pos.legal_moves() {
        let mut next = pos.clone();
        next.play_unchecked(*m);
        let r = if m.is_zeroing() {
            if next.is_checkmate() { Some(0) } else { dtm::probe(&ours(&next)).map(Dtm::plies) }
        } else {
            brute_force(&next, clock + 1, memo)
        };
        match r {
            Some(l) if l <= 0 => win = Some(win.map_or(1 - l, |w| w.min(1 - l))),
            Some(w) => loss = Some(loss.map_or(-(w + 1), |x| x.min(-(w + 1)))),
            None => draw = true,
        }
    }
    let v = if win.is_some() {
        win
    } else if draw {
        None
    } else {
        loss
    };
    memo.insert(key, v);
    v
}

#[test]
#[cfg_attr(debug_assertions, ignore = "a search per position: release profile")]
fn dtm50_equals_a_brute_force_search_near_the_clocks_edges() {
    let mut rng = kpk_testkit::XorShift::new(50);
    let mut memo = HashMap::new();
    let (mut checked, mut shortened, mut spoiled) = (0u32, 0u32, 0u32);
    while checked < 1_000 {
        let kp = kpk_testkit::random_position(&mut rng);
        let pos = Endgame::from(kp);
        let Some(d) = dtm::probe(&pos) else { continue };
        let z = dtz::probe(&pos).plies().unsigned_abs();
        let m = d.plies().unsigned_abs();
        // clocks around the last one the quickest zeroing move allows, and the last one the
        // DTM-optimal mate allows
        for clock in [100 - z - 4, 100 - z, 101 - z, 100 - m, 101 - m, 103 - m] {
            if clock > 100 || clock + 12 < 100 - z {
                continue;
            }
            let fen = pos.to_string();
            let theirs = brute_force(&chess(&fen), clock, &mut memo);
            let got = dtz::dtm50(&pos, clock).map(Dtm::plies);
            assert_eq!(got, theirs, "{fen} at clock {clock}");
            shortened += u32::from(got.is_some_and(|g| g != d.plies()));
            spoiled += u32::from(got.is_none());
            checked += 1;
        }
    }
    // the sample holds both effects of the rule: longer mates and lost wins
    assert!(shortened > 10 && spoiled > 100, "{shortened} {spoiled}");
}

#[test]
fn line50_keeps_the_distance_and_ends_in_mate_within_the_rule() {
    let mut rng = kpk_testkit::XorShift::new(51);
    let mut checked = 0;
    while checked < 400 {
        let kp = kpk_testkit::random_position(&mut rng);
        let pos = Endgame::from(kp);
        let Some(d) = dtm::probe(&pos) else { continue };
        let clock = 100u32.saturating_sub(d.plies().unsigned_abs()) + (checked % 7);
        let expected = dtz::dtm50(&pos, clock);
        let line = dtz::line50(&pos, clock);
        match expected {
            None => assert!(line.is_empty(), "{pos} at {clock}"),
            Some(e) => {
                assert_eq!(line.len(), e.plies().unsigned_abs() as usize, "{pos} at {clock}");
                let mut c = clock;
                let mut at = pos;
                for step in &line {
                    assert!(c < 100, "{pos}: a move after the clock ran out");
                    c = if at.is_zeroing(step.mv) { 0 } else { c + 1 };
                    at = step.after;
                }
                assert!(line.is_empty() || at.is_checkmate(), "{pos}");
                if e == d {
                    // room enough: the plain optimal line's length
                    assert_eq!(line.len(), dtm::line(&pos).count(), "{pos}");
                }
            }
        }
        checked += 1;
    }
}
