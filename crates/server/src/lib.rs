#![doc = include_str!("../README.md")]

pub mod api;
mod http;
mod page;

pub use http::{Limits, router, run_until_signal, serve};
