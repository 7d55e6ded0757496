//! Pictures of the classic examples' placements: a board of queens, a pentomino tiling, a
//! Langford sequence, a Sudoku board, Knuth's example as its rows. Each is read from the
//! names the example generators ([`super::examples`]) give their items, in this one place,
//! so that a problem typed by hand with the same names is drawn the same way, and a problem
//! no picture fits gets none ([`Drawing::of`] is `None`).
//!
//! A drawing is a grid of `rows` × `cols` cells; each option fills some of them ([`Place`]),
//! with a label (a queen, a piece's letter, a number, a digit) and a group (the colour of a
//! piece or a number). A viewer draws the places of the options in the partial solution.
//!
//! ```
//! use dlx_sudoku::dlx1::{examples, pictures::{Drawing, Kind}};
//! let d = Drawing::of(&examples::queens(8)).unwrap();
//! assert_eq!((d.kind, d.rows, d.cols), (Kind::Queens, 8, 8));
//! // Option 10, "r1 c2 a3 b6": the queen in row 2, column 3 (counted from 1), square 10.
//! assert_eq!(d.places[8 + 2].cells, [8 + 2]);
//! ```

use super::Problem;
use crate::exact_cover::KNUTH_EXAMPLE;

/// What a drawing shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// `n` queens: an `n` × `n` board, a queen per option.
    Queens,
    /// Pentominoes: the board, each option a piece on 5 cells, coloured by piece.
    Pentominoes,
    /// Langford pairs: a row of `2n` places, each option a number in two of them.
    Langford,
    /// A Sudoku: its board, each option a digit in a cell.
    Sudoku,
    /// Knuth's example: a row per option, a column per item; each option fills its row's items.
    Rows,
}

impl Kind {
    /// Its name in the page's words (and for the page's code: `queens`, `pentominoes`, …).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Queens => "queens",
            Kind::Pentominoes => "pentominoes",
            Kind::Langford => "langford",
            Kind::Sudoku => "sudoku",
            Kind::Rows => "rows",
        }
    }
}

/// What one option draws.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Place {
    /// The cells it fills, `row * cols + col`, in the order of its items.
    pub cells: Vec<u32>,
    /// What is written in them: "♛", a piece's letter, a number, a digit, an item's name.
    pub label: String,
    /// Its colour, from 0: a piece, a number, a digit; 0 for a queen; the option for a row.
    pub group: u32,
}

/// A picture of a problem's placements.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Drawing {
    pub kind: Kind,
    pub rows: usize,
    pub cols: usize,
    /// The column headings of [`Kind::Rows`] (the items' names); empty for the others.
    pub heads: Vec<String>,
    /// Each option's place, in option order.
    pub places: Vec<Place>,
}

/// Pictures bigger than this many cells are not drawn (100 queens would be 10,000 squares):
/// the page keeps its text view.
pub const MAX_CELLS: usize = 1024;

/// The twelve pentominoes' names, in their colours' order.
const PIECES: &str = "FILNPTUVWXYZ";

impl Drawing {
    /// The picture that fits `problem`, from its items' names; `None` when none does.
    pub fn of(problem: &Problem) -> Option<Drawing> {
        let d = queens(problem)
            .or_else(|| pentominoes(problem))
            .or_else(|| langford(problem))
            .or_else(|| sudoku(problem))
            .or_else(|| knuth(problem))?;
        (d.rows * d.cols <= MAX_CELLS && d.places.len() == problem.options()).then_some(d)
    }
}

/// `prefix` followed by a number without leading zeros: the number.
fn numbered(name: &str, prefix: &str) -> Option<usize> {
    let digits = name.strip_prefix(prefix)?;
    let ok =
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && (digits == "0" || !digits.starts_with('0'));
    ok.then(|| digits.parse().ok()).flatten()
}

/// The names of an option's items.
fn names(problem: &Problem, option: usize) -> impl Iterator<Item = &str> + '_ {
    problem.option_items(option).map(|i| problem.item_name(i))
}

/// Every option's place, or `None` if one does not fit.
fn each_option(problem: &Problem, place: impl Fn(usize) -> Option<Place>) -> Option<Vec<Place>> {
    (0..problem.options()).map(place).collect()
}

