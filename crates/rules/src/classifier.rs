//! A classifier that decides every KPK position from chess rules alone, with certainty: the
//! sound rules at sight, and where none fits, a proof ([`super::proof`]): a short forcing line
//! whose every line ends in a position decided at sight (by a rule, the material, checkmate or
//! stalemate). No table, and no guess: the outflanking heuristic that
//! classified the rest before proofs existed stays here as a study ([`outflanking_heuristic`],
//! [`searched_heuristic`]), measured but never used by [`classify`].

use crate::frame::{Frame, Race};
use crate::proof::{outflanking_guess, prove};
use crate::recognizer::{sound_claim, sound_claim_in};
use crate::rule::Rule;
use kpk::{KpkPosition, Wdl};

/// What a classification rests on. Every basis is certain.
#[derive(Clone, Copy, Debug)]
pub enum Basis {
    /// A rule that makes no error over any legal position decides it at sight.
    Rule(&'static Rule),
    /// No rule fits the position, but a forcing line of at most `plies` plies proves it: the
    /// side to move has a move (or every move leads) to positions that rules decide, and so on
    /// until every line ends in a rule's verdict. `plies` is the depth of the shortest such
    /// proof (at most [`MAX_PROOF_PLIES`](super::MAX_PROOF_PLIES)).
    Proof {
        /// The depth of the shortest proof, in plies.
        plies: u8,
    },
    /// A position without a pawn: a queen or a rook wins unless it falls at once or the
    /// defender is stalemated; a bishop, a knight or bare kings draw.
    Material,
    /// No proof was found within [`MAX_PROOF_PLIES`](super::MAX_PROOF_PLIES) plies and the
    /// bitbase answered. No legal position comes to this (the tests prove every one within the
    /// bound); the variant exists so that a verdict without a proof is never labelled as one.
    Bitbase,
}

/// Two bases are equal when they are the same kind and, for a rule, the same rule (by its
/// identifier), for a proof, of the same depth.
impl PartialEq for Basis {
    fn eq(&self, other: &Basis) -> bool {
        match (self, other) {
            (Basis::Rule(a), Basis::Rule(b)) => a.id == b.id,
            (Basis::Proof { plies: a }, Basis::Proof { plies: b }) => a == b,
            (Basis::Material, Basis::Material) | (Basis::Bitbase, Basis::Bitbase) => true,
            _ => false,
        }
    }
}

impl Eq for Basis {}

impl Basis {
    /// The basis's name for programs: `"rule"`, `"proof"`, `"material"` or `"bitbase"`.
    ///
    /// ```
    /// use kpk_rules::Basis;
    /// assert_eq!(Basis::Proof { plies: 3 }.name(), "proof");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Basis::Rule(_) => "rule",
            Basis::Proof { .. } => "proof",
            Basis::Material => "material",
            Basis::Bitbase => "bitbase",
        }
    }

    /// The rule's identifier, where a rule decides.
    #[must_use]
    pub const fn rule_id(self) -> Option<&'static str> {
        match self {
            Basis::Rule(r) => Some(r.id),
            _ => None,
        }
    }

    /// Whether the verdict is certain: every basis but the bitbase's fallback.
    #[must_use]
    pub const fn is_certain(self) -> bool {
        !matches!(self, Basis::Bitbase)
    }
}

/// A verdict for the side to move and what it rests on.
#[derive(Clone, Copy, Debug)]
pub struct Classification {
    /// Win, draw or loss for the side to move.
    pub wdl: Wdl,
    /// How it was decided.
    pub basis: Basis,
}

/// A guess from the idea of outflanking, kept as a measured study (it was the classifier's last
/// resort before proofs): the side with the pawn wins when the kings stand two files or more
/// apart (the strong king goes round the defender), and it is a draw when they stand on the same
/// or neighbouring files (the defender keeps the opposition in front). A rook pawn, which no
/// outflanking wins, wins when its king reaches the promotion corner two moves before the
/// defender. Right on about 72% of the positions the rules leave open. [`classify`] never
/// answers with it; its proof search only tries the moves it favours first.
#[must_use]
pub fn outflanking_heuristic(pos: &KpkPosition) -> Wdl {
    let x = Frame::of(pos);
    outflanking_guess(&x, &Race::of(&x))
}

