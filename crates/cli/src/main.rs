//! The `kpk` command (a thin layer over the `kpk_cli` library): probe positions of at most three men (win, draw or loss and the exact
//! distance to mate), play the optimal line, show pictures, count endings, write and measure
//! the KPK bitbase.
//!
//! The answering subcommands (`probe`, `line`, `explain`, `stats`, `rules`, `bench`) print text
//! for people by default and one JSON object per line with `--json`. Errors go to standard
//! error as one line, `error: ...`, and the exit code is non-zero.

use std::io::Write as _;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use kpk_cli::bench::{self, conversion};
use kpk_cli::{explain, generate, line, probe, rules, show, stats};

/// Exact King+Pawn vs King endgame knowledge.
#[derive(Parser)]
#[command(name = "kpk", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Win, draw or loss and distance to mate for every FEN given (or one per line on standard
    /// input), with the outcome of every legal move, best first.
    Probe {
        /// One JSON object per position.
        #[arg(long)]
        json: bool,
        /// Which knowledge answers: the tables (exact, with distance to mate), the rule-based
        /// classifier, or the sound recognizer (which may answer "unknown").
        #[arg(long, value_parser = probe::method_parser(), default_value = "bitbase")]
        method: kpk_answers::probe::Method,
        /// A directory of Syzygy tables (`*.rtbw`, `*.rtbz`) answering positions of more than
        /// three men; may be given more than once.
        #[arg(long = "syzygy", value_name = "DIR")]
        syzygy: Vec<std::path::PathBuf>,
        /// Positions in FEN; read from standard input, one per line, when none are given.
        fens: Vec<String>,
    },
    /// The optimal line to mate (SAN and UCI), or the statement that the position is drawn.
    Line {
        /// One JSON object.
        #[arg(long)]
        json: bool,
        /// The position in FEN.
        fen: String,
    },
    /// The verdict of a position and why, in chess words: the rule that decides it, the key
    /// squares, the square of the pawn, and the first move of the plan.
    Explain {
        /// One JSON object.
        #[arg(long)]
        json: bool,
        /// Also the deciding rule's full conditions and the proof's lines and tries.
        #[arg(long)]
        verbose: bool,
        /// The position in FEN; read from standard input, one per line, when none is given.
        fen: Option<String>,
    },
    /// The board, and for KPK a map of every square of the defending king marked win or draw.
    Show {
        /// Also write the picture as an SVG file.
        #[arg(long)]
        svg: Option<std::path::PathBuf>,
        /// The position in FEN.
        fen: String,
    },
    /// Legal positions, wins, draws, checkmates, stalemates and the longest mate of every
    /// ending of at most three men.
    Stats {
        /// One JSON object per ending and side to move.
        #[arg(long)]
        json: bool,
    },
    /// Every recognizer of the literature (drawn and won patterns, the rule of the square, key
    /// squares, rook-pawn draws), literal and corrected, with the positions it decides and its
    /// errors over every legal KPK position.
    Rules {
        /// One JSON object per rule.
        #[arg(long)]
        json: bool,
    },
    /// Serve the tables over HTTP on this machine until Ctrl-C: the lichess tablebase API's
    /// `/standard`, the KPK map and line, and an interactive explorer page at `/`.
    Serve {
        /// The address to listen on (port 0: any free port; the URL is printed).
        #[arg(long, default_value = "127.0.0.1:8080")]
        addr: String,
        /// A directory of Syzygy tables (`*.rtbw`, `*.rtbz`) answering positions of more than
        /// three men; may be given more than once.
        #[arg(long = "syzygy", value_name = "DIR")]
        syzygy: Vec<std::path::PathBuf>,
        /// MiB of answers kept to answer a position asked again without probing (0: none).
        #[arg(long, value_name = "MIB", default_value_t = 16, value_parser = clap::value_parser!(u16))]
        cache_mib: u16,
        /// Engine analyses one client may run at once (one per open tab of the page; a tab
        /// beyond them is told so), and searches enough for them.
        #[arg(long, value_name = "N", default_value_t = kpk_server::EngineLimits::ANALYSES,
              value_parser = clap::value_parser!(u16).range(1..=64))]
        analyses: u16,
        /// A UCI engine to analyse beyond the tables in place of the project's own (such as
        /// `$(command -v stockfish)`); started once to check that it speaks UCI.
        #[arg(long, value_name = "PATH")]
        engine: Option<std::path::PathBuf>,
        /// An option of that engine, set before each analysis (`Threads=2`, `Hash=64`); may be
        /// given more than once.
        #[arg(long = "engine-option", value_name = "NAME=VALUE", requires = "engine", value_parser = engine_option)]
        engine_options: Vec<(String, String)>,
    },
    /// Write the static site's page to standard output (for `tools/site`): the page `kpk serve`
    /// sends, without a position's first paint, told to answer in the browser with the
    /// WebAssembly module; or, with --asset, its script or style as kpk serve sends them.
    SitePage {
        /// Write this asset of the page instead (`page.js` or `page.css`).
        #[arg(long, value_name = "NAME", conflicts_with = "modules")]
        asset: Option<String>,
        /// The site's scripts (paths in the site, as `kpk/index.js`), preloaded by the page.
        modules: Vec<String>,
        /// Offer Stockfish's WebAssembly build, whose worker script is at this path in the site.
        #[arg(long, value_name = "PATH", conflicts_with = "asset")]
        stockfish: Option<String>,
    },
    /// Run as a UCI chess engine on standard input and output (for a chess GUI): alpha-beta
    /// with a transposition table and the endgame knowledge of this project.
    Uci,
    /// Write the bitbase to a file in a documented layout.
    Generate {
        /// The file to write.
        #[arg(long)]
        out: std::path::PathBuf,
        /// Binary file with header and checksum, Rust source or a C header.
        #[arg(long, value_enum, default_value_t = generate::Format::Bin)]
        format: generate::Format,
    },
    /// Measure generation time, probe time and table size on this machine; with `conversion`,
    /// play the engine against a perfect defender from every won KPK position.
    Bench {
        /// What to measure.
        #[arg(value_enum, default_value_t = Benchmark::Tables)]
        what: Benchmark,
        /// One JSON object (per evaluation, for `conversion`).
        #[arg(long)]
        json: bool,
        /// `conversion`: the engine's search depth in plies (1 to 6).
        #[arg(long, default_value_t = 6)]
        depth: u8,
        /// `conversion`: play from every N-th won position only (1: all of them).
        #[arg(long, default_value_t = 1)]
        every: usize,
        /// `conversion`: the evaluations to play with, comma-separated (`rules` uses no table).
        #[arg(long, value_enum, value_delimiter = ',', default_value = "progress,pawn-rank")]
        evaluation: Vec<conversion::Evaluation>,
    },
}

