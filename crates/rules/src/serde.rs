//! The `serde` feature: the rules' names serialise as the JSON answers write them, each the
//! type's own name for programs (an aim, an idea, a verdict, a family, a basis), and the progress measure
//! as its four counts.
//!
//! ```
//! use kpk_rules::{Aim, Basis, Idea, Progress, Rule, Verdict};
//! assert_eq!(serde_json::to_string(&Aim::Opposition).unwrap(), r#""opposition""#);
//! assert_eq!(serde_json::to_string(&Idea::KeySquares).unwrap(), r#""key_squares""#);
//! assert_eq!(serde_json::to_string(&Verdict::Throws).unwrap(), r#""throws""#);
//! assert_eq!(serde_json::to_string(&Rule::STALEMATE.family).unwrap(), r#""drawn""#);
//! assert_eq!(serde_json::to_string(&Rule::STALEMATE.claim).unwrap(), r#""draw""#);
//! assert_eq!(serde_json::to_string(&Basis::Proof { plies: 3 }).unwrap(), r#""proof""#);
//! let p = Progress { ranks_to_go: 5, king_steps: 1, tempi: 0, king_ranks_to_go: 4 };
//! assert_eq!(
//!     serde_json::to_string(&p).unwrap(),
//!     r#"{"ranks_to_go":5,"king_steps":1,"tempi":0,"king_ranks_to_go":4}"#
//! );
//! ```

use serde::ser::{Serialize, SerializeStruct, Serializer};

use crate::{Aim, Basis, Claim, Family, Idea, Progress, Verdict};

impl Serialize for Aim {
    /// The aim's name ([`Aim::name`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for Idea {
    /// The idea's identifier ([`Idea::id`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl Serialize for Verdict {
    /// The verdict's name ([`Verdict::name`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for Claim {
    /// The claim's name ([`Claim::name`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for Family {
    /// The family's name ([`Family::name`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for Basis {
    /// The basis's name ([`Basis::name`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for Progress {
    /// `{"ranks_to_go": .., "king_steps": .., "tempi": .., "king_ranks_to_go": ..}`.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Progress", 4)?;
        st.serialize_field("ranks_to_go", &self.ranks_to_go)?;
        st.serialize_field("king_steps", &self.king_steps)?;
        st.serialize_field("tempi", &self.tempi)?;
        st.serialize_field("king_ranks_to_go", &self.king_ranks_to_go)?;
        st.end()
    }
}
