//! The coach: any move of a KPK position judged by the rules: the plan's own move, another that
//! keeps the result, or one that throws it away, with the line that punishes it.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::classifier::{Basis, Classification, classify, classify_endgame, worse_to_move};
use crate::frame::Coord;
use crate::idea::Idea;
use crate::plan::{Plan, plan};
use crate::rule::Rule;
use crate::why::main_clause;
use crate::words::{san, side};
use kpk::{Endgame, IllegalMove, KpkPosition, Move, Role, Wdl};

/// The plies of a refutation the coach writes out.
pub const REFUTATION_PLIES: usize = 6;

/// The coach's verdict on a move, in one word, as the endgame books mark moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// The only move that keeps the result, of two or more (and not a stalemate): `!`.
    Only,
    /// A move that keeps the result, as another does: no mark.
    Keeps,
    /// A move that changes the result: `?`.
    Throws,
}

impl Verdict {
    /// The verdict's stable name: `"only"`, `"keeps"` or `"throws"`.
    ///
    /// ```
    /// assert_eq!(kpk_rules::Verdict::Throws.name(), "throws");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Verdict::Only => "only",
            Verdict::Keeps => "keeps",
            Verdict::Throws => "throws",
        }
    }

    /// The annotation a move with this verdict gets: `"!"` for the only move, `"?"` for one
    /// that changes the result, nothing otherwise.
    ///
    /// ```
    /// assert_eq!(kpk_rules::Verdict::Only.mark(), "!");
    /// assert_eq!(kpk_rules::Verdict::Keeps.mark(), "");
    /// ```
    #[must_use]
    pub const fn mark(self) -> &'static str {
        match self {
            Verdict::Only => "!",
            Verdict::Keeps => "",
            Verdict::Throws => "?",
        }
    }
}

/// The coach's judgement of one move: the position and the move, the result before and after
/// it for the side that plays it, whether it is the only move that keeps the result or a
/// stalemate, the plan's own move, what decides the position after it, and where the move
/// changes the result, the refutation (the other side's plan, then both sides' plans, for up to
/// [`REFUTATION_PLIES`] plies; or the capture of a promoted piece) and its motive.
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
    /// Whether the move is the only one of two or more that keeps the result.
    pub only: bool,
    /// Whether the move stalemates.
    pub stalemate: bool,
    /// The classifier's verdict on the position after it (for the other side, to move).
    pub decided: Classification,
    /// The plan's move in the position, if any.
    pub plan: Option<Plan>,
    /// Where the move changes the result: the line that punishes it.
    pub refutation: Vec<Move>,
    /// The plan of the first move of the refutation, where a plan gives it.
    pub punisher: Option<Plan>,
    /// Whether the refutation's first move is the only one that punishes the mistake.
    pub reply_only: bool,
    /// Where the move changes the result, what its refutation does, as an idea and a clause:
    /// the pawn falls, the opposition taken, stalemate, the punishing plan's point, or why the
    /// position after the mistake is what it is.
    pub motive: Option<(Idea, String)>,
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

    /// The verdict: the only move (`!`), another that keeps the result, or one that changes it
    /// (`?`). A stalemate is never `!`.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        if !self.keeps() {
            Verdict::Throws
        } else if self.only && !self.stalemate {
            Verdict::Only
        } else {
            Verdict::Keeps
        }
    }

    /// The idea the judgement names: the stalemate, the motive of the refutation, or the
    /// plan's idea for its own move; `None` for another move that keeps the result.
    #[must_use]
    pub fn idea(&self) -> Option<Idea> {
        if self.stalemate {
            Some(Idea::Stalemate)
        } else if !self.keeps() {
            self.motive.as_ref().map(|m| m.0)
        } else {
            self.plan.filter(|p| p.mv == self.mv).map(|p| p.idea())
        }
    }

    /// The judgement in chess words (moves in SAN), at most a short sentence.
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
    ///     "throws the win away: after Kd6!, the black king takes the opposition"
    /// );
    /// ```
    #[must_use]
    pub fn reason(&self) -> String {
        let game = Endgame::from(self.position);
        let lost = match self.before {
            Wdl::Win => "throws the win away",
            _ => "loses",
        };
        if self.stalemate {
            return if self.keeps() && self.only {
                "stalemate: the only way to keep the draw".to_string()
            } else if self.keeps() {
                "stalemate: the game ends in a draw".to_string()
            } else {
                format!("{lost}: stalemate")
            };
        }
        if self.keeps() {
            let plan = self.plan.filter(|p| p.mv == self.mv).map(|p| p.reason());
            return match (self.verdict(), plan, self.before) {
                (Verdict::Only, Some(reason), _) => format!("only move: {reason}"),
                (Verdict::Only, None, w) => format!("only move: keeps the {}", w.as_str()),
                (_, Some(reason), _) => reason,
                (_, None, Wdl::Loss) => "loses, as every move does".to_string(),
                (_, None, w) => format!("also keeps the {}", w.as_str()),
            };
        }
        match (&self.motive, game.play_unchecked(self.mv).extra()) {
            (_, Some((role @ (Role::Bishop | Role::Knight), _))) => {
                format!("{lost}: a {} cannot mate", role.name())
            }
            (Some((_, clause)), _) => format!("{lost}: {clause}"),
            (None, _) => lost.to_string(),
        }
    }
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
/// assert_eq!(j.reason(), "throws the win away: after Kxe8!, the queen falls");
/// ```
pub fn judge(pos: &KpkPosition, mv: Move) -> Result<Judgement, IllegalMove> {
    Endgame::from(*pos).play(mv)?;
    let (plan, before, decided) = (plan(pos), classify(pos).wdl, decided_after(pos));
    let i = Endgame::from(*pos).legal_moves().iter().position(|&m| m == mv).unwrap_or(0);
    Ok(judge_with(pos, mv, plan, before, keeping(&decided, before), decided[i]))
}

