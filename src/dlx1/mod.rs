//! Knuth's DLX1 text format for exact-cover problems: reading it into a [`Problem`] (the
//! engine's [`Matrix`] with the names of its items) and writing one back.
//!
//! The format, as Knuth's `dlx1.w` reads it:
//! * a line whose first non-blank character is `|` is a comment; blank lines are skipped;
//! * the first other line names the items, separated by blanks: the primary items, then
//!   optionally a lone `|` and the secondary items (there is always a primary item: a line
//!   that starts with `|` is a comment);
//! * every further line is an option: the names of its items.
//!
//! Lines end in `\n`, `\r\n` or `\r`; a byte-order mark at the start is skipped; blanks are
//! spaces and tabs. Bytes that are not UTF-8 are read as U+FFFD, as in [`crate::formats`].
//!
//! DLX2's colours: in an option, `item:colour` gives a secondary item a colour (any name
//! without blanks or `:`; Knuth's DLX2 takes one character). A solution may then take several
//! options with that item, as long as they all give it the same colour (exact cover with
//! colours, XCC). A colour on a primary item is an error.
//!
//! Every error names its line and column (in characters, from 1) and quotes at most
//! [`MAX_QUOTE`] characters of the input. The limits: [`MAX_NAME`], [`MAX_ITEMS`],
//! [`MAX_ENTRIES`], [`MAX_OPTION_ITEMS`]. Reading holds the problem and one line's names,
//! never more of the input than that.
//!
//! ```
//! use dlx_sudoku::dlx1::Problem;
//! let text = "| Knuth's example\na b c d e f g\nc e f\na d g\nb c f\na d\nb g\nd e g\n";
//! let problem = Problem::parse(text).unwrap();
//! let solutions = problem.matrix().clone().solutions(10);
//! let lines: Vec<String> = solutions[0].iter().map(|&o| problem.option_text(o)).collect();
//! assert_eq!(lines, ["a d", "c e f", "b g"]);
//! assert_eq!(problem.option_line(0), Some(3));
//! // DLX2's example of colours: one solution, two options that agree on X's colour.
//! let text = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n";
//! let problem = Problem::parse(text).unwrap();
//! let solutions = problem.matrix().clone().solutions(10);
//! let mut lines: Vec<String> = solutions[0].iter().map(|&o| problem.option_text(o)).collect();
//! lines.sort();
//! assert_eq!(lines, ["A C X:1 Y:1", "B X:1"]);
//! assert_eq!(
//!     Problem::parse("a b | x\nb a:red\n").unwrap_err().to_string(),
//!     "line 2, column 3: \"a:red\": a primary item cannot have a colour (only secondary items take DLX2's item:colour)"
//! );
//! ```

pub mod examples;
#[cfg(not(target_arch = "wasm32"))]
pub mod families;
pub mod pictures;

use std::collections::HashMap;
use std::fmt;
use std::io::{self, Read};

use crate::exact_cover::{Matrix, MatrixError, Search};
use crate::formats::quote;
pub use crate::formats::MAX_QUOTE;

/// The longest item name, in bytes (Knuth's DLX1 takes 8).
pub const MAX_NAME: usize = 64;
/// The most items, primary and secondary (as Knuth's DLX1).
pub const MAX_ITEMS: usize = 100_000;
/// The most entries (item names in options, all options together): reading that many peaks
/// at about 360 MB as options of 256 items, and 820 MB as options of one item (a spacer node
/// and an option's bookkeeping for each entry). (Knuth's DLX1 takes 25,000,000.)
pub const MAX_ENTRIES: usize = 10_000_000;
/// The most items in one option. The engine checks each option for a repeated item in
/// time that grows as the square of its length; this keeps a hostile input from costing more
/// than about a second (and no problem of Knuth's comes near it).
pub const MAX_OPTION_ITEMS: usize = 256;

/// An exact-cover problem with named items: the matrix the engine searches, the name of
/// each item, and the line each option was read from.
#[derive(Clone, Debug)]
pub struct Problem {
    matrix: Matrix,
    names: Vec<String>,
    index: HashMap<String, usize>,
    /// The 1-based line of each option, for problems that were read.
    option_lines: Vec<usize>,
    /// The names of the colours: colour `k` (the matrix's number, from 1) is `colours[k - 1]`.
    colours: Vec<String>,
    colour_index: HashMap<String, u32>,
}

