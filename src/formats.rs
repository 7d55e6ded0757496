//! The classic online-judge Sudoku formats: reading puzzles and writing answers byte for byte.
//!
//! * [`Format::Line`] (POJ 3074 and its AcWing copy): one 81-character puzzle per line,
//!   `1`-`9` for givens, `.` or `0` for blanks; a line `end` stops reading.
//!   Answer: one 81-digit line.
//! * [`Format::Hdu`] (HDU 1426): 9 lines of 9 tokens, `?` for blanks, cases separated by a
//!   blank line. Answer: 9 lines of digits joined by single spaces, a blank line *between*
//!   cases (none after the last).
//! * [`Format::Hiho`] (hihoCoder week 102): a line `t`, then `t` grids of 9 lines of 9 integers,
//!   `0` for blanks. Answer: 9 lines of digits joined by single spaces, nothing between cases.
//!
//! Reading is tolerant where the judges are: blank lines between puzzles, leading and trailing
//! whitespace and `\r` are skipped, and every grid format accepts `?`, `.` and `0` as blanks.
//! It is strict elsewhere, and every error names its line (and the cell when there is one).
//!
//! ```
//! use dlx_sudoku::formats::{parse, Format};
//! let text = "1\n4 0 0 0 7 0 1 0 0\n0 0 1 9 0 4 6 0 5\n0 0 0 0 0 1 0 0 0\n\
//!             0 0 0 7 0 0 0 0 2\n0 0 2 0 3 0 0 0 0\n8 4 7 0 0 6 0 0 0\n\
//!             0 1 4 0 0 0 8 0 6\n0 2 0 0 0 0 3 0 0\n6 0 0 0 9 0 0 0 0\n";
//! let parsed = parse(text, None);
//! assert_eq!(parsed.format, Format::Hiho);
//! assert_eq!(parsed.cases.len(), 1);
//! assert!(parsed.error.is_none());
//! let puzzle = parsed.puzzle(0).unwrap();
//! assert_eq!(puzzle.givens().filled(), 25);
//!
//! let mut out = String::new();
//! Format::Hdu.write_message(0, "no solution", &mut out);
//! Format::Hdu.write_message(1, "no solution", &mut out);
//! assert_eq!(out, "no solution\n\nno solution\n");
//! ```
//!
//! This module does no I/O: the command line and the WebAssembly API both call it on text.

use std::fmt;
use std::str::FromStr;

use crate::sudoku::{cell_name, Clash, Grid, LineError, Puzzle, CELLS};

/// A judge format.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Format {
    /// One 81-character puzzle per line (POJ 3074 and its AcWing copy); `end` stops reading.
    Line,
    /// 9 lines of 9 space-separated tokens, `?` blank, cases separated by a blank line (HDU 1426).
    Hdu,
    /// A count `t`, then `t` grids of 9 lines of 9 integers, `0` blank (hihoCoder week 102).
    Hiho,
}

/// Puzzles with more digits than this on a line of their own are not a hiho count.
const MAX_COUNT_DIGITS: usize = 6;

impl Format {
    /// Every format, in the order the command line lists them.
    pub const ALL: [Format; 3] = [Format::Line, Format::Hdu, Format::Hiho];

