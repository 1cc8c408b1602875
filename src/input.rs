//! Reading what other people wrote: files, protocol lines, depths. Every
//! limit the harness puts on hostile input is a named constant here, and
//! every error that enforces one names it (docs/testing.md, "Hostile
//! input").

use std::io::Read;
use std::path::{Path, PathBuf};

mod walk;
mod words;
mod yaml;

pub use yaml::{check_yaml_depth, check_yaml_size, parse_yaml};

pub use words::{os_reason, plain, program_failure, visible, without_os_error};

/// The largest file regelwerk reads (scenarios, journals, tournament
/// cases, PGN, lists): 8 MiB, eight times a journal of 100,000 actions,
/// and small enough that parsing it stays well under a gigabyte.
pub const MAX_FILE_BYTES: u64 = 8 * 1024 * 1024;

/// The longest protocol line read (a request on `serve`'s stdin, a reply
/// on an engine's stdout): 4 MiB.
pub const MAX_LINE_BYTES: usize = 4 * 1024 * 1024;

/// The most steps one scenario may hold.
pub const MAX_STEPS: usize = 10_000;

/// The deepest perft any command or request runs: far deeper than any
/// count that finishes, shallow enough that the walk never exhausts the
/// stack.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// The most actions one game of `fuzz` or `play` may be asked to run
/// (`--max-plies`): far longer than any game lasts (MONARCHIE's longest
/// random games end within a few thousand actions), and the choices are
/// drawn one per action, so no list of this size is ever made.
pub const MAX_PLIES: usize = 1_000_000;

/// A `--max-plies` value: a count from 1 to [`MAX_PLIES`].
///
/// # Errors
/// Not a number, 0, or above the limit.
pub fn max_plies(text: &str) -> Result<usize, InputError> {
    let plies: usize = text.trim().parse().map_err(|_| InputError::NotACount {
        text: text.to_string(),
    })?;
    if plies == 0 {
        return Err(InputError::NoActions);
    }
    if plies > MAX_PLIES {
        return Err(InputError::TooManyPlies { plies });
    }
    Ok(plies)
}

/// A parser of a whole-number option within `min..=max` (for clap's
/// `value_parser`): the message names the range, never a parser's words.
///
/// # Errors
/// The parser returned refuses text that is not a whole number, and a
/// number outside the range.
pub fn whole<T>(
    min: T,
    max: T,
) -> impl Fn(&str) -> Result<T, InputError> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |text: &str| {
        let range = format!("expected a whole number from {min} to {max}");
        let digits = text.trim();
        let number: T = digits.parse().map_err(|_| {
            if !digits.is_empty()
                && digits
                    .trim_start_matches('-')
                    .chars()
                    .all(|c| c.is_ascii_digit())
                && !digits.trim_start_matches('-').is_empty()
            {
                InputError::OutOfRange {
                    shown: quote(digits),
                    expected: range.clone(),
                }
            } else {
                InputError::NotAWholeNumber {
                    text: text.to_string(),
                    expected: range.clone(),
                }
            }
        })?;
        if number < min || number > max {
            return Err(InputError::OutOfRange {
                shown: number.to_string(),
                expected: range,
            });
        }
        Ok(number)
    }
}

/// A perft depth option: a whole number from 0 to [`MAX_PERFT_DEPTH`].
///
/// # Errors
/// Not a whole number, or deeper than the limit.
pub fn perft_depth(text: &str) -> Result<u32, InputError> {
    let depth = whole(0u32, u32::MAX)(text).map_err(|_| InputError::NotAPerftDepth {
        text: text.to_string(),
    })?;
    check_perft_depth(depth)?;
    Ok(depth)
}

/// A seconds option (`--timeout`): more than 0 and at most a day.
///
/// # Errors
/// Not a number, or outside the range.
pub fn seconds(text: &str) -> Result<f64, InputError> {
    let value: f64 = text.trim().parse().map_err(|_| InputError::NotSeconds {
        text: text.to_string(),
    })?;
    if !value.is_finite() || value <= 0.0 || value > 86_400.0 {
        return Err(InputError::OutOfRange {
            shown: quote(text.trim()),
            expected: SECONDS_EXPECTED.to_string(),
        });
    }
    Ok(value)
}

