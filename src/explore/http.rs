//! The explorer's HTTP server (`tiny_http`): 127.0.0.1 only, the `Host`
//! header checked against the loopback names, JSON requests under the
//! program's line limit, one request at a time, and a clean stop on
//! Ctrl-C (or when the caller's stop flag is set).

use std::collections::BTreeMap;
use std::io::Read as _;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tiny_http::{Header, Method, Request, Response, Server};

use crate::variant::VariantId;

use super::api::{self, Answer, ApiError};
use super::loaded::Suite;
use super::reply::Reply;
use super::ExploreError;

/// The page: its markup with the style and the script put in place, all
/// compiled into the binary (no file is read and nothing is fetched),
/// marked with the language the browser asked for (`Accept-Language`;
/// the script reads it where neither the address nor `--lang` names one).
fn page(lang: &str) -> String {
    include_str!("page/index.html")
        .replace("<html lang=\"en\">", &format!("<html lang=\"{lang}\">"))
        .replace("/*STYLE*/", include_str!("page/explore.css"))
        .replace("/*SCRIPT*/", include_str!("page/explore.js"))
}

/// The page's language from an `Accept-Language` header: the first of
/// `de` and `en` by the browser's preference (its `q` weights), `en`
/// when it names neither.
pub fn accepted_language(header: Option<&str>) -> &'static str {
    let mut offered: Vec<(f64, usize, &'static str)> = Vec::new();
    for (position, item) in header.unwrap_or_default().split(',').enumerate() {
        let mut parts = item.split(';');
        let tag = parts.next().unwrap_or_default().trim().to_ascii_lowercase();
        let weight = parts
            .filter_map(|part| part.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f64>().ok())
            .unwrap_or(1.0);
        let primary = tag.split('-').next().unwrap_or_default();
        let lang = match primary {
            "de" => "de",
            "en" => "en",
            _ => continue,
        };
        if weight > 0.0 {
            offered.push((weight, position, lang));
        }
    }
    offered.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    offered.first().map_or("en", |(_, _, lang)| lang)
}

/// How the explorer is started.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The repository root (holding `spec/` and `scenarios/`).
    pub root: PathBuf,
    /// Where "save as scenario" writes; `scenarios/<variant>/proposed/`
    /// under the root when `None`.
    pub output: Option<PathBuf>,
    /// The port; 0 picks a free one.
    pub port: u16,
    /// What the page opens first: `variant`, `start`, `rulings`,
    /// `scenario`, `step`, `lang` (the command line's options).
    pub initial: Value,
    /// A report site (`regelwerk report --html DIR`) served under
    /// `/report/`, so that its links into the explorer work on one
    /// address.
    pub report: Option<PathBuf>,
}

/// A running explorer: bound, answering when [`Explorer::serve`] runs.
pub struct Explorer {
    server: Server,
    address: SocketAddr,
    options: Options,
    suites: BTreeMap<VariantId, Suite>,
}

static INTERRUPTED: AtomicBool = AtomicBool::new(false);

#[cfg(unix)]
extern "C" fn on_interrupt(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::SeqCst);
}

/// Makes Ctrl-C (SIGINT) and SIGTERM set the flag [`Explorer::serve`]
/// polls, so that the server stops between requests and returns.
pub fn stop_on_interrupt() {
    #[cfg(unix)]
    // SAFETY: the handler only stores to an atomic, which is
    // async-signal-safe.
    unsafe {
        let handler = on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t;
        libc::signal(libc::SIGINT, handler);
        libc::signal(libc::SIGTERM, handler);
    }
}

/// Whether a `Host` header names this machine's loopback interface (a
/// DNS-rebinding page's host is refused).
pub fn loopback_host(host: &str) -> bool {
    let name = match host.strip_prefix('[') {
        Some(rest) => rest.split(']').next().unwrap_or_default(),
        None => host.split(':').next().unwrap_or_default(),
    };
    let port_ok = match host.rsplit_once(']') {
        Some((_, rest)) => rest.is_empty() || rest.strip_prefix(':').is_some_and(all_digits),
        None => host
            .split_once(':')
            .is_none_or(|(_, port)| all_digits(port)),
    };
    port_ok && matches!(name, "127.0.0.1" | "localhost" | "::1")
}

fn all_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn header(name: &str, value: &str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes())
        .unwrap_or_else(|()| unreachable!("a fixed ASCII header"))
}

