//! Win, draw or loss from the side to move.

use core::fmt;
use core::ops::Neg;

/// The game-theoretic outcome for the side to move, in the lichess tablebase API's words.
///
/// ```
/// use kpk::Wdl;
/// assert_eq!(-Wdl::Win, Wdl::Loss);
/// assert_eq!(Wdl::Draw.to_string(), "draw");
/// assert!(Wdl::Win > Wdl::Draw && Wdl::Draw > Wdl::Loss);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(i8)]
pub enum Wdl {
    /// The side to move loses with best play.
    Loss = -1,
    /// Neither side can force a win.
    Draw = 0,
    /// The side to move wins with best play.
    Win = 1,
}

impl Wdl {
    /// `-1`, `0` or `1`.
    #[must_use]
    pub const fn signum(self) -> i8 {
        self as i8
    }

    /// The outcome of a sign: negative is a loss, zero a draw, positive a win.
    #[must_use]
    pub const fn from_signum(v: i32) -> Wdl {
        if v > 0 {
            Wdl::Win
        } else if v < 0 {
            Wdl::Loss
        } else {
            Wdl::Draw
        }
    }

    /// `"win"`, `"draw"` or `"loss"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Wdl::Loss => "loss",
            Wdl::Draw => "draw",
            Wdl::Win => "win",
        }
    }
}

impl Neg for Wdl {
    type Output = Wdl;
    fn neg(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }
}

impl fmt::Display for Wdl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
