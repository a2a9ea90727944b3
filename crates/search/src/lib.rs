//! Game-tree search over chess positions that uses kpk endgame knowledge and kpk-score scores.
//!
//! | module | what it holds |
//! |---|---|
//! | [`tt`] | the packed transposition table: 8-byte entries, 15-bit scores |
//! | [`search`] | iterative deepening PVS and MTD(f), both mate-distance schemes, limits |
//! | [`selective`] | check extension, null move, late-move reductions, futility and razoring, aspiration windows: each named and switchable |
//! | [`eval`] | endgame knowledge for three men, material and piece-square terms for the rest |
//! | [`uci`] | the UCI engine: options, `go` limits, `info` lines, a search thread that can be stopped |
//!
//! Positions reach the `kpk` tables through `kpk_shakmaty`, the workspace's one bridge
//! between shakmaty and `kpk`.
//!
//! Its leaf knowledge for KPK lives in the permissively licensed `kpk` crate, so that any
//! engine can use it: [`evaluate_kpk`] is re-exported from [`kpk::eval`].
//!
//! ```
//! use kpk::{Color, KpkPosition, KpkSetup, Square};
//! use kpk_search::evaluate_kpk;
//!
//! let setup = KpkSetup {
//!     strong_side: Color::White,
//!     strong_king: Square::E6,
//!     pawn: Square::E5,
//!     weak_king: Square::E8,
//!     side_to_move: Color::White,
//! };
//! assert!(evaluate_kpk(&KpkPosition::new(setup).unwrap(), 3).is_known_win());
//! ```
#![deny(missing_docs)]

mod clock;
pub mod eval;
pub mod search;
pub mod see;
pub mod selective;
pub mod tt;
pub mod uci;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use clock::set_host_clock;
pub use kpk::eval::evaluate_kpk;
