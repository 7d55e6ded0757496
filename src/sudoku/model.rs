//! The Sudoku exact-cover model, numbered once, here, for every order `n` in 2..=5 (4×4,
//! 9×9, 16×16 and 25×25 grids, `n`×`n` boxes): cells first, as in Knuth's encoding and
//! seed 000's.
//!
//! A [`Shape`] is an order. With `s = n²` symbols (digits `1..=s`) and `s²` cells:
//!
//! **Options** (`s³`: 64, 729, 4,096, 15,625): "put digit `d` in row `r`, column `c`",
//! numbered `option = (r * s + c) * s + (d - 1)` with `r`, `c` in `0..s`.
//!
//! **Items** (`4s²`: 64, 324, 1,024, 2,500), in four blocks of `s²`, each option covering one
//! item of each block:
//!
//! | items         | meaning              | number                     |
//! |---------------|----------------------|----------------------------|
//! | 0..s²         | cell `r,c` is filled | `r * s + c`                |
//! | s²..2s²       | row `r` has `d`      | `s² + r * s + (d - 1)`     |
//! | 2s²..3s²      | column `c` has `d`   | `2s² + c * s + (d - 1)`    |
//! | 3s²..4s²      | box `b` has `d`      | `3s² + b * s + (d - 1)`    |
//!
//! where `b = r / n * n + c / n`. An option's items are listed in that order
//! (cell, row, column, box), and each item's options in increasing option number;
//! the search's tie-breaks, and so its trace, follow from these two orders. With the
//! cells first, a tie between a cell and a digit's place goes to the cell, which makes
//! the search tree smaller (magictour, unique mode: 647 nodes per puzzle against 764
//! with the cells last).
//!
//! The free functions and constants ([`ITEMS`], [`option_items`], …) are the 9×9 model,
//! [`Shape::NINE`]'s methods with the order known at compile time, so the 9×9 solver pays
//! nothing for the other sizes.

/// An order `n` of Sudoku (2..=5): `n²` symbols, `n⁴` cells, `n`×`n` boxes.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Shape {
    n: usize,
}

/// The largest order, 25×25: 25 digits fit a `u32` mask.
pub const MAX_ORDER: usize = 5;
/// Cells of the largest grid.
pub const MAX_CELLS: usize = MAX_ORDER.pow(4);

impl Shape {
    /// 4×4 (2×2 boxes), the teaching size.
    pub const FOUR: Shape = Shape { n: 2 };
    /// The classic 9×9.
    pub const NINE: Shape = Shape { n: 3 };
    /// 16×16 (POJ 3076, SPOJ SUDOKU).
    pub const SIXTEEN: Shape = Shape { n: 4 };
    /// 25×25.
    pub const TWENTY_FIVE: Shape = Shape { n: 5 };
    /// Every shape, smallest first.
    pub const ALL: [Shape; 4] = [Shape::FOUR, Shape::NINE, Shape::SIXTEEN, Shape::TWENTY_FIVE];

    /// The shape of order `n` (box side), if `n` is in 2..=5.
    pub fn of_order(n: usize) -> Option<Shape> {
        (2..=MAX_ORDER).contains(&n).then_some(Shape { n })
    }

