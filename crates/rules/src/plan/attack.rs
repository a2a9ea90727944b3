//! The side with the pawn: the winning plan (the king stepping out of the pawn's way so that it
//! runs, or going first, else push, step nearer the escort zone, or step aside by a
//! bounded forcing line), and in a drawn position keeping the pawn.

use alloc::vec::Vec;

use super::{Aim, Plan};
use crate::classifier::{Classification, classify_endgame, worse_to_move};
use crate::frame::{Coord, Frame};
use crate::rule::Rule;
use kpk::{Endgame, KpkPosition, Move, Role, Square, Wdl};

/// The most sideways steps the winning plan ever needs before the king gets on (a pawn push, or
/// a step nearer the escort zone): the depth of its bounded proof. The exhaustive test in
/// `tests/plan.rs` finds every won position within it.
pub const MAX_TEMPI: u8 = 4;

/// King steps from `king` to the escort zone of `pawn` (both seen from the pawn's side).
pub(super) fn zone_steps(king: Coord, pawn: Coord) -> i8 {
    if pawn.file == 0 || pawn.file == 7 {
        let knight_file = if pawn.file == 0 { 1 } else { 6 };
        return (king.file - knight_file).abs().max(pawn.rank + 1 - king.rank);
    }
    let low = match pawn.rank {
        0..=3 => pawn.rank + 2,
        4 => pawn.rank + 1,
        5 => pawn.rank,
        _ => 6,
    };
    ((king.file - pawn.file).abs() - 1).max(low - king.rank).max(0)
}

/// Whether the strong side (to move, in a won position) gets a progress move within `tempi`
/// sideways steps against every defence.
pub(super) fn forces(pos: &Endgame, tempi: u8) -> bool {
    let Some(kpk) = pos.as_kpk() else { return true };
    if progress_move(pos, &kpk).is_some() {
        return true;
    }
    tempi > 0 && sideways_steps(pos, &kpk).iter().any(|(_, next, _)| every_defence(next, tempi - 1))
}

/// Whether every defence in `pos` (defender to move) leaves a position where [`forces`] holds
/// within `tempi`.
pub(super) fn every_defence(pos: &Endgame, tempi: u8) -> bool {
    pos.legal_moves().iter().all(|&r| forces(&pos.play_unchecked(r), tempi))
}

/// Whether the side to move of `pos` is the defender and is lost (the rules' verdict).
fn lost_for_mover(pos: &Endgame) -> bool {
    classify_endgame(pos).wdl == Wdl::Loss
}

/// The winning pushes and promotions of a won position (strong side to move): the first found
/// in the plan's order (a queen, else a rook; a double step before a single one), with the
/// verdict after it.
fn winning_push(pos: &Endgame, kpk: &KpkPosition) -> Option<(Move, Classification)> {
    let pawn = kpk.pawn();
    let mut pushes: Vec<(u8, Move)> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from == pawn)
        .filter_map(|&m| {
            let rank = match m.promotion {
                None => 0,
                Some(Role::Queen) => 2,
                Some(Role::Rook) => 1,
                Some(_) => return None,
            };
            Some((rank * 8 + m.from.distance(m.to), m))
        })
        .collect();
    pushes.sort_unstable_by_key(|p| core::cmp::Reverse(p.0));
    pushes.into_iter().find_map(|(_, m)| keeps_win(pos, m).map(|(_, after)| (m, after)))
}

/// The king moves of the side to move, with their frame coordinates.
pub(super) fn king_moves(pos: &Endgame, king: Square) -> impl Iterator<Item = Move> + use<> {
    let moves = pos.legal_moves();
    (0..moves.len()).map(move |i| moves.as_slice()[i]).filter(move |m| m.from == king)
}

/// The progress move of a won position (strong side to move): a winning push, else a winning
/// step nearer the escort zone, in the plan's order.
pub(super) fn progress_move(pos: &Endgame, kpk: &KpkPosition) -> Option<(Move, Classification)> {
    winning_push(pos, kpk).or_else(|| nearer_step(pos, kpk))
}

/// The winning step nearer the escort zone of a won position (strong side to move), in the
/// plan's order.
fn nearer_step(pos: &Endgame, kpk: &KpkPosition) -> Option<(Move, Classification)> {
    // a step between the defender and the pawn's file first (shouldering him off), then the
    // nearest the defender (taking the opposition), then the nearest the pawn's stop square,
    // then the nearest the pawn's file (the key square in front of it)
    let nearer = king_steps(
        pos,
        kpk,
        &Frame::of(kpk),
        |_, zone| zone.is_lt(),
        |c, defender, pawn| {
            let aside = i16::from(!between_files(c.file, defender.file, pawn.file));
            let near = i16::from(c.distance(defender));
            let stop = i16::from(c.distance(pawn.offset(0, 1)));
            aside * 512 + near * 64 + stop * 8 + i16::from((c.file - pawn.file).abs())
        },
    );
    nearer.into_iter().find_map(|m| keeps_win(pos, m).map(|(_, after)| (m, after)))
}

