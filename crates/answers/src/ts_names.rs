//! The TypeScript of what the answers serialise without a derive of their own: the library
//! crates' names (an idea, an aim, a verdict, a basis) as unions of their strings, listed from the
//! library's own values, distances as numbers, and the `names!` macro for a type of this crate
//! that serialises as one of a closed list of names. The answer types refer to these in their
//! `ts` attributes; [`crate::typescript`] gathers the declarations.
//!
//! ```
//! use ts_rs::{Config, TS};
//! let cfg = Config::new();
//! assert_eq!(kpk_answers::ts_names::VerdictName::inline(&cfg), r#""only" | "keeps" | "throws""#);
//! ```

use kpk::Wdl;
use kpk_rules::{Aim, Basis, Claim, Family, Idea, Verdict};
use ts_rs::{Config, TS};

/// `T`'s TypeScript: the union of `names` as string literals (`"win" | "draw"`).
#[must_use]
pub fn union(names: &[&str]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
    quoted.join(" | ")
}

/// Implements `ts_rs::TS` for a type that serialises as one of a closed list of names: its
/// TypeScript is the union of those names (an expression giving them as an array of `&str`).
macro_rules! names {
    ($t:ident : $names:expr) => {
        impl ts_rs::TS for $t {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;
            fn name(_: &ts_rs::Config) -> String {
                stringify!($t).to_owned()
            }
            fn inline(_: &ts_rs::Config) -> String {
                $crate::ts_names::union(&$names)
            }
            fn decl(cfg: &ts_rs::Config) -> String {
                format!(
                    "type {} = {};",
                    <Self as ts_rs::TS>::name(cfg),
                    <Self as ts_rs::TS>::inline(cfg)
                )
            }
            fn decl_concrete(cfg: &ts_rs::Config) -> String {
                Self::decl(cfg)
            }
            fn output_path() -> Option<std::path::PathBuf> {
                Some(std::path::PathBuf::from(concat!(stringify!($t), ".ts")))
            }
        }
    };
}
pub(crate) use names;

/// A stand-in, for TypeScript only, of a library type the answers carry as one of its names
/// (the library crates take no TypeScript generator).
macro_rules! stand_in {
    ($(#[$doc:meta])* $t:ident : $names:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $t;
        names!($t: $names);
    };
}

stand_in!(
    /// An idea's identifier ([`Idea::id`]).
    IdeaId: Idea::ALL.map(Idea::id)
);
stand_in!(
    /// A verdict's name ([`Verdict::name`]).
    VerdictName: [Verdict::Only, Verdict::Keeps, Verdict::Throws].map(Verdict::name)
);
stand_in!(
    /// A claim's name ([`Claim::name`]).
    ClaimName: [Claim::Win, Claim::Draw].map(Claim::name)
);
stand_in!(
    /// A family's name ([`Family::name`]).
    FamilyName: [Family::Won, Family::Drawn, Family::Race, Family::Route].map(Family::name)
);
stand_in!(
    /// A basis's name ([`Basis::name`]).
    BasisName: [
        Basis::Rule(&kpk_rules::Rule::STALEMATE),
        Basis::Proof { plies: 1 },
        Basis::Material,
        Basis::Bitbase
    ]
    .map(Basis::name)
);
stand_in!(
    /// A result for the side to move ([`Wdl::as_str`]).
    WdlName: [Wdl::Win, Wdl::Draw, Wdl::Loss].map(Wdl::as_str)
);
stand_in!(
    /// An aim's name ([`Aim::name`]).
    AimName: [
        Aim::Promote(kpk::Role::Queen),
        Aim::Run,
        Aim::Advance,
        Aim::SpareTempo,
        Aim::KeepTempo,
        Aim::KeySquare,
        Aim::Lead,
        Aim::Opposition,
        Aim::DistantOpposition,
        Aim::Shoulder,
        Aim::Approach,
        Aim::Outflank,
        Aim::ClearTheWay,
        Aim::Wait,
        Aim::TakePawn,
        Aim::EnterSquare,
        Aim::CorrespondingSquare,
        Aim::StayInFront,
        Aim::HeadForCorner,
        Aim::HeadForPawn,
        Aim::KeepDraw,
        Aim::Resist,
        Aim::GuardPawn,
        Aim::KeepPawn,
        Aim::PawnLost,
        Aim::InTime,
    ]
    .map(Aim::name)
);

/// A distance in plies, signed for the side to move ([`kpk::dtm::Dtm`], [`kpk::dtz::Dtz`]).
#[derive(Clone, Copy, Debug)]
pub struct Plies;

impl TS for Plies {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    fn name(_: &Config) -> String {
        "number".to_owned()
    }
    fn inline(cfg: &Config) -> String {
        Self::name(cfg)
    }
}

/// The progress measure of a plan move ([`kpk_rules::Progress`]), for TypeScript only.
#[derive(Clone, Copy, Debug, ts_rs::TS)]
#[ts(rename = "Progress")]
pub struct ProgressCounts {
    /// Ranks the pawn has still to go.
    pub ranks_to_go: u8,
    /// King steps still needed.
    pub king_steps: u8,
    /// Tempi in hand.
    pub tempi: u8,
    /// Ranks the king has still to go.
    pub king_ranks_to_go: u8,
}

/// Every variant of the library enums whose names the unions above list by hand, matched with no
/// wildcard: a variant added there stops the build here, until its name joins its union.
#[allow(dead_code)]
const fn every_variant_listed(
    aim: Aim,
    verdict: Verdict,
    claim: Claim,
    family: Family,
    basis: Basis,
    wdl: Wdl,
) {
    match aim {
        Aim::Promote(_)
        | Aim::Run
        | Aim::Advance
        | Aim::SpareTempo
        | Aim::KeepTempo
        | Aim::KeySquare
        | Aim::Lead
        | Aim::Opposition
        | Aim::DistantOpposition
        | Aim::Shoulder
        | Aim::Approach
        | Aim::Outflank
        | Aim::ClearTheWay
        | Aim::Wait
        | Aim::TakePawn
        | Aim::EnterSquare
        | Aim::CorrespondingSquare
        | Aim::StayInFront
        | Aim::HeadForCorner
        | Aim::HeadForPawn
        | Aim::KeepDraw
        | Aim::Resist
        | Aim::GuardPawn
        | Aim::KeepPawn
        | Aim::PawnLost
        | Aim::InTime => {}
    }
    match verdict {
        Verdict::Only | Verdict::Keeps | Verdict::Throws => {}
    }
    match claim {
        Claim::Win | Claim::Draw => {}
    }
    match family {
        Family::Won | Family::Drawn | Family::Race | Family::Route => {}
    }
    match basis {
        Basis::Rule(_) | Basis::Proof { .. } | Basis::Material | Basis::Bitbase => {}
    }
    match wdl {
        Wdl::Win | Wdl::Draw | Wdl::Loss => {}
    }
}
