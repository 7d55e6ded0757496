//! The classic online-judge Sudoku formats: reading puzzles and writing answers byte for byte.
//!
//! * [`Format::Line`] (POJ 3074 and its AcWing copy): one 81-character puzzle per line,
//!   `1`-`9` for givens, `.`, `0` or `-` for blanks; a line `end` stops reading.
//!   Answer: one 81-digit line.
//! * [`Format::Hdu`] (HDU 1426): 9 lines of 9 tokens, `?` for blanks, cases separated by a
//!   blank line. Answer: 9 lines of digits joined by single spaces, a blank line *between*
//!   cases (none after the last).
//! * [`Format::Hiho`] (hihoCoder week 102): a line `t`, then `t` grids of 9 lines of 9 integers,
//!   `0` for blanks. Answer: 9 lines of digits joined by single spaces, nothing between cases.
//!
//! Reading is tolerant where the judges are: blank lines between puzzles and leading and
//! trailing whitespace are skipped, lines may end in `\n`, `\r\n` or a lone `\r`, a UTF-8
//! byte-order mark at the start is dropped, and every grid format accepts `?`, `.` and `0` as
//! blanks. It is strict elsewhere, and every error names its line (and the cell or column when
//! there is one), quoting at most [`MAX_QUOTE`] characters of the input.
//!
//! [`Cases`] reads a stream one puzzle at a time in memory bounded by [`MAX_LINE`], so that an
//! answer can go out as soon as its puzzle has been read; [`parse`] reads a whole text. The
//! one reader of every format at every size, [`reader::Reader`], reads these 9×9 formats
//! through [`Cases`] and the others through [`boards`].
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
//! The module writes nothing and opens nothing: [`Cases`] reads whatever [`BufRead`] it is
//! given, and the command line and the WebAssembly API share it.

use std::fmt;
use std::io::{self, BufRead};
use std::str::FromStr;

pub mod any;
pub mod boards;
pub mod reader;

use crate::sudoku::{cell_name, Board, Clash, LineError, Puzzle, Shape, CELLS};

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

/// A lone number with more digits than this is not a hiho count (`u64::MAX` has 20 digits);
/// a longer run of digits is more likely a line-format puzzle with cells missing.
const MAX_COUNT_DIGITS: usize = 20;

/// The longest line read, in bytes without its line end. No judge line comes near it; a
/// longer one is an error, so that reading never holds more than this of a line.
pub const MAX_LINE: usize = 4096;

