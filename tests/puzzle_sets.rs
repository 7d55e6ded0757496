//! Data-driven checks over the repository's puzzle files (`tests/data/puzzles`, cut from the
//! benchmark sets of `../shared/data/puzzles`; its `SOURCES.md` says how): DLX and the
//! bitmask DFS give the same verdict on every puzzle, every solution solves its givens, Serg's
//! benchmark has two or more solutions per line and every other file exactly one; the plain
//! DFS agrees on a fixed set of puzzles it finishes quickly.
//!
//! Debug builds check every Nth puzzle of the big files; release builds (scripts/test.sh's
//! `puzzle-sets-release`, or `cargo test --release --test puzzle_sets`) check the full files,
//! except that the bitmask cross-check on `17_clue_sample.txt` stays sampled (see `FILES`).

use dlx_sudoku::sudoku::{Bitmask, Dfs, Dlx, Engine, Puzzle, Verdict};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles");
const DEBUG: bool = cfg!(debug_assertions);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Expect {
    Unique,
    Multiple,
}

/// One puzzle file and how densely each build checks it. A step of N checks lines
/// 1, N+1, 2N+1, ... (every line when N is 1). `dlx` is the step for the DLX verdict and its
/// checks, `cross` the step for also running the bitmask engine and comparing; each is
/// `(debug, release)`.
struct File {
    name: &'static str,
    lines: usize,
    expect: Expect,
    dlx: (usize, usize),
    cross: (usize, usize),
}

/// Steps were set from measured costs (release, per puzzle, one core): DLX 0.04 ms on 17_clue,
/// 0.5 ms on forum_hardest, 0.2 ms on magictour, below 0.05 ms elsewhere; bitmask 10 ms on
/// 17_clue (a heavy tail: up to 1.2 s for one puzzle, since pure fewest-candidates search has
/// no hidden singles), 2.7 ms on forum_hardest, 0.7 ms on magictour, below 0.1 ms elsewhere.
/// Debug builds run about 5 (DLX) to 11 (bitmask) times slower. So release checks every
/// puzzle with both engines but the bitmask engine takes every 4th of the 17-clue sample
/// (1,229 puzzles, about 12 s); DLX still checks all 4,916.
const FILES: &[File] = &[
    File {
        name: "famous_hard.txt",
        lines: 14,
        expect: Expect::Unique,
        dlx: (1, 1),
        cross: (1, 1),
    },
    File {
        name: "kaggle_2k.txt",
        lines: 2_000,
        expect: Expect::Unique,
        dlx: (1, 1),
        cross: (1, 1),
    },
    File {
        name: "serg_2k.txt",
        lines: 2_000,
        expect: Expect::Multiple,
        dlx: (1, 1),
        cross: (1, 1),
    },
    File {
        name: "random_minimal_2k.txt",
        lines: 2_000,
        expect: Expect::Unique,
        dlx: (1, 1),
        cross: (1, 1),
    },
    File {
        name: "magictour_top1465.txt",
        lines: 1_465,
        expect: Expect::Unique,
        dlx: (10, 1),
        cross: (10, 1),
    },
    File {
        name: "forum_hardest_sample.txt",
        lines: 4_877,
        expect: Expect::Unique,
        dlx: (20, 1),
        cross: (20, 1),
    },
    File {
        name: "17_clue_sample.txt",
        lines: 4_916,
        expect: Expect::Unique,
        dlx: (5, 1),
        cross: (100, 4),
    },
];

fn dir() -> PathBuf {
    let dir = PathBuf::from(DIR);
    assert!(
        dir.is_dir(),
        "puzzle folder {} is missing: these tests need the repository's puzzle files \
         (tests/data/puzzles, see its SOURCES.md); they are never skipped",
        dir.display()
    );
    dir
}