/// Items `r0`…`r(n-1)`, `c0`…`c(n-1)` primary; each option a row and a column (and what else
/// it likes: the diagonals), as `examples::queens` writes it.
fn queens(problem: &Problem) -> Option<Drawing> {
    let n = problem.primary() / 2;
    let primary_ok = n > 0
        && problem.primary() == 2 * n
        && (0..n).all(|i| {
            numbered(problem.item_name(i), "r") == Some(i) && numbered(problem.item_name(n + i), "c") == Some(i)
        });
    if !primary_ok {
        return None;
    }
    let places = each_option(problem, |o| {
        let row = problem.option_items(o).find(|&i| i < n)?;
        let col = problem.option_items(o).find(|&i| (n..2 * n).contains(&i))? - n;
        let count = problem.option_items(o).filter(|&i| i < 2 * n).count();
        (count == 2).then(|| Place {
            cells: vec![(row * n + col) as u32],
            label: "♛".into(),
            group: 0,
        })
    })?;
    Some(Drawing {
        kind: Kind::Queens,
        rows: n,
        cols: n,
        heads: vec![],
        places,
    })
}

/// A cell's name as `examples::pentominoes` writes it: row and column as base-36 digits.
fn cell(name: &str) -> Option<(usize, usize)> {
    let mut chars = name.chars();
    let (r, c) = (chars.next()?, chars.next()?);
    if chars.next().is_some() || r.is_ascii_uppercase() || c.is_ascii_uppercase() {
        return None;
    }
    Some((r.to_digit(36)? as usize, c.to_digit(36)? as usize))
}

/// Items named after pentominoes (`F`, `I`, …), then cells (`00`, `01`, …, `59`); each
/// option a piece and its 5 cells.
fn pentominoes(problem: &Problem) -> Option<Drawing> {
    let is_piece = |name: &str| name.len() == 1 && PIECES.contains(name);
    let pieces = (0..problem.items())
        .take_while(|&i| is_piece(problem.item_name(i)))
        .count();
    if pieces == 0 || pieces == problem.items() {
        return None;
    }
    let cells: Vec<(usize, usize)> = (pieces..problem.items())
        .map(|i| cell(problem.item_name(i)))
        .collect::<Option<_>>()?;
    let rows = cells.iter().map(|c| c.0).max()? + 1;
    let cols = cells.iter().map(|c| c.1).max()? + 1;
    let places = each_option(problem, |o| {
        let mut piece = None;
        let mut at = Vec::new();
        for name in names(problem, o) {
            match cell(name) {
                _ if is_piece(name) && piece.is_none() => piece = Some(name),
                Some((r, c)) => at.push((r, c)),
                None => return None,
            }
        }
        let piece = piece?;
        Some(Place {
            cells: at.iter().map(|&(r, c)| (r * cols + c) as u32).collect(),
            label: piece.into(),
            group: PIECES.find(piece)? as u32,
        })
    })?;
    Some(Drawing {
        kind: Kind::Pentominoes,
        rows,
        cols,
        heads: vec![],
        places,
    })
}

/// Items `1`…`n`, then `s1`…`s2n`; each option a number and two places.
fn langford(problem: &Problem) -> Option<Drawing> {
    let n = problem.items() / 3;
    let items_ok = n > 0
        && problem.items() == 3 * n
        && (0..n).all(|k| numbered(problem.item_name(k), "") == Some(k + 1))
        && (0..2 * n).all(|i| numbered(problem.item_name(n + i), "s") == Some(i + 1));
    if !items_ok {
        return None;
    }
    let places = each_option(problem, |o| {
        let items: Vec<usize> = problem.option_items(o).collect();
        let [k, a, b] = items[..] else { return None };
        if k >= n || a < n || b < n {
            return None;
        }
        let (a, b) = (a - n, b - n);
        Some(Place {
            cells: vec![a as u32, b as u32],
            label: (k + 1).to_string(),
            group: k as u32,
        })
    })?;
    Some(Drawing {
        kind: Kind::Langford,
        rows: 1,
        cols: 2 * n,
        heads: vec![],
        places,
    })
}

/// `rRcC` (the cell in row R, column C, from 1): `(R, C)`.
fn sudoku_cell(name: &str) -> Option<(usize, usize)> {
    let (r, c) = name.strip_prefix('r')?.split_once('c')?;
    Some((numbered(r, "")?, numbered(c, "")?))
}

