//! Play by the rules, as answers: the plan's move of a KPK position with its reason
//! ([`PlannedMove`]), and the coach's verdict on every legal move ([`JudgedMove`]), each a
//! value with a JSON form.

use kpk::{Color, Endgame, IllegalMove, KpkPosition, Move, Wdl};
use kpk_rules::{Aim, Idea, Judgement, Progress};
use serde::Serialize;

use crate::ts_names::{AimName, IdeaId, ProgressCounts, VerdictName, WdlName};

use crate::notation::{Notated, Notation, numbered};

/// The plan's move: its notation, its point (`aim`, a stable name for programs) and its
/// reason in chess words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct PlannedMove {
    /// The move.
    #[serde(skip)]
    #[ts(skip)]
    pub mv: Move,
    /// UCI notation.
    pub uci: Notation,
    /// Standard algebraic notation.
    pub san: Notation,
    /// The point of the move (in the JSON its stable name: `opposition`, `key_square`, `run`,
    /// ...).
    #[ts(as = "AimName")]
    pub aim: Aim,
    /// The reason in chess words, without the move: one clause that names the idea.
    pub reason: String,
    /// The idea the move is an instance of (a stable identifier: `distant_opposition`, ...).
    #[ts(as = "IdeaId")]
    pub idea: Idea,
    /// Where the side with the pawn is to move and wins, the progress measure.
    #[ts(as = "Option<ProgressCounts>")]
    pub progress: Option<Progress>,
}

impl PlannedMove {
    /// The plan of a KPK position, `None` when the side to move has no move.
    ///
    /// ```
    /// use kpk_answers::plan::PlannedMove;
    /// let pos = kpk_shakmaty::fen::parse("8/8/4k3/8/8/3KP3/8/8 w - - 0 1").unwrap().position;
    /// let plan = PlannedMove::of(&pos.as_kpk().unwrap()).unwrap();
    /// assert_eq!(plan.san, "Ke4");
    /// assert_eq!(plan.aim, kpk_rules::Aim::Opposition);
    /// ```
    #[must_use]
    pub fn of(pos: &KpkPosition) -> Option<PlannedMove> {
        let plan = kpk_rules::plan(pos)?;
        let game = Endgame::from(*pos);
        Some(PlannedMove {
            mv: plan.mv,
            uci: Notation::uci(plan.mv),
            san: Notation::san(&game, plan.mv),
            aim: plan.aim,
            reason: plan.reason(),
            idea: plan.idea(),
            progress: kpk_rules::progress(pos),
        })
    }
}

/// A line of play written out: its moves and its notation with move numbers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct WrittenLine {
    /// The refutation's moves, from the position after the judged move.
    pub moves: Vec<Notated>,
    /// The judged move and the refutation with move numbers (`1. Kd4? Kd6! 2. Ke4 Ke6`): the
    /// judged move marked `?`, the first reply `!` where it is the only one that punishes.
    pub notation: String,
}

/// The coach's verdict on a move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Verdict {
    /// `only` (the only move that keeps the result), `keeps` (a move that keeps it, as another
    /// does) or `throws` (a move that changes it).
    #[ts(as = "VerdictName")]
    pub kind: kpk_rules::Verdict,
    /// The move's annotation, as the books mark moves: `!` for the only move, `?` for one that
    /// changes the result, else empty.
    pub mark: &'static str,
    /// Whether the move is the plan's.
    pub plan: bool,
    /// Whether the move stalemates.
    pub stalemate: bool,
    /// The result for the side that plays the move, after it: `win`, `draw` or `loss`.
    #[ts(as = "WdlName")]
    pub result: Wdl,
    /// The idea the verdict names: the plan's for its move, the refutation's motive for a
    /// mistake, `stalemate`; `null` for another move that keeps the result.
    #[ts(as = "Option<IdeaId>")]
    pub idea: Option<Idea>,
    /// The verdict in chess words, as a clause (`throws the win away: stalemate`).
    pub reason: String,
    /// The same as the coach's line says it: a sentence, with its capital and full stop
    /// (`Throws the win away: stalemate.`).
    pub sentence: String,
    /// Where the move throws the result away, the line that punishes it.
    pub refutation: Option<WrittenLine>,
}

/// A legal move with the coach's verdict.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct JudgedMove {
    /// UCI notation.
    pub uci: Notation,
    /// Standard algebraic notation.
    pub san: Notation,
    /// The verdict.
    pub verdict: Verdict,
}

impl JudgedMove {
    /// Every legal move of a KPK position judged, in the move generator's order, the position
    /// at move `fullmove` (for the refutations' move numbers).
    ///
    /// ```
    /// use kpk_answers::plan::JudgedMove;
    /// let pos = kpk_shakmaty::fen::parse("8/8/4k3/8/8/3KP3/8/8 w - - 0 1").unwrap().position;
    /// let moves = JudgedMove::all(&pos.as_kpk().unwrap(), 1);
    /// let kd4 = moves.iter().find(|m| m.san == "Kd4").unwrap();
    /// assert_eq!(kd4.verdict.kind, kpk_rules::Verdict::Throws);
    /// assert_eq!(kd4.verdict.refutation.as_ref().unwrap().notation, "1. Kd4? Kd6! 2. Ke4 Ke6 3. Kd4 Kd6 4. Ke4");
    /// ```
    #[must_use]
    pub fn all(pos: &KpkPosition, fullmove: u32) -> Vec<JudgedMove> {
        kpk_rules::judge_all(pos).iter().map(|j| JudgedMove::from_judgement(j, fullmove)).collect()
    }

