//! Grids of every size (4×4 to 25×25): [`Board`], the checked [`Puzzle`], the symbols
//! people write ([`Alphabet`]), and the clash rules.

use std::fmt;

use super::grid::{Clash, PuzzleError, Unit};
use super::model::{Shape, MAX_ORDER};

/// The symbols a grid is written in. Blanks are `.` and `-`, and `0` too except in
/// [`Alphabet::Hex`], where `0` is the first digit. This is the one list of them: the page
/// reads it ([`Alphabet::ALL`], [`Alphabet::name`], [`Alphabet::label`]) through wasm.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Alphabet {
    /// `1`–`9`, then `A`–`G` for 16×16 (and on to `P` for 25×25).
    Digits,
    /// `0`–`9`, then `A`–`F`: 16×16 only, as hexadecimal is written (`0` is the first digit).
    Hex,
    /// `A` onwards: `A`–`P` for 16×16 as in POJ 3076, `A`–`Y` for 25×25.
    Letters,
}

impl Alphabet {
    /// Every alphabet, in the order the page offers them.
    pub const ALL: [Alphabet; 3] = [Alphabet::Digits, Alphabet::Hex, Alphabet::Letters];

    /// The page's name for it: "digits", "hex" or "letters".
    pub fn name(self) -> &'static str {
        match self {
            Alphabet::Digits => "digits",
            Alphabet::Hex => "hex",
            Alphabet::Letters => "letters",
        }
    }

    /// Its symbols at `shape` as ranges, as a menu says them: "1–9, A–G", "0–F", "A–P".
    pub fn label(self, shape: Shape) -> String {
        let side = shape.side() as u8;
        let run = |a: u8, b: u8| format!("{}–{}", self.symbol(a), self.symbol(b));
        match self {
            Alphabet::Digits if side > 9 => format!("{}, {}", run(1, 9), run(10, side)),
            _ => run(1, side),
        }
    }

    /// The alphabet of a name ("digits", "hex" or "letters"), if a grid of `shape` may be
    /// written in it.
    pub fn named(name: &str, shape: Shape) -> Result<Alphabet, String> {
        let Some(a) = Alphabet::ALL.into_iter().find(|a| a.name() == name) else {
            return Err(format!("no alphabet {name:?} (digits, hex or letters)"));
        };
        if !a.allowed(shape) {
            let side = shape.side();
            return Err(format!("a {side}×{side} grid is not written in {name}"));
        }
        Ok(a)
    }

    /// What people use at each size: digits up to 9×9, letters above.
    pub fn default_for(shape: Shape) -> Alphabet {
        if shape.side() <= 9 {
            Alphabet::Digits
        } else {
            Alphabet::Letters
        }
    }

    /// The alphabets a grid of `shape` may be written in: digits up to 16×16 (`1`–`9A`–`G`),
    /// hexadecimal at 16×16 only, letters from 16×16 up.
    pub fn allowed(self, shape: Shape) -> bool {
        match self {
            Alphabet::Digits => shape.side() <= 16,
            Alphabet::Hex => shape.side() == 16,
            Alphabet::Letters => shape.side() >= 16,
        }
    }

    /// The symbol of `digit` (1..=25).
    pub fn symbol(self, digit: u8) -> char {
        match (self, digit) {
            (Alphabet::Digits, 1..=9) => char::from(b'0' + digit),
            (Alphabet::Digits, _) => char::from(b'A' + digit - 10),
            (Alphabet::Hex, 1..=10) => char::from(b'0' + digit - 1),
            (Alphabet::Hex, _) => char::from(b'A' + digit - 11),
            (Alphabet::Letters, _) => char::from(b'A' + digit - 1),
        }
    }

    /// The digit of `symbol` (upper or lower case), if it is one of this alphabet's first
    /// `side`; 0 for a blank.
    pub fn digit(self, symbol: char, side: usize) -> Option<u8> {
        let d = match (self, symbol.to_ascii_uppercase()) {
            (Alphabet::Hex, c @ '0'..='9') => c as u8 - b'0' + 1,
            (Alphabet::Hex, c @ 'A'..='Z') => c as u8 - b'A' + 11,
            (_, '.' | '0' | '-') => return Some(0),
            (Alphabet::Digits, c @ '1'..='9') => c as u8 - b'0',
            (Alphabet::Digits, c @ 'A'..='Z') => c as u8 - b'A' + 10,
            (Alphabet::Letters, c @ 'A'..='Z') => c as u8 - b'A' + 1,
            _ => return None,
        };
        (usize::from(d) <= side).then_some(d)
    }

    /// The alphabet a line of cells is written in: letters when it holds no digit 1–9 and
    /// the size allows letters, digits otherwise. Hexadecimal is never guessed (its `0` is a
    /// blank in the others): it is read only where it is named.
    pub fn detect(shape: Shape, text: &str) -> Alphabet {
        let has_digit = text.bytes().any(|b| (b'1'..=b'9').contains(&b));
        if Alphabet::Letters.allowed(shape) && !(has_digit && Alphabet::Digits.allowed(shape)) {
            Alphabet::Letters
        } else {
            Alphabet::Digits
        }
    }
}