/// The puzzle lines of a file, which must hold exactly `lines` puzzles.
fn read(name: &str, lines: usize) -> Vec<String> {
    let path = dir().join(name);
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read puzzle file {}: {e}", path.display()));
    let out: Vec<String> = text.lines().map(str::to_owned).collect();
    assert_eq!(out.len(), lines, "{name}: expected {lines} puzzles (see SOURCES.md)");
    out
}

fn parse(name: &str, index: usize, line: &str) -> Puzzle {
    line.parse()
        .unwrap_or_else(|e| panic!("{name} line {}: {e}: {line}", index + 1))
}

/// Checks one verdict: the solutions solve the givens, the two of a `Multiple` differ, and
/// the kind is the expected one. Returns the problem, if any.
fn check(engine: &str, puzzle: &Puzzle, verdict: &Verdict, expect: Expect) -> Option<String> {
    let valid = |g: &dlx_sudoku::sudoku::Board| g.solves(puzzle.givens());
    match (verdict, expect) {
        (Verdict::Unique(g), Expect::Unique) if valid(g) => None,
        (Verdict::Multiple(a, b), Expect::Multiple) if valid(a) && valid(b) && a != b => None,
        _ => Some(format!(
            "{engine} gave {verdict:?}, expected {expect:?} with valid solutions"
        )),
    }
}

/// Two engines agree when they find the same unique solution, or both find several
/// (each engine has its own search order, so the first two solutions may differ).
fn agree(a: &Verdict, b: &Verdict) -> bool {
    match (a, b) {
        (Verdict::Multiple(..), Verdict::Multiple(..)) => true,
        _ => a == b,
    }
}

fn threads() -> usize {
    thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4)
}

