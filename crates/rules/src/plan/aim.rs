//! What a plan move is for, and its words.

use crate::idea::Idea;
use kpk::{Role, Wdl};

/// What a plan move is for: its point, in the words of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aim {
    /// The pawn promotes: to a queen, or to a rook where a queen would stalemate.
    Promote(Role),
    /// The pawn runs: the defending king is outside its square.
    Run,
    /// The pawn advances under the king's escort.
    Advance,
    /// The pawn steps once where two steps would hand the opponent the opposition: the spare
    /// tempo.
    SpareTempo,
    /// The king reaches a key square of the pawn.
    KeySquare,
    /// The king goes first where the push would be the spare tempo: the pawn keeps the choice
    /// of one step or two for later.
    KeepTempo,
    /// The king leads: it steps up and keeps the defender off the pawn's path before the pawn
    /// advances.
    Lead,
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
    /// The defender steps into the square of the pawn, and catches it.
    EnterSquare,
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
    /// A move the 50-move rule decides: the side with the pawn moves it (or makes for its next
    /// move) in time, any slower move letting the rule draw first; or the defender holds out
    /// until the draw can be claimed. The rules know no clock: only an answer that does
    /// (`kpk-answers`) plays it.
    InTime,
}

impl Aim {
    /// The idea the aim is an instance of (before the kings' places name the kind of
    /// opposition, which [`Plan::idea`](crate::Plan::idea) does).
    ///
    /// ```
    /// use kpk_rules::{Aim, Idea};
    /// assert_eq!(Aim::Outflank.idea(), Idea::Outflanking);
    /// ```
    #[must_use]
    pub const fn idea(self) -> Idea {
        match self {
            Aim::Promote(Role::Rook) => Idea::Stalemate,
            Aim::Promote(_) => Idea::Promotion,
            Aim::Run => Idea::PawnRuns,
            Aim::EnterSquare => Idea::RuleOfTheSquare,
            Aim::SpareTempo | Aim::KeepTempo => Idea::SpareTempo,
            Aim::Advance | Aim::KeySquare | Aim::Approach | Aim::ClearTheWay => Idea::KeySquares,
            Aim::Opposition | Aim::Wait => Idea::Opposition,
            Aim::DistantOpposition => Idea::DistantOpposition,
            Aim::Shoulder | Aim::Lead => Idea::Shouldering,
            Aim::Outflank => Idea::Outflanking,
            Aim::CorrespondingSquare => Idea::CorrespondingSquares,
            Aim::StayInFront => Idea::InFront,
            Aim::HeadForCorner => Idea::RookPawnCorner,
            Aim::TakePawn
            | Aim::HeadForPawn
            | Aim::GuardPawn
            | Aim::KeepPawn
            | Aim::PawnLost
            | Aim::KeepDraw
            | Aim::Resist => Idea::PawnFalls,
            Aim::InTime => Idea::FiftyMoveRule,
        }
    }

    /// The aim in a clause, with the position's sides and squares in braces (see
    /// [`Plan::reason`](crate::Plan::reason), which fills them); `{to}` is the square the move
    /// goes to. `keeps` is the result the move keeps, which a few aims are said by.
    pub(crate) const fn template(self, keeps: Wdl) -> &'static str {
        match self {
            Aim::Promote(Role::Rook) => "the pawn promotes to a rook, for a queen would stalemate",
            Aim::Promote(_) => "the pawn promotes, and the new queen mates",
            Aim::Run => "the pawn runs: the {weak} king is outside its square",
            Aim::SpareTempo => {
                "the pawn steps once, keeping a tempo: the {weak} king must give way"
            }
            Aim::KeepTempo => {
                "the {strong} king goes first, and the pawn keeps the choice of one step or two"
            }
            Aim::Advance => "the pawn advances under the king's escort",
            Aim::KeySquare => "the {strong} king reaches the key square {to}",
            Aim::Lead => {
                "the {strong} king goes first and keeps the {weak} king off the pawn's path"
            }
            Aim::Opposition | Aim::DistantOpposition if matches!(keeps, Wdl::Draw) => {
                "the {weak} king takes {opposition}, and the {strong} king cannot pass"
            }
            Aim::Opposition | Aim::DistantOpposition => {
                "the {strong} king takes {opposition}, and the {weak} king must give way"
            }
            Aim::Shoulder => "the {strong} king shoulders the {weak} king away from the pawn",
            Aim::Approach => "the {strong} king heads for the key squares",
            Aim::Outflank => "the {strong} king outflanks the {weak} king",
            Aim::ClearTheWay => "the {strong} king steps out of the pawn's way",
            Aim::Wait => "a waiting move: the {weak} king, to move, must give way",
            Aim::GuardPawn if matches!(keeps, Wdl::Win) => "the {strong} king guards the pawn",
            Aim::GuardPawn => "the {strong} king guards the pawn, though no move wins",
            Aim::TakePawn => "the {weak} king takes the pawn, and bare kings cannot mate",
            Aim::EnterSquare => "the {weak} king steps into the square of the pawn and catches it",
            Aim::CorrespondingSquare => {
                "the {weak} king goes to {to}, the square that corresponds to {sk}"
            }
            Aim::StayInFront => "the {weak} king stays in front of the pawn",
            Aim::HeadForCorner => "the {weak} king heads for the corner at {queen}",
            Aim::HeadForPawn => "the {weak} king heads for the pawn",
            Aim::KeepDraw => "the draw holds",
            Aim::Resist => "the {weak} king resists, though every move loses",
            Aim::KeepPawn => "no move wins, and the pawn stays safe",
            Aim::PawnLost => "the pawn cannot be saved",
            Aim::InTime => "the pawn moves in time: any slower move lets the 50-move rule draw",
        }
    }

    /// Whether the aim names a point of its own, which a refutation can be said by (taking the
    /// opposition, a key square, the pawn running, ...), rather than a general one (advancing,
    /// heading for the pawn, holding out).
    pub(crate) const fn is_telling(self) -> bool {
        !matches!(
            self,
            Aim::Advance
                | Aim::Approach
                | Aim::ClearTheWay
                | Aim::Wait
                | Aim::GuardPawn
                | Aim::HeadForPawn
                | Aim::KeepDraw
                | Aim::Resist
                | Aim::KeepPawn
                | Aim::PawnLost
        )
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
            Aim::SpareTempo => "spare_tempo",
            Aim::KeepTempo => "keep_tempo",
            Aim::KeySquare => "key_square",
            Aim::Lead => "lead",
            Aim::Opposition => "opposition",
            Aim::DistantOpposition => "distant_opposition",
            Aim::Shoulder => "shoulder",
            Aim::Approach => "approach",
            Aim::Outflank => "outflank",
            Aim::ClearTheWay => "clear_the_way",
            Aim::Wait => "wait",
            Aim::TakePawn => "take_pawn",
            Aim::EnterSquare => "enter_square",
            Aim::CorrespondingSquare => "corresponding_square",
            Aim::StayInFront => "stay_in_front",
            Aim::HeadForCorner => "head_for_corner",
            Aim::HeadForPawn => "head_for_pawn",
            Aim::KeepDraw => "keep_draw",
            Aim::Resist => "resist",
            Aim::GuardPawn => "guard_pawn",
            Aim::KeepPawn => "keep_pawn",
            Aim::PawnLost => "pawn_lost",
            Aim::InTime => "in_time",
        }
    }
}
