//! Move ordering: the memory a search keeps of which moves refuted which (killers,
//! countermoves, history), and the [`Picker`] that hands a node's moves out best first.

use shakmaty::{Bitboard, Chess, Move, Position};

use crate::eval::material;
use crate::tt::PackedMove;

/// What the search remembers for ordering moves: it outlives one search and is emptied with the
/// table for a new game.
#[derive(Clone, Debug)]
pub(super) struct MoveOrder {
    /// `killers[ply]`: the last two quiet moves that refuted a node at `ply`.
    killers: Vec<[Option<Move>; 2]>,
    /// `counters[from][to]`: the quiet move that last refuted the move `from`-`to`.
    counters: Vec<[Option<Move>; 64]>,
    /// `played[ply]`: the move made at `ply` on the current line (`None` for a pass).
    played: Vec<Option<Move>>,
    /// `history[from][to]`: how often, and how deep, the quiet move refuted a node.
    history: Vec<[i32; 64]>,
}

impl MoveOrder {
    /// An empty memory for lines of up to `plies` plies.
    pub(super) fn new(plies: usize) -> MoveOrder {
        MoveOrder {
            killers: vec![[None; 2]; plies],
            counters: vec![[None; 64]; 64],
            played: vec![None; plies],
            history: vec![[0; 64]; 64],
        }
    }

    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.history.iter_mut().for_each(|h| h.fill(0));
        self.killers.fill([None; 2]);
        self.counters.iter_mut().for_each(|c| c.fill(None));
    }

    /// Remembers `m` as the move made at `ply` on the current line (the countermove's key).
    pub(super) fn note_played(&mut self, ply: u32, m: Move) {
        if let Some(slot) = self.played.get_mut(ply as usize) {
            *slot = Some(m);
        }
    }

    /// Remembers that the side to move passed at `ply` (a null move: no countermove follows).
    pub(super) fn note_pass(&mut self, ply: u32) {
        if let Some(slot) = self.played.get_mut(ply as usize) {
            *slot = None;
        }
    }

    /// Whether `m` is one of the killers of `ply`.
    pub(super) fn is_killer(&self, ply: u32, m: Move) -> bool {
        self.killers[ply as usize].contains(&Some(m))
    }

    /// The move that led to the node at `ply` (`None` at the root or after a pass).
    fn previous_move(&self, ply: u32) -> Option<Move> {
        let p = usize::try_from(ply).ok()?.checked_sub(1)?;
        *self.played.get(p)?
    }

    /// A quiet move that refuted a node becomes a killer at its ply and the countermove of the
    /// move before it, and gains history.
    pub(super) fn remember_cutoff(&mut self, m: Move, ply: u32, depth: i32) {
        if m.is_capture() || m.is_promotion() {
            return;
        }
        if let Some(prev) = self.previous_move(ply)
            && let Some(from) = prev.from()
        {
            self.counters[usize::from(from)][usize::from(prev.to())] = Some(m);
        }
        let slot = &mut self.killers[ply as usize];
        if slot[0] != Some(m) {
            slot[1] = slot[0];
            slot[0] = Some(m);
        }
        if let Some(from) = m.from() {
            let h = &mut self.history[usize::from(from)][usize::from(m.to())];
            *h = (*h + depth * depth).min(1 << 20);
        }
    }

    /// The quiet moves tried before a quiet move that refuted the node lose the history it
    /// gains.
    pub(super) fn punish_quiet_moves(&mut self, tried: &[Move], depth: i32) {
        for &q in tried {
            if !q.is_capture()
                && !q.is_promotion()
                && let Some(from) = q.from()
            {
                let h = &mut self.history[usize::from(from)][usize::from(q.to())];
                *h = (*h - depth * depth).max(-(1 << 20));
            }
        }
    }

    /// Move ordering: the table's move, captures (most valuable victim, least valuable
    /// attacker), queen promotions, the two killers of this ply, the countermove (the quiet
    /// move that last refuted the move just made), quiet checks, then the other quiet moves by
    /// history.
    /// Each move's key is found once, on the stack; [`Picker::next`] then hands the moves out
    /// best first, one at a time, so a node that is cut off early sorts no more than it used.
    pub(super) fn picker(
        &self,
        pos: &Chess,
        moves: &[Move],
        tt_move: Option<PackedMove>,
        ply: u32,
    ) -> Picker {
        let killers = self.killers[(ply as usize).min(self.killers.len() - 1)];
        let counter = self
            .previous_move(ply)
            .and_then(|p| Some(self.counters[usize::from(p.from()?)][usize::from(p.to())]))
            .flatten();
        let key = |m: Move| {
            if tt_move.is_some() && PackedMove::of(m) == tt_move {
                return i32::MAX;
            }
            if let Some(victim) = m.capture() {
                4_000_000 + 10 * material(victim) - material(m.role())
            } else if let Some(p) = m.promotion() {
                3_000_000 + material(p)
            } else if killers[0] == Some(m) {
                2_000_002
            } else if killers[1] == Some(m) {
                2_000_001
            } else if counter == Some(m) {
                2_000_000
            } else if gives_check(pos, m) {
                1_999_999
            } else {
                m.from().map_or(0, |f| self.history[usize::from(f)][usize::from(m.to())])
            }
        };
        let mut picker = Picker { keys: [0; 256], len: moves.len().min(256), picked: 0 };
        for (k, &m) in picker.keys.iter_mut().zip(moves.iter()) {
            *k = key(m);
        }
        picker
    }
}

