//! `dlx-sudoku`: solves judge-format Sudoku input from stdin (`solve`) and times the engines
//! on puzzle files (`bench`). Run `dlx-sudoku --help` for the options.
//!
//! The command line is native only (clap is not a wasm32 dependency): on wasm32 the crate is
//! the page's library, and this binary is an empty stub so that `cargo build` still succeeds.

#[cfg(not(target_arch = "wasm32"))]
mod cli;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> std::process::ExitCode {
    cli::main(std::env::args_os())
}

#[cfg(target_arch = "wasm32")]
fn main() {}