/// The winning sideways steps of a won position (strong side to move): king moves that keep
/// the escort-zone distance and the win, those off the pawn's path first (a king in front of
/// its pawn blocks it), then the nearest the defender.
pub(super) fn sideways_steps(
    pos: &Endgame,
    kpk: &KpkPosition,
) -> Vec<(Move, Endgame, Classification)> {
    king_steps(
        pos,
        kpk,
        &Frame::of(kpk),
        |_, zone| zone.is_eq(),
        |c, defender, pawn| {
            let in_the_way = i16::from(c.in_front_of(pawn));
            in_the_way * 16 + i16::from(c.distance(defender))
        },
    )
    .into_iter()
    .filter_map(|m| keeps_win(pos, m).map(|(next, after)| (m, next, after)))
    .collect()
}

/// The strong king's moves that `wanted` takes (given the square reached and how its distance
/// to the escort zone compares with the king's now), ordered by `rank` of the square reached
/// (frame coordinates: the square, the defender, the pawn), the least first; `x` is `kpk` seen
/// from the pawn's side.
fn king_steps(
    pos: &Endgame,
    kpk: &KpkPosition,
    x: &Frame,
    wanted: impl Fn(Coord, core::cmp::Ordering) -> bool,
    rank: impl Fn(Coord, Coord, Coord) -> i16,
) -> Vec<Move> {
    let here = zone_steps(x.strong_king, x.pawn);
    let strong = kpk.strong_side();
    let mut steps: Vec<(i16, Move)> = king_moves(pos, kpk.strong_king())
        .filter_map(|m| {
            let c = Coord::seen_by(m.to, strong);
            wanted(c, zone_steps(c, x.pawn).cmp(&here)).then(|| (rank(c, x.weak_king, x.pawn), m))
        })
        .collect();
    steps.sort_unstable_by_key(|s| s.0);
    steps.into_iter().map(|(_, m)| m).collect()
}

/// The position after `m` and the verdict on it, where `m` keeps the win (the defender, to
/// move, is lost).
fn keeps_win(pos: &Endgame, m: Move) -> Option<(Endgame, Classification)> {
    let next = pos.play_unchecked(m);
    let after = classify_endgame(&next);
    (after.wdl == Wdl::Loss).then_some((next, after))
}

/// Whether the defender, to move in `pos`, can step onto the pawn's file in front of the pawn.
fn defender_reaches_the_path(pos: &Endgame) -> bool {
    let Some(kpk) = pos.as_kpk() else { return false };
    let strong = kpk.strong_side();
    let pawn = Coord::seen_by(kpk.pawn(), strong);
    pos.legal_moves().iter().any(|m| Coord::seen_by(m.to, strong).in_front_of(pawn))
}

/// The king leads, instead of the winning `push`, with a winning king step up the board (no
/// farther from the escort zone) after which every defence leaves a push or a step nearer the
/// zone:
/// - while the pawn is on its second or third rank and the king below its fifth (the king goes
///   first);
/// - where the push would be the `spare` tempo (a single step where the double step throws the
///   win away): the king goes first and the pawn keeps the choice of one step or two;
/// - where the king can shut the defender out ([`shuts_out`]); then only straight up, whichever
///   other reason holds;
/// - where the king stands at most two ranks ahead of the pawn (not on a key square of a pawn
///   on its fifth rank), the push would let the defender step in front of the pawn and the
///   step keeps him off its path.
///
/// Never onto the promotion square. The steps nearest the pawn's file first, then the nearest
/// the defender; with the step's own aim where it has one (keeping the tempo, or keeping the
/// defender off the path).
fn lead(
    pos: &Endgame,
    kpk: &KpkPosition,
    x: &Frame,
    push: Move,
    spare: bool,
) -> Option<(Move, Classification, Option<Aim>)> {
    if push.promotion.is_some() {
        return None;
    }
    let pushed = pos.play_unchecked(push);
    if Rule::RULE_OF_THE_SQUARE.holds_in(&pushed) {
        return None;
    }
    let goes_first = (x.pawn.rank <= 2 && x.strong_king.rank <= 3) || spare;
    let shut_out = shuts_out(x);
    let within_two_ranks = x.strong_king.rank <= x.pawn.rank + 2;
    // a pawn on its fifth rank, its king on a key square, goes on
    let escorted = x.pawn.rank == 4 && x.keys.contains(x.strong_king);
    let path_opens = within_two_ranks && !escorted && defender_reaches_the_path(&pushed);
    if !(goes_first || shut_out || path_opens) {
        return None;
    }
    let up = |c: Coord, zone: core::cmp::Ordering| {
        c.rank > x.strong_king.rank
            && zone.is_le()
            && !c.is_promotion_square_of(x.pawn)
            && (!shut_out || c.file == x.strong_king.file)
    };
    let steps = king_steps(pos, kpk, x, up, |c, defender, pawn| {
        i16::from((c.file - pawn.file).abs() * 8 + c.distance(defender))
    });
    steps.into_iter().find_map(|m| {
        let (next, after) = keeps_win(pos, m)?;
        let kept_off = !defender_reaches_the_path(&next);
        let aim = if spare { Some(Aim::KeepTempo) } else { kept_off.then_some(Aim::Lead) };
        ((goes_first || shut_out || kept_off) && every_defence(&next, 0)).then_some((m, after, aim))
    })
}