/// Error messages quote at most this many characters of the input, then `…`.
pub const MAX_QUOTE: usize = 40;

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
    /// * a single token of at most 20 digits is a puzzle count: [`Format::Hiho`];
    /// * any other single token (an 81-character puzzle, `end`, or a malformed puzzle line)
    ///   is [`Format::Line`];
    /// * two or more tokens are a grid row: [`Format::Hdu`].
    ///
    /// Only the first line is looked at, so a malformed first line still gets the format it
    /// most looks like, and its error is reported in that format's terms. Lines are split and
    /// cleaned as [`Cases`] does; a first line longer than [`MAX_LINE`] counts as `line`.
    pub fn detect(text: &str) -> Option<Format> {
        let mut lines = Lines::new(text.as_bytes());
        match lines.skip_blank() {
            Ok(true) => lines.next().ok().flatten().map(|(_, line)| Format::detect_line(line)),
            Ok(false) => None,
            Err(_) => Some(Format::Line),
        }
    }

    /// The format whose first line `line` (not blank) looks like.
    fn detect_line(line: &str) -> Format {
        let mut tokens = line.split_whitespace();
        let token = tokens.next().unwrap_or("");
        if tokens.next().is_some() {
            Format::Hdu
        } else if token.len() <= MAX_COUNT_DIGITS && token.bytes().all(|b| b.is_ascii_digit()) {
            Format::Hiho
        } else {
            Format::Line
        }
    }

    /// The line (1-based) that holds `cell` of a puzzle whose first line is `first_line`.
    pub fn line_of(self, first_line: usize, cell: usize) -> usize {
        match self {
            Format::Line => first_line,
            Format::Hdu | Format::Hiho => first_line + cell / 9,
        }
    }

    /// Appends `grid` (a 9×9 board) as this format prints case `index` (from 0), with the
    /// separator that goes before it. Empty cells are written as the format's blank (`.`,
    /// `?`, `0`), so a puzzle can be written back in any format.
    pub fn write_grid(self, index: usize, grid: &Board, out: &mut String) {
        debug_assert_eq!(grid.shape(), Shape::NINE, "the judges' formats are 9×9's");
        self.write_separator(index, out);
        match self {
            Format::Line => out.push_str(&grid.to_string()),
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

/// One puzzle as read: its 9×9 grid (givens not yet checked) and the line it starts on.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Case {
    pub grid: Board,
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

impl Case {
    /// The case as a puzzle, or the error naming the line and cell where its givens clash,
    /// e.g. `line 3: r4c7: 5 already in row 4`, for a case read in `format`.
    pub fn puzzle(&self, format: Format) -> Result<Puzzle, InputError> {
        Puzzle::new(self.grid.clone()).map_err(|clash| InputError {
            line: format.line_of(self.line, clash.cell),
            kind: ErrorKind::Clash(clash),
        })
    }
}

impl Parsed {
    /// Case `index` as a puzzle (see [`Case::puzzle`]). Panics if `index` is out of range.
    pub fn puzzle(&self, index: usize) -> Result<Puzzle, InputError> {
        self.cases[index].puzzle(self.format)
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
    /// A grid row that does not hold 9 tokens: `expected 9 cells separated by spaces, found 8`.
    RowLength(usize),
    /// A line longer than [`MAX_LINE`] bytes.
    LongLine,
    /// A grid token that is not `1`-`9` or a blank, at `cell` (0..81) of its puzzle and
    /// `column` (1-based, in characters) of its line.
    Token { cell: usize, column: usize, token: String },
    /// The first line of a hiho input is not a count; `found` starts at `column`.
    Count { column: usize, found: String },
    /// The first line of a hiho input is a number too big to count puzzles with (a `u64`).
    CountTooBig { column: usize, found: String },
    /// The input ended after `rows` rows of `puzzle` (numbered from 1).
    Truncated { puzzle: usize, rows: usize },
    /// A blank line after `rows` rows of `puzzle` (numbered from 1).
    BlankInGrid { puzzle: usize, rows: usize },
    /// A hiho input ended after `found` of the `announced` grids its count (on line
    /// `count_line`) declares.
    Missing {
        found: u64,
        announced: u64,
        count_line: usize,
    },
    /// A hiho input goes on after the `announced` grids its count (on line `count_line`)
    /// declares.
    Extra { announced: u64, count_line: usize },
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

/// `text` in double quotes, cut after [`MAX_QUOTE`] characters with `…`, so that an error
/// never echoes a huge token.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(MAX_QUOTE) {
        None => format!("{text:?}"),
        Some((cut, _)) => format!("{:?}", format!("{}…", &text[..cut])),
    }
}

fn plural(n: u64, word: &str) -> String {
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
            // Says how the line was read: a line-format puzzle with a word after it reads
            // as a grid row, and "found 2" alone left its writer guessing.
            ErrorKind::RowLength(n) => write!(f, "line {line}: expected 9 cells separated by spaces, found {n}"),
            ErrorKind::LongLine => write!(f, "line {line}: longer than {MAX_LINE} bytes"),
            ErrorKind::Token { cell, column, token } => {
                let mut chars = token.chars();
                let shown = match (chars.next(), chars.next()) {
                    (Some(c), None) => format!("{c:?}"),
                    _ => quote(token),
                };
                let name = cell_name(*cell);
                write!(
                    f,
                    "line {line}, column {column} ({name}): {shown} is not a digit or a blank"
                )
            }
            ErrorKind::Count { column, found } => write!(
                f,
                "line {line}, column {column}: expected the number of puzzles, found {}",
                quote(found)
            ),
            ErrorKind::CountTooBig { column, found } => write!(
                f,
                "line {line}, column {column}: the number of puzzles {} is too big (at most {})",
                quote(found),
                u64::MAX
            ),
            ErrorKind::Truncated { puzzle, rows } => write!(
                f,
                "line {line}: input ended inside puzzle {puzzle} (expected 9 rows, found {rows})"
            ),
            ErrorKind::BlankInGrid { puzzle, rows } => write!(
                f,
                "line {line}: blank line inside puzzle {puzzle} (expected 9 rows, found {rows})"
            ),
            ErrorKind::Missing {
                found,
                announced,
                count_line,
            } => write!(
                f,
                "line {line}: input ended, but the count on line {count_line} declares {}, found {found}",
                plural(*announced, "grid")
            ),
            ErrorKind::Extra { announced, count_line } => write!(
                f,
                "line {line}: more input, but the count on line {count_line} declares {}",
                plural(*announced, "grid")
            ),
            ErrorKind::Clash(clash) => write!(f, "line {line}: {clash}"),
        }
    }
}

