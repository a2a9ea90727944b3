//! The lichess-shaped answers' fields, declared once for both of their JSON forms.
//!
//! Each object in the lichess tablebase API's shape (a position's [`Probe`](crate::probe::Probe),
//! each move's [`MoveProbe`](crate::probe::MoveProbe), the [`Outcome`](crate::outcome::Outcome)
//! both carry, the rules' [`RulesBasis`](crate::probe::RulesBasis)) lists its keys and values
//! once, in [`Object::fields`]. That one list gives:
//! - its `serde::Serialize` ([`serialize`]), for `serde_json`, the Python package and anyone
//!   else's serializer;
//! - its compact JSON text ([`to_line`], [`append`]), written straight into bytes with each key's
//!   quoted text prepared at compile time: what `kpk probe --json` prints, a line per position.
//!
//! The two agree byte for byte because they walk the same list (`tests/batch.rs` compares them
//! with `serde_json` over every ending and clock anyway); strings are escaped as `serde_json`
//! escapes them.
//!
//! ```
//! use kpk_answers::json;
//! use kpk_answers::probe::Probe;
//!
//! let pos = kpk_shakmaty::fen::parse("8/8/8/8/8/4k3/4P3/4K3 w - - 0 1").unwrap().position;
//! let probe = Probe::from_tables(&pos, 0);
//! let line = String::from_utf8(json::to_line(&probe)).unwrap();
//! assert_eq!(line, serde_json::to_string(&probe).unwrap() + "\n");
//! assert!(line.starts_with(r#"{"checkmate":false,"stalemate":false,"#));
//! ```

use core::convert::Infallible;

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

/// An object's key: its name, and the JSON text `,"name":` that writes it after another field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    name: &'static str,
    text: &'static str,
}

impl Key {
    /// The key's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.name
    }
}

/// The [`Key`] named `$name` (a string literal of letters, digits and underscores, which need
/// no escaping).
macro_rules! key {
    ($name:literal) => {
        $crate::json::Key::new($name, concat!(",\"", $name, "\":"))
    };
}
pub(crate) use key;

/// `Serialize` and [`Value`] for an [`Object`], both from its fields.
macro_rules! object {
    ($t:ty) => {
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $crate::json::serialize(self, serializer)
            }
        }
        impl $crate::json::Value for $t {
            fn write(&self, out: &mut Vec<u8>) {
                $crate::json::append(out, self);
            }
        }
    };
}
pub(crate) use object;

impl Key {
    /// A key from its name and its prepared text (by the `key!` macro, which writes both from
    /// one literal).
    pub(crate) const fn new(name: &'static str, text: &'static str) -> Key {
        Key { name, text }
    }
}

/// A receiver of an object's fields, in order: serde's struct serializer, or the JSON text.
pub trait Fields {
    /// What a failed field is.
    type Error;

    /// The field `key` with `value`.
    ///
    /// # Errors
    /// What the receiver's serializer raises (the JSON text never fails).
    fn field<V: Value + ?Sized>(&mut self, key: Key, value: &V) -> Result<(), Self::Error>;
}

/// An object in the lichess API's shape: its fields, declared once.
pub trait Object {
    /// The object's name for serde.
    const NAME: &'static str;

    /// Gives every field, in the API's order, to `fields` (skipping those an answer leaves
    /// out).
    ///
    /// # Errors
    /// What `fields` raises.
    fn fields<F: Fields>(&self, fields: &mut F) -> Result<(), F::Error>;
}

/// A field's value: serialisable by serde, and written as JSON text the same way.
pub trait Value: Serialize {
    /// Appends the value's JSON text to `out`.
    fn write(&self, out: &mut Vec<u8>);
}

/// `object` through `serializer` (each [`Object`]'s `Serialize` calls this).
///
/// # Errors
/// What `serializer` raises.
pub fn serialize<T: Object, S: Serializer>(object: &T, serializer: S) -> Result<S::Ok, S::Error> {
    /// serde's struct serializer as a receiver of fields.
    struct Serde<S>(S);
    impl<S: SerializeStruct> Fields for Serde<S> {
        type Error = S::Error;
        fn field<V: Value + ?Sized>(&mut self, key: Key, value: &V) -> Result<(), S::Error> {
            self.0.serialize_field(key.name, value)
        }
    }
    /// Counts the fields an object gives (formats that write a length first need it exact).
    struct Count(usize);
    impl Fields for Count {
        type Error = Infallible;
        fn field<V: Value + ?Sized>(&mut self, _: Key, _: &V) -> Result<(), Infallible> {
            self.0 += 1;
            Ok(())
        }
    }
    let mut count = Count(0);
    let Ok(()) = object.fields(&mut count);
    let mut fields = Serde(serializer.serialize_struct(T::NAME, count.0)?);
    object.fields(&mut fields)?;
    fields.0.end()
}

/// `object`'s compact JSON text and a newline, UTF-8 encoded.
#[must_use]
pub fn to_line<T: Object>(object: &T) -> Vec<u8> {
    let mut out = Vec::with_capacity(4096);
    append(&mut out, object);
    out.push(b'\n');
    out
}

