//! New puzzles with exactly one solution, and how hard they are.
//!
//! A [`Generator`] makes a random solved grid (random clues, then the first DLX solution),
//! then takes clues away, a symmetry orbit at a time in random order, keeping each removal
//! only while the DLX engine still counts exactly one solution. Its random numbers come from
//! a seeded splitmix64, so the same seed gives the same puzzles on every platform, wasm too.
//!
//! A puzzle's [`Level`] comes from two measures: the hardest logical technique it needs
//! ([`logic::rate`]) and its search effort, the mean number of DLX nodes to prove it unique
//! over random relabellings of it ([`search_effort`]).

use super::logic::{self, all_digits, Rating, Technique, Units};
use super::model::{Shape, MAX_CELLS, MAX_ORDER};
use super::{Board, Dlx, Engine, Puzzle};
use std::fmt;
use std::str::FromStr;

/// splitmix64: small, fast, and the same on every platform.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (n ≥ 1), without modulo bias worth speaking of for small n.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    pub fn shuffle<T>(&mut self, xs: &mut [T]) {
        for i in (1..xs.len()).rev() {
            xs.swap(i, self.below(i + 1));
        }
    }
}

/// Which cells are taken away together.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Symmetry {
    None,
    /// 180° about the centre.
    Rotational,
    /// About the main diagonal.
    Diagonal,
    /// Left to right.
    Mirror,
}

impl Symmetry {
    pub const ALL: [Symmetry; 4] = [
        Symmetry::None,
        Symmetry::Rotational,
        Symmetry::Diagonal,
        Symmetry::Mirror,
    ];

    /// The image of a cell of a grid of `shape`.
    fn image(self, shape: Shape, cell: usize) -> usize {
        let s = shape.side();
        let (r, c) = (cell / s, cell % s);
        match self {
            Symmetry::None => cell,
            Symmetry::Rotational => s * s - 1 - cell,
            Symmetry::Diagonal => c * s + r,
            Symmetry::Mirror => r * s + (s - 1 - c),
        }
    }

    /// The cells of a grid of `shape` in orbits (each is a cell and its image), every cell
    /// in exactly one.
    fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        let mut seen = [false; MAX_CELLS];
        let mut out = Vec::new();
        for c in 0..shape.cells() {
            if !seen[c] {
                let mut orbit = vec![c];
                seen[c] = true;
                let i = self.image(shape, c);
                if !seen[i] {
                    seen[i] = true;
                    orbit.push(i);
                }
                out.push(orbit);
            }
        }
        out
    }

    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotational => "rotational",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Mirror => "mirror",
        }
    }

    /// True when the grid's clues (filled or not) are the same under the symmetry.
    pub fn holds_for(self, g: &Board) -> bool {
        (0..g.shape().cells()).all(|c| (g.get(c) != 0) == (g.get(self.image(g.shape(), c)) != 0))
    }
}

/// The five levels, from the two measures (see docs/cli.md's table).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Level {
    /// Singles only.
    Easy,
    /// Locked candidates and pairs.
    Medium,
    /// Triples, quads, fish, XY-Wing, simple colouring.
    Hard,
    /// The techniques stall, and the search effort is under [`EXTREME_EFFORT`].
    Expert,
    /// The techniques stall, and the search effort is [`EXTREME_EFFORT`] or more.
    Extreme,
}

/// The search effort (mean DLX nodes, see [`search_effort`]) that splits the puzzles logic
/// cannot finish into expert and extreme: about the median of such minimal puzzles (108 over
/// 279 generated ones; 58 for the puzzles logic does finish).
pub const EXTREME_EFFORT: f64 = 110.0;

/// Relabellings averaged for a generated puzzle's search effort.
pub const EFFORT_SAMPLES: usize = 16;

impl Level {
    pub const ALL: [Level; 5] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme];

    /// The level of a rating and a search effort (the effort matters only when logic stalls).
    pub fn of(r: &Rating, effort: f64) -> Level {
        if !r.solved() {
            return if effort < EXTREME_EFFORT {
                Level::Expert
            } else {
                Level::Extreme
            };
        }
        match r.hardest {
            None | Some(Technique::NakedSingle | Technique::HiddenSingle) => Level::Easy,
            Some(Technique::Pointing | Technique::Claiming | Technique::NakedPair | Technique::HiddenPair) => {
                Level::Medium
            }
            Some(
                Technique::NakedTriple
                | Technique::HiddenTriple
                | Technique::NakedQuad
                | Technique::HiddenQuad
                | Technique::XWing
                | Technique::Swordfish
                | Technique::XyWing
                | Technique::SimpleColouring,
            ) => Level::Hard,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
        }
    }
}

macro_rules! named {
    ($t:ty, $what:literal) => {
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }
        impl FromStr for $t {
            type Err = String;
            fn from_str(s: &str) -> Result<Self, String> {
                <$t>::ALL.into_iter().find(|x| x.name() == s).ok_or_else(|| {
                    let names: Vec<&str> = <$t>::ALL.iter().map(|x| x.name()).collect();
                    format!("unknown {} '{s}' (expected {})", $what, names.join(", "))
                })
            }
        }
    };
}
named!(Symmetry, "symmetry");
named!(Level, "difficulty");

