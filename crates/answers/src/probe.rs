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
use kpk::rules::{self, Basis};
use kpk::{Color, Endgame, Move, Wdl};
use serde::Serialize;

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
    /// The method asked does not know (the sound recognizer, where no rule decides).
    Unknown,
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
        }
    }

    /// Orders the categories of the positions moves lead to, best first for the mover (the
    /// opponent's loss first), as lichess does: loss, unknown, blessed loss, draw, cursed
    /// win, win.
    const fn rank_after(self) -> u8 {
        match self {
            Category::Loss => 0,
            Category::Unknown => 1,
            Category::BlessedLoss => 2,
            Category::Draw => 3,
            Category::CursedWin => 4,
            Category::Win => 5,
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

    /// The name: `win`, `cursed-win`, `draw`, `blessed-loss`, `loss` or `unknown`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Category::Win => "win",
            Category::CursedWin => "cursed-win",
            Category::Draw => "draw",
            Category::BlessedLoss => "blessed-loss",
            Category::Loss => "loss",
            Category::Unknown => "unknown",
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
    /// The rule-based classifier ([`rules::classify_endgame`]): every position answered with
    /// certainty, each verdict with its basis (a rule, a proof, or the material).
    Rules,
    /// The sound recognizer ([`rules::recognize_endgame`]): never wrong, unknown where the
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
                let c = rules::classify_endgame(pos);
                (Some(c.wdl), Some(c.basis))
            }
            Method::Recognizer => (rules::recognize_endgame(pos), None),
        }
    }
}

