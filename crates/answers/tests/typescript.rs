//! The TypeScript types of the answers that the npm package and the page import
//! (`npm/answers.d.ts`) are exactly what the Rust types generate
//! (`kpk_answers::typescript::declarations`): after changing an answer type, `tools/typescript`
//! writes them anew. The npm package's tests type-check real answers of every route against
//! them (`npm/test/types.test.mjs`).

use std::path::Path;

#[test]
fn the_committed_types_are_the_generated_ones() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../npm/answers.d.ts");
    let generated = kpk_answers::typescript::declarations();
    if std::env::var_os("KPK_WRITE_TYPES").is_some() {
        std::fs::write(&path, &generated).expect("npm/answers.d.ts cannot be written");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "npm/answers.d.ts is not what the answer types generate: run tools/typescript"
    );
}

#[test]
fn the_page_s_routes_are_the_generated_ones() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../server/web/src/routes.ts");
    let generated = kpk_answers::typescript::routes();
    if std::env::var_os("KPK_WRITE_TYPES").is_some() {
        std::fs::write(&path, &generated).expect("web/src/routes.ts cannot be written");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "crates/server/web/src/routes.ts is not what kpk_answers::routes generates: run tools/typescript"
    );
}

#[test]
fn every_answer_type_is_declared_once() {
    let ts = kpk_answers::typescript::declarations();
    for name in [
        "Probe",
        "MoveProbe",
        "Outcome",
        "Category",
        "Mainline",
        "DefenderMap",
        "Line",
        "Explanation",
        "ScoreAnswer",
        "Iteration",
        "Done",
        "RulesReport",
        "ErrorAnswer",
        "LineError",
        "View",
        "LegalMove",
        "MoveGroup",
        "ListedMove",
        "Badge",
        "LineView",
        "LabelledStep",
        "Teaching",
        "Bar",
    ] {
        let declared = format!("export type {name} = ");
        assert_eq!(ts.matches(&declared).count(), 1, "{name} declared once in:\n{ts}");
    }
    // names no answer gives are not in the types
    assert!(!ts.contains("maybe-win") && !ts.contains("maybe-loss"));
}