/// A grid of any size in reading order, 0 for an empty cell, otherwise its digit 1..=side.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    shape: Shape,
    cells: Vec<u8>,
}

/// A symbol that is not a digit of the grid's size or a blank, at a cell (0-based inside).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct SymbolError {
    pub shape: Shape,
    pub alphabet: Alphabet,
    pub cell: usize,
    pub found: char,
}

impl fmt::Display for SymbolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = self.shape.side();
        let (a, z) = (self.alphabet.symbol(1), self.alphabet.symbol(side as u8));
        write!(
            f,
            "cell {} ({}): {:?} is not a symbol of a {side}×{side} grid ({a}–{z}) or a blank",
            self.cell + 1,
            self.shape.cell_name(self.cell),
            self.found
        )
    }
}

impl std::error::Error for SymbolError {}

impl Board {
    /// The grid of `shape` with every cell empty.
    pub fn empty(shape: Shape) -> Board {
        Board {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// Reads the cells of `text` (exactly `shape.cells()` characters, no line ends) written
    /// in `alphabet`; a bad symbol is an error naming its cell.
    pub fn parse(shape: Shape, alphabet: Alphabet, text: &str) -> Result<Board, SymbolError> {
        let mut board = Board::empty(shape);
        for (cell, found) in text.chars().enumerate().take(shape.cells()) {
            board.cells[cell] = alphabet.digit(found, shape.side()).ok_or(SymbolError {
                shape,
                alphabet,
                cell,
                found,
            })?;
        }
        Ok(board)
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The digit in `cell` (0 when empty). Panics if `cell` is out of range.
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Puts `digit` (0 to empty the cell) in `cell`. Panics if either is out of range.
    pub fn set(&mut self, cell: usize, digit: u8) {
        assert!(usize::from(digit) <= self.shape.side(), "digit {digit} out of range");
        self.cells[cell] = digit;
    }

    /// Every cell in reading order.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// How many cells hold a digit.
    pub fn filled(&self) -> usize {
        self.cells.iter().filter(|&&d| d != 0).count()
    }

    /// The one-line form in `alphabet`, `.` for empty cells.
    pub fn to_line(&self, alphabet: Alphabet) -> String {
        self.cells
            .iter()
            .map(|&d| if d == 0 { '.' } else { alphabet.symbol(d) })
            .collect()
    }

    /// Every clash: for each cell whose digit already appears earlier in its row, column
    /// or box, one clash per such unit (row, column, box), in reading order.
    pub fn clashes(&self) -> Vec<Clash> {
        clashes_in(self.shape, &self.cells)
    }

    /// For each cell, the digits that clash with no given (bit `d` set for digit `d`); a
    /// filled cell's set is its own digit alone.
    pub fn candidates(&self) -> Vec<u32> {
        let s = self.shape.side();
        let all = ((1u32 << s) - 1) << 1;
        let mut used = vec![0u32; 3 * s];
        for (cell, &d) in self.cells.iter().enumerate() {
            if d != 0 {
                for unit in [cell / s, s + cell % s, 2 * s + self.shape.box_of(cell)] {
                    used[unit] |= 1 << d;
                }
            }
        }
        let free = |cell: usize| all & !(used[cell / s] | used[s + cell % s] | used[2 * s + self.shape.box_of(cell)]);
        let pick = |(cell, &d): (usize, &u8)| if d != 0 { 1 << d } else { free(cell) };
        self.cells.iter().enumerate().map(pick).collect()
    }

    /// True when every cell is filled, nothing clashes and every digit of `puzzle` is kept.
    pub fn solves(&self, puzzle: &Board) -> bool {
        self.shape == puzzle.shape && solves_in(self.shape, &self.cells, &puzzle.cells)
    }
}

impl fmt::Display for Board {
    /// The one-line form in the size's usual alphabet.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line(Alphabet::default_for(self.shape)))
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({self})")
    }
}

/// A board of any size whose givens do not clash: what every engine accepts (9×9 is
/// [`Shape::NINE`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Puzzle {
    givens: Board,
}

impl Puzzle {
    /// Checks the givens; two equal digits in a row, column or box are an error naming the
    /// later cell, e.g. "r4c7: 5 already in row 4".
    pub fn new(givens: Board) -> Result<Puzzle, Clash> {
        match givens.clashes().into_iter().next() {
            Some(clash) => Err(clash),
            None => Ok(Puzzle { givens }),
        }
    }

