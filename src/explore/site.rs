//! The report site served beside the explorer (`regelwerk explore
//! --report DIR`, docs/explorer.md): the files of a site `regelwerk
//! report --html DIR` wrote, under `/report/`, so that the report's "open
//! in the explorer" links and the explorer are on one address and work for
//! a reader who started nothing else. Only files inside the folder are
//! read; a path with `..`, a hidden segment or a link leading out of it is
//! refused.

use std::io::Read as _;
use std::path::{Component, Path, PathBuf};

use super::api::ApiError;
use super::reply::Reply;
use super::DEFAULT_PORT;

/// The largest file served (a report's pages and pictures are far
/// smaller).
const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

fn not_found(path: &str) -> ApiError {
    ApiError {
        status: 404,
        message: format!(
            "the report has no file {}",
            crate::input::quote(&format!("/report{path}"))
        ),
    }
}

/// `%41` and the like decoded; `None` for a bad escape or non-UTF-8.
fn percent_decoded(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%' {
            let hex = std::str::from_utf8(bytes.get(index + 1..index + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            index += 3;
        } else {
            out.push(bytes[index]);
            index += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The file under `dir` that the request path `path` (what follows
/// `/report`) names: `index.html` for a folder; `None` for a path that
/// could leave the folder.
pub fn resolve(dir: &Path, path: &str) -> Option<PathBuf> {
    let decoded = percent_decoded(path)?;
    let relative = decoded.trim_start_matches('/');
    let mut out = dir.to_path_buf();
    for segment in relative.split('/').filter(|segment| !segment.is_empty()) {
        let normal = matches!(
            Path::new(segment)
                .components()
                .collect::<Vec<_>>()
                .as_slice(),
            [Component::Normal(_)]
        );
        if !normal || segment.starts_with('.') || segment.contains(['\\', '\0']) {
            return None;
        }
        out.push(segment);
    }
    if relative.is_empty() || relative.ends_with('/') {
        out.push("index.html");
    }
    Some(out)
}

fn content_type(path: &Path) -> &'static str {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
    {
        "html" | "htm" => "text/html",
        "css" => "text/css",
        "js" => "text/javascript",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "pdf" => "application/pdf",
        "txt" | "yaml" | "yml" | "pgn" => "text/plain",
        _ => "application/octet-stream",
    }
}

/// The report's file at `path` (after `/report`), its links into the
/// explorer pointed at this server (whatever its port) rather than at
/// the default port the static site assumes.
///
/// # Errors
/// 404 for a path outside the folder or a file that is not there.
pub fn file(dir: &Path, path: &str) -> Result<Reply, ApiError> {
    if path.is_empty() {
        // `/report` without the slash: the site's relative links need it.
        return Ok(Reply::text(
            "text/html",
            "<!doctype html><meta charset=\"utf-8\"><title>report</title><p><a href=\"/report/\">/report/</a></p>\n"
                .to_string(),
        ));
    }
    let wanted = resolve(dir, path).ok_or_else(|| not_found(path))?;
    let root = dir.canonicalize().map_err(|_| not_found(path))?;
    let real = wanted.canonicalize().map_err(|_| not_found(path))?;
    if !real.starts_with(&root) || !real.is_file() {
        return Err(not_found(path));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(&real)
        .and_then(|file| file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes))
        .map_err(|error| ApiError {
            status: 500,
            message: format!("reading {}: {error}", real.display()),
        })?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(ApiError {
            status: 413,
            message: format!("{} is larger than {MAX_FILE_BYTES} bytes", real.display()),
        });
    }
    let kind = content_type(&real);
    if kind == "text/html" {
        if let Ok(text) = String::from_utf8(bytes.clone()) {
            bytes = text
                .replace(&format!("http://127.0.0.1:{DEFAULT_PORT}/?"), "/?")
                .into_bytes();
        }
    }
    Ok(Reply {
        content_type: kind,
        body: bytes,
        report_file: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_paths_inside_the_folder_resolve() {
        let dir = Path::new("/srv/site");
        assert_eq!(
            resolve(dir, "/"),
            Some(PathBuf::from("/srv/site/index.html"))
        );
        assert_eq!(
            resolve(dir, "/monarchie/"),
            Some(PathBuf::from("/srv/site/monarchie/index.html"))
        );
        assert_eq!(
            resolve(dir, "/monarchie/clause-m.4.html"),
            Some(PathBuf::from("/srv/site/monarchie/clause-m.4.html"))
        );
        for bad in [
            "/../etc/passwd",
            "/%2e%2e/etc/passwd",
            "/a/../../b",
            "/.git/config",
            "/a\\b",
            "/%zz",
        ] {
            assert_eq!(resolve(dir, bad), None, "{bad}");
        }
    }
}