/// A puzzle with its measures.
#[derive(Clone, Debug)]
pub struct Generated {
    pub puzzle: Puzzle,
    pub rating: Rating,
    /// The search effort, measured only when logic stalls (it decides expert or extreme).
    pub effort: Option<f64>,
    pub level: Level,
}

/// The seed of puzzle number `index` of a run seeded with `seed`: every puzzle has its own,
/// so what a run writes does not depend on its threads, and the page's first puzzle for a
/// seed is the command line's first.
pub fn puzzle_seed(seed: u64, index: u64) -> u64 {
    Rng::new(seed ^ index.wrapping_mul(0x2545_F491_4F6C_DD1D)).next_u64()
}

/// Makes puzzles; one per call, from its own seeded random numbers.
pub struct Generator {
    shape: Shape,
    rng: Rng,
    dlx: Dlx,
    /// The node budget of each uniqueness check (`u64::MAX` at 9×9: none).
    budget: u64,
    /// Uniqueness checks run by DLX so far, and the ones a single made needless.
    pub checks: Counts,
}

/// What thinning cost: DLX uniqueness checks, and removals a single proved safe without one;
/// and the solved grids thinned, each a try at a puzzle of the level asked.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Counts {
    pub searched: u64,
    pub forced: u64,
    pub grids: u64,
}

impl Generator {
    /// A 9×9 generator.
    pub fn new(seed: u64) -> Generator {
        Generator::for_shape(Shape::NINE, seed, u64::MAX)
    }

    /// A generator of puzzles of `shape` whose uniqueness checks may take `budget` DLX nodes
    /// each (`u64::MAX`: no limit): a removal the budget cannot decide is taken back, so the
    /// puzzle stays unique, only less thinned. 9×9 needs none; 16×16 and 25×25 do (see
    /// [`Generator::LARGE_BUDGET`]).
    pub fn for_shape(shape: Shape, seed: u64, budget: u64) -> Generator {
        let mut dlx = Dlx::for_shape(shape);
        dlx.set_max_nodes((budget != u64::MAX).then_some(budget));
        Generator {
            shape,
            rng: Rng::new(seed),
            dlx,
            budget,
            checks: Counts::default(),
        }
    }

    /// The budget of a uniqueness check the page's New puzzle gives a grid of `shape`: none
    /// at 4×4 and 9×9, [`Generator::LARGE_BUDGET`] above.
    pub fn page_budget(shape: Shape) -> u64 {
        if shape.side() <= 9 {
            u64::MAX
        } else {
            Self::LARGE_BUDGET
        }
    }

    /// The nodes a uniqueness check of a 16×16 or 25×25 may take on the page. More thins
    /// hardly further (92–98 givens of 256 with 200, 1,000 or 20,000 nodes, seeds 0–6) but
    /// costs more, most of it in the search effort's relabellings, which the budget caps too
    /// (so a stalled puzzle's effort there says "at least"): a 16×16 took a median 35 ms
    /// natively with 200, 161 ms with 1,000, 0.37 s with 3,000 and 1.0 s with 20,000; a 25×25
    /// about 1 s with 200 or 1,000 and 27 s with 20,000 (docs/benchmarks.md, "New puzzle at
    /// every size").
    pub const LARGE_BUDGET: u64 = 200;

    /// The size of the puzzles it makes.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Starts over from `seed`, as `Generator::new(seed)` would, keeping the engine (whose
    /// 729-option matrix costs more to build than a puzzle to check).
    pub fn reseed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// A random solved grid: 11 random clues that do not clash, then DLX's first solution
    /// (tried again in the rare case the clues have none).
    ///
    /// Panics after [`Generator::GRID_TRIES`] sets of clues in a row without a solution: the
    /// engine would then be broken (a wrong numbering of options finds none), and a loop for
    /// ever would hide it (cargo-mutants' mutants of `model::option` ran into its timeout).
    ///
    /// At other sizes than 9×9 it takes `side` clues (4 at 4×4, 16 at 16×16), and the first
    /// solution may take at least [`BoardGenerator::MAX_NODES`], whatever the checks' budget.
    pub fn solved_grid(&mut self) -> Board {
        let shape = self.shape;
        let clues = if shape == Shape::NINE { 11 } else { shape.side() };
        let units = Units::of(shape);
        let budget = (self.budget != u64::MAX).then(|| self.budget.max(BoardGenerator::MAX_NODES));
        self.dlx.set_max_nodes(budget);
        for _ in 0..Self::GRID_TRIES {
            let mut g = Board::empty(shape);
            let mut cells: Vec<usize> = (0..shape.cells()).collect();
            self.rng.shuffle(&mut cells);
            for &c in &cells[..clues] {
                // The digits no clue in the cell's row, column or box holds (its candidates).
                let seen = units.units_of(c).into_iter().flat_map(|u| units.unit(u));
                let free = all_digits(shape) & !seen.fold(0u32, |m, &x| m | 1 << g.get(x));
                let digits: Vec<u8> = (1..=shape.side() as u8).filter(|d| free & (1 << d) != 0).collect();
                if !digits.is_empty() {
                    g.set(c, digits[self.rng.below(digits.len())]);
                }
            }
            let p = Puzzle::new(g).expect("chosen from the candidates");
            if let Ok(Some(solution)) = self.dlx.solve(&p) {
                self.dlx.set_max_nodes((self.budget != u64::MAX).then_some(self.budget));
                return solution;
            }
        }
        panic!(
            "no solved grid from {} sets of {clues} clues: the DLX engine finds no solution",
            Self::GRID_TRIES
        )
    }

