//! Writing outputs so that nothing is lost (docs/scale.md, "Outputs"):
//! every `--output`/`-o` file is written to a temporary file beside it and
//! renamed into place when complete ([`AtomicFile`]), so that an
//! interrupted or failed run never leaves a half-written file where a
//! complete one was; and no output is ever written over a file the same
//! run reads ([`refuse_input`]), compared by identity (device and inode),
//! not by name. The per-unit results file of a shard is the one output
//! that grows in place instead (`crate::shard::ResultsWriter`): it is
//! appended to and flushed unit by unit, so that a killed shard keeps the
//! units it finished.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::input::{input_named, not_regular, os_reason, FileId};

/// An output that cannot be written: the path and why, with what to do.
#[derive(Debug, thiserror::Error)]
#[error("cannot write {}: {message}", path.display())]
pub struct OutputError {
    /// The output's path (`standard output` for stdout).
    pub path: PathBuf,
    /// What went wrong and what to do.
    pub message: String,
}

impl OutputError {
    fn io(path: &Path, error: &std::io::Error) -> OutputError {
        OutputError {
            path: path.to_path_buf(),
            message: io_words(path, error),
        }
    }
}

/// An operating-system error on an output, in plain words with what to do.
pub fn io_words(path: &Path, error: &std::io::Error) -> String {
    match error.raw_os_error() {
        #[cfg(unix)]
        Some(libc::ENOSPC) => "the disk is full (no space left on the device); free some space or write elsewhere".to_string(),
        #[cfg(unix)]
        Some(libc::EDQUOT) => "the disk quota is used up; free some space or write elsewhere".to_string(),
        #[cfg(unix)]
        Some(libc::EIO) => "the device reported an input/output error; this path cannot hold an output, choose another".to_string(),
        #[cfg(unix)]
        Some(libc::EROFS) => "the file system is read-only; write elsewhere".to_string(),
        _ => match error.kind() {
            std::io::ErrorKind::PermissionDenied => {
                "permission denied; choose a file in a folder you may write".to_string()
            }
            _ => os_reason(path, error),
        },
    }
}

/// Refuses an output that is one of the run's inputs: a file this run
/// read already, or one of `inputs` (files it will read), by identity.
///
/// # Errors
/// [`OutputError`] naming both names of the one file.
pub fn refuse_input(path: &Path, inputs: &[PathBuf]) -> Result<(), OutputError> {
    let Some(id) = FileId::of_path(path) else {
        return Ok(());
    };
    let read = input_named(id).or_else(|| {
        inputs
            .iter()
            .find(|input| FileId::of_path(input) == Some(id))
            .cloned()
    });
    match read {
        Some(input) => Err(OutputError {
            path: path.to_path_buf(),
            message: format!(
                "it is {} (an input of this run): writing it would destroy the input; choose another output file",
                if input == path {
                    "the same file".to_string()
                } else {
                    format!("the same file as {}", input.display())
                }
            ),
        }),
        None => Ok(()),
    }
}

/// Whether `--force` was given: the write rule ([`may_replace`]) then
/// lets every output replace what is there.
static FORCE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Sets `--force` for this run (the command line's global flag).
pub fn set_force(force: bool) {
    FORCE.store(force, std::sync::atomic::Ordering::SeqCst);
}

/// What an output is, for the write rule (README, "Exit codes"):
/// whether an existing file at its path may be replaced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Writes {
    /// A campaign's results file (`--output` of check, perft, fuzz and a
    /// `*.jsonl` of conform): an existing one holds a campaign's work and
    /// is replaced by a new campaign only with `--force`; `--resume`
    /// (`resume`) continues it instead.
    Results {
        /// Whether the run continues the file (`--resume`).
        resume: bool,
    },
    /// The record of a game (`play --journal`, `play --pgn`): it cannot be
    /// made again, so an existing file is replaced only with `--force`.
    Record,
    /// A view made from the inputs (a report, a drawing), which can be
    /// made again: it replaces a file of the same look (one this command
    /// writes, recognised by its first bytes), anything else only with
    /// `--force`.
    View(Look),
}

/// The first bytes by which a view regelwerk writes is recognised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    /// A board diagram (`render -o`): regelwerk's `<svg` element.
    Svg,
    /// `conform`'s text report: its `engine: ` line.
    ConformText,
    /// `conform --format json`: its `suite_revision` field.
    ConformJson,
    /// `conform --format junit`: its `<testsuites name="regelwerk` line.
    ConformJunit,
    /// `conform --format html`: its `regelwerk conformance` title.
    ConformHtml,
}

