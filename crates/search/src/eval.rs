//! Static evaluation: endgame knowledge for positions of at most three men, material and
//! piece-square terms for the rest.

use kpk::eval::{evaluate_endgame, evaluate_kpk, progress_score};
use kpk_rules::plan_score;
use std::sync::atomic::{AtomicU32, Ordering};

use kpk::{Endgame, KpkPosition, Role as KpkRole, Wdl};
use kpk_rules::{classify, recognize};
use kpk_score::Score;
use shakmaty::{Bitboard, Chess, Color, Position, Role, Square};

use kpk_shakmaty::to_endgame;

/// What the search knows about positions of at most three men.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Knowledge {
    /// The bitbase decides KPK (draws end the line at once, wins score in the known-win band
    /// with the progress estimate of [`kpk::eval::progress_score`]); KQK and KRK score as
    /// known wins that drive the bare king to the edge ([`kpk::eval::evaluate_endgame`]).
    #[default]
    Progress,
    /// The bitbase with the baseline estimate of well-known engines (Stockfish 15): known win
    /// plus the pawn's rank ([`kpk::eval::evaluate_kpk`]); KQK and KRK as for `Progress`.
    PawnRank,
    /// No table: the sound rule-based recognizer ([`kpk_rules::recognize`]) ends
    /// the lines it proves drawn and scores its proven wins like `Progress`; the positions it
    /// cannot decide get the material evaluation.
    Recognizer,
    /// No table: every KPK position decided by the rules and their proofs
    /// ([`kpk_rules::classify`], exact), a win scored by the rules' plan's progress measure
    /// ([`kpk_rules::plan_score`]), which never rises with a plan move against any defence.
    /// Verdicts are remembered in a process-wide cache, as an evaluation cache would keep them.
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
                    Some(w) if self == Knowledge::Rules => Verdict::Score(plan_score(&kpk, w, ply)),
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

/// [`kpk_rules::classify`]'s verdict, remembered for the whole process (a proof can take
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

/// A term in the middlegame and in the endgame, blended by the material left on the board.
#[derive(Clone, Copy, Default)]
struct Tapered {
    mg: i32,
    eg: i32,
}

impl Tapered {
    const fn new(mg: i32, eg: i32) -> Tapered {
        Tapered { mg, eg }
    }

    fn add(&mut self, t: Tapered, times: i32) {
        self.mg += t.mg * times;
        self.eg += t.eg * times;
    }
}

/// Material in the middlegame and the endgame, by role (pawn to queen).
const MATERIAL: [Tapered; 5] = [
    Tapered::new(90, 110),
    Tapered::new(320, 300),
    Tapered::new(330, 320),
    Tapered::new(480, 530),
    Tapered::new(960, 980),
];

/// How much of the middlegame a role's presence keeps (pawns none; 24 with every piece on).
const PHASE: [i32; 5] = [0, 1, 1, 2, 4];
const FULL_PHASE: i32 = 24;

/// The square's distance from the board's edge, in files and in ranks (0 on the rim, 3 in
/// the centre).
const fn centre(file: i32, rank: i32) -> (i32, i32) {
    let f = if file < 7 - file { file } else { 7 - file };
    let r = if rank < 7 - rank { rank } else { 7 - rank };
    (f, r)
}

/// The piece-square term of `role` (pawn to king) on a square seen from its owner's side
/// (`rank` 0 is its first rank): pawns gain as they advance (centre pawns most in the
/// middlegame), knights and bishops in the centre, rooks on the seventh, the queen a little in
/// the centre, the king sheltered in a corner in the middlegame and central in the endgame.
#[allow(clippy::cast_sign_loss)] // a file is 0..8
const fn square_term(role: usize, file: i32, rank: i32) -> Tapered {
    let (cf, cr) = centre(file, rank);
    match role {
        0 => {
            let centre_pawn =
                if (file == 3 || file == 4) && (rank == 3 || rank == 4) { 12 } else { 0 };
            let advance = if rank > 1 { rank - 1 } else { 0 };
            Tapered::new(4 * advance + centre_pawn, 8 * advance)
        }
        1 => Tapered::new(8 * (cf + cr) - 30, 6 * (cf + cr) - 24),
        2 => Tapered::new(4 * (cf + cr) - 10, 3 * (cf + cr) - 10),
        3 => {
            let seventh = if rank == 6 { 1 } else { 0 };
            let central_file = if file == 3 || file == 4 { 5 } else { 0 };
            Tapered::new(15 * seventh + central_file, 25 * seventh)
        }
        4 => Tapered::new(2 * (cf + cr) - 5, 4 * (cf + cr) - 10),
        _ => {
            let mg = match rank {
                0 => [20, 30, 10, 0, 0, 10, 30, 20][file as usize],
                1 => [5, 5, -10, -15, -15, -10, 5, 5][file as usize],
                _ => -25 * (rank - 1) - 20,
            };
            Tapered::new(mg, 10 * (cf + cr) - 30)
        }
    }
}

