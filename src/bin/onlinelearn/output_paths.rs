//! Output paths, checked before the work: a `frontier` or `paper` run can
//! take minutes, and a typo in `--svg` or `--out` found only when the
//! results are written throws them away. Each check names its flag and
//! path, and leaves an existing file as it was.

use std::fs::{self, OpenOptions};
use std::path::Path;

/// Refuses a FILE that `flag` could not write: a folder, a file in a
/// folder that does not exist (or is not one), a file it may not write.
pub fn check_file(flag: &str, path: &Path) -> Result<(), String> {
    let refused = |why: String| format!("{flag} {}: {why}", path.display());
    if path.is_dir() {
        return Err(refused("is a folder, not a file".into()));
    }
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    if !folder.exists() {
        return Err(refused(format!("there is no folder {}", folder.display())));
    }
    if !folder.is_dir() {
        return Err(refused(format!("{} is not a folder", folder.display())));
    }
    // Appending opens an existing file without changing it; a new one is
    // made empty and removed again.
    let existed = path.exists();
    OpenOptions::new()
        .append(true)
        .create(true)
        .open(path)
        .map_err(|e| refused(e.to_string()))?;
    if !existed {
        let _ = fs::remove_file(path);
    }
    Ok(())
}

/// Makes the folder `flag` writes into (the run would make it at its
/// end) and checks that a file can be written in it.
pub fn check_folder(flag: &str, dir: &Path) -> Result<(), String> {
    fs::create_dir_all(dir).map_err(|e| format!("{flag} {}: {e}", dir.display()))?;
    check_file(flag, &dir.join(".onlinelearn-write-check"))
        .map_err(|_| format!("{flag} {}: cannot write a file in it", dir.display()))
}
