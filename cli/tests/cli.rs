//! The `dlx-sudoku` binary end to end: the judges' samples byte for byte through every engine,
//! the error messages and exit status, `--count`, and a functional run of `bench`.
//!
//! The samples live in `tests/data/`: `hdu1426.*` (seed 001), `hiho102.*` (seed 004) and
//! `poj3074.*` (POJ 3074's sample; the line format of seeds 000, 002 and 003).

// Built for wasm32 too (its tests are skipped there), where a child's pipes have no `Drop`:
// natively, dropping one closes it, which is what the tests rely on.
#![cfg_attr(target_arch = "wasm32", allow(clippy::drop_non_drop))]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

mod common;
use common::{run, Output, BIN};

/// Plain DFS is exponential: it runs only where the puzzles are easy for it.
const FAST_ENGINES: [&str; 2] = ["dlx", "bitmask"];
const ALL_ENGINES: [&str; 3] = ["dlx", "bitmask", "dfs"];

/// A grid with no clue: valid input, with many solutions.
const EMPTY_LINE: &str = ".................................................................................";
/// Norvig's "impossible" puzzle: no two givens clash, yet it has no solution.
const IMPOSSIBLE: &str = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
/// A 16-clue grid with 1158 solutions.
const SIXTEEN_CLUES: &str = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......";

fn data(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `solve` and expects success with exactly `expected` on stdout.
fn solves(args: &[&str], stdin: &str, expected: &str) {
    let out = run(args, stdin);
    assert_eq!(out.stderr, "", "{args:?}");
    assert_eq!(out.code, 0, "{args:?}");
    assert_eq!(out.stdout, expected, "{args:?}");
}

fn first_line(text: &str) -> String {
    format!("{}\n", text.lines().next().unwrap())
}

/// The hiho sample's grid with `?` for blanks: a second HDU case.
fn hiho_grid_as_hdu() -> String {
    data("hiho102.in").split_once('\n').unwrap().1.replace('0', "?")
}

/// The HDU sample's grid with `0` for blanks: a second hiho case.
fn hdu_grid_as_hiho() -> String {
    data("hdu1426.in").replace('?', "0")
}

#[test]
fn hdu_sample_byte_for_byte() {
    let (input, expected) = (data("hdu1426.in"), data("hdu1426.out"));
    for engine in ALL_ENGINES {
        for format in ["auto", "hdu"] {
            solves(&["solve", "--engine", engine, "--format", format], &input, &expected);
        }
    }
    solves(&["solve"], &input, &expected);
}

#[test]
fn hiho_sample_byte_for_byte() {
    let (input, expected) = (data("hiho102.in"), data("hiho102.out"));
    for engine in ALL_ENGINES {
        for format in ["auto", "hiho"] {
            solves(&["solve", "--engine", engine, "--format", format], &input, &expected);
        }
    }
}

#[test]
fn poj_sample_byte_for_byte() {
    let (input, expected) = (data("poj3074.in"), data("poj3074.out"));
    for engine in FAST_ENGINES {
        for format in ["auto", "line"] {
            solves(&["solve", "--engine", engine, "--format", format], &input, &expected);
        }
    }
    // Windows line ends and a missing `end` change nothing.
    solves(&["solve"], &input.replace("end\n", "").replace('\n', "\r\n"), &expected);
}

#[test]
fn hdu_puts_a_blank_line_between_cases_only() {
    let input = format!("{}\n{}", data("hdu1426.in"), hiho_grid_as_hdu());
    let expected = format!("{}\n{}", data("hdu1426.out"), data("hiho102.out"));
    for engine in ALL_ENGINES {
        solves(&["solve", "--engine", engine], &input, &expected);
    }
    // Extra blank lines and trailing spaces in the input are tolerated.
    let loose = format!(
        "\n\n{}\n \n\n{}\n\n",
        data("hdu1426.in").replace('\n', "  \n"),
        hiho_grid_as_hdu()
    );
    solves(&["solve", "--format", "hdu"], &loose, &expected);
}

#[test]
fn hdu_keeps_separators_around_a_verdict() {
    let empty_grid = "? ? ? ? ? ? ? ? ?\n".repeat(9);
    let sample = data("hdu1426.in");
    let input = format!("{sample}\n{empty_grid}\n{sample}");
    let answer = data("hdu1426.out");
    solves(&["solve"], &input, &format!("{answer}\nmultiple solutions\n\n{answer}"));
}

#[test]
fn hiho_with_two_cases() {
    let input = format!(
        "2\n{}{}",
        data("hiho102.in").split_once('\n').unwrap().1,
        hdu_grid_as_hiho()
    );
    let expected = format!("{}{}", data("hiho102.out"), data("hdu1426.out"));
    for engine in ALL_ENGINES {
        solves(&["solve", "--engine", engine], &input, &expected);
    }
}

#[test]
fn verdicts_in_place_of_a_grid() {
    let poj = data("poj3074.in");
    let input = format!("{}{EMPTY_LINE}\n{IMPOSSIBLE}\n", first_line(&poj));
    let expected = format!("{}multiple solutions\nno solution\n", first_line(&data("poj3074.out")));
    solves(&["solve", "--engine", "dlx"], &input, &expected);
    for engine in ALL_ENGINES {
        solves(
            &["solve", "--engine", engine],
            &format!("{EMPTY_LINE}\n"),
            "multiple solutions\n",
        );
    }
}

#[test]
fn counts_solutions() {
    for engine in FAST_ENGINES {
        solves(
            &["solve", "--engine", engine, "--count"],
            &format!("{SIXTEEN_CLUES}\n"),
            "1158 solutions\n",
        );
        solves(
            &["solve", "--engine", engine, "--count", "--max-solutions", "5"],
            &format!("{EMPTY_LINE}\n"),
            "at least 5 solutions\n",
        );
    }
    solves(
        &["solve", "--max-solutions=1158", "--count"],
        &format!("{SIXTEEN_CLUES}\n"),
        "at least 1158 solutions\n",
    );
    solves(
        &["solve", "--count", "--max-solutions", "1159"],
        &format!("{SIXTEEN_CLUES}\n"),
        "1158 solutions\n",
    );
    solves(&["solve", "--count"], &format!("{IMPOSSIBLE}\n"), "0 solutions\n");
    solves(&["solve", "--count"], &data("hdu1426.in"), "1 solution\n");
    let two = format!("{}\n{}", data("hdu1426.in"), data("hdu1426.in"));
    solves(
        &["solve", "--count", "--format", "hdu"],
        &two,
        "1 solution\n\n1 solution\n",
    );
}

/// One bad input: the answers before it on stdout, the message on stderr, exit status 2.
struct Bad {
    name: &'static str,
    args: &'static [&'static str],
    stdin: String,
    stdout: String,
    stderr: String,
}

