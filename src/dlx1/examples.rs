//! Classic exact-cover problems, made as [`Problem`]s: to study, to count, and to time the
//! engine against other solvers on the same input. Every name fits in 8 bytes, so the DLX1
//! text of each (see [`Problem::to_dlx1`]) is also input for Knuth's own DLX1.
//!
//! ```
//! use dlx_sudoku::dlx1::examples::Example;
//! let example = Example::from_args("queens", Some("6")).unwrap();
//! assert_eq!(example.known_count(), Some(4));
//! let problem = example.problem();
//! assert_eq!(problem.matrix().clone().solutions(10).len(), 4);
//! ```

use std::fmt;

#[cfg(not(target_arch = "wasm32"))]
use super::families::{self, Matching, Packing, Tiling};
use super::Problem;
use crate::exact_cover::KNUTH_EXAMPLE;
use crate::sudoku::model::Shape;
use crate::sudoku::{Alphabet, Board, Puzzle};

/// The largest `n` for `queens` and `langford` (about 4 and 6 million entries).
pub const MAX_N: usize = 1000;

/// One of the problems this module makes.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Example {
    /// `n` queens on an `n` × `n` board: rows and columns primary, diagonals secondary.
    Queens(usize),
    /// The 12 pentominoes on a board of `rows` × `cols` = 60 cells, every orientation allowed.
    Pentominoes { rows: usize, cols: usize },
    /// Langford pairs: two copies of each of 1..=n in 2n places, the copies of `k` `k` apart.
    Langford(usize),
    /// The 7-item example of Knuth's "Dancing Links".
    Knuth,
    /// The problem of a Sudoku puzzle: 324 items at 9×9, 64 at 4×4 (the teaching size).
    Sudoku(Puzzle),
    /// Word squares (with colours): `n` × `n` arrays whose rows and columns are all words of
    /// a list of `n`-letter words, read from the file `source`. Not in wasm, which has no
    /// files (and so not the bytes of the code that makes them: see `from_args`).
    #[cfg(not(target_arch = "wasm32"))]
    WordSquares { words: Vec<String>, source: String },
    /// Graceful labellings of a graph (with colours).
    Graceful(Graph),
    /// Tilings of a board (maybe with a hole) by dominoes, trominoes or pentominoes. This
    /// and the three families below are the command line's benchmark families, not in wasm:
    /// the page's gallery does not offer them, and their code cost its module 17 KB gzipped (176,421 B against 159,479).
    #[cfg(not(target_arch = "wasm32"))]
    Tiling(Tiling),
    /// Packings of a box by polycubes: the Soma pieces, or the pentominoes as flat pentacubes.
    #[cfg(not(target_arch = "wasm32"))]
    Polycubes(Packing),
    /// Perfect matchings of a graph: every option has two items.
    #[cfg(not(target_arch = "wasm32"))]
    Matching(Matching),
    /// Latin squares of order `n` (with colours).
    #[cfg(not(target_arch = "wasm32"))]
    Latin(usize),
}

/// A graph of [`Example::Graceful`], by its family and size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Graph {
    /// `Pn`: the path of `n` vertices.
    Path(usize),
    /// `Cn`: the cycle of `n` vertices.
    Cycle(usize),
    /// `Kn`: the complete graph on `n` vertices.
    Complete(usize),
    /// `Wn`: the wheel of `n` spokes (a hub and a cycle of `n` vertices).
    Wheel(usize),
}

/// The most edges (and labels) of a graph for `graceful`: labels 0 to 61 are one character
/// each (0–9, a–z, A–Z), so that every colour is one character, as Knuth's DLX2 reads them.
pub const MAX_GRACEFUL_EDGES: usize = 61;

