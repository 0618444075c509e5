//! A small static file server for the page (any server would do, as long
//! as it sends `application/wasm` for .wasm files).

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
    for stream in listener.incoming().flatten() {
        let dir = dir.to_path_buf();
        std::thread::spawn(move || {
            let _ = respond(stream, &dir);
        });
    }
    Ok(())
}

fn respond(mut stream: TcpStream, dir: &Path) -> std::io::Result<()> {
    let mut request_line = String::new();
    let mut reader = BufReader::new(stream.try_clone()?);
    reader.read_line(&mut request_line)?;
    // Drain the headers; nothing in them matters to a static server.
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or("/"));
    let file = resolve(dir, target);
    let (status, body, kind) = match (
        method,
        file.and_then(|f| std::fs::read(&f).ok().map(|b| (b, f))),
    ) {
        ("GET" | "HEAD", Some((body, path))) => ("200 OK", body, content_type(&path)),
        ("GET" | "HEAD", None) => ("404 Not Found", b"not found\n".to_vec(), "text/plain"),
        _ => ("405 Method Not Allowed", Vec::new(), "text/plain"),
    };
    write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    if method != "HEAD" {
        stream.write_all(&body)?;
    }
    Ok(())
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
}
