//! Every size, 4×4 to 25×25: the judge formats byte for byte (POJ 3076's sample), errors that
//! name the line and cell, and DLX checked against the bitmask oracle at every size and on
//! every puzzle of the project's 16×16 set (`tests/data/sudoku16.md` says how it was made).
//!
//! Debug builds check every 20th puzzle of the 16×16 set; release builds
//! (`cargo test --release --test sizes`) check all of them.

mod common;

use common::run;
use dlx_sudoku::formats::boards::{detect, parse_boards, BoardFormat};
use dlx_sudoku::sudoku::generate::Rng;
use dlx_sudoku::sudoku::{Alphabet, Bitmask, Board, Dlx, Engine, Puzzle, Shape, Verdict};

fn data(name: &str) -> String {
    std::fs::read_to_string(format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

const STEP: usize = if cfg!(debug_assertions) { 20 } else { 1 };

/// The puzzles of a line-format file of the project's data.
fn puzzles(name: &str) -> Vec<(Puzzle, Alphabet)> {
    let parsed = parse_boards(&data(name), Some(BoardFormat::Line), None);
    assert_eq!(parsed.error, None, "{name}");
    parsed
        .cases
        .iter()
        .map(|c| (c.puzzle(BoardFormat::Line).unwrap(), c.alphabet))
        .collect()
}

#[test]
fn poj3076_sample_is_answered_byte_for_byte() {
    let (input, answer) = (data("poj3076.in"), data("poj3076.out"));
    for args in [
        &["solve"][..],
        &["solve", "--format", "poj"],
        &["solve", "--size", "16"],
    ] {
        let out = run(args, &input);
        assert_eq!(
            (out.stdout.as_str(), out.stderr.as_str(), out.code),
            (answer.as_str(), "", 0),
            "{args:?}"
        );
    }
    // SPOJ SUDOKU: a count first, a blank line between cases in and out.
    let out = run(&["solve"], &format!("2\n{input}\n{input}"));
    assert_eq!(out.stdout, format!("{answer}\n{answer}"));
    assert_eq!(out.code, 0, "{}", out.stderr);
    // POJ 3076: no count, cases until the end; an answer for each.
    let out = run(&["solve", "--count"], &format!("{input}\n\n{input}"));
    assert_eq!(out.stdout, "1 solution\n\n1 solution\n");
}

#[test]
fn line_format_keeps_the_alphabet_it_was_given() {
    let letters = data("poj3076.in").split_whitespace().collect::<String>();
    let digits: String = letters
        .chars()
        .map(|c| match c {
            'A'..='P' => Alphabet::Digits.symbol(c as u8 - b'A' + 1),
            _ => '.',
        })
        .collect();
    let solved = data("poj3076.out").split_whitespace().collect::<String>();
    let solved_digits: String = solved
        .chars()
        .map(|c| Alphabet::Digits.symbol(c as u8 - b'A' + 1))
        .collect();
    let out = run(&["solve"], &format!("{letters}\n{digits}\n"));
    assert_eq!(out.stdout, format!("{solved}\n{solved_digits}\n"), "{}", out.stderr);
    assert!(digits.contains('G') && !digits.contains('H'));
}

#[test]
fn bad_input_names_the_line_and_the_cell() {
    let line = data("poj3076.in").split_whitespace().collect::<String>();
    let cases = [
        (
            format!("{line}\n{}\n", &line[..255]),
            "line 2: expected 256 cells, found 255",
        ),
        // A line of no size's length: its length, not its symbols at the nearest size (700
        // ones were once "'1' is not a symbol of a 25×25 grid").
        ("1".repeat(700) + "\n", "line 1: expected 625 cells, found 700"),
        ("1".repeat(300) + "\n", "line 1: expected 256 cells, found 300"),
        (
            format!("{}Q{}\n", &line[..20], &line[21..]),
            "line 1, cell 21 (r2c5): 'Q' is not a symbol of a 16×16 grid (A–P) or a blank",
        ),
        (
            format!("1..5{}\n", ".".repeat(12)),
            "line 1, cell 4 (r1c4): '5' is not a symbol of a 4×4 grid (1–4) or a blank",
        ),
        (format!("\n\nA{}\n", &line[1..]), "line 3: r1c3: A already in row 1"),
        (
            data("poj3076.in").replacen("-J--", "-J-J", 1),
            "line 2: r2c4: J already in row 2",
        ),
        (
            data("poj3076.in").lines().take(15).collect::<Vec<_>>().join("\n"),
            "line 16: puzzle 1 stops after 15 rows (expected 16)",
        ),
        (
            data("poj3076.in").replacen("-G-EL-H----M-J--", "-G-EL-H----M-J-", 1),
            "line 4: expected 16 cells, found 15",
        ),
    ];
    for (input, message) in &cases {
        let out = run(&["solve"], input);
        assert_eq!(out.stderr, format!("dlx-sudoku: {message}\n"), "{input}");
        assert_eq!(out.code, 2);
    }
    // A 25×25 line: 'Z' is past 'Y'; it is named before the clashes are looked at.
    let out = run(&["solve"], &format!("{}Z\n", ".".repeat(624)));
    assert_eq!(
        out.stderr,
        "dlx-sudoku: line 1, cell 625 (r25c25): 'Z' is not a symbol of a 25×25 grid (A–Y) or a blank\n"
    );
    // The answers before the bad line are written first.
    let out = run(&["solve"], &format!("{line}\n{}\n", &line[..255]));
    assert_eq!(
        out.stdout,
        data("poj3076.out").split_whitespace().collect::<String>() + "\n"
    );
    let out = run(&["solve", "--format", "hdu", "--size", "16"], "");
    assert_eq!(
        out.stderr,
        "dlx-sudoku: --format hdu reads 9×9 grids only, not --size 16\n"
    );
    let out = run(&["solve", "--engine", "dfs"], &format!("{line}\n"));
    assert_eq!(out.stderr, "dlx-sudoku: the dfs engine solves 9×9 puzzles only\n");
    let out = run(&["rate", "--size", "16"], "");
    assert_eq!(out.code, 2);
}

#[test]
fn formats_and_sizes_are_detected() {
    let poj = data("poj3076.in");
    let line16 = poj.split_whitespace().collect::<String>();
    assert_eq!(detect(&poj, None), Some((BoardFormat::Grid, Shape::SIXTEEN)));
    assert_eq!(
        detect(&format!("3\n\n{poj}"), None),
        Some((BoardFormat::Grid, Shape::SIXTEEN))
    );
    assert_eq!(detect(&line16, None), Some((BoardFormat::Line, Shape::SIXTEEN)));
    assert_eq!(detect("1..4............", None), Some((BoardFormat::Line, Shape::FOUR)));
    assert_eq!(
        detect("1..4\n..3.\n....\n....\n", None),
        Some((BoardFormat::Grid, Shape::FOUR))
    );
    assert_eq!(
        detect(&".".repeat(625), None),
        Some((BoardFormat::Line, Shape::TWENTY_FIVE))
    );
    assert_eq!(detect(&".".repeat(81), None), None);
    assert_eq!(detect("1 2 3 4 5 6 7 8 9", None), None);
    assert_eq!(detect("2\n0 0 0 0 0 0 0 0 0", None), None);
    assert_eq!(
        detect(&".".repeat(250), None),
        Some((BoardFormat::Line, Shape::SIXTEEN))
    );
    assert_eq!(
        detect(&".".repeat(16), Some(Shape::SIXTEEN)),
        Some((BoardFormat::Grid, Shape::SIXTEEN))
    );
    assert_eq!(
        detect(&".".repeat(16), Some(Shape::FOUR)),
        Some((BoardFormat::Line, Shape::FOUR))
    );
    // 4×4 as a grid, read and written back.
    let out = run(&["solve"], "1..4\n..3.\n....\n....\n\n1..4\n..3.\n....\n....\n");
    assert_eq!(out.stdout, "multiple solutions\n\nmultiple solutions\n");
    let out = run(&["solve", "--count"], "1..4\n..3.\n....\n....\n");
    assert_eq!(out.stdout, "6 solutions\n");
    let oracle = run(&["solve", "--count", "--engine", "bitmask"], "1..4\n..3.\n....\n....\n");
    assert_eq!(oracle.stdout, "6 solutions\n");
}

/// DLX's and the bitmask's answers agree: the same number of solutions (up to `limit`), each
/// one solving the givens; a unique solution is the same.
fn agree(puzzle: &Puzzle, limit: u64) -> u64 {
    agree_within(puzzle, limit, None).expect("no node limit")
}

/// As [`agree`], with each engine held to `max_nodes`; `None` if either gave up.
fn agree_within(puzzle: &Puzzle, limit: u64, max_nodes: Option<u64>) -> Option<u64> {
    let (mut dlx, mut oracle) = (Dlx::new(), Bitmask::new());
    let count = |engine: &mut dyn Engine| {
        let mut found = Vec::new();
        engine.set_max_nodes(max_nodes);
        engine
            .search(puzzle, &mut |b| {
                assert!(b.solves(puzzle.givens()), "{b} does not solve {}", puzzle.givens());
                found.push(b.clone());
                (found.len() as u64) < limit
            })
            .ok()?;
        found.sort_by_key(|b| b.to_string());
        found.dedup();
        Some(found)
    };
    let (a, b) = (count(&mut dlx)?, count(&mut oracle)?);
    assert_eq!(a.len(), b.len(), "{}", puzzle.givens());
    if a.len() == 1 {
        assert_eq!(a, b);
    }
    Some(a.len() as u64)
}

#[test]
fn dlx_agrees_with_the_oracle_at_every_size() {
    let mut rng = Rng::new(16);
    for shape in Shape::ALL {
        // Solutions: none, one, several; searches that hit the node limit.
        let (mut seen, mut gave_up) = ([0u32; 3], 0);
        let rounds = if shape.side() > 9 && cfg!(debug_assertions) {
            6
        } else {
            30
        };
        for round in 0..rounds {
            // A solved grid of the size from the generator, then a random share of its cells
            // emptied: few (one solution), many (several), some with a wrong clue (none).
            let mut g = dlx_sudoku::sudoku::generate::BoardGenerator::new(shape, round as u64, 1000);
            let mut board = g.solved_board();
            let cells = shape.cells();
            let empty = match round % 3 {
                0 => cells / 3,
                1 => cells * 3 / 4,
                _ => cells / 2,
            };
            let mut order: Vec<usize> = (0..cells).collect();
            rng.shuffle(&mut order);
            for &c in &order[..empty] {
                board.set(c, 0);
            }
            if round % 3 == 2 {
                // Change an empty cell to a digit that clashes with nothing: often no solution.
                let c = order[0];
                for d in 1..=shape.side() as u8 {
                    board.set(c, d);
                    if board.clashes().is_empty() {
                        break;
                    }
                    board.set(c, 0);
                }
            }
            let Ok(puzzle) = Puzzle::new(board) else { continue };
            match agree_within(&puzzle, 20, Some(200_000)) {
                Some(n) => seen[n.min(2) as usize] += 1,
                None => gave_up += 1,
            }
        }
        assert!(seen[1] > 0 && seen[2] > 0, "{shape:?}: {seen:?}");
        assert!(gave_up * 3 <= rounds, "{shape:?}: {gave_up} of {rounds} gave up");
    }
}

#[test]
fn a_9x9_board_gets_the_9x9_engines_answer() {
    let text = {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/puzzles/famous_hard.txt");
        std::fs::read_to_string(path)
            .unwrap_or_else(|e| panic!("{path}: {e} (the repository's puzzle files, tests/data/puzzles)"))
    };
    for line in text.lines() {
        let puzzle: Puzzle = line.parse().unwrap();
        let board = Puzzle::new(puzzle.givens().clone()).unwrap();
        let Verdict::Unique(grid) = Dlx::new().verdict(&puzzle).unwrap() else {
            panic!("{line}")
        };
        let Verdict::Unique(b) = Dlx::new().verdict(&board).unwrap() else {
            panic!("{line}")
        };
        assert_eq!(b, grid);
        assert_eq!(agree(&board, 3), 1);
    }
}

#[test]
fn every_16x16_puzzle_of_the_set_has_one_solution_that_the_oracle_confirms() {
    let all = puzzles("sudoku16.txt");
    assert_eq!(all.len(), 1005);
    let digits = all.iter().filter(|(_, a)| *a == Alphabet::Digits).count();
    assert_eq!(digits, 100);
    let (mut dlx, mut oracle) = (Dlx::new(), Bitmask::new());
    let mut nodes = Vec::new();
    for (puzzle, _) in all.iter().step_by(STEP) {
        let Verdict::Unique(solution) = dlx.verdict(puzzle).unwrap() else {
            panic!("{}", puzzle.givens())
        };
        nodes.push(dlx.last_search().counters().nodes);
        assert!(solution.solves(puzzle.givens()));
        assert_eq!(oracle.verdict(puzzle).unwrap(), Verdict::Unique(solution));
    }
    // The first 105 are the hard ones: thousands of nodes each.
    let hard = nodes[..105usize.div_ceil(STEP)].iter().min().copied().unwrap();
    assert!(hard > 1000, "{hard}");
}

#[test]
fn the_16x16_puzzles_with_several_solutions_have_several_for_both_engines() {
    let all = puzzles("sudoku16_multiple.txt");
    assert_eq!(all.len(), 30);
    for (puzzle, _) in all.iter().step_by(STEP.min(3)) {
        assert_eq!(agree(puzzle, 2), 2);
        assert!(matches!(Dlx::new().verdict(puzzle), Ok(Verdict::Multiple(a, b)) if a != b));
    }
}

#[test]
fn the_25x25_and_4x4_puzzles_have_one_solution() {
    for (name, count) in [("sudoku25.txt", 50), ("sudoku4.txt", 200)] {
        let all = puzzles(name);
        assert_eq!(all.len(), count);
        for (puzzle, _) in all.iter().step_by(STEP.min(5)) {
            assert_eq!(agree(puzzle, 2), 1, "{name}");
        }
    }
    // A 4×4 grid of 4 lines with --size 4 --format poj: the format given is read as given (with
    // the size alone, a 4-character line is a line, too short).
    let line = data("sudoku4.txt").lines().next().unwrap().trim().to_string();
    let grid: String = line
        .as_bytes()
        .chunks(4)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    let answer = run(&["solve"], &format!("{line}\n")).stdout;
    let out = run(&["solve", "--size", "4", "--format", "poj"], &grid);
    let want: String = answer
        .trim()
        .as_bytes()
        .chunks(4)
        .map(|r| format!("{}\n", std::str::from_utf8(r).unwrap()))
        .collect();
    assert_eq!(
        (out.stdout.as_str(), out.stderr.as_str(), out.code),
        (want.as_str(), "", 0)
    );
    let out = run(&["solve"], &data("sudoku25.txt"));
    assert_eq!(out.stdout.lines().count(), 50);
    assert!(out
        .stdout
        .lines()
        .all(|l| l.len() == 625 && l.chars().all(|c| c.is_ascii_uppercase() && c <= 'Y')));
}

#[test]
fn generate_makes_puzzles_of_every_size_that_solve_uniquely() {
    for size in ["4", "16"] {
        let out = run(
            &[
                "generate",
                "--size",
                size,
                "--count",
                "3",
                "--max-nodes",
                "500",
                "--seed",
                "3",
            ],
            "",
        );
        assert_eq!(out.code, 0, "{}", out.stderr);
        let lines: Vec<&str> = out.stdout.lines().map(|l| l.split('\t').next().unwrap()).collect();
        assert_eq!(lines.len(), 3);
        let solved = run(&["solve", "--count", "--max-solutions", "2"], &lines.join("\n"));
        assert_eq!(solved.stdout, "1 solution\n".repeat(3), "{size}");
    }
    let out = run(&["generate", "--size", "16", "--difficulty", "easy"], "");
    assert_eq!(
        out.stderr,
        "dlx-sudoku: --difficulty, --symmetry and --minimal are for 9×9 puzzles only, not --size 16\n"
    );
}

/// For the 4×4 teaching size: DLX's fewest-options rule solves 4×4 puzzles that have a solution
/// without ever backing out of a try before the first solution (none of 200,000 random ones
/// with 2 to 6 clues, nor 20,000 minimal ones, did); a backtrack shows on a puzzle with no
/// solution whose givens clash nowhere, such as this one, or while counting past a solution.
#[test]
fn a_4x4_puzzle_with_a_backtrack() {
    let puzzle = Puzzle::new(Board::parse(Shape::FOUR, Alphabet::Digits, "....2..3.4.....1").unwrap()).unwrap();
    assert!(
        puzzle.givens().candidates().iter().all(|&c| c != 0),
        "every cell has a candidate"
    );
    let mut dlx = Dlx::new();
    assert_eq!(dlx.count(&puzzle, 10), Ok(0));
    let c = dlx.last_search().counters();
    assert_eq!((c.nodes, c.dead_ends), (3, 1));
    assert_eq!(Bitmask::new().count(&puzzle, 10), Ok(0));
}

/// Random text made of the symbols, blanks, digits, counts and line ends the readers care
/// about never panics them; what they accept writes back and reads again the same.
#[test]
fn random_text_never_panics_the_readers_of_every_size() {
    let mut rng = Rng::new(3076);
    let pieces = [
        "A", "P", "Q", "Y", "Z", "1", "9", "G", "0", ".", "-", "\n", "\n\n", "2\n", " ", "é", "\r",
    ];
    let poj = data("poj3076.in");
    for round in 0..3000 {
        let mut text = String::new();
        if round % 3 == 0 {
            // A real grid with a few characters changed.
            text = poj.clone();
            for _ in 0..rng.below(4) {
                let at = rng.below(text.len());
                if text.is_char_boundary(at) && text.is_char_boundary(at + 1) {
                    text.replace_range(at..at + 1, pieces[rng.below(pieces.len())]);
                }
            }
        } else {
            let len = [16, 81, 255, 256, 257, 625][rng.below(6)];
            for _ in 0..len {
                text.push_str(pieces[rng.below(pieces.len())]);
            }
        }
        for size in [None, Some(Shape::FOUR), Some(Shape::SIXTEEN), Some(Shape::TWENTY_FIVE)] {
            let _ = detect(&text, size);
            for format in [None, Some(BoardFormat::Line), Some(BoardFormat::Grid)] {
                let parsed = parse_boards(&text, format, size);
                if let Some(e) = &parsed.error {
                    assert!(
                        e.to_string().starts_with("line ") || e.to_string().starts_with("empty"),
                        "{e}"
                    );
                }
                for case in &parsed.cases {
                    let Ok(puzzle) = case.puzzle(parsed.format) else {
                        continue;
                    };
                    let mut out = String::new();
                    parsed.format.write_board(0, puzzle.givens(), case.alphabet, &mut out);
                    let again = parse_boards(&out, Some(parsed.format), Some(parsed.shape));
                    assert_eq!(again.cases.len(), 1, "{out}");
                    assert_eq!(&again.cases[0].board, puzzle.givens());
                }
            }
        }
    }
}
