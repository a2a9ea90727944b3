//! `kpk generate`: the bitbase as a binary file, Rust source or a C header.

use std::path::Path;
use std::process::ExitCode;

use kpk::bitbase::{Bitbase, format};

use crate::Format;

/// Writes the embedded table to `out` in `fmt`.
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
    std::fs::write(out, &bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    eprintln!("wrote {} bytes to {}", bytes.len(), out.display());
    Ok(ExitCode::SUCCESS)
}