/// How many headers named `name` (any case) the request carries.
fn headers_named(request: &Request, name: &str) -> usize {
    request
        .headers()
        .iter()
        .filter(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .count()
}

fn header_of<'a>(request: &'a Request, name: &str) -> Option<&'a str> {
    request
        .headers()
        .iter()
        .find(|h| h.field.as_str().as_str().eq_ignore_ascii_case(name))
        .map(|h| h.value.as_str())
}

impl Explorer {
    /// Binds 127.0.0.1 at the options' port.
    ///
    /// # Errors
    /// The port cannot be bound.
    pub fn bind(options: Options) -> Result<Explorer, ExploreError> {
        let server =
            Server::http(("127.0.0.1", options.port)).map_err(|error| ExploreError::Bind {
                port: options.port,
                reason: error.to_string(),
            })?;
        let address = server
            .server_addr()
            .to_ip()
            .ok_or(ExploreError::NoAddress)?;
        Ok(Explorer {
            server,
            address,
            options,
            suites: BTreeMap::new(),
        })
    }

    /// Opens a scenario read from a file outside the suite beside its
    /// variant's suite (`explore --scenario FILE`).
    ///
    /// # Errors
    /// The variant's suite cannot be read.
    pub fn add_scenario(
        &mut self,
        loaded: crate::scenario::load::Loaded,
    ) -> Result<(), ExploreError> {
        let variant = loaded.scenario.variant;
        if !self.suites.contains_key(&variant) {
            let suite = Suite::load(&self.options.root, variant)?;
            self.suites.insert(variant, suite);
        }
        if let Some(suite) = self.suites.get_mut(&variant) {
            suite.add_case(loaded);
        }
        Ok(())
    }

    /// The bound address.
    pub fn address(&self) -> SocketAddr {
        self.address
    }

    /// The page's address.
    pub fn url(&self) -> String {
        format!("http://{}/", self.address)
    }

    /// Answers requests one at a time until `stop` or Ctrl-C is set.
    pub fn serve(&mut self, stop: &AtomicBool) {
        while !stop.load(Ordering::SeqCst) && !INTERRUPTED.load(Ordering::SeqCst) {
            match self.server.recv_timeout(Duration::from_millis(100)) {
                Ok(Some(request)) => self.answer(request),
                Ok(None) => {}
                Err(error) => {
                    eprintln!("explore: {error}");
                    break;
                }
            }
        }
    }

    fn answer(&mut self, mut request: Request) {
        let started = Instant::now();
        let (status, reply) = match self.route(&mut request) {
            Ok(reply) => (200, reply),
            Err(error) => (
                error.status,
                Reply::text(
                    "application/json",
                    json!({"error": error.message}).to_string(),
                ),
            ),
        };
        let millis = started.elapsed().as_secs_f64() * 1000.0;
        // The explorer's page runs only its own inline script; a report
        // page may load the report's own files (style, pictures) too.
        let policy = if reply.report_file {
            "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'"
        } else {
            "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; form-action 'none'; frame-ancestors 'none'"
        };
        let content_type = if reply.content_type.starts_with("text/")
            || reply.content_type.ends_with("json")
            || reply.content_type.ends_with("svg+xml")
        {
            format!("{}; charset=utf-8", reply.content_type)
        } else {
            reply.content_type.to_string()
        };
        let response = Response::from_data(reply.body)
            .with_status_code(status)
            .with_header(header("Content-Type", &content_type))
            .with_header(header("Cache-Control", "no-store"))
            .with_header(header("X-Content-Type-Options", "nosniff"))
            .with_header(header("Referrer-Policy", "no-referrer"))
            .with_header(header("Content-Security-Policy", policy))
            .with_header(header("Server-Timing", &format!("app;dur={millis:.1}")));
        // A client that went away is no concern of the server's.
        let _ = request.respond(response);
    }

