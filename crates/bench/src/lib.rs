//! The criterion benchmarks of the `kpk` tables live in `benches/`; this library is empty.
//! Run them with `cargo bench -p kpk-bench`.
