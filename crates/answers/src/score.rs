//! A search score in the Score crate's words, for people and programs: its band (a mate, a win
//! known without a distance, or a heuristic), a short text as a board shows it (`mate in 5`,
//! `#-3`, `known win`, `+0.35`), its UCI form and its value.

use kpk_score::Score;
use kpk_score::bands::Band;
use serde::Serialize;

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