/// What `--timeout` and other seconds options accept.
const SECONDS_EXPECTED: &str =
    "expected seconds greater than 0 and at most 86400 (a day), e.g. 10 or 0.5";

/// An option value or a count that breaks a limit of this module: the
/// text given (shortened by [`quote`] in the message) and what was
/// expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InputError {
    /// `--max-plies` text that is not a count.
    #[error("`{}` is not a count of actions", quote(.text))]
    NotACount {
        /// The text given.
        text: String,
    },
    /// `--max-plies 0`.
    #[error("a game of 0 actions checks nothing: give at least 1")]
    NoActions,
    /// A game longer than [`MAX_PLIES`].
    #[error("{plies} actions is over the limit MAX_PLIES ({MAX_PLIES})")]
    TooManyPlies {
        /// The count given.
        plies: usize,
    },
    /// A number outside the range of its option.
    #[error("{shown} is out of range: {expected}")]
    OutOfRange {
        /// The number, as the message shows it.
        shown: String,
        /// The range, in words.
        expected: String,
    },
    /// Text that is not a whole number.
    #[error("'{}' is not a whole number: {expected}", quote(.text))]
    NotAWholeNumber {
        /// The text given.
        text: String,
        /// The range, in words.
        expected: String,
    },
    /// Text that is not a perft depth.
    #[error(
        "'{}' is not a perft depth: expected a whole number from 0 to {MAX_PERFT_DEPTH}",
        quote(.text)
    )]
    NotAPerftDepth {
        /// The text given.
        text: String,
    },
    /// A perft deeper than [`MAX_PERFT_DEPTH`].
    #[error("perft depth {depth} is deeper than MAX_PERFT_DEPTH ({MAX_PERFT_DEPTH})")]
    TooDeep {
        /// The depth asked for.
        depth: u32,
    },
    /// Text that is not a number of seconds.
    #[error("'{}' is not a number of seconds: {SECONDS_EXPECTED}", quote(.text))]
    NotSeconds {
        /// The text given.
        text: String,
    },
}

/// The most items one YAML file may hold, counted before parsing: each
/// line that is not blank or a comment, each `key:`, each `[` or `{` and
/// each `,` inside brackets (about the values the parser makes: a
/// journal of 100,000 actions counts some 600,000). The parser holds
/// every item as an event at once, so the limit bounds the memory of any
/// YAML file within `MAX_FILE_BYTES` (docs/hostile-table.md measures the
/// worst shapes).
pub const MAX_YAML_ITEMS: usize = 1_000_000;

/// The most aliases (`*name`) one YAML file may use. No regelwerk format
/// needs any; a few are allowed for hand-written files, and the parser's
/// own repetition limit bounds what they expand to.
pub const MAX_YAML_ALIASES: usize = 1_000;

/// The deepest YAML nesting accepted (mappings and sequences inside each
/// other). The scenario format needs six levels.
pub const MAX_YAML_DEPTH: usize = 32;

/// How much of a refused text an error message quotes.
pub const QUOTE_CHARS: usize = 60;

/// `text` shortened for an error message: at most [`QUOTE_CHARS`]
/// characters, with the full length said when it was cut.
pub fn quote(text: &str) -> String {
    let count = text.chars().count();
    if count <= QUOTE_CHARS {
        return text.to_string();
    }
    let head: String = text.chars().take(QUOTE_CHARS).collect();
    format!("{head}... ({count} characters)")
}

fn error(path: &Path, line: usize, column: usize, message: String) -> LoadError {
    LoadError {
        path: path.to_path_buf(),
        line,
        column,
        field: "file".to_string(),
        message,
    }
}

/// Reads a text file within [`MAX_FILE_BYTES`], as [`decode`] does.
///
/// # Errors
/// [`LoadError`] (field `file`) for a missing or unreadable file, one
/// larger than the limit, or one that is not UTF-8 text.
pub fn read_text(path: &Path) -> Result<String, LoadError> {
    read_text_within(path, MAX_FILE_BYTES, "MAX_FILE_BYTES")
}

