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
        match rest[..digits]
            .parse::<usize>()
            .ok()
            .and_then(|n| self.lines.get(n.wrapping_sub(1)))
        {
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
    /// Cells only: the line's cells, each blank written `.`.
    Cells(String),
    /// Anything else: a title, a sentence.
    Text,
}

/// The characters a blank is written with in a paste.
const BLANKS: [char; 6] = ['.', '0', '-', '_', '*', '?'];

/// The lengths a line of a whole puzzle has (4×4 to 25×25), and a grid's rows.
fn is_puzzle_length(n: usize) -> bool {
    Shape::ALL.iter().any(|s| s.cells() == n)
}

fn is_row_length(n: usize) -> bool {
    Shape::of_side(n).is_some()
}

/// The lines of `text`, split as the readers split them (`\n`, `\r\n` or a lone `\r`).
fn split_lines(text: &str) -> Vec<&str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        lines.push(&rest[..end]);
        rest = &rest[end..];
        rest = rest
            .strip_prefix("\r\n")
            .or(rest.strip_prefix('\r'))
            .or(rest.strip_prefix('\n'))
            .unwrap_or(rest);
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
    let cell = |c: char| c.is_ascii_alphanumeric() || BLANKS.contains(&c);
    let drawn = |c: char| matches!(c, '-' | '+' | '=' | '|') || c.is_whitespace();
    // A line of `-` alone of a row's or puzzle's length is a row or a puzzle of blanks.
    let dashes = line.chars().all(|c| c == '-');
    if line.chars().all(drawn) && !(dashes && (is_row_length(line.len()) || is_puzzle_length(line.len()))) {
        return Piece::Rule;
    }
    let spaced = line.replace(['|', ','], " ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    if !tokens.iter().all(|t| t.chars().all(cell)) {
        return Piece::Text;
    }
    // One token is a row or a puzzle as it is; several, its cells one by one, or its boxes
    // (tokens of one length).
    // (A whole puzzle's cells one by one on a line are not read: only a row's may be spaced.)
    let one_length = tokens.iter().all(|t| t.chars().count() == tokens[0].chars().count());
    let count: usize = tokens.iter().map(|t| t.chars().count()).sum();
    if tokens.len() > 1 && !(one_length && is_row_length(count)) {
        return Piece::Text;
    }
    // A word (three letters in a row, one of them lower case) is text, a title such as
    // "Hard", unless the line is a row or a puzzle of some size in its symbols.
    let joined = tokens.concat();
    let n = joined.chars().count();
    let wordy = joined
        .as_bytes()
        .windows(3)
        .any(|w| w.iter().all(u8::is_ascii_alphabetic) && w.iter().any(u8::is_ascii_lowercase));
    let upper = joined.to_ascii_uppercase();
    let a_size = |s: &Shape| (s.side() == n || s.cells() == n) && fits(s.side(), &upper);
    if wordy && !Shape::ALL.iter().any(a_size) {
        return Piece::Text;
    }
    let cells: String = joined
        .chars()
        .map(|c| {
            if BLANKS.contains(&c) {
                '.'
            } else {
                c.to_ascii_uppercase()
            }
        })
        .collect();
    Piece::Cells(cells)
}

/// Whether `cells` could be `count` cells of a grid of `side` (every symbol one of the size's,
/// in its digits or its letters).
fn fits(side: usize, cells: &str) -> bool {
    let Some(shape) = Shape::of_side(side) else {
        return false;
    };
    let alphabet = Alphabet::detect(shape, cells);
    cells.chars().all(|c| alphabet.digit(c, side).is_some())
}

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
                runs.last_mut().expect("a run is open").push((i, cells.as_str()));
            }
            Piece::Rule if open => {}
            _ => open = false,
        }
    }
    let mut candidates: Vec<(bool, Vec<(usize, &str)>)> = Vec::new();
    for run in &runs {
        let side = run[0].1.chars().count();
        let rows = run.iter().all(|(_, c)| c.chars().count() == side && fits(side, c));
        if run.len() == side && rows && side > 1 {
            candidates.push((true, run.clone()));
            continue;
        }
        for &(i, cells) in run {
            let n = cells.chars().count();
            if let Some(shape) = Shape::ALL.into_iter().find(|s| s.cells() == n) {
                if fits(shape.side(), cells) {
                    candidates.push((false, vec![(i, cells)]));
                }
            }
        }
    }
    let name = |c: &(bool, Vec<(usize, &str)>)| {
        let (first, last) = (c.1[0].0 + 1, c.1[c.1.len() - 1].0 + 1);
        if first == last {
            format!("line {first}")
        } else {
            format!("lines {first}–{last}")
        }
    };
    match &candidates[..] {
        [] => Err(no_puzzle(&lines, &pieces, strict)),
        [(grid, rows)] => {
            let side = rows[0].1.chars().count();
            let text: Vec<String> = rows
                .iter()
                .map(|(_, cells)| match (grid, side) {
                    // The 9×9 grids are read as HDU's rows: cells separated by spaces.
                    (true, 9) => cells.chars().map(String::from).collect::<Vec<_>>().join(" "),
                    _ => cells.to_string(),
                })
                .collect();
            let text = text.join("\n") + "\n";
            let chosen = match (grid, side) {
                (true, 9) => Chosen::Nine(Some(Format::Hdu)),
                (true, _) => Chosen::Boards(BoardFormat::Grid, Shape::of_side(side).expect("a row's length")),
                (false, _) => choose(&text, InputFormat::Auto, None)?,
            };
            let (first, last) = (rows[0].0, rows[rows.len() - 1].0);
            let skipped = (0..lines.len())
                .filter(|&i| (i < first || i > last) && matches!(pieces[i], Piece::Cells(_) | Piece::Text))
                .map(|i| i + 1)
                .collect();
            Ok(Some(Found {
                text,
                chosen,
                grid: *grid,
                lines: rows.iter().map(|(i, _)| i + 1).collect(),
                skipped,
            }))
        }
        // Without a line of text around them, the readers' own error stands.
        many if !pieces.contains(&Piece::Text) && many.len() > 1 => Err(strict),
        many => {
            let names: Vec<String> = many.iter().map(name).collect();
            let (last, rest) = names.split_last().expect("two or more");
            Err(format!(
                "found {} puzzles among the text, on {} and {last}: paste one at a time",
                many.len(),
                rest.join(", ")
            ))
        }
    }
}

/// The error for a paste where no puzzle was found, naming its line first: the readers' own
/// (`strict`) for a text of one line or with no line of text in it; the line of text, when no
/// line holds cells; else the error of the lines of cells (read without the lines of text,
/// their numbers kept), the one that comes nearest to a puzzle.
fn no_puzzle(lines: &[&str], pieces: &[Piece], strict: String) -> String {
    let texts: Vec<usize> = (0..pieces.len()).filter(|&i| pieces[i] == Piece::Text).collect();
    let filled = pieces.iter().filter(|p| **p != Piece::Blank).count();
    let cells = pieces.iter().any(|p| matches!(p, Piece::Cells(_)));
    if texts.is_empty() || filled < 2 {
        return strict;
    }
    if !cells {
        let shown = crate::formats::quote(lines[texts[0]].trim());
        let first = texts[0] + 1;
        return format!(
            "line {first} ({shown}) is text: no puzzle found (a line of 16, 81, 256 or 625 cells, or a grid's rows)"
        );
    }
    let kept: Vec<&str> = (0..lines.len())
        .map(|i| if pieces[i] == Piece::Text { "" } else { lines[i] })
        .collect();
    let kept = kept.join("\n");
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
