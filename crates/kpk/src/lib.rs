//! King+Pawn vs King endgame knowledge for chess engines.
//!
//! - [`bitbase`]: a 24,576-byte table, generated at build time by retrograde analysis and
//!   embedded, that answers win or draw for every legal KPK position in a few nanoseconds.
//! - [`KpkPosition`]: a validated position (pawn of either colour, any file, either side to
//!   move) whose errors name the broken rule.
//! - [`Position`]: any legal position of at most three men, with legal moves.
//! - [`dtm`]: exact distance to mate for KQK, KRK, KPK (KBK, KNK, KK are drawn), best moves and
//!   optimal lines; [`stats`]: counts over whole endings.
//! - [`Square`], [`Color`], [`Wdl`]: the vocabulary.
//!
//! ```
//! use kpk::{Color, KpkPosition, Square, Wdl};
//!
//! let sq = |s: &str| s.parse::<Square>().unwrap();
//! // Black: Kd4, Pd5; White: Kd2. Black to move only draws: White keeps the opposition.
//! let pos = KpkPosition::new(Color::Black, sq("d4"), sq("d5"), sq("d2"), Color::Black).unwrap();
//! assert_eq!(pos.probe(), Wdl::Draw);
//! // White to move must give way, and loses.
//! let pos = KpkPosition::new(Color::Black, sq("d4"), sq("d5"), sq("d2"), Color::White).unwrap();
//! assert_eq!(pos.probe(), Wdl::Loss);
//! ```
#![no_std]
#![deny(missing_docs)]

extern crate alloc;

pub mod bitbase;
mod color;
pub mod dtm;
pub mod geometry;
mod position;
mod position3;
pub mod random;
mod square;
pub mod stats;
mod wdl;

pub use color::Color;
pub use position::{KpkPosition, Man, PositionError, Role, pawn_attacks};
pub use position3::{Move, MoveList, Position, attacks};
pub use square::{File, ParseSquareError, Rank, Square};
pub use wdl::Wdl;

/// The README's examples, compiled and run as doctests.
#[doc = include_str!("../../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
