//! One puzzle of any size, as the web page hands it in: text in any format the CLI reads,
//! exactly one puzzle, its givens checked. Errors are the readers' own (they name the line
//! and the cell) as strings, ready to cross to JavaScript.
//!
//! Text pasted as people paste it is read too ([`any_puzzle`], [`listing`]): when the text is
//! not a list of puzzles as a whole, the puzzle is looked for among its lines (a line of 16,
//! 81, 256 or 625 cells, or a grid of rows, one row a line), and the lines around it (a
//! title, a line of text below it) are skipped and named. There a row's cells may be
//! separated by spaces or commas, `|` and lines of `-`, `+` and `=` draw the boxes, and `_`,
//! `*` and `?` are blanks besides `.`, `0` and `-`. Two puzzles found among other text are
//! refused, naming their lines; no puzzle found is an error naming the line that comes
//! nearest, or the line of text.

use super::boards::BoardFormat;
use super::reader::{choose, Chosen, InputFormat, Read, Reader};
use super::Format;
use crate::sudoku::{Alphabet, Puzzle, Shape};

/// Exactly one 9×9 puzzle, in any 9×9 format, its givens checked.
pub fn one_puzzle(text: &str) -> Result<Puzzle, String> {
    one(text, Chosen::Nine(None)).map(|(p, _)| p)
}

/// Exactly one puzzle of any size (4×4 to 25×25) in any format, or found among the lines of
/// a paste (see the module's doc), its givens checked, and the alphabet it was written in
/// (answers are written in it too; digits at 9×9).
pub fn any_puzzle(text: &str) -> Result<(Puzzle, Alphabet), String> {
    match pasted(text)? {
        None => one(text, choose(text, InputFormat::Auto, None)?),
        Some(found) => one(&found.text, found.chosen).map_err(|e| found.remap(&e)),
    }
}

/// Every case of `text`, read by `chosen`, and the reader (which knows the format read).
fn read_all(text: &str, chosen: Chosen) -> Result<(Reader<&[u8]>, Vec<Read>), String> {
    let mut reader = Reader::of(text.as_bytes(), chosen);
    let mut cases = Vec::new();
    while let Some(case) = reader.next_case() {
        cases.push(case.map_err(|e| e.to_string())?);
    }
    Ok((reader, cases))
}

fn one(text: &str, chosen: Chosen) -> Result<(Puzzle, Alphabet), String> {
    let (reader, cases) = read_all(text, chosen)?;
    match &cases[..] {
        [case] => reader.puzzle(case).map(|p| (p, case.alphabet)),
        [] => Err("no puzzle found".into()),
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
    /// The lines (from 1) skipped around a puzzle found among other text; empty when the
    /// text was a list of puzzles as a whole.
    pub skipped: Vec<usize>,
}

/// The [`Listing`] of a text in any format at any size, or of the one puzzle found among its
/// lines (see the module's doc: its format is then `line`, or `grid` for a grid of rows);
/// malformed text is an error naming the line and the cell.
pub fn listing(text: &str) -> Result<Listing, String> {
    let found = pasted(text)?;
    let (text, chosen) = match &found {
        None => (text, choose(text, InputFormat::Auto, None)?),
        Some(found) => (found.text.as_str(), found.chosen),
    };
    let remap = |e: String| found.as_ref().map_or(e.clone(), |f| f.remap(&e));
    let (reader, cases) = read_all(text, chosen).map_err(remap)?;
    let shape = reader.shape();
    let format = match &found {
        Some(found) if found.grid => "grid",
        _ => reader.format_name(),
    };
    Ok(Listing {
        format,
        shape,
        alphabet: cases.first().map_or(Alphabet::default_for(shape), |c| c.alphabet),
        puzzles: cases.iter().map(|c| c.board.to_line(c.alphabet)).collect(),
        skipped: found.map_or(Vec::new(), |f| f.skipped),
    })
}

/// A puzzle found among the lines of a paste: its text as the readers read it (a line, or
/// a grid's rows one after another), the reader for it, whether it is a grid, the line of
/// the paste each of its lines was, and the lines skipped around it.
#[derive(Debug)]
struct Found {
    text: String,
    chosen: Chosen,
    grid: bool,
    lines: Vec<usize>,
    skipped: Vec<usize>,
}

impl Found {
    /// A reader's error about the found text, its `line N` made the paste's line.
    fn remap(&self, e: &str) -> String {
        let Some(rest) = e.strip_prefix("line ") else {
            return e.to_string();
        };
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        // The digits' number (none, or too many, is no line).
        let n = rest.as_bytes()[..digits]
            .iter()
            .try_fold(0usize, |n, &d| n.checked_mul(10)?.checked_add(usize::from(d - b'0')));
        match n.and_then(|n| self.lines.get(n.wrapping_sub(1))) {
            Some(line) => format!("line {line}{}", &rest[digits..]),
            None => e.to_string(),
        }
    }
}

/// What one line of a paste is.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Piece {
    Blank,
    /// A line drawn between a grid's bands: `-`, `+`, `=` and `|` only.
    Rule,
    /// Cells only: the line's cells (ASCII), upper case, each blank written `.`.
    Cells(String),
    /// Anything else: a title, a sentence.
    Text,
}

