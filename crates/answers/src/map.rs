//! The defending king's map of a KPK position: every square marked won or drawn.

use kpk::{Color, Square};
use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::explain::Explanation;
use kpk_shakmaty::fen::ParsedFen;

/// For every square from a1 to h8, whether the side with the pawn wins with the defending king
/// there (`Some(true)`), draws (`Some(false)`), or the king cannot stand there (`None`).
/// Serialised as an object from `"a1"` to `"h8"` with `"win"`, `"draw"` or `null`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Squares(pub [Option<bool>; 64]);

impl ts_rs::TS for Squares {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    /// An object from `"a1"` to `"h8"`.
    fn name(_: &ts_rs::Config) -> String {
        r#"Record<string, "win" | "draw" | null>"#.to_owned()
    }
    fn inline(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }
}

impl Serialize for Squares {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(64))?;
        for (sq, mark) in Square::ALL.iter().zip(self.0) {
            map.serialize_entry(
                &sq.to_string(),
                &mark.map(|wins| if wins { "win" } else { "draw" }),
            )?;
        }
        map.end()
    }
}

/// The map of a KPK position with the explanation of the position itself.
///
/// ```
/// use kpk_answers::map::DefenderMap;
/// let fen = "4k3/8/4K3/4P3/8/8/8/8 b - - 0 1";
/// let p = kpk_shakmaty::fen::parse(fen).unwrap();
/// let map = DefenderMap::of(fen, &p).unwrap();
/// let json = serde_json::to_value(&map).unwrap();
/// assert_eq!(json["squares"]["e8"], "win");
/// assert_eq!(json["squares"]["e5"], serde_json::Value::Null);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, ts_rs::TS)]
pub struct DefenderMap {
    /// The FEN asked, trimmed.
    pub fen: String,
    /// The side with the pawn.
    pub strong_side: String,
    /// The side to move.
    pub side_to_move: String,
    /// The defending king's squares.
    pub squares: Squares,
    /// Why the position itself is won or drawn.
    pub explanation: Explanation,
}

impl DefenderMap {
    /// The map of the position `parsed`, asked as `fen`; `None` unless it is a KPK position.
    #[must_use]
    pub fn of(fen: &str, parsed: &ParsedFen) -> Option<DefenderMap> {
        let kpk = &parsed.position.as_kpk()?;
        let name = |c: Color| c.to_string();
        Some(DefenderMap {
            fen: fen.trim().to_string(),
            strong_side: name(kpk.strong_side()),
            side_to_move: name(kpk.side_to_move()),
            squares: Squares(kpk::bitbase::defender_map(kpk)),
            explanation: Explanation::of(fen, parsed),
        })
    }
}
