//! `cargo xtask pack`: the `<online-learner>` figure as an npm package,
//! made from the site as it ships (target/site), so the package runs the
//! very files the browser tests test.
//!
//! The package holds `embed.js` and every file it can load, found by
//! following its references (`import`, `import()`, `new URL(…,
//! import.meta.url)`) through the built files rather than listed by hand:
//! a lazy chunk renamed by its hash, or a new worker, comes along without
//! an edit here, and the playground's own files stay out. The files keep
//! their places relative to one another, because every reference is
//! relative: a bundler (Vite) resolves them as it finds them, and a CDN
//! serves the package's folder as it is.
//!
//! The version is the crate's (Cargo.toml), the types (`index.d.ts`) are
//! written by `xtask/pack-types.mjs` from the learner core's own table of
//! settings, and `npm pack` makes the tarball in target/npm/. The Jupyter
//! widget's one-file module is bundled from the same site here too
//! (`xtask/widget-bundle.mjs`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{root, run, site, Result};

/// The package's name on npm: `import "online-learning-playground"`.
pub const NAME: &str = "online-learning-playground";

/// The catalogues' folder of the example post's own text (www/examples/
/// blog.js), which no figure loads: the closure takes the whole `i18n/`
/// folder, since the figure names its files by a template.
const EXAMPLES_ONLY: &str = "i18n/blog/";

/// Builds the site, assembles the package in target/npm/package and packs
/// it; returns the tarball's path.
pub fn pack() -> Result<PathBuf> {
    let site = site::build_site()?;
    let out = root().join("target/npm");
    let package = out.join("package");
    let _ = std::fs::remove_dir_all(&out);
    let mut files = closure(&site, "embed.js")?;
    files.retain(|f| !f.starts_with(EXAMPLES_ONLY));
    for file in &files {
        let to = package.join(file);
        std::fs::create_dir_all(to.parent().unwrap()).map_err(|e| e.to_string())?;
        if file.ends_with(".js") {
            let text =
                std::fs::read_to_string(site.join(file)).map_err(|e| format!("{file}: {e}"))?;
            write(&to, &no_inline_stylesheets(&text))?;
        } else {
            std::fs::copy(site.join(file), &to).map_err(|e| format!("{file}: {e}"))?;
        }
    }
    let version = crate_version()?;
    write(
        &package.join("package.json"),
        &package_json(&version, &files),
    )?;
    std::fs::copy(root().join("npm/README.md"), package.join("README.md"))
        .map_err(|e| format!("npm/README.md: {e}"))?;
    run(Command::new("node")
        .arg(root().join("xtask/pack-types.mjs"))
        .arg(&site)
        .arg(package.join("index.d.ts")))?;
    // The Jupyter widget's module (python/onlinelearn_widget), from the same site.
    run(Command::new("node")
        .arg(root().join("xtask/widget-bundle.mjs"))
        .arg(&site)
        .arg(root().join("python/onlinelearn_widget/static/widget.js")))?;
    run(Command::new("npm")
        .args(["pack", "--silent", "--pack-destination"])
        .arg(&out)
        .arg(&package))?;
    let tarball = out.join(format!("{NAME}-{version}.tgz"));
    let size = tarball
        .metadata()
        .map_err(|e| format!("{}: {e}", tarball.display()))?
        .len();
    eprintln!(
        "wrote {} ({} files, {:.1} KB)",
        tarball.display(),
        files.len() + 3, // and package.json, README.md, index.d.ts
        size as f64 / 1024.0
    );
    Ok(tarball)
}

/// Marks each stylesheet a module names with `new URL(…, import.meta.url)`
/// `?no-inline`. Vite inlines an asset under 4 KB as a `data:` URL
/// (theory.css is 1.5 KB), and a strict Content-Security-Policy
/// (`style-src 'self'`) refuses a `data:` stylesheet; the query keeps it a
/// file. A static host or a CDN ignores the query and serves the file.
fn no_inline_stylesheets(text: &str) -> String {
    let mut out = text.to_string();
    for quote in ['"', '\''] {
        for gap in ["", " "] {
            out = out.replace(
                &format!(".css{quote},{gap}import.meta.url"),
                &format!(".css?no-inline{quote},{gap}import.meta.url"),
            );
        }
    }
    out
}

