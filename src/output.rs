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