    /// Sets of clues [`Generator::solved_grid`] tries before it gives up. Eleven random clues
    /// that do not clash seldom have no solution, so a thousand in a row that have none means
    /// a broken engine, not bad luck.
    pub const GRID_TRIES: usize = 1000;

    fn unique(&mut self, g: &Board) -> bool {
        self.checks.searched += 1;
        let p = Puzzle::new(g.clone()).expect("a subset of a solution never clashes");
        self.dlx.count(&p, 2) == Ok(1)
    }

    /// Takes clues away from a solved grid, an orbit of `symmetry` at a time in random order,
    /// keeping each removal while the solution stays unique. A removal that singles undo
    /// (see [`singles_refill`]) needs no search: with many clues, most do.
    pub fn thin(&mut self, solution: &Board, symmetry: Symmetry) -> Board {
        let mut g = solution.clone();
        let mut orbits = symmetry.orbits(solution.shape());
        self.rng.shuffle(&mut orbits);
        for orbit in orbits {
            let kept: Vec<(usize, u8)> = orbit.iter().map(|&c| (c, g.get(c))).collect();
            for &c in &orbit {
                g.set(c, 0);
            }
            if singles_refill(&g, &orbit) {
                self.checks.forced += 1;
            } else if !self.unique(&g) {
                for (c, d) in kept {
                    g.set(c, d);
                }
            }
        }
        g
    }

    /// True when no single clue can go and leave the solution unique.
    pub fn is_minimal(&mut self, g: &Board) -> bool {
        (0..g.shape().cells()).filter(|&c| g.get(c) != 0).all(|c| {
            let mut h = g.clone();
            h.set(c, 0);
            !self.unique(&h)
        })
    }

    /// A puzzle of the level asked (any if `None`) with that symmetry; with `minimal`, one
    /// from which no clue can be removed. It tries new grids until one fits.
    pub fn generate(&mut self, level: Option<Level>, symmetry: Symmetry, minimal: bool) -> Generated {
        self.generate_within(level, symmetry, minimal, u64::MAX)
            .expect("u64::MAX grids never run out")
    }

    /// [`Generator::generate`], giving up (`None`) after `grids` solved grids of which none
    /// gave a puzzle that fits. An easy puzzle takes a grid or two, an extreme one about 7, a
    /// minimal one with a symmetry up to a hundred or so: the tests give 200, so that a
    /// broken rater or model, under which no grid ever fits, fails them in seconds instead
    /// of leaving them looking for ever (cargo-mutants' timeout cut them off at 120 s).
    pub fn generate_within(
        &mut self,
        level: Option<Level>,
        symmetry: Symmetry,
        minimal: bool,
        grids: u64,
    ) -> Option<Generated> {
        for _ in 0..grids {
            self.checks.grids += 1;
            let solution = self.solved_grid();
            let g = self.thin(&solution, symmetry);
            // With no symmetry the one pass leaves a minimal puzzle (a clue that could not go
            // then cannot go later, with fewer clues around it); with one, check.
            if minimal && symmetry != Symmetry::None && !self.is_minimal(&g) {
                continue;
            }
            let rating = logic::rate(&g);
            if level.is_some_and(|l| (l >= Level::Expert) == rating.solved()) {
                continue; // decided without measuring the effort
            }
            let puzzle = Puzzle::new(g.clone()).expect("a subset of a solution");
            // Measured as `rate` measures it by default, so that it gives the same level.
            let effort = (!rating.solved()).then(|| effort_with(&mut self.dlx, &g, EFFORT_SAMPLES, effort_seed(&g)));
            let found = Level::of(&rating, effort.unwrap_or(0.0));
            if level.map_or(true, |l| l == found) {
                return Some(Generated {
                    puzzle,
                    rating,
                    effort,
                    level: found,
                });
            }
        }
        None
    }
}

