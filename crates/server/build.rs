//! The page's script and style, bundled by `tools/web` (esbuild, from `web/src/`, with lichess's
//! board, chessground, fetched by npm at the version `web/package-lock.json` pins) into
//! `web/out/`, are compiled into the binary: written to `OUT_DIR` as `page.js`, `page.css` and
//! `credit.html`, which `src/page.rs` serves and puts into the page's template.
//!
//! Where `tools/web` has not run (no npm on this machine), the crate still builds: the page then
//! shows the verdict and every move's outcome as text, its style the page's own, and says that
//! the board needs `tools/web` first; the build prints the same as a warning.

use std::io::ErrorKind;
use std::path::Path;
use std::{env, fs};

/// The script of a page built without `tools/web`: it says so where the page shows errors.
const UNBUILT: &str = r#"document.getElementById("error").textContent = "The board's script is not built: run tools/web, then build kpk again. The verdict and every move's outcome read below.";
"#;

fn main() {
    // the folder, not the files: a file that does not exist would rerun this on every build
    println!("cargo::rerun-if-changed=web/out");
    println!("cargo::rerun-if-changed=web/src/style.css");
    let out = env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let (script, style, credit) = match bundled(["page.js", "page.css", "credit.html"]) {
        Some([script, style, credit]) => (script, style, credit),
        None => {
            println!(
                "cargo::warning=the page's board is not bundled (web/out/ is missing): run tools/web (it needs npm), then build again"
            );
            let style =
                fs::read_to_string("web/src/style.css").expect("web/src/style.css is readable");
            (UNBUILT.to_string(), style, String::new())
        }
    };
    fs::write(Path::new(&out).join("page.js"), script).expect("OUT_DIR is writable");
    fs::write(Path::new(&out).join("page.css"), style).expect("OUT_DIR is writable");
    fs::write(Path::new(&out).join("credit.html"), credit).expect("OUT_DIR is writable");
}

/// The files `tools/web` wrote into `web/out/`, or `None` where it has not run; any other
/// failure to read them stops the build.
fn bundled<const N: usize>(names: [&str; N]) -> Option<[String; N]> {
    let mut read = Vec::with_capacity(N);
    for name in names {
        match fs::read_to_string(Path::new("web/out").join(name)) {
            Ok(text) => read.push(text),
            Err(e) if e.kind() == ErrorKind::NotFound => return None,
            Err(e) => panic!("web/out/{name}: {e}"),
        }
    }
    read.try_into().ok()
}
