//! The `serde` feature: the vocabulary serialises as the JSON answers write it (names as
//! lower-case strings, squares and moves in their notation, distances as signed plies).
//!
//! ```
//! use kpk::{Color, Move, Square, Wdl, dtm::Dtm, dtz::Dtz};
//! assert_eq!(serde_json::to_string(&Wdl::Win).unwrap(), r#""win""#);
//! assert_eq!(serde_json::to_string(&Color::Black).unwrap(), r#""black""#);
//! assert_eq!(serde_json::to_string(&Square::E4).unwrap(), r#""e4""#);
//! let mv = Move { from: Square::E7, to: Square::E8, promotion: Some(kpk::Role::Queen) };
//! assert_eq!(serde_json::to_string(&mv).unwrap(), r#""e7e8q""#);
//! assert_eq!(serde_json::to_string(&Dtm::new(-4)).unwrap(), "-4");
//! assert_eq!(serde_json::to_string(&Some(Dtz::new(7))).unwrap(), "7");
//! ```

use serde::{Serialize, Serializer};

use crate::dtm::Dtm;
use crate::dtz::{Dtz, Wdl50};
use crate::{Color, Move, Role, Square, Wdl};

impl Serialize for Wdl {
    /// `"win"`, `"draw"` or `"loss"` ([`Wdl::as_str`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl Serialize for Wdl50 {
    /// Lichess's category name ([`Wdl50::as_str`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl Serialize for Color {
    /// `"white"` or `"black"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            Color::White => "white",
            Color::Black => "black",
        })
    }
}

impl Serialize for Role {
    /// The role's name ([`Role::name`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for Square {
    /// The square's name, `"e4"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for Move {
    /// The move in UCI notation, `"e7e8q"`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for Dtm {
    /// Signed plies from the side to move ([`Dtm::plies`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i32(self.plies())
    }
}

impl Serialize for Dtz {
    /// Signed plies in Syzygy's convention ([`Dtz::plies`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i32(self.plies())
    }
}