/// What a verdict of the rules rests on, as the rules method's answer carries it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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
        Outcome {
            checkmate: pos.is_checkmate(),
            stalemate: pos.is_stalemate(),
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveProbe {
    /// The move in UCI notation.
    pub uci: String,
    /// The move in standard algebraic notation, with `+` or `#`.
    pub san: String,
    /// A capture or a pawn move: it resets the 50-move counter.
    pub zeroing: bool,
    /// A capture or a promotion: it changes the material.
    pub conversion: bool,
    /// The position after the move, from the opponent's view.
    #[serde(flatten)]
    pub after: Outcome,
}

/// Whether `mv` of `pos` (leading to `after`) zeroes the 50-move counter (a capture or a pawn
/// move) and whether it converts (a capture or a promotion).
fn zeroing_and_conversion(pos: &Endgame, mv: Move, after: &Endgame) -> (bool, bool) {
    let capture = pos.extra().is_some() && after.extra().is_none();
    (pos.is_zeroing(mv), capture || mv.promotion.is_some())
}

impl MoveProbe {
    /// The answer for `mv` of `pos`, leading to `after` of category `category`, distance to
    /// mate `dtm` and distance to zeroing `dtz` (for the side to move after it).
    fn new(
        pos: &Endgame,
        mv: Move,
        after: &Endgame,
        category: Category,
        (dtm, dtz): (Option<Dtm>, Option<Dtz>),
    ) -> MoveProbe {
        let (zeroing, conversion) = zeroing_and_conversion(pos, mv, after);
        let mut san = String::new();
        let _ = pos.write_san(mv, &mut san);
        MoveProbe {
            uci: mv.to_string(),
            san,
            zeroing,
            conversion,
            after: Outcome::of(after, category, dtm, dtz),
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
}

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
    };
    let mut list = [blank; 40];
    let mut n = 0;
    for (slot, o) in list.iter_mut().zip(dtm::outcomes(pos)) {
        let dtz = dtz::probe(&o.after);
        let zeroing = pos.is_zeroing(o.mv);
        let category = Category::after_move(dtz, o.after.is_checkmate(), halfmoves, zeroing);
        *slot = TableMove { mv: o.mv, after: o.after, dtm: o.dtm, dtz, category };
        n += 1;
    }
    // `dtm::outcomes` is in DTM order, then by squares: a stable sort keeps it within a key
    list[..n].sort_by_key(|m| {
        let opponent_wins = m.dtz.is_win();
        (
            m.category.rank_after(),
            !m.after.is_checkmate(),
            !m.after.is_stalemate(),
            !m.after.is_insufficient_material(),
            dtm_rank(m.dtm),
            pos.is_zeroing(m.mv) == opponent_wins,
            core::cmp::Reverse(m.dtz),
        )
    });
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Probe {
    /// The FEN asked, as given (trimmed): echoed by the command line, not by `/standard`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The method, when not the tables.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub method: Option<&'static str>,
    /// The position: how the game stands, its category and distance to mate.
    #[serde(flatten)]
    pub outcome: Outcome,
    /// Every legal move, best first for the side to move.
    pub moves: Vec<MoveProbe>,
    /// What the verdict rests on, for the rules method.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub rules: Option<RulesBasis>,
    /// The halfmove clock the answer assumes (for the text form; not in the JSON).
    #[serde(skip)]
    pub halfmoves: u32,
    /// The side to move (for the text form; not in the JSON).
    #[serde(skip)]
    pub side_to_move: Color,
    /// The position (for the text form when no FEN was echoed; not in the JSON).
    #[serde(skip)]
    pub position: Endgame,
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
            position: *pos,
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
            .map(|m| MoveProbe::new(pos, m.mv, &m.after, m.category, (m.dtm, Some(m.dtz))))
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
                Some((rank, MoveProbe::new(pos, mv, &after, Category::of_wdl(w), (None, None))))
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
                let plain = dtm::probe(&self.position);
                match dtz::dtm50(&self.position, h) {
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

/// Appends `true` or `false`.
fn push_bool(out: &mut String, b: bool) {
    out.push_str(if b { "true" } else { "false" });
}

/// Appends a distance as JSON (`null` for none), without the formatting machinery.
fn push_dtm(out: &mut String, d: Option<Dtm>) {
    match d {
        Some(d) => push_int(out, d.plies()),
        None => out.push_str("null"),
    }
}

/// Appends an integer, without the formatting machinery.
fn push_int(out: &mut String, plies: i32) {
    if plies < 0 {
        out.push('-');
    }
    let mut digits = [0u8; 10];
    let (mut n, mut len) = (plies.unsigned_abs(), 0);
    loop {
        // a decimal digit: the cast keeps the value
        #[allow(clippy::cast_possible_truncation)]
        let digit = (n % 10) as u8;
        digits[len] = b'0' + digit;
        len += 1;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for &d in digits[..len].iter().rev() {
        out.push(char::from(d));
    }
}

/// Appends a square's name (`e4`).
fn push_square(out: &mut String, sq: kpk::Square) {
    out.push(char::from(b'a' + sq.file().index()));
    out.push(char::from(b'1' + sq.rank().index()));
}

/// Appends a move in UCI notation (`e7e8q`).
fn push_uci(out: &mut String, m: Move) {
    push_square(out, m.from);
    push_square(out, m.to);
    if let Some(role) = m.promotion {
        out.push(role.upper_char().to_ascii_lowercase());
    }
}

/// The facts shared by a position and a move's result, from `checkmate` to `dtw`.
fn push_facts(out: &mut String, pos: &Endgame, category: Category, d: Option<Dtm>, z: Dtz) {
    out.push_str("\"checkmate\":");
    push_bool(out, pos.is_checkmate());
    out.push_str(",\"stalemate\":");
    push_bool(out, pos.is_stalemate());
    out.push_str(",\"variant_win\":false,\"variant_loss\":false,\"insufficient_material\":");
    push_bool(out, pos.is_insufficient_material());
    out.push_str(",\"category\":\"");
    out.push_str(category.as_str());
    out.push_str("\",\"dtz\":");
    push_int(out, z.plies());
    out.push_str(",\"precise_dtz\":");
    push_int(out, z.plies());
    out.push_str(",\"dtc\":null,\"dtm\":");
    push_dtm(out, d);
    out.push_str(",\"dtw\":null");
}

/// `Probe::from_tables(pos, halfmoves).with_fen(fen)` serialised, written straight into `out` with a
/// newline: the batch path of `kpk probe --json` (no answer built, no JSON tree).
/// `tests/batch.rs` holds it equal to `serde_json`'s text of the typed answer on more than
/// 100,000 positions of every ending.
///
/// ```
/// use kpk_answers::probe::{Probe, write_json};
/// let fen = "8/8/8/8/8/4k3/8/4K2R w - - 0 1";
/// let pos = kpk_shakmaty::fen::parse(fen).unwrap().position;
/// let mut out = String::new();
/// write_json(&mut out, fen, &pos, 0);
/// let typed = serde_json::to_string(&Probe::from_tables(&pos, 0).with_fen(fen)).unwrap();
/// assert_eq!(out, typed + "\n");
/// ```
pub fn write_json(out: &mut String, fen: &str, pos: &Endgame, halfmoves: u32) {
    out.push_str("{\"fen\":");
    // serde_json escapes the text exactly as the typed answer's serialisation does
    out.push_str(&serde_json::to_string(fen.trim()).unwrap_or_else(|_| "\"\"".to_string()));
    out.push(',');
    let z = dtz::probe(pos);
    push_facts(out, pos, Category::of_wdl50(z.wdl50(halfmoves)), dtm::probe(pos), z);
    out.push_str(",\"moves\":[");
    let (list, n) = table_moves(pos, halfmoves);
    for (i, o) in list[..n].iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"uci\":\"");
        push_uci(out, o.mv);
        out.push_str("\",\"san\":\"");
        let _ = pos.write_san(o.mv, out);
        let (zeroing, conversion) = zeroing_and_conversion(pos, o.mv, &o.after);
        out.push_str("\",\"zeroing\":");
        push_bool(out, zeroing);
        out.push_str(",\"conversion\":");
        push_bool(out, conversion);
        out.push(',');
        push_facts(out, &o.after, o.category, o.dtm, o.dtz);
        out.push('}');
    }
    out.push_str("]}\n");
}
