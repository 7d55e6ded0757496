//! Puzzles of every size as text: 4×4, 16×16 and 25×25 (9×9 too, though the 9×9 judge
//! formats above stream and know HDU and hiho).
//!
//! * [`BoardFormat::Line`]: one puzzle per line of `n⁴` characters (16, 81, 256 or 625).
//!   Symbols `1`–`9` up to 9×9; for 16×16 `1`–`9` then `A`–`G`, or `A`–`P` as in POJ 3076
//!   (a line with any digit 1–9 is read as the first); for 25×25 `A`–`Y`. Blanks are `.`,
//!   `0` and `-`; lower case is read as upper case. Answers are written in the puzzle's own
//!   alphabet.
//! * [`BoardFormat::Grid`] (POJ 3076, SPOJ SUDOKU): `side` lines of `side` symbols, blank lines
//!   between cases, with SPOJ's optional first line giving the number of cases. Answers:
//!   `side` lines, a blank line between cases.
//!
//! Every error names its line, and the cell when there is one.

use std::fmt;
use std::io::BufRead;

use super::{Lines, ReadError};
use crate::sudoku::{Alphabet, Board, Clash, Puzzle, Shape, SymbolError};

/// A format of every size.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum BoardFormat {
    /// One puzzle of `n⁴` symbols per line.
    Line,
    /// `side` lines of `side` symbols per puzzle (POJ 3076, SPOJ SUDOKU).
    Grid,
}

impl BoardFormat {
    /// `line` or `poj`, as the command line names them.
    pub fn name(self) -> &'static str {
        match self {
            BoardFormat::Line => "line",
            BoardFormat::Grid => "poj",
        }
    }

    /// Appends `board` as case `index` (from 0), in `alphabet`, with the separator that goes
    /// before it.
    pub fn write_board(self, index: usize, board: &Board, alphabet: Alphabet, out: &mut String) {
        self.write_separator(index, out);
        let line = board.to_line(alphabet);
        match self {
            BoardFormat::Line => {
                out.push_str(&line);
                out.push('\n');
            }
            BoardFormat::Grid => {
                let chars: Vec<char> = line.chars().map(|c| if c == '.' { '-' } else { c }).collect();
                for row in chars.chunks(board.shape().side()) {
                    out.extend(row);
                    out.push('\n');
                }
            }
        }
    }

    /// Appends a one-line `message` in place of case `index`'s grid.
    pub fn write_message(self, index: usize, message: &str, out: &mut String) {
        self.write_separator(index, out);
        out.push_str(message);
        out.push('\n');
    }

    fn write_separator(self, index: usize, out: &mut String) {
        if self == BoardFormat::Grid && index > 0 {
            out.push('\n');
        }
    }
}

impl fmt::Display for BoardFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether a line (trimmed) is a lone number, as SPOJ's and hihoCoder's counts are: at most
/// 20 digits (a `u64`), and not 16, which are a 4×4 line with `0` blanks (no file holds
/// 10^15 puzzles).
pub fn is_count(line: &str) -> bool {
    line.bytes().all(|b| b.is_ascii_digit()) && line.len() <= 20 && line.len() != Shape::FOUR.cells()
}

/// The lines of `text` that are not blank, trimmed (of a byte-order mark too), as
/// [`detect`] reads them.
pub fn content_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(|l| l.trim_start_matches('\u{feff}').trim())
        .filter(|l| !l.is_empty())
}

