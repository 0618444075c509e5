//! Reading a data file for the command line: every bad line is found and
//! reported (`file:line:column: message`, the first ones listed, the rest
//! counted); the file is refused unless `--skip-bad` keeps its good rows.

use std::path::Path;

use clap::ValueEnum;
use onlinelearn::data::{read_csv, read_libsvm, CsvOptions, OnError};
use onlinelearn::{Dataset, Task};

/// The bad lines listed in a message; the rest are counted.
const LISTED: usize = 20;

#[derive(Clone, Copy, PartialEq, ValueEnum)]
pub enum Format {
    Csv,
    Libsvm,
}

/// A file's rows, and how many bad lines were skipped.
pub struct Input {
    pub data: Dataset,
    pub skipped: usize,
}

/// Reads `path` (format from `format`, else csv for `*.csv` and libsvm
/// otherwise). Bad lines refuse the file unless `skip_bad`; then they are
/// listed on standard error and the good rows load.
pub fn load(
    path: &Path,
    format: Option<Format>,
    task: Task,
    skip_bad: bool,
) -> Result<Input, String> {
    let is_csv = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"));
    let format = format.unwrap_or(if is_csv { Format::Csv } else { Format::Libsvm });
    let loaded = match format {
        Format::Csv => read_csv(
            path,
            &CsvOptions {
                task,
                on_error: OnError::Skip,
                ..CsvOptions::default()
            },
        ),
        Format::Libsvm => read_libsvm(path, task, OnError::Skip),
    }
    .map_err(|e| e.to_string())?;
    let listed: Vec<String> = loaded
        .skipped
        .iter()
        .take(LISTED)
        .map(|e| e.to_string())
        .collect();
    let more = loaded.skipped_total - listed.len();
    let list = || {
        let mut text = listed.join("\n");
        if more > 0 {
            text.push_str(&format!(
                "\n... and {more} more bad line{}",
                if more == 1 { "" } else { "s" }
            ));
        }
        text
    };
    if loaded.skipped_total > 0 && !skip_bad {
        return Err(format!(
            "{}: {} bad line{} ({} good row{}); fix them, or pass --skip-bad to learn from the good rows:\n{}",
            path.display(),
            loaded.skipped_total,
            if loaded.skipped_total == 1 { "" } else { "s" },
            loaded.data.len(),
            if loaded.data.len() == 1 { "" } else { "s" },
            list()
        ));
    }
    if loaded.skipped_total > 0 {
        eprintln!(
            "{}: skipped {} bad line{} (--skip-bad):\n{}",
            path.display(),
            loaded.skipped_total,
            if loaded.skipped_total == 1 { "" } else { "s" },
            list()
        );
    }
    if loaded.data.is_empty() {
        return Err(format!("{}: no samples", path.display()));
    }
    Ok(Input {
        data: loaded.data,
        skipped: loaded.skipped_total,
    })
}
