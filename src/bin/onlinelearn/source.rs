//! Where a run's samples come from: a file, which can be read again (for
//! another pass, or for a survey of its classes), or standard input (`-`)
//! and pipes, read once; gzip-compressed when the name ends in `.gz`. The
//! format comes from `--format`, else from the name without its `.gz`.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use clap::ValueEnum;
use flate2::read::MultiGzDecoder;

/// Read in pieces this large: a few system calls a megabyte, and a buffer
/// that is a rounding error next to the model.
const BUFFER: usize = 256 * 1024;

/// The data file formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Csv,
    Libsvm,
}

/// A data input as named on the command line.
#[derive(Clone, Debug)]
pub struct Source {
    /// The name in messages: the path as given, or `stdin`.
    pub name: String,
    /// None for standard input.
    path: Option<PathBuf>,
    pub format: Format,
    gzip: bool,
    /// A regular file's size; None for standard input, a pipe or a device.
    size: Option<u64>,
}

impl Source {
    /// `-` is standard input; a name ending in `.gz` is read through gzip.
    pub fn new(path: &Path, format: Option<Format>) -> Result<Self, String> {
        let name = path.to_string_lossy();
        let gzip = name.to_ascii_lowercase().ends_with(".gz");
        let plain = if gzip {
            Path::new(&name[..name.len() - 3])
        } else {
            path
        };
        let is_csv = plain
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
        let format = format.unwrap_or(if is_csv { Format::Csv } else { Format::Libsvm });
        if name == "-" {
            return Ok(Self {
                name: "stdin".into(),
                path: None,
                format,
                gzip,
                size: None,
            });
        }
        let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
        // Refused here, not when a pass or the test reaches it: a test
        // input that is a folder would otherwise throw away a finished run.
        if meta.is_dir() {
            return Err(format!("{}: a folder, not a data file", path.display()));
        }
        Ok(Self {
            name: path.display().to_string(),
            path: Some(path.to_path_buf()),
            format,
            gzip,
            size: meta.is_file().then_some(meta.len()),
        })
    }

    /// Whether it is standard input (`-`).
    pub fn is_stdin(&self) -> bool {
        self.path.is_none()
    }

    /// Whether it can be read again from the start: a regular file.
    pub fn rereadable(&self) -> bool {
        self.size.is_some()
    }

    /// Whether it is read through gzip.
    pub fn gzip(&self) -> bool {
        self.gzip
    }

    /// Its size in bytes as stored (compressed, for `.gz`), when it has one.
    pub fn size(&self) -> Option<u64> {
        self.size
    }

    /// The input from its start, decompressed; `read` counts the bytes
    /// taken from storage (the progress bar's position).
    pub fn open(&self, read: Arc<AtomicU64>) -> Result<Box<dyn BufRead + Send>, String> {
        let raw: Box<dyn Read + Send> = match &self.path {
            None => Box::new(std::io::stdin()),
            Some(path) => Box::new(File::open(path).map_err(|e| format!("{}: {e}", self.name))?),
        };
        let counted = Counted { inner: raw, read };
        Ok(if self.gzip {
            let mut compressed = BufReader::with_capacity(BUFFER, counted);
            let head = compressed
                .fill_buf()
                .map_err(|e| format!("{}: {e}", self.name))?;
            // An empty file reads as no data; anything else starts 1f 8b.
            if !head.is_empty() && !head.starts_with(&GZIP_MAGIC) {
                return Err(format!(
                    "{}: not gzip data (the gzip magic bytes 1f 8b are absent), though its name ends in .gz",
                    self.name
                ));
            }
            let inflated = MultiGzDecoder::new(compressed);
            Box::new(BufReader::with_capacity(BUFFER, inflated))
        } else {
            Box::new(BufReader::with_capacity(BUFFER, counted))
        })
    }
}

/// The first two bytes of every gzip stream (RFC 1952).
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// A reader that counts the bytes it hands on.
struct Counted {
    inner: Box<dyn Read + Send>,
    read: Arc<AtomicU64>,
}

impl Read for Counted {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}
