//! The answer to "what is this position, and what does every move lead to?": the lichess
//! tablebase API's shape, defined once for `kpk probe --json` and the server's `/standard`.
//!
//! The halfmove clock counts as on lichess: a win is a `win` if its zeroing move or mate
//! comes before the 50-move rule lets the defender claim a draw (DTZ + clock <= 100), a
//! `cursed-win` otherwise, and the defender's side a `loss` or a `blessed-loss`; for a move,
//! the clock after it (0 after a capture or pawn move) decides, and once the clock before it
//! has reached 100 no move keeps a plain win.

mod text;

use core::fmt;

use kpk::dtm::{self, Dtm};
use kpk::dtz::{self, Dtz};
use kpk::{Color, Endgame, Move, Role, Wdl};
use kpk_rules::Basis;
use serde::{Serialize, Serializer};
use shakmaty::EnPassantMode;

use crate::category::{Category, Standing};
use crate::notation::Notation;
use crate::order::{self, MoveFacts};
use crate::outcome::Outcome;
use crate::words;

/// Which knowledge answers a probe.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// The tables: the bitbase and exact distance to mate.
    #[default]
    Tables,
    /// The rule-based classifier ([`kpk_rules::classify_endgame`]): every position answered with
    /// certainty, each verdict with its basis (a rule, a proof, or the material).
    Rules,
    /// The sound recognizer ([`kpk_rules::recognize_endgame`]): never wrong, unknown where the
    /// rules do not decide.
    Recognizer,
}

impl Method {
    /// The name used on the command line and in the JSON: `bitbase` (the command line's name
    /// for the tables, the bitbase's verdict with the DTM tables' distances), `rules`,
    /// `recognizer`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Method::Tables => "bitbase",
            Method::Rules => "rules",
            Method::Recognizer => "recognizer",
        }
    }

    /// Every method, in the order above.
    pub const ALL: [Method; 3] = [Method::Tables, Method::Rules, Method::Recognizer];

    /// The verdict for the side to move of `pos` (`None`: unknown), with the rules' basis.
    fn verdict(self, pos: &Endgame) -> (Option<Wdl>, Option<Basis>) {
        match self {
            Method::Tables => (Some(dtm::wdl(pos)), None),
            Method::Rules => {
                let c = kpk_rules::classify_endgame(pos);
                (Some(c.wdl), Some(c.basis))
            }
            Method::Recognizer => (kpk_rules::recognize_endgame(pos), None),
        }
    }
}

/// What a verdict of the rules rests on, as the rules method's answer carries it: in the JSON
/// `basis` (`rule`, `proof`, `material` or `bitbase`, the fallback no legal position reaches),
/// `rule` (the rule's identifier, for a rule), `certain` (every basis but the fallback) and
/// `reason`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct RulesBasis {
    /// The basis.
    #[ts(as = "crate::ts_names::BasisName")]
    pub basis: Basis,
    /// The deciding rule's identifier, for a rule.
    pub rule: Option<&'static str>,
    /// Whether the basis is certain (every basis but the fallback).
    pub certain: bool,
    /// The basis in words: the rule's statement, or how the proof or the material decides.
    pub reason: String,
}

/// A [`RulesBasis`] where the rules method answers, its fields beside the answer's (serde's
/// `flatten`): all of them, or none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct MaybeRulesBasis(pub Option<RulesBasis>);

impl ts_rs::TS for MaybeRulesBasis {
    type WithoutGenerics = Self;
    type OptionInnerType = Self;
    fn name(cfg: &ts_rs::Config) -> String {
        Self::inline_flattened(cfg)
    }
    fn inline(cfg: &ts_rs::Config) -> String {
        Self::inline_flattened(cfg)
    }
    /// Every field of a basis, or none of them.
    fn inline_flattened(cfg: &ts_rs::Config) -> String {
        let basis = <RulesBasis as ts_rs::TS>::name(cfg);
        format!("({{ [field in keyof {basis}]?: never }} | {basis})")
    }
    fn visit_dependencies(v: &mut impl ts_rs::TypeVisitor)
    where
        Self: 'static,
    {
        v.visit::<RulesBasis>();
    }
}