/// The moves of a node handed out best first by their ordering keys (a legal move list holds
/// at most 218 moves).
pub(super) struct Picker {
    keys: [i32; 256],
    len: usize,
    picked: usize,
}

impl Picker {
    /// The next move: the first of the highest key among those not yet handed out, moved to
    /// the front of the rest (which keep their order, so moves of equal key come in the
    /// generator's order). `moves[..self.picked()]` are then the moves handed out, in order.
    pub(super) fn next(&mut self, moves: &mut [Move]) -> Option<Move> {
        let start = self.picked;
        if start >= self.len {
            return None;
        }
        let mut best = start;
        for i in start + 1..self.len {
            if self.keys[i] > self.keys[best] {
                best = i;
            }
        }
        self.keys[start..=best].rotate_right(1);
        moves[start..=best].rotate_right(1);
        self.picked += 1;
        Some(moves[start])
    }

    /// How many moves were handed out.
    pub(super) fn picked(&self) -> usize {
        self.picked
    }
}

/// Whether the quiet move `m` (no capture, no promotion) gives check: the piece attacks the
/// enemy king from its new square, or it uncovers a rook, bishop or queen behind it (castling
/// is never counted: its checks are rare and only cost the quiescence search a line).
pub(super) fn gives_check(pos: &Chess, m: Move) -> bool {
    let board = pos.board();
    let (Some(from), Some(king)) = (m.from(), board.king_of(!pos.turn())) else { return false };
    if m.is_castle() {
        return false;
    }
    let occupied = (board.occupied() ^ Bitboard::from(from)) | Bitboard::from(m.to());
    let piece = shakmaty::Piece { color: pos.turn(), role: m.role() };
    if shakmaty::attacks::attacks(m.to(), piece, occupied).contains(king) {
        return true;
    }
    let ours = board.by_color(pos.turn());
    let rooks = (board.rooks() | board.queens()) & ours;
    let bishops = (board.bishops() | board.queens()) & ours;
    let uncovered = (shakmaty::attacks::rook_attacks(king, occupied) & rooks)
        | (shakmaty::attacks::bishop_attacks(king, occupied) & bishops);
    (uncovered & !Bitboard::from(from)).any()
}

#[cfg(test)]
mod tests {
    use super::{MoveOrder, gives_check};
    use shakmaty::fen::Fen;
    use shakmaty::{CastlingMode, Chess, Position};

    /// A quiet move that refuted a move becomes its countermove: wherever that move is played
    /// again, at any ply, the refutation comes first among the quiet moves (before the quiet
    /// checks and the history), and only after that move.
    #[test]
    fn the_countermove_comes_first_among_the_quiet_moves_after_the_move_it_refuted() {
        use shakmaty::{Move, Role, Square};
        let pos: Chess = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR b KQkq - 5 4"
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let threat = Move::Normal {
            role: Role::Queen,
            from: Square::D1,
            to: Square::F3,
            capture: None,
            promotion: None,
        };
        let answer = Move::Normal {
            role: Role::Knight,
            from: Square::G8,
            to: Square::F6,
            capture: None,
            promotion: None,
        };
        assert!(pos.is_legal(answer));
        let first_quiet = |s: &MoveOrder, ply: u32| {
            let mut moves = pos.legal_moves();
            let mut picker = s.picker(&pos, &moves, None, ply);
            core::iter::from_fn(|| picker.next(&mut moves))
                .find(|m| !m.is_capture() && !m.is_promotion())
        };
        let mut searcher = MoveOrder::new(122);
        assert_ne!(first_quiet(&searcher, 5), Some(answer));
        searcher.played[0] = Some(threat);
        searcher.remember_cutoff(answer, 1, 4);
        searcher.played[4] = Some(threat);
        assert_eq!(first_quiet(&searcher, 5), Some(answer), "after the move it refuted");
        searcher.history.iter_mut().for_each(|h| h.fill(0));
        searcher.played[4] = None;
        assert_ne!(first_quiet(&searcher, 5), Some(answer), "after another move");
    }

    /// The quiet-check test agrees with playing each quiet move and asking whether the other
    /// king stands in check, on positions with direct, discovered and no checks.
    #[test]
    fn quiet_checks_are_the_moves_that_give_check() {
        let fens = [
            "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 4",
            "4k3/8/8/8/4N3/8/4R3/4K3 w - - 0 1", // a knight uncovers the rook
            "4k3/8/8/2B5/8/8/8/4K2R w K - 0 1",  // bishop checks; castling
            "8/8/8/3k4/8/8/2P5/B3K3 w - - 0 1",  // a pawn uncovers the bishop
            "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", // black's rooks
            "6k1/8/8/8/8/8/R7/1R4K1 w - - 0 1",
        ];
        let mut checks = 0;
        for fen in fens {
            let pos: Chess =
                fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap();
            for m in pos.legal_moves() {
                if m.is_capture() || m.is_promotion() || m.is_castle() {
                    continue;
                }
                let mut after = pos.clone();
                after.play_unchecked(m);
                assert_eq!(gives_check(&pos, m), after.is_check(), "{fen}: {m:?}");
                checks += usize::from(after.is_check());
            }
        }
        assert!(checks >= 10, "{checks} checks among the positions' quiet moves");
    }
}
