//! `kpk bench`: what the tables cost on this machine and how the engine converts won KPK
//! positions, with the timed loops and inputs the criterion benchmarks share.
//!
//! | module | holds |
//! |---|---|
//! | [`tables`] | `kpk bench tables`: generation, probe times and sizes of the bitbase and the DTM and DTZ tables |
//! | [`loops`] | the probe loops (throughput, latency, the inputs read without probing) and their inputs |
//! | [`games`] | the engine against a perfect defender from won KPK positions, memoised along shared paths |
//! | [`conversion`] | `kpk bench conversion`: [`games`] run and reported |

pub mod conversion;
pub mod games;
pub mod loops;
pub mod tables;
