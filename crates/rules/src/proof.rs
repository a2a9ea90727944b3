//! Proofs for the positions no rule decides at sight: a short forcing line whose every line ends
//! in a position decided at sight (a sound rule, the material, checkmate or stalemate).
//!
//! A win is proven when the side with the pawn has a move after which every defence is proven
//! lost; a draw when the defender has a move after which every try of the strong side is proven
//! drawn (or, with the strong side to move, when every one of its moves is). The leaves are the
//! sound static rules, positions without a pawn (judged exactly by the material), checkmate and
//! stalemate. The search deepens one ply at a time, so the depth it reports is the shortest
//! proof's, and it remembers what it proved or failed to prove in a fixed table of its own.
//!
//! Every legal position has a proof of at most [`MAX_PROOF_PLIES`] plies (asserted over all
//! 662,704 by `tests/rules.rs`): no verdict rests on the absence of a proof.

use alloc::vec::Vec;

use crate::frame::{Frame, Race};
use crate::recognizer::{pawnless, sound_claim_in, sound_verdict_in};
use crate::rule::Rule;
use kpk::{Endgame, KpkPosition, Move, Wdl};

/// The longest proof any legal KPK position needs, in plies. The exhaustive test in
/// `tests/rules.rs` proves every legal position within it.
pub const MAX_PROOF_PLIES: u8 = 14;

/// What one position is known to be: proven (verdict for the side to move, proof depth), or
/// unproven within some depth.
#[derive(Clone, Copy)]
enum Known {
    Proven(Wdl, u8),
    Unproven(u8),
    /// Undecided at sight, with the outflanking guess (for the order of the moves only).
    Open(Wdl),
}

/// The slots of one proof search's memory: 4,096 (32 KB on the stack), one memory for every
/// iteration. The deepest proofs see about 2,500 positions; a smaller memory loses them to
/// collisions, and a larger one, or a second memory for the deep iterations, costs more than
/// it saves (measured in docs/benchmark-history.md).
const MEMORY_SLOTS: usize = 4096;

/// The slots of the memory that writes a proof out ([`proof`]), which proves every position
/// of the line and of each try (512 KB, one allocation per proof written).
const WRITING_SLOTS: usize = 1 << 16;

/// A position seen at sight: decided, or open with the outflanking guess (used only to order
/// the moves searched, never as a verdict).
#[derive(Clone, Copy)]
enum Look {
    Decided(Wdl),
    Open(Wdl),
}

/// What the rules or the material decide at sight, or the guess. (The end of the game is left
/// to the search, which generates the moves anyway; [`decided_at_sight`] names it for readers.)
fn look(pos: &Endgame, kpk: Option<&KpkPosition>) -> Look {
    match kpk {
        Some(kpk) => {
            let x = Frame::of(kpk);
            let race = Race::of(&x);
            match sound_verdict_in(&x, &race) {
                Some(w) => Look::Decided(w),
                None => Look::Open(outflanking_guess(&x, &race)),
            }
        }
        None => Look::Decided(pawnless(pos)),
    }
}

/// A table of what the search has learnt, private to one call, indexed by the packed position
/// (which has bit 0 clear, so `packed | 1` never equals an empty slot's zero).
struct Memory<'a> {
    slots: &'a mut [(u32, Known)],
    shift: u32,
}

impl Memory<'_> {
    /// A memory over `slots`, whose length is a power of two.
    fn new(slots: &mut [(u32, Known)]) -> Memory<'_> {
        let shift = 32 - slots.len().trailing_zeros();
        Memory { slots, shift }
    }

    fn slot(&self, key: u32) -> usize {
        // multiplicative hashing: the top bits of the product
        (key.wrapping_mul(0x9E37_79B1) >> self.shift) as usize
    }

    fn get(&self, pos: &KpkPosition) -> Option<Known> {
        let key = pos.packed() | 1;
        let (stored, known) = self.slots[self.slot(key)];
        (stored == key).then_some(known)
    }

    fn put(&mut self, pos: &KpkPosition, known: Known) {
        let key = pos.packed() | 1;
        let slot = self.slot(key);
        self.slots[slot] = (key, known);
    }
}

