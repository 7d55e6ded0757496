//! The one reader of puzzles: a stream of puzzles in every format at every size (the judges'
//! 9×9 line, HDU and hiho formats, lines of 16, 81, 256 or 625 cells, POJ 3076 grids of
//! every size), the format and size told from the input's head or given, read a case at a
//! time (memory stays flat however long the input), and the answers written in the format
//! read. The command line's `solve` and the page's readers ([`super::any`]) read through it.
//!
//! Which of the two families of formats reads a text is decided once, by [`choose`]: the 9×9
//! judge formats by their own streaming reader ([`Cases`]), the formats of every size by
//! [`boards::stream`]. Their errors are their own and name the line and the cell.
//!
//! ```
//! use dlx_sudoku::formats::reader::{InputFormat, Reader};
//! let text = "1..4\n..3.\n....\n....\n";
//! let mut reader = Reader::open(text.as_bytes(), text, InputFormat::Auto, None).unwrap();
//! assert_eq!((reader.format_name(), reader.shape().side()), ("poj", 4));
//! let (puzzle, _) = reader.next_puzzle().unwrap().unwrap();
//! assert_eq!(puzzle.givens().filled(), 3);
//! assert!(reader.next_puzzle().is_none());
//! ```

use std::fmt;
use std::io::{self, BufRead};
use std::str::FromStr;

use super::boards::{self, BoardCase, BoardFormat, BoardReader, StreamError};
use super::{Case, Cases, Format, InputError, ReadError, UnknownFormat};
use crate::sudoku::{Alphabet, Board, Puzzle, Shape};

/// The format asked for: `auto` (told from the input), a judge format, or `poj`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum InputFormat {
    Auto,
    Given(Format),
    /// POJ 3076 / SPOJ SUDOKU: `side` lines of `side` symbols per puzzle, any size but 9×9.
    Poj,
}

impl InputFormat {
    /// The judge format to read with; `None` to detect it.
    pub fn format(self) -> Option<Format> {
        match self {
            InputFormat::Auto | InputFormat::Poj => None,
            InputFormat::Given(format) => Some(format),
        }
    }

    /// The format of every size to read with, if this is one; `None` to detect it.
    pub fn board_format(self) -> Option<BoardFormat> {
        match self {
            InputFormat::Given(Format::Line) => Some(BoardFormat::Line),
            InputFormat::Poj => Some(BoardFormat::Grid),
            _ => None,
        }
    }

    /// `auto`, `line`, `hdu`, `hiho` or `poj`.
    pub fn name(self) -> &'static str {
        match self {
            InputFormat::Auto => "auto",
            InputFormat::Given(format) => format.name(),
            InputFormat::Poj => "poj",
        }
    }
}

impl fmt::Display for InputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for InputFormat {
    type Err = String;
    fn from_str(name: &str) -> Result<InputFormat, String> {
        match name {
            "auto" => Ok(InputFormat::Auto),
            "poj" => Ok(InputFormat::Poj),
            _ => name
                .parse()
                .map(InputFormat::Given)
                .map_err(|UnknownFormat(_)| format!("unknown format {name:?} (expected auto, line, hdu, hiho or poj)")),
        }
    }
}

/// Which reader reads an input: the 9×9 judge formats' (in the format given, or the one its
/// first line has), or the formats of every size, in a format and at a size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Chosen {
    Nine(Option<Format>),
    Boards(BoardFormat, Shape),
}

/// The reader for an input whose start is `head` (its first non-blank line, and the next
/// after a count, is enough), in `format` and at `size` when given. The formats of every size
/// read it when a size other than 9×9 is asked for or detected, or `poj` is asked for; the 9×9
/// judge formats otherwise. HDU and hiho at another size than 9×9 are refused.
pub fn choose(head: &str, format: InputFormat, size: Option<Shape>) -> Result<Chosen, String> {
    let boards = match (format, size) {
        (InputFormat::Given(Format::Hdu | Format::Hiho), Some(size)) if size != Shape::NINE => {
            return Err(format!(
                "--format {format} reads 9×9 grids only, not --size {}",
                size.side()
            ))
        }
        (InputFormat::Given(Format::Hdu | Format::Hiho), _) => false,
        (InputFormat::Poj, _) => true,
        (_, Some(size)) => size != Shape::NINE,
        (_, None) => boards::detect(head, None).is_some_and(|(_, shape)| shape != Shape::NINE),
    };
    Ok(if boards {
        let (format, shape) = boards::settle(head, format.board_format(), size);
        Chosen::Boards(format, shape)
    } else {
        Chosen::Nine(format.format())
    })
}

