//! The `serde` feature: a [`Score`] serialises as its raw value (centipawns, or the mate
//! encoding), a [`Band`] as its name.
//!
//! ```
//! use kpk_score::Score;
//! assert_eq!(serde_json::to_string(&Score::eval(35)).unwrap(), "35");
//! assert_eq!(serde_json::to_string(&Score::mate_in(3).band()).unwrap(), r#""mate""#);
//! ```

use serde::{Serialize, Serializer};

use crate::Score;
use crate::bands::Band;

impl Serialize for Score {
    /// The raw value ([`Score::get`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_i32(self.get())
    }
}

impl Serialize for Band {
    /// The band's name ([`Band::name`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}
