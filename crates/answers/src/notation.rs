//! How a move is written: [`Notation`], a move's UCI or SAN text held inline (no allocation),
//! made in one place for every answer.

use core::fmt;
use core::ops::Deref;

use kpk::{Endgame, Move};
use serde::{Serialize, Serializer};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus, Suffix};
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// Bytes a notation holds: a move is at most seven characters in SAN (`Qa1xb2+`, a capture by
/// one of three queens named by its square; `exd8=Q#`) and five in UCI (`b7b8q`).
const CAPACITY: usize = 8;

/// A move's text in UCI or standard algebraic notation, held inline.
///
/// ```
/// use kpk::{Move, Square};
/// use kpk_answers::notation::Notation;
///
/// let pos = kpk_shakmaty::fen::parse("7k/8/6K1/8/8/8/8/1Q6 w - - 0 1").unwrap().position;
/// let mate = Move { from: Square::B1, to: Square::B8, promotion: None };
/// assert_eq!(Notation::uci(mate), "b1b8");
/// assert_eq!(Notation::san(&pos, mate), "Qb8#");
/// assert_eq!(format!("[{:<6}]", Notation::san(&pos, mate)), "[Qb8#  ]");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Notation {
    bytes: [u8; CAPACITY],
    len: u8,
}

impl Notation {
    /// `mv` in UCI notation (`e7e8q`).
    #[must_use]
    pub fn uci(mv: Move) -> Notation {
        let mut text = Notation::empty();
        let _ = fmt::write(&mut text, format_args!("{mv}"));
        text
    }

    /// `mv` of `pos` in standard algebraic notation, with `+` or `#` (`Kd6`, `e8=Q+`).
    #[must_use]
    pub fn san(pos: &Endgame, mv: Move) -> Notation {
        let mut text = Notation::empty();
        let _ = pos.write_san(mv, &mut text);
        text
    }

    /// `mv` (a move of any position, as shakmaty holds it) in UCI notation, castling as the
    /// king's two-square step (`e1g1`).
    #[must_use]
    pub fn uci_of(mv: shakmaty::Move) -> Notation {
        let mut text = Notation::empty();
        let _ = fmt::write(&mut text, format_args!("{}", mv.to_uci(CastlingMode::Standard)));
        text
    }

    /// `mv` of any position `pos` in standard algebraic notation, its suffix (`#`, `+`) from
    /// whether the position after it is `checkmate` or in `check` (known to the caller, so the
    /// move is not played again).
    #[must_use]
    pub fn san_after(pos: &Chess, mv: shakmaty::Move, checkmate: bool, check: bool) -> Notation {
        let suffix = if checkmate {
            Some(Suffix::Checkmate)
        } else if check {
            Some(Suffix::Check)
        } else {
            None
        };
        let san = SanPlus { san: San::from_move(pos, mv), suffix };
        let mut text = Notation::empty();
        let _ = fmt::write(&mut text, format_args!("{san}"));
        text
    }

