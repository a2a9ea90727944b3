//! lab
use std::collections::HashMap;
fn main() {
    let mut seen: HashMap<&str, u32> = HashMap::new();
    for pos in kpk::KpkPosition::all().filter(|p| p.strong_side() == kpk::Color::White) {
        let Some(p) = kpk::rules::plan(&pos) else { continue };
        let s = pos.setup(); let n = seen.entry(p.aim.name()).or_default();
        *n += 1;
        if p.aim.name() == "outflank" && !matches!(s.pawn.file().index(), 0 | 7) {
            
            println!("{} K{} P{} k{} {:?} {}: {}", p.aim.name(), s.strong_king, s.pawn, s.weak_king, s.side_to_move, p.mv, p.reason());
        }
    }
}
