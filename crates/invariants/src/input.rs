//! Reading typed values out of arbitrary bytes.

/// A cursor over fuzz input: each read takes the next bytes, and reads past the end give
/// zeros, so every input, however short, is a valid sequence of values.
#[derive(Clone, Debug)]
pub struct Input<'a> {
    data: &'a [u8],
}

impl<'a> Input<'a> {
    /// A cursor at the start of `data`.
    #[must_use]
    pub fn new(data: &'a [u8]) -> Input<'a> {
        Input { data }
    }

    /// Whether every byte was read.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// The next byte.
    pub fn u8(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }

    /// The next two bytes, little-endian.
    pub fn u16(&mut self) -> u16 {
        u16::from_le_bytes([self.u8(), self.u8()])
    }

    /// The next four bytes, little-endian.
    pub fn u32(&mut self) -> u32 {
        u32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()])
    }

    /// The next four bytes as a signed integer; a first byte below 64 gives a small value (so
    /// the interesting range near the bands is hit often), otherwise any `i32`.
    pub fn i32(&mut self) -> i32 {
        let kind = self.u8();
        let raw = i32::from_le_bytes([self.u8(), self.u8(), self.u8(), self.u8()]);
        if kind < 64 { raw % 20_000 } else { raw }
    }

    /// The next byte as a boolean.
    pub fn bool(&mut self) -> bool {
        self.u8() & 1 == 1
    }

    /// The rest of the bytes.
    #[must_use]
    pub fn rest(self) -> &'a [u8] {
        self.data
    }
}
