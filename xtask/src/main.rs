//! `cargo xtask serve | test | bench | dist | pack`: the project's own commands.
//!
//! Each one installs what it needs and is missing (the wasm32 target, the
//! wasm-bindgen CLI at the version Cargo.lock pins, Debian's Chromium, the
//! npm packages of the browser tests), so the two commands at the top of
//! the README work on a fresh machine. Standard library only, so this crate
//! builds in seconds.

mod book;
mod book_csp;
mod book_i18n;
mod pack;
mod serve;
mod setup;
mod site;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

const USAGE: &str = "usage: cargo xtask <command>

commands:
  serve [--port N] [--dev]
                     build the site and serve it (default port 8000); --dev serves www/
                     as written, unminified, to debug in the browser
  build              build the wasm modules into www/pkg and the minified site into target/site
  test               every test layer: native, wasm (node), browser (Chromium)
  bench              criterion throughput, scikit-learn/River comparison, browser frame times, bundle size
  book [--pot]       build the book (book/) into target/book/, each translation into
                     target/book/<lang>/; --pot writes the translators' book/po/messages.pot
  dist               write a self-contained static site to dist/, the book in dist/book/
  pack               the <online-learner> figure as an npm package: target/npm/online-learning-playground-<version>.tgz";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("serve") => serve_command(&args[1..]),
        Some("build") => site::build_site().map(|_| ()),
        Some("test") => test(),
        Some("bench") => bench(),
        Some("book") if args.get(1).is_some_and(|a| a == "--pot") => {
            book::write_template().map(|pot| eprintln!("wrote {}", pot.display()))
        }
        Some("book") => book::build_book().map(|_| ()),
        Some("dist") => dist().map(|_| ()),
        Some("pack") => pack::pack().map(|_| ()),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

pub type Result<T = ()> = std::result::Result<T, String>;

/// The repository root.
pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Runs a command from the repository root, failing with its name.
pub fn run(command: &mut Command) -> Result {
    let shown = format!("{command:?}").replace('"', "");
    eprintln!("$ {shown}");
    let status = command
        .current_dir(root())
        .status()
        .map_err(|e| format!("could not start {shown}: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{shown} failed ({status})"))
    }
}

pub fn cargo() -> Command {
    Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
}

fn port_arg(args: &[String]) -> Result<u16> {
    match args {
        [] => Ok(std::env::var("PORT")
            .ok()
            .and_then(|p| p.parse().ok())
            .unwrap_or(8000)),
        [flag, port] if flag == "--port" => port
            .parse()
            .map_err(|_| format!("--port takes a number, got '{port}'")),
        _ => Err(format!("unexpected arguments {args:?}\n{USAGE}")),
    }
}

/// Builds the wasm modules and their JS glue into `out` (www/pkg): the
/// page's first (`onlinelearn.js`: every learner but the code of the
/// kernel family, LIBOL's, the second-order and the perceptron's
/// relatives), its full one (`onlinelearn_full.js`: every learner, the
/// Theory layer, files and the timeline, loaded whole when a session first
/// needs one of those; see www/js/wasm.js) and the Web Worker's
/// (`loader.js`, the file readers), each with only what it uses, then
/// shrinks each with binaryen's wasm-opt -Oz (npm's binaryen, pinned by
/// package-lock.json: 2.4 KB gzip off the page's module, measured, with
/// the learners and the grid as fast). Each module is one file, made by
/// the same stable `cargo build`, wasm-bindgen and wasm-opt: docs/build.md
/// says why the full module is no longer split per family.
pub fn build_wasm(out: &Path) -> Result {
    setup::wasm_target()?;
    setup::npm_packages()?;
    let bindgen = setup::bindgen_cli()?;
    let module = root().join("target/wasm32-unknown-unknown/wasm/onlinelearn.wasm");
    for (features, name) in [
        ("", "onlinelearn"),
        // The full module: Cargo.toml's default features, which are every
        // family's (each declared once, `family!`) and the full module's parts.
        ("default", "onlinelearn_full"),
        ("loader-module", "loader"),
    ] {
        run(cargo().args([
            "build",
            "--profile",
            "wasm",
            "--lib",
            "--target",
            "wasm32-unknown-unknown",
            "--no-default-features",
            "--features",
            features,
        ]))?;
        run(Command::new(&bindgen)
            .args([
                "--target",
                "web",
                "--no-typescript",
                "--remove-name-section",
                "--remove-producers-section",
                "--out-name",
                name,
            ])
            .arg("--out-dir")
            .arg(out)
            .arg(&module))?;
        optimize(&out.join(format!("{name}_bg.wasm")))?;
    }
    // The parts an older build split the full module into must not ship
    // with the site (www/pkg outlives a build).
    for stale in old_part_files(out)? {
        std::fs::remove_file(&stale).map_err(|e| format!("{}: {e}", stale.display()))?;
    }
    Ok(())
}

/// `onlinelearn_full_<part>.wasm` files in `out`, left by a build from
/// before the full module was one file.
fn old_part_files(out: &Path) -> Result<Vec<PathBuf>> {
    let mut parts = Vec::new();
    for entry in std::fs::read_dir(out).map_err(|e| e.to_string())? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let file = path.file_name().unwrap().to_string_lossy();
        if file.starts_with("onlinelearn_full_")
            && file.ends_with(".wasm")
            && file != "onlinelearn_full_bg.wasm"
        {
            parts.push(path);
        }
    }
    Ok(parts)
}

