//! Bitmask depth-first search, reproducing seed 003 (AcWing): row/column/box masks of free
//! digits, always the empty cell with the fewest candidates (first in reading order on ties),
//! candidates tried lowest digit first via lowbit. That is the search of 9×9 puzzles; at the
//! other sizes a digit with fewer places left in a unit than that cell has candidates is
//! branched on instead.

use super::model::{Shape, MAX_CELLS, MAX_ORDER};
use super::{node_budget, Board, Engine, EngineKind, GaveUp, Puzzle};

/// Bitmask backtracking with the fewest-candidates cell (on boards, or the fewest places of a
/// digit in a unit when they are fewer); no other inference. It solves every size (a `u32`
/// holds 25 candidates), and is the oracle the DLX engine is tested against.
pub struct Bitmask {
    max_nodes: u64,
}

impl Bitmask {
    pub fn new() -> Bitmask {
        Bitmask { max_nodes: u64::MAX }
    }

    /// Searches the grid `givens` of `shape` (its givens do not clash), calling `visit` with
    /// the cells of each solution. With `places`, a digit with fewer places left in a unit
    /// than the best cell has candidates is branched on instead (see [`State::best_place`]).
    fn run(
        &self,
        shape: Shape,
        places: bool,
        givens: &[u8],
        visit: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Result<(), GaveUp> {
        let mut state = State::new(shape, places, givens, visit, self.max_nodes);
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

impl Default for Bitmask {
    fn default() -> Self {
        Bitmask::new()
    }
}

/// Rows, columns, boxes and digits of the largest grid.
const SIDE: usize = MAX_ORDER * MAX_ORDER;

/// An empty cell with its row, column and box.
#[derive(Clone, Copy, Default)]
struct Slot {
    cell: u16,
    row: u8,
    col: u8,
    bx: u8,
}

/// The search state. Masks hold the digits still free in each unit (bit `d` for digit `d`),
/// as the seed's `row`, `cal` and `cell` arrays do.
struct State<'v> {
    rows: [u32; SIDE],
    cols: [u32; SIDE],
    boxes: [u32; SIDE],
    cells: [u8; MAX_CELLS],
    /// `empties[depth..len]` are the cells still empty, in no particular order: the cell to
    /// fill is chosen by its candidate count and then its index, never by its slot.
    empties: [Slot; MAX_CELLS],
    len: usize,
    shape: Shape,
    /// Branch on the fewest places of a digit in a unit too, not only on cells.
    places: bool,
    /// Cells of the grid: `cells[..cell_count]`.
    cell_count: usize,
    visit: &'v mut dyn FnMut(&[u8]) -> bool,
    /// Digits placed so far, and how many may be.
    nodes: u64,
    max_nodes: u64,
    /// Set when the search stopped at `max_nodes`.
    gave_up: bool,
}

impl<'v> State<'v> {
    /// The search's start on the grid `givens` of `shape` (its givens do not clash).
    fn new(
        shape: Shape,
        places: bool,
        givens: &[u8],
        visit: &'v mut dyn FnMut(&[u8]) -> bool,
        max_nodes: u64,
    ) -> State<'v> {
        let side = shape.side();
        // Bits 1..=side: every digit is still free.
        let all = ((1u32 << side) - 1) << 1;
        let mut state = State {
            rows: [all; SIDE],
            cols: [all; SIDE],
            boxes: [all; SIDE],
            cells: [0; MAX_CELLS],
            empties: [Slot::default(); MAX_CELLS],
            len: 0,
            shape,
            places,
            cell_count: shape.cells(),
            visit,
            nodes: 0,
            max_nodes,
            gave_up: false,
        };
        state.cells[..givens.len()].copy_from_slice(givens);
        for (cell, &digit) in givens.iter().enumerate() {
            let (r, c, b) = (cell / side, cell % side, shape.box_of(cell));
            if digit == 0 {
                let (cell, row, col, bx) = (cell as u16, r as u8, c as u8, b as u8);
                state.empties[state.len] = Slot { cell, row, col, bx };
                state.len += 1;
            } else {
                // A puzzle's givens never clash, so each bit is still set here.
                let bit = !(1u32 << digit);
                state.rows[r] &= bit;
                state.cols[c] &= bit;
                state.boxes[b] &= bit;
            }
        }
        state
    }

    /// Fills `empties[depth..len]`; returns false once the visitor asks to stop.
    fn dfs(&mut self, depth: usize) -> bool {
        if depth == self.len {
            return (self.visit)(&self.cells[..self.cell_count]);
        }
        // The cell with the fewest candidates, the lowest index on ties: the smallest
        // `count << 10 | cell`. A cell with none is a dead end, so stop looking at once.
        let mut best_key = u32::MAX;
        let mut best_slot = depth;
        let mut best_free = 0;
        for i in depth..self.len {
            let s = self.empties[i];
            let free = self.rows[s.row as usize] & self.cols[s.col as usize] & self.boxes[s.bx as usize];
            let key = free.count_ones() << 10 | u32::from(s.cell);
            if key < best_key {
                if free == 0 {
                    return true;
                }
                best_key = key;
                best_slot = i;
                best_free = free;
            }
        }
        if self.places && best_free.count_ones() > 1 {
            match self.best_place(depth, best_free.count_ones()) {
                Some((0, _)) => return true,
                Some((digit, slots)) => return self.try_place(depth, digit, slots),
                None => {}
            }
        }
        self.empties.swap(depth, best_slot);
        let s = self.empties[depth];
        let cell = s.cell as usize;
        // Lowbit: the lowest free digit first.
        let mut free = best_free;
        while free != 0 {
            if self.nodes == self.max_nodes {
                self.gave_up = true;
                self.cells[cell] = 0;
                return false;
            }
            self.nodes += 1;
            let bit = free & free.wrapping_neg();
            free ^= bit;
            self.flip(s, bit);
            self.cells[cell] = bit.trailing_zeros() as u8;
            let go_on = self.dfs(depth + 1);
            self.flip(s, bit);
            if !go_on {
                self.cells[cell] = 0;
                return false;
            }
        }
        self.cells[cell] = 0;
        true
    }
}

impl State<'_> {
    /// The digit with the fewest places left in one row, column or box, if it has fewer than
    /// `fewer_than` (the best cell's candidates): the digit (as its bit number) and the slots of
    /// its places, lowest cell first. `Some((0, _))` when a digit has no place left in a unit
    /// that still needs it: a dead end.
    fn best_place(&self, depth: usize, fewer_than: u32) -> Option<(u32, Vec<usize>)> {
        let side = self.shape.side();
        // Places of each digit in each unit: rows, then columns, then boxes.
        let mut count = [[0u8; SIDE + 1]; 3 * SIDE];
        for i in depth..self.len {
            let s = self.empties[i];
            let mut free = self.rows[s.row as usize] & self.cols[s.col as usize] & self.boxes[s.bx as usize];
            while free != 0 {
                let d = free.trailing_zeros() as usize;
                free &= free - 1;
                count[s.row as usize][d] += 1;
                count[SIDE + s.col as usize][d] += 1;
                count[2 * SIDE + s.bx as usize][d] += 1;
            }
        }
        let mut best: Option<(u32, usize, u32)> = None;
        for kind in 0..3 {
            let masks = [&self.rows, &self.cols, &self.boxes][kind];
            for unit in 0..side {
                let mut needed = masks[unit];
                while needed != 0 {
                    let d = needed.trailing_zeros();
                    needed &= needed - 1;
                    let n = u32::from(count[kind * SIDE + unit][d as usize]);
                    if n == 0 {
                        return Some((0, Vec::new()));
                    }
                    if n < fewer_than && best.map_or(true, |b| n < b.0) {
                        best = Some((n, kind * SIDE + unit, d));
                    }
                }
            }
        }
        let (_, unit, d) = best?;
        let bit = 1u32 << d;
        let mut slots: Vec<usize> = (depth..self.len)
            .filter(|&i| {
                let s = self.empties[i];
                let free = self.rows[s.row as usize] & self.cols[s.col as usize] & self.boxes[s.bx as usize];
                let here = [s.row as usize, SIDE + s.col as usize, 2 * SIDE + s.bx as usize];
                free & bit != 0 && here.contains(&unit)
            })
            .collect();
        slots.sort_by_key(|&i| self.empties[i].cell);
        Some((d, slots))
    }

