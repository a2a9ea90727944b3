//! The transposition table: 8-byte entries in 32-byte buckets of four, sized in MiB.
//!
//! # Entry (one `u64`)
//!
//! | bits | field |
//! |---|---|
//! | 0-15 | key check: the low 16 bits of the position's 64-bit key (the bucket comes from the high bits, so the two are independent) |
//! | 16-31 | move ([`PackedMove`]), `0` for none |
//! | 32-46 | score, 15-bit two's complement ([`Score::pack15`]), stored re-rooted at the node ([`BoundedScore::to_tt`]) |
//! | 47-48 | bound: `0` empty, `1` upper, `2` lower, `3` exact |
//! | 49-56 | depth in plies (`0..=255`) |
//! | 57-63 | generation (the search that stored it, modulo 128) |
//!
//! The score is read back with [`Score::extract15`] (shiftless sign extension) and re-rooted at
//! the probing node with the bound-aware 50-move guard of [`BoundedScore::from_tt`], so a mate
//! the halfmove clock may prevent comes back as a bound at the draw score, never as a mate.
//!
//! # Replacement
//! A bucket holds four entries. A store goes to the entry with the same key check if there is
//! one (kept only if the new result is exact, or not much shallower: `depth + 2 >= old depth`,
//! or from an older search), else to an empty entry, else to the entry with the lowest
//! `depth - 4 * age`, where `age` counts searches since it was stored: deep results survive,
//! stale ones go.
//!
//! ```
//! use kpk_score::{Bound, BoundedScore, Score};
//! use kpk_search::tt::{PackedMove, Table};
//!
//! let mut table = Table::new(1); // 1 MiB: 32,768 buckets of four entries
//! let key = 0x1234_5678_9ABC_DEF0;
//! let found = BoundedScore::new(Score::mate_in(7), Bound::Exact); // at ply 4: mate in 3 from here
//! table.store(key, 4, found, 9, Some(PackedMove::new(12, 28, None)));
//! let hit = table.probe(key, 4, 0, Score::ZERO).unwrap();
//! assert_eq!((hit.score, hit.depth), (found, 9));
//! assert_eq!(hit.mv.unwrap().to_square(), 28);
//! // the same position reached at ply 2: the mate is two plies nearer the root
//! assert_eq!(table.probe(key, 2, 0, Score::ZERO).unwrap().score.score, Score::mate_in(5));
//! ```

// Every cast here extracts a masked bit field (at most 16 bits) or scales an index into the
// table's length; none can lose information.
#![allow(clippy::cast_possible_truncation)]

use kpk_score::{Bound, BoundedScore, Score};

/// Bytes of one entry.
pub const ENTRY_BYTES: usize = size_of::<u64>();
/// Entries per bucket.
pub const BUCKET_ENTRIES: usize = 4;
const _: () = assert!(ENTRY_BYTES == 8 && BUCKET_ENTRIES * ENTRY_BYTES == 32);

const MOVE_SHIFT: u32 = 16;
const SCORE_SHIFT: u32 = 32;
const BOUND_SHIFT: u32 = 47;
const DEPTH_SHIFT: u32 = 49;
const GENERATION_SHIFT: u32 = 57;
const GENERATIONS: u8 = 128;

/// A move in 16 bits: from (bits 0-5), to (bits 6-11), promotion (bits 12-14: `0` none, `1`
/// knight, `2` bishop, `3` rook, `4` queen). Never `0` for a real move (from and to differ).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PackedMove(u16);

/// A promotion piece of a [`PackedMove`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Promotion {
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
}

impl PackedMove {
    /// A shakmaty move packed (`None` for a move without a from square: a drop).
    ///
    /// ```
    /// use kpk_search::tt::{PackedMove, Promotion};
    /// use shakmaty::{Move, Role, Square};
    ///
    /// let push = Move::Normal {
    ///     role: Role::Pawn,
    ///     from: Square::E7,
    ///     to: Square::E8,
    ///     capture: None,
    ///     promotion: Some(Role::Queen),
    /// };
    /// assert_eq!(PackedMove::of(push), Some(PackedMove::new(52, 60, Some(Promotion::Queen))));
    /// ```
    #[must_use]
    pub fn of(m: shakmaty::Move) -> Option<PackedMove> {
        let promotion = match m.promotion() {
            Some(shakmaty::Role::Knight) => Some(Promotion::Knight),
            Some(shakmaty::Role::Bishop) => Some(Promotion::Bishop),
            Some(shakmaty::Role::Rook) => Some(Promotion::Rook),
            Some(shakmaty::Role::Queen) => Some(Promotion::Queen),
            _ => None,
        };
        let from = m.from()?;
        Some(PackedMove::new(u8::from(from), u8::from(m.to()), promotion))
    }

