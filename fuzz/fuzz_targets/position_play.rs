//! Setups, checked play and the DTM Bellman condition.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kpk_invariants::position_play(data));