    /// The name the command line uses: `line`, `hdu` or `hiho`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Hdu => "hdu",
            Format::Hiho => "hiho",
        }
    }

    /// Guesses the format from the first non-blank line; `None` when every line is blank.
    ///
    /// * a single token of at most 6 digits is a puzzle count: [`Format::Hiho`];
    /// * any other single token (an 81-character puzzle, `end`, or a malformed puzzle line)
    ///   is [`Format::Line`];
    /// * two or more tokens are a grid row: [`Format::Hdu`].
    ///
    /// Only the first line is looked at, so a malformed first line still gets the format it
    /// most looks like, and its error is reported in that format's terms.
    pub fn detect(text: &str) -> Option<Format> {
        let first = text.lines().map(str::trim).find(|line| !line.is_empty())?;
        let mut tokens = first.split_whitespace();
        let token = tokens.next()?;
        Some(if tokens.next().is_some() {
            Format::Hdu
        } else if token.len() <= MAX_COUNT_DIGITS && token.bytes().all(|b| b.is_ascii_digit()) {
            Format::Hiho
        } else {
            Format::Line
        })
    }

    /// The line (1-based) that holds `cell` of a puzzle whose first line is `first_line`.
    pub fn line_of(self, first_line: usize, cell: usize) -> usize {
        match self {
            Format::Line => first_line,
            Format::Hdu | Format::Hiho => first_line + cell / 9,
        }
    }

    /// Appends `grid` as this format prints case `index` (from 0), with the separator that
    /// goes before it. Empty cells are written as the format's blank (`.`, `?`, `0`), so a
    /// puzzle can be written back in any format.
    pub fn write_grid(self, index: usize, grid: &Grid, out: &mut String) {
        self.write_separator(index, out);
        match self {
            Format::Line => out.push_str(&grid.to_line()),
            Format::Hdu | Format::Hiho => {
                let blank = if self == Format::Hdu { '?' } else { '0' };
                for (cell, &digit) in grid.cells().iter().enumerate() {
                    if cell % 9 != 0 {
                        out.push(' ');
                    }
                    out.push(if digit == 0 { blank } else { char::from(b'0' + digit) });
                    if cell % 9 == 8 && cell + 1 < CELLS {
                        out.push('\n');
                    }
                }
            }
        }
        out.push('\n');
    }

    /// Appends a one-line `message` ("no solution", "multiple solutions", a count) in place
    /// of case `index`'s grid, with the separator that goes before it.
    pub fn write_message(self, index: usize, message: &str, out: &mut String) {
        self.write_separator(index, out);
        out.push_str(message);
        out.push('\n');
    }

    fn write_separator(self, index: usize, out: &mut String) {
        if self == Format::Hdu && index > 0 {
            out.push('\n');
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not `line`, `hdu` or `hiho`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownFormat(pub String);

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown format {:?} (expected line, hdu or hiho)", self.0)
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for Format {
    type Err = UnknownFormat;
    fn from_str(name: &str) -> Result<Format, UnknownFormat> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| UnknownFormat(name.to_string()))
    }
}

/// One puzzle as read: its grid (givens not yet checked) and the line it starts on.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Case {
    pub grid: Grid,
    /// The 1-based line of the puzzle (its first row in the grid formats).
    pub line: usize,
}

/// What [`parse`] read: every puzzle before the first error, and that error.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Parsed {
    /// The format given, or the one detected.
    pub format: Format,
    pub cases: Vec<Case>,
    /// Why reading stopped early, if it did. The cases before it are still worth answering.
    pub error: Option<InputError>,
}

impl Parsed {
    /// Case `index` as a puzzle, or the error naming the line and cell where its givens clash,
    /// e.g. `line 3: r4c7: 5 already in row 4`. Panics if `index` is out of range.
    pub fn puzzle(&self, index: usize) -> Result<Puzzle, InputError> {
        let case = &self.cases[index];
        Puzzle::new(case.grid).map_err(|clash| InputError {
            line: self.format.line_of(case.line, clash.cell),
            kind: ErrorKind::Clash(clash),
        })
    }
}

/// Why the input is not a list of puzzles, and the line (1-based) where that shows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct InputError {
    /// The line at fault; for an input that ends too early, the line after the last one.
    /// 1 for [`ErrorKind::Empty`].
    pub line: usize,
    pub kind: ErrorKind,
}

/// What is wrong; shown after the line number.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    /// No puzzle at all: `empty input: no puzzle found`.
    Empty,
    /// A line-format puzzle line: `expected 81 cells, found 79`, or a bad character.
    Line(LineError),
    /// A grid row that does not hold 9 tokens: `expected 9 cells, found 8`.
    RowLength(usize),
    /// A grid token that is not `1`-`9` or a blank, at `cell` (0..81) of its puzzle.
    Token { cell: usize, token: String },
    /// The first line of a hiho input is not a count.
    Count(String),
    /// The input ended after `rows` rows of `puzzle` (numbered from 1).
    Truncated { puzzle: usize, rows: usize },
    /// A blank line after `rows` rows of `puzzle` (numbered from 1).
    BlankInGrid { puzzle: usize, rows: usize },
    /// A hiho input ended after `found` of the `announced` puzzles.
    Missing { found: usize, announced: usize },
    /// A hiho input goes on after the `announced` puzzles.
    Extra { announced: usize },
    /// Two givens clash (reported by [`Parsed::puzzle`], not by [`parse`]).
    Clash(Clash),
}