    /// A move from `from` to `to` (squares `0..=63`, a1 = 0; higher bits are ignored).
    #[must_use]
    pub const fn new(from: u8, to: u8, promotion: Option<Promotion>) -> PackedMove {
        let p = match promotion {
            Some(p) => p as u16,
            None => 0,
        };
        PackedMove((from as u16 & 63) | (to as u16 & 63) << 6 | p << 12)
    }

    /// The square the man leaves.
    #[must_use]
    pub const fn from_square(self) -> u8 {
        (self.0 & 63) as u8
    }

    /// The square it reaches.
    #[must_use]
    pub const fn to_square(self) -> u8 {
        (self.0 >> 6 & 63) as u8
    }

    /// The promotion piece, if any.
    #[must_use]
    pub const fn promotion(self) -> Option<Promotion> {
        match self.0 >> 12 & 7 {
            1 => Some(Promotion::Knight),
            2 => Some(Promotion::Bishop),
            3 => Some(Promotion::Rook),
            4 => Some(Promotion::Queen),
            _ => None,
        }
    }

    /// The 16 bits.
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    const fn from_bits(bits: u16) -> Option<PackedMove> {
        if bits & 0xFFF == 0 { None } else { Some(PackedMove(bits)) }
    }
}

/// What a probe finds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The stored result, re-rooted at the probing node and guarded against the 50-move rule.
    pub score: BoundedScore,
    /// The depth it was searched to.
    pub depth: u8,
    /// The best move found, if any.
    pub mv: Option<PackedMove>,
}

/// The table.
#[derive(Clone, Debug)]
pub struct Table {
    buckets: Vec<[u64; BUCKET_ENTRIES]>,
    generation: u8,
}

const fn bound_bits(b: Bound) -> u64 {
    match b {
        Bound::Upper => 1,
        Bound::Lower => 2,
        Bound::Exact => 3,
    }
}

/// The key check: bits the bucket index does not use (the index takes the high bits).
const fn check(key: u64) -> u64 {
    key & 0xFFFF
}

impl Table {
    /// A table of `mib` MiB (at least one bucket), all entries empty.
    #[must_use]
    pub fn new(mib: usize) -> Table {
        let buckets = (mib.saturating_mul(1 << 20) / (BUCKET_ENTRIES * ENTRY_BYTES)).max(1);
        Table { buckets: vec![[0; BUCKET_ENTRIES]; buckets], generation: 0 }
    }

