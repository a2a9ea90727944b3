#![doc = include_str!("../README.md")]

mod cache;
mod engine;
mod http;
mod page;

pub use engine::{ClientAddr, EngineLimits, MAX_LINES};
pub use http::{Limits, router, router_with, run_until_signal, serve, serve_with};
pub use page::{site_asset, site_page};
