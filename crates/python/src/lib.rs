//! Python bindings of `kpk` and `kpk-answers`: the compiled module `kpk._kpk` behind the Python
//! package `kpk` (see `python/kpk` and the README). The tables are embedded: nothing is read
//! from disk.

mod board;
mod extras;
mod json;
mod tablebases;

use pyo3::prelude::*;

/// The compiled part of the `kpk` package: the drop-in probers and the functions the package
/// re-exports.
#[pymodule]
fn _kpk(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    // both classes are named `Tablebase` (in `kpk.gaviota` and `kpk.syzygy`, as in
    // python-chess): here they need distinct names
    m.add("GaviotaTablebase", py.get_type::<tablebases::GaviotaTablebase>())?;
    m.add("SyzygyTablebase", py.get_type::<tablebases::SyzygyTablebase>())?;
    let gaviota_missing = py.get_type::<tablebases::gaviota_error::MissingTableError>();
    m.add("GaviotaMissingTableError", gaviota_missing)?;
    let syzygy_missing = py.get_type::<tablebases::syzygy_error::MissingTableError>();
    m.add("SyzygyMissingTableError", syzygy_missing)?;
    for f in [
        wrap_pyfunction!(extras::probe, m)?,
        wrap_pyfunction!(extras::best_moves, m)?,
        wrap_pyfunction!(extras::optimal_line, m)?,
        wrap_pyfunction!(extras::classify, m)?,
        wrap_pyfunction!(extras::recognize, m)?,
        wrap_pyfunction!(extras::explain, m)?,
        wrap_pyfunction!(extras::plan, m)?,
        wrap_pyfunction!(extras::judge, m)?,
        wrap_pyfunction!(extras::rules_report, m)?,
        wrap_pyfunction!(extras::probe_squares, m)?,
        wrap_pyfunction!(extras::probe_squares_bytes, m)?,
        wrap_pyfunction!(extras::probe_dtm_many, m)?,
        wrap_pyfunction!(extras::probe_dtz_many, m)?,
    ] {
        m.add_function(f)?;
    }
    Ok(())
}
