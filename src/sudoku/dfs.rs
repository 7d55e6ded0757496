//! Plain depth-first search, reproducing seed 001 (HDU 1426 "Sudoku Killer"): the empty cells
//! in reading order, digits in order from 1, row/column/box "used" tables. Exponential by design.
//!
//! The search is one steppable machine, [`Plain`], at every size: the [`Dfs`] engine (the
//! crate's oracle and yardstick) runs it to the end, and the page steps it, forwards and
//! backwards, beside the dancing-links search ("Plain backtracking"). A step back undoes one
//! event from the search's own state (nothing is recorded), so the state after N steps
//! forward and M back is the state after N − M forward.

use super::model::Shape;
use super::{node_budget, Board, Engine, EngineKind, GaveUp, Puzzle};

/// What one step of the plain search did (its inverse is what a step back undoes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlainEvent {
    /// The digit went into the empty cell: one node.
    Place { cell: usize, digit: u8 },
    /// The digit came out of the cell again (every later cell tried).
    TakeBack { cell: usize, digit: u8 },
    /// The cell, reached, has no digit at all that its row, column and box allow.
    DeadEnd { cell: usize },
    /// Every cell is filled.
    Solution,
    /// Every branch is tried.
    Done,
}

/// Where the machine is, besides the cells it has filled.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Phase {
    /// At the next empty cell (or, all filled, at a solution not yet reported): try the
    /// smallest digit above `last` (the digit last taken back here, 0 for none).
    Go,
    /// The solution was reported; next, back up.
    Solved,
    /// The dead end was reported; next, back up.
    Stuck,
    /// Nothing left.
    Done,
}

/// How many events of each kind the search has done (and not undone).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct PlainCounters {
    pub events: u64,
    /// Digits placed.
    pub nodes: u64,
    pub dead_ends: u64,
    pub solutions: u64,
}

/// The plain backtracking search of one puzzle, one event at a time, either way.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Plain {
    shape: Shape,
    cells: Vec<u8>,
    /// The empty cells of the puzzle, in reading order; the first `filled` hold digits.
    empties: Vec<usize>,
    filled: usize,
    /// The seed's "used" tables as bit sets: bit `d` of `rows[r]` is set when digit `d` is in row `r`.
    rows: Vec<u32>,
    cols: Vec<u32>,
    boxes: Vec<u32>,
    last: u8,
    phase: Phase,
    counters: PlainCounters,
    previous: Option<PlainEvent>,
    /// The cells at the first solution, once the search has reached it (and not stepped back
    /// before it): what a finished search shows, since at its end every digit is taken back.
    first: Option<Vec<u8>>,
}