    /// The shape whose grid is `side`×`side` (4, 9, 16 or 25).
    pub fn of_side(side: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.side() == side)
    }

    /// The shape with `cells` cells (16, 81, 256 or 625).
    pub fn of_cells(cells: usize) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.cells() == cells)
    }

    /// The order `n`: the side of a box.
    #[inline(always)]
    pub const fn order(self) -> usize {
        self.n
    }

    /// Rows, columns, boxes and digits: `n²`.
    #[inline(always)]
    pub const fn side(self) -> usize {
        self.n * self.n
    }

    /// Cells: `n⁴`.
    #[inline(always)]
    pub const fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// Items: `4n⁴`.
    #[inline(always)]
    pub const fn items(self) -> usize {
        4 * self.cells()
    }

    /// Options: `n⁶`.
    #[inline(always)]
    pub const fn options(self) -> usize {
        self.cells() * self.side()
    }

    /// The box (reading order) that holds `cell`.
    #[inline(always)]
    pub const fn box_of(self, cell: usize) -> usize {
        let (s, n) = (self.side(), self.n);
        cell / (s * n) * n + cell % s / n
    }

    /// The `k`-th cell (reading order) of box `b`.
    #[inline(always)]
    pub const fn box_cell(self, b: usize, k: usize) -> usize {
        let (s, n) = (self.side(), self.n);
        (b / n * n + k / n) * s + b % n * n + k % n
    }

    /// The option that puts `digit` (1..=side) in `cell`.
    #[inline(always)]
    pub fn option(self, cell: usize, digit: u8) -> usize {
        debug_assert!(cell < self.cells() && digit >= 1 && usize::from(digit) <= self.side());
        cell * self.side() + usize::from(digit - 1)
    }

    /// The cell and digit of an option.
    #[inline(always)]
    pub const fn placement(self, option: usize) -> (usize, u8) {
        (option / self.side(), (option % self.side()) as u8 + 1)
    }

    /// The options the givens of a grid leave open, in increasing order: for each empty
    /// cell (0 in `cells`, one entry per cell), the digits no given of its row, column or
    /// box has. These are the options with no item of a given's option, which is what the
    /// DLX engine lists for a puzzle (see `Matrix::restart`). Digits past `side` count for
    /// no candidate.
    pub fn open_options(self, cells: &[u8]) -> impl Iterator<Item = usize> + '_ {
        let s = self.side();
        debug_assert_eq!(cells.len(), self.cells());
        // Bit `d − 1` of a house's mask: digit `d` is given in it.
        let mut used = [[0u32; MAX_ORDER * MAX_ORDER]; 3];
        for (cell, &d) in cells.iter().enumerate() {
            if d != 0 {
                let bit = 1u32.checked_shl(u32::from(d - 1)).unwrap_or(0);
                used[0][cell / s] |= bit;
                used[1][cell % s] |= bit;
                used[2][self.box_of(cell)] |= bit;
            }
        }
        let all = u32::MAX >> (32 - s);
        cells
            .iter()
            .enumerate()
            .filter(|&(_, &d)| d == 0)
            .flat_map(move |(cell, _)| {
                let mut open = all & !(used[0][cell / s] | used[1][cell % s] | used[2][self.box_of(cell)]);
                std::iter::from_fn(move || {
                    (open != 0).then(|| {
                        let k = open.trailing_zeros() as usize;
                        open &= open - 1;
                        cell * s + k
                    })
                })
            })
    }

    /// The four items of an option, in node order: cell, row, column, box.
    #[inline(always)]
    pub const fn option_items(self, option: usize) -> [usize; 4] {
        let (s, a) = (self.side(), self.cells());
        let (cell, d) = (option / s, option % s);
        let (r, c) = (cell / s, cell % s);
        [
            cell,
            a + r * s + d,
            2 * a + c * s + d,
            3 * a + self.box_of(cell) * s + d,
        ]
    }

    /// The number of an item.
    pub fn item_number(self, item: Item) -> usize {
        let (s, a) = (self.side(), self.cells());
        match item {
            Item::Cell(cell) => cell,
            Item::RowDigit(r, d) => a + r * s + usize::from(d - 1),
            Item::ColumnDigit(c, d) => 2 * a + c * s + usize::from(d - 1),
            Item::BoxDigit(b, d) => 3 * a + b * s + usize::from(d - 1),
        }
    }

    /// What item `i` (0..items) asks for.
    pub fn item(self, i: usize) -> Item {
        let (s, a) = (self.side(), self.cells());
        let (block, k) = (i / a, i % a);
        let digit = (k % s) as u8 + 1;
        match block {
            0 => Item::Cell(k),
            1 => Item::RowDigit(k / s, digit),
            2 => Item::ColumnDigit(k / s, digit),
            _ => Item::BoxDigit(k / s, digit),
        }
    }

    /// The `side` options that cover item `i`, in increasing option number.
    pub fn item_options(self, i: usize) -> impl Iterator<Item = usize> {
        let s = self.side();
        let item = self.item(i);
        (0..s).map(move |k| match item {
            Item::RowDigit(r, d) => self.option(r * s + k, d),
            Item::ColumnDigit(c, d) => self.option(k * s + c, d),
            Item::BoxDigit(b, d) => self.option(self.box_cell(b, k), d),
            Item::Cell(cell) => self.option(cell, k as u8 + 1),
        })
    }

    /// The symbol people write for `digit` (1..=side) at this size: `1`–`9` up to 9×9,
    /// `A`–`P` for 16×16 (POJ 3076), `A`–`Y` for 25×25.
    pub fn symbol(self, digit: u8) -> char {
        match self.side() {
            ..=9 => char::from(b'0' + digit),
            _ => char::from(b'A' + digit - 1),
        }
    }

    /// The name of a cell as people write it: `r4c7` is row 4, column 7 (both from 1).
    pub fn cell_name(self, cell: usize) -> String {
        format!("r{}c{}", cell / self.side() + 1, cell % self.side() + 1)
    }

    /// An item in a few letters, as the page's matrix heads its column and the workbench's
    /// Sudoku examples name it (one naming for both): "r4c5" (the cell is filled), "r3#7"
    /// (row 3 has a 7), "c5#7" (column 5), "b2#7" (box 2), the digit written by `sym`. (Not
    /// "r3:7": Knuth's DLX1 format keeps ':' for colours, so the workbench could not read it;
    /// and not "r37", which the workbench wrote and which reads as the cell r3c7.)
    pub fn item_label(self, i: usize, sym: impl Fn(u8) -> char) -> String {
        match self.item(i) {
            Item::Cell(cell) => self.cell_name(cell),
            Item::RowDigit(r, d) => format!("r{}#{}", r + 1, sym(d)),
            Item::ColumnDigit(c, d) => format!("c{}#{}", c + 1, sym(d)),
            Item::BoxDigit(b, d) => format!("b{}#{}", b + 1, sym(d)),
        }
    }

    /// An item in words, e.g. "row 3 has 7", "r4c5 is filled".
    pub fn describe_item(self, i: usize) -> String {
        self.describe_item_in(i, |d| self.symbol(d))
    }

    /// An item in words with the digits written by `sym` (a puzzle's own alphabet).
    pub fn describe_item_in(self, i: usize, sym: impl Fn(u8) -> char) -> String {
        match self.item(i) {
            Item::RowDigit(r, d) => format!("row {} has {}", r + 1, sym(d)),
            Item::ColumnDigit(c, d) => format!("column {} has {}", c + 1, sym(d)),
            Item::BoxDigit(b, d) => format!("box {} has {}", b + 1, sym(d)),
            Item::Cell(cell) => format!("{} is filled", self.cell_name(cell)),
        }
    }

    /// An option in words, e.g. "r3c4 = 7".
    pub fn describe_option(self, option: usize) -> String {
        self.describe_option_in(option, |d| self.symbol(d))
    }

    /// An option in words with the digit written by `sym`.
    pub fn describe_option_in(self, option: usize, sym: impl Fn(u8) -> char) -> String {
        let (cell, digit) = self.placement(option);
        format!("{} = {}", self.cell_name(cell), sym(digit))
    }
}