/// Whether the king, on a key square on a file next to the pawn's and two ranks ahead of it (the
/// pawn on its fourth rank or lower; never a rook pawn's, whose key squares lie on the seventh
/// and eighth ranks), can shut out a defender who comes from above, on the far side of the king
/// from the pawn: a step straight up keeps him from the pawn's path.
fn shuts_out(x: &Frame) -> bool {
    let (k, p, d) = (x.strong_king, x.pawn, x.weak_king);
    x.keys.contains(k)
        && p.rank <= 3
        && k.rank == p.rank + 2
        && (k.file - p.file).abs() == 1
        && d.rank > k.rank
        && between_files(k.file, d.file, p.file)
}

pub(super) fn winning_plan(game: &Endgame, pos: &KpkPosition) -> Plan {
    let before = Frame::of(pos);
    let cleared = clear_the_way(game, pos, &before);
    let push = if cleared.is_none() { winning_push(game, pos) } else { None };
    let spare = push.is_some_and(|(m, _)| spare_tempo(game, m));
    let led = push.and_then(|(m, _)| lead(game, pos, &before, m, spare));
    let (mv, after) = cleared
        .or(led.map(|(m, after, _)| (m, after)))
        .or(push)
        .or_else(|| nearer_step(game, pos))
        .or_else(|| {
            // the fewest tempi first: the steps and their verdicts are found once
            let aside = sideways_steps(game, pos);
            (1..=MAX_TEMPI).find_map(|t| {
                aside
                    .iter()
                    .find(|(_, next, _)| every_defence(next, t - 1))
                    .map(|&(m, _, after)| (m, after))
            })
        })
        .unwrap_or_else(|| {
            // never for a legal position (the exhaustive test): any move that keeps the win
            let m = game
                .legal_moves()
                .iter()
                .copied()
                .find(|&m| lost_for_mover(&game.play_unchecked(m)));
            let m = m.unwrap_or_else(|| game.legal_moves().as_slice()[0]);
            (m, classify_endgame(&game.play_unchecked(m)))
        });
    let next = game.play_unchecked(mv);
    let x = next.as_kpk().map(|k| Frame::of(&k));
    // the opposition is the point where the defender to move is worse off for it, or where no
    // other move wins
    let winning =
        game.legal_moves().iter().filter(|&&m| lost_for_mover(&game.play_unchecked(m))).count();
    let decides = worse_to_move(&next) || winning == 1;
    let aim = if mv.from == pos.pawn() {
        match mv.promotion {
            Some(role) => Aim::Promote(role),
            None if Rule::RULE_OF_THE_SQUARE.holds_in(&next) => Aim::Run,
            None if spare => Aim::SpareTempo,
            None => Aim::Advance,
        }
    } else {
        let here = zone_steps(before.strong_king, before.pawn);
        let pawn_attacked = before.weak_king.distance(before.pawn) == 1
            && before.strong_king.distance(before.pawn) > 1;
        let blocking = before.strong_king.in_front_of(before.pawn);
        match &x {
            _ if cleared.is_some() => Aim::ClearTheWay,
            _ if let Some((_, _, Some(Aim::Lead))) = led => Aim::Lead,
            Some(x) if x.keys.contains(x.strong_king) && outflanks(&before, x) => Aim::Outflank,
            // the only winning move that takes the opposition: the books name the opposition,
            // though it lands on a key square too
            Some(x) if x.strong_king.in_opposition(x.weak_king) && decides => Aim::Opposition,
            Some(x) if x.keys.contains(x.strong_king) => Aim::KeySquare,
            _ if let Some((_, _, Some(aim))) = led => aim,
            Some(x) if pawn_attacked && x.strong_king.distance(x.pawn) == 1 => Aim::GuardPawn,
            Some(x) if zone_steps(x.strong_king, x.pawn) < here && shoulders(x) => Aim::Shoulder,
            Some(x) if x.strong_king.opposition(x.weak_king).is_some() && decides => {
                Aim::DistantOpposition
            }
            Some(x) if zone_steps(x.strong_king, x.pawn) < here || led.is_some() => Aim::Approach,
            Some(x) if blocking && x.strong_king.file != x.pawn.file => Aim::ClearTheWay,
            Some(x) if x.weak_king.rank > x.strong_king.rank => Aim::Outflank,
            _ => Aim::Wait,
        }
    };
    Plan { position: *pos, mv, aim, wdl: Wdl::Win, after }
}

