//! The families of [`Example`](super::examples::Example) that make a benchmark of shapes, not
//! of instances (issue 50): tilings of a board (with a hole) by polyominoes, packings of a box
//! by polycubes, perfect matchings of a graph (every option two items) and Latin squares (with
//! colours). Each is made at any size; the sizes whose counts are published have them in
//! [`Tiling::known_count`] and its siblings, with the source of each.

use std::fmt;

use super::examples::picture_cells;
use super::Problem;

/// The polyominoes a tiling may use, each in a 3×3 (or 5×1) frame, row by row: `#` a cell.
const DOMINO: [&str; 1] = ["##"];
const TROMINOES: [(char, &[&str]); 2] = [('I', &["###"]), ('L', &["#.", "##"])];

/// The pieces of a tiling.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Pieces {
    /// Dominoes, as many as fill the board: options of two cells (a perfect matching of the
    /// grid graph).
    Dominoes,
    /// The straight and the L tromino, as many of each as fill the board.
    Trominoes,
    /// Pentominoes named by their letters (`FILNPTUVWXYZ`, each at most once), each used
    /// exactly once: an item per piece, as in [`super::examples::pentomino_set`].
    Pentominoes(String),
}

/// A board: `rows` × `cols` with a `hole_rows` × `hole_cols` hole in the middle (0 × 0: none).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    pub rows: usize,
    pub cols: usize,
    pub hole_rows: usize,
    pub hole_cols: usize,
}

/// The largest side of a board or box: cells are named by base-36 digits.
pub const MAX_SIDE: usize = 35;

/// `AxB`, each from 1 to [`MAX_SIDE`].
fn parse_dims(s: &str) -> Option<Vec<usize>> {
    s.split('x')
        .map(|n| n.parse().ok().filter(|n| (1..=MAX_SIDE).contains(n)))
        .collect()
}

impl Board {
    /// `RxC`, or `RxC-HxW` for the board with an `H` × `W` hole in the middle (`R − H` and
    /// `C − W` even and positive, so that the hole is centred and leaves a frame).
    pub fn parse(s: &str) -> Option<Board> {
        let (outer, hole) = match s.split_once('-') {
            Some((outer, hole)) => (outer, Some(hole)),
            None => (s, None),
        };
        let [rows, cols] = parse_dims(outer)?[..] else {
            return None;
        };
        let (hole_rows, hole_cols) = match hole {
            None => (0, 0),
            Some(hole) => {
                let [h, w] = parse_dims(hole)?[..] else { return None };
                if h >= rows || w >= cols || (rows - h) % 2 != 0 || (cols - w) % 2 != 0 {
                    return None;
                }
                (h, w)
            }
        };
        Some(Board {
            rows,
            cols,
            hole_rows,
            hole_cols,
        })
    }

    /// Whether `(r, c)` is a cell of the board (not in the hole).
    pub fn has(&self, r: usize, c: usize) -> bool {
        let (top, left) = ((self.rows - self.hole_rows) / 2, (self.cols - self.hole_cols) / 2);
        r < self.rows
            && c < self.cols
            && !((top..top + self.hole_rows).contains(&r) && (left..left + self.hole_cols).contains(&c))
    }

    pub fn cells(&self) -> usize {
        self.rows * self.cols - self.hole_rows * self.hole_cols
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)?;
        if self.hole_rows > 0 {
            write!(f, "-{}x{}", self.hole_rows, self.hole_cols)?;
        }
        Ok(())
    }
}

/// A tiling of a board by pieces.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tiling {
    pub pieces: Pieces,
    pub board: Board,
}

impl Tiling {
    /// `PIECES BOARD`: `dominoes`, `trominoes`, `pentominoes` (all twelve) or pentomino
    /// letters (`LNV`), then a [`Board`].
    pub fn parse(pieces: &str, board: &str) -> Option<Tiling> {
        let pieces = match pieces {
            "dominoes" => Pieces::Dominoes,
            "trominoes" => Pieces::Trominoes,
            "pentominoes" => Pieces::Pentominoes(super::examples::ALL_PIECES.to_string()),
            letters => {
                let all = super::examples::ALL_PIECES;
                let mut seen = String::new();
                for ch in letters.chars() {
                    if !all.contains(ch) || seen.contains(ch) {
                        return None;
                    }
                    seen.push(ch);
                }
                // In the order of ALL_PIECES: `VNL` is `LNV`'s problem.
                Pieces::Pentominoes(all.chars().filter(|&ch| seen.contains(ch)).collect())
            }
        };
        Some(Tiling {
            pieces,
            board: Board::parse(board)?,
        })
    }