    /// Takes the digit of `bit` out of the free digits of slot `s`'s row, column and box, or
    /// puts it back: placing a digit and taking it back are the same flip. (As two
    /// operations, putting back could be `|=` as well as `^=`: the bit is clear there, and
    /// no test could tell the two apart.)
    fn flip(&mut self, s: Slot, bit: u32) {
        self.rows[s.row as usize] ^= bit;
        self.cols[s.col as usize] ^= bit;
        self.boxes[s.bx as usize] ^= bit;
    }

    /// Puts digit `d` in each of its places `slots` in turn (cells, lowest first).
    fn try_place(&mut self, depth: usize, d: u32, slots: Vec<usize>) -> bool {
        let bit = 1u32 << d;
        let cells: Vec<u16> = slots.iter().map(|&i| self.empties[i].cell).collect();
        for cell in cells {
            let slot = (depth..self.len)
                .find(|&i| self.empties[i].cell == cell)
                .expect("the place is empty");
            self.empties.swap(depth, slot);
            let s = self.empties[depth];
            if self.nodes == self.max_nodes {
                self.gave_up = true;
                return false;
            }
            self.nodes += 1;
            self.flip(s, bit);
            self.cells[s.cell as usize] = d as u8;
            let go_on = self.dfs(depth + 1);
            self.flip(s, bit);
            self.cells[s.cell as usize] = 0;
            if !go_on {
                return false;
            }
        }
        true
    }
}

