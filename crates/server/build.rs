//! The page `kpk serve` embeds: `static/index.html`, with lichess's cburnett men in place of
//! the project's drawn ones when `tools/pieces` has fetched them (`pieces/out/`), as
//! `tools/site` does for the static site.

use std::path::Path;
use std::{env, fs};

fn main() {
    let index = Path::new("static/index.html");
    let defs = Path::new("pieces/out/defs.svg");
    let credit = Path::new("pieces/out/credit.html");
    // the folder, not the files: a file that does not exist would rerun this on every build
    println!("cargo::rerun-if-changed=static/index.html");
    println!("cargo::rerun-if-changed=pieces");
    let mut page = fs::read_to_string(index).expect("static/index.html is readable");
    if let (Ok(defs), Ok(credit)) = (fs::read_to_string(defs), fs::read_to_string(credit)) {
        let start = page.find("<!--pieces-->").expect("index.html marks its pieces");
        let end = page.find("<!--/pieces-->").expect("index.html ends its pieces")
            + "<!--/pieces-->".len();
        page.replace_range(start..end, &defs);
        page = page.replacen("<!--pieces-credit-->", &credit, 1);
    }
    let out = Path::new(&env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("index.html");
    fs::write(out, page).expect("OUT_DIR is writable");
}
