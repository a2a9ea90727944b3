//! The answer to "what is this position, and what does every move lead to?": the lichess
//! tablebase API's shape, defined once for `kpk probe --json` and the server's `/standard`.
//!
//! The halfmove clock counts as on lichess: a win is a `win` if its zeroing move or mate
//! comes before the 50-move rule lets the defender claim a draw (DTZ + clock <= 100), a
//! `cursed-win` otherwise, and the defender's side a `loss` or a `blessed-loss`; for a move,
//! the clock after it (0 after a capture or pawn move) decides, and once the clock before it
//! has reached 100 no move keeps a plain win.

use core::fmt::{self, Write as _};

use kpk::dtm::{self, Dtm};
use kpk::dtz::{self, Dtz, FIFTY_MOVES, Wdl50};
use kpk::{Color, Endgame, Move, Wdl};
use kpk_rules::Basis;
use serde::Serialize;
use shakmaty::EnPassantMode;

use crate::json::{self, Fields, key};
use crate::notation::Notation;

/// An outcome in the lichess API's words, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    /// The side to move wins (within the 50-move rule, for the tables).
    Win,
    /// The side to move can force mate, but not before the 50-move rule lets the defender
    /// claim a draw.
    CursedWin,
    /// Neither side can force mate.
    Draw,
    /// The side to move is mated unless the 50-move rule saves him, which it does.
    BlessedLoss,
    /// The side to move loses.
    Loss,
    /// The method asked does not know (the sound recognizer, where no rule decides), or no
    /// table holds the position.
    Unknown,
    /// A win by the files, which may round the DTZ: whether it comes before the 50-move rule
    /// cannot be told (lichess's `syzygy-win`).
    SyzygyWin,
    /// A loss by the files, which may round the DTZ: whether the 50-move rule saves it cannot
    /// be told (lichess's `syzygy-loss`).
    SyzygyLoss,
}

impl Category {
    /// The category of a verdict (`None`: unknown).
    #[must_use]
    pub const fn of_wdl(w: Option<Wdl>) -> Category {
        match w {
            Some(Wdl::Win) => Category::Win,
            Some(Wdl::Draw) => Category::Draw,
            Some(Wdl::Loss) => Category::Loss,
            None => Category::Unknown,
        }
    }

    /// The category of an outcome under the 50-move rule.
    #[must_use]
    pub const fn of_wdl50(w: Wdl50) -> Category {
        match w {
            Wdl50::Win => Category::Win,
            Wdl50::CursedWin => Category::CursedWin,
            Wdl50::Draw => Category::Draw,
            Wdl50::BlessedLoss => Category::BlessedLoss,
            Wdl50::Loss => Category::Loss,
        }
    }

    /// The category of the position a move leads to, as lichess gives it: `dtz` the position's
    /// DTZ (from its side to move), `checkmate` whether it is checkmate, `halfmoves` the clock
    /// before the move and `zeroing` whether the move resets it. A mate stands if the clock
    /// before it was below 100; from a clock of 100 every decisive result is cursed or
    /// blessed; otherwise the DTZ and the clock after the move decide.
    ///
    /// ```
    /// use kpk::dtz::Dtz;
    /// use kpk_answers::probe::Category;
    /// // a rook move to a position Black loses with DTZ -30, from a clock of 69 and of 70
    /// assert_eq!(Category::after_move(Dtz::new(-30), false, 69, false), Category::Loss);
    /// assert_eq!(Category::after_move(Dtz::new(-30), false, 70, false), Category::BlessedLoss);
    /// // a pawn move resets the clock
    /// assert_eq!(Category::after_move(Dtz::new(-30), false, 99, true), Category::Loss);
    /// ```
    #[must_use]
    pub const fn after_move(dtz: Dtz, checkmate: bool, halfmoves: u32, zeroing: bool) -> Category {
        if dtz.is_draw() {
            Category::Draw
        } else if checkmate {
            if halfmoves < FIFTY_MOVES { Category::Loss } else { Category::BlessedLoss }
        } else if halfmoves >= FIFTY_MOVES {
            if dtz.is_loss() { Category::BlessedLoss } else { Category::CursedWin }
        } else {
            Category::of_wdl50(dtz.wdl50(dtz::clock_after(halfmoves, zeroing)))
        }
    }

