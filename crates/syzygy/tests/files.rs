//! The real Syzygy files of `../shared/syzygy` (every 3-man and 4-man ending, made with the
//! public generator) against the embedded tables, and damaged copies of them.

use std::path::{Path, PathBuf};

use kpk_syzygy::{Dtz, MaybeRounded, OpenError, ProbeError, Tablebases, Wdl};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Color, FromSetup, Piece, Role, Setup, Square};
use shakmaty_syzygy::Tablebase;

/// The directory of the real files, beside the repository.
fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/syzygy")
}

fn position(fen: &str) -> Chess {
    fen.parse::<Fen>().unwrap().into_position(CastlingMode::Standard).unwrap()
}

/// Every legal position of two kings and `role` of either colour, either side to move.
fn every_position(role: Role) -> Vec<Chess> {
    let mut out = Vec::new();
    for owner in Color::ALL {
        for wk in Square::ALL {
            for bk in Square::ALL {
                for sq in Square::ALL {
                    if wk == bk || sq == wk || sq == bk {
                        continue;
                    }
                    if role == Role::Pawn
                        && matches!(sq.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth)
                    {
                        continue;
                    }
                    for turn in Color::ALL {
                        let mut setup = Setup::empty();
                        setup
                            .board
                            .set_piece_at(wk, Piece { color: Color::White, role: Role::King });
                        setup
                            .board
                            .set_piece_at(bk, Piece { color: Color::Black, role: Role::King });
                        setup.board.set_piece_at(sq, Piece { color: owner, role });
                        setup.turn = turn;
                        if let Ok(pos) = Chess::from_setup(setup, CastlingMode::Standard) {
                            out.push(pos);
                        }
                    }
                }
            }
        }
    }
    out
}

#[test]
fn on_three_men_the_files_equal_the_embedded_tables_on_every_legal_position() {
    let mut files = Tablebase::<Chess>::new();
    assert!(files.add_directory(shared()).unwrap() >= 70, "the real files in {:?}", shared());
    let embedded = Tablebases::new();
    let mut total = 0;
    for role in [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
        let (mut precise, mut rounded) = (0, 0);
        for pos in every_position(role) {
            let ours = embedded.probe_dtz(&pos).unwrap().ignore_rounding();
            let wdl = embedded.probe_wdl_after_zeroing(&pos).unwrap();
            assert_eq!(files.probe_wdl_after_zeroing(&pos).unwrap(), wdl, "{}", fen(&pos));
            match files.probe_dtz(&pos).unwrap() {
                MaybeRounded::Precise(dtz) => {
                    assert_eq!(dtz, ours, "{}", fen(&pos));
                    precise += 1;
                }
                MaybeRounded::Rounded(dtz) => {
                    // stored in moves: the same sign, at most a ply more
                    assert_eq!(dtz.signum(), ours.signum(), "{}", fen(&pos));
                    assert!((dtz.0.abs() - ours.0.abs()) == 0 || dtz.0.abs() - ours.0.abs() == 1);
                    rounded += 1;
                }
            }
        }
        println!("{role:?}: {precise} precise, {rounded} rounded");
        total += precise + rounded;
    }
    println!("{total} positions");
    assert!(total > 1_000_000);
}

fn fen(pos: &Chess) -> String {
    Fen::from_position(pos, shakmaty::EnPassantMode::Legal).to_string()
}