impl Graph {
    /// `P5`, `C7`, `K4`, `W6`, as `graceful` takes them; `None` for anything else, or a graph
    /// with more than [`MAX_GRACEFUL_EDGES`] edges.
    pub fn parse(s: &str) -> Option<Graph> {
        let mut chars = s.chars();
        let family = chars.next()?;
        let n: usize = chars.as_str().parse().ok()?;
        let graph = match family {
            'P' if n >= 2 => Graph::Path(n),
            'C' if n >= 3 => Graph::Cycle(n),
            'K' if n >= 2 => Graph::Complete(n),
            'W' if n >= 3 => Graph::Wheel(n),
            _ => return None,
        };
        (graph.edges().len() <= MAX_GRACEFUL_EDGES).then_some(graph)
    }

    pub fn vertices(self) -> usize {
        match self {
            Graph::Path(n) | Graph::Cycle(n) | Graph::Complete(n) => n,
            Graph::Wheel(n) => n + 1,
        }
    }

    /// The edges, each `(u, v)` with `u < v`.
    pub fn edges(self) -> Vec<(usize, usize)> {
        match self {
            Graph::Path(n) => (1..n).map(|v| (v - 1, v)).collect(),
            Graph::Cycle(n) => (1..n).map(|v| (v - 1, v)).chain([(0, n - 1)]).collect(),
            Graph::Complete(n) => (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect(),
            // The hub is vertex 0, the rim 1..=n.
            Graph::Wheel(n) => (1..=n)
                .map(|v| (0, v))
                .chain((2..=n).map(|v| (v - 1, v)))
                .chain([(1, n)])
                .collect(),
        }
    }
}

impl fmt::Display for Graph {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Graph::Path(n) => write!(f, "P{n}"),
            Graph::Cycle(n) => write!(f, "C{n}"),
            Graph::Complete(n) => write!(f, "K{n}"),
            Graph::Wheel(n) => write!(f, "W{n}"),
        }
    }
}

/// The boards `pentominoes` takes, with the pieces each holds: all twelve on 60 cells, or a
/// few on a board small enough to watch the whole search (3x5: L, N and V, 4 solutions).
pub const PENTOMINO_BOARDS: [(usize, usize, &str); 5] = [
    (6, 10, ALL_PIECES),
    (5, 12, ALL_PIECES),
    (4, 15, ALL_PIECES),
    (3, 20, ALL_PIECES),
    (3, 5, "LNV"),
];

/// The names of the twelve pentominoes.
pub const ALL_PIECES: &str = "FILNPTUVWXYZ";

/// The pieces of a board of [`PENTOMINO_BOARDS`] (all twelve for a board not listed).
fn board_pieces(rows: usize, cols: usize) -> &'static str {
    PENTOMINO_BOARDS
        .iter()
        .find(|b| (b.0, b.1) == (rows, cols))
        .map_or(ALL_PIECES, |b| b.2)
}

/// The names `Example::from_args` takes, with what each wants after it.
pub const NAMES: [(&str, &str); 11] = [
    ("queens", "N (1 to 1000)"),
    ("pentominoes", "6x10, 5x12, 4x15, 3x20 or 3x5 (L, N, V only)"),
    ("langford", "N (1 to 1000)"),
    ("knuth", "nothing"),
    (
        "sudoku",
        "an 81-character puzzle, or a 16-character 4×4 one (digits 1–4), '.', '0' or '-' blank",
    ),
    (
        "word-squares",
        "a word list: a file of words of one length (2 to 16), one a line",
    ),
    (
        "graceful",
        "a graph: Pn (path of n vertices), Cn (cycle), Kn (complete), Wn (wheel of n spokes), at most 61 edges",
    ),
    (
        "tiling",
        "PIECES BOARD: dominoes, trominoes, pentominoes or pentomino letters (LNV), then RxC or RxC-HxW (an HxW hole in the middle), sides 1 to 35",
    ),
    (
        "polycubes",
        "PIECES BOX: soma or pentominoes, then XxYxZ, sides 1 to 35",
    ),
    ("matching", "a graph: Kn (complete, n from 2 to 1000) or Qd (hypercube, d from 1 to 12)"),
    ("latin", "N (2 to 7)"),
];

/// The most words `word-squares` reads (each makes 2n options of n + 1 items).
pub const MAX_WORDS: usize = 100_000;

