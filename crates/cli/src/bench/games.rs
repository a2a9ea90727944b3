//! The conversion benchmark: from won KPK positions, the engine (a fixed-depth search with
//! endgame knowledge but no distance to mate) plays against a perfect defender (the DTM
//! tables) until mate. Does a search with a win/draw table make progress?
//!
//! **How the games are played.** The engine searches each position with a fresh table and no
//! game history, so its move is a function of the position; the defender plays the DTM
//! table's best move (the slowest defeat; ties broken by the table's move order), also a
//! function of the position. A game is then a path through positions, and the games from all
//! starting positions share their tails: every position is searched once, and the results
//! (plies to mate, the longest stretch without a pawn move or capture) are memoised along the
//! paths. A path that returns to a position it has visited (where an engine that sees the
//! game's history would deviate), and a game that goes more than 100 plies without a pawn move
//! or capture, is played again as a real game, in which the engine is given the history and
//! the halfmove clock like any engine in a game; its result replaces the memoised one. Engine
//! moves are computed on every available core, in waves of positions whose move is not
//! yet known.
//!
//! **What it reports** ([`Report`]): games converted, fallen into a draw (the engine played a
//! move after which the position is no longer won), repeated, over the 50-move rule (more
//! than 100 plies without a pawn move or capture somewhere in the game), and the plies beyond
//! the optimal distance to mate (mean and maximum over the converted games).
//!
//! ```
//! use kpk_cli::bench::games::{Player, won_kpk_positions, run};
//! use kpk_search::eval::Knowledge;
//!
//! // ten won positions, the engine at depth 2 with the bitbase and the progress estimate
//! let starts: Vec<_> = won_kpk_positions().step_by(10_000).take(10).collect();
//! let report = run(&starts, Player { knowledge: Knowledge::Progress, depth: 2 });
//! assert_eq!(report.games, 10);
//! assert_eq!(report.drawn, 0);
//! ```

use std::collections::HashMap;

use kpk::{Endgame, KpkPosition, Move, Wdl, dtm};
use shakmaty::uci::UciMove;

use kpk_search::eval::Knowledge;
use kpk_search::search::{Limits, Options, Searcher, key};
use kpk_shakmaty::{to_chess, to_chess_with_clock};

/// At most this many failed games are replayed with history (each costs a search per move).
pub const MAX_REPLAYS: usize = 2_000;

/// The engine under test: a search setting that plays the strong side (not the UCI `Engine`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Player {
    /// Its endgame knowledge.
    pub knowledge: Knowledge,
    /// Its search depth in plies.
    pub depth: u8,
}

/// The figures of one run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Starting positions.
    pub games: usize,
    /// Games that ended in mate.
    pub converted: usize,
    /// Games where the engine let the win go (a draw by the tables, stalemate, or the pawn
    /// lost).
    pub drawn: usize,
    /// Games that repeated a position three times, or went on past 600 plies.
    pub repeated: usize,
    /// Of those, the games that repeated before the pawn promoted (in the KPK phase).
    pub repeated_before_promotion: usize,
    /// Converted games with more than 100 plies in a row without a pawn move or capture.
    pub over_fifty_moves: usize,
    /// Mean plies beyond the optimal distance to mate, over the converted games.
    pub mean_excess: f64,
    /// The largest excess.
    pub max_excess: u32,
    /// A starting position of each failure kind, in FEN (drawn, repeated, over 50 moves).
    pub examples: Vec<(String, String)>,
    /// Positions the engine searched for the memoised games.
    pub searches: usize,
    /// Games the memoised engine repeated or played past the 50-move rule.
    pub failed_memoised: usize,
    /// How many of those were played again as real games, in which the engine sees the game's
    /// history and clock (all of them up to [`MAX_REPLAYS`], else an even sample of that
    /// many); the figures above count their second result, and the failures not replayed as
    /// they were.
    pub replayed: usize,
}

/// Every won KPK position with the pawn White's (Black's are their mirror images), both sides
/// to move: the strong side to move and winning, or the defender to move and losing.
pub fn won_kpk_positions() -> impl Iterator<Item = Endgame> {
    KpkPosition::all()
        .filter(|p| p.strong_side() == kpk::Color::White && p.probe() != Wdl::Draw)
        .filter_map(|p| {
            let s = p.setup();
            Endgame::new(kpk::EndgameSetup {
                strong_side: s.strong_side,
                strong_king: s.strong_king,
                extra: Some((kpk::Role::Pawn, s.pawn)),
                weak_king: s.weak_king,
                side_to_move: s.side_to_move,
            })
            .ok()
        })
}

/// How a game from a position ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Mate after `plies`; `head` plies before the first pawn move or capture, and the longest
    /// stretch without one.
    Mate {
        plies: u32,
        head: u32,
        longest: u32,
    },
    Drawn,
    /// A position repeated three times (or 600 plies played); `pawn`: while the pawn was
    /// still on the board (the KPK phase), not after its promotion.
    Repeated {
        pawn: bool,
    },
}