/// The king stands on its pawn's stop square with the defender outside the pawn's square: the
/// winning step off the pawn's path after which the pawn runs, the nearest the defender, then
/// the nearest his file (towards the defender, to help the new queen mate).
fn clear_the_way(pos: &Endgame, kpk: &KpkPosition, x: &Frame) -> Option<(Move, Classification)> {
    if x.strong_king != x.pawn.offset(0, 1) {
        return None;
    }
    let steps = king_steps(
        pos,
        kpk,
        x,
        |c, _| !c.in_front_of(x.pawn),
        |c, defender, _| i16::from(c.distance(defender) * 8 + (c.file - defender.file).abs()),
    );
    steps.into_iter().find_map(|m| {
        let (next, after) = keeps_win(pos, m)?;
        Rule::RULE_OF_THE_SQUARE.holds_in(&next).then_some((m, after))
    })
}

/// Whether `push` is a single step where the double step was legal and throws the win away:
/// the pawn keeps a tempo in hand.
fn spare_tempo(game: &Endgame, push: Move) -> bool {
    push.from.distance(push.to) == 1
        && game.legal_moves().iter().any(|&m| {
            m.from == push.from && m.from.distance(m.to) == 2 && keeps_win(game, m).is_none()
        })
}

/// Whether the king's step from `before` to `after` goes round the defender: straight up the
/// board onto a key square, two files from him and level with him or below (the pawn not yet
/// on its seventh rank).
fn outflanks(before: &Frame, after: &Frame) -> bool {
    let (k, d) = (after.strong_king, after.weak_king);
    k.file == before.strong_king.file
        && k.rank == before.strong_king.rank + 1
        && (k.file - d.file).abs() == 2
        && d.rank >= k.rank
        && d.distance(k) == 2
        && after.pawn.rank < 6
}

/// Whether file `k` lies between the defender's file `d` (excluded) and the pawn's file `p`
/// (included).
const fn between_files(k: i8, d: i8, p: i8) -> bool {
    (d < k && k <= p) || (p <= k && k < d)
}

/// The strong king stands between the defender and the pawn's file, two steps from him.
fn shoulders(x: &Frame) -> bool {
    x.strong_king.distance(x.weak_king) == 2
        && between_files(x.strong_king.file, x.weak_king.file, x.pawn.file)
}

pub(super) fn keep_the_pawn(game: &Endgame, pos: &KpkPosition) -> Plan {
    let strong = pos.strong_side();
    let pawn = Coord::seen_by(pos.pawn(), strong);
    let mut best: Option<(i32, Move)> = None;
    for &m in game.legal_moves().iter() {
        let next = game.play_unchecked(m);
        let Some(k) = next.as_kpk() else { continue };
        let x = Frame::of(&k);
        if x.pawn_falls() {
            continue;
        }
        // a stalemate ends the game: the last resort
        let stalemates = i32::from(next.is_stalemate());
        let unguarded = i32::from(x.strong_king.distance(x.pawn) > 1);
        let key =
            stalemates * 128 + unguarded * 64 + i32::from(zone_steps(x.strong_king, pawn).max(0));
        if best.is_none_or(|b| key < b.0) {
            best = Some((key, m));
        }
    }
    let (mv, aim) = match best {
        Some((0..64, m)) if m.from != pos.pawn() => (m, Aim::GuardPawn),
        Some((0..128, m)) => (m, Aim::KeepPawn),
        // only a stalemate keeps the pawn, or nothing does: a move that keeps the game going
        _ => {
            let moves = game.legal_moves();
            let on = moves.iter().copied().find(|&m| !game.play_unchecked(m).is_stalemate());
            (on.unwrap_or(moves.as_slice()[0]), Aim::PawnLost)
        }
    };
    let after = classify_endgame(&game.play_unchecked(mv));
    Plan { position: *pos, mv, aim, wdl: -after.wdl, after }
}