/// [`read_text`] for callers that take an I/O error: the error's words
/// are the [`LoadError`]'s message (plain, without the path, which the
/// caller adds).
///
/// # Errors
/// As [`read_text`].
pub fn read_to_string(path: &Path) -> std::io::Result<String> {
    read_text(path).map_err(|error| std::io::Error::other(error.message))
}

/// The bytes of a file within [`MAX_FILE_BYTES`], through
/// [`open_regular`] (for hashing; no text check).
///
/// # Errors
/// As [`open_regular`], and a file over the limit.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>, LoadError> {
    let mut bytes = Vec::new();
    open_regular(path)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| LoadError::io(path, &e))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(error(
            path,
            0,
            0,
            "the file is larger than MAX_FILE_BYTES (8 MiB); regelwerk reads no bigger file"
                .to_string(),
        ));
    }
    Ok(bytes)
}

/// The largest results file `merge` reads (`--output` of a shard): 256
/// MiB, about 24 times a shard of the campaign docs/scale.md describes
/// (`fuzz --games 1000000` in 8 shards, 10.8 MB each).
pub const MAX_RESULTS_BYTES: u64 = 256 * 1024 * 1024;

/// [`read_text`] with the limit `limit`, named `name` in the error.
///
/// # Errors
/// As [`read_text`].
pub fn read_text_within(path: &Path, limit: u64, name: &str) -> Result<String, LoadError> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| LoadError::io(path, &e))?;
    if bytes.len() as u64 > limit {
        return Err(error(
            path,
            0,
            0,
            format!(
                "the file is larger than {name} ({} MiB); regelwerk reads no bigger file",
                limit / (1024 * 1024)
            ),
        ));
    }
    decode_text(path, &bytes)
}

/// Opens `path` for reading if it is a regular file (after following
/// symbolic links), and notes it as an input of this run (so that no
/// output of the run may be written over it: [`input_named`]). Every file
/// regelwerk reads is opened here, so that none blocks or never ends: a
/// named pipe (FIFO) would wait for a writer, a device such as
/// `/dev/zero` gives bytes without end. The open itself does not wait
/// (`O_NONBLOCK`, which regular files ignore).
///
/// # Errors
/// [`LoadError`] (field `file`): the file cannot be opened, or it is not
/// a regular file (naming what it is).
pub fn open_regular(path: &Path) -> Result<std::fs::File, LoadError> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| LoadError::io(path, &e))?;
    let metadata = file.metadata().map_err(|e| LoadError::io(path, &e))?;
    if metadata.is_dir() {
        return Err(error(path, 0, 0, "a folder, not a file".to_string()));
    }
    if is_null_device(&metadata) {
        // `/dev/null` (under any name) is an empty input: it ends at once.
        return Ok(file);
    }
    if let Some(what) = not_regular(&metadata) {
        return Err(error(
            path,
            0,
            0,
            format!(
                "{what}, not a regular file: regelwerk reads only regular files (a pipe or a device may never end); give a file"
            ),
        ));
    }
    note_input(path, &metadata);
    Ok(file)
}

/// Whether `metadata` is that of the null device (`/dev/null`, or
/// another name of it): read, it is empty and ends at once, so it is
/// accepted as an empty input (a shell habit: `--expected-failures
/// /dev/null`), unlike other devices, which may never end.
pub fn is_null_device(metadata: &std::fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::{FileTypeExt, MetadataExt};
        metadata.file_type().is_char_device()
            && std::fs::metadata("/dev/null").is_ok_and(|null| {
                null.file_type().is_char_device() && null.rdev() == metadata.rdev()
            })
    }
    #[cfg(not(unix))]
    {
        let _ = metadata;
        false
    }
}

