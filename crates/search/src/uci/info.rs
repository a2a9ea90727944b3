//! What the engine says while it searches: the `info` lines, with the win/draw/loss model of
//! `UCI_ShowWDL`, and moves in UCI notation.

use kpk_score::{Score, UciScore};
use shakmaty::Move;
use shakmaty::uci::UciMove;

use crate::search::Info;

/// The win, draw and loss chances in permille that `UCI_ShowWDL` reports for a score: certain
/// for a proof (a mate, or a known win or loss of the endgame knowledge and the tables);
/// for an evaluation a logistic model in centipawns (at 0: 76 / 848 / 76; at +150: 500 / 492 /
/// 8; at +300: 924 / 75 / 1), a guide for a GUI's bar, not a measured rate.
#[must_use]
pub fn wdl_permille(score: Score) -> (u32, u32, u32) {
    if score.is_winning_proof() {
        return (1000, 0, 0);
    }
    if score.is_losing_proof() {
        return (0, 0, 1000);
    }
    let cp = f64::from(score.get());
    let chance = |x: f64| 1000.0 / (1.0 + (-x / 60.0).exp());
    // whole permilles that add up to 1,000
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // 0..=1000
    let (w, l) = (chance(cp - 150.0).round() as u32, chance(-cp - 150.0).round() as u32);
    (w, 1000 - w - l, l)
}

/// The `info` line of one iteration (with `wdl W D L` when `show_wdl`).
pub(super) fn info_line(info: &Info, show_wdl: bool) -> String {
    let ms = info.time.as_millis();
    let nps = u128::from(info.nodes) * 1000 / ms.max(1);
    let pv: Vec<String> = info.pv.iter().map(uci).collect();
    let score = UciScore { score: info.score, bound: info.bound };
    let mut line = format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} time {ms} hashfull {} tbhits {}",
        info.depth, info.seldepth, info.nodes, info.hashfull, info.tbhits
    );
    if info.multipv > 0 {
        line = line.replacen(" score ", &format!(" multipv {} score ", info.multipv), 1);
    }
    if show_wdl {
        let (w, d, l) = wdl_permille(info.score);
        line = line.replacen(" nodes ", &format!(" wdl {w} {d} {l} nodes "), 1);
    }
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// A move in UCI notation (`e2e4`, `e7e8q`, `e1g1`).
pub(super) fn uci(m: &Move) -> String {
    UciMove::from_standard(*m).to_string()
}
