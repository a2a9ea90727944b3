//! The drop-in probers: python-chess's `chess.gaviota` and `chess.syzygy` tablebase objects for
//! positions of at most three men, with their conventions and exceptions, answered from the
//! embedded tables (no file is read).

use kpk::dtz;
use kpk::{Endgame, dtm};
use pyo3::exceptions::PyKeyError;
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

/// The position of `board`, or the error python-chess's prober of this kind raises.
fn read(board: &Bound<'_, PyAny>, flavour: Flavour) -> PyResult<(Endgame, u32)> {
    match board::read(board)? {
        Ok(found) => Ok(found),
        Err(e) => {
            let name = flavour.name();
            let fen = fen_of(board);
            Err(match e {
                BoardError::Castling => PyKeyError::new_err(format!(
                    "{name} tables do not contain positions with castling rights: {fen}"
                )),
                BoardError::TooManyMen(men) if men > flavour.max_men() => {
                    PyKeyError::new_err(format!(
                        "{name} tables support up to {} pieces, not {men}: {fen}",
                        flavour.max_men()
                    ))
                }
                BoardError::TooManyMen(men) => {
                    let message = format!(
                        "kpk holds {name}-style tables for at most 3 pieces, not {men}: {fen}"
                    );
                    match flavour {
                        Flavour::Gaviota => gaviota_error::MissingTableError::new_err(message),
                        Flavour::Syzygy => syzygy_error::MissingTableError::new_err(message),
                    }
                }
                BoardError::Illegal(why) => {
                    PyKeyError::new_err(format!("{name} probe failed for {fen}: {why}"))
                }
            })
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
    fn add_directory(&self, _directory: &Bound<'_, PyAny>) {}

    /// Depth to mate in plies, from the side to move: positive when it wins, negative when it
    /// loses, 0 for a draw or a checkmated position (python-chess's convention).
    ///
    /// Raises `KeyError` for castling rights or more than 5 pieces, `MissingTableError` (a
    /// `KeyError`) for 4 or 5, and `KeyError` for an illegal position.
    fn probe_dtm(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        let (pos, _) = read(board, Flavour::Gaviota)?;
        Ok(gaviota_dtm(&pos))
    }

    /// `probe_dtm`, or `default` where it would raise a `KeyError`.
    #[pyo3(signature = (board, default = None))]
    fn get_dtm(&self, board: &Bound<'_, PyAny>, default: Option<Py<PyAny>>) -> PyResult<Py<PyAny>> {
        or_default(board.py(), self.probe_dtm(board), default)
    }

    /// 1 if the side to move wins, 0 for a draw, -1 if it loses (checkmated included).
    fn probe_wdl(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        let (pos, _) = read(board, Flavour::Gaviota)?;
        Ok(dtm::probe(&pos).map_or(0, |d| if d.is_win() { 1 } else { -1 }))
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

/// `chess.syzygy`'s tablebase for at most three men: `probe_wdl`, `get_wdl`, `probe_dtz`,
/// `get_dtz`, a context manager, `close`. Made by `kpk.syzygy.open_tablebase()`.
#[pyclass(module = "kpk.syzygy", name = "Tablebase", frozen)]
pub struct SyzygyTablebase;

#[pymethods]
impl SyzygyTablebase {
    #[new]
    fn new() -> SyzygyTablebase {
        SyzygyTablebase
    }

    /// Accepted and ignored: the tables are embedded. Returns 0 (no file was added).
    #[pyo3(signature = (_directory, *, load_wdl = true, load_dtz = true))]
    fn add_directory(&self, _directory: &Bound<'_, PyAny>, load_wdl: bool, load_dtz: bool) -> i32 {
        let _ = (load_wdl, load_dtz);
        0
    }

    /// WDL under the 50-move rule assuming the clock was just reset, as python-chess's
    /// `probe_wdl`: 2 win, 0 draw, -2 loss (every 3-man win fits the rule from a reset clock,
    /// so 1 and -1 never occur).
    ///
    /// Raises `KeyError` for castling rights or more than 7 pieces, `MissingTableError` (a
    /// `KeyError`) for 4 to 7, and `KeyError` for an illegal position.
    fn probe_wdl(&self, board: &Bound<'_, PyAny>) -> PyResult<i32> {
        let (pos, _) = read(board, Flavour::Syzygy)?;
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
        let (pos, _) = read(board, Flavour::Syzygy)?;
        Ok(dtz::probe(&pos).plies())
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

    fn __repr__(&self) -> &'static str {
        "<kpk.syzygy.Tablebase: every position of at most 3 men, embedded>"
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
