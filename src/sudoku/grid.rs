//! A 9×9 grid of digits, the checked puzzle built from it, and the errors
//! that name the cell at fault.

use std::fmt;

use super::board::{clashes_in, solves_in};
use super::model::Shape;

/// Number of cells in a grid.
pub const CELLS: usize = 81;

/// A 9×9 grid in reading order (row by row from the top left).
/// A cell holds 0 when it is empty, otherwise its digit 1..=9.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Grid {
    cells: [u8; CELLS],
}

/// The name of a cell as people write it: `r4c7` is row 4, column 7 (both from 1).
pub fn cell_name(cell: usize) -> String {
    Shape::NINE.cell_name(cell)
}

/// The box (0..9, reading order) that holds a cell.
#[inline(always)]
pub fn box_of(cell: usize) -> usize {
    Shape::NINE.box_of(cell)
}

impl Grid {
    /// The grid with every cell empty.
    pub const EMPTY: Grid = Grid { cells: [0; CELLS] };

    /// Builds a grid from 81 cells; fails on a value above 9, naming the cell.
    pub fn from_cells(cells: [u8; CELLS]) -> Result<Grid, CellError> {
        match cells.iter().position(|&d| d > 9) {
            // 10 and up as the letters of base 36, as no digit ('9' named a 12 before).
            Some(cell) => Err(CellError {
                cell,
                found: char::from_digit(u32::from(cells[cell]), 36).unwrap_or('?'),
            }),
            None => Ok(Grid { cells }),
        }
    }

    /// Reads one 81-character line: `1`-`9` for givens, `.`, `0` or `-` for an empty cell
    /// (the blanks of every size's line, [`Alphabet::digit`](super::board::Alphabet::digit)).
    /// Trailing whitespace (a `\r`, spaces) is ignored; anything else is an error naming the cell.
    pub fn parse_line(line: &str) -> Result<Grid, LineError> {
        let line = line.trim_end();
        let mut cells = [0u8; CELLS];
        let mut count = 0;
        for (cell, ch) in line.chars().enumerate() {
            let digit = match ch {
                '1'..='9' => ch as u8 - b'0',
                '.' | '0' | '-' => 0,
                _ => return Err(LineError::BadChar(CellError { cell, found: ch })),
            };
            if cell < CELLS {
                cells[cell] = digit;
            }
            count = cell + 1;
        }
        if count != CELLS {
            return Err(LineError::Length(count));
        }
        Ok(Grid { cells })
    }

    /// The digit in `cell` (0 when empty). Panics if `cell >= 81`.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Puts `digit` (0 to empty the cell) in `cell`. Panics if `cell >= 81` or `digit > 9`.
    pub fn set(&mut self, cell: usize, digit: u8) {
        assert!(digit <= 9, "digit {digit} out of range");
        self.cells[cell] = digit;
    }

    /// All 81 cells in reading order.
    pub fn cells(&self) -> &[u8; CELLS] {
        &self.cells
    }

    /// How many cells hold a digit.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// The 81-character line form, `.` for empty cells (every judge format's line form).
    pub fn to_line(&self) -> String {
        self.cells
            .iter()
            .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
            .collect()
    }

    /// True when every cell is filled, no row, column or box repeats a digit,
    /// and every digit of `puzzle` is kept.
    pub fn solves(&self, puzzle: &Grid) -> bool {
        solves_in(Shape::NINE, &self.cells, &puzzle.cells)
    }

    /// The first clash in reading order (see [`Grid::clashes`]).
    pub fn first_clash(&self) -> Option<Clash> {
        self.clashes().into_iter().next()
    }

    /// Every clash: for each cell whose digit already appears earlier in its row, column
    /// or box, one clash per such unit (row, column, box), in reading order.
    pub fn clashes(&self) -> Vec<Clash> {
        clashes_in(Shape::NINE, &self.cells)
    }

    /// For each cell, the digits that clash with no given (bit `d` set for digit `d`).
    /// A filled cell's set is its own digit alone.
    pub fn candidates(&self) -> [u16; CELLS] {
        let (mut rows, mut cols, mut boxes) = ([0u16; 9], [0u16; 9], [0u16; 9]);
        for (cell, &digit) in self.cells.iter().enumerate() {
            if digit != 0 {
                rows[cell / 9] |= 1 << digit;
                cols[cell % 9] |= 1 << digit;
                boxes[box_of(cell)] |= 1 << digit;
            }
        }
        let mut out = [0u16; CELLS];
        for (cell, slot) in out.iter_mut().enumerate() {
            let digit = self.cells[cell];
            *slot = if digit != 0 {
                1 << digit
            } else {
                ALL_DIGITS & !(rows[cell / 9] | cols[cell % 9] | boxes[box_of(cell)])
            };
        }
        out
    }
}

/// Bits 1..=9 set: every digit is possible.
pub const ALL_DIGITS: u16 = 0b11_1111_1110;

impl fmt::Display for Grid {
    /// The 81-character line form, `.` for empty cells.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({self})")
    }
}

/// A row, column or box, numbered from 0 inside and from 1 when shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unit {
    Row(usize),
    Column(usize),
    Box(usize),
}