impl RulesBasis {
    /// The basis of a classification of `pos`.
    #[must_use]
    pub fn of(pos: &Endgame, basis: Basis) -> RulesBasis {
        RulesBasis {
            basis,
            rule: basis.rule_id(),
            certain: basis.is_certain(),
            reason: words::basis_in_brief(pos, basis),
        }
    }
}

/// One legal move and what it leads to, in the lichess API's shape (the facts about the position
/// after the move, from the opponent's view, as lichess gives them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct MoveProbe {
    /// The move in UCI notation.
    pub uci: Notation,
    /// The move in standard algebraic notation, with `+` or `#`.
    pub san: Notation,
    /// A capture or a pawn move: it resets the 50-move counter.
    pub zeroing: bool,
    /// A capture or a promotion: it changes the material.
    pub conversion: bool,
    /// The position after the move, from the opponent's view (serialised beside the fields
    /// above, as lichess does).
    #[serde(flatten)]
    #[ts(flatten)]
    pub after: Outcome,
}

/// Whether `mv` of `pos` (leading to `after`) zeroes the 50-move counter (a capture or a pawn
/// move) and whether it converts (a capture or a promotion).
fn zeroing_and_conversion(pos: &Endgame, mv: Move, after: &Endgame) -> (bool, bool) {
    let capture = pos.extra().is_some() && after.extra().is_none();
    (pos.is_zeroing(mv), capture || mv.promotion.is_some())
}

impl MoveProbe {
    /// The answer for `mv` of `pos`, leading to `after`, which stands as `outcome` (for the side
    /// to move after it).
    fn new(pos: &Endgame, mv: Move, after: &Endgame, outcome: Outcome) -> MoveProbe {
        let (zeroing, conversion) = zeroing_and_conversion(pos, mv, after);
        MoveProbe {
            uci: Notation::uci(mv),
            san: Notation::san(pos, mv),
            zeroing,
            conversion,
            after: outcome,
        }
    }
}

/// A legal move with what the tables say of it.
#[derive(Clone, Copy)]
struct TableMove {
    mv: Move,
    after: Endgame,
    dtm: Option<Dtm>,
    dtz: Dtz,
    category: Category,
    checkmate: bool,
    stalemate: bool,
}

/// The rank of a man for the order of captures and promotions: a larger man higher.
const fn role_rank(role: Option<Role>) -> u8 {
    match role {
        None => 0,
        Some(Role::Pawn) => 1,
        Some(Role::Knight) => 2,
        Some(Role::Bishop) => 3,
        Some(Role::Rook) => 4,
        Some(Role::Queen) => 5,
        Some(Role::King) => 6,
    }
}

/// Every legal move of `pos` with its outcome under the clock `halfmoves`, best first in the
/// one order of [`crate::order`] (the tables' moves come in DTM order, then by squares).
fn table_moves(pos: &Endgame, halfmoves: u32) -> ([TableMove; 40], usize) {
    let blank = TableMove {
        mv: Move { from: pos.strong_king(), to: pos.strong_king(), promotion: None },
        after: *pos,
        dtm: None,
        dtz: Dtz::DRAW,
        category: Category::Draw,
        checkmate: false,
        stalemate: false,
    };
    let mut list = [blank; 40];
    let mut n = 0;
    let mut keys = [None; 40];
    for ((slot, key), o) in list.iter_mut().zip(keys.iter_mut()).zip(dtm::outcomes(pos)) {
        let dtz = dtz::probe(&o.after);
        let zeroing = pos.is_zeroing(o.mv);
        let standing = Standing::of_ending(&o.after, dtz);
        let category = standing.category(halfmoves, dtz::clock_after(halfmoves, zeroing));
        let (checkmate, stalemate) = (standing.checkmate, standing.stalemate);
        *slot =
            TableMove { mv: o.mv, after: o.after, dtm: o.dtm, dtz, category, checkmate, stalemate };
        let capture = if pos.extra().is_some() && o.after.extra().is_none() {
            pos.extra().map(|(role, _)| role)
        } else {
            None
        };
        *key = Some(order::sort_key(&MoveFacts {
            category,
            checkmate,
            stalemate,
            insufficient_material: standing.insufficient_material,
            dtm: o.dtm.map(Dtm::plies),
            dtz: Some(dtz.plies()),
            conversion: capture.is_some() || o.mv.promotion.is_some(),
            zeroing,
            capture: role_rank(capture),
            promotion: role_rank(o.mv.promotion),
            index: n,
        }));
        n += 1;
    }
    // each key is computed once, before the sort; the index, last in the key, is the move's
    // place in `list`
    keys[..n].sort_unstable();
    let unsorted = list;
    for (slot, k) in list.iter_mut().zip(keys[..n].iter().flatten()) {
        *slot = unsorted[k.7];
    }
    (list, n)
}