#[test]
fn four_men_come_from_the_files() {
    let mut tables = Tablebases::new();
    tables.add_directory(shared()).unwrap();
    assert_eq!(tables.max_men(), 4);
    // KQ v KR: the queen wins; KR v KP with the pawn far advanced: a draw or worse
    let queen = position("8/8/8/8/8/2k5/1r6/KQ6 w - - 0 1");
    assert_eq!(tables.probe_wdl_after_zeroing(&queen).unwrap(), Wdl::Win);
    assert!(tables.probe_dtz(&queen).unwrap().is_positive());
    // without files a fourth man is refused, saying how many the tables hold
    let err = Tablebases::new().probe_dtz(&queen).unwrap_err();
    assert!(matches!(err, ProbeError::TooManyMen { men: 4, max: 3 }), "{err}");
    // castling rights: in no table
    let castling = position("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert!(matches!(tables.probe_dtz(&castling), Err(ProbeError::Castling)));
}

/// KQ v KR with no capture on the board: the position's own table must be read.
const QUIET_KQ_KR: &str = "2k5/7r/8/8/8/8/8/K2Q4 w - - 0 1";

/// A fresh directory under the system's temporary directory.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kpk-syzygy-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Copies the tables of `endings` from the real files into `dir`.
fn copy(dir: &Path, endings: &[&str]) {
    for ending in endings {
        for ext in ["rtbw", "rtbz"] {
            let name = format!("{ending}.{ext}");
            std::fs::copy(shared().join(&name), dir.join(&name)).unwrap();
        }
    }
}

#[test]
fn a_directory_that_is_missing_or_empty_is_an_error_naming_it() {
    let mut tables = Tablebases::new();
    let missing = tables.add_directory("/no/such/kpk/tables").unwrap_err();
    assert!(matches!(missing, OpenError::Directory { .. }));
    assert!(missing.to_string().contains("/no/such/kpk/tables"), "{missing}");
    let empty = scratch("empty");
    std::fs::write(empty.join("README.txt"), "no tables here").unwrap();
    let none = tables.add_directory(&empty).unwrap_err();
    assert!(matches!(none, OpenError::NoTables { .. }), "{none}");
    assert!(none.to_string().contains(empty.to_str().unwrap()), "{none}");
    std::fs::remove_dir_all(empty).unwrap();
}

#[test]
fn a_truncated_file_is_refused_naming_it() {
    let dir = scratch("truncated");
    copy(&dir, &["KQvKR"]);
    let file = dir.join("KQvKR.rtbz");
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() - 7]).unwrap();
    let err = Tablebases::new().add_directory(&dir).unwrap_err();
    assert!(matches!(&err, OpenError::Damaged { path, .. } if path == &file), "{err}");
    assert!(err.to_string().contains("KQvKR.rtbz"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_damaged_header_is_an_error_naming_the_file_never_an_answer() {
    let dir = scratch("header");
    copy(&dir, &["KQvKR", "KQvK", "KRvK"]);
    let file = dir.join("KQvKR.rtbw");
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[0] ^= 0xff; // the magic number
    std::fs::write(&file, &bytes).unwrap();
    let mut tables = Tablebases::new();
    tables.add_directory(&dir).unwrap();
    let pos = position(QUIET_KQ_KR);
    let err = tables.probe_wdl_after_zeroing(&pos).unwrap_err();
    assert!(matches!(&err, ProbeError::Damaged { path, .. } if path == &file), "{err}");
    assert!(err.to_string().contains("KQvKR.rtbw"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_file_named_for_another_ending_is_an_error_never_an_answer() {
    let dir = scratch("renamed");
    copy(&dir, &["KQvK", "KRvK"]);
    // KRvKP's tables under KQvKR's names
    for ext in ["rtbw", "rtbz"] {
        std::fs::copy(shared().join(format!("KRvKP.{ext}")), dir.join(format!("KQvKR.{ext}")))
            .unwrap();
    }
    let mut tables = Tablebases::new();
    tables.add_directory(&dir).unwrap();
    let pos = position(QUIET_KQ_KR);
    let err = tables.probe_dtz(&pos).unwrap_err();
    assert!(matches!(&err, ProbeError::Damaged { .. }), "{err}");
    assert!(err.to_string().contains("KQvKR.rtb"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_missing_table_is_named() {
    let dir = scratch("missing");
    copy(&dir, &["KQvK"]);
    let mut tables = Tablebases::new();
    tables.add_directory(&dir).unwrap();
    let pos = position(QUIET_KQ_KR);
    let err = tables.probe_dtz(&pos).unwrap_err();
    assert!(matches!(&err, ProbeError::TooManyMen { men: 4, max: 3 }), "{err}");
    copy(&dir, &["KRvK", "KQvKQ"]);
    let mut tables = Tablebases::new();
    tables.add_directory(&dir).unwrap();
    let err = tables.probe_dtz(&pos).unwrap_err();
    assert!(matches!(&err, ProbeError::MissingTable { file } if file == "KQvKR.rtbw"), "{err}");
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn three_men_need_no_file() {
    let tables = Tablebases::new();
    let pos = position("8/8/8/8/8/4k3/4P3/4K3 w - - 0 1");
    assert_eq!(tables.probe_dtz(&pos).unwrap().precise(), Some(Dtz(0)));
}
