//! Invariants of `kpk-score`.

use kpk_score::bands::{Band, INFINITE, MATE};
use kpk_score::tt::FIFTY_MOVE_PLIES;
use kpk_score::{Bound, BoundedScore, DrawPolicy, Grain, Ibv, Mate, Score, UciScore, delayed_loss};

use crate::Input;

/// UCI score text: parsing never panics, and a parsed value prints back to text that parses to
/// the same value (with its bound).
pub fn score_uci(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(s) = text.parse::<Score>() {
        assert!(s.get().abs() <= INFINITE);
        assert_eq!(s.to_string().parse::<Score>(), Ok(s), "{text:?}");
    }
    if let Ok(u) = text.parse::<UciScore>() {
        assert_eq!(u.to_string().parse::<UciScore>(), Ok(u), "{text:?}");
    }
}

fn bound(b: u8) -> Bound {
    match b % 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    }
}

/// Score operations on values drawn from the input: nothing panics and every documented law
/// holds.
pub fn score_ops(data: &[u8]) {
    let mut input = Input::new(data);
    let (a, b) = (input.i32(), input.i32());
    let ply = input.u32() % 300;
    let clock = input.u32() % 130;
    let bound = bound(input.u8());
    let grain = Grain::new(u32::from(input.u16()) % 4001);
    let draw = Score::new(input.i32() % 200);

    let (s, t) = (Score::new(a), Score::new(b));
    // the invariant, negation, arithmetic
    assert!(s.get().abs() <= INFINITE);
    assert_eq!(-(-s), s);
    let sum = i64::from(s.get()) + i64::from(b);
    let inside = sum.abs() <= i64::from(INFINITE);
    assert_eq!(s.checked_add(b).map(|v| i64::from(v.get())), inside.then_some(sum));
    assert!(s.saturating_add(b).get().abs() <= INFINITE);
    assert!(s.saturating_sub(b).get().abs() <= INFINITE);
    assert_eq!(Score::try_new(a).is_some(), i64::from(a).abs() <= i64::from(INFINITE));
    // bands and mates
    if let Some(m) = s.mate() {
        assert_eq!(m.score(), s);
        assert_eq!(s.uci_mate_moves(), Some(m.uci_moves()));
        let flipped = match m {
            Mate::Mating(n) => Mate::Mated(n),
            Mate::Mated(n) => Mate::Mating(n),
        };
        assert_eq!((-s).mate(), Some(flipped));
    }
    assert_eq!(s.is_heuristic(), s.band() == Band::Heuristic);
    // printing and parsing
    let printed = s.to_string();
    if let Ok(back) = printed.parse::<Score>() {
        // only distances a search produces at the root round-trip exactly: winning mates at
        // odd plies (and mate given), losing ones at even plies; the others keep their words
        match s.mate() {
            Some(Mate::Mating(n)) if n % 2 == 0 && n > 0 => {
                assert_eq!(back.uci_mate_moves(), s.uci_mate_moves());
            }
            Some(Mate::Mated(n)) if n % 2 == 1 => {
                assert_eq!(back.uci_mate_moves(), s.uci_mate_moves());
            }
            _ => assert_eq!(back, s, "{printed}"),
        }
    } else {
        assert!(s.band() == Band::Gap || s.get().abs() == INFINITE, "{s:?} printed {printed}");
    }
    // transposition table
    let entry = BoundedScore::new(s, bound);
    let stored = entry.to_tt(ply);
    let back = BoundedScore::from_tt(stored, ply, clock, draw);
    if s.is_heuristic() || s.band() == Band::Gap || s.get().abs() >= INFINITE {
        assert_eq!(back, entry);
    }
    if let Some(m) = back.score.mate()
        && back.bound == Bound::Exact
    {
        // no exact mate the 50-move rule may prevent
        let from_node = m.plies().saturating_sub(ply);
        assert!(from_node <= FIFTY_MOVE_PLIES.saturating_sub(clock), "{entry:?} -> {back:?}");
    }
    if s.mate().is_some() && back.score.mate().is_none() {
        // the proof could not be kept: a bound at the draw score on its true side
        let expected = if s.get() > 0 { Bound::Lower } else { Bound::Upper };
        assert_eq!(back, BoundedScore::new(draw, expected), "{entry:?} at ply {ply}");
    }
    // packing
    match s.pack15() {
        Ok(bits) => {
            assert_eq!(Score::unpack15(bits), s);
            assert_eq!(Score::extract15::<30>(u64::from(bits) << 30), s);
        }
        Err(e) => assert_eq!(e.value, INFINITE),
    }
    assert_eq!(Score::from_i16(s.to_i16()), Ok(s));
    assert_eq!(Score::from_f32_bits(s.to_f32_bits()), Ok(s));
    let _ = Score::from_f32_bits(input.u32());
    let _ = Score::from_i16(i16::from_le_bytes([input.u8(), input.u8()]));
    // grain
    if let Ok(g) = grain {
        let c = s.coarsen(g);
        assert_eq!(c.is_heuristic(), s.is_heuristic());
        if !s.is_heuristic() {
            assert_eq!(c, s);
        }
        assert_eq!((-s).coarsen(g), -c);
    }
    // integrated bounds and values
    for ibv in [Ibv::at_most(s), Ibv::exact(s), Ibv::at_least(s)] {
        assert_eq!(-(-ibv), ibv);
        assert_eq!(Ibv::from(ibv.decode()), ibv);
    }
    assert_eq!(Ibv::exact(s).cmp(&Ibv::exact(t)), s.cmp(&t));
    // the delayed-loss window keeps cut-off decisions
    let current = Score::eval(input.i32());
    let (alpha, beta) = if s <= t { (s, t) } else { (t, s) };
    let (ea, eb) = delayed_loss::enter(alpha, beta, current);
    let r = Score::new(input.i32());
    let out = delayed_loss::leave(r, current);
    if alpha.get().abs() < INFINITE && beta.get().abs() < INFINITE && r.get().abs() < MATE {
        assert_eq!(r <= ea, out <= alpha, "fail low {alpha:?} {r:?}");
        assert_eq!(r >= eb, out >= beta, "fail high {beta:?} {r:?}");
    }
    let converted = delayed_loss::to_ply_distance(s);
    assert_eq!(converted.mate().is_some(), s.mate().is_some());
    // draw policies
    let policy = match input.u8() % 3 {
        0 => DrawPolicy::Zero,
        1 => DrawPolicy::Contempt(a),
        _ => DrawPolicy::CrayBlitz,
    };
    let e = policy.eval(b);
    assert!(e.is_heuristic());
    assert!(policy.draw(ply).is_heuristic());
    assert!(policy.report(e).is_heuristic());
}
