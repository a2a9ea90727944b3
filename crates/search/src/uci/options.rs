//! The UCI options, each declared once in [`OPTIONS`] (its name, type, default, range, meaning
//! and what a value sets), and what is derived from the declaration: the `option name ...`
//! lines of the `uci` command, `setoption` with its checks, the engine's state before any
//! `setoption`, and (checked by a unit test) the option table of the `uci` module's
//! documentation.

use std::sync::Arc;
use std::time::Duration;

use kpk_score::{DrawPolicy, Grain};

use crate::eval::Knowledge;
use crate::search::{Driver, Options, Searcher, Syzygy, TtScheme};
use crate::selective::Selectivity;

/// The engine's settings that are not the searcher's: what the protocol loop reads.
#[derive(Clone, Debug, Default)]
pub(super) struct Settings {
    /// The `Contempt` value, used whenever `DrawPolicy` is `Contempt`.
    pub contempt: i32,
    /// `Move Overhead`: time kept back for the GUI's lag.
    pub overhead: Duration,
    /// `UCI_ShowWDL`: each `info` line carries `wdl W D L`.
    pub show_wdl: bool,
    /// The files of `SyzygyPath` (none until it is set).
    pub syzygy: Option<Syzygy>,
    /// `SyzygyProbeLimit`, kept for files that are opened later.
    pub probe_limit: usize,
}

/// What a value goes to: the searcher (its table and files), a copy of its options that is
/// handed back when the value has been taken, and the engine's own settings.
pub(super) struct Target<'a> {
    searcher: &'a mut Searcher,
    options: Options,
    settings: &'a mut Settings,
}

