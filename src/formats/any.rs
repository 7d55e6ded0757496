//! One puzzle of any size, as the web page hands it in: text in any format the CLI reads,
//! exactly one puzzle, its givens checked. Errors are the readers' own (they name the line
//! and the cell) as strings, ready to cross to JavaScript.

use std::fmt;
use std::io::{self, BufRead};

use super::boards::{self, BoardFormat, BoardReader, StreamError};
use super::{Cases, Format, Lines, ReadError};
use crate::sudoku::{Alphabet, Board, Puzzle, Shape};

/// Exactly one 9×9 puzzle, in any 9×9 format, its givens checked.
pub fn one_puzzle(text: &str) -> Result<Puzzle, String> {
    let parsed = super::parse(text, None);
    if let Some(e) = parsed.error {
        return Err(e.to_string());
    }
    match parsed.cases.len() {
        1 => parsed.puzzle(0).map_err(|e| e.to_string()),
        0 => Err("no puzzle found".into()),
        n => Err(format!("expected one puzzle, found {n}")),
    }
}

/// Exactly one puzzle of any size (4×4 to 25×25) in any format, its givens checked, and the
/// alphabet it was written in (answers are written in it too; digits at 9×9).
pub fn any_puzzle(text: &str) -> Result<(Puzzle, Alphabet), String> {
    if !boards::detect(text, None).is_some_and(|(_, shape)| shape != Shape::NINE) {
        return one_puzzle(text).map(|p| (p, Alphabet::Digits));
    }
    let parsed = boards::parse_boards(text, None, None);
    if let Some(e) = parsed.error {
        return Err(e.to_string());
    }
    match &parsed.cases[..] {
        [case] => {
            let p = case.puzzle(parsed.format).map_err(|e| e.to_string())?;
            Ok((p, case.alphabet))
        }
        cases => Err(format!("expected one puzzle, found {}", cases.len())),
    }
}

/// What a text holds, for the page's paste: its format's name, the grid's size, the
/// alphabet it is written in, and each puzzle as a line in that alphabet (`.` blanks).
/// Clashing givens are not checked here: the grids themselves are well formed.
#[derive(Debug, PartialEq, Eq)]
pub struct Listing {
    pub format: &'static str,
    pub shape: Shape,
    pub alphabet: Alphabet,
    pub puzzles: Vec<String>,
}

/// The [`Listing`] of a text in any format at any size; malformed text is an error naming
/// the line and the cell.
pub fn listing(text: &str) -> Result<Listing, String> {
    if let Some((_, shape)) = boards::detect(text, None).filter(|&(_, shape)| shape != Shape::NINE) {
        let parsed = boards::parse_boards(text, None, Some(shape));
        if let Some(e) = parsed.error {
            return Err(e.to_string());
        }
        let alphabet = parsed
            .cases
            .first()
            .map_or(Alphabet::default_for(shape), |c| c.alphabet);
        let puzzles = parsed.cases.iter().map(|c| c.board.to_line(c.alphabet)).collect();
        return Ok(Listing {
            format: parsed.format.name(),
            shape,
            alphabet,
            puzzles,
        });
    }
    let parsed = super::parse(text, None);
    if let Some(e) = parsed.error {
        return Err(e.to_string());
    }
    let puzzles = parsed.cases.iter().map(|c| c.grid.to_string()).collect();
    Ok(Listing {
        format: parsed.format.name(),
        shape: Shape::NINE,
        alphabet: Alphabet::Digits,
        puzzles,
    })
}

/// The one stream of puzzles of every format at every size, read a case at a time (memory
/// stays flat however long the input), and the answers written in the format read. The 9×9
/// judge formats (line, HDU, hiho) are read by their own 9×9 reader ([`Cases`]), the formats
/// of every size by [`boards::stream`]: which one is chosen once, when the reader is made.
pub struct Reader<R> {
    inner: Inner<R>,
}

enum Inner<R> {
    Nine(Cases<R>),
    Boards(BoardReader<Lines<R>>),
}

/// Why the next puzzle was not read: bad input (the reader's own words, which name the line
/// and the cell) or a read that failed.
#[derive(Debug)]
pub enum CaseError {
    Input(String),
    Io(io::Error),
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::Input(e) => f.write_str(e),
            CaseError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for CaseError {}

impl From<ReadError> for CaseError {
    fn from(e: ReadError) -> CaseError {
        match e {
            ReadError::Input(e) => CaseError::Input(e.to_string()),
            ReadError::Io(e) => CaseError::Io(e),
        }
    }
}

impl<R: BufRead> Reader<R> {
    /// Reads `input` in a 9×9 judge format (`None`: the format of its first line).
    pub fn nine(input: R, format: Option<Format>) -> Reader<R> {
        Reader {
            inner: Inner::Nine(Cases::new(input, format)),
        }
    }

