//! `dlx-sudoku cover` end to end: the examples piped back in, the known counts, each
//! solution a true exact cover, the output format, errors and exit status, streaming.
//! (The slow counts, pentominoes and 12 queens, are in `tests/cover_counts.rs`.)

// Built for wasm32 too (its tests are skipped there), where a child's pipes have no `Drop`:
// natively, dropping one closes it, which is what the tests rely on.
#![cfg_attr(target_arch = "wasm32", allow(clippy::drop_non_drop))]

use std::collections::HashMap;
use std::io::{Read, Write};
use std::process::{Command, Stdio};

mod common;
use common::{run, BIN};

/// `cover --example ARGS`, which must succeed.
fn example(args: &[&str]) -> String {
    let mut all = vec!["cover", "--example"];
    all.extend(args);
    let out = run(&all, "");
    assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{args:?}");
    out.stdout
}

/// Runs `cover ARGS` on `input` and expects success with nothing on stderr.
fn cover(args: &[&str], input: &str) -> String {
    let mut all = vec!["cover"];
    all.extend(args);
    let out = run(&all, input);
    assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{args:?}");
    out.stdout
}

/// The item line of a DLX1 text: (primary, secondary) names.
fn items(problem: &str) -> (Vec<String>, Vec<String>) {
    let line = problem
        .lines()
        .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('|'))
        .unwrap();
    let (primary, secondary) = line.split_once(" | ").unwrap_or((line, ""));
    let names = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
    (names(primary), names(secondary))
}

/// Checks that each solution (blocks separated by one blank line) covers every primary item
/// once and every secondary item at most once, with options of the problem; returns them.
fn check_solutions(problem: &str, output: &str) -> usize {
    let (primary, secondary) = items(problem);
    let options: std::collections::HashSet<&str> = problem.lines().filter(|l| !l.starts_with('|')).skip(1).collect();
    if output.is_empty() {
        return 0;
    }
    assert!(output.ends_with('\n') && !output.ends_with("\n\n"), "{output:?}");
    let blocks: Vec<&str> = output.trim_end_matches('\n').split("\n\n").collect();
    for block in &blocks {
        let mut seen: HashMap<&str, usize> = HashMap::new();
        for line in block.lines() {
            assert!(options.contains(line), "{line:?} is not an option of the problem");
            for name in line.split_whitespace() {
                *seen.entry(name).or_default() += 1;
            }
        }
        for name in &primary {
            assert_eq!(seen.get(name.as_str()), Some(&1), "{name} in {block}");
        }
        for name in &secondary {
            assert!(seen.get(name.as_str()).copied().unwrap_or(0) <= 1, "{name} in {block}");
        }
    }
    blocks.len()
}

#[test]
fn knuth_example_gives_its_one_solution_in_input_order() {
    let problem = example(&["knuth"]);
    assert!(problem.starts_with("| Knuth's example"), "{problem}");
    assert_eq!(cover(&[], &problem), "c e f\na d\nb g\n");
    assert!(
        problem.contains("\na b c d e f g\nc e f\na d g\nb c f\na d\nb g\nd e g\n"),
        "{problem}"
    );
}

#[test]
fn solutions_are_exact_covers_with_a_blank_line_between() {
    let problem = example(&["queens", "6"]);
    let all = cover(&[], &problem);
    assert_eq!(check_solutions(&problem, &all), 4);
    let first = cover(&["--first"], &problem);
    assert_eq!(check_solutions(&problem, &first), 1);
    assert!(all.starts_with(&format!("{first}\n")));
    let three = cover(&["--max-solutions", "3"], &problem);
    assert_eq!(check_solutions(&problem, &three), 3);
    assert!(all.starts_with(&three));
    assert_eq!(cover(&["--max-solutions=100"], &problem), all);
    // Secondary items: the diagonals are shared by no two queens.
    let problem = example(&["queens", "5"]);
    assert_eq!(check_solutions(&problem, &cover(&[], &problem)), 10);
    let problem = example(&["langford", "4"]);
    assert_eq!(check_solutions(&problem, &cover(&[], &problem)), 2);
}