impl Plain {
    /// The search of `cells` (`shape.cells()` of them, 0 for empty), whose givens must not
    /// clash (a checked puzzle's: [`Puzzle`]).
    pub fn new(shape: Shape, cells: &[u8]) -> Plain {
        debug_assert_eq!(cells.len(), shape.cells());
        let side = shape.side();
        let mut plain = Plain {
            shape,
            cells: cells.to_vec(),
            empties: (0..cells.len()).filter(|&c| cells[c] == 0).collect(),
            filled: 0,
            rows: vec![0; side],
            cols: vec![0; side],
            boxes: vec![0; side],
            last: 0,
            phase: Phase::Go,
            counters: PlainCounters::default(),
            previous: None,
            first: None,
        };
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                plain.flip(cell, digit);
            }
        }
        plain
    }

    /// Back to where the search began, at once.
    pub fn restart(&mut self) {
        for k in 0..self.filled {
            let cell = self.empties[k];
            self.flip(cell, self.cells[cell]);
            self.cells[cell] = 0;
        }
        (self.filled, self.last, self.phase) = (0, 0, Phase::Go);
        (self.counters, self.previous, self.first) = (PlainCounters::default(), None, None);
    }

    /// Marks `digit` used (or unused again) in the row, column and box of `cell`.
    fn flip(&mut self, cell: usize, digit: u8) {
        let side = self.shape.side();
        let bit = 1u32 << digit;
        self.rows[cell / side] ^= bit;
        self.cols[cell % side] ^= bit;
        self.boxes[self.shape.box_of(cell)] ^= bit;
    }

    /// The digits (as bits 1..=side) that `cell` may take beside the digits around it.
    fn allowed(&self, cell: usize) -> u32 {
        let side = self.shape.side();
        let used = self.rows[cell / side] | self.cols[cell % side] | self.boxes[self.shape.box_of(cell)];
        !used & (((1u32 << side) - 1) << 1)
    }

    /// The phase the search was in just before it backed up from `filled` cells: every
    /// digit of the next cell tried (the largest one taken back last), or a dead end, or a
    /// solution when all are filled.
    fn exhausted(&mut self) {
        match self.empties.get(self.filled) {
            None => (self.phase, self.last) = (Phase::Solved, 0),
            Some(&cell) => match self.allowed(cell) {
                0 => (self.phase, self.last) = (Phase::Stuck, 0),
                a => (self.phase, self.last) = (Phase::Go, (31 - a.leading_zeros()) as u8),
            },
        }
    }

    /// One event forward; `None` once the search is done.
    pub fn step(&mut self) -> Option<PlainEvent> {
        let event = match self.phase {
            Phase::Done => return None,
            Phase::Go => match self.empties.get(self.filled) {
                None => {
                    self.phase = Phase::Solved;
                    self.counters.solutions += 1;
                    if self.first.is_none() {
                        self.first = Some(self.cells.clone());
                    }
                    PlainEvent::Solution
                }
                Some(&cell) => {
                    let above = self.allowed(cell) & !((2u32 << self.last) - 1);
                    if above != 0 {
                        let digit = above.trailing_zeros() as u8;
                        self.flip(cell, digit);
                        self.cells[cell] = digit;
                        self.filled += 1;
                        self.last = 0;
                        self.counters.nodes += 1;
                        PlainEvent::Place { cell, digit }
                    } else if self.last == 0 {
                        self.phase = Phase::Stuck;
                        self.counters.dead_ends += 1;
                        PlainEvent::DeadEnd { cell }
                    } else {
                        self.back_up()
                    }
                }
            },
            Phase::Solved | Phase::Stuck => self.back_up(),
        };
        self.counters.events += 1;
        self.previous = Some(event);
        Some(event)
    }

    /// Takes the last digit placed back out (or ends the search at the top).
    fn back_up(&mut self) -> PlainEvent {
        if self.filled == 0 {
            self.phase = Phase::Done;
            return PlainEvent::Done;
        }
        self.filled -= 1;
        let cell = self.empties[self.filled];
        let digit = self.cells[cell];
        self.cells[cell] = 0;
        self.flip(cell, digit);
        (self.phase, self.last) = (Phase::Go, digit);
        PlainEvent::TakeBack { cell, digit }
    }

    /// Undoes the last event; returns it (`None` at the start).
    pub fn step_back(&mut self) -> Option<PlainEvent> {
        let event = self.previous?;
        match event {
            PlainEvent::Solution => {
                self.phase = Phase::Go;
                self.counters.solutions -= 1;
                if self.counters.solutions == 0 {
                    self.first = None;
                }
            }
            PlainEvent::DeadEnd { .. } => {
                self.phase = Phase::Go;
                self.counters.dead_ends -= 1;
            }
            PlainEvent::Done => self.exhausted(),
            PlainEvent::Place { cell, digit } => {
                self.filled -= 1;
                self.cells[cell] = 0;
                self.flip(cell, digit);
                // The digit tried here before: the largest one below it that the cells
                // before allow (they have not changed since).
                let below = self.allowed(cell) & ((1u32 << digit) - 1);
                self.last = if below == 0 {
                    0
                } else {
                    (31 - below.leading_zeros()) as u8
                };
                self.counters.nodes -= 1;
            }
            PlainEvent::TakeBack { cell, digit } => {
                self.flip(cell, digit);
                self.cells[cell] = digit;
                self.filled += 1;
                self.exhausted();
            }
        }
        self.counters.events -= 1;
        self.previous = self.event_before();
        Some(event)
    }

    /// The event that led to the present state (after a step back): read from the state.
    fn event_before(&self) -> Option<PlainEvent> {
        if self.counters.events == 0 {
            return None;
        }
        let at = |k: usize| self.empties[k];
        Some(match self.phase {
            Phase::Done => PlainEvent::Done,
            Phase::Solved => PlainEvent::Solution,
            Phase::Stuck => PlainEvent::DeadEnd { cell: at(self.filled) },
            Phase::Go if self.last == 0 => {
                let cell = at(self.filled - 1);
                PlainEvent::Place {
                    cell,
                    digit: self.cells[cell],
                }
            }
            Phase::Go => PlainEvent::TakeBack {
                cell: at(self.filled),
                digit: self.last,
            },
        })
    }

    pub fn counters(&self) -> PlainCounters {
        self.counters
    }

    /// The last event done and not undone.
    pub fn previous(&self) -> Option<PlainEvent> {
        self.previous
    }

    pub fn is_done(&self) -> bool {
        self.phase == Phase::Done
    }

    /// The cells at the first solution the search has reached, if it has.
    pub fn first_solution(&self) -> Option<&[u8]> {
        self.first.as_deref()
    }

    /// The cells as they stand (givens and the digits placed; 0 for empty).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Moves to just after the `nodes`-th digit placed (the start for 0), or to the end if
    /// the search places fewer; at most `max_events` events. True once there. Far back, it
    /// starts again rather than undoing more events than it would redo.
    pub fn seek_nodes(&mut self, nodes: u64, max_events: u64) -> bool {
        if nodes < self.counters.nodes && nodes < self.counters.nodes - nodes && self.counters.nodes > 1 << 16 {
            self.restart();
        }
        let at = |p: &Plain| {
            p.counters.nodes == nodes
                && (nodes == 0 && p.counters.events == 0 || matches!(p.previous, Some(PlainEvent::Place { .. })))
        };
        for _ in 0..max_events {
            if at(self) {
                return true;
            }
            let moved = if self.counters.nodes < nodes {
                self.step()
            } else {
                self.step_back()
            };
            if moved.is_none() || (self.is_done() && self.counters.nodes < nodes) {
                return true;
            }
        }
        at(self)
    }
}