impl Unit {
    /// The row, column or box number (0..9).
    pub fn index(self) -> usize {
        match self {
            Unit::Row(i) | Unit::Column(i) | Unit::Box(i) => i,
        }
    }
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// Two givens with the same digit in one unit.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Clash {
    /// The later of the two cells, in reading order.
    pub cell: usize,
    pub digit: u8,
    pub unit: Unit,
    /// The earlier cell of the unit with the same digit.
    pub other: usize,
}

impl fmt::Display for Clash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} already in {}", cell_name(self.cell), self.digit, self.unit)
    }
}

impl std::error::Error for Clash {}

/// A character that is neither a digit nor a blank, at a cell (0-based inside, 1-based shown).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CellError {
    pub cell: usize,
    pub found: char,
}

impl fmt::Display for CellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cell {} ({}): {:?} is not a digit or a blank",
            self.cell + 1,
            cell_name(self.cell),
            self.found
        )
    }
}

impl std::error::Error for CellError {}

/// Why an 81-character line was not a grid.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineError {
    /// The line held this many cells instead of 81.
    Length(usize),
    BadChar(CellError),
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Length(n) => write!(f, "expected 81 cells, found {n}"),
            LineError::BadChar(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for LineError {}

/// Why a line was not a puzzle: it is not a grid, or its givens clash.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PuzzleError {
    Line(LineError),
    Clash(Clash),
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::Line(e) => e.fmt(f),
            PuzzleError::Clash(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PuzzleError {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::Puzzle;

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn names_cells_and_boxes() {
        assert_eq!(cell_name(0), "r1c1");
        assert_eq!(cell_name(3 * 9 + 6), "r4c7");
        assert_eq!(box_of(3 * 9 + 6), 5);
        assert_eq!(box_of(80), 8);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn clash_names_the_later_cell_and_the_unit() {
        let mut g = Grid::EMPTY;
        g.set(3 * 9 + 1, 5);
        g.set(3 * 9 + 6, 5);
        assert_eq!(Puzzle::new(g).unwrap_err().to_string(), "r4c7: 5 already in row 4");
        let mut g = Grid::EMPTY;
        g.set(0, 2);
        g.set(9 + 1, 2);
        assert_eq!(Puzzle::new(g).unwrap_err().to_string(), "r2c2: 2 already in box 1");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn every_clash_is_listed_once_per_unit_with_the_earlier_cell() {
        let g = Grid::parse_line(&format!("11{}1{}1{}", ".".repeat(7), ".".repeat(62), ".".repeat(8))).unwrap();
        let found: Vec<(usize, Unit, usize)> = g.clashes().iter().map(|c| (c.cell, c.unit, c.other)).collect();
        assert_eq!(
            found,
            [
                (1, Unit::Row(0), 0),
                (1, Unit::Box(0), 0),
                (9, Unit::Column(0), 0),
                (9, Unit::Box(0), 0),
                (72, Unit::Column(0), 0),
            ]
        );
        assert_eq!(g.first_clash(), Some(g.clashes()[0]));
        assert!(Grid::EMPTY.clashes().is_empty());
        let solved =
            Grid::parse_line("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
                .unwrap();
        assert!(solved.clashes().is_empty());
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn line_errors_say_where() {
        let short = ".".repeat(79);
        assert_eq!(
            Grid::parse_line(&short).unwrap_err().to_string(),
            "expected 81 cells, found 79"
        );
        let mut bad = ".".repeat(81);
        bad.replace_range(11..12, "x");
        assert_eq!(
            Grid::parse_line(&bad).unwrap_err().to_string(),
            "cell 12 (r2c3): 'x' is not a digit or a blank"
        );
        assert_eq!(Grid::parse_line(&format!("{}\r", "0".repeat(81))).unwrap(), Grid::EMPTY);
        assert_eq!(
            Grid::parse_line(&"-".repeat(81)).unwrap(),
            Grid::EMPTY,
            "a blank at every size"
        );
        // One cell too many is counted, not written past the grid.
        assert_eq!(Grid::parse_line(&"1".repeat(82)), Err(LineError::Length(82)));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn cells_above_nine_are_refused_by_name() {
        let mut cells = [0u8; CELLS];
        cells[40] = 7;
        assert_eq!(Grid::from_cells(cells).map(|g| g.get(40)), Ok(7));
        cells[5] = 12;
        assert_eq!(Grid::from_cells(cells), Err(CellError { cell: 5, found: 'c' }));
        cells[5] = 200;
        assert_eq!(Grid::from_cells(cells), Err(CellError { cell: 5, found: '?' }));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn grids_and_puzzle_errors_print_as_they_read() {
        let line = format!("1{}2", ".".repeat(79));
        let grid = Grid::parse_line(&line).unwrap();
        assert_eq!(
            (grid.to_string(), format!("{grid:?}")),
            (line.clone(), format!("Grid({line})"))
        );
        let said = |line: &str| line.parse::<Puzzle>().unwrap_err().to_string();
        assert_eq!(said(&line[1..]), "expected 81 cells, found 80");
        assert_eq!(said(&format!("11{}", ".".repeat(79))), "r1c2: 1 already in row 1");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn filled_counts_the_givens() {
        assert_eq!(Grid::EMPTY.filled(), 0);
        let line = format!("1{}23{}", ".".repeat(40), "4".repeat(38));
        assert_eq!(Grid::parse_line(&line).unwrap().filled(), 41);
    }
}
