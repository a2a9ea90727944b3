#![doc = include_str!("../README.md")]

pub mod analysis;
pub mod api;
pub mod batch;
pub mod category;
pub mod explain;
pub mod fifty;
pub mod files;
pub mod lesson;
pub mod line;
pub mod mainline;
pub mod map;
pub mod notation;
mod order;
pub mod outcome;
pub mod plan;
pub mod probe;
pub mod report;
pub mod routes;
pub mod score;
pub mod ts_names;
pub mod typescript;
pub mod uci_info;
pub mod view;
pub mod words;