/// The format and size of a text, from its first non-blank line (and the next, after a
/// count): a line of 16, 81, 256 or 625 symbols is a line-format puzzle, except that a
/// 16-symbol line with a letter in it is the first row of a 16×16 grid (POJ); a line of 4
/// or 25 symbols is a grid row; a lone number is SPOJ's count, and the line after it decides;
/// any other line is read at the size whose length is nearest. `shape` forces the size.
/// `None` for what the 9×9 formats read (and for a line nearest 81 symbols long).
pub fn detect(text: &str, shape: Option<Shape>) -> Option<(BoardFormat, Shape)> {
    let mut lines = content_lines(text);
    let mut first = lines.next()?;
    if is_count(first) {
        first = lines.next()?;
        if first.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let shape = shape.or(Shape::of_side(first.chars().count()))?;
        return Some((BoardFormat::Grid, shape));
    }
    if first.split_whitespace().nth(1).is_some() {
        return None;
    }
    let len = first.chars().count();
    let lettered = first.chars().any(|c| c.is_ascii_alphabetic());
    match shape {
        Some(shape) if len == shape.side() && shape.side() > 9 || len == 16 && shape == Shape::SIXTEEN => {
            Some((BoardFormat::Grid, shape))
        }
        Some(shape) => Some((BoardFormat::Line, shape)),
        None if len == 16 && lettered => Some((BoardFormat::Grid, Shape::SIXTEEN)),
        None if len == 4 || len == 25 => Some((BoardFormat::Grid, Shape::of_side(len)?)),
        None => {
            // A line of no size's length is read at the nearest size, whose error will say
            // how long it should be; near 81, the 9×9 formats say it.
            let nearest = Shape::ALL.into_iter().min_by_key(|s| s.cells().abs_diff(len))?;
            (nearest != Shape::NINE).then_some((BoardFormat::Line, nearest))
        }
    }
}

/// One puzzle as read: its board (givens not yet checked), the alphabet it was written in and
/// its first line (1-based).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardCase {
    pub board: Board,
    pub alphabet: Alphabet,
    pub line: usize,
}

impl BoardCase {
    /// The case as a puzzle, or the error naming the line and cell where its givens clash.
    pub fn puzzle(&self, format: BoardFormat) -> Result<Puzzle, BoardError> {
        Puzzle::new(self.board.clone()).map_err(|clash| {
            let side = self.board.shape().side();
            let line = match format {
                BoardFormat::Line => self.line,
                BoardFormat::Grid => self.line + clash.cell / side,
            };
            BoardError {
                line,
                kind: BoardErrorKind::Clash(clash, self.board.shape(), self.alphabet),
            }
        })
    }
}

/// What [`parse_boards`] read: every puzzle before the first error, and that error.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParsedBoards {
    pub format: BoardFormat,
    pub shape: Shape,
    pub cases: Vec<BoardCase>,
    pub error: Option<BoardError>,
}

/// Why a text is not a list of puzzles, and the line (1-based) where that shows.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct BoardError {
    pub line: usize,
    pub kind: BoardErrorKind,
}

/// What is wrong; shown after the line number.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BoardErrorKind {
    /// No puzzle at all.
    Empty,
    /// A line longer than [`super::MAX_LINE`] bytes.
    LongLine,
    /// A line-format puzzle or a grid row of the wrong length.
    Length { expected: usize, found: usize },
    /// A symbol out of range for the size, or not a symbol at all. Its cell is in the puzzle.
    Symbol(SymbolError),
    /// The input ended, or a blank line came, after `rows` rows of `puzzle` (from 1).
    ShortGrid {
        puzzle: usize,
        rows: usize,
        expected: usize,
    },
    /// More cases than the count on line `count_line` declares, or fewer.
    CountMismatch {
        announced: u64,
        found: u64,
        count_line: usize,
    },
    /// Two givens clash (reported by [`BoardCase::puzzle`]).
    Clash(Clash, Shape, Alphabet),
}

