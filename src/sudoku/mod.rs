//! Sudoku on top of the exact-cover engine, and two plain backtracking engines
//! that answer the same questions (they serve as oracles and as yardsticks).
//!
//! One family for every size. A [`Board`] is a grid of any [`Shape`] (4×4 to 25×25; 9×9 is
//! [`Shape::NINE`], one shape among the four), a [`Puzzle`] a board whose givens do not
//! clash, and an [`Engine`] searches any puzzle and reports [`Board`]s: one [`dlx::start`],
//! one `Watch::sudoku` (the watched search, [`crate::watch`], begins with that same start), one
//! engine per [`EngineKind`]. The 9×9 speed is kept as specialisations each engine chooses
//! inside its one entry point from `puzzle.shape()`, as the exact-cover engine chooses its
//! width classes inside one dispatch: the bitmask search runs seed 003's cell-only search
//! at 9×9 and adds a digit's places at the other sizes; DLX keeps one matrix per size.
//! Hints and ratings ([`logic`]) and the search effort ([`generate::measure`]) work at every
//! size; the 9×9 generator ([`generate::Generator`]) and the judges' 9×9 formats take
//! [`Board`]s too: there is no second, 9×9-only board type.
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
mod board;
pub mod check;
mod dfs;
pub mod dlx;
pub mod generate;
mod grid;
pub mod logic;
pub mod model;

pub use bitmask::Bitmask;
pub use board::{Alphabet, Board, Puzzle, SymbolError};
pub use dfs::{Dfs, Plain, PlainCounters, PlainEvent, PlainKind, PlainWord};
pub use dlx::Dlx;
pub use grid::{box_of, cell_name, CellError, Clash, LineError, PuzzleError, Unit, CELLS};
pub use model::Shape;

/// What a puzzle's solutions are, as far as a uniqueness check needs to know.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Verdict {
    None,
    Unique(Board),
    /// The first two solutions found; they differ in at least one cell.
    Multiple(Board, Board),
}

/// A search as the answers below drive it: it calls its visitor with each solution until the
/// visitor returns `false`.
type Searcher<'a> = &'a mut dyn FnMut(&mut dyn FnMut(&Board) -> bool) -> Result<(), GaveUp>;

/// The first solution a search finds, if any.
fn first_of(search: Searcher<'_>) -> Result<Option<Board>, GaveUp> {
    let mut found = None;
    search(&mut |g| {
        found = Some(g.clone());
        false
    })?;
    Ok(found)
}

/// The number of solutions a search finds, counting no further than `limit`.
fn count_of(search: Searcher<'_>, limit: u64) -> Result<u64, GaveUp> {
    let mut n = 0;
    if limit > 0 {
        let searched = search(&mut |_| {
            n += 1;
            n < limit
        });
        searched.map_err(|gave_up| GaveUp { found: n, ..gave_up })?;
    }
    Ok(n)
}

/// No solution, one, or several (stopping at the second).
fn verdict_of(search: Searcher<'_>) -> Result<Verdict, GaveUp> {
    let mut verdict = Verdict::None;
    let searched = search(&mut |g| match &verdict {
        Verdict::None => {
            verdict = Verdict::Unique(g.clone());
            true
        }
        Verdict::Unique(a) => {
            verdict = Verdict::Multiple(a.clone(), g.clone());
            false
        }
        Verdict::Multiple(..) => false,
    });
    // Giving up after a solution, the search has shown the puzzle has one, not whether it
    // has a second.
    let found = u64::from(matches!(verdict, Verdict::Unique(_)));
    searched.map_err(|gave_up| GaveUp { found, ..gave_up })?;
    Ok(verdict)
}

/// A search stopped at its node limit (see [`Engine::set_max_nodes`]) before it was over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct GaveUp {
    /// The limit it reached.
    pub nodes: u64,
    /// The solutions it had found by then (counting, or checking a solution is unique).
    pub found: u64,
}

