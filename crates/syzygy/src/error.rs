//! What can go wrong: a directory that cannot be read or holds no table, a damaged file, a
//! position no table answers. Each error says what is wrong and names the file or the table.

use std::fmt;
use std::io;
use std::path::PathBuf;

/// Why a directory of tables could not be added.
#[derive(Debug)]
#[non_exhaustive]
pub enum OpenError {
    /// The directory could not be listed (it does not exist, is not a directory, or cannot be
    /// read).
    Directory {
        /// The directory asked.
        path: PathBuf,
        /// What the system said.
        error: io::Error,
    },
    /// The directory holds no Syzygy table (no `*.rtbw` or `*.rtbz` file named for an ending).
    NoTables {
        /// The directory asked.
        path: PathBuf,
    },
    /// A file added by name is not named as a Syzygy table (`KQvKR.rtbw`, `KQvKR.rtbz`).
    NotATable {
        /// The file.
        path: PathBuf,
    },
    /// A table file cannot be a Syzygy table as it stands (its size no table can have), or
    /// cannot be read (a file added by name that does not exist among them).
    Damaged {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Directory { path, error } => {
                write!(f, "cannot read the tablebase directory {}: {error}", path.display())
            }
            OpenError::NoTables { path } => write!(
                f,
                "no Syzygy table in {} (expected files such as KQvK.rtbw and KQvK.rtbz)",
                path.display()
            ),
            OpenError::NotATable { path } => write!(
                f,
                "{} is not named as a Syzygy table (such as KQvKR.rtbw or KQvKR.rtbz)",
                path.display()
            ),
            OpenError::Damaged { path, reason } => {
                write!(f, "cannot use the tablebase file {}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpenError::Directory { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Why a position could not be answered.
#[derive(Debug)]
#[non_exhaustive]
pub enum ProbeError {
    /// The position has a castling right; no table holds such positions.
    Castling,
    /// The position has more men than any table added.
    TooManyMen {
        /// The men on the board.
        men: usize,
        /// The most men of any table added (three with the embedded tables alone).
        max: usize,
    },
    /// A table the position needs (its own, or one a capture or promotion leads to) was not
    /// added.
    MissingTable {
        /// The file that would hold it, such as `KQvKR.rtbz`.
        file: String,
    },
    /// A table file could not be read or did not decode: damaged, truncated, or not the table
    /// its name says.
    Damaged {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        reason: String,
    },
}

impl fmt::Display for ProbeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProbeError::Castling => {
                f.write_str("a position with a castling right is in no tablebase")
            }
            ProbeError::TooManyMen { men, max } => {
                write!(f, "{men} men on the board, and the tables hold at most {max}")
            }
            ProbeError::MissingTable { file } => {
                write!(f, "the table {file} is needed and was not found in any directory given")
            }
            ProbeError::Damaged { path, reason } => {
                write!(f, "damaged tablebase file {}: {reason}", path.display())
            }
        }
    }
}

impl std::error::Error for ProbeError {}
