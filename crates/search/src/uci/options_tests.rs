//! The tests of `options`: the declarations, their documentation and every option through
//! `setoption`.

use super::*;

/// `setoption name N [value V]` on `searcher` and `settings`.
fn set(
    searcher: &mut Searcher,
    settings: &mut Settings,
    name: &str,
    value: Option<&str>,
) -> Result<(), String> {
    let line = match value {
        Some(v) => format!("name {name} value {v}"),
        None => format!("name {name}"),
    };
    set_option(&line.split_whitespace().collect::<Vec<_>>(), searcher, settings)
}

/// What the options have set, to compare.
fn state(searcher: &Searcher, settings: &Settings) -> String {
    format!("{:?} {settings:?}", searcher.options())
}

#[test]
fn the_declarations_are_consistent() {
    for (i, option) in OPTIONS.iter().enumerate() {
        let name = option.name;
        assert!(
            OPTIONS[..i].iter().all(|o| !o.name.eq_ignore_ascii_case(name)),
            "{name} is declared twice"
        );
        assert!(!name.contains(" value ") && name.trim() == name, "{name}");
        assert!(!option.meaning.is_empty() && !option.meaning.contains('|'), "{name}");
        match option.kind {
            Kind::Spin { default, min, max, .. } => {
                assert!(min <= default && default <= max, "{name}");
            }
            Kind::Combo { default, values, .. } => {
                assert!(values.contains(&default), "{name}");
                for (j, v) in values.iter().enumerate() {
                    assert!(!v.contains(' '), "{name}: {v}");
                    assert!(
                        values[..j].iter().all(|w| !w.eq_ignore_ascii_case(v)),
                        "{name}: {v} twice"
                    );
                }
            }
            Kind::Check { .. } | Kind::Button { .. } | Kind::String { .. } => {}
        }
    }
}

/// The option table of the `uci` module's documentation is the declaration: names, types,
/// ranges, defaults and meanings, in the order of the `uci` listing.
#[test]
fn the_documentation_table_is_the_declaration() {
    let documented: Vec<&str> = include_str!("mod.rs")
        .lines()
        .filter_map(|line| line.strip_prefix("//! "))
        .filter(|line| line.starts_with("| `"))
        .collect();
    let declared: Vec<String> = OPTIONS.iter().map(UciOption::doc_row).collect();
    assert_eq!(
        documented,
        declared,
        "the table in uci/mod.rs should read:\n//! {}",
        declared.join("\n//! ")
    );
}

/// The README's `kpk uci` line names every option (it has no table to compare).
#[test]
fn the_readme_names_every_option() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
    // outside the workspace (a packaged crate) there is no README of the workspace
    let Ok(readme) = std::fs::read_to_string(path) else { return };
    let start = readme.find("kpk uci  ").expect("the README shows `kpk uci`");
    let mut lines = readme[start..].lines();
    let first = lines.next().and_then(|line| line.split_once('#')).map(|(_, c)| c.trim());
    // the comment goes on in lines that are only a comment
    let rest = lines.map_while(|line| line.trim_start().strip_prefix('#').map(str::trim));
    let block: Vec<&str> = first.into_iter().chain(rest).collect();
    let block = block.join(" ");
    for option in OPTIONS {
        assert!(block.contains(option.name), "README.md's `kpk uci` does not name {}", option.name);
    }
}

/// The engine's defaults, as they were written out before the options were declared once.
#[test]
fn the_defaults_are_the_engines() {
    let (searcher, settings) = defaults();
    let expected = Options {
        root_dtm: true,
        tables: true,
        selectivity: Selectivity::ALL,
        // the engine used to keep the library's 0, which the search reads as 1 too
        multi_pv: 1,
        ..Options::default()
    };
    assert_eq!(searcher.options(), expected);
    assert_eq!(settings.contempt, 0);
    assert_eq!(settings.overhead, Duration::from_millis(30));
    assert!(!settings.show_wdl && settings.syzygy.is_none());
    assert_eq!(settings.probe_limit, 7);
}