/// The one stream of puzzles of every format at every size (see the module's doc).
pub struct Reader<R> {
    inner: Inner<R>,
}

enum Inner<R> {
    Nine(Cases<R>),
    Boards(BoardReader<R>),
}

/// One puzzle as read, its givens not yet checked: its board, the alphabet it is written in
/// and its first line (1-based).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Read {
    pub board: Board,
    pub alphabet: Alphabet,
    pub line: usize,
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

impl From<StreamError> for CaseError {
    fn from(e: StreamError) -> CaseError {
        match e {
            StreamError::Board(e) => CaseError::Input(e.to_string()),
            StreamError::Read(e) => e.into(),
        }
    }
}

impl<R: BufRead> Reader<R> {
    /// Reads `input`, whose start is `head`, in the format and at the size [`choose`] gives.
    pub fn open(input: R, head: &str, format: InputFormat, size: Option<Shape>) -> Result<Reader<R>, String> {
        choose(head, format, size).map(|chosen| Reader::of(input, chosen))
    }

    /// Reads `input` with the reader `chosen`.
    pub fn of(input: R, chosen: Chosen) -> Reader<R> {
        let inner = match chosen {
            Chosen::Nine(format) => Inner::Nine(Cases::new(input, format)),
            Chosen::Boards(format, shape) => Inner::Boards(boards::stream(input, format, shape)),
        };
        Reader { inner }
    }

    /// The size of the puzzles read.
    pub fn shape(&self) -> Shape {
        match &self.inner {
            Inner::Nine(_) => Shape::NINE,
            Inner::Boards(reader) => reader.shape(),
        }
    }

    /// The name of the format read (`line`, `hdu` or `hiho` at 9×9, `line` or `poj` at every
    /// size); a 9×9 format is known once the first case or error has been read.
    pub fn format_name(&self) -> &'static str {
        match &self.inner {
            Inner::Nine(cases) => cases.format().name(),
            Inner::Boards(reader) => reader.format().name(),
        }
    }

    /// The next puzzle as read, its givens not yet checked; `None` at the end. After an
    /// error the reader has nothing more.
    pub fn next_case(&mut self) -> Option<Result<Read, CaseError>> {
        match &mut self.inner {
            Inner::Nine(cases) => Some(cases.next()?.map_err(CaseError::from).map(|c| Read {
                board: c.grid,
                alphabet: Alphabet::Digits,
                line: c.line,
            })),
            Inner::Boards(reader) => match reader.next_case() {
                Ok(case) => case.map(|c| {
                    Ok(Read {
                        board: c.board,
                        alphabet: c.alphabet,
                        line: c.line,
                    })
                }),
                Err(e) => Some(Err(e.into())),
            },
        }
    }

    /// `case` as a puzzle, or the error naming the line and the cell where its givens clash.
    pub fn puzzle(&self, case: &Read) -> Result<Puzzle, String> {
        match &self.inner {
            Inner::Nine(cases) => {
                let case = Case {
                    grid: case.board.clone(),
                    line: case.line,
                };
                case.puzzle(cases.format()).map_err(|e: InputError| e.to_string())
            }
            Inner::Boards(reader) => {
                let case = BoardCase {
                    board: case.board.clone(),
                    alphabet: case.alphabet,
                    line: case.line,
                };
                case.puzzle(reader.format()).map_err(|e| e.to_string())
            }
        }
    }

    /// The next puzzle, its givens checked, and the alphabet it is written in; `None` at the
    /// end. After an error the reader has nothing more.
    pub fn next_puzzle(&mut self) -> Option<Result<(Puzzle, Alphabet), CaseError>> {
        let case = match self.next_case()? {
            Ok(case) => case,
            Err(e) => return Some(Err(e)),
        };
        Some(self.puzzle(&case).map(|p| (p, case.alphabet)).map_err(CaseError::Input))
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
        let mut reader = Reader::of(hdu.as_bytes(), Chosen::Nine(None));
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
        let mut reader = Reader::of(poj.as_bytes(), Chosen::Boards(BoardFormat::Grid, Shape::FOUR));
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
        let mut reader = Reader::of(io::BufReader::new(Failing), Chosen::Nine(None));
        let Some(Err(CaseError::Io(e))) = reader.next_puzzle() else {
            panic!("a failed read is not bad input")
        };
        assert_eq!(e.to_string(), "the disk is gone");
    }
}