impl std::error::Error for InputError {}

/// Why a [`Cases`] stopped early.
#[derive(Debug)]
pub enum ReadError {
    /// The input is malformed.
    Input(InputError),
    /// Reading the input failed.
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Input(e) => e.fmt(f),
            ReadError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<InputError> for ReadError {
    fn from(e: InputError) -> ReadError {
        ReadError::Input(e)
    }
}

/// Reads every puzzle of `text` in `format` (detected with [`Format::detect`] when `None`;
/// an input with no non-blank line is [`ErrorKind::Empty`], reported as [`Format::Line`]).
/// Reading stops at the first malformed line; the puzzles before it are kept.
/// Clashing givens are not checked here: see [`Parsed::puzzle`].
pub fn parse(text: &str, format: Option<Format>) -> Parsed {
    let mut reader = Cases::new(text.as_bytes(), format);
    let mut cases = Vec::new();
    let error = loop {
        match reader.next() {
            None => break None,
            Some(Ok(case)) => cases.push(case),
            Some(Err(ReadError::Input(e))) => break Some(e),
            Some(Err(ReadError::Io(e))) => unreachable!("reading a byte slice cannot fail: {e}"),
        }
    };
    Parsed {
        format: reader.format(),
        cases,
        error,
    }
}

/// The puzzles of a stream, read one at a time: an iterator of [`Case`]s that ends at the
/// end of the input (or a line-format `end`), or with one error at the first malformed line.
/// It holds one line and one grid at a time, however long the input.
///
/// ```
/// use dlx_sudoku::formats::{Cases, Format};
/// let input = "\u{feff}2\r4 0 0 0 7 0 1 0 0\r0 0 1 9 0 4 6 0 5\r0 0 0 0 0 1 0 0 0\r\
///              0 0 0 7 0 0 0 0 2\r0 0 2 0 3 0 0 0 0\r8 4 7 0 0 6 0 0 0\r\
///              0 1 4 0 0 0 8 0 6\r0 2 0 0 0 0 3 0 0\r6 0 0 0 9 0 0 0 0\r";
/// let mut cases = Cases::new(input.as_bytes(), None);
/// let first = cases.next().unwrap().unwrap();
/// assert_eq!((cases.format(), first.line), (Format::Hiho, 2));
/// let error = cases.next().unwrap().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "line 11: input ended, but the count on line 1 declares 2 grids, found 1"
/// );
/// assert!(cases.next().is_none());
/// ```
pub struct Cases<R> {
    lines: Lines<R>,
    /// The format given, or the one detected from the first non-blank line.
    format: Option<Format>,
    /// Cases read so far.
    read: u64,
    /// A hiho input's count and the line it is on, once read.
    announced: Option<(u64, usize)>,
    /// Set at the end of the input, after an `end` line or after an error.
    finished: bool,
}

impl<R: BufRead> Cases<R> {
    /// Reads `input` in `format`, or in the format of its first non-blank line (see
    /// [`Format::detect`]) when `None`.
    pub fn new(input: R, format: Option<Format>) -> Cases<R> {
        Cases {
            lines: Lines::new(input),
            format,
            read: 0,
            announced: None,
            finished: false,
        }
    }

    /// The format given or detected; [`Format::Line`] until it is known (it is known once
    /// the first case or error has been read).
    pub fn format(&self) -> Format {
        self.format.unwrap_or(Format::Line)
    }

