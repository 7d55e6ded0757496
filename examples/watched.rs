//! The watched search, natively: what the page's `Trace` runs (`watch::Watch`), stepped through
//! a number of events on hard 9×9 puzzles, for counting its instructions (no CLI command runs
//! it):
//!
//! ```sh
//! cargo build --release --example watched
//! valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
//!     target/release/examples/watched run 200000
//! ```
//!
//! `watched MODE [EVENTS] [FILE]`: MODE is `run` (forwards, as the page plays), `batch` (forwards
//! in batches of event words), `back` (each search forwards to its end, then back to its start by
//! `run_back` and `prev_batch` in turn); EVENTS (200,000 by default) are events moved in all;
//! FILE holds the puzzles, one a line, taken in turn (by default
//! `tests/data/puzzles/forum_hardest_sample.txt`). Prints what it did, the same for any build of
//! the same search.

use dlx_sudoku::formats::any::any_puzzle;
use dlx_sudoku::watch::Watch;
use std::process::ExitCode;

/// Events asked for at once, about what the page asks at a middling speed.
const CHUNK: u64 = 64;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map_or("run", String::as_str);
    let budget: u64 = match args.get(1).map(|s| s.replace(',', "").parse()) {
        None => 200_000,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("watched: EVENTS: {e}");
            return ExitCode::from(2);
        }
    };
    let file = args
        .get(2)
        .map_or("tests/data/puzzles/forum_hardest_sample.txt", String::as_str);
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("watched: {file}: {e}");
            return ExitCode::from(1);
        }
    };
    if !matches!(mode, "run" | "batch" | "back") {
        eprintln!("watched: MODE is run, batch or back, not {mode:?}");
        return ExitCode::from(2);
    }
    let (mut moved, mut puzzles, mut nodes, mut words) = (0u64, 0u64, 0u64, 0u64);
    for (k, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        if moved >= budget {
            break;
        }
        let (puzzle, alphabet) = match any_puzzle(line) {
            Ok(read) => read,
            Err(e) => {
                eprintln!("watched: {file}: line {}: {e}", k + 1);
                return ExitCode::from(2);
            }
        };
        let mut w = Watch::sudoku(&puzzle, alphabet);
        puzzles += 1;
        let left = |moved: u64| CHUNK.min(budget - moved);
        match mode {
            "run" => {
                while moved < budget && !w.search().is_done() {
                    moved += w.run(left(moved), 0).events;
                }
            }
            "batch" => {
                while moved < budget && !w.search().is_done() {
                    let n = w.next_batch(left(moved) as usize).len();
                    words += n as u64;
                    moved += n as u64 / 2;
                }
            }
            _ => {
                while moved < budget && !w.search().is_done() {
                    moved += w.run(left(moved), 0).events;
                }
                let mut by_words = false;
                while moved < budget && !w.search().is_at_start() {
                    moved += if by_words {
                        let n = w.prev_batch(left(moved) as usize).len();
                        words += n as u64;
                        n as u64 / 2
                    } else {
                        w.run_back(left(moved), 0).events
                    };
                    by_words = !by_words;
                }
            }
        }
        nodes += w.tree_words(0)[0] as u64;
    }
    println!("{mode}: {moved} events over {puzzles} puzzles, {words} words, {nodes} tree nodes at the ends");
    ExitCode::SUCCESS
}