fn bad_inputs() -> Vec<Bad> {
    let poj_in = first_line(&data("poj3074.in"));
    let poj_out = first_line(&data("poj3074.out"));
    let hdu_in = data("hdu1426.in");
    let hdu_out = data("hdu1426.out");
    let hiho_grid = data("hiho102.in").split_once('\n').unwrap().1.to_string();
    let three_rows: String = hdu_in.lines().take(3).map(|l| format!("{l}\n")).collect();
    let bad = |name, args, stdin: String, stdout: &str, stderr: &str| Bad {
        name,
        args,
        stdin,
        stdout: stdout.to_string(),
        stderr: format!("dlx-sudoku: {stderr}\n"),
    };
    vec![
        bad(
            "79 cells",
            &["solve"],
            format!("{poj_in}\n{}\n{poj_in}", ".".repeat(79)),
            &poj_out,
            "line 3: expected 81 cells, found 79",
        ),
        bad(
            "a letter",
            &["solve"],
            format!("{poj_in}{}x{}\n", ".".repeat(11), ".".repeat(69)),
            &poj_out,
            "line 2, cell 12 (r2c3): 'x' is not a digit or a blank",
        ),
        bad(
            "clashing givens",
            &["solve"],
            format!("11{}\n", ".".repeat(79)),
            "",
            "line 1: r1c2: 1 already in row 1",
        ),
        bad(
            "clashing givens after a good puzzle",
            &["solve", "--engine", "bitmask"],
            format!("{poj_in}\n11{}\n{poj_in}", ".".repeat(79)),
            &poj_out,
            "line 3: r1c2: 1 already in row 1",
        ),
        bad(
            "empty input",
            &["solve"],
            String::new(),
            "",
            "empty input: no puzzle found",
        ),
        bad(
            "blank input",
            &["solve", "--format", "hdu"],
            "\n \n".to_string(),
            "",
            "empty input: no puzzle found",
        ),
        bad(
            "hiho count",
            &["solve", "--format", "hiho"],
            format!("abc\n{hiho_grid}"),
            "",
            "line 1, column 1: expected the number of puzzles, found \"abc\"",
        ),
        bad(
            "hiho short of puzzles",
            &["solve"],
            format!("2\n{hiho_grid}"),
            &data("hiho102.out"),
            "line 11: input ended, but the count on line 1 declares 2 grids, found 1",
        ),
        bad(
            "truncated hdu grid",
            &["solve"],
            format!("{hdu_in}\n{three_rows}"),
            &hdu_out,
            "line 14: input ended inside puzzle 2 (expected 9 rows, found 3)",
        ),
        bad(
            "hdu row of 8",
            &["solve"],
            format!("{hdu_in}\n{}", hdu_in.replacen("7 1 2 ?", "7 1 2", 1)),
            &hdu_out,
            "line 11: expected 9 cells separated by spaces, found 8",
        ),
        bad(
            "a first line with spaces is a grid row, and the message says how it was read",
            &["solve"],
            format!("{}  # a comment\n", poj_in.trim_end()),
            "",
            "line 1: expected 9 cells separated by spaces, found 4",
        ),
        bad(
            "hdu token",
            &["solve"],
            hdu_in.replacen("5 ? 6", "5 x 6", 1),
            "",
            "line 5, column 3 (r5c2): 'x' is not a digit or a blank",
        ),
        bad(
            "hdu clash names the row's line",
            &["solve"],
            format!("{hdu_in}\n{}", hdu_in.replacen("? ? 8 5", "9 ? 8 5", 1)),
            &hdu_out,
            "line 14: r4c1: 9 already in column 1",
        ),
    ]
}

#[test]
fn bad_input_stops_with_status_2_after_the_good_answers() {
    for case in bad_inputs() {
        let out = run(case.args, &case.stdin);
        assert_eq!(out.stdout, case.stdout, "{}: stdout", case.name);
        assert_eq!(out.stderr, case.stderr, "{}: stderr", case.name);
        assert_eq!(out.code, 2, "{}: status", case.name);
    }
}

/// A usage error: clap's `error: …` on stderr, nothing on stdout, exit status 2.
fn usage_error(args: &[&str]) -> String {
    let out = run(args, "");
    assert_eq!(out.code, 2, "{args:?}");
    assert_eq!(out.stdout, "", "{args:?}");
    assert!(
        out.stderr.ends_with("For more information, try '--help'.\n"),
        "{args:?}: {}",
        out.stderr
    );
    out.stderr
}

#[test]
fn usage_errors_exit_2_with_clap_messages() {
    for (args, message) in [
        (
            &["solve", "--engine", "foo"][..],
            "error: invalid value 'foo' for '--engine <ENGINE>'\n  [possible values: dlx, bitmask, dfs]\n",
        ),
        (
            &["solve", "--format", "csv"],
            "error: invalid value 'csv' for '--format <FORMAT>'\n  [possible values: auto, line, hdu, hiho, poj]\n",
        ),
        (
            &["solve", "--verbose"],
            "error: unexpected argument '--verbose' found\n\nUsage: dlx-sudoku solve [OPTIONS]\n",
        ),
        (
            &["solve", "--count", "--max-solutions", "0"],
            "error: invalid value '0' for '--max-solutions <N>': 0 is not in 1..",
        ),
        (
            &["solve", "--max-solutions", "5"],
            "error: the following required arguments were not provided:\n  --count\n\nUsage: dlx-sudoku solve --count --max-solutions <N>\n",
        ),
        (
            &["rate", "-k", "0"],
            "error: invalid value '0' for '--samples <K>': 0 is not in 1..=10000\n",
        ),
        (
            &["bench"],
            "error: the following required arguments were not provided:\n  <FILE>...\n",
        ),
        (
            &["bench", "--mode", "fast", "x"],
            "error: invalid value 'fast' for '--mode <MODE>'\n  [possible values: unique, first, both]\n",
        ),
        (
            &["frobnicate"],
            "error: unrecognized subcommand 'frobnicate'\n\nUsage: dlx-sudoku <COMMAND>\n",
        ),
    ] {
        let stderr = usage_error(args);
        assert!(stderr.starts_with(message), "{args:?}: {stderr}");
    }
    // No command at all: the help, on stderr.
    let out = run(&[], "");
    assert_eq!((out.code, out.stdout.as_str()), (2, ""));
    assert!(out.stderr.contains("Usage: dlx-sudoku <COMMAND>"), "{}", out.stderr);
}

#[test]
fn help_prints_the_usage() {
    for args in [&["--help"][..], &["help"], &["-h"]] {
        let out = run(args, "");
        assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{args:?}");
        assert!(out.stdout.contains("Usage: dlx-sudoku <COMMAND>"), "{args:?}");
        assert!(out.stdout.contains("  solve  "), "{args:?}");
        assert!(out.stdout.contains("  bench  "), "{args:?}");
    }
    for args in [&["solve", "--help"][..], &["help", "solve"], &["solve", "-h"]] {
        let out = run(args, "");
        assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{args:?}");
        assert!(out.stdout.contains("Usage: dlx-sudoku solve [OPTIONS]"), "{args:?}");
        let flag = |line: &str| line.trim() == "--count" || line.trim_start().starts_with("--count  ");
        assert!(out.stdout.lines().any(flag), "{args:?}: --count is a flag");
        assert!(out.stdout.contains("  --max-solutions <N>"), "{args:?}");
        assert!(out.stdout.contains("Exit status: 0 on success"), "{args:?}");
        assert!(out.stdout.contains("2 on a usage error or bad input"), "{args:?}");
    }
    let out = run(&["bench", "--help"], "");
    assert_eq!(out.code, 0);
    assert!(out.stdout.contains("Usage: dlx-sudoku bench [OPTIONS] <FILE>..."));
    let out = run(&["--version"], "");
    assert_eq!(
        (out.code, out.stdout),
        (0, format!("dlx-sudoku {}\n", env!("CARGO_PKG_VERSION")))
    );
}