impl Example {
    /// The example `name` with its argument, as the command line gives them; the error says
    /// what was expected.
    pub fn from_args(name: &str, arg: Option<&str>) -> Result<Example, String> {
        let Some(&(_, wants)) = NAMES.iter().find(|(n, _)| *n == name) else {
            let names: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
            return Err(format!(
                "unknown example {} (expected {})",
                crate::formats::quote(name),
                names.join(", ")
            ));
        };
        let bad = || format!("{name} takes {wants}");
        let number = |arg: Option<&str>| match arg.map(str::parse::<usize>) {
            Some(Ok(n)) if (1..=MAX_N).contains(&n) => Ok(n),
            _ => Err(bad()),
        };
        match (name, arg) {
            ("queens", _) => number(arg).map(Example::Queens),
            ("langford", _) => number(arg).map(Example::Langford),
            ("knuth", None) => Ok(Example::Knuth),
            ("pentominoes", Some(board)) => PENTOMINO_BOARDS
                .into_iter()
                .find(|(r, c, _)| format!("{r}x{c}") == board)
                .map(|(rows, cols, _)| Example::Pentominoes { rows, cols })
                .ok_or_else(bad),
            ("sudoku", Some(line)) if line.chars().count() == Shape::FOUR.cells() => {
                let board = Board::parse(Shape::FOUR, Alphabet::Digits, line).map_err(|e| format!("sudoku: {e}"))?;
                Puzzle::new(board)
                    .map(Example::Sudoku)
                    .map_err(|e| format!("sudoku: {e}"))
            }
            // Another length is said against both sizes the example takes, not 9×9's alone.
            ("sudoku", Some(line)) if line.chars().count() != Shape::NINE.cells() => Err(format!(
                "sudoku: expected 81 cells (or 16 for a 4×4), found {}",
                line.chars().count()
            )),
            ("sudoku", Some(line)) => line
                .parse::<Puzzle>()
                .map(Example::Sudoku)
                .map_err(|e| format!("sudoku: {e}")),
            #[cfg(target_arch = "wasm32")]
            ("word-squares", Some(_)) => Err(
                "word-squares: the word list is a file, which only the command line reads \
                 (dlx-sudoku cover --example word-squares FILE)"
                    .to_string(),
            ),
            #[cfg(not(target_arch = "wasm32"))]
            ("word-squares", Some(path)) => {
                let text = std::fs::read(path).map_err(|e| format!("word-squares: {path}: {e}"))?;
                let words =
                    word_list(&String::from_utf8_lossy(&text)).map_err(|e| format!("word-squares: {path}: {e}"))?;
                Ok(Example::WordSquares {
                    words,
                    source: path.to_string(),
                })
            }
            ("graceful", Some(graph)) => Graph::parse(graph).map(Example::Graceful).ok_or_else(bad),
            #[cfg(target_arch = "wasm32")]
            (name @ ("tiling" | "polycubes" | "matching" | "latin"), Some(_)) => Err(format!(
                "{name}: a benchmark family of the command line (dlx-sudoku cover --example {name} ...), not in the page's build"
            )),
            #[cfg(not(target_arch = "wasm32"))]
            ("tiling", Some(arg)) => match arg.split_whitespace().collect::<Vec<_>>()[..] {
                [pieces, board] => Tiling::parse(pieces, board).map(Example::Tiling).ok_or_else(bad),
                _ => Err(bad()),
            },
            #[cfg(not(target_arch = "wasm32"))]
            ("polycubes", Some(arg)) => match arg.split_whitespace().collect::<Vec<_>>()[..] {
                [pieces, size] => Packing::parse(pieces, size).map(Example::Polycubes).ok_or_else(bad),
                _ => Err(bad()),
            },
            #[cfg(not(target_arch = "wasm32"))]
            ("matching", Some(graph)) => Matching::parse(graph).map(Example::Matching).ok_or_else(bad),
            #[cfg(not(target_arch = "wasm32"))]
            ("latin", Some(n)) => match n.parse() {
                Ok(n) if (2..=families::MAX_LATIN).contains(&n) => Ok(Example::Latin(n)),
                _ => Err(bad()),
            },
            _ => Err(bad()),
        }
    }

