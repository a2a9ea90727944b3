//! Static evaluation: endgame knowledge for positions of at most three men, material and
//! piece-square terms for the rest.

use kpk::eval::{evaluate_endgame, evaluate_kpk, progress_score};
use std::sync::atomic::{AtomicU32, Ordering};

use kpk::rules::{classify, recognize};
use kpk::{Endgame, KpkPosition, Role as KpkRole, Wdl};
use kpk_score::Score;
use shakmaty::{Chess, Color, Position, Role, Square};

use kpk_answers::bridge::to_endgame;

/// What the search knows about positions of at most three men.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Knowledge {
    /// The bitbase decides KPK (draws end the line at once, wins score in the known-win band
    /// with the progress estimate of [`kpk::eval::evaluate_kpk_progress`]); KQK and KRK score as
    /// known wins that drive the bare king to the edge ([`kpk::eval::evaluate_endgame`]).
    #[default]
    Progress,
    /// The bitbase with the baseline estimate of well-known engines (Stockfish 15): known win
    /// plus the pawn's rank ([`kpk::eval::evaluate_kpk`]); KQK and KRK as for `Progress`.
    PawnRank,
    /// No table: the sound rule-based recognizer ([`kpk::rules::recognize`]) ends
    /// the lines it proves drawn and scores its proven wins like `Progress`; the positions it
    /// cannot decide get the material evaluation.
    Recognizer,
    /// No table: every KPK position decided by the rules and their proofs
    /// ([`kpk::rules::classify`], exact), scored like `Progress`. Verdicts are remembered in a
    /// process-wide cache, as an evaluation cache would keep them.
    Rules,
    /// No endgame knowledge: material and piece-square terms everywhere.
    Off,
}

/// What the knowledge says about a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A proven draw: the line ends here with the draw score.
    Draw,
    /// A proven result with a static score (known win or loss, from the node's side).
    Score(Score),
    /// Nothing known: evaluate by material.
    Unknown,
}

impl Knowledge {
    /// The verdict on `pos` at `ply` plies from the root.
    ///
    /// ```
    /// use kpk_search::eval::{Knowledge, Verdict};
    /// use shakmaty::{CastlingMode, Chess, fen::Fen};
    ///
    /// // a rook pawn with the defender in the corner: drawn
    /// let pos: Chess = "k7/8/8/P7/8/8/8/K7 w - - 0 1".parse::<Fen>().unwrap()
    ///     .into_position(CastlingMode::Standard).unwrap();
    /// assert_eq!(Knowledge::Progress.verdict(&pos, 0), Verdict::Draw);
    /// assert_eq!(Knowledge::Off.verdict(&pos, 0), Verdict::Unknown);
    /// ```
    #[must_use]
    pub fn verdict(self, pos: &Chess, ply: u32) -> Verdict {
        if self == Knowledge::Off || pos.board().occupied().count() > 3 {
            return Verdict::Unknown;
        }
        let Some(ending) = to_endgame(pos) else { return Verdict::Unknown };
        self.verdict_on(&ending, ply)
    }

    fn verdict_on(self, ending: &Endgame, ply: u32) -> Verdict {
        match ending.extra() {
            Some((KpkRole::Pawn, _)) => {
                let Some(kpk) = ending.as_kpk() else { return Verdict::Unknown };
                let known = match self {
                    Knowledge::Recognizer => recognize(&kpk),
                    Knowledge::Rules => Some(classified(&kpk)),
                    _ => Some(kpk.probe()),
                };
                match known {
                    Some(Wdl::Draw) => Verdict::Draw,
                    Some(_) if self == Knowledge::PawnRank => {
                        Verdict::Score(evaluate_kpk(&kpk, ply))
                    }
                    Some(w) => Verdict::Score(progress_score(&kpk, w, ply)),
                    None => Verdict::Unknown,
                }
            }
            Some((KpkRole::Queen | KpkRole::Rook, _)) => {
                Verdict::Score(evaluate_endgame(ending, ply))
            }
            _ => Verdict::Draw,
        }
    }
}

/// [`kpk::rules::classify`]'s verdict, remembered for the whole process (a proof can take
/// milliseconds, and searches, on whatever thread each `go` runs, meet the same positions again
/// and again): a lock-free cache of 2^20 slots (4 MB), one word each, the packed position with
/// the verdict in its two free low bits. A slot holds the last position stored in it, so a
/// collision costs a classification, never a wrong verdict.
fn classified(kpk: &KpkPosition) -> Wdl {
    static VERDICTS: [AtomicU32; 1 << 20] = [const { AtomicU32::new(0) }; 1 << 20];
    let key = kpk.packed();
    debug_assert_eq!(key & 3, 0, "the packed position leaves its two low bits clear");
    let slot = &VERDICTS[(key.wrapping_mul(0x9E37_79B1) >> 12) as usize];
    let entry = slot.load(Ordering::Relaxed);
    if entry & !3 == key {
        match entry & 3 {
            1 => return Wdl::Loss,
            2 => return Wdl::Draw,
            3 => return Wdl::Win,
            _ => {}
        }
    }
    let w = classify(kpk).wdl;
    let code = match w {
        Wdl::Loss => 1,
        Wdl::Draw => 2,
        Wdl::Win => 3,
    };
    slot.store(key | code, Ordering::Relaxed);
    w
}