/// The answer for a position: the lichess tablebase API's fields (the position's category and
/// distance to mate, signed for the side to move; checkmate, stalemate, insufficient material;
/// every legal move best first), plus the FEN asked where the command line echoes it, and for
/// the rules the method and the basis.
///
/// From the tables `dtz` and `precise_dtz` are exact and equal, `dtc` and `dtw` `null`; the
/// categories count the halfmove clock given to [`Probe::from_tables`].
///
/// ```
/// use kpk_answers::category::Category;
/// use kpk_answers::probe::Probe;
/// let pos = kpk_shakmaty::fen::parse("4k3/8/4K3/4P3/8/8/8/8 w - - 0 1").unwrap().position;
/// let probe = Probe::from_tables(&pos, 0);
/// assert_eq!(probe.outcome.category, Category::Win);
/// assert_eq!(probe.moves[0].after.category, Category::Loss); // the best move leaves the opponent lost
/// let json = serde_json::to_value(&probe).unwrap();
/// assert_eq!(json["dtm"], 21);
/// ```
///
/// Serialised as one object: `fen` and `method` when set, the outcome's fields, `moves`, and for
/// the rules method the basis's fields; the clock, the side to move and the position are for the
/// text form only.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ts_rs::TS)]
pub struct Probe {
    /// The FEN asked, as given (trimmed): echoed by the command line, not by `/standard`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub fen: Option<String>,
    /// The method, when not the tables.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub method: Option<Method>,
    /// The position: how the game stands, its category and distance to mate.
    #[serde(flatten)]
    #[ts(flatten)]
    pub outcome: Outcome,
    /// Every legal move, best first for the side to move.
    pub moves: Vec<MoveProbe>,
    /// What the verdict rests on, for the rules method.
    #[serde(flatten)]
    #[ts(flatten)]
    pub rules: MaybeRulesBasis,
    /// The halfmove clock the answer assumes (for the text form; not in the JSON).
    #[serde(skip)]
    #[ts(skip)]
    pub halfmoves: u32,
    /// The side to move (for the text form; not in the JSON).
    #[serde(skip)]
    #[ts(skip)]
    pub side_to_move: Color,
    /// The position (for the text form; not in the JSON).
    #[serde(skip)]
    #[ts(skip)]
    pub position: Position,
}

impl Serialize for Method {
    /// The method's name ([`Method::name`]).
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

crate::ts_names::names!(Method: Method::ALL.map(Method::name));

/// The position a [`Probe`] answers: an ending of the embedded tables, or any position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position {
    /// At most three men: the tables' distances to mate are known.
    Ending(Endgame),
    /// Any position (its answer from tablebase files, or unknown).
    Any(Box<shakmaty::Chess>),
}

impl fmt::Display for Position {
    /// The position's FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Position::Ending(e) => e.fmt(f),
            Position::Any(pos) => {
                let fen = shakmaty::fen::Fen::from_position(pos.as_ref(), EnPassantMode::Legal);
                fen.fmt(f)
            }
        }
    }
}

