//! kpk in WebAssembly: the answers of `kpk serve` and the CLI ([`routes`]) and the engine
//! ([`engine`]) for a web page, a worker or node, with nothing else to install. The npm
//! package (`npm/` in the repository) is the JavaScript side; what crosses between the two is
//! text, the same JSON the server sends.
//!
//! ## The module's interface (`wasm32-unknown-unknown`)
//!
//! Text goes in through one buffer and comes out through another, in the module's memory:
//!
//! - `kpk_input(len) -> ptr`: makes the input buffer `len` bytes long; the host writes the
//!   request there (UTF-8).
//! - `kpk_answer() -> status`: answers the request `name\ninput` ([`routes::answer`]).
//! - `kpk_analyse(lines, movetime_ms, depth) -> status`: analyses the FEN in the input buffer
//!   ([`engine::analyse`]; 0 for no time or depth limit), each iteration's line handed to the
//!   imported `kpk.emit(ptr, len)` as it completes.
//! - `kpk_uci_start() -> status`: starts reading a UCI engine's analysis of `fen\nname` in the
//!   input buffer ([`uci::start`]): 200, or 400 with the FEN's error in the output.
//! - `kpk_uci_read() -> status`: one line of that engine's output in the input buffer
//!   ([`uci::read`]): 200 with the stream's JSON line in the output, 204 for none, 409 where no
//!   reader was started.
//! - `kpk_output() -> ptr`, `kpk_output_len() -> len`: the answer's JSON (or the last line).
//!
//! It imports `kpk.now() -> f64` (milliseconds: `performance.now()`) for the engine's clock and
//! `kpk.emit(ptr, len)`.

pub mod engine;
pub mod routes;
pub mod uci;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod exports;