impl PartialEq for Problem {
    /// Two problems are equal when they have the same items, named alike, and the same
    /// options in the same order (where they were read from does not matter).
    fn eq(&self, other: &Problem) -> bool {
        self.names == other.names
            && self.matrix.primary() == other.matrix.primary()
            && self.options() == other.options()
            && (0..self.options()).all(|o| {
                self.matrix.option_items(o).eq(other.matrix.option_items(o))
                    && self
                        .matrix
                        .option_colours(o)
                        .map(|c| self.colour_name(c))
                        .eq(other.matrix.option_colours(o).map(|c| other.colour_name(c)))
            })
    }
}

impl Problem {
    /// A problem with these items and no option yet. Names are not checked here (see
    /// [`Problem::parse`] for what the format allows); use it from code that makes problems.
    ///
    /// # Panics
    /// If a name is given twice.
    pub fn new<S: Into<String>>(
        primary: impl IntoIterator<Item = S>,
        secondary: impl IntoIterator<Item = S>,
    ) -> Problem {
        let mut names: Vec<String> = primary.into_iter().map(Into::into).collect();
        let first_secondary = names.len();
        names.extend(secondary.into_iter().map(Into::into));
        let index: HashMap<String, usize> = names.iter().enumerate().map(|(i, n)| (n.clone(), i)).collect();
        assert_eq!(index.len(), names.len(), "an item name is given twice");
        Problem {
            matrix: Matrix::new(first_secondary, names.len() - first_secondary),
            names,
            index,
            option_lines: Vec::new(),
            colours: Vec::new(),
            colour_index: HashMap::new(),
        }
    }

    /// Adds an option with the items named, in that order; returns its number. `item:colour`
    /// gives a secondary item a colour (DLX2's form). A name that is not an item's is
    /// [`MatrixError::NoSuchItem`] with `item` = `usize::MAX`.
    pub fn add_option<S: AsRef<str>>(&mut self, names: &[S]) -> Result<usize, MatrixError> {
        let names: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
        self.add_named(&names)
    }

    /// [`Problem::add_option`], once for every kind of name (not a copy in each caller).
    fn add_named(&mut self, names: &[&str]) -> Result<usize, MatrixError> {
        let option = self.options();
        let mut items = Vec::with_capacity(names.len());
        let mut colours = Vec::with_capacity(names.len());
        for name in names {
            let (name, colour) = match name.split_once(':') {
                Some((name, colour)) => (name, self.colour_number(colour)),
                None => (*name, 0),
            };
            items.push(self.item(name).ok_or(MatrixError::NoSuchItem {
                option,
                item: usize::MAX,
            })?);
            colours.push(colour);
        }
        if colours.iter().all(|&c| c == 0) {
            colours.clear();
        }
        self.matrix.add_coloured_option(&items, &colours)
    }

    /// The number of the colour named `name`, given one if it is new.
    fn colour_number(&mut self, name: &str) -> u32 {
        if let Some(&k) = self.colour_index.get(name) {
            return k;
        }
        self.colours.push(name.to_owned());
        let k = self.colours.len() as u32;
        self.colour_index.insert(name.to_owned(), k);
        k
    }

    /// The name of colour `colour` (a number the matrix uses, from 1); "" for 0, no colour.
    pub fn colour_name(&self, colour: u32) -> &str {
        match colour {
            0 => "",
            k => &self.colours[k as usize - 1],
        }
    }

    /// The names of the colours, colour 1 first.
    pub fn colour_names(&self) -> &[String] {
        &self.colours
    }

    /// True if an option gives an item a colour (DLX2's XCC).
    pub fn is_coloured(&self) -> bool {
        self.matrix.is_coloured()
    }

    /// Reads a problem from a text.
    pub fn parse(text: &str) -> Result<Problem, ParseError> {
        Problem::read(text.as_bytes()).map_err(|e| match e {
            ReadError::Parse(e) => e,
            ReadError::Io(e) => unreachable!("reading a byte slice cannot fail: {e}"),
        })
    }