/// What a file that is not a regular one is, or `None` for a regular
/// file.
pub fn not_regular(metadata: &std::fs::Metadata) -> Option<&'static str> {
    let kind = metadata.file_type();
    if kind.is_file() {
        return None;
    }
    if kind.is_dir() {
        return Some("a folder");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return Some("a named pipe (FIFO)");
        }
        if kind.is_char_device() {
            return Some("a character device (such as /dev/zero)");
        }
        if kind.is_block_device() {
            return Some("a block device");
        }
        if kind.is_socket() {
            return Some("a socket");
        }
    }
    Some("a special file")
}

/// A file's identity: its device and inode (on Unix), so that two names
/// of one file (a hard link, a symbolic link, `./a` and `a`) are known to
/// be one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId {
    /// The device.
    pub device: u64,
    /// The inode.
    pub inode: u64,
}

impl FileId {
    /// The identity of a file's metadata (`None` off Unix).
    pub fn of(metadata: &std::fs::Metadata) -> Option<FileId> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt;
            Some(FileId {
                device: metadata.dev(),
                inode: metadata.ino(),
            })
        }
        #[cfg(not(unix))]
        {
            let _ = metadata;
            None
        }
    }

    /// The identity of the file at `path` (following links), if it
    /// exists.
    pub fn of_path(path: &Path) -> Option<FileId> {
        std::fs::metadata(path).ok().as_ref().and_then(FileId::of)
    }
}

/// The files read so far in this run, by identity.
static INPUTS: std::sync::Mutex<Vec<(FileId, PathBuf)>> = std::sync::Mutex::new(Vec::new());

fn note_input(path: &Path, metadata: &std::fs::Metadata) {
    if let Some(id) = FileId::of(metadata) {
        if let Ok(mut inputs) = INPUTS.lock() {
            if !inputs.iter().any(|(known, _)| *known == id) {
                inputs.push((id, path.to_path_buf()));
            }
        }
    }
}

/// The name under which this run read the file `id`, if it read it.
pub fn input_named(id: FileId) -> Option<PathBuf> {
    INPUTS.lock().ok().and_then(|inputs| {
        inputs
            .iter()
            .find(|(known, _)| *known == id)
            .map(|(_, path)| path.clone())
    })
}

/// Bytes as text: at most [`MAX_FILE_BYTES`], UTF-8, no NUL bytes (a
/// binary file), a leading byte-order mark dropped.
///
/// # Errors
/// [`LoadError`] at the line and column of the first bad byte.
pub fn decode(path: &Path, bytes: &[u8]) -> Result<String, LoadError> {
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(error(
            path,
            0,
            0,
            format!(
                "the file is larger than MAX_FILE_BYTES ({} MiB); regelwerk reads no bigger file",
                MAX_FILE_BYTES / (1024 * 1024)
            ),
        ));
    }
    decode_text(path, bytes)
}

/// [`decode`] without the size check.
fn decode_text(path: &Path, bytes: &[u8]) -> Result<String, LoadError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|utf8| {
        let (line, column) = line_column(bytes, utf8.valid_up_to());
        error(
            path,
            line,
            column,
            format!(
                "byte 0x{:02X} is not UTF-8: expected a UTF-8 text file",
                bytes[utf8.valid_up_to()]
            ),
        )
    })?;
    if let Some(at) = text.find('\0') {
        let (line, column) = line_column(bytes, at);
        return Err(error(
            path,
            line,
            column,
            "a NUL byte: this is a binary file, expected text".to_string(),
        ));
    }
    Ok(text.to_string())
}

/// 1-based line and column (in characters) of byte `at`.
fn line_column(bytes: &[u8], at: usize) -> (usize, usize) {
    let before = &bytes[..at];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, column)
}

/// Checks a perft depth against [`MAX_PERFT_DEPTH`].
///
/// # Errors
/// A message naming the limit.
pub fn check_perft_depth(depth: u32) -> Result<(), InputError> {
    if depth > MAX_PERFT_DEPTH {
        return Err(InputError::TooDeep { depth });
    }
    Ok(())
}

