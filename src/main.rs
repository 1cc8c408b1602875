//! The `regelwerk` command line.

use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    cli::install_stdout_hook();
    if let Some(message) = non_utf8_argument() {
        eprintln!("error: {message}");
        return ExitCode::from(2);
    }
    let args = cli::Cli::parse();
    if !args.talks_to_engines() {
        restore_default_sigpipe();
    }
    let code = match cli::run(args) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {}", message_of(&error));
            cli::exit_code_of(&error)
        }
    };
    cli::flush_stdout();
    // Whatever an engine started and left behind goes with the run.
    regelwerk::protocol::reaper::sweep();
    code
}

/// An argument that is not UTF-8 text, named by its place and the option
/// before it (clap says only that one of them is not).
fn non_utf8_argument() -> Option<String> {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    let at = args.iter().position(|arg| arg.to_str().is_none())?;
    let shown = regelwerk::input::quote(&args[at].to_string_lossy());
    let after = match at.checked_sub(1).and_then(|before| args[before].to_str()) {
        Some(option) if option.starts_with('-') => format!(", the value of {option}"),
        Some(word) => format!(", after '{}'", regelwerk::input::quote(word)),
        None => String::new(),
    };
    Some(format!(
        "argument {} ('{shown}'{after}) is not UTF-8 text (� marks the bytes that are not): give file names and values as UTF-8",
        at + 1
    ))
}

/// The error and its causes, each said once: a cause whose text the
/// message already holds (an error that prints its source, then the same
/// source as the next link of the chain) is not repeated.
fn message_of(error: &anyhow::Error) -> String {
    let mut message = error.to_string();
    for cause in error.chain().skip(1) {
        let text = cause.to_string();
        if !message.contains(&text) {
            message.push_str(": ");
            message.push_str(&text);
        }
    }
    regelwerk::input::visible(&regelwerk::input::without_os_error(&message))
}

/// Output piped into a program that stops reading (`| head`) ends the
/// process quietly, as for other command-line tools, instead of a panic
/// from a failed write. Not for commands that write to engine processes:
/// an engine that exits early must give them an error to report, not
/// kill them.
#[cfg(unix)]
fn restore_default_sigpipe() {
    // SAFETY: called once at start-up, before any other thread exists;
    // setting a signal's disposition to the default has no other effect.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn restore_default_sigpipe() {}