    /// The given digits (0 for the cells to fill).
    pub fn givens(&self) -> &Board {
        &self.givens
    }

    pub fn shape(&self) -> Shape {
        self.givens.shape
    }
}

impl std::str::FromStr for Puzzle {
    type Err = PuzzleError;
    /// Reads an 81-character 9×9 line and checks its givens.
    fn from_str(line: &str) -> Result<Puzzle, PuzzleError> {
        let board = Board::parse_line(line).map_err(PuzzleError::Line)?;
        Puzzle::new(board).map_err(PuzzleError::Clash)
    }
}

impl Clash {
    /// The clash in words for a grid of `shape` written in `alphabet`, e.g.
    /// "r4c7: P already in row 4".
    pub fn describe(&self, shape: Shape, alphabet: Alphabet) -> String {
        let symbol = alphabet.symbol(self.digit);
        format!("{}: {symbol} already in {}", shape.cell_name(self.cell), self.unit)
    }
}

/// Every clash of the cells of a grid of `shape`: for each cell whose digit already appears
/// earlier in its row, column or box, one clash per such unit, in reading order.
fn clashes_in(shape: Shape, cells: &[u8]) -> Vec<Clash> {
    const SIDE: usize = MAX_ORDER * MAX_ORDER;
    let s = shape.side();
    // The first cell (plus one; 0 for none) holding each digit in each unit.
    let mut first = [[[0u16; SIDE + 1]; SIDE]; 3];
    let mut out = Vec::new();
    for (cell, &digit) in cells.iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let units = [
            Unit::Row(cell / s),
            Unit::Column(cell % s),
            Unit::Box(shape.box_of(cell)),
        ];
        for (k, unit) in units.into_iter().enumerate() {
            let slot = &mut first[k][unit.index()][usize::from(digit)];
            if *slot == 0 {
                *slot = cell as u16 + 1;
            } else {
                out.push(Clash {
                    cell,
                    digit,
                    unit,
                    other: usize::from(*slot - 1),
                });
            }
        }
    }
    out
}