/// The layout of [`Plain::state`]: the word at each place, and from [`PlainWord::Cells`] on,
/// the cells as they stand (0 for empty). Exported to JavaScript as it is.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
#[repr(u32)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlainWord {
    Nodes = 0,
    DeadEnds = 1,
    Solutions = 2,
    Events = 3,
    /// 1 once every branch is tried, else 0.
    Done = 4,
    /// The last event's [`PlainKind`].
    Kind = 5,
    /// The last event's cell (0 when it has none).
    Cell = 6,
    /// The last event's digit (0 when it has none).
    Digit = 7,
    /// The first cell.
    Cells = 8,
}

/// The kind of the last event in [`Plain::state`] ([`PlainEvent`], or none at the start).
/// Exported to JavaScript as it is.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
#[repr(u32)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlainKind {
    /// No event: the start.
    Start = 0,
    /// A digit placed in the cell.
    Place = 1,
    /// A digit taken back from the cell.
    TakeBack = 2,
    /// The cell has no digit left.
    DeadEnd = 3,
    Solution = 4,
    Done = 5,
}

impl Plain {
    /// The search's counters, its last event and its cells in one array, laid out as
    /// [`PlainWord`] says.
    pub fn state(&self) -> Vec<u64> {
        let c = self.counters;
        let (k, cell, digit) = match self.previous {
            None => (PlainKind::Start, 0, 0),
            Some(PlainEvent::Place { cell, digit }) => (PlainKind::Place, cell, digit),
            Some(PlainEvent::TakeBack { cell, digit }) => (PlainKind::TakeBack, cell, digit),
            Some(PlainEvent::DeadEnd { cell }) => (PlainKind::DeadEnd, cell, 0),
            Some(PlainEvent::Solution) => (PlainKind::Solution, 0, 0),
            Some(PlainEvent::Done) => (PlainKind::Done, 0, 0),
        };
        let head = [
            c.nodes,
            c.dead_ends,
            c.solutions,
            c.events,
            u64::from(self.is_done()),
            k as u64,
            cell as u64,
            u64::from(digit),
        ];
        debug_assert_eq!(head.len(), PlainWord::Cells as usize);
        head.into_iter()
            .chain(self.cells.iter().map(|&d| u64::from(d)))
            .collect()
    }
}