    const fn empty() -> Notation {
        Notation { bytes: [0; CAPACITY], len: 0 }
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // only whole `str`s are written in (see `write_str`), so the bytes are UTF-8
        core::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Write for Notation {
    /// Appends `s` whole, or fails and leaves the text as it was when it does not fit (no move
    /// is that long).
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let at = usize::from(self.len);
        let end = at + s.len();
        let len = u8::try_from(end).map_err(|_| fmt::Error)?;
        self.bytes.get_mut(at..end).ok_or(fmt::Error)?.copy_from_slice(s.as_bytes());
        self.len = len;
        Ok(())
    }
}

impl Deref for Notation {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for Notation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for Notation {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Notation {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl ts_rs::TS for Notation {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    /// A move's text is a string.
    fn name(_: &ts_rs::Config) -> String {
        "string".to_owned()
    }
    fn inline(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }
}

impl Serialize for Notation {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// A move in both notations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Notated {
    /// UCI notation.
    pub uci: Notation,
    /// Standard algebraic notation.
    pub san: Notation,
}

/// A move of a line as a board shows it: its notations, its label with the move number where it
/// has one (`1. Kd6`, `Kf7`, `1... Kd3`), and the position after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct LabelledStep {
    /// UCI notation.
    pub uci: Notation,
    /// Standard algebraic notation.
    pub san: Notation,
    /// The label: the SAN with its move number where it has one.
    pub label: String,
    /// The FEN after the move.
    pub fen: String,
}

impl LabelledStep {
    /// `moves` played from `root`, each labelled (from the root's move number) and with the FEN
    /// after it; the line stops at a move that is not legal there.
    ///
    /// ```
    /// use kpk_answers::notation::{LabelledStep, Notated};
    /// let root = kpk_answers::api::parse_position(Some("8/8/8/8/8/4k3/4P3/4K3 b - - 0 30")).unwrap();
    /// let kf4 = Notated { uci: "e3f4".parse().unwrap(), san: "Kf4".parse().unwrap() };
    /// let steps = LabelledStep::line(&root, &[kf4]);
    /// assert_eq!((steps[0].label.as_str(), steps[0].fen.as_str()), ("30... Kf4", "8/8/8/8/5k2/8/4P3/4K3 w - - 1 31"));
    /// // a move that is not legal there ends the line (the pawn guards d3)
    /// let kd3 = Notated { uci: "e3d3".parse().unwrap(), san: "Kd3".parse().unwrap() };
    /// assert!(LabelledStep::line(&root, &[kd3]).is_empty());
    /// ```
    #[must_use]
    pub fn line(root: &Chess, moves: &[Notated]) -> Vec<LabelledStep> {
        let white = root.turn() == shakmaty::Color::White;
        let sans: Vec<String> = moves.iter().map(|m| m.san.to_string()).collect();
        let labels = labelled(root.fullmoves().get(), white, &sans);
        let mut pos = root.clone();
        let mut out = Vec::with_capacity(moves.len());
        for (m, label) in moves.iter().zip(labels) {
            let Some(mv) = shakmaty::uci::UciMove::from_ascii(m.uci.as_bytes())
                .ok()
                .and_then(|u| u.to_move(&pos).ok())
            else {
                break;
            };
            pos.play_unchecked(mv);
            let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
            out.push(LabelledStep { uci: m.uci, san: m.san, label, fen });
        }
        out
    }
}

impl core::str::FromStr for Notation {
    type Err = fmt::Error;

    /// A move's text as given (at most eight bytes).
    fn from_str(s: &str) -> Result<Notation, fmt::Error> {
        let mut text = Notation::empty();
        fmt::Write::write_str(&mut text, s)?;
        Ok(text)
    }
}

/// Each move of a line labelled with its number where it has one, from move `fullmove` with
/// `white` to move: `["1. Kd5", "Kd7", "2. Kc5"]`, or `["1... Kd3", "2. Kd1"]`.
///
/// ```
/// let sans = ["Kd3".to_string(), "Kd1".to_string(), "Kc3".to_string()];
/// assert_eq!(kpk_answers::notation::labelled(30, false, &sans), ["30... Kd3", "31. Kd1", "Kc3"]);
/// ```
#[must_use]
pub fn labelled(fullmove: u32, white: bool, sans: &[String]) -> Vec<String> {
    let (mut number, mut white) = (fullmove, white);
    let mut out = Vec::with_capacity(sans.len());
    for (i, san) in sans.iter().enumerate() {
        out.push(if white {
            format!("{number}. {san}")
        } else if i == 0 {
            format!("{number}... {san}")
        } else {
            san.clone()
        });
        if !white {
            number = number.saturating_add(1);
        }
        white = !white;
    }
    out
}

/// Moves in standard notation with move numbers, from move `fullmove` with `white` to move:
/// `1. Kd5 Kd7 2. Kc5`, or `1... Kd3 2. Kd1` ([`labelled`], joined).
///
/// ```
/// let sans = ["Kd3".to_string(), "Kd1".to_string()];
/// assert_eq!(kpk_answers::notation::numbered(30, false, &sans), "30... Kd3 31. Kd1");
/// ```
#[must_use]
pub fn numbered(fullmove: u32, white: bool, sans: &[String]) -> String {
    labelled(fullmove, white, sans).join(" ")
}
