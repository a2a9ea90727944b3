//! The drop-in probers: python-chess's `chess.gaviota` and `chess.syzygy` tablebase objects for
//! positions of at most three men, with their conventions and exceptions, answered from the
//! embedded tables (no file is read); the Syzygy prober also reads real Syzygy files added
//! with `add_directory` for more men (through `kpk-syzygy`, not python-chess's reader).

use std::sync::RwLock;

use kpk::dtz;
use kpk::{Endgame, dtm};
use kpk_syzygy::{OpenError, ProbeError, Tablebases};
use pyo3::exceptions::{PyKeyError, PyOSError, PyValueError};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyAnyMethods;

use crate::board::{self, BoardError};

/// `kpk.gaviota.MissingTableError`.
pub mod gaviota_error {
    use pyo3::exceptions::PyKeyError;
    pyo3::create_exception!(
        kpk.gaviota,
        MissingTableError,
        PyKeyError,
        "No table for this material (kpk holds every position of at most three men)."
    );
}

/// `kpk.syzygy.MissingTableError`.
pub mod syzygy_error {
    use pyo3::exceptions::PyKeyError;
    pyo3::create_exception!(
        kpk.syzygy,
        MissingTableError,
        PyKeyError,
        "No table for this material (kpk holds every position of at most three men)."
    );
}

/// Which prober's words and limits an error takes.
#[derive(Clone, Copy)]
enum Flavour {
    Gaviota,
    Syzygy,
}

impl Flavour {
    const fn name(self) -> &'static str {
        match self {
            Flavour::Gaviota => "gaviota",
            Flavour::Syzygy => "syzygy",
        }
    }

    /// The most men python-chess's prober of this kind accepts before it says so with a plain
    /// `KeyError` (fewer, it looks for a table and raises `MissingTableError`).
    const fn max_men(self) -> u32 {
        match self {
            Flavour::Gaviota => 5,
            Flavour::Syzygy => 7,
        }
    }
}

fn fen_of(board: &Bound<'_, PyAny>) -> String {
    board.call_method0("fen").and_then(|f| f.extract::<String>()).unwrap_or_default()
}

/// What a probe finds: a position of the tables, or (Gaviota only) a draw by insufficient
/// material that python-chess's native prober answers before any other check.
enum Found {
    Position(Endgame),
    InsufficientMaterial,
}

/// The position of `board`, or the error python-chess's prober of this kind raises, in its
/// order of checks: Gaviota's native prober answers insufficient material first (0, even
/// with stray castling flags); Syzygy refuses a board of another variant.
fn read(board: &Bound<'_, PyAny>, flavour: Flavour) -> PyResult<Found> {
    let b = board::bitboards(board)?;
    let standard = board::variant(board)? == "chess";
    match flavour {
        Flavour::Gaviota => {
            // python-chess asks the board; for three men of standard chess that is no pawn,
            // rook or queen, read here without a call into Python
            let insufficient = if standard && b.men() <= 3 {
                b.bare_minor()
            } else {
                board.call_method0(intern!(board.py(), "is_insufficient_material"))?.is_truthy()?
            };
            if insufficient {
                return Ok(Found::InsufficientMaterial);
            }
        }
        Flavour::Syzygy if !standard => {
            return Err(PyKeyError::new_err(format!(
                "tablebase has been opened for chess, probed with: {}",
                board::variant(board)?
            )));
        }
        Flavour::Syzygy => {}
    }
    match board::position(&b) {
        Ok(pos) => Ok(Found::Position(pos)),
        Err(e) => Err(error(board, flavour, e)),
    }
}

/// The exception python-chess's prober of this kind raises for `e`.
fn error(board: &Bound<'_, PyAny>, flavour: Flavour, e: BoardError) -> PyErr {
    let name = flavour.name();
    let fen = fen_of(board);
    match e {
        BoardError::Castling => PyKeyError::new_err(format!(
            "{name} tables do not contain positions with castling rights: {fen}"
        )),
        BoardError::TooManyMen(men) if men > flavour.max_men() => PyKeyError::new_err(format!(
            "{name} tables support up to {} pieces, not {men}: {fen}",
            flavour.max_men()
        )),
        BoardError::TooManyMen(men) => {
            let message =
                format!("kpk holds {name}-style tables for at most 3 pieces, not {men}: {fen}");
            match flavour {
                Flavour::Gaviota => gaviota_error::MissingTableError::new_err(message),
                Flavour::Syzygy => syzygy_error::MissingTableError::new_err(message),
            }
        }
        BoardError::Illegal(why) => {
            PyKeyError::new_err(format!("{name} probe failed for {fen}: {why}"))
        }
    }
}