/// `--count` once took an optional N, which swallowed the word after it (`cover --count FILE`
/// failed): now a flag, with the limit in `--max-solutions`. A number right after it is the
/// old form, and the error says what to write now.
#[test]
fn the_old_count_form_names_the_new_option() {
    for (args, n) in [
        (&["solve", "--count", "5"][..], "5"),
        (&["solve", "--count=5"], "5"),
        (
            &["solve", "--engine", "bitmask", "--count", "12", "--format", "line"],
            "12",
        ),
        (&["solve", "--count", "0"], "N"),
    ] {
        assert_eq!(
            usage_error(args),
            format!(
                "error: --count takes no number: to count no further than {n} solutions, write \
                 `--count --max-solutions {n}`\n\nUsage: dlx-sudoku solve [OPTIONS]\n\n\
                 For more information, try '--help'.\n"
            ),
            "{args:?}"
        );
    }
    // What it says to write works.
    solves(
        &["solve", "--count", "--max-solutions", "5"],
        &format!("{EMPTY_LINE}\n"),
        "at least 5 solutions\n",
    );
    // Words that are not a number after --count are clap's to judge, and a number elsewhere
    // is no old form: generate's --count takes one.
    assert!(usage_error(&["solve", "--count", "x"]).starts_with("error: unexpected argument 'x' found"));
    assert_eq!(
        run(&["generate", "--count", "2", "--size", "4"], "")
            .stdout
            .lines()
            .count(),
        2
    );
}

/// The commands `dlx-sudoku --help` lists (`help` aside), and the long options each one's
/// `--help` lists; first the program's own ("" and its options).
fn commands_and_long_options() -> Vec<(String, Vec<String>)> {
    let long_options = |args: &[&str]| -> Vec<String> {
        let out = run(args, "");
        assert_eq!(out.code, 0, "{args:?}");
        out.stdout
            .lines()
            .map(str::trim_start)
            .filter(|line| line.starts_with('-'))
            .filter_map(|line| line.split([' ', ',']).find_map(|word| word.strip_prefix("--")))
            .map(String::from)
            .collect()
    };
    let help = run(&["--help"], "").stdout;
    let listed = help.split_once("Commands:\n").expect("a list of commands").1;
    let mut all = vec![(String::new(), long_options(&["--help"]))];
    for line in listed.lines().take_while(|line| !line.is_empty()) {
        let name = line.split_whitespace().next().unwrap();
        if name != "help" {
            all.push((name.to_string(), long_options(&[name, "--help"])));
        }
    }
    let names: Vec<&str> = all.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(
        names,
        ["", "solve", "bench", "generate", "rate", "cover", "completions"]
    );
    assert!(all[5].1.contains(&"max-solutions".to_string()), "{all:?}");
    all
}

/// The lines of `text` from the first that is `start` to the next that is `end`, spaces
/// around each aside.
fn block(text: &str, start: &str, end: &str) -> String {
    let mut lines = text.lines().skip_while(|line| line.trim() != start.trim()).peekable();
    assert!(lines.peek().is_some(), "no {start:?} in {text}");
    let block: Vec<&str> = lines.take_while(|line| line.trim() != end.trim()).collect();
    block.join("\n") + "\n"
}

#[test]
fn completions_offer_every_command_and_long_option() {
    let all = commands_and_long_options();
    let script = |shell: &str| {
        let out = run(&["completions", shell], "");
        assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{shell}");
        out.stdout
    };
    let bash = script("bash");
    let zsh = script("zsh");
    let fish = script("fish");
    for (command, options) in &all {
        // Each shell's own way of naming a command's options: bash lists them after the
        // command's case, zsh in the command's `_arguments`, fish on a line each.
        let bash_case = if command.is_empty() {
            block(&bash, "dlx__sudoku)", ";;")
        } else {
            block(&bash, &format!("dlx__sudoku__{command})"), ";;")
        };
        let bash_options = bash_case
            .lines()
            .find_map(|line| line.trim().strip_prefix("opts="))
            .unwrap();
        let bash_options: Vec<&str> = bash_options.trim_matches('"').split(' ').collect();
        let zsh_options = if command.is_empty() {
            block(&zsh, "_arguments \"${_arguments_options[@]}\" : \\", "&& ret=0")
        } else {
            block(&zsh, &format!("({command})"), ";;")
        };
        for option in options {
            assert!(
                bash_options.contains(&format!("--{option}").as_str()),
                "bash: {command} --{option}: {bash_options:?}"
            );
            assert!(
                zsh_options.contains(&format!("--{option}")),
                "zsh: {command} --{option}: {zsh_options}"
            );
            let fish_line = if command.is_empty() {
                "__fish_dlx_sudoku_needs_command\"".to_string()
            } else {
                format!("__fish_dlx_sudoku_using_subcommand {command}\"")
            };
            assert!(
                fish.lines()
                    .any(|line| line.contains(&fish_line) && line.contains(&format!(" -l {option} "))),
                "fish: {command} --{option}"
            );
        }
        if !command.is_empty() {
            assert!(bash.contains(&format!("dlx__sudoku,{command})")), "bash: {command}");
            assert!(zsh.contains(&format!("\n'{command}:")), "zsh: {command}");
            assert!(fish.contains(&format!(" -a \"{command}\" ")), "fish: {command}");
        }
    }
    // The hidden `man`, a tool of the docs build, is offered by none.
    for text in [&bash, &zsh, &fish, &script("elvish"), &script("powershell")] {
        assert!(!text.contains("manual pages"), "{text}");
        assert!(text.contains("max-solutions"), "{text}");
    }
    // Bash, if here, completes with it: the options of cover, and the commands.
    if std::path::Path::new("/bin/bash").exists() {
        let complete = |line: &str| {
            let out = Command::new("/bin/bash")
                .args(["--norc", "-c"])
                .arg(format!(
                    "source <({BIN} completions bash); COMP_WORDS=({line}); COMP_CWORD=$((${{#COMP_WORDS[@]}} - 1)); \
                     COMP_LINE='{line}'; COMP_POINT=${{#COMP_LINE}}; \
                     _dlx-sudoku dlx-sudoku \"${{COMP_WORDS[COMP_CWORD]}}\" \"${{COMP_WORDS[COMP_CWORD-1]}}\"; \
                     echo \"${{COMPREPLY[*]}}\""
                ))
                .output()
                .unwrap();
            assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
            String::from_utf8(out.stdout).unwrap()
        };
        assert_eq!(complete("dlx-sudoku cover --m"), "--max-solutions\n");
        assert_eq!(complete("dlx-sudoku co"), "cover completions\n");
        assert_eq!(complete("dlx-sudoku rate --s"), "--samples --seed --size\n");
    }
}