impl Engine for Bitmask {
    fn kind(&self) -> EngineKind {
        EngineKind::Bitmask
    }

    fn set_max_nodes(&mut self, max: Option<u64>) {
        self.max_nodes = node_budget(max);
    }

    fn search(&mut self, puzzle: &Puzzle, visit: &mut dyn FnMut(&Board) -> bool) -> Result<(), GaveUp> {
        // Seed 003's search at 9×9; places too at the other sizes.
        let places = puzzle.shape() != Shape::NINE;
        let mut board = puzzle.givens().clone();
        self.run(puzzle.shape(), places, puzzle.givens().cells(), &mut |cells| {
            for (cell, &d) in cells.iter().enumerate() {
                board.set(cell, d);
            }
            visit(&board)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Alphabet, Verdict};
    use super::*;
    use crate::sudoku::CELLS;

    fn puzzle(line: &str) -> Puzzle {
        line.parse().unwrap()
    }

    /// Every solution, checked against the givens, up to `limit`.
    fn solutions(p: &Puzzle, limit: usize) -> Vec<Board> {
        let mut out = Vec::new();
        Bitmask::new()
            .search(p, &mut |g| {
                assert!(g.solves(p.givens()), "{g} does not solve {}", p.givens());
                out.push(g.clone());
                out.len() < limit
            })
            .unwrap();
        out
    }

    const SEED_001_IN: &str = "712.6.358.652.71.4..8513672924.56.375.6...2411.372.9.5..19754866.783.519859.4..23";
    const SEED_001_OUT: &str = "712469358365287194498513672924156837576398241183724965231975486647832519859641723";
    /// Seed 003's sample (AcWing 166).
    const SEED_003_IN: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const SIXTEEN_CLUES: &str = ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......";

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn solves_the_seed_samples() {
        let all = solutions(&puzzle(SEED_001_IN), 10);
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].to_string(), SEED_001_OUT);
        let p = puzzle(SEED_003_IN);
        let Verdict::Unique(g) = Bitmask::new().verdict(&p).unwrap() else {
            panic!()
        };
        assert!(g.solves(p.givens()));
        assert_eq!(
            g.to_string(),
            "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
        );
        assert_eq!(Bitmask::new().kind(), EngineKind::Bitmask);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn counts_all_1158_solutions_of_the_16_clue_grid() {
        let p = puzzle(SIXTEEN_CLUES);
        let all = solutions(&p, 2000);
        assert_eq!(all.len(), 1158);
        let mut distinct = all.clone();
        distinct.sort_by_key(|g| g.to_string());
        distinct.dedup();
        assert_eq!(distinct.len(), 1158, "no solution is visited twice");
        assert_eq!(Bitmask::new().count(&p, 2000).unwrap(), 1158);
        assert_eq!(Bitmask::new().count(&p, 10).unwrap(), 10);
        let Verdict::Multiple(a, b) = Bitmask::new().verdict(&p).unwrap() else {
            panic!()
        };
        assert_ne!(a, b);
        assert_eq!((a, b), (all[0].clone(), all[1].clone()));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn no_solution_after_search() {
        // The seed 001 sample with r5c5 given as 8 (its answer is 9): no given clashes and
        // every cell keeps a candidate, but the search finds nothing.
        let mut g = puzzle(SEED_001_IN).givens().clone();
        g.set(40, 8);
        let p = Puzzle::new(g).unwrap();
        assert_eq!(solutions(&p, 10), vec![]);
        assert_eq!(Bitmask::new().verdict(&p).unwrap(), Verdict::None);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_solved_grid_is_its_own_only_solution() {
        let p = puzzle(SEED_001_OUT);
        assert_eq!(solutions(&p, 10), vec![p.givens().clone()]);
        assert_eq!(Bitmask::new().verdict(&p).unwrap(), Verdict::Unique(p.givens().clone()));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_empty_grid_stops_when_asked() {
        let p = puzzle(&".".repeat(CELLS));
        assert_eq!(solutions(&p, 3).len(), 3);
        assert!(matches!(Bitmask::new().verdict(&p).unwrap(), Verdict::Multiple(a, b) if a != b));
    }

    #[test] // native only: reads tests/data (no file system on wasm32)
    fn solves_the_famous_hard_puzzles() {
        let text = {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/puzzles/famous_hard.txt");
            std::fs::read_to_string(path)
                .unwrap_or_else(|e| panic!("{path}: {e} (the repository's puzzle files, tests/data/puzzles)"))
        };
        for line in text.lines() {
            let p = puzzle(line);
            let v = Bitmask::new().verdict(&p).unwrap();
            let Verdict::Unique(g) = v else { panic!("{line}: {v:?}") };
            assert!(g.solves(p.givens()));
        }
    }

    /// `best_place`'s rule worked out by hand from `Board::candidates`: over the rows, then
    /// the columns, then the boxes, each unit's missing digits in order, the first with the
    /// strictly fewest places, if fewer than `fewer_than`; a missing digit with no place is a
    /// dead end (digit 0). The places as cells, lowest first.
    fn fewest_places(board: &Board, fewer_than: usize) -> Option<(u32, Vec<usize>)> {
        let shape = board.shape();
        let side = shape.side();
        let candidates = board.candidates();
        let units = |kind: usize, unit: usize| -> Vec<usize> {
            (0..side)
                .map(|k| match kind {
                    0 => unit * side + k,
                    1 => k * side + unit,
                    _ => shape.box_cell(unit, k),
                })
                .collect()
        };
        let mut best: Option<(u32, Vec<usize>)> = None;
        for kind in 0..3 {
            for unit in 0..side {
                let cells = units(kind, unit);
                for d in 1..=side as u8 {
                    if cells.iter().any(|&c| board.get(c) == d) {
                        continue;
                    }
                    let places: Vec<usize> = cells
                        .iter()
                        .copied()
                        .filter(|&c| board.get(c) == 0 && candidates[c] & 1 << d != 0)
                        .collect();
                    if places.is_empty() {
                        return Some((0, Vec::new()));
                    }
                    if places.len() < fewer_than && best.as_ref().map_or(true, |b| places.len() < b.1.len()) {
                        best = Some((u32::from(d), places));
                    }
                }
            }
        }
        best
    }

    /// The digit and places `best_place` picks at the start of a search of `board`, as cells.
    fn best_place_of(board: &Board, fewer_than: u32) -> Option<(u32, Vec<usize>)> {
        let mut visit = |_: &[u8]| true;
        let state = State::new(board.shape(), true, board.cells(), &mut visit, u64::MAX);
        state
            .best_place(0, fewer_than)
            .map(|(d, slots)| (d, slots.iter().map(|&i| usize::from(state.empties[i].cell)).collect()))
    }

    /// The digit with the fewest places in a unit, on random 4×4, 9×9 and 16×16 boards: parts
    /// of a solution (no dead end) and random non-clashing givens (dead ends too), against
    /// the rule worked out from the candidates, at every bound that changes the answer.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_fewest_places_of_a_digit_are_found_as_the_rule_says() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut below = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let (mut found, mut dead_ends, mut none) = (0, 0, 0);
        for shape in [Shape::FOUR, Shape::NINE, Shape::of_order(4).unwrap()] {
            let side = shape.side();
            let solution = Bitmask::new()
                .solve(&Puzzle::new(Board::empty(shape)).unwrap())
                .unwrap()
                .unwrap();
            for round in 0..60 {
                let mut board = Board::empty(shape);
                if round % 2 == 0 {
                    for cell in 0..shape.cells() {
                        if below(3) > 0 {
                            board.set(cell, solution.get(cell));
                        }
                    }
                } else {
                    for _ in 0..shape.cells() / 3 {
                        let (cell, d) = (below(shape.cells()), 1 + below(side) as u8);
                        let before = board.get(cell);
                        board.set(cell, d);
                        if !board.clashes().is_empty() {
                            board.set(cell, before);
                        }
                    }
                }
                for fewer_than in 1..=side as u32 + 1 {
                    let want = fewest_places(&board, fewer_than as usize);
                    assert_eq!(
                        best_place_of(&board, fewer_than),
                        want,
                        "{} < {fewer_than}",
                        board.to_line(Alphabet::default_for(shape))
                    );
                    match want {
                        Some((0, _)) => dead_ends += 1,
                        Some(_) => found += 1,
                        None => none += 1,
                    }
                }
            }
        }
        assert!(
            found > 1000 && dead_ends > 40 && none > 100,
            "{found} found, {dead_ends} dead ends, {none} none"
        );
    }

    /// A digit's missing place is looked for only when the best cell has a choice: a
    /// forced cell is filled first (one node), though row 1 has no place left for 4 here.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_forced_cell_is_filled_before_places_are_counted() {
        let board = Board::parse(Shape::FOUR, Alphabet::Digits, "12....4....4....").unwrap();
        assert_eq!(
            fewest_places(&board, 5),
            Some((0, Vec::new())),
            "4 has no place in row 1"
        );
        assert_eq!(board.candidates()[2], 1 << 3, "r1c3 can only be 3");
        let puzzle = Puzzle::new(board).unwrap();
        let mut engine = Bitmask::new();
        assert_eq!(engine.count(&puzzle, 10), Ok(0));
        engine.set_max_nodes(Some(0));
        assert_eq!(
            engine.count(&puzzle, 10),
            Err(GaveUp { nodes: 0, found: 0 }),
            "it would place r1c3 = 3"
        );
    }

    /// The search with places counts every digit it places, those of a digit's places too:
    /// seed 003's sample (searched with places, as every size but 9×9 is) takes exactly 452 (a
    /// pin of the search's tree; 339 of them are cells' branches), and a budget of 451 is one
    /// short.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_board_search_counts_the_digits_placed_by_places_too() {
        let board = Board::parse(Shape::NINE, Alphabet::Digits, SEED_003_IN).unwrap();
        let puzzle = Puzzle::new(board).unwrap();
        let mut engine = Bitmask::new();
        let count = |engine: &Bitmask| {
            let mut n = 0;
            let counted = engine.run(Shape::NINE, true, puzzle.givens().cells(), &mut |cells| {
                assert_eq!(cells.len(), 81);
                n += 1;
                n < 2
            });
            counted.map(|()| n).map_err(|gave_up| GaveUp { found: n, ..gave_up })
        };
        engine.set_max_nodes(Some(452));
        assert_eq!(count(&engine), Ok(1));
        engine.set_max_nodes(Some(451));
        assert_eq!(count(&engine), Err(GaveUp { nodes: 451, found: 1 }));
    }

    /// Unsolvable with 11 clues; fewest-candidates search without inference does not finish
    /// it in any time a user would wait (found by fuzzing, issue 13).
    const RUNAWAY: &str = ".................1.....2.3......3.2..............2.3......3.2.....4......2.......";

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn gives_up_at_its_node_limit_and_goes_on_with_the_next_puzzle() {
        let mut engine = Bitmask::new();
        engine.set_max_nodes(Some(100_000));
        let runaway = puzzle(RUNAWAY);
        assert_eq!(
            engine.verdict(&runaway),
            Err(GaveUp {
                nodes: 100_000,
                found: 0
            })
        );
        assert_eq!(
            engine.count(&runaway, 5),
            Err(GaveUp {
                nodes: 100_000,
                found: 0
            })
        );
        assert_eq!(
            engine.solve(&runaway),
            Err(GaveUp {
                nodes: 100_000,
                found: 0
            })
        );
        assert_eq!(
            engine.solve(&puzzle(SEED_001_IN)).unwrap().unwrap().to_string(),
            SEED_001_OUT
        );
        // A limit the search stays within changes nothing; nor does stopping at it.
        let p = puzzle(SIXTEEN_CLUES);
        engine.set_max_nodes(Some(1_000_000));
        assert_eq!(engine.count(&p, 2000), Ok(1158));
        engine.set_max_nodes(Some(1));
        assert_eq!(engine.count(&puzzle(SEED_001_OUT), 10), Ok(1));
        assert_eq!(engine.count(&p, 10), Err(GaveUp { nodes: 1, found: 0 }));
        engine.set_max_nodes(None);
        assert_eq!(engine.count(&p, 10), Ok(10));
    }
}
