//! Running the `onlinelearn` binary from a test: its output, its failure,
//! fixture paths and scratch files.
#![allow(dead_code)] // each test binary uses its own subset

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_onlinelearn"))
        .args(args)
        .output()
        .unwrap()
}

pub fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

pub fn stderr(output: &Output) -> String {
    assert!(!output.status.success(), "should have failed");
    String::from_utf8(output.stderr.clone()).unwrap()
}

pub fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
        .display()
        .to_string()
}

pub fn temp_file(name: &str, contents: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// `onlinelearn learn --json ARGS`, parsed.
pub fn learn_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["learn", "--json"];
    all.extend_from_slice(args);
    serde_json::from_str(&stdout(&run(&all))).unwrap()
}

/// `onlinelearn ARGS` with `input` written to its standard input (from a
/// thread, so that a large input streams while the child reads it).
pub fn run_with_input(args: &[&str], input: Vec<u8>) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_onlinelearn"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The child may stop early (a refused run): a broken pipe is its answer.
        let _ = stdin.write_all(&input);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}
