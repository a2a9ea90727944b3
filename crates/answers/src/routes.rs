//! The routes of `kpk serve` that answer a position, declared once: the server's router takes
//! their paths from here, and the page takes them (with the name the WebAssembly module answers
//! each by) from the TypeScript module generated from this list
//! ([`crate::typescript::routes`], `crates/server/web/src/routes.ts`).
//!
//! ```
//! use kpk_answers::routes;
//! assert_eq!(routes::VIEW.path, "/view");
//! assert_eq!(routes::VIEW.module, Some("view"));
//! assert!(routes::ALL.iter().any(|r| r.path == "/standard"));
//! ```

/// A route: its path, and the name of the same answer in the WebAssembly module (`None` where
/// the module answers otherwise: the engine runs in a Web Worker).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    /// The key the page names the route by (`view`, `map`, ...).
    pub key: &'static str,
    /// The route's path in `kpk serve` (`/view`).
    pub path: &'static str,
    /// The module's name for the same answer (`Kpk.json(name, fen)`), where it has one.
    pub module: Option<&'static str>,
}

/// The lichess tablebase API's answer (`/standard?fen=`).
pub const STANDARD: Route = Route { key: "standard", path: "/standard", module: Some("standard") };
/// Its mainline (`/standard/mainline?fen=`).
pub const MAINLINE: Route =
    Route { key: "mainline", path: "/standard/mainline", module: Some("mainline") };
/// The defending king's map and the KPK lesson (`/kpk/map?fen=`).
pub const MAP: Route = Route { key: "map", path: "/kpk/map", module: Some("map") };
/// The optimal line under the 50-move rule (`/kpk/line?fen=`).
pub const LINE: Route = Route { key: "line", path: "/kpk/line", module: Some("line") };
/// The analysis board's view of a position (`/view?fen=`).
pub const VIEW: Route = Route { key: "view", path: "/view", module: Some("view") };
/// The engine's analysis, streamed (`/engine?fen=&multipv=`).
pub const ENGINE: Route = Route { key: "engine", path: "/engine", module: None };

/// Every route that answers a position.
pub const ALL: [Route; 6] = [STANDARD, MAINLINE, MAP, LINE, VIEW, ENGINE];
