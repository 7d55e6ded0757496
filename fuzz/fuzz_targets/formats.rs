//! Every input format, through the public API: `parse`, the streaming `Cases` (over the
//! whole input and over a reader that hands it out a few bytes at a time), `Format::detect`,
//! `Board::parse_line` and `Puzzle`'s `FromStr`. Nothing may panic, and
//! what is read must make sense: the chunked reader reads what the whole one does, errors
//! name a line that exists and quote little, and every grid read writes back, in each
//! format, to a text that reads as the same grids.
//!
//! The first byte chooses the format asked for (none, line, hdu, hiho) and the reader's
//! chunk size; the rest is the input.
#![no_main]

use std::io::{self, BufRead, Read};

use dlx_sudoku::formats::{parse, Case, Cases, ErrorKind, Format, InputError, ReadError};
use dlx_sudoku::sudoku::{Board, LineError, Puzzle, PuzzleError, Shape, CELLS};
use libfuzzer_sys::fuzz_target;

/// A reader that gives at most `chunk` bytes per `fill_buf`, so that line ends (a `\r\n`
/// above all) and the line-length limit fall across reads.
struct Chunked<'a> {
    data: &'a [u8],
    chunk: usize,
}

impl Read for Chunked<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.data[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Chunked<'_> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        Ok(&self.data[..self.chunk.min(self.data.len())])
    }
    fn consume(&mut self, n: usize) {
        self.data = &self.data[n..];
    }
}

/// Every case a reader gives, and the error it ends with.
fn read_all<R: BufRead>(cases: &mut Cases<R>) -> (Vec<Case>, Option<InputError>) {
    let mut out = Vec::new();
    while let Some(next) = cases.next() {
        match next {
            Ok(case) => out.push(case),
            Err(ReadError::Input(e)) => {
                assert!(cases.next().is_none(), "nothing after an error");
                return (out, Some(e));
            }
            Err(ReadError::Io(e)) => panic!("reading a byte slice failed: {e}"),
        }
    }
    assert!(cases.next().is_none(), "an ended reader stays ended");
    (out, None)
}

/// Lines as the reader counts them: split at `\n`, `\r\n` or a lone `\r`.
fn count_lines(data: &[u8]) -> usize {
    let mut lines = 0;
    let mut i = 0;
    while i < data.len() {
        lines += 1;
        match data[i..].iter().position(|&b| b == b'\n' || b == b'\r') {
            None => break,
            Some(end) => {
                i += end + 1;
                if data[i - 1] == b'\r' && data.get(i) == Some(&b'\n') {
                    i += 1;
                }
            }
        }
    }
    lines
}

fn check_error(e: &InputError, lines: usize) {
    assert!(
        e.line >= 1 && e.line <= lines + 1,
        "{e:?} names a line past {lines} + 1"
    );
    if let Some(cell) = e.cell() {
        assert!(cell < CELLS, "{e:?}");
    }
    let shown = e.to_string();
    // A line number, one quote of at most 40 characters (each escaped in at most 10,
    // `\u{10ffff}`) and the words around them.
    assert!(
        shown.chars().count() < 600,
        "an error message of {} characters: {shown}",
        shown.len()
    );
    if matches!(e.kind, ErrorKind::Clash(_)) {
        panic!("reading reports no clash: {e}");
    }
}

/// `grid` as an 81-character line, re-read by every parser of lines.
fn check_line(grid: &Board) {
    let line = grid.to_string();
    assert_eq!(line.len(), CELLS);
    assert_eq!(Board::parse_line(&line).as_ref(), Ok(grid));
    match (line.parse::<Puzzle>(), Puzzle::new(grid.clone())) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a, b);
            assert_eq!(a.givens(), grid);
        }
        (Err(PuzzleError::Clash(a)), Err(b)) => {
            assert_eq!(a, b);
            assert_eq!(grid.clashes().first(), Some(&a));
        }
        (a, b) => panic!("{line}: FromStr gives {a:?}, Puzzle::new {b:?}"),
    }
    for clash in grid.clashes() {
        assert!(clash.other < clash.cell);
        assert_eq!(grid.get(clash.cell), clash.digit);
        assert_eq!(grid.get(clash.other), clash.digit);
    }
}