/// Items named as `Shape::item_label` names them (`r1c1`, `r1#1`, `c1#1`, `b1#1`); each
/// option a cell and a row's digit.
fn sudoku(problem: &Problem) -> Option<Drawing> {
    let cells = (0..problem.items())
        .filter(|&i| sudoku_cell(problem.item_name(i)).is_some())
        .count();
    let side = (1..=25).find(|s| s * s == cells)?;
    if cells == 0 || problem.items() != 4 * cells {
        return None;
    }
    let places = each_option(problem, |o| {
        let (mut at, mut digit) = (None, None);
        for name in names(problem, o) {
            if let Some(rc) = sudoku_cell(name) {
                at = Some(rc);
            } else if let Some((_, d)) = name.strip_prefix('r').and_then(|rest| rest.split_once('#')) {
                digit = Some(d.to_string());
            }
        }
        let ((r, c), d) = (at?, digit?);
        if !(1..=side).contains(&r) || !(1..=side).contains(&c) {
            return None;
        }
        let group = d.parse::<u32>().ok().filter(|&g| g >= 1).map_or(0, |g| g - 1);
        Some(Place {
            cells: vec![((r - 1) * side + c - 1) as u32],
            label: d,
            group,
        })
    })?;
    Some(Drawing {
        kind: Kind::Sudoku,
        rows: side,
        cols: side,
        heads: vec![],
        places,
    })
}