/// Number of items (constraints) of the 9×9 model.
pub const ITEMS: usize = Shape::NINE.items();
/// Number of options (placements) of the 9×9 model.
pub const OPTIONS: usize = Shape::NINE.options();

/// What an item asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Item {
    /// Cell `.0` is filled.
    Cell(usize),
    /// Row `.0` (from 0) has digit `.1` (from 1).
    RowDigit(usize, u8),
    /// Column `.0` has digit `.1`.
    ColumnDigit(usize, u8),
    /// Box `.0` has digit `.1`.
    BoxDigit(usize, u8),
}

/// The 9×9 option that puts `digit` (1..=9) in `cell` (0..81).
#[inline(always)]
pub fn option(cell: usize, digit: u8) -> usize {
    Shape::NINE.option(cell, digit)
}

/// The cell and digit of a 9×9 option.
#[inline(always)]
pub fn placement(option: usize) -> (usize, u8) {
    Shape::NINE.placement(option)
}

/// The four items of a 9×9 option, in node order: cell, row, column, box.
#[inline(always)]
pub fn option_items(option: usize) -> [usize; 4] {
    Shape::NINE.option_items(option)
}

/// The number of a 9×9 item.
pub fn item_number(item: Item) -> usize {
    Shape::NINE.item_number(item)
}

/// What 9×9 item `n` (0..324) asks for.
pub fn item(n: usize) -> Item {
    Shape::NINE.item(n)
}

/// The nine options that cover a 9×9 item, in increasing option number.
pub fn item_options(n: usize) -> [usize; 9] {
    let mut out = [0; 9];
    for (slot, o) in out.iter_mut().zip(Shape::NINE.item_options(n)) {
        *slot = o;
    }
    out
}

/// A 9×9 item in words, e.g. "row 3 has 7", "r4c5 is filled".
pub fn describe_item(n: usize) -> String {
    Shape::NINE.describe_item(n)
}

/// A 9×9 option in words, e.g. "r3c4 = 7".
pub fn describe_option(option: usize) -> String {
    Shape::NINE.describe_option(option)
}