    /// Reads a problem from a stream, stopping at the first error.
    pub fn read(input: impl Read) -> Result<Problem, ReadError> {
        Reader::new(input).problem()
    }

    /// The matrix, at its start.
    pub fn matrix(&self) -> &Matrix {
        &self.matrix
    }

    /// A search of the problem, at its start.
    pub fn search(&self) -> Search {
        Search::new(self.matrix.clone())
    }

    /// The entries of all its options (an item named in an option is one entry).
    pub fn entries(&self) -> usize {
        (0..self.options()).map(|o| self.option_items(o).count()).sum()
    }

    /// Number of items (primary and secondary).
    pub fn items(&self) -> usize {
        self.names.len()
    }

    /// Number of primary items (items `0..primary()`).
    pub fn primary(&self) -> usize {
        self.matrix.primary()
    }

    pub fn options(&self) -> usize {
        self.matrix.options()
    }

    /// The name of item `item`.
    pub fn item_name(&self, item: usize) -> &str {
        &self.names[item]
    }

    /// The item with this name.
    pub fn item(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// The items of option `option`, in the order they were given.
    pub fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        self.matrix.option_items(option)
    }

    /// Option `option` as a line of the format: its items' names, in the order given,
    /// separated by one space.
    pub fn option_text(&self, option: usize) -> String {
        let mut text = String::new();
        self.write_option(option, &mut text);
        text
    }

    /// Appends [`Problem::option_text`] to `out` (with `:colour` after a coloured item).
    pub fn write_option(&self, option: usize, out: &mut String) {
        if !self.is_coloured() {
            // The colours' walk costs a third more here (the CLI writes each solution's text).
            for (k, item) in self.option_items(option).enumerate() {
                if k > 0 {
                    out.push(' ');
                }
                out.push_str(&self.names[item]);
            }
            return;
        }
        let colours = self.matrix.option_colours(option);
        for (k, (item, colour)) in self.option_items(option).zip(colours).enumerate() {
            if k > 0 {
                out.push(' ');
            }
            out.push_str(&self.names[item]);
            if colour != 0 {
                out.push(':');
                out.push_str(self.colour_name(colour));
            }
        }
    }

    /// The line (1-based) option `option` was read from; `None` for a problem made in code.
    pub fn option_line(&self, option: usize) -> Option<usize> {
        self.option_lines.get(option).copied()
    }

    /// The problem in the DLX1 format, after `comment` (each of its lines prefixed `| `).
    pub fn to_dlx1(&self, comment: &str) -> String {
        let mut out = String::new();
        for line in comment.lines() {
            out.push_str("| ");
            out.push_str(line);
            out.push('\n');
        }
        let primary = self.primary();
        for (i, name) in self.names.iter().enumerate() {
            if i == primary {
                out.push_str(if i == 0 { "|" } else { " |" });
            }
            if i > 0 || i == primary {
                out.push(' ');
            }
            out.push_str(name);
        }
        out.push('\n');
        for option in 0..self.options() {
            self.write_option(option, &mut out);
            out.push('\n');
        }
        out
    }
}

/// The lines of `text` as the reader numbers them: each ended by `\n`, `\r\n` or `\r`, and a
/// last line without its end too (`""` has none, `"a\nb"` two, `"a\r\nb\r\n"` two). The page's
/// editor counts its lines with it, so that it ends lines where the reader does.
pub fn count_lines(text: &str) -> usize {
    let mut r = Reader::new(text.as_bytes());
    let mut lines = 0;
    // Reading a slice cannot fail.
    while let Ok(Some(_)) = r.peek() {
        lines += 1;
        while !matches!(r.take_line_end(), Ok(true)) {
            r.take();
            if !matches!(r.peek(), Ok(Some(_))) {
                return lines;
            }
        }
    }
    lines
}

/// Why a text is not a problem, and where: line and column (in characters) from 1.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    pub line: usize,
    /// 0 when the error has no column ([`ErrorKind::Empty`]).
    pub column: usize,
    pub kind: ErrorKind,
}