    /// The next case, `Ok(None)` at the end.
    fn read(&mut self) -> Result<Option<Case>, ReadError> {
        if !self.lines.skip_blank()? {
            return match (self.format, self.announced) {
                (Some(Format::Hiho), Some((announced, count_line))) if self.read < announced => {
                    let kind = ErrorKind::Missing {
                        found: self.read,
                        announced,
                        count_line,
                    };
                    Err(error(self.lines.end_line(), kind).into())
                }
                (Some(Format::Hiho), Some(_)) => Ok(None),
                _ if self.read == 0 => Err(error(1, ErrorKind::Empty).into()),
                _ => Ok(None),
            };
        }
        let format = match self.format {
            Some(format) => format,
            None => {
                let line = self.lines.peek()?.expect("a non-blank line follows");
                *self.format.insert(Format::detect_line(line))
            }
        };
        let puzzle = (self.read + 1) as usize;
        match format {
            Format::Line => {
                let (line, raw) = self.lines.next()?.expect("a non-blank line follows");
                let text = raw.trim();
                if text == "end" {
                    return Ok(None);
                }
                let grid = Board::parse_line(text).map_err(|e| error(line, line_error(e, text)))?;
                Ok(Some(Case { grid, line }))
            }
            Format::Hdu => read_grid(&mut self.lines, puzzle).map(Some),
            Format::Hiho => {
                let (announced, count_line) = match self.announced {
                    Some(count) => count,
                    None => {
                        let count = read_count(&mut self.lines)?;
                        self.announced = Some(count);
                        return self.read();
                    }
                };
                if self.read >= announced {
                    let (line, _) = self.lines.next()?.expect("a non-blank line follows");
                    return Err(error(line, ErrorKind::Extra { announced, count_line }).into());
                }
                read_grid(&mut self.lines, puzzle).map(Some)
            }
        }
    }
}

impl<R: BufRead> Iterator for Cases<R> {
    type Item = Result<Case, ReadError>;

    fn next(&mut self) -> Option<Result<Case, ReadError>> {
        if self.finished {
            return None;
        }
        let next = self.read();
        match &next {
            Ok(Some(_)) => self.read += 1,
            Ok(None) | Err(_) => self.finished = true,
        }
        next.transpose()
    }
}

/// The numbered lines of a byte stream, split at `\n`, `\r\n` or a lone `\r`, with bytes
/// that are not UTF-8 replaced by U+FFFD (they are then reported as bad cells), and with a
/// byte-order mark at the start dropped; with one line of look-ahead. No line may pass
/// [`MAX_LINE`] bytes, so memory stays bounded whatever the input. [`boards::stream`] reads
/// the formats of every size through it too.
pub struct Lines<R> {
    input: R,
    /// The raw bytes of the line being read.
    bytes: Vec<u8>,
    /// The line looked ahead at, if `buffered`.
    text: String,
    buffered: bool,
    /// How many lines have been taken.
    taken: usize,
    /// The last line ended in `\r`: a `\n` right after it belongs to the same line end.
    after_cr: bool,
    at_end: bool,
}

impl<R: BufRead> Lines<R> {
    fn new(input: R) -> Lines<R> {
        Lines {
            input,
            bytes: Vec::new(),
            text: String::new(),
            buffered: false,
            taken: 0,
            after_cr: false,
            at_end: false,
        }
    }

    /// The next line, untrimmed, without taking it; `None` at the end of the input.
    fn peek(&mut self) -> Result<Option<&str>, ReadError> {
        Ok(if self.fill()? { Some(&self.text) } else { None })
    }

    /// Takes the next line, untrimmed, with its 1-based number.
    fn next(&mut self) -> Result<Option<(usize, &str)>, ReadError> {
        if !self.fill()? {
            return Ok(None);
        }
        self.buffered = false;
        self.taken += 1;
        Ok(Some((self.taken, &self.text)))
    }

    /// Skips blank lines; true when a non-blank line follows.
    fn skip_blank(&mut self) -> Result<bool, ReadError> {
        while let Some(line) = self.peek()? {
            if !line.trim().is_empty() {
                return Ok(true);
            }
            self.next()?;
        }
        Ok(false)
    }

    /// Where an input that ends too early is reported: the line after the last one.
    fn end_line(&self) -> usize {
        self.taken + 1
    }

    /// Reads the next line into `text` unless one is there already; false at the end.
    fn fill(&mut self) -> Result<bool, ReadError> {
        if self.buffered {
            return Ok(true);
        }
        if self.at_end {
            return Ok(false);
        }
        self.bytes.clear();
        // Whether any byte of a line (or its end) was read: the end of the input after a
        // line end is not one more, empty, line.
        let mut started = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(ReadError::Io(e)),
            };
            if chunk.is_empty() {
                self.at_end = true;
                if !started {
                    return Ok(false);
                }
                break;
            }
            if self.after_cr && chunk[0] == b'\n' {
                self.after_cr = false;
                self.input.consume(1);
                continue;
            }
            self.after_cr = false;
            started = true;
            let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
            let take = end.unwrap_or(chunk.len());
            if self.bytes.len() + take > MAX_LINE {
                self.at_end = true;
                return Err(error(self.taken + 1, ErrorKind::LongLine).into());
            }
            self.bytes.extend_from_slice(&chunk[..take]);
            if let Some(end) = end {
                self.after_cr = chunk[end] == b'\r';
                self.input.consume(end + 1);
                break;
            }
            self.input.consume(take);
        }
        let mut bytes = &self.bytes[..];
        if self.taken == 0 {
            bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
        }
        self.text.clear();
        self.text.push_str(&String::from_utf8_lossy(bytes));
        self.buffered = true;
        Ok(true)
    }
}

