#![doc = include_str!("../README.md")]

pub mod api;
mod cache;
mod http;
mod page;

pub use http::{Limits, router, router_with, run_until_signal, serve, serve_with};
