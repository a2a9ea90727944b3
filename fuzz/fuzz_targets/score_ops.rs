//! Score operations: the invariant, TT round trips and the bound-aware guard, packing, grain, IBV, delayed loss.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| kpk_invariants::score_ops(data));
