//! What a rule is: its claim, its family, the statement people read, and its test. Each rule is
//! declared once, beside its code in its family's module, as an associated constant of [`Rule`]
//! made by the [`rule!`] macro; [`RULES`](super::RULES) lists them in the recognizer's order.

use crate::frame::{Frame, Race};
use crate::idea::Idea;
use alloc::string::String;

use kpk::{Endgame, KpkPosition, Wdl};

/// What a rule claims when it fires.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    /// The side with the pawn wins.
    Win,
    /// The position is drawn.
    Draw,
}

impl Claim {
    /// The claim's name: `"win"` or `"draw"`.
    ///
    /// ```
    /// assert_eq!(kpk_rules::Claim::Draw.name(), "draw");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Claim::Win => "win",
            Claim::Draw => "draw",
        }
    }

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
    /// The chess idea the rule is an instance of.
    pub idea: Idea,
    /// The rule's point in a few words, as the why of a position it decides says it: a clause
    /// with the position's squares and sides in braces (`{strong}`, `{weak}`, `{key}`, ...),
    /// filled by [`Rule::gist`].
    pub(crate) gist_template: &'static str,
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

/// Declares a rule as an associated constant of [`Rule`] (inside an `impl Rule` block), with
/// its doc generated from its one statement, so that the two never say different things:
///
/// ```text
/// rule! {
///     /// Notes (optional): what the statement does not say, such as an example position or
///     /// why the literal rule errs. They follow the statement and the seed in the doc.
///     NAME = test_fn, Win | Draw,
///     title: "A short title",              // optional: the doc's bold title
///     idea: KeySquares,                    // the [`Idea`] the rule is an instance of
///     gist: "the {strong} king ...",       // its point, a clause (see `Rule::gist`)
///     statement: "The statement.",         // a literal: every condition the test checks
///     seed: "The seed page's wording",     // optional, without its full stop
///     literal: true,                       // optional: the rule as the literature states it
///     corrects: LITERAL_NAME,              // optional: the literal rule this one corrects
///     other_pawns: "The statement without its rook-pawn aside.",   // optional
/// }
/// ```
///
/// The fields come in this order. The doc reads `**A short title.** The statement.`, then
/// `Seed: "The seed page's wording."` where there is a seed, a line for a literal rule, a link
/// to the literal rule a correction corrects, and the notes: nothing in it restates the
/// statement. The rule's id is `test_fn` (the constant's name in lower case), its family the
/// declaring module's `FAMILY`. The statement, the name and the title are checked when the crate
/// compiles: the statement (and `other_pawns`) a sentence with its full stop, the name the id in
/// capitals, the title and the seed without a full stop, which the doc adds.
macro_rules! rule {
    (
        $(#[doc = $note:literal])*
        $name:ident = $holds:ident, $claim:ident,
        $(title: $title:literal,)?
        idea: $idea:ident,
        gist: $gist:literal,
        statement: $statement:literal,
        $(seed: $seed:literal,)?
        $(literal: $literal:tt,)?
        $(corrects: $corrects:ident,)?
        $(other_pawns: $other_pawns:literal,)?
    ) => {
        #[doc = concat!($("**", $title, ".** ",)? $statement)]
        $(
            #[doc = ""]
            #[doc = concat!("Seed: \"", $seed, ".\"")]
        )?
        $(
            #[doc = ""]
            #[doc = $crate::rule::literal_doc!($literal)]
        )?
        $(
            #[doc = ""]
            #[doc = concat!(
                "Corrects [`", stringify!($corrects), "`](Rule::", stringify!($corrects), ")."
            )]
        )?
        #[doc = ""]
        $(#[doc = $note])*
        pub const $name: $crate::rule::Rule = $crate::rule::Rule {
            id: stringify!($holds),
            claim: $crate::rule::Claim::$claim,
            family: FAMILY,
            idea: $crate::idea::Idea::$idea,
            gist_template: $crate::rule::checked_gist($gist),
            statement: $crate::rule::checked_statement(
                stringify!($name),
                stringify!($holds),
                &[$($title)?],
                $statement,
            ),
            seed: $crate::rule::checked_seed(&[$($seed)?]),
            literal: matches!(&[$($literal)?] as &[bool], [true]),
            corrects: $crate::rule::corrected(&[$(&$crate::rule::Rule::$corrects)?]),
            holds: $holds,
            other_pawns: $crate::rule::checked_other_pawns(&[$($other_pawns)?]),
        };
    };
}
pub(crate) use rule;

/// The doc line of a literal rule ([`rule!`]'s `literal: true`; `false` is not accepted).
macro_rules! literal_doc {
    (true) => {
        "Literal: the rule as the literature states it, which may be wrong."
    };
}
pub(crate) use literal_doc;

/// The last byte of `s`, if any.
const fn last_byte(s: &str) -> Option<u8> {
    match s.as_bytes() {
        [.., last] => Some(*last),
        [] => None,
    }
}

