//! The raw bitbase probe and DTM arithmetic on arbitrary input.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kpk_invariants::raw_probe(data));
