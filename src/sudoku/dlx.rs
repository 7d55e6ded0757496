//! Sudoku as exact cover (seed 004's model, numbered in [`model`](super::model)),
//! solved by the one [`Search`] engine. Givens are committed before the search
//! starts (seed 002's idea), so the search only sees the cells left to fill.

use super::model::Shape;
use super::{node_budget, Board, Engine, EngineKind, GaveUp, Puzzle};
#[cfg(target_arch = "wasm32")]
use crate::exact_cover::Pausing;
use crate::exact_cover::{Counters, Matrix, Observer, Search, Status};
#[cfg(not(target_arch = "wasm32"))]
use crate::exact_cover::{Nothing, Stepwise};

/// The full matrix of any size (`4n⁴` items, `n⁶` options: 324 and 729 at 9×9), options in
/// model order.
pub fn full_matrix(shape: Shape) -> Matrix {
    let mut m = Matrix::new(shape.items(), 0);
    for option in 0..shape.options() {
        m.add_option(&shape.option_items(option))
            .expect("the model's options are well formed");
    }
    m
}

/// Commits the option of each given of `board`; false if one cannot be (it never clashes
/// in a [`Puzzle`]: if it somehow did, the item stays covered and the search finds no
/// solution).
fn commit_givens(search: &mut Search, board: &Board) -> bool {
    let shape = board.shape();
    board
        .cells()
        .iter()
        .enumerate()
        .filter(|&(_, &d)| d != 0)
        .all(|(cell, &d)| search.commit(shape.option(cell, d)).is_ok())
}

/// The board a search's partial solution gives: the givens plus each option tried.
pub fn board_of(search: &Search, puzzle: &Puzzle) -> Board {
    let mut board = puzzle.givens().clone();
    fill(&mut board, search);
    board
}

/// Puts the digit of each option the search has tried into `board`.
fn fill(board: &mut Board, search: &Search) {
    let shape = board.shape();
    for option in search.solution() {
        let (cell, digit) = shape.placement(option);
        board.set(cell, digit);
    }
}

/// A search for `puzzle` (of any size), at its start, with the givens already committed.
pub fn start(puzzle: &Puzzle) -> Search {
    let mut search = Search::new(full_matrix(puzzle.shape()));
    commit_givens(&mut search, puzzle.givens());
    search
}

/// The DLX engine. It keeps one copy of the full matrix and one search, and starts
/// each puzzle by copying the matrix into the search (no allocation per puzzle).
#[derive(Clone)]
pub struct Dlx {
    /// The size `template` is the matrix of.
    shape: Shape,
    template: Matrix,
    search: Search,
    max_nodes: u64,
    /// The options of the last puzzle's givens (kept for its memory).
    givens: Vec<usize>,
    /// The counters of every search before the last one.
    earlier: Counters,
}

impl Dlx {
    /// The engine, ready for 9×9 puzzles.
    pub fn new() -> Dlx {
        Dlx::for_shape(Shape::NINE)
    }

    /// The engine, ready for puzzles of `shape` (it takes any size, but changing size
    /// builds a new matrix).
    pub fn for_shape(shape: Shape) -> Dlx {
        let template = full_matrix(shape);
        let search = Search::new(template.clone());
        Dlx {
            shape,
            template,
            search,
            max_nodes: u64::MAX,
            givens: Vec::new(),
            earlier: Counters::default(),
        }
    }

    /// Runs the search to its end, or until `visit` says stop or the node limit is passed.
    /// `obs` decides how often the search pauses, and so how often the limit is looked at:
    /// [`Nothing`](crate::exact_cover::Nothing) only at solutions (no limit needs more), [`Stepwise`] after each event.
    /// `visit` is given the search at each solution.
    fn run<O: Observer>(&mut self, obs: &mut O, visit: &mut dyn FnMut(&Search) -> bool) -> Result<(), GaveUp> {
        loop {
            match self.search.step(obs) {
                Status::Running => {}
                Status::Solution => {
                    if !visit(&self.search) {
                        return Ok(());
                    }
                }
                Status::Done => return Ok(()),
            }
            if self.search.counters().nodes > self.max_nodes {
                return Err(GaveUp {
                    nodes: self.max_nodes,
                    found: 0,
                });
            }
        }
    }