fn error(line: usize, kind: ErrorKind) -> InputError {
    InputError { line, kind }
}

/// The column (1-based, in characters) where `part`, a slice of `line`, starts.
fn column(line: &str, part: &str) -> usize {
    let offset = part.as_ptr() as usize - line.as_ptr() as usize;
    line[..offset].chars().count() + 1
}

/// A bad character past the 81st cell is reported as a line of the wrong length.
fn line_error(e: LineError, text: &str) -> ErrorKind {
    match e {
        LineError::BadChar(bad) if bad.cell >= CELLS => ErrorKind::Line(LineError::Length(text.chars().count())),
        e => ErrorKind::Line(e),
    }
}

/// Reads a hiho count; the lines stand on it. Returns it and its line.
fn read_count<R: BufRead>(lines: &mut Lines<R>) -> Result<(u64, usize), ReadError> {
    let (line, raw) = lines.next()?.expect("a non-blank line follows");
    let text = raw.trim();
    let column = column(raw, text);
    let found = text.to_string();
    match text.parse::<u64>() {
        Ok(count) => Ok((count, line)),
        Err(_) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) => {
            Err(error(line, ErrorKind::CountTooBig { column, found }).into())
        }
        Err(_) => Err(error(line, ErrorKind::Count { column, found }).into()),
    }
}

/// Reads the 9 rows of grid number `puzzle` (from 1); the lines stand on its first row.
fn read_grid<R: BufRead>(lines: &mut Lines<R>, puzzle: usize) -> Result<Case, ReadError> {
    let mut cells = [0u8; CELLS];
    let mut first = 0;
    for row in 0..9 {
        let Some((line, raw)) = lines.next()? else {
            let kind = ErrorKind::Truncated { puzzle, rows: row };
            return Err(error(lines.end_line(), kind).into());
        };
        if raw.trim().is_empty() {
            return Err(error(line, ErrorKind::BlankInGrid { puzzle, rows: row }).into());
        }
        if row == 0 {
            first = line;
        }
        read_row(raw, row, &mut cells).map_err(|kind| error(line, kind))?;
    }
    let mut grid = Board::empty(Shape::NINE);
    for (cell, &digit) in cells.iter().enumerate() {
        grid.set(cell, digit);
    }
    Ok(Case { grid, line: first })
}