impl InputError {
    /// The cell (0..81, reading order) of the puzzle at fault, when the error names one.
    pub fn cell(&self) -> Option<usize> {
        match &self.kind {
            ErrorKind::Line(LineError::BadChar(e)) => Some(e.cell),
            ErrorKind::Token { cell, .. } => Some(*cell),
            ErrorKind::Clash(clash) => Some(clash.cell),
            _ => None,
        }
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.line;
        match &self.kind {
            ErrorKind::Empty => write!(f, "empty input: no puzzle found"),
            ErrorKind::Line(LineError::BadChar(e)) => write!(f, "line {line}, {e}"),
            ErrorKind::Line(e) => write!(f, "line {line}: {e}"),
            ErrorKind::RowLength(n) => write!(f, "line {line}: expected 9 cells, found {n}"),
            ErrorKind::Token { cell, token } => {
                let mut chars = token.chars();
                let shown = match (chars.next(), chars.next()) {
                    (Some(c), None) => format!("{c:?}"),
                    _ => format!("{token:?}"),
                };
                let name = cell_name(*cell);
                write!(f, "line {line} ({name}): {shown} is not a digit or a blank")
            }
            ErrorKind::Count(found) => {
                write!(f, "line {line}: expected the number of puzzles, found {found:?}")
            }
            ErrorKind::Truncated { puzzle, rows } => write!(
                f,
                "line {line}: input ended inside puzzle {puzzle} (expected 9 rows, found {rows})"
            ),
            ErrorKind::BlankInGrid { puzzle, rows } => write!(
                f,
                "line {line}: blank line inside puzzle {puzzle} (expected 9 rows, found {rows})"
            ),
            ErrorKind::Missing { found, announced } => write!(
                f,
                "line {line}: input ended after {found} of the {} announced",
                plural(*announced, "puzzle")
            ),
            ErrorKind::Extra { announced } => write!(
                f,
                "line {line}: more input after the {} announced",
                plural(*announced, "puzzle")
            ),
            ErrorKind::Clash(clash) => write!(f, "line {line}: {clash}"),
        }
    }
}

impl std::error::Error for InputError {}

/// Reads every puzzle of `text` in `format` (detected with [`Format::detect`] when `None`;
/// an input with no non-blank line is [`ErrorKind::Empty`], reported as [`Format::Line`]).
/// Reading stops at the first malformed line; the puzzles before it are kept.
/// Clashing givens are not checked here: see [`Parsed::puzzle`].
pub fn parse(text: &str, format: Option<Format>) -> Parsed {
    let format = format.or_else(|| Format::detect(text)).unwrap_or(Format::Line);
    let mut cases = Vec::new();
    let mut reader = Reader::new(text);
    let result = match format {
        Format::Line => read_lines(&mut reader, &mut cases),
        Format::Hdu => read_hdu(&mut reader, &mut cases),
        Format::Hiho => read_hiho(&mut reader, &mut cases),
    };
    Parsed {
        format,
        cases,
        error: result.err(),
    }
}

/// Numbered lines, with the look-ahead the grid formats need.
struct Reader<'a> {
    lines: std::iter::Peekable<std::iter::Enumerate<std::str::Lines<'a>>>,
    /// How many lines have been taken.
    taken: usize,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str) -> Reader<'a> {
        Reader {
            lines: text.lines().enumerate().peekable(),
            taken: 0,
        }
    }

    /// The next line, trimmed, with its 1-based number.
    fn next(&mut self) -> Option<(usize, &'a str)> {
        let (i, line) = self.lines.next()?;
        self.taken = i + 1;
        Some((i + 1, line.trim()))
    }

    /// Skips blank lines; true when a non-blank line follows.
    fn skip_blank(&mut self) -> bool {
        while let Some((_, line)) = self.lines.peek() {
            if !line.trim().is_empty() {
                return true;
            }
            self.next();
        }
        false
    }

    /// Where an input that ends too early is reported: the line after the last one.
    fn end_line(&self) -> usize {
        self.taken + 1
    }
}

fn error(line: usize, kind: ErrorKind) -> InputError {
    InputError { line, kind }
}

fn read_lines(reader: &mut Reader, cases: &mut Vec<Case>) -> Result<(), InputError> {
    let mut ended = false;
    while reader.skip_blank() {
        let (line, text) = reader.next().expect("a non-blank line follows");
        if text == "end" {
            ended = true;
            break;
        }
        let grid = Grid::parse_line(text).map_err(|e| error(line, line_error(e, text)))?;
        cases.push(Case { grid, line });
    }
    if cases.is_empty() && !ended {
        return Err(error(1, ErrorKind::Empty));
    }
    Ok(())
}

