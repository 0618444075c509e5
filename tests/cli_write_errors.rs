//! When the command line cannot write: a reader that closed its end of a
//! pipe ends the command quietly (status 141, as a shell reports a Unix
//! tool that SIGPIPE ended), a full disk is an error naming what could
//! not be written; never a panic (status 101).

mod command;

use std::io::{BufRead, BufReader};
use std::process::{Command, ExitStatus, Stdio};

use command::fixture;

const BROKEN_PIPE_STATUS: i32 = 141;

fn onlinelearn(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_onlinelearn"));
    command.args(args);
    command
}

/// The status and standard error of a run whose standard output is read
/// for one line and then closed.
fn stdout_closed_after_one_line(args: &[&str]) -> (ExitStatus, String) {
    let mut child = onlinelearn(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    assert!(!first.is_empty(), "the command wrote nothing");
    drop(reader); // `| head -1`: the reader stops reading
    let output = child.wait_with_output().unwrap();
    (
        output.status,
        String::from_utf8_lossy(&output.stderr).into(),
    )
}

#[test]
fn stream_into_a_pipe_closed_early_ends_quietly() {
    // 100000 rows are megabytes: more than a pipe holds, so the writer is
    // still writing when the reader goes.
    let (status, err) =
        stdout_closed_after_one_line(&["stream", "--preset", "moons", "--n", "100000"]);
    assert_eq!(status.code(), Some(BROKEN_PIPE_STATUS), "{err}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn learn_into_a_full_disk_names_standard_output() {
    let train = fixture("seed000_classification_train.csv");
    let full = std::fs::File::create("/dev/full").unwrap();
    let output = onlinelearn(&["learn", "--algo", "pa1", "--train", &train])
        .stdout(full)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(
        err.trim(),
        "error: could not write standard output: No space left on device (os error 28)"
    );
}

#[test]
fn progress_lines_into_a_closed_pipe_end_quietly() {
    let train = fixture("seed000_classification_train.csv");
    let mut child = onlinelearn(&[
        "learn",
        "--algo",
        "pa1",
        "--train",
        &train,
        "--progress",
        "lines",
    ])
    .stdout(Stdio::null())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    // Closed before the first line: every line meets a pipe without a reader.
    drop(child.stderr.take());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(BROKEN_PIPE_STATUS));
}
