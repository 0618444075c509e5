//! Standard output and standard error, written without a panic.
//!
//! `println!` and `eprintln!` panic when a write fails: a reader that
//! stopped reading (`onlinelearn stream … | head -1`), a full disk
//! (`> /dev/full`). The command line writes its results through
//! `write_stdout`, which hands a failure back as the command's error, and
//! its notes, progress lines and errors through `eprint_line`.

use std::io::{self, Write};

/// The exit status when the reader of our output has closed its end:
/// 128 + SIGPIPE (13), what a shell reports for a Unix tool that signal
/// ended (`yes | head -1` under `set -o pipefail`). Not 0: a closed pipe
/// is as often a reader that failed as one that had read enough, and a
/// script must not take a cut-off report for a whole one.
const BROKEN_PIPE_STATUS: i32 = 141;

/// Writes to standard output with `write` (buffered, then flushed). A
/// failed write is the command's error, naming standard output; a closed
/// pipe ends the command quietly (see `BROKEN_PIPE_STATUS`).
pub fn write_stdout(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), String> {
    let mut out = io::BufWriter::new(io::stdout().lock());
    write(&mut out)
        .and_then(|()| out.flush())
        .map_err(|error| failed("standard output", error))
}

/// `text` on standard output, as `write_stdout` writes.
pub fn print_stdout(text: &str) -> Result<(), String> {
    write_stdout(|out| out.write_all(text.as_bytes()))
}

/// One line on standard error. Where it fails there is nowhere left to say
/// so: a closed pipe ends the command quietly, any other failure with
/// status 1 (a run asked for its progress or notes, and they were lost).
pub fn eprint_line(line: &str) {
    if let Err(error) = writeln!(io::stderr(), "{line}") {
        failed("standard error", error);
        std::process::exit(1);
    }
}

/// The error of a failed write to `what`; on a closed pipe, the end of the
/// command: nothing more can reach its reader, so nothing is said.
fn failed(what: &str, error: io::Error) -> String {
    if error.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(BROKEN_PIPE_STATUS);
    }
    format!("could not write {what}: {error}")
}