    /// The same outcome for the other side (`unknown` stays `unknown`).
    #[must_use]
    pub const fn flip(self) -> Category {
        match self {
            Category::Win => Category::Loss,
            Category::CursedWin => Category::BlessedLoss,
            Category::Draw => Category::Draw,
            Category::BlessedLoss => Category::CursedWin,
            Category::Loss => Category::Win,
            Category::Unknown => Category::Unknown,
            Category::SyzygyWin => Category::SyzygyLoss,
            Category::SyzygyLoss => Category::SyzygyWin,
        }
    }

    /// Orders the categories of the positions moves lead to, best first for the mover (the
    /// opponent's loss first), as lichess does: loss, unknown, the files' ambiguous loss,
    /// blessed loss, draw, cursed win, the files' ambiguous win, win.
    pub(crate) const fn rank_after(self) -> u8 {
        match self {
            Category::Loss => 0,
            Category::Unknown => 1,
            Category::SyzygyLoss => 2,
            Category::BlessedLoss => 3,
            Category::Draw => 4,
            Category::CursedWin => 5,
            Category::SyzygyWin => 6,
            Category::Win => 7,
        }
    }

    /// The category of a distance to mate (`None`: a draw).
    #[must_use]
    pub const fn of_dtm(d: Option<Dtm>) -> Category {
        match d {
            Some(d) => Category::of_wdl(Some(d.wdl())),
            None => Category::Draw,
        }
    }

    /// The name: `win`, `cursed-win`, `draw`, `blessed-loss`, `loss`, `unknown`, `syzygy-win`
    /// or `syzygy-loss`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Category::Win => "win",
            Category::CursedWin => "cursed-win",
            Category::Draw => "draw",
            Category::BlessedLoss => "blessed-loss",
            Category::Loss => "loss",
            Category::Unknown => "unknown",
            Category::SyzygyWin => "syzygy-win",
            Category::SyzygyLoss => "syzygy-loss",
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

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

/// What a verdict of the rules rests on, as the rules method's answer carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesBasis {
    /// `rule`, `proof`, `material` or `bitbase` (the fallback no legal position reaches).
    pub basis: &'static str,
    /// The rule's identifier, for a rule.
    pub rule: Option<&'static str>,
    /// Whether the verdict is certain (every basis but the fallback).
    pub certain: bool,
    /// The basis in words: the rule's statement, or how the proof or the material decides.
    pub reason: String,
}

impl RulesBasis {
    /// The basis of a classification of `pos`.
    #[must_use]
    pub fn of(pos: &Endgame, basis: Basis) -> RulesBasis {
        let (name, rule, reason) = match basis {
            Basis::Rule(r) => (
                "rule",
                Some(r.id),
                pos.as_kpk().map_or(r.statement, |k| r.statement_for(&k)).to_string(),
            ),
            Basis::Proof { plies } => (
                "proof",
                None,
                format!(
                    "proven by a forcing line of {plies} {} whose every line ends in a position \
                     decided at sight",
                    if plies == 1 { "ply" } else { "plies" }
                ),
            ),
            Basis::Material => ("material", None, "decided by the material".to_string()),
            Basis::Bitbase => {
                ("bitbase", None, "no proof within the bound: the bitbase decided".to_string())
            }
        };
        RulesBasis { basis: name, rule, certain: !matches!(basis, Basis::Bitbase), reason }
    }
}

