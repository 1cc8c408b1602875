//! The one table of exit codes every command follows (README, "Exit
//! codes"); `tests/harness/hostile.rs` checks each command against it.

use std::process::ExitCode;

/// What a command's run came to, as its exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// 0: everything checked passed (or the command did what was asked).
    Ok = 0,
    /// 1: a check failed: a scenario, a conformance case, a divergence, a
    /// replay discrepancy, an invariant, a refused action in `apply`.
    Failed = 1,
    /// 2: a usage or input error: a bad option, a missing or unreadable
    /// file, a file that breaks its format or a limit, nothing matched,
    /// an output that cannot be written, a perft over its budget.
    Input = 2,
    /// 3: an engine fault: the engine under test could not be started,
    /// failed the handshake, or stopped answering, so nothing could be
    /// compared.
    Engine = 3,
}

impl Exit {
    /// The process exit code.
    pub fn code(self) -> ExitCode {
        ExitCode::from(self as u8)
    }
}

/// An error that is the engine's fault, not the input's: `main` exits
/// with [`Exit::Engine`] for it.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct EngineFault(pub String);

/// The exit code of an error that ended a command: 3 for an
/// [`EngineFault`], else 2 (usage or input).
pub fn of_error(error: &anyhow::Error) -> ExitCode {
    if error.downcast_ref::<EngineFault>().is_some() {
        Exit::Engine.code()
    } else {
        Exit::Input.code()
    }
}

/// Checks before a long run that `path` can be written, so that an
/// unwritable output fails at once, not after the run: its folder exists
/// and takes a new file, it is no folder, and it is no file the run read
/// already. `path` itself is not touched (the run writes it whole at the
/// end, or unit by unit: docs/scale.md).
///
/// # Errors
/// The path, what is wrong and what to do.
pub fn check_writable(
    path: &std::path::Path,
    writes: regelwerk::output::Writes,
) -> anyhow::Result<()> {
    if path == std::path::Path::new("-") {
        return Ok(());
    }
    check_output_parent(path, "output")?;
    regelwerk::output::refuse_input(path, &[])?;
    if !path.is_dir() {
        regelwerk::output::may_replace(path, writes)?;
    }
    if path.is_dir() {
        anyhow::bail!(
            "cannot write {}: a folder, not a file; name a file",
            path.display()
        );
    }
    if path.exists() && !path.is_file() {
        // A device or a pipe (/dev/null, /dev/stdout) is written as it is.
        return Ok(());
    }
    // The folder must take a new file (the output is renamed into place).
    let probe = regelwerk::output::AtomicFile::create(path)?;
    drop(probe);
    Ok(())
}

/// [`check_writable`] for `conform -o`: a `*.jsonl` file is a campaign's
/// results (continued by `--resume`), anything else the report in
/// `format`.
///
/// # Errors
/// As [`check_writable`].
pub(super) fn check_conform_output(
    path: &std::path::Path,
    format: super::ConformFormat,
    resume: bool,
) -> anyhow::Result<()> {
    use regelwerk::output::{Look, Writes};
    let writes = if path.extension().is_some_and(|ext| ext == "jsonl") {
        Writes::Results { resume }
    } else {
        Writes::View(match format {
            super::ConformFormat::Text => Look::ConformText,
            super::ConformFormat::Json => Look::ConformJson,
            super::ConformFormat::Junit => Look::ConformJunit,
            super::ConformFormat::Html => Look::ConformHtml,
        })
    };
    check_writable(path, writes)
}

/// Checks before a run that the folder an output goes into exists (no
/// command creates the parents of an output: a typo must not make
/// folders).
///
/// # Errors
/// The option, the path and the missing folder.
pub fn check_output_parent(path: &std::path::Path, flag: &str) -> anyhow::Result<()> {
    if path == std::path::Path::new("-") {
        return Ok(());
    }
    match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(parent) if !parent.is_dir() => anyhow::bail!(
            "cannot write {} ({flag}): the folder {} does not exist",
            path.display(),
            parent.display()
        ),
        _ => Ok(()),
    }
}

/// A timeout option in seconds: a positive, finite number of at most a
/// day (`--timeout 0` would fail every answer, not wait forever).
///
/// # Errors
/// The option and the value expected.
pub fn timeout(seconds: f64, flag: &str) -> anyhow::Result<std::time::Duration> {
    if !seconds.is_finite() || seconds <= 0.0 || seconds > 86_400.0 {
        anyhow::bail!("{flag} {seconds}: expected seconds greater than 0 and at most 86400");
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// UCI engines play the variants with a UCI name only (Grand Chess and
/// Racing Kings, `UCI_Variant` grand and racingkings): asking for another
/// is a usage error, found before any engine starts.
///
/// # Errors
/// The variant and what `--uci` is for.
pub(super) fn check_uci_variant(
    uci: bool,
    variant: regelwerk::variant::VariantId,
) -> anyhow::Result<()> {
    if uci && regelwerk::protocol::uci::uci_variant_name(variant).is_none() {
        anyhow::bail!("{}", regelwerk::protocol::uci::no_uci_variant(variant));
    }
    Ok(())
}

/// An engine command line that names no program is a usage error (exit
/// 2), found before anything starts.
///
/// # Errors
/// The option that is empty.
pub(super) fn check_engine_command(command: &str, flag: &str) -> anyhow::Result<()> {
    if regelwerk::protocol::client::split_command(command)
        .map_err(|message| anyhow::anyhow!("{flag}: {message}"))?
        .is_empty()
    {
        anyhow::bail!(
            "{flag} is empty: give the engine's command line, e.g. {flag} \"python3 engine.py\""
        );
    }
    Ok(())
}

/// Makes a failed write to standard output end the run plainly instead
/// of with a panic: `print!` panics when stdout cannot be written, and
/// this hook, run first, ends the process before any unwinding. A closed
/// pipe (a reader such as `head` that stopped) ends quietly with exit 0
/// (commands that talk to engines keep SIGPIPE ignored and end here); any
/// other failure (a full disk, `> /dev/full`) says so, naming standard
/// output, and exits 2. Engines started so far are ended first. Other
/// panics go to the default hook.
pub fn install_stdout_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or_default();
        if let Some(reason) = payload.strip_prefix("failed printing to stdout: ") {
            stdout_failed(reason);
        }
        default(info);
    }));
}

/// Ends the run after standard output failed with `reason` (see
/// [`install_stdout_hook`]).
pub fn stdout_failed(reason: &str) -> ! {
    regelwerk::protocol::process::end_all_engines();
    if reason.contains("Broken pipe") || reason.contains("os error 32") {
        std::process::exit(0);
    }
    let words = if reason.contains("os error 28") {
        "the disk is full (no space left on the device); free some space or write elsewhere"
            .to_string()
    } else {
        let plain = match reason.rsplit_once(" (os error ") {
            Some((head, _)) => head,
            None => reason,
        };
        plain.to_lowercase()
    };
    eprintln!("error: cannot write standard output: {words}");
    std::process::exit(Exit::Input as i32);
}

/// Flushes standard output at the end of a run, so that a last line
/// without its newline that cannot be written is an error too.
pub fn flush_stdout() {
    use std::io::Write;
    if let Err(error) = std::io::stdout().flush() {
        stdout_failed(&error.to_string());
    }
}
