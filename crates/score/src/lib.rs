#![doc = include_str!("../README.md")]
//!
//! # The bands
//!
//! Every value a search handles lives in one of these bands, side-to-move relative (negamax):
//!
//! ```text
//!  -INFINITE                                                                         +INFINITE
//!   |  mated band  | gap | known loss | gap |   heuristic band   | gap | known win | gap | mate band |
//!   -16383 .. -16127    -15000..-14000       -4000 .. 0 .. +4000       14000..15000   16127 .. 16383
//!   MATED  MATED+MAX_PLY                     -EVAL_MAX    EVAL_MAX     KNOWN_WIN      MATE-MAX_PLY MATE
//! ```
//!
//! | band | range | meaning | built by |
//! |---|---|---|---|
//! | mate | `[MATE - MAX_PLY, MATE]` | side to move mates in `MATE - v` plies | [`Score::mate_in`] |
//! | known win | `[KNOWN_WIN - KNOWN_WIN_SPAN, KNOWN_WIN]` | proven win (bitbase, recognizer), `KNOWN_WIN - v` plies from the root plus a progress term | [`Score::known_win_in`] |
//! | heuristic | `[-EVAL_MAX, EVAL_MAX]` | an evaluation, in centipawns, never a proof | [`Score::eval`] |
//! | known loss, mated | the negations | | [`Score::known_loss_in`], [`Score::mated_in`] |
//!
//! Gaps between the bands mean that no saturated evaluation can be read as a proof and no
//! proof as an evaluation. Arithmetic is 32-bit ([`Score`] wraps an `i32`); storage is 16 bits,
//! a 15-bit field or a 32-bit float field ([`packing`]), and narrowing only happens in checked
//! functions that return a [`PackError`].
//!
//! The modules follow the Chessprogramming wiki's "Score" page:
//! - [`bands`]: the constants above.
//! - [`Score`] itself: construction (always inside `±INFINITE`), queries, mate distances
//!   ([`Mate`]), checked and saturating arithmetic.
//! - [`tt`]: re-rooting mate and known-win scores for the transposition table, with a
//!   bound-aware 50-move guard: a mate the rule may prevent comes back as a bound at the draw
//!   score, never as a false mate nor as an exact value.
//! - [`delayed_loss`]: H. G. Muller's delayed-loss bonus, the alternative to ply adjustment.
//! - [`draw`]: draw scores as a policy (zero, contempt, Cray Blitz's ply-dependent draws).
//! - [`resolution`]: fixed-point resolutions, floats in pawn units, grain.
//! - [`packing`]: 16-bit, 15-bit (shiftless sign extension), offset and float fields.
//! - [`bound`]: bound types, bounded scores and integrated bounds and values.
//! - [`uci`]: `cp 23`, `mate -2`, `lowerbound`, both ways.
//!
//! ```
//! use kpk_score::{Score, bands::MATE};
//!
//! let mate = Score::mate_in(3);            // we mate 3 plies from the root
//! assert!(mate.is_mate());
//! assert_eq!(mate.get(), MATE - 3);
//! assert_eq!(mate.to_string(), "mate 2");  // UCI counts moves, not plies
//! assert_eq!(-mate, Score::mated_in(3));
//! assert!(Score::eval(1_000_000) < Score::known_win_in(500));
//! ```
#![no_std]
#![deny(missing_docs)]

pub mod bands;
pub mod bound;
pub mod delayed_loss;
pub mod draw;
pub mod packing;
pub mod resolution;
mod score;
#[cfg(feature = "serde")]
mod serde;
pub mod tt;
pub mod uci;

pub use bound::{Bound, BoundedScore, Ibv};
pub use draw::DrawPolicy;
pub use packing::{Field, PackError};
pub use resolution::{Grain, Resolution, ResolutionError};
pub use score::{Mate, Score};
pub use uci::{ParseScoreError, UciScore};