/// [`square_term`] for every role and square, from White's side (Black's squares are flipped).
#[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)] // a square is 0..64
const SQUARES: [[Tapered; 64]; 6] = {
    let mut t = [[Tapered::new(0, 0); 64]; 6];
    let mut role = 0;
    while role < 6 {
        let mut sq = 0;
        while sq < 64 {
            t[role][sq] = square_term(role, (sq % 8) as i32, (sq / 8) as i32);
            sq += 1;
        }
        role += 1;
    }
    t
};

/// Passed pawns by rank from their owner's side.
const PASSED: [Tapered; 8] = [
    Tapered::new(0, 0),
    Tapered::new(5, 10),
    Tapered::new(5, 15),
    Tapered::new(10, 25),
    Tapered::new(20, 45),
    Tapered::new(35, 75),
    Tapered::new(60, 120),
    Tapered::new(0, 0),
];
const DOUBLED: Tapered = Tapered::new(-12, -20);
const ISOLATED: Tapered = Tapered::new(-12, -10);
const BISHOP_PAIR: Tapered = Tapered::new(30, 50);
const ROOK_OPEN_FILE: Tapered = Tapered::new(25, 10);
const ROOK_HALF_OPEN_FILE: Tapered = Tapered::new(12, 6);
/// Each own pawn in front of a king still on its first two ranks (middlegame only).
const SHIELD: Tapered = Tapered::new(12, 0);
/// Per square a piece attacks that holds no man of its own and no enemy pawn guards (knight,
/// bishop, rook, queen), around a typical count.
const MOBILITY: [(Tapered, i32); 4] = [
    (Tapered::new(4, 4), 4),
    (Tapered::new(4, 5), 7),
    (Tapered::new(2, 4), 7),
    (Tapered::new(1, 2), 14),
];
/// The side to move's move in hand.
const TEMPO: i32 = 10;

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The files beside `file`.
const fn neighbour_files(file: u32) -> u64 {
    let left = if file > 0 { FILE_A << (file - 1) } else { 0 };
    let right = if file < 7 { FILE_A << (file + 1) } else { 0 };
    left | right
}

/// Every square on the ranks in front of `sq` for `color`'s pawns.
const fn ranks_ahead(color: Color, sq: u32) -> u64 {
    let rank = sq / 8;
    match color {
        Color::White if rank < 7 => u64::MAX << ((rank + 1) * 8),
        Color::Black if rank > 0 => u64::MAX >> ((8 - rank) * 8),
        _ => 0,
    }
}

/// One side's material, squares, pawn structure, pieces' mobility and king shelter, from its
/// own point of view.
#[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)] // counts of at most 64
fn side_terms(board: &shakmaty::Board, color: Color, phase: &mut i32) -> Tapered {
    let own = board.by_color(color);
    let them = !color;
    let occupied = board.occupied();
    let own_pawns = u64::from(board.pawns() & own);
    let their_pawns = u64::from(board.pawns() & board.by_color(them));
    // squares the enemy pawns guard: no mobility there
    let guarded = {
        let p = their_pawns;
        let not_a = !FILE_A;
        let not_h = !(FILE_A << 7);
        match them {
            Color::White => ((p << 7) & not_h) | ((p << 9) & not_a),
            Color::Black => ((p >> 9) & not_h) | ((p >> 7) & not_a),
        }
    };
    let area = !u64::from(own) & !guarded;
    let mut t = Tapered::default();
    for (index, role) in Role::ALL.into_iter().enumerate() {
        let pieces = board.by_piece(shakmaty::Piece { color, role });
        if role != Role::King {
            t.add(MATERIAL[index], pieces.count() as i32);
            *phase += PHASE[index] * pieces.count() as i32;
        }
        for sq in pieces {
            let i = usize::from(sq);
            let relative = if color == Color::White { i } else { i ^ 56 };
            t.add(SQUARES[index][relative], 1);
            let attacks = match role {
                Role::Knight => shakmaty::attacks::knight_attacks(sq),
                Role::Bishop => shakmaty::attacks::bishop_attacks(sq, occupied),
                Role::Rook => shakmaty::attacks::rook_attacks(sq, occupied),
                Role::Queen => shakmaty::attacks::queen_attacks(sq, occupied),
                Role::Pawn | Role::King => Bitboard::EMPTY,
            };
            if let Some(&(weight, typical)) = MOBILITY.get(index.wrapping_sub(1)) {
                let n = (u64::from(attacks) & area).count_ones() as i32;
                t.add(weight, n - typical);
            }
            let file = u32::from(sq.file());
            match role {
                Role::Pawn => {
                    let ahead = ranks_ahead(color, u32::from(sq));
                    let front_span = ahead & ((FILE_A << file) | neighbour_files(file));
                    if their_pawns & front_span == 0 && own_pawns & ahead & (FILE_A << file) == 0 {
                        t.add(PASSED[relative / 8], 1);
                    }
                    if own_pawns & neighbour_files(file) == 0 {
                        t.add(ISOLATED, 1);
                    }
                }
                Role::Rook => {
                    let file_mask = FILE_A << file;
                    if (own_pawns | their_pawns) & file_mask == 0 {
                        t.add(ROOK_OPEN_FILE, 1);
                    } else if own_pawns & file_mask == 0 {
                        t.add(ROOK_HALF_OPEN_FILE, 1);
                    }
                }
                Role::King if relative / 8 <= 1 => {
                    t.add(SHIELD, (own_pawns & shield_squares(color, sq)).count_ones() as i32);
                }
                _ => {}
            }
        }
    }
    // doubled pawns: every pawn beyond the first on a file
    for file in 0..8 {
        let n = (own_pawns & (FILE_A << file)).count_ones() as i32;
        if n > 1 {
            t.add(DOUBLED, n - 1);
        }
    }
    if board.by_piece(shakmaty::Piece { color, role: Role::Bishop }).count() >= 2 {
        t.add(BISHOP_PAIR, 1);
    }
    t
}

