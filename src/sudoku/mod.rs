//! Sudoku on top of the exact-cover engine, and two plain backtracking engines
//! that answer the same questions (they serve as oracles and as yardsticks).
//!
//! ```
//! use dlx_sudoku::sudoku::{Dlx, Engine, Puzzle, Verdict};
//! let puzzle: Puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
//!     .parse().unwrap();
//! let Verdict::Unique(solution) = Dlx::new().verdict(&puzzle) else { panic!() };
//! assert!(solution.solves(puzzle.givens()));
//! ```

mod bitmask;
mod dfs;
pub mod dlx;
mod grid;
pub mod model;

pub use bitmask::Bitmask;
pub use dfs::Dfs;
pub use dlx::Dlx;
pub use grid::{box_of, cell_name, CellError, Clash, Grid, LineError, Puzzle, PuzzleError, Unit, ALL_DIGITS, CELLS};

/// What a puzzle's solutions are, as far as a uniqueness check needs to know.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    None,
    Unique(Grid),
    /// The first two solutions found; they differ in at least one cell.
    Multiple(Grid, Grid),
}

/// A Sudoku search. Every engine finds the same solutions, in its own order.
pub trait Engine {
    /// The name the command line uses for it (`dlx`, `bitmask`, `dfs`).
    fn name(&self) -> &'static str;

    /// Calls `visit` with each solution of `puzzle` until `visit` returns `false`
    /// or no solution is left.
    fn search(&mut self, puzzle: &Puzzle, visit: &mut dyn FnMut(&Grid) -> bool);

    /// The search counters summed over every puzzle this engine searched, for engines
    /// that keep them (DLX).
    fn counters(&self) -> Option<crate::exact_cover::Counters> {
        None
    }

    /// The first solution found, if any.
    fn solve(&mut self, puzzle: &Puzzle) -> Option<Grid> {
        let mut found = None;
        self.search(puzzle, &mut |g| {
            found = Some(*g);
            false
        });
        found
    }

    /// The number of solutions, counting no further than `limit`.
    fn count(&mut self, puzzle: &Puzzle, limit: u64) -> u64 {
        let mut n = 0;
        if limit > 0 {
            self.search(puzzle, &mut |_| {
                n += 1;
                n < limit
            });
        }
        n
    }

    /// No solution, one, or several (stopping at the second, as a uniqueness check does).
    fn verdict(&mut self, puzzle: &Puzzle) -> Verdict {
        let mut first = None;
        let mut verdict = Verdict::None;
        self.search(puzzle, &mut |g| match first {
            None => {
                first = Some(*g);
                verdict = Verdict::Unique(*g);
                true
            }
            Some(a) => {
                verdict = Verdict::Multiple(a, *g);
                false
            }
        });
        verdict
    }
}

/// The engine of that name (`dlx`, `bitmask`, `dfs`), if there is one.
pub fn engine(name: &str) -> Option<Box<dyn Engine + Send>> {
    match name {
        "dlx" => Some(Box::new(Dlx::new())),
        "bitmask" => Some(Box::new(Bitmask::new())),
        "dfs" => Some(Box::new(Dfs::new())),
        _ => None,
    }
}
