//! The command line: argument parsing ([`args`]), the judge solver ([`solve`]) and the
//! benchmark ([`bench`]). Each returns a [`Failure`]; only [`main`] prints it and picks the
//! exit status.

mod args;
mod bench;
mod solve;

use std::io;
use std::process::ExitCode;

use args::Command;

/// The command lines, printed after a usage error.
const SYNOPSIS: &str = "\
usage: dlx-sudoku solve [--format auto|line|hdu|hiho] [--engine dlx|bitmask|dfs] [--count [LIMIT]]
       dlx-sudoku bench [--engine dlx|bitmask|dfs|all] [--mode unique|first|both]
                        [--jobs N] [--repeat R] FILE...
       dlx-sudoku --help
";

/// The rest of `--help`.
const OPTIONS: &str = "
solve: reads puzzles from stdin and answers each one in its judge format, byte for byte:
the solution grid, or a line `no solution` or `multiple solutions` in its place.
  --format F   line: one 81-character puzzle per line, '.' or '0' blank, `end` stops (POJ 3074)
               hdu:  9 lines of 9 tokens, '?' blank, a blank line between cases (HDU 1426)
               hiho: a count t, then t grids of 9 lines of 9 integers, '0' blank (hihoCoder 102)
               auto (default): from the first non-blank line; a lone number (6 digits at most)
               is hiho, any other lone token is line, several tokens are hdu
  --engine E   dlx (default), bitmask or dfs
  --count [N]  print each puzzle's number of solutions instead, counting no further than N
               (default 1000000): `N solutions`, or `at least N solutions` at the limit

bench: times the engines on files of line-format puzzles and prints one line per file,
engine and mode: the median rate over the runs, the slowest and fastest, and the verdicts.
  --engine E   dlx, bitmask, dfs or all (default)
  --mode M     unique: stop at a second solution (default); first: stop at the first; both
  --jobs N     threads sharing the puzzles (default: the available parallelism)
  --repeat R   timed runs for each line (default 5)

Exit status: 0 on success; 2 on a usage error or bad input, after answering the puzzles before it.
";

/// Why a command stopped. Each is printed as `dlx-sudoku: ...` on stderr, exit status 2.
#[derive(Debug)]
pub enum Failure {
    /// Bad arguments; the usage follows the message.
    Usage(String),
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

/// Runs the command `args` (without the program name) and returns the exit status.
pub fn main(args: &[String]) -> ExitCode {
    let result = match args::parse(args) {
        Ok(Command::Help) => {
            print!("{SYNOPSIS}{OPTIONS}");
            Ok(())
        }
        Ok(Command::Solve(options)) => solve::run(&options),
        Ok(Command::Bench(options)) => bench::run(&options),
        Err(message) => Err(Failure::Usage(message)),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            report(&failure);
            ExitCode::from(2)
        }
    }
}

fn report(failure: &Failure) {
    match failure {
        Failure::Usage(message) => eprint!("dlx-sudoku: {message}\n{SYNOPSIS}"),
        Failure::Input(message) => eprintln!("dlx-sudoku: {message}"),
        // The reader of stdout went away (`| head`): nothing is left to say.
        Failure::Io(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
        Failure::Io(e) => eprintln!("dlx-sudoku: {e}"),
    }
}