    /// Starts the search over on the matrix of `shape` (built anew if the size changed), and
    /// runs it to its end or until `visit` says stop.
    ///
    /// The givens (`cells`, 0 for an empty cell) are committed and the options they rule out
    /// left out of the lists from the start ([`Search::restart`]): no copy of the whole
    /// matrix and no cover per given, for the same search tree.
    fn start(&mut self, shape: Shape, cells: &[u8], visit: &mut dyn FnMut(&Search) -> bool) -> Result<(), GaveUp> {
        self.earlier = self.earlier + self.search.counters();
        if shape != self.shape {
            self.shape = shape;
            self.template = full_matrix(shape);
        }
        self.givens.clear();
        let givens = cells.iter().enumerate().filter(|&(_, &d)| d != 0);
        self.givens.extend(givens.map(|(cell, &d)| shape.option(cell, d)));
        // Givens that clash leave no solution (a `Puzzle`'s never do).
        if self
            .search
            .restart(&self.template, &self.givens, shape.open_options(cells))
            .is_err()
        {
            return Ok(());
        }
        // In wasm one copy of the search's loop serves every Sudoku search, the page's counts'
        // ([`Pausing`], as in `crate::pieces::step`): a copy for another observer is 18 KB of
        // the module, 6 KB gzipped. A search with a limit pauses on entering a level past it,
        // after the try that passed it and its covers, where natively it stops right after the
        // try: neither can find a solution in between, and both give up at the same node.
        #[cfg(target_arch = "wasm32")]
        {
            self.search.set_pause(self.max_nodes.saturating_add(1), usize::MAX);
            self.run(&mut Pausing, visit)
        }
        // Pausing after every event to look at the limit costs 6% (magictour), so a search
        // with no limit runs unwatched.
        #[cfg(not(target_arch = "wasm32"))]
        if self.max_nodes == u64::MAX {
            self.run(&mut Nothing, visit)
        } else {
            self.run(&mut Stepwise, visit)
        }
    }

    /// The search of the last puzzle, as it was left (for its counters).
    pub fn last_search(&self) -> &Search {
        &self.search
    }
}

impl Default for Dlx {
    fn default() -> Self {
        Dlx::new()
    }
}

impl Engine for Dlx {
    fn kind(&self) -> EngineKind {
        EngineKind::Dlx
    }

    fn set_max_nodes(&mut self, max: Option<u64>) {
        self.max_nodes = node_budget(max);
    }

    fn counters(&self) -> Option<Counters> {
        Some(self.earlier + self.search.counters())
    }