/// The material value of a role in centipawns (king zero).
#[must_use]
pub const fn material(role: Role) -> i32 {
    match role {
        Role::Pawn => 100,
        Role::Knight => 320,
        Role::Bishop => 330,
        Role::Rook => 500,
        Role::Queen => 900,
        Role::King => 0,
    }
}

/// Centralisation: 0 on the rim up to 6 in the four centre squares.
fn centre(sq: Square) -> i32 {
    let (f, r) = (i32::from(u8::from(sq.file())), i32::from(u8::from(sq.rank())));
    let fd = f.min(7 - f);
    let rd = r.min(7 - r);
    2 * fd.min(3) + 2 * rd.min(3) - (fd - rd).abs()
}

/// The piece-square term of one man, from its owner's side.
fn square_bonus(role: Role, color: Color, sq: Square, endgame: bool) -> i32 {
    let rank = i32::from(u8::from(sq.rank()));
    let advance = if color == Color::White { rank } else { 7 - rank };
    match role {
        Role::Pawn => 4 * advance + if endgame { 6 * advance } else { 0 },
        Role::Knight => 5 * centre(sq) - 10,
        Role::Bishop => 3 * centre(sq) - 5,
        Role::Rook => {
            if advance == 6 {
                15
            } else {
                0
            }
        }
        Role::Queen => centre(sq),
        Role::King if endgame => 5 * centre(sq),
        // in the middlegame the king stays home
        Role::King => {
            if advance == 0 {
                10
            } else {
                -10 * advance
            }
        }
    }
}

/// Material plus piece-square terms, in centipawns for the side to move. Pawns gain as they
/// advance (more in the endgame), knights and bishops in the centre, rooks on the seventh, the
/// king stays home in the middlegame and centralises once the queens and most pieces are off.
///
/// ```
/// use kpk_search::eval::evaluate;
/// use shakmaty::Chess;
/// assert_eq!(evaluate(&Chess::default()), 0); // the start position is symmetric
/// ```
#[must_use]
pub fn evaluate(pos: &Chess) -> i32 {
    let board = pos.board();
    let non_pawn: i32 = board
        .iter()
        .filter(|(_, p)| !matches!(p.role, Role::Pawn | Role::King))
        .map(|(_, p)| material(p.role))
        .sum();
    let endgame = non_pawn <= 1_300;
    let mut score = 0;
    for (sq, piece) in board {
        let sign = if piece.color == pos.turn() { 1 } else { -1 };
        score += sign * (material(piece.role) + square_bonus(piece.role, piece.color, sq, endgame));
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn chess(fen: &str) -> Chess {
        fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
    }

    #[test]
    fn evaluation_is_symmetric() {
        let white = chess("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
        let black = chess("rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4");
        assert_eq!(evaluate(&white), evaluate(&black));
        assert!(evaluate(&chess("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")) > 800);
    }

    #[test]
    fn knowledge_follows_the_bitbase() {
        // White: Kf5, Pe5; Black: Ke8: won with White to move, drawn with Black to move
        let win = chess("4k3/8/8/4PK2/8/8/8/8 w - - 0 1");
        let draw = chess("4k3/8/8/4PK2/8/8/8/8 b - - 0 1");
        let won = |v| matches!(v, Verdict::Score(s) if s.is_known_win());
        assert!(won(Knowledge::Progress.verdict(&win, 2)));
        assert!(won(Knowledge::PawnRank.verdict(&win, 2)));
        assert_eq!(Knowledge::Progress.verdict(&draw, 2), Verdict::Draw);
        assert_eq!(Knowledge::Off.verdict(&win, 2), Verdict::Unknown);
        // the rules know it too, without the table
        assert!(won(Knowledge::Rules.verdict(&win, 2)));
        assert_eq!(Knowledge::Rules.verdict(&draw, 2), Verdict::Draw);
        let kbk = chess("4k3/8/8/8/8/8/8/2B1K3 w - - 0 1");
        assert_eq!(Knowledge::Progress.verdict(&kbk, 0), Verdict::Draw);
    }
}