/// Reads row `row` (0..9) of a grid from the line `raw` into `cells`.
fn read_row(raw: &str, row: usize, cells: &mut [u8; CELLS]) -> Result<(), ErrorKind> {
    let count = raw.split_whitespace().count();
    if count != 9 {
        return Err(ErrorKind::RowLength(count));
    }
    for (col, token) in raw.split_whitespace().enumerate() {
        let cell = row * 9 + col;
        cells[cell] = match token.as_bytes() {
            [d @ b'1'..=b'9'] => d - b'0',
            [b'0' | b'.' | b'?'] => 0,
            _ => {
                return Err(ErrorKind::Token {
                    cell,
                    column: column(raw, token),
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

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn detects_each_format_from_its_first_line() {
        assert_eq!(Format::detect(HDU_IN), Some(Format::Hdu));
        assert_eq!(Format::detect(&format!("\n  \r\n{HDU_LINE}\r\n")), Some(Format::Line));
        assert_eq!(Format::detect("end\n"), Some(Format::Line));
        assert_eq!(Format::detect("2\n"), Some(Format::Hiho));
        assert_eq!(Format::detect(&".".repeat(79)), Some(Format::Line));
        assert_eq!(Format::detect("1234567"), Some(Format::Hiho));
        assert_eq!(Format::detect("1000000000\n"), Some(Format::Hiho));
        assert_eq!(Format::detect(&"9".repeat(20)), Some(Format::Hiho));
        assert_eq!(Format::detect(&"9".repeat(21)), Some(Format::Line));
        assert_eq!(Format::detect(&"0".repeat(79)), Some(Format::Line));
        assert_eq!(Format::detect("\u{feff}2\n"), Some(Format::Hiho));
        assert_eq!(Format::detect("\r\r2\r"), Some(Format::Hiho));
        assert_eq!(
            Format::detect(&format!("{} 1", ".".repeat(MAX_LINE))),
            Some(Format::Line)
        );
        assert_eq!(Format::detect(" \n\t\n"), None);
        assert_eq!(Format::detect(""), None);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn names_round_trip() {
        for f in Format::ALL {
            assert_eq!(f.name().parse::<Format>(), Ok(f));
            // Display writes the name (the CLI's messages say "--format hdu").
            assert_eq!(f.to_string(), f.name());
        }
        assert_eq!(Format::ALL.map(|f| f.to_string()), ["line", "hdu", "hiho"]);
        assert_eq!(
            "auto".parse::<Format>().unwrap_err().to_string(),
            "unknown format \"auto\" (expected line, hdu or hiho)"
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn reads_lines_until_end() {
        let text = format!("\n{HDU_LINE}\r\n   \n{}  \nend\nthis is ignored\n", "0".repeat(81));
        let parsed = parse(&text, None);
        assert_eq!(parsed.format, Format::Line);
        assert_eq!(parsed.error, None);
        assert_eq!(parsed.cases.len(), 2);
        assert_eq!(parsed.cases[0].grid.to_string(), HDU_LINE);
        assert_eq!((parsed.cases[0].line, parsed.cases[1].line), (2, 4));
        assert_eq!(parsed.cases[1].grid, Board::empty(Shape::NINE));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn reads_hdu_cases_between_blank_lines() {
        let text = format!("\n{HDU_IN}\n\n \n{}", HDU_IN.replace('\n', " \r\n"));
        let parsed = parse(&text, None);
        assert_eq!(parsed.format, Format::Hdu);
        assert_eq!(parsed.error, None);
        let lines: Vec<_> = parsed.cases.iter().map(|c| (c.grid.to_string(), c.line)).collect();
        assert_eq!(lines, [(HDU_LINE.to_string(), 2), (HDU_LINE.to_string(), 14)]);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn reads_hiho_count_then_grids() {
        let grid = HDU_IN.replace('?', "0");
        let parsed = parse(&format!("2\n{grid}{grid}\n"), None);
        assert_eq!(parsed.format, Format::Hiho);
        assert_eq!(parsed.error, None);
        assert_eq!(parsed.cases.len(), 2);
        assert_eq!(parsed.cases[1].grid.to_string(), HDU_LINE);
        assert_eq!(parsed.cases[1].line, 11);
        assert!(parse("0\n", None).cases.is_empty());
        assert_eq!(parse("0\n", None).error, None);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn writes_what_it_reads() {
        let grid = parse(HDU_IN, None).cases[0].grid.clone();
        for format in Format::ALL {
            let mut out = String::new();
            if format == Format::Hiho {
                out.push_str("2\n");
            }
            format.write_grid(0, &grid, &mut out);
            format.write_grid(1, &grid, &mut out);
            let parsed = parse(&out, None);
            assert_eq!(parsed.format, format, "{out}");
            assert_eq!(
                parsed.cases.iter().map(|c| c.grid.clone()).collect::<Vec<_>>(),
                [grid.clone(), grid.clone()]
            );
        }
        let mut out = String::new();
        Format::Hdu.write_grid(0, &grid, &mut out);
        assert_eq!(out, HDU_IN);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn separates_hdu_answers_only() {
        let mut solved = Board::empty(Shape::NINE);
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
        let line = solved.to_string();
        assert_eq!(row(Format::Line), format!("{line}\nno solution\n{line}\n"));
        let grid = "1 2 3 4 5 6 7 8 9\n4 5 6 7 8 9 1 2 3\n7 8 9 1 2 3 4 5 6\n\
                    2 3 4 5 6 7 8 9 1\n5 6 7 8 9 1 2 3 4\n8 9 1 2 3 4 5 6 7\n\
                    3 4 5 6 7 8 9 1 2\n6 7 8 9 1 2 3 4 5\n9 1 2 3 4 5 6 7 8\n";
        assert_eq!(row(Format::Hdu), format!("{grid}\nno solution\n\n{grid}"));
        assert_eq!(row(Format::Hiho), format!("{grid}no solution\n{grid}"));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
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

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn grid_errors_name_line_and_cell() {
        let bad = HDU_IN.replacen("5 ? 6", "5 x 6", 1);
        let e = parse(&bad, None).error.unwrap();
        assert_eq!(e.to_string(), "line 5, column 3 (r5c2): 'x' is not a digit or a blank");
        assert_eq!(e.cell(), Some(37));
        assert_eq!(
            err(&HDU_IN.replacen("9 2 4", "9 10 4", 1), None),
            "line 4, column 3 (r4c2): \"10\" is not a digit or a blank"
        );
        assert_eq!(
            err(&HDU_IN.replacen("7 1 2 ?", "7 1 2", 1), None),
            "line 1: expected 9 cells separated by spaces, found 8"
        );
        assert_eq!(
            err(&format!("1\n{}", HDU_IN.replacen("1 ? 4", "1 ? 4 5", 1)), None),
            "line 3: expected 9 cells separated by spaces, found 10"
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
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

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn hiho_count_must_match() {
        let grid = HDU_IN.replace('?', "0");
        assert_eq!(
            err("abc\n", Some(Format::Hiho)),
            "line 1, column 1: expected the number of puzzles, found \"abc\""
        );
        assert_eq!(
            err("-1\n", Some(Format::Hiho)),
            "line 1, column 1: expected the number of puzzles, found \"-1\""
        );
        let parsed = parse(&format!("3\n{grid}\n{grid}"), None);
        assert_eq!(parsed.cases.len(), 2);
        assert_eq!(
            parsed.error.unwrap().to_string(),
            "line 21: input ended, but the count on line 1 declares 3 grids, found 2"
        );
        assert_eq!(
            err(&format!("1\n{grid}{grid}"), None),
            "line 11: more input, but the count on line 1 declares 1 grid"
        );
        assert_eq!(
            err("2\n", None),
            "line 2: input ended, but the count on line 1 declares 2 grids, found 0"
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn empty_input_is_an_error() {
        for format in [None, Some(Format::Line), Some(Format::Hdu), Some(Format::Hiho)] {
            let parsed = parse(" \n\r\n", format);
            assert!(parsed.cases.is_empty());
            let e = parsed.error.unwrap();
            assert_eq!((e.line, e.to_string()), (1, "empty input: no puzzle found".to_string()));
        }
        assert_eq!(parse("end\n", None).error, None);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
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

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_byte_order_mark_at_the_start_is_dropped() {
        let grid = HDU_IN.replace('?', "0");
        for (text, format) in [
            (format!("\u{feff}{HDU_LINE}\n"), Format::Line),
            (format!("\u{feff}{HDU_IN}"), Format::Hdu),
            (format!("\u{feff}1\n{grid}"), Format::Hiho),
        ] {
            let parsed = parse(&text, None);
            assert_eq!((parsed.format, &parsed.error), (format, &None), "{text}");
            assert_eq!(parsed.cases[0].grid.to_string(), HDU_LINE);
        }
        // Only at the start: elsewhere it is a bad cell.
        let e = parse(&format!("{HDU_LINE}\n\u{feff}{HDU_LINE}\n"), None).error.unwrap();
        assert_eq!(
            e.to_string(),
            "line 2, cell 1 (r1c1): '\\u{feff}' is not a digit or a blank"
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn lines_may_end_in_a_lone_carriage_return() {
        let grid = HDU_IN.replace('?', "0");
        for end in ["\r", "\r\n", "\n"] {
            let text = format!("2\n{grid}\n{grid}").replace('\n', end);
            let parsed = parse(&text, None);
            assert_eq!((parsed.format, parsed.error), (Format::Hiho, None), "{end:?}");
            assert_eq!(parsed.cases.len(), 2, "{end:?}");
            assert_eq!(parsed.cases[1].line, 12, "{end:?}: the blank line counts");
        }
        // Mixed line ends, and `\r\r` is a blank line between two lines.
        let text = format!("{HDU_LINE}\r\r{HDU_LINE}\r\n{HDU_LINE}\n\r{HDU_LINE}");
        let lines: Vec<usize> = parse(&text, None).cases.iter().map(|c| c.line).collect();
        assert_eq!(lines, [1, 3, 4, 6]);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_line_longer_than_the_limit_is_an_error_naming_it() {
        let long = ".".repeat(MAX_LINE + 1);
        let parsed = parse(&format!("{HDU_LINE}\n\n{long}\n{HDU_LINE}\n"), None);
        assert_eq!(parsed.cases.len(), 1);
        assert_eq!(
            parsed.error.unwrap().to_string(),
            format!("line 3: longer than {MAX_LINE} bytes")
        );
        let fits = format!("{HDU_LINE}{}", " ".repeat(MAX_LINE - 81));
        assert_eq!(parse(&fits, None).error, None);
        let e = parse(&format!("{HDU_IN}\n{}", "? ".repeat(MAX_LINE)), Some(Format::Hdu)).error;
        assert_eq!(e.unwrap().to_string(), format!("line 11: longer than {MAX_LINE} bytes"));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn errors_quote_at_most_40_characters() {
        assert_eq!(quote("abc"), "\"abc\"");
        assert_eq!(quote(&"x".repeat(40)), format!("\"{}\"", "x".repeat(40)));
        assert_eq!(quote(&"é".repeat(41)), format!("\"{}…\"", "é".repeat(40)));
        let token = "7".repeat(3000);
        let e = err(&HDU_IN.replacen("9 2 4", &format!("9  {token} 4"), 1), None);
        assert_eq!(
            e,
            format!(
                "line 4, column 4 (r4c2): \"{}…\" is not a digit or a blank",
                "7".repeat(40)
            )
        );
        let e = err(&format!("  {}\n", "z".repeat(3000)), Some(Format::Hiho));
        assert_eq!(
            e,
            format!(
                "line 1, column 3: expected the number of puzzles, found \"{}…\"",
                "z".repeat(40)
            )
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn hiho_counts_say_what_they_declare() {
        let grid = HDU_IN.replace('?', "0");
        let text = format!("1000000000\n{grid}{grid}{grid}");
        let parsed = parse(&text, None);
        assert_eq!((parsed.format, parsed.cases.len()), (Format::Hiho, 3));
        assert_eq!(
            parsed.error.unwrap().to_string(),
            "line 29: input ended, but the count on line 1 declares 1000000000 grids, found 3"
        );
        // Too big for a u64: said so, not "expected the number of puzzles".
        assert_eq!(
            err("18446744073709551616\n", None),
            "line 1, column 1: the number of puzzles \"18446744073709551616\" is too big \
             (at most 18446744073709551615)"
        );
        let huge = "9".repeat(100);
        assert_eq!(
            err(&huge, Some(Format::Hiho)),
            format!(
                "line 1, column 1: the number of puzzles \"{}…\" is too big (at most {})",
                "9".repeat(40),
                u64::MAX
            )
        );
    }

    /// A stream that gives `text`, then fails: what was read before the failure is answered.
    struct ThenFail<'a>(&'a [u8]);

    impl io::Read for ThenFail<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.0.is_empty() {
                return Err(io::Error::other("the stream broke"));
            }
            let n = buf.len().min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// A stream whose first read is interrupted (a signal): reading is tried again, which
    /// is no failure.
    struct InterruptedOnce<R>(bool, R);

    impl<R: io::Read> io::Read for InterruptedOnce<R> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if !self.0 {
                self.0 = true;
                return Err(io::ErrorKind::Interrupted.into());
            }
            self.1.read(buf)
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn cases_come_one_at_a_time_from_a_stream() {
        for (text, format) in [
            (format!("{HDU_LINE}\n"), Format::Line),
            (HDU_IN.to_string(), Format::Hdu),
            (format!("5\n{}", HDU_IN.replace('?', "0")), Format::Hiho),
        ] {
            let stream = InterruptedOnce(false, ThenFail(text.as_bytes()));
            let mut cases = Cases::new(io::BufReader::new(stream), None);
            let first = cases.next().unwrap().unwrap();
            assert_eq!((cases.format(), first.grid.to_string()), (format, HDU_LINE.to_string()));
            let Some(Err(ReadError::Io(e))) = cases.next() else {
                panic!("{format}: the failure comes after the first case")
            };
            assert_eq!(e.to_string(), "the stream broke");
            assert!(cases.next().is_none());
        }
    }

    /// A `Cases` error reads as what went wrong: the input's line, or the stream's failure.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn read_errors_say_what_the_input_or_the_stream_said() {
        let mut cases = Cases::new(io::BufReader::new(ThenFail(b"")), None);
        let Some(Err(broke)) = cases.next() else {
            panic!("the stream fails at once")
        };
        assert_eq!(broke.to_string(), "the stream broke");
        let mut cases = Cases::new(io::BufReader::new(&b"12x\n"[..]), Some(Format::Line));
        let Some(Err(bad @ ReadError::Input(_))) = cases.next() else {
            panic!("a bad line")
        };
        let ReadError::Input(e) = &bad else { unreachable!() };
        assert_eq!(bad.to_string(), "line 1, cell 3 (r1c3): 'x' is not a digit or a blank");
        assert_eq!(bad.to_string(), e.to_string());
    }
}