    fn route(&mut self, request: &mut Request) -> Result<Reply, ApiError> {
        let forbidden = |message: &str| ApiError {
            status: 403,
            message: message.to_string(),
        };
        // A request names one host: with two, a proxy and the server
        // could each read another (a DNS-rebinding page's trick).
        if headers_named(request, "Host") > 1 {
            return Err(ApiError {
                status: 400,
                message: "a request with more than one Host header: send exactly one".to_string(),
            });
        }
        let host = header_of(request, "Host").unwrap_or_default();
        if !loopback_host(host) {
            return Err(forbidden(
                "the explorer answers only requests to 127.0.0.1, localhost or [::1]",
            ));
        }
        let path = request
            .url()
            .split('?')
            .next()
            .unwrap_or_default()
            .to_string();
        let method = request.method().clone();
        if method == Method::Get {
            return match path.as_str() {
                "/" | "/index.html" => Ok(Reply::text(
                    "text/html",
                    page(accepted_language(header_of(request, "Accept-Language"))),
                )),
                "/api/info" => {
                    let value = api::info(&mut self.suites, &self.options.root)?;
                    Ok(Reply::text("application/json", value.to_string()))
                }
                "/api/initial" => {
                    let mut initial = self.options.initial.clone();
                    if let Some(object) = initial.as_object_mut() {
                        object.insert(
                            "report".to_string(),
                            json!(self.options.report.as_ref().map(|_| "/report/")),
                        );
                    }
                    Ok(Reply::text("application/json", initial.to_string()))
                }
                _ if path == "/report" || path.starts_with("/report/") => {
                    match &self.options.report {
                        Some(dir) => super::site::file(dir, &path["/report".len()..]),
                        None => Err(ApiError {
                            status: 404,
                            message: "no report is served: start the explorer with --report DIR"
                                .to_string(),
                        }),
                    }
                }
                _ => Err(ApiError {
                    status: 404,
                    message: format!("no page {}", crate::input::quote(&path)),
                }),
            };
        }
        if method != Method::Post {
            return Err(ApiError {
                status: 405,
                message: "GET or POST only".to_string(),
            });
        }
        // A page of another origin cannot send JSON without asking first
        // (which is never answered), and a browser names its origin.
        let json_body = header_of(request, "Content-Type")
            .is_some_and(|value| value.starts_with("application/json"));
        if !json_body {
            return Err(forbidden("a POST must carry application/json"));
        }
        if let Some(origin) = header_of(request, "Origin") {
            if origin != format!("http://{host}") {
                return Err(forbidden("a request from another origin"));
            }
        }
        let body = read_body(request)?;
        let value = self.post(&path, &body)?;
        Ok(Reply::text("application/json", value.to_string()))
    }

    fn post(&mut self, path: &str, body: &str) -> Answer {
        let root = self.options.root.clone();
        let suites = &mut self.suites;
        match path {
            "/api/state" => api::state(&parse(body)?, suites, &root),
            "/api/scenarios" => api::scenarios(&parse(body)?, suites, &root),
            "/api/scenario" => api::scenario(&parse(body)?, suites, &root),
            "/api/misreading" => api::misreading(&parse(body)?, suites, &root),
            "/api/save" => {
                let request: super::save::SaveRequest = parse(body)?;
                let dir = match &self.options.output {
                    Some(dir) => dir.clone(),
                    None => root
                        .join("scenarios")
                        .join(request.game.variant.name())
                        .join("proposed"),
                };
                super::save::save(&request, suites, &root, &dir)
            }
            _ => Err(ApiError {
                status: 404,
                message: format!("no request {}", crate::input::quote(path)),
            }),
        }
    }
}

/// The body, at most [`crate::input::MAX_LINE_BYTES`] of UTF-8.
fn read_body(request: &mut Request) -> Result<String, ApiError> {
    let limit = crate::input::MAX_LINE_BYTES;
    let too_big = || ApiError {
        status: 413,
        message: format!("the request is larger than {limit} bytes"),
    };
    if request.body_length().is_some_and(|length| length > limit) {
        return Err(too_big());
    }
    let mut bytes = Vec::new();
    request
        .as_reader()
        .take(limit as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|error| ApiError::bad_request(format!("reading the request: {error}")))?;
    if bytes.len() > limit {
        return Err(too_big());
    }
    String::from_utf8(bytes).map_err(|_| ApiError::bad_request("the request is not UTF-8"))
}

fn parse<T: serde::de::DeserializeOwned>(body: &str) -> Result<T, ApiError> {
    serde_json::from_str(body).map_err(|error| {
        ApiError::bad_request(format!(
            "the request: {}",
            crate::protocol::words::json_error(&error)
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::loopback_host;

    #[test]
    fn only_loopback_hosts_pass() {
        for good in [
            "127.0.0.1:8421",
            "localhost:1",
            "[::1]:80",
            "127.0.0.1",
            "localhost",
        ] {
            assert!(loopback_host(good), "{good}");
        }
        for bad in [
            "",
            "evil.example:8421",
            "127.0.0.1.evil.example",
            "localhost.:8421",
            "127.0.0.2:8421",
            "[::2]:80",
            "127.0.0.1:80x",
            "localhost:",
        ] {
            assert!(!loopback_host(bad), "{bad}");
        }
    }
}
