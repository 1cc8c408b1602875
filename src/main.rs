//! The `regelwerk` command line.

use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    cli::install_stdout_hook();
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
    code
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
