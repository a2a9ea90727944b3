//! The CLI's FEN-to-JSON batch: one JSON answer per input line.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kpk_invariants::cli_probe(data));