#[test]
fn examples_have_their_known_counts() {
    for (args, count) in [
        (&["queens", "8"][..], "92 solutions\n"),
        (&["queens", "10"], "724 solutions\n"),
        (&["queens", "3"], "0 solutions\n"),
        (&["langford", "7"], "52 solutions\n"),
        (&["langford", "8"], "300 solutions\n"),
        (&["knuth"], "1 solution\n"),
    ] {
        let problem = example(args);
        assert_eq!(cover(&["--count"], &problem), count, "{args:?}");
        let comment = format!("({})", count.trim_end());
        assert!(
            problem.lines().next().unwrap().ends_with(&comment),
            "{args:?}: {problem}"
        );
    }
    let problem = example(&["queens", "8"]);
    assert_eq!(
        cover(&["--count", "--max-solutions", "50"], &problem),
        "at least 50 solutions\n"
    );
    assert_eq!(
        cover(&["--max-solutions=92", "--count"], &problem),
        "at least 92 solutions\n"
    );
    assert_eq!(cover(&["--count", "--max-solutions", "93"], &problem), "92 solutions\n");
    // No solution prints nothing.
    assert_eq!(cover(&[], &example(&["queens", "2"])), "");
}

/// The HDU sample as a line, and its solution.
const EASY_LINE: &str = "712.6.358.652.71.4..8513672924.56.375.6...2411.372.9.5..19754866.783.519859.4..23";
const EASY_SOLVED: &str = "712469358365287194498513672924156837576398241183724965231975486647832519859641723";

#[test]
fn a_sudoku_example_solves_to_the_puzzle_s_solution() {
    let problem = example(&["sudoku", EASY_LINE]);
    let solution = cover(&[], &problem);
    assert_eq!(check_solutions(&problem, &solution), 1);
    // Each option is "rRcC rR#D cC#D bB#D" (the Sudoku tab's names): put D at row R, column C.
    let mut grid = [b'0'; 81];
    for line in solution.lines() {
        let b = line.as_bytes();
        grid[usize::from(b[1] - b'1') * 9 + usize::from(b[3] - b'1')] = b[8];
    }
    assert_eq!(std::str::from_utf8(&grid).unwrap(), EASY_SOLVED);
}

#[test]
fn stats_go_to_stderr() {
    let problem = example(&["queens", "8"]);
    let out = run(
        &["cover", "--count", "--stats", "--jobs", "1", "--engine", "dlx"],
        &problem,
    );
    assert_eq!((out.code, out.stdout.as_str()), (0, "92 solutions\n"));
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{}", out.stderr);
    assert_eq!(lines[0], "stats: 64 options, 16+30 items; engine dlx (dancing links)");
    // The tree of 8 queens, as Knuth's DLX1 counts it (1,199 nodes with the root).
    assert!(
        lines[1].starts_with("stats: 92 solutions, 1198 nodes, "),
        "{}",
        lines[1]
    );
    assert!(lines[1].ends_with(" nodes/s"), "{}", lines[1]);
    assert_eq!(lines[2], "stats: solutions by depth: 8:92");
    let out = run(&["cover", "--stats", "--first"], &example(&["knuth"]));
    assert_eq!(out.stdout, "c e f\na d\nb g\n");
    assert!(out.stderr.contains("stats: 1 solution, "), "{}", out.stderr);
    assert!(
        out.stderr.ends_with("stats: solutions by depth: 3:1\n"),
        "{}",
        out.stderr
    );
    // One of each, in the singular: one option tried, no update.
    let out = run(&["cover", "--stats", "--count", "--engine", "dlx"], "a\na\n");
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines[0], "stats: 1 option, 1+0 items; engine dlx (dancing links)");
    assert!(
        lines[1].starts_with("stats: 1 solution, 1 node, 0 updates, "),
        "{}",
        lines[1]
    );
    let out = run(&["cover", "--stats"], &example(&["queens", "3"]));
    assert!(
        out.stderr.ends_with("stats: solutions by depth: none\n"),
        "{}",
        out.stderr
    );
}

