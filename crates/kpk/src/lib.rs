#![doc = include_str!("../README.md")]
//!
//! # Overview of types
//!
//! | item | what it is |
//! |---|---|
//! | [`Square`], [`File`], [`Rank`], [`Color`], [`Role`], [`Man`], [`Wdl`] | the vocabulary; squares a1 = 0 ... h8 = 63, with constants [`Square::E4`] |
//! | [`KpkSetup`] → [`KpkPosition`] | a validated KPK position (either colour owns the pawn, any file, either side to move), packed in one `u32` |
//! | [`bitbase`] | the 24,576-byte win/draw table, generated at build time and embedded: [`KpkPosition::probe`] answers in about 1.5 ns |
//! | [`EndgameSetup`] → [`Endgame`] | any legal position of at most three men, with [`Endgame::legal_moves`] and a checked [`Endgame::play`] |
//! | [`dtm`] | exact distance to mate for KQK, KRK, KPK (KBK, KNK, KK are drawn), best moves, optimal lines |
//! | [`dtz`] | exact distance to zeroing (Syzygy's convention) for every position of at most three men, the 50-move rule's verdict for a halfmove clock, and the shortest mate the rule allows |
//! | [`eval`] | bitbase knowledge as a search [`Score`](kpk_score::Score): known wins with a progress term |
//! | [`PositionError`], [`IllegalMove`] | what is wrong with a setup or a move, naming the squares |
//!
#![no_std]
#![deny(missing_docs)]

extern crate alloc;

pub mod bitbase;
mod color;
pub mod dtm;
pub mod dtz;
mod endgame;
mod error;
pub mod eval;
mod geometry;
mod kpk_position;
mod moves;
mod role;
#[cfg(feature = "serde")]
mod serde;
mod square;
mod wdl;

pub use color::Color;
pub use endgame::{Endgame, EndgameSetup, IllegalMove};
pub use error::PositionError;
pub use kpk_position::{KpkPosition, KpkSetup, pawn_attacks};
pub(crate) use moves::attacks;
pub use moves::{Move, MoveList};
pub use role::{Man, Role};
pub use square::{File, ParseSquareError, Rank, Square, SquareIndexError};
pub use wdl::Wdl;
