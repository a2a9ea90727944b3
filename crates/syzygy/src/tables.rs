//! The tables: kpk's embedded exact tables for three men, and Syzygy files for more.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use shakmaty::{Chess, Move, Position};
use shakmaty_syzygy::{
    AmbiguousWdl, Dtz, MaybeRounded, Metric, ProbeError as FileError, SyzygyError, Tablebase, Wdl,
};

use crate::error::{OpenError, ProbeError};

/// The most men the embedded tables answer (two kings and one more man).
pub const EMBEDDED_MEN: usize = 3;

/// Syzygy tablebases: the files of every directory added, and the embedded tables for three
/// men. Shared between threads as it stands (`Sync`); files are opened when first needed.
///
/// ```
/// use kpk_syzygy::{Tablebases, Wdl};
/// use shakmaty::{CastlingMode, Chess, fen::Fen};
///
/// let tables = Tablebases::new();
/// let pos: Chess = "8/8/8/8/8/4k3/4P3/4K3 w - - 0 1"
///     .parse::<Fen>()
///     .unwrap()
///     .into_position(CastlingMode::Standard)
///     .unwrap();
/// assert_eq!(tables.probe_wdl_after_zeroing(&pos).unwrap(), Wdl::Draw);
/// assert_eq!(tables.max_men(), 3);
/// ```
pub struct Tablebases {
    files: Tablebase<Chess>,
    /// Every file added, by its name (`KQvKR.rtbw`), for errors that name the file.
    paths: HashMap<String, PathBuf>,
}

impl Default for Tablebases {
    fn default() -> Tablebases {
        Tablebases::new()
    }
}

impl std::fmt::Debug for Tablebases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebases")
            .field("files", &self.paths.len())
            .field("max_men", &self.max_men())
            .finish()
    }
}

/// Whether a file name is a Syzygy table's (`KQvKR.rtbw`, `KPvK.rtbz`): the ending's men, then
/// the extension. Anything else in a directory is left alone.
fn is_table_name(name: &str) -> bool {
    let Some((stem, ext)) = name.rsplit_once('.') else { return false };
    let Some((white, black)) = stem.split_once('v') else { return false };
    let men = |side: &str| side.starts_with('K') && side.chars().all(|c| "KQRBNP".contains(c));
    matches!(ext, "rtbw" | "rtbz") && men(white) && men(black)
}

impl Tablebases {
    /// The embedded tables alone: every position of at most three men.
    #[must_use]
    pub fn new() -> Tablebases {
        let files = Tablebase::with_filesystem(Arc::new(crate::memory::Files::new()));
        Tablebases { files, paths: HashMap::new() }
    }

    /// Adds every Syzygy table of `dir` (`*.rtbw` for WDL, `*.rtbz` for DTZ; other files are
    /// left alone) and returns how many. The files are opened when a position first needs them.
    ///
    /// # Errors
    ///
    /// [`OpenError::Directory`] when `dir` cannot be listed, [`OpenError::NoTables`] when it
    /// holds no table, [`OpenError::Damaged`] naming a file whose size no table can have (a
    /// truncated download) or whose metadata cannot be read. Tables added before the error stay
    /// added.
    ///
    /// ```
    /// use kpk_syzygy::{OpenError, Tablebases};
    /// let mut tables = Tablebases::new();
    /// let err = tables.add_directory("/no/such/directory").unwrap_err();
    /// assert!(matches!(err, OpenError::Directory { .. }));
    /// assert!(err.to_string().contains("/no/such/directory"));
    /// ```
    pub fn add_directory(&mut self, dir: impl AsRef<Path>) -> Result<usize, OpenError> {
        let dir = dir.as_ref();
        let listing = |error| OpenError::Directory { path: dir.to_path_buf(), error };
        let mut tables = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(listing)? {
            let entry = entry.map_err(listing)?;
            if entry.file_name().to_str().is_some_and(is_table_name) {
                tables.push(entry.path());
            }
        }
        if tables.is_empty() {
            return Err(OpenError::NoTables { path: dir.to_path_buf() });
        }
        // in name order (one directory: path order is name order), so that an error names the
        // same file every time
        tables.sort();
        for path in &tables {
            self.add_file(path)?;
        }
        Ok(tables.len())
    }

    /// Adds one Syzygy table file (`KQvKR.rtbw` for WDL, `KQvKR.rtbz` for DTZ), opened when a
    /// position first needs it.
    ///
    /// # Errors
    ///
    /// [`OpenError::NotATable`] when the file's name is not a table's, [`OpenError::Damaged`]
    /// naming a file whose size no table can have (a truncated download) or that cannot be
    /// read.
    ///
    /// ```
    /// use kpk_syzygy::{OpenError, Tablebases};
    /// let mut tables = Tablebases::new();
    /// let err = tables.add_file("/some/where/notes.txt").unwrap_err();
    /// assert!(matches!(err, OpenError::NotATable { .. }));
    /// assert!(err.to_string().contains("notes.txt"));
    /// ```
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> Result<(), OpenError> {
        let path = path.as_ref();
        let Some(name) = path.file_name().and_then(|n| n.to_str()).filter(|n| is_table_name(n))
        else {
            return Err(OpenError::NotATable { path: path.to_path_buf() });
        };
        self.files.add_file(path).map_err(|e| OpenError::Damaged {
            path: path.to_path_buf(),
            reason: match e.kind() {
                std::io::ErrorKind::InvalidData => {
                    "its size is not that of any Syzygy table (truncated?)".to_string()
                }
                std::io::ErrorKind::NotFound => "there is no such file".to_string(),
                _ => e.to_string(),
            },
        })?;
        self.paths.insert(name.to_string(), path.to_path_buf());
        Ok(())
    }