/// True when naked and hidden singles, applied to the clues of `g` again and again, fill
/// every cell of `cells` (empty in `g`). A single is true in every solution, so when `g`
/// is a puzzle with one solution less those clues, it still has one, and no search is
/// needed to know it. Every size.
pub fn singles_refill(g: &Board, cells: &[usize]) -> bool {
    let shape = g.shape();
    let (n_cells, all, units) = (shape.cells(), all_digits(shape), Units::of(shape));
    let mut digits = [0u8; MAX_CELLS];
    digits[..n_cells].copy_from_slice(g.cells());
    // The digits in each unit (row, column and box, as `Units` numbers them), kept as
    // cells fill.
    let mut used = [0u32; 3 * MAX_ORDER * MAX_ORDER];
    let place = |digits: &mut [u8; MAX_CELLS], used: &mut [u32; 3 * MAX_ORDER * MAX_ORDER], c: usize, d: u8| {
        digits[c] = d;
        for u in units.units_of(c) {
            used[u] |= 1 << d;
        }
    };
    for c in 0..n_cells {
        let d = digits[c];
        if d != 0 {
            place(&mut digits, &mut used, c, d);
        }
    }
    let fits = |used: &[u32; 3 * MAX_ORDER * MAX_ORDER], c: usize| {
        let [r, k, b] = units.units_of(c);
        all & !(used[r] | used[k] | used[b])
    };
    loop {
        if cells.iter().all(|&c| digits[c] != 0) {
            return true;
        }
        let mut progress = false;
        for c in 0..n_cells {
            let m = fits(&used, c);
            if digits[c] == 0 && m.count_ones() == 1 {
                place(&mut digits, &mut used, c, m.trailing_zeros() as u8);
                progress = true;
            }
        }
        if progress {
            continue;
        }
        for u in 0..units.count() {
            let unit = units.unit(u);
            // Digits that fit exactly one empty cell of the unit.
            let (mut once, mut twice) = (0u32, 0u32);
            for &x in unit {
                if digits[x] == 0 {
                    let m = fits(&used, x);
                    twice |= once & m;
                    once |= m;
                }
            }
            let mut single = once & !twice;
            while single != 0 {
                let d = single.trailing_zeros() as u8;
                single &= single - 1;
                // (Placed earlier in this unit's loop: it no longer fits there; skip.)
                if let Some(&x) = unit.iter().find(|&&x| digits[x] == 0 && fits(&used, x) & (1 << d) != 0) {
                    place(&mut digits, &mut used, x, d);
                    progress = true;
                }
            }
        }
        if !progress {
            return false;
        }
    }
}

/// Puzzles of every size, for the sizes the logic solver does not rate: a random solved
/// board (random clues, then DLX's first solution), thinned a clue at a time in random order
/// while DLX proves the solution unique within a node budget. With no budget hit, the result
/// is minimal; a clue whose removal the budget cannot decide stays.
pub struct BoardGenerator {
    shape: Shape,
    rng: Rng,
    dlx: Dlx,
    /// The node budget of each uniqueness check.
    max_nodes: u64,
}

impl BoardGenerator {
    /// The default node budget of each uniqueness check while thinning.
    pub const MAX_NODES: u64 = 20_000;

    /// A generator of puzzles of `shape` whose uniqueness checks may take `max_nodes` each:
    /// the more, the fewer clues and the harder the puzzles (and the slower they come).
    pub fn new(shape: Shape, seed: u64, max_nodes: u64) -> BoardGenerator {
        let mut dlx = Dlx::for_shape(shape);
        dlx.set_max_nodes(Some(max_nodes));
        BoardGenerator {
            shape,
            rng: Rng::new(seed),
            dlx,
            max_nodes,
        }
    }

    /// A random solved board: `side` random clues that do not clash, then DLX's first
    /// solution (tried again when the clues have none within the budget).
    ///
    /// The budget here is at least the default one, whatever the uniqueness checks get: a
    /// first solution takes a node for each empty cell at the very least, so a smaller
    /// budget could never be met, and this loop would never end (`--max-nodes 100` on a
    /// 16×16 did just that).
    pub fn solved_board(&mut self) -> Board {
        self.dlx.set_max_nodes(Some(self.max_nodes.max(Self::MAX_NODES)));
        let board = self.fill();
        self.dlx.set_max_nodes(Some(self.max_nodes));
        board
    }

    /// Panics after [`Generator::GRID_TRIES`] sets of clues in a row without a solution, as
    /// [`Generator::solved_grid`] does: a broken engine, not bad luck (cargo-mutants' mutants
    /// of `Shape::open_options` looped here until their timeout).
    fn fill(&mut self) -> Board {
        let (cells, side) = (self.shape.cells(), self.shape.side());
        for _ in 0..Generator::GRID_TRIES {
            let mut b = Board::empty(self.shape);
            let mut order: Vec<usize> = (0..cells).collect();
            self.rng.shuffle(&mut order);
            for &c in &order[..side] {
                b.set(c, self.rng.below(side) as u8 + 1);
                if !b.clashes().is_empty() {
                    b.set(c, 0);
                }
            }
            let p = Puzzle::new(b).expect("clashing clues were taken back");
            if let Ok(Some(solution)) = self.dlx.solve(&p) {
                return solution;
            }
        }
        panic!(
            "no solved board from {} sets of {side} clues: the DLX engine finds no solution",
            Generator::GRID_TRIES
        )
    }

