//! The module's exports and imports (see the crate's documentation): two buffers in the
//! module's memory, and the functions that read and fill them.
//!
//! The only unsafe constructs of the crate are here: `#[unsafe(no_mangle)]` gives each export
//! its name (each is unique in the module), and the imports are declared `safe` (they take
//! plain numbers; `emit` only reads the bytes it is pointed at, while the call lasts).
#![allow(unsafe_code)]

use std::cell::RefCell;
use std::time::Duration;

use crate::engine::{Ask, analyse};
use crate::routes::answer;

#[link(wasm_import_module = "kpk")]
unsafe extern "C" {
    /// Milliseconds from a fixed origin: the host's `performance.now()`.
    safe fn now() -> f64;
    /// Hands the host `len` bytes at `ptr`: one line of an analysis.
    safe fn emit(ptr: *const u8, len: usize);
}

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

/// The input buffer made `len` bytes long (zeroed), for the host to write into.
#[unsafe(no_mangle)]
pub extern "C" fn kpk_input(len: usize) -> *mut u8 {
    INPUT.with_borrow_mut(|input| {
        input.clear();
        input.resize(len, 0);
        input.as_mut_ptr()
    })
}

/// Where the last answer's bytes start.
#[unsafe(no_mangle)]
pub extern "C" fn kpk_output() -> *const u8 {
    OUTPUT.with_borrow(Vec::as_ptr)
}

/// How many bytes the last answer has.
#[unsafe(no_mangle)]
pub extern "C" fn kpk_output_len() -> usize {
    OUTPUT.with_borrow(Vec::len)
}

/// The input as text (invalid UTF-8 replaced, so that the error names what it saw).
fn input_text() -> String {
    INPUT.with_borrow(|input| String::from_utf8_lossy(input).into_owned())
}

/// Answers the request `name\ninput` in the input buffer; the JSON goes to the output buffer.
#[unsafe(no_mangle)]
pub extern "C" fn kpk_answer() -> u32 {
    let text = input_text();
    let (route, input) = text.split_once('\n').unwrap_or((text.as_str(), ""));
    let reply = answer(route, input);
    OUTPUT.set(reply.json);
    u32::from(reply.status)
}

/// Analyses the FEN in the input buffer with `lines` lines per depth, for at most `movetime_ms`
/// milliseconds and `depth` iterations (0: no such limit).
#[unsafe(no_mangle)]
pub extern "C" fn kpk_analyse(lines: u32, movetime_ms: u32, depth: u32) -> u32 {
    kpk_search::set_host_clock(|| now());
    let ask = Ask {
        lines: u8::try_from(lines).unwrap_or(u8::MAX),
        time: (movetime_ms > 0).then(|| Duration::from_millis(u64::from(movetime_ms))),
        depth: (depth > 0).then(|| u8::try_from(depth).unwrap_or(u8::MAX)),
    };
    let (status, json) =
        match analyse(&input_text(), ask, &mut |line| emit(line.as_ptr(), line.len())) {
            Ok(last) => (200, last),
            Err(e) => (e.status, serde_json::to_vec(&e.to_json()).unwrap_or_default()),
        };
    OUTPUT.set(json);
    u32::from(status)
}

/// Starts reading a UCI engine's analysis: the input buffer holds the FEN, a newline and the
/// engine's name.
#[unsafe(no_mangle)]
pub extern "C" fn kpk_uci_start() -> u32 {
    let text = input_text();
    let (fen, name) = text.split_once('\n').unwrap_or((text.as_str(), ""));
    match crate::uci::start(fen, name) {
        Ok(()) => {
            OUTPUT.set(b"{}".to_vec());
            200
        }
        Err(e) => {
            OUTPUT.set(serde_json::to_vec(&e.to_json()).unwrap_or_default());
            u32::from(e.status)
        }
    }
}

/// Reads the line of the engine's output in the input buffer: 200 with the stream's line in
/// the output, 204 where it is none; 409 where no reader was started (a fresh instance).
#[unsafe(no_mangle)]
pub extern "C" fn kpk_uci_read() -> u32 {
    if !crate::uci::started() {
        OUTPUT.set(
            br#"{"error":"no engine's analysis is being read: start a reader first"}"#.to_vec(),
        );
        return 409;
    }
    match crate::uci::read(&input_text()) {
        Some(json) => {
            OUTPUT.set(json);
            200
        }
        None => {
            OUTPUT.set(Vec::new());
            204
        }
    }
}