    /// The number of solutions, where it is known (counting every symmetry as a solution).
    pub fn known_count(&self) -> Option<u64> {
        const QUEENS: [u64; 14] = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596];
        const LANGFORD: [u64; 12] = [0, 0, 2, 2, 0, 0, 52, 300, 0, 0, 35584, 216288];
        match *self {
            Example::Queens(n) => QUEENS.get(n - 1).copied(),
            Example::Langford(n) if n % 4 == 1 || n % 4 == 2 => Some(0),
            Example::Langford(n) => LANGFORD.get(n - 1).copied(),
            Example::Pentominoes { rows, cols } => Some(match (rows, cols) {
                (6, _) => 9356,
                (5, _) => 4040,
                (4, _) => 1472,
                (3, 5) => 4,
                _ => 8,
            }),
            Example::Knuth => Some(1),
            Example::Sudoku(_) => None,
            #[cfg(not(target_arch = "wasm32"))]
            Example::WordSquares { .. } => None,
            Example::Graceful(g) => graceful_count(g),
            #[cfg(not(target_arch = "wasm32"))]
            Example::Tiling(ref t) => t.known_count(),
            #[cfg(not(target_arch = "wasm32"))]
            Example::Polycubes(p) => p.known_count(),
            #[cfg(not(target_arch = "wasm32"))]
            Example::Matching(m) => m.known_count(),
            #[cfg(not(target_arch = "wasm32"))]
            Example::Latin(n) => families::latin_count(n),
        }
    }

    /// The problem.
    pub fn problem(&self) -> Problem {
        match *self {
            Example::Queens(n) => queens(n),
            Example::Pentominoes { rows, cols } => pentomino_set(rows, cols, board_pieces(rows, cols)),
            Example::Langford(n) => langford(n),
            Example::Knuth => knuth(),
            Example::Sudoku(ref puzzle) => sudoku(puzzle),
            #[cfg(not(target_arch = "wasm32"))]
            Example::WordSquares { ref words, .. } => word_squares(words),
            Example::Graceful(g) => graceful(g),
            #[cfg(not(target_arch = "wasm32"))]
            Example::Tiling(ref t) => t.problem(),
            #[cfg(not(target_arch = "wasm32"))]
            Example::Polycubes(p) => p.problem(),
            #[cfg(not(target_arch = "wasm32"))]
            Example::Matching(m) => m.problem(),
            #[cfg(not(target_arch = "wasm32"))]
            Example::Latin(n) => families::latin(n),
        }
    }

    /// The problem in the DLX1 format, after a comment that says what it is and, where it is
    /// published, its count. The page's workbench shows the same text to a class: it names the
    /// problem, not the tool that wrote it.
    pub fn to_dlx1(&self) -> String {
        let comment = match self.known_count() {
            Some(n) => format!("{self} ({n} solution{})", if n == 1 { "" } else { "s" }),
            None => self.to_string(),
        };
        self.problem().to_dlx1(&comment)
    }
}