/// Appends `object`'s compact JSON text to `out`.
pub fn append<T: Object>(out: &mut Vec<u8>, object: &T) {
    /// The JSON text as a receiver of fields: whether a field has been written yet.
    struct Text<'a> {
        out: &'a mut Vec<u8>,
        first: bool,
    }
    impl Fields for Text<'_> {
        type Error = Infallible;
        #[inline(always)]
        fn field<V: Value + ?Sized>(&mut self, key: Key, value: &V) -> Result<(), Infallible> {
            // the prepared text starts with the comma a first field goes without
            let text = if self.first { &key.text[1..] } else { key.text };
            self.out.extend_from_slice(text.as_bytes());
            self.first = false;
            value.write(self.out);
            Ok(())
        }
    }
    out.push(b'{');
    let Ok(()) = object.fields(&mut Text { out: &mut *out, first: true });
    out.push(b'}');
}

impl Value for bool {
    #[inline]
    fn write(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(if *self { b"true" } else { b"false" });
    }
}

impl Value for i32 {
    #[inline]
    fn write(&self, out: &mut Vec<u8>) {
        if *self < 0 {
            out.push(b'-');
        }
        let mut n = self.unsigned_abs();
        let mut digits = [0u8; 10];
        let mut at = digits.len();
        loop {
            at -= 1;
            // a decimal digit: below 10, so the cast keeps it
            #[allow(clippy::cast_possible_truncation)]
            let digit = (n % 10) as u8;
            digits[at] = b'0' + digit;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        out.extend_from_slice(&digits[at..]);
    }
}

impl Value for kpk::dtm::Dtm {
    #[inline]
    fn write(&self, out: &mut Vec<u8>) {
        self.plies().write(out);
    }
}

impl Value for kpk::dtz::Dtz {
    #[inline]
    fn write(&self, out: &mut Vec<u8>) {
        self.plies().write(out);
    }
}

impl<T: Value> Value for Option<T> {
    #[inline(always)]
    fn write(&self, out: &mut Vec<u8>) {
        match self {
            Some(v) => v.write(out),
            None => out.extend_from_slice(b"null"),
        }
    }
}

impl<T: Value + ?Sized> Value for &T {
    fn write(&self, out: &mut Vec<u8>) {
        (**self).write(out);
    }
}

impl Value for str {
    fn write(&self, out: &mut Vec<u8>) {
        push_str(out, self);
    }
}

impl Value for String {
    fn write(&self, out: &mut Vec<u8>) {
        push_str(out, self);
    }
}

impl<T: Value> Value for [T] {
    fn write(&self, out: &mut Vec<u8>) {
        out.push(b'[');
        for (i, item) in self.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            item.write(out);
        }
        out.push(b']');
    }
}

impl<T: Value> Value for Vec<T> {
    fn write(&self, out: &mut Vec<u8>) {
        self.as_slice().write(out);
    }
}

/// Appends `s` as a JSON string, escaped as `serde_json` escapes it: `"` and `\` with a
/// backslash, `\b`, `\t`, `\n`, `\f`, `\r` by name, other control characters as `\u00XX`.
pub fn push_str(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    let mut rest = s.as_bytes();
    while let Some(at) = rest.iter().position(|&b| b < 0x20 || b == b'"' || b == b'\\') {
        out.extend_from_slice(&rest[..at]);
        push_escape(out, rest[at]);
        rest = &rest[at + 1..];
    }
    out.extend_from_slice(rest);
    out.push(b'"');
}

/// Appends the escape of `b`, a quote, a backslash or a control character.
fn push_escape(out: &mut Vec<u8>, b: u8) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    match b {
        b'"' => out.extend_from_slice(b"\\\""),
        b'\\' => out.extend_from_slice(b"\\\\"),
        b'\n' => out.extend_from_slice(b"\\n"),
        b'\t' => out.extend_from_slice(b"\\t"),
        b'\r' => out.extend_from_slice(b"\\r"),
        0x08 => out.extend_from_slice(b"\\b"),
        0x0c => out.extend_from_slice(b"\\f"),
        _ => out.extend_from_slice(&[
            b'\\',
            b'u',
            b'0',
            b'0',
            HEX[usize::from(b >> 4)],
            HEX[usize::from(b & 15)],
        ]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every ASCII character and some beyond, alone and in text: escaped as `serde_json` does.
    #[test]
    fn strings_are_escaped_as_serde_json_escapes_them() {
        let mut samples: Vec<String> = (0u8..=127).map(|b| char::from(b).to_string()).collect();
        samples.extend(
            ["", "é ∞ 𝄞", "tab\there \"quoted\" \\ \u{1}\u{1f}\u{7f}", "e2e4"].map(String::from),
        );
        for s in samples {
            let mut out = Vec::new();
            push_str(&mut out, &s);
            assert_eq!(
                String::from_utf8(out).unwrap(),
                serde_json::to_string(&s).unwrap(),
                "{s:?}"
            );
        }
    }

    /// Integers of every size class, negative and positive: as `serde_json` writes them.
    #[test]
    fn integers_are_written_as_serde_json_writes_them() {
        for n in [0, 1, -1, 9, 10, -10, 99, 100, 12_345, i32::MAX, i32::MIN, i32::MIN + 1] {
            let mut out = Vec::new();
            n.write(&mut out);
            assert_eq!(String::from_utf8(out).unwrap(), n.to_string());
        }
    }
}