/// A file that cannot be used (a scenario, journal, tournament case,
/// record, ...): the file, the line and column where known, the field,
/// and what was expected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize, serde::Deserialize)]
#[error("{}:{line}:{column}: {field}: {}", path.display(), visible(message))]
pub struct LoadError {
    /// The file.
    pub path: PathBuf,
    /// 1-based line, 0 when unknown.
    pub line: usize,
    /// 1-based column, 0 when unknown.
    pub column: usize,
    /// The field (e.g. `position.blau.king`, `steps[2].expect.result`).
    pub field: String,
    /// What is wrong and what was expected.
    pub message: String,
}

impl LoadError {
    /// An error in `text` (read from `path`), located at the first line
    /// containing `needle`.
    pub fn located(
        path: &Path,
        text: &str,
        field: &str,
        needle: &str,
        message: String,
    ) -> LoadError {
        let (line, column) = line_of(text, needle);
        LoadError {
            path: path.to_path_buf(),
            line,
            column,
            field: field.to_string(),
            message,
        }
    }

    /// A file that could not be read.
    pub fn io(path: &Path, error: &std::io::Error) -> LoadError {
        LoadError {
            path: path.to_path_buf(),
            line: 0,
            column: 0,
            field: "file".to_string(),
            message: os_reason(path, error),
        }
    }
}

/// Finds the 1-based line of the first line containing `needle`, for
/// pointing at fields that only fail semantic checks.
fn line_of(text: &str, needle: &str) -> (usize, usize) {
    text.lines()
        .enumerate()
        .find_map(|(i, line)| line.find(needle).map(|col| (i + 1, col + 1)))
        .unwrap_or((0, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_dropped() {
        let text = decode(Path::new("a.yaml"), b"\xEF\xBB\xBFid: x\n").expect("text");
        assert_eq!(text, "id: x\n");
    }

    #[test]
    fn bad_utf8_is_located() {
        let error = decode(Path::new("a.yaml"), b"id: x\nab\xFFc\n").expect_err("not UTF-8");
        assert_eq!((error.line, error.column), (2, 3));
        assert!(error.message.contains("0xFF"), "{}", error.message);
    }

    #[test]
    fn a_yaml_tag_is_refused_where_it_stands() {
        for (text, line) in [
            ("steps: !x\n  - a\n", 1),
            ("a: 1\nowner: !gelb\n", 2),
            ("to_move: !blau x\n", 1),
        ] {
            let error = parse_yaml::<serde_yaml::Value>(Path::new("a.yaml"), text)
                .expect_err("a tag is refused");
            assert_eq!(error.line, line, "{text}: {}", error.message);
            assert!(
                error.message.contains("YAML tag (`!") && !error.message.contains("enum"),
                "{}",
                error.message
            );
        }
    }

    #[test]
    fn a_binary_file_is_named() {
        let error = decode(Path::new("a.yaml"), b"ab\0c").expect_err("binary");
        assert_eq!((error.line, error.column), (1, 3));
        assert!(error.message.contains("binary"));
    }

    #[test]
    fn too_large_is_named() {
        let big = vec![b'a'; MAX_FILE_BYTES as usize + 1];
        let error = decode(Path::new("a.yaml"), &big).expect_err("too big");
        assert!(error.message.contains("MAX_FILE_BYTES"));
    }

    #[test]
    fn deep_nesting_is_refused_shallow_is_not() {
        let deep = "[".repeat(10_000);
        let (line, _, message) = check_yaml_depth(&deep).expect_err("deep");
        assert_eq!(line, 1);
        assert!(message.contains("MAX_YAML_DEPTH"));
        let mut block = String::new();
        for level in 0..40 {
            block.push_str(&format!("{}k{level}:\n", " ".repeat(level)));
        }
        assert!(check_yaml_depth(&block).is_err());
        assert!(check_yaml_depth("a:\n  b: [1, [2, 3]]\n  c: {d: 'x[[['}\n").is_ok());
    }

    #[test]
    fn long_quotes_are_cut() {
        let long = "x".repeat(100_000);
        let quoted = quote(&long);
        assert!(quoted.len() < 100);
        assert!(quoted.ends_with("(100000 characters)"));
    }
}