impl fmt::Display for Example {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Example::Queens(n) => write!(
                f,
                "{n} queens: items r (rows) and c (columns) primary, a and b (diagonals) secondary"
            ),
            Example::Pentominoes { rows, cols } => match board_pieces(*rows, *cols) {
                ALL_PIECES => write!(
                    f,
                    "the 12 pentominoes on a {rows}x{cols} board, every orientation (each tiling counted 4 times)"
                ),
                some => write!(
                    f,
                    "the pentominoes {some} on a {rows}x{cols} board, every orientation (each tiling counted 4 times)"
                ),
            },
            Example::Langford(n) => write!(
                f,
                "Langford pairs for n = {n}: values 1..{n}, places s1..s{} (each sequence and its reverse)",
                2 * n
            ),
            Example::Knuth => write!(f, "Knuth's example from \"Dancing Links\""),
            Example::Sudoku(p) => {
                let side = p.shape().side();
                let size = if side == 9 { String::new() } else { format!("{side}×{side} ") };
                write!(
                    f,
                    "the {size}Sudoku {}: items pRC (cell), rRD, cCD, bBD (row, column, box has digit)",
                    p.givens().to_line(Alphabet::Digits)
                )
            }
            #[cfg(not(target_arch = "wasm32"))]
            Example::WordSquares { words, source } => {
                let n = words.first().map_or(0, |w| w.chars().count());
                write!(
                    f,
                    "{n}x{n} word squares from {source} ({} words): rows Ri and columns Cj primary, cells ij secondary, coloured by their letter",
                    words.len()
                )
            }
            Example::Graceful(g) => write!(
                f,
                "graceful labellings of {g} ({} vertices, {} edges): labels K and edges u-v primary; vertices .v (coloured by their label) and labels +K (coloured by their vertex) secondary",
                g.vertices(),
                g.edges().len()
            ),
            #[cfg(not(target_arch = "wasm32"))]
            Example::Tiling(t) => write!(f, "{t}"),
            #[cfg(not(target_arch = "wasm32"))]
            Example::Polycubes(p) => write!(f, "{p}"),
            #[cfg(not(target_arch = "wasm32"))]
            Example::Matching(m) => write!(f, "{m}"),
            #[cfg(not(target_arch = "wasm32"))]
            Example::Latin(n) => write!(
                f,
                "Latin squares of order {n}: the word squares of the {} permutations of 1..{n} (rows Ri, columns Cj primary; cells ij secondary, coloured by their symbol)",
                (1..=*n).product::<usize>()
            ),
        }
    }
}

/// `n` queens: a queen in each row `rI` and column `cJ` (primary), at most one on each
/// diagonal `aK` (I + J) and `bK` (I - J + n - 1) (secondary); I, J from 0.
pub fn queens(n: usize) -> Problem {
    let primary = (0..n).map(|i| format!("r{i}")).chain((0..n).map(|j| format!("c{j}")));
    let diagonals = 2 * n - 1;
    let secondary = (0..diagonals)
        .map(|k| format!("a{k}"))
        .chain((0..diagonals).map(|k| format!("b{k}")));
    let mut problem = Problem::new(primary, secondary);
    for i in 0..n {
        for j in 0..n {
            let option = [
                format!("r{i}"),
                format!("c{j}"),
                format!("a{}", i + j),
                format!("b{}", i + n - 1 - j),
            ];
            problem.add_option(&option).expect("queens: well formed");
        }
    }
    problem
}

/// The pentominoes in a 3×3 or 5×1 frame, row by row: `#` is a cell.
const PENTOMINOES: [(char, [&str; 5]); 12] = [
    ('F', [".##", "##.", ".#.", "", ""]),
    ('I', ["#", "#", "#", "#", "#"]),
    ('L', ["#.", "#.", "#.", "##", ""]),
    ('N', [".#", ".#", "##", "#.", ""]),
    ('P', ["##", "##", "#.", "", ""]),
    ('T', ["###", ".#.", ".#.", "", ""]),
    ('U', ["#.#", "###", "", "", ""]),
    ('V', ["#..", "#..", "###", "", ""]),
    ('W', ["#..", "##.", ".##", "", ""]),
    ('X', [".#.", "###", ".#.", "", ""]),
    ('Y', [".#", "##", ".#", ".#", ""]),
    ('Z', ["##.", ".#.", ".##", "", ""]),
];

/// The cells `(row, col)` of the pentomino `name` (a letter of [`ALL_PIECES`]).
///
/// # Panics
/// If `name` is not one.
pub(super) fn pentomino_cells(name: char) -> Vec<(i32, i32)> {
    let (_, picture) = PENTOMINOES.iter().find(|p| p.0 == name).expect("a pentomino's letter");
    picture_cells(picture)
}

