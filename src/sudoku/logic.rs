//! Solving as a person does: pencil marks and named techniques, one step at a time, at every
//! size (4×4 to 25×25).
//!
//! A [`Pencil`] holds a [`Board`]'s digits placed and, for every empty cell, its candidates
//! (pencil marks). [`Pencil::next_step`] finds the easiest [`Technique`] that makes progress
//! and returns it as a [`Step`]: the digit it places or the candidates it removes, the cells
//! and digits involved, and one sentence of why (digits written as the numbering writes them,
//! [`Shape::symbol`]: `1`–`9` up to 9×9, letters above). [`rate`] applies steps until the grid
//! is solved or no technique applies ("needs search").
//!
//! This is a second way to solve, not a second copy of the exact-cover search: it never
//! guesses, and its every step is checked against the DLX solution in the tests.

use std::fmt;
use std::sync::OnceLock;

use super::model::Shape;
use super::{Alphabet, Board, Engine, Puzzle, Verdict};

/// The techniques, easiest first (the order in which [`Pencil::next_step`] tries them).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Technique {
    NakedSingle,
    HiddenSingle,
    Pointing,
    Claiming,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
    XWing,
    Swordfish,
    XyWing,
    SimpleColouring,
}

impl Technique {
    pub const ALL: [Technique; 14] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::XyWing,
        Technique::SimpleColouring,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "Naked single",
            Technique::HiddenSingle => "Hidden single",
            Technique::Pointing => "Pointing (locked candidates)",
            Technique::Claiming => "Claiming (locked candidates)",
            Technique::NakedPair => "Naked pair",
            Technique::HiddenPair => "Hidden pair",
            Technique::NakedTriple => "Naked triple",
            Technique::HiddenTriple => "Hidden triple",
            Technique::NakedQuad => "Naked quad",
            Technique::HiddenQuad => "Hidden quad",
            Technique::XWing => "X-Wing",
            Technique::Swordfish => "Swordfish",
            Technique::XyWing => "XY-Wing",
            Technique::SimpleColouring => "Simple colouring",
        }
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One logical step: a placement, or candidates removed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Step {
    pub technique: Technique,
    /// The digit placed, if the step places one: `(cell, digit)`.
    pub place: Option<(usize, u8)>,
    /// Candidates removed: `(cell, digit)`, in cell order.
    pub remove: Vec<(usize, u8)>,
    /// The cells of the pattern (the ones that justify the step).
    pub cells: Vec<usize>,
    /// The digits of the pattern.
    pub digits: Vec<u8>,
    /// One sentence of why, e.g. "Hidden single: 7 can go only in r5c2 within box 4."
    pub why: String,
}

/// The units of one size, built once per [`Shape`] and shared: 3·side units of side cells,
/// rows `0..s`, columns `s..2s`, boxes `2s..3s` (a box's cells in reading order).
#[derive(PartialEq, Eq, Debug)]
pub(crate) struct Units {
    shape: Shape,
    side: usize,
    /// The cells of unit `u` at `u * side..(u + 1) * side`.
    cells: Vec<usize>,
    /// Each cell's row, column and box, as unit numbers.
    of: Vec<[usize; 3]>,
}

impl Units {
    /// The units of `shape` (built on first use).
    pub(crate) fn of(shape: Shape) -> &'static Units {
        static ALL: [OnceLock<Units>; 4] = [const { OnceLock::new() }; 4];
        ALL[shape.order() - 2].get_or_init(|| Units::new(shape))
    }

    fn new(shape: Shape) -> Units {
        let s = shape.side();
        let mut cells = Vec::with_capacity(3 * s * s);
        cells.extend((0..s).flat_map(|r| (0..s).map(move |k| r * s + k)));
        cells.extend((0..s).flat_map(|c| (0..s).map(move |k| k * s + c)));
        cells.extend((0..s).flat_map(|b| (0..s).map(move |k| shape.box_cell(b, k))));
        let of = (0..s * s)
            .map(|c| [c / s, s + c % s, 2 * s + shape.box_of(c)])
            .collect();
        Units {
            shape,
            side: s,
            cells,
            of,
        }
    }

    /// How many units there are (3·side).
    pub(crate) fn count(&self) -> usize {
        3 * self.side
    }

    /// The cells of unit `u`.
    #[inline]
    pub(crate) fn unit(&self, u: usize) -> &[usize] {
        &self.cells[u * self.side..(u + 1) * self.side]
    }

    /// The row, column and box (as unit numbers) of `cell`.
    #[inline]
    pub(crate) fn units_of(&self, cell: usize) -> [usize; 3] {
        self.of[cell]
    }

    fn name(&self, u: usize) -> String {
        let s = self.side;
        match u / s {
            0 => format!("row {}", u + 1),
            1 => format!("column {}", u - s + 1),
            _ => format!("box {}", u - 2 * s + 1),
        }
    }

    /// Two different cells that share a row, column or box.
    #[inline]
    fn sees(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.of[a], self.of[b]);
        a != b && (x[0] == y[0] || x[1] == y[1] || x[2] == y[2])
    }
}

/// Bits 1..=side set: every digit of `shape` is possible.
pub(crate) fn all_digits(shape: Shape) -> u32 {
    ((1u32 << shape.side()) - 1) << 1
}

/// The digits of a set (bit `d` for digit `d`), smallest first.
fn digits_of(mask: u32) -> impl Iterator<Item = u8> {
    let mut rest = mask & !1;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let d = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            d
        })
    })
}

/// All k-element subsets of `items`, in order.
fn subsets(items: &[usize], k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    let mut pick = Vec::with_capacity(k);
    fn go(items: &[usize], k: usize, from: usize, pick: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if pick.len() == k {
            out.push(pick.clone());
            return;
        }
        for i in from..items.len() {
            pick.push(items[i]);
            go(items, k, i + 1, pick, out);
            pick.pop();
        }
    }
    go(items, k, 0, &mut pick, &mut out);
    out
}

/// Digits placed and pencil marks, on a board of any size.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pencil {
    units: &'static Units,
    digits: Vec<u8>,
    /// Candidates of each empty cell (bit `d` for digit `d`); 0 for a filled cell.
    cand: Vec<u32>,
    /// The symbols the steps' words write digits in (the size's usual ones unless told).
    alphabet: Alphabet,
}

impl Pencil {
    /// The givens, and every candidate that does not clash with them.
    pub fn new(givens: &Board) -> Pencil {
        let mut cand = givens.candidates();
        for (m, &d) in cand.iter_mut().zip(givens.cells()) {
            if d != 0 {
                *m = 0;
            }
        }
        Pencil {
            units: Units::of(givens.shape()),
            digits: givens.cells().to_vec(),
            cand,
            alphabet: Alphabet::default_for(givens.shape()),
        }
    }

    /// A board with the digits of `digits` and these pencil marks (for its empty cells; one
    /// set a cell). Panics if `cand` is not one set a cell.
    pub fn with_candidates(digits: &Board, cand: &[u32]) -> Pencil {
        let shape = digits.shape();
        assert_eq!(cand.len(), shape.cells(), "one set of candidates a cell");
        let all = all_digits(shape);
        let cand = digits
            .cells()
            .iter()
            .zip(cand)
            .map(|(&d, &m)| if d != 0 { 0 } else { m & all })
            .collect();
        Pencil {
            units: Units::of(shape),
            digits: digits.cells().to_vec(),
            cand,
            alphabet: Alphabet::default_for(shape),
        }
    }

    /// The same board, its steps worded in `alphabet` (16×16's 0–F, say).
    pub fn in_alphabet(self, alphabet: Alphabet) -> Pencil {
        Pencil { alphabet, ..self }
    }

    pub fn shape(&self) -> Shape {
        self.units.shape
    }

    /// The candidates of a cell (bit `d` for digit `d`; 0 once filled).
    pub fn candidates(&self, cell: usize) -> u32 {
        self.cand[cell]
    }

    pub fn open_cells(&self) -> usize {
        self.digits.iter().filter(|&&d| d == 0).count()
    }

    /// The digits placed.
    pub fn board(&self) -> Board {
        let mut b = Board::empty(self.shape());
        for (cell, &d) in self.digits.iter().enumerate() {
            b.set(cell, d);
        }
        b
    }

