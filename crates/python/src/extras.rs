//! What python-chess does not have: the lichess-shaped answer, best moves and the optimal line
//! as `chess.Move` lists, the KPK rules (classify, recognize, explain, the rule report), the
//! raw bitbase probe from squares, and batch probes for data work.

use kpk::{Color, Endgame, Wdl, bitbase, dtm, dtz};
use kpk_answers::explain::Explanation;
use kpk_answers::lesson;
use kpk_answers::line::Line;
use kpk_answers::notation::Notation;
use kpk_answers::probe::Probe;
use kpk_answers::report::RulesReport;
use kpk_shakmaty::fen::{self, ParsedFen};
use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use crate::board;
use crate::json::to_py;

/// The board's FEN parsed by the answers' reader: the one path with typed messages for the
/// functions that are not hot (a `KeyError` names what is wrong, as the probers raise).
fn parsed(board: &Bound<'_, PyAny>) -> PyResult<(String, ParsedFen)> {
    let fen: String = board.call_method0("fen")?.extract()?;
    match fen::parse(&fen) {
        Ok(p) => Ok((fen, p)),
        Err(e) => Err(PyKeyError::new_err(e.to_string())),
    }
}

/// A `kpk` move as a `chess.Move`.
fn chess_move<'py>(py: Python<'py>, mv: kpk::Move) -> PyResult<Bound<'py, PyAny>> {
    py.import("chess")?.getattr("Move")?.call_method1("from_uci", (mv.to_string(),))
}

fn wdl_name(w: Wdl) -> &'static str {
    w.as_str()
}

/// The answer of the tables in the lichess tablebase API's shape, as a dict: `category`
/// (under the board's halfmove clock), `dtm`, `dtz`, `checkmate`, ... and `moves`, best first,
/// each with `uci`, `san`, `zeroing`, `conversion` and the same facts after the move.
///
/// Raises `KeyError` for a board these tables do not hold.
#[pyfunction]
pub fn probe<'py>(py: Python<'py>, board: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let (_, p) = parsed(board)?;
    let value = serde_json::to_value(Probe::from_tables(&p.position, p.halfmoves))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    to_py(py, &value)
}

/// Every move that reaches the best outcome at the best distance (the quickest mate, the
/// longest defence, or any move that keeps a draw), as `chess.Move`s, in square order.
#[pyfunction]
pub fn best_moves<'py>(py: Python<'py>, board: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    let (pos, _) = position(board)?;
    let outcomes: Vec<_> = dtm::outcomes(&pos).collect();
    let best = outcomes.first().map(dtm::MoveOutcome::mover_dtm);
    let list = PyList::empty(py);
    for o in outcomes.iter().filter(|o| Some(o.mover_dtm()) == best) {
        list.append(chess_move(py, o.mv)?)?;
    }
    Ok(list)
}

/// The optimal line as `chess.Move`s: the quickest mate for the winner against the longest
/// defence, under the 50-move rule from the board's clock (empty for a draw).
#[pyfunction]
pub fn optimal_line<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let (fen, p) = parsed(board)?;
    let line = Line::of(&fen, &p.position, p.halfmoves);
    let list = PyList::empty(py);
    let mut at = p.position;
    for step in &line.steps {
        let mv = at
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| Notation::uci(m) == step.uci)
            .ok_or_else(|| PyValueError::new_err("a line step is not a legal move"))?;
        at = at.play(mv).map_err(|e| PyValueError::new_err(e.to_string()))?;
        list.append(chess_move(py, mv)?)?;
    }
    Ok(list)
}

/// The rules' verdict on a position of at most three men, with no table: a dict with `wdl`
/// (`"win"`, `"draw"` or `"loss"` for the side to move), `basis` (`"rule"`, `"proof"` or
/// `"material"`), `rule` (the rule's id, or `None`) and `plies` (the proof's depth, or `None`).
#[pyfunction]
pub fn classify<'py>(py: Python<'py>, board: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let (pos, _) = position(board)?;
    let c = kpk_rules::classify_endgame(&pos);
    let d = PyDict::new(py);
    d.set_item("wdl", wdl_name(c.wdl))?;
    let plies = match c.basis {
        kpk_rules::Basis::Proof { plies } => Some(plies),
        _ => None,
    };
    d.set_item("basis", c.basis.name())?;
    d.set_item("rule", c.basis.rule_id())?;
    d.set_item("plies", plies)?;
    Ok(d)
}

/// The sound recognizer (the rules at sight and one ply deeper): `"win"`, `"draw"` or `"loss"`
/// for the side to move, or `None` where it does not decide. Never wrong.
#[pyfunction]
pub fn recognize(board: &Bound<'_, PyAny>) -> PyResult<Option<&'static str>> {
    let (pos, _) = position(board)?;
    Ok(kpk_rules::recognize_endgame(&pos).map(wdl_name))
}

/// Why the position is won or drawn, in chess words, as a dict: the verdict, its basis, the
/// rule or the proof written out (line, how it ends, the refuted tries), the key squares, the
/// square of the pawn, the tables' first move, and the reason.
#[pyfunction]
pub fn explain<'py>(py: Python<'py>, board: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let (fen, p) = parsed(board)?;
    let value = serde_json::to_value(Explanation::of(&fen, &p))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    to_py(py, &value)
}

