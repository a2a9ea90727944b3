//! Any legal position of at most three men, an *endgame*: a bare king against a king and at
//! most one other man, with legal moves and their results.
//!
//! Named `Endgame` rather than `Position` so that it never collides with shakmaty's `Position`
//! trait in an engine that imports both.

use core::fmt;

use crate::geometry::KING;
use crate::moves::push_all;
use crate::{Color, Man, Move, MoveList, PositionError, Role, Square, attacks};

/// The men of a position of at most three men and the side to move, each named, before
/// validation.
///
/// ```
/// use kpk::{Color, Endgame, EndgameSetup, Role, Square};
///
/// let setup = EndgameSetup {
///     strong_side: Color::White,
///     strong_king: Square::E1,
///     extra: Some((Role::Rook, Square::H1)),
///     weak_king: Square::E3,
///     side_to_move: Color::White,
/// };
/// let pos = Endgame::new(setup).unwrap();
/// assert_eq!(pos.to_string(), "8/8/8/8/8/4k3/8/4K2R w - - 0 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EndgameSetup {
    /// The colour that owns the extra man (with bare kings, only a label).
    pub strong_side: Color,
    /// The strong side's king.
    pub strong_king: Square,
    /// The extra man (any role but a king) and its square, if any.
    pub extra: Option<(Role, Square)>,
    /// The bare king.
    pub weak_king: Square,
    /// The side to move.
    pub side_to_move: Color,
}

/// A legal position of at most three men: the strong side's king and an optional extra man,
/// the weak side's bare king, and the side to move.
///
/// Every value of this type is legal: [`Endgame::new`] validates, and [`Endgame::play`] only
/// plays legal moves.
///
/// ```
/// use kpk::{Color, Endgame, EndgameSetup, Role, Square};
///
/// // White: Kb6, Qc7; Black: Ka8 — Black to move is stalemated.
/// let pos = Endgame::new(EndgameSetup {
///     strong_side: Color::White,
///     strong_king: Square::B6,
///     extra: Some((Role::Queen, Square::C7)),
///     weak_king: Square::A8,
///     side_to_move: Color::Black,
/// })
/// .unwrap();
/// assert!(pos.is_stalemate());
/// assert_eq!(pos.legal_moves().len(), 0);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Endgame {
    strong: Color,
    strong_king: Square,
    extra: Option<(Role, Square)>,
    weak_king: Square,
    side_to_move: Color,
}

impl Endgame {
    /// Validates a setup.
    ///
    /// # Errors
    /// The first broken rule, as a [`PositionError`]: a king as the extra man, two men on one
    /// square, a pawn on rank 1 or 8, kings adjacent, the side not to move in check. This is the
    /// one validation of the crate: [`KpkPosition::new`](crate::KpkPosition::new) runs it too.
    pub fn new(setup: EndgameSetup) -> Result<Endgame, PositionError> {
        let EndgameSetup { strong_side: strong, strong_king, extra, weak_king, side_to_move } =
            setup;
        let sk = Man { color: strong, role: Role::King };
        let wk = Man { color: strong.other(), role: Role::King };
        // the order of the checks is the one error a setup gets: the extra man's role, then the
        // squares (strong king and extra man, the kings, extra man and defending king), the
        // pawn's rank, the kings' distance, the check
        if let Some((Role::King, sq)) = extra {
            return Err(PositionError::ExtraKing { square: sq, color: strong });
        }
        let man = extra.map(|(role, sq)| (Man { color: strong, role }, sq));
        if let Some((man, sq)) = man
            && sq == strong_king
        {
            return Err(PositionError::SameSquare { square: sq, first: sk, second: man });
        }
        if strong_king == weak_king {
            return Err(PositionError::SameSquare { square: weak_king, first: sk, second: wk });
        }
        if let Some((man, sq)) = man {
            if sq == weak_king {
                return Err(PositionError::SameSquare { square: sq, first: man, second: wk });
            }
            if man.role == Role::Pawn && (sq.rank().index() == 0 || sq.rank().index() == 7) {
                return Err(PositionError::PawnOnBackRank { pawn: sq, color: strong });
            }
        }
        if strong_king.is_adjacent(weak_king) {
            let (white_king, black_king) = match strong {
                Color::White => (strong_king, weak_king),
                Color::Black => (weak_king, strong_king),
            };
            return Err(PositionError::KingsAdjacent { white_king, black_king });
        }
        let pos = Endgame { strong, strong_king, extra, weak_king, side_to_move };
        if side_to_move == strong
            && let Some((role, sq)) = extra
            && pos.checkers() != 0
        {
            return Err(PositionError::OpponentInCheck {
                color: strong.other(),
                king: weak_king,
                checker: Man { color: strong, role },
                from: sq,
            });
        }
        Ok(pos)
    }