/// True when `cells` are all filled, clash nowhere and keep every digit of `puzzle`.
fn solves_in(shape: Shape, cells: &[u8], puzzle: &[u8]) -> bool {
    cells.iter().all(|&d| d != 0)
        && clashes_in(shape, cells).is_empty()
        && puzzle.iter().zip(cells).all(|(&p, &s)| p == 0 || p == s)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three 16×16 alphabets write and read each digit alike, their labels are the
    /// page's menu, and hexadecimal's `0` is its first digit where the others' is a blank.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn each_alphabet_reads_what_it_writes() {
        let sixteen = Shape::SIXTEEN;
        let written: Vec<String> = Alphabet::ALL
            .iter()
            .map(|a| (1..=16).map(|d| a.symbol(d)).collect())
            .collect();
        assert_eq!(written, ["123456789ABCDEFG", "0123456789ABCDEF", "ABCDEFGHIJKLMNOP"]);
        let labels: Vec<String> = Alphabet::ALL.iter().map(|a| a.label(sixteen)).collect();
        assert_eq!(labels, ["1–9, A–G", "0–F", "A–P"]);
        assert_eq!(Alphabet::Digits.label(Shape::FOUR), "1–4");
        assert_eq!(Alphabet::Letters.label(Shape::TWENTY_FIVE), "A–Y");
        for a in Alphabet::ALL {
            assert_eq!(Alphabet::named(a.name(), sixteen), Ok(a));
            for d in 1..=16 {
                assert_eq!(a.digit(a.symbol(d), 16), Some(d), "{a:?} {d}");
                assert_eq!(a.digit(a.symbol(d).to_ascii_lowercase(), 16), Some(d), "{a:?} {d}");
            }
            assert_eq!(a.digit('.', 16), Some(0));
            assert_eq!(a.digit('-', 16), Some(0));
        }
        assert_eq!(Alphabet::Hex.digit('0', 16), Some(1));
        assert_eq!(Alphabet::Digits.digit('0', 16), Some(0));
        assert_eq!(Alphabet::Hex.digit('G', 16), None);
        assert!(Alphabet::named("hex", Shape::NINE).is_err());
        assert!(Alphabet::named("hex", Shape::TWENTY_FIVE).is_err());
        assert!(Alphabet::named("octal", sixteen)
            .unwrap_err()
            .contains("digits, hex or letters"));
        // A line in hexadecimal: its 0s are digits, and it is written back as it was read.
        let line = format!("0123456789ABCDEF{}", ".".repeat(240));
        let board = Board::parse(sixteen, Alphabet::Hex, &line).unwrap();
        assert_eq!(board.filled(), 16);
        assert_eq!(board.to_line(Alphabet::Hex), line);
        assert_eq!(&board.to_line(Alphabet::Letters)[..16], "ABCDEFGHIJKLMNOP");
        assert_eq!(
            Alphabet::detect(sixteen, &line),
            Alphabet::Digits,
            "hex is never guessed"
        );
    }

    /// Each empty cell's candidates are the digits no given in its row, column or box
    /// holds, counted here cell by cell (16×16: the column and box terms both matter, and a
    /// digit ruled out twice stays out).
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn candidates_are_the_digits_no_given_rules_out() {
        for shape in [Shape::FOUR, Shape::NINE, Shape::SIXTEEN] {
            let (s, n) = (shape.side(), shape.order());
            let mut board = Board::empty(shape);
            // A scattered, clash-free set of givens: the pattern solution's digit on every
            // third cell.
            for cell in (0..s * s).step_by(3) {
                let (r, c) = (cell / s, cell % s);
                board.set(cell, ((n * (r % n) + r / n + c) % s + 1) as u8);
            }
            assert!(board.clashes().is_empty());
            assert_eq!(board.filled(), (s * s).div_ceil(3));
            let candidates = board.candidates();
            assert_eq!(candidates.len(), s * s);
            for (cell, &got) in candidates.iter().enumerate() {
                let (r, c) = (cell / s, cell % s);
                let expect = if board.get(cell) != 0 {
                    1 << board.get(cell)
                } else {
                    (1..=s as u8)
                        .filter(|&d| {
                            (0..s * s).all(|o| {
                                let (ro, co) = (o / s, o % s);
                                let same_box = ro / n == r / n && co / n == c / n;
                                board.get(o) != d || (ro != r && co != c && !same_box)
                            })
                        })
                        .fold(0u32, |set, d| set | 1 << d)
                };
                assert_eq!(got, expect, "{shape:?} cell {cell}");
            }
        }
        let four = Board::parse(Shape::FOUR, Alphabet::Digits, "1..4.......3.2..").unwrap();
        assert_eq!(
            (four.filled(), format!("{four:?}")),
            (4, "Board(1..4.......3.2..)".to_string())
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn alphabets_read_and_write_every_symbol() {
        for shape in Shape::ALL {
            for alphabet in [Alphabet::Digits, Alphabet::Letters] {
                if !alphabet.allowed(shape) {
                    continue;
                }
                let side = shape.side();
                for d in 1..=side as u8 {
                    let c = alphabet.symbol(d);
                    assert_eq!(alphabet.digit(c, side), Some(d));
                    assert_eq!(alphabet.digit(c.to_ascii_lowercase(), side), Some(d));
                }
                let next = alphabet.symbol(side as u8 + 1);
                assert_eq!(alphabet.digit(next, side), None, "{shape:?} {alphabet:?} {next}");
                assert_eq!(alphabet.digit('-', side), Some(0));
            }
        }
        assert_eq!(Alphabet::Digits.symbol(16), 'G');
        assert_eq!(Alphabet::Letters.symbol(16), 'P');
        assert_eq!(Alphabet::detect(Shape::SIXTEEN, "-A-P"), Alphabet::Letters);
        assert_eq!(Alphabet::detect(Shape::SIXTEEN, "1.G."), Alphabet::Digits);
        assert_eq!(Alphabet::detect(Shape::TWENTY_FIVE, "1.G."), Alphabet::Letters);
        assert_eq!(Alphabet::detect(Shape::FOUR, "1..4"), Alphabet::Digits);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn bad_symbols_and_clashes_name_the_cell() {
        let line = format!("{}Q{}", "-".repeat(20), "-".repeat(235));
        let e = Board::parse(Shape::SIXTEEN, Alphabet::Letters, &line).unwrap_err();
        assert_eq!(
            e.to_string(),
            "cell 21 (r2c5): 'Q' is not a symbol of a 16×16 grid (A–P) or a blank"
        );
        let e = Board::parse(Shape::FOUR, Alphabet::Digits, "1..5............").unwrap_err();
        assert_eq!(
            e.to_string(),
            "cell 4 (r1c4): '5' is not a symbol of a 4×4 grid (1–4) or a blank"
        );
        let mut b = Board::empty(Shape::TWENTY_FIVE);
        b.set(3, 25);
        b.set(25 * 4 + 1, 25);
        let clash = Puzzle::new(b).unwrap_err();
        assert_eq!(
            clash.describe(Shape::TWENTY_FIVE, Alphabet::Letters),
            "r5c2: Y already in box 1"
        );
        assert_eq!(clash.other, 3);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_solved_board_solves_its_puzzle() {
        for shape in Shape::ALL {
            let (n, s) = (shape.order(), shape.side());
            let mut solved = Board::empty(shape);
            for cell in 0..shape.cells() {
                let (r, c) = (cell / s, cell % s);
                solved.set(cell, ((r * n + r / n + c) % s + 1) as u8);
            }
            let mut puzzle = solved.clone();
            puzzle.set(0, 0);
            assert!(solved.solves(&puzzle), "{shape:?}");
            assert!(!puzzle.solves(&puzzle));
            let mut wrong = solved.clone();
            wrong.set(1, solved.get(0));
            assert!(!wrong.solves(&puzzle));
            assert_eq!(puzzle.candidates()[0], 1 << solved.get(0), "{shape:?}");
            assert_eq!(puzzle.candidates()[1], 1 << solved.get(1));
        }
        let mut b = Board::empty(Shape::FOUR);
        b.set(0, 1);
        b.set(5, 2);
        b.set(10, 3);
        // r4c4 sees 1 (no), r1c4: row has 1; box 2 (r1-2, c3-4) empty.
        assert_eq!(b.candidates()[15], 0b11110 & !(1 << 3));
        assert_eq!(b.candidates()[3], 0b11110 & !(1 << 1));
        b.set(12, 4);
        b.set(13, 3);
        b.set(7, 4);
        // r4c4: row 4 has 4 and 3, column 4 has 4, box 4 has 3: only 1 and 2.
        assert_eq!(b.candidates()[15], 0b110);
        for shape in Shape::ALL {
            let empty = Board::empty(shape).candidates();
            assert!(empty.iter().all(|&c| c.count_ones() as usize == shape.side()));
        }
    }
}