/// The cells of a piece's picture (`#` marks a cell), `(row, col)` from its top left.
pub(super) fn picture_cells(picture: &[&str]) -> Vec<(i32, i32)> {
    picture
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            row.chars()
                .enumerate()
                .filter(|&(_, ch)| ch == '#')
                .map(move |(c, _)| (r as i32, c as i32))
        })
        .collect()
}

/// Every distinct orientation (rotations and reflections) of a piece, each as its cells
/// `(row, col)` sorted, moved to touch row 0 and column 0.
pub(super) fn orientations(cells: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
    for t in 0..8 {
        let mut shape: Vec<(i32, i32)> = cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                (if t & 1 != 0 { -r } else { r }, if t & 2 != 0 { -c } else { c })
            })
            .collect();
        let (r0, c0) = (
            shape.iter().map(|p| p.0).min().unwrap(),
            shape.iter().map(|p| p.1).min().unwrap(),
        );
        shape.iter_mut().for_each(|p| *p = (p.0 - r0, p.1 - c0));
        // Sorted by insertion (a piece has a few cells): the library's sort was 8 KB of the
        // wasm module, for this alone.
        for i in 1..shape.len() {
            let mut j = i;
            while j > 0 && shape[j - 1] > shape[j] {
                shape.swap(j - 1, j);
                j -= 1;
            }
        }
        if !out.contains(&shape) {
            out.push(shape);
        }
    }
    out
}

/// A cell's name: its row and column as base-36 digits (`0a` is row 0, column 10).
pub(super) fn cell(r: usize, c: usize) -> String {
    let digit = |n: usize| char::from_digit(n as u32, 36).expect("below 36");
    [digit(r), digit(c)].iter().collect()
}

/// The 12 pentominoes on a `rows` × `cols` board: an item per piece (`F`, `I`, …) and per
/// cell (its row and column as base-36 digits: `0a` is row 0, column 10), all primary; an
/// option per placement of each orientation.
///
/// # Panics
/// If the board has 36 rows or columns or more.
pub fn pentominoes(rows: usize, cols: usize) -> Problem {
    pentomino_set(rows, cols, ALL_PIECES)
}

/// As [`pentominoes`], with only the pieces named in `pieces` (letters of [`ALL_PIECES`];
/// others are ignored), in the order of [`ALL_PIECES`].
///
/// # Panics
/// If the board has 36 rows or columns or more.
pub fn pentomino_set(rows: usize, cols: usize, pieces: &str) -> Problem {
    assert!(rows < 36 && cols < 36, "pentominoes: board too big to name its cells");
    let used = || PENTOMINOES.iter().filter(|(name, _)| pieces.contains(*name));
    let names = used().map(|(name, _)| name.to_string());
    let cells = (0..rows).flat_map(|r| (0..cols).map(move |c| cell(r, c)));
    let mut problem = Problem::new(names.chain(cells), std::iter::empty());
    for (name, _) in used() {
        for orientation in orientations(&pentomino_cells(*name)) {
            let height = orientation.iter().map(|p| p.0).max().unwrap() as usize + 1;
            let width = orientation.iter().map(|p| p.1).max().unwrap() as usize + 1;
            for r in 0..=rows.saturating_sub(height) {
                for c in 0..=cols.saturating_sub(width) {
                    if height > rows || width > cols {
                        continue;
                    }
                    let mut option = vec![name.to_string()];
                    option.extend(
                        orientation
                            .iter()
                            .map(|&(dr, dc)| cell(r + dr as usize, c + dc as usize)),
                    );
                    problem.add_option(&option).expect("pentominoes: well formed");
                }
            }
        }
    }
    problem
}

/// Langford pairs for `n`: an item per value `1`..`n` and per place `s1`..`s2n`, all
/// primary; an option per pair of places `k + 1` apart for value `k`.
pub fn langford(n: usize) -> Problem {
    let values = (1..=n).map(|k| k.to_string());
    let places = (1..=2 * n).map(|i| format!("s{i}"));
    let mut problem = Problem::new(values.chain(places), std::iter::empty());
    for k in 1..=n {
        for i in 1..2 * n - k {
            problem
                .add_option(&[k.to_string(), format!("s{i}"), format!("s{}", i + k + 1)])
                .expect("langford: well formed");
        }
    }
    problem
}

