//! A search score in the Score crate's words, for people and programs: its band (a mate, a win
//! known without a distance, or a heuristic), a short text as a board shows it (`mate in 5`,
//! `#-3`, `known win`, `+0.35`), its UCI form and its value.

use kpk_score::Score;
use kpk_score::bands::Band;
use serde::Serialize;

use crate::category::Category;
use crate::outcome::Outcome;
use crate::ts_names::names;

/// A score as an analysis shows it.
///
/// ```
/// use kpk_answers::score::ScoreAnswer;
/// use kpk_score::Score;
/// let mate = ScoreAnswer::of(Score::mate_in(9));
/// assert_eq!((mate.band, mate.text.as_str(), mate.uci.as_str(), mate.mate), ("mate", "mate in 5", "mate 5", Some(5)));
/// let mated = ScoreAnswer::of(Score::mated_in(6));
/// assert_eq!((mated.band, mated.text.as_str()), ("mated", "#-3"));
/// let known = ScoreAnswer::of(Score::known_win_in(300));
/// assert_eq!((known.band, known.text.as_str()), ("known_win", "known win"));
/// let eval = ScoreAnswer::of(Score::eval(-135));
/// assert_eq!((eval.band, eval.text.as_str(), eval.pawns), ("heuristic", "-1.35", Some(-1.35)));
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
pub struct ScoreAnswer {
    /// `mate` (the side to move mates), `mated`, `known_win` (a win proven by a table or a
    /// recognizer, without a distance to mate), `known_loss`, or `heuristic` (an evaluation).
    #[ts(as = "ScoreBand")]
    pub band: &'static str,
    /// As a board shows it: `mate in 5`, `#-3`, `known win`, `known loss`, `+0.35`.
    pub text: String,
    /// As UCI prints it: `mate 5`, `cp 35`.
    pub uci: String,
    /// The raw value.
    pub value: i32,
    /// For a mate, the moves to it as UCI counts them (negative when mated).
    pub mate: Option<i32>,
    /// For a heuristic, the value in pawns.
    pub pawns: Option<f64>,
}

/// The names of a score's band as [`ScoreAnswer::band`] gives them.
pub const BANDS: [&str; 5] = ["mate", "mated", "known_win", "known_loss", "heuristic"];

/// A score's band, as TypeScript sees [`ScoreAnswer::band`]: one of [`BANDS`].
#[derive(Clone, Copy, Debug)]
pub struct ScoreBand;
names!(ScoreBand: BANDS);

impl ScoreAnswer {
    /// The answer for `score`, from the side to move's point of view.
    #[must_use]
    pub fn of(score: Score) -> ScoreAnswer {
        let mate = score.uci_mate_moves();
        let (band, text, pawns) = match score.band() {
            Band::Mate | Band::Infinite => {
                (BANDS[0], format!("mate in {}", mate.unwrap_or(0)), None)
            }
            Band::Mated | Band::NegInfinite => {
                (BANDS[1], format!("#-{}", mate.unwrap_or(0).unsigned_abs()), None)
            }
            Band::KnownWin => (BANDS[2], "known win".to_string(), None),
            Band::KnownLoss => (BANDS[3], "known loss".to_string(), None),
            Band::Heuristic | Band::Gap => {
                let pawns = f64::from(score.get()) / 100.0;
                (BANDS[4], format!("{pawns:+.2}").replace("+0.00", "0.00"), Some(pawns))
            }
        };
        ScoreAnswer { band, text, uci: score.to_string(), value: score.get(), mate, pawns }
    }
}

/// A score as the evaluation bar shows it, from White's side: its band (`mate`, `known`,
/// `draw` or `heuristic`), its text (`#3`, `#-2`, `White wins (tables)`, `+1.4`, `0.0`) and
/// White's share of the bar, from 0 to 1.
///
/// ```
/// use kpk_answers::score::Bar;
/// use kpk_score::Score;
/// let black_to_move_mates = Bar::of_score(Score::mate_in(5), false);
/// assert_eq!((black_to_move_mates.text.as_str(), black_to_move_mates.white), ("#-3", 0.0));
/// let eval = Bar::of_score(Score::eval(-4), true);
/// assert_eq!(eval.text, "0.0", "no minus on a score that rounds to nothing");
/// assert_eq!(Bar::of_score(Score::eval(135), false).text, "-1.4");
/// let far = Bar::of_score(Score::eval(1925), true);
/// assert_eq!((far.text.as_str(), far.short.as_str()), ("+19.3", "+19"));
/// assert_eq!(Bar::of_score(Score::eval(-1000), true).short, "-10");
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, ts_rs::TS)]
pub struct Bar {
    /// `mate`, `known`, `draw` or `heuristic`.
    #[ts(type = r#""mate" | "known" | "draw" | "heuristic""#)]
    pub band: &'static str,
    /// The bar's text, from White's side.
    pub text: String,
    /// The same where the bar is thin, at most five characters: a mate as `text` (`#3`), a
    /// score under ten pawns as `text` (`+1.4`) and above in whole pawns (`+19`), a result
    /// known without a distance as the books write a decisive advantage (`+-`, `-+`), a draw
    /// `=`, the game's end as its result (`1-0`).
    pub short: String,
    /// White's share of the bar, from 0 to 1.
    pub white: f64,
}

