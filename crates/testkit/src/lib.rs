#![doc = include_str!("../README.md")]

use kpk::{Color, Endgame, EndgameSetup, KpkPosition, KpkSetup, Role, Square};

/// xorshift64*: fast, deterministic, good enough to scatter positions over the table.
#[derive(Clone, Debug)]
pub struct XorShift(u64);

impl XorShift {
    /// A generator from a seed (zero is replaced by a fixed odd constant).
    #[must_use]
    pub const fn new(seed: u64) -> XorShift {
        XorShift(if seed == 0 { 0x9E37_79B9_7F4A_7C15 } else { seed })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// A uniformly drawn legal KPK position: either colour owns the pawn, any file, either side to
/// move (rejection sampling over all placements).
///
/// ```
/// use kpk_testkit::{XorShift, random_position};
/// let mut rng = XorShift::new(7);
/// let pos = random_position(&mut rng);
/// assert!(pos.pawn().rank().index() >= 1 && pos.pawn().rank().index() <= 6);
/// ```
pub fn random_position(rng: &mut XorShift) -> KpkPosition {
    loop {
        let r = rng.next_u64();
        let sq = |shift: u32| Square::ALL[usize::from(((r >> shift) & 63) as u8)];
        let strong = if r >> 18 & 1 == 0 { Color::White } else { Color::Black };
        let stm = if r >> 19 & 1 == 0 { Color::White } else { Color::Black };
        let setup = KpkSetup {
            strong_side: strong,
            strong_king: sq(0),
            pawn: sq(6),
            weak_king: sq(12),
            side_to_move: stm,
        };
        if let Ok(pos) = KpkPosition::new(setup) {
            return pos;
        }
    }
}

/// A uniformly drawn legal position with `role` as the extra man, either colour owning it,
/// either side to move.
///
/// ```
/// use kpk::Role;
/// use kpk_testkit::{XorShift, random_ending};
/// let mut rng = XorShift::new(9);
/// assert_eq!(random_ending(&mut rng, Role::Rook).extra().unwrap().0, Role::Rook);
/// ```
pub fn random_ending(rng: &mut XorShift, role: Role) -> Endgame {
    loop {
        let r = rng.next_u64();
        let sq = |shift: u32| Square::ALL[usize::from(((r >> shift) & 63) as u8)];
        let strong = if r >> 18 & 1 == 0 { Color::White } else { Color::Black };
        let stm = if r >> 19 & 1 == 0 { Color::White } else { Color::Black };
        let setup = EndgameSetup {
            strong_side: strong,
            strong_king: sq(0),
            extra: Some((role, sq(6))),
            weak_king: sq(12),
            side_to_move: stm,
        };
        if let Ok(pos) = Endgame::new(setup) {
            return pos;
        }
    }
}
