//! What the end-to-end tests of the binary share: running it with some input.

use std::io::Write;
use std::process::{Command, Stdio};

pub const BIN: &str = env!("CARGO_BIN_EXE_dlx-sudoku");

/// What a run of the binary wrote and how it ended.
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs the binary with `args`, `stdin` written to it from another thread.
pub fn run(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_string();
    let writer = std::thread::spawn(move || pipe.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("the binary runs");
    // The binary may stop reading early (a usage error): a broken pipe is not a failure.
    let _ = writer.join().unwrap();
    Output {
        stdout: String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 stderr"),
        code: out.status.code().expect("an exit status"),
    }
}