    /// The number of tilings, where it is published (or 0 when the areas disagree): every
    /// orientation of a piece is another placement, so a tiling by distinct pentominoes is
    /// counted once per symmetry of the board.
    pub fn known_count(&self) -> Option<u64> {
        let b = self.board;
        let (r, c) = (b.rows.min(b.cols), b.rows.max(b.cols));
        let plain = b.hole_rows == 0;
        match &self.pieces {
            Pieces::Dominoes if b.cells() % 2 == 1 => Some(0),
            // OEIS A004003: domino tilings of the 2n × 2n board (8x8: 12,988,816).
            Pieces::Dominoes if plain && r == c => {
                [1u64, 2, 36, 6728, 12_988_816, 258_584_046_368, 53_060_477_521_960_000]
                    .get(r / 2)
                    .copied()
            }
            // OEIS A000045: the 2 × n board has Fibonacci(n + 1) tilings.
            Pieces::Dominoes if plain && r == 2 => {
                let (mut a, mut f) = (1u64, 1u64);
                for _ in 0..c {
                    (a, f) = (f, a.checked_add(f)?);
                }
                Some(a)
            }
            // OEIS A001835: 3 × 2n (1, 3, 11, 41, 153, 571, 2131, 7953, ...).
            Pieces::Dominoes if plain && r == 3 => {
                let (mut a, mut b) = (1u64, 3u64);
                for _ in 0..c / 2 {
                    (a, b) = (b, b.checked_mul(4)?.checked_sub(a)?);
                }
                Some(a)
            }
            Pieces::Dominoes => None,
            Pieces::Trominoes if b.cells() % 3 != 0 => Some(0),
            // OEIS A233339: 4 × 3n with trominoes of any shape (1, 23, 939, 41813, 1895145).
            Pieces::Trominoes if plain && (b.rows == 4 || b.cols == 4) => {
                let other = b.rows + b.cols - 4;
                [1u64, 23, 939, 41_813, 1_895_145, 86_208_957, 3_924_499_731]
                    .get(other / 3)
                    .copied()
            }
            Pieces::Trominoes => None,
            Pieces::Pentominoes(p) if p.len() * 5 != b.cells() => Some(0),
            Pieces::Pentominoes(p) if p == super::examples::ALL_PIECES => match (r, c, b.hole_rows, b.hole_cols) {
                // TAOCP 7.2.2.1 (and Knuth, "Dancing Links", 2000): 2339, 1010, 368 and 2
                // tilings of the rectangles, each counted 4 times (the rectangle's symmetries).
                (6, 10, 0, 0) => Some(4 * 2339),
                (5, 12, 0, 0) => Some(4 * 1010),
                (4, 15, 0, 0) => Some(4 * 368),
                (3, 20, 0, 0) => Some(4 * 2),
                // Dana Scott's 65 tilings of the 8 × 8 board less its centre 2 × 2 (TAOCP
                // 7.2.2.1), each counted 8 times (the square's symmetries).
                (8, 8, 2, 2) => Some(8 * 65),
                _ => None,
            },
            // L, N and V fill the 3 × 5 board one way (by hand: the board of `pentominoes 3x5`).
            Pieces::Pentominoes(p) if p == "LNV" && (r, c, b.hole_rows) == (3, 5, 0) => Some(4),
            Pieces::Pentominoes(_) => None,
        }
    }