/// A UCI option's type, with its default and range, and the function that applies a value of
/// that type (checked against the range) to the engine.
#[derive(Clone, Copy)]
pub(super) enum Kind {
    /// An integer between `min` and `max`.
    Spin { default: i64, min: i64, max: i64, set: fn(&mut Target<'_>, i64) },
    /// `true` or `false`.
    Check { default: bool, set: fn(&mut Target<'_>, bool) },
    /// One of `values` (any case), handed to `set` as declared.
    Combo {
        default: &'static str,
        values: &'static [&'static str],
        set: fn(&mut Target<'_>, &'static str),
    },
    /// No value: an action.
    Button { press: fn(&mut Target<'_>) },
    /// Any text; `set` may refuse it, with the reason.
    String { default: &'static str, set: fn(&mut Target<'_>, &str) -> Result<(), String> },
}

/// One UCI option.
#[derive(Clone, Copy)]
pub(super) struct UciOption {
    /// The name the GUI shows and sends (matched in any case).
    pub name: &'static str,
    /// The type, default and range, and what a value sets.
    pub kind: Kind,
    /// What it means, as the documentation's table says it (Markdown; read by the test that
    /// checks the table).
    #[cfg_attr(not(test), allow(dead_code))]
    pub meaning: &'static str,
}

/// Every option, in the order the `uci` command lists them.
pub(super) const OPTIONS: &[UciOption] = &[
    UciOption {
        name: "Hash",
        kind: Kind::Spin {
            default: 16,
            min: 1,
            max: 4096,
            set: |to, mib| to.searcher.resize(fit(mib)),
        },
        meaning: "transposition table size in MiB",
    },
    UciOption {
        name: "Clear Hash",
        kind: Kind::Button { press: |to| to.searcher.clear() },
        meaning: "empty the table",
    },
    UciOption {
        name: "DrawPolicy",
        kind: Kind::Combo {
            default: "Zero",
            values: &["Zero", "Contempt", "CrayBlitz"],
            set: |to, policy| {
                to.options.draw = match policy {
                    "Zero" => DrawPolicy::Zero,
                    "Contempt" => DrawPolicy::Contempt(to.settings.contempt),
                    _ => DrawPolicy::CrayBlitz,
                };
            },
        },
        meaning: "how draws score ([`DrawPolicy`](kpk_score::DrawPolicy))",
    },
    UciOption {
        name: "Contempt",
        kind: Kind::Spin { default: 0, min: -1000, max: 1000, set: set_contempt },
        meaning: "centipawns a draw costs the engine under `Contempt`",
    },
    UciOption {
        name: "Grain",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 100,
            set: |to, step| {
                let step: u32 = fit(step);
                to.options.grain = if step == 1 { None } else { Grain::new(step).ok() };
            },
        },
        meaning: "evaluations rounded to this many centipawns",
    },
    UciOption {
        name: "TTScheme",
        kind: Kind::Combo {
            default: "PlyDistance",
            values: &["PlyDistance", "DelayedLoss"],
            set: |to, scheme| {
                to.options.scheme = match scheme {
                    "PlyDistance" => TtScheme::PlyDistance,
                    _ => TtScheme::DelayedLoss,
                };
            },
        },
        meaning: "how mate distances go through the table",
    },
    UciOption {
        name: "Knowledge",
        kind: Kind::Combo {
            default: "Progress",
            values: &["Progress", "PawnRank", "Recognizer", "Rules", "Off"],
            set: |to, knowledge| {
                to.options.knowledge = match knowledge {
                    "Progress" => Knowledge::Progress,
                    "PawnRank" => Knowledge::PawnRank,
                    "Recognizer" => Knowledge::Recognizer,
                    "Rules" => Knowledge::Rules,
                    _ => Knowledge::Off,
                };
            },
        },
        meaning: "endgame knowledge ([`Knowledge`](crate::eval::Knowledge))",
    },
    UciOption {
        name: "Search",
        kind: Kind::Combo {
            default: "PVS",
            values: &["PVS", "MTDf"],
            set: |to, driver| {
                to.options.driver = match driver {
                    "PVS" => Driver::Pvs,
                    _ => Driver::Mtdf,
                };
            },
        },
        meaning: "the driver",
    },
    UciOption {
        name: "RootDTM",
        kind: Kind::Check { default: true, set: |to, on| to.options.root_dtm = on },
        meaning: "answer a root of at most three men from the tables: the quickest mate the \
                  50-move rule allows from the root's clock (with its line), a draw for a \
                  cursed win",
    },
    UciOption {
        name: "Tables",
        kind: Kind::Check { default: true, set: |to, on| to.options.tables = on },
        meaning: "probe the tables at every node of at most three men below the root: exact \
                  mate scores (`mate N` for a longer position that converts into a known mate) \
                  and draws, under the 50-move rule; false searches those endings too",
    },
    UciOption {
        name: "Selective",
        kind: Kind::Check {
            default: true,
            set: |to, on| {
                to.options.selectivity = if on { Selectivity::ALL } else { Selectivity::NONE };
            },
        },
        meaning: "the selective search of [`crate::selective`] (check, single-reply and \
                  mate-threat extensions, null move, late-move reductions, internal iterative \
                  reduction, futility and razoring, aspiration windows, the quiescence \
                  search's delta pruning and table); false searches full width",
    },
    UciOption {
        name: "UCI_ShowWDL",
        kind: Kind::Check { default: false, set: |to, on| to.settings.show_wdl = on },
        meaning: "each `info` line carries `wdl W D L` in permille ([`wdl_permille`]: certain \
                  for a mate or a known result, a logistic model of the evaluation otherwise)",
    },
    UciOption {
        name: "MultiPV",
        kind: Kind::Spin {
            default: 1,
            min: 1,
            max: 32,
            set: |to, lines| to.options.multi_pv = fit(lines),
        },
        meaning: "lines per iteration: the best, then the best with that first move excluded, \
                  ...; each `info` line carries `multipv N` when more than one is asked",
    },
    UciOption {
        name: "Move Overhead",
        kind: Kind::Spin {
            default: 30,
            min: 0,
            max: 5000,
            set: |to, ms| to.settings.overhead = Duration::from_millis(ms.unsigned_abs()),
        },
        meaning: "milliseconds kept back for the GUI's lag",
    },
    UciOption {
        name: "SyzygyPath",
        kind: Kind::String { default: "<empty>", set: set_syzygy_path },
        meaning: "directories of Syzygy files (`KQvKR.rtbw`, `KQvKR.rtbz`, ...), separated by \
                  `:` (`;` on Windows): a root they hold is answered from them (the move that \
                  keeps the best result under the 50-move rule and zeroes soonest, scored in \
                  the known-win band), and below the root a position just reached by a \
                  capture or a pawn move takes its WDL from them; three men stay with the \
                  embedded tables (exact mates). A directory that cannot be read, or a file \
                  whose size no table can have, is named in an `info string` (the tables added \
                  before it are kept); a file whose contents do not decode is passed over when \
                  a position needs it (the search answers instead)",
    },
    UciOption {
        // the largest Syzygy tables have seven men
        name: "SyzygyProbeLimit",
        kind: Kind::Spin { default: 7, min: 0, max: 7, set: set_probe_limit },
        meaning: "the most men of a position the files are probed for",
    },
];

/// `n`, already checked against the option's range, as the setting's type.
fn fit<T: TryFrom<i64> + Default>(n: i64) -> T {
    T::try_from(n).unwrap_or_default()
}

fn set_contempt(to: &mut Target<'_>, contempt: i64) {
    to.settings.contempt = fit(contempt);
    if let DrawPolicy::Contempt(_) = to.options.draw {
        to.options.draw = DrawPolicy::Contempt(to.settings.contempt);
    }
}

fn set_syzygy_path(to: &mut Target<'_>, path: &str) -> Result<(), String> {
    let (syzygy, problems) = open_syzygy(path, to.settings.probe_limit);
    to.settings.syzygy = syzygy;
    to.searcher.set_syzygy(to.settings.syzygy.clone());
    if problems.is_empty() { Ok(()) } else { Err(problems.join("; ")) }
}

fn set_probe_limit(to: &mut Target<'_>, men: i64) {
    to.settings.probe_limit = fit(men);
    if let Some(s) = to.settings.syzygy.as_mut() {
        s.probe_limit = to.settings.probe_limit;
    }
    to.searcher.set_syzygy(to.settings.syzygy.clone());
}

/// The Syzygy files of a `SyzygyPath` value (directories separated by the platform's path
/// separator; empty or `<empty>` for none) probed up to `probe_limit` men, and what went wrong
/// with each directory that could not be added (the directories that could are kept).
fn open_syzygy(path: &str, probe_limit: usize) -> (Option<Syzygy>, Vec<String>) {
    let mut tables = kpk_syzygy::Tablebases::new();
    let mut problems = Vec::new();
    let path = path.trim();
    if path.is_empty() || path == "<empty>" {
        return (None, problems);
    }
    for dir in std::env::split_paths(path).filter(|d| !d.as_os_str().is_empty()) {
        if let Err(e) = tables.add_directory(&dir) {
            problems.push(format!("SyzygyPath: {e}"));
        }
    }
    // the tables added before a damaged file are kept and used
    let any = tables.files().next().is_some();
    let syzygy = any.then(|| Syzygy { tables: Arc::new(tables), probe_limit });
    (syzygy, problems)
}

impl UciOption {
    /// The option's line in the answer to `uci`: `option name N type T ...`.
    pub(super) fn uci_line(&self) -> String {
        let name = self.name;
        match self.kind {
            Kind::Spin { default, min, max, .. } => {
                format!("option name {name} type spin default {default} min {min} max {max}")
            }
            Kind::Check { default, .. } => {
                format!("option name {name} type check default {default}")
            }
            Kind::Combo { default, values, .. } => {
                let vars: String = values.iter().map(|v| format!(" var {v}")).collect();
                format!("option name {name} type combo default {default}{vars}")
            }
            Kind::Button { .. } => format!("option name {name} type button"),
            Kind::String { default, .. } => {
                format!("option name {name} type string default {default}")
            }
        }
    }

    /// The option's row in the documentation's table: name, type with range and default,
    /// meaning.
    #[cfg(test)]
    fn doc_row(&self) -> String {
        let kind = match self.kind {
            Kind::Spin { default, min, max, .. } => format!("spin {min}-{max}, default {default}"),
            Kind::Check { default, .. } => format!("check, default {default}"),
            Kind::Combo { default, values, .. } => {
                let values: Vec<String> = values.iter().map(|v| format!("`{v}`")).collect();
                format!("combo {}, default `{default}`", values.join(", "))
            }
            Kind::Button { .. } => "button".to_string(),
            Kind::String { default, .. } => format!("string, default `{default}`"),
        };
        format!("| `{}` | {kind} | {} |", self.name, self.meaning)
    }

    /// The option's default as `setoption` takes it (none for a button).
    fn default_value(&self) -> Option<String> {
        match self.kind {
            Kind::Spin { default, .. } => Some(default.to_string()),
            Kind::Check { default, .. } => Some(default.to_string()),
            Kind::Combo { default, .. } | Kind::String { default, .. } => Some(default.to_string()),
            Kind::Button { .. } => None,
        }
    }

    /// Sets the option to `value` (checked against its type and range; `asked` is the name as
    /// the GUI sent it, which a spin's messages repeat). The searcher's options change only
    /// when the value is taken.
    fn set(
        &self,
        searcher: &mut Searcher,
        settings: &mut Settings,
        asked: &str,
        value: Option<&str>,
    ) -> Result<(), String> {
        let mut to = Target { options: searcher.options(), searcher, settings };
        self.apply(&mut to, asked, value)?;
        to.searcher.set_options(to.options);
        Ok(())
    }

    /// Checks `value` against the option's type and range and applies it; `asked` is the name
    /// as the GUI sent it, which a spin's messages repeat.
    fn apply(&self, to: &mut Target<'_>, asked: &str, value: Option<&str>) -> Result<(), String> {
        let word = value.unwrap_or("");
        match self.kind {
            Kind::Spin { min, max, set, .. } => {
                let v = value.ok_or(format!("option {asked}: no value"))?;
                let n: i64 =
                    v.parse().map_err(|_| format!("option {asked}: `{v}` is not a number"))?;
                if !(min..=max).contains(&n) {
                    return Err(format!("option {asked}: {n} is outside {min}..={max}"));
                }
                set(to, n);
            }
            Kind::Check { set, .. } => set(to, self.choose(word, &["true", "false"])? == "true"),
            Kind::Combo { values, set, .. } => set(to, self.choose(word, values)?),
            Kind::Button { press } => press(to),
            Kind::String { set, .. } => set(to, word)?,
        }
        Ok(())
    }

    /// The value among `values` that `word` names (in any case).
    fn choose(&self, word: &str, values: &[&'static str]) -> Result<&'static str, String> {
        values
            .iter()
            .find(|v| word.eq_ignore_ascii_case(v))
            .copied()
            .ok_or_else(|| format!("option {}: unknown value `{word}`", self.name))
    }
}

/// `setoption`: `words` are the command's words after `setoption` (`name N [value V]`).
pub(super) fn set_option(
    words: &[&str],
    searcher: &mut Searcher,
    settings: &mut Settings,
) -> Result<(), String> {
    let joined = words.join(" ");
    let body = joined.strip_prefix("name ").ok_or("setoption: expected `name`")?;
    let (name, value) = match body.split_once(" value ") {
        Some((n, v)) => (n.trim(), Some(v.trim())),
        None => (body.trim(), None),
    };
    let option = OPTIONS
        .iter()
        .find(|o| o.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("unknown option `{name}`"))?;
    option.set(searcher, settings, name, value)
}

/// A searcher and settings with every option at its default: the engine before any
/// `setoption`. (The searcher library's own defaults measure the search alone; the engine's
/// turn the tables on at the root and below it, so GUIs get `mate N` from them.)
pub(super) fn defaults() -> (Searcher, Settings) {
    let (mut searcher, mut settings) = (Searcher::new(1), Settings::default());
    for option in OPTIONS {
        if let Some(value) = option.default_value() {
            // a default is in its range, and `<empty>` opens no files: nothing is refused
            let _ = option.set(&mut searcher, &mut settings, option.name, Some(&value));
        }
    }
    (searcher, settings)
}

#[cfg(test)]
#[path = "options_tests.rs"]
mod tests;
