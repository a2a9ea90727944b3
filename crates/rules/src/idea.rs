//! The ideas of the endgame books, each declared once: what every rule, plan move and
//! refutation is an instance of, with its stable identifier, its name and its meaning.

/// A chess idea of King and Pawn against King, as the endgame books name it. Every rule
/// declares one ([`Rule::idea`](crate::Rule::idea)), every plan move has one
/// ([`Plan::idea`](crate::Plan::idea)), and the coach names one for every move it judges.
///
/// ```
/// use kpk_rules::{Idea, Rule};
/// assert_eq!(Rule::RULE_OF_THE_SQUARE.idea, Idea::RuleOfTheSquare);
/// assert_eq!(Idea::DistantOpposition.id(), "distant_opposition");
/// assert_eq!(Idea::DistantOpposition.name(), "the distant opposition");
/// assert_eq!(Idea::from_id("mutual_zugzwang"), Some(Idea::MutualZugzwang));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Idea {
    /// The defending king outside the square of the pawn cannot catch it (a pawn on its second
    /// rank counts from the third, for its double step).
    RuleOfTheSquare,
    /// The squares from which the strong king escorts the pawn in, whoever is to move.
    KeySquares,
    /// The kings face each other with one square between, and the side not to move holds it.
    Opposition,
    /// The opposition at a distance: three or five squares between the kings on a file or rank.
    DistantOpposition,
    /// The opposition on a diagonal.
    DiagonalOpposition,
    /// The strong king steps round the defender, who cannot keep the opposition and guard the
    /// way forward at once.
    Outflanking,
    /// The strong king stands between the defender and the pawn's way and pushes him off.
    Shouldering,
    /// Squares that answer each other: whatever square one king goes to, the other has its
    /// corresponding square to go to.
    CorrespondingSquares,
    /// A spare pawn move (one step instead of two) hands the move to the other side.
    SpareTempo,
    /// Whoever is to move is worse off for it: the result changes with the side to move.
    MutualZugzwang,
    /// A rook pawn draws when the defending king reaches the promotion corner: it cannot be
    /// driven out.
    RookPawnCorner,
    /// The side to move has no move and is not in check: a draw (the knight-pawn, rook-pawn
    /// and seventh-rank traps).
    Stalemate,
    /// The defending king wins the pawn, and bare kings draw.
    PawnFalls,
    /// The pawn promotes on its own: the defending king is too far away.
    PawnRuns,
    /// A king in front of the pawn: the defender blocking its way, or the strong king leading
    /// it.
    InFront,
    /// The pawn promotes, and the new queen (or a rook where a queen would stalemate) mates.
    Promotion,
    /// The 50-move rule: fifty moves of each side without a pawn move or a capture, and the
    /// draw can be claimed; a win must push its pawn (or mate) in time.
    FiftyMoveRule,
}

impl Idea {
    /// Every idea, in the order of this enum.
    pub const ALL: [Idea; 17] = [
        Idea::RuleOfTheSquare,
        Idea::KeySquares,
        Idea::Opposition,
        Idea::DistantOpposition,
        Idea::DiagonalOpposition,
        Idea::Outflanking,
        Idea::Shouldering,
        Idea::CorrespondingSquares,
        Idea::SpareTempo,
        Idea::MutualZugzwang,
        Idea::RookPawnCorner,
        Idea::Stalemate,
        Idea::PawnFalls,
        Idea::PawnRuns,
        Idea::InFront,
        Idea::Promotion,
        Idea::FiftyMoveRule,
    ];