    /// One move of a KPK position judged, the position at move `fullmove`.
    ///
    /// # Errors
    /// [`IllegalMove`] when the move is not legal in the position.
    ///
    /// ```
    /// use kpk::{Move, Square};
    /// use kpk_answers::plan::JudgedMove;
    /// let pos = kpk_shakmaty::fen::parse("k7/2K5/1P6/8/8/8/8/8 w - - 0 1").unwrap().position;
    /// let kc8 = Move { from: Square::C7, to: Square::C8, promotion: None };
    /// let j = JudgedMove::of(&pos.as_kpk().unwrap(), kc8, 1).unwrap();
    /// assert_eq!(j.verdict.reason, "throws the win away: stalemate");
    /// ```
    pub fn of(pos: &KpkPosition, mv: Move, fullmove: u32) -> Result<JudgedMove, IllegalMove> {
        Ok(JudgedMove::from_judgement(&kpk_rules::judge(pos, mv)?, fullmove))
    }

    fn from_judgement(j: &Judgement, fullmove: u32) -> JudgedMove {
        let game = Endgame::from(j.position);
        let verdict = j.verdict();
        let mut judged = JudgedMove {
            uci: Notation::uci(j.mv),
            san: Notation::san(&game, j.mv),
            verdict: Verdict {
                kind: verdict,
                mark: verdict.mark(),
                plan: j.is_plan(),
                stalemate: j.stalemate,
                result: j.after,
                idea: j.idea(),
                reason: String::new(),
                sentence: String::new(),
                refutation: refutation(&game, j, fullmove),
            },
        };
        judged.verdict.say(j.reason());
        judged
    }
}

/// The judged move and its refutation written out, `None` when the move keeps the result.
fn refutation(game: &Endgame, j: &Judgement, fullmove: u32) -> Option<WrittenLine> {
    if j.refutation.is_empty() {
        return None;
    }
    let mut pos = *game;
    let (mut moves, mut sans) = (Vec::new(), Vec::new());
    for (i, &m) in core::iter::once(&j.mv).chain(&j.refutation).enumerate() {
        let san = Notation::san(&pos, m);
        moves.push(Notated { uci: Notation::uci(m), san });
        // the mistake and the reply that punishes it, annotated
        sans.push(match i {
            0 => format!("{san}{}", kpk_rules::Verdict::Throws.mark()),
            1 if j.reply_only => format!("{san}!"),
            _ => san.to_string(),
        });
        pos = pos.play(m).ok()?;
    }
    moves.remove(0);
    Some(WrittenLine {
        moves,
        notation: numbered(fullmove, game.side_to_move() == Color::White, &sans),
    })
}

impl Verdict {
    /// Gives the verdict its words: the clause `reason` and the coach's sentence made of it.
    ///
    /// ```
    /// use kpk_answers::plan::JudgedMove;
    /// let pos = kpk_shakmaty::fen::parse("k7/2K5/1P6/8/8/8/8/8 w - - 0 1").unwrap().position;
    /// let moves = JudgedMove::all(&pos.as_kpk().unwrap(), 1);
    /// let kc8 = moves.iter().find(|m| m.uci == "c7c8").unwrap();
    /// assert_eq!(kc8.verdict.sentence, "Throws the win away: stalemate.");
    /// ```
    pub fn say(&mut self, reason: String) {
        self.sentence = crate::words::sentence(&reason);
        self.reason = reason;
    }

    /// Whether the text form lists the move on a line of its own: the plan's move, the only
    /// move, a stalemate, and every move that changes the result; the others share one line
    /// ([`the_rest`]).
    #[must_use]
    pub fn said_alone(&self) -> bool {
        self.plan || self.stalemate || self.kind != kpk_rules::Verdict::Keeps
    }
}

/// The moves the text form does not list alone, in one line: `"every other move keeps the
/// draw"`, `"Kb5 and Kc5 also keep the win"`; `None` when there are none.
///
/// ```
/// use kpk_answers::plan::{JudgedMove, the_rest};
/// let pos = kpk_shakmaty::fen::parse("1k6/1P6/2K5/8/8/8/8/8 w - - 0 1").unwrap().position;
/// let moves = JudgedMove::all(&pos.as_kpk().unwrap(), 1);
/// assert_eq!(the_rest(&moves).as_deref(), Some("every other move keeps the draw"));
/// ```
#[must_use]
pub fn the_rest(moves: &[JudgedMove]) -> Option<String> {
    let rest: Vec<&JudgedMove> = moves.iter().filter(|m| !m.verdict.said_alone()).collect();
    let first = rest.first()?;
    let every_other = moves.iter().all(|m| m.verdict.kind != kpk_rules::Verdict::Throws);
    let kept = match first.verdict.result {
        Wdl::Loss => {
            return Some(
                if every_other { "every other move loses too" } else { "the others lose too" }
                    .to_string(),
            );
        }
        w => w.as_str(),
    };
    Some(if every_other {
        format!("every other move keeps the {kept}")
    } else {
        let sans: Vec<&str> = rest.iter().map(|m| m.san.as_str()).collect();
        let verb = if rest.len() == 1 { "keeps" } else { "keep" };
        format!("{} also {verb} the {kept}", crate::words::and_list(&sans))
    })
}