    /// The named men and side to move of this position.
    #[must_use]
    pub const fn setup(&self) -> EndgameSetup {
        EndgameSetup {
            strong_side: self.strong,
            strong_king: self.strong_king,
            extra: self.extra,
            weak_king: self.weak_king,
            side_to_move: self.side_to_move,
        }
    }

    /// The colour that owns the extra man (with bare kings: the label it was given).
    #[must_use]
    pub const fn strong_side(&self) -> Color {
        self.strong
    }
    /// The strong side's king.
    #[must_use]
    pub const fn strong_king(&self) -> Square {
        self.strong_king
    }
    /// The extra man and its square, if any.
    #[must_use]
    pub const fn extra(&self) -> Option<(Role, Square)> {
        self.extra
    }
    /// The bare king.
    #[must_use]
    pub const fn weak_king(&self) -> Square {
        self.weak_king
    }
    /// The side to move.
    #[must_use]
    pub const fn side_to_move(&self) -> Color {
        self.side_to_move
    }
    /// Whether the strong side is to move.
    #[must_use]
    pub fn strong_to_move(&self) -> bool {
        self.side_to_move == self.strong
    }

    fn occupied(&self) -> u64 {
        self.strong_king.bit() | self.weak_king.bit() | self.extra.map_or(0, |(_, sq)| sq.bit())
    }

    /// The squares the extra man attacks (the weak king does not block: it cannot step back
    /// along a line it is checked on).
    fn extra_attacks(&self) -> u64 {
        match self.extra {
            Some((role, sq)) => attacks(self.strong, role, sq, self.strong_king.bit()),
            None => 0,
        }
    }

    /// The extra man's square if it gives check to the weak king, as a bitboard.
    fn checkers(&self) -> u64 {
        match self.extra {
            Some((_, sq)) if self.extra_attacks() & self.weak_king.bit() != 0 => sq.bit(),
            _ => 0,
        }
    }

    /// Whether the side to move is in check (only the bare king can be).
    #[must_use]
    pub fn is_check(&self) -> bool {
        !self.strong_to_move() && self.checkers() != 0
    }