/// Knuth's example: items `a`..`g`, the options of [`KNUTH_EXAMPLE`].
pub fn knuth() -> Problem {
    let names: Vec<String> = ('a'..='g').map(String::from).collect();
    let mut problem = Problem::new(names.iter().cloned(), std::iter::empty());
    for option in KNUTH_EXAMPLE {
        let option: Vec<&str> = option.iter().map(|&i| names[i].as_str()).collect();
        problem.add_option(&option).expect("Knuth's example is well formed");
    }
    problem
}

/// The name of item `n` of a Sudoku of `shape` ([`Shape::item_label`], the Sudoku tab's
/// names: they were `p12` and `r12` here, cell r1c2 and "row 1 has 2", alike and unlike the
/// tab's).
fn shape_item(shape: Shape, n: usize) -> String {
    shape.item_label(n, |d| shape.symbol(d))
}

/// The items of [`model`](crate::sudoku::model) at the puzzle's size (324 at 9×9, 64 at 4×4), in its order, and its
/// options that clash with no given (a given's cell keeps the given's option alone), in model
/// order.
pub fn sudoku(puzzle: &Puzzle) -> Problem {
    let shape = puzzle.shape();
    let item = |n| shape_item(shape, n);
    let mut problem = Problem::new((0..shape.items()).map(item), std::iter::empty());
    let candidates = puzzle.givens().candidates();
    for option in 0..shape.options() {
        let (cell, digit) = shape.placement(option);
        if candidates[cell] & (1 << digit) != 0 {
            let items = shape.option_items(option).map(item);
            problem.add_option(&items).expect("sudoku: well formed");
        }
    }
    problem
}

/// The words of a word list: one a line, blanks around them and blank lines skipped, all of
/// one length from 2 to 16 (letters: any characters but blanks, `:` and `|`), none twice.
/// The error names the line.
pub fn word_list(text: &str) -> Result<Vec<String>, String> {
    let mut words: Vec<String> = Vec::new();
    let mut seen = std::collections::HashMap::new();
    let mut length = 0;
    for (k, line) in text.lines().enumerate() {
        let word = line.trim();
        if word.is_empty() {
            continue;
        }
        let at = k + 1;
        let n = word.chars().count();
        if let Some(c) = word.chars().find(|&c| c.is_whitespace() || c == ':' || c == '|') {
            return Err(format!(
                "line {at}: {}: a word cannot contain {c:?}",
                crate::formats::quote(word)
            ));
        }
        if words.is_empty() {
            if !(2..=16).contains(&n) {
                return Err(format!(
                    "line {at}: {}: words must have 2 to 16 letters",
                    crate::formats::quote(word)
                ));
            }
            length = n;
        } else if n != length {
            return Err(format!(
                "line {at}: {} has {n} letters, the first word {length}",
                crate::formats::quote(word)
            ));
        }
        if let Some(first) = seen.insert(word.to_string(), at) {
            return Err(format!(
                "line {at}: {} is on line {first} too",
                crate::formats::quote(word)
            ));
        }
        if words.len() == MAX_WORDS {
            return Err(format!("line {at}: more than {MAX_WORDS} words"));
        }
        words.push(word.to_string());
    }
    if words.is_empty() {
        return Err("no words".to_string());
    }
    Ok(words)
}