    /// Whether `b` has one solution, as far as the budget tells.
    fn unique(&mut self, b: &Board) -> bool {
        let p = Puzzle::new(b.clone()).expect("a subset of a solution never clashes");
        self.dlx.count(&p, 2) == Ok(1)
    }

    /// A new puzzle with one solution, and that solution.
    pub fn generate(&mut self) -> (Puzzle, Board) {
        let solution = self.solved_board();
        let mut b = solution.clone();
        let mut order: Vec<usize> = (0..self.shape.cells()).collect();
        self.rng.shuffle(&mut order);
        for c in order {
            let d = b.get(c);
            b.set(c, 0);
            if !self.unique(&b) {
                b.set(c, d);
            }
        }
        (Puzzle::new(b).expect("a subset of a solution"), solution)
    }
}

/// The mean number of DLX search nodes to prove `puzzle` unique, over `k` random
/// relabellings of it (digits permuted, rows within bands, bands, columns within stacks,
/// stacks, and transposed or not). The same `seed` gives the same number everywhere. Every
/// size.
pub fn search_effort(puzzle: &Puzzle, k: usize, seed: u64) -> f64 {
    effort_with(&mut Dlx::for_shape(puzzle.shape()), puzzle.givens(), k, seed)
}

/// The effort of `givens`, which do not clash, with `dlx` (one for their size).
fn effort_with(dlx: &mut Dlx, givens: &Board, k: usize, seed: u64) -> f64 {
    let mut rng = Rng::new(seed);
    let mut total = 0u64;
    for _ in 0..k.max(1) {
        let g = relabel(givens, &mut rng);
        let p = Puzzle::new(g).expect("relabelling keeps the givens apart");
        let _ = dlx.verdict(&p);
        total += dlx.last_search().counters().nodes;
    }
    total as f64 / k.max(1) as f64
}

/// The seed of a puzzle's relabellings when none is given: taken from its givens (FNV-1a), so
/// that `generate` and `rate` measure a puzzle alike, and a puzzle's effort does not depend on
/// what was generated before it.
pub fn effort_seed(g: &Board) -> u64 {
    let hash = (0..g.shape().cells()).fold(0xCBF2_9CE4_8422_2325u64, |h, i| {
        (h ^ u64::from(g.get(i))).wrapping_mul(0x0100_0000_01B3)
    });
    Rng::new(hash).next_u64()
}

/// One random member of the puzzle's equivalence class (any size).
fn relabel(g: &Board, rng: &mut Rng) -> Board {
    let shape = g.shape();
    let (n, s) = (shape.order(), shape.side());
    const SIDE: usize = MAX_ORDER * MAX_ORDER;
    let mut digits: [u8; SIDE] = std::array::from_fn(|d| d as u8 + 1);
    rng.shuffle(&mut digits[..s]);
    // A permutation of the rows (or columns): bands shuffled, then the lines in each.
    let perm = |rng: &mut Rng| -> [usize; SIDE] {
        let mut bands: [usize; MAX_ORDER] = std::array::from_fn(|b| b);
        rng.shuffle(&mut bands[..n]);
        let mut out = [0; SIDE];
        for (b, &band) in bands[..n].iter().enumerate() {
            let mut inner: [usize; MAX_ORDER] = std::array::from_fn(|k| k);
            rng.shuffle(&mut inner[..n]);
            for k in 0..n {
                out[b * n + k] = band * n + inner[k];
            }
        }
        out
    };
    let (rows, cols) = (perm(rng), perm(rng));
    let transpose = rng.below(2) == 1;
    let mut out = Board::empty(shape);
    for (r, &row) in rows[..s].iter().enumerate() {
        for (c, &col) in cols[..s].iter().enumerate() {
            let (sr, sc) = if transpose { (col, row) } else { (row, col) };
            let d = g.get(sr * s + sc);
            out.set(r * s + c, if d == 0 { 0 } else { digits[usize::from(d - 1)] });
        }
    }
    debug_assert_eq!(out.filled(), g.filled());
    out
}

