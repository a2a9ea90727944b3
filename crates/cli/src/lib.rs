//! The library behind the `kpk` command: each subcommand as a function that returns its output
//! or an error message, so the binary stays thin and tests and fuzz targets drive the same code.
//!
//! Output is written through [`emit`], which reports a closed or full standard output as an
//! error (one `error:` line and a non-zero exit) instead of panicking; files are written
//! through [`write_atomically`], which never leaves a half-written file in place of a good one.

use std::io::{self, Write};
use std::path::Path;

/// `writeln!` into a `String`, which cannot fail.
macro_rules! outln {
    ($dst:expr) => {
        $dst.push('\n')
    };
    ($dst:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($dst, $($arg)*);
    }};
}

/// `write!` into a `String`, which cannot fail.
macro_rules! out {
    ($dst:expr, $($arg:tt)*) => {{
        use std::fmt::Write as _;
        let _ = write!($dst, $($arg)*);
    }};
}

pub mod bench;
pub mod explain;
pub use kpk_shakmaty::fen;
pub mod generate;
pub mod line;
pub mod probe;
pub mod rules;
pub mod show;
pub mod stats;

/// The embedded tables with the Syzygy tables of every directory in `dirs` added.
///
/// # Errors
/// A message naming the directory or the file when a directory cannot be read, holds no table,
/// or holds a damaged file.
pub fn tablebases(dirs: &[std::path::PathBuf]) -> Result<kpk_syzygy::Tablebases, String> {
    let mut tables = kpk_syzygy::Tablebases::new();
    for dir in dirs {
        tables.add_directory(dir).map_err(|e| e.to_string())?;
    }
    Ok(tables)
}

/// The message of a failed write to standard output.
#[must_use]
pub fn output_error(e: &io::Error) -> String {
    format!("cannot write output: {e}")
}

/// Writes `text` to standard output and flushes it.
///
/// # Errors
/// A message naming the failure when standard output is closed or full.
pub fn emit(text: &str) -> Result<(), String> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).map_err(|e| output_error(&e))
}

/// Writes `bytes` to `path` through a temporary file beside it, renamed over `path` only once
/// every byte is written and synced: a full disk or any other failure leaves an existing file
/// as it was.
///
/// # Errors
/// A message naming the path and the failure.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let fail = |e: io::Error| format!("cannot write {}: {e}", path.display());
    let name = path
        .file_name()
        .ok_or_else(|| format!("cannot write {}: not a file name", path.display()))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(format!(".{}.tmp", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let written = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    Ok(())
}