/// The position of a board for the Syzygy prober (which has no early answer).
fn syzygy_position(board: &Bound<'_, PyAny>) -> PyResult<Endgame> {
    match read(board, Flavour::Syzygy)? {
        Found::Position(pos) => Ok(pos),
        // not reached: only the Gaviota reading answers insufficient material early
        Found::InsufficientMaterial => {
            board::position(&board::bitboards(board)?).map_err(|e| error(board, Flavour::Syzygy, e))
        }
    }
}

/// Gaviota's DTM: plies to mate from the side to move, positive when it wins, negative when it
/// loses, 0 for a draw and for a checkmated position.
fn gaviota_dtm(pos: &Endgame) -> i32 {
    dtm::probe(pos).map_or(0, dtm::Dtm::plies)
}

/// `chess.gaviota`'s tablebase for at most three men: `probe_dtm`, `get_dtm`, `probe_wdl`,
/// `get_wdl`, a context manager, `close`. Made by `kpk.gaviota.open_tablebase()`.
#[pyclass(module = "kpk.gaviota", name = "Tablebase", frozen)]
pub struct GaviotaTablebase;

#[pymethods]
impl GaviotaTablebase {
    #[new]
    fn new() -> GaviotaTablebase {
        GaviotaTablebase
    }

    /// Accepted and ignored: the tables are embedded.
    fn add_directory(&self, directory: &Bound<'_, PyAny>) {
        let _ = directory;
    }

    /// Depth to mate in plies, from the side to move: positive when it wins, negative when it
    /// loses, 0 for a draw or a checkmated position (python-chess's convention).
    ///
    /// Raises `KeyError` for castling rights or more than 5 pieces, `MissingTableError` (a
    /// `KeyError`) for 4 or 5, and `KeyError` for an illegal position.
    fn probe_dtm(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        Ok(match read(board, Flavour::Gaviota)? {
            Found::Position(pos) => gaviota_dtm(&pos),
            Found::InsufficientMaterial => 0,
        })
    }

    /// `probe_dtm`, or `default` where it would raise a `KeyError`.
    #[pyo3(signature = (board, default = None))]
    fn get_dtm(&self, board: &Bound<'_, PyAny>, default: Option<Py<PyAny>>) -> PyResult<Py<PyAny>> {
        or_default(board.py(), self.probe_dtm(board), default)
    }

    /// 1 if the side to move wins, 0 for a draw, -1 if it loses (checkmated included).
    fn probe_wdl(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        Ok(match read(board, Flavour::Gaviota)? {
            Found::Position(pos) => dtm::probe(&pos).map_or(0, |d| if d.is_win() { 1 } else { -1 }),
            Found::InsufficientMaterial => 0,
        })
    }

    /// `probe_wdl`, or `default` where it would raise a `KeyError`.
    #[pyo3(signature = (board, default = None))]
    fn get_wdl(&self, board: &Bound<'_, PyAny>, default: Option<Py<PyAny>>) -> PyResult<Py<PyAny>> {
        or_default(board.py(), self.probe_wdl(board), default)
    }

    /// Nothing to close: the tables are part of the module.
    fn close(&self) {}

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, _args: &Bound<'_, pyo3::types::PyTuple>) -> bool {
        false
    }

    fn __repr__(&self) -> &'static str {
        "<kpk.gaviota.Tablebase: every position of at most 3 men, embedded>"
    }
}

/// `chess.syzygy`'s tablebase: `probe_wdl`, `get_wdl`, `probe_dtz`, `get_dtz`, `add_directory`,
/// a context manager, `close`. Made by `kpk.syzygy.open_tablebase()`. Three men come from the
/// embedded tables; more from the Syzygy files of the directories added.
#[pyclass(module = "kpk.syzygy", name = "Tablebase", frozen)]
pub struct SyzygyTablebase {
    /// The files added (`None` until a directory with tables is).
    files: RwLock<Option<Tablebases>>,
}

impl SyzygyTablebase {
    /// `probe` of the files for a board of more than three men, when files were added; `None`
    /// for a board the embedded tables answer (or when there are no files: the embedded
    /// reading then raises python-chess's error).
    fn in_files<T>(
        &self,
        board: &Bound<'_, PyAny>,
        probe: impl FnOnce(&Tablebases, &shakmaty::Chess) -> Result<T, ProbeError>,
    ) -> PyResult<Option<T>> {
        let files = self.files.read().map_err(|_| PyOSError::new_err("tablebase lock poisoned"))?;
        let Some(tables) = files.as_ref() else { return Ok(None) };
        let bitboards = board::bitboards(board)?;
        if bitboards.men() <= 3 || board::variant(board)? != "chess" {
            return Ok(None);
        }
        // from the bitboards (no FEN text); the FEN only for an illegal board's reason
        let ep: Option<u32> = board.getattr(intern!(board.py(), "ep_square"))?.extract()?;
        let pos = match board::to_chess(&bitboards, ep) {
            Some(pos) => pos,
            None => kpk_shakmaty::fen::parse_position(&fen_of(board))
                .map_err(|e| PyKeyError::new_err(format!("syzygy probe failed: {e}")))?,
        };
        let fen = || fen_of(board);
        match probe(tables, &pos) {
            Ok(v) => Ok(Some(v)),
            Err(ProbeError::Castling) => Err(PyKeyError::new_err(format!(
                "syzygy tables do not contain positions with castling rights: {}",
                fen()
            ))),
            Err(e @ (ProbeError::TooManyMen { .. } | ProbeError::MissingTable { .. })) => {
                Err(syzygy_error::MissingTableError::new_err(format!("{e}: {}", fen())))
            }
            Err(e) => Err(PyOSError::new_err(e.to_string())),
        }
    }
}