/// Every option takes its default, its bounds and each of its values (in any case), and
/// setting the default again restores the defaults; each combo value sets something of its
/// own; values outside the type or range are refused and change nothing.
#[test]
fn every_option_round_trips_through_setoption() {
    let (mut searcher, mut settings) = defaults();
    let initial = state(&searcher, &settings);
    for option in OPTIONS {
        let name = option.name;
        let mut accepted: Vec<String> = Vec::new();
        let mut refused: Vec<(String, String)> = Vec::new();
        match option.kind {
            Kind::Spin { default, min, max, .. } => {
                accepted.extend([min, max, default].map(|n| n.to_string()));
                for n in [min - 1, max + 1] {
                    refused.push((
                        n.to_string(),
                        format!("option {name}: {n} is outside {min}..={max}"),
                    ));
                }
                refused.push(("x".into(), format!("option {name}: `x` is not a number")));
                let no_value = set(&mut searcher, &mut settings, name, None);
                assert_eq!(no_value, Err(format!("option {name}: no value")));
            }
            Kind::Check { default, .. } => {
                accepted.extend(["true", "FALSE", "True"].map(String::from));
                accepted.push(default.to_string());
                refused.push(("1".into(), format!("option {name}: unknown value `1`")));
            }
            Kind::Combo { default, values, .. } => {
                let mut seen = Vec::new();
                for v in values {
                    set(&mut searcher, &mut settings, name, Some(v)).unwrap();
                    seen.push(state(&searcher, &settings));
                    set(&mut searcher, &mut settings, name, Some(&v.to_ascii_lowercase())).unwrap();
                    assert_eq!(state(&searcher, &settings), *seen.last().unwrap(), "{name} {v}");
                }
                for (i, s) in seen.iter().enumerate() {
                    assert!(!seen[..i].contains(s), "{name}: {} sets nothing new", values[i]);
                }
                accepted.push(default.to_string());
                refused
                    .push(("Nonsense".into(), format!("option {name}: unknown value `Nonsense`")));
            }
            Kind::Button { .. } => {
                set(&mut searcher, &mut settings, name, None).unwrap();
                set(&mut searcher, &mut settings, &name.to_ascii_uppercase(), None).unwrap();
            }
            Kind::String { default, .. } => accepted.push(default.to_string()),
        }
        for value in &accepted {
            set(&mut searcher, &mut settings, &name.to_ascii_lowercase(), Some(value))
                .unwrap_or_else(|e| panic!("{name} {value}: {e}"));
        }
        assert_eq!(state(&searcher, &settings), initial, "{name} at its default");
        for (value, message) in &refused {
            assert_eq!(set(&mut searcher, &mut settings, name, Some(value)), Err(message.clone()));
            assert_eq!(state(&searcher, &settings), initial, "{name} {value} changed something");
        }
    }
    let unknown = set(&mut searcher, &mut settings, "Nonsense", Some("3"));
    assert_eq!(unknown, Err("unknown option `Nonsense`".to_string()));
    assert_eq!(
        set_option(&["Hash"], &mut searcher, &mut settings),
        Err("setoption: expected `name`".to_string())
    );
}

/// `SyzygyPath` opens the files with the probe limit set before or after it; `<empty>`
/// closes them.
#[test]
fn syzygy_files_follow_the_path_and_the_probe_limit() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/syzygy");
    if !std::path::Path::new(dir).is_dir() {
        return;
    }
    let (mut searcher, mut settings) = defaults();
    set(&mut searcher, &mut settings, "SyzygyProbeLimit", Some("5")).unwrap();
    set(&mut searcher, &mut settings, "SyzygyPath", Some(dir)).unwrap();
    assert_eq!(searcher.syzygy().map(|s| s.probe_limit), Some(5));
    set(&mut searcher, &mut settings, "SyzygyProbeLimit", Some("6")).unwrap();
    assert_eq!(searcher.syzygy().map(|s| s.probe_limit), Some(6));
    set(&mut searcher, &mut settings, "SyzygyPath", Some("<empty>")).unwrap();
    assert!(searcher.syzygy().is_none() && settings.syzygy.is_none());
}
