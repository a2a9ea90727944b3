//! UCI score text: parsing never panics and round-trips.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kpk_invariants::score_uci(data));