#[pymethods]
impl SyzygyTablebase {
    /// python-chess's constructor arguments: `max_fds` is ignored; `VariantBoard` must be
    /// `chess.Board` (or `None`): these are standard chess's tables.
    #[new]
    #[pyo3(signature = (*, max_fds = None, VariantBoard = None))]
    #[allow(non_snake_case)] // python-chess's keyword
    fn new(
        py: Python<'_>,
        max_fds: Option<&Bound<'_, PyAny>>,
        VariantBoard: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<SyzygyTablebase> {
        let _ = max_fds;
        if let Some(variant) = VariantBoard {
            let standard = py.import("chess")?.getattr("Board")?;
            if !variant.is(&standard) {
                return Err(PyValueError::new_err(format!(
                    "kpk holds standard chess's tables only, not {}",
                    variant.getattr("uci_variant").map(|v| v.to_string()).unwrap_or_default()
                )));
            }
        }
        Ok(SyzygyTablebase { files: RwLock::new(None) })
    }

    /// Adds the Syzygy files of `directory` (`*.rtbw`, `*.rtbz`) for positions of more than
    /// three men, and returns how many, as python-chess does (0 for a directory with no table).
    /// `load_wdl` and `load_dtz` are accepted; both kinds are always added.
    ///
    /// Raises `OSError` for a directory that cannot be read or a file whose size no table can
    /// have, naming it.
    #[pyo3(signature = (directory, *, load_wdl = true, load_dtz = true))]
    fn add_directory(
        &self,
        directory: &Bound<'_, PyAny>,
        load_wdl: bool,
        load_dtz: bool,
    ) -> PyResult<usize> {
        let _ = (load_wdl, load_dtz);
        let path: std::path::PathBuf =
            directory.call_method0("__fspath__").unwrap_or_else(|_| directory.clone()).extract()?;
        let mut files =
            self.files.write().map_err(|_| PyOSError::new_err("tablebase lock poisoned"))?;
        let tables = files.get_or_insert_with(Tablebases::new);
        match tables.add_directory(&path) {
            Ok(n) => Ok(n),
            Err(OpenError::NoTables { .. }) => Ok(0),
            Err(e) => Err(PyOSError::new_err(e.to_string())),
        }
    }

    /// Adds one Syzygy file (`KQvKR.rtbw` or `KQvKR.rtbz`), as python-chess does: 1 when the
    /// file was added. `load_wdl` and `load_dtz` are accepted.
    ///
    /// Raises `ValueError` for a name that is not a Syzygy table's (python-chess's error), and
    /// `OSError` naming a file that cannot be read or whose size no table can have.
    #[pyo3(signature = (path, *, load_wdl = true, load_dtz = true))]
    fn add_file(&self, path: &Bound<'_, PyAny>, load_wdl: bool, load_dtz: bool) -> PyResult<i32> {
        let _ = (load_wdl, load_dtz);
        let path: std::path::PathBuf =
            path.call_method0("__fspath__").unwrap_or_else(|_| path.clone()).extract()?;
        let mut files =
            self.files.write().map_err(|_| PyOSError::new_err("tablebase lock poisoned"))?;
        let tables = files.get_or_insert_with(Tablebases::new);
        match tables.add_file(&path) {
            Ok(()) => Ok(1),
            Err(e @ OpenError::NotATable { .. }) => Err(PyValueError::new_err(e.to_string())),
            Err(e) => Err(PyOSError::new_err(e.to_string())),
        }
    }

    /// `probe_wdl` of every board of `boards` (any iterable of `chess.Board`) at once: a numpy
    /// `int8` array when numpy is installed, a list otherwise. A board no table holds raises as
    /// `probe_wdl` does, or takes `default` where one is given.
    #[pyo3(signature = (boards, *, default = None))]
    fn probe_wdl_array<'py>(
        &self,
        boards: &Bound<'py, PyAny>,
        default: Option<i32>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let values = each(boards, default, |board| self.probe_wdl(board))?;
        as_array(boards.py(), values, "int8")
    }