    /// Places a digit and removes it from the candidates of the cell's peers; says whether
    /// that changed anything.
    pub fn place(&mut self, cell: usize, digit: u8) -> bool {
        let mut changed = self.digits[cell] != digit || self.cand[cell] != 0;
        self.digits[cell] = digit;
        self.cand[cell] = 0;
        let bit = 1u32 << digit;
        for u in self.units.units_of(cell) {
            for &p in self.units.unit(u) {
                changed |= self.cand[p] & bit != 0;
                self.cand[p] &= !bit;
            }
        }
        changed
    }

    /// Takes a step; says whether it changed the board, as every step [`Pencil::next_step`]
    /// finds must.
    pub fn apply(&mut self, step: &Step) -> bool {
        let mut changed = false;
        if let Some((c, d)) = step.place {
            changed |= self.place(c, d);
        }
        for &(c, d) in &step.remove {
            changed |= self.cand[c] & (1 << d) != 0;
            self.cand[c] &= !(1 << d);
        }
        changed
    }

    /// The easiest step that makes progress, or `None` (solved, stuck, or beyond these techniques).
    pub fn next_step(&self) -> Option<Step> {
        if self.has_contradiction() {
            return None;
        }
        self.naked_single()
            .or_else(|| self.hidden_single())
            .or_else(|| self.locked_candidates())
            .or_else(|| (2..=4).find_map(|k| self.naked_subset(k).or_else(|| self.hidden_subset(k))))
            .or_else(|| self.fish(2))
            .or_else(|| self.fish(3))
            .or_else(|| self.xy_wing())
            .or_else(|| self.simple_colouring())
    }

    fn side(&self) -> usize {
        self.units.side
    }

    fn cells(&self) -> usize {
        self.digits.len()
    }

    /// The symbol of a digit, as the words say it.
    fn sym(&self, d: u8) -> char {
        self.alphabet.symbol(d)
    }

    fn cell_name(&self, c: usize) -> String {
        self.shape().cell_name(c)
    }

    fn unit_name(&self, u: usize) -> String {
        self.units.name(u)
    }

    fn names(&self, cells: &[usize]) -> String {
        cells.iter().map(|&c| self.cell_name(c)).collect::<Vec<_>>().join(", ")
    }

    fn digit_list(&self, digits: &[u8]) -> String {
        digits
            .iter()
            .map(|&d| self.sym(d).to_string())
            .collect::<Vec<_>>()
            .join("/")
    }

    /// An empty cell with no candidate, or a unit in which a digit is placed twice or some
    /// missing digit has no place.
    fn has_contradiction(&self) -> bool {
        let all = all_digits(self.shape());
        (0..self.cells()).any(|c| self.digits[c] == 0 && self.cand[c] == 0)
            || (0..self.units.count()).any(|u| {
                let cells = self.units.unit(u);
                let (placed, filled) = cells
                    .iter()
                    .filter(|&&c| self.digits[c] != 0)
                    .fold((0u32, 0), |(m, n), &c| (m | 1 << self.digits[c], n + 1));
                let possible = cells.iter().fold(0u32, |m, &c| m | self.cand[c]);
                placed.count_ones() as usize != filled || (placed | possible) != all
            })
    }

    fn naked_single(&self) -> Option<Step> {
        let c = (0..self.cells()).find(|&c| self.cand[c].count_ones() == 1)?;
        let d = self.cand[c].trailing_zeros() as u8;
        Some(Step {
            technique: Technique::NakedSingle,
            place: Some((c, d)),
            remove: vec![],
            cells: vec![c],
            digits: vec![d],
            why: format!(
                "Naked single: {} is the only candidate left in {}.",
                self.sym(d),
                self.cell_name(c)
            ),
        })
    }

    fn hidden_single(&self) -> Option<Step> {
        let s = self.side();
        // Boxes first, then rows, then columns: the order people usually scan in.
        for u in (2 * s..3 * s).chain(0..2 * s) {
            let cells = self.units.unit(u);
            // The digits with one place in the unit: the smallest is the first found
            // digit by digit.
            let (mut once, mut twice) = (0u32, 0u32);
            for &c in cells {
                twice |= once & self.cand[c];
                once |= self.cand[c];
            }
            if let Some(d) = digits_of(once & !twice).next() {
                let c = *cells
                    .iter()
                    .find(|&&c| self.cand[c] & (1 << d) != 0)
                    .expect("one place");
                return Some(Step {
                    technique: Technique::HiddenSingle,
                    place: Some((c, d)),
                    remove: vec![],
                    cells: vec![c],
                    digits: vec![d],
                    why: format!(
                        "Hidden single: {} can go only in {} within {}.",
                        self.sym(d),
                        self.cell_name(c),
                        self.unit_name(u)
                    ),
                });
            }
        }
        None
    }

    /// Pointing: a digit's candidates in a box all in one row or column clear it from the
    /// rest of that line. Claiming: all in one box within a line clear it from the rest of the box.
    fn locked_candidates(&self) -> Option<Step> {
        let s = self.side();
        for (technique, from_units, pointing) in [
            (Technique::Pointing, 2 * s..3 * s, true),
            (Technique::Claiming, 0..2 * s, false),
        ] {
            for u in from_units {
                // Only the digits with two places or more in the unit can point or claim.
                let (mut once, mut twice) = (0u32, 0u32);
                for &c in self.units.unit(u) {
                    twice |= once & self.cand[c];
                    once |= self.cand[c];
                }
                for d in digits_of(twice) {
                    let at: Vec<usize> = self
                        .units
                        .unit(u)
                        .iter()
                        .copied()
                        .filter(|&c| self.cand[c] & (1 << d) != 0)
                        .collect();
                    // The other unit that holds them all.
                    let first = self.units.units_of(at[0]);
                    let all_in = |k: usize| at.iter().all(|&c| self.units.units_of(c)[k] == first[k]);
                    let targets: Vec<usize> = if pointing {
                        [0, 1].into_iter().filter(|&k| all_in(k)).map(|k| first[k]).collect()
                    } else if all_in(2) {
                        vec![first[2]]
                    } else {
                        vec![]
                    };
                    for v in targets {
                        let remove: Vec<(usize, u8)> = self
                            .units
                            .unit(v)
                            .iter()
                            .copied()
                            .filter(|c| !at.contains(c) && self.cand[*c] & (1 << d) != 0)
                            .map(|c| (c, d))
                            .collect();
                        if !remove.is_empty() {
                            let sym = self.sym(d);
                            let why = format!(
                                "{technique}: in {}, {sym} can go only in {}, all in {}; so {sym} comes off the rest of {}.",
                                self.unit_name(u),
                                self.names(&at),
                                self.unit_name(v),
                                self.unit_name(v)
                            );
                            return Some(Step {
                                technique,
                                place: None,
                                remove,
                                cells: at,
                                digits: vec![d],
                                why,
                            });
                        }
                    }
                }
            }
        }
        None
    }

    /// k cells of a unit whose candidates together are k digits: those digits come off the rest of the unit.
    fn naked_subset(&self, k: usize) -> Option<Step> {
        let technique = [Technique::NakedPair, Technique::NakedTriple, Technique::NakedQuad][k - 2];
        for u in 0..self.units.count() {
            let cells = self.units.unit(u);
            let open: Vec<usize> = cells.iter().copied().filter(|&c| self.cand[c] != 0).collect();
            let small: Vec<usize> = open
                .iter()
                .copied()
                .filter(|&c| (self.cand[c].count_ones() as usize) <= k)
                .collect();
            for set in subsets(&small, k) {
                let union = set.iter().fold(0u32, |m, &c| m | self.cand[c]);
                if union.count_ones() as usize != k {
                    continue;
                }
                let remove: Vec<(usize, u8)> = open
                    .iter()
                    .filter(|c| !set.contains(c))
                    .flat_map(|&c| digits_of(self.cand[c] & union).map(move |d| (c, d)))
                    .collect();
                if !remove.is_empty() {
                    let digits: Vec<u8> = digits_of(union).collect();
                    let why = format!(
                        "{technique}: in {}, {} hold only {} between them; so {} come off the rest of {}.",
                        self.unit_name(u),
                        self.names(&set),
                        self.digit_list(&digits),
                        self.digit_list(&digits),
                        self.unit_name(u)
                    );
                    return Some(Step {
                        technique,
                        place: None,
                        remove,
                        cells: set,
                        digits,
                        why,
                    });
                }
            }
        }
        None
    }