/// A bad character past the 81st cell is reported as a line of the wrong length.
fn line_error(e: LineError, text: &str) -> ErrorKind {
    match e {
        LineError::BadChar(bad) if bad.cell >= CELLS => ErrorKind::Line(LineError::Length(text.chars().count())),
        e => ErrorKind::Line(e),
    }
}

fn read_hdu(reader: &mut Reader, cases: &mut Vec<Case>) -> Result<(), InputError> {
    while reader.skip_blank() {
        cases.push(read_grid(reader, cases.len() + 1)?);
    }
    if cases.is_empty() {
        return Err(error(1, ErrorKind::Empty));
    }
    Ok(())
}

fn read_hiho(reader: &mut Reader, cases: &mut Vec<Case>) -> Result<(), InputError> {
    if !reader.skip_blank() {
        return Err(error(1, ErrorKind::Empty));
    }
    let (line, text) = reader.next().expect("a non-blank line follows");
    let announced: usize = text
        .parse()
        .map_err(|_| error(line, ErrorKind::Count(text.to_string())))?;
    for found in 0..announced {
        if !reader.skip_blank() {
            return Err(error(reader.end_line(), ErrorKind::Missing { found, announced }));
        }
        cases.push(read_grid(reader, found + 1)?);
    }
    if reader.skip_blank() {
        let (line, _) = reader.next().expect("a non-blank line follows");
        return Err(error(line, ErrorKind::Extra { announced }));
    }
    Ok(())
}

/// Reads the 9 rows of grid number `puzzle` (from 1); the reader stands on its first row.
fn read_grid(reader: &mut Reader, puzzle: usize) -> Result<Case, InputError> {
    let mut cells = [0u8; CELLS];
    let mut first = 0;
    for row in 0..9 {
        let Some((line, text)) = reader.next() else {
            let kind = ErrorKind::Truncated { puzzle, rows: row };
            return Err(error(reader.end_line(), kind));
        };
        if text.is_empty() {
            return Err(error(line, ErrorKind::BlankInGrid { puzzle, rows: row }));
        }
        if row == 0 {
            first = line;
        }
        read_row(text, row, &mut cells).map_err(|kind| error(line, kind))?;
    }
    let grid = Grid::from_cells(cells).expect("tokens are checked digits");
    Ok(Case { grid, line: first })
}