    /// Bytes the entries take.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.buckets.len() * BUCKET_ENTRIES * ENTRY_BYTES
    }

    /// Empties every entry.
    pub fn clear(&mut self) {
        self.buckets.fill([0; BUCKET_ENTRIES]);
        self.generation = 0;
    }

    /// Starts a new search: entries stored before age by one.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) % GENERATIONS;
    }

    fn bucket(&self, key: u64) -> usize {
        // multiply-shift: the high bits of key * len spread over 0..len
        let len = self.buckets.len() as u128;
        ((u128::from(key) * len) >> 64) as usize
    }

    fn age(&self, entry: u64) -> u8 {
        let stored = (entry >> GENERATION_SHIFT) as u8;
        (self.generation + GENERATIONS - stored) % GENERATIONS
    }

    /// Stores a result found at a node `ply` plies from the root, searched `depth` plies deep.
    /// A score that does not fit 15 bits (only `+INFINITE`, never a node's value) is not stored.
    pub fn store(
        &mut self,
        key: u64,
        ply: u32,
        result: BoundedScore,
        depth: u8,
        mv: Option<PackedMove>,
    ) {
        let stored = result.to_tt(ply);
        let Ok(bits) = stored.score.pack15() else { return };
        let entry = check(key)
            | u64::from(mv.map_or(0, PackedMove::bits)) << MOVE_SHIFT
            | u64::from(bits) << SCORE_SHIFT
            | bound_bits(stored.bound) << BOUND_SHIFT
            | u64::from(depth) << DEPTH_SHIFT
            | u64::from(self.generation) << GENERATION_SHIFT;
        let index = self.bucket(key);
        let ages: [u8; BUCKET_ENTRIES] = self.buckets[index].map(|e| self.age(e));
        let bucket = &mut self.buckets[index];
        let slot = if let Some(i) =
            bucket.iter().position(|&e| e >> BOUND_SHIFT & 3 != 0 && e & 0xFFFF == check(key))
        {
            let old = bucket[i];
            let old_depth = (old >> DEPTH_SHIFT) as u8;
            let keep_old = stored.bound != Bound::Exact
                && u16::from(depth) + 2 < u16::from(old_depth)
                && ages[i] == 0;
            if keep_old {
                // a shallower bound must not erase a deeper result, but a move is better than none
                if mv.is_some() && old >> MOVE_SHIFT & 0xFFFF == 0 {
                    bucket[i] = old | u64::from(mv.map_or(0, PackedMove::bits)) << MOVE_SHIFT;
                }
                return;
            }
            i
        } else if let Some(i) = bucket.iter().position(|&e| e >> BOUND_SHIFT & 3 == 0) {
            i
        } else {
            (0..BUCKET_ENTRIES)
                .min_by_key(|&i| {
                    i32::from((bucket[i] >> DEPTH_SHIFT) as u8) - 4 * i32::from(ages[i])
                })
                .unwrap_or(0)
        };
        bucket[slot] = entry;
    }

    /// The stored result for `key` at a node `ply` plies from the root with halfmove clock
    /// `halfmove_clock`, where a draw scores `draw`; `None` if the table holds nothing for it.
    #[must_use]
    pub fn probe(&self, key: u64, ply: u32, halfmove_clock: u32, draw: Score) -> Option<Hit> {
        let mut hit = self.probe_stored(key)?;
        hit.score = BoundedScore::from_tt(hit.score, ply, halfmove_clock, draw);
        Some(hit)
    }

    /// The stored result for `key` as the entry holds it: no re-rooting and no 50-move guard
    /// (for a search that counts mate distances its own way, like the delayed-loss bonus).
    #[must_use]
    pub fn probe_stored(&self, key: u64) -> Option<Hit> {
        let bucket = &self.buckets[self.bucket(key)];
        let entry =
            *bucket.iter().find(|&&e| e >> BOUND_SHIFT & 3 != 0 && e & 0xFFFF == check(key))?;
        let bound = match entry >> BOUND_SHIFT & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        };
        Some(Hit {
            score: BoundedScore::new(Score::extract15::<SCORE_SHIFT>(entry), bound),
            depth: (entry >> DEPTH_SHIFT) as u8,
            mv: PackedMove::from_bits((entry >> MOVE_SHIFT) as u16),
        })
    }

    /// Permille of the first 1,000 buckets' entries that hold a result of the current search
    /// (UCI `hashfull`).
    #[must_use]
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.iter().take(1000);
        let n = sample.len().max(1);
        let used: usize = sample
            .map(|b| b.iter().filter(|&&e| e >> BOUND_SHIFT & 3 != 0 && self.age(e) == 0).count())
            .sum();
        u32::try_from(used * 1000 / (n * BUCKET_ENTRIES)).unwrap_or(1000)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use kpk_score::bands::{KNOWN_WIN, MATE, MAX_PLY};

    const DRAW: Score = Score::ZERO;

    /// Keys that land in the same bucket of `table` but differ in their key check.
    fn same_bucket_keys(table: &Table, n: usize) -> Vec<u64> {
        let target = table.bucket(1);
        let mut keys = vec![];
        let mut k = 1u64;
        while keys.len() < n {
            if table.bucket(k) == target && keys.iter().all(|&o| check(o) != check(k)) {
                keys.push(k);
            }
            k += 1; // the low bits change the key check, not the bucket
        }
        keys
    }

    #[test]
    fn an_entry_is_eight_bytes_and_the_size_is_in_mib() {
        assert_eq!(ENTRY_BYTES, 8);
        assert_eq!(Table::new(1).bytes(), 1 << 20);
        assert_eq!(Table::new(16).bytes(), 16 << 20);
        assert_eq!(Table::new(0).bytes(), 32, "at least one bucket");
    }

    #[test]
    fn every_score_and_bound_round_trips_at_every_ply() {
        let mut table = Table::new(1);
        let mates = (0..=MAX_PLY).map(|d| Score::new(MATE - d));
        let known = (0..=1000).map(|d| Score::new(KNOWN_WIN - d));
        let plain = (-4000..=4000).step_by(7).map(Score::new);
        let scores: Vec<Score> = mates.chain(known).chain(plain).flat_map(|s| [s, -s]).collect();
        for (i, &s) in scores.iter().enumerate() {
            for bound in [Bound::Exact, Bound::Lower, Bound::Upper] {
                let ply = u32::try_from(i % 40).unwrap();
                // a proof cannot end before the node that found it
                if s.mate().is_some_and(|m| m.plies() < ply) {
                    continue;
                }
                let key = (i as u64) << 20 | u64::from(ply);
                let result = BoundedScore::new(s, bound);
                table.store(key, ply, result, 7, None);
                let hit = table.probe(key, ply, 0, DRAW).expect("just stored");
                let expected = BoundedScore::from_tt(result.to_tt(ply), ply, 0, DRAW);
                assert_eq!(hit.score, expected, "{result:?} at ply {ply}");
                assert_eq!(hit.depth, 7);
            }
        }
    }

    #[test]
    fn a_stale_mate_comes_back_as_a_bound_at_the_draw_score() {
        let mut table = Table::new(1);
        // a mate in 9 plies found at ply 3, probed from a node whose clock is already at 95
        table.store(42, 3, BoundedScore::new(Score::mate_in(12), Bound::Exact), 20, None);
        assert_eq!(table.probe(42, 3, 0, DRAW).unwrap().score.score, Score::mate_in(12));
        let late = table.probe(42, 3, 95, DRAW).unwrap().score;
        assert_eq!(late, BoundedScore::new(DRAW, Bound::Lower));
    }

    #[test]
    fn a_different_key_check_misses() {
        let mut table = Table::new(1);
        let keys = same_bucket_keys(&table, 2);
        table.store(keys[0], 0, BoundedScore::new(Score::new(5), Bound::Exact), 3, None);
        assert!(table.probe(keys[0], 0, 0, DRAW).is_some());
        assert!(table.probe(keys[1], 0, 0, DRAW).is_none());
    }

    #[test]
    fn replacement_keeps_deep_and_recent_results() {
        let mut table = Table::new(1);
        let keys = same_bucket_keys(&table, 6);
        let v = |x| BoundedScore::new(Score::new(x), Bound::Lower);
        for (i, &k) in keys.iter().take(4).enumerate() {
            table.store(k, 0, v(10), 10 + u8::try_from(i).unwrap(), None);
        }
        // a fifth position replaces the shallowest (depth 10)
        table.store(keys[4], 0, v(20), 5, None);
        assert!(table.probe(keys[0], 0, 0, DRAW).is_none());
        assert!(keys[1..5].iter().all(|&k| table.probe(k, 0, 0, DRAW).is_some()));
        // a shallower bound for a stored position does not erase the deeper one
        table.store(keys[3], 0, v(-50), 4, None);
        assert_eq!(table.probe(keys[3], 0, 0, DRAW).unwrap().depth, 13);
        // an exact result always replaces
        table.store(keys[3], 0, BoundedScore::new(Score::new(1), Bound::Exact), 2, None);
        assert_eq!(table.probe(keys[3], 0, 0, DRAW).unwrap().depth, 2);
        // after new searches, old deep entries give way to new shallow ones
        for _ in 0..5 {
            table.new_search();
        }
        table.store(keys[5], 0, v(0), 1, None);
        assert!(table.probe(keys[5], 0, 0, DRAW).is_some());
        // all four are five searches old: the shallowest of them (depth 2) went
        assert!(table.probe(keys[3], 0, 0, DRAW).is_none());
        assert!([1, 2, 4].iter().all(|&i| table.probe(keys[i], 0, 0, DRAW).is_some()));
    }

    #[test]
    fn moves_pack_into_sixteen_bits() {
        let promotions = [
            None,
            Some(Promotion::Knight),
            Some(Promotion::Bishop),
            Some(Promotion::Rook),
            Some(Promotion::Queen),
        ];
        for from in 0..64u8 {
            for to in (0..64u8).filter(|&t| t != from) {
                for p in promotions {
                    let m = PackedMove::new(from, to, p);
                    assert_eq!((m.from_square(), m.to_square(), m.promotion()), (from, to, p));
                    assert_eq!(PackedMove::from_bits(m.bits()), Some(m));
                }
            }
        }
        let mut table = Table::new(1);
        let mv = PackedMove::new(52, 60, Some(Promotion::Queen));
        table.store(9, 0, BoundedScore::new(Score::new(300), Bound::Exact), 1, Some(mv));
        assert_eq!(table.probe(9, 0, 0, DRAW).unwrap().mv, Some(mv));
    }

    #[test]
    fn hashfull_counts_this_searchs_entries() {
        let mut table = Table::new(1);
        assert_eq!(table.hashfull(), 0);
        let mut k = 0u64;
        while table.hashfull() < 500 {
            k = k.wrapping_add(0x9E37_79B9_7F4A_7C15);
            table.store(k, 0, BoundedScore::new(Score::ZERO, Bound::Exact), 1, None);
        }
        table.new_search();
        assert_eq!(table.hashfull(), 0, "entries of an older search do not count");
        table.clear();
        assert!(table.probe(k, 0, 0, DRAW).is_none());
    }
}
