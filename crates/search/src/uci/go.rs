//! The `go` command: its arguments, and the limits they give the search (time management).

use std::time::Duration;

use crate::search::Limits;

/// The arguments of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Go {
    depth: Option<u8>,
    nodes: Option<u64>,
    movetime: Option<u64>,
    wtime: Option<u64>,
    btime: Option<u64>,
    winc: Option<u64>,
    binc: Option<u64>,
    movestogo: Option<u64>,
    mate: Option<u32>,
    /// `go infinite`: the search answers only when told to stop.
    pub infinite: bool,
}

/// The arguments of `go` from the command's words after `go`.
pub(super) fn parse_go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut it = words.iter();
    while let Some(&word) = it.next() {
        let mut value = || -> Result<u64, String> {
            let v = it.next().ok_or(format!("go: `{word}` needs a number"))?;
            // clocks may run below zero in some GUIs: that is no time at all
            if let Some(neg) = v.strip_prefix('-') {
                return neg.parse::<u64>().map(|_| 0).map_err(|_| format!("go {word}: `{v}`"));
            }
            v.parse().map_err(|_| format!("go {word}: `{v}` is not a number"))
        };
        match word {
            "depth" => go.depth = Some(u8::try_from(value()?.clamp(1, 120)).unwrap_or(120)),
            "nodes" => go.nodes = Some(value()?),
            "movetime" => go.movetime = Some(value()?),
            "wtime" => go.wtime = Some(value()?),
            "btime" => go.btime = Some(value()?),
            "winc" => go.winc = Some(value()?),
            "binc" => go.binc = Some(value()?),
            "movestogo" => go.movestogo = Some(value()?),
            "mate" => go.mate = Some(u32::try_from(value()?).unwrap_or(u32::MAX)),
            "infinite" => go.infinite = true,
            "ponder" => {}
            "searchmoves" => return Err("go searchmoves is not supported".to_string()),
            other => return Err(format!("go: unknown argument `{other}`")),
        }
    }
    Ok(go)
}

impl Go {
    /// The search's limits for the side `turn` with `overhead` kept back for the GUI: the
    /// clock's share is `time / moves_to_go + 3/4 * increment` (30 moves to go when the GUI
    /// does not say), never more than a third of what is left.
    pub(super) fn limits(&self, turn: shakmaty::Color, overhead: Duration) -> Limits {
        let mut limits =
            Limits { depth: self.depth, nodes: self.nodes, mate: self.mate, time: None };
        if self.infinite {
            return Limits { time: None, ..limits };
        }
        let ms = Duration::from_millis;
        if let Some(t) = self.movetime {
            limits.time = Some(ms(t).saturating_sub(overhead).max(ms(1)));
        }
        let (time, inc) = match turn {
            shakmaty::Color::White => (self.wtime, self.winc),
            shakmaty::Color::Black => (self.btime, self.binc),
        };
        if let Some(left) = time {
            let to_go = self.movestogo.unwrap_or(30).clamp(1, 50);
            let share = left / to_go + inc.unwrap_or(0) * 3 / 4;
            let budget = ms(share.min(left / 3)).saturating_sub(overhead).max(ms(1));
            limits.time = Some(limits.time.map_or(budget, |t| t.min(budget)));
        }
        limits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budgets_stay_inside_the_time_left() {
        let go = parse_go(&["wtime", "1000", "btime", "900", "winc", "10", "binc", "10"]).unwrap();
        let white = go.limits(shakmaty::Color::White, Duration::from_millis(30)).time.unwrap();
        assert!(white < Duration::from_millis(1000 / 3), "{white:?}");
        assert!(white >= Duration::from_millis(1), "{white:?}");
        let low = parse_go(&["wtime", "5", "winc", "0"]).unwrap();
        let t = low.limits(shakmaty::Color::White, Duration::from_millis(30)).time.unwrap();
        assert_eq!(t, Duration::from_millis(1));
        assert_eq!(parse_go(&["wtime", "-20"]).unwrap().wtime, Some(0));
    }
}