/// The characters a blank is written with in a paste.
const BLANKS: &[u8] = b".0-_*?";

/// The lengths a line of a whole puzzle has (4×4 to 25×25), and a grid's rows.
fn is_puzzle_length(n: usize) -> bool {
    Shape::of_cells(n).is_some()
}

fn is_row_length(n: usize) -> bool {
    Shape::of_side(n).is_some()
}

/// The lines of `text`, split as the readers split them (`\n`, `\r\n` or a lone `\r`).
fn split_lines(text: &str) -> Vec<&str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < bytes.len() {
        let b = bytes[i];
        i += 1;
        if b == b'\n' || b == b'\r' {
            lines.push(&text[start..i - 1]);
            if b == b'\r' && bytes.get(i) == Some(&b'\n') {
                i += 1;
            }
            start = i;
        }
    }
    if start < bytes.len() {
        lines.push(&text[start..]);
    }
    lines
}

/// What `line` is: a rule, a line of cells (a whole puzzle's, or a row's: a row's cells may
/// be separated by spaces or commas, or its boxes by `|` or spaces), or text.
fn piece(line: &str) -> Piece {
    let line = line.trim();
    if line.is_empty() {
        return Piece::Blank;
    }
    // A line of `-` alone of a row's or puzzle's length is a row or a puzzle of blanks.
    let n = line.len();
    let dashes = line.bytes().all(|b| b == b'-');
    if line
        .chars()
        .all(|c| matches!(c, '-' | '+' | '=' | '|') || c.is_whitespace())
        && !(dashes && (is_row_length(n) || is_puzzle_length(n)))
    {
        return Piece::Rule;
    }
    // The tokens between spaces, `|` and `,`, joined: cells only (ASCII), else text.
    let mut joined = String::new();
    let (mut tokens, mut first, mut one_length) = (0, 0, true);
    for token in line.split(|c: char| c.is_whitespace() || c == '|' || c == ',') {
        if token.is_empty() {
            continue;
        }
        if !token.bytes().all(|b| b.is_ascii_alphanumeric() || BLANKS.contains(&b)) {
            return Piece::Text;
        }
        if tokens == 0 {
            first = token.len();
        }
        one_length &= token.len() == first;
        tokens += 1;
        joined.push_str(token);
    }
    // One token is a row or a puzzle as it is; several, its cells one by one, or its boxes
    // (tokens of one length).
    // (A whole puzzle's cells one by one on a line are not read: only a row's may be spaced.)
    let n = joined.len();
    if tokens > 1 && !(one_length && is_row_length(n)) {
        return Piece::Text;
    }
    // A word (three letters in a row, one of them lower case) is text, a title such as
    // "Hard", unless the line is a row or a puzzle of some size in its symbols.
    let wordy = joined
        .as_bytes()
        .windows(3)
        .any(|w| w.iter().all(u8::is_ascii_alphabetic) && w.iter().any(u8::is_ascii_lowercase));
    joined.make_ascii_uppercase();
    if wordy
        && !Shape::ALL
            .iter()
            .any(|s| (s.side() == n || s.cells() == n) && fits(s.side(), &joined))
    {
        return Piece::Text;
    }
    let cells: Vec<u8> = joined
        .bytes()
        .map(|b| if BLANKS.contains(&b) { b'.' } else { b })
        .collect();
    Piece::Cells(String::from_utf8(cells).unwrap_or_default())
}