    /// k digits of a unit that fit in only k cells of it: those cells lose every other candidate.
    fn hidden_subset(&self, k: usize) -> Option<Step> {
        let technique = [Technique::HiddenPair, Technique::HiddenTriple, Technique::HiddenQuad][k - 2];
        let s = self.side();
        for u in 0..self.units.count() {
            let cells = self.units.unit(u);
            let places = |d: u8| -> u32 {
                cells
                    .iter()
                    .enumerate()
                    .filter(|(_, &c)| self.cand[c] & (1 << d) != 0)
                    .fold(0u32, |m, (i, _)| m | 1 << i)
            };
            let missing: Vec<usize> = (1..=s)
                .filter(|&d| {
                    let n = places(d as u8).count_ones() as usize;
                    (2..=k).contains(&n)
                })
                .collect();
            for set in subsets(&missing, k) {
                let where_ = set.iter().fold(0u32, |m, &d| m | places(d as u8));
                if where_.count_ones() as usize != k {
                    continue;
                }
                let keep = set.iter().fold(0u32, |m, &d| m | 1 << d);
                let at: Vec<usize> = (0..s).filter(|i| where_ & (1 << i) != 0).map(|i| cells[i]).collect();
                let remove: Vec<(usize, u8)> = at
                    .iter()
                    .flat_map(|&c| digits_of(self.cand[c] & !keep).map(move |d| (c, d)))
                    .collect();
                if !remove.is_empty() {
                    let digits: Vec<u8> = set.iter().map(|&d| d as u8).collect();
                    let why = format!(
                        "{technique}: in {}, {} fit only in {}; so those cells can hold nothing else.",
                        self.unit_name(u),
                        self.digit_list(&digits),
                        self.names(&at)
                    );
                    return Some(Step {
                        technique,
                        place: None,
                        remove,
                        cells: at,
                        digits,
                        why,
                    });
                }
            }
        }
        None
    }

    /// X-Wing (k = 2) and Swordfish (k = 3): k rows whose places for a digit lie in just k
    /// columns clear the digit from those columns' other rows (and the same with rows and
    /// columns swapped).
    fn fish(&self, k: usize) -> Option<Step> {
        let technique = if k == 2 { Technique::XWing } else { Technique::Swordfish };
        let s = self.side();
        for d in 1..=s as u8 {
            for by_rows in [true, false] {
                let cell = |line: usize, i: usize| if by_rows { line * s + i } else { i * s + line };
                let places = |line: usize| -> u32 {
                    (0..s)
                        .filter(|&i| self.cand[cell(line, i)] & (1 << d) != 0)
                        .fold(0, |m, i| m | 1 << i)
                };
                let lines: Vec<usize> = (0..s)
                    .filter(|&l| (2..=k).contains(&(places(l).count_ones() as usize)))
                    .collect();
                for set in subsets(&lines, k) {
                    let cover = set.iter().fold(0u32, |m, &l| m | places(l));
                    if cover.count_ones() as usize != k {
                        continue;
                    }
                    let remove: Vec<(usize, u8)> = (0..s)
                        .filter(|l| !set.contains(l))
                        .flat_map(|l| (0..s).filter(move |i| cover & (1 << i) != 0).map(move |i| (l, i)))
                        .map(|(l, i)| cell(l, i))
                        .filter(|&c| self.cand[c] & (1 << d) != 0)
                        .map(|c| (c, d))
                        .collect();
                    if !remove.is_empty() {
                        // In (cell, digit) order, sorted as one number each: the `Vec<usize>`
                        // sort the chains use already (a sort of pairs of its own was about
                        // 2 KB more of the page's gzipped module).
                        let mut keys: Vec<usize> = remove.iter().map(|&(c, d)| c << 8 | usize::from(d)).collect();
                        keys.sort();
                        let remove: Vec<(usize, u8)> = keys.iter().map(|&k| (k >> 8, (k & 0xff) as u8)).collect();
                        let cells: Vec<usize> = set
                            .iter()
                            .flat_map(|&l| (0..s).map(move |i| (l, i)))
                            .map(|(l, i)| cell(l, i))
                            .filter(|&c| self.cand[c] & (1 << d) != 0)
                            .collect();
                        let (lines, others) = if by_rows {
                            ("rows", "columns")
                        } else {
                            ("columns", "rows")
                        };
                        let list = |m: &[usize]| m.iter().map(|l| (l + 1).to_string()).collect::<Vec<_>>().join(", ");
                        let cols: Vec<usize> = (0..s).filter(|i| cover & (1 << i) != 0).collect();
                        let sym = self.sym(d);
                        let why = format!(
                            "{technique}: in {lines} {}, {sym} can go only in {others} {}; so {sym} comes off those {others} elsewhere.",
                            list(&set),
                            list(&cols)
                        );
                        return Some(Step {
                            technique,
                            place: None,
                            remove,
                            cells,
                            digits: vec![d],
                            why,
                        });
                    }
                }
            }
        }
        None
    }

    /// A pivot with candidates {x, y} that sees a pincer {x, z} and a pincer {y, z}: any
    /// cell that sees both pincers cannot be z.
    fn xy_wing(&self) -> Option<Step> {
        let sees = |a, b| self.units.sees(a, b);
        let pairs: Vec<usize> = (0..self.cells()).filter(|&c| self.cand[c].count_ones() == 2).collect();
        for &pivot in &pairs {
            let pm = self.cand[pivot];
            for &a in pairs.iter().filter(|&&a| sees(pivot, a)) {
                let am = self.cand[a];
                // (Two pairs alike share two digits.)
                if (am & pm).count_ones() != 1 {
                    continue;
                }
                let z = am & !pm;
                for &b in pairs.iter().filter(|&&b| b > a && sees(pivot, b)) {
                    let bm = self.cand[b];
                    // b holds z and the pivot's other digit.
                    if bm != z | (pm & !am) {
                        continue;
                    }
                    let zd = z.trailing_zeros() as u8;
                    let remove: Vec<(usize, u8)> = (0..self.cells())
                        .filter(|&c| c != pivot && sees(c, a) && sees(c, b) && self.cand[c] & z != 0)
                        .map(|c| (c, zd))
                        .collect();
                    if !remove.is_empty() {
                        let digits: Vec<u8> = digits_of(pm | z).collect();
                        let list = |m: u32| self.digit_list(&digits_of(m).collect::<Vec<_>>());
                        let zs = self.sym(zd);
                        let why = format!(
                            "XY-Wing: {} ({}) sees {} ({}) and {} ({}); whichever the pivot is, one of them is {zs}, so a cell that sees both cannot be {zs}.",
                            self.cell_name(pivot),
                            list(pm),
                            self.cell_name(a),
                            list(am),
                            self.cell_name(b),
                            list(bm)
                        );
                        return Some(Step {
                            technique: Technique::XyWing,
                            place: None,
                            remove,
                            cells: vec![pivot, a, b],
                            digits,
                            why,
                        });
                    }
                }
            }
        }
        None
    }

    /// Simple colouring: chain the cells of a digit linked in pairs (a unit where it has just
    /// two places) and colour them alternately. Two cells of one colour in a unit: that colour
    /// is false. A cell that sees both colours cannot hold the digit.
    fn simple_colouring(&self) -> Option<Step> {
        let sees = |a, b| self.units.sees(a, b);
        let cells = self.cells();
        for d in 1..=self.side() as u8 {
            let bit = 1u32 << d;
            let sym = self.sym(d);
            let mut links: Vec<Vec<usize>> = vec![vec![]; cells];
            for u in 0..self.units.count() {
                let at: Vec<usize> = self
                    .units
                    .unit(u)
                    .iter()
                    .copied()
                    .filter(|&c| self.cand[c] & bit != 0)
                    .collect();
                if at.len() == 2 {
                    links[at[0]].push(at[1]);
                    links[at[1]].push(at[0]);
                }
            }
            let mut colour = vec![0u8; cells]; // 0 none, 1 or 2
            for start in 0..cells {
                if links[start].is_empty() || colour[start] != 0 {
                    continue;
                }
                // Colour one chain.
                let mut chain = vec![start];
                colour[start] = 1;
                let mut k = 0;
                while k < chain.len() {
                    let c = chain[k];
                    for &n in &links[c] {
                        if colour[n] == 0 {
                            colour[n] = 3 - colour[c];
                            chain.push(n);
                        }
                    }
                    k += 1;
                }
                if chain.len() < 3 {
                    continue;
                }
                chain.sort();
                let of = |col: u8| -> Vec<usize> { chain.iter().copied().filter(|&c| colour[c] == col).collect() };
                // Rule 1: one colour twice in a unit.
                for col in [1u8, 2] {
                    let same = of(col);
                    if same.iter().any(|&a| same.iter().any(|&b| sees(a, b))) {
                        let remove: Vec<(usize, u8)> = same.iter().map(|&c| (c, d)).collect();
                        let why = format!(
                            "Simple colouring: colour the chain of {sym}'s linked pairs in two colours; {} share a unit and a colour, so that colour is false: {sym} comes off {}.",
                            self.names(&same.iter().copied().filter(|&a| same.iter().any(|&b| sees(a, b))).take(2).collect::<Vec<_>>()),
                            self.names(&same)
                        );
                        return Some(Step {
                            technique: Technique::SimpleColouring,
                            place: None,
                            remove,
                            cells: chain.clone(),
                            digits: vec![d],
                            why,
                        });
                    }
                }
                // Rule 2: a cell off the chain that sees both colours.
                let (one, two) = (of(1), of(2));
                let remove: Vec<(usize, u8)> = (0..cells)
                    .filter(|&c| {
                        colour[c] == 0
                            && self.cand[c] & bit != 0
                            && one.iter().any(|&a| sees(a, c))
                            && two.iter().any(|&b| sees(b, c))
                    })
                    .map(|c| (c, d))
                    .collect();
                if !remove.is_empty() {
                    let why = format!(
                        "Simple colouring: in the chain of {sym}'s linked pairs one colour is {sym}; {} see both colours, so cannot be {sym}.",
                        self.names(&remove.iter().map(|r| r.0).collect::<Vec<_>>())
                    );
                    return Some(Step {
                        technique: Technique::SimpleColouring,
                        place: None,
                        remove,
                        cells: chain.clone(),
                        digits: vec![d],
                        why,
                    });
                }
            }
        }
        None
    }
}