/// The board as a KPK position, or a `ValueError` naming its material.
fn kpk_board(
    board: &Bound<'_, PyAny>,
    what: &str,
) -> PyResult<(String, ParsedFen, kpk::KpkPosition)> {
    let (fen, p) = parsed(board)?;
    match p.position.as_kpk() {
        Some(k) => Ok((fen, p, k)),
        None => Err(PyValueError::new_err(format!(
            "{what} needs a KPK position (two kings and one pawn), not {}",
            fen::material_name(&kpk_shakmaty::to_chess(&p.position))
        ))),
    }
}

/// The rules' plan for a KPK position: a dict with `move` (a `chess.Move`), `uci`, `san`,
/// `aim` (a stable name: `"opposition"`, `"key_square"`, `"run"`, ...), `reason` (chess
/// words) and `progress` (where the side with the pawn is to move and wins, the measure that
/// falls with every plan move: `ranks_to_go`, `king_steps`, `tempi`, `king_ranks_to_go`);
/// `None` when the side to move has no legal move. The board's halfmove clock counts: where
/// the 50-move rule bears on the position, the plan is a move that keeps the best result the
/// rule allows (aim `"in_time"` where the rules' own move would not).
///
/// Raises `ValueError` for a board that is not KPK, `KeyError` for one the reader refuses.
#[pyfunction]
pub fn plan<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let (_, p, k) = kpk_board(board, "the plan")?;
    let Some(planned) = lesson::plan_and_verdicts(&k, p.halfmoves, p.fullmoves).0 else {
        return Ok(None);
    };
    let value = serde_json::to_value(&planned).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let d = to_py(py, &value)?;
    d.set_item("move", chess_move(py, planned.mv)?)?;
    Ok(Some(d))
}

/// The coach's verdict on one move of a KPK position (a `chess.Move` or a UCI string): a dict
/// with `move`, `uci`, `san` and `verdict`: `kind` (`"only"` for the only move that keeps the
/// result, `"keeps"` or `"throws"`), `mark` (`"!"`, `"?"` or `""`, as the books mark moves),
/// `plan` (whether it is the plan's move), `stalemate`, `result` (`"win"`, `"draw"` or `"loss"`
/// for the side that plays it, after it), `idea` (the chess idea it names, such as
/// `"opposition"`, or `None`), `reason` (chess words, a clause), `sentence` (the same as the
/// coach's line says it, a capital and a full stop) and `refutation` (where the move changes
/// the result: `moves` and the numbered `notation`, else `None`). The board's halfmove clock
/// counts: the move is judged by its result under the 50-move rule.
///
/// Raises `ValueError` for a board that is not KPK or a move that is not legal on it.
#[pyfunction]
pub fn judge<'py>(
    py: Python<'py>,
    board: &Bound<'py, PyAny>,
    mv: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let (fen, p, k) = kpk_board(board, "the coach")?;
    let uci: String = match mv.extract::<String>() {
        Ok(s) => s,
        Err(_) => mv.call_method0("uci")?.extract()?,
    };
    let game = Endgame::from(k);
    let m = game
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| Notation::uci(m) == uci.as_str())
        .ok_or_else(|| PyValueError::new_err(format!("{uci} is not a legal move in {fen}")))?;
    // every move judged under the rule (a verdict weighs the move against the others)
    let (_, all) = lesson::plan_and_verdicts(&k, p.halfmoves, p.fullmoves);
    let judged = all
        .into_iter()
        .find(|j| j.uci == uci.as_str())
        .ok_or_else(|| PyValueError::new_err(format!("{uci} is not a legal move in {fen}")))?;
    let value = serde_json::to_value(&judged).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let d = to_py(py, &value)?;
    d.set_item("move", chess_move(py, m)?)?;
    Ok(d)
}

/// Every rule of the literature measured over all 662,704 legal KPK positions against the
/// bitbase, as `kpk rules` prints it (a dict; takes a few seconds).
#[pyfunction]
pub fn rules_report(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    let report = py.detach(RulesReport::measure);
    let value = serde_json::to_value(report).map_err(|e| PyValueError::new_err(e.to_string()))?;
    to_py(py, &value)
}