impl BoardError {
    /// The cell (reading order) of the puzzle at fault, when the error names one.
    pub fn cell(&self) -> Option<usize> {
        match &self.kind {
            BoardErrorKind::Symbol(e) => Some(e.cell),
            BoardErrorKind::Clash(c, ..) => Some(c.cell),
            _ => None,
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = self.line;
        match &self.kind {
            BoardErrorKind::Empty => write!(f, "empty input: no puzzle found"),
            BoardErrorKind::LongLine => write!(f, "line {line}: longer than {} bytes", super::MAX_LINE),
            BoardErrorKind::Length { expected, found } => {
                write!(f, "line {line}: expected {expected} cells, found {found}")
            }
            BoardErrorKind::Symbol(e) => write!(f, "line {line}, {e}"),
            BoardErrorKind::ShortGrid { puzzle, rows, expected } => {
                let noun = if *rows == 1 { "row" } else { "rows" };
                write!(
                    f,
                    "line {line}: puzzle {puzzle} stops after {rows} {noun} (expected {expected})"
                )
            }
            BoardErrorKind::CountMismatch {
                announced,
                found,
                count_line,
            } => write!(
                f,
                "line {line}: the count on line {count_line} declares {announced} puzzles, found {found}"
            ),
            BoardErrorKind::Clash(clash, shape, alphabet) => {
                write!(f, "line {line}: {}", clash.describe(*shape, *alphabet))
            }
        }
    }
}

impl std::error::Error for BoardError {}

/// The format and size to read `head` (the input, or its first lines) in: `format` and
/// `shape` when given, else as [`detect`] finds them (a text it cannot place is read as 16×16
/// lines, so its error says what a line should hold).
pub fn settle(head: &str, format: Option<BoardFormat>, shape: Option<Shape>) -> (BoardFormat, Shape) {
    let detected = detect(head, shape);
    let shape = shape.or(detected.map(|d| d.1)).unwrap_or(Shape::SIXTEEN);
    let format = format.or(detected.map(|d| d.0)).unwrap_or(BoardFormat::Line);
    (format, shape)
}

/// Reads every puzzle of `text` (in the format and size [`settle`] gives), through the
/// same [`BoardReader`] as a stream. Reading stops at the first malformed line; the puzzles
/// before it are kept.
pub fn parse_boards(text: &str, format: Option<BoardFormat>, shape: Option<Shape>) -> ParsedBoards {
    let (format, shape) = settle(text, format, shape);
    let mut reader = stream(text.as_bytes(), format, shape);
    let mut parsed = ParsedBoards {
        format,
        shape,
        cases: Vec::new(),
        error: None,
    };
    loop {
        match reader.next_case() {
            Ok(Some(case)) => parsed.cases.push(case),
            Ok(None) => break,
            Err(e) => {
                parsed.error = Some(match e {
                    StreamError::Board(e) => e,
                    StreamError::Read(ReadError::Input(e)) => error(e.line, BoardErrorKind::LongLine),
                    StreamError::Read(ReadError::Io(e)) => unreachable!("reading a byte slice cannot fail: {e}"),
                });
                break;
            }
        }
    }
    parsed
}

/// Reads the puzzles of a stream one at a time, in `format` and `shape` (see [`settle`]),
/// holding one line (at most [`super::MAX_LINE`] bytes) or one grid at a time: each can be
/// answered as soon as it has been read, whatever the size, and memory stays flat.
pub fn stream<R: BufRead>(input: R, format: BoardFormat, shape: Shape) -> BoardReader<R> {
    BoardReader::new(Lines::new(input), format, shape)
}

/// Why a stream of puzzles stopped: a malformed puzzle, or the reading itself (a line
/// longer than [`super::MAX_LINE`] bytes, an I/O error).
#[derive(Debug)]
pub enum StreamError {
    Board(BoardError),
    Read(ReadError),
}

impl From<BoardError> for StreamError {
    fn from(e: BoardError) -> StreamError {
        StreamError::Board(e)
    }
}

impl From<ReadError> for StreamError {
    fn from(e: ReadError) -> StreamError {
        StreamError::Read(e)
    }
}

/// The puzzles of a stream, one at a time: the one reader of the formats of every size, for
/// a whole text ([`parse_boards`]) and for a stream ([`stream`]). Its lines are split and
/// bounded as the 9×9 formats' are ([`Lines`]).
pub struct BoardReader<R> {
    source: Lines<R>,
    format: BoardFormat,
    shape: Shape,
    /// Puzzles read so far.
    read: usize,
    /// A grid input's count and the line it is on, once looked for.
    announced: Option<(u64, usize)>,
    counted: bool,
    /// The last line of the last grid row read.
    last_line: usize,
    /// Set at the end, and after an error.
    done: bool,
}

impl<R: BufRead> BoardReader<R> {
    fn new(source: Lines<R>, format: BoardFormat, shape: Shape) -> BoardReader<R> {
        BoardReader {
            source,
            format,
            shape,
            read: 0,
            announced: None,
            counted: false,
            last_line: 0,
            done: false,
        }
    }

