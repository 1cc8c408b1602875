//! The `regelwerk` command line.

use std::process::ExitCode;

use clap::Parser;

mod cli;

fn main() -> ExitCode {
    restore_default_sigpipe();
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("error: {error:#}");
            ExitCode::from(2)
        }
    }
}

/// Output piped into a program that stops reading (`| head`) ends the
/// process quietly, as for other command-line tools, instead of a panic
/// from a failed write.
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