    /// The problem: an item per cell (`rc`, row and column as base-36 digits), primary, and
    /// with distinct pentominoes an item per piece first; an option per placement of each
    /// orientation of each piece (dominoes: per pair of neighbouring cells).
    pub fn problem(&self) -> Problem {
        let b = self.board;
        let names: Vec<String> = match &self.pieces {
            Pieces::Pentominoes(p) => p.chars().map(String::from).collect(),
            _ => Vec::new(),
        };
        let cells = (0..b.rows).flat_map(|r| (0..b.cols).map(move |c| (r, c)));
        let cells = cells
            .filter(|&(r, c)| b.has(r, c))
            .map(|(r, c)| super::examples::cell(r, c));
        let mut problem = Problem::new(names.iter().cloned().chain(cells), std::iter::empty());
        let shapes: Vec<Shape2> = match &self.pieces {
            Pieces::Dominoes => vec![(None, picture_cells(&DOMINO))],
            Pieces::Trominoes => TROMINOES.iter().map(|(_, p)| (None, picture_cells(p))).collect(),
            Pieces::Pentominoes(p) => p
                .chars()
                .map(|ch| (Some(ch.to_string()), super::examples::pentomino_cells(ch)))
                .collect(),
        };
        for (name, shape) in shapes {
            for orientation in super::examples::orientations(&shape) {
                for r in 0..b.rows {
                    for c in 0..b.cols {
                        let at: Option<Vec<String>> = orientation
                            .iter()
                            .map(|&(dr, dc)| {
                                let (r, c) = (r + dr as usize, c + dc as usize);
                                b.has(r, c).then(|| super::examples::cell(r, c))
                            })
                            .collect();
                        let Some(at) = at else { continue };
                        let option: Vec<String> = name.iter().cloned().chain(at).collect();
                        problem.add_option(&option).expect("tiling: well formed");
                    }
                }
            }
        }
        problem
    }
}

impl fmt::Display for Tiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.board;
        let hole = if b.hole_rows > 0 {
            format!(" less its middle {}x{}", b.hole_rows, b.hole_cols)
        } else {
            String::new()
        };
        match &self.pieces {
            Pieces::Dominoes => write!(
                f,
                "domino tilings of the {}x{} board{hole}: an item per cell, an option per pair of neighbours",
                b.rows, b.cols
            ),
            Pieces::Trominoes => write!(
                f,
                "tilings of the {}x{} board{hole} by straight and L trominoes (any number of each): an item per cell",
                b.rows, b.cols
            ),
            Pieces::Pentominoes(p) => write!(
                f,
                "the pentominoes {p} (each once) on the {}x{} board{hole}, every orientation: an item per piece and per cell",
                b.rows, b.cols
            ),
        }
    }
}

/// A polycube's cubes, `(x, y, z)`.
type Cubes3 = Vec<(i32, i32, i32)>;
/// A polyomino's cells, `(row, col)`, with its item (`None`: any number of copies, no item).
type Shape2 = (Option<String>, Vec<(i32, i32)>);

/// The seven Soma pieces (Piet Hein's), as cubes `(x, y, z)`: 27 cubes in all.
#[allow(clippy::type_complexity)]
const SOMA: [(char, &[(i32, i32, i32)]); 7] = [
    ('V', &[(0, 0, 0), (1, 0, 0), (0, 1, 0)]),
    ('L', &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0)]),
    ('T', &[(0, 0, 0), (1, 0, 0), (2, 0, 0), (1, 1, 0)]),
    ('Z', &[(1, 0, 0), (2, 0, 0), (0, 1, 0), (1, 1, 0)]),
    // The two screws (mirror images of each other) and the tripod: the V with a cube on top.
    ('A', &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 0, 1)]),
    ('B', &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 1, 1)]),
    ('P', &[(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]),
];

/// The pieces of a packing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cubes {
    /// The seven Soma pieces.
    Soma,
    /// The twelve pentominoes as flat pentacubes (one cube thick).
    Pentominoes,
}

/// A packing of an `x` × `y` × `z` box by polycubes, each used once.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Packing {
    pub pieces: Cubes,
    pub x: usize,
    pub y: usize,
    pub z: usize,
}

/// The 24 rotations of space, as signed permutations of the axes with determinant 1.
fn rotations() -> Vec<[(usize, i32); 3]> {
    let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut out = Vec::new();
    for (k, p) in perms.iter().enumerate() {
        // Permutations 0, 3, 4 are even (identity and the two 3-cycles), 1, 2, 5 odd.
        let even = matches!(k, 0 | 3 | 4);
        for signs in 0..8 {
            let s = |i: usize| if signs & (1 << i) != 0 { -1 } else { 1 };
            let det = s(0) * s(1) * s(2) * if even { 1 } else { -1 };
            if det == 1 {
                out.push([(p[0], s(0)), (p[1], s(1)), (p[2], s(2))]);
            }
        }
    }
    out
}