impl Bar {
    /// The engine's `score` for the side to move (White's where `white_to_move`).
    #[must_use]
    pub fn of_score(score: Score, white_to_move: bool) -> Bar {
        let answer = ScoreAnswer::of(score);
        // the side to move's winner, as White or Black
        let (mover, other) = if white_to_move { ("White", "Black") } else { ("Black", "White") };
        let share = |mover_wins: bool| if mover_wins == white_to_move { 1.0 } else { 0.0 };
        match answer.band {
            "mate" => Bar::mate(answer.mate.unwrap_or(0).unsigned_abs(), true, white_to_move),
            "mated" => Bar::mate(answer.mate.unwrap_or(0).unsigned_abs(), false, white_to_move),
            "known_win" => Bar::known(format!("{mover} wins (known)"), share(true)),
            "known_loss" => Bar::known(format!("{other} wins (known)"), share(false)),
            _ => {
                let pawns = f64::from(score.get()) / 100.0;
                let white = if white_to_move { pawns } else { -pawns };
                // one decimal, and no sign on what rounds to nothing
                let tenths = (white * 10.0).round();
                let text = if tenths == 0.0 {
                    "0.0".to_string()
                } else {
                    format!("{:+.1}", tenths / 10.0)
                };
                // ten pawns and more in whole pawns (never "-0": at least ten)
                let short = if white.abs() >= 10.0 {
                    format!("{:+.0}", white.trunc())
                } else {
                    text.clone()
                };
                let share = 1.0 / (1.0 + (-0.75 * white).exp());
                Bar { band: "heuristic", text, short, white: share }
            }
        }
    }

    /// A mate in `moves`, the side to move mating (`mover_mates`) or mated, White to move or
    /// not (the winner from the band, not from the sign of a count that may be zero).
    fn mate(moves: u32, mover_mates: bool, white_to_move: bool) -> Bar {
        let white_mates = mover_mates == white_to_move;
        let sign = if white_mates { "" } else { "-" };
        let text = format!("#{sign}{moves}");
        Bar { band: "mate", short: text.clone(), text, white: if white_mates { 1.0 } else { 0.0 } }
    }

    /// A win known without a distance: the bar all but full.
    fn known(text: String, white: f64) -> Bar {
        let (short, white) = if white > 0.5 { ("+-", 0.97) } else { ("-+", 0.03) };
        Bar { band: "known", text, short: short.to_string(), white }
    }

    /// The tables' verdict `o` for the side to move (White's where `white_to_move`), or `None`
    /// where no table holds the position.
    #[must_use]
    pub fn of_tables(o: &Outcome, white_to_move: bool) -> Option<Bar> {
        if o.checkmate {
            let text = if white_to_move { "0-1" } else { "1-0" };
            return Some(Bar {
                band: "mate",
                text: text.to_string(),
                short: text.to_string(),
                white: if white_to_move { 0.0 } else { 1.0 },
            });
        }
        if o.category == Category::Unknown || !o.held() {
            return None;
        }
        let mover_wins = match o.category {
            Category::Win | Category::SyzygyWin => true,
            Category::Loss | Category::SyzygyLoss => false,
            _ => {
                let (text, short) = ("draw".to_string(), "=".to_string());
                return Some(Bar { band: "draw", text, short, white: 0.5 });
            }
        };
        let white_wins = mover_wins == white_to_move;
        Some(match o.dtm {
            Some(d) => Bar::mate(d.plies().unsigned_abs().div_ceil(2), mover_wins, white_to_move),
            None => {
                let winner = if white_wins { "White" } else { "Black" };
                Bar::known(format!("{winner} wins (tables)"), if white_wins { 1.0 } else { 0.0 })
            }
        })
    }
}
