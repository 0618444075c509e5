//! `cargo xtask serve | test | bench | dist | pack`: the project's own commands.
//!
//! Each one installs what it needs and is missing (the wasm32 target, the
//! wasm-bindgen CLI at the version Cargo.lock pins, Debian's Chromium, the
//! npm packages of the browser tests), so the two commands at the top of
//! the README work on a fresh machine. Standard library only, so this crate
//! builds in seconds.

mod book;
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
  book               build the book (book/) into target/book/
  dist               write a self-contained static site to dist/, the book in dist/book/
  pack               the <online-learner> figure as an npm package: target/npm/online-learning-playground-<version>.tgz";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if std::env::var_os(UNSTABLE_RUSTC).is_some() {
        return rustc_with_unstable_flags(&args);
    }
    let result = match args.first().map(String::as_str) {
        Some("serve") => serve_command(&args[1..]),
        Some("build") => site::build_site().map(|_| ()),
        Some("test") => test(),
        Some("bench") => bench(),
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
/// kernel family and of LIBOL's learners), its full one
/// (`onlinelearn_full.js`: every learner, loaded when a session needs one
/// of those or a file; see www/js/wasm.js), split into a primary module
/// and a module per part (`onlinelearn_full_<part>.wasm`: a learner
/// family, the Theory layer, file loading; xtask/split-wasm.mjs), and the
/// Web Worker's (`loader.js`, the file readers), each with only what it uses, then
/// shrinks each with binaryen's wasm-opt -Oz (npm's binaryen, pinned by
/// package-lock.json: 2.4 KB gzip off the page's module, measured, with
/// the learners and the grid as fast).
pub fn build_wasm(out: &Path) -> Result {
    setup::wasm_target()?;
    setup::npm_packages()?;
    let bindgen = setup::bindgen_cli()?;
    let module = root().join("target/wasm32-unknown-unknown/wasm/onlinelearn.wasm");
    // The first module as rustc wrote it, names and all: the split reads
    // which functions base code has (xtask/split-wasm.mjs).
    let first = root().join("target/wasm-split-first.wasm");
    for (features, name) in [
        ("", "onlinelearn"),
        (
            "kernel,libol,second-order,relatives,files,theory,timeline",
            "onlinelearn_full",
        ),
        ("loader-module", "loader"),
    ] {
        let split = name == "onlinelearn_full";
        let mut build = cargo();
        build.args([
            if split { "rustc" } else { "build" },
            "--profile",
            "wasm",
            "--lib",
            "--target",
            "wasm32-unknown-unknown",
            "--no-default-features",
            "--features",
            features,
        ]);
        if split {
            keep_functions_apart(&mut build);
        }
        run(&mut build)?;
        if name == "onlinelearn" {
            std::fs::copy(&module, &first).map_err(|e| format!("{}: {e}", first.display()))?;
        }
        let mut bindgen_run = Command::new(&bindgen);
        bindgen_run.args([
            "--target",
            "web",
            "--no-typescript",
            "--remove-producers-section",
        ]);
        if !split {
            // The split needs the names; wasm-opt strips them after it.
            bindgen_run.arg("--remove-name-section");
        }
        run(bindgen_run
            .args(["--out-name", name])
            .arg("--out-dir")
            .arg(out)
            .arg(&module))?;
        let built = out.join(format!("{name}_bg.wasm"));
        let mut modules = vec![built.clone()];
        if split {
            // A part no longer made must not ship with the site.
            for stale in part_files(out)? {
                std::fs::remove_file(&stale).map_err(|e| format!("{}: {e}", stale.display()))?;
            }
            run(Command::new("node")
                .arg(root().join("xtask/split-wasm.mjs"))
                .arg(&built)
                .arg(&first)
                .arg(out)
                .arg(root().join("target/wasm-split.txt")))?;
            modules.extend(part_files(out)?);
        }
        for wasm in modules {
            optimize(&wasm)?;
        }
    }
    Ok(())
}

/// The full module's build keeps functions of the same code apart: LLVM's
/// MergeFunctions pass, on in every rustc build, would make two learners
/// of different families share one function (seen: the Ballseptron's
/// `score` ran as ROMMA's), which the split would put in one family's
/// part, so that the other family's learner trapped when only its own part
/// was loaded. Without the pass each family's part holds its own code, and
/// what two parts share, the split sees in the call graph and keeps in the
/// primary (2.8 KB gzip on the primary, measured; wasm-opt merges what is
/// the same inside each module). Legacy symbol names, as the first
/// module's: the split matches the two modules' functions by name.
///
/// `-Z merge-functions` is unstable: this crate's rustc alone runs with
/// RUSTC_BOOTSTRAP=1 (as the Linux kernel's build does for its flags),
/// through this program as Cargo's workspace wrapper. Set for all of
/// Cargo, it reached the dependencies' build scripts: proc-macro2 and
/// thiserror then build for a nightly compiler, and every build rebuilt
/// sixteen crates twice (measured).
fn keep_functions_apart(build: &mut Command) {
    let this = std::env::current_exe().expect("the xtask program's path");
    build
        .env("RUSTC_WORKSPACE_WRAPPER", this)
        .env(UNSTABLE_RUSTC, "1")
        .args([
            "--",
            "-Zmerge-functions=disabled",
            "-Zunstable-options",
            "-Csymbol-mangling-version=legacy",
        ]);
}

/// Set when this program runs as Cargo's workspace wrapper for rustc.
const UNSTABLE_RUSTC: &str = "XTASK_UNSTABLE_RUSTC";

/// As Cargo's wrapper (`args`: rustc's path, then its arguments): rustc
/// with unstable flags allowed.
fn rustc_with_unstable_flags(args: &[String]) -> ExitCode {
    let Some((rustc, rest)) = args.split_first() else {
        return ExitCode::from(2);
    };
    match Command::new(rustc)
        .args(rest)
        .env("RUSTC_BOOTSTRAP", "1")
        .status()
    {
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(status) => ExitCode::from(status.code().unwrap_or(1).clamp(1, 255) as u8),
        Err(e) => {
            eprintln!("xtask: could not start {rustc}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The full module's parts in `out` (`onlinelearn_full_<part>.wasm`).
fn part_files(out: &Path) -> Result<Vec<std::path::PathBuf>> {
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
