//! The `kpk` command: probe King+Pawn vs King positions, write the bitbase, measure it.
//!
//! Every subcommand prints text for people by default and one JSON object per line with
//! `--json`. Errors go to standard error as one line, `error: ...`, and the exit code is
//! non-zero.

mod bench;
mod generate;
mod material;
mod probe;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

/// Exact King+Pawn vs King endgame knowledge.
#[derive(Parser)]
#[command(name = "kpk", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Win, draw or loss for every FEN given (or one per line on standard input), with the
    /// outcome of every legal move.
    Probe {
        /// One JSON object per position.
        #[arg(long)]
        json: bool,
        /// Positions in FEN; read from standard input, one per line, when none are given.
        fens: Vec<String>,
    },
    /// Write the bitbase to a file in a documented layout.
    Generate {
        /// The file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Binary file with header and checksum, Rust source or a C header.
        #[arg(long, value_enum, default_value_t = Format::Bin)]
        format: Format,
    },
    /// Measure generation time, probe time and table size on this machine.
    Bench {
        /// One JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// Output formats of `kpk generate`.
#[derive(Clone, Copy, ValueEnum)]
enum Format {
    /// The binary file format of `kpk::bitbase::format`.
    Bin,
    /// A Rust `static` and a probe function.
    Rust,
    /// A C header with an array and a probe function.
    C,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Probe { json, fens } => probe::run(&fens, json),
        Command::Generate { out, format } => generate::run(&out, format),
        Command::Bench { json } => bench::run(json),
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
