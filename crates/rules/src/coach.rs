//! The coach: any move of a KPK position judged by the rules: the plan's own move, another that
//! keeps the result, or one that throws it away, with the line that punishes it.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::classifier::{Basis, Classification, classify, classify_endgame};
use crate::plan::{Plan, plan};
use kpk::{Endgame, IllegalMove, KpkPosition, Move, Role, Wdl};

/// The plies of a refutation the coach writes out.
pub const REFUTATION_PLIES: usize = 6;

/// The coach's verdict on a move, in one word.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The plan's own move.
    Plan,
    /// Another move that keeps the result.
    Keeps,
    /// A move that throws the result away.
    Throws,
}

impl Verdict {
    /// The verdict's stable name: `"plan"`, `"keeps"` or `"throws"`.
    ///
    /// ```
    /// assert_eq!(kpk_rules::Verdict::Throws.name(), "throws");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Plan => "plan",
            Verdict::Keeps => "keeps",
            Verdict::Throws => "throws",
        }
    }

    /// The annotation a move with this verdict gets: `"!"` for the plan's, `"?"` for a
    /// mistake, nothing for another move that keeps the result.
    ///
    /// ```
    /// assert_eq!(kpk_rules::Verdict::Plan.mark(), "!");
    /// ```
    #[must_use]
    pub const fn mark(self) -> &'static str {
        match self {
            Verdict::Plan => "!",
            Verdict::Keeps => "",
            Verdict::Throws => "?",
        }
    }
}

/// The coach's judgement of one move: the position and the move, the result before and after
/// it for the side that plays it, the plan's own move, what decides the position after it, and
/// where the move throws the result away, the refutation (the other side's plan, then both
/// sides' plans, for up to [`REFUTATION_PLIES`] plies; or the capture of a promoted piece).
#[derive(Clone, Debug)]
pub struct Judgement {
    /// The position judged.
    pub position: KpkPosition,
    /// The move judged.
    pub mv: Move,
    /// The result for the side to move before the move.
    pub before: Wdl,
    /// The result for the same side after it.
    pub after: Wdl,
    /// The classifier's verdict on the position after it (for the other side, to move).
    pub decided: Classification,
    /// The plan's move in the position, if any.
    pub plan: Option<Plan>,
    /// Where the move throws the result away: the line that punishes it.
    pub refutation: Vec<Move>,
    /// The plan of the first move of the refutation, where a plan gives it.
    pub punisher: Option<Plan>,
}

impl Judgement {
    /// Whether the move keeps the result the position had.
    #[must_use]
    pub fn keeps(&self) -> bool {
        self.after == self.before
    }

    /// Whether the move is the plan's.
    #[must_use]
    pub fn is_plan(&self) -> bool {
        self.plan.is_some_and(|p| p.mv == self.mv)
    }

    /// The verdict: the plan's move, another that keeps the result, or one that throws it away.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        if !self.keeps() {
            Verdict::Throws
        } else if self.is_plan() {
            Verdict::Plan
        } else {
            Verdict::Keeps
        }
    }

    /// The judgement in chess words (moves in SAN).
    ///
    /// ```
    /// use kpk::{Color, KpkPosition, KpkSetup, Move, Square};
    /// use kpk_rules as rules;
    /// // Kd3, Pe3 v Ke6, White to move: Kd4? lets Black take the opposition
    /// let pos = KpkPosition::new(KpkSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::D3,
    ///     pawn: Square::E3,
    ///     weak_king: Square::E6,
    ///     side_to_move: Color::White,
    /// })
    /// .unwrap();
    /// let j = rules::judge(&pos, Move { from: Square::D3, to: Square::D4, promotion: None }).unwrap();
    /// assert_eq!(
    ///     j.reason(),
    ///     "throws the win away: Kd6!, taking the opposition; the strong king cannot pass, and the draw holds"
    /// );
    /// ```
    #[must_use]
    pub fn reason(&self) -> String {
        let game = Endgame::from(self.position);
        if self.keeps() {
            return match (&self.plan, self.before) {
                (Some(p), _) if p.mv == self.mv => format!("the plan's move: {}", p.reason()),
                (Some(p), Wdl::Win) => format!(
                    "keeps the win, but the plan's {} makes surer progress",
                    san(&game, p.mv)
                ),
                (Some(p), Wdl::Draw) => {
                    format!("keeps the draw, as the plan's {} does", san(&game, p.mv))
                }
                (Some(p), Wdl::Loss) => format!(
                    "loses, as every move does; the plan's {} resists best by the rules' measure",
                    san(&game, p.mv)
                ),
                (None, w) => format!("keeps the {}", w.as_str()),
            };
        }
        let lost = match self.before {
            Wdl::Win => "throws the win away",
            _ => "loses",
        };
        let next = game.play_unchecked(self.mv);
        if next.is_stalemate() {
            return format!("{lost}: stalemate");
        }
        let why = match (&self.punisher, self.refutation.first(), next.extra()) {
            (Some(p), Some(&r), _) => {
                format!("{}!, {}; {}", san(&next, r), p.aim.participle(), p.why())
            }
            (None, Some(&r), Some((role, _))) => {
                format!("{}! takes the {}", san(&next, r), role.name())
            }
            (_, _, Some((role @ (Role::Bishop | Role::Knight), _))) => {
                format!("a {} cannot mate", role.name())
            }
            _ => match self.decided.basis {
                Basis::Rule(rule) => rule.clause(),
                _ => "the position after it is a draw".to_string(),
            },
        };
        format!("{lost}: {why}")
    }
}

