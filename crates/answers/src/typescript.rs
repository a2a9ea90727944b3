//! The answers' TypeScript types, generated from these Rust types (`ts-rs` derives beside the
//! `serde` derives, so a field's name, optionality and type are declared once): the npm
//! package's and the page's wire types.
//!
//! [`declarations`] writes every answer type and everything it refers to as one TypeScript
//! module; `tools/typescript` writes it to `npm/answers.d.ts`, and `tests/typescript.rs` holds
//! that file equal to it. The names the answers take from the library crates (an idea, an aim,
//! a verdict, a basis) are unions of their strings, listed from the library's own values
//! ([`crate::ts_names`]).
//!
//! ```
//! let ts = kpk_answers::typescript::declarations();
//! assert!(ts.contains("export type Probe = "));
//! assert!(ts.contains(r#"export type Category = "win" | "cursed-win""#));
//! ```

use std::collections::BTreeMap;

use ts_rs::{Config, TS, TypeVisitor};

use crate::analysis::{Done, Iteration};
use crate::api::{ErrorAnswer, LineError};
use crate::explain::Explanation;
use crate::line::Line;
use crate::mainline::Mainline;
use crate::map::DefenderMap;
use crate::outcome::Outcome;
use crate::probe::Probe;
use crate::report::RulesReport;
use crate::score::ScoreAnswer;
use crate::view::View;

/// Collects the declaration of each type met and of the types it refers to, by name (so the
/// file's order does not depend on the order the derives visit them in).
struct Collect<'a> {
    cfg: &'a Config,
    /// Each declaration by its TypeScript name, with the Rust type it declares.
    out: BTreeMap<String, (&'static str, String)>,
}

impl TypeVisitor for Collect<'_> {
    /// # Panics
    /// Where two Rust types would take one TypeScript name (one would hide the other).
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        let name = T::ident(self.cfg);
        let rust = std::any::type_name::<T>();
        if T::output_path().is_none() {
            return;
        }
        if let Some((other, _)) = self.out.get(&name) {
            assert!(*other == rust, "{rust} and {other} are both {name} in TypeScript");
            return;
        }
        let docs = T::docs().unwrap_or_default();
        self.out.insert(name, (rust, format!("{docs}export {}\n", T::decl(self.cfg))));
        T::visit_dependencies(self);
    }
}

/// Every answer's TypeScript type, and the types they refer to, as one module (in the order of
/// their names): what each route
/// and command answers (`Probe`, `Mainline`, `DefenderMap`, `Line`, `Explanation`,
/// `ScoreAnswer`, the engine's `Iteration` and `Done`, `RulesReport`), a refusal (`ErrorAnswer`)
/// and a batch line's refusal (`LineError`).
#[must_use]
pub fn declarations() -> String {
    // every count fits a JavaScript number (nodes and milliseconds below 2^53)
    let cfg = Config::new().with_large_int("number");
    let mut collect = Collect { cfg: &cfg, out: BTreeMap::new() };
    collect.visit::<Probe>();
    collect.visit::<Outcome>();
    collect.visit::<Mainline>();
    collect.visit::<DefenderMap>();
    collect.visit::<Line>();
    collect.visit::<Explanation>();
    collect.visit::<ScoreAnswer>();
    collect.visit::<Iteration>();
    collect.visit::<Done>();
    collect.visit::<RulesReport>();
    collect.visit::<View>();
    collect.visit::<ErrorAnswer>();
    collect.visit::<LineError>();
    let mut text = String::from(
        "// The answers' types, generated from the Rust types of kpk-answers by\n\
         // `tools/typescript`: do not edit.\n\n",
    );
    let declarations: Vec<String> = collect.out.into_values().map(|(_, decl)| decl).collect();
    text.push_str(&tidy(&declarations.join("\n")));
    text
}

/// The routes of [`crate::routes::ALL`] as a TypeScript module for the page
/// (`crates/server/web/src/routes.ts`): one constant, `ROUTES`, each route by its key with its
/// path and the module's name for it.
///
/// ```
/// let ts = kpk_answers::typescript::routes();
/// assert!(ts.contains(r#"view: { path: "/view", module: "view" },"#));
/// assert!(ts.contains(r#"engine: { path: "/engine", module: null },"#));
/// ```
#[must_use]
pub fn routes() -> String {
    let mut text = String::from(
        "// The routes of kpk serve the page asks, generated from kpk_answers::routes by\n\
         // `tools/typescript`: do not edit.\n\n\
         /** Each route by its key: its path in kpk serve, the module's name for its answer. */\n\
         export const ROUTES = {\n",
    );
    for r in crate::routes::ALL {
        let module = r.module.map_or_else(|| "null".to_string(), |m| format!("{m:?}"));
        text.push_str(&format!("  {}: {{ path: {:?}, module: {module} }},\n", r.key, r.path));
    }
    text.push_str("} as const;\n");
    text
}

/// The declarations as a person reads them: the doc comments without their Rust examples, each
/// object's fields indented, one per line.
fn tidy(generated: &str) -> String {
    let mut out = String::with_capacity(generated.len());
    let (mut in_example, mut in_object) = (false, false);
    for line in generated.lines() {
        let line = line.trim_end();
        if line == " * ```" {
            in_example = !in_example;
            continue;
        }
        if in_example {
            continue;
        }
        if in_object && let Some(at) = line.find(", }") {
            out.push_str(&format!("  {},\n{}\n", &line[..at], &line[at + 2..]));
            in_object = false;
        } else if in_object {
            let text = line.trim_start();
            let indent = if text.starts_with('*') { "   " } else { "  " };
            out.push_str(&format!("{indent}{}\n", text.trim_end_matches(", ")));
            if line.ends_with(',') {
                out.truncate(out.len() - 2);
                out.push_str(",\n");
            }
        } else {
            out.push_str(line);
            out.push('\n');
            in_object = line.ends_with("= {");
        }
    }
    // a doc comment whose example was its end keeps no blank line before the close
    out.replace(" *\n *\n", " *\n").replace(" *\n */", " */")
}