/// [`classify`] for any position of at most three men: KPK by the rules, and positions without a
/// pawn (after a promotion or a capture) exactly, as in [`recognize_endgame`](super::recognize_endgame).
#[must_use]
pub fn classify_endgame(pos: &kpk::Endgame) -> Classification {
    match pos.as_kpk() {
        Some(kpk) => classify(&kpk),
        None => Classification {
            wdl: super::recognize_endgame(pos).unwrap_or(Wdl::Draw),
            basis: Basis::Material,
        },
    }
}

/// Classifies any legal KPK position from chess rules, with certainty: the first sound rule
/// that fits, else the shortest proof by a forcing line whose every line ends in a position
/// decided at sight (a rule, the material, checkmate or stalemate).
///
/// ```
/// use kpk::{Color, KpkPosition, KpkSetup, Square, Wdl};
/// use kpk_rules as rules;
/// let corner = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::A6,
///     pawn: Square::A5,
///     weak_king: Square::A8,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let c = rules::classify(&corner);
/// assert_eq!(c.wdl, Wdl::Draw);
/// assert!(matches!(c.basis, rules::Basis::Rule(r) if r.id == "rook_pawn_corner"));
///
/// // Kb2, Pg2 v Kb6: no rule fits, but Black's king keeps pace with White's on the way to
/// // the g-pawn
/// let race = KpkPosition::new(KpkSetup {
///     strong_side: Color::White,
///     strong_king: Square::B2,
///     pawn: Square::G2,
///     weak_king: Square::B6,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let c = rules::classify(&race);
/// assert_eq!(c.wdl, Wdl::Draw);
/// assert!(matches!(c.basis, rules::Basis::Proof { plies } if plies > 0));
/// ```
#[must_use]
pub fn classify(pos: &KpkPosition) -> Classification {
    if let Some((rule, wdl)) = sound_claim(pos) {
        return Classification { wdl, basis: Basis::Rule(rule) };
    }
    match prove(pos) {
        Some((wdl, plies)) => Classification { wdl, basis: Basis::Proof { plies } },
        // every legal position is proven within `MAX_PROOF_PLIES` (asserted over every one by
        // `tests/rules.rs`); were one not, the bitbase would answer, and say so
        None => Classification { wdl: pos.probe(), basis: Basis::Bitbase },
    }
}

/// The plies [`searched_heuristic`] looked ahead in the classifier before proofs replaced it
/// (a study setting now: [`classify`] never guesses).
pub const HEURISTIC_DEPTH: u32 = 4;

/// The outflanking heuristic searched `depth` plies deep: negamax over the legal moves, where
/// a position a sound rule decides (or one without a pawn, judged exactly) is certain and the
/// positions at the horizon that no rule decides get [`outflanking_heuristic`]'s guess. The
/// deeper, the fewer guesses reach the root: over all legal positions it agrees with the
/// bitbase on about 95% at depth 0 and 98.9% at depth 4 ([`HEURISTIC_DEPTH`], about 10 us a
/// position).
#[must_use]
pub fn searched_heuristic(pos: &KpkPosition, depth: u32) -> Wdl {
    search_with_guesses(&kpk::Endgame::from(*pos), depth)
}

fn search_with_guesses(pos: &kpk::Endgame, depth: u32) -> Wdl {
    let Some(kpk) = pos.as_kpk() else {
        // no pawn: exact (a queen or rook wins unless lost at once, anything else draws)
        return super::recognize_endgame(pos).unwrap_or(Wdl::Draw);
    };
    // one frame for the rules and the guess
    let x = Frame::of(&kpk);
    let race = Race::of(&x);
    if let Some((_, w)) = sound_claim_in(&x, &race) {
        return w;
    }
    if depth == 0 {
        return outflanking_guess(&x, &race);
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return if pos.is_check() { Wdl::Loss } else { Wdl::Draw };
    }
    let mut best = Wdl::Loss;
    for &m in &moves {
        let w = -search_with_guesses(&pos.play_unchecked(m), depth - 1);
        if w == Wdl::Win {
            return w;
        }
        best = best.max(w);
    }
    best
}

/// Whether the side to move in `pos` does worse than the other side would in its place (a
/// mutual zugzwang, by the classifier): where the opposition is taken, whether it is the
/// point. `false` where the other side to move would not be legal, or without a pawn.
pub(crate) fn worse_to_move(pos: &kpk::Endgame) -> bool {
    let Some(k) = pos.as_kpk() else { return false };
    let setup = kpk::KpkSetup { side_to_move: !k.side_to_move(), ..k.setup() };
    let Ok(turned) = KpkPosition::new(setup) else { return false };
    classify(&k).wdl < -classify(&turned).wdl
}