impl Look {
    /// Whether `head` (a file's first bytes) is of this look.
    fn matches(self, head: &str) -> bool {
        let head = head.trim_start();
        match self {
            Look::Svg => {
                head.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"")
                    && head
                        .lines()
                        .next()
                        .is_some_and(|line| line.contains("role=\"img\""))
            }
            Look::ConformText => head.starts_with("engine: ") && head.contains("\nsuite: "),
            Look::ConformJson => head.starts_with('{') && head.contains("\"suite_revision\""),
            Look::ConformJunit => {
                head.starts_with("<?xml") && head.contains("<testsuites name=\"regelwerk conform")
            }
            Look::ConformHtml => {
                head.starts_with("<!DOCTYPE html>")
                    && head.contains("<title>regelwerk conformance</title>")
            }
        }
    }

    /// What a file of this look is, in words.
    fn words(self) -> &'static str {
        match self {
            Look::Svg => "a board diagram",
            Look::ConformText | Look::ConformJson | Look::ConformJunit | Look::ConformHtml => {
                "a conformance report in this format"
            }
        }
    }
}

/// The write rule (README, "Exit codes"), checked before a run starts:
/// whether the output `path` may be written. A path that does not exist,
/// an empty file, a device or a pipe (`/dev/null`, `/dev/stdout`, `-`)
/// may always be; with `--force` ([`set_force`]) anything may; else
/// [`Writes`] says which existing file may be replaced.
///
/// # Errors
/// [`OutputError`] naming what the file is and what to give instead.
pub fn may_replace(path: &Path, writes: Writes) -> Result<(), OutputError> {
    if path == Path::new("-") || FORCE.load(std::sync::atomic::Ordering::SeqCst) {
        return Ok(());
    }
    let Ok(metadata) = std::fs::metadata(path) else {
        return Ok(());
    };
    if !metadata.is_file() || metadata.len() == 0 {
        return Ok(());
    }
    let mut head = Vec::new();
    if let Ok(file) = std::fs::File::open(path) {
        use std::io::Read as _;
        let _ = file.take(4096).read_to_end(&mut head);
    }
    let head = String::from_utf8_lossy(&head);
    let what = what_is(&head);
    let refuse = |message: String| {
        Err(OutputError {
            path: path.to_path_buf(),
            message,
        })
    };
    match writes {
        Writes::Results { resume: true } => Ok(()),
        Writes::Results { resume: false } => refuse(format!(
            "the file exists ({what}); a new campaign does not replace it: give --resume to continue the campaign it holds, --force to replace it, or name another file"
        )),
        Writes::Record => refuse(format!(
            "the file exists ({what}); a game's record is never replaced unasked: give --force to replace it, or name another file"
        )),
        Writes::View(look) if look.matches(&head) => Ok(()),
        Writes::View(look) => refuse(format!(
            "the file exists and is not {} regelwerk wrote ({what}); give --force to replace it, or name another file",
            look.words()
        )),
    }
}

/// The write rule for the files of a folder output (`report --html`,
/// `figures -o`): an existing file is replaced when its first line is the
/// first line of `text`, the file about to be written (a page, a drawing,
/// the style sheet of an earlier run); anything else (a scenario, a
/// journal, source text that happens to have the name) only with
/// `--force`.
///
/// # Errors
/// [`OutputError`] naming what the file is and what to give instead.
pub fn may_replace_like(path: &Path, text: &str) -> Result<(), OutputError> {
    if FORCE.load(std::sync::atomic::Ordering::SeqCst) {
        return Ok(());
    }
    let Ok(metadata) = std::fs::metadata(path) else {
        return Ok(());
    };
    if !metadata.is_file() || metadata.len() == 0 {
        return Ok(());
    }
    let mut head = Vec::new();
    if let Ok(file) = std::fs::File::open(path) {
        use std::io::Read as _;
        let _ = file.take(4096).read_to_end(&mut head);
    }
    let head = String::from_utf8_lossy(&head);
    let first = |text: &str| {
        text.trim_start()
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    };
    if first(&head) == first(text) {
        return Ok(());
    }
    Err(OutputError {
        path: path.to_path_buf(),
        message: format!(
            "the file exists and is not one this command wrote ({}); give --force to replace it, or choose another folder",
            what_is(&head)
        ),
    })
}

/// What an existing file seems to be, from its first bytes, for the
/// write rule's message.
fn what_is(head: &str) -> &'static str {
    let start = head.trim_start();
    if start.starts_with("{\"record\":\"header\"") {
        "the results of a campaign"
    } else if head.contains("# Written by: regelwerk play") || head.contains("\nparticipants:") {
        "a game's journal"
    } else if start.starts_with("[Event ") || start.starts_with("[Variant ") {
        "a PGN game record"
    } else if head.lines().any(|line| line.starts_with("steps:"))
        || (head.lines().any(|line| line.starts_with("variant:"))
            && head.lines().any(|line| line.starts_with("id:")))
    {
        "a scenario"
    } else if start.starts_with("<svg")
        || start.starts_with("<!DOCTYPE")
        || start.starts_with("<?xml")
    {
        "a document of another kind"
    } else {
        "a file regelwerk did not write, or not of this kind"
    }
}