/// How far logic alone goes on a puzzle.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Rating {
    /// The hardest technique needed (`None` if there was nothing to do).
    pub hardest: Option<Technique>,
    /// Steps taken.
    pub steps: usize,
    /// Cells still open when the techniques stalled (0 when solved).
    pub open: usize,
}

impl Rating {
    pub fn solved(&self) -> bool {
        self.open == 0
    }

    /// The logic a new puzzle needs, as the page says it: the hardest technique's name,
    /// "none", or "needs search (N cells open)" where the techniques stall.
    pub fn logic_words(&self) -> String {
        match self.hardest {
            _ if !self.solved() => format!("needs search ({} cells open)", self.open),
            Some(t) => t.name().to_owned(),
            None => "none".to_owned(),
        }
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.solved(), self.hardest) {
            (true, Some(t)) => write!(f, "{t}"),
            (true, None) => f.write_str("nothing to do"),
            (false, _) => write!(f, "needs search ({} cells open)", self.open),
        }
    }
}

/// Solves with the techniques alone, easiest step first, and says how far that went.
pub fn rate(givens: &Board) -> Rating {
    let mut board = Pencil::new(givens);
    let (mut hardest, mut steps) = (None, 0);
    while let Some(step) = board.next_step() {
        // A step that changed nothing would be found again for ever: a technique's bug,
        // which ends the rating here (a hang of the page's New puzzle, of generate and rate)
        // and fails every debug build's tests at once.
        let progressed = board.apply(&step);
        debug_assert!(progressed, "a step that changes nothing: {}", step.why);
        if !progressed {
            break;
        }
        hardest = hardest.max(Some(step.technique));
        steps += 1;
    }
    Rating {
        hardest,
        steps,
        open: board.open_cells(),
    }
}

/// What a hint says about a board (see [`hint`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Hint {
    /// The next logical step, not taken.
    Step(Step),
    /// Every cell is filled.
    Solved,
    /// No technique applies: it takes search from here, with `open` cells still empty.
    Stuck { open: usize },
    /// The pencil marks of `cell` leave out `digit`, the solution's digit there (on a
    /// board of `shape`, written in `alphabet`).
    MarkedOut {
        cell: usize,
        digit: u8,
        shape: Shape,
        alphabet: Alphabet,
    },
}

impl Hint {
    /// One sentence for the person solving.
    pub fn why(&self) -> String {
        match self {
            Hint::Step(s) => s.why.clone(),
            Hint::Solved => "Solved: every cell is filled.".to_owned(),
            Hint::Stuck { open } => format!(
                "Stuck: none of the {} techniques finds a step, with {open} cells open. From here it takes search (trying a digit and backing up when it fails), which is what dancing links does.",
                Technique::ALL.len()
            ),
            Hint::MarkedOut {
                cell,
                digit,
                shape,
                alphabet,
            } => format!(
                "Check your pencil marks in {}: they leave out {}, which the solution needs there.",
                shape.cell_name(*cell),
                alphabet.symbol(*digit)
            ),
        }
    }
}

impl Pencil {
    /// The digits of `board`, and in each empty cell the user's pencil marks (`marks[cell]`,
    /// bit `d` for digit `d`) where there are any, else every digit; either way only the
    /// digits that do not clash with the digits placed. Panics if `marks` is not one set a
    /// cell.
    pub fn with_marks(board: &Board, marks: &[u32]) -> Pencil {
        assert_eq!(marks.len(), board.shape().cells(), "one set of pencil marks a cell");
        let all = all_digits(board.shape());
        let mut pencil = Pencil::new(board);
        for (cand, &m) in pencil.cand.iter_mut().zip(marks) {
            if m & all != 0 {
                *cand &= m;
            }
        }
        pencil
    }
}

/// The hint for a board of digits and pencil marks: the next step, or why there is none.
/// `solution` is the board's one solution if it has exactly one (then pencil marks that
/// leave out its digit are pointed out first, since no step taken from them could be trusted).
/// Panics if `marks` is not one set a cell.
pub fn hint(grid: &Board, marks: &[u32], solution: Option<&Board>) -> Hint {
    hint_in(grid, marks, solution, Alphabet::default_for(grid.shape()))
}

/// [`hint`], its words writing digits in `alphabet`.
pub fn hint_in(grid: &Board, marks: &[u32], solution: Option<&Board>, alphabet: Alphabet) -> Hint {
    let board = Pencil::with_marks(grid, marks).in_alphabet(alphabet);
    if let Some(s) = solution {
        let wrong = (0..grid.shape().cells()).find(|&c| grid.get(c) == 0 && board.cand[c] & (1 << s.get(c)) == 0);
        if let Some(cell) = wrong {
            return Hint::MarkedOut {
                cell,
                digit: s.get(cell),
                shape: grid.shape(),
                alphabet,
            };
        }
    }
    match board.next_step() {
        Some(step) => Hint::Step(step),
        None if board.open_cells() == 0 => Hint::Solved,
        None => Hint::Stuck {
            open: board.open_cells(),
        },
    }
}

/// What the page's Hint button says of a board: no solution from its digits, or a [`Hint`].
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Advice {
    /// The digits on the board have no solution (one of them is wrong, or the puzzle has none).
    NoSolution,
    Hint(Hint),
}

impl Advice {
    /// One sentence for the person solving.
    pub fn why(&self) -> String {
        match self {
            Advice::NoSolution => "No solution from here: a digit on the board is wrong (or the puzzle has none). Undo back to where it went wrong.".to_owned(),
            Advice::Hint(h) => h.why(),
        }
    }
}

/// The advice for `puzzle`'s digits and the user's pencil marks (`marks`: one bit set a cell,
/// 0 for a cell without marks; none at all when `None`), at every size: `engine` (one for the
/// puzzle's size) first says whether the digits have a solution, and which if it is the only
/// one ([`hint`] then checks the marks against it). Marks that are not one number a cell, or
/// an engine that gives up, are errors.
pub fn advise(puzzle: &Puzzle, marks: Option<&[u32]>, engine: &mut impl Engine) -> Result<Advice, String> {
    advise_in(puzzle, marks, Alphabet::default_for(puzzle.shape()), engine)
}

