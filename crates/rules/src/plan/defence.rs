//! The defender: the drawing plan (take the pawn, the opposition, the corresponding square, in
//! front of the pawn, the rook pawn's corner) and, in a lost position, resisting by the measure.

use super::attack::king_moves;
use super::progress::progress;
use super::{Aim, Plan};
use crate::classifier::{Basis, Classification, classify_endgame, worse_to_move};
use crate::frame::Coord;
use crate::rule::Rule;
use kpk::{Endgame, KpkPosition, Move, Wdl};

pub(super) fn drawing_plan(game: &Endgame, pos: &KpkPosition) -> Plan {
    let strong = pos.strong_side();
    let pawn = Coord::seen_by(pos.pawn(), strong);
    let stop = pawn.offset(0, 1);
    let promotion = Coord { file: pawn.file, rank: 7 };
    let corner = pawn.file == 0 || pawn.file == 7;
    let here = Coord::seen_by(pos.weak_king(), strong);
    let mut best: Option<(i32, Move, Aim, Classification)> = None;
    let drawing = king_moves(game, pos.weak_king())
        .filter(|&m| classify_endgame(&game.play_unchecked(m)).wdl == Wdl::Draw)
        .count();
    for m in king_moves(game, pos.weak_king()) {
        let next = game.play_unchecked(m);
        let after = classify_endgame(&next);
        if after.wdl != Wdl::Draw {
            continue;
        }
        let c = Coord::seen_by(m.to, strong);
        let decided_by = |rule: &Rule| matches!(after.basis, Basis::Rule(r) if r.id == rule.id);
        let king = Coord::seen_by(pos.strong_king(), strong);
        // the pawn's moves to promote (its double step counted), the strong side to move next
        let pawn_moves = i32::from(7 - pawn.rank) - i32::from(pawn.rank == 1);
        let inside = |k: Coord| i32::from(k.distance(promotion)) <= pawn_moves;
        // the opposition named only where it decides (the king to move would lose, or no other
        // move draws); else the same step said by what it does
        let decides = worse_to_move(&next) || drawing == 1;
        let plain = if c.in_front_of(pawn) { Aim::StayInFront } else { Aim::KeepDraw };
        let opposition = |aim| if decides { aim } else { plain };
        let (aim, rank) = if m.to == pos.pawn() {
            (Aim::TakePawn, 0)
        } else if inside(c) && !inside(here) {
            (Aim::EnterSquare, 0)
        } else if c.in_opposition(king) {
            (opposition(Aim::Opposition), 1)
        } else if c.opposition(king).is_some() && c.distance(stop) <= here.distance(stop) {
            // the distant or diagonal opposition, without stepping away from the pawn
            (opposition(Aim::DistantOpposition), 1)
        } else if decided_by(&Rule::DEFENDER_HAS_THE_OPPOSITION) {
            (opposition(Aim::DistantOpposition), 1)
        } else if decided_by(&Rule::CORRESPONDING_SQUARES) {
            (Aim::CorrespondingSquare, 2)
        } else if c.in_front_of(pawn) {
            (Aim::StayInFront, 3)
        } else if corner && c.distance(promotion) < here.distance(promotion).max(1) {
            (Aim::HeadForCorner, 4)
        } else if c.distance(pawn) < here.distance(pawn) {
            (Aim::HeadForPawn, 5)
        } else {
            (Aim::KeepDraw, 6)
        };
        // a stalemate ends the game: the last resort
        let stalemates = i32::from(next.is_stalemate());
        let key = stalemates * 1024 + rank * 64 + i32::from(c.distance(stop));
        if best.as_ref().is_none_or(|b| key < b.0) {
            best = Some((key, m, aim, after));
        }
    }
    match best {
        Some((_, mv, aim, after)) => Plan { position: *pos, mv, aim, wdl: Wdl::Draw, after },
        // never for a drawn position: some move keeps the draw
        None => resist(game, pos),
    }
}

pub(super) fn resist(game: &Endgame, pos: &KpkPosition) -> Plan {
    let strong = pos.strong_side();
    let pawn = Coord::seen_by(pos.pawn(), strong);
    let stop = pawn.offset(0, 1);
    // the rules' measure of the attacker's progress after each defence, the largest first;
    // among equals, the square nearest the pawn's way
    let mv = king_moves(game, pos.weak_king())
        .max_by_key(|m| {
            let c = Coord::seen_by(m.to, strong);
            let measure = game.play_unchecked(*m).as_kpk().and_then(|k| progress(&k));
            (measure, core::cmp::Reverse((c.distance(stop), c.distance(pawn))))
        })
        .unwrap_or_else(|| game.legal_moves().as_slice()[0]);
    let after = classify_endgame(&game.play_unchecked(mv));
    Plan { position: *pos, mv, aim: Aim::Resist, wdl: -after.wdl, after }
}
