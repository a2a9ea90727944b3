//! What a rule is: its claim, its family, the statement people read, and its test. Each rule is
//! declared once, beside its code in its family's module, as an associated constant of [`Rule`]
//! made by the [`rule!`] macro; [`RULES`](super::RULES) lists them in the recognizer's order.

use crate::frame::{Frame, Race};
use alloc::string::String;

use kpk::{KpkPosition, Wdl};

/// What a rule claims when it fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// The side with the pawn wins.
    Win,
    /// The position is drawn.
    Draw,
}

impl Claim {
    /// The claim as a verdict for the side to move of a position seen from the pawn's side.
    pub(crate) const fn for_side_to_move(self, x: &Frame) -> Wdl {
        match self {
            Claim::Draw => Wdl::Draw,
            Claim::Win if x.strong_to_move => Wdl::Win,
            Claim::Win => Wdl::Loss,
        }
    }
}

/// Where a rule comes from, and so the module that holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// The won patterns of the literature: the square, key squares, the guarded way, and what
    /// was found beside them.
    Won,
    /// The drawn patterns of the literature: the captured pawn, stalemate, blockades, the
    /// opposition, corresponding squares, the rook pawn's corner.
    Drawn,
    /// Races counted in moves (who gets where first, by the plain distance), found by searching
    /// every legal position for comparisons the bitbase never contradicts.
    Race,
    /// Races along the routes a king really needs round the other king, found the same way.
    Route,
}

impl Family {
    /// The family's name as a word: `"won"`, `"drawn"`, `"race"` or `"route"`.
    ///
    /// ```
    /// use kpk_rules::Rule;
    /// assert_eq!(Rule::RULE_OF_THE_SQUARE.family.name(), "won");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Family::Won => "won",
            Family::Drawn => "drawn",
            Family::Race => "race",
            Family::Route => "route",
        }
    }
}

/// A rule's test on a position seen from the pawn's side, with its race counts.
pub(crate) type Holds = fn(&Frame, &Race) -> bool;

/// A recognizer of the literature or found beside it: a test on the position, the result it
/// claims where the test holds, and the statement people read. Every rule is an associated
/// constant (`Rule::RULE_OF_THE_SQUARE`, ...) and a row of [`RULES`](super::RULES).
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl};
/// use kpk_rules::Rule;
///
/// // Ka6, Pa5 v Ka8: the defender holds the corner of the rook pawn.
/// let pos = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::A6,
///     pawn: Square::A5,
///     weak_king: Square::A8,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// assert_eq!(Rule::ROOK_PAWN_CORNER.recognize(&pos), Some(Wdl::Draw));
/// assert_eq!(Rule::KEY_SQUARES_OCCUPIED.recognize(&pos), None);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    /// A short stable identifier, such as `"rule_of_the_square"` (the constant's name in lower
    /// case).
    pub id: &'static str,
    /// What the rule claims when it fires.
    pub claim: Claim,
    /// Where the rule comes from.
    pub family: Family,
    /// The rule in a chess player's words: every condition its test checks.
    pub statement: &'static str,
    /// The seed page's wording, where the rule comes from it.
    pub seed: Option<&'static str>,
    /// Whether this is a rule exactly as the literature states it (and may be wrong).
    pub literal: bool,
    /// For a corrected rule, the identifier of the literal rule it corrects.
    pub corrects: Option<&'static str>,
    /// The test on a position already seen from the pawn's side, so that many rules can share
    /// one [`Frame`] and one [`Race`].
    pub(crate) holds: Holds,
    /// The statement without its aside about rook pawns, for a position with another pawn
    /// (where a statement has such an aside).
    pub(crate) other_pawns: Option<&'static str>,
}

/// Declares a rule: `rule!(test_fn, Win | Draw, "statement")` is a [`Rule`] whose id is the test
/// function's name and whose family is the declaring module's `FAMILY`; the builder methods add
/// the rest (`.seed(..)`, `.literal()`, `.corrects(..)`, `.other_pawns(..)`).
macro_rules! rule {
    ($holds:ident, $claim:ident, $statement:expr) => {
        $crate::rule::Rule::new(
            stringify!($holds),
            $crate::rule::Claim::$claim,
            FAMILY,
            $statement,
            $holds,
        )
    };
}
pub(crate) use rule;

