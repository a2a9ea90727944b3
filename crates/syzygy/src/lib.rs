//! Syzygy tablebase files for kpk: the WDL and DTZ of any position the files hold, read by
//! [`shakmaty_syzygy`], with kpk's embedded exact tables answering every position of at most
//! three men without any file.
//!
//! ```no_run
//! use kpk_syzygy::Tablebases;
//! use shakmaty::{CastlingMode, Chess, fen::Fen};
//!
//! let mut tables = Tablebases::new();
//! tables.add_directory("/path/to/syzygy")?; // the KQvKR.rtbw, KQvKR.rtbz, ... files
//! let pos: Chess = "8/8/8/8/8/2k5/1q6/KR6 w - - 0 1"
//!     .parse::<Fen>()?
//!     .into_position(CastlingMode::Standard)?;
//! println!("{:?}", tables.probe_dtz(&pos)?);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! Three men need no file:
//!
//! ```
//! use kpk_syzygy::{Dtz, Tablebases};
//! use shakmaty::{CastlingMode, Chess, fen::Fen};
//!
//! let tables = Tablebases::new();
//! let pos: Chess = "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1"
//!     .parse::<Fen>()
//!     .unwrap()
//!     .into_position(CastlingMode::Standard)
//!     .unwrap();
//! // Kd6 (DTZ 2 after it), then the pawn moves: exact, as the embedded tables are
//! assert_eq!(tables.probe_dtz(&pos).unwrap().precise(), Some(Dtz(3)));
//! ```
//!
//! A file that is damaged (its size no table can have, a wrong header, contents that do not
//! decode) or missing is an error that names the file; nothing panics.

mod error;
mod memory;
mod root;
mod tables;

pub use error::{OpenError, ProbeError};
pub use memory::IN_MEMORY_LIMIT;
pub use root::RootMove;
pub use shakmaty_syzygy::{AmbiguousWdl, Dtz, MaybeRounded, Wdl};
pub use tables::{EMBEDDED_MEN, Tablebases};
