//! A small static file server for the page (any server would do, as long
//! as it sends `application/wasm` for .wasm files).

use std::hash::{Hash, Hasher};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};

use crate::Result;

pub fn serve(dir: &Path, port: u16) -> Result {
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on port {port}: {e}"))?;
    println!(
        "Serving {} on http://127.0.0.1:{port}/  (Ctrl-C to stop)",
        dir.display()
    );
    serve_on(listener, dir);
    Ok(())
}

fn serve_on(listener: TcpListener, dir: &Path) {
    for stream in listener.incoming().flatten() {
        let dir = dir.to_path_buf();
        std::thread::spawn(move || {
            let _ = respond(stream, &dir);
        });
    }
}

/// Answers one request. Each file is sent with an ETag (a hash of its
/// bytes) and `Cache-Control: no-cache`: the browser keeps what it
/// fetched (the wasm modules) and asks again
/// with If-None-Match, which a file unchanged since answers with an empty
/// 304. A rebuilt file has a new tag, so a page never runs stale code.
fn respond(mut stream: TcpStream, dir: &Path) -> std::io::Result<()> {
    let mut request_line = String::new();
    let mut reader = BufReader::new(stream.try_clone()?);
    reader.read_line(&mut request_line)?;
    let mut if_none_match = None;
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        if let Some((name, value)) = header.split_once(':') {
            if name.trim().eq_ignore_ascii_case("if-none-match") {
                if_none_match = Some(value.trim().to_string());
            }
        }
        header.clear();
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let file = resolve(dir, target);
    let (status, body, kind, tag) = match (
        method,
        file.and_then(|f| std::fs::read(&f).ok().map(|b| (b, f))),
    ) {
        ("GET" | "HEAD", Some((body, path))) => {
            let tag = etag(&body);
            if if_none_match.as_deref() == Some(tag.as_str()) {
                (
                    "304 Not Modified",
                    Vec::new(),
                    content_type(&path),
                    Some(tag),
                )
            } else {
                ("200 OK", body, content_type(&path), Some(tag))
            }
        }
        ("GET" | "HEAD", None) => ("404 Not Found", b"not found\n".to_vec(), "text/plain", None),
        _ => ("405 Method Not Allowed", Vec::new(), "text/plain", None),
    };
    let cache = match &tag {
        Some(tag) => format!("Cache-Control: no-cache\r\nETag: {tag}"),
        None => "Cache-Control: no-store".to_string(),
    };
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\n{cache}\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if method != "HEAD" {
        stream.write_all(&body)?;
    }
    Ok(())
}

/// A strong entity tag for `body`: its length and a 64-bit hash of it.
fn etag(body: &[u8]) -> String {
    let mut hasher = std::hash::DefaultHasher::new();
    body.hash(&mut hasher);
    format!("\"{:x}-{:016x}\"", body.len(), hasher.finish())
}

/// Maps a URL path to a file under `dir`, refusing `..` and absolute parts.
fn resolve(dir: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next().unwrap_or("/");
    let relative = Path::new(path.trim_start_matches('/'));
    if relative
        .components()
        .any(|c| !matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let mut file = dir.join(relative);
    if file.is_dir() {
        file = file.join("index.html");
    }
    file.is_file().then_some(file)
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "csv" => "text/csv; charset=utf-8",
        "md" | "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn paths_cannot_leave_the_served_folder() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        assert!(resolve(dir, "/../Cargo.toml").is_none());
        assert!(resolve(dir, "/src/../../Cargo.toml").is_none());
        assert_eq!(
            resolve(dir, "/Cargo.toml?x=1"),
            Some(dir.join("Cargo.toml"))
        );
        assert_eq!(content_type(Path::new("a.wasm")), "application/wasm");
    }

    fn get(address: std::net::SocketAddr, path: &str, tag: Option<&str>) -> String {
        let mut stream = TcpStream::connect(address).unwrap();
        let condition = tag
            .map(|t| format!("If-None-Match: {t}\r\n"))
            .unwrap_or_default();
        write!(stream, "GET {path} HTTP/1.1\r\nHost: x\r\n{condition}\r\n").unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    }

    #[test]
    fn a_file_unchanged_is_revalidated_with_an_empty_304() {
        let dir = std::env::temp_dir().join(format!("xtask-serve-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("module.wasm"), b"\0asm one").unwrap();
        let listener = TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let address = listener.local_addr().unwrap();
        let served = dir.clone();
        std::thread::spawn(move || serve_on(listener, &served));

        let first = get(address, "/module.wasm", None);
        assert!(first.starts_with("HTTP/1.1 200 OK"), "{first}");
        assert!(
            first.contains("Cache-Control: no-cache") && first.ends_with("\0asm one"),
            "{first}"
        );
        let tag = first
            .lines()
            .find_map(|l| l.strip_prefix("ETag: "))
            .expect("an ETag")
            .to_string();
        let again = get(address, "/module.wasm", Some(&tag));
        assert!(
            again.starts_with("HTTP/1.1 304 Not Modified") && again.ends_with("\r\n\r\n"),
            "{again}"
        );
        // A rebuilt file is sent again, whole, with its new tag.
        std::fs::write(dir.join("module.wasm"), b"\0asm two").unwrap();
        let rebuilt = get(address, "/module.wasm", Some(&tag));
        assert!(
            rebuilt.starts_with("HTTP/1.1 200 OK") && rebuilt.ends_with("\0asm two"),
            "{rebuilt}"
        );
        assert!(!rebuilt.contains(&tag), "{rebuilt}");
        let missing = get(address, "/none.wasm", None);
        assert!(
            missing.starts_with("HTTP/1.1 404") && missing.contains("no-store"),
            "{missing}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
