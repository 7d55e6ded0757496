//! One puzzle of any size, as the web page hands it in: text in any format the CLI reads,
//! exactly one puzzle, its givens checked. Errors are the readers' own (they name the line
//! and the cell) as strings, ready to cross to JavaScript.

use super::reader::{choose, Chosen, InputFormat, Read, Reader};
use crate::sudoku::{Alphabet, Puzzle, Shape};

/// Exactly one 9×9 puzzle, in any 9×9 format, its givens checked.
pub fn one_puzzle(text: &str) -> Result<Puzzle, String> {
    one(text, Chosen::Nine(None)).map(|(p, _)| p)
}

/// Exactly one puzzle of any size (4×4 to 25×25) in any format, its givens checked, and the
/// alphabet it was written in (answers are written in it too; digits at 9×9).
pub fn any_puzzle(text: &str) -> Result<(Puzzle, Alphabet), String> {
    one(text, choose(text, InputFormat::Auto, None)?)
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
}

/// The [`Listing`] of a text in any format at any size; malformed text is an error naming
/// the line and the cell.
pub fn listing(text: &str) -> Result<Listing, String> {
    let (reader, cases) = read_all(text, choose(text, InputFormat::Auto, None)?)?;
    let shape = reader.shape();
    Ok(Listing {
        format: reader.format_name(),
        shape,
        alphabet: cases.first().map_or(Alphabet::default_for(shape), |c| c.alphabet),
        puzzles: cases.iter().map(|c| c.board.to_line(c.alphabet)).collect(),
    })
}