/// How a position stands, in the lichess API's fields: the end of the game, the category and
/// the distances, all for the side to move. From the tables `dtz` and `precise_dtz` are equal
/// (nothing is rounded); `dtc` and `dtw` are always `null`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The side to move is checkmated.
    pub checkmate: bool,
    /// The side to move is stalemated.
    pub stalemate: bool,
    /// Always `false` (a variant's win; standard chess has none).
    pub variant_win: bool,
    /// Always `false`.
    pub variant_loss: bool,
    /// Neither side has mating material.
    pub insufficient_material: bool,
    /// The outcome for the side to move.
    pub category: Category,
    /// Distance to zeroing in plies, Syzygy's convention (`0` a draw; `null`: a method
    /// without distances).
    pub dtz: Option<i32>,
    /// The same distance, guaranteed unrounded: always equal to `dtz` here.
    pub precise_dtz: Option<i32>,
    /// Distance to conversion (`null`).
    pub dtc: Option<i32>,
    /// Distance to mate in plies (`null`: a draw, or a method without distances).
    pub dtm: Option<i32>,
    /// Distance to win (`null`).
    pub dtw: Option<i32>,
}

impl Outcome {
    /// How `pos` stands, with its category, distance to mate and distance to zeroing.
    #[must_use]
    pub fn of(pos: &Endgame, category: Category, dtm: Option<Dtm>, dtz: Option<Dtz>) -> Outcome {
        Outcome::of_ended(pos, (pos.is_checkmate(), pos.is_stalemate()), category, (dtm, dtz))
    }

    /// [`Outcome::of`] with whether `pos` is checkmate and stalemate already known.
    fn of_ended(
        pos: &Endgame,
        (checkmate, stalemate): (bool, bool),
        category: Category,
        (dtm, dtz): (Option<Dtm>, Option<Dtz>),
    ) -> Outcome {
        Outcome {
            checkmate,
            stalemate,
            variant_win: false,
            variant_loss: false,
            insufficient_material: pos.is_insufficient_material(),
            category,
            dtz: dtz.map(Dtz::plies),
            precise_dtz: dtz.map(Dtz::plies),
            dtc: None,
            dtm: dtm.map(Dtm::plies),
            dtw: None,
        }
    }
}

/// One legal move and what it leads to, in the lichess API's shape (the facts about the position
/// after the move, from the opponent's view, as lichess gives them).
#[derive(Clone, Debug, PartialEq, Eq)]
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

/// A move's rank in [`table_moves`], lowest first: the category the opponent is left with,
/// mates first, stalemates, a draw by material, the distance to mate, a zeroing move where it
/// helps, the distance to zeroing, and the order `dtm::outcomes` gave.
type MoveRank = (u8, bool, bool, bool, (u8, i32), bool, core::cmp::Reverse<Dtz>, usize);

/// Every legal move of `pos` with its outcome under the clock `halfmoves`, best first as
/// lichess orders them: by the category the move leaves the opponent in, checkmate first,
/// stalemate and then insufficient material first among draws, then by distance to mate (the
/// quickest mate, the slowest defeat), then a zeroing move first where the move wins or draws
/// (last where it loses), then by the DTZ after it (the quickest zeroing first), then by
/// squares.
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
    let mut keys = [MoveRank::default(); 40];
    for ((slot, key), o) in list.iter_mut().zip(keys.iter_mut()).zip(dtm::outcomes(pos)) {
        let dtz = dtz::probe(&o.after);
        let zeroing = pos.is_zeroing(o.mv);
        let (checkmate, stalemate) = (o.after.is_checkmate(), o.after.is_stalemate());
        let category = Category::after_move(dtz, checkmate, halfmoves, zeroing);
        *slot =
            TableMove { mv: o.mv, after: o.after, dtm: o.dtm, dtz, category, checkmate, stalemate };
        *key = (
            category.rank_after(),
            !checkmate,
            !stalemate,
            !o.after.is_insufficient_material(),
            dtm_rank(o.dtm),
            zeroing == dtz.is_win(),
            core::cmp::Reverse(dtz),
            n,
        );
        n += 1;
    }
    // `dtm::outcomes` is in DTM order, then by squares: the index, last in the key, keeps that
    // order within a key; each key is computed once, before the sort
    let mut order = [0usize; 40];
    keys[..n].sort_unstable();
    for (o, k) in order.iter_mut().zip(&keys[..n]) {
        *o = k.7;
    }
    let unsorted = list;
    for (slot, &i) in list.iter_mut().zip(&order[..n]) {
        *slot = unsorted[i];
    }
    (list, n)
}