/// Plain backtracking as an engine: the 9×9 [`Plain`] run forwards to the end.
pub struct Dfs {
    max_nodes: u64,
}

impl Dfs {
    pub fn new() -> Dfs {
        Dfs { max_nodes: u64::MAX }
    }
}

impl Default for Dfs {
    fn default() -> Self {
        Dfs::new()
    }
}

impl Engine for Dfs {
    fn kind(&self) -> EngineKind {
        EngineKind::Dfs
    }

    fn set_max_nodes(&mut self, max: Option<u64>) {
        self.max_nodes = node_budget(max);
    }

    fn search(&mut self, puzzle: &Puzzle, visit: &mut dyn FnMut(&Board) -> bool) -> Result<(), GaveUp> {
        let mut plain = Plain::new(puzzle.shape(), puzzle.givens().cells());
        let mut board = puzzle.givens().clone();
        while let Some(event) = plain.step() {
            match event {
                PlainEvent::Place { .. } if plain.counters.nodes > self.max_nodes => {
                    return Err(GaveUp {
                        nodes: self.max_nodes,
                        found: 0,
                    })
                }
                PlainEvent::Solution => {
                    for (cell, &d) in plain.cells.iter().enumerate() {
                        board.set(cell, d);
                    }
                    if !visit(&board) {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{box_of, Bitmask};
    use super::*;
    use crate::sudoku::CELLS;

    fn puzzle(line: &str) -> Puzzle {
        line.parse().unwrap()
    }

    /// Every solution, checked against the givens, up to `limit`.
    fn solutions(engine: &mut dyn Engine, p: &Puzzle, limit: usize) -> Vec<Board> {
        let mut out = Vec::new();
        engine
            .search(p, &mut |g| {
                assert!(g.solves(p.givens()), "{g} does not solve {}", p.givens());
                out.push(g.clone());
                out.len() < limit
            })
            .unwrap();
        out
    }

    /// Seed 001's sample input and output ('?' written as '.').
    const SEED_IN: &str = concat!(
        "712.6.358",
        ".652.71.4",
        "..8513672",
        "924.56.37",
        "5.6...241",
        "1.372.9.5",
        "..1975486",
        "6.783.519",
        "859.4..23",
    );
    const SEED_OUT: &str = concat!(
        "712469358",
        "365287194",
        "498513672",
        "924156837",
        "576398241",
        "183724965",
        "231975486",
        "647832519",
        "859641723",
    );

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn solves_the_seed_sample() {
        let p = puzzle(SEED_IN);
        let all = solutions(&mut Dfs::new(), &p, 10);
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].to_string(), SEED_OUT);
        assert_eq!(Dfs::new().solve(&p).unwrap().unwrap().to_string(), SEED_OUT);
        assert_eq!(Dfs::new().kind(), EngineKind::Dfs);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_solved_grid_is_its_own_only_solution() {
        let p = puzzle(SEED_OUT);
        assert_eq!(solutions(&mut Dfs::new(), &p, 10), vec![p.givens().clone()]);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn finds_every_solution_in_order_and_stops_when_asked() {
        // Blank every 1 and 2 of the seed answer: swapping the 1s and 2s of a solution
        // gives another one, so there are at least two.
        let mut g = puzzle(SEED_OUT).givens().clone();
        for cell in 0..CELLS {
            if g.get(cell) == 1 || g.get(cell) == 2 {
                g.set(cell, 0);
            }
        }
        let p = Puzzle::new(g).unwrap();
        let dfs = solutions(&mut Dfs::new(), &p, 100);
        let bit = solutions(&mut Bitmask::new(), &p, 100);
        assert!(dfs.len() >= 2, "swapping all 1s and 2s gives a second solution");
        let mut a = dfs.clone();
        let mut b = bit.clone();
        a.sort_by_key(|g| g.to_string());
        b.sort_by_key(|g| g.to_string());
        assert_eq!(a, b);
        a.dedup();
        assert_eq!(a.len(), dfs.len(), "no solution is visited twice");
        // Reading order with digits ascending: solutions come out in lexicographic order.
        assert!(dfs.windows(2).all(|w| w[0].to_string() < w[1].to_string()));
        assert_eq!(Dfs::new().count(&p, 1).unwrap(), 1);
        assert_eq!(Dfs::new().count(&p, 0).unwrap(), 0);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn no_solution_when_a_cell_has_no_candidate() {
        // r1c9 sees 1..=8 in row 1 and 9 in column 9, but is empty.
        let mut line = String::from("12345678.");
        line.push_str("........9");
        line.push_str(&".".repeat(63));
        let p = puzzle(&line);
        assert_eq!(Dfs::new().verdict(&p).unwrap(), super::super::Verdict::None);
    }

    #[test] // native only: reads tests/data (no file system on wasm32)
    fn agrees_with_bitmask_on_easy_puzzles() {
        let text = {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles/kaggle_2k.txt");
            std::fs::read_to_string(path)
                .unwrap_or_else(|e| panic!("{path}: {e} (the repository's puzzle files, tests/data/puzzles)"))
        };
        for line in text.lines().take(50) {
            let p = puzzle(line);
            let v = Dfs::new().verdict(&p).unwrap();
            assert_eq!(v, Bitmask::new().verdict(&p).unwrap(), "{line}");
            let super::super::Verdict::Unique(g) = v else {
                panic!("{line}: {v:?}")
            };
            assert!(g.solves(p.givens()));
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn gives_up_at_its_node_limit() {
        let mut engine = Dfs::new();
        engine.set_max_nodes(Some(10_000));
        let runaway = puzzle(".................1.....2.3......3.2..............2.3......3.2.....4......2.......");
        assert_eq!(
            engine.verdict(&runaway),
            Err(GaveUp {
                nodes: 10_000,
                found: 0
            })
        );
        assert_eq!(engine.solve(&puzzle(SEED_IN)).unwrap().unwrap().to_string(), SEED_OUT);
        engine.set_max_nodes(Some(1));
        assert_eq!(engine.verdict(&puzzle(SEED_IN)), Err(GaveUp { nodes: 1, found: 0 }));
    }

    /// The seed's recursion as it was before the search became [`Plain`]: an independent
    /// count of its nodes (digits placed), dead ends (cells reached with no digit allowed)
    /// and solutions, 9×9 only; `None` past `cap` nodes.
    fn reference(line: &str, cap: u64) -> Option<(u64, u64, u64)> {
        /// `used[u][d]`: digit `d` is in unit `u` (rows 0..9, columns 9..18, boxes 18..27).
        struct R {
            used: [[bool; 10]; 27],
            empties: Vec<usize>,
            n: (u64, u64, u64),
            cap: u64,
        }
        fn units(cell: usize) -> [usize; 3] {
            [cell / 9, 9 + cell % 9, 18 + box_of(cell)]
        }
        fn go(r: &mut R, t: usize) -> bool {
            let Some(&cell) = r.empties.get(t) else {
                r.n.2 += 1;
                return true;
            };
            let mut any = false;
            for d in 1..=9 {
                if units(cell).iter().any(|&u| r.used[u][d]) {
                    continue;
                }
                any = true;
                r.n.0 += 1;
                if r.n.0 > r.cap {
                    return false;
                }
                units(cell).iter().for_each(|&u| r.used[u][d] = true);
                let go_on = go(r, t + 1);
                units(cell).iter().for_each(|&u| r.used[u][d] = false);
                if !go_on {
                    return false;
                }
            }
            r.n.1 += u64::from(!any);
            true
        }
        let cells = puzzle(line).givens().cells().to_vec();
        let mut r = R {
            used: [[false; 10]; 27],
            empties: (0..81).filter(|&c| cells[c] == 0).collect(),
            n: (0, 0, 0),
            cap,
        };
        for (cell, &d) in cells.iter().enumerate().filter(|(_, &d)| d != 0) {
            units(cell).iter().for_each(|&u| r.used[u][d as usize] = true);
        }
        go(&mut r, 0).then_some(r.n)
    }

    fn run_to_end(plain: &mut Plain) {
        while plain.step().is_some() {}
    }

    fn plain_of(line: &str) -> Plain {
        let shape = Shape::of_cells(line.len()).unwrap();
        let board = super::super::Board::parse(shape, super::super::Alphabet::default_for(shape), line).unwrap();
        Plain::new(shape, board.cells())
    }

    #[test] // native only: reads tests/data (no file system on wasm32)
    fn counts_what_the_seeds_recursion_counts_on_the_test_puzzles() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles/");
        let mut compared = 0;
        for (file, take) in [
            ("kaggle_2k.txt", 60),
            ("17_clue_sample.txt", 20),
            ("famous_hard.txt", 20),
        ] {
            let text = std::fs::read_to_string(format!("{dir}{file}"))
                .unwrap_or_else(|e| panic!("{dir}{file}: {e} (the repository's puzzle files, tests/data/puzzles)"));
            for line in text.lines().filter(|l| l.len() == 81).take(take) {
                // Debug builds: the puzzles the recursion finishes in 30,000 nodes.
                let Some((nodes, dead_ends, solutions)) = reference(line, 30_000) else {
                    continue;
                };
                let mut plain = plain_of(line);
                run_to_end(&mut plain);
                let c = plain.counters();
                assert_eq!(
                    (c.nodes, c.dead_ends, c.solutions),
                    (nodes, dead_ends, solutions),
                    "{file}: {line}"
                );
                compared += 1;
            }
        }
        assert!(compared >= 60, "only {compared} puzzles compared");
    }

    /// The page's examples the e2e test races (tests/e2e: the plain search's node count):
    /// the counts it expects are these.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_counts_the_page_shows_for_contest_puzzle_1() {
        let line = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
        let mut plain = plain_of(line);
        run_to_end(&mut plain);
        let c = plain.counters();
        assert_eq!(Some((c.nodes, c.dead_ends, c.solutions)), reference(line, u64::MAX));
        assert_eq!((c.nodes, c.dead_ends, c.solutions), (PAGE_NODES, PAGE_DEAD_ENDS, 1));
    }
    const PAGE_NODES: u64 = 330;

    /// At its end the search has taken every digit back; the first solution it reached is
    /// still there to show, until a step back goes before it.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_first_solution_stays_after_the_end_until_stepped_back_past() {
        let line = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
        let mut plain = plain_of(line);
        assert_eq!(plain.first_solution(), None);
        run_to_end(&mut plain);
        assert_eq!(
            plain.cells(),
            plain_of(line).cells(),
            "every digit taken back at the end"
        );
        let solved = Dfs::new().solve(&puzzle(line)).unwrap().unwrap();
        assert_eq!(plain.first_solution(), Some(solved.cells()));
        while plain.counters().solutions > 0 {
            assert_eq!(plain.first_solution(), Some(solved.cells()));
            plain.step_back();
        }
        assert_eq!(plain.first_solution(), None, "stepped back before it");
        run_to_end(&mut plain);
        plain.restart();
        assert_eq!(plain.first_solution(), None, "started again");
    }
    const PAGE_DEAD_ENDS: u64 = 68;

    /// Steps forwards and backwards by a fixed pattern, checking that every state equals
    /// the one the same number of plain steps forward reaches.
    fn check_back_and_forth(line: &str, events: u64) {
        let mut states = vec![plain_of(line)];
        let mut plain = plain_of(line);
        while (plain.counters().events) < events {
            if plain.step().is_none() {
                break;
            }
            states.push(plain.clone());
        }
        let end = states.len() - 1;
        // Back to the start one event at a time.
        for k in (0..end).rev() {
            assert!(plain.step_back().is_some());
            assert_eq!(plain, states[k], "{line}: after stepping back to event {k}");
        }
        assert_eq!(plain.step_back(), None, "nothing before the start");
        // N forward, M back, by a pattern that reaches everywhere.
        let mut at = 0usize;
        for (i, (f, b)) in [(7, 3), (50, 49), (1, 1), (200, 13), (1000, 999), (5, 0)]
            .iter()
            .cycle()
            .take(60)
            .enumerate()
        {
            for _ in 0..*f {
                if at < end {
                    plain.step();
                    at += 1;
                }
            }
            for _ in 0..*b {
                if at > 0 {
                    plain.step_back();
                    at -= 1;
                }
            }
            assert_eq!(plain, states[at], "{line}: round {i}, at event {at}");
        }
        // Seeking by nodes lands just after that node's Place, from either side.
        let target = states[end].counters().nodes / 2;
        assert!(plain.seek_nodes(target, u64::MAX));
        assert_eq!(plain.counters().nodes, target);
        assert!(target == 0 || matches!(plain.previous(), Some(PlainEvent::Place { .. })));
        let first = states.iter().position(|s| s.counters().nodes == target).unwrap();
        assert_eq!(plain, states[first]);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn steps_back_exactly_at_4x4_and_9x9() {
        // Several solutions, a dead end (no solution), and a 9×9 with dead ends and a solution.
        check_back_and_forth("1..4..3.........", u64::MAX);
        check_back_and_forth("....2..3.4.....1", u64::MAX);
        check_back_and_forth(SEED_IN, u64::MAX);
        check_back_and_forth(
            ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
            20_000,
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn every_size_runs_and_comes_back() {
        // The empty 4×4 has 288 solutions; every one is found, each a valid grid.
        let mut plain = plain_of(&".".repeat(16));
        let fresh = plain.clone();
        let mut found = 0;
        while let Some(e) = plain.step() {
            if e == PlainEvent::Solution {
                found += 1;
                let b = super::super::Board::parse(
                    Shape::FOUR,
                    super::super::Alphabet::default_for(Shape::FOUR),
                    &plain.cells().iter().map(|d| char::from(b'0' + d)).collect::<String>(),
                )
                .unwrap();
                assert!(b.clashes().is_empty() && b.filled() == 16);
            }
        }
        assert_eq!((found, plain.counters().solutions), (288, 288));
        assert!(plain.is_done() && plain.step().is_none());
        plain.restart();
        assert_eq!(plain, fresh);
        // 16×16: the POJ 3076 answer with every 7th cell blanked has one solution, the
        // answer; 25×25 steps and comes back too.
        let answer: String = include_str!("../../tests/data/poj3076.out").lines().take(16).collect();
        let mut given: Vec<u8> = answer.bytes().map(|b| b - b'A' + 1).collect();
        for d in given.iter_mut().step_by(7) {
            *d = 0;
        }
        let mut plain = Plain::new(Shape::SIXTEEN, &given);
        let mut solved = Vec::new();
        while let Some(e) = plain.step() {
            if e == PlainEvent::Solution {
                solved = plain.cells().to_vec();
            }
        }
        assert_eq!(plain.counters().solutions, 1);
        assert_eq!(
            solved.iter().map(|d| char::from(b'A' + d - 1)).collect::<String>(),
            answer
        );
        let mut plain = Plain::new(Shape::TWENTY_FIVE, &[0; 625]);
        let fresh = plain.clone();
        for _ in 0..1000 {
            plain.step();
        }
        assert!(plain.counters().nodes > 0 && plain.counters().events == 1000);
        plain.restart();
        assert_eq!(plain, fresh);
    }

    /// Plain backtracking as the page drives it, read through [`Plain::state`] as
    /// [`PlainWord`] lays it out: to the end (Contest puzzle 1: 330 nodes, 68 dead ends, 1
    /// solution), back to a node, and back to the start.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_plain_state_runs_to_the_end_and_back() {
        use crate::sudoku::{Dlx, Engine};
        let line = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
        let puzzle = crate::formats::any::one_puzzle(line).unwrap();
        let mut s = Plain::new(Shape::NINE, puzzle.givens().cells());
        let w = |w: PlainWord| w as usize;
        let start = s.state();
        assert_eq!(start.len(), w(PlainWord::Cells) + 81);
        assert_eq!(w(PlainWord::Cells), 8);
        assert_eq!(start[..w(PlainWord::Done)], [0; 4]);
        assert_eq!(start[w(PlainWord::Kind)], PlainKind::Start as u64);
        let cells: Vec<u64> = puzzle.givens().cells().iter().map(|&d| u64::from(d)).collect();
        assert_eq!(start[w(PlainWord::Cells)..], cells[..]);
        assert!(s.seek_nodes(u64::MAX, 1_000_000_000));
        let end = s.state();
        let at = |st: &[u64], k: PlainWord| st[w(k)];
        assert_eq!(
            [
                PlainWord::Nodes,
                PlainWord::DeadEnds,
                PlainWord::Solutions,
                PlainWord::Done,
                PlainWord::Kind
            ]
            .map(|k| at(&end, k)),
            [330, 68, 1, 1, PlainKind::Done as u64]
        );
        assert_eq!(at(&end, PlainWord::Events), s.counters().events);
        let solved = s.first_solution().unwrap().to_vec();
        assert_eq!(solved.len(), 81);
        assert!(
            solved
                .iter()
                .zip(line.bytes())
                .all(|(&d, b)| d != 0 && (b == b'.' || d == b - b'0')),
            "{solved:?}"
        );
        let dlx = Dlx::new().solve(&puzzle).unwrap().unwrap();
        assert_eq!(solved, dlx.cells(), "the one solution, as the DLX search finds it");
        assert!(!s.seek_nodes(2, 10), "ten events are not enough to get back");
        assert!(s.seek_nodes(2, 1_000_000_000));
        let st = s.state();
        assert_eq!(
            (at(&st, PlainWord::Nodes), at(&st, PlainWord::Kind)),
            (2, PlainKind::Place as u64),
            "just after the second digit placed"
        );
        let (cell, digit) = (at(&st, PlainWord::Cell) as usize, at(&st, PlainWord::Digit));
        assert_eq!(st[w(PlainWord::Cells) + cell], digit, "the digit placed is in its cell");
        assert!(digit > 0 && line.as_bytes()[cell] == b'.');
        assert!(s.seek_nodes(0, 1_000_000_000));
        assert_eq!(s.state(), start);
        assert!(s.first_solution().is_none(), "back at the start: no solution reached");
    }
}