/// [`advise`], its words writing digits in `alphabet` (the board's, as the page shows it).
pub fn advise_in(
    puzzle: &Puzzle,
    marks: Option<&[u32]>,
    alphabet: Alphabet,
    engine: &mut impl Engine,
) -> Result<Advice, String> {
    let cells = puzzle.shape().cells();
    let givens = puzzle.givens();
    let marks = match marks {
        None => vec![0; cells],
        Some(m) if m.len() == cells => m.to_vec(),
        Some(m) => return Err(format!("the pencil marks must be {cells} numbers, not {}", m.len())),
    };
    let solution = match engine.verdict(puzzle).map_err(|e| e.to_string())? {
        Verdict::None => return Ok(Advice::NoSolution),
        Verdict::Unique(s) => Some(s),
        Verdict::Multiple(..) => None,
    };
    Ok(Advice::Hint(hint_in(givens, &marks, solution.as_ref(), alphabet)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `apply` tells a step that changes the board from one that does not (which `rate`
    /// stops at rather than find again for ever).
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn apply_says_whether_a_step_changed_the_board() {
        let mut b = Pencil::new(&empty());
        let step = |place, remove| Step {
            technique: Technique::NakedSingle,
            place,
            remove,
            cells: vec![],
            digits: vec![],
            why: String::new(),
        };
        assert!(b.apply(&step(None, vec![(0, 5)])));
        assert!(!b.apply(&step(None, vec![(0, 5)])), "5 is already out of r1c1");
        assert!(b.apply(&step(Some((1, 3)), vec![])));
        assert!(
            !b.apply(&step(None, vec![(2, 3)])),
            "placing 3 in r1c2 took it from r1c3"
        );
    }
    use crate::sudoku::{Alphabet, Dlx, Engine, Puzzle, Shape, Verdict};

    /// The empty 9×9 board.
    fn empty() -> Board {
        Board::empty(Shape::NINE)
    }

    /// A board of pencil marks only: `marks[cell]` lists the candidates, "" for none given
    /// (then every digit is a candidate); a single character `=d` places a digit.
    fn board(marks: &[(usize, &str)]) -> Pencil {
        let mut digits = empty();
        let mut cand = [all_digits(Shape::NINE); 81];
        for &(c, m) in marks {
            if let Some(d) = m.strip_prefix('=') {
                digits.set(c, d.parse().unwrap());
            } else {
                cand[c] = m.bytes().fold(0, |acc, b| acc | 1 << (b - b'0'));
            }
        }
        Pencil::with_candidates(&digits, &cand)
    }

    const fn rc(r: usize, c: usize) -> usize {
        (r - 1) * 9 + (c - 1)
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_naked_single_and_a_hidden_single() {
        let b = board(&[(rc(1, 1), "4")]);
        let s = b.next_step().unwrap();
        assert_eq!((s.technique, s.place), (Technique::NakedSingle, Some((0, 4))));
        assert_eq!(s.why, "Naked single: 4 is the only candidate left in r1c1.");
        // 7 fits only in r5c2 within box 4: every other cell of the box has no 7.
        let mut marks: Vec<(usize, &str)> = vec![];
        for c in [
            rc(4, 1),
            rc(4, 2),
            rc(4, 3),
            rc(5, 1),
            rc(5, 3),
            rc(6, 1),
            rc(6, 2),
            rc(6, 3),
        ] {
            marks.push((c, "12345689"));
        }
        let s = board(&marks).next_step().unwrap();
        assert_eq!(s.technique, Technique::HiddenSingle);
        assert_eq!(s.place, Some((rc(5, 2), 7)));
        assert_eq!(s.why, "Hidden single: 7 can go only in r5c2 within box 4.");
    }

    /// Every cell "123456789" but those given: no single anywhere (each digit has many places).
    fn rich(extra: &[(usize, &'static str)]) -> Pencil {
        board(extra)
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn pointing_and_claiming() {
        // In box 1, 5 only in row 1 (r1c1, r1c2): 5 comes off the rest of row 1.
        let mut m: Vec<(usize, &str)> = vec![];
        for c in [rc(2, 1), rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3), rc(1, 3)] {
            m.push((c, "12346789"));
        }
        let s = rich(&m).next_step().unwrap();
        assert_eq!(s.technique, Technique::Pointing);
        assert_eq!(s.cells, vec![rc(1, 1), rc(1, 2)]);
        assert_eq!(s.remove, (4..=9).map(|c| (rc(1, c), 5)).collect::<Vec<_>>());
        // In row 9, 3 only in box 9 (r9c7, r9c8): 3 comes off the rest of box 9.
        let mut m: Vec<(usize, &str)> = vec![];
        for c in [1, 2, 3, 4, 5, 6, 9] {
            m.push((rc(9, c), "12456789"));
        }
        let s = rich(&m).next_step().unwrap();
        assert_eq!(s.technique, Technique::Claiming);
        assert_eq!(s.cells, vec![rc(9, 7), rc(9, 8)]);
        assert_eq!(
            s.remove,
            vec![
                (rc(7, 7), 3),
                (rc(7, 8), 3),
                (rc(7, 9), 3),
                (rc(8, 7), 3),
                (rc(8, 8), 3),
                (rc(8, 9), 3)
            ]
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn naked_and_hidden_pairs() {
        // Row 1: r1c1 and r1c2 hold only 1/2: 1 and 2 come off the rest of row 1.
        let s = rich(&[(rc(1, 1), "12"), (rc(1, 2), "12")]).next_step().unwrap();
        assert_eq!(s.technique, Technique::NakedPair);
        assert_eq!(s.digits, vec![1, 2]);
        assert!(s.remove.contains(&(rc(1, 9), 1)) && s.remove.contains(&(rc(1, 3), 2)));
        assert!(s.remove.iter().all(|&(c, _)| c / 9 == 0 && c > 1));
        // Row 5: 8 and 9 fit only in r5c3 and r5c7 (two boxes, so no claiming): a hidden pair.
        let mut m: Vec<(usize, &str)> = vec![];
        for c in [1, 2, 4, 5, 6, 8, 9] {
            m.push((rc(5, c), "1234567"));
        }
        let s = rich(&m).next_step().unwrap();
        assert_eq!(s.technique, Technique::HiddenPair, "{}", s.why);
        assert_eq!(s.cells, vec![rc(5, 3), rc(5, 7)]);
        assert_eq!(s.digits, vec![8, 9]);
        assert_eq!(s.remove.len(), 14, "both cells keep only 8 and 9");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_hidden_quad() {
        // Row 5: 6, 7, 8 and 9 fit only in r5c1..r5c4, which lose 1-5.
        let mut m: Vec<(usize, &str)> = vec![];
        for c in 5..=9 {
            m.push((rc(5, c), "12345"));
        }
        let s = rich(&m).next_step().unwrap();
        assert_eq!(s.technique, Technique::HiddenQuad, "{}", s.why);
        assert_eq!(s.cells, (1..=4).map(|c| rc(5, c)).collect::<Vec<_>>());
        assert_eq!(s.digits, vec![6, 7, 8, 9]);
        assert_eq!(s.remove.len(), 20);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn an_x_wing() {
        // 4 in rows 2 and 7 only in columns 3 and 8: 4 comes off columns 3 and 8 elsewhere.
        let mut m: Vec<(usize, &str)> = vec![];
        for r in [2, 7] {
            for c in 1..=9 {
                if c != 3 && c != 8 {
                    m.push((rc(r, c), "12356789"));
                }
            }
        }
        let s = rich(&m).next_step().unwrap();
        assert_eq!(s.technique, Technique::XWing, "{}", s.why);
        assert_eq!(s.cells, vec![rc(2, 3), rc(2, 8), rc(7, 3), rc(7, 8)]);
        assert_eq!(s.remove.len(), 14);
        assert!(s.remove.iter().all(|&(c, d)| d == 4 && (c % 9 == 2 || c % 9 == 7)));
        assert_eq!(
            s.why,
            "X-Wing: in rows 2, 7, 4 can go only in columns 3, 8; so 4 comes off those columns elsewhere."
        );
        // The same turned over: 4 in columns 2 and 7 only in rows 3 and 8 (no rows do it).
        let turned: Vec<(usize, &str)> = m.iter().map(|&(cell, c)| (cell % 9 * 9 + cell / 9, c)).collect();
        let s = rich(&turned).next_step().unwrap();
        assert_eq!(s.cells, vec![rc(3, 2), rc(8, 2), rc(3, 7), rc(8, 7)]);
        assert_eq!(s.remove.len(), 14);
        assert!(s.remove.iter().all(|&(c, d)| d == 4 && (c / 9 == 2 || c / 9 == 7)));
        assert_eq!(
            s.why,
            "X-Wing: in columns 2, 7, 4 can go only in rows 3, 8; so 4 comes off those rows elsewhere."
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn an_xy_wing() {
        // Pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}: r5c5 sees both pincers, so not 3.
        let b = rich(&[(rc(1, 1), "12"), (rc(1, 5), "13"), (rc(5, 1), "23")]);
        let s = b.xy_wing().unwrap();
        assert_eq!(s.technique, Technique::XyWing);
        assert_eq!(s.cells, vec![rc(1, 1), rc(1, 5), rc(5, 1)]);
        assert_eq!(s.remove, vec![(rc(5, 5), 3)]);
        assert_eq!(s.digits, vec![1, 2, 3]);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn simple_colouring_finds_the_cells_that_see_both_colours() {
        // 6 has two places in row 1 (r1c1, r1c9), in column 9 (r1c9, r5c9) and in row 5
        // (r5c9, r5c2): the chain r1c1 (A) – r1c9 (B) – r5c9 (A) – r5c2 (B).
        let no6 = "12345789";
        let mut m: Vec<(usize, &str)> = vec![];
        for c in 2..=8 {
            m.push((rc(1, c), no6));
        }
        for r in 2..=9 {
            if r != 5 {
                m.push((rc(r, 9), no6));
            }
        }
        for c in 1..=8 {
            if c != 2 {
                m.push((rc(5, c), no6));
            }
        }
        let s = board(&m).simple_colouring().unwrap();
        assert_eq!(s.technique, Technique::SimpleColouring);
        assert_eq!(s.cells, vec![rc(1, 1), rc(1, 9), rc(5, 2), rc(5, 9)]);
        // r2c2 sees r1c1 (box 1) and r5c2 (column 2); r4c1 sees r1c1 (column 1) and r5c2 (box 4).
        assert!(
            s.remove.contains(&(rc(2, 2), 6)) && s.remove.contains(&(rc(4, 1), 6)),
            "{:?}",
            s.remove
        );
        // r4c3 sees only r5c2 (box 4); r2c5 sees only r1c1? no: r2c5 sees neither.
        assert!(!s.remove.contains(&(rc(4, 3), 6)) && !s.remove.contains(&(rc(2, 5), 6)));
        assert!(s.remove.iter().all(|&(_, d)| d == 6));
        // The same chain turned upside down (rows 9 and 5): r4c1 now comes before every
        // cell of the chain, and cells with no link must stay uncoloured until then.
        let mut m: Vec<(usize, &str)> = (2..=8).map(|c| (rc(9, c), no6)).collect();
        m.extend((1..=8).filter(|&r| r != 5).map(|r| (rc(r, 9), no6)));
        m.extend((1..=8).filter(|&c| c != 2).map(|c| (rc(5, c), no6)));
        let s = board(&m).simple_colouring().unwrap();
        assert_eq!(s.cells, vec![rc(5, 2), rc(5, 9), rc(9, 1), rc(9, 9)]);
        let sees_r9c1_and_r5c2 = [rc(4, 1), rc(6, 1), rc(7, 2), rc(8, 2)];
        assert_eq!(s.remove, sees_r9c1_and_r5c2.map(|c| (c, 6)).to_vec());
        // The shortest chain that says anything, three cells: 6 only at r1c1 and r1c2 in row 1,
        // and at r1c2 and r2c2 in column 2. r1c1 and r2c2 share a colour and box 1: not 6.
        let mut m: Vec<(usize, &str)> = (3..=9).map(|c| (rc(1, c), no6)).collect();
        m.extend((3..=9).map(|r| (rc(r, 2), no6)));
        let s = board(&m).simple_colouring().unwrap();
        assert_eq!(s.cells, vec![rc(1, 1), rc(1, 2), rc(2, 2)]);
        assert_eq!(s.remove, vec![(rc(1, 1), 6), (rc(2, 2), 6)]);
    }

    fn solution(p: &Puzzle) -> Board {
        match Dlx::for_shape(p.shape()).verdict(p).unwrap() {
            Verdict::Unique(g) => g,
            v => panic!("expected a unique solution, got {v:?}"),
        }
    }

    /// Every step on real puzzles agrees with the one solution: a placement is its digit,
    /// and no removed candidate is the solution's digit.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn every_step_is_true_to_the_solution() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.",
            "......52..8.4......3...9...5.1...6..2..7........3.....6...1..........7.4.......3.",
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3..",
        ];
        let mut seen = std::collections::BTreeSet::new();
        for line in puzzles {
            let p: Puzzle = line.parse().unwrap();
            let sol = solution(&p);
            let mut b = Pencil::new(p.givens());
            while let Some(step) = b.next_step() {
                if let Some((c, d)) = step.place {
                    assert_eq!(sol.get(c), d, "{line}: {}", step.why);
                }
                for &(c, d) in &step.remove {
                    assert_ne!(sol.get(c), d, "{line}: {}", step.why);
                }
                assert!(step.place.is_some() || !step.remove.is_empty());
                seen.insert(step.technique);
                assert!(b.apply(&step), "{line}: a step that changes nothing: {}", step.why);
            }
            if b.open_cells() == 0 {
                assert_eq!(b.board(), sol);
            }
        }
        assert!(seen.contains(&Technique::HiddenSingle) && seen.contains(&Technique::NakedSingle));
    }

    /// For each technique, a puzzle from `../shared/data/puzzles` (file, line; the full sets, not the test cuts) whose hardest
    /// step is that technique, and the first step of that technique on the way: it must be
    /// true to the DLX solution, and it is pinned in full (its sentence names the cells and
    /// digits of the pattern and what it places or removes). The hidden quad has none: no
    /// puzzle of random_minimal_10k, 17_clue, magictour or 30,000 generated ones needs it,
    /// since in a unit it is the complement of a smaller naked subset, which is found first
    /// (`a_hidden_quad` checks it on pencil marks).
    const NEEDS: [(Technique, &str, &str); 13] = [
        (
            Technique::NakedSingle,
            "random_minimal_10k:239",
            "8....5.3.....3.........86.2.7489.2....5.2.....6.......3.6...9.44....9.....8.47...",
        ),
        (
            Technique::HiddenSingle,
            "random_minimal_10k:3",
            "..5.6.3....1....7..8.5...1.....1..5.23..........8....9.9.2...38.1..86..4.....42..",
        ),
        (
            Technique::Pointing,
            "random_minimal_10k:2",
            ".68.....2...87.....319.......9.....7.......5.6..528.1...2..6.9..14...3.8....4....",
        ),
        (
            Technique::Claiming,
            "random_minimal_10k:16",
            ".1..2....32....16.........58...9....2.37...9..6.3......3.1..6.....8...5....249.78",
        ),
        (
            Technique::NakedPair,
            "random_minimal_10k:12",
            "........69.673.........8.7..2.....9...91..6343........8..46...9.67.8..4.1.....5..",
        ),
        (
            Technique::HiddenPair,
            "random_minimal_10k:42",
            ".7....32...........9..85.....2....9.8....2.4..4...9..6..564..1.....1.8..1...5.9..",
        ),
        (
            Technique::NakedTriple,
            "random_minimal_10k:626",
            "...........1.68...7.....89.......93..3.2......2...1.7.39..5.6.44....2...21.8.3...",
        ),
        (
            Technique::HiddenTriple,
            "random_minimal_10k:3436",
            ".6.78...2.9....5..7....1.6...6.......5.8.3...143.........1.9......2..4.14.7...6..",
        ),
        (
            Technique::NakedQuad,
            "17_clue:41034",
            "........1.......23..4..5........6.......4.5...21.........3....26.5...7..8...1....",
        ),
        (
            Technique::XWing,
            "random_minimal_10k:115",
            ".256..7..4.....912..........4.8.3..7..3..6.9..5....3......9.1..2.........892.7...",
        ),
        (
            Technique::Swordfish,
            "random_minimal_10k:6672",
            ".1...8.345..12.......6...8.82.....9...1.5.......3.2........5....87.6.4.5....4..1.",
        ),
        (
            Technique::XyWing,
            "random_minimal_10k:14",
            "4..........8.19..3.92...6......5.......1...2...5.4.8....1.23.78.5.8..4...3.7...6.",
        ),
        (
            Technique::SimpleColouring,
            "random_minimal_10k:4",
            "9.8.4.......9...1..145......25...89...7...3.......35.72....5.......9.27.6.1.8...3",
        ),
    ];

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn each_technique_on_a_puzzle_that_needs_it() {
        // (why, place, remove) of the step found.
        let expected: [(&str, &str, &str); 13] = [
            (
                "Naked single: 1 is the only candidate left in r4c1.",
                "Some((27, 1))",
                "[]",
            ),
            (
                "Hidden single: 1 can go only in r6c1 within box 4.",
                "Some((45, 1))",
                "[]",
            ),
            (
                "Pointing (locked candidates): in box 1, 7 can go only in r1c1, r3c1, all in column 1; so 7 comes off the rest of column 1.",
                "None",
                "[(36, 7), (54, 7), (63, 7), (72, 7)]",
            ),
            (
                "Claiming (locked candidates): in column 4, 5 can go only in r1c4, r2c4, all in box 2; so 5 comes off the rest of box 2.",
                "None",
                "[(5, 5), (13, 5)]",
            ),
            (
                "Naked pair: in column 6, r2c6, r5c6 hold only 2/5 between them; so 2/5 come off the rest of column 6.",
                "None",
                "[(5, 2), (5, 5), (59, 5), (68, 5), (77, 2)]",
            ),
            (
                "Hidden pair: in column 2, 1/5 fit only in r2c2, r4c2; so those cells can hold nothing else.",
                "None",
                "[(10, 3), (10, 6), (10, 8), (28, 3), (28, 6)]",
            ),
            (
                "Naked triple: in row 1, r1c3, r1c5, r1c7 hold only 1/2/3 between them; so 1/2/3 come off the rest of row 1.",
                "None",
                "[(3, 3), (7, 1), (8, 1), (8, 3)]",
            ),
            (
                "Hidden triple: in row 2, 1/7/8 fit only in r2c3, r2c8, r2c9; so those cells can hold nothing else.",
                "None",
                "[(11, 2), (11, 4), (16, 3), (16, 4), (17, 3), (17, 4)]",
            ),
            (
                "Naked quad: in box 2, r1c6, r2c6, r3c4, r3c5 hold only 1/2/3/4 between them; so 1/2/3/4 come off the rest of box 2.",
                "None",
                "[(3, 2), (3, 4), (4, 2), (4, 3), (12, 1), (12, 4)]",
            ),
            (
                "X-Wing: in rows 1, 9, 1 can go only in columns 1, 5; so 1 comes off those columns elsewhere.",
                "None",
                "[(18, 1), (22, 1), (31, 1), (36, 1), (40, 1), (45, 1), (49, 1), (67, 1)]",
            ),
            (
                "Swordfish: in rows 2, 5, 8, 3 can go only in columns 1, 2, 6; so 3 comes off those columns elsewhere.",
                "None",
                "[(18, 3), (19, 3), (23, 3), (54, 3), (55, 3), (72, 3), (77, 3)]",
            ),
            (
                "XY-Wing: r4c3 (3/6) sees r4c7 (3/7) and r5c1 (6/7); whichever the pivot is, one of them is 7, so a cell that sees both cannot be 7.",
                "None",
                "[(27, 7), (42, 7)]",
            ),
            (
                "Simple colouring: in the chain of 4's linked pairs one colour is 4; r8c9, r9c2 see both colours, so cannot be 4.",
                "None",
                "[(71, 4), (73, 4)]",
            ),
        ];
        for ((technique, source, line), want) in NEEDS.iter().zip(expected) {
            let p: Puzzle = line.parse().unwrap();
            let r = rate(p.givens());
            assert!(r.solved() && r.hardest == Some(*technique), "{source}: {r}");
            let sol = solution(&p);
            let mut b = Pencil::new(p.givens());
            let step = loop {
                let s = b.next_step().expect("rated solved");
                if s.technique == *technique {
                    break s;
                }
                assert!(b.apply(&s), "{source}: a step that changes nothing: {}", s.why);
            };
            if let Some((c, d)) = step.place {
                assert_eq!(sol.get(c), d, "{source}: {}", step.why);
            }
            assert!(step.place.is_some() || !step.remove.is_empty());
            for &(c, d) in &step.remove {
                assert_ne!(sol.get(c), d, "{source}: {}", step.why);
            }
            let found = (
                step.why.as_str(),
                format!("{:?}", step.place),
                format!("{:?}", step.remove),
            );
            assert_eq!((found.0, found.1.as_str(), found.2.as_str()), want, "{source}");
        }
    }

    /// Marks that contradict themselves give no step, even where one would be found: a cell
    /// marked with nothing that fits, or a row whose marks leave a digit no place. (In an
    /// empty grid; r9c9 marked 1 alone is a naked single that must not be offered.)
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn contradictory_marks_give_no_step() {
        let mut single = [0u32; 81];
        single[80] = 1 << 1;
        let Hint::Step(s) = hint(&empty(), &single, None) else {
            panic!("r9c9 = 1 is a naked single")
        };
        assert_eq!(s.place, Some((80, 1)));
        // r1c1's only mark, 7, is a given of its row: no candidate left.
        let mut grid = empty();
        grid.set(8, 7);
        let mut dead_cell = single;
        dead_cell[0] = 1 << 7;
        assert_eq!(hint(&grid, &dead_cell, None), Hint::Stuck { open: 80 });
        // Every cell of row 1 marked 1 to 8: each has candidates, but 9 has no place.
        let mut no_place = single;
        no_place[..9].fill(0b1_1111_1110);
        assert_eq!(hint(&empty(), &no_place, None), Hint::Stuck { open: 81 });
        // Two 7s in row 1 (a grid, not a puzzle: nothing checked it): no step either, and
        // rating it says it needs search.
        let mut clash = grid.clone();
        clash.set(0, 7);
        assert_eq!(hint(&clash, &single, None), Hint::Stuck { open: 79 });
        assert_eq!(rate(&clash).steps, 0);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_hint_reads_the_pencil_marks_and_says_why_when_there_is_no_step() {
        let solved: Board = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .parse::<Puzzle>()
            .unwrap()
            .givens()
            .clone();
        let mut one_blank = solved.clone();
        one_blank.set(0, 0);
        let mut marks = [0u32; 81];
        assert_eq!(hint(&solved, &marks, Some(&solved)), Hint::Solved);
        // No marks: every digit that fits, so the 5 is a naked single.
        let Hint::Step(s) = hint(&one_blank, &marks, Some(&solved)) else {
            panic!()
        };
        assert_eq!(s.place, Some((0, 5)));
        // Marks 1/2 leave out the 5: pointed out, naming the cell.
        marks[0] = 0b110;
        let h = hint(&one_blank, &marks, Some(&solved));
        assert_eq!(
            h,
            Hint::MarkedOut {
                cell: 0,
                digit: 5,
                shape: Shape::NINE,
                alphabet: Alphabet::Digits
            }
        );
        assert_eq!(
            h.why(),
            "Check your pencil marks in r1c1: they leave out 5, which the solution needs there."
        );
        // Without a unique solution to compare with, the marks are taken as they are: stuck.
        assert_eq!(hint(&one_blank, &marks, None), Hint::Stuck { open: 1 });
        // The marks narrow the candidates: in an empty grid, 4 alone in r1c1 is a naked single.
        let mut marks = [0u32; 81];
        marks[0] = 1 << 4;
        let Hint::Step(s) = hint(&empty(), &marks, None) else {
            panic!()
        };
        assert_eq!((s.technique, s.place), (Technique::NakedSingle, Some((0, 4))));
        let stuck = hint(&empty(), &[0; 81], None);
        assert_eq!(stuck, Hint::Stuck { open: 81 });
        assert!(stuck
            .why()
            .starts_with("Stuck: none of the 14 techniques finds a step, with 81 cells open."));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn rating_says_how_far_logic_goes() {
        let easy: Puzzle = "..43..2.9..5..9..1.7..6..43..6..2.8719...74...5..83...6.....1.5..35.869..4291.3.."
            .parse()
            .unwrap();
        let r = rate(easy.givens());
        assert!(r.solved());
        assert!(r.hardest <= Some(Technique::HiddenSingle), "{r}");
        // Singles only: a step a digit, one for each open cell.
        assert_eq!(r.steps, 81 - easy.givens().filled());
        let escargot: Puzzle = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
            .parse()
            .unwrap();
        let r = rate(escargot.givens());
        assert!(!r.solved(), "AI Escargot needs more than these techniques: {r}");
        assert!(r.to_string().starts_with("needs search ("));
        assert_eq!(rate(&empty()).to_string(), "needs search (81 cells open)");
    }

    /// A board's candidates are what its givens leave each open cell; a filled cell has none.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_boards_candidates_are_what_the_givens_leave() {
        // r1c1 sees 2-4 in its row, 5-7 in its column, 8 and 9 in its box: only 1 is left.
        let p: Puzzle = "...234....8.........9......5........6........7..................................."
            .parse()
            .unwrap();
        let b = Pencil::new(p.givens());
        assert_eq!(b.candidates(rc(1, 1)), 1 << 1);
        assert_eq!(b.candidates(rc(1, 4)), 0, "a given");
        // Open cells: the grid's own candidates, computed apart from the board's.
        let open = |c: &usize| p.givens().cells()[*c] == 0;
        let grid = p.givens().candidates();
        assert_eq!(
            (0..81).filter(open).map(|c| b.candidates(c)).collect::<Vec<_>>(),
            (0..81).filter(open).map(|c| grid[c]).collect::<Vec<_>>()
        );
    }

    /// What the Hint button says: the technique of a step (never taking it), solved, stuck,
    /// pencil marks that leave out the solution's digit, and no solution from the digits.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn hints_name_the_technique_and_never_place_it() {
        let puzzle = |line: &str| crate::formats::any::one_puzzle(line);
        let advise = |line: &str, marks: Option<&[u32]>| advise(&puzzle(line).unwrap(), marks, &mut Dlx::new());
        // r1c1 sees 2-4 in its row, 5-7 in its column, 8 and 9 in its box: only 1 is left.
        let line = "...234....8.........9......5........6........7...................................";
        let h = advise(line, None).unwrap();
        let Advice::Hint(Hint::Step(step)) = &h else {
            panic!("{h:?}")
        };
        assert_eq!(step.technique.name(), "Naked single");
        assert_eq!(h.why(), "Naked single: 1 is the only candidate left in r1c1.");
        assert_eq!(step.place, Some((0, 1)));
        let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        assert_eq!(advise(solved, None).unwrap(), Advice::Hint(Hint::Solved));
        let empty = advise(&".".repeat(81), None).unwrap();
        assert_eq!(empty, Advice::Hint(Hint::Stuck { open: 81 }));
        assert!(empty.why().starts_with("Stuck: "));
        assert!(puzzle(&format!("11{}", ".".repeat(79))).is_err());
        // Pencil marks count: a unique puzzle whose one blank is r1c1 (= 5), marked 1/2 only.
        let mut marks = vec![0u32; 81];
        marks[0] = 0b110;
        let one_blank = format!(".{}", &solved[1..]);
        assert_eq!(
            advise(&one_blank, Some(&marks)).unwrap(),
            Advice::Hint(Hint::MarkedOut {
                cell: 0,
                digit: 5,
                shape: Shape::NINE,
                alphabet: Alphabet::Digits
            })
        );
        marks[0] = 1 << 5;
        assert!(matches!(
            advise(&one_blank, Some(&marks)).unwrap(),
            Advice::Hint(Hint::Step(_))
        ));
        assert_eq!(
            advise(line, Some(&[0; 80])).unwrap_err(),
            "the pencil marks must be 81 numbers, not 80"
        );
        // A wrong digit in a cell that clashes with nothing: no solution from here.
        let wrong = format!("1{}", &one_blank[1..]);
        assert!(puzzle(&wrong).is_err(), "1 clashes in its row");
        // Norvig's: nothing clashes, yet there is no solution.
        let norvig = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4.........";
        let h = advise(norvig, None).unwrap();
        assert_eq!(h, Advice::NoSolution);
        assert!(h.why().starts_with("No solution from here"));
    }

    /// Every size: a 4×4 and a 16×16 puzzle (the first of `tests/data/sudoku4.txt` and
    /// `sudoku16.txt`, which logic alone does not finish) and that 16×16 with more givens
    /// (which it does), rated and hinted. Every step is true to the DLX solution, the rating
    /// counts the steps the walk takes, the hint is the walk's first step, marks that leave
    /// out the solution's digit are pointed out, and the words write the size's symbols.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn other_sizes_are_rated_and_hinted_true_to_the_solution() {
        const SIXTEEN: &str = "...LO...D.BM.J...BPD.F....G...M........N.....CFHA....CKG...NE.....L.CO.....H..G....ON......K...AP....KB.JF...MNO..HJD...A...KE....E.IM..H........M....G.BA....O....N...PKL.....CLO.P.....C..D..F.E.BPI..FMH.L..J....JN......F..D..GK.LM...AB.O..IN.A...CL.D.H...";
        let four = Board::parse(Shape::FOUR, Alphabet::Digits, "1....4...12....4").unwrap();
        check_rated_and_hinted(
            &Puzzle::new(four).unwrap(),
            "Naked single",
            "Naked single: 3 is the only candidate left in r3c4.",
        );
        let sixteen = Puzzle::new(Board::parse(Shape::SIXTEEN, Alphabet::Letters, SIXTEEN).unwrap()).unwrap();
        check_rated_and_hinted(
            &sixteen,
            "needs search (125 cells open)",
            "Hidden single: F can go only in r4c11 within box 3.",
        );
        // The same step worded in the board's other alphabets (F is digit 6: 6 in 1–9 A–G,
        // 5 in 0–F), and pencil marks that leave out the solution's digit named in them too.
        let empty = vec![0; 256];
        for (alphabet, six) in [(Alphabet::Digits, '6'), (Alphabet::Hex, '5'), (Alphabet::Letters, 'F')] {
            let h = hint_in(sixteen.givens(), &empty, None, alphabet);
            assert_eq!(
                h.why(),
                format!("Hidden single: {six} can go only in r4c11 within box 3.")
            );
        }
        let sol16 = solution(&sixteen);
        let first = (0..256).find(|&c| sixteen.givens().get(c) == 0).unwrap();
        let mut marks = vec![0u32; 256];
        marks[first] = all_digits(Shape::SIXTEEN) & !(1 << sol16.get(first));
        let h = hint_in(sixteen.givens(), &marks, Some(&sol16), Alphabet::Hex);
        let symbol = Alphabet::Hex.symbol(sol16.get(first));
        assert!(h.why().contains(&format!("they leave out {symbol},")), "{}", h.why());
        // Every eighth open cell given from the solution: logic finishes it (a claiming step).
        let sol = solution(&sixteen);
        let mut more = sixteen.givens().clone();
        let open: Vec<usize> = (0..256).filter(|&c| more.get(c) == 0).collect();
        for &cell in open.iter().step_by(8) {
            more.set(cell, sol.get(cell));
        }
        check_rated_and_hinted(
            &Puzzle::new(more).unwrap(),
            "Claiming (locked candidates)",
            "Naked single: D is the only candidate left in r13c1.",
        );
    }

    /// [`other_sizes_are_rated_and_hinted_true_to_the_solution`] for one puzzle: its rating
    /// in words and its first hint's.
    fn check_rated_and_hinted(p: &Puzzle, rated: &str, first_why: &str) {
        let shape = p.shape();
        let sol = solution(p);
        let r = rate(p.givens());
        let mut b = Pencil::new(p.givens());
        let mut steps = 0;
        while let Some(step) = b.next_step() {
            if let Some((c, d)) = step.place {
                assert_eq!(sol.get(c), d, "{shape:?}: {}", step.why);
            }
            for &(c, d) in &step.remove {
                assert_ne!(sol.get(c), d, "{shape:?}: {}", step.why);
            }
            assert!(b.apply(&step), "{shape:?}: a step that changes nothing: {}", step.why);
            steps += 1;
        }
        assert_eq!((steps, b.open_cells()), (r.steps, r.open), "{shape:?}");
        assert_eq!(r.to_string(), rated, "{shape:?}");
        if r.solved() {
            assert_eq!(b.board(), sol);
        }
        let mut dlx = Dlx::for_shape(shape);
        let Advice::Hint(Hint::Step(first)) = advise(p, None, &mut dlx).unwrap() else {
            panic!("{shape:?}: a step")
        };
        assert_eq!(first.why, first_why);
        assert_eq!(Some(first), Pencil::new(p.givens()).next_step());
        // Marks on the first open cell that leave out its digit: pointed out, in symbols.
        let cell = (0..shape.cells()).find(|&c| p.givens().get(c) == 0).unwrap();
        let mut marks = vec![0u32; shape.cells()];
        marks[cell] = all_digits(shape) & !(1 << sol.get(cell));
        let h = advise(p, Some(&marks), &mut dlx).unwrap();
        assert_eq!(
            h,
            Advice::Hint(Hint::MarkedOut {
                cell,
                digit: sol.get(cell),
                shape,
                alphabet: Alphabet::default_for(shape)
            })
        );
        let symbol = shape.symbol(sol.get(cell));
        assert!(h.why().contains(&format!("they leave out {symbol},")), "{}", h.why());
        assert_eq!(
            advise(p, Some(&[0; 81]), &mut dlx).unwrap_err(),
            format!("the pencil marks must be {} numbers, not 81", shape.cells())
        );
    }
}
