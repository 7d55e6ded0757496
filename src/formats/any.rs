//! One puzzle of any size, as the web page hands it in: text in any format the CLI reads,
//! exactly one puzzle, its givens checked. Errors are the readers' own (they name the line
//! and the cell) as strings, ready to cross to JavaScript.

use super::boards;
use crate::sudoku::{Alphabet, Puzzle, Shape};

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
    let puzzles = parsed.cases.iter().map(|c| c.grid.to_line()).collect();
    Ok(Listing {
        format: parsed.format.name(),
        shape: Shape::NINE,
        alphabet: Alphabet::Digits,
        puzzles,
    })
}
