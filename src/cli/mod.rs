//! The command line: its grammar ([`args`], declared for clap), the judge solver ([`solve`]),
//! the benchmark ([`bench`]) and the exact-cover solver ([`cover`]). Each command returns a [`Failure`]; only [`main`] prints it
//! and picks the exit status.
//!
//! Nothing here panics on a failed write: help, answers and messages all go through
//! `io::Write`, and a write that fails (a full disk, a closed pipe) ends the run with a
//! message on stderr and exit status 1.

mod args;
mod bench;
mod cover;
mod generate;
mod solve;

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};

/// Why a command stopped; printed as `dlx-sudoku: ...` on stderr.
#[derive(Debug)]
pub enum Failure {
    /// Malformed puzzles, clashing givens, an unreadable puzzle file: exit status 2.
    Input(String),
    /// An I/O operation failed, described as "reading stdin", "writing stdout", …:
    /// exit status 1.
    Io(&'static str, io::Error),
}

impl Failure {
    pub fn read(e: io::Error) -> Failure {
        Failure::Io("reading stdin", e)
    }

    pub fn write(e: io::Error) -> Failure {
        Failure::Io("writing stdout", e)
    }

    fn status(&self) -> ExitCode {
        match self {
            Failure::Input(_) => ExitCode::from(2),
            Failure::Io(..) => ExitCode::from(1),
        }
    }
}

/// Runs the command line `args` (with the program name first) and returns the exit status.
pub fn main(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    let result = match cli.command {
        Command::Solve(options) => solve::run(&options),
        Command::Bench(options) => bench::run(&options),
        Command::Generate(options) => generate::generate(&options),
        Command::Rate(options) => generate::rate(&options),
        Command::Cover(options) => match options.example() {
            Ok(example) => cover::run(&options, example),
            Err(e) => return clap_exit(&e),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            report(&failure);
            failure.status()
        }
    }
}

/// Prints clap's help, version or usage error where clap would, and returns its exit status
/// (0 for help and version, 2 for a usage error); 1 if the help cannot be written.
fn clap_exit(e: &clap::Error) -> ExitCode {
    let text = e.render().to_string();
    let written = if e.use_stderr() {
        let mut err = io::stderr().lock();
        err.write_all(text.as_bytes()).and_then(|()| err.flush())
    } else {
        let mut out = io::stdout().lock();
        out.write_all(text.as_bytes()).and_then(|()| out.flush())
    };
    match written {
        Err(write) if !e.use_stderr() => {
            let failure = Failure::write(write);
            report(&failure);
            failure.status()
        }
        _ => ExitCode::from(e.exit_code().clamp(0, 255) as u8),
    }
}

fn report(failure: &Failure) {
    // If stderr fails too, nothing is left to tell: the exit status still says it.
    let _ = match failure {
        Failure::Input(message) => writeln!(io::stderr(), "dlx-sudoku: {message}"),
        Failure::Io(doing, e) => writeln!(io::stderr(), "dlx-sudoku: {doing}: {e}"),
    };
}
