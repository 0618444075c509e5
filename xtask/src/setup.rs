//! Installs what the build and the tests need, only when it is missing.

use std::path::PathBuf;
use std::process::Command;

use crate::{cargo, root, run, Result};

/// `rustup target add wasm32-unknown-unknown` unless it is installed.
pub fn wasm_target() -> Result {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map_err(|e| format!("rustup is needed to add the wasm32 target: {e}"))?;
    if String::from_utf8_lossy(&installed.stdout)
        .lines()
        .any(|l| l.trim() == "wasm32-unknown-unknown")
    {
        return Ok(());
    }
    run(Command::new("rustup").args(["target", "add", "wasm32-unknown-unknown"]))
}

/// Builds one of the workspace's tool crates (tools/*: crates.io versions
/// that Cargo.lock pins) in the `tools` profile and returns its binary.
fn tool_binary(package: &str, name: &str) -> Result<PathBuf> {
    // Cargo's own freshness check makes this near-instant once built.
    run(cargo().args([
        "build",
        "--profile",
        "tools",
        "--quiet",
        "--package",
        package,
    ]))?;
    let path = root().join("target/tools").join(name);
    if path.exists() {
        Ok(path)
    } else {
        Err(format!("{} was not built", path.display()))
    }
}

/// The wasm-bindgen CLI, pinned by Cargo.lock to the app's wasm-bindgen.
pub fn bindgen_cli() -> Result<PathBuf> {
    tool_binary("bindgen-cli", "bindgen")
}

pub fn bindgen_test_runner() -> Result<PathBuf> {
    tool_binary("bindgen-cli", "bindgen-test-runner")
}

/// The book's builder (tools/book: the mdBook library at the version
/// Cargo.lock pins).
pub fn book_cli() -> Result<PathBuf> {
    tool_binary("book-cli", "book")
}

const CHROMIUM: &str = "/usr/bin/chromium";

/// Debian's Chromium (never a browser downloaded by a test tool: that fails here),
/// with a font for Chinese and Japanese, so that the language tests' screenshots
/// show those pages as readers see them, not as boxes.
pub fn chromium() -> Result {
    let font = has_cjk_font();
    if std::path::Path::new(CHROMIUM).exists() && font {
        return Ok(());
    }
    eprintln!("Chromium or a CJK font is missing; installing Debian's packages");
    apt(&["update", "-qq"])?;
    apt(&[
        "install",
        "-y",
        "-qq",
        "chromium",
        "chromium-driver",
        "fonts-droid-fallback",
    ])?;
    if std::path::Path::new(CHROMIUM).exists() {
        Ok(())
    } else {
        Err(format!("{CHROMIUM} is still missing after apt-get install"))
    }
}

/// `apt-get ARGS`, through sudo unless root.
fn apt(args: &[&str]) -> Result {
    let mut all = if is_root() { vec![] } else { vec!["sudo"] };
    all.push("apt-get");
    all.extend_from_slice(args);
    let mut command = Command::new(all[0]);
    command
        .args(&all[1..])
        .env("DEBIAN_FRONTEND", "noninteractive");
    run(&mut command)
}

/// Debian's `package` for the tests that use `command` (Hugo for the
/// shortcode's test), installed when the command is missing. A failed
/// install is said here and left to those tests, which skip with a line
/// that names the package: the other layers need none of it.
pub fn optional_debian(command: &str, package: &str) {
    if Command::new(command).arg("version").output().is_ok() {
        return;
    }
    let installed = apt(&["update", "-qq"]).and_then(|_| apt(&["install", "-y", "-qq", package]));
    if let Err(why) = installed {
        eprintln!("could not install Debian's {package} ({why}); its tests will skip");
    }
}

/// Whether fontconfig knows a font with Japanese glyphs (which covers Chinese too).
fn has_cjk_font() -> bool {
    Command::new("fc-list")
        .arg(":lang=ja")
        .output()
        .is_ok_and(|o| !o.stdout.is_empty())
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// `npm ci` from the committed lockfile, when node_modules is missing or stale.
pub fn npm_packages() -> Result {
    let root = root();
    let installed = root.join("node_modules/.package-lock.json");
    let lock = root.join("package-lock.json");
    let stale = match (installed.metadata(), lock.metadata()) {
        (Ok(have), Ok(want)) => have.modified().ok() < want.modified().ok(),
        _ => true,
    };
    if stale {
        run(Command::new("npm").args(["ci", "--no-audit", "--no-fund", "--loglevel=error"]))?;
    }
    Ok(())
}

/// A virtual environment in target/py with the widget's test packages
/// (python/requirements-test.txt, from PyPI), the widget itself (python/,
/// editable) and River and scikit-learn at the reference scripts' pinned
/// versions (scripts/reference/requirements.txt, for Copy as Python's
/// test, tests/e2e/python.test.mjs); returns its python, or None after
/// saying why (the tests that need it then skip with a line that says so).
pub fn python_venv() -> Option<PathBuf> {
    let venv = root().join("target/py");
    let python = venv.join("bin/python");
    let ready = || {
        Command::new(&python)
            .args([
                "-c",
                "import onlinelearn_widget, nbconvert, ipykernel, numpy, river, sklearn, jupyterlab",
            ])
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if ready() {
        return Some(python);
    }
    let made = run(Command::new("python3").arg("-m").arg("venv").arg(&venv)).and_then(|_| {
        run(Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "-r",
            "python/requirements-test.txt",
            "-r",
            "scripts/reference/requirements.txt",
            "-e",
            "python",
        ]))
    });
    match made {
        Ok(()) if ready() => Some(python),
        Ok(()) => {
            eprintln!("target/py lacks the widget's or the reference packages after pip install; the widget's and Copy as Python's tests will skip");
            None
        }
        Err(why) => {
            eprintln!("could not make target/py ({why}); the widget's and Copy as Python's tests will skip");
            None
        }
    }
}