/// A file written whole or not at all: the bytes go to a temporary file
/// in the same folder (`.NAME.PID.partial`), which [`AtomicFile::commit`]
/// renames into place; dropped without a commit, the temporary file is
/// removed and `path` is untouched. A `path` that exists and is not a
/// regular file (`/dev/null`, `/dev/stdout`, a pipe) is written directly.
pub struct AtomicFile {
    path: PathBuf,
    temp: Option<PathBuf>,
    out: std::io::BufWriter<std::fs::File>,
}

impl AtomicFile {
    /// Starts the output `path`.
    ///
    /// # Errors
    /// [`OutputError`]: `path` is an input of the run, a folder, or its
    /// folder does not take the temporary file.
    pub fn create(path: &Path) -> Result<AtomicFile, OutputError> {
        refuse_input(path, &[])?;
        if let Ok(metadata) = std::fs::metadata(path) {
            if metadata.is_dir() {
                return Err(OutputError {
                    path: path.to_path_buf(),
                    message: "a folder, not a file; name a file".to_string(),
                });
            }
            if not_regular(&metadata).is_some() {
                let file = std::fs::OpenOptions::new()
                    .write(true)
                    .open(path)
                    .map_err(|e| OutputError::io(path, &e))?;
                return Ok(AtomicFile {
                    path: path.to_path_buf(),
                    temp: None,
                    out: std::io::BufWriter::new(file),
                });
            }
        }
        let temp = temp_beside(path);
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)
            .map_err(|e| OutputError::io(path, &e))?;
        Ok(AtomicFile {
            path: path.to_path_buf(),
            temp: Some(temp),
            out: std::io::BufWriter::new(file),
        })
    }

    /// Flushes the bytes to the disk and renames the file into place.
    ///
    /// # Errors
    /// [`OutputError`] for a write that fails (a full disk) or a rename
    /// that does; `path` is then untouched.
    pub fn commit(mut self) -> Result<(), OutputError> {
        let path = self.path.clone();
        self.out.flush().map_err(|e| OutputError::io(&path, &e))?;
        let Some(temp) = self.temp.take() else {
            return Ok(());
        };
        let synced = self.out.get_ref().sync_all();
        if let Err(error) = synced {
            let _ = std::fs::remove_file(&temp);
            return Err(OutputError::io(&path, &error));
        }
        // An input read since the start must not be replaced either.
        if let Err(error) = refuse_input(&path, &[]) {
            let _ = std::fs::remove_file(&temp);
            return Err(error);
        }
        std::fs::rename(&temp, &path).map_err(|e| {
            let _ = std::fs::remove_file(&temp);
            OutputError::io(&path, &e)
        })
    }
}

impl Write for AtomicFile {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.out.write(bytes)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if let Some(temp) = self.temp.take() {
            let _ = std::fs::remove_file(temp);
        }
    }
}

/// The temporary name beside `path`: `.NAME.PID.partial` in its folder.
fn temp_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| "output".to_string());
    path.with_file_name(format!(".{name}.{}.partial", std::process::id()))
}

/// Writes `bytes` to `path` whole or not at all ([`AtomicFile`]).
///
/// # Errors
/// [`OutputError`] as for [`AtomicFile::create`] and
/// [`AtomicFile::commit`]; `path` is then untouched.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let mut file = AtomicFile::create(path)?;
    file.write_all(bytes)
        .map_err(|e| OutputError::io(path, &e))?;
    file.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("regelwerk-output-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch");
        dir
    }

    #[test]
    fn an_uncommitted_file_leaves_the_old_one_whole() {
        let dir = scratch("uncommitted");
        let path = dir.join("a.txt");
        std::fs::write(&path, "complete\n").expect("write");
        {
            let mut file = AtomicFile::create(&path).expect("create");
            file.write_all(b"half").expect("write");
        }
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "complete\n");
        assert_eq!(
            std::fs::read_dir(&dir).expect("dir").count(),
            1,
            "no temporary file left"
        );
        write_atomic(&path, b"new\n").expect("commit");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new\n");
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn an_input_is_refused_by_identity() {
        let dir = scratch("identity");
        let input = dir.join("s.yaml");
        std::fs::write(&input, "id: x\n").expect("write");
        let link = dir.join("link.yaml");
        std::fs::hard_link(&input, &link).expect("link");
        let error = refuse_input(&link, std::slice::from_ref(&input)).expect_err("same file");
        assert!(error.message.contains("same file as"), "{error}");
        assert!(refuse_input(&dir.join("other.yaml"), &[input]).is_ok());
        let _ = std::fs::remove_dir_all(dir);
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_full_disk_is_named() {
        let error = write_atomic(Path::new("/dev/full"), b"x").expect_err("full");
        assert!(error.to_string().contains("/dev/full"), "{error}");
        assert!(error.message.contains("disk is full"), "{error}");
    }
}
