#![allow(missing_docs)]
use kpk::{KpkPosition, rules};
fn main() {
    per_rule();
    for depth in 0..=1 {
        let t = std::time::Instant::now();
        let mut decided = 0u32;
        let mut err = 0u32;
        for pos in KpkPosition::all() {
            if let Some(c) = rules::recognize_with_depth(&pos, depth) {
                decided += 1;
                if c != pos.probe() {
                    err += 1;
                }
            }
        }
        println!(
            "depth {depth}: {decided} {:.2}% err {err} {:?}",
            decided as f64 / 6627.04,
            t.elapsed()
        );
    }
    let (mut only_old, mut only_new) = (0, 0);
    for pos in KpkPosition::all() {
        let o = rules::defender_guards_the_key_squares_first(&pos).is_some();
        let n = rules::defender_first_to_the_key_squares(&pos).is_some();
        if o && !n {
            only_old += 1
        }
        if n && !o {
            only_new += 1
        }
    }
    println!("only old {only_old} only new {only_new}");
}
#[allow(dead_code)]
fn per_rule() {
    for r in kpk::rules::measure() {
        println!("{:45} fires {:7} wrong {}", r.rule.id, r.fires, r.wrong());
    }
}
