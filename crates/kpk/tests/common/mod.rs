//! An independent, slow solver of all 3-man endings with White as the stronger side (KPK with a
//! white pawn, KQK, KRK), written on shakmaty's move generator and sharing no code with the
//! library. Bishop and knight promotions and captures end in insufficient material (draws).
//!
//! It solves by plain fixed-point iteration over successor lists: a position is won if some
//! move reaches a lost position, lost if every move reaches a won one (checkmate is lost), and
//! drawn if neither ever becomes true. Pass `k` decides the positions whose distance to mate
//! is `k` plies, so the solver also yields exact distances to mate. A second fixed point over
//! the same successor lists, with each move's zeroing flag from shakmaty, yields the distance to
//! zeroing in Syzygy's convention (see [`Solution::dtz`]).
#![allow(dead_code)]

pub mod bridge;

use shakmaty::{
    Board, CastlingMode, Chess, Color, FromSetup, Piece, Position, Role, Setup, Square,
};

/// The pieces White may have beside his king.
pub const MATERIALS: [Role; 3] = [Role::Pawn, Role::Queen, Role::Rook];

/// Number of indices: material x side to move x white king x black king x white piece.
pub const SIZE: usize = MATERIALS.len() * 2 * 64 * 64 * 64;

/// A successor that is a draw whatever happens next (insufficient material).
const DRAWN: u32 = u32::MAX;

/// The index of a position, or `None` if its material is not one of [`MATERIALS`] with White as
/// the stronger side.
pub fn index_of(pos: &Chess) -> Option<usize> {
    let board = pos.board();
    if board.occupied().count() != 3 || board.by_color(Color::Black).count() != 1 {
        return None;
    }
    let wk = board.king_of(Color::White)?;
    let bk = board.king_of(Color::Black)?;
    let other = (board.by_color(Color::White) & !board.kings()).first()?;
    let role = board.role_at(other)?;
    let m = MATERIALS.iter().position(|&r| r == role)?;
    let stm = usize::from(pos.turn() == Color::Black);
    Some(
        ((((m * 2 + stm) * 64 + usize::from(wk)) * 64 + usize::from(bk)) * 64) + usize::from(other),
    )
}

/// The setup of an index (not necessarily legal).
pub fn setup_of(index: usize) -> Setup {
    let other = Square::new(u32::try_from(index % 64).unwrap());
    let bk = Square::new(u32::try_from(index / 64 % 64).unwrap());
    let wk = Square::new(u32::try_from(index / 4096 % 64).unwrap());
    let stm = index / 262_144 % 2;
    let m = index / 524_288;
    let mut board = Board::empty();
    board.set_piece_at(wk, Piece { color: Color::White, role: Role::King });
    board.set_piece_at(bk, Piece { color: Color::Black, role: Role::King });
    board.set_piece_at(other, Piece { color: Color::White, role: MATERIALS[m] });
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = if stm == 0 { Color::White } else { Color::Black };
    setup
}

/// The legal position of an index.
pub fn position_of(index: usize) -> Option<Chess> {
    let setup = setup_of(index);
    let distinct = setup.board.occupied().count() == 3;
    if !distinct {
        return None;
    }
    Chess::from_setup(setup, CastlingMode::Standard).ok()
}

/// Outcome of every index from the side to move: `Some(d)` with `d > 0` a win in `d` plies,
/// `d <= 0` a loss in `-d` plies (0: checkmated), `None` for draws and illegal indices.
pub struct Solution {
    /// Distance to mate per index.
    pub dtm: Vec<Option<i16>>,
    /// Whether the index is a legal position.
    pub legal: Vec<bool>,
    /// Distance to zeroing per index, in Syzygy's convention: `0` a draw (or illegal); a win
    /// `n > 0` reaches a capture, a pawn move or checkmate in `n` plies (a zeroing move that
    /// keeps the win, or a mate, is 1); a loss `-n`, the loser putting it off as long as he can
    /// (checkmated: -1).
    pub dtz: Vec<i16>,
}

