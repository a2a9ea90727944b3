//! What a plan move is for, and its words.

use kpk::Role;

/// What a plan move is for: its point, in the words of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aim {
    /// The pawn promotes: to a queen, or to a rook where a queen would stalemate.
    Promote(Role),
    /// The pawn runs: the defending king is outside its square.
    Run,
    /// The pawn advances under the king's escort.
    Advance,
    /// The king reaches a key square of the pawn.
    KeySquare,
    /// The king takes the opposition.
    Opposition,
    /// The defender takes the distant opposition: the kings on one file an even number of
    /// ranks apart, the strong side to move.
    DistantOpposition,
    /// The king shoulders the defender away from the pawn's way.
    Shoulder,
    /// The king closes in on the squares in front of and beside its pawn.
    Approach,
    /// The king steps round the defender, who holds it off in front (outflanking).
    Outflank,
    /// The king steps out of its pawn's way.
    ClearTheWay,
    /// A waiting move: the defender, to move, must give way.
    Wait,
    /// The defender takes the pawn.
    TakePawn,
    /// The defender goes to the square that corresponds to the strong king's.
    CorrespondingSquare,
    /// The defender stays in front of the pawn.
    StayInFront,
    /// The defender heads for the rook pawn's promotion corner.
    HeadForCorner,
    /// The defender heads for the pawn.
    HeadForPawn,
    /// The defender keeps the draw near the pawn's way (the rules decide the position after).
    KeepDraw,
    /// The defender of a lost position resists by the rules' measure: the move after which
    /// the winning plan has the most left to do, then the square nearest the pawn's way.
    Resist,
    /// The side with the pawn, in a drawn position, guards its pawn with the king.
    GuardPawn,
    /// The side with the pawn, in a drawn position, keeps its pawn out of the defender's reach.
    KeepPawn,
    /// The side with the pawn, in a drawn position, cannot keep its pawn.
    PawnLost,
}

impl Aim {
    /// The aim in a few words, as a reason starts: `"takes the opposition"`.
    ///
    /// ```
    /// use kpk_rules::Aim;
    /// assert_eq!(Aim::Run.words(), "the pawn runs");
    /// ```
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Aim::Promote(Role::Rook) => "promotes to a rook",
            Aim::Promote(_) => "promotes to a queen",
            Aim::Run => "the pawn runs",
            Aim::Advance => "the pawn advances",
            Aim::KeySquare => "the king reaches a key square",
            Aim::Opposition => "takes the opposition",
            Aim::DistantOpposition => "takes the distant opposition",
            Aim::Shoulder => "shoulders the defender",
            Aim::Approach => "the king closes in",
            Aim::Outflank => "outflanks",
            Aim::ClearTheWay => "steps out of the pawn's way",
            Aim::Wait => "a waiting move",
            Aim::TakePawn => "takes the pawn",
            Aim::CorrespondingSquare => "goes to the corresponding square",
            Aim::StayInFront => "stays in front of the pawn",
            Aim::HeadForCorner => "heads for the corner",
            Aim::HeadForPawn => "heads for the pawn",
            Aim::KeepDraw => "holds the draw",
            Aim::Resist => "resists",
            Aim::GuardPawn => "guards the pawn",
            Aim::KeepPawn => "keeps the pawn",
            Aim::PawnLost => "the pawn cannot be saved",
        }
    }

    /// The aim as a participle, as a reply is described: `"taking the opposition"`.
    ///
    /// ```
    /// use kpk_rules::Aim;
    /// assert_eq!(Aim::Run.participle(), "running with the pawn");
    /// ```
    #[must_use]
    pub const fn participle(self) -> &'static str {
        match self {
            Aim::Promote(Role::Rook) => "promoting to a rook",
            Aim::Promote(_) => "promoting to a queen",
            Aim::Run => "running with the pawn",
            Aim::Advance => "advancing the pawn",
            Aim::KeySquare => "reaching a key square",
            Aim::Opposition => "taking the opposition",
            Aim::DistantOpposition => "taking the distant opposition",
            Aim::Shoulder => "shouldering the defender",
            Aim::Approach => "closing in",
            Aim::Outflank => "outflanking",
            Aim::ClearTheWay => "stepping out of the pawn's way",
            Aim::Wait => "waiting",
            Aim::TakePawn => "taking the pawn",
            Aim::CorrespondingSquare => "going to the corresponding square",
            Aim::StayInFront => "staying in front of the pawn",
            Aim::HeadForCorner => "heading for the corner",
            Aim::HeadForPawn => "heading for the pawn",
            Aim::KeepDraw => "holding the draw",
            Aim::Resist => "resisting",
            Aim::GuardPawn => "guarding the pawn",
            Aim::KeepPawn => "keeping the pawn",
            Aim::PawnLost => "giving up the pawn",
        }
    }

    /// A short stable name for programs: `"opposition"`, `"key_square"`, ...
    ///
    /// ```
    /// use kpk_rules::Aim;
    /// assert_eq!(Aim::KeySquare.name(), "key_square");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Aim::Promote(_) => "promote",
            Aim::Run => "run",
            Aim::Advance => "advance",
            Aim::KeySquare => "key_square",
            Aim::Opposition => "opposition",
            Aim::DistantOpposition => "distant_opposition",
            Aim::Shoulder => "shoulder",
            Aim::Approach => "approach",
            Aim::Outflank => "outflank",
            Aim::ClearTheWay => "clear_the_way",
            Aim::Wait => "wait",
            Aim::TakePawn => "take_pawn",
            Aim::CorrespondingSquare => "corresponding_square",
            Aim::StayInFront => "stay_in_front",
            Aim::HeadForCorner => "head_for_corner",
            Aim::HeadForPawn => "head_for_pawn",
            Aim::KeepDraw => "keep_draw",
            Aim::Resist => "resist",
            Aim::GuardPawn => "guard_pawn",
            Aim::KeepPawn => "keep_pawn",
            Aim::PawnLost => "pawn_lost",
        }
    }
}