/// Reads row `row` (0..9) of a grid into `cells`.
fn read_row(text: &str, row: usize, cells: &mut [u8; CELLS]) -> Result<(), ErrorKind> {
    let count = text.split_whitespace().count();
    if count != 9 {
        return Err(ErrorKind::RowLength(count));
    }
    for (col, token) in text.split_whitespace().enumerate() {
        let cell = row * 9 + col;
        cells[cell] = match token.as_bytes() {
            [d @ b'1'..=b'9'] => d - b'0',
            [b'0' | b'.' | b'?'] => 0,
            _ => {
                return Err(ErrorKind::Token {
                    cell,
                    token: token.to_string(),
                })
            }
        };
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HDU_IN: &str = "\
7 1 2 ? 6 ? 3 5 8
? 6 5 2 ? 7 1 ? 4
? ? 8 5 1 3 6 7 2
9 2 4 ? 5 6 ? 3 7
5 ? 6 ? ? ? 2 4 1
1 ? 3 7 2 ? 9 ? 5
? ? 1 9 7 5 4 8 6
6 ? 7 8 3 ? 5 1 9
8 5 9 ? 4 ? ? 2 3
";
    const HDU_LINE: &str = "712.6.358.652.71.4..8513672924.56.375.6...2411.372.9.5..19754866.783.519859.4..23";

    fn err(text: &str, format: Option<Format>) -> String {
        let parsed = parse(text, format);
        parsed.error.expect("an error").to_string()
    }

    #[test]
    fn detects_each_format_from_its_first_line() {
        assert_eq!(Format::detect(HDU_IN), Some(Format::Hdu));
        assert_eq!(Format::detect(&format!("\n  \r\n{HDU_LINE}\r\n")), Some(Format::Line));
        assert_eq!(Format::detect("end\n"), Some(Format::Line));
        assert_eq!(Format::detect("2\n"), Some(Format::Hiho));
        assert_eq!(Format::detect(&".".repeat(79)), Some(Format::Line));
        assert_eq!(Format::detect("1234567"), Some(Format::Line));
        assert_eq!(Format::detect(" \n\t\n"), None);
        assert_eq!(Format::detect(""), None);
    }

    #[test]
    fn names_round_trip() {
        for f in Format::ALL {
            assert_eq!(f.name().parse::<Format>(), Ok(f));
        }
        assert_eq!(
            "auto".parse::<Format>().unwrap_err().to_string(),
            "unknown format \"auto\" (expected line, hdu or hiho)"
        );
    }

    #[test]
    fn reads_lines_until_end() {
        let text = format!("\n{HDU_LINE}\r\n   \n{}  \nend\nthis is ignored\n", "0".repeat(81));
        let parsed = parse(&text, None);
        assert_eq!(parsed.format, Format::Line);
        assert_eq!(parsed.error, None);
        assert_eq!(parsed.cases.len(), 2);
        assert_eq!(parsed.cases[0].grid.to_line(), HDU_LINE);
        assert_eq!((parsed.cases[0].line, parsed.cases[1].line), (2, 4));
        assert_eq!(parsed.cases[1].grid, Grid::EMPTY);
    }

    #[test]
    fn reads_hdu_cases_between_blank_lines() {
        let text = format!("\n{HDU_IN}\n\n \n{}", HDU_IN.replace('\n', " \r\n"));
        let parsed = parse(&text, None);
        assert_eq!(parsed.format, Format::Hdu);
        assert_eq!(parsed.error, None);
        let lines: Vec<_> = parsed.cases.iter().map(|c| (c.grid.to_line(), c.line)).collect();
        assert_eq!(lines, [(HDU_LINE.to_string(), 2), (HDU_LINE.to_string(), 14)]);
    }

    #[test]
    fn reads_hiho_count_then_grids() {
        let grid = HDU_IN.replace('?', "0");
        let parsed = parse(&format!("2\n{grid}{grid}\n"), None);
        assert_eq!(parsed.format, Format::Hiho);
        assert_eq!(parsed.error, None);
        assert_eq!(parsed.cases.len(), 2);
        assert_eq!(parsed.cases[1].grid.to_line(), HDU_LINE);
        assert_eq!(parsed.cases[1].line, 11);
        assert!(parse("0\n", None).cases.is_empty());
        assert_eq!(parse("0\n", None).error, None);
    }

    #[test]
    fn writes_what_it_reads() {
        let grid = parse(HDU_IN, None).cases[0].grid;
        for format in Format::ALL {
            let mut out = String::new();
            if format == Format::Hiho {
                out.push_str("2\n");
            }
            format.write_grid(0, &grid, &mut out);
            format.write_grid(1, &grid, &mut out);
            let parsed = parse(&out, None);
            assert_eq!(parsed.format, format, "{out}");
            assert_eq!(parsed.cases.iter().map(|c| c.grid).collect::<Vec<_>>(), [grid, grid]);
        }
        let mut out = String::new();
        Format::Hdu.write_grid(0, &grid, &mut out);
        assert_eq!(out, HDU_IN);
    }

    #[test]
    fn separates_hdu_answers_only() {
        let mut solved = Grid::EMPTY;
        for cell in 0..CELLS {
            let (r, c) = (cell / 9, cell % 9);
            solved.set(cell, ((r * 3 + r / 3 + c) % 9 + 1) as u8);
        }
        let row = |format: Format| {
            let mut out = String::new();
            format.write_grid(0, &solved, &mut out);
            format.write_message(1, "no solution", &mut out);
            format.write_grid(2, &solved, &mut out);
            out
        };
        let line = solved.to_line();
        assert_eq!(row(Format::Line), format!("{line}\nno solution\n{line}\n"));
        let grid = "1 2 3 4 5 6 7 8 9\n4 5 6 7 8 9 1 2 3\n7 8 9 1 2 3 4 5 6\n\
                    2 3 4 5 6 7 8 9 1\n5 6 7 8 9 1 2 3 4\n8 9 1 2 3 4 5 6 7\n\
                    3 4 5 6 7 8 9 1 2\n6 7 8 9 1 2 3 4 5\n9 1 2 3 4 5 6 7 8\n";
        assert_eq!(row(Format::Hdu), format!("{grid}\nno solution\n\n{grid}"));
        assert_eq!(row(Format::Hiho), format!("{grid}no solution\n{grid}"));
    }

    #[test]
    fn line_errors_name_line_and_cell() {
        let short = format!("{HDU_LINE}\n\n{}\n", ".".repeat(79));
        let parsed = parse(&short, None);
        assert_eq!(parsed.cases.len(), 1);
        assert_eq!(parsed.error.unwrap().to_string(), "line 3: expected 81 cells, found 79");
        let mut bad = ".".repeat(81);
        bad.replace_range(11..12, "x");
        let e = parse(&bad, None).error.unwrap();
        assert_eq!(e.to_string(), "line 1, cell 12 (r2c3): 'x' is not a digit or a blank");
        assert_eq!(e.cell(), Some(11));
        assert_eq!(
            err(&format!("{}x", ".".repeat(81)), None),
            "line 1: expected 81 cells, found 82"
        );
        assert_eq!(
            err("1 2 3", Some(Format::Line)),
            "line 1, cell 2 (r1c2): ' ' is not a digit or a blank"
        );
    }

    #[test]
    fn grid_errors_name_line_and_cell() {
        let bad = HDU_IN.replacen("5 ? 6", "5 x 6", 1);
        let e = parse(&bad, None).error.unwrap();
        assert_eq!(e.to_string(), "line 5 (r5c2): 'x' is not a digit or a blank");
        assert_eq!(e.cell(), Some(37));
        assert_eq!(
            err(&HDU_IN.replacen("9 2 4", "9 10 4", 1), None),
            "line 4 (r4c2): \"10\" is not a digit or a blank"
        );
        assert_eq!(
            err(&HDU_IN.replacen("7 1 2 ?", "7 1 2", 1), None),
            "line 1: expected 9 cells, found 8"
        );
        assert_eq!(
            err(&format!("1\n{}", HDU_IN.replacen("1 ? 4", "1 ? 4 5", 1)), None),
            "line 3: expected 9 cells, found 10"
        );
    }

    #[test]
    fn reports_grids_cut_short() {
        let three_rows: String = HDU_IN.lines().take(3).map(|l| format!("{l}\n")).collect();
        let text = format!("{HDU_IN}\n{three_rows}");
        let parsed = parse(&text, None);
        assert_eq!(parsed.cases.len(), 1);
        let e = parsed.error.unwrap();
        assert_eq!(
            e.to_string(),
            "line 14: input ended inside puzzle 2 (expected 9 rows, found 3)"
        );
        assert_eq!(e.cell(), None);
        assert_eq!(
            err(&format!("{three_rows}\n{HDU_IN}"), None),
            "line 4: blank line inside puzzle 1 (expected 9 rows, found 3)"
        );
    }

    #[test]
    fn hiho_count_must_match() {
        let grid = HDU_IN.replace('?', "0");
        assert_eq!(
            err("abc\n", Some(Format::Hiho)),
            "line 1: expected the number of puzzles, found \"abc\""
        );
        assert_eq!(
            err("-1\n", Some(Format::Hiho)),
            "line 1: expected the number of puzzles, found \"-1\""
        );
        let parsed = parse(&format!("3\n{grid}\n{grid}"), None);
        assert_eq!(parsed.cases.len(), 2);
        assert_eq!(
            parsed.error.unwrap().to_string(),
            "line 21: input ended after 2 of the 3 puzzles announced"
        );
        assert_eq!(
            err(&format!("1\n{grid}{grid}"), None),
            "line 11: more input after the 1 puzzle announced"
        );
        assert_eq!(
            err("2\n", None),
            "line 2: input ended after 0 of the 2 puzzles announced"
        );
    }

    #[test]
    fn empty_input_is_an_error() {
        for format in [None, Some(Format::Line), Some(Format::Hdu), Some(Format::Hiho)] {
            let parsed = parse(" \n\r\n", format);
            assert!(parsed.cases.is_empty());
            let e = parsed.error.unwrap();
            assert_eq!((e.line, e.to_string()), (1, "empty input: no puzzle found".to_string()));
        }
        assert_eq!(parse("end\n", None).error, None);
    }

    #[test]
    fn clashes_are_checked_per_puzzle_and_name_the_line() {
        let text = format!("{HDU_LINE}\n11{}\n", ".".repeat(79));
        let parsed = parse(&text, None);
        assert_eq!(parsed.error, None);
        assert!(parsed.puzzle(0).is_ok());
        let e = parsed.puzzle(1).unwrap_err();
        assert_eq!(e.to_string(), "line 2: r1c2: 1 already in row 1");
        assert_eq!(e.cell(), Some(1));
        // In a grid format the line is the clashing cell's row.
        let clash = HDU_IN.replacen("? ? 8 5", "9 ? 8 5", 1);
        let e = parse(&format!("\n{clash}"), None).puzzle(0).unwrap_err();
        assert_eq!(e.to_string(), "line 5: r4c1: 9 already in column 1");
    }
}