/// The best the side to move can hope for: the side with the pawn a win, the defender a draw.
fn goal(pos: &Endgame) -> Wdl {
    if pos.strong_to_move() { Wdl::Win } else { Wdl::Draw }
}

/// Proves a KPK position that no rule decides at sight within `depth` plies: its verdict for
/// the side to move and the depth of the proof, or `None`.
fn prove_within(
    pos: &Endgame,
    kpk: &KpkPosition,
    depth: u8,
    memory: &mut Memory<'_>,
) -> Option<(Wdl, u8)> {
    match memory.get(kpk) {
        Some(Known::Proven(w, plies)) if plies <= depth => return Some((w, plies)),
        Some(Known::Unproven(tried)) if tried >= depth => return None,
        _ => {}
    }
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Some((if pos.is_check() { Wdl::Loss } else { Wdl::Draw }, 0));
    }
    if depth == 0 {
        return None;
    }
    let goal = goal(pos);
    // first every move's verdict at sight (remembered, since deeper iterations ask again): a
    // move to a decided goal ends the search at once
    let mut open = [(*pos, *kpk); 40];
    let (mut n_open, mut n_hopeful) = (0, 0);
    // an open move without a KPK position (which cannot happen: the material decides those)
    // could not be searched, so nothing could be proven for every move
    let mut dropped = false;
    let (mut best, mut deepest) = (Wdl::Loss, 1);
    for &m in &moves {
        let next = pos.play_unchecked(m);
        let next_kpk = next.as_kpk();
        let remembered = next_kpk.and_then(|k| memory.get(&k));
        let sighted = match remembered {
            Some(Known::Proven(w, 0)) => Look::Decided(w),
            // a verdict proven before is the best guess; a failed proof, the worst: as if the
            // side to move after it reached its own goal
            Some(Known::Proven(w, _)) => Look::Open(w),
            Some(Known::Unproven(_)) => {
                Look::Open(if goal == Wdl::Win { Wdl::Draw } else { Wdl::Win })
            }
            Some(Known::Open(guess)) => Look::Open(guess),
            None => {
                let s = look(&next, next_kpk.as_ref());
                if let Some(k) = &next_kpk {
                    memory.put(
                        k,
                        match s {
                            Look::Decided(w) => Known::Proven(w, 0),
                            Look::Open(guess) => Known::Open(guess),
                        },
                    );
                }
                s
            }
        };
        match sighted {
            Look::Decided(w) if -w == goal => {
                memory.put(kpk, Known::Proven(goal, 1));
                return Some((goal, 1));
            }
            Look::Decided(w) => best = best.max(-w),
            Look::Open(guess) => {
                let Some(k) = next_kpk else {
                    dropped = true;
                    continue;
                };
                // the moves the guess favours first
                if -guess == goal {
                    open[n_open] = open[n_hopeful];
                    open[n_hopeful] = (next, k);
                    n_hopeful += 1;
                } else {
                    open[n_open] = (next, k);
                }
                n_open += 1;
            }
        }
    }
    // then the moves the rules leave open, one ply less deep
    let mut all_proven = !dropped;
    for (next, next_kpk) in &open[..n_open] {
        match prove_within(next, next_kpk, depth - 1, memory) {
            Some((w, plies)) if -w == goal => {
                memory.put(kpk, Known::Proven(goal, plies + 1));
                return Some((goal, plies + 1));
            }
            Some((w, plies)) => {
                best = best.max(-w);
                deepest = deepest.max(plies + 1);
            }
            None => all_proven = false,
        }
    }
    let known = if all_proven { Known::Proven(best, deepest) } else { Known::Unproven(depth) };
    memory.put(kpk, known);
    match known {
        Known::Proven(w, plies) => Some((w, plies)),
        Known::Unproven(_) | Known::Open(_) => None,
    }
}