    pub fn format(&self) -> BoardFormat {
        self.format
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The next puzzle; `Ok(None)` at the end. An error ends the reading; so does an input
    /// with no puzzle ([`BoardErrorKind::Empty`]).
    pub fn next_case(&mut self) -> Result<Option<BoardCase>, StreamError> {
        if self.done {
            return Ok(None);
        }
        let result = match self.format {
            BoardFormat::Line => self.next_line(),
            BoardFormat::Grid => self.next_grid(),
        };
        match result {
            Ok(Some(case)) => {
                self.read += 1;
                return Ok(Some(case));
            }
            Ok(None) if self.read == 0 => {
                self.done = true;
                return Err(error(1, BoardErrorKind::Empty).into());
            }
            _ => self.done = true,
        }
        result
    }

    fn next_line(&mut self) -> Result<Option<BoardCase>, StreamError> {
        let shape = self.shape;
        while let Some((line, raw)) = self.source.next()? {
            let raw = raw.trim();
            if raw.is_empty() {
                continue;
            }
            if raw == "end" {
                break;
            }
            let found = raw.chars().count();
            // The length first: a line of another length was read at the size nearest to
            // it, or at the size asked for, and its symbols are then not worth naming (700
            // ones are not "a 25×25 grid with '1' in r1c1", as that size's letters once made
            // them).
            if found != shape.cells() {
                let expected = shape.cells();
                return Err(error(line, BoardErrorKind::Length { expected, found }).into());
            }
            let board = read_cells(shape, raw, raw, 0, line)?;
            let alphabet = Alphabet::detect(shape, raw);
            return Ok(Some(BoardCase { board, alphabet, line }));
        }
        Ok(None)
    }

    /// Skips blank lines; true when a non-blank line follows.
    fn skip_blank(&mut self) -> Result<bool, StreamError> {
        while let Some(line) = self.source.peek()? {
            if !line.trim().is_empty() {
                return Ok(true);
            }
            self.source.next()?;
        }
        Ok(false)
    }

    fn next_grid(&mut self) -> Result<Option<BoardCase>, StreamError> {
        let (shape, side) = (self.shape, self.shape.side());
        if !self.counted {
            self.counted = true;
            self.skip_blank()?;
            let count = |l: &str| l.len() <= 20 && l.bytes().all(|b| b.is_ascii_digit());
            if self.source.peek()?.is_some_and(|l| count(l.trim())) {
                if let Some((line, l)) = self.source.next()? {
                    self.announced = Some((l.trim().parse::<u64>().unwrap_or(u64::MAX), line));
                }
            }
        }
        let more = self.skip_blank()?;
        let done = self.announced.is_some_and(|(k, _)| self.read as u64 >= k);
        if done || !more {
            return match self.announced {
                Some((k, count_line)) if self.read as u64 != k => {
                    let kind = BoardErrorKind::CountMismatch {
                        announced: k,
                        found: self.read as u64,
                        count_line,
                    };
                    Err(error(self.last_line + 1, kind).into())
                }
                _ => Ok(None),
            };
        }
        let puzzle = self.read + 1;
        let mut rows: Vec<(usize, String)> = Vec::with_capacity(side);
        while rows.len() < side {
            let short = BoardErrorKind::ShortGrid {
                puzzle,
                rows: rows.len(),
                expected: side,
            };
            match self.source.next()? {
                Some((l, raw)) if !raw.trim().is_empty() => {
                    rows.push((l, raw.trim().to_owned()));
                    self.last_line = l;
                }
                Some((l, _)) => return Err(error(l, short).into()),
                None => return Err(error(self.last_line + 1, short).into()),
            }
        }
        let whole: String = rows.iter().map(|(_, r)| r.as_str()).collect();
        let mut board = Board::empty(shape);
        for (row, (line, raw)) in rows.iter().enumerate() {
            let found = raw.chars().count();
            if found != side {
                return Err(error(*line, BoardErrorKind::Length { expected: side, found }).into());
            }
            let cells = read_cells(shape, &whole, raw, row * side, *line)?;
            for cell in row * side..(row + 1) * side {
                board.set(cell, cells.get(cell));
            }
        }
        let alphabet = Alphabet::detect(shape, &whole);
        Ok(Some(BoardCase {
            board,
            alphabet,
            line: rows[0].0,
        }))
    }
}

fn error(line: usize, kind: BoardErrorKind) -> BoardError {
    BoardError { line, kind }
}

/// `text`'s cells as a board of `shape`, the alphabet detected from `whole` (the puzzle's
/// whole text); `first_cell` is the puzzle cell of `text`'s first character.
fn read_cells(shape: Shape, whole: &str, text: &str, first_cell: usize, line: usize) -> Result<Board, BoardError> {
    let alphabet = Alphabet::detect(shape, whole);
    let mut padded = "-".repeat(first_cell);
    padded.push_str(text);
    Board::parse(shape, alphabet, &padded).map_err(|e| error(line, BoardErrorKind::Symbol(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID4: &str = "1..4\n..3.\n....\n....\n";

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn formats_are_named_as_the_command_line_names_them() {
        assert_eq!(BoardFormat::Line.to_string(), "line");
        assert_eq!(BoardFormat::Grid.to_string(), "poj");
    }

    /// With the size given, a line one row long is a grid's first row; a whole puzzle's
    /// length, a line.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_given_size_reads_a_row_as_a_grid_and_a_puzzle_as_a_line() {
        let twenty_five = Some(Shape::TWENTY_FIVE);
        assert_eq!(
            detect(&".".repeat(25), twenty_five),
            Some((BoardFormat::Grid, Shape::TWENTY_FIVE))
        );
        assert_eq!(
            detect(&".".repeat(625), twenty_five),
            Some((BoardFormat::Line, Shape::TWENTY_FIVE))
        );
        assert_eq!(
            detect(&".".repeat(16), twenty_five),
            Some((BoardFormat::Line, Shape::TWENTY_FIVE))
        );
        let sixteen = Some(Shape::SIXTEEN);
        assert_eq!(
            detect(&".".repeat(256), sixteen),
            Some((BoardFormat::Line, Shape::SIXTEEN))
        );
        assert_eq!(
            detect(&".".repeat(16), sixteen),
            Some((BoardFormat::Grid, Shape::SIXTEEN))
        );
        // Up to 9×9 a row's length is never a puzzle's: a short line is a line, too short.
        assert_eq!(
            detect(&".".repeat(9), Some(Shape::NINE)),
            Some((BoardFormat::Line, Shape::NINE))
        );
        assert_eq!(detect(&"A".repeat(16), None), Some((BoardFormat::Grid, Shape::SIXTEEN)));
        assert_eq!(detect("1..4.2..........", None), Some((BoardFormat::Line, Shape::FOUR)));
    }

    /// A 4×4 line with `0` blanks is all digits, as a count is: 16 digits are a puzzle (a
    /// count of 10^15 puzzles is none a file holds), alone or with more lines after it.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn sixteen_digits_are_a_four_by_four_line_not_a_count() {
        let line = "1000040001200004";
        let four = Some((BoardFormat::Line, Shape::FOUR));
        assert_eq!(detect(line, None), four);
        assert_eq!(detect(&format!("{line}\n{line}\n"), None), four);
        assert_eq!(detect(line, Some(Shape::FOUR)), four);
        assert!(!is_count(line));
        assert!(is_count("1000040001200004000") && is_count("2"));
        let p = parse_boards(&format!("{line}\n{line}\n"), None, None);
        assert_eq!((p.cases.len(), p.error), (2, None));
        assert_eq!(p.cases[1].board.to_line(p.cases[1].alphabet), "1....4...12....4");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_count_line_declares_how_many_grids_follow() {
        let p = parse_boards(&format!("2\n{GRID4}\n{GRID4}"), None, None);
        assert_eq!((p.format, p.shape, p.error), (BoardFormat::Grid, Shape::FOUR, None));
        assert_eq!(p.cases.iter().map(|c| c.line).collect::<Vec<_>>(), [2, 7]);
        assert_eq!(p.cases[1].board.to_line(p.cases[1].alphabet), "1..4..3.........");
        let p = parse_boards(&format!("3\n{GRID4}\n{GRID4}"), None, None);
        assert_eq!(p.cases.len(), 2);
        assert_eq!(
            p.error.map(|e| e.to_string()).as_deref(),
            Some("line 11: the count on line 1 declares 3 puzzles, found 2")
        );
        let p = parse_boards(&format!("1\n{GRID4}\n{GRID4}"), None, None);
        assert_eq!(
            (p.cases.len(), p.error),
            (1, None),
            "what comes after the declared grids is not read"
        );
    }

    /// A clash in a grid names the line of the row that holds its cell.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_clash_in_a_grid_names_the_line_of_its_row() {
        let p = parse_boards(&format!("{GRID4}\n....\n....\n3..3\n....\n"), None, None);
        assert_eq!(p.error, None);
        let e = p.cases[1].puzzle(p.format).unwrap_err();
        assert_eq!((e.line, e.cell()), (8, Some(11)), "{e}");
        let p = parse_boards("................\n...............4\n1..1............\n", None, None);
        let e = p.cases[2].puzzle(p.format).unwrap_err();
        assert_eq!(e.line, 3, "a line-format puzzle's clash is on its line: {e}");
    }

    /// A byte-order mark before the first line is dropped; an input with no puzzle, and a
    /// symbol the size does not have, are errors that say so (the latter naming its cell).
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_byte_order_mark_an_empty_input_and_a_bad_symbol() {
        let p = parse_boards("\u{feff}1..4.2..........\n", None, None);
        assert_eq!(
            (p.format, p.shape, p.error, p.cases.len()),
            (BoardFormat::Line, Shape::FOUR, None, 1)
        );
        assert_eq!(p.cases[0].board.to_line(p.cases[0].alphabet), "1..4.2..........");
        for blank in ["", "\n \n\t\n"] {
            let p = parse_boards(blank, Some(BoardFormat::Line), Some(Shape::FOUR));
            let e = p.error.expect("an empty input is an error");
            assert_eq!(
                (e.line, e.cell(), e.to_string()),
                (1, None, "empty input: no puzzle found".to_string())
            );
        }
        let p = parse_boards("1..4\n.2..\n..7.\n....\n", Some(BoardFormat::Grid), Some(Shape::FOUR));
        let e = p.error.expect("7 is not a 4×4 symbol");
        assert_eq!((e.line, e.cell()), (3, Some(10)), "{e}");
    }

    /// A grid cut short by a blank line or by the end of the input names the line where it
    /// stops.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_grid_cut_short_names_the_line_where_it_stops() {
        let grid = Some(BoardFormat::Grid);
        let p = parse_boards("1..4\n..3.\n\n....\n....\n", grid, Some(Shape::FOUR));
        let e = p.error.expect("a blank line inside a grid");
        assert_eq!(e.to_string(), "line 3: puzzle 1 stops after 2 rows (expected 4)");
        let p = parse_boards(&format!("{GRID4}\n1..4\n..3.\n"), grid, Some(Shape::FOUR));
        assert_eq!(p.cases.len(), 1);
        let e = p.error.expect("the input ends inside the second grid");
        assert_eq!(e.to_string(), "line 8: puzzle 2 stops after 2 rows (expected 4)");
        let e = parse_boards("1..4\n", grid, Some(Shape::FOUR))
            .error
            .expect("one row of four");
        assert_eq!(e.to_string(), "line 2: puzzle 1 stops after 1 row (expected 4)");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn poj_answers_have_a_blank_line_between_cases_only() {
        let p = parse_boards(&format!("{GRID4}\n{GRID4}"), None, None);
        let mut out = String::new();
        for (k, case) in p.cases.iter().enumerate() {
            BoardFormat::Grid.write_board(k, &case.board, case.alphabet, &mut out);
        }
        BoardFormat::Grid.write_message(2, "no solution", &mut out);
        assert_eq!(out, "1--4\n--3-\n----\n----\n\n1--4\n--3-\n----\n----\n\nno solution\n");
        let mut out = String::new();
        BoardFormat::Line.write_message(0, "a", &mut out);
        BoardFormat::Line.write_board(1, &p.cases[0].board, p.cases[0].alphabet, &mut out);
        assert_eq!(out, "a\n1..4..3.........\n");
    }
}