impl Probe {
    /// The moves the analysis board lists for a position, each under its group, groups in the order
    /// their first move comes and moves in the answer's order: every move, grouped as lichess groups
    /// them (`Winning`, `Drawing`, `Losing`), where a table holds the position; where none does,
    /// only the moves whose outcome a table knows, under [`words::INTO_THE_TABLES`].
    ///
    /// ```
    /// use kpk_answers::words::INTO_THE_TABLES;
    /// let start = kpk_answers::api::standard(Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")).unwrap();
    /// assert!(start.listed().is_empty());
    /// let nine = kpk_answers::api::standard(Some("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")).unwrap();
    /// let groups = nine.listed();
    /// assert_eq!(groups.len(), 1);
    /// assert_eq!((groups[0].0, groups[0].1.len(), groups[0].1[0].san.to_string().as_str()), (INTO_THE_TABLES, 1, "Ra8#"));
    /// ```
    #[must_use]
    pub fn listed(&self) -> Vec<(&'static str, Vec<&MoveProbe>)> {
        let held = self.outcome.held();
        let mut groups: Vec<(&str, Vec<&MoveProbe>)> = Vec::new();
        for m in &self.moves {
            let g = if held { words::move_group(&m.after) } else { words::INTO_THE_TABLES };
            if !held && m.after.category == Category::Unknown {
                continue;
            }
            match groups.iter_mut().find(|(name, _)| *name == g) {
                Some((_, list)) => list.push(m),
                None => groups.push((g, vec![m])),
            }
        }
        groups
    }

    fn position(
        pos: &Endgame,
        category: Category,
        distances: (Option<Dtm>, Option<Dtz>),
        moves: Vec<MoveProbe>,
        halfmoves: u32,
    ) -> Probe {
        Probe {
            fen: None,
            method: None,
            outcome: Outcome::of(pos, category, distances.0, distances.1),
            moves,
            rules: MaybeRulesBasis(None),
            halfmoves,
            side_to_move: pos.side_to_move(),
            position: Position::Ending(*pos),
        }
    }

    /// The answer of the tables with `halfmoves` on the clock (a FEN's fifth field): exact
    /// distances to mate and to zeroing, each category under the 50-move rule, the moves best
    /// first (see the [module](self) docs).
    #[must_use]
    pub fn from_tables(pos: &Endgame, halfmoves: u32) -> Probe {
        let (list, n) = table_moves(pos, halfmoves);
        let moves = list[..n]
            .iter()
            .map(|m| {
                let (ended, distances) = ((m.checkmate, m.stalemate), (m.dtm, Some(m.dtz)));
                let outcome = Outcome::of_ended(&m.after, ended, m.category, distances);
                MoveProbe::new(pos, m.mv, &m.after, outcome)
            })
            .collect();
        let category = Category::of_ending(pos, halfmoves);
        Probe::position(pos, category, (dtm::probe(pos), Some(dtz::probe(pos))), moves, halfmoves)
    }

    /// The answer of `method`. For the rules and the recognizer: no distances, the method
    /// named, each move's category by the same method, best first (a move to an unknown
    /// position after the drawing ones), and for the rules the basis; these know nothing of
    /// the clock.
    #[must_use]
    pub fn by(method: Method, pos: &Endgame, halfmoves: u32) -> Probe {
        if method == Method::Tables {
            return Probe::from_tables(pos, halfmoves);
        }
        let (verdict, basis) = method.verdict(pos);
        let mut moves: Vec<(u8, MoveProbe)> = pos
            .legal_moves()
            .iter()
            .filter_map(|&mv| {
                // a generated move is legal: `play` accepts it
                let after = pos.play(mv).ok()?;
                let (w, _) = method.verdict(&after);
                let rank = match w {
                    Some(Wdl::Loss) => 0,
                    Some(Wdl::Draw) => 1,
                    None => 2,
                    Some(Wdl::Win) => 3,
                };
                let outcome = Outcome::of(&after, Category::of_wdl(w), None, None);
                Some((rank, MoveProbe::new(pos, mv, &after, outcome)))
            })
            .collect();
        moves.sort_by_key(|(rank, _)| *rank);
        let moves = moves.into_iter().map(|(_, m)| m).collect();
        let category = Category::of_wdl(verdict);
        let mut probe = Probe::position(pos, category, (None, None), moves, halfmoves);
        probe.method = Some(method);
        probe.rules = MaybeRulesBasis(basis.map(|b| RulesBasis::of(pos, b)));
        probe
    }

    /// The same answer echoing `fen` (the text asked, trimmed).
    #[must_use]
    pub fn with_fen(self, fen: &str) -> Probe {
        Probe { fen: Some(fen.trim().to_string()), ..self }
    }
}
