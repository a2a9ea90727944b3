#![doc = include_str!("../README.md")]

pub mod bridge;
pub mod explain;
pub mod fen;
pub mod line;
pub mod mainline;
pub mod map;
pub mod probe;
pub mod report;