    /// `probe_dtz` of every board of `boards` at once: a numpy `int16` array when numpy is
    /// installed, a list otherwise; `default` as for `probe_wdl_array`.
    #[pyo3(signature = (boards, *, default = None))]
    fn probe_dtz_array<'py>(
        &self,
        boards: &Bound<'py, PyAny>,
        default: Option<i32>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let values = each(boards, default, |board| self.probe_dtz(board))?;
        as_array(boards.py(), values, "int16")
    }

    /// WDL under the 50-move rule assuming the clock was just reset, as python-chess's
    /// `probe_wdl`: 2 win, 0 draw, -2 loss (every 3-man win fits the rule from a reset clock,
    /// so 1 and -1 never occur).
    ///
    /// Raises `KeyError` for castling rights or more than 7 pieces, `MissingTableError` (a
    /// `KeyError`) for 4 to 7, and `KeyError` for an illegal position.
    fn probe_wdl(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        if let Some(w) = self.in_files(board, Tablebases::probe_wdl_after_zeroing)? {
            return Ok(w as i32);
        }
        let pos = syzygy_position(board)?;
        Ok(match dtz::probe(&pos).wdl50(0) {
            dtz::Wdl50::Win => 2,
            dtz::Wdl50::CursedWin => 1,
            dtz::Wdl50::Draw => 0,
            dtz::Wdl50::BlessedLoss => -1,
            dtz::Wdl50::Loss => -2,
        })
    }

    /// `probe_wdl`, or `default` where it would raise a `KeyError`.
    #[pyo3(signature = (board, default = None))]
    fn get_wdl(&self, board: &Bound<'_, PyAny>, default: Option<Py<PyAny>>) -> PyResult<Py<PyAny>> {
        or_default(board.py(), self.probe_wdl(board), default)
    }

    /// Distance to zeroing in plies (DTZ50'', never rounded here): positive when the side to
    /// move wins (1: a capture, pawn move or mate wins now), negative when it loses (-1:
    /// checkmated), 0 for a draw; the halfmove clock is not read, as in python-chess.
    fn probe_dtz(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        if let Some(d) = self.in_files(board, Tablebases::probe_dtz)? {
            return Ok(d.ignore_rounding().0);
        }
        Ok(dtz::probe(&syzygy_position(board)?).plies())
    }

    /// `probe_dtz`, or `default` where it would raise a `KeyError`.
    #[pyo3(signature = (board, default = None))]
    fn get_dtz(&self, board: &Bound<'_, PyAny>, default: Option<Py<PyAny>>) -> PyResult<Py<PyAny>> {
        or_default(board.py(), self.probe_dtz(board), default)
    }

    /// Nothing to close: the tables are part of the module.
    fn close(&self) {}

    fn __enter__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    #[pyo3(signature = (*_args))]
    fn __exit__(&self, _args: &Bound<'_, pyo3::types::PyTuple>) -> bool {
        false
    }

    fn __repr__(&self) -> String {
        match self.files.read().ok().and_then(|f| f.as_ref().map(Tablebases::max_men)) {
            Some(max) => format!("<kpk.syzygy.Tablebase: 3 men embedded, up to {max} from files>"),
            None => "<kpk.syzygy.Tablebase: every position of at most 3 men, embedded>".to_string(),
        }
    }
}

/// `probe` of each board, `default` in place of a `KeyError` where one is given.
fn each(
    boards: &Bound<'_, PyAny>,
    default: Option<i32>,
    probe: impl Fn(&Bound<'_, PyAny>) -> PyResult<i32>,
) -> PyResult<Vec<i32>> {
    let py = boards.py();
    let mut values = Vec::new();
    for board in boards.try_iter()? {
        match (probe(&board?), default) {
            (Ok(v), _) => values.push(v),
            (Err(e), Some(d)) if e.is_instance_of::<PyKeyError>(py) => values.push(d),
            (Err(e), _) => return Err(e),
        }
    }
    Ok(values)
}

/// `values` as a numpy array of `dtype`, or as a list where numpy is not installed.
fn as_array<'py>(py: Python<'py>, values: Vec<i32>, dtype: &str) -> PyResult<Bound<'py, PyAny>> {
    let list = pyo3::types::PyList::new(py, values)?;
    match py.import("numpy") {
        Ok(numpy) => numpy.call_method1("array", (list, dtype)),
        Err(_) => Ok(list.into_any()),
    }
}

/// The value, or `default` for a `KeyError` (any other error passes through).
fn or_default(py: Python<'_>, r: PyResult<i32>, default: Option<Py<PyAny>>) -> PyResult<Py<PyAny>> {
    match r {
        Ok(v) => Ok(v.into_pyobject(py)?.into_any().unbind()),
        Err(e) if e.is_instance_of::<PyKeyError>(py) => Ok(default.unwrap_or_else(|| py.None())),
        Err(e) => Err(e),
    }
}