/// The verdict of a KPK position that no rule decides at sight, with the depth of its shortest
/// proof in plies (`0` for checkmate), searched one ply deeper at a time up to
/// [`MAX_PROOF_PLIES`]; `None` only if no proof exists within it, which no legal position needs.
pub(crate) fn prove(kpk: &KpkPosition) -> Option<(Wdl, u8)> {
    let mut slots = [(0, Known::Unproven(0)); MEMORY_SLOTS];
    let mut memory = Memory::new(&mut slots);
    prove_remembering(kpk, &mut memory)
}

/// [`prove`] in a memory the caller keeps (for writing a proof out, which proves many
/// positions of one tree).
fn prove_remembering(kpk: &KpkPosition, memory: &mut Memory<'_>) -> Option<(Wdl, u8)> {
    let pos = Endgame::from(*kpk);
    (0..=MAX_PROOF_PLIES).find_map(|depth| prove_within(&pos, kpk, depth, memory))
}

/// What decides a position at sight, where a line of a proof ends.
#[derive(Clone, Copy, Debug)]
pub enum DecidedBy {
    /// A sound rule.
    Rule(&'static Rule),
    /// The material: no pawn is left (a queen or a rook wins unless it falls at once or the
    /// defender is stalemated; a bishop, a knight or bare kings draw).
    Material,
    /// The side to move is checkmated.
    Checkmate,
    /// The side to move is stalemated.
    Stalemate,
}

/// A line of play and how its last position is decided.
#[derive(Clone, Debug)]
pub struct Variation {
    /// The moves, from the position the line starts in.
    pub moves: Vec<Move>,
    /// What decides the position after the last move.
    pub end: DecidedBy,
}

/// A proof written out for a reader: the verdict, the critical line (the moves of the shortest
/// proof for the side that reaches its goal, the longest resistance for the other: not the
/// fastest mate, which the DTM tables give) and the other side's tries where it first has a
/// choice, each refuted by a line to a position decided at sight.
///
/// ```
/// use kpk::{Color, Endgame, EndgameSetup, Role, Square, Wdl};
/// use kpk_rules as rules;
/// // Kb2, Pg2 v Kb6, White to move: Black's king keeps pace with White's
/// let pos = Endgame::new(EndgameSetup {
///     strong_side: Color::White,
///     strong_king: Square::B2,
///     extra: Some((Role::Pawn, Square::G2)),
///     weak_king: Square::B6,
///     side_to_move: Color::White,
/// })
/// .unwrap();
/// let proof = rules::proof(&pos).unwrap();
/// assert_eq!(proof.wdl, Wdl::Draw);
/// assert_eq!(usize::from(proof.plies), proof.line.moves.len());
/// // White to move in a draw: every White move is a try, refuted
/// assert_eq!(proof.choice, 0);
/// assert_eq!(proof.tries.len() + 1, pos.legal_moves().len());
/// ```
#[derive(Clone, Debug)]
pub struct Proof {
    /// The verdict for the side to move.
    pub wdl: Wdl,
    /// The depth of the shortest proof in plies: 0 when the position is decided at sight.
    pub plies: u8,
    /// The critical line.
    pub line: Variation,
    /// How many moves of the critical line are played before the tries: the first position of
    /// the line in which the side that cannot choose its result (the defender of a won
    /// position, the side with the pawn in a drawn one) is to move and has a choice.
    pub choice: usize,
    /// Every other move at the choice, each with the line that refutes it (empty when there is
    /// no choice, as when the position is decided at sight).
    pub tries: Vec<Variation>,
}

/// The verdict at sight of any position of at most three men, and what gives it.
fn decided_at_sight(pos: &Endgame) -> Option<(Wdl, DecidedBy)> {
    if let Some(kpk) = pos.as_kpk() {
        let x = Frame::of(&kpk);
        if let Some((rule, w)) = sound_claim_in(&x, &Race::of(&x)) {
            return Some((w, DecidedBy::Rule(rule)));
        }
    } else {
        return Some((pawnless(pos), DecidedBy::Material));
    }
    if pos.legal_moves().is_empty() {
        return Some(if pos.is_check() {
            (Wdl::Loss, DecidedBy::Checkmate)
        } else {
            (Wdl::Draw, DecidedBy::Stalemate)
        });
    }
    None
}

/// The verdict and the depth of the shortest proof of any position of at most three men, if it
/// is proven within [`MAX_PROOF_PLIES`] (every legal position is).
fn depth_of(pos: &Endgame, memory: &mut Memory<'_>) -> Option<(Wdl, u8)> {
    if let Some((w, _)) = decided_at_sight(pos) {
        return Some((w, 0));
    }
    pos.as_kpk().and_then(|kpk| prove_remembering(&kpk, memory))
}

/// The move a proof plays in `pos`: where the side to move reaches its best result, its
/// shortest proof; where it cannot help losing or drawing, the move that resists longest.
fn proof_move(pos: &Endgame, verdict: Wdl, memory: &mut Memory<'_>) -> Option<Move> {
    let choosing = verdict == goal(pos);
    let mut best: Option<(Move, u8)> = None;
    for &m in &pos.legal_moves() {
        let Some((w, plies)) = depth_of(&pos.play_unchecked(m), memory) else { continue };
        if -w != verdict {
            continue;
        }
        let better = best.is_none_or(|(_, b)| if choosing { plies < b } else { plies > b });
        if better {
            best = Some((m, plies));
        }
    }
    best.map(|(m, _)| m)
}

/// The line a proof follows from `pos` (whose verdict is `verdict`) to a position decided at
/// sight; `None` if some position on the way has no proof within [`MAX_PROOF_PLIES`].
fn line_from(pos: &Endgame, verdict: Wdl, memory: &mut Memory<'_>) -> Option<Variation> {
    let (mut pos, mut verdict) = (*pos, verdict);
    let mut moves = Vec::new();
    // a proven position's proof move leads to one proven a ply shallower, so the line ends
    // within the bound
    for _ in 0..=MAX_PROOF_PLIES {
        if let Some((_, end)) = decided_at_sight(&pos) {
            return Some(Variation { moves, end });
        }
        let m = proof_move(&pos, verdict, memory)?;
        moves.push(m);
        pos = pos.play_unchecked(m);
        verdict = -verdict;
    }
    None
}

/// The proof of any legal position of at most three men, written out: the verdict, the
/// critical line and the refuted tries. KPK positions are proven by the rules; positions without
/// a pawn are decided at sight by the material. `None` only for a position with no proof
/// within [`MAX_PROOF_PLIES`], which no legal position is (asserted over every one by the
/// tests).
#[must_use]
pub fn proof(pos: &Endgame) -> Option<Proof> {
    let mut slots = alloc::vec![(0, Known::Unproven(0)); WRITING_SLOTS];
    let mut memory = Memory::new(&mut slots);
    let (wdl, plies) = depth_of(pos, &mut memory)?;
    let line = line_from(pos, wdl, &mut memory)?;
    // the first position of the line where the side to move cannot choose its result
    let (mut at, mut verdict) = (*pos, wdl);
    let mut tries = Vec::new();
    let mut choice = 0;
    for (i, &m) in line.moves.iter().enumerate() {
        if verdict != goal(&at) && at.legal_moves().len() > 1 {
            choice = i;
            for &other in at.legal_moves().iter().filter(|&&o| o != m) {
                let next = at.play_unchecked(other);
                let mut rest = line_from(&next, -verdict, &mut memory)?;
                rest.moves.insert(0, other);
                tries.push(rest);
            }
            break;
        }
        at = at.play_unchecked(m);
        verdict = -verdict;
    }
    Some(Proof { wdl, plies, line, choice, tries })
}

/// The outflanking guess ([`outflanking_heuristic`](super::outflanking_heuristic)) for a
/// position already framed: the proof search tries the moves it favours first.
pub(crate) fn outflanking_guess(x: &Frame, race: &Race) -> Wdl {
    let wins = if x.rook_pawn() {
        race.king_to_promotion + 2 <= race.defender_to_promotion
    } else {
        (x.strong_king.file - x.weak_king.file).abs() >= 2
    };
    match (wins, x.strong_to_move) {
        (false, _) => Wdl::Draw,
        (true, true) => Wdl::Win,
        (true, false) => Wdl::Loss,
    }
}