/// The numbering of a [`Shape`] as tables, for a viewer that holds no numbering of its own
/// (the page reads them once, `sudokuTables`): per option its cell, digit and four items (in
/// node order); per item its options (top to bottom), kind (an index into
/// [`Tables::KIND_NAMES`]), unit (the row, column or box; the cell for a cell item) and digit
/// (0 for a cell item); and the names, written in an alphabet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tables {
    /// The alphabet's symbols, one per digit.
    pub symbols: String,
    pub option_cell: Vec<u16>,
    pub option_digit: Vec<u8>,
    pub option_items: Vec<u16>,
    pub item_options: Vec<u16>,
    pub item_kind: Vec<u8>,
    pub item_unit: Vec<u16>,
    pub item_digit: Vec<u8>,
    pub item_names: Vec<String>,
    pub option_names: Vec<String>,
    pub cell_names: Vec<String>,
}

impl Tables {
    /// The kinds of item, as `item_kind` numbers them.
    pub const KIND_NAMES: [&'static str; 4] = ["cell", "row", "column", "box"];

    pub fn of(shape: Shape, alphabet: super::Alphabet) -> Tables {
        let sym = |d| alphabet.symbol(d);
        let (items, options, cells) = (shape.items(), shape.options(), shape.cells());
        let mut t = Tables {
            symbols: (1..=shape.side() as u8).map(sym).collect(),
            option_cell: Vec::with_capacity(options),
            option_digit: Vec::with_capacity(options),
            option_items: Vec::with_capacity(4 * options),
            item_options: Vec::with_capacity(shape.side() * items),
            item_kind: Vec::with_capacity(items),
            item_unit: Vec::with_capacity(items),
            item_digit: Vec::with_capacity(items),
            item_names: (0..items).map(|i| shape.describe_item_in(i, sym)).collect(),
            option_names: (0..options).map(|o| shape.describe_option_in(o, sym)).collect(),
            cell_names: (0..cells).map(|c| shape.cell_name(c)).collect(),
        };
        for o in 0..options {
            let (cell, digit) = shape.placement(o);
            t.option_cell.push(cell as u16);
            t.option_digit.push(digit);
            t.option_items.extend(shape.option_items(o).iter().map(|&i| i as u16));
        }
        for i in 0..items {
            t.item_options.extend(shape.item_options(i).map(|o| o as u16));
            let (k, u, d) = match shape.item(i) {
                Item::Cell(c) => (0u8, c, 0),
                Item::RowDigit(r, d) => (1, r, d),
                Item::ColumnDigit(c, d) => (2, c, d),
                Item::BoxDigit(b, d) => (3, b, d),
            };
            t.item_kind.push(k);
            t.item_unit.push(u as u16);
            t.item_digit.push(d);
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn every_option_is_in_each_of_its_items_lists() {
        let mut seen = [0u32; ITEMS];
        for o in 0..OPTIONS {
            for (block, &i) in option_items(o).iter().enumerate() {
                assert_eq!(i / 81, block, "option {o}: items come in block order");
                assert!(item_options(i).contains(&o), "option {o} missing from item {i}");
                seen[i] += 1;
            }
        }
        assert!(seen.iter().all(|&n| n == 9), "each item has nine options");
        for i in 0..ITEMS {
            assert_eq!(item_number(item(i)), i);
            let opts = item_options(i);
            assert!(
                opts.windows(2).all(|w| w[0] < w[1]),
                "item {i}: options in increasing order"
            );
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn matches_seed_000_formula() {
        // Seed 000, 1-based: option ((i-1)*9+(j-1))*9+k covers cell item (i-1)*9+j,
        // row 81+(i-1)*9+k, column 162+(j-1)*9+k and box 243+(t-1)*9+k, in that order.
        for i in 1..=9usize {
            for j in 1..=9usize {
                for k in 1..=9u8 {
                    let t = (i - 1) / 3 * 3 + (j - 1) / 3 + 1;
                    let kk = usize::from(k);
                    let o = option((i - 1) * 9 + (j - 1), k);
                    assert_eq!(o + 1, ((i - 1) * 9 + (j - 1)) * 9 + kk);
                    let expect = [
                        (i - 1) * 9 + j,
                        81 + (i - 1) * 9 + kk,
                        162 + (j - 1) * 9 + kk,
                        243 + (t - 1) * 9 + kk,
                    ];
                    assert_eq!(option_items(o).map(|x| x + 1), expect);
                }
            }
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn every_shape_is_an_exact_cover_numbered_cells_first() {
        let counts: Vec<(usize, usize)> = Shape::ALL.iter().map(|s| (s.items(), s.options())).collect();
        assert_eq!(counts, [(64, 64), (324, 729), (1024, 4096), (2500, 15625)]);
        for shape in Shape::ALL {
            let (a, s) = (shape.cells(), shape.side());
            let mut lists = vec![Vec::new(); shape.items()];
            for o in 0..shape.options() {
                let items = shape.option_items(o);
                for (block, &i) in items.iter().enumerate() {
                    assert_eq!(i / a, block, "{shape:?} option {o}: items in block order");
                    lists[i].push(o);
                }
                let (cell, d) = shape.placement(o);
                assert_eq!(shape.option(cell, d), o);
                let (r, c) = (cell / s, cell % s);
                assert_eq!(shape.item(items[1]), Item::RowDigit(r, d));
                assert_eq!(shape.item(items[2]), Item::ColumnDigit(c, d));
                let b = shape.box_of(cell);
                assert_eq!(shape.item(items[3]), Item::BoxDigit(b, d));
                assert_eq!(
                    (b / shape.order(), b % shape.order()),
                    (r / shape.order(), c / shape.order())
                );
            }
            for (i, list) in lists.iter().enumerate() {
                assert_eq!(shape.item_number(shape.item(i)), i);
                assert_eq!(&shape.item_options(i).collect::<Vec<_>>(), list, "{shape:?} item {i}");
                assert_eq!(list.len(), s);
            }
            for b in 0..s {
                for k in 0..s {
                    assert_eq!(shape.box_of(shape.box_cell(b, k)), b);
                }
            }
        }
        assert_eq!(Shape::of_side(16), Some(Shape::SIXTEEN));
        assert_eq!((2..=5).map(Shape::of_order).collect::<Vec<_>>(), Shape::ALL.map(Some));
        assert_eq!(Shape::of_cells(625), Some(Shape::TWENTY_FIVE));
        assert_eq!(
            (Shape::of_order(1), Shape::of_order(6), Shape::of_side(10)),
            (None, None, None)
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn words() {
        let sixteen = Shape::SIXTEEN;
        assert_eq!(sixteen.describe_option(sixteen.option(17, 16)), "r2c2 = P");
        assert_eq!(
            sixteen.describe_item(sixteen.item_number(Item::BoxDigit(15, 1))),
            "box 16 has A"
        );
        assert_eq!(Shape::FOUR.describe_option(Shape::FOUR.option(15, 4)), "r4c4 = 4");
        assert_eq!(describe_item(item_number(Item::RowDigit(2, 7))), "row 3 has 7");
        assert_eq!(describe_item(item_number(Item::BoxDigit(4, 2))), "box 5 has 2");
        assert_eq!(describe_item(3 * 9 + 4), "r4c5 is filled");
        assert_eq!(describe_option(option(2 * 9 + 3, 7)), "r3c4 = 7");
    }

    /// The tables of every size are the model's: every option in the list of each of its
    /// four items, the last option the last cell's last digit, the symbols of the alphabet.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn tables_of_every_size_are_the_model_s() {
        use crate::sudoku::Alphabet;
        for (side, items, options) in [
            (4usize, 64usize, 64usize),
            (9, 324, 729),
            (16, 1024, 4096),
            (25, 2500, 15625),
        ] {
            let shape = Shape::of_side(side).unwrap();
            assert_eq!(
                (shape.side(), shape.cells(), shape.items(), shape.options()),
                (side, side * side, items, options)
            );
            let t = Tables::of(shape, Alphabet::default_for(shape));
            let (option_items, item_options) = (&t.option_items, &t.item_options);
            assert_eq!((option_items.len(), item_options.len()), (4 * options, side * items));
            for opt in 0..options {
                for &i in &option_items[4 * opt..4 * opt + 4] {
                    let list = &item_options[side * i as usize..side * (i as usize + 1)];
                    assert!(list.contains(&(opt as u16)), "side {side}: option {opt} in item {i}");
                }
            }
            assert_eq!(
                (
                    t.option_cell[options - 1] as usize,
                    t.option_digit[options - 1] as usize
                ),
                (side * side - 1, side)
            );
            assert_eq!(t.symbols.chars().count(), side);
            assert_eq!(
                (t.option_names.len(), t.item_names.len(), t.cell_names.len()),
                (options, items, side * side)
            );
            assert_eq!(
                (t.item_kind.len(), t.item_unit.len(), t.item_digit.len()),
                (items, items, items)
            );
        }
        let sixteen = Shape::of_side(16).unwrap();
        assert_eq!(Tables::of(sixteen, Alphabet::Letters).symbols, "ABCDEFGHIJKLMNOP");
        let digits = Tables::of(sixteen, Alphabet::Digits);
        assert_eq!(digits.symbols, "123456789ABCDEFG");
        assert_eq!(digits.item_names[1023], "box 16 has G");
        assert_eq!(digits.option_names[15], "r1c1 = G");
        assert_eq!(Tables::of(sixteen, Alphabet::Letters).item_names[1023], "box 16 has P");
    }
}