impl Rule {
    /// A rule with its id, claim, family, statement and test; nothing from the seed.
    pub(crate) const fn new(
        id: &'static str,
        claim: Claim,
        family: Family,
        statement: &'static str,
        holds: Holds,
    ) -> Rule {
        Rule {
            id,
            claim,
            family,
            statement,
            seed: None,
            literal: false,
            corrects: None,
            holds,
            other_pawns: None,
        }
    }

    /// The rule with the seed page's wording.
    pub(crate) const fn seed(self, seed: &'static str) -> Rule {
        Rule { seed: Some(seed), ..self }
    }

    /// The rule marked as the literature states it (it may be wrong).
    pub(crate) const fn literal(self) -> Rule {
        Rule { literal: true, ..self }
    }

    /// The rule marked as the correction of `literal`.
    pub(crate) const fn corrects(self, literal: &Rule) -> Rule {
        Rule { corrects: Some(literal.id), ..self }
    }

    /// The rule with its statement for a pawn that is not a rook pawn.
    pub(crate) const fn other_pawns(self, statement: &'static str) -> Rule {
        Rule { other_pawns: Some(statement), ..self }
    }

    /// The rule's verdict on `pos`: its claim as [`Wdl`] for the side to move where its test
    /// holds, `None` otherwise.
    ///
    /// ```
    /// use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl};
    /// use kpk_rules::Rule;
    /// let pos = KpkPosition::new(KpkSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::E6,
    ///     pawn: Square::E5,
    ///     weak_king: Square::E8,
    ///     side_to_move: Color::Black,
    /// })
    /// .unwrap();
    /// assert_eq!(Rule::KEY_SQUARES_OCCUPIED.recognize(&pos), Some(Wdl::Loss));
    /// ```
    #[must_use]
    pub fn recognize(&self, pos: &KpkPosition) -> Option<Wdl> {
        let x = Frame::of(pos);
        self.claim_in(&x, &Race::of(&x))
    }

    /// The statement as it applies to `pos`: without an aside about rook pawns when the pawn
    /// is on another file.
    ///
    /// ```
    /// use kpk::{Color, KpkPosition, KpkSetup, Square};
    /// use kpk_rules::Rule;
    /// let pos = KpkPosition::new(KpkSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::E6,
    ///     pawn: Square::E5,
    ///     weak_king: Square::E8,
    ///     side_to_move: Color::Black,
    /// })
    /// .unwrap();
    /// let rule = Rule::KEY_SQUARES_OCCUPIED;
    /// assert!(rule.statement.contains("rook pawn"));
    /// assert!(!rule.statement_for(&pos).contains("rook pawn"));
    /// ```
    #[must_use]
    pub fn statement_for(&self, pos: &KpkPosition) -> &'static str {
        let rook_pawn = matches!(pos.pawn().file().index(), 0 | 7);
        match self.other_pawns {
            Some(plain) if !rook_pawn => plain,
            _ => self.statement,
        }
    }

    /// The statement as a clause of a longer sentence: its first letter in lower case, without
    /// its full stop.
    ///
    /// ```
    /// use kpk_rules::Rule;
    /// assert!(Rule::STALEMATE.clause().starts_with("the defender to move"));
    /// ```
    #[must_use]
    pub fn clause(&self) -> String {
        let s = self.statement.strip_suffix('.').unwrap_or(self.statement);
        let mut chars = s.chars();
        match chars.next() {
            Some(c) => c.to_lowercase().chain(chars).collect(),
            None => String::new(),
        }
    }

    /// The claim for a position already seen from the pawn's side.
    pub(crate) fn claim_in(&self, x: &Frame, race: &Race) -> Option<Wdl> {
        (self.holds)(x, race).then(|| self.claim.for_side_to_move(x))
    }
}