impl fmt::Display for GaveUp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun = if self.nodes == 1 { "node" } else { "nodes" };
        write!(f, "gave up after {} {noun}", self.nodes)?;
        match self.found {
            0 => Ok(()),
            1 => write!(f, ", at least 1 solution"),
            n => write!(f, ", at least {n} solutions"),
        }
    }
}

impl std::error::Error for GaveUp {}

/// A Sudoku search at every size, 4×4 to 25×25. Every engine finds the same solutions, in its
/// own order; each picks its 9×9 specialisation itself, from the puzzle's shape.
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
    fn search(&mut self, puzzle: &Puzzle, visit: &mut dyn FnMut(&Board) -> bool) -> Result<(), GaveUp>;

    /// The search counters summed over every puzzle this engine searched, for engines
    /// that keep them (DLX).
    fn counters(&self) -> Option<crate::exact_cover::Counters> {
        None
    }

    /// The first solution found, if any.
    fn solve(&mut self, puzzle: &Puzzle) -> Result<Option<Board>, GaveUp> {
        first_of(&mut |visit| self.search(puzzle, visit))
    }

    /// The number of solutions, counting no further than `limit`.
    fn count(&mut self, puzzle: &Puzzle, limit: u64) -> Result<u64, GaveUp> {
        count_of(&mut |visit| self.search(puzzle, visit), limit)
    }

    /// No solution, one, or several (stopping at the second, as a uniqueness check does).
    fn verdict(&mut self, puzzle: &Puzzle) -> Result<Verdict, GaveUp> {
        verdict_of(&mut |visit| self.search(puzzle, visit))
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

    /// Whether this engine is offered for puzzles of `shape`: the plain DFS, exponential by
    /// design, only for 9×9 (it searches every size, but a 16×16 takes it years).
    pub fn takes(self, shape: Shape) -> bool {
        self != EngineKind::Dfs || shape == Shape::NINE
    }

    /// A new engine of this kind, ready for puzzles of `shape` (DLX builds its matrix for it;
    /// every engine takes any size).
    pub fn engine(self, shape: Shape) -> Box<dyn Engine + Send> {
        match self {
            EngineKind::Dlx => Box::new(Dlx::for_shape(shape)),
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
            assert_eq!(kind.engine(Shape::NINE).kind(), kind);
        }
        assert_eq!(
            "all".parse::<EngineKind>().unwrap_err().to_string(),
            "unknown engine \"all\" (expected dlx, bitmask or dfs)"
        );
    }

    /// Only DLX keeps search counters; the others say they have none rather than zeros.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn only_dlx_keeps_counters() {
        // An easy puzzle (30 blanks, one solution), quick for the plain depth-first search too.
        let p: Puzzle = "712.6.358.652.71.4..8513672924.56.375.6...2411.372.9.5..19754866.783.519859.4..23"
            .parse()
            .unwrap();
        for kind in EngineKind::ALL {
            let mut engine = kind.engine(Shape::NINE);
            assert_eq!(engine.count(&p, 2), Ok(1), "{kind}");
            assert_eq!(
                engine.counters().is_some_and(|c| c.nodes > 0),
                kind == EngineKind::Dlx,
                "{kind}"
            );
            assert_eq!(engine.counters().is_none(), kind != EngineKind::Dlx, "{kind}");
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn giving_up_says_after_how_many_nodes() {
        assert_eq!(GaveUp { nodes: 1, found: 0 }.to_string(), "gave up after 1 node");
        assert_eq!(GaveUp { nodes: 2500, found: 0 }.to_string(), "gave up after 2500 nodes");
        assert_eq!(
            GaveUp { nodes: 2500, found: 1 }.to_string(),
            "gave up after 2500 nodes, at least 1 solution"
        );
        assert_eq!(
            GaveUp { nodes: 9, found: 3 }.to_string(),
            "gave up after 9 nodes, at least 3 solutions"
        );
    }
}