fn san(pos: &Endgame, m: Move) -> String {
    let mut s = String::new();
    let _ = pos.write_san(m, &mut s);
    s
}

/// Judges a move of a KPK position by the rules (see [`Judgement`]).
///
/// # Errors
/// [`IllegalMove`] when the move is not legal in the position.
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Move, Role, Square, Wdl};
/// use kpk_rules as rules;
/// // Kc7, Pb6 v Ka8, White to move: Kc8?? stalemates
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::C7,
///     pawn: Square::B6,
///     weak_king: Square::A8,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let j = rules::judge(&pos, Move { from: Square::C7, to: Square::C8, promotion: None }).unwrap();
/// assert_eq!((j.before, j.after, j.verdict()), (Wdl::Win, Wdl::Draw, rules::Verdict::Throws));
/// assert_eq!(j.reason(), "throws the win away: stalemate");
/// // a move that is not legal is an error
/// assert!(rules::judge(&pos, Move { from: Square::B6, to: Square::B8, promotion: None }).is_err());
///
/// // Kc6, Pe7 v Kd7 (Black's king guards e8): e8=Q+?? Kxe8
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::G6,
///     pawn: Square::E7,
///     weak_king: Square::D7,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let queen = Move { from: Square::E7, to: Square::E8, promotion: Some(Role::Queen) };
/// let j = rules::judge(&pos, queen).unwrap();
/// assert_eq!(j.reason(), "throws the win away: Kxe8! takes the queen");
/// ```
pub fn judge(pos: &KpkPosition, mv: Move) -> Result<Judgement, IllegalMove> {
    Endgame::from(*pos).play(mv)?;
    Ok(judge_with(pos, mv, plan(pos), classify(pos).wdl))
}

/// Every legal move of a KPK position judged (see [`Judgement`]), in the move generator's
/// order, the plan and the verdict found once.
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square};
/// use kpk_rules as rules;
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::D3,
///     pawn: Square::E3,
///     weak_king: Square::E6,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let all = rules::judge_all(&pos);
/// assert_eq!(all.len(), 8);
/// assert_eq!(all.iter().filter(|j| j.verdict() == rules::Verdict::Plan).count(), 1);
/// ```
#[must_use]
pub fn judge_all(pos: &KpkPosition) -> Vec<Judgement> {
    let (plan, before) = (plan(pos), classify(pos).wdl);
    Endgame::from(*pos).legal_moves().iter().map(|&m| judge_with(pos, m, plan, before)).collect()
}

/// Judges a legal move, the position's plan and verdict given.
fn judge_with(pos: &KpkPosition, mv: Move, plan: Option<Plan>, before: Wdl) -> Judgement {
    let next = Endgame::from(*pos).play_unchecked(mv);
    let decided = classify_endgame(&next);
    let after = -decided.wdl;
    let (mut refutation, mut punisher) = (Vec::new(), None);
    if after < before {
        if let Some((_, square)) = next.extra().filter(|_| next.as_kpk().is_none()) {
            // a promoted piece that falls: the capture is the refutation
            refutation.extend(next.legal_moves().iter().copied().filter(|m| m.to == square));
        }
        let mut at = next;
        while refutation.is_empty() || punisher.is_some() {
            if refutation.len() >= REFUTATION_PLIES {
                break;
            }
            let Some(k) = at.as_kpk() else { break };
            let Some(p) = self::plan(&k) else { break };
            if refutation.is_empty() {
                punisher = Some(p);
            }
            refutation.push(p.mv);
            at = at.play_unchecked(p.mv);
        }
    }
    Judgement { position: *pos, mv, before, after, decided, plan, refutation, punisher }
}
