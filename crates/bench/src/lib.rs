#![doc = include_str!("../README.md")]

pub mod conversion;
pub mod probe;
pub mod random;
