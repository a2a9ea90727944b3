//! The page's piece set, chosen once for `kpk serve` and the static site: lichess's cburnett
//! men where `tools/pieces` has fetched them (`pieces/out/`), else the project's drawn ones
//! (`static/drawn-pieces.svg`); written to `OUT_DIR` as `pieces.svg` and `credit.html`, which
//! the page's template (`static/index.html`) puts in its one place.

use std::io::ErrorKind;
use std::path::Path;
use std::{env, fs};

fn main() {
    // the folder, not the files: a file that does not exist would rerun this on every build
    println!("cargo::rerun-if-changed=static/drawn-pieces.svg");
    println!("cargo::rerun-if-changed=pieces");
    let (pieces, credit) = match fetched(["defs.svg", "credit.html", "integrity"]) {
        Some([defs, credit, integrity]) => {
            let lock = fs::read_to_string("pieces/package-lock.json").unwrap_or_default();
            if !lock.contains(integrity.trim()) {
                println!(
                    "cargo::warning=the piece set in pieces/out/ is not the one package-lock.json pins: run tools/pieces"
                );
            }
            (defs, credit)
        }
        None => (
            fs::read_to_string("static/drawn-pieces.svg")
                .expect("static/drawn-pieces.svg is readable"),
            String::new(),
        ),
    };
    let out = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    fs::write(Path::new(&out).join("pieces.svg"), pieces).expect("OUT_DIR is writable");
    fs::write(Path::new(&out).join("credit.html"), credit).expect("OUT_DIR is writable");
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