/// The measurements of `kpk bench`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Benchmark {
    /// Generation, probes and sizes of the tables.
    Tables,
    /// The engine converting won KPK positions against the DTM tables.
    Conversion,
}

/// `kpk serve`: prints the URL as soon as the port is bound, and a last line when stopped.
fn serve(
    addr: &str,
    syzygy: &[std::path::PathBuf],
    cache_mib: u16,
    analyses: u16,
    engine: Option<(std::path::PathBuf, Vec<(String, String)>)>,
) -> Result<ExitCode, String> {
    let tables = kpk_cli::tablebases(syzygy)?;
    // the operator's engine, checked before the server starts: a wrong path fails here
    let uci = match engine {
        Some((path, options)) => {
            let program = kpk_server::UciProgram::check_blocking(&path, options)?;
            kpk_cli::emit(&format!(
                "kpk serve: the engine beyond the tables is {}\n",
                program.name
            ))?;
            Some(std::sync::Arc::new(program))
        }
        None => None,
    };
    let limits = kpk_server::Limits {
        cache_bytes: usize::from(cache_mib) << 20,
        engine: kpk_server::EngineLimits::per_client(usize::from(analyses)),
        uci,
        ..Default::default()
    };
    kpk_server::run_until_signal(addr, limits, tables, |local| {
        let _ = kpk_cli::emit(&format!("kpk serve: listening on http://{local}/ (Ctrl-C stops)\n"));
    })?;
    kpk_cli::emit("kpk serve: stopped\n")?;
    Ok(ExitCode::SUCCESS)
}

/// `NAME=VALUE` of `--engine-option`, split at its first `=`.
fn engine_option(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((name, value)) if !name.trim().is_empty() => {
            Ok((name.trim().to_string(), value.trim().to_string()))
        }
        _ => Err(format!("{text:?} is not NAME=VALUE (such as Threads=2)")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Probe { json, method, syzygy, fens } => probe::run(&fens, json, method, &syzygy),
        Command::Line { json, fen } => line::run(&fen, json),
        Command::Show { svg, fen } => show::run(&fen, svg.as_deref()),
        Command::Explain { json, verbose, fen } => explain::run(fen.as_deref(), json, verbose),
        Command::Stats { json } => stats::run(json),
        Command::Rules { json } => rules::run(json),
        Command::Serve { addr, syzygy, cache_mib, analyses, engine, engine_options } => {
            let engine = engine.map(|path| (path, engine_options));
            serve(&addr, &syzygy, cache_mib, analyses, engine)
        }
        Command::SitePage { asset: Some(name), .. } => kpk_server::site_asset(&name)
            .ok_or_else(|| format!("no asset {name:?}: the page has page.js and page.css"))
            .and_then(kpk_cli::emit)
            .map(|()| ExitCode::SUCCESS),
        Command::SitePage { asset: None, modules, stockfish } => {
            kpk_server::site_page(&modules, stockfish.as_deref())
                .map_err(|e| format!("the site's page: {e}"))
                .and_then(|page| kpk_cli::emit(&page))
                .map(|()| ExitCode::SUCCESS)
        }
        Command::Uci => kpk_search::uci::Engine::new()
            .run(std::io::stdin().lock(), std::io::stdout())
            .map(|()| ExitCode::SUCCESS)
            .map_err(|e| format!("cannot read standard input: {e}")),
        Command::Generate { out, format } => generate::run(&out, format),
        Command::Bench { what: Benchmark::Tables, json, .. } => bench::tables::run(json),
        Command::Bench { what: Benchmark::Conversion, json, depth, every, evaluation } => {
            conversion::run(json, depth, every, &evaluation)
        }
    };
    match result {
        Ok(code) => code,
        Err(message) => {
            let _ = writeln!(std::io::stderr().lock(), "error: {message}");
            ExitCode::FAILURE
        }
    }
}
