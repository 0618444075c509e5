//! `replay --data FILE`: a link made on the page with a data file holds the
//! file's name and fingerprint, not its rows. The file given is read as the
//! page's file reader reads it (the same Loader, the same task) and its
//! fingerprint checked against the link's: a different file is refused
//! with both fingerprints, never learned as if it were the same.

use std::path::Path;

use onlinelearn::data::{Format, Loader};
use onlinelearn::playground::FileSource;
use onlinelearn::Dataset;
use onlinelearn::Task;

/// The file a link waits for, read and checked.
pub struct LinkedFile {
    /// The name the page knew the file by (its export says it).
    pub name: String,
    pub task: Task,
    pub data: Dataset,
    pub fingerprint: u64,
}

/// Reads `path` for a link whose `file` key is `wanted` (`name:16 hex
/// digits`) and whose session learns `task`.
pub fn read_linked(path: &Path, wanted: &str, task: Task) -> Result<LinkedFile, String> {
    let (link_name, hex) = wanted
        .rsplit_once(':')
        .ok_or_else(|| format!("the link's file '{wanted}' has no fingerprint"))?;
    let bytes = std::fs::read(path).map_err(|e| format!("--data {}: {e}", path.display()))?;
    // As the page's TextDecoder reads it: invalid UTF-8 replaced, a
    // byte-order mark dropped.
    let text = String::from_utf8_lossy(&bytes);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // The name the page saw, for the export: the file's own when the link
    // names it (a link keeps letters, digits and -_. only), else the link's.
    let name = if link_safe(&file_name) == link_name {
        file_name
    } else {
        link_name.to_string()
    };
    let data = parse(&name, text, task)?;
    let source = FileSource::new(&name, data.clone(), task).map_err(|e| e.to_string())?;
    let fingerprint = source.fingerprint();
    let found = format!("{fingerprint:016x}");
    if !found.eq_ignore_ascii_case(hex) {
        return Err(format!(
            "{} is not the file the link was made with: its data's fingerprint is {found}, the link's ({link_name}) is {hex}",
            path.display()
        ));
    }
    if source.link_key() != wanted {
        return Err(format!(
            "the link's file name '{link_name}' is not one the page writes (letters, digits and -_. only)"
        ));
    }
    Ok(LinkedFile {
        name,
        task,
        data,
        fingerprint,
    })
}

/// The rows as the page's worker reads them (src/wasm/worker.rs): the
/// format from the name and first line, the task from the labels; a task
/// other than the link's is read again as the link's (the page's file
/// menu can say the task too).
fn parse(name: &str, text: &str, task: Task) -> Result<Dataset, String> {
    let format = Format::detect(name, text);
    let read = |asked: Option<Task>| -> Result<(Dataset, Task), String> {
        let mut loader = Loader::new(name, format, asked);
        loader.feed(text);
        let file = loader.finish().map_err(|e| e.to_string())?;
        Ok((file.loaded.data, file.task))
    };
    let (data, found) = read(None)?;
    let data = if found == task {
        data
    } else {
        read(Some(task))?.0
    };
    if data.is_empty() {
        return Err(format!("{name}: no valid rows to learn from"));
    }
    Ok(data)
}

/// A name as a link keeps it (`FileSource::link_key`).
fn link_safe(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .take(64)
        .collect()
}