#[test]
fn stats_say_the_problem_s_size_before_the_search() {
    // As the help says and DLX1 does: a long count shows what it read at once. The size
    // came only at the end, with the rest. stdout and stderr share one pipe here, so what
    // was written first comes first.
    let out = with_file("stats", &example(&["knuth"]), |path| {
        Command::new("sh")
            .args(["-c", &format!("'{BIN}' cover --stats --engine dlx '{path}' 2>&1")])
            .output()
            .unwrap()
    });
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.starts_with(
            "stats: 6 options, 7+0 items; engine dlx (dancing links)\nc e f\na d\nb g\nstats: 1 solution, "
        ),
        "{text}"
    );
    assert!(text.ends_with("stats: solutions by depth: 3:1\n"), "{text}");
}

#[test]
fn reads_a_file_or_stdin() {
    let path = std::env::temp_dir().join(format!("dlx-sudoku-cover-{}.dlx", std::process::id()));
    std::fs::write(&path, example(&["langford", "3"])).unwrap();
    let file = path.to_str().unwrap();
    let out = run(&["cover", file, "--count"], "this is not read");
    assert_eq!(
        (out.code, out.stdout.as_str(), out.stderr.as_str()),
        (0, "2 solutions\n", "")
    );
    std::fs::write(&path, "a b\na c\n").unwrap();
    let out = run(&["cover", file], "");
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        format!("dlx-sudoku: {file}: line 2, column 3: unknown item \"c\"\n")
    );
    std::fs::remove_file(&path).unwrap();
    assert_eq!(cover(&["-", "--count"], &example(&["knuth"])), "1 solution\n");
    let out = run(&["cover", "/nonexistent/problem.dlx"], "");
    assert_eq!(out.code, 2);
    assert!(
        out.stderr.starts_with("dlx-sudoku: /nonexistent/problem.dlx: "),
        "{}",
        out.stderr
    );
}

