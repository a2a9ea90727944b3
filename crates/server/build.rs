//! The page `kpk serve` embeds: `static/index.html`, with lichess's cburnett men in place of
//! the project's drawn ones when `tools/pieces` has fetched them (`pieces/out/`), as
//! `tools/site` does for the static site.

use std::io::ErrorKind;
use std::path::Path;
use std::{env, fs};

fn main() {
    // the folder, not the files: a file that does not exist would rerun this on every build
    println!("cargo::rerun-if-changed=static/index.html");
    println!("cargo::rerun-if-changed=pieces");
    let mut page = fs::read_to_string("static/index.html").expect("static/index.html is readable");
    if let Some([defs, credit, integrity]) = fetched(["defs.svg", "credit.html", "integrity"]) {
        let lock = fs::read_to_string("pieces/package-lock.json").unwrap_or_default();
        if !lock.contains(integrity.trim()) {
            println!(
                "cargo::warning=the piece set in pieces/out/ is not the one package-lock.json pins: run tools/pieces"
            );
        }
        let marker = |m: &str| page.find(m).unwrap_or_else(|| panic!("index.html lacks {m}"));
        let (start, end) =
            (marker("<!--pieces-->"), marker("<!--/pieces-->") + "<!--/pieces-->".len());
        let credit_at = marker("<!--pieces-credit-->");
        assert!(credit_at > end, "index.html: the credit's marker after the pieces");
        page.replace_range(credit_at..credit_at + "<!--pieces-credit-->".len(), &credit);
        page.replace_range(start..end, &defs);
    }
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("index.html");
    fs::write(out, page).expect("OUT_DIR is writable");
}

/// The files `tools/pieces` wrote into `pieces/out/`, or `None` where it has not run (the
/// drawn men stay); any other failure to read them stops the build.
fn fetched<const N: usize>(names: [&str; N]) -> Option<[String; N]> {
    let mut read = Vec::with_capacity(N);
    for name in names {
        match fs::read_to_string(Path::new("pieces/out").join(name)) {
            Ok(text) => read.push(text),
            Err(e) if e.kind() == ErrorKind::NotFound => return None,
            Err(e) => panic!("pieces/out/{name}: {e}"),
        }
    }
    read.try_into().ok()
}
