//! What the givens of a grid being typed do wrong: the clashes, each named with the earlier
//! cell of its unit, and the cells in which no digit fits (looked for only when nothing
//! clashes). The page asks this on every key (`checkGivens`).

use super::{cell_name, Alphabet, Board, Shape};

/// A given that breaks a rule: `cell` clashes with the earlier `other` of its unit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedClash {
    pub cell: usize,
    pub other: usize,
    /// "r1c2: 1 already in row 1 (r1c1)".
    pub message: String,
}

/// The clashes of a grid's givens, and its stuck cells (empty cells where no digit fits the
/// givens; none looked for when something clashes).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct GivensCheck {
    pub clashes: Vec<NamedClash>,
    pub stuck: Vec<usize>,
}

/// Checks a line of 16, 81, 256 or 625 cells (`.`, `0` or `-` for a blank). `alphabet`
/// ("digits" or "letters", for 16×16 where both are allowed) says how the line is written;
/// without it, as the line reads (letters unless it holds a digit 1–9). A line of no size,
/// a character that is no symbol, or an alphabet the size does not have is an error that
/// names it.
pub fn check_givens(text: &str, alphabet: Option<&str>) -> Result<GivensCheck, String> {
    let cells = text.trim_end();
    let (clashes, candidates, shape) = match Shape::of_cells(cells.chars().count()).filter(|&s| s != Shape::NINE) {
        Some(shape) => {
            let alphabet = match alphabet {
                Some(name) => Alphabet::named(name, shape)?,
                None => Alphabet::detect(shape, cells),
            };
            let board = Board::parse(shape, alphabet, cells).map_err(|e| e.to_string())?;
            let clashes: Vec<NamedClash> = board
                .clashes()
                .into_iter()
                .map(|c| NamedClash {
                    cell: c.cell,
                    other: c.other,
                    message: format!("{} ({})", c.describe(shape, alphabet), shape.cell_name(c.other)),
                })
                .collect();
            (clashes, board.candidates(), shape)
        }
        None => {
            let grid = Board::parse_line(text).map_err(|e| e.to_string())?;
            // 9×9 has one alphabet; another one named is an error, as at the other sizes.
            if let Some(name) = alphabet {
                Alphabet::named(name, Shape::NINE)?;
            }
            let clashes = grid
                .clashes()
                .into_iter()
                .map(|c| NamedClash {
                    cell: c.cell,
                    other: c.other,
                    message: format!("{c} ({})", cell_name(c.other)),
                })
                .collect();
            let candidates = grid.candidates();
            (clashes, candidates, Shape::NINE)
        }
    };
    debug_assert_eq!(candidates.len(), shape.cells());
    let stuck = if clashes.is_empty() {
        (0..candidates.len()).filter(|&c| candidates[c] == 0).collect()
    } else {
        Vec::new()
    };
    Ok(GivensCheck { clashes, stuck })
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = ".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.";
    const HARD: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const POJ3076: &str = include_str!("../../tests/data/poj3076.in");

    fn clashes(c: &GivensCheck) -> Vec<(usize, usize, String)> {
        c.clashes.iter().map(|c| (c.cell, c.other, c.message.clone())).collect()
    }

    fn check(line: &str) -> GivensCheck {
        check_givens(line, None).expect("a line of some size")
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn check_givens_names_clashes_and_stuck_cells() {
        // Two 1s in row 1 and box 1: two clashes, both of r1c2 with r1c1; no stuck cell looked for.
        let r = check(&format!("11{}", ".".repeat(79)));
        assert_eq!(
            clashes(&r),
            vec![
                (1, 0, "r1c2: 1 already in row 1 (r1c1)".to_string()),
                (1, 0, "r1c2: 1 already in box 1 (r1c1)".to_string()),
            ]
        );
        assert_eq!(r.stuck, Vec::<usize>::new());
        // r1c1 sees 2..9 in its row and 1 in its column: stuck, though nothing clashes.
        // With clashes too (two 5s in row 9 and box 7), only the clashes are named.
        let both = format!(".23456789{}{}55{}", "1", ".".repeat(62), ".".repeat(7));
        let r = check(&both);
        assert_eq!(clashes(&r).len(), 2);
        assert_eq!(r.stuck, Vec::<usize>::new(), "no stuck cell looked for");
        let stuck = format!(".23456789{}{}", "1", ".".repeat(71));
        let r = check(&stuck);
        assert!(r.clashes.is_empty());
        assert_eq!(r.stuck, vec![0]);
        // "0" blanks work too.
        let r = check(&stuck.replace('.', "0"));
        assert_eq!((r.clashes.len(), r.stuck), (0, vec![0]));
        // r1c9 sees 1..8 in its row and the 9 of r3c7 in its box alone: stuck too.
        let by_box = format!("12345678.{}......9..{}", ".".repeat(9), ".".repeat(54));
        let r = check(&by_box);
        assert_eq!((r.clashes.len(), r.stuck), (0, vec![8]));
        for fine in [".".repeat(81), SAMPLE.to_string(), HARD.to_string()] {
            let r = check(&fine);
            assert!(r.clashes.is_empty() && r.stuck.is_empty(), "{fine}");
        }
        // A column clash, named with the earlier cell.
        let col = format!("5{}5{}", ".".repeat(71), ".".repeat(8));
        assert_eq!(col.len(), 81);
        assert_eq!(
            clashes(&check(&col)),
            vec![(72, 0, "r9c1: 5 already in column 1 (r1c1)".to_string())]
        );
        // Lines of the wrong length and bad characters are errors.
        for bad in [".".repeat(80), ".".repeat(82), String::new()] {
            let m = check_givens(&bad, None).unwrap_err();
            assert!(m.contains("81"), "{m:?} names 81");
        }
        assert!(check_givens(&format!("x{}", ".".repeat(80)), None)
            .unwrap_err()
            .contains('x'));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn clashes_at_every_size_are_named_in_the_line_s_alphabet() {
        let poj: String = POJ3076.split_whitespace().collect();
        let mut line = poj.clone();
        line.replace_range(0..1, "A");
        let first = &check(&line).clashes[0];
        assert_eq!(first.message, "r1c3: A already in row 1 (r1c1)");
        assert_eq!(first.cell, 2);
        assert!(check(&poj).clashes.is_empty());
        assert_eq!(
            check_givens(&format!("Q{}", &poj[1..]), None).unwrap_err(),
            "cell 1 (r1c1): 'Q' is not a symbol of a 16×16 grid (A–P) or a blank"
        );
        // A line of letters A–G only is ambiguous at 16×16: the alphabet named decides.
        let two_as = format!("AA{}", ".".repeat(254));
        for alphabet in ["digits", "letters"] {
            let r = check_givens(&two_as, Some(alphabet)).unwrap();
            assert_eq!(r.clashes[0].message, "r1c2: A already in row 1 (r1c1)", "{alphabet}");
        }
        // A size's alphabets only, at 9×9 too (whose line is read by the 9×9 reader).
        for (cells, alphabet, side) in [(81, "letters", 9), (16, "letters", 4), (625, "digits", 25)] {
            assert_eq!(
                check_givens(&".".repeat(cells), Some(alphabet)).unwrap_err(),
                format!("a {side}×{side} grid is not written in {alphabet}")
            );
        }
        assert!(check_givens(&".".repeat(81), Some("digits")).is_ok());
        assert_eq!(
            check_givens(&".".repeat(256), Some("runes")).unwrap_err(),
            "no alphabet \"runes\" (digits, hex or letters)"
        );
        let ten_in_digits = check_givens(&format!("G{}", ".".repeat(255)), Some("digits")).unwrap();
        assert!(ten_in_digits.clashes.is_empty());
        assert!(check_givens(&format!("P{}", ".".repeat(255)), Some("digits"))
            .unwrap_err()
            .contains("'P'"));
    }
}