/// Every distinct rotation of a polycube, each as its cubes sorted, moved to touch 0 on each
/// axis.
fn rotated(cubes: &[(i32, i32, i32)]) -> Vec<Cubes3> {
    let mut out: Vec<Cubes3> = Vec::new();
    for rot in rotations() {
        let mut shape: Vec<[i32; 3]> = cubes
            .iter()
            .map(|&(x, y, z)| {
                let v = [x, y, z];
                [rot[0].1 * v[rot[0].0], rot[1].1 * v[rot[1].0], rot[2].1 * v[rot[2].0]]
            })
            .collect();
        for axis in 0..3 {
            let min = shape.iter().map(|p| p[axis]).min().unwrap();
            shape.iter_mut().for_each(|p| p[axis] -= min);
        }
        let mut shape: Cubes3 = shape.iter().map(|p| (p[0], p[1], p[2])).collect();
        shape.sort_unstable();
        if !out.contains(&shape) {
            out.push(shape);
        }
    }
    out
}

impl Packing {
    /// `PIECES BOX`: `soma` or `pentominoes`, then `XxYxZ` (each side 1 to [`MAX_SIDE`]).
    pub fn parse(pieces: &str, size: &str) -> Option<Packing> {
        let pieces = match pieces {
            "soma" => Cubes::Soma,
            "pentominoes" => Cubes::Pentominoes,
            _ => return None,
        };
        let [x, y, z] = parse_dims(size)?[..] else { return None };
        Some(Packing { pieces, x, y, z })
    }

    fn pieces(&self) -> Vec<(char, Cubes3)> {
        match self.pieces {
            Cubes::Soma => SOMA.iter().map(|&(name, cubes)| (name, cubes.to_vec())).collect(),
            Cubes::Pentominoes => super::examples::ALL_PIECES
                .chars()
                .map(|ch| {
                    let cells = super::examples::pentomino_cells(ch);
                    (ch, cells.iter().map(|&(r, c)| (r, c, 0)).collect())
                })
                .collect(),
        }
    }

    /// The number of packings, where it is published: each counted once per rotation and
    /// reflection of the box (a reflection maps a packing to another, since the pieces'
    /// mirror images are among them, or the pieces are their own).
    pub fn known_count(&self) -> Option<u64> {
        let mut d = [self.x, self.y, self.z];
        d.sort_unstable();
        let cubes: usize = self.pieces().iter().map(|p| p.1.len()).sum();
        if d[0] * d[1] * d[2] != cubes {
            return Some(0);
        }
        match (self.pieces, d) {
            // The Soma cube: 240 packings up to the cube's 48 symmetries (Conway and Guy;
            // TAOCP 7.2.2.1), 11,520 in all.
            (Cubes::Soma, [3, 3, 3]) => Some(48 * 240),
            // The flat pentacubes in boxes (Knuth, "Dancing Links", 2000): 12, 264 and 3940
            // packings up to the box's 8 symmetries.
            (Cubes::Pentominoes, [2, 3, 10]) => Some(8 * 12),
            (Cubes::Pentominoes, [2, 5, 6]) => Some(8 * 264),
            (Cubes::Pentominoes, [3, 4, 5]) => Some(8 * 3940),
            _ => None,
        }
    }

    /// The problem: an item per piece and per cube of the box (`xyz`, base-36 digits), all
    /// primary; an option per placement of each rotation of each piece.
    pub fn problem(&self) -> Problem {
        let digit = |n: usize| char::from_digit(n as u32, 36).expect("below 36");
        let cube = |x: usize, y: usize, z: usize| -> String { [digit(x), digit(y), digit(z)].iter().collect() };
        let pieces = self.pieces();
        let names = pieces.iter().map(|p| p.0.to_string());
        let cubes = (0..self.x).flat_map(|x| (0..self.y).flat_map(move |y| (0..self.z).map(move |z| (x, y, z))));
        let mut problem = Problem::new(
            names.chain(cubes.clone().map(|(x, y, z)| cube(x, y, z))),
            std::iter::empty(),
        );
        for (name, shape) in &pieces {
            for rotation in rotated(shape) {
                let size = |axis: fn(&(i32, i32, i32)) -> i32| rotation.iter().map(axis).max().unwrap() as usize + 1;
                let (sx, sy, sz) = (size(|p| p.0), size(|p| p.1), size(|p| p.2));
                if sx > self.x || sy > self.y || sz > self.z {
                    continue;
                }
                for (x, y, z) in cubes
                    .clone()
                    .filter(|&(x, y, z)| x + sx <= self.x && y + sy <= self.y && z + sz <= self.z)
                {
                    let mut option = vec![name.to_string()];
                    option.extend(
                        rotation
                            .iter()
                            .map(|&(dx, dy, dz)| cube(x + dx as usize, y + dy as usize, z + dz as usize)),
                    );
                    problem.add_option(&option).expect("packing: well formed");
                }
            }
        }
        problem
    }
}