/// A sentence: not empty, a capital letter first, a full stop last.
const fn is_sentence(s: &str) -> bool {
    matches!(s.as_bytes(), [first, ..] if first.is_ascii_uppercase())
        && matches!(last_byte(s), Some(b'.'))
}

/// `statement`, once [`rule!`] has checked, when the crate compiles, that it is a sentence, that
/// the rule's name is its id in capitals, and that its title (if any) is not empty and has no
/// full stop, which the doc adds.
pub(crate) const fn checked_statement(
    name: &str,
    id: &str,
    title: &[&str],
    statement: &'static str,
) -> &'static str {
    assert!(is_sentence(statement), "a rule's statement is a sentence with its full stop");
    let (name, id) = (name.as_bytes(), id.as_bytes());
    assert!(name.len() == id.len(), "a rule's name is its test function's name in capitals");
    let mut i = 0;
    while i < name.len() {
        assert!(
            name[i] == id[i].to_ascii_uppercase(),
            "a rule's name is its test function's name in capitals"
        );
        i += 1;
    }
    if let [title] = title {
        assert!(
            !title.is_empty() && !matches!(last_byte(title), Some(b'.')),
            "a rule's title has no full stop: the doc adds it"
        );
    }
    statement
}

/// A rule's gist, checked: a clause, not empty, without a capital letter first (a side's name
/// in braces aside) or a full stop last.
pub(crate) const fn checked_gist(gist: &'static str) -> &'static str {
    assert!(
        matches!(gist.as_bytes(), [first, ..] if !first.is_ascii_uppercase()),
        "a rule's gist is a clause: no capital letter first"
    );
    assert!(!matches!(last_byte(gist), Some(b'.')), "a rule's gist has no full stop");
    gist
}

/// The seed's wording (if any), checked: not empty, and without a full stop, which the doc adds.
pub(crate) const fn checked_seed(seed: &[&'static str]) -> Option<&'static str> {
    match seed {
        [seed] => {
            assert!(
                !seed.is_empty() && !matches!(last_byte(seed), Some(b'.')),
                "a rule's seed has no full stop: the doc adds it"
            );
            Some(*seed)
        }
        _ => None,
    }
}

/// The id of the literal rule a rule corrects (if any), checked: a literal rule.
pub(crate) const fn corrected(literal: &[&Rule]) -> Option<&'static str> {
    match literal {
        [literal] => {
            assert!(literal.literal, "a rule corrects a literal rule");
            Some(literal.id)
        }
        _ => None,
    }
}

/// The statement for other pawns (if any), checked: a sentence.
pub(crate) const fn checked_other_pawns(statement: &[&'static str]) -> Option<&'static str> {
    match statement {
        [statement] => {
            assert!(is_sentence(statement), "a rule's statement is a sentence with its full stop");
            Some(*statement)
        }
        _ => None,
    }
}

impl Rule {
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

    /// The rule's point for `pos`, as a clause naming its squares and sides: what the why of a
    /// position it decides says.
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
    /// assert_eq!(
    ///     Rule::KEY_SQUARES_OCCUPIED.gist(&pos),
    ///     "the white king stands on the key square e6 and escorts the pawn in"
    /// );
    /// ```
    #[must_use]
    pub fn gist(&self, pos: &KpkPosition) -> String {
        crate::words::fill(self.gist_template, pos)
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

    /// Whether the rule holds in a position of at most three men (never without a pawn).
    pub(crate) fn holds_in(&self, pos: &Endgame) -> bool {
        pos.as_kpk().is_some_and(|k| self.recognize(&k).is_some())
    }

    /// The claim for a position already seen from the pawn's side.
    pub(crate) fn claim_in(&self, x: &Frame, race: &Race) -> Option<Wdl> {
        (self.holds)(x, race).then(|| self.claim.for_side_to_move(x))
    }
}

#[cfg(test)]
mod tests {
    use super::is_sentence;
    use crate::RULES;

    #[test]
    fn statements_are_sentences() {
        assert!(is_sentence("The pawn falls."));
        assert!(!is_sentence("the pawn falls."));
        assert!(!is_sentence("The pawn falls"));
        assert!(!is_sentence(""));
        for rule in RULES {
            assert!(is_sentence(rule.statement), "{}", rule.id);
            assert!(rule.other_pawns.is_none_or(is_sentence), "{}", rule.id);
            assert!(rule.seed.is_none_or(|s| !s.is_empty() && !s.ends_with('.')), "{}", rule.id);
        }
    }

    #[test]
    fn every_rule_has_its_own_id_and_statement_and_follows_the_literal_rule_it_corrects() {
        for (i, rule) in RULES.iter().enumerate() {
            for earlier in &RULES[..i] {
                assert_ne!(rule.id, earlier.id);
                assert_ne!(rule.statement, earlier.statement, "{}", rule.id);
            }
            if let Some(literal) = rule.corrects {
                assert!(RULES[..i].iter().any(|r| r.id == literal && r.literal), "{}", rule.id);
            }
        }
    }
}