    /// The most men of any table: at least [`EMBEDDED_MEN`].
    #[must_use]
    pub fn max_men(&self) -> usize {
        self.files.max_pieces().max(EMBEDDED_MEN)
    }

    /// The table files added, by name.
    pub fn files(&self) -> impl Iterator<Item = &Path> {
        self.paths.values().map(PathBuf::as_path)
    }

    /// The DTZ of `pos`, in Syzygy's convention (plies to the next capture, pawn move or mate
    /// of the winning side, with its sign; 0 for a draw): exact for three men, and as the file
    /// stores it otherwise ([`MaybeRounded::Rounded`] where the file may round it by one).
    ///
    /// # Errors
    ///
    /// See [`ProbeError`].
    pub fn probe_dtz(&self, pos: &Chess) -> Result<MaybeRounded<Dtz>, ProbeError> {
        if let Some(ending) = self.embedded(pos)? {
            return Ok(MaybeRounded::Precise(Dtz(kpk::dtz::probe(&ending).plies())));
        }
        self.files.probe_dtz(pos).map_err(|e| self.error(e, pos))
    }

    /// The result of `pos` under the 50-move rule, as if it had just been reached by a capture
    /// or a pawn move (its halfmove clock ignored). Needs only WDL files beyond three men.
    ///
    /// # Errors
    ///
    /// See [`ProbeError`].
    pub fn probe_wdl_after_zeroing(&self, pos: &Chess) -> Result<Wdl, ProbeError> {
        if let Some(ending) = self.embedded(pos)? {
            let dtz = Dtz(kpk::dtz::probe(&ending).plies());
            return Ok(Wdl::from_dtz_after_zeroing(MaybeRounded::Precise(dtz)));
        }
        self.files.probe_wdl_after_zeroing(pos).map_err(|e| self.error(e, pos))
    }

    /// The result of `pos` under the 50-move rule from its halfmove clock; ambiguous only
    /// where the file's rounding leaves it so.
    ///
    /// # Errors
    ///
    /// See [`ProbeError`].
    pub fn probe_wdl(&self, pos: &Chess) -> Result<AmbiguousWdl, ProbeError> {
        let dtz = self.probe_dtz(pos)?;
        Ok(AmbiguousWdl::from_dtz_and_halfmoves(dtz, pos.halfmoves()))
    }

    /// The move the tables recommend in `pos`, with the DTZ of the position after it: the
    /// first of [`kpk::dtz::outcomes`] for three men (exact), shakmaty-syzygy's
    /// [`best_move`](Tablebase::best_move) beyond (the halfmove clock ignored, as
    /// lila-tablebase's main line plays). `None` when `pos` has no legal move.
    ///
    /// ```
    /// use kpk_syzygy::{Dtz, Tablebases};
    /// let pos = kpk_shakmaty::fen::parse_position("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1").unwrap();
    /// let (mv, dtz) = Tablebases::new().best_move(&pos).unwrap().unwrap();
    /// assert_eq!(mv.to().to_string(), "d6");
    /// assert_eq!(dtz.precise(), Some(Dtz(-2)));
    /// ```
    ///
    /// # Errors
    ///
    /// See [`ProbeError`].
    pub fn best_move(&self, pos: &Chess) -> Result<Option<(Move, MaybeRounded<Dtz>)>, ProbeError> {
        if let Some(ending) = self.embedded(pos)? {
            return Ok(kpk::dtz::outcomes(&ending).next().and_then(|best| {
                let mv = kpk_shakmaty::to_shakmaty_move(pos, best.mv)?;
                Some((mv, MaybeRounded::Precise(Dtz(best.dtz.plies()))))
            }));
        }
        self.files.best_move(pos).map_err(|e| self.error(e, pos))
    }

    /// `pos` as an ending of the embedded tables, when it has at most three men; an error
    /// when no table can hold it.
    fn embedded(&self, pos: &Chess) -> Result<Option<kpk::Endgame>, ProbeError> {
        if pos.castles().any() {
            return Err(ProbeError::Castling);
        }
        let men = pos.board().occupied().count();
        if men > self.max_men() {
            return Err(ProbeError::TooManyMen { men, max: self.max_men() });
        }
        Ok(if men <= EMBEDDED_MEN { kpk_shakmaty::to_endgame(pos) } else { None })
    }

    /// The error of the reader in this crate's words, naming the file.
    fn error(&self, e: SyzygyError, pos: &Chess) -> ProbeError {
        let file = |metric: Metric, material: &shakmaty_syzygy::Material| {
            let ext = match metric {
                Metric::Wdl => "rtbw",
                Metric::Dtz => "rtbz",
            };
            format!("{material}.{ext}")
        };
        match e {
            SyzygyError::Castling => ProbeError::Castling,
            SyzygyError::TooManyPieces => {
                ProbeError::TooManyMen { men: pos.board().occupied().count(), max: self.max_men() }
            }
            SyzygyError::MissingTable { metric, material } => {
                ProbeError::MissingTable { file: file(metric, &material) }
            }
            SyzygyError::ProbeFailed { metric, material, error } => {
                let name = file(metric, &material);
                let path = self.paths.get(&name).cloned().unwrap_or_else(|| PathBuf::from(name));
                let reason = match *error {
                    FileError::Read { error } => format!("cannot read it: {error}"),
                    FileError::Magic { magic } => {
                        format!("its header is not a Syzygy table's (magic bytes {magic:02x?})")
                    }
                    FileError::CorruptedTable { .. } => {
                        "its contents do not decode (corrupted, or not the ending its name says)"
                            .to_string()
                    }
                };
                ProbeError::Damaged { path, reason }
            }
        }
    }
}