/// Runs the checks of one file, its puzzles split in chunks over a few threads.
fn check_file(file: &File) {
    let puzzles = read(file.name, file.lines);
    let (dlx_step, cross_step) = if DEBUG {
        (file.dlx.0, file.cross.0)
    } else {
        (file.dlx.1, file.cross.1)
    };
    const CHUNK: usize = 200;
    let next = AtomicUsize::new(0);
    let checked = AtomicUsize::new(0);
    let crossed = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    thread::scope(|s| {
        for _ in 0..threads() {
            s.spawn(|| {
                let (mut dlx, mut bitmask) = (Dlx::new(), Bitmask::new());
                loop {
                    let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                    if start >= puzzles.len() {
                        break;
                    }
                    let end = (start + CHUNK).min(puzzles.len());
                    for (index, line) in puzzles.iter().enumerate().take(end).skip(start) {
                        let (by_dlx, by_bitmask) = (index % dlx_step == 0, index % cross_step == 0);
                        if !by_dlx && !by_bitmask {
                            continue;
                        }
                        let puzzle = parse(file.name, index, line);
                        let v = dlx.verdict(&puzzle).unwrap();
                        let mut problems: Vec<String> = check("dlx", &puzzle, &v, file.expect).into_iter().collect();
                        checked.fetch_add(1, Ordering::Relaxed);
                        if by_bitmask {
                            let w = bitmask.verdict(&puzzle).unwrap();
                            problems.extend(check("bitmask", &puzzle, &w, file.expect));
                            if !agree(&v, &w) {
                                problems.push(format!("dlx gave {v:?} but bitmask {w:?}"));
                            }
                            crossed.fetch_add(1, Ordering::Relaxed);
                        }
                        if !problems.is_empty() {
                            let mut f = failures.lock().unwrap();
                            f.push(format!(
                                "{} line {}: {line}: {}",
                                file.name,
                                index + 1,
                                problems.join("; ")
                            ));
                        }
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    let (checked, crossed) = (checked.into_inner(), crossed.into_inner());
    eprintln!(
        "{}: DLX checked {checked} of {} puzzles, bitmask cross-checked {crossed}",
        file.name, file.lines
    );
    assert!(
        failures.is_empty(),
        "{} of the checked puzzles of {} failed; the first ones:\n{}",
        failures.len(),
        file.name,
        failures.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
    // Every chunk was done: each engine checked exactly the lines its step picks.
    let picked = (0..puzzles.len()).filter(|i| i % dlx_step == 0 || i % cross_step == 0);
    assert_eq!(checked, picked.count());
    assert_eq!(crossed, puzzles.len().div_ceil(cross_step));
}

fn spec(name: &str) -> &'static File {
    FILES.iter().find(|f| f.name == name).unwrap()
}

#[test]
fn every_puzzle_file_is_covered() {
    let mut found: Vec<String> = std::fs::read_dir(dir())
        .expect("cannot list the puzzle folder")
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".txt"))
        .collect();
    found.sort();
    let mut known: Vec<&str> = FILES.iter().map(|f| f.name).collect();
    known.sort();
    assert_eq!(
        found, known,
        "a puzzle file was added or removed: update FILES in tests/puzzle_sets.rs"
    );
}

#[test]
fn famous_hard() {
    check_file(spec("famous_hard.txt"));
}

#[test]
fn kaggle_2k() {
    check_file(spec("kaggle_2k.txt"));
}

#[test]
fn serg_benchmark_has_several_solutions_per_line() {
    check_file(spec("serg_2k.txt"));
}

#[test]
fn random_minimal_2k() {
    check_file(spec("random_minimal_2k.txt"));
}

#[test]
fn magictour_top1465() {
    check_file(spec("magictour_top1465.txt"));
}

#[test]
fn forum_hardest_sample() {
    check_file(spec("forum_hardest_sample.txt"));
}

#[test]
fn sample_of_17_clue() {
    check_file(spec("17_clue_sample.txt"));
}

/// The plain DFS (reading order, digits 1..=9, no heuristic) is exponential, so it only runs
/// where it was measured to finish fast, counting nodes of a verdict search (stop at the
/// second solution):
/// * every line of kaggle_2k.txt (at most 8,625 nodes a puzzle) and of serg_2k.txt (at most
///   16,156);
/// * the first 100 lines of random_minimal_2k.txt in release (at most 7.5 million nodes,
///   41 million in all, about 0.6 s), the first 20 in debug (9.7 million in all);
/// * famous_hard.txt lines 1-12 in release (at most 3.5 million nodes each; lines 13 and 14,
///   Norvig's grid2 and Wikipedia's anti-brute-force grid, need over 20 million and are left
///   out), in debug only lines 1 and 8 (AI Escargot: 18,885 nodes; Cheese: 85,418).
///
/// Magictour is left out: its median puzzle needs 260,000 nodes and 30 need over 20 million.
#[test]
fn plain_dfs_agrees_where_it_is_fast() {
    let all = |n| (0..n).collect::<Vec<usize>>();
    let sets: [(&str, Vec<usize>); 4] = [
        ("kaggle_2k.txt", all(2_000)),
        ("serg_2k.txt", all(2_000)),
        ("random_minimal_2k.txt", all(if DEBUG { 20 } else { 100 })),
        ("famous_hard.txt", if DEBUG { vec![0, 7] } else { all(12) }),
    ];
    let (mut dfs, mut bitmask) = (Dfs::new(), Bitmask::new());
    for (name, indices) in &sets {
        let file = spec(name);
        let puzzles = read(name, file.lines);
        for &index in indices {
            let line = &puzzles[index];
            let puzzle = parse(name, index, line);
            let v = dfs.verdict(&puzzle).unwrap();
            if let Some(problem) = check("dfs", &puzzle, &v, file.expect) {
                panic!("{name} line {}: {line}: {problem}", index + 1);
            }
            let w = bitmask.verdict(&puzzle).unwrap();
            assert!(
                agree(&v, &w),
                "{name} line {}: {line}: dfs gave {v:?} but bitmask {w:?}",
                index + 1
            );
        }
    }
}

/// Norvig's "impossible" puzzle: pure fewest-candidates search (no hidden singles) needs 83.6
/// million nodes to exhaust it, as seed 003's C code does too: ~5 s in release, minutes in a
/// debug build, so the release stage (`puzzle-sets-release`) runs it.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "slow in debug builds: scripts/test.sh runs it in release"
)]
fn norvigs_impossible_puzzle_has_no_solution() {
    let p: Puzzle = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
        .parse()
        .unwrap();
    assert_eq!(Bitmask::new().verdict(&p).unwrap(), Verdict::None);
    assert_eq!(Dlx::new().verdict(&p).unwrap(), Verdict::None);
}

/// The search tree is fixed by the rule (fewest options, leftmost on ties) and the model's
/// item order; the work per node by the engine. These counts cannot move with the machine's
/// noise, so a change that grows the tree or the link updates fails here, not in a benchmark.
/// First 500 puzzles of magictour, unique mode (stop at a second solution).
#[test]
fn tree_size_on_the_first_500_of_magictour_is_pinned() {
    let puzzles = read("magictour_top1465.txt", 1_465);
    let mut dlx = Dlx::new();
    for (index, line) in puzzles.iter().take(500).enumerate() {
        let puzzle = parse("magictour_top1465.txt", index, line);
        assert!(matches!(dlx.verdict(&puzzle).unwrap(), Verdict::Unique(_)));
    }
    let c = dlx.counters().unwrap();
    eprintln!("first 500 of magictour, unique: {c:?}");
    assert_eq!(
        (c.nodes, c.updates, c.solutions),
        (513_333, 7_533_819, 500),
        "nodes (1,027 per puzzle), link updates and solutions"
    );
}

/// The logical techniques (`sudoku::logic`) on real puzzles: every placement is the DLX
/// solution's digit and no removed candidate is the solution's digit, for every step of every
/// puzzle taken; and across the sets every technique is needed somewhere.
#[test]
fn every_logical_step_is_true_to_the_solution() {
    use dlx_sudoku::sudoku::logic::{Pencil, Technique};
    let step = if DEBUG { 20 } else { 1 };
    let mut seen = std::collections::BTreeMap::<Technique, usize>::new();
    let mut dlx = Dlx::new();
    for (name, lines, take) in [
        ("famous_hard.txt", 0, usize::MAX),
        ("kaggle_2k.txt", 2_000, 2_000),
        ("17_clue_sample.txt", 0, 3_000),
        ("random_minimal_2k.txt", 2_000, 2_000),
    ] {
        let path = dir().join(name);
        let text = std::fs::read_to_string(&path).unwrap();
        let all: Vec<&str> = text.lines().collect();
        if lines > 0 {
            assert_eq!(all.len(), lines, "{name}");
        }
        for (index, line) in all.iter().enumerate().take(take).step_by(step) {
            let puzzle = parse(name, index, line);
            let Verdict::Unique(sol) = dlx.verdict(&puzzle).unwrap() else {
                panic!("{name} line {}: expected a unique solution", index + 1)
            };
            let mut board = Pencil::new(puzzle.givens());
            while let Some(s) = board.next_step() {
                if let Some((c, d)) = s.place {
                    assert_eq!(sol.get(c), d, "{name} line {}: {}", index + 1, s.why);
                }
                for &(c, d) in &s.remove {
                    assert_ne!(sol.get(c), d, "{name} line {}: {}", index + 1, s.why);
                }
                *seen.entry(s.technique).or_default() += 1;
                assert!(
                    board.apply(&s),
                    "{name} line {}: a step that changes nothing: {}",
                    index + 1,
                    s.why
                );
            }
        }
    }
    eprintln!("logical steps taken, by technique: {seen:?}");
    if !DEBUG {
        // A hidden quad is nearly always a naked subset of the other cells, found first; its
        // own unit test (src/sudoku/logic.rs) covers it.
        for t in Technique::ALL.into_iter().filter(|&t| t != Technique::HiddenQuad) {
            assert!(seen.contains_key(&t), "{t} was never needed: {seen:?}");
        }
    }
}
