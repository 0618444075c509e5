//! Every `onlinelearn` command the README and the book (every
//! book/src/**/*.md, and docs/*.md, its chapters kept beside the code)
//! show is run, so the docs cannot
//! name a flag or a command that does not exist. A command is a line of a
//! fenced `sh` block that starts with `onlinelearn`, `$B` or
//! `target/release/onlinelearn`. Data from ../shared/data is used when it
//! is there (the command is skipped, and says so, when it is not);
//! `paper` and `frontier` run with small sizes and write into a temporary
//! folder, so the suite stays quick; output redirections are dropped.

use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The command lines of every `sh` block of a Markdown file.
fn commands(markdown: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut in_shell = false;
    for line in markdown.lines() {
        let trimmed = line.trim();
        if let Some(language) = trimmed.strip_prefix("```") {
            in_shell = !in_shell && (language == "sh" || language == "bash" || language == "shell");
            continue;
        }
        if !in_shell {
            continue;
        }
        let words: Vec<String> = shell_words(trimmed.split('>').next().unwrap_or(""));
        if matches!(
            words.first().map(String::as_str),
            Some("onlinelearn" | "$B" | "target/release/onlinelearn")
        ) {
            out.push(words[1..].to_vec());
        }
    }
    out
}

/// A command line's words: split at spaces, a single-quoted word taken
/// whole without its quotes (the lessons' `onlinelearn replay 'LINK'`, as
/// the page's Copy as command writes it: www/js/command.js, shellWord).
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut rest = line.trim_start();
    while !rest.is_empty() {
        let (word, after) = match rest.strip_prefix('\'') {
            Some(quoted) => quoted.split_once('\'').unwrap_or((quoted, "")),
            None => rest.split_once(char::is_whitespace).unwrap_or((rest, "")),
        };
        words.push(word.to_string());
        rest = after.trim_start();
    }
    words
}

/// Sets `--flag value` in an argument list, replacing a value it has.
fn set(args: &mut Vec<String>, flag: &str, value: &str) {
    match args.iter().position(|a| a == flag) {
        Some(i) => args[i + 1] = value.to_string(),
        None => args.extend([flag.to_string(), value.to_string()]),
    }
}

/// README.md, every Markdown file under book/src, and docs/*.md (the
/// book stages them as its docs/ chapters), sorted.
fn documentation_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(&Path::new(ROOT).join("book/src"), &mut files);
    walk(&Path::new(ROOT).join("docs"), &mut files);
    files.sort();
    files.insert(0, Path::new(ROOT).join("README.md"));
    files
}

/// The commands of every documentation file, each once, in order.
fn documented_commands() -> Vec<Vec<String>> {
    let mut found: Vec<Vec<String>> = Vec::new();
    for file in documentation_files() {
        for command in commands(&std::fs::read_to_string(&file).unwrap()) {
            if !found.contains(&command) {
                found.push(command);
            }
        }
    }
    found
}

#[test]
fn the_readme_and_the_command_line_chapter_show_commands() {
    let readme = std::fs::read_to_string(Path::new(ROOT).join("README.md")).unwrap();
    assert!(commands(&readme).len() >= 3, "the README shows a first run");
    let chapter = std::fs::read_to_string(Path::new(ROOT).join("book/src/cli.md")).unwrap();
    assert!(
        commands(&chapter).len() >= 10,
        "the command line chapter shows its commands"
    );
}

#[test]
fn every_command_in_the_readme_and_the_book_runs() {
    let found = documented_commands();
    let scratch = std::env::temp_dir().join(format!("onlinelearn-docs-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut ran = 0;
    for mut args in found {
        let data: Vec<PathBuf> = args
            .iter()
            .filter(|a| a.contains("shared/data"))
            .map(|a| Path::new(ROOT).join(a))
            .collect();
        if let Some(missing) = data.iter().find(|p| !p.exists()) {
            eprintln!(
                "skipping `onlinelearn {}`: {} is not here",
                args.join(" "),
                missing.display()
            );
            continue;
        }
        if args[0] == "paper" {
            for (flag, value) in [
                ("--repeats", "2"),
                ("--n-train", "120"),
                ("--n-test", "200"),
                ("--checkpoints", "2"),
                ("--curve-test", "50"),
            ] {
                set(&mut args, flag, value);
            }
            set(&mut args, "--out", scratch.to_str().unwrap());
            if args.iter().any(|a| a == "--settings") {
                set(&mut args, "--settings", "1");
            }
        }
        if args[0] == "frontier" {
            // Two orderings (the fewest) at two small sizes; its pictures and tables
            // into the scratch folder, never over the docs' own.
            set(&mut args, "--orderings", "2");
            set(&mut args, "--sizes", "10,20");
            for flag in ["--svg", "--csv"] {
                if args.iter().any(|a| a == flag) {
                    let file = scratch.join(flag.trim_start_matches('-'));
                    set(&mut args, flag, file.to_str().unwrap());
                }
            }
        }
        let output = Command::new(env!("CARGO_BIN_EXE_onlinelearn"))
            .args(&args)
            .current_dir(ROOT)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "`onlinelearn {}` failed:\n{}",
            args.join(" "),
            String::from_utf8_lossy(&output.stderr)
        );
        ran += 1;
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!("{ran} commands of the README and the book ran");
}

#[test]
fn a_single_quoted_word_is_one_argument_without_its_quotes() {
    let text = "```sh\nonlinelearn replay 'v=4&algo=pa&log=AcgB' --json\n```\n";
    assert_eq!(
        commands(text),
        vec![vec!["replay", "v=4&algo=pa&log=AcgB", "--json"]]
    );
}

#[test]
fn the_parser_finds_shell_commands_only() {
    let text = "x\n```sh\n$B learn --algo pa1 > out.txt\ncargo build\n```\n```text\nonlinelearn paper\n```\n";
    assert_eq!(commands(text), vec![vec!["learn", "--algo", "pa1"]]);
}
