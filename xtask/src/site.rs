//! The site as it ships: `www/` with its wasm modules built into `www/pkg`,
//! copied to `target/site/` with every JavaScript and CSS file minified by
//! esbuild (npm, pinned by package-lock.json). Each file is minified on its
//! own (comments and long local names are most of the source: 150.9 KB
//! down to about 137 KB gzip, measured on the playground). Then the
//! playground's entry, `js/main.js`, and the embed's, `embed.js`, are
//! bundled by rollup (npm's @rollup/wasm-node, pinned: no native binary per
//! platform for npm ci to miss) and the bundles minified by terser:
//! every module a page loads at once becomes one file, and each lazy import
//! one chunk that imports from it (each module still runs once), about
//! 5.8 KB gzip less than a file per module. terser's two compress passes
//! make the playground's bundle 0.47 KB gzip smaller than esbuild's
//! minifier (measured 2026-11-24), so the bundles and the wasm-bindgen glue
//! the page loads at once go through it.
//! esbuild's own bundler (used before, 2026-11-24) puts every module that a
//! lazy chunk shares into a chunk of its own, eight small files at first
//! load: 2.4 KB gzip more than rollup's one file. `wasm.js` stays its own
//! module, so that the page, its workers and the tests share the one
//! instance of the wasm module it loads.
//! `serve`, the browser tests and `dist` all use this folder, so what is
//! tested is what ships; `serve --dev` serves `www/` as written.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{build_wasm, root, run, setup, Result};

/// Builds the wasm modules, then the minified site; returns its folder.
pub fn build_site() -> Result<PathBuf> {
    let www = root().join("www");
    build_wasm(&www.join("pkg"))?;
    setup::npm_packages()?;
    let out = root().join("target/site");
    let _ = std::fs::remove_dir_all(&out);
    copy_dir(&www, &out)?;
    let mut sources = Vec::new();
    collect(&www, &mut sources)?;
    // Run as is: npm leaves either esbuild's native binary or its node
    // launcher there, depending on whether install scripts ran.
    run(Command::new(root().join("node_modules/.bin/esbuild"))
        .args(["--minify", "--log-level=warning", "--outbase=www"])
        .arg(format!("--outdir={}", out.display()))
        .args(&sources))?;
    // The playground's entry and the embed's, each its own bundle (a page
    // loads one of them); their lazy chunks go beside the modules in js/.
    // embed.html's script is an entry of the embed's bundle: it imports
    // what embed.js holds (the link's keys, the words) from it, where its
    // own copies of state.js, i18n.js and catalogue.js cost embed.html 2.8
    // KB gzip and a second instance of each (measured).
    let bundle = root().join("target/bundle");
    let _ = std::fs::remove_dir_all(&bundle);
    for (entries, dir, chunks) in [
        (&["www/js/main.js"][..], "js", "chunk-[hash].js"),
        (
            &["embed=www/embed.js", "js/embed-page=www/js/embed-page.js"][..],
            "",
            "js/embed-chunk-[hash].js",
        ),
    ] {
        run(Command::new(root().join("node_modules/.bin/rollup"))
            // allow-extension: the entry keeps its own code (the chunks import
            // from it) rather than re-exporting it from a chunk elsewhere, so
            // embed.js's `import.meta.url` stays beside embed.css.
            .args(entries)
            .args([
                "--format=es",
                "--silent",
                "--preserveEntrySignatures=allow-extension",
            ])
            .arg(format!("--external={}", www.join("js/wasm.js").display()))
            .arg(format!("--chunkFileNames={chunks}"))
            .arg(format!("--dir={}", bundle.join(dir).display())))?;
    }
    let mut bundled = Vec::new();
    collect(&bundle, &mut bundled)?;
    let mut minified: Vec<(PathBuf, PathBuf)> = bundled
        .iter()
        .map(|file| {
            (
                root().join(file),
                out.join(file.strip_prefix("target/bundle").unwrap()),
            )
        })
        .collect();
    for glue in ["pkg/onlinelearn.js", "pkg/onlinelearn_full.js"] {
        minified.push((www.join(glue), out.join(glue)));
    }
    for (from, to) in minified {
        std::fs::create_dir_all(to.parent().unwrap()).map_err(|e| e.to_string())?;
        run(Command::new(root().join("node_modules/.bin/terser"))
            .arg(&from)
            .args(["--module", "--compress", "passes=2", "--mangle", "--output"])
            .arg(&to))?;
    }
    // The catalogues with hashed keys (see xtask/catalogues.mjs).
    run(Command::new("node")
        .arg(root().join("xtask/catalogues.mjs"))
        .arg(out.join("i18n")))?;
    // The stylesheets' @import of figure.css inlined: one request, not a
    // chain of two, and 0.45 KB gzip less.
    run(Command::new(root().join("node_modules/.bin/esbuild"))
        .args([
            "www/style.css",
            "www/embed.css",
            "--bundle",
            "--minify",
            "--log-level=warning",
            "--outbase=www",
        ])
        .arg(format!("--outdir={}", out.display())))?;
    Ok(out)
}

/// Every .js and .css file under `dir`, by path relative to the root.
fn collect(dir: &Path, out: &mut Vec<PathBuf>) -> Result {
    for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            collect(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "js" || e == "css") {
            out.push(path.strip_prefix(root()).unwrap().to_path_buf());
        }
    }
    Ok(())
}

pub fn copy_dir(from: &Path, to: &Path) -> Result {
    std::fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let target = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &target)?;
        } else {
            std::fs::copy(&path, &target).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}
