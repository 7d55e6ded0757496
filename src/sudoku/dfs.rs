//! Plain depth-first search, reproducing seed 001 (HDU 1426 "Sudoku Killer"): the empty cells
//! in reading order, digits 1..=9 in order, row/column/box "used" tables. Exponential by design.

use super::{box_of, node_budget, Engine, EngineKind, GaveUp, Grid, Puzzle, CELLS};

/// Plain backtracking: fills the empty cells in reading order, trying 1..=9 in each.
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

/// The seed's tables: `row[r][d]`, `col[c][d]`, `boxes[b][d]` are true when digit `d`
/// is already placed in that unit.
struct State<'v> {
    cells: [u8; CELLS],
    row: [[bool; 10]; 9],
    col: [[bool; 10]; 9],
    boxes: [[bool; 10]; 9],
    /// The empty cells in reading order.
    empties: Vec<usize>,
    visit: &'v mut dyn FnMut(&Grid) -> bool,
    /// Digits placed so far, and how many may be.
    nodes: u64,
    max_nodes: u64,
    /// Set when the search stopped at `max_nodes`.
    gave_up: bool,
}

impl State<'_> {
    fn mark(&mut self, cell: usize, digit: u8, used: bool) {
        let d = digit as usize;
        self.row[cell / 9][d] = used;
        self.col[cell % 9][d] = used;
        self.boxes[box_of(cell)][d] = used;
    }

    /// Fills `empties[t..]`; returns false once the visitor asks to stop.
    fn dfs(&mut self, t: usize) -> bool {
        if t == self.empties.len() {
            let grid = Grid::from_cells(self.cells).expect("digits stay in 1..=9");
            return (self.visit)(&grid);
        }
        let cell = self.empties[t];
        let (r, c, b) = (cell / 9, cell % 9, box_of(cell));
        for digit in 1..=9u8 {
            let d = digit as usize;
            if self.row[r][d] || self.col[c][d] || self.boxes[b][d] {
                continue;
            }
            if self.nodes == self.max_nodes {
                self.gave_up = true;
                return false;
            }
            self.nodes += 1;
            self.mark(cell, digit, true);
            self.cells[cell] = digit;
            let go_on = self.dfs(t + 1);
            self.cells[cell] = 0;
            self.mark(cell, digit, false);
            if !go_on {
                return false;
            }
        }
        true
    }
}

impl Engine for Dfs {
    fn kind(&self) -> EngineKind {
        EngineKind::Dfs
    }

    fn set_max_nodes(&mut self, max: Option<u64>) {
        self.max_nodes = node_budget(max);
    }

    fn search(&mut self, puzzle: &Puzzle, visit: &mut dyn FnMut(&Grid) -> bool) -> Result<(), GaveUp> {
        let cells = *puzzle.givens().cells();
        let mut state = State {
            cells,
            row: [[false; 10]; 9],
            col: [[false; 10]; 9],
            boxes: [[false; 10]; 9],
            empties: (0..CELLS).filter(|&cell| cells[cell] == 0).collect(),
            visit,
            nodes: 0,
            max_nodes: self.max_nodes,
            gave_up: false,
        };
        for (cell, &digit) in cells.iter().enumerate() {
            if digit != 0 {
                state.mark(cell, digit, true);
            }
        }
        state.dfs(0);
        match state.gave_up {
            true => Err(GaveUp {
                nodes: state.nodes,
                found: 0,
            }),
            false => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Bitmask;
    use super::*;

    fn puzzle(line: &str) -> Puzzle {
        line.parse().unwrap()
    }

    /// Every solution, checked against the givens, up to `limit`.
    fn solutions(engine: &mut dyn Engine, p: &Puzzle, limit: usize) -> Vec<Grid> {
        let mut out = Vec::new();
        engine
            .search(p, &mut |g| {
                assert!(g.solves(p.givens()), "{g} does not solve {}", p.givens());
                out.push(*g);
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
        assert_eq!(all[0].to_line(), SEED_OUT);
        assert_eq!(Dfs::new().solve(&p).unwrap().unwrap().to_line(), SEED_OUT);
        assert_eq!(Dfs::new().kind(), EngineKind::Dfs);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_solved_grid_is_its_own_only_solution() {
        let p = puzzle(SEED_OUT);
        assert_eq!(solutions(&mut Dfs::new(), &p, 10), vec![*p.givens()]);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn finds_every_solution_in_order_and_stops_when_asked() {
        // Blank every 1 and 2 of the seed answer: swapping the 1s and 2s of a solution
        // gives another one, so there are at least two.
        let mut g = *puzzle(SEED_OUT).givens();
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
        a.sort_by_key(|g| g.to_line());
        b.sort_by_key(|g| g.to_line());
        assert_eq!(a, b);
        a.dedup();
        assert_eq!(a.len(), dfs.len(), "no solution is visited twice");
        // Reading order with digits ascending: solutions come out in lexicographic order.
        assert!(dfs.windows(2).all(|w| w[0].to_line() < w[1].to_line()));
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

    #[test] // native only: reads ../shared (no file system on wasm32)
    fn agrees_with_bitmask_on_easy_puzzles() {
        let text = {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/puzzles/kaggle_10k.txt");
            std::fs::read_to_string(path)
                .unwrap_or_else(|e| panic!("{path}: {e} (the shared puzzle folder belongs beside the repository)"))
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
        assert_eq!(engine.solve(&puzzle(SEED_IN)).unwrap().unwrap().to_line(), SEED_OUT);
        engine.set_max_nodes(Some(1));
        assert_eq!(engine.verdict(&puzzle(SEED_IN)), Err(GaveUp { nodes: 1, found: 0 }));
    }
}
