//! `dlx-sudoku`, the command line on the library [`dlx_sudoku`]: its grammar ([`args`],
//! declared for clap), the judge solver ([`solve`]), the benchmark ([`bench`]), the generator
//! and the rater ([`generate`]), the exact-cover solver ([`cover`], with [`split`] for counts
//! shared out as files), and the shell completions and manual pages made from the grammar
//! ([`docs`]); how every command writes counts and rates is [`numbers`]. Run `dlx-sudoku --help`
//! for the commands. Each command returns a [`Failure`]; only [`main`] prints it and picks the
//! exit status.
//!
//! Nothing here panics on a failed write: help, answers and messages all go through
//! `io::Write`, and a write that fails (a full disk, a closed pipe, a closed stdout) ends the
//! run with a message on stderr and exit status 1.
//!
//! The command line is native only (clap is not a wasm32 dependency). A build of the workspace
//! for wasm32 (the page's, the tests') selects this package too: there the binary is an empty
//! stub, so that the build still succeeds.

// On wasm32 only the stub's `main` is compiled; what the modules would use goes unused.
#![cfg_attr(target_arch = "wasm32", allow(dead_code, unused_imports))]

#[cfg(not(target_arch = "wasm32"))]
mod args;
#[cfg(not(target_arch = "wasm32"))]
mod bench;
#[cfg(not(target_arch = "wasm32"))]
mod cover;
#[cfg(not(target_arch = "wasm32"))]
mod docs;
#[cfg(not(target_arch = "wasm32"))]
mod generate;
#[cfg(not(target_arch = "wasm32"))]
mod numbers;
#[cfg(not(target_arch = "wasm32"))]
mod solve;
#[cfg(not(target_arch = "wasm32"))]
mod split;

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
use args::{Cli, Command};
#[cfg(not(target_arch = "wasm32"))]
use clap::Parser;

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

/// Runs the command line of this process and returns the exit status.
#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    if let Some(e) = args::old_count_form(&args) {
        return clap_exit(&e);
    }
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => return clap_exit(&e),
    };
    // Every command writes to stdout: a closed one fails before any work is done.
    if let Err(e) = stdout_is_open() {
        let failure = Failure::write(e);
        report(&failure);
        return failure.status();
    }
    let result = match cli.command {
        Command::Solve(options) => solve::run(&options),
        Command::Bench(options) => bench::run(&options),
        Command::Generate(options) => generate::generate(&options),
        Command::Rate(options) => generate::rate(&options),
        Command::Cover(options) => match options.example() {
            Ok(example) => cover::run(&options, example),
            Err(e) => return clap_exit(&e),
        },
        Command::Completions(options) => docs::completions(&options),
        Command::Man(options) => docs::man(&options),
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
#[cfg(not(target_arch = "wasm32"))]
fn clap_exit(e: &clap::Error) -> ExitCode {
    let text = args::show_optional_values(&e.render().to_string());
    let written = if e.use_stderr() {
        let mut err = io::stderr().lock();
        err.write_all(text.as_bytes()).and_then(|()| err.flush())
    } else {
        let mut out = io::stdout().lock();
        stdout_is_open().and_then(|()| out.write_all(text.as_bytes()).and_then(|()| out.flush()))
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

/// Fails with EBADF, as a write would, if stdout was closed when the program started (`>&-`)
/// or is open for reading only (`1< FILE`): the standard library takes EBADF on stdout for
/// success, so the output would be lost and the exit status say nothing.
///
/// An empty write (which takes nothing anywhere, not even from a pipe with no reader) finds
/// a descriptor that only reads. A closed one is harder to see: on unix the runtime puts
/// `/dev/null` in its place, opened for reading and writing. That is what gives it away: a
/// stdout a shell (`> /dev/null`) or a process launcher (Rust's, Node's) sends to
/// `/dev/null` is opened for writing only, so reading it fails. `1<>/dev/null` looks closed
/// too, and so does Python's `subprocess.DEVNULL`, which opens it read-write (docs/cli.md says
/// what to use instead): nothing tells those apart from a stdout the runtime filled in.
#[cfg(unix)]
fn stdout_is_open() -> io::Result<()> {
    use std::fs::{self, File};
    use std::io::{Read, Write};
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};

    /// EBADF, the same number on Linux, the BSDs and macOS.
    const BAD_FILE_DESCRIPTOR: i32 = 9;
    let stdout = File::from(io::stdout().as_fd().try_clone_to_owned()?);
    (&stdout).write(&[]).map(|_nothing| ())?;
    let (Ok(file), Ok(null)) = (stdout.metadata(), fs::metadata("/dev/null")) else {
        return Ok(());
    };
    let is_null = file.file_type().is_char_device() && file.rdev() == null.rdev();
    // Reading the null device takes nothing from anyone; a terminal is never read.
    if is_null && (&stdout).read(&mut [0; 1]).is_ok() {
        return Err(io::Error::from_raw_os_error(BAD_FILE_DESCRIPTOR));
    }
    Ok(())
}

#[cfg(not(unix))]
fn stdout_is_open() -> io::Result<()> {
    Ok(())
}

fn report(failure: &Failure) {
    // If stderr fails too, nothing is left to tell: the exit status still says it.
    let _ = match failure {
        Failure::Input(message) => writeln!(io::stderr(), "dlx-sudoku: {message}"),
        Failure::Io(doing, e) => writeln!(io::stderr(), "dlx-sudoku: {doing}: {e}"),
    };
}

#[cfg(target_arch = "wasm32")]
fn main() {}
