//! How the table files are read: a file of at most [`IN_MEMORY_LIMIT`] bytes is read into memory
//! whole when first opened, and every later probe reads from there (no system call); a larger
//! file is read with positioned reads as shakmaty-syzygy's own safe filesystem does (where the
//! platform has one: Unix and Windows; elsewhere, as in WebAssembly, only what `std::fs` reads
//! whole). Safe code throughout: no memory map, whose contents could change under the program.

use std::io;
use std::path::{Path, PathBuf};

#[cfg(any(unix, windows))]
use shakmaty_syzygy::filesystem::OsFilesystem;
use shakmaty_syzygy::filesystem::{Filesystem, RandomAccessFile, ReadHint};

/// The largest file read into memory whole (64 MiB: every table of up to five men but a few is
/// smaller; the 3- and 4-man set is 4.4 MB in all).
pub const IN_MEMORY_LIMIT: u64 = 64 << 20;

/// The filesystem of [`crate::Tablebases`].
pub(crate) struct Files {
    #[cfg(any(unix, windows))]
    os: OsFilesystem,
}

impl Files {
    pub(crate) fn new() -> Files {
        Files {
            #[cfg(any(unix, windows))]
            os: OsFilesystem::new(),
        }
    }
}

impl Filesystem for Files {
    fn regular_file_size(&self, path: &Path) -> io::Result<u64> {
        let meta = std::fs::metadata(path)?;
        if !meta.is_file() {
            return Err(io::Error::new(io::ErrorKind::InvalidInput, "not a regular file"));
        }
        Ok(meta.len())
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<PathBuf>> {
        std::fs::read_dir(path)?.map(|entry| entry.map(|e| e.path())).collect()
    }

    fn open(&self, path: &Path) -> io::Result<Box<dyn RandomAccessFile>> {
        if self.regular_file_size(path)? <= IN_MEMORY_LIMIT {
            return Ok(Box::new(InMemory { bytes: std::fs::read(path)?.into_boxed_slice() }));
        }
        #[cfg(any(unix, windows))]
        return self.os.open(path);
        #[cfg(not(any(unix, windows)))]
        Err(io::Error::new(
            io::ErrorKind::Unsupported,
            "a file this large is read only on Unix and Windows",
        ))
    }
}

/// A table file held in memory.
struct InMemory {
    bytes: Box<[u8]>,
}

impl RandomAccessFile for InMemory {
    fn read_at(&self, buf: &mut [u8], offset: u64, _: ReadHint) -> io::Result<usize> {
        let start = usize::try_from(offset).unwrap_or(usize::MAX).min(self.bytes.len());
        let n = buf.len().min(self.bytes.len() - start);
        buf[..n].copy_from_slice(&self.bytes[start..start + n]);
        Ok(n)
    }
}