/// The engine's move in a won position (no game history, halfmove clock 0).
fn engine_move(pos: &Endgame, engine: Player) -> Option<Move> {
    engine_move_in_game(pos, engine, &[], 0)
}

/// The engine's move in a game: `history` holds the keys of the positions played since the
/// last pawn move or capture, `clock` the halfmove clock.
fn engine_move_in_game(pos: &Endgame, engine: Player, history: &[u64], clock: u32) -> Option<Move> {
    let chess = to_chess_with_clock(pos, clock);
    let mut searcher = Searcher::new(1)
        .with_options(Options { knowledge: engine.knowledge, ..Options::default() });
    let limits = Limits { depth: Some(engine.depth), ..Limits::default() };
    let best = searcher.run(&chess, history, limits, &mut |_| {}).best?;
    let uci = UciMove::from_standard(best).to_string();
    pos.legal_moves().iter().copied().find(|m| m.to_string() == uci)
}

/// A real game from `start`: the engine sees the game's history and clock, so it avoids
/// repeating positions; ends in mate, a draw (by the tables, threefold repetition or the
/// 50-move rule), or after 600 plies (counted as a repetition).
fn replay(start: Endgame, engine: Player) -> Outcome {
    let mut pos = start;
    let mut seen: Vec<Endgame> = Vec::new();
    let mut keys: Vec<u64> = Vec::new();
    let (mut plies, mut clock, mut longest) = (0u32, 0u32, 0u32);
    while plies < 600 {
        if pos.is_checkmate() {
            return Outcome::Mate { plies, head: 0, longest };
        }
        if dtm::wdl(&pos) == Wdl::Draw || clock >= 100 {
            return Outcome::Drawn;
        }
        if seen.iter().filter(|&&p| p == pos).count() >= 2 {
            return Outcome::Repeated { pawn: has_pawn(&pos) };
        }
        let m = if pos.strong_to_move() {
            engine_move_in_game(&pos, engine, &keys, clock)
        } else {
            dtm::best_move(&pos)
        };
        let Some(m) = m else { return Outcome::Drawn };
        if is_zeroing(&pos, m) {
            (clock, seen, keys) = (0, Vec::new(), Vec::new());
        } else {
            clock += 1;
            longest = longest.max(clock);
            seen.push(pos);
            keys.push(key(&to_chess(&pos)));
        }
        let Ok(next) = pos.play(m) else { return Outcome::Drawn };
        pos = next;
        plies += 1;
    }
    Outcome::Repeated { pawn: has_pawn(&pos) }
}

fn has_pawn(pos: &Endgame) -> bool {
    pos.extra().is_some_and(|(r, _)| r == kpk::Role::Pawn)
}

fn is_zeroing(pos: &Endgame, m: Move) -> bool {
    let pawn_move = pos.extra().is_some_and(|(r, sq)| r == kpk::Role::Pawn && sq == m.from);
    let capture = m.to == pos.weak_king() || pos.extra().is_some_and(|(_, sq)| sq == m.to);
    pawn_move || capture
}

/// Plays every game from `starts` as the [module docs](self) describe.
#[must_use]
pub fn run(starts: &[Endgame], engine: Player) -> Report {
    let mut moves: HashMap<Endgame, Option<Move>> = HashMap::new();
    let mut outcomes: HashMap<Endgame, Outcome> = HashMap::new();
    loop {
        let mut wanted = Vec::new();
        for &start in starts {
            if let Err(need) = walk(start, &moves, &mut outcomes) {
                wanted.push(need);
            }
        }
        wanted.sort_by_key(ToString::to_string);
        wanted.dedup();
        if wanted.is_empty() {
            break;
        }
        for (pos, m) in search_all(&wanted, engine) {
            moves.insert(pos, m);
        }
    }
    let mut report = Report { games: starts.len(), searches: moves.len(), ..Report::default() };
    // games the memoised engine could not finish: play them again as real games
    let failed: Vec<Endgame> = starts
        .iter()
        .copied()
        .filter(|s| match outcomes[s] {
            Outcome::Mate { longest, .. } => longest > 100,
            Outcome::Repeated { .. } => true,
            Outcome::Drawn => false,
        })
        .collect();
    report.failed_memoised = failed.len();
    let step = failed.len().div_ceil(MAX_REPLAYS).max(1);
    let replayed: Vec<Endgame> = failed.iter().copied().step_by(step).collect();
    report.replayed = replayed.len();
    for (start, outcome) in parallel(&replayed, |p| replay(*p, engine)) {
        outcomes.insert(start, outcome);
    }
    let mut excess_sum = 0u64;
    for start in starts {
        let optimal = dtm::probe(start).map_or(0, |d| d.plies().unsigned_abs());
        match outcomes[start] {
            Outcome::Mate { plies, longest, .. } => {
                report.converted += 1;
                let excess = plies.saturating_sub(optimal);
                excess_sum += u64::from(excess);
                report.max_excess = report.max_excess.max(excess);
                if longest > 100 {
                    report.over_fifty_moves += 1;
                    example(&mut report, "over 50 moves", start);
                }
            }
            Outcome::Drawn => {
                report.drawn += 1;
                example(&mut report, "drawn", start);
            }
            Outcome::Repeated { pawn } => {
                report.repeated += 1;
                if pawn {
                    report.repeated_before_promotion += 1;
                    example(&mut report, "repeated before promotion", start);
                }
                example(&mut report, "repeated", start);
            }
        }
    }
    #[allow(clippy::cast_precision_loss)] // counts far below 2^52
    if report.converted > 0 {
        report.mean_excess = excess_sum as f64 / report.converted as f64;
    }
    report
}

