#![doc = include_str!("../README.md")]

pub mod api;
pub mod fen;
mod http;
mod page;

pub use http::{Limits, router, run_until_signal, serve};