/// Any text given to the one-line parsers: an error names what is wrong, and what parses
/// writes back as itself.
fn check_one_line(text: &str) {
    let trimmed = text.trim_end();
    match Board::parse_line(text) {
        Ok(grid) => {
            assert_eq!(trimmed.chars().count(), CELLS);
            let blanks_as_dots: String = trimmed
                .chars()
                .map(|c| if matches!(c, '0' | '-') { '.' } else { c })
                .collect();
            assert_eq!(grid.to_string(), blanks_as_dots);
            check_line(&grid);
        }
        Err(LineError::Length(n)) => assert_eq!(trimmed.chars().count(), n),
        Err(LineError::BadChar(e)) => {
            assert_eq!(trimmed.chars().nth(e.cell), Some(e.found));
            assert!(!matches!(e.found, '0'..='9' | '.' | '-'));
        }
    }
    // FromStr is parse_line, then the clash check.
    match (text.parse::<Puzzle>(), Board::parse_line(text)) {
        (Ok(p), Ok(g)) => assert_eq!(p.givens(), &g),
        (Err(PuzzleError::Line(a)), Err(b)) => assert_eq!(a, b),
        (Err(PuzzleError::Clash(c)), Ok(g)) => assert_eq!(g.clashes().first(), Some(&c)),
        (a, b) => panic!("{text:?}: FromStr gives {a:?}, parse_line {b:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&head, input)) = data.split_first() else {
        return;
    };
    let format = [None, Some(Format::Line), Some(Format::Hdu), Some(Format::Hiho)][usize::from(head & 3)];
    let chunk = 1 + usize::from(head >> 2);

    // The stream, whole and in chunks: the same cases and the same error.
    let mut whole = Cases::new(input, format);
    let (cases, error) = read_all(&mut whole);
    let mut chunked = Cases::new(Chunked { data: input, chunk }, format);
    let (cases_chunked, error_chunked) = read_all(&mut chunked);
    assert_eq!(cases, cases_chunked, "read in chunks of {chunk}");
    assert_eq!(error, error_chunked, "read in chunks of {chunk}");
    assert_eq!(whole.format(), chunked.format());
    let read_as = whole.format();
    if let Some(f) = format {
        assert_eq!(read_as, f);
    }

    let lines = count_lines(input);
    if let Some(e) = &error {
        check_error(e, lines);
    }
    let mut last_line = 0;
    for case in &cases {
        assert!(
            case.line > last_line && case.line <= lines,
            "case on line {}",
            case.line
        );
        last_line = case.line;
        assert!(case.grid.cells().iter().all(|&d| d <= 9));
        check_line(&case.grid);
        match case.puzzle(read_as) {
            Ok(p) => assert_eq!(p.givens(), &case.grid),
            Err(e) => {
                assert!(matches!(e.kind, ErrorKind::Clash(_)), "{e:?}");
                assert!(e.line >= case.line && e.line < case.line + 9 && e.line <= lines);
                assert_eq!(
                    Err(e.clone()),
                    Puzzle::new(case.grid.clone()).map_err(|c| InputError {
                        line: read_as.line_of(case.line, c.cell),
                        kind: ErrorKind::Clash(c),
                    })
                );
            }
        }
    }

    // `parse` and `Format::detect` on text (valid UTF-8 only: lossy decoding of the whole
    // input would change the byte lengths that the line limit counts).
    if let Ok(text) = std::str::from_utf8(input) {
        let parsed = parse(text, format);
        assert_eq!(parsed.cases, cases);
        assert_eq!(parsed.error, error);
        assert_eq!(parsed.format, read_as);
        let detected = Format::detect(text);
        if format.is_none() {
            match detected {
                Some(f) => assert_eq!(f, read_as),
                None => {
                    assert!(cases.is_empty());
                    assert_eq!(error.as_ref().map(|e| &e.kind), Some(&ErrorKind::Empty));
                }
            }
        }
        for line in text.lines().take(4) {
            check_one_line(line);
        }
        check_one_line(text);
    }

    // Written back in each format, the grids read as themselves.
    if !cases.is_empty() {
        for f in Format::ALL {
            let mut out = String::new();
            if f == Format::Hiho {
                out.push_str(&format!("{}\n", cases.len()));
            }
            for (k, case) in cases.iter().enumerate() {
                f.write_grid(k, &case.grid, &mut out);
            }
            for asked in [None, Some(f)] {
                let again = parse(&out, asked);
                assert_eq!((again.format, &again.error), (f, &None), "{f} written:\n{out}");
                let grids: Vec<&Board> = again.cases.iter().map(|c| &c.grid).collect();
                let want: Vec<&Board> = cases.iter().map(|c| &c.grid).collect();
                assert_eq!(grids, want, "{f} written:\n{out}");
            }
        }
    }

    // Any 81 bytes of at most 9 as cells: a grid that reads back as itself.
    if input.len() >= CELLS && input[..CELLS].iter().all(|&d| d <= 9) {
        let mut grid = Board::empty(Shape::NINE);
        for (cell, &d) in input[..CELLS].iter().enumerate() {
            grid.set(cell, d);
        }
        check_line(&grid);
    }
});