/// The classifier's verdict on the position after each legal move of `pos`, in the move
/// generator's order: found once for every judgement of the position.
fn decided_after(pos: &KpkPosition) -> Vec<Classification> {
    let game = Endgame::from(*pos);
    game.legal_moves().iter().map(|&m| classify_endgame(&game.play_unchecked(m))).collect()
}

/// How many of the moves whose verdicts after them are `decided` keep the result `before`.
fn keeping(decided: &[Classification], before: Wdl) -> usize {
    decided.iter().filter(|c| -c.wdl == before).count()
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
/// assert_eq!(all.iter().filter(|j| j.is_plan()).count(), 1);
/// ```
#[must_use]
pub fn judge_all(pos: &KpkPosition) -> Vec<Judgement> {
    let (plan, before, decided) = (plan(pos), classify(pos).wdl, decided_after(pos));
    let keeping = keeping(&decided, before);
    Endgame::from(*pos)
        .legal_moves()
        .iter()
        .zip(decided)
        .map(|(&m, after)| judge_with(pos, m, plan, before, keeping, after))
        .collect()
}

/// Judges a legal move, given the position's plan and verdict, how many moves keep it (for the
/// only move) and the classifier's verdict after the move.
fn judge_with(
    pos: &KpkPosition,
    mv: Move,
    plan: Option<Plan>,
    before: Wdl,
    keeping: usize,
    decided: Classification,
) -> Judgement {
    let game = Endgame::from(*pos);
    let next = game.play_unchecked(mv);
    let after = -decided.wdl;
    let legal = game.legal_moves().len();
    let (mut refutation, mut punisher) = (Vec::new(), None);
    let (mut reply_only, mut motive) = (false, None);
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
        if let Some(&reply) = refutation.first() {
            let punishing = |m: Move| -classify_endgame(&next.play_unchecked(m)).wdl == decided.wdl;
            let moves = next.legal_moves();
            reply_only = moves.len() > 1
                && punishing(reply)
                && moves.iter().filter(|&&m| punishing(m)).count() == 1;
        }
        let mark = if reply_only { "!" } else { "" };
        motive = Some(motive_of(&next, &refutation, punisher.as_ref(), mark));
    }
    let stalemate = next.is_stalemate();
    let only = after == before && keeping == 1 && legal > 1;
    Judgement {
        position: *pos,
        mv,
        before,
        after,
        only,
        stalemate,
        decided,
        plan,
        refutation,
        punisher,
        reply_only,
        motive,
    }
}

/// What a refutation does, from the position after the mistake, as an idea and a clause: the
/// pawn (or the promoted piece) falls on the way, the first reply takes the opposition, the line
/// ends in stalemate, the punishing plan's point where it names one, or else why the position
/// after the mistake is what it is.
fn motive_of(
    next: &Endgame,
    refutation: &[Move],
    punisher: Option<&Plan>,
    mark: &str,
) -> (Idea, String) {
    let Some(&reply) = refutation.first() else {
        return main_clause(next);
    };
    let after = |what: &str| format!("after {}{mark}, {what}", san(next, reply));
    let mut at = *next;
    for &m in refutation {
        let before = at.extra();
        at = at.play_unchecked(m);
        if let (Some((role, _)), None) = (before, at.extra()) {
            return (Idea::PawnFalls, after(&format!("the {} falls", role.name())));
        }
    }
    let first = next.play_unchecked(reply);
    // a pawn move that runs: the rule of the square, before any king's geometry
    let pawn_reply = next.extra().is_some_and(|(_, sq)| sq == reply.from);
    if pawn_reply && reply.promotion.is_some() {
        return (Idea::Promotion, after("the pawn has promoted"));
    }
    if pawn_reply && Rule::RULE_OF_THE_SQUARE.holds_in(&first) {
        return (Idea::PawnRuns, after("the pawn runs"));
    }
    if let Some(k) = first.as_kpk().filter(|_| !pawn_reply) {
        let strong = k.strong_side();
        let kings =
            (Coord::seen_by(k.strong_king(), strong), Coord::seen_by(k.weak_king(), strong));
        // the direct or distant opposition (on a diagonal it is rather the way in front that
        // the reply takes)
        // named only where it decides: the side to move there is worse off for it, or the
        // reply alone punishes
        let decides = worse_to_move(&first) || !mark.is_empty();
        if let Some(kind) =
            kings.0.opposition(kings.1).filter(|&kind| kind != Idea::DiagonalOpposition && decides)
        {
            let punisher = side(next.side_to_move(), false);
            return (kind, after(&format!("the {punisher} king takes {}", kind.name())));
        }
    }
    if at.is_stalemate() {
        return (Idea::Stalemate, after("it ends in stalemate"));
    }
    let decided_at_sight = !matches!(classify_endgame(next).basis, Basis::Proof { .. });
    match punisher {
        Some(p) if p.aim.is_telling() || !decided_at_sight => (p.idea(), after(&p.reason())),
        _ => main_clause(next),
    }
}