/// `dlx-sudoku man DIR` (scripts/man.sh): a page for the program that lists every command,
/// and one per command with each of its long options; well-formed for groff if it is here.
#[test]
fn man_pages_name_every_command_and_long_option() {
    let dir = std::env::temp_dir().join(format!("dlx-sudoku-man-{}", std::process::id()));
    let out = run(&["man", dir.to_str().unwrap()], "");
    assert_eq!((out.code, out.stdout.as_str(), out.stderr.as_str()), (0, "", ""));
    let page = |name: &str| {
        let path = dir.join(format!("{name}.1"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    let all = commands_and_long_options();
    let mut pages = vec!["dlx-sudoku.1".to_string()];
    for (command, options) in &all {
        let name = if command.is_empty() {
            "dlx-sudoku".to_string()
        } else {
            pages.push(format!("dlx-sudoku-{command}.1"));
            assert!(
                page("dlx-sudoku").contains(&format!("dlx\\-sudoku\\-{command}(1)")),
                "{command}"
            );
            format!("dlx-sudoku-{command}")
        };
        let text = page(&name);
        assert!(text.contains(&format!("\n.TH {name} 1 ")), "{text}");
        for option in options {
            let roff = format!("\\fB\\-\\-{}\\fR", option.replace('-', "\\-"));
            assert!(text.contains(&roff), "{name}: --{option}");
        }
    }
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    written.sort();
    pages.sort();
    assert_eq!(written, pages, "no page for `help` or the hidden `man`");
    let cover = page("dlx-sudoku-cover");
    assert!(
        cover.contains("\\fI<NAME>\\fR\\fI \\fR\\fI[ARG]\\fR\\fI \\fR\\fI[BOARD]\\fR"),
        "knuth takes no ARG: {cover}"
    );
    assert!(cover.is_ascii(), "{cover}");
    // The examples are set as written, one a line, not filled into a paragraph.
    assert!(
        cover.contains(".nf\n  dlx\\-sudoku cover \\-\\-example queens 8 | dlx\\-sudoku cover \\-\\-count"),
        "{cover}"
    );
    if std::path::Path::new("/usr/bin/groff").exists() {
        for name in &pages {
            let out = Command::new("/usr/bin/groff")
                .args(["-man", "-Tutf8", "-ww", "-z"])
                .arg(dir.join(name))
                .output()
                .unwrap();
            assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{name}");
            assert!(out.status.success(), "{name}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every example in a command's help, run in order as a reader would paste them (in an
/// empty directory, with the binary on the PATH), succeeds and prints what it says.
#[test]
fn every_example_in_the_help_works() {
    let bin_dir = std::path::Path::new(BIN).parent().unwrap();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let dir = std::env::temp_dir().join(format!("dlx-sudoku-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut ran = 0;
    for (command, _) in commands_and_long_options() {
        let help = run(&[command.as_str(), "--help"], "").stdout;
        let Some((_, examples)) = help.split_once("\nExamples:\n") else {
            continue;
        };
        for line in examples.lines().take_while(|line| line.starts_with("  ")) {
            // `COMMAND      OUTPUT`: what it prints, if shown, after a wide gap.
            let (line, expected) = line.trim().split_once("   ").unwrap_or((line.trim(), ""));
            let out = Command::new("sh")
                .args(["-c", line])
                .env("PATH", &path)
                .current_dir(&dir)
                .output()
                .unwrap();
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "{line}: {}", String::from_utf8_lossy(&out.stderr));
            assert!(stdout.contains(expected.trim()), "{line}: {stdout}");
            assert!(
                !line.contains("--stats") || out.stderr.starts_with(b"stats: "),
                "{line}"
            );
            ran += 1;
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(ran >= 9, "{ran} examples");
}

/// A file in the temporary directory, removed when dropped.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &str) -> TempFile {
        let path = std::env::temp_dir().join(format!("dlx-sudoku-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).unwrap();
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// The rate after `median` on a bench line.
fn median_rate(line: &str) -> f64 {
    let after = line.split_once("median").expect("a median").1;
    after.split_whitespace().next().unwrap().parse().expect("a number")
}

#[test]
fn bench_prints_a_line_per_engine_and_mode() {
    let hdu = dlx_sudoku::formats::parse(&data("hdu1426.in"), None).cases[0]
        .grid
        .clone();
    let hiho = dlx_sudoku::formats::parse(&data("hiho102.in"), None).cases[0]
        .grid
        .clone();
    let file = TempFile::new("bench.txt", &format!("{hdu}\n{hiho}\n\n{EMPTY_LINE}\n"));
    let out = run(
        &[
            "bench",
            "--engine",
            "all",
            "--mode",
            "both",
            "--jobs",
            "2",
            "--repeat",
            "2",
            file.path(),
        ],
        "",
    );
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 6, "{}", out.stdout);
    let mut seen = Vec::new();
    for line in &lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[0], file.path());
        assert_eq!(&words[3..6], ["jobs=2", "3", "puzzles"], "{line}");
        assert!(median_rate(line) > 0.0, "{line}");
        let tally = if words[2] == "unique" {
            "unique=2 multiple=1 none=0"
        } else {
            "solved=3 none=0"
        };
        let (verdicts, work) = line.split_once("  per puzzle: ").unwrap_or((line, ""));
        assert!(verdicts.ends_with(tally), "{line}");
        // DLX also says how much work each puzzle took; the other engines keep no counters.
        if words[1] == "dlx" {
            assert!(
                work.starts_with("nodes=") && work.contains(" updates=") && work.contains(" choice_work="),
                "{line}"
            );
        } else {
            assert_eq!(work, "", "{line}");
        }
        seen.push((words[1].to_string(), words[2].to_string()));
    }
    let expected: Vec<(String, String)> = ALL_ENGINES
        .iter()
        .flat_map(|e| ["unique", "first"].map(|m| (e.to_string(), m.to_string())))
        .collect();
    assert_eq!(seen, expected);
}

/// DLX's figures per puzzle are the file's totals over its puzzles: a file of one puzzle
/// three times reports what the puzzle alone does (and a harder puzzle more).
#[test]
fn bench_work_per_puzzle_is_the_mean() {
    let hdu = dlx_sudoku::formats::parse(&data("hdu1426.in"), None).cases[0]
        .grid
        .clone();
    let work = |contents: &str| {
        let file = TempFile::new("per-puzzle.txt", contents);
        let out = run(
            &[
                "bench",
                "--engine",
                "dlx",
                "--mode",
                "unique",
                "--repeat",
                "1",
                file.path(),
            ],
            "",
        );
        assert_eq!((out.code, out.stderr.as_str()), (0, ""));
        let work = out
            .stdout
            .trim_end()
            .split_once("  per puzzle: ")
            .expect("per puzzle")
            .1
            .to_string();
        work
    };
    let one = work(&format!("{hdu}\n"));
    assert!(one.starts_with("nodes=") && !one.starts_with("nodes=0.0 "), "{one}");
    assert_eq!(work(&format!("{hdu}\n{hdu}\n{hdu}\n")), one);
    assert_ne!(
        work(&format!("{hdu}\n{EMPTY_LINE}\n")),
        one,
        "the empty grid takes other work"
    );
}

#[test]
fn bench_stops_on_a_bad_line() {
    let file = TempFile::new("bad.txt", &format!("{EMPTY_LINE}\n{}\n", ".".repeat(79)));
    let out = run(&["bench", "--repeat", "1", file.path()], "");
    assert_eq!(out.code, 2);
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.stderr,
        format!("dlx-sudoku: {}: line 2: expected 81 cells, found 79\n", file.path())
    );
    let missing = run(&["bench", "/nonexistent/puzzles.txt"], "");
    assert_eq!(missing.code, 2);
    assert!(
        missing.stderr.starts_with("dlx-sudoku: /nonexistent/puzzles.txt: "),
        "{}",
        missing.stderr
    );
}

/// The HDU sample as a line: easy for every engine.
const EASY_LINE: &str = "712.6.358.652.71.4..8513672924.56.375.6...2411.372.9.5..19754866.783.519859.4..23";
const EASY_SOLVED: &str = "712469358365287194498513672924156837576398241183724965231975486647832519859641723";

#[test]
fn a_line_over_the_limit_is_an_error_naming_it() {
    // 10 MB with no line end: refused at the limit, not read to its end first.
    let huge = "x".repeat(10_000_000);
    let out = run(&["solve"], &format!("{EASY_LINE}\n{huge}"));
    assert_eq!(out.stdout, format!("{EASY_SOLVED}\n"));
    assert_eq!(out.stderr, "dlx-sudoku: line 2: longer than 4096 bytes\n");
    assert_eq!(out.code, 2);
}

#[test]
fn a_byte_order_mark_and_lone_carriage_returns_are_read() {
    let (input, expected) = (data("poj3074.in"), data("poj3074.out"));
    solves(&["solve"], &format!("\u{feff}{}", input.replace('\n', "\r")), &expected);
    let hiho = data("hiho102.in").replace('\n', "\r");
    solves(&["solve"], &format!("\u{feff}{hiho}"), &data("hiho102.out"));
}

/// A 4×4 line with '0' blanks is all digits: it is a puzzle, not hihoCoder's count.
#[test]
fn a_four_by_four_line_with_zero_blanks_is_no_count() {
    let line = "1000040001200004";
    for args in [
        &["solve"][..],
        &["solve", "--format", "line"],
        &["solve", "--size", "4"],
    ] {
        solves(args, &format!("{line}\n"), "1342243141233214\n");
        solves(args, &format!("{line}\n{line}\n"), &"1342243141233214\n".repeat(2));
    }
}

/// `--help` says the line format's blanks are '.', '0' or '-': so they are at 9×9 as at the
/// other sizes.
#[test]
fn a_dash_is_a_blank_in_the_line_format_at_every_size() {
    let (input, expected) = (data("poj3074.in"), data("poj3074.out"));
    for format in ["auto", "line"] {
        solves(&["solve", "--format", format], &input.replace('.', "-"), &expected);
    }
    solves(&["solve"], "1----4---12----4\n", "1342243141233214\n");
}

#[test]
fn a_hiho_count_says_how_many_grids_it_declares() {
    let grid = data("hiho102.in").split_once('\n').unwrap().1.to_string();
    let answer = data("hiho102.out");
    let out = run(&["solve"], &format!("1000000000\n{grid}{grid}{grid}"));
    assert_eq!(out.stdout, answer.repeat(3));
    assert_eq!(
        out.stderr,
        "dlx-sudoku: line 29: input ended, but the count on line 1 declares 1000000000 grids, found 3\n"
    );
    assert_eq!(out.code, 2);
    let out = run(&["solve"], &format!("99999999999999999999\n{grid}"));
    assert_eq!(
        out.stderr,
        "dlx-sudoku: line 1, column 1: the number of puzzles \"99999999999999999999\" is too big \
         (at most 18446744073709551615)\n"
    );
    assert_eq!(out.code, 2);
}

/// Unsolvable with 11 clues: the bitmask engine did not finish it in any time a user would
/// wait (issue 13). DLX proves it has no solution without trying a single option.
const RUNAWAY: &str = ".................1.....2.3......3.2..............2.3......3.2.....4......2.......";
#[test]
fn every_engine_gives_up_at_max_nodes_and_answers_the_rest() {
    for engine in ["bitmask", "dfs"] {
        solves(
            &["solve", "--engine", engine, "--max-nodes", "100000"],
            &format!("{RUNAWAY}\n{EASY_LINE}\n"),
            &format!("gave up after 100000 nodes\n{EASY_SOLVED}\n"),
        );
    }
    solves(
        &["solve", "--engine", "dlx", "--max-nodes", "1000"],
        &format!("{SIXTEEN_CLUES}\n{EASY_LINE}\n{RUNAWAY}\n"),
        &format!("multiple solutions\n{EASY_SOLVED}\nno solution\n"),
    );
    solves(
        &["solve", "--count", "--max-nodes=100"],
        &format!("{SIXTEEN_CLUES}\n{EASY_LINE}\n"),
        "gave up after 100 nodes\n1 solution\n",
    );
    // What a search found before it gave up is said, not dropped: a count so far, and a
    // solution whose uniqueness was still being checked.
    solves(
        &["solve", "--count", "--max-nodes", "1000"],
        &format!("{EMPTY_LINE}\n"),
        "gave up after 1000 nodes, at least 91 solutions\n",
    );
    solves(
        &["solve", "--max-nodes", "81"],
        &format!("{EMPTY_LINE}\n"),
        "gave up after 81 nodes, at least 1 solution\n",
    );
    solves(
        &["solve", "--engine", "bitmask", "--max-nodes", "1", "--format", "hdu"],
        &format!("{}\n{}", data("hdu1426.in"), data("hdu1426.in")),
        "gave up after 1 node\n\ngave up after 1 node\n",
    );
}

/// A running `dlx-sudoku` whose stdin stays open, and its stdout as it comes.
struct Session {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    stdout: std::sync::mpsc::Receiver<Vec<u8>>,
    seen: Vec<u8>,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take();
        let mut out = child.stdout.take().unwrap();
        let (send, stdout) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 1 << 16];
            while let Ok(n @ 1..) = std::io::Read::read(&mut out, &mut buf) {
                if send.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Session {
            child,
            stdin,
            stdout,
            seen: Vec::new(),
        }
    }

    fn send(&mut self, text: &[u8]) {
        self.stdin.as_mut().unwrap().write_all(text).unwrap();
    }

    /// Waits (at most 20 s) for exactly `expected` more on stdout, while stdin stays open.
    fn expect(&mut self, expected: &str) {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
        while self.seen.len() < expected.len() {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.stdout.recv_timeout(left) {
                Ok(chunk) => self.seen.extend(chunk),
                Err(_) => panic!(
                    "expected {expected:?} before the input ends, got {:?}",
                    String::from_utf8_lossy(&self.seen)
                ),
            }
        }
        assert_eq!(String::from_utf8_lossy(&self.seen), expected);
        self.seen.clear();
    }

    /// Closes stdin and returns the rest of stdout, stderr and the exit status.
    fn finish(mut self) -> Output {
        drop(self.stdin.take());
        let out = self.child.wait_with_output().unwrap();
        let rest: Vec<u8> = self.stdout.iter().flatten().collect();
        self.seen.extend(rest);
        Output {
            stdout: String::from_utf8(self.seen).unwrap(),
            stderr: String::from_utf8(out.stderr).unwrap(),
            code: out.status.code().expect("an exit status"),
        }
    }
}

#[test]
fn answers_each_puzzle_as_soon_as_it_is_read() {
    let hdu = data("hdu1426.in");
    let hiho_grid = data("hiho102.in").split_once('\n').unwrap().1.to_string();
    let cases: [(&[&str], String, String); 4] = [
        (&["solve"], format!("{EASY_LINE}\n"), format!("{EASY_SOLVED}\n")),
        (&["solve"], hdu.clone(), data("hdu1426.out")),
        (&["solve"], format!("3\n{hiho_grid}"), data("hiho102.out")),
        (
            &["solve", "--count", "--format", "hdu"],
            hdu.clone(),
            "1 solution\n".to_string(),
        ),
    ];
    for (args, first, answer) in cases {
        let mut session = Session::start(args);
        session.send(first.as_bytes());
        session.expect(&answer);
        let again = first.strip_prefix("3\n").unwrap_or(&first).to_string();
        session.send(format!("\n{again}").as_bytes());
        let separator = if answer.contains(' ') && !first.starts_with('3') {
            "\n"
        } else {
            ""
        };
        session.expect(&format!("{separator}{answer}"));
        let out = session.finish();
        if first.starts_with('3') {
            assert_eq!(out.code, 2, "{args:?}");
            assert!(out.stderr.contains("declares 3 grids, found 2"), "{}", out.stderr);
        } else {
            assert_eq!(
                (out.code, out.stdout, out.stderr),
                (0, String::new(), String::new()),
                "{args:?}"
            );
        }
    }
}

/// The most memory the process has held so far (Linux's VmHWM), in KiB.
#[cfg(target_os = "linux")]
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
#[cfg(target_os = "linux")]
fn memory_stays_flat_however_long_the_input() {
    let mut session = Session::start(&["solve"]);
    // 32 MiB of blank lines (each near the line limit) before a puzzle: the old reader kept
    // all of stdin in memory before answering anything.
    let blank = format!("{}\n", " ".repeat(4000));
    let chunk = blank.repeat(256);
    for _ in 0..32 {
        session.send(chunk.as_bytes());
    }
    session.send(format!("{EASY_LINE}\n").as_bytes());
    session.expect(&format!("{EASY_SOLVED}\n"));
    let peak = peak_kib(session.child.id());
    assert!(peak < 16 * 1024, "peak memory {peak} KiB after 32 MiB of input");
    let out = session.finish();
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
}

/// The other sizes stream too: a 16×16 or 25×25 puzzle is answered while stdin stays open
/// (they were answered only at its end, after all of it had been read into memory), and 32
/// MiB of blank lines before a 16×16 leave memory flat.
#[test]
#[cfg(target_os = "linux")]
fn every_size_is_answered_as_read_in_flat_memory() {
    let first_line = |file: &str| {
        data(file)
            .lines()
            .next()
            .unwrap()
            .split('\t')
            .next()
            .unwrap()
            .to_owned()
    };
    for (puzzle, args) in [
        (first_line("sudoku16.txt"), &["solve"][..]),
        (first_line("sudoku25.txt"), &["solve"][..]),
        (first_line("sudoku4.txt"), &["solve", "--size", "4"][..]),
    ] {
        let answer = run(args, &format!("{puzzle}\n"));
        assert_eq!((answer.code, answer.stderr.as_str()), (0, ""), "{puzzle}");
        let mut session = Session::start(args);
        session.send(format!("{puzzle}\n").as_bytes());
        session.expect(&answer.stdout);
        session.send(format!("\n{puzzle}\n").as_bytes());
        session.expect(&answer.stdout);
        let out = session.finish();
        assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{puzzle}");
    }
    let puzzle = first_line("sudoku16.txt");
    let answer = run(&["solve"], &format!("{puzzle}\n")).stdout;
    let mut session = Session::start(&["solve"]);
    session.send(format!("{puzzle}\n").as_bytes());
    session.expect(&answer);
    let chunk = format!("{}\n", " ".repeat(4000)).repeat(256);
    for _ in 0..32 {
        session.send(chunk.as_bytes());
    }
    session.send(format!("{puzzle}\n").as_bytes());
    session.expect(&answer);
    let peak = peak_kib(session.child.id());
    assert!(peak < 16 * 1024, "peak memory {peak} KiB after 32 MiB of input");
    let out = session.finish();
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    // A line past the limit is refused as soon as it passes it, not read to its end.
    let out = run(&["solve", "--size", "16"], &".".repeat(100_000));
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (2, "dlx-sudoku: line 1: longer than 4096 bytes\n")
    );
}

#[test]
fn huge_jobs_or_repeat_are_usage_errors_with_the_limits() {
    let file = TempFile::new("limits.txt", &format!("{EASY_LINE}\n"));
    for (flag, value, message) in [
        ("--jobs", "1000000", "1000000 is not in 1..=256"),
        (
            "--jobs",
            "18446744073709551616",
            "number too large to fit in target type",
        ),
        (
            "--repeat",
            "18446744073709551615",
            "18446744073709551615 is not in 1..=1000",
        ),
        ("--repeat", "0", "0 is not in 1..=1000"),
    ] {
        let stderr = usage_error(&["bench", flag, value, file.path()]);
        assert!(
            stderr.starts_with(&format!("error: invalid value '{value}' for '{flag} <")),
            "{stderr}"
        );
        assert!(stderr.contains(message), "{stderr}");
    }
}

#[test]
#[cfg(unix)]
fn arguments_that_are_not_utf8_are_usage_errors() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let bad = OsStr::from_bytes(b"\xff\xfe");
    for args in [vec![OsStr::new("solve"), OsStr::new("--format"), bad], vec![bad]] {
        let out = Command::new(BIN).args(&args).stdin(Stdio::null()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

#[test]
#[cfg(target_os = "linux")]
fn a_full_disk_is_an_error_not_a_panic() {
    let full = || std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap();
    let input = |text: &str| {
        let file = TempFile::new("full.in", text);
        std::fs::File::open(file.path()).unwrap()
    };
    for args in [&["--help"][..], &["solve", "--help"], &["--version"], &["solve"]] {
        let out = Command::new(BIN)
            .args(args)
            .stdin(input(&data("poj3074.in")))
            .stdout(full())
            .output()
            .unwrap();
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "dlx-sudoku: writing stdout: No space left on device (os error 28)\n",
            "{args:?}"
        );
        assert_eq!(out.status.code(), Some(1), "{args:?}");
    }
}

/// With stdout closed (`>&-`) or open for reading only, every command fails as a write to
/// it does, instead of losing its output and exiting 0; output sent to /dev/null is no error.
#[test]
#[cfg(target_os = "linux")]
fn a_closed_stdout_is_an_error_not_lost_output() {
    let puzzles = TempFile::new("closed.in", &data("poj3074.in"));
    let problem = TempFile::new("closed.dlx", "a b\na\nb\n");
    let commands: [&[&str]; 10] = [
        &["solve"],
        &["solve", "--count"],
        &["rate", "-k", "1"],
        &["bench", "--repeat", "1", "--engine", "dlx", puzzles.path()],
        &["generate", "--size", "4"],
        &["cover", "--example", "queens", "8"],
        &["cover", problem.path()],
        &["--help"],
        &["solve", "--help"],
        &["--version"],
    ];
    for args in commands {
        // The shell runs the binary with `$@`, its stdout closed or sent to /dev/null.
        let shell = |redirect: &str| {
            Command::new("sh")
                .args(["-c", &format!("exec \"$@\" {redirect}"), "sh", BIN])
                .args(args)
                .stdin(std::fs::File::open(puzzles.path()).unwrap())
                .output()
                .unwrap()
        };
        for redirect in [">&-".to_string(), format!("1< {}", problem.path())] {
            let out = shell(&redirect);
            assert_eq!(
                String::from_utf8_lossy(&out.stderr),
                "dlx-sudoku: writing stdout: Bad file descriptor (os error 9)\n",
                "{args:?} {redirect}"
            );
            assert_eq!(out.status.code(), Some(1), "{args:?} {redirect}");
        }
        let out = shell("> /dev/null");
        assert_eq!(
            (String::from_utf8_lossy(&out.stderr), out.status.code()),
            ("".into(), Some(0)),
            "{args:?}"
        );
    }
}

#[test]
fn a_closed_pipe_is_an_error_not_a_panic() {
    let mut session = Session::start(&["solve"]);
    session.send(format!("{EASY_LINE}\n").as_bytes());
    session.expect(&format!("{EASY_SOLVED}\n"));
    // The reader goes away; the next answer cannot be written.
    let Session {
        mut child,
        stdin,
        stdout,
        ..
    } = session;
    drop(stdout);
    let mut stdin = stdin.unwrap();
    let mut stderr = child.stderr.take().unwrap();
    // The reading thread holds the pipe until its next send fails: keep answering until then.
    let feeder = std::thread::spawn(move || {
        for _ in 0..100_000 {
            if stdin.write_all(format!("{EASY_LINE}\n").as_bytes()).is_err() {
                break;
            }
        }
    });
    let status = child.wait().unwrap();
    feeder.join().unwrap();
    let mut message = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut message).unwrap();
    assert_eq!(message, "dlx-sudoku: writing stdout: Broken pipe (os error 32)\n");
    assert_eq!(status.code(), Some(1));
}

#[test]
fn generate_writes_unique_puzzles_of_the_level_asked_the_same_for_any_jobs() {
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_dlx-sudoku"))
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let one = run(&[
        "generate",
        "--count",
        "6",
        "--difficulty",
        "medium",
        "--seed",
        "9",
        "--jobs",
        "1",
    ]);
    let two = run(&[
        "generate",
        "--count",
        "6",
        "--difficulty",
        "medium",
        "--seed",
        "9",
        "--jobs",
        "2",
    ]);
    assert_eq!(one, two, "the same seed gives the same puzzles, whatever the threads");
    let lines: Vec<&str> = one.lines().collect();
    assert_eq!(lines.len(), 6);
    let mut dlx = dlx_sudoku::sudoku::Dlx::new();
    let mut bitmask = dlx_sudoku::sudoku::Bitmask::new();
    use dlx_sudoku::sudoku::Engine;
    for line in &lines {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(fields[1], "level=medium", "{line}");
        let p: dlx_sudoku::sudoku::Puzzle = fields[0].parse().unwrap();
        assert_eq!(dlx.count(&p, 2), Ok(1), "{line}");
        assert_eq!(bitmask.count(&p, 2), Ok(1), "{line}");
    }
    // rate reads them back and agrees on the level
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx-sudoku"))
        .args(["rate", "-k", "4"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let puzzles: String = lines
        .iter()
        .map(|l| format!("{}\n", l.split('\t').next().unwrap()))
        .collect();
    child.stdin.take().unwrap().write_all(puzzles.as_bytes()).unwrap();
    let rated = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    assert_eq!(rated.lines().count(), 6);
    assert!(
        rated
            .lines()
            .all(|l| l.contains("\tlevel=medium\t") && l.contains("\teffort=")),
        "{rated}"
    );
    // The puzzle pinned for this seed in tests/wasm.rs (the page's generator) and in the
    // generator's own tests: the same on every platform.
    let pinned = run(&["generate", "--count", "1", "--difficulty", "hard", "--seed", "2026"]);
    assert!(
        pinned.starts_with(
            "..8.4.3.5..9.2..6...5..74.8..1..2..4.7.65....83.......1..83.9.....7.......3......\tlevel=hard\tlogic=XY-Wing\t"
        ),
        "{pinned}"
    );
    let bad = Command::new(env!("CARGO_BIN_EXE_dlx-sudoku"))
        .args(["generate", "--difficulty", "insane"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("easy, medium, hard, expert, extreme"));
}

/// The CPU time a process has used so far (Linux's utime + stime), in clock ticks.
#[cfg(target_os = "linux")]
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command's name (which may hold spaces), from the third on.
    let fields: Vec<&str> = stat.rsplit_once(')').unwrap().1.split_whitespace().collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// `generate --count N | less`, the reader paused: once the pipe is full, generate waits for
/// it, a bounded number of puzzles ahead. Its threads made puzzles on for ever into an
/// unbounded queue, every core busy and memory growing (80 KB/s at 9×9) until the reader
/// came back.
#[test]
#[cfg(target_os = "linux")]
fn generate_waits_for_a_reader_that_does_not_read() {
    let mut child = Command::new(BIN)
        .args(["generate", "--size", "4", "--count", "10000000", "--jobs", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    // The pipe (64 KiB) holds about 1,900 4×4 lines, full within a few seconds even in a
    // debug build on a busy machine; then a second's CPU should be next to none.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let mut used;
    loop {
        let before = cpu_ticks(pid);
        std::thread::sleep(std::time::Duration::from_secs(1));
        used = cpu_ticks(pid) - before;
        if used < 10 || std::time::Instant::now() > deadline {
            break;
        }
    }
    let peak = peak_kib(pid);
    // The reader comes back: what it reads is the same as an unhurried run's.
    let mut head = vec![0u8; 4096];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut head).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        used < 10,
        "{used} clock ticks of CPU in 1 s with nobody reading, after 30 s"
    );
    assert!(peak < 16 * 1024, "peak memory {peak} KiB");
    let head = String::from_utf8_lossy(&head);
    let lines: Vec<&str> = head.lines().collect();
    let lines = &lines[..lines.len() - 1]; // the last may be cut
    let alone = run(&["generate", "--size", "4", "--count", &lines.len().to_string()], "");
    assert_eq!(alone.stdout, lines.iter().map(|l| format!("{l}\n")).collect::<String>());
}

#[test]
fn bench_of_another_size_runs_the_engines_that_solve_it() {
    // The plain DFS knows only 9×9: "all" means DLX and the bitmask engine here. The first
    // puzzle has several solutions; the second none (r1c4 would need a 3 or a 4, both below it).
    let file = TempFile::new("bench4.txt", "1..4..3.........\n12.........3...4\n");
    let out = run(
        &[
            "bench",
            "--engine",
            "all",
            "--mode",
            "both",
            "--repeat",
            "1",
            file.path(),
        ],
        "",
    );
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    let rows: Vec<(&str, &str, &str)> = out
        .stdout
        .lines()
        .map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let verdicts = l.split("  ").filter(|w| w.contains('=')).nth(1).unwrap_or("");
            (words[1], words[2], verdicts)
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("dlx", "unique", "unique=0 multiple=1 none=1"),
            ("dlx", "first", "solved=1 none=1"),
            ("bitmask", "unique", "unique=0 multiple=1 none=1"),
            ("bitmask", "first", "solved=1 none=1"),
        ],
        "{}",
        out.stdout
    );
    // One node is not enough for the first puzzle: it is given up on, counted apart.
    let out = run(
        &[
            "bench",
            "--engine",
            "dlx",
            "--mode",
            "both",
            "--repeat",
            "1",
            "--max-nodes",
            "1",
            file.path(),
        ],
        "",
    );
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    let verdicts: Vec<&str> = out
        .stdout
        .lines()
        .map(|l| l.split("  ").filter(|w| w.contains('=')).nth(1).unwrap_or(""))
        .collect();
    assert_eq!(
        verdicts,
        ["unique=0 multiple=0 none=1 gave_up=1", "solved=0 none=1 gave_up=1"],
        "{}",
        out.stdout
    );
    // The plain DFS alone has nothing to time: an error, as solve says, not an empty run.
    let out = run(&["bench", "--engine", "dfs", "--repeat", "1", file.path()], "");
    let message = format!("dlx-sudoku: {}: the dfs engine solves 9×9 puzzles only\n", file.path());
    assert_eq!((out.code, out.stdout.as_str(), out.stderr), (2, "", message));
}

#[test]
fn generate_and_rate_refuse_other_sizes_what_only_9x9_has() {
    let only = "dlx-sudoku: --difficulty, --symmetry and --minimal are for 9×9 puzzles only, not --size";
    for (args, size) in [
        (&["generate", "--size", "16", "--minimal"][..], 16),
        (&["generate", "--size", "4", "--symmetry", "rotational"][..], 4),
        (&["generate", "--size", "25", "--difficulty", "easy"][..], 25),
    ] {
        let out = run(args, "");
        assert_eq!((out.code, out.stdout.as_str()), (2, ""), "{args:?}");
        assert_eq!(out.stderr, format!("{only} {size}\n"), "{args:?}");
    }
    let out = run(&["rate", "--size", "16"], &format!("{}\n", ".".repeat(256)));
    assert_eq!(out.code, 2);
    assert_eq!(
        out.stderr,
        "dlx-sudoku: rate knows 9×9 puzzles only (its logical techniques are 9×9's), not --size 16\n"
    );
    // Another size read from the input gets the same answer, not a 9×9 reader's complaint
    // ("'L' is not a digit", "expected 81 cells, found 16"); a malformed one solve's error.
    let sixteen = data("sudoku16.txt");
    let only = "dlx-sudoku: rate knows 9×9 puzzles only (its logical techniques are 9×9's)";
    for (input, says) in [
        (sixteen.as_str(), format!("{only}, not 16×16 ones\n")),
        (&data("poj3076.in"), format!("{only}, not 16×16 ones\n")),
        (&data("sudoku4.txt"), format!("{only}, not 4×4 ones\n")),
        (
            &format!("{}Q\n", ".".repeat(255)),
            "dlx-sudoku: line 1, cell 256 (r16c16): 'Q' is not a symbol of a 16×16 grid (A–P) or a blank\n".to_string(),
        ),
        // A line of no size's length is a malformed 9×9 one to rate, the only size it reads:
        // it was read at the nearest size and said "expected 16 cells, found 3".
        ("1..\n", "dlx-sudoku: line 1: expected 81 cells, found 3\n".to_string()),
        (
            &format!("{}\n", ".".repeat(200)),
            "dlx-sudoku: line 1: expected 81 cells, found 200\n".to_string(),
        ),
    ] {
        let out = run(&["rate", "-k", "1"], input);
        assert_eq!((out.code, out.stdout.as_str(), out.stderr), (2, "", says));
    }
    for (args, input) in [
        (&["rate", "--format", "poj", "--size", "9"][..], data("hdu1426.in")),
        (&["rate", "--format", "poj"][..], "1..\n".to_string()),
    ] {
        let out = run(args, &input);
        assert_eq!(out.code, 2);
        assert_eq!(
            out.stderr,
            "dlx-sudoku: rate reads the 9×9 formats (line, hdu, hiho), not --format poj\n"
        );
    }
    let out = run(&["rate", "--size", "9", "-k", "1"], "");
    assert_eq!(
        out.stderr, "dlx-sudoku: empty input: no puzzle found\n",
        "--size 9 is rate's own size"
    );
}

/// `rate` gives a level only to a puzzle with one solution: Norvig's impossible puzzle (which
/// once came out "extreme"), an empty grid and a puzzle with two clues fewer than it needs
/// get solve's answer instead, in order among the others, and the exit status is still 0.
#[test]
fn rate_gives_no_level_without_one_solution() {
    let unique = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let impossible = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
    let empty = ".".repeat(81);
    let loose = format!("..{}", &unique[2..]).replacen('8', ".", 1);
    let input = format!("{impossible}\n{unique}\n{empty}\n{loose}\n");
    let out = run(&["rate", "--samples", "2"], &input);
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{}", out.stdout);
    assert_eq!(lines[0], format!("{impossible}\tno solution"));
    assert!(lines[1].starts_with(&format!("{unique}\tlevel=")), "{}", lines[1]);
    assert_eq!(lines[2], format!("{empty}\tmultiple solutions"));
    assert_eq!(lines[3], format!("{loose}\tmultiple solutions"));
}

/// `rate` gives a generated puzzle the level and effort `generate` gave it: both take the
/// relabellings' seed from the puzzle. They once took it from their own random numbers, and
/// the second of these puzzles, expert (effort 103.4) as made, was rated extreme (111.6).
#[test]
fn rate_agrees_with_generate() {
    let made = run(&["generate", "--count", "8", "--seed", "3", "--jobs", "1"], "");
    assert_eq!((made.code, made.stderr.as_str()), (0, ""));
    assert!(
        made.stdout.contains("effort="),
        "some puzzle needs search: {}",
        made.stdout
    );
    let puzzles: String = made.stdout.lines().map(|l| format!("{}\n", &l[..81])).collect();
    let rated = run(&["rate"], &puzzles);
    assert_eq!((rated.code, rated.stderr.as_str()), (0, ""));
    // `rate` also writes the effort where logic finishes, which `generate` does not measure.
    let rated_lines: Vec<&str> = rated.stdout.lines().collect();
    let made_lines: Vec<&str> = made.stdout.lines().collect();
    assert_eq!(rated_lines.len(), made_lines.len());
    for (rated, made) in rated_lines.iter().zip(&made_lines) {
        assert!(rated.starts_with(made), "generate: {made}\nrate:     {rated}");
    }
    // An explicit seed still draws other relabellings.
    let reseeded = run(&["rate", "--seed", "1"], &puzzles);
    assert_ne!(reseeded.stdout, rated.stdout);
}

/// `generate --max-nodes 0` means no limit, as for solve and bench: the same puzzles as a
/// limit no search reaches.
#[test]
fn generate_max_nodes_0_is_no_limit() {
    let generate = |budget: &str| {
        let args = [
            "generate",
            "--size",
            "4",
            "--count",
            "20",
            "--seed",
            "5",
            "--max-nodes",
            budget,
        ];
        let out = run(&args, "");
        assert_eq!((out.code, out.stderr.as_str()), (0, ""), "{args:?}");
        out.stdout
    };
    let unlimited = generate("0");
    assert_eq!(unlimited.lines().count(), 20);
    assert_eq!(unlimited, generate(&u64::MAX.to_string()));
    assert_ne!(unlimited, generate("1"), "a limit changes the puzzles");
}

/// `--max-nodes` bounds the uniqueness checks, not the making of a solved grid, which needs
/// a node for each empty cell at least: a 16×16 with 100 nodes (and a 4×4 with 1) once
/// looped for ever. Killed after a minute, so that a loop fails the test and not the run.
#[test]
fn generate_with_a_tiny_budget_ends() {
    for (size, budget) in [("16", "100"), ("4", "1")] {
        let args = [
            "generate",
            "--size",
            size,
            "--max-nodes",
            budget,
            "--count",
            "2",
            "--seed",
            "3",
        ];
        let mut child = Command::new(BIN)
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while child.try_wait().unwrap().is_none() {
            if std::time::Instant::now() > deadline {
                child.kill().unwrap();
                panic!("{args:?} still running after a minute");
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(stdout.lines().count(), 2, "{args:?}");
        for line in stdout.lines() {
            let puzzle = line.split('\t').next().unwrap();
            let cells: usize = size.parse::<usize>().unwrap().pow(2);
            assert_eq!(puzzle.chars().count(), cells, "{line}");
            assert!(line.contains("\tclues="), "{line}");
        }
    }
}

/// `--format line` reads lines whatever they look like: a 16×16 grid's 16-letter rows are
/// then lines too short (detection, without the flag, reads the grid and finds its clash).
#[test]
fn format_line_is_not_detected_away() {
    let mut grid = "AA--------------\n".to_string();
    grid.push_str(&"----------------\n".repeat(15));
    let out = run(&["solve", "--size", "16", "--format", "line"], &grid);
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (2, "dlx-sudoku: line 1: expected 256 cells, found 16\n")
    );
    let out = run(&["solve", "--size", "16"], &grid);
    assert_eq!(
        (out.code, out.stderr.as_str()),
        (2, "dlx-sudoku: line 1: r1c2: A already in row 1\n")
    );
}

/// Without `--jobs`, bench runs as many threads as the machine offers.
#[test]
fn bench_jobs_default_to_the_cores() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let file = TempFile::new("jobs.txt", &format!("{EASY_LINE}\n"));
    let out = run(
        &[
            "bench",
            "--engine",
            "dlx",
            "--mode",
            "first",
            "--repeat",
            "1",
            file.path(),
        ],
        "",
    );
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    assert!(out.stdout.contains(&format!("  jobs={cores:<3}  ")), "{}", out.stdout);
}

/// A usage error whose message cannot be written (stderr on a full disk) still exits with
/// the usage error's status, 2: the failed write is not reported over it.
#[test]
#[cfg(target_os = "linux")]
fn a_usage_error_on_a_full_stderr_still_exits_2() {
    let out = Command::new(BIN)
        .args(["solve", "--no-such-flag"])
        .stdin(Stdio::null())
        .stderr(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!((out.status.code(), out.stdout.as_slice()), (Some(2), &b""[..]));
}

/// `--format hdu` (or hiho) with `--size 9`, the one size those formats have, is no error.
#[test]
fn a_nine_by_nine_format_takes_size_nine() {
    let out = run(&["solve", "--format", "hdu", "--size", "9"], &data("hdu1426.in"));
    assert_eq!((out.code, out.stderr.as_str()), (0, ""));
    assert_eq!(out.stdout, data("hdu1426.out"));
}