/// What is wrong; shown after the line and column.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ErrorKind {
    /// Only blank lines and comments: no item line.
    Empty,
    /// A name longer than [`MAX_NAME`] bytes (quoted in part).
    NameTooLong { name: String },
    /// A name that is not UTF-8 (quoted with U+FFFD for what does not read); `byte` is the
    /// first that does not.
    NotUtf8 { name: String, byte: u8 },
    /// `:` or `|` inside an item's name on the item line.
    IllegalChar { name: String, found: char },
    /// A second `|` on the item line.
    SecondBar,
    /// An item named twice on the item line; the first is at `first_column`.
    DuplicateItem { name: String, first_column: usize },
    /// More than [`MAX_ITEMS`] items.
    TooManyItems,
    /// An option names an item that is not on the item line.
    UnknownItem { name: String },
    /// An option names an item twice; the first is at `first_column`.
    RepeatedItem { name: String, first_column: usize },
    /// An option with only secondary items can never be chosen.
    NoPrimaryItem,
    /// DLX2's `item:colour` on a primary item.
    PrimaryColour { name: String },
    /// `item:` with no colour, or a colour with a `:` in it.
    BadColour { name: String },
    /// An option with more than [`MAX_OPTION_ITEMS`] items.
    LongOption,
    /// More than [`MAX_ENTRIES`] entries in all.
    TooManyEntries,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind == ErrorKind::Empty {
            return write!(f, "empty input: no item line (only blank lines and comments)");
        }
        write!(f, "line {}, column {}: ", self.line, self.column)?;
        match &self.kind {
            ErrorKind::Empty => unreachable!(),
            ErrorKind::NameTooLong { name } => write!(f, "{} is longer than {MAX_NAME} bytes", quote(name)),
            ErrorKind::NotUtf8 { name, byte } => write!(
                f,
                "{} is not UTF-8 text (byte 0x{byte:02X}): names must be UTF-8",
                quote(name)
            ),
            ErrorKind::IllegalChar { name, found } => {
                write!(f, "{}: an item name cannot contain {found:?}", quote(name))
            }
            ErrorKind::SecondBar => write!(f, "a second '|' on the item line"),
            ErrorKind::DuplicateItem { name, first_column } => {
                write!(
                    f,
                    "item {} is named twice (first at column {first_column})",
                    quote(name)
                )
            }
            ErrorKind::TooManyItems => write!(f, "more than {MAX_ITEMS} items"),
            ErrorKind::UnknownItem { name } => write!(f, "unknown item {}", quote(name)),
            ErrorKind::RepeatedItem { name, first_column } => write!(
                f,
                "item {} is repeated in this option (first at column {first_column})",
                quote(name)
            ),
            ErrorKind::NoPrimaryItem => write!(f, "this option has no primary item"),
            ErrorKind::PrimaryColour { name } => write!(
                f,
                "{}: a primary item cannot have a colour (only secondary items take DLX2's item:colour)",
                quote(name)
            ),
            ErrorKind::BadColour { name } => write!(
                f,
                "{}: a colour is a name after the item's ':' (DLX2's item:colour), without blanks or another ':'",
                quote(name)
            ),
            ErrorKind::LongOption => write!(f, "an option of more than {MAX_OPTION_ITEMS} items"),
            ErrorKind::TooManyEntries => {
                write!(f, "more than {MAX_ENTRIES} entries (item names in options) in all")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// Why [`Problem::read`] stopped.
#[derive(Debug)]
pub enum ReadError {
    Parse(ParseError),
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Parse(e) => e.fmt(f),
            ReadError::Io(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadError {}

impl From<ParseError> for ReadError {
    fn from(e: ParseError) -> ReadError {
        ReadError::Parse(e)
    }
}

impl From<io::Error> for ReadError {
    fn from(e: io::Error) -> ReadError {
        ReadError::Io(e)
    }
}

/// A name on a line, and the column it starts at.
struct Word {
    column: usize,
    name: String,
}

/// Bytes of a name kept to report a name that is too long: enough to quote it.
const KEEP: usize = if MAX_NAME > 4 * MAX_QUOTE {
    MAX_NAME + 1
} else {
    4 * MAX_QUOTE + 4
};

/// The lines of a stream as lists of words, comments and blank lines skipped.
struct Reader<R> {
    input: R,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    at_end: bool,
    /// The number of the last line begun.
    line: usize,
    /// Characters of the current line consumed so far.
    column: usize,
    bytes: Vec<u8>,
}

fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\x0b' | b'\x0c')
}

impl<R: Read> Reader<R> {
    fn new(input: R) -> Reader<R> {
        Reader {
            input,
            buf: vec![0; 1 << 16].into_boxed_slice(),
            pos: 0,
            len: 0,
            at_end: false,
            line: 0,
            column: 0,
            bytes: Vec::with_capacity(KEEP),
        }
    }

    /// Reads more into the buffer, after what is left of it; false at the end of the input.
    fn refill(&mut self) -> io::Result<bool> {
        if self.at_end {
            return Ok(false);
        }
        self.buf.copy_within(self.pos..self.len, 0);
        self.len -= self.pos;
        self.pos = 0;
        loop {
            match self.input.read(&mut self.buf[self.len..]) {
                Ok(0) => {
                    self.at_end = true;
                    return Ok(false);
                }
                Ok(n) => {
                    self.len += n;
                    return Ok(true);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    fn peek(&mut self) -> io::Result<Option<u8>> {
        if self.pos == self.len && !self.refill()? {
            return Ok(None);
        }
        Ok(Some(self.buf[self.pos]))
    }

    /// Takes a byte that is not a line end, counting the characters of the line.
    fn take(&mut self) {
        self.column += usize::from(self.buf[self.pos] & 0xc0 != 0x80);
        self.pos += 1;
    }

    /// Takes a line end (`\n`, `\r\n` or `\r`) if one is next; true if it did.
    fn take_line_end(&mut self) -> io::Result<bool> {
        match self.peek()? {
            Some(b'\n') => self.pos += 1,
            Some(b'\r') => {
                self.pos += 1;
                if self.peek()? == Some(b'\n') {
                    self.pos += 1;
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    fn skip_bom(&mut self) -> io::Result<()> {
        while self.len - self.pos < 3 && self.refill()? {}
        if self.buf[self.pos..self.len].starts_with(b"\xef\xbb\xbf") {
            self.pos += 3;
        }
        Ok(())
    }

    /// The words of the next line that is neither blank nor a comment, and its number;
    /// `None` at the end of the input. Stops after `most + 1` words (the caller refuses them).
    fn next_line(&mut self, words: &mut Vec<Word>, most: usize) -> Result<Option<usize>, ReadError> {
        if self.line == 0 {
            self.skip_bom()?;
        }
        loop {
            words.clear();
            if self.peek()?.is_none() {
                return Ok(None);
            }
            self.line += 1;
            self.column = 0;
            loop {
                if self.take_line_end()? {
                    break;
                }
                match self.peek()? {
                    None => break,
                    Some(b) if is_blank(b) => self.take(),
                    Some(b'|') if words.is_empty() => {
                        while !matches!(self.peek()?, None | Some(b'\n' | b'\r')) {
                            self.take();
                        }
                    }
                    Some(_) => {
                        words.push(self.word()?);
                        if words.len() > most {
                            return Ok(Some(self.line));
                        }
                    }
                }
            }
            if !words.is_empty() {
                return Ok(Some(self.line));
            }
        }
    }

    /// Reads the word that starts here.
    fn word(&mut self) -> Result<Word, ReadError> {
        let column = self.column + 1;
        self.bytes.clear();
        let mut long = false;
        while let Some(b) = self.peek()? {
            if is_blank(b) || b == b'\n' || b == b'\r' {
                break;
            }
            if self.bytes.len() < KEEP {
                self.bytes.push(b);
            }
            long |= self.bytes.len() > MAX_NAME;
            self.take();
            if long && self.bytes.len() == KEEP {
                break;
            }
        }
        if long {
            // Cut at `KEEP` bytes, perhaps inside a character: shown as far as it reads.
            let name = String::from_utf8_lossy(&self.bytes).into_owned();
            return Err(self.error(column, ErrorKind::NameTooLong { name }).into());
        }
        match std::str::from_utf8(&self.bytes) {
            Ok(name) => Ok(Word {
                column,
                name: name.to_owned(),
            }),
            // Read as U+FFFD, two different names would be one (and printed changed).
            Err(e) => {
                let byte = self.bytes[e.valid_up_to()];
                let name = String::from_utf8_lossy(&self.bytes).into_owned();
                Err(self.error(column, ErrorKind::NotUtf8 { name, byte }).into())
            }
        }
    }

    fn error(&self, column: usize, kind: ErrorKind) -> ParseError {
        ParseError {
            line: self.line,
            column,
            kind,
        }
    }

    fn problem(mut self) -> Result<Problem, ReadError> {
        let mut words = Vec::new();
        if self.next_line(&mut words, MAX_ITEMS + 1)?.is_none() {
            return Err(ParseError {
                line: self.line.max(1),
                column: 0,
                kind: ErrorKind::Empty,
            }
            .into());
        }
        let (mut names, mut columns, mut index) = (Vec::new(), Vec::new(), HashMap::new());
        let mut primary = None;
        for Word { column, name } in words.drain(..) {
            let fail = |kind| Err(self.error(column, kind).into());
            if name == "|" {
                if primary.is_some() {
                    return fail(ErrorKind::SecondBar);
                }
                primary = Some(names.len());
                continue;
            }
            if let Some(found) = name.chars().find(|&c| c == ':' || c == '|') {
                return fail(ErrorKind::IllegalChar { name, found });
            }
            if names.len() == MAX_ITEMS {
                return fail(ErrorKind::TooManyItems);
            }
            if let Some(&first) = index.get(&name) {
                let first_column = columns[first];
                return fail(ErrorKind::DuplicateItem { name, first_column });
            }
            index.insert(name.clone(), names.len());
            names.push(name);
            columns.push(column);
        }
        let primary = primary.unwrap_or(names.len());
        let mut problem = Problem {
            matrix: Matrix::new(primary, names.len() - primary),
            names,
            index,
            option_lines: Vec::new(),
            colours: Vec::new(),
            colour_index: HashMap::new(),
        };
        // The option that last named each item, and where.
        let mut seen = vec![(usize::MAX, 0); problem.items()];
        let (mut items, mut colours) = (Vec::new(), Vec::new());
        let mut entries = 0;
        while let Some(line) = self.next_line(&mut words, MAX_OPTION_ITEMS)? {
            let option = problem.options();
            let first_column = words[0].column;
            items.clear();
            colours.clear();
            for (k, Word { column, name }) in words.drain(..).enumerate() {
                let fail = |kind| Err(self.error(column, kind).into());
                if k == MAX_OPTION_ITEMS {
                    return fail(ErrorKind::LongOption);
                }
                if entries == MAX_ENTRIES {
                    return fail(ErrorKind::TooManyEntries);
                }
                let (item_name, colour) = match name.split_once(':') {
                    Some((item, colour)) => (item, Some(colour)),
                    None => (name.as_str(), None),
                };
                let Some(item) = problem.item(item_name) else {
                    let name = item_name.to_owned();
                    return fail(ErrorKind::UnknownItem { name });
                };
                let colour = match colour {
                    None => 0,
                    Some(c) if c.is_empty() || c.contains(':') => return fail(ErrorKind::BadColour { name }),
                    Some(_) if item < primary => return fail(ErrorKind::PrimaryColour { name }),
                    Some(c) => problem.colour_number(c),
                };
                if seen[item].0 == option {
                    let first_column = seen[item].1;
                    return fail(ErrorKind::RepeatedItem { name, first_column });
                }
                seen[item] = (option, column);
                items.push(item);
                colours.push(colour);
                entries += 1;
            }
            if !items.iter().any(|&i| i < primary) {
                return Err(self.error(first_column, ErrorKind::NoPrimaryItem).into());
            }
            if colours.iter().all(|&c| c == 0) {
                colours.clear();
            }
            problem
                .matrix
                .add_coloured_option(&items, &colours)
                .expect("the items were checked: known, distinct, one primary, colours on secondary ones");
            problem.option_lines.push(line);
        }
        Ok(problem)
    }
}

#[cfg(test)]
mod tests;