/// A square given from Python: an int 0..=63, or a `ValueError` naming the argument.
fn square_arg(name: &str, v: &Bound<'_, PyAny>) -> PyResult<u8> {
    match v.extract::<i64>() {
        Ok(i) if (0..64).contains(&i) => Ok(u8::try_from(i).unwrap_or(0)),
        Ok(i) => Err(PyValueError::new_err(format!(
            "{name} must be a square from 0 (a1) to 63 (h8), not {i}"
        ))),
        Err(_) => Err(PyValueError::new_err(format!(
            "{name} must be a square from 0 (a1) to 63 (h8), not {}",
            v.repr().map(|r| r.to_string()).unwrap_or_default()
        ))),
    }
}

/// The bitbase from squares (0 = a1 ... 63 = h8, as python-chess numbers them): 1 if the side
/// to move wins, 0 for a draw, -1 if it loses. `pawn_color` and `turn` are python-chess
/// colours (`chess.WHITE` is `True`; any value is read as true or false).
///
/// Raises `ValueError` naming the problem for a square outside 0..63 or an illegal position.
#[pyfunction]
pub fn probe_squares(
    strong_king: &Bound<'_, PyAny>,
    pawn: &Bound<'_, PyAny>,
    weak_king: &Bound<'_, PyAny>,
    pawn_color: &Bound<'_, PyAny>,
    turn: &Bound<'_, PyAny>,
) -> PyResult<i32> {
    let color = |white: bool| if white { Color::White } else { Color::Black };
    let squares = bitbase::Squares {
        strong_king: square_arg("strong_king", strong_king)?,
        pawn: square_arg("pawn", pawn)?,
        weak_king: square_arg("weak_king", weak_king)?,
        strong_side: color(pawn_color.is_truthy()?),
        side_to_move: color(turn.is_truthy()?),
    };
    bitbase::probe_squares_checked(squares)
        .map(|w| i32::from(w.signum()))
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The bitbase over many positions given as bytes, five per position: strong king, pawn,
/// weak king (squares 0..63), then 1 if the pawn is black, 1 if the side without the pawn is
/// to move. Returns one signed byte per position (1 win, 0 draw, -1 loss for the side to
/// move), as `bytes`. The positions must be legal (as `kpk.probe_squares` accepts); any other
/// input is answered without error, meaninglessly.
///
/// `squares` is `bytes` or anything `bytes()` accepts (a `bytearray`, a `memoryview`).
///
/// Raises `ValueError` when the length is not a multiple of 5.
#[pyfunction]
pub fn probe_squares_bytes<'py>(
    py: Python<'py>,
    squares: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyBytes>> {
    let owned;
    let squares: &[u8] = match squares.cast::<PyBytes>() {
        Ok(b) => b.as_bytes(),
        Err(_) => {
            owned = py.import("builtins")?.getattr("bytes")?.call1((squares,))?;
            owned.cast::<PyBytes>()?.as_bytes()
        }
    };
    if !squares.len().is_multiple_of(5) {
        return Err(PyValueError::new_err(format!(
            "expected 5 bytes a position (strong king, pawn, weak king, pawn is black, defender \
             to move), got {} bytes",
            squares.len()
        )));
    }
    let out = py.detach(|| {
        squares
            .chunks_exact(5)
            .map(|c| {
                let pawn_color = if c[3] != 0 { Color::Black } else { Color::White };
                let strong_to_move = c[4] == 0;
                let side_to_move = if strong_to_move { pawn_color } else { pawn_color.other() };
                let w = bitbase::probe_squares(bitbase::Squares {
                    strong_king: c[0] & 63,
                    pawn: c[1] & 63,
                    weak_king: c[2] & 63,
                    strong_side: pawn_color,
                    side_to_move,
                });
                w.signum().to_ne_bytes()[0]
            })
            .collect::<Vec<u8>>()
    });
    Ok(PyBytes::new(py, &out))
}

/// `value` of each board, `None` in place of a board these tables do not hold.
fn many<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
    value: impl Fn(&Endgame) -> i32,
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for board in boards.try_iter()? {
        match board::read(&board?)? {
            Ok((pos, _)) => list.append(value(&pos))?,
            Err(_) => list.append(py.None())?,
        }
    }
    Ok(list)
}

/// Gaviota's DTM of many boards at once (0 for draws and checkmated positions), a list of
/// ints; `None` in place of a board these tables do not hold.
#[pyfunction]
pub fn probe_dtm_many<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    many(py, boards, |pos| dtm::probe(pos).map_or(0, dtm::Dtm::plies))
}

/// The DTZ (Syzygy's convention) of many boards at once, a list of ints; `None` in place of a
/// board these tables do not hold.
#[pyfunction]
pub fn probe_dtz_many<'py>(
    py: Python<'py>,
    boards: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    many(py, boards, |pos| dtz::probe(pos).plies())
}

/// The board as a position of these tables, or a `KeyError` that says why not.
fn position(board: &Bound<'_, PyAny>) -> PyResult<(Endgame, u32)> {
    match board::read(board)? {
        Ok(found) => Ok(found),
        Err(_) => parsed(board).map(|(_, p)| (p.position, p.halfmoves)),
    }
}
