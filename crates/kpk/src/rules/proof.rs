//! Proofs for the positions no rule decides at sight: a short forcing line whose every end a
//! sound rule decides.
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

use super::frame::{Frame, Race};
use super::recognizer::{pawnless, sound_claim_in};
use crate::{Endgame, KpkPosition, Wdl};

/// The longest proof any legal KPK position needs, in plies. The exhaustive test in
/// `tests/rules.rs` proves every legal position within it.
pub const MAX_PROOF_PLIES: u8 = 16;

/// What one position is known to be: proven (verdict for the side to move, proof depth), or
/// unproven within some depth.
#[derive(Clone, Copy)]
enum Known {
    Proven(Wdl, u8),
    Unproven(u8),
}

/// A verdict where the rules, the material or the end of the game decide at sight.
fn at_sight(pos: &Endgame) -> Option<Wdl> {
    match pos.as_kpk() {
        Some(kpk) => {
            let x = Frame::of(&kpk);
            sound_claim_in(&x, &Race::of(&x)).map(|(_, w)| w)
        }
        None => Some(pawnless(pos)),
    }
}

/// A small table of what the search has learnt, private to one call: 512 slots, indexed by the
/// packed position (which has bit 0 clear, so `packed | 1` never equals an empty slot's zero).
struct Memory {
    slots: [(u32, Known); Memory::SLOTS],
}

impl Memory {
    const SLOTS: usize = 4096;

    const fn new() -> Memory {
        Memory { slots: [(0, Known::Unproven(0)); Memory::SLOTS] }
    }

    const fn slot(key: u32) -> usize {
        // multiplicative hashing: the top nine bits of the product
        (key.wrapping_mul(0x9E37_79B1) >> (32 - Memory::SLOTS.trailing_zeros())) as usize
    }

    fn get(&self, pos: &KpkPosition) -> Option<Known> {
        let key = pos.packed() | 1;
        let (stored, known) = self.slots[Memory::slot(key)];
        (stored == key).then_some(known)
    }

    fn put(&mut self, pos: &KpkPosition, known: Known) {
        let key = pos.packed() | 1;
        self.slots[Memory::slot(key)] = (key, known);
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
    memory: &mut Memory,
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
    // first every move's verdict at sight: a move to a decided goal ends the search at once
    let mut open = [None; 40];
    let mut n_open = 0;
    let (mut best, mut deepest) = (Wdl::Loss, 1);
    for &m in &moves {
        let next = pos.play_unchecked(m);
        match at_sight(&next).map(|w| -w) {
            Some(w) if w == goal => return Some((w, 1)),
            Some(w) => best = best.max(w),
            None => {
                open[n_open] = Some(next);
                n_open += 1;
            }
        }
    }
    // then the moves the rules leave open, one ply less deep
    let mut all_proven = true;
    for next in open[..n_open].iter().flatten() {
        let Some(next_kpk) = next.as_kpk() else { continue };
        match prove_within(next, &next_kpk, depth - 1, memory) {
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
        Known::Unproven(_) => None,
    }
}

/// The verdict of a KPK position that no rule decides at sight, with the depth of its shortest
/// proof in plies (`0` for checkmate), searched one ply deeper at a time up to
/// [`MAX_PROOF_PLIES`]; `None` only if no proof exists within it, which no legal position needs.
pub(crate) fn prove(kpk: &KpkPosition) -> Option<(Wdl, u8)> {
    let pos = Endgame::from(*kpk);
    let mut memory = Memory::new();
    (0..=MAX_PROOF_PLIES).find_map(|depth| prove_within(&pos, kpk, depth, &mut memory))
}