    /// The idea's stable identifier for programs: `"key_squares"`, `"opposition"`, ...
    ///
    /// ```
    /// assert_eq!(kpk_rules::Idea::RookPawnCorner.id(), "rook_pawn_corner");
    /// ```
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Idea::RuleOfTheSquare => "rule_of_the_square",
            Idea::KeySquares => "key_squares",
            Idea::Opposition => "opposition",
            Idea::DistantOpposition => "distant_opposition",
            Idea::DiagonalOpposition => "diagonal_opposition",
            Idea::Outflanking => "outflanking",
            Idea::Shouldering => "shouldering",
            Idea::CorrespondingSquares => "corresponding_squares",
            Idea::SpareTempo => "spare_tempo",
            Idea::MutualZugzwang => "mutual_zugzwang",
            Idea::RookPawnCorner => "rook_pawn_corner",
            Idea::Stalemate => "stalemate",
            Idea::PawnFalls => "pawn_falls",
            Idea::PawnRuns => "pawn_runs",
            Idea::InFront => "in_front",
            Idea::Promotion => "promotion",
            Idea::FiftyMoveRule => "fifty_move_rule",
        }
    }

    /// The idea named by its identifier ([`Idea::id`]), `None` for another string.
    ///
    /// ```
    /// use kpk_rules::Idea;
    /// assert_eq!(Idea::from_id("outflanking"), Some(Idea::Outflanking));
    /// assert_eq!(Idea::from_id("outflank"), None);
    /// ```
    #[must_use]
    pub fn from_id(id: &str) -> Option<Idea> {
        Idea::ALL.into_iter().find(|i| i.id() == id)
    }

    /// The idea's name as the books write it: `"the rule of the square"`, `"key squares"`.
    ///
    /// ```
    /// assert_eq!(kpk_rules::Idea::SpareTempo.name(), "the spare tempo");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Idea::RuleOfTheSquare => "the rule of the square",
            Idea::KeySquares => "key squares",
            Idea::Opposition => "the opposition",
            Idea::DistantOpposition => "the distant opposition",
            Idea::DiagonalOpposition => "the diagonal opposition",
            Idea::Outflanking => "outflanking",
            Idea::Shouldering => "shouldering",
            Idea::CorrespondingSquares => "corresponding squares",
            Idea::SpareTempo => "the spare tempo",
            Idea::MutualZugzwang => "mutual zugzwang",
            Idea::RookPawnCorner => "the rook pawn's corner",
            Idea::Stalemate => "stalemate",
            Idea::PawnFalls => "the pawn falls",
            Idea::PawnRuns => "the pawn runs",
            Idea::InFront => "the king in front",
            Idea::Promotion => "promotion",
            Idea::FiftyMoveRule => "the 50-move rule",
        }
    }

    /// What the idea means, in one sentence for a student.
    ///
    /// ```
    /// let d = kpk_rules::Idea::KeySquares.meaning();
    /// assert!(d.starts_with("Squares from which"));
    /// ```
    #[must_use]
    pub const fn meaning(self) -> &'static str {
        match self {
            Idea::RuleOfTheSquare => {
                "A pawn runs in alone when the defending king cannot step into its square, the square drawn from the pawn to its promotion rank (from the third rank for a pawn still on its second)."
            }
            Idea::KeySquares => {
                "Squares from which the king escorts its pawn in whoever is to move: two ranks in front of a pawn on its second to fourth rank, one or two ranks in front from the fifth."
            }
            Idea::Opposition => {
                "The kings face each other with one square between them; the side not to move holds the opposition and the other must give way."
            }
            Idea::DistantOpposition => {
                "The kings face each other on a file or rank with three or five squares between them; the side not to move can turn it into the direct opposition."
            }
            Idea::DiagonalOpposition => {
                "The kings face each other on a diagonal with an odd number of squares between them; the side not to move holds the opposition."
            }
            Idea::Outflanking => {
                "The strong king steps to the side, round the defender, who cannot both keep the opposition and guard the way forward."
            }
            Idea::Shouldering => {
                "The strong king places itself between the defending king and the pawn's way and pushes him off."
            }
            Idea::CorrespondingSquares => {
                "Pairs of squares that answer each other: the defender meets each step of the strong king by going to its corresponding square."
            }
            Idea::SpareTempo => {
                "A pawn move kept in reserve, such as one step instead of two, hands the move to the other side at the right moment."
            }
            Idea::MutualZugzwang => {
                "A position in which whoever is to move is worse off for it: the result changes with the side to move."
            }
            Idea::RookPawnCorner => {
                "Against a rook pawn the defending king draws once it reaches the promotion corner: no king can drive it out without stalemate."
            }
            Idea::Stalemate => {
                "A side with no legal move that is not in check is stalemated, and the game is drawn: the defender's last resource by the edge."
            }
            Idea::PawnFalls => "The defending king takes the pawn, and bare kings cannot mate.",
            Idea::PawnRuns => {
                "The pawn promotes on its own because the defending king is too far away to stop it."
            }
            Idea::InFront => {
                "A king in front of the pawn: the defender blocking its way holds the draw, the strong king leading it clears the way."
            }
            Idea::Promotion => {
                "The pawn promotes; a queen mates, and a rook does where a queen would stalemate."
            }
            Idea::FiftyMoveRule => {
                "After fifty moves of each side without a pawn move or a capture, a draw can be claimed: a win must push its pawn, or mate, in time."
            }
        }
    }
}
