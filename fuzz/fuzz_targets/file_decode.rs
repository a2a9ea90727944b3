//! The bitbase file format.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kpk_invariants::file_decode(data));