/// Whether `cells` (ASCII) could be cells of a grid of `side` (every symbol one of the
/// size's, in its digits or its letters).
#[inline(never)]
fn fits(side: usize, cells: &str) -> bool {
    let Some(shape) = Shape::of_side(side) else {
        return false;
    };
    let alphabet = Alphabet::detect(shape, cells);
    cells.bytes().all(|c| alphabet.digit(char::from(c), side).is_some())
}

/// A puzzle's lines among a paste's: whether they are a grid's rows, and each line's index
/// and cells.
type Candidate<'a> = (bool, &'a [(usize, &'a str)]);

/// The puzzle found among the lines of `text`, when `text` is not a list of puzzles as a
/// whole (`None` when it is); an error when none is found or two are.
fn pasted(text: &str) -> Result<Option<Found>, String> {
    let strict = match read_all(text, choose(text, InputFormat::Auto, None)?) {
        Ok(_) => return Ok(None),
        Err(e) => e,
    };
    let lines = split_lines(text);
    let pieces: Vec<Piece> = lines.iter().map(|l| piece(l)).collect();
    // Runs of lines of cells, rules between them kept: (line index, cells) each.
    let mut runs: Vec<Vec<(usize, &str)>> = Vec::new();
    let mut open = false;
    for (i, p) in pieces.iter().enumerate() {
        match p {
            Piece::Cells(cells) => {
                if !open {
                    runs.push(Vec::new());
                    open = true;
                }
                if let Some(run) = runs.last_mut() {
                    run.push((i, cells.as_str()));
                }
            }
            Piece::Rule if open => {}
            _ => open = false,
        }
    }
    let mut candidates: Vec<Candidate> = Vec::new();
    for run in &runs {
        let side = run[0].1.len();
        if run.len() == side && side > 1 && run.iter().all(|(_, c)| c.len() == side && fits(side, c)) {
            candidates.push((true, run));
            continue;
        }
        for line in run.chunks(1) {
            let n = line[0].1.len();
            if Shape::of_cells(n).is_some_and(|shape| fits(shape.side(), line[0].1)) {
                candidates.push((false, line));
            }
        }
    }
    match candidates[..] {
        [] => Err(no_puzzle(&lines, &pieces, strict)),
        [(grid, rows)] => {
            let side = rows[0].1.len();
            // The 9×9 grids are read as HDU's rows: cells separated by spaces.
            let hdu = grid && side == 9;
            let mut text = Vec::new();
            for (_, cells) in rows {
                for (k, &b) in cells.as_bytes().iter().enumerate() {
                    if hdu && k > 0 {
                        text.push(b' ');
                    }
                    text.push(b);
                }
                text.push(b'\n');
            }
            let text = String::from_utf8(text).unwrap_or_default();
            let chosen = match Shape::of_side(side) {
                _ if hdu => Chosen::Nine(Some(Format::Hdu)),
                Some(shape) if grid => Chosen::Boards(BoardFormat::Grid, shape),
                _ => choose(&text, InputFormat::Auto, None)?,
            };
            let (first, last) = (rows[0].0, rows[rows.len() - 1].0);
            let skipped = (0..lines.len())
                .filter(|&i| (i < first || i > last) && matches!(pieces[i], Piece::Cells(_) | Piece::Text))
                .map(|i| i + 1)
                .collect();
            Ok(Some(Found {
                text,
                chosen,
                grid,
                lines: rows.iter().map(|(i, _)| i + 1).collect(),
                skipped,
            }))
        }
        // Without a line of text around them, the readers' own error stands.
        _ if !pieces.contains(&Piece::Text) => Err(strict),
        ref many => Err(two_puzzles(many)),
    }
}

/// The error for two puzzles or more found among the text, naming their lines.
fn two_puzzles(many: &[Candidate]) -> String {
    use std::fmt::Write;
    let mut e = format!("found {} puzzles among the text, on ", many.len());
    for (k, (_, rows)) in many.iter().enumerate() {
        let (first, last) = (rows[0].0 + 1, rows[rows.len() - 1].0 + 1);
        e.push_str(match k {
            0 => "",
            _ if k + 1 == many.len() => " and ",
            _ => ", ",
        });
        let _ = match first == last {
            true => write!(e, "line {first}"),
            false => write!(e, "lines {first}–{last}"),
        };
    }
    e + ": paste one at a time"
}

/// The error for a paste where no puzzle was found, naming its line first: the readers' own
/// (`strict`) for a text of one line or with no line of text in it; the line of text, when no
/// line holds cells; else the error of the lines of cells (read without the lines of text,
/// their numbers kept), the one that comes nearest to a puzzle.
fn no_puzzle(lines: &[&str], pieces: &[Piece], strict: String) -> String {
    let text = pieces.iter().position(|p| *p == Piece::Text);
    let filled = pieces.iter().filter(|p| **p != Piece::Blank).count();
    let cells = pieces.iter().any(|p| matches!(p, Piece::Cells(_)));
    let Some(text) = text.filter(|_| filled >= 2) else {
        return strict;
    };
    if !cells {
        let shown = crate::formats::quote(lines[text].trim());
        let first = text + 1;
        return format!(
            "line {first} ({shown}) is text: no puzzle found (a line of 16, 81, 256 or 625 cells, or a grid's rows)"
        );
    }
    let mut kept = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            kept.push('\n');
        }
        if pieces[i] != Piece::Text {
            kept.push_str(line);
        }
    }
    match choose(&kept, InputFormat::Auto, None).and_then(|c| read_all(&kept, c).map(|_| ())) {
        Err(e) => format!("{e} (no puzzle found among the lines)"),
        Ok(()) => strict,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    const HDU_LINE: &str = "712.6.358.652.71.4..8513672924.56.375.6...2411.372.9.5..19754866.783.519859.4..23";

    /// The rows of `line` (81 cells), each written by `row`.
    fn rows(line: &str, row: impl Fn(&str) -> String) -> String {
        (0..9).map(|r| row(&line[r * 9..r * 9 + 9]) + "\n").collect()
    }

    fn spaced(row: &str, sep: &str) -> String {
        row.chars().map(String::from).collect::<Vec<_>>().join(sep)
    }

    /// A title above the puzzle line and a line of text below it: the puzzle is read, the
    /// two lines named as skipped, and the givens are the line's.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_title_above_and_a_line_below_are_skipped() {
        let text = format!("Puzzle 12 (hard), from the paper:\n{LINE}\nGood luck!\n");
        let l = listing(&text).unwrap();
        assert_eq!((l.format, l.shape, l.skipped), ("line", Shape::NINE, vec![1, 3]));
        assert_eq!(l.puzzles, [LINE]);
        let (p, alphabet) = any_puzzle(&text).unwrap();
        assert_eq!(
            (p.givens().to_line(alphabet), alphabet),
            (LINE.to_string(), Alphabet::Digits)
        );
        // A text that reads as a whole skips nothing.
        assert_eq!(listing(LINE).unwrap().skipped, Vec::<usize>::new());
    }

    /// `_` and `*` are blanks besides `.`, `0` and `-`, in a line and in a grid's rows.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn underscores_and_stars_are_blanks() {
        for blank in ["_", "*"] {
            let l = listing(&LINE.replace('.', blank)).unwrap();
            assert_eq!((l.format, &l.puzzles[..]), ("line", &[LINE.to_string()][..]), "{blank}");
            let grid = rows(&HDU_LINE.replace('.', blank), |r| spaced(r, " "));
            let l = listing(&grid).unwrap();
            assert_eq!(
                (l.format, &l.puzzles[..]),
                ("grid", &[HDU_LINE.to_string()][..]),
                "{blank}"
            );
        }
    }

    /// A row of 9 cells separated by commas, or by spaces, or drawn with `|` between boxes
    /// and rules between bands, under a title.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn rows_separated_by_commas_or_spaces_make_a_grid() {
        let commas = rows(&HDU_LINE.replace('.', "0"), |r| spaced(r, ","));
        let spaces = rows(HDU_LINE, |r| spaced(r, " "));
        let drawn = rows(HDU_LINE, |r| format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..]));
        let drawn: Vec<&str> = drawn.lines().collect();
        let rule = "+---+---+---+";
        let drawn = format!(
            "{rule}\n{}\n{rule}\n{}\n{rule}\n{}\n{rule}\n",
            drawn[..3].join("\n"),
            drawn[3..6].join("\n"),
            drawn[6..].join("\n")
        );
        for grid in [commas, spaces, drawn] {
            let text = format!("Today's sudoku\n\n{grid}");
            let l = listing(&text).unwrap();
            assert_eq!(
                (l.format, l.shape, &l.skipped[..]),
                ("grid", Shape::NINE, &[1][..]),
                "{text}"
            );
            assert_eq!(l.puzzles, [HDU_LINE], "{text}");
            assert!(any_puzzle(&text).is_ok());
        }
        // 4×4 and 16×16 grids too, in their own symbols.
        let text = "A 4×4 one\n1 . . 4\n. . 3 .\n. . . .\n. . . .\n(easy)\n";
        let l = listing(text).unwrap();
        assert_eq!(
            (l.shape, l.puzzles, l.skipped),
            (Shape::FOUR, vec!["1..4..3.........".to_string()], vec![1, 6])
        );
    }

    /// A clash in a puzzle found among other lines names the paste's line, not the line of
    /// the puzzle alone.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_clash_names_the_line_of_the_paste() {
        let clash = format!("44{}", &LINE[2..]);
        let e = any_puzzle(&format!("My puzzle\n{clash}\n")).unwrap_err();
        assert_eq!(e, "line 2: r1c2: 4 already in row 1");
        // In a grid, the line of the clashing cell's row (r5c2 on the paste's line 7).
        let mut clash = HDU_LINE.to_string();
        clash.replace_range(37..38, "5");
        let e = any_puzzle(&format!("Title\n\n{}", rows(&clash, |r| spaced(r, ",")))).unwrap_err();
        assert_eq!(e, "line 7: r5c2: 5 already in row 5");
    }

    /// No puzzle found: the error names the line that comes nearest, or says the text is
    /// text; two puzzles among other text are refused, naming their lines.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn no_puzzle_or_two_are_errors_that_name_the_lines() {
        assert_eq!(
            listing(&format!("Puzzle 12:\n{}\nGood luck!\n", &LINE[..79])).unwrap_err(),
            "line 2: expected 81 cells, found 79 (no puzzle found among the lines)"
        );
        assert_eq!(
            listing("My sudoku, hard one\nGood luck!\n").unwrap_err(),
            "line 1 (\"My sudoku, hard one\") is text: no puzzle found (a line of 16, 81, 256 or \
             625 cells, or a grid's rows)"
        );
        // A text of one line keeps the readers' own error, which names the cell.
        assert_eq!(
            listing(&"é".repeat(81)).unwrap_err(),
            "line 1, cell 1 (r1c1): 'é' is not a digit or a blank"
        );
        // A lone word is a title too.
        assert_eq!(
            listing(&format!("Hard\n{}\n", &LINE[..79])).unwrap_err(),
            "line 2: expected 81 cells, found 79 (no puzzle found among the lines)"
        );
        // Without a line of text, the readers' own error stands.
        assert_eq!(listing(&LINE[..79]).unwrap_err(), "line 1: expected 81 cells, found 79");
        let grid = rows(HDU_LINE, |r| spaced(r, ","));
        assert_eq!(
            listing(&format!("Two of them:\n{LINE}\n\n{grid}")).unwrap_err(),
            "found 2 puzzles among the text, on line 2 and lines 4–12: paste one at a time"
        );
    }
}