impl fmt::Display for Packing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.pieces {
            Cubes::Soma => "the 7 Soma pieces",
            Cubes::Pentominoes => "the 12 pentominoes as flat pentacubes",
        };
        write!(
            f,
            "{what} packed in the {}x{}x{} box, every rotation: an item per piece and per cube",
            self.x, self.y, self.z
        )
    }
}

/// A graph of perfect matchings.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Matching {
    /// `Kn`: the complete graph on `n` vertices.
    Complete(usize),
    /// `Qd`: the `d`-dimensional hypercube, 2^d vertices.
    Hypercube(usize),
}

/// The most vertices of `matching Kn`, and the largest `d` of `matching Qd`.
pub const MAX_COMPLETE: usize = 1000;
pub const MAX_HYPERCUBE: usize = 12;

impl Matching {
    /// `Kn` (2 ≤ n ≤ [`MAX_COMPLETE`]) or `Qd` (1 ≤ d ≤ [`MAX_HYPERCUBE`]).
    pub fn parse(s: &str) -> Option<Matching> {
        let n: usize = s.get(1..)?.parse().ok()?;
        match s.as_bytes()[0] {
            b'K' if (2..=MAX_COMPLETE).contains(&n) => Some(Matching::Complete(n)),
            b'Q' if (1..=MAX_HYPERCUBE).contains(&n) => Some(Matching::Hypercube(n)),
            _ => None,
        }
    }

    pub fn vertices(self) -> usize {
        match self {
            Matching::Complete(n) => n,
            Matching::Hypercube(d) => 1 << d,
        }
    }

    /// The edges, each `(u, v)` with `u < v`.
    pub fn edges(self) -> Vec<(usize, usize)> {
        match self {
            Matching::Complete(n) => (0..n).flat_map(|u| (u + 1..n).map(move |v| (u, v))).collect(),
            Matching::Hypercube(d) => (0..1usize << d)
                .flat_map(|u| (0..d).map(move |k| (u, u ^ (1 << k))).filter(|&(u, v)| u < v))
                .collect(),
        }
    }

    /// The number of perfect matchings, where it is published.
    pub fn known_count(self) -> Option<u64> {
        match self {
            Matching::Complete(n) if n % 2 == 1 => Some(0),
            // OEIS A001147: K_2n has (2n − 1)!! = 1·3·5···(2n − 1) perfect matchings.
            Matching::Complete(n) => (1..n as u64).step_by(2).try_fold(1u64, |a, k| a.checked_mul(k)),
            // OEIS A005271: Q1..Q6 have 1, 2, 9, 272, 589185, 16332454526976.
            Matching::Hypercube(d) => [1u64, 2, 9, 272, 589_185, 16_332_454_526_976].get(d - 1).copied(),
        }
    }

    /// The problem: an item per vertex (`v0`, `v1`, …), primary; an option per edge.
    pub fn problem(self) -> Problem {
        let mut problem = Problem::new((0..self.vertices()).map(|v| format!("v{v}")), std::iter::empty());
        for (u, v) in self.edges() {
            problem
                .add_option(&[format!("v{u}"), format!("v{v}")])
                .expect("matching: well formed");
        }
        problem
    }
}

impl fmt::Display for Matching {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = match *self {
            Matching::Complete(n) => format!("K{n}"),
            Matching::Hypercube(d) => format!("Q{d}"),
        };
        write!(
            f,
            "perfect matchings of {name} ({} vertices, {} edges): an item per vertex, an option per edge",
            self.vertices(),
            self.edges().len()
        )
    }
}

