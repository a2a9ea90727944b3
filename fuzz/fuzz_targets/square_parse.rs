//! Square names and indices.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kpk_invariants::square_parse(data));