/// Knuth's example itself (items `a`…`g` or `A`…`G`, his six options in his order): its rows.
fn knuth(problem: &Problem) -> Option<Drawing> {
    let items = 7;
    if problem.items() != items {
        return None;
    }
    let lower = (0..items).all(|i| problem.item_name(i) == ((b'a' + i as u8) as char).to_string());
    let upper = (0..items).all(|i| problem.item_name(i) == ((b'A' + i as u8) as char).to_string());
    let same = problem.options() == KNUTH_EXAMPLE.len()
        && (lower || upper)
        && (0..problem.options()).all(|o| problem.option_items(o).eq(KNUTH_EXAMPLE[o].iter().copied()));
    if !same {
        return None;
    }
    let places = each_option(problem, |o| {
        Some(Place {
            cells: problem.option_items(o).map(|i| (o * items + i) as u32).collect(),
            label: String::new(),
            group: o as u32,
        })
    })?;
    Some(Drawing {
        kind: Kind::Rows,
        rows: problem.options(),
        cols: items,
        heads: (0..items).map(|i| problem.item_name(i).to_owned()).collect(),
        places,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dlx1::examples::{self, Example};

    fn drawing(name: &str, arg: Option<&str>) -> Option<Drawing> {
        Drawing::of(&Example::from_args(name, arg).unwrap().problem())
    }

    /// The cells of a solution, as `(row, col, label)`, sorted.
    fn filled(d: &Drawing, options: &[usize]) -> Vec<(usize, usize, String)> {
        let mut out: Vec<_> = options
            .iter()
            .flat_map(|&o| {
                d.places[o]
                    .cells
                    .iter()
                    .map(move |&c| (c as usize / d.cols, c as usize % d.cols, d.places[o].label.clone()))
            })
            .collect();
        out.sort();
        out
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn each_queens_solution_is_a_board_with_a_queen_per_row_column_and_diagonal() {
        for n in [1, 4, 5, 8] {
            let problem = examples::queens(n);
            let d = Drawing::of(&problem).unwrap();
            assert_eq!((d.kind, d.rows, d.cols), (Kind::Queens, n, n));
            for solution in problem.matrix().clone().solutions(100) {
                let cells = filled(&d, &solution);
                assert_eq!(cells.len(), n);
                for (k, &(r, c, _)) in cells.iter().enumerate() {
                    assert_eq!(r, k, "one queen in each row");
                    for &(r2, c2, _) in &cells[k + 1..] {
                        assert!(c != c2 && r2 - r != c.abs_diff(c2), "{cells:?}: queens attack");
                    }
                }
            }
        }
        // The option "r1 c2 a3 b6" (n = 5): the queen in row 2, column 3, square 7.
        let d = drawing("queens", Some("5")).unwrap();
        assert_eq!(d.places[7].cells, [7]);
        assert!(
            drawing("queens", Some("100")).is_none(),
            "10,000 squares: the text view stays"
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_pentomino_solution_tiles_its_board_each_piece_once() {
        for (rows, cols, arg) in [(3, 5, "3x5"), (6, 10, "6x10")] {
            let problem = Example::from_args("pentominoes", Some(arg)).unwrap().problem();
            let d = Drawing::of(&problem).unwrap();
            assert_eq!((d.kind, d.rows, d.cols), (Kind::Pentominoes, rows, cols));
            let solution = &problem.matrix().clone().solutions(1)[0];
            let mut board = vec![None; rows * cols];
            for &o in solution {
                let p = &d.places[o];
                assert_eq!(p.cells.len(), 5);
                assert_eq!(
                    p.label,
                    names(&problem, o).next().unwrap(),
                    "the piece is the option's first item"
                );
                assert_eq!(p.group as usize, PIECES.find(&p.label).unwrap());
                for &c in &p.cells {
                    assert_eq!(
                        board[c as usize].replace(p.label.clone()),
                        None,
                        "cell {c} filled twice"
                    );
                }
            }
            assert!(board.iter().all(Option::is_some), "every cell tiled");
        }
        // "L 00 10 20 21" on 3×5: (row, column) from 1.
        let problem = Problem::parse("L 00 01 02 03 04 10 11 12 13 14 20 21 22 23 24\nL 00 10 20 21\n").unwrap();
        let d = Drawing::of(&problem).unwrap();
        assert_eq!((d.rows, d.cols), (3, 5));
        assert_eq!(d.places[0].cells, [0, 5, 10, 11]);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn langford_sudoku_and_knuth_are_drawn_as_their_sequence_board_and_rows() {
        let problem = examples::langford(4);
        let d = Drawing::of(&problem).unwrap();
        assert_eq!((d.kind, d.rows, d.cols), (Kind::Langford, 1, 8));
        let solution = &problem.matrix().clone().solutions(1)[0];
        let seq: String = filled(&d, solution).into_iter().map(|c| c.2).collect();
        assert!(seq == "41312432" || seq == "23421314", "{seq}");

        let line = "1..4..3.........";
        let d = drawing("sudoku", Some(line)).unwrap();
        assert_eq!((d.kind, d.rows, d.cols), (Kind::Sudoku, 4, 4));
        let problem = Example::from_args("sudoku", Some(line)).unwrap().problem();
        let solution = &problem.matrix().clone().solutions(1)[0];
        let grid: String = filled(&d, solution).into_iter().map(|c| c.2).collect();
        assert_eq!(grid.len(), 16);
        assert!(
            grid.chars().zip(line.chars()).all(|(g, l)| l == '.' || g == l),
            "{grid} keeps the givens of {line}"
        );
        assert_eq!(drawing("sudoku", Some(&".".repeat(81))).unwrap().rows, 9);

        let d = drawing("knuth", None).unwrap();
        assert_eq!((d.kind, d.rows, d.cols), (Kind::Rows, 6, 7));
        assert_eq!(d.heads, ["a", "b", "c", "d", "e", "f", "g"]);
        assert_eq!(d.places[0].cells, [2, 4, 5], "c e f");
        assert_eq!(d.places[3].cells, [21, 24], "a d, in row 4");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_problem_no_picture_fits_has_none() {
        for text in [
            "a b c\na b\nc\n",
            // queens' names, but an option on two rows
            "r0 r1 c0 c1\nr0 r1 c0\nr1 c1\n",
            // Langford's names, an option with a number alone
            "1 s1 s2 s3\n1 s1 s3\n1\n",
            // Knuth's items with another option
            "a b c d e f g\na b c d e f g\n",
            // pentomino pieces and a cell named wrongly
            "F 00 zz9\nF 00 zz9\n",
        ] {
            let problem = Problem::parse(text).unwrap();
            assert_eq!(Drawing::of(&problem), None, "{text}");
        }
        // Hand-typed with the examples' names: drawn as they are.
        let problem = Problem::parse("r0 r1 c0 c1\nr0 c0\nr0 c1\nr1 c0\nr1 c1\n").unwrap();
        assert_eq!(Drawing::of(&problem).unwrap().kind, Kind::Queens);
    }
}