/// Solves everything. Takes a few seconds in release builds.
pub fn solve() -> Solution {
    let mut legal = vec![false; SIZE];
    let mut start = vec![0u32; SIZE + 1];
    let mut succ: Vec<u32> = Vec::with_capacity(SIZE * 6);
    let mut zeroing: Vec<bool> = Vec::with_capacity(SIZE * 6);
    for i in 0..SIZE {
        start[i] = u32::try_from(succ.len()).unwrap();
        let Some(pos) = position_of(i) else { continue };
        legal[i] = true;
        for m in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(m);
            zeroing.push(m.is_zeroing());
            if next.is_insufficient_material() {
                succ.push(DRAWN);
            } else {
                let j = index_of(&next).expect("every other 3-man ending is in the index");
                succ.push(u32::try_from(j).unwrap());
            }
        }
    }
    start[SIZE] = u32::try_from(succ.len()).unwrap();

    let mut dtm: Vec<Option<i16>> = vec![None; SIZE];
    // Pass 0: checkmates.
    for i in 0..SIZE {
        if legal[i] && start[i] == start[i + 1] && position_of(i).is_some_and(|p| p.is_checkmate())
        {
            dtm[i] = Some(0);
        }
    }
    let mut ply: i16 = 1;
    loop {
        let mut decided = Vec::new();
        for i in 0..SIZE {
            if !legal[i] || dtm[i].is_some() {
                continue;
            }
            let moves = &succ[start[i] as usize..start[i + 1] as usize];
            if moves.is_empty() {
                continue; // stalemate
            }
            if ply % 2 == 1 {
                // a win in `ply` plies: some move to a loss in `ply - 1`
                if moves.iter().any(|&j| j != DRAWN && dtm[j as usize] == Some(-(ply - 1))) {
                    decided.push((i, ply));
                }
            } else {
                // a loss in `ply` plies: every move to a win, the longest in `ply - 1`
                let all_won = moves
                    .iter()
                    .all(|&j| j != DRAWN && matches!(dtm[j as usize], Some(d) if d > 0 && d < ply));
                if all_won {
                    decided.push((i, -ply));
                }
            }
        }
        if decided.is_empty() && ply % 2 == 0 {
            // No loss in `ply` plies: then no win in `ply + 1`, and so on. Done.
            break;
        }
        for (i, d) in decided {
            dtm[i] = Some(d);
        }
        ply += 1;
        assert!(ply < 200, "the solver does not converge");
    }
    let dtz = solve_dtz(&legal, &start, &succ, &zeroing, &dtm);
    Solution { dtm, legal, dtz }
}

/// The distance to zeroing, by passes over the successor lists once win, draw and loss are
/// known: pass 1 decides wins with a zeroing move to a lost position or a mate, checkmates and
/// losses whose every move zeroes; pass `k` decides wins with a non-zeroing move to a loss of
/// pass `k - 1`, and losses whose every non-zeroing move reaches a decided win, the longest of
/// pass `k - 1`.
fn solve_dtz(
    legal: &[bool],
    start: &[u32],
    succ: &[u32],
    zeroing: &[bool],
    dtm: &[Option<i16>],
) -> Vec<i16> {
    let lost = |j: u32| j != DRAWN && matches!(dtm[j as usize], Some(d) if d <= 0);
    let mut dtz = vec![0i16; SIZE];
    let mut k: i16 = 1;
    loop {
        let mut decided = Vec::new();
        for i in 0..SIZE {
            if !legal[i] || dtz[i] != 0 {
                continue;
            }
            let Some(d) = dtm[i] else { continue };
            let range = start[i] as usize..start[i + 1] as usize;
            let moves = succ[range.clone()].iter().zip(&zeroing[range]);
            if d > 0 {
                let wins = moves.into_iter().any(|(&j, &z)| {
                    if k == 1 {
                        lost(j) && (z || dtm[j as usize] == Some(0))
                    } else {
                        lost(j) && !z && dtz[j as usize] == -(k - 1)
                    }
                });
                if wins {
                    decided.push((i, k));
                }
            } else if d == 0 {
                if k == 1 {
                    decided.push((i, -1));
                }
            } else {
                // every non-zeroing move reaches a decided win; the longest is k - 1
                let mut longest = 0i16;
                let mut all = true;
                for (&j, &z) in moves {
                    if z {
                        continue;
                    }
                    let w = if j == DRAWN { 0 } else { dtz[j as usize] };
                    if w <= 0 {
                        all = false;
                        break;
                    }
                    longest = longest.max(w);
                }
                if all && (longest == k - 1 || (k == 1 && longest == 0)) {
                    decided.push((i, -k));
                }
            }
        }
        if decided.is_empty() && k > 1 {
            break;
        }
        for (i, v) in decided {
            dtz[i] = v;
        }
        k += 1;
        assert!(k < 300, "the DTZ passes do not converge");
    }
    dtz
}

/// Win (1), draw (0) or loss (-1) for the side to move of a legal index.
pub fn wdl(solution: &Solution, index: usize) -> i8 {
    match solution.dtm[index] {
        Some(d) if d > 0 => 1,
        Some(_) => -1,
        None => 0,
    }
}