/// The `version` of the crate's `[package]` in the root Cargo.toml.
fn crate_version() -> Result<String> {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).map_err(|e| e.to_string())?;
    let package = manifest
        .split("\n[")
        .find(|section| section.trim_start_matches('[').starts_with("package]"))
        .ok_or("Cargo.toml has no [package]")?;
    package
        .lines()
        .find_map(|line| {
            let value = line
                .strip_prefix("version")?
                .trim_start()
                .strip_prefix('=')?;
            Some(value.trim().trim_matches('"').to_string())
        })
        .ok_or_else(|| "Cargo.toml's [package] has no version".to_string())
}

fn package_json(version: &str, files: &BTreeSet<String>) -> String {
    // `files` names the top-level entries (npm adds package.json, README
    // and LICENSE itself).
    let mut top: BTreeSet<String> = files
        .iter()
        .map(|f| match f.split_once('/') {
            Some((dir, _)) => format!("{dir}/"),
            None => f.clone(),
        })
        .collect();
    top.insert("index.d.ts".into());
    let listed: Vec<String> = top.iter().map(|f| format!("\"{f}\"")).collect();
    format!(
        r#"{{
  "name": "{NAME}",
  "version": "{version}",
  "description": "<online-learner>: a live online learner (Perceptron, Passive-Aggressive, AROW, kernel learners) for a blog post, in one tag. Rust compiled to WebAssembly; runs under a strict Content-Security-Policy.",
  "keywords": ["online-learning", "perceptron", "passive-aggressive", "web-component", "custom-element", "webassembly", "machine-learning", "visualization"],
  "license": "MIT OR Apache-2.0",
  "type": "module",
  "main": "./embed.js",
  "module": "./embed.js",
  "types": "./index.d.ts",
  "exports": {{
    ".": {{ "types": "./index.d.ts", "default": "./embed.js" }},
    "./embed.js": {{ "types": "./index.d.ts", "default": "./embed.js" }},
    "./package.json": "./package.json"
  }},
  "browser": "./embed.js",
  "unpkg": "./embed.js",
  "jsdelivr": "./embed.js",
  "sideEffects": true,
  "files": [{}]
}}
"#,
        listed.join(", ")
    )
}

