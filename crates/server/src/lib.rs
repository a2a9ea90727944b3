#![doc = include_str!("../README.md")]

mod cache;
mod engine;
mod http;
mod page;
mod uci_host;

pub use engine::{ClientAddr, EngineLimits, MAX_LINES};
pub use http::{Limits, router, router_with, run_until_signal, serve, serve_with};
pub use page::{site_asset, site_page};
pub use uci_host::{HANDSHAKE, MAX_LINE, UciProgram};
