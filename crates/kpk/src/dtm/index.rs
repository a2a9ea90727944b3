//! The byte index of a KPK position in the tables' layout, from board squares: one table lookup
//! for the pawn (its colour, file and the side to move) and an xor for the kings.

use super::solve;
use crate::Color;

/// The byte index of a KPK position in the layout the DTM and DTZ tables share (`btm`: the
/// defender to move, 0 or 1; kings as board squares, the pawn's square below 64 or it is
/// read as its square modulo 64).
#[inline(always)]
pub(crate) fn kpk_byte_index(
    strong_side: Color,
    btm: usize,
    strong_king: usize,
    pawn: u8,
    weak_king: usize,
) -> usize {
    let key = KPK_KEYS[usize::from(strong_side as u8) << 7 | btm << 6 | usize::from(pawn & 63)];
    (strong_king << 6 | weak_king) ^ key as usize
}

/// Per strong side, defender to move and pawn square (`side << 7 | btm << 6 | pawn`): the
/// position's KPK table offset and normalising square xor, laid out so that
/// `(wk << 6 | bk) ^ key` is the byte index of `solve::kpk_index` for the kings' board
/// squares. Bits 0-5 and 6-11 hold the xor (`56` for a black pawn: flip; `7` for files e-h:
/// mirror), bits 12 and up `(btm * 24 + pawn) * 4096`. Pawns on rank 1 or 8 get key 0
/// (meaningless, inside the table). 1 KB.
const KPK_KEYS: [u32; 256] = {
    let mut keys = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let (black, btm, pawn) = (i >> 7, (i >> 6) & 1, i & 63);
        // a square below 64: the casts keep the value
        #[allow(clippy::cast_possible_truncation)]
        let x = crate::geometry::pawn_normaliser(black == 1, pawn as u32) as usize;
        let p = pawn ^ x;
        if p >= 8 && p < 56 {
            let base = solve::kpk_index(btm, p, 0, 0);
            #[allow(clippy::cast_possible_truncation)] // below 2^18
            {
                keys[i] = (base | x << 6 | x) as u32;
            }
        }
        i += 1;
    }
    keys
};
