#![allow(missing_docs)]
use kpk::{Color, KpkPosition, Wdl, rules};
#[derive(Clone, Copy, Debug)]
struct C {
    f: i8,
    r: i8,
}
impl C {
    fn d(self, o: C) -> i8 {
        (self.f - o.f).abs().max((self.r - o.r).abs())
    }
    fn o(self, df: i8, dr: i8) -> C {
        C { f: self.f + df, r: self.r + dr }
    }
}
impl PartialEq for C {
    fn eq(&self, o: &C) -> bool {
        self.f == o.f && self.r == o.r
    }
}
#[derive(Clone, Copy, Debug)]
struct X {
    k: C,
    p: C,
    d: C,
    stm: bool,
}
fn frame(pos: &KpkPosition) -> X {
    let fl = |s: kpk::Square| if pos.strong_side() == Color::Black { s.flip_vertical() } else { s };
    let c = |s: kpk::Square| {
        let s = fl(s);
        C { f: s.file().index() as i8, r: s.rank().index() as i8 }
    };
    let mut x = X {
        k: c(pos.strong_king()),
        p: c(pos.pawn()),
        d: c(pos.weak_king()),
        stm: pos.strong_to_move(),
    };
    if x.p.f > 3 {
        x.k.f = 7 - x.k.f;
        x.p.f = 7 - x.p.f;
        x.d.f = 7 - x.d.f;
    }
    x
}
fn main() {
    if std::env::args().len() > 1 {
        sample();
        return;
    }
    let all: Vec<(X, bool, bool)> = KpkPosition::all()
        .filter(|p| p.strong_side() == Color::White)
        .map(|p| (frame(&p), p.probe() != Wdl::Draw, rules::recognize_with_depth(&p, 1).is_some()))
        .collect();
    if std::env::args().len() > 0 {
        dump(&all);
        return;
    }
    if std::env::args().len() > 1 {
        hist3(&all);
        return;
    }
    if std::env::args().len() > 1 {
        show(
            &all,
            |x| {
                !x.stm
                    && x.p.f >= 2
                    && x.p.r == 2
                    && x.k.r > x.p.r
                    && x.d.r > x.p.r
                    && (x.k.f - x.p.f).abs() >= 2
                    && (x.d.f - x.p.f).abs() >= 2
            },
            40,
        );
        return;
    }
    let und = all.iter().filter(|a| !a.2).count();
    println!("undecided {und}");
    let mut cands: Vec<(String, bool, Box<dyn Fn(&X) -> bool>)> = vec![];
    for m in [1i8] {
        for stm in [true] {
            cands.push((
                format!("first to key m {m} stm {stm}"),
                true,
                Box::new(move |x: &X| {
                    if x.p.f == 0 || x.d.d(x.p) <= 1 || x.stm != stm {
                        return false;
                    }
                    let df = (!x.stm) as i8;
                    let sf = 1 - df;
                    let ks = keys(x);
                    let dk = ks.iter().map(|c| x.k.d(*c)).min().unwrap();
                    let dd = ks.iter().map(|c| x.d.d(*c)).min().unwrap();
                    let to_guard = x.k.d(x.p) - 1 - sf;
                    let to_attack = x.d.d(x.p) - df;
                    dk + df + m <= dd + sf && to_guard <= to_attack
                }),
            ));
        }
    }
    for (name, win, f) in cands.iter() {
        let (mut fires, mut wrong, mut new) = (0, 0, 0);
        let mut errs = std::collections::BTreeMap::new();
        for (x, truth, dec) in &all {
            if f(x) {
                fires += 1;
                if *truth != *win {
                    wrong += 1;
                    *errs.entry((x.p.r, x.p.f, x.stm)).or_insert(0u32) += 1;
                    if wrong % 20 == 0 {
                        let sq = |c: C| format!("{}{}", (b'a' + c.f as u8) as char, c.r + 1);
                        println!(
                            "   err K{} P{} k{} {}",
                            sq(x.k),
                            sq(x.p),
                            sq(x.d),
                            if x.stm { "W" } else { "B" }
                        );
                    }
                } else if !dec {
                    new += 1;
                }
            }
        }
        println!("{name}: fires {fires} wrong {wrong} new {new}");
        if wrong > 0 && wrong < 300 {
            println!("   {errs:?}");
        }
    }
}
#[allow(dead_code)]
fn sample() {
    let mut i = 0u64;
    for p in KpkPosition::all().filter(|p| p.strong_side() == Color::White) {
        i += 1;
        if i % 4999 != 0 {
            continue;
        }
        if rules::recognize_with_depth(&p, 1).is_some() {
            continue;
        }
        println!("{} {:?} {:?}", kpk::Endgame::from(p), p.probe(), frame(&p));
    }
}
fn keys(x: &X) -> Vec<C> {
    let p = x.p;
    let mut v = vec![];
    let ranks: Vec<i8> = if p.f == 0 {
        vec![6, 7]
    } else if p.r <= 3 {
        vec![p.r + 2]
    } else if p.r <= 5 {
        vec![p.r + 1, p.r + 2]
    } else {
        vec![6, 7]
    };
    let files: Vec<i8> = if p.f == 0 { vec![1] } else { vec![p.f - 1, p.f, p.f + 1] };
    for r in &ranks {
        for f in &files {
            let c = C { f: *f, r: *r };
            if c.r < 8 && c != p {
                v.push(c)
            }
        }
    }
    v
}
#[allow(dead_code)]
fn hist(all: &[(X, bool, bool)]) {
    use std::collections::BTreeMap;
    let mut m: BTreeMap<(bool, i8, bool), (u32, u32)> = BTreeMap::new();
    for (x, t, dec) in all {
        if *dec || x.p.f == 0 {
            continue;
        }
        let ks = keys(x);
        let dk = ks.iter().map(|c| x.k.d(*c)).min().unwrap();
        let dd = ks.iter().map(|c| x.d.d(*c)).min().unwrap();
        let e = m.entry((x.stm, dk - dd, x.p.r >= 4)).or_default();
        if *t { e.0 += 1 } else { e.1 += 1 }
    }
    for (k, v) in m {
        println!("{k:?} win {} draw {}", v.0, v.1);
    }
}
#[allow(dead_code)]
fn hist2(all: &[(X, bool, bool)]) {
    use std::collections::BTreeMap;
    let mut m: BTreeMap<(bool, i8, i8, i8, i8), (u32, u32)> = BTreeMap::new();
    for (x, t, dec) in all {
        if *dec || x.p.f == 0 {
            continue;
        }
        let zy = |c: C| (c.r - x.p.r).signum();
        let zx = |c: C| ((c.f - x.p.f).abs()).min(2);
        let e = m.entry((x.stm, zy(x.k), zx(x.k), zy(x.d), zx(x.d))).or_default();
        if *t { e.0 += 1 } else { e.1 += 1 }
    }
    for (k, v) in m {
        println!("{k:?} win {} draw {}", v.0, v.1);
    }
}
#[allow(dead_code)]
fn show(all: &[(X, bool, bool)], sel: impl Fn(&X) -> bool, n: usize) {
    let mut c = 0;
    for (x, t, dec) in all {
        if *dec || !sel(x) {
            continue;
        }
        c += 1;
        if c % 7 != 0 {
            continue;
        }
        let ks = keys(x);
        let dk = ks.iter().map(|c| x.k.d(*c)).min().unwrap();
        let dd = ks.iter().map(|c| x.d.d(*c)).min().unwrap();
        let sq = |c: C| format!("{}{}", (b'a' + c.f as u8) as char, c.r + 1);
        println!(
            "K{} P{} k{} {} -> {} dk {dk} dd {dd}",
            sq(x.k),
            sq(x.p),
            sq(x.d),
            if x.stm { "W" } else { "B" },
            if *t { "WIN" } else { "draw" }
        );
        if c / 7 >= n {
            break;
        }
    }
}
#[allow(dead_code)]
fn hist3(all: &[(X, bool, bool)]) {
    use std::collections::BTreeMap;
    let mut m: BTreeMap<(bool, i8, i8), (u32, u32)> = BTreeMap::new();
    for (x, t, dec) in all {
        if *dec {
            continue;
        }
        let e = m.entry((x.stm, x.k.d(x.p), x.d.d(x.p))).or_default();
        if *t { e.0 += 1 } else { e.1 += 1 }
    }
    for (k, v) in m {
        println!("{k:?} win {} draw {}", v.0, v.1);
    }
}
#[allow(dead_code)]
fn hist4(all: &[(X, bool, bool)]) {
    use std::collections::BTreeMap;
    let mut m: BTreeMap<(bool, i8, &str, bool), (u32, u32)> = BTreeMap::new();
    for (x, t, dec) in all {
        if *dec || x.p.f == 0 {
            continue;
        }
        let ks = keys(x);
        let dk = ks.iter().map(|c| x.k.d(*c)).min().unwrap();
        let dd = ks.iter().map(|c| x.d.d(*c)).min().unwrap();
        let (fx, fy) = ((x.k.f - x.d.f).abs(), (x.k.r - x.d.r).abs());
        let opp = if fx % 2 == 0 && fy % 2 == 0 { "even" } else { "odd" };
        let e = m.entry((x.stm, dk - dd, opp, x.d.r > x.k.r)).or_default();
        if *t { e.0 += 1 } else { e.1 += 1 }
    }
    for (k, v) in m {
        if v.0 + v.1 > 300 {
            println!("{k:?} win {} draw {}", v.0, v.1);
        }
    }
}
#[allow(dead_code)]
fn dump(all: &[(X, bool, bool)]) {
    use std::io::Write;
    let mut f = std::io::BufWriter::new(std::fs::File::create("/tmp/kpk.csv").unwrap());
    writeln!(f,"stm,pr,pf,kf,kr,df_,dr,kdx,kdy,ddx,ddy,dk,dd,diff,dkp,ddp,ddprom,dkprom,pm,insq,kd,kfx,kry,win,dec").unwrap();
    for (x, t, dec) in all {
        let ks = keys(x);
        let dk = ks.iter().map(|c| x.k.d(*c)).min().unwrap_or(9);
        let dd = ks.iter().map(|c| x.d.d(*c)).min().unwrap_or(9);
        let df = (!x.stm) as i8;
        let pm = 7
            - x.p.r
            - (x.p.r == 1
                && x.k != x.p.o(0, 1)
                && x.k != x.p.o(0, 2)
                && x.d != x.p.o(0, 1)
                && x.d != x.p.o(0, 2)) as i8;
        let prom = C { f: x.p.f, r: 7 };
        writeln!(
            f,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            x.stm as u8,
            x.p.r,
            x.p.f,
            x.k.f,
            x.k.r,
            x.d.f,
            x.d.r,
            x.k.f - x.p.f,
            x.k.r - x.p.r,
            x.d.f - x.p.f,
            x.d.r - x.p.r,
            dk,
            dd,
            dk - dd,
            x.k.d(x.p),
            x.d.d(x.p),
            x.d.d(prom),
            x.k.d(prom),
            pm,
            x.d.d(prom) - df - pm,
            x.k.d(x.d),
            (x.k.f - x.d.f).abs(),
            x.d.r - x.k.r,
            *t as u8,
            *dec as u8
        )
        .unwrap();
    }
}