/// The largest order of `latin`: its 2·n·n! options (70,560 at 7).
pub const MAX_LATIN: usize = 7;

/// The permutations of the symbols `1`..=`n`, as words, in lexicographic order.
fn permutations(n: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut p: Vec<u8> = (1..=n as u8).collect();
    loop {
        out.push(p.iter().map(|d| char::from(b'0' + d)).collect());
        // The next permutation: the last ascent, swapped with the last larger, the tail reversed.
        let Some(i) = (0..n.saturating_sub(1)).rev().find(|&i| p[i] < p[i + 1]) else {
            return out;
        };
        let j = (i + 1..n).rev().find(|&j| p[j] > p[i]).expect("an ascent has a larger");
        p.swap(i, j);
        p[i + 1..].reverse();
    }
}

/// Latin squares of order `n` (2 to [`MAX_LATIN`]) with colours: the word squares
/// ([`super::examples::word_squares`]) whose words are the `n!` permutations of `1`..`n`, so
/// that every row and every column holds each symbol once. Rows `Ri` and columns `Cj`
/// primary, cells `ij` secondary, coloured by their symbol.
pub fn latin(n: usize) -> Problem {
    assert!((2..=MAX_LATIN).contains(&n), "latin squares of order 2 to {MAX_LATIN}");
    super::examples::word_squares(&permutations(n))
}

/// The number of Latin squares of order `n` (OEIS A002860: 1, 2, 12, 576, 161280,
/// 812851200, 61479419904000).
pub fn latin_count(n: usize) -> Option<u64> {
    [1u64, 2, 12, 576, 161_280, 812_851_200, 61_479_419_904_000]
        .get(n.checked_sub(1)?)
        .copied()
}

#[cfg(test)]
mod tests {
    use super::super::examples::Example;
    use super::super::Problem;
    use super::*;
    use crate::cells::Cells;
    use crate::exact_cover::{Nothing, Status};

    /// Every solution, counted by dancing links and by dancing cells (which must agree), after
    /// a round trip through the text the CLI writes.
    fn count(name: &str, arg: &str) -> u64 {
        let example = Example::from_args(name, Some(arg)).unwrap();
        let problem = Problem::parse(&example.to_dlx1()).unwrap();
        assert_eq!(problem, example.problem(), "{name} {arg}");
        assert!(
            (0..problem.items()).all(|i| problem.item_name(i).len() <= 8),
            "{name} {arg}: names fit Knuth's DLX1"
        );
        let mut search = problem.search();
        let mut found = 0;
        while search.step(&mut Nothing) != Status::Done {
            found += 1;
        }
        assert_eq!(
            Cells::new(problem.matrix()).count(u64::MAX),
            found,
            "{name} {arg} by cells"
        );
        found
    }