    /// Every legal move.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let (king, king_to, extra) = self.targets();
        push_all(&mut list, king, king_to, None);
        if let Some((role, from, targets)) = extra {
            let last_rank: u8 = if self.strong == Color::White { 7 } else { 0 };
            if role == Role::Pawn && from.rank().index().abs_diff(last_rank) == 1 {
                for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                    push_all(&mut list, from, targets, Some(promotion));
                }
            } else {
                push_all(&mut list, from, targets, None);
            }
        }
        list
    }

    /// Whether the side to move has a legal move (what [`Endgame::legal_moves`] would list,
    /// without listing it).
    fn has_legal_move(&self) -> bool {
        let (_, king_to, extra) = self.targets();
        king_to != 0 || extra.is_some_and(|(_, _, targets)| targets != 0)
    }

    /// Where the side to move's men may go: its king and the king's target squares, and for
    /// the strong side the extra man, its square and its targets.
    fn targets(&self) -> (Square, u64, Option<(Role, Square, u64)>) {
        if self.strong_to_move() {
            let own = self.occupied() & !self.weak_king.bit();
            let king_to = KING[usize::from(self.strong_king.index())]
                & !KING[usize::from(self.weak_king.index())]
                & !own;
            let extra = self.extra.map(|(role, from)| {
                let targets = match role {
                    Role::Pawn => self.pawn_pushes(from),
                    _ => attacks(self.strong, role, from, self.occupied()) & !self.occupied(),
                };
                (role, from, targets)
            });
            (self.strong_king, king_to, extra)
        } else {
            let wk = usize::from(self.weak_king.index());
            let guarded = KING[usize::from(self.strong_king.index())];
            let mut to = KING[wk] & !guarded & !self.extra_attacks() & !self.strong_king.bit();
            // the extra man itself may be taken when its king does not guard it
            if let Some((_, sq)) = self.extra {
                to &= !sq.bit();
                if KING[wk] & sq.bit() & !guarded != 0 {
                    to |= sq.bit();
                }
            }
            (self.weak_king, to, None)
        }
    }

    fn pawn_pushes(&self, from: Square) -> u64 {
        let occupied = self.occupied();
        let (one, start_rank) = match self.strong {
            Color::White => (from.bit() << 8, 1),
            Color::Black => (from.bit() >> 8, 6),
        };
        if one & occupied != 0 {
            return 0;
        }
        let two = match self.strong {
            Color::White => one << 8,
            Color::Black => one >> 8,
        };
        if from.rank().index() == start_rank && two & occupied == 0 { one | two } else { one }
    }

    /// The position after `m`, if `m` is one of [`Endgame::legal_moves`].
    ///
    /// # Errors
    /// [`IllegalMove`] for any other move: a man that is not there, a square it cannot reach,
    /// a pawn reaching its last rank without a promotion (or promoting elsewhere), a king
    /// stepping next to the other king or into check.
    ///
    /// ```
    /// use kpk::{Color, Endgame, EndgameSetup, Move, Role, Square};
    /// let pos = Endgame::new(EndgameSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::E6,
    ///     extra: Some((Role::Pawn, Square::E7)),
    ///     weak_king: Square::A8,
    ///     side_to_move: Color::White,
    /// })
    /// .unwrap();
    /// let push = Move { from: Square::E7, to: Square::E8, promotion: None };
    /// assert!(pos.play(push).is_err()); // a pawn must promote
    /// let queen = Move { promotion: Some(Role::Queen), ..push };
    /// assert_eq!(pos.play(queen).unwrap().extra(), Some((Role::Queen, Square::E8)));
    /// ```
    pub fn play(&self, m: Move) -> Result<Endgame, IllegalMove> {
        if self.legal_moves().iter().any(|&legal| legal == m) {
            Ok(self.play_unchecked(m))
        } else {
            Err(IllegalMove { mv: m, position: *self })
        }
    }

    /// Whether `m` resets the halfmove clock (the 50-move rule's counter): a pawn move (push,
    /// double step or promotion) or a capture, which here is the bare king taking the extra
    /// man. `m` is read as a move of this position; for a move that is not legal the answer
    /// is meaningless.
    ///
    /// ```
    /// use kpk::{Color, Endgame, EndgameSetup, Move, Role, Square};
    /// let pos = Endgame::new(EndgameSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::E1,
    ///     extra: Some((Role::Pawn, Square::E2)),
    ///     weak_king: Square::E8,
    ///     side_to_move: Color::White,
    /// })
    /// .unwrap();
    /// assert!(pos.is_zeroing(Move { from: Square::E2, to: Square::E4, promotion: None }));
    /// assert!(!pos.is_zeroing(Move { from: Square::E1, to: Square::D1, promotion: None }));
    /// ```
    #[must_use]
    pub fn is_zeroing(&self, m: Move) -> bool {
        match self.extra {
            None => false,
            Some((role, man)) => {
                if self.strong_to_move() {
                    m.from == man && role == Role::Pawn
                } else {
                    m.to == man
                }
            }
        }
    }

    /// The position after `m`, which must be one of [`Endgame::legal_moves`]: for the moves
    /// the caller generated, without [`Endgame::play`]'s check. For any other move the result is
    /// some position of no meaning (never a panic, never undefined behaviour).
    ///
    /// ```
    /// use kpk::{Color, Endgame, EndgameSetup, Role, Square};
    /// let pos = Endgame::new(EndgameSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::E6,
    ///     extra: Some((Role::Pawn, Square::E5)),
    ///     weak_king: Square::E8,
    ///     side_to_move: Color::White,
    /// })
    /// .unwrap();
    /// for &m in pos.legal_moves().iter() {
    ///     assert_eq!(pos.play_unchecked(m), pos.play(m).unwrap());
    /// }
    /// ```
    #[must_use]
    pub fn play_unchecked(&self, m: Move) -> Endgame {
        let mut next = *self;
        next.side_to_move = self.side_to_move.other();
        if self.strong_to_move() {
            if m.from == self.strong_king {
                next.strong_king = m.to;
            } else if let Some((role, _)) = self.extra {
                next.extra = Some((m.promotion.unwrap_or(role), m.to));
            }
        } else {
            next.weak_king = m.to;
            if self.extra.is_some_and(|(_, sq)| sq == m.to) {
                next.extra = None;
            }
        }
        next
    }

    /// Writes `m`, one of [`Endgame::legal_moves`], in Standard Algebraic Notation with its
    /// check (`+`) or mate (`#`) sign: `Kd2`, `Kxe5`, `e4`, `e8=Q+`, `Ra8#`. With at most one
    /// man besides each king no move needs disambiguation, and a pawn never captures (the
    /// only man it could take is a king).
    ///
    /// ```
    /// use kpk::{Color, Endgame, EndgameSetup, Move, Role, Square};
    /// let pos = Endgame::new(EndgameSetup {
    ///     strong_side: Color::White,
    ///     strong_king: Square::C6,
    ///     extra: Some((Role::Pawn, Square::B7)),
    ///     weak_king: Square::A7,
    ///     side_to_move: Color::White,
    /// })
    /// .unwrap();
    /// let promote = Move { from: Square::B7, to: Square::B8, promotion: Some(Role::Queen) };
    /// let mut san = String::new();
    /// pos.write_san(promote, &mut san).unwrap();
    /// assert_eq!(san, "b8=Q+");
    /// ```
    ///
    /// # Errors
    /// Only those of the writer.
    pub fn write_san(&self, m: Move, f: &mut impl fmt::Write) -> fmt::Result {
        let role = if m.from == self.strong_king || m.from == self.weak_king {
            Role::King
        } else {
            self.extra.map_or(Role::King, |(r, _)| r)
        };
        if role != Role::Pawn {
            f.write_char(role.upper_char())?;
        }
        if self.extra.is_some_and(|(_, sq)| sq == m.to) {
            f.write_char('x')?;
        }
        f.write_char(m.to.file().char())?;
        f.write_char(m.to.rank().char())?;
        if let Some(p) = m.promotion {
            f.write_char('=')?;
            f.write_char(p.upper_char())?;
        }
        let after = self.play_unchecked(m);
        if after.is_checkmate() {
            f.write_char('#')
        } else if after.is_check() {
            f.write_char('+')
        } else {
            Ok(())
        }
    }

    /// In check with no legal move.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Not in check, and no legal move.
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// Neither side can ever mate: bare kings, or a lone bishop or knight.
    #[must_use]
    pub fn is_insufficient_material(&self) -> bool {
        matches!(self.extra, None | Some((Role::Bishop | Role::Knight, _)))
    }

    /// A position from parts known to be legal (a [`KpkPosition`](crate::KpkPosition)'s, legal
    /// by construction under the same rules).
    pub(crate) const fn from_legal_parts(
        strong: Color,
        strong_king: Square,
        extra: Option<(Role, Square)>,
        weak_king: Square,
        side_to_move: Color,
    ) -> Endgame {
        Endgame { strong, strong_king, extra, weak_king, side_to_move }
    }

    /// The position in Forsyth-Edwards Notation (no castling, no en passant, move counters
    /// `0 1`).
    pub fn write_fen(&self, f: &mut impl fmt::Write) -> fmt::Result {
        for rank in (0..8u8).rev() {
            let mut empty = 0;
            for file in 0..8u8 {
                let sq = Square::ALL[usize::from(rank * 8 + file)];
                let man = if sq == self.strong_king {
                    Some((self.strong, Role::King))
                } else if sq == self.weak_king {
                    Some((self.strong.other(), Role::King))
                } else {
                    self.extra.filter(|&(_, s)| s == sq).map(|(role, _)| (self.strong, role))
                };
                match man {
                    None => empty += 1,
                    Some((color, role)) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        let c = role.upper_char();
                        write!(
                            f,
                            "{}",
                            if color == Color::White { c } else { c.to_ascii_lowercase() }
                        )?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_char('/')?;
            }
        }
        write!(f, " {} - - 0 1", self.side_to_move.fen_char())
    }
}

/// The FEN.
impl fmt::Display for Endgame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f)
    }
}

impl fmt::Debug for Endgame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Endgame({self})")
    }
}

impl TryFrom<EndgameSetup> for Endgame {
    type Error = PositionError;
    fn try_from(setup: EndgameSetup) -> Result<Endgame, PositionError> {
        Endgame::new(setup)
    }
}

/// A move that is not one of the position's legal moves, given to [`Endgame::play`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
    /// The position it was played in.
    pub position: Endgame,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move in {}", self.mv, self.position)
    }
}

impl core::error::Error for IllegalMove {}