/// `--count` is a flag: it counts a file named before it or after it, or stdin, in any order
/// with the other options. (It once took an optional N, and `cover --count FILE` failed:
/// "invalid value 'FILE' for '--count [<N>]'".)
#[test]
fn count_counts_a_file_in_any_order_or_stdin() {
    let problem = example(&["queens", "6"]);
    with_file("count", &problem, |file| {
        for args in [
            &["--count", file][..],
            &[file, "--count"],
            &["--count", "--stats", file],
            &["--count", "-"],
            &["--count"],
        ] {
            let mut all = vec!["cover"];
            all.extend(args);
            // The file, if named, is read, and stdin not.
            let stdin = if args.contains(&file) { "not read" } else { &problem };
            let out = run(&all, stdin);
            assert_eq!(
                (out.code, out.stdout.as_str()),
                (0, "4 solutions\n"),
                "{args:?}: {}",
                out.stderr
            );
        }
        assert_eq!(
            cover(&[file, "--count", "--max-solutions", "3"], ""),
            "at least 3 solutions\n"
        );
    });
    // A file named by a number is read, even right after --count.
    let dir = std::env::temp_dir().join(format!("dlx-sudoku-numbered-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("12"), &problem).unwrap();
    let out = Command::new(BIN)
        .args(["cover", "--count", "12"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "4 solutions\n");
    assert_eq!(out.status.code(), Some(0));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The old form `--count N`: a usage error that names the new option.
#[test]
fn the_old_count_form_names_the_new_option() {
    let message = |file: &str, n: &str| {
        format!(
            "error: --count takes no number{file}: to count no further than {n} solutions, write \
             `--count --max-solutions {n}`\n\nUsage: dlx-sudoku cover [OPTIONS] [FILE]\n\n\
             For more information, try '--help'.\n"
        )
    };
    let no_file = |n: &str| format!(", and no file is named '{n}'");
    for (args, expected) in [
        (&["cover", "--count", "50"][..], message(&no_file("50"), "50")),
        (
            &["cover", "--stats", "--count", "7", "p.dlx"],
            message(&no_file("7"), "7"),
        ),
        (&["cover", "--count=50"], message("", "50")),
        (&["cover", "--count", "0"], message(&no_file("0"), "N")),
        (
            &["cover", "--count", "18446744073709551616"],
            message(&no_file("18446744073709551616"), "18446744073709551616"),
        ),
    ] {
        let out = run(args, &example(&["knuth"]));
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{args:?}");
        assert_eq!(out.stderr, expected, "{args:?}");
    }
    // After `--`, a word is the FILE whatever it looks like.
    let out = run(&["cover", "--count", "--", "50"], "");
    assert!(out.stderr.starts_with("dlx-sudoku: 50: "), "{}", out.stderr);
}

#[test]
fn bad_input_is_an_error_naming_line_and_column() {
    for (input, message) in [
        ("", "empty input: no item line (only blank lines and comments)"),
        (
            "| just a comment\n",
            "empty input: no item line (only blank lines and comments)",
        ),
        (
            "a b a\n",
            "line 1, column 5: item \"a\" is named twice (first at column 1)",
        ),
        ("a b\n| c\na  q\n", "line 3, column 4: unknown item \"q\""),
        (
            "a b\nb a b\n",
            "line 2, column 5: item \"b\" is repeated in this option (first at column 1)",
        ),
        ("a | x\n x\n", "line 2, column 2: this option has no primary item"),
        (
            "a | x\nx:red a:red\n",
            "line 2, column 7: \"a:red\": a primary item cannot have a colour (only secondary items take DLX2's item:colour)",
        ),
        ("a b:c\n", "line 1, column 3: \"b:c\": an item name cannot contain ':'"),
        ("a | b | c\n", "line 1, column 7: a second '|' on the item line"),
    ] {
        let out = run(&["cover"], input);
        assert_eq!(out.stderr, format!("dlx-sudoku: {message}\n"), "{input:?}");
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{input:?}");
    }
    let long = format!("a {}\n", "x".repeat(100));
    let out = run(&["cover"], &long);
    assert_eq!(
        out.stderr,
        format!(
            "dlx-sudoku: line 1, column 3: \"{}…\" is longer than 64 bytes\n",
            "x".repeat(40)
        )
    );
}

#[test]
fn usage_errors_follow_clap() {
    for (args, start) in [
        (
            &["cover", "--first", "--count"][..],
            "error: the argument '--first' cannot be used with '--count'",
        ),
        (
            &["cover", "--count", "--max-solutions", "18446744073709551616"],
            "error: invalid value '18446744073709551616' for '--max-solutions <N>': number too large",
        ),
        (
            &["cover", "--max-solutions", "0"],
            "error: invalid value '0' for '--max-solutions <N>'",
        ),
        (
            &["cover", "--example", "chess"],
            "error: --example: unknown example \"chess\"",
        ),
        (
            &["cover", "--example", "queens", "0"],
            "error: --example: queens takes N (1 to 1000)",
        ),
        (
            &["cover", "--example", "pentominoes", "8x8"],
            "error: --example: pentominoes takes 6x10, 5x12, 4x15, 3x20 or 3x5 (L, N, V only)",
        ),
        (
            &["cover", "--example", "tiling", "dominoes"],
            "error: --example: tiling takes PIECES BOARD: dominoes, trominoes, pentominoes or pentomino letters (LNV), then RxC or RxC-HxW",
        ),
        (
            &["cover", "--example", "polycubes", "soma", "3x3"],
            "error: --example: polycubes takes PIECES BOX: soma or pentominoes, then XxYxZ",
        ),
        (
            &["cover", "--example", "sudoku", "123"],
            "error: --example: sudoku: expected 81 cells (or 16 for a 4×4), found 3",
        ),
        (
            &["cover", "--example", "knuth", "--count"],
            "error: the argument '--example <NAME> [ARG] [BOARD]' cannot be used with '--count'",
        ),
        // The file taken for knuth's ARG.
        (
            &["cover", "--example", "knuth", "p.dlx"],
            "error: --example knuth takes nothing more, and --example reads no FILE: to solve 'p.dlx', write `dlx-sudoku cover p.dlx`\n",
        ),
    ] {
        let out = run(args, "");
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{args:?}");
        assert!(out.stderr.starts_with(start), "{args:?}: {}", out.stderr);
        if args.contains(&"--example") {
            assert!(
                out.stderr.contains("Usage: dlx-sudoku cover"),
                "{args:?}: {}",
                out.stderr
            );
        }
        // `knuth` takes no ARG: clap's text never says one is needed.
        assert!(!out.stderr.contains("<ARG>"), "{args:?}: {}", out.stderr);
        assert!(
            out.stderr.ends_with("For more information, try '--help'.\n"),
            "{args:?}"
        );
    }
    let out = run(&["cover", "--example"], "");
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
    let start = "error: a value is required for '--example <NAME> [ARG] [BOARD]' but none was supplied";
    assert!(out.stderr.starts_with(start), "{}", out.stderr);
}

#[test]
fn help_states_the_format_limits_and_exit_status() {
    let out = run(&["--help"], "");
    assert!(out.stdout.contains("  cover  "), "{}", out.stdout);
    let out = run(&["cover", "--help"], "");
    assert_eq!(out.code, 0);
    for part in [
        "Usage: dlx-sudoku cover [OPTIONS] [FILE]",
        "--max-solutions <N>",
        "--example <NAME> [ARG] [BOARD]",
        "  --count\n",
        "Stop after N solutions (with --count: count no further than N)",
        "item names of at most 64 bytes; at most 100000 items, 256 items in an option",
        "10000000 entries",
        "options may then share",
        "Exit status: 0 on success; 1 when reading or writing fails; 2 on a usage error or bad input.",
    ] {
        assert!(out.stdout.contains(part), "{part}: {}", out.stdout);
    }
    assert!(!out.stdout.contains("<ARG>"), "{}", out.stdout);
}

/// The empty grid has about 6.7 × 10^21 solutions: the first must come out long before the end.
const EMPTY_LINE: &str = ".................................................................................";

#[test]
fn solutions_stream_out_as_they_are_found_and_a_closed_pipe_is_an_error() {
    let problem = example(&["sudoku", EMPTY_LINE]);
    let mut child = Command::new(BIN)
        .arg("cover")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(problem.as_bytes()).unwrap();
    let mut stdout = child.stdout.take().unwrap();
    // 81 options of 19 bytes each ("r1c1 r1#1 c1#1 b1#1") make the first solution: read
    // that much, then hang up.
    let mut first = vec![0u8; 81 * 20];
    stdout.read_exact(&mut first).unwrap();
    let first = String::from_utf8(first).unwrap();
    assert_eq!(check_solutions(&problem, first.split("\n\n").next().unwrap()), 1);
    drop(stdout);
    let status = child.wait().unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    assert_eq!(stderr, "dlx-sudoku: writing stdout: Broken pipe (os error 32)\n");
    assert_eq!(status.code(), Some(1));
}

#[test]
#[cfg(target_os = "linux")]
fn a_full_disk_is_an_error_not_a_panic() {
    for args in [&["cover", "--example", "knuth"][..], &["cover"], &["cover", "--count"]] {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // `--example` reads no input and may be gone before it is written.
        let _ = child.stdin.take().unwrap().write_all(example(&["knuth"]).as_bytes());
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "dlx-sudoku: writing stdout: No space left on device (os error 28)\n",
            "{args:?}"
        );
        assert_eq!(out.status.code(), Some(1), "{args:?}");
    }
}

#[test]
#[cfg(target_os = "linux")]
fn count_shows_progress_on_a_terminal_only() {
    // `script` (util-linux) runs the command on a pseudo-terminal; without it, there is none.
    if !std::path::Path::new("/usr/bin/script").exists() {
        eprintln!("no /usr/bin/script: the terminal half of this test is skipped");
    } else {
        // Well over the 250 ms before the first progress line: 13 queens in a debug build
        // (2.7 s), 14 in release (0.8 s; 13 take 0.15 s there).
        let (n, solutions) = if cfg!(debug_assertions) {
            ("13", 73712)
        } else {
            ("14", 365596)
        };
        let start = std::time::Instant::now();
        let out = with_file("progress", &example(&["queens", n]), |path| {
            on_a_terminal(&format!("{BIN} cover {path} --count"))
        });
        let elapsed = start.elapsed();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{text}");
        assert!(
            text.contains(" solutions, ") && text.contains(" nodes …\x1b[K"),
            "{text:?}"
        );
        assert!(
            text.ends_with(&format!("\r\x1b[K{solutions} solutions\r\n")),
            "{text:?}"
        );
        // At most one progress line each 250 ms, however fast the solutions come.
        let shown = text.matches(" nodes …").count() as u128;
        assert!(shown <= elapsed.as_millis() / 250 + 1, "{shown} lines in {elapsed:?}");
    }
    // Not a terminal: nothing but the count.
    let out = run(&["cover", "--count"], &example(&["queens", "12"]));
    assert_eq!((out.stdout.as_str(), out.stderr.as_str()), ("14200 solutions\n", ""));
}

/// Calls `f` with the path of a temporary file that holds `contents`, and removes the file.
fn with_file<T>(tag: &str, contents: &str, f: impl FnOnce(&str) -> T) -> T {
    let path = std::env::temp_dir().join(format!("dlx-sudoku-{tag}-{}.dlx", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    let out = f(path.to_str().unwrap());
    std::fs::remove_file(&path).unwrap();
    out
}

/// Runs a shell command line on a pseudo-terminal (`script`, from util-linux).
#[cfg(target_os = "linux")]
fn on_a_terminal(command: &str) -> std::process::Output {
    Command::new("/usr/bin/script")
        .args(["-qec", command, "/dev/null"])
        .output()
        .unwrap()
}

/// Two problems side by side (their items renamed apart): its solutions are the pairs.
#[cfg(target_os = "linux")]
fn side_by_side(a: &str, b: &str) -> String {
    let [(ap, asec), (bp, bsec)] = [a, b].map(items);
    let options = |problem: &str, prefix: &str| -> Vec<String> {
        let mut lines = problem
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('|'));
        lines.next();
        lines
            .map(|l| {
                l.split_whitespace()
                    .map(|n| format!("{prefix}{n}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    let names = |v: &[String], prefix: &str| v.iter().map(|n| format!("{prefix}{n}")).collect::<Vec<_>>();
    let mut line = [names(&ap, "A"), names(&bp, "B")].concat().join(" ");
    let secondary = [names(&asec, "A"), names(&bsec, "B")].concat();
    if !secondary.is_empty() {
        line = format!("{line} | {}", secondary.join(" "));
    }
    let mut text = line + "\n";
    for option in [options(a, "A"), options(b, "B")].concat() {
        text.push_str(&option);
        text.push('\n');
    }
    text
}

#[test]
#[cfg(target_os = "linux")]
fn count_shows_progress_while_no_solution_comes() {
    if !std::path::Path::new("/usr/bin/script").exists() {
        eprintln!("no /usr/bin/script: this test is skipped");
        return;
    }
    // 10 Langford pairs have no solution, found again for each queens' placement: in all
    // 0.48 s in release with 8 queens, 1.1 s in a debug build with 5, no solution on the way.
    // The progress line came only with a solution, so the terminal showed nothing at all.
    let queens = if cfg!(debug_assertions) { "5" } else { "8" };
    let problem = side_by_side(&example(&["queens", queens]), &example(&["langford", "10"]));
    assert_eq!(cover(&["--count"], &problem), "0 solutions\n");
    let out = with_file("no-solution", &problem, |path| {
        on_a_terminal(&format!("{BIN} cover {path} --count"))
    });
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("% of the tree: 0 solutions, ") && text.contains(" nodes …\x1b[K"),
        "{text:?}"
    );
    assert!(text.ends_with("\r\x1b[K0 solutions\r\n"), "{text:?}");
}

/// `--engine cells` counts as Knuth's SSXC1 does (its "Altogether" line on the same text: 92
/// solutions, 18412 updates, 890 nodes), and `--stats` names the engine.
#[test]
fn the_cells_engine_counts_as_ssxc1() {
    let out = run(
        &["cover", "--count", "--stats", "--engine", "cells"],
        &example(&["queens", "8"]),
    );
    assert_eq!((out.code, out.stdout.as_str()), (0, "92 solutions\n"));
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines[0], "stats: 64 options, 16+30 items; engine cells (dancing cells)");
    assert!(
        lines[1].starts_with("stats: 92 solutions, 890 nodes, 18412 updates, "),
        "{}",
        lines[1]
    );
    assert_eq!(lines[2], "stats: solutions by depth: 8:92");
    // `auto` picks cells for queens, dlx for a Sudoku (its length buckets), on one thread as on
    // several (both engines count in pieces), and says so.
    let sudoku = example(&[
        "sudoku",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ]);
    for (args, problem, engine) in [
        (&["--jobs", "1"][..], example(&["queens", "8"]), "cells"),
        (&["--jobs", "1"], sudoku.clone(), "dlx"),
        (&["--jobs", "2"], example(&["queens", "8"]), "cells"),
        (&["--jobs", "2"], sudoku.clone(), "dlx"),
        (
            &["--engine", "cells", "--jobs", "2"],
            example(&["queens", "8"]),
            "cells",
        ),
    ] {
        let mut all = vec!["cover", "--count", "--stats"];
        all.extend(args);
        let out = run(&all, &problem);
        let first = out.stderr.lines().next().unwrap_or_default().to_string();
        assert!(
            first.contains(&format!("; engine {engine} (")),
            "{args:?}: {}",
            out.stderr
        );
    }
}

/// Both engines find the same solutions (printed in input order, so the same text, solution
/// for solution once sorted) and the same counts on every family of `cover --example`, with
/// `--first` and `--max-solutions` stopping each where asked.
#[test]
fn both_engines_agree_on_every_example() {
    let mut examples: Vec<Vec<&str>> = vec![vec!["knuth"], vec!["pentominoes", "3x5"]];
    let sizes = ["1", "2", "3", "4", "5", "6", "7", "8"];
    for n in &sizes {
        examples.push(vec!["queens", n]);
        examples.push(vec!["langford", n]);
    }
    examples.push(vec![
        "sudoku",
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    ]);
    // Many solutions: a 9×9 Sudoku with few clues, and an empty 4×4 one (288 grids).
    examples.push(vec![
        "sudoku",
        "1........2........3........4........5........6........7........8........9........",
    ]);
    examples.push(vec!["sudoku", "................"]);
    // With colours: the cells engine is SSXCC's, the links engine DLX2's.
    let words = format!("{}/../tests/data/words3.txt", env!("CARGO_MANIFEST_DIR"));
    for g in ["P5", "C4", "K4", "W5"] {
        examples.push(vec!["graceful", g]);
    }
    examples.push(vec!["word-squares", words.as_str()]);
    for args in &examples {
        let problem = example(args);
        // The solutions' blocks, sorted; at most 300 of them.
        let solve = |engine: &str, limit: &str| {
            let out = cover(&["--engine", engine, "--max-solutions", limit], &problem);
            let mut blocks: Vec<String> = out
                .split("\n\n")
                .map(|b| b.trim_end_matches('\n').to_string())
                .filter(|b| !b.is_empty())
                .collect();
            blocks.sort();
            blocks
        };
        let links = solve("dlx", "300");
        if links.len() < 300 {
            assert_eq!(solve("cells", "300"), links, "{args:?}");
        }
        let count = |engine: &str| cover(&["--count", "--max-solutions", "300", "--engine", engine], &problem);
        assert_eq!(count("cells"), count("dlx"), "{args:?}");
        let first = solve("cells", "1");
        assert_eq!(first.len(), links.len().min(1), "{args:?}");
        assert!(
            first.iter().all(|f| links.contains(f) || links.len() == 300),
            "{args:?}: {first:?}"
        );
    }
}

/// DLX2's example of colours (from dlx2.w, without its option that has no primary item).
const DLX2_EXAMPLE: &str =
    "| A simple example of color controls\nA B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n";

/// A problem with colours: its one solution, printed with its colours in input order; its
/// count; `--stats` as DLX2 counts (its "Altogether" line on the same text) with the links
/// engine, and as SSXCC counts with `--engine cells` (which `auto` picks; "Altogether 1
/// solution, ..., 16 updates, ..., 3 nodes"), on one thread and on several, and split into files.
#[test]
fn colours_solve_and_count_as_dlx2() {
    assert_eq!(cover(&[], DLX2_EXAMPLE), "A C X:1 Y:1\nB X:1\n");
    assert_eq!(cover(&["--count"], DLX2_EXAMPLE), "1 solution\n");
    let out = run(&["cover", "--count", "--stats", "--engine", "dlx"], DLX2_EXAMPLE);
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines[0], "stats: 4 options, 3+2 items; engine dlx (dancing links)");
    assert!(lines[1].starts_with(DLX2_STATS), "{}", lines[1]);
    // `auto` picks the cells engine for colours, whatever the shape (1.2× the links engine on
    // graceful W8 and P16 and word squares: docs/benchmarks.md, helper h34y).
    let out = run(&["cover", "--count", "--stats"], DLX2_EXAMPLE);
    assert!(out
        .stderr
        .starts_with("stats: 4 options, 3+2 items; engine cells (dancing cells)\n"));
    assert_eq!(cover(&["--engine", "cells"], DLX2_EXAMPLE), "A C X:1 Y:1\nB X:1\n");
    let out = run(
        &["cover", "--count", "--stats", "--engine", "cells", "--jobs", "1"],
        DLX2_EXAMPLE,
    );
    let lines: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(lines[0], "stats: 4 options, 3+2 items; engine cells (dancing cells)");
    assert!(
        lines[1].starts_with("stats: 1 solution, 3 nodes, 16 updates, "),
        "{}",
        lines[1]
    );
    let dir = std::env::temp_dir().join(format!("dlx-sudoku-xcc-cells-split-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_name = dir.to_str().unwrap().to_string();
    for args in [&["--count", "--jobs", "2"][..], &["--split", "1", "--out", &dir_name]] {
        let out = run(&[&["cover", "--engine", "cells"], args].concat(), DLX2_EXAMPLE);
        assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    }
    assert_eq!(
        cover(&["--count", "--engine", "cells", "--jobs", "2"], DLX2_EXAMPLE),
        "1 solution\n"
    );
    assert!(dir.join("README.txt").exists() || std::fs::read_dir(&dir).unwrap().count() > 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// DLX2's counts on its example ("Altogether 1 solution, … 14 updates, 5 cleansings, … 4
/// nodes"): the root and the three options tried are its nodes.
const DLX2_STATS: &str = "stats: 1 solution, 4 nodes, 14 updates, 5 cleansings, ";

/// The colour examples' counts, as Knuth's DLX2 and SSXCC count them on the same text (each
/// checked with both, -O3 builds, by bench/xcc-counts.sh), on one thread and on three, and split
/// into files whose counts add up.
#[test]
fn colour_examples_have_dlx2s_counts_on_any_number_of_threads() {
    let words = format!("{}/../tests/data/words3.txt", env!("CARGO_MANIFEST_DIR"));
    for (args, count) in [
        (vec!["graceful", "K3"], "6 solutions\n"),
        (vec!["graceful", "K4"], "24 solutions\n"),
        (vec!["graceful", "K5"], "0 solutions\n"),
        (vec!["graceful", "P5"], "4 solutions\n"),
        (vec!["graceful", "P6"], "12 solutions\n"),
        (vec!["graceful", "C4"], "8 solutions\n"),
        (vec!["graceful", "C5"], "0 solutions\n"),
        (vec!["graceful", "W5"], "120 solutions\n"),
        (vec!["word-squares", words.as_str()], "69 solutions\n"),
    ] {
        let problem = example(&args);
        for jobs in ["1", "3"] {
            assert_eq!(
                cover(&["--count", "--jobs", jobs], &problem),
                count,
                "{args:?}, {jobs} threads"
            );
        }
    }
    // Split into files at depth 2: each subproblem keeps its options' colours and drops the
    // options a purified item's colour rules out; counted one by one, they add up.
    let dir = std::env::temp_dir().join(format!("dlx-sudoku-xcc-split-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let dir_name = dir.to_str().unwrap().to_string();
    let out = run(
        &["cover", "--split", "2", "--out", &dir_name],
        &example(&["graceful", "W5"]),
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let mut coloured = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "dlx") {
            let text = std::fs::read_to_string(&path).unwrap();
            coloured += usize::from(text.contains(':'));
            let counted = cover(&["--count"], &text);
            std::fs::write(path.with_extension("dlx.count"), counted).unwrap();
        }
    }
    assert!(coloured > 0, "the subproblems keep their colours");
    assert_eq!(run(&["cover", "--sum", &dir_name], "").stdout, "120 solutions\n");
    std::fs::remove_dir_all(&dir).unwrap();
}
