//! `kpk generate`: the bitbase as a binary file, Rust source or a C header.

use std::io::Write as _;
use std::path::Path;
use std::process::ExitCode;

use clap::ValueEnum;
use kpk::bitbase::{Bitbase, format};

use crate::write_atomically;

/// Output formats of `kpk generate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The binary file format of `kpk::bitbase::format`.
    Bin,
    /// A Rust `static` and a probe function.
    Rust,
    /// A C header with an array and a probe function.
    C,
}

/// Writes the embedded table to `out` in `fmt`, atomically.
///
/// # Errors
/// A message naming the file when it cannot be written.
pub fn run(out: &Path, fmt: Format) -> Result<ExitCode, String> {
    let table = Bitbase::embedded();
    let bytes = match fmt {
        Format::Bin => format::encode(table).to_vec(),
        Format::Rust => {
            let mut s = String::new();
            format::write_rust(table, &mut s).map_err(|e| e.to_string())?;
            s.into_bytes()
        }
        Format::C => {
            let mut s = String::new();
            format::write_c(table, &mut s).map_err(|e| e.to_string())?;
            s.into_bytes()
        }
    };
    write_atomically(out, &bytes)?;
    let _ = writeln!(std::io::stderr(), "wrote {} bytes to {}", bytes.len(), out.display());
    Ok(ExitCode::SUCCESS)
}
