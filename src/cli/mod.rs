//! The command line: its grammar ([`args`], declared for clap), the judge solver ([`solve`])
//! and the benchmark ([`bench`]). Each command returns a [`Failure`]; only [`main`] prints it
//! and picks the exit status.

mod args;
mod bench;
mod solve;

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use args::{Cli, Command};

/// Why a command stopped. Each is printed as `dlx-sudoku: ...` on stderr, exit status 2.
#[derive(Debug)]
pub enum Failure {
    /// Malformed puzzles, clashing givens, an unreadable file.
    Input(String),
    /// Reading stdin or writing stdout failed.
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Io(e)
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
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            report(&failure);
            ExitCode::from(2)
        }
    }
}

/// Prints clap's help, version or usage error, and returns its exit status.
fn clap_exit(e: &clap::Error) -> ExitCode {
    match e.print() {
        Ok(()) => ExitCode::from(e.exit_code() as u8),
        Err(write) => {
            report(&Failure::Io(write));
            ExitCode::from(2)
        }
    }
}

fn report(failure: &Failure) {
    let message = match failure {
        Failure::Input(message) => message.clone(),
        // The reader of stdout went away (`| head`): nothing is left to say.
        Failure::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => return,
        Failure::Io(e) => e.to_string(),
    };
    // Nothing is left to tell if stderr itself fails.
    let _ = writeln!(io::stderr(), "dlx-sudoku: {message}");
}
