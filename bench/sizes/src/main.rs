//! Scratch benchmark (not a product dependency): 16×16 Sudoku, dlx-sudoku against the
//! crates.io crates that solve 16×16, each solution checked. Run by `bench/sizes.sh`.
//!
//! `sizes-bench ENGINE MODE FILE`: ENGINE is `ours`, `yasgs`, `sudoko` or `sudoku-variants`;
//! MODE `first` (stop at the first solution) or `unique` (look for a second one; only the
//! crates that can). Prints the puzzles, the seconds of search (parsing excluded where the
//! crate allows) and the rate. `sizes-bench easy FILE` prints, for each puzzle of FILE, its
//! solution with 60 random cells blanked, each while the solution stays unique: puzzles easy
//! enough for every crate to finish.

use std::time::Instant;

use dlx_sudoku::formats::boards::{parse_boards, BoardFormat};
use dlx_sudoku::sudoku::{Alphabet, Board, Dlx, Engine, Puzzle, Verdict};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (engine, mode, file) = (&args[1], &args[2], args.last().unwrap());
    let text = std::fs::read_to_string(file).expect("the puzzle file");
    let parsed = parse_boards(&text, Some(BoardFormat::Line), None);
    assert!(parsed.error.is_none(), "{:?}", parsed.error);
    let puzzles: Vec<Puzzle> = parsed.cases.iter().map(|c| c.puzzle(BoardFormat::Line).unwrap()).collect();
    if engine == "easy" {
        let mut rng = dlx_sudoku::sudoku::generate::Rng::new(16);
        let mut dlx = Dlx::for_shape(puzzles[0].shape());
        for p in &puzzles {
            let mut b = dlx.solve(p).unwrap().unwrap();
            let mut cells: Vec<usize> = (0..b.cells().len()).collect();
            rng.shuffle(&mut cells);
            let mut blanked = 0;
            for &c in &cells {
                let d = b.get(c);
                b.set(c, 0);
                if dlx.count(&Puzzle::new(b.clone()).unwrap(), 2).unwrap() == 1 {
                    blanked += 1;
                } else {
                    b.set(c, d);
                }
                if blanked == 60 {
                    break;
                }
            }
            println!("{}", b.to_line(Alphabet::Letters));
        }
        return;
    }
    let unique = mode == "unique";
    let mut dlx = Dlx::for_shape(puzzles[0].shape());
    let mut solved = 0;
    let start = Instant::now();
    for p in &puzzles {
        let solution: Board = match engine.as_str() {
            "ours" if unique => match dlx.verdict(p).unwrap() {
                Verdict::Unique(b) => b,
                v => panic!("ours: {v:?}"),
            },
            "ours" => dlx.solve(p).unwrap().unwrap(),
            "yasgs" => {
                let line = p.givens().to_line(Alphabet::Digits).to_ascii_lowercase();
                let found = yasgs::solve(&line, if unique { 2 } else { 1 });
                assert_eq!(found.len(), 1, "yasgs: {found:?}");
                read(p, &found[0])
            }
            "sudoko" => {
                assert!(!unique, "sudoko stops at the first solution");
                let line = p.givens().to_line(Alphabet::Digits);
                let s = sudoko::Sudoku::from_string(&line, 16).unwrap();
                let s = sudoko::SudokuSolver::new().solve(s).unwrap();
                let cells: String = (0..256)
                    .map(|c| match s.get(c / 16, c % 16) {
                        Some(sudoko::Cell::Given(d) | sudoko::Cell::Filled(d)) => Alphabet::Digits.symbol(d),
                        _ => '.',
                    })
                    .collect();
                read(p, &cells)
            }
            "sudoku-variants" => {
                use sudoku_variants::solver::{BacktrackingSolver, Solution, Solver};
                let cells: Vec<String> = p.givens().cells().iter()
                    .map(|&d| if d == 0 { " ".to_string() } else { d.to_string() })
                    .collect();
                let code = format!("4x4;{}", cells.join(","));
                let sudoku = sudoku_variants::Sudoku::parse(&code, sudoku_variants::constraint::DefaultConstraint).unwrap();
                let Solution::Unique(grid) = BacktrackingSolver.solve(&sudoku) else { panic!("sudoku-variants") };
                let line: String = grid.cells().iter().map(|c| Alphabet::Digits.symbol(c.unwrap() as u8)).collect();
                read(p, &line)
            }
            other => panic!("unknown engine {other}"),
        };
        assert!(solution.solves(p.givens()), "{engine}: wrong answer for {}", p.givens());
        solved += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!("{engine} {mode} {solved} puzzles {secs:.3} s {:.1} puzzles/s", solved as f64 / secs);
}

/// A 16×16 answer in the 1–9, A–G alphabet (either case) as a board.
fn read(p: &Puzzle, line: &str) -> Board {
    Board::parse(p.shape(), Alphabet::Digits, line.trim()).unwrap()
}