    /// Reads `input` in a format of every size, at `shape`.
    pub fn boards(input: R, format: BoardFormat, shape: Shape) -> Reader<R> {
        Reader {
            inner: Inner::Boards(boards::stream(input, format, shape)),
        }
    }

    /// The next puzzle, its givens checked, and the alphabet it is written in; `None` at the
    /// end. After an error the reader has nothing more.
    pub fn next_puzzle(&mut self) -> Option<Result<(Puzzle, Alphabet), CaseError>> {
        match &mut self.inner {
            Inner::Nine(cases) => {
                let case = match cases.next()? {
                    Ok(case) => case,
                    Err(e) => return Some(Err(e.into())),
                };
                let puzzle = case.puzzle(cases.format()).map_err(|e| CaseError::Input(e.to_string()));
                Some(puzzle.map(|p| (p, Alphabet::Digits)))
            }
            Inner::Boards(reader) => {
                let case = match reader.next_case() {
                    Ok(case) => case?,
                    Err(StreamError::Board(e)) => return Some(Err(CaseError::Input(e.to_string()))),
                    Err(StreamError::Read(e)) => return Some(Err(e.into())),
                };
                let puzzle = case
                    .puzzle(reader.format())
                    .map_err(|e| CaseError::Input(e.to_string()));
                Some(puzzle.map(|p| (p, case.alphabet)))
            }
        }
    }

    /// Appends `solution` as the format read prints case `index` (from 0), in `alphabet`
    /// (the formats of every size; the 9×9 ones write digits).
    pub fn write_solution(&self, index: usize, solution: &Board, alphabet: Alphabet, out: &mut String) {
        match &self.inner {
            Inner::Nine(cases) => cases.format().write_grid(index, solution, out),
            Inner::Boards(reader) => reader.format().write_board(index, solution, alphabet, out),
        }
    }

    /// Appends a one-line `message` in place of case `index`'s grid, as the format read does.
    pub fn write_message(&self, index: usize, message: &str, out: &mut String) {
        match &self.inner {
            Inner::Nine(cases) => cases.format().write_message(index, message, out),
            Inner::Boards(reader) => reader.format().write_message(index, message, out),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku::{Dlx, Engine};

    /// The one reader gives each case of either family as a puzzle and its alphabet, writes
    /// the answers as the format read does (HDU's tokens, POJ's grid), and tells bad input
    /// (with its line) from a failed read.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn one_reader_reads_and_answers_every_size() {
        let solved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let rows: Vec<String> = (0..9)
            .map(|r| {
                let row = solved[r * 9..r * 9 + 9].chars().enumerate();
                let token = |(c, d): (usize, char)| if (r + c) % 4 == 0 { '?' } else { d };
                row.map(token).map(String::from).collect::<Vec<_>>().join(" ")
            })
            .collect();
        let hdu = rows.join("\n") + "\n";
        let mut reader = Reader::nine(hdu.as_bytes(), None);
        let (puzzle, alphabet) = reader.next_puzzle().unwrap().unwrap();
        assert_eq!(
            (puzzle.shape(), alphabet, puzzle.givens().filled()),
            (Shape::NINE, Alphabet::Digits, 60)
        );
        let solution = Dlx::new().solve(&puzzle).unwrap().unwrap();
        let mut out = String::new();
        reader.write_solution(0, &solution, alphabet, &mut out);
        let spaced: Vec<String> = (0..9)
            .map(|r| {
                solved[r * 9..r * 9 + 9]
                    .chars()
                    .map(String::from)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(out, spaced.join("\n") + "\n");
        assert!(reader.next_puzzle().is_none());

        let poj = "1---\n-4--\n-12-\n---4\n\n11--\n----\n----\n----\n";
        let mut reader = Reader::boards(poj.as_bytes(), BoardFormat::Grid, Shape::FOUR);
        let (puzzle, alphabet) = reader.next_puzzle().unwrap().unwrap();
        assert_eq!(
            (puzzle.givens().to_line(alphabet), alphabet),
            ("1....4...12....4".to_string(), Alphabet::Digits)
        );
        let solution = Dlx::new().solve(&puzzle).unwrap().unwrap();
        let mut out = String::new();
        reader.write_solution(0, &solution, alphabet, &mut out);
        reader.write_message(1, "no solution", &mut out);
        assert_eq!(out, "1342\n2431\n4123\n3214\n\nno solution\n");
        let Some(Err(CaseError::Input(e))) = reader.next_puzzle() else {
            panic!("a clash is bad input")
        };
        assert_eq!(e, "line 6: r1c2: 1 already in row 1");
        assert!(reader.next_puzzle().is_none());

        struct Failing;
        impl io::Read for Failing {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                Err(io::Error::other("the disk is gone"))
            }
        }
        let mut reader = Reader::nine(io::BufReader::new(Failing), None);
        let Some(Err(CaseError::Io(e))) = reader.next_puzzle() else {
            panic!("a failed read is not bad input")
        };
        assert_eq!(e.to_string(), "the disk is gone");
    }
}
