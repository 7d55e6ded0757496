//! The 9×9 line (the judges' line format) read into a [`Board`], the clashes of every size,
//! and the errors that name the cell at fault.

use std::fmt;

use super::board::Board;
use super::model::Shape;

/// Number of cells in a grid.
pub const CELLS: usize = 81;

/// The name of a cell as people write it: `r4c7` is row 4, column 7 (both from 1).
pub fn cell_name(cell: usize) -> String {
    Shape::NINE.cell_name(cell)
}

/// The box (0..9, reading order) that holds a cell.
#[inline(always)]
pub fn box_of(cell: usize) -> usize {
    Shape::NINE.box_of(cell)
}

impl Board {
    /// Reads one 81-character 9×9 line (the judges' line format): `1`-`9` for givens, `.`,
    /// `0` or `-` for an empty cell (the blanks of every size's line,
    /// [`Alphabet::digit`](super::board::Alphabet::digit)). Trailing whitespace (a `\r`,
    /// spaces) is ignored; anything else is an error naming the cell.
    pub fn parse_line(line: &str) -> Result<Board, LineError> {
        let line = line.trim_end();
        let mut board = Board::empty(Shape::NINE);
        let mut count = 0;
        for (cell, ch) in line.chars().enumerate() {
            let digit = match ch {
                '1'..='9' => ch as u8 - b'0',
                '.' | '0' | '-' => 0,
                _ => return Err(LineError::BadChar(CellError { cell, found: ch })),
            };
            if cell < CELLS {
                board.set(cell, digit);
            }
            count = cell + 1;
        }
        if count != CELLS {
            return Err(LineError::Length(count));
        }
        Ok(board)
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
        let mut g = Board::empty(Shape::NINE);
        g.set(3 * 9 + 1, 5);
        g.set(3 * 9 + 6, 5);
        assert_eq!(Puzzle::new(g).unwrap_err().to_string(), "r4c7: 5 already in row 4");
        let mut g = Board::empty(Shape::NINE);
        g.set(0, 2);
        g.set(9 + 1, 2);
        assert_eq!(Puzzle::new(g).unwrap_err().to_string(), "r2c2: 2 already in box 1");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn every_clash_is_listed_once_per_unit_with_the_earlier_cell() {
        let g = Board::parse_line(&format!("11{}1{}1{}", ".".repeat(7), ".".repeat(62), ".".repeat(8))).unwrap();
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
        assert!(Board::empty(Shape::NINE).clashes().is_empty());
        let solved =
            Board::parse_line("534678912672195348198342567859761423426853791713924856961537284287419635345286179")
                .unwrap();
        assert!(solved.clashes().is_empty());
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn line_errors_say_where() {
        let short = ".".repeat(79);
        assert_eq!(
            Board::parse_line(&short).unwrap_err().to_string(),
            "expected 81 cells, found 79"
        );
        let mut bad = ".".repeat(81);
        bad.replace_range(11..12, "x");
        assert_eq!(
            Board::parse_line(&bad).unwrap_err().to_string(),
            "cell 12 (r2c3): 'x' is not a digit or a blank"
        );
        assert_eq!(
            Board::parse_line(&format!("{}\r", "0".repeat(81))).unwrap(),
            Board::empty(Shape::NINE)
        );
        assert_eq!(
            Board::parse_line(&"-".repeat(81)).unwrap(),
            Board::empty(Shape::NINE),
            "a blank at every size"
        );
        // One cell too many is counted, not written past the grid.
        assert_eq!(Board::parse_line(&"1".repeat(82)), Err(LineError::Length(82)));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn grids_and_puzzle_errors_print_as_they_read() {
        let line = format!("1{}2", ".".repeat(79));
        let grid = Board::parse_line(&line).unwrap();
        assert_eq!(
            (grid.to_string(), format!("{grid:?}")),
            (line.clone(), format!("Board({line})"))
        );
        let said = |line: &str| line.parse::<Puzzle>().unwrap_err().to_string();
        assert_eq!(said(&line[1..]), "expected 81 cells, found 80");
        assert_eq!(said(&format!("11{}", ".".repeat(79))), "r1c2: 1 already in row 1");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn filled_counts_the_givens() {
        assert_eq!(Board::empty(Shape::NINE).filled(), 0);
        let line = format!("1{}23{}", ".".repeat(40), "4".repeat(38));
        assert_eq!(Board::parse_line(&line).unwrap().filled(), 41);
    }
}