/// Both measures of a puzzle, for `dlx-sudoku rate`; with no `seed`, the relabellings are
/// the ones a generated puzzle's effort was measured on ([`effort_seed`]). Every size (the
/// [`Level`]s' bound on the effort, [`EXTREME_EFFORT`], was measured on 9×9 puzzles).
pub fn measure(puzzle: &Puzzle, k: usize, seed: Option<u64>) -> (Rating, f64) {
    let givens = puzzle.givens();
    let seed = seed.unwrap_or_else(|| effort_seed(givens));
    let effort = effort_with(&mut Dlx::for_shape(puzzle.shape()), givens, k, seed);
    (logic::rate(givens), effort)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::{Bitmask, Verdict};

    /// The grids a test's puzzle may take. The tests' seeds need 1 to 103 (a minimal puzzle
    /// with mirror symmetry; an expert one 26), about 8 ms each in a debug build: a bound
    /// fails a broken rater or numbering, under which no grid ever fits, in a few seconds,
    /// where an unbounded `generate` looked for ever (cut off by cargo-mutants' timeout).
    const GRIDS: u64 = 200;

    /// [`Generator::generate_within`] [`GRIDS`] grids, which must give a puzzle.
    fn generated(g: &mut Generator, level: Option<Level>, symmetry: Symmetry, minimal: bool) -> Generated {
        g.generate_within(level, symmetry, minimal, GRIDS)
            .unwrap_or_else(|| panic!("no puzzle of level {level:?} ({symmetry}) within {GRIDS} grids"))
    }

    /// The verdict of a generated puzzle, as the tests check it with any engine.
    fn is_unique(engine: &mut dyn Engine, puzzle: &Puzzle) -> bool {
        matches!(engine.verdict(puzzle), Ok(Verdict::Unique(_)))
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_same_seed_gives_the_same_puzzles() {
        let a: Vec<String> = {
            let mut g = Generator::new(42);
            (0..3)
                .map(|_| {
                    generated(&mut g, None, Symmetry::None, true)
                        .puzzle
                        .givens()
                        .to_string()
                })
                .collect()
        };
        let mut g = Generator::new(42);
        for line in &a {
            assert_eq!(
                &generated(&mut g, None, Symmetry::None, true)
                    .puzzle
                    .givens()
                    .to_string(),
                line
            );
        }
        let mut other = Generator::new(43);
        assert_ne!(
            generated(&mut other, None, Symmetry::None, true)
                .puzzle
                .givens()
                .to_string(),
            a[0]
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn puzzles_are_unique_minimal_and_symmetric_as_asked() {
        let mut g = Generator::new(7);
        let mut bitmask = Bitmask::new();
        // Three per symmetry natively; one in a debug wasm build, where it is several times slower.
        let per = if cfg!(target_arch = "wasm32") { 1 } else { 3 };
        for symmetry in Symmetry::ALL {
            for _ in 0..per {
                let made = generated(&mut g, None, symmetry, true);
                let p = made.puzzle;
                assert!(is_unique(&mut Dlx::new(), &p), "{symmetry}: DLX counts one solution");
                assert!(is_unique(&mut bitmask, &p), "{symmetry}: the bitmask oracle agrees");
                assert!(symmetry.holds_for(p.givens()), "{symmetry}: {}", p.givens());
                // Minimal: every clue is needed, by the oracle's count.
                for c in (0..81).filter(|&c| p.givens().get(c) != 0) {
                    let mut h = p.givens().clone();
                    h.set(c, 0);
                    assert_eq!(
                        bitmask.count(&Puzzle::new(h).unwrap(), 2),
                        Ok(2),
                        "{symmetry}: clue {c} can go"
                    );
                }
                assert_eq!(made.level, Level::of(&made.rating, made.effort.unwrap_or(0.0)));
            }
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_level_asked_is_the_level_given() {
        let mut g = Generator::new(1);
        for level in [Level::Easy, Level::Medium, Level::Hard, Level::Expert, Level::Extreme] {
            let made = generated(&mut g, Some(level), Symmetry::None, false);
            assert_eq!(made.level, level);
            let rating = logic::rate(made.puzzle.givens());
            assert_eq!(rating.solved(), level < Level::Expert);
            if let Some(e) = made.effort {
                assert_eq!(Level::of(&rating, e), level);
            }
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn relabelling_keeps_the_number_of_solutions_and_effort_is_reproducible() {
        let p: Puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
            .parse()
            .unwrap();
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            let q = Puzzle::new(relabel(p.givens(), &mut rng)).unwrap();
            assert!(is_unique(&mut Dlx::new(), &q));
            assert_eq!(q.givens().filled(), p.givens().filled());
        }
        let e = search_effort(&p, 8, 99);
        assert_eq!(e, search_effort(&p, 8, 99));
        // The same on every machine (the level of a generated puzzle rests on it): the mean
        // of eight relabellings' DLX nodes.
        assert_eq!(e, 3468.625);
        // Every size relabels (bands of 2 rows at 4×4): the one solution stays, and both
        // measures come out as `rate` takes them.
        let four = Board::parse(Shape::FOUR, crate::sudoku::Alphabet::Digits, "1....4...12....4").unwrap();
        let four = Puzzle::new(four).unwrap();
        let mut dlx = Dlx::for_shape(Shape::FOUR);
        assert!(is_unique(&mut dlx, &four));
        for _ in 0..20 {
            let q = Puzzle::new(relabel(four.givens(), &mut rng)).unwrap();
            assert!(is_unique(&mut dlx, &q));
            assert_eq!(q.givens().filled(), four.givens().filled());
        }
        let (rating, effort) = measure(&four, 8, None);
        assert_eq!(effort, search_effort(&four, 8, effort_seed(four.givens())));
        assert_eq!(rating, logic::rate(four.givens()));
        assert!(rating.solved() && effort >= 1.0, "{rating} {effort}");
    }

    /// `generate_within` gives up after its grids, and gives what `generate` gives when they
    /// are enough: an expert puzzle from seed 1 takes 26 grids, not one fewer.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_generator_gives_up_after_its_grids() {
        let expert = Some(Level::Expert);
        let mut g = Generator::new(1);
        assert!(g.generate_within(expert, Symmetry::None, false, 25).is_none());
        assert_eq!(g.checks.grids, 25);
        let mut g = Generator::new(1);
        let made = g
            .generate_within(expert, Symmetry::None, false, 26)
            .expect("the 26th grid fits");
        assert_eq!(g.checks.grids, 26);
        assert_eq!(made.level, Level::Expert);
        let unbounded = Generator::new(1).generate(expert, Symmetry::None, false);
        assert_eq!(made.puzzle, unbounded.puzzle);
        assert!(Generator::new(1)
            .generate_within(None, Symmetry::None, false, 0)
            .is_none());
    }

    /// The same line is pinned in tests/wasm.rs: the page's generator gives the same puzzle.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_seed_gives_this_puzzle_on_every_platform() {
        let made = generated(
            &mut Generator::new(puzzle_seed(2026, 0)),
            Some(Level::Hard),
            Symmetry::None,
            false,
        );
        assert_eq!(
            made.puzzle.givens().to_string(),
            "..8.4.3.5..9.2..6...5..74.8..1..2..4.7.65....83.......1..83.9.....7.......3......"
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn removals_that_singles_refill_keep_the_puzzle_unique() {
        let mut g = Generator::new(11);
        let mut dlx = Dlx::new();
        let mut refilled = 0;
        for _ in 0..20 {
            let mut p = g.solved_grid();
            let mut cells: Vec<usize> = (0..81).collect();
            g.rng.shuffle(&mut cells);
            for c in cells {
                let d = p.get(c);
                p.set(c, 0);
                let unique = dlx.count(&Puzzle::new(p.clone()).unwrap(), 2) == Ok(1);
                if singles_refill(&p, &[c]) {
                    assert!(unique, "singles refilled {c} of {p}, which has several solutions");
                    refilled += 1;
                }
                if !unique {
                    p.set(c, d);
                }
            }
        }
        assert!(
            refilled > 20 * 40,
            "singles spare at least half the searches: {refilled} of 1620"
        );
    }

    /// Searches per minimal puzzle (no symmetry: 81 removals each, one search each before
    /// singles spared them). A change that needs more fails here.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn thinning_searches_only_where_singles_cannot_tell() {
        let mut g = Generator::new(1);
        for _ in 0..10 {
            generated(&mut g, None, Symmetry::None, true);
        }
        let c = g.checks;
        assert_eq!(c.searched + c.forced, 810, "one decision per removal");
        assert_eq!((c.searched, c.forced), (255, 555));
    }

    /// New puzzle at 4×4 and 16×16 (the page's): unique by a search with no budget, every
    /// given the solution's, rated as `rate` rates it, and as many givens as such puzzles
    /// have (a 4×4 minimal one has 4 to 7 givens; a 16×16 one thinned within the page's
    /// budget, about 100 to 130 of 256, under half the grid).
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn other_sizes_give_unique_rated_puzzles() {
        let sixteen = Shape::SIXTEEN;
        // Fewer 16×16 in a debug wasm build, where each takes a few seconds.
        let many16 = if cfg!(target_arch = "wasm32") { 1 } else { 3 };
        for (shape, many, givens) in [(Shape::FOUR, 20, 4..=7), (sixteen, many16, 80..=140)] {
            let mut g = Generator::for_shape(shape, 5, Generator::page_budget(shape));
            assert_eq!(g.shape(), shape);
            let mut oracle = Dlx::for_shape(shape);
            for _ in 0..many {
                let made = generated(&mut g, None, Symmetry::None, false);
                let p = &made.puzzle;
                assert_eq!(p.shape(), shape);
                assert_eq!(oracle.count(p, 2), Ok(1), "{shape:?}: one solution: {}", p.givens());
                let Ok(Verdict::Unique(solution)) = oracle.verdict(p) else {
                    unreachable!()
                };
                assert!(solution.solves(p.givens()));
                let n = p.givens().filled();
                assert!(givens.contains(&n), "{shape:?}: {n} givens: {}", p.givens());
                assert_eq!(made.rating, logic::rate(p.givens()));
                assert_eq!(made.level, Level::of(&made.rating, made.effort.unwrap_or(0.0)));
                assert_eq!(made.effort.is_some(), !made.rating.solved());
            }
        }
        // With no budget a 4×4 is thinned to minimal: every given is needed.
        let mut g = Generator::for_shape(Shape::FOUR, 9, u64::MAX);
        let p = generated(&mut g, None, Symmetry::None, false).puzzle;
        assert!(g.is_minimal(p.givens()), "{}", p.givens());
    }

    /// `dlx-sudoku generate --size N --seed S` writes the same board on every machine, and
    /// the wasm build (which runs this test too) agrees: pinned for a 4×4 and a 16×16.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_seed_gives_this_board_on_every_platform() {
        let line = |shape: Shape| {
            let (p, s) = BoardGenerator::new(shape, 2026, 100_000).generate();
            let alphabet = crate::sudoku::Alphabet::default_for(shape);
            assert!(s.solves(p.givens()));
            p.givens().to_line(alphabet)
        };
        assert_eq!(line(Shape::FOUR), "....4....21....3");
        assert_eq!(
            line(Shape::of_order(4).unwrap()),
            "F.I.LG.H............F.M.BPH.D..C.D.....KG.O...PNJMHOP.N...AK.....O.D.I.J....BK....A...O.P.J.N....GP.HN....BD..CF.L.EM...KF..J.OG..GP..HI...M..L....AB.J.....P...B...N...L...H..I..KN..CMH...E..OA..B...L..M...K.....G...CL...A.J..E.A..F.GKB.NM...L.O....H......"
        );
    }

    /// A budget too small for any first solution still makes puzzles: it bounds the
    /// uniqueness checks only (with 100 nodes a 16×16 once looped for ever, looking for a
    /// solved grid within them). Every clue whose removal the budget cannot decide stays, so
    /// the puzzle is still unique.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_tiny_budget_bounds_the_checks_not_the_solved_grid() {
        for (shape, budget) in [(Shape::FOUR, 1), (Shape::FOUR, 5), (Shape::of_order(4).unwrap(), 100)] {
            let (p, s) = BoardGenerator::new(shape, 3, budget).generate();
            assert!(s.solves(p.givens()), "{shape:?}, {budget} nodes");
            assert_eq!(s.filled(), shape.cells());
            assert_eq!(Dlx::for_shape(shape).count(&p, 2), Ok(1), "{shape:?}, {budget} nodes");
        }
    }

    /// A grid with one clue at r1c2 keeps no symmetry but none (its image is another cell:
    /// r9c8, r2c1, r1c8); with the image's clue too, each holds, whatever the digits.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_symmetry_holds_only_when_each_clue_has_its_image() {
        let mut one = Board::empty(Shape::NINE);
        one.set(1, 5);
        for (symmetry, image) in [
            (Symmetry::Rotational, 79),
            (Symmetry::Diagonal, 9),
            (Symmetry::Mirror, 7),
        ] {
            assert!(!symmetry.holds_for(&one), "{symmetry}");
            let mut both = one.clone();
            both.set(image, 3);
            assert!(symmetry.holds_for(&both), "{symmetry}");
        }
        assert!(Symmetry::None.holds_for(&one));
        assert!(Symmetry::ALL.iter().all(|s| s.holds_for(&Board::empty(Shape::NINE))));
    }

    /// Where logic stalls, the search effort splits expert from extreme at `EXTREME_EFFORT`:
    /// below it expert, from it on extreme.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_effort_splits_expert_from_extreme_at_its_bound() {
        let stalled = logic::rate(&Board::empty(Shape::NINE));
        assert!(!stalled.solved(), "no technique starts on an empty grid");
        assert_eq!(Level::of(&stalled, EXTREME_EFFORT - 0.5), Level::Expert);
        assert_eq!(Level::of(&stalled, EXTREME_EFFORT), Level::Extreme);
        assert_eq!(Level::of(&stalled, EXTREME_EFFORT + 0.5), Level::Extreme);
    }

    /// Every puzzle of a run has a seed of its own: for each index, distinct run seeds give
    /// distinct puzzle seeds (so two runs never share a puzzle by accident).
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn each_run_seed_gives_its_own_puzzle_seeds() {
        for index in 0..8 {
            let mut seeds: Vec<u64> = (0..512).map(|seed| puzzle_seed(seed, index)).collect();
            seeds.sort_unstable();
            seeds.dedup();
            assert_eq!(seeds.len(), 512, "index {index}");
        }
    }

    /// A generator reseeded makes what a new one with that seed makes (the page and the
    /// command line keep one generator and reseed it for each puzzle).
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_reseeded_generator_starts_over() {
        let mut g = Generator::new(3);
        let first = generated(&mut g, None, Symmetry::None, true).puzzle;
        g.reseed(8);
        let fresh = Generator::new(8).generate(None, Symmetry::None, true).puzzle;
        assert_eq!(generated(&mut g, None, Symmetry::None, true).puzzle, fresh);
        g.reseed(3);
        assert_eq!(generated(&mut g, None, Symmetry::None, true).puzzle, first);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn names_parse_back() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>(), Ok(l));
        }
        for s in Symmetry::ALL {
            assert_eq!(s.to_string().parse::<Symmetry>(), Ok(s));
        }
        assert!("hardest".parse::<Level>().unwrap_err().contains("easy, medium"));
    }
}