/// The two ranks in front of a king on its first two ranks, on its file and the files beside
/// it.
fn shield_squares(color: Color, king: Square) -> u64 {
    let file = u32::from(king.file());
    let files = (FILE_A << file) | neighbour_files(file);
    let rank = u32::from(king.rank());
    let ranks = match color {
        Color::White if rank <= 5 => 0xFFFF_u64 << ((rank + 1) * 8),
        Color::Black if rank >= 2 => 0xFFFF_u64 << ((rank - 2) * 8),
        _ => 0,
    };
    files & ranks
}

/// A static evaluation in centipawns for the side to move: material, piece-square terms,
/// passed, doubled and isolated pawns, the bishop pair, rooks on open files, the pieces'
/// mobility and the king's pawn shelter, each weighed for the middlegame and the endgame and
/// blended by the pieces left, plus a small bonus for the move in hand.
///
/// ```
/// use kpk_search::eval::evaluate;
/// use shakmaty::Chess;
/// assert_eq!(evaluate(&Chess::default()), 10); // symmetric, but White has the move
/// ```
#[must_use]
pub fn evaluate(pos: &Chess) -> i32 {
    let board = pos.board();
    let mut phase = 0;
    let white = side_terms(board, Color::White, &mut phase);
    let black = side_terms(board, Color::Black, &mut phase);
    let phase = phase.min(FULL_PHASE);
    let mg = white.mg - black.mg;
    let eg = white.eg - black.eg;
    let blended = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
    let for_white = if pos.turn() == Color::White { blended } else { -blended };
    for_white + TEMPO
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
    fn evaluation_knows_the_textbook_preferences() {
        let better =
            |a: &str, b: &str| assert!(evaluate(&chess(a)) > evaluate(&chess(b)), "{a} over {b}");
        // a passed pawn is worth more the further it has gone
        better("4k3/8/2P5/8/8/8/6PP/4K3 w - - 0 1", "4k3/8/8/8/8/2P5/6PP/4K3 w - - 0 1");
        // two pawns on one file are worth less than on two files
        better("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1", "4k3/pp6/8/8/8/P7/P7/4K3 w - - 0 1");
        // a knight in the centre beats one on the rim
        better("4k3/8/8/8/3N4/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/N3K3 w - - 0 1");
        // the bishop pair beats bishop and knight
        better(
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1",
            "4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1KN2 w - - 0 1",
        );
        // a castled king behind its pawns beats one walked up the board in the middlegame
        better(
            "r2q1rk1/ppp2ppp/2n2n2/3pp3/3PP3/2N2N2/PPP2PPP/R2Q1RK1 w - - 0 1",
            "r2q1rk1/ppp2ppp/2n2n2/3pp3/3PP3/2N2NK1/PPP2PPP/R2Q1R2 w - - 0 1",
        );
        // in the endgame the king goes to the centre
        better("8/8/8/3k4/8/3K4/3P4/8 w - - 0 1", "8/8/8/3k4/8/8/3P4/K7 w - - 0 1");
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