/// Orders a move by the DTM of the position it leads to: the opponent mated soonest first,
/// then draws, then the slowest defeat.
fn dtm_rank(after: Option<Dtm>) -> (u8, i32) {
    match after {
        Some(d) if d.is_loss() => (0, -d.plies()),
        None => (1, 0),
        Some(d) => (2, -d.plies()),
    }
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
/// use kpk_answers::probe::{Category, Probe};
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Probe {
    /// The FEN asked, as given (trimmed): echoed by the command line, not by `/standard`.
    pub fen: Option<String>,
    /// The method, when not the tables.
    pub method: Option<&'static str>,
    /// The position: how the game stands, its category and distance to mate.
    pub outcome: Outcome,
    /// Every legal move, best first for the side to move.
    pub moves: Vec<MoveProbe>,
    /// What the verdict rests on, for the rules method.
    pub rules: Option<RulesBasis>,
    /// The halfmove clock the answer assumes (for the text form; not in the JSON).
    pub halfmoves: u32,
    /// The side to move (for the text form; not in the JSON).
    pub side_to_move: Color,
    /// The position (for the text form; not in the JSON).
    pub position: Position,
}

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

impl json::Object for Outcome {
    const NAME: &'static str = "Outcome";
    fn fields<F: Fields>(&self, fields: &mut F) -> Result<(), F::Error> {
        fields.field(key!("checkmate"), &self.checkmate)?;
        fields.field(key!("stalemate"), &self.stalemate)?;
        fields.field(key!("variant_win"), &self.variant_win)?;
        fields.field(key!("variant_loss"), &self.variant_loss)?;
        fields.field(key!("insufficient_material"), &self.insufficient_material)?;
        fields.field(key!("category"), &self.category)?;
        fields.field(key!("dtz"), &self.dtz)?;
        fields.field(key!("precise_dtz"), &self.precise_dtz)?;
        fields.field(key!("dtc"), &self.dtc)?;
        fields.field(key!("dtm"), &self.dtm)?;
        fields.field(key!("dtw"), &self.dtw)
    }
}
json::object!(Outcome);

impl json::Object for RulesBasis {
    const NAME: &'static str = "RulesBasis";
    fn fields<F: Fields>(&self, fields: &mut F) -> Result<(), F::Error> {
        fields.field(key!("basis"), self.basis)?;
        fields.field(key!("rule"), &self.rule)?;
        fields.field(key!("certain"), &self.certain)?;
        fields.field(key!("reason"), &self.reason)
    }
}
json::object!(RulesBasis);

/// A move: its notation and flags, then the outcome's fields beside them, as lichess gives them.
impl json::Object for MoveProbe {
    const NAME: &'static str = "MoveProbe";
    fn fields<F: Fields>(&self, fields: &mut F) -> Result<(), F::Error> {
        fields.field(key!("uci"), &self.uci)?;
        fields.field(key!("san"), &self.san)?;
        fields.field(key!("zeroing"), &self.zeroing)?;
        fields.field(key!("conversion"), &self.conversion)?;
        self.after.fields(fields)
    }
}
json::object!(MoveProbe);

/// The position's answer: the FEN and the method when set, the outcome's fields, the moves, and
/// the rules' basis's fields when there is one.
impl json::Object for Probe {
    const NAME: &'static str = "Probe";
    fn fields<F: Fields>(&self, fields: &mut F) -> Result<(), F::Error> {
        if let Some(fen) = &self.fen {
            fields.field(key!("fen"), fen)?;
        }
        if let Some(method) = self.method {
            fields.field(key!("method"), method)?;
        }
        self.outcome.fields(fields)?;
        fields.field(key!("moves"), &self.moves)?;
        match &self.rules {
            Some(rules) => rules.fields(fields),
            None => Ok(()),
        }
    }
}
json::object!(Probe);

impl json::Value for Category {
    fn write(&self, out: &mut Vec<u8>) {
        // the names need no escaping
        out.push(b'"');
        out.extend_from_slice(self.as_str().as_bytes());
        out.push(b'"');
    }
}

impl Probe {
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
            rules: None,
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
        let z = dtz::probe(pos);
        let category = Category::of_wdl50(z.wdl50(halfmoves));
        Probe::position(pos, category, (dtm::probe(pos), Some(z)), moves, halfmoves)
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
        probe.method = Some(method.name());
        probe.rules = basis.map(|b| RulesBasis::of(pos, b));
        probe
    }

    /// The same answer echoing `fen` (the text asked, trimmed).
    #[must_use]
    pub fn with_fen(self, fen: &str) -> Probe {
        Probe { fen: Some(fen.trim().to_string()), ..self }
    }
}

