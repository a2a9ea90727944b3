//! Words every answer shares, declared once.

use alloc::format;
use alloc::string::{String, ToString};

/// A count of plies in words: `"1 ply"`, `"3 plies"`.
///
/// ```
/// assert_eq!(kpk_rules::plies(1), "1 ply");
/// assert_eq!(kpk_rules::plies(4), "4 plies");
/// ```
#[must_use]
pub fn plies(n: u32) -> String {
    if n == 1 { "1 ply".to_string() } else { format!("{n} plies") }
}