/// Word squares from `words` (all of one length `n`, 2 to 16), as Knuth's `word-rect-dlx.w`
/// makes them with the same list for rows and columns: items `Ri` (row i has a word) and `Cj`
/// (column j has one) primary, `ij` (the cell, i and j in hexadecimal) secondary; an option
/// per word and column, `Cj 0j:w0 1j:w1 …`, then per word and row, `Ri i0:w0 i1:w1 …`. The
/// colours make the rows and the columns agree on each cell's letter.
///
/// # Panics
/// If the words are not all of one length from 2 to 16 (see [`word_list`]).
pub fn word_squares(words: &[String]) -> Problem {
    let n = words.first().map_or(0, |w| w.chars().count());
    assert!((2..=16).contains(&n), "word squares of words of 2 to 16 letters");
    let hex = |i: usize| char::from_digit(i as u32, 16).expect("below 16");
    let primary = (0..n)
        .map(|i| format!("R{}", hex(i)))
        .chain((0..n).map(|j| format!("C{}", hex(j))));
    let cells = (0..n).flat_map(|i| (0..n).map(move |j| format!("{}{}", hex(i), hex(j))));
    let mut problem = Problem::new(primary, cells);
    for word in words {
        let letters: Vec<char> = word.chars().collect();
        assert_eq!(letters.len(), n, "word squares: {word:?} is not {n} letters long");
        for j in 0..n {
            let mut option = vec![format!("C{}", hex(j))];
            option.extend((0..n).map(|i| format!("{}{}:{}", hex(i), hex(j), letters[i])));
            problem.add_option(&option).expect("word squares: well formed");
        }
    }
    for word in words {
        let letters: Vec<char> = word.chars().collect();
        for i in 0..n {
            let mut option = vec![format!("R{}", hex(i))];
            option.extend((0..n).map(|j| format!("{}{}:{}", hex(i), hex(j), letters[j])));
            problem.add_option(&option).expect("word squares: well formed");
        }
    }
    problem
}

/// Label `k` (0 to 61) as one character: 0–9, a–z, A–Z (Knuth's `encode` in graceful-dlx.w).
fn code(k: usize) -> char {
    const DIGITS: &[u8; 62] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    char::from(DIGITS[k])
}

/// Graceful labellings of `g`, as Knuth's `graceful-dlx.w` makes them: the `m` edges'
/// vertices get distinct labels from 0 to `m` so that the edges' differences are 1 to `m`.
/// Items: each difference `K` and each edge `u-v` primary (a permutation between them);
/// each vertex `.v`, coloured by its label, and each label `+K`, coloured by the vertex that
/// has it, secondary (labels and vertices are named by one character, 0–9, a–z, A–Z). An
/// option per difference, edge and pair of labels that far apart; the edge of difference `m`
/// takes its labels 0 and `m` in one order only, so that a labelling and its complement
/// (each label `k` as `m − k`) are not both counted.
///
/// # Panics
/// If `g` has more than [`MAX_GRACEFUL_EDGES`] edges.
pub fn graceful(g: Graph) -> Problem {
    let edges = g.edges();
    let m = edges.len();
    assert!(m <= MAX_GRACEFUL_EDGES, "graceful: at most {MAX_GRACEFUL_EDGES} edges");
    let edge = |&(u, v): &(usize, usize)| format!("{}-{}", code(u), code(v));
    let primary = (1..=m).map(|k| code(k).to_string()).chain(edges.iter().map(edge));
    let secondary = (0..g.vertices())
        .map(|v| format!(".{}", code(v)))
        .chain((0..=m).map(|k| format!("+{}", code(k))));
    let mut problem = Problem::new(primary, secondary);
    for k in 1..=m {
        for i in 0..=m - k {
            let j = i + k;
            for e @ &(u, v) in &edges {
                let mut labelled = |a: usize, b: usize| {
                    let option = [
                        code(k).to_string(),
                        edge(e),
                        format!(".{}:{}", code(u), code(a)),
                        format!(".{}:{}", code(v), code(b)),
                        format!("+{}:{}", code(a), code(u)),
                        format!("+{}:{}", code(b), code(v)),
                    ];
                    problem.add_option(&option).expect("graceful: well formed");
                };
                labelled(i, j);
                if i != 0 || j != m {
                    labelled(j, i);
                }
            }
        }
    }
    problem
}

/// The number of graceful labellings [`graceful`] counts, where it was checked against Knuth's
/// DLX2 and SSXCC (on the same text).
fn graceful_count(g: Graph) -> Option<u64> {
    let _ = g;
    None
}