/// Words for a distance to mate from the side to move: `win, mate in 3 (5 plies)`,
/// `loss, mated in 2 (-4 plies)`, `checkmated`, `draw`.
///
/// ```
/// use kpk::dtm::Dtm;
/// assert_eq!(kpk_answers::probe::describe(Some(Dtm::new(5))), "win, mate in 3 (5 plies)");
/// assert_eq!(kpk_answers::probe::describe(None), "draw");
/// ```
#[must_use]
pub fn describe(d: Option<Dtm>) -> String {
    match d {
        None => "draw".to_string(),
        Some(d) if d.plies() == 0 => "checkmated".to_string(),
        Some(d) if d.is_win() => {
            format!("win, mate in {} ({} plies)", d.uci_mate_moves(), d.plies())
        }
        Some(d) => format!("loss, mated in {} ({} plies)", -d.uci_mate_moves(), -d.plies()),
    }
}

/// A distance in plies back as a [`Dtm`] (every distance of these tables fits).
pub(crate) fn dtm_of(plies: Option<i32>) -> Option<Dtm> {
    plies.and_then(|p| i16::try_from(p).ok()).map(Dtm::new)
}

/// The text form: the FEN, the verdict for the side to move, and for the tables every move with
/// its outcome for the side that plays it; for the rules, the basis in words.
impl fmt::Display for Probe {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // the FEN asked, or the position's own when none was echoed
        let own;
        let fen = match self.fen.as_deref() {
            Some(fen) => fen,
            None => {
                own = self.position.to_string();
                &own
            }
        };
        if let Some(method) = self.method {
            let why = self.rules.as_ref().map(|r| format!(" ({})", r.reason)).unwrap_or_default();
            return writeln!(
                f,
                "{fen}\n  {} to move: {} by the {method}{why}",
                self.side_to_move, self.outcome.category
            );
        }
        if let Position::Any(_) = self.position {
            return self.write_beyond(f, fen);
        }
        write!(
            f,
            "{fen}\n  {} to move: {}",
            self.side_to_move,
            describe(dtm_of(self.outcome.dtm))
        )?;
        match self.outcome.dtz {
            Some(z) if z != 0 && z != -1 => write!(f, ", DTZ {z}")?,
            _ => {}
        }
        if self.outcome.stalemate {
            f.write_str(" (stalemate)")?;
        } else if self.outcome.insufficient_material {
            f.write_str(" (insufficient material)")?;
        }
        f.write_char('\n')?;
        self.write_rule_note(f)?;
        for m in &self.moves {
            // the move's outcome for the side that plays it
            let mover = match dtm_of(m.after.dtm).map(Dtm::before_move) {
                None => "draw".to_string(),
                Some(d) if d.is_win() => format!("win, mate in {}", d.uci_mate_moves()),
                Some(d) => format!("loss, mated in {}", -d.uci_mate_moves()),
            };
            let z = m.after.dtz.and_then(|z| i16::try_from(z).ok()).map(Dtz::new);
            let mover_dtz = z.map(|z| Dtz::for_mover(z, m.zeroing));
            let dtz = match mover_dtz {
                Some(z) if !z.is_draw() => format!(", DTZ {}", z.plies()),
                _ => String::new(),
            };
            let rule = match m.after.category.flip() {
                Category::CursedWin => ", a cursed win",
                Category::BlessedLoss => ", a blessed loss",
                _ => "",
            };
            writeln!(f, "  {:<8} {:<6} {mover}{dtz}{rule}", m.san, m.uci)?;
        }
        Ok(())
    }
}

