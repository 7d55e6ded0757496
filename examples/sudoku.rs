//! A program on the library alone (no command line crate): reads Sudoku puzzles from stdin, one
//! a line, of any size from 4×4 to 25×25 (`.` or `0` for a blank), and answers each on a line
//! of its own: the solution in the puzzle's own symbols, `no solution`, or `several solutions`
//! and the first cell where two of them differ.
//!
//! ```sh
//! cargo run --example sudoku < puzzles.txt
//! ```
//!
//! Blank lines and a line `end` (the POJ 3074 judge's last line) are skipped. A line that is
//! not a puzzle, or whose givens clash, stops the program with its line number and what is
//! wrong, exit status 2. scripts/test.sh's `library` stage runs it on the POJ 3074 sample.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use dlx_sudoku::formats::any::any_puzzle;
use dlx_sudoku::sudoku::{Dlx, Engine, Verdict};

fn main() -> ExitCode {
    let mut out = io::stdout().lock();
    let mut dlx = Dlx::new();
    for (k, line) in io::stdin().lock().lines().enumerate() {
        let line = match line {
            Ok(line) => line,
            Err(e) => return fail(1, &format!("reading stdin: {e}")),
        };
        let line = line.trim();
        if line.is_empty() || line == "end" {
            continue;
        }
        let (puzzle, alphabet) = match any_puzzle(line) {
            Ok(read) => read,
            Err(e) => return fail(2, &format!("line {}: {}", k + 1, without_line(&e))),
        };
        // Dlx::new() is no node limit: the search always ends with an answer.
        let answer = match dlx.verdict(&puzzle).expect("no node limit") {
            Verdict::Unique(solution) => solution.to_line(alphabet),
            Verdict::None => "no solution".to_string(),
            Verdict::Multiple(a, b) => {
                let cell = (0..a.cells().len())
                    .find(|&c| a.get(c) != b.get(c))
                    .expect("they differ");
                format!("several solutions (two differ at {})", puzzle.shape().cell_name(cell))
            }
        };
        if let Err(e) = writeln!(out, "{answer}") {
            return fail(1, &format!("writing stdout: {e}"));
        }
    }
    ExitCode::SUCCESS
}

/// A reader's error without the line it names, which is a line of the text it was given: this
/// line alone (or the one after it, for a line that starts a grid of several).
fn without_line(error: &str) -> &str {
    let rest = error.strip_prefix("line ").unwrap_or(error);
    match rest.split_once(": ") {
        Some((n, message)) if n.bytes().all(|b| b.is_ascii_digit()) => message,
        _ => error,
    }
}

fn fail(status: u8, message: &str) -> ExitCode {
    eprintln!("sudoku: {message}");
    ExitCode::from(status)
}
