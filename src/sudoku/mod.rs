//! Sudoku on top of the exact-cover engine, and two plain backtracking engines
//! that answer the same questions (they serve as oracles and as yardsticks).
//!
//! ```
//! use dlx_sudoku::sudoku::{Dlx, Engine, Puzzle, Verdict};
//! let puzzle: Puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
//!     .parse().unwrap();
//! let Verdict::Unique(solution) = Dlx::new().verdict(&puzzle).unwrap() else { panic!() };
//! assert!(solution.solves(puzzle.givens()));
//! ```

use std::fmt;
use std::str::FromStr;

mod bitmask;
mod dfs;
pub mod dlx;
pub mod generate;
mod grid;
pub mod logic;
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

/// A search stopped at its node limit (see [`Engine::set_max_nodes`]) before it was over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GaveUp {
    /// The limit it reached.
    pub nodes: u64,
}

impl fmt::Display for GaveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun = if self.nodes == 1 { "node" } else { "nodes" };
        write!(f, "gave up after {} {noun}", self.nodes)
    }
}

impl std::error::Error for GaveUp {}

/// A Sudoku search. Every engine finds the same solutions, in its own order.
///
/// Each search can be held to a number of *nodes*: placements of a digit in a cell that it
/// tries (for DLX, options tried). Engines start with no limit; the oracles' searches can
/// grow without practical bound on some puzzles, so the command line sets one.
pub trait Engine {
    /// Which engine this is.
    fn kind(&self) -> EngineKind;

    /// Stops each later search that would try more than `max` nodes, with [`GaveUp`];
    /// `None` lets searches run to their end.
    fn set_max_nodes(&mut self, max: Option<u64>);

    /// Calls `visit` with each solution of `puzzle` until `visit` returns `false`
    /// or no solution is left.
    fn search(&mut self, puzzle: &Puzzle, visit: &mut dyn FnMut(&Grid) -> bool) -> Result<(), GaveUp>;

    /// The search counters summed over every puzzle this engine searched, for engines
    /// that keep them (DLX).
    fn counters(&self) -> Option<crate::exact_cover::Counters> {
        None
    }

    /// The first solution found, if any.
    fn solve(&mut self, puzzle: &Puzzle) -> Result<Option<Grid>, GaveUp> {
        let mut found = None;
        self.search(puzzle, &mut |g| {
            found = Some(*g);
            false
        })?;
        Ok(found)
    }

    /// The number of solutions, counting no further than `limit`.
    fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Result<u64, GaveUp> {
        let mut n = 0;
        if limit > 0 {
            self.search(puzzle, &mut |_| {
                n += 1;
                n < limit
            })?;
        }
        Ok(n)
    }

    /// No solution, one, or several (stopping at the second, as a uniqueness check does).
    fn verdict(&mut self, puzzle: &Puzzle) -> Result<Verdict, GaveUp> {
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
        })?;
        Ok(verdict)
    }
}

/// The node budget of an engine: `u64::MAX` stands for no limit, which no search can reach.
fn node_budget(max: Option<u64>) -> u64 {
    max.unwrap_or(u64::MAX)
}

/// The engines by name: what the command line's `--engine` chooses from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum EngineKind {
    /// Dancing links ([`Dlx`]).
    Dlx,
    /// Bitmask depth-first search with the fewest-candidates cell ([`Bitmask`]).
    Bitmask,
    /// Plain depth-first search in reading order ([`Dfs`]).
    Dfs,
}

impl EngineKind {
    /// Every engine, fastest first.
    pub const ALL: [EngineKind; 3] = [EngineKind::Dlx, EngineKind::Bitmask, EngineKind::Dfs];

    /// `dlx`, `bitmask` or `dfs`.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Dlx => "dlx",
            EngineKind::Bitmask => "bitmask",
            EngineKind::Dfs => "dfs",
        }
    }

    /// A new engine of this kind.
    pub fn engine(self) -> Box<dyn Engine + Send> {
        match self {
            EngineKind::Dlx => Box::new(Dlx::new()),
            EngineKind::Bitmask => Box::new(Bitmask::new()),
            EngineKind::Dfs => Box::new(Dfs::new()),
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not `dlx`, `bitmask` or `dfs`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownEngine(pub String);

impl fmt::Display for UnknownEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown engine {:?} (expected dlx, bitmask or dfs)", self.0)
    }
}

impl std::error::Error for UnknownEngine {}

impl FromStr for EngineKind {
    type Err = UnknownEngine;
    fn from_str(name: &str) -> Result<EngineKind, UnknownEngine> {
        EngineKind::ALL
            .into_iter()
            .find(|e| e.name() == name)
            .ok_or_else(|| UnknownEngine(name.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn engine_names_round_trip() {
        for kind in EngineKind::ALL {
            assert_eq!(kind.to_string().parse::<EngineKind>(), Ok(kind));
            assert_eq!(kind.engine().kind(), kind);
        }
        assert_eq!(
            "all".parse::<EngineKind>().unwrap_err().to_string(),
            "unknown engine \"all\" (expected dlx, bitmask or dfs)"
        );
    }
}