    fn search(&mut self, puzzle: &Puzzle, visit: &mut dyn FnMut(&Board) -> bool) -> Result<(), GaveUp> {
        // One board for every solution: the search fills in the cells it left empty.
        let mut board = puzzle.givens().clone();
        self.start(puzzle.shape(), puzzle.givens().cells(), &mut |search| {
            fill(&mut board, search);
            visit(&board)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::Nothing;
    use crate::sudoku::{Alphabet, Verdict};

    fn puzzle(s: &str) -> Puzzle {
        s.parse().unwrap()
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn solves_a_hard_puzzle_and_checks_uniqueness() {
        let p = puzzle("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
        let Verdict::Unique(g) = Dlx::new().verdict(&p).unwrap() else {
            panic!("expected unique")
        };
        assert!(g.solves(p.givens()));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn counts_the_16_clue_grid_exactly() {
        let p = puzzle(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......");
        let mut dlx = Dlx::new();
        assert_eq!(dlx.count(&p, 10_000).unwrap(), 1158);
        assert_eq!(dlx.count(&p, 7).unwrap(), 7);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn proves_norvigs_impossible_puzzle_has_no_solution() {
        let p = puzzle(".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........");
        assert_eq!(Dlx::new().verdict(&p).unwrap(), Verdict::None);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_solved_grid_needs_no_search_step() {
        let s = "527389416819426735436751829375692184194538267268174593643217958951843672782965341";
        let mut search = start(&puzzle(s));
        assert_eq!(search.step(&mut Nothing), Status::Solution);
        assert_eq!(search.counters().nodes, 0);
        assert_eq!(board_of(&search, &puzzle(s)).to_line(Alphabet::Digits), s);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_empty_grid_has_many_solutions_and_the_first_comes_fast() {
        let mut dlx = Dlx::new();
        let p = puzzle(&".".repeat(81));
        let Verdict::Multiple(a, b) = dlx.verdict(&p).unwrap() else {
            panic!()
        };
        assert_ne!(a, b);
        assert!(a.solves(p.givens()) && b.solves(p.givens()));
        assert!(dlx.last_search().counters().nodes < 200);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_matrix_is_whole_again_after_a_search() {
        let p = puzzle("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
        let mut search = start(&p);
        let before = search.matrix().clone();
        // A step ends at a solution: one, then the end. A bound, so that a broken numbering
        // (whose givens fail to commit, leaving a nearly empty grid with solutions beyond
        // counting) fails here at once instead of searching for ever.
        let mut solutions = 0;
        while search.step(&mut Nothing) != Status::Done {
            solutions += 1;
            assert!(solutions < 100, "{solutions} solutions and the search goes on");
        }
        assert_eq!(solutions, 1);
        assert_eq!(search.matrix().sanity(), Ok(()));
        assert_eq!(search.matrix(), &before);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn gives_up_at_its_node_limit() {
        let p = puzzle(".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......");
        let mut dlx = Dlx::new();
        dlx.set_max_nodes(Some(100));
        assert_eq!(dlx.count(&p, 10_000), Err(GaveUp { nodes: 100, found: 0 }));
        assert!(dlx.last_search().counters().nodes <= 101);
        dlx.set_max_nodes(Some(100_000));
        assert_eq!(dlx.count(&p, 10_000), Ok(1158));
        dlx.set_max_nodes(None);
        assert_eq!(dlx.count(&p, 10_000), Ok(1158));
        // The limit is the most nodes a search may take: exactly the count's nodes is enough,
        // one fewer is not.
        let nodes = dlx.last_search().counters().nodes;
        dlx.set_max_nodes(Some(nodes));
        assert_eq!(dlx.count(&p, 10_000), Ok(1158));
        dlx.set_max_nodes(Some(nodes - 1));
        assert_eq!(
            dlx.count(&p, 10_000),
            Err(GaveUp {
                nodes: nodes - 1,
                found: 1158
            })
        );
    }

    /// The engine's start (the givens' options committed and the ones they rule out left out
    /// of the lists, by `Search::restart`) gives the search the commits give, event for
    /// event, at every size, on puzzles with few and many givens.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_start_without_commits_searches_the_same_tree() {
        use crate::exact_cover::tests::Rng;
        let mut rng = Rng(34);
        for shape in Shape::ALL {
            let template = full_matrix(shape);
            let mut search = Search::new(template.clone());
            let (n, s) = (shape.order(), shape.side());
            let rounds = if shape == Shape::TWENTY_FIVE { 2 } else { 6 };
            for round in 0..rounds {
                // A solved grid (boxes of shifted rows), some of its cells emptied.
                let mut givens = Board::empty(shape);
                let keep = [2, 4, 6, 8][round % 4];
                for cell in 0..shape.cells() {
                    let (r, c) = (cell / s, cell % s);
                    if rng.below(10) < keep {
                        givens.set(cell, ((r % n * n + r / n + c) % s + 1) as u8);
                    }
                }
                let puzzle = Puzzle::new(givens).unwrap();
                let mut expected = start(&puzzle);
                let cells = puzzle.givens().cells();
                let commit: Vec<usize> = (0..cells.len())
                    .filter(|&c| cells[c] != 0)
                    .map(|c| shape.option(c, cells[c]))
                    .collect();
                search.restart(&template, &commit, shape.open_options(cells)).unwrap();
                let (mut a, mut b) = (Vec::new(), Vec::new());
                for _ in 0..3_000 {
                    let done = expected.step(&mut a) == Status::Done;
                    assert_eq!(search.step(&mut b) == Status::Done, done);
                    if done {
                        break;
                    }
                }
                assert_eq!(a, b, "{shape:?}, round {round}");
                assert_eq!(search.counters(), expected.counters());
            }
        }
    }

    /// The engine's counters add up every search since it was made.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn counters_sum_the_searches() {
        let hard = puzzle("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........");
        let mut dlx = Dlx::new();
        dlx.verdict(&hard).unwrap();
        let first = dlx.last_search().counters();
        assert!(first.nodes > 0);
        assert_eq!(dlx.counters(), Some(first));
        dlx.verdict(&hard).unwrap();
        assert_eq!(dlx.counters(), Some(first + first));
    }
}