    /// The count, checked against the one the example knows (the published one).
    fn check(name: &str, arg: &str, expected: u64) {
        let example = Example::from_args(name, Some(arg)).unwrap();
        assert_eq!(example.known_count(), Some(expected), "{name} {arg}: known");
        assert_eq!(count(name, arg), expected, "{name} {arg}: counted");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn domino_tilings_have_the_published_counts() {
        // OEIS A004003 (2n × 2n), A000045 (2 × n: Fibonacci), A001835 (3 × 2n).
        check("tiling", "dominoes 2x2", 2);
        check("tiling", "dominoes 4x4", 36);
        check("tiling", "dominoes 6x6", 6728);
        check("tiling", "dominoes 2x10", 89);
        check("tiling", "dominoes 10x2", 89);
        check("tiling", "dominoes 3x8", 153);
        check("tiling", "dominoes 3x5", 0);
        // A board with a hole: its count is no sequence's, so the other engine is the check
        // (4x4 less the middle 2x2 is a ring of 12 cells: 2 tilings).
        assert_eq!(count("tiling", "dominoes 4x4-2x2"), 2);
        assert_eq!(
            Example::from_args("tiling", Some("dominoes 4x4-2x2"))
                .unwrap()
                .known_count(),
            None
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn tromino_and_pentomino_tilings_have_the_published_counts() {
        // OEIS A233339: 4 × 3n by trominoes of any shape.
        check("tiling", "trominoes 4x3", 23);
        check("tiling", "trominoes 3x4", 23);
        check("tiling", "trominoes 4x6", 939);
        check("tiling", "trominoes 4x4", 0);
        // 2 × 3: two L's two ways, or two straight ones.
        assert_eq!(count("tiling", "trominoes 2x3"), 3);
        // The pentominoes L, N, V on 3 × 5 (pentominoes 3x5's problem), and all twelve on 3 × 20:
        // 2 tilings (TAOCP 7.2.2.1), each counted 4 times.
        check("tiling", "LNV 3x5", 4);
        assert_eq!(
            Example::from_args("tiling", Some("VNL 3x5")).unwrap().problem(),
            Example::from_args("pentominoes", Some("3x5")).unwrap().problem()
        );
        assert_eq!(
            Example::from_args("tiling", Some("pentominoes 6x10"))
                .unwrap()
                .problem(),
            Example::from_args("pentominoes", Some("6x10")).unwrap().problem()
        );
        check("tiling", "pentominoes 3x20", 8);
        check("tiling", "pentominoes 4x4", 0);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn matchings_have_the_published_counts() {
        // OEIS A001147: (2n − 1)!!.
        check("matching", "K2", 1);
        check("matching", "K6", 15);
        check("matching", "K10", 945);
        check("matching", "K7", 0);
        // OEIS A005271: the hypercubes.
        check("matching", "Q1", 1);
        check("matching", "Q2", 2);
        check("matching", "Q3", 9);
        check("matching", "Q4", 272);
        assert_eq!(Matching::Hypercube(3).edges().len(), 12);
        assert_eq!(Matching::Complete(5).edges().len(), 10);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn latin_squares_have_the_published_counts() {
        // OEIS A002860.
        check("latin", "2", 2);
        check("latin", "3", 12);
        check("latin", "4", 576);
        assert_eq!(permutations(3), ["123", "132", "213", "231", "312", "321"]);
        assert_eq!(permutations(5).len(), 120);
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn polycube_pieces_turn_every_way() {
        assert_eq!(rotations().len(), 24);
        // The pieces' distinct rotations: V 12, L 24, T 12, Z 12, A and B 12 each, P 8.
        let counts: Vec<usize> = SOMA.iter().map(|(_, c)| rotated(c).len()).collect();
        assert_eq!(counts, [12, 24, 12, 12, 12, 12, 8]);
        // The screws are mirror images: no rotation of one is the other.
        assert!(!rotated(SOMA[4].1).contains(&rotated(SOMA[5].1)[0]));
        assert_eq!(SOMA.iter().map(|(_, c)| c.len()).sum::<usize>(), 27);
        // Boxes of the wrong volume have none.
        for arg in ["soma 3x3x4", "pentominoes 3x4x4"] {
            assert_eq!(
                Example::from_args("polycubes", Some(arg)).unwrap().known_count(),
                Some(0)
            );
        }
        // The counts (the Soma cube's 11,520 and the pentacubes') take seconds in a debug build:
        // tests/cover_counts.rs checks them in release.
        assert_eq!(
            Example::from_args("polycubes", Some("soma 3x3x3"))
                .unwrap()
                .known_count(),
            Some(11_520)
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn family_arguments_are_checked() {
        for (name, arg) in [
            ("tiling", "dominoes"),
            ("tiling", "dominoes 8x8 x"),
            ("tiling", "dominoes 36x2"),
            ("tiling", "dominoes 8x8-3x2"),
            ("tiling", "dominoes 8x8-8x2"),
            ("tiling", "LL 2x5"),
            ("tiling", "LQ 2x5"),
            ("tiling", "hexominoes 6x6"),
            ("polycubes", "soma 3x3"),
            ("polycubes", "tetracubes 2x2x2"),
            ("matching", "K1"),
            ("matching", "K1001"),
            ("matching", "Q0"),
            ("matching", "Q13"),
            ("matching", "P4"),
            ("latin", "1"),
            ("latin", "8"),
        ] {
            let message = Example::from_args(name, Some(arg)).unwrap_err();
            assert!(
                message.starts_with(&format!("{name} takes ")),
                "{name} {arg}: {message}"
            );
        }
        let board = Board::parse("8x8-2x2").unwrap();
        assert_eq!(
            (board.cells(), board.has(3, 3), board.has(2, 3), board.to_string()),
            (60, false, true, "8x8-2x2".into())
        );
    }
}