impl Probe {
    /// The text form beyond the embedded tables, where no distance to mate is known: the
    /// category and the DTZ of the position and of every move, for the side that plays it.
    fn write_beyond(&self, f: &mut fmt::Formatter<'_>, fen: &str) -> fmt::Result {
        let dtz = |z: Option<i32>, precise: Option<i32>| match (z, precise) {
            (Some(z), Some(_)) if z != 0 => format!(", DTZ {z}"),
            (Some(z), None) if z != 0 => format!(", DTZ {z} (the file may round it by one)"),
            _ => String::new(),
        };
        let o = &self.outcome;
        let end = if o.checkmate {
            " (checkmated)"
        } else if o.stalemate {
            " (stalemate)"
        } else if o.insufficient_material {
            " (insufficient material)"
        } else {
            ""
        };
        writeln!(
            f,
            "{fen}\n  {} to move: {}{}{end}",
            self.side_to_move,
            o.category,
            dtz(o.dtz, o.precise_dtz)
        )?;
        for m in &self.moves {
            // the move's outcome and DTZ for the side that plays it
            let mover_dtz = m
                .after
                .dtz
                .and_then(|z| i16::try_from(z).ok())
                .map(|z| Dtz::for_mover(Dtz::new(z), m.zeroing).plies());
            let precise = m.after.precise_dtz.and(mover_dtz);
            writeln!(
                f,
                "  {:<8} {:<6} {}{}",
                m.san,
                m.uci,
                m.after.category.flip(),
                dtz(mover_dtz, precise)
            )?;
        }
        Ok(())
    }

    /// For the text form: what the 50-move rule does to a decisive position at this clock.
    fn write_rule_note(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.halfmoves;
        let Some(z) = self.outcome.dtz.filter(|&z| z != 0 && h > 0) else { return Ok(()) };
        let to_move = self.side_to_move;
        let other = to_move.other();
        match self.outcome.category {
            Category::CursedWin => writeln!(
                f,
                "  a cursed win: the clock stands at {h} and the next capture, pawn move or mate \
                 is {z} plies away, so {other} can claim the 50-move draw first"
            ),
            Category::BlessedLoss => writeln!(
                f,
                "  a blessed loss: the clock stands at {h} and the next capture, pawn move or mate \
                 is {} plies away, so {to_move} can claim the 50-move draw first",
                -z
            ),
            Category::Win | Category::Loss => {
                let Position::Ending(position) = &self.position else { return Ok(()) };
                let plain = dtm::probe(position);
                match dtz::dtm50(position, h) {
                    Some(d) if Some(d) != plain => writeln!(
                        f,
                        "  with {h} plies on the clock the 50-move rule forbids the quickest mate: \
                         {} under the rule",
                        describe(Some(d))
                    ),
                    _ => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }
}