fn write(path: &Path, text: &str) -> Result {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// `entry` and every file it reaches in `site`, as paths relative to it
/// (with `/`). A reference that points outside `site`, or to a file that
/// is not there, is an error: the package would load it and fail.
fn closure(site: &Path, entry: &str) -> Result<BTreeSet<String>> {
    let mut found = BTreeSet::new();
    let mut todo = vec![entry.to_string()];
    while let Some(file) = todo.pop() {
        if !found.insert(file.clone()) || !file.ends_with(".js") {
            continue;
        }
        let text = std::fs::read_to_string(site.join(&file)).map_err(|e| format!("{file}: {e}"))?;
        for reference in references(&text) {
            let target = resolve(&file, &reference.path)
                .ok_or_else(|| format!("{file}: {} leaves the site", reference.path))?;
            if reference.folder {
                // `new URL(`../i18n/${name}`, import.meta.url)`: the whole folder.
                let mut inside = Vec::new();
                files_under(&site.join(&target), &mut inside)?;
                for path in inside {
                    let relative = path.strip_prefix(site).unwrap().to_string_lossy();
                    todo.push(relative.replace('\\', "/"));
                }
            } else if site.join(&target).is_file() {
                todo.push(target);
            } else if target.is_empty() || target.ends_with('/') || site.join(&target).is_dir() {
                // An address, not a file to ship: command.js's
                // `new URL('../', import.meta.url)` is the page's own folder.
                continue;
            } else {
                return Err(format!("{file} refers to {target}, which the site lacks"));
            }
        }
    }
    Ok(found)
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) -> Result {
    for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.is_dir() {
            files_under(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}

/// `reference` read from the folder of `from` (both relative to the site).
fn resolve(from: &str, reference: &str) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop(); // the file's own name
    for part in reference.split('/') {
        match part {
            "." | "" => {}
            ".." => {
                parts.pop()?;
            }
            name => parts.push(name),
        }
    }
    Some(parts.join("/"))
}

#[derive(Debug, PartialEq)]
struct Reference {
    path: String,
    /// A template's fixed folder (`../i18n/` of `../i18n/${name}`).
    folder: bool,
}

/// The relative files a module loads: `from "x"`, `import "x"`,
/// `import("x")` and `new URL("x", import.meta.url)` (wasm-bindgen's glue
/// names its .wasm file without `./`). Bare names (`node:fs`, a package)
/// are not files of ours and are left out.
fn references(text: &str) -> Vec<Reference> {
    let mut out = Vec::new();
    for opener in ["from", "import", "import(", "new URL("] {
        let mut rest = text;
        while let Some(at) = rest.find(opener) {
            rest = &rest[at + opener.len()..];
            let after = rest.trim_start();
            let Some(quote) = after
                .chars()
                .next()
                .filter(|c| matches!(c, '"' | '\'' | '`'))
            else {
                continue;
            };
            let body = &after[1..];
            let Some(end) = body.find(quote) else {
                continue;
            };
            let literal = &body[..end];
            let is_url = opener == "new URL(";
            if is_url
                && !body[end + 1..].trim_start().starts_with(",import.meta.url")
                && !body[end + 1..]
                    .trim_start()
                    .starts_with(", import.meta.url")
            {
                continue;
            }
            let relative = literal.starts_with("./") || literal.starts_with("../");
            // A bare name in `new URL(…)` is relative too; an address or an absolute path is not ours.
            let bare = is_url && !literal.contains(':') && !literal.starts_with('/');
            if !relative && !bare {
                continue;
            }
            match literal.split_once("${") {
                Some((fixed, _)) if quote == '`' => {
                    let folder = fixed.rsplit_once('/').map_or("", |(dir, _)| dir);
                    out.push(Reference {
                        path: format!("{folder}/"),
                        folder: true,
                    });
                }
                _ => out.push(Reference {
                    path: literal.to_string(),
                    folder: false,
                }),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(text: &str) -> Vec<(String, bool)> {
        let mut found: Vec<_> = references(text)
            .into_iter()
            .map(|r| (r.path, r.folder))
            .collect();
        found.sort();
        found
    }

    #[test]
    fn finds_imports_chunks_assets_and_template_folders() {
        let minified = r#"import{a as b}from"./js/wasm.js";import"./x.js";const c=()=>import("./js/embed-chunk-A.js");
            new URL("./embed.css",import.meta.url);new URL("onlinelearn_bg.wasm",import.meta.url);
            fetch(new URL(`../i18n/${e}`,import.meta.url));import("node:fs");new URL("https://x.org/a.js",import.meta.url);
            new URL("./not-an-asset", location.href);const from = 3;"#;
        assert_eq!(
            paths(minified),
            [
                ("../i18n/".to_string(), true),
                ("./embed.css".to_string(), false),
                ("./js/embed-chunk-A.js".to_string(), false),
                ("./js/wasm.js".to_string(), false),
                ("./x.js".to_string(), false),
                ("onlinelearn_bg.wasm".to_string(), false),
            ]
        );
    }

    #[test]
    fn stylesheets_stay_files_for_bundlers() {
        let chunk = r#"new URL("../theory.css",import.meta.url);new URL('./a.css', import.meta.url);new URL("x.wasm",import.meta.url)"#;
        assert_eq!(
            no_inline_stylesheets(chunk),
            r#"new URL("../theory.css?no-inline",import.meta.url);new URL('./a.css?no-inline', import.meta.url);new URL("x.wasm",import.meta.url)"#
        );
    }

    #[test]
    fn resolves_against_the_referring_file() {
        assert_eq!(
            resolve("js/chunk.js", "../pkg/a.wasm").as_deref(),
            Some("pkg/a.wasm")
        );
        assert_eq!(
            resolve("pkg/glue.js", "glue_bg.wasm").as_deref(),
            Some("pkg/glue_bg.wasm")
        );
        assert_eq!(resolve("embed.js", "../outside.js"), None);
    }

    #[test]
    fn the_version_is_the_crates() {
        let version = crate_version().unwrap();
        assert!(version.split('.').count() == 3, "{version}");
    }
}
