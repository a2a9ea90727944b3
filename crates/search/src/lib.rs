//! Game-tree search over chess positions that uses kpk endgame knowledge and kpk-score scores.
//!
//! The search itself (alpha-beta with a transposition table, PVS and MTD(f), the UCI engine) is
//! being built here; [`tt`], the packed transposition table, is its first part. Its leaf knowledge for KPK lives in the permissively licensed `kpk` crate,
//! so that any engine can use it: [`evaluate_kpk`] is re-exported from [`kpk::eval`].
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

pub mod search;
pub mod tt;

pub use kpk::eval::evaluate_kpk;