/// binaryen's wasm-opt -Oz on `wasm`, in place.
fn optimize(wasm: &Path) -> Result {
    run(Command::new("node")
        .arg(root().join("node_modules/binaryen/bin/wasm-opt"))
        // --converge repeats -Oz while it still shrinks: 0.5 KB gzip
        // more. --low-memory-unused lets loads fold small constant
        // offsets (0.57 KB): Rust's modules put the stack first, from
        // 1 MB down to 0, so the lowest 1 KB is reached only by a stack
        // already overflowing.
        .args(["-Oz", "--converge", "--low-memory-unused", "--strip-debug"])
        // The features rustc and wasm-bindgen emit (see .cargo/config.toml).
        .args([
            "--enable-simd",
            "--enable-bulk-memory",
            "--enable-sign-ext",
            "--enable-mutable-globals",
            "--enable-nontrapping-float-to-int",
            "--enable-multivalue",
            "--enable-reference-types",
        ])
        .arg(wasm)
        .arg("-o")
        .arg(wasm))
}

fn serve_command(args: &[String]) -> Result {
    let dev = args.iter().any(|a| a == "--dev");
    let rest: Vec<String> = args.iter().filter(|a| *a != "--dev").cloned().collect();
    let port = port_arg(&rest)?;
    if dev {
        build_wasm(&root().join("www/pkg"))?;
        serve::serve(&root().join("www"), port)
    } else {
        serve::serve(&site::build_site()?, port)
    }
}

fn test() -> Result {
    let start = Instant::now();
    eprintln!("== native tests");
    // The tool crates (tools/*) have no tests: not compiled a second time.
    let tools = ["--exclude", "bindgen-cli", "--exclude", "book-cli"];
    run(cargo().args(["test", "--workspace"]).args(tools))?;
    // The page's first module leaves the kernel family's and LIBOL's code out.
    run(cargo().args([
        "test",
        "--lib",
        "--no-default-features",
        "registry::families",
    ]))?;

    eprintln!("== wasm tests (wasm-bindgen-test under node)");
    setup::wasm_target()?;
    let runner = setup::bindgen_test_runner()?;
    // The runner refuses --quiet, so no -q here.
    run(cargo()
        .args([
            "test",
            "--target",
            "wasm32-unknown-unknown",
            "--test",
            "wasm",
        ])
        .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", runner))?;

    eprintln!("== browser tests (headless Chromium, on target/site, the npm package and the book)");
    pack::pack()?; // builds target/site, then the package from it
    book::build_book()?; // target/book, for tests/e2e/book.test.mjs
    setup::chromium()?;
    setup::npm_packages()?;
    setup::optional_debian("hugo", "hugo");
    setup::optional_debian("jekyll", "jekyll");
    // The Jupyter widget's Python side (its front end is tests/e2e/notebook.test.mjs).
    if let Some(python) = setup::python_venv() {
        run(Command::new(python).args(["-m", "unittest", "discover", "python/tests"]))?;
    }
    let tests = e2e_test_files()?;
    run(Command::new("node").arg("--test").args(&tests))?;
    eprintln!(
        "== all test layers passed in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn e2e_test_files() -> Result<Vec<PathBuf>> {
    let dir = root().join("tests/e2e");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".test.mjs"))
        .collect();
    files.sort();
    Ok(files)
}

fn bench() -> Result {
    eprintln!("== criterion: learn throughput");
    run(cargo().args(["bench", "--bench", "throughput"]))?;
    eprintln!("== criterion: kernel learners on a3a");
    run(cargo().args(["bench", "--bench", "kernel"]))?;
    eprintln!("== scikit-learn and River on the same data (skipped if not installed)");
    run(cargo().args(["build", "--release", "--bin", "onlinelearn"]))?;
    let have_python_libs = Command::new("python3")
        .args(["-c", "import sklearn, river"])
        .status()
        .is_ok_and(|s| s.success());
    if have_python_libs {
        run(Command::new("python3").args([
            "scripts/reference/throughput.py",
            "target/release/onlinelearn",
        ]))?;
    } else {
        eprintln!("skipped: pip install -r scripts/reference/requirements.txt");
    }
    eprintln!("== browser: frame rate, frame times and bundle size");
    site::build_site()?;
    setup::chromium()?;
    setup::npm_packages()?;
    run(Command::new("node").arg("benches/browser/frame-rate.mjs"))?;
    run(Command::new("node").arg("benches/browser/frame-time.mjs"))?;
    run(Command::new("node").arg("benches/browser/gif-encoders.mjs"))?;
    if root().join("../shared/data/a9a").exists() {
        run(Command::new("node").arg("benches/browser/big-file.mjs"))?;
    }
    run(Command::new("node").arg("benches/browser/bundle-size.mjs"))
}

fn dist() -> Result<PathBuf> {
    let site = site::build_site()?;
    let out = root().join("dist");
    let _ = std::fs::remove_dir_all(&out);
    site::copy_dir(&site, &out)?;
    site::copy_dir(&book::build_book()?, &out.join("book"))?;
    eprintln!(
        "wrote {} (copy it to any static host; the book is in book/)",
        out.display()
    );
    Ok(out)
}