fn example(report: &mut Report, kind: &str, pos: &Endgame) {
    if !report.examples.iter().any(|(k, _)| k == kind) {
        report.examples.push((kind.to_string(), pos.to_string()));
    }
}

/// Follows the game from `start` through known outcomes and known engine moves, recording
/// the outcomes of every position on the way; `Err(pos)` when the engine's move in `pos` is
/// not known yet.
fn walk(
    start: Endgame,
    moves: &HashMap<Endgame, Option<Move>>,
    outcomes: &mut HashMap<Endgame, Outcome>,
) -> Result<(), Endgame> {
    let mut path: Vec<(Endgame, bool)> = Vec::new(); // position, zeroing move played from it
    let mut pos = start;
    let mut end = loop {
        if let Some(&o) = outcomes.get(&pos) {
            break o;
        }
        if path.iter().any(|(p, _)| *p == pos) {
            break Outcome::Repeated { pawn: has_pawn(&pos) };
        }
        if pos.is_checkmate() {
            break Outcome::Mate { plies: 0, head: 0, longest: 0 };
        }
        if dtm::wdl(&pos) == Wdl::Draw || pos.legal_moves().is_empty() {
            break Outcome::Drawn;
        }
        let m = if pos.strong_to_move() {
            match moves.get(&pos) {
                Some(Some(m)) => *m,
                Some(None) => break Outcome::Drawn,
                None => return Err(pos),
            }
        } else {
            match dtm::best_move(&pos) {
                Some(m) => m,
                None => break Outcome::Drawn,
            }
        };
        path.push((pos, is_zeroing(&pos, m)));
        // both players' moves are legal ones; a failure would be a bug, counted as a lost win
        let Ok(next) = pos.play(m) else { break Outcome::Drawn };
        pos = next;
    };
    for &(p, zeroing) in path.iter().rev() {
        end = match end {
            Outcome::Mate { plies, head, longest } => {
                let head = if zeroing { 0 } else { head + 1 };
                Outcome::Mate { plies: plies + 1, head, longest: longest.max(head) }
            }
            other => other,
        };
        outcomes.insert(p, end);
    }
    Ok(())
}

/// The engine's moves in `positions`, on every core.
fn search_all(positions: &[Endgame], engine: Player) -> Vec<(Endgame, Option<Move>)> {
    parallel(positions, |p| engine_move(p, engine))
}

/// `f` of every position, on every core.
fn parallel<T: Send>(positions: &[Endgame], f: impl Fn(&Endgame) -> T + Sync) -> Vec<(Endgame, T)> {
    let f = &f;
    let threads = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let chunk = positions.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        let handles: Vec<_> = positions
            .chunks(chunk)
            .map(|part| s.spawn(move || part.iter().map(|p| (*p, f(p))).collect::<Vec<_>>()))
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    })
}

/// One game from `start`, as [`run`] plays it, up to `max_plies`: the positions and the moves
/// played from them (the engine's for the strong side, the tables' for the defender).
#[must_use]
pub fn play(start: Endgame, engine: Player, max_plies: usize) -> Vec<(Endgame, Move)> {
    let mut game = Vec::new();
    let mut pos = start;
    while game.len() < max_plies {
        let m = if pos.strong_to_move() { engine_move(&pos, engine) } else { dtm::best_move(&pos) };
        let Some(m) = m else { break };
        game.push((pos, m));
        let Ok(next) = pos.play(m) else { break };
        pos = next;
    }
    game
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_one_push_from_mate_is_converted_optimally() {
        // White: Kb6, Pa7... a won position near the end
        let start: Endgame = won_kpk_positions()
            .find(|p| dtm::probe(p).is_some_and(|d| d.is_win() && d.plies() == 3))
            .unwrap();
        let report = run(&[start], Player { knowledge: Knowledge::Progress, depth: 4 });
        assert_eq!((report.converted, report.max_excess), (1, 0), "{start}");
    }
}
