//! `dlx-sudoku`: solves judge-format Sudoku input from stdin (`solve`) and times the engines
//! on puzzle files (`bench`). Run `dlx-sudoku --help` for the options.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    cli::main(&args)
}
