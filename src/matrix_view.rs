//! The whole exact-cover matrix as pixels: one row per option, one column per item, a
//! dot for each 1, coloured by what the search does to it (read from a [`Picture`]).
//!
//! Pure Rust, no JavaScript: [`MatrixView::draw`] fills an RGBA buffer for a viewport
//! (the whole matrix, or a zoomed window into it), and the wasm layer puts that buffer on
//! a canvas. Covered items and hidden options are dimmed; tried options stay lit, the
//! option being tried and the item being chosen stand out, pending branches have their
//! own colour, and a selection (the rows of a cell, the column of an item) is tinted.
//!
//! ```
//! use dlx_sudoku::matrix_view::{Layout, MatrixView};
//! use dlx_sudoku::sudoku::{dlx, Puzzle};
//! use dlx_sudoku::view::Picture;
//! let puzzle: Puzzle = ".".repeat(81).parse().unwrap();
//! let mut view = MatrixView::new(Layout::sudoku());
//! view.resize(324, 1); // one pixel per item and per option
//! view.draw(&Picture::of(&dlx::start(&puzzle)));
//! assert_eq!(view.pixels().len(), 324 * 729 * 4);
//! ```

use crate::exact_cover::Matrix;
use crate::sudoku::{model, Alphabet, Shape};
use crate::view::{ItemFlag, OptionState, Picture};

/// The colours the view paints with, in the order [`MatrixView::set_palette`] takes them.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
#[repr(u8)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Paint {
    /// Behind a live option.
    Background = 0,
    /// A 1 of a live option.
    Dot = 1,
    /// Behind a hidden option (and a spent branch).
    Hidden = 2,
    HiddenDot = 3,
    /// Behind an option of the partial solution.
    Tried = 4,
    TriedDot = 5,
    /// Behind the option being tried at the deepest level.
    Trying = 6,
    TryingDot = 7,
    /// Behind a branch still to be tried.
    Pending = 8,
    PendingDot = 9,
    /// Tint of a covered item's column.
    Covered = 10,
    /// Tint of the column of an item chosen at an open level.
    Chosen = 11,
    /// Tint of the column of the item chosen at the deepest level.
    Top = 12,
    /// Tint of a dead end's column.
    DeadEnd = 13,
    /// Tint of the selected rows and columns.
    Selected = 14,
    /// Lines between groups of rows and columns (when zoomed in).
    Grid = 15,
}

/// Width of the strips of marks beside the rows and above the columns, in CSS pixels.
pub const GUTTER: u32 = 6;

/// The strips' width at `scale` pixels per CSS pixel: what [`MatrixView::gutter`] will be once
/// the view is fitted at that scale (the page sets its margins before it fits).
pub fn gutter_at(scale: u32) -> u32 {
    GUTTER * scale.max(1)
}

/// Number of [`Paint`]s.
pub const PAINTS: usize = 16;

/// A light palette, `0xRRGGBBAA` per [`Paint`] (the page hands over its theme's own).
pub const LIGHT: [u32; PAINTS] = [
    0xffffffff, 0x171a21ff, 0xe6e8eeff, 0xb4b9c6ff, 0xd3efddff, 0x127548ff, 0x8fdcaaff, 0x04341eff, 0xffe2c4ff,
    0xc25b00ff, 0xa3a9b8ff, 0x2f5fd0ff, 0x2f5fd0ff, 0xd0212aff, 0xf2b705ff, 0x9aa1b2ff,
];

/// How an option is drawn, by its [`OptionState`] and whether it is the one being tried.
const ROW_KINDS: usize = 6;
const ROW_HIDDEN: u8 = 0;
const ROW_LIVE: u8 = 1;
const ROW_SPENT: u8 = 2;
const ROW_PENDING: u8 = 3;
const ROW_TRIED: u8 = 4;
const ROW_TRYING: u8 = 5;
/// How an item's column is tinted, by its [`ItemFlag`]s.
const COL_KINDS: usize = 5;
const COL_PLAIN: u8 = 0;
const COL_COVERED: u8 = 1;
const COL_CHOSEN: u8 = 2;
const COL_TOP: u8 = 3;
const COL_DEAD: u8 = 4;
/// Which kind wins where a pixel sums up several rows (or columns): the option being tried,
/// then tried, pending, live, and last spent and hidden; a dead end, then the top item, an
/// item chosen, a plain one, and last a covered one (only all covered columns look covered).
const ROW_RANK: [u8; ROW_KINDS] = [0, 2, 1, 3, 4, 5];
const COL_RANK: [u8; COL_KINDS] = [1, 0, 2, 3, 4];

/// A labelled run of rows or columns (e.g. "r3": the 81 options of row 3 of the grid).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Band {
    pub start: u32,
    pub len: u32,
    pub label: String,
}

/// An order of the rows: which option each row shows.
#[derive(Clone, Debug)]
pub struct Order {
    /// Its name, e.g. "cell" or "digit".
    pub name: &'static str,
    /// The option shown in each row.
    pub rows: Vec<u32>,
    /// The row of each option.
    pub row_of: Vec<u32>,
    /// Per row: 2 where a band starts, 1 where a smaller group starts, else 0.
    pub breaks: Vec<u8>,
    /// The bands of rows, labelled.
    pub bands: Vec<Band>,
}

impl Order {
    fn new(name: &'static str, rows: Vec<u32>, group: usize, bands: Vec<Band>) -> Order {
        let mut row_of = vec![0; rows.len()];
        for (r, &o) in rows.iter().enumerate() {
            row_of[o as usize] = r as u32;
        }
        let breaks = breaks(rows.len(), group, &bands);
        Order {
            name,
            rows,
            row_of,
            breaks,
            bands,
        }
    }
}

/// What the view draws, apart from the search's state: the 1s of the matrix, the row
/// orders it offers, and the labels. Built from any exact-cover matrix ([`Layout::cover`]:
/// rows in option order, the columns in two bands when some items are secondary); a
/// Sudoku's ([`Layout::of`]) adds its grid on top: bands of rows and columns, groups of
/// `side`, and a second order of the rows, by digit.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The grid this is the matrix of, if it is a Sudoku's.
    sudoku: Option<(Shape, Alphabet)>,
    items: usize,
    primary: usize,
    /// The items of option `o` are `option_items[starts[o]..starts[o + 1]]`.
    option_items: Vec<u32>,
    starts: Vec<u32>,
    orders: Vec<Order>,
    col_breaks: Vec<u8>,
    col_bands: Vec<Band>,
    item_labels: Vec<String>,
    option_labels: Vec<String>,
    item_names: Vec<String>,
}

impl Layout {
    /// The 729 × 324 matrix of the classic 9×9 Sudoku.
    pub fn sudoku() -> Layout {
        Layout::of(Shape::NINE, Alphabet::Digits)
    }

    /// The matrix of any exact-cover problem: a row per option of `m` (in option order,
    /// named by `option_name`), a column per item (named by `item_name`, its heading and its
    /// words alike); the primary items and the secondary ones are two bands of columns
    /// (one band when all are primary); no bands of rows.
    pub fn cover(m: &Matrix, item_name: impl Fn(usize) -> String, option_name: impl Fn(usize) -> String) -> Layout {
        let (items, primary, options) = (m.items(), m.primary(), m.options());
        let mut option_items = Vec::new();
        let mut starts = Vec::with_capacity(options + 1);
        starts.push(0);
        for o in 0..options {
            option_items.extend(m.option_items(o).map(|i| i as u32));
            starts.push(option_items.len() as u32);
        }
        let band = |start: usize, len: usize, label: &str| Band {
            start: start as u32,
            len: len as u32,
            label: label.to_string(),
        };
        let col_bands = if primary < items {
            vec![band(0, primary, "primary"), band(primary, items - primary, "secondary")]
        } else {
            vec![]
        };
        let names: Vec<String> = (0..items).map(item_name).collect();
        Layout {
            sudoku: None,
            items,
            primary,
            option_items,
            starts,
            orders: vec![Order::new("option", (0..options as u32).collect(), 0, vec![])],
            col_breaks: breaks(items, 0, &col_bands),
            col_bands,
            item_labels: names.clone(),
            option_labels: (0..options).map(option_name).collect(),
            item_names: names,
        }
    }

    /// The matrix of a Sudoku of `shape` ([`model`]'s numbering: `n⁶` options × `4n⁴`
    /// items), its digits named in `alphabet`; rows by cell (option order) or by digit.
    /// Bands of rows are the grid's rows (or the digits), each `side²` options; bands of
    /// columns the four kinds of item, each `side²` items; groups are `side` long.
    pub fn of(shape: Shape, alphabet: Alphabet) -> Layout {
        let (items, options, side) = (shape.items(), shape.options(), shape.side());
        let band_len = shape.cells();
        let sym = |d: u8| alphabet.symbol(d);
        let mut option_items = Vec::with_capacity(4 * options);
        let mut starts = vec![0];
        for o in 0..options {
            option_items.extend(shape.option_items(o).iter().map(|&i| i as u32));
            starts.push(option_items.len() as u32);
        }
        let band = |k: usize, label: String| Band {
            start: (band_len * k) as u32,
            len: band_len as u32,
            label,
        };
        let by_cell = Order::new(
            "cell",
            (0..options as u32).collect(),
            side,
            (0..side).map(|r| band(r, format!("r{}", r + 1))).collect(),
        );
        let by_digit = Order::new(
            "digit",
            (0..options)
                .map(|k| shape.option(k % band_len, (k / band_len) as u8 + 1) as u32)
                .collect(),
            side,
            (0..side)
                .map(|d| band(d, format!("digit {}", sym(d as u8 + 1))))
                .collect(),
        );
        let col_bands = ["cell filled", "row has digit", "column has digit", "box has digit"]
            .iter()
            .enumerate()
            .map(|(k, l)| band(k, l.to_string()))
            .collect::<Vec<_>>();
        Layout {
            sudoku: Some((shape, alphabet)),
            items,
            primary: items,
            option_items,
            starts,
            orders: vec![by_cell, by_digit],
            col_breaks: breaks(items, side, &col_bands),
            col_bands,
            item_labels: (0..items).map(|i| short_item_name(shape, alphabet, i)).collect(),
            option_labels: (0..options).map(|o| shape.describe_option_in(o, sym)).collect(),
            item_names: (0..items).map(|i| shape.describe_item_in(i, sym)).collect(),
        }
    }

    /// The grid's shape and alphabet, for a Sudoku's matrix.
    pub fn grid(&self) -> Option<(Shape, Alphabet)> {
        self.sudoku
    }

    pub fn items(&self) -> usize {
        self.items
    }

    /// The number of primary items (numbered first); the rest are secondary.
    pub fn primary(&self) -> usize {
        self.primary
    }

    pub fn options(&self) -> usize {
        self.starts.len() - 1
    }

    pub fn option_items(&self, o: usize) -> &[u32] {
        &self.option_items[self.starts[o] as usize..self.starts[o + 1] as usize]
    }

    pub fn orders(&self) -> &[Order] {
        &self.orders
    }

    pub fn col_bands(&self) -> &[Band] {
        &self.col_bands
    }

    /// A column's short label ("r4c5", "r3#7", "c5#7", "b2#7"; a cover's item name).
    pub fn item_label(&self, i: usize) -> &str {
        &self.item_labels[i]
    }

    /// A row's label ("r3c4 = 7"; a cover's option name).
    pub fn option_label(&self, o: usize) -> &str {
        &self.option_labels[o]
    }

    /// An item in words ("row 3 has 7"; a cover's item name).
    pub fn item_name(&self, i: usize) -> &str {
        &self.item_names[i]
    }

    /// One column of each kind, to explain the headings: at 9×9 "r4c5", "r3#7", "c5#7" and
    /// "b2#7", at other sizes the same places scaled (a cell near the middle, the third
    /// symbol from the end, box 2), as items; none for a matrix that is not a Sudoku's.
    pub fn column_key(&self) -> Option<[usize; 4]> {
        let (shape, _) = self.sudoku?;
        let side = shape.side();
        let (row, col, digit) = (side / 2 - 1, side / 2, (side - 2) as u8);
        Some(
            [
                model::Item::Cell(row * side + col),
                model::Item::RowDigit(row - 1, digit),
                model::Item::ColumnDigit(col, digit),
                model::Item::BoxDigit(1, digit),
            ]
            .map(|item| shape.item_number(item)),
        )
    }
}

/// Per column (or row) of `n`: 2 where a band starts, 1 where a group of `group` starts
/// (0: no groups), else 0.
fn breaks(n: usize, group: usize, bands: &[Band]) -> Vec<u8> {
    let mut breaks: Vec<u8> = (0..n).map(|k| u8::from(group > 0 && k % group == 0)).collect();
    for b in bands {
        breaks[b.start as usize] = 2;
    }
    breaks
}

/// A Sudoku item in a few letters, for a column heading: "r4c5" (the cell is filled),
/// "r3#7" (row 3 has a 7), "c5#7" (column 5), "b2#7" (box 2); the digit in `alphabet`
/// ([`Shape::item_label`]: the workbench's Sudoku examples use the same names).
pub fn short_item_name(shape: Shape, alphabet: Alphabet, n: usize) -> String {
    shape.item_label(n, |d| alphabet.symbol(d))
}

/// Cell sizes of the zoom levels after the first (the whole matrix), in units of the
/// device's pixels per CSS pixel; a matrix whose whole view is downsampled gets a level of
/// 1 first, and one whose whole view is labelled only the levels bigger than its cells.
pub const ZOOMS: [u32; 5] = [4, 8, 16, 24, 32];

/// The whole view of a matrix with more options than this is downsampled: a row of pixels
/// sums up several rows (16×16: 8, 512 pixels tall; 25×25: 25, 625 tall; 9×9: none, 729).
pub const OVERVIEW_ROWS: u32 = 800;

/// How the whole matrix fits: pixels per cell and cells per pixel, across and down.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Fit {
    pub cell_w: u32,
    pub cell_h: u32,
    pub per_x: u32,
    pub per_y: u32,
}

/// How a matrix of `items` × `options` in bands of `band` (rows and columns) fits into
/// `avail_w` × `avail_h` pixels, `scale` pixels per CSS pixel, when a label needs `label`
/// pixels of row or column (0: never label the whole view).
///
/// - Small enough to label (at most two windows tall at `label` a row): square cells of at
///   least `label`, as big as fit the window (the 4×4's 64 × 64, every row and column named)
///   when the window is as wide as `items` labels; in a narrower one (a phone, or beside the
///   lesson's words on a projector, where labels at a size that reads from the back of a room
///   take more room) square cells as big as fit, named in bands: the whole matrix in its box,
///   not 640 px of it in a 333 px box scrolled sideways.
/// - Else each column gets as many whole pixels as fit, each row `scale` (9×9: 729 rows, as
///   wide as fits; narrower than 324 pixels, a pixel sums up two columns or more).
/// - A matrix of more than [`OVERVIEW_ROWS`] options is downsampled: a row of pixels sums up
///   the fewest rows that fit, a divisor of `band` (so a pixel row never straddles two cells
///   or two digits), and a column of pixels the fewest columns that fit `avail_w`.
pub fn fit(items: u32, options: u32, band: u32, avail_w: u32, avail_h: u32, scale: u32, label: u32) -> Fit {
    let scale = scale.max(1);
    if label > 0 && options * label <= 2 * avail_h {
        let s = (avail_w / items).min(avail_h / options);
        let s = if items * label <= avail_w {
            s.max(label)
        } else {
            s.max(scale)
        };
        return Fit {
            cell_w: s,
            cell_h: s,
            per_x: 1,
            per_y: 1,
        };
    }
    let per_y = (1..=band)
        .filter(|d| band % d == 0)
        .find(|d| options.div_ceil(*d) <= OVERVIEW_ROWS)
        .unwrap_or(band);
    let per_x = if per_y > 1 || items > avail_w {
        items.div_ceil(avail_w.max(1))
    } else {
        1
    };
    Fit {
        cell_w: if per_x == 1 { (avail_w / items).max(1) } else { 1 },
        cell_h: scale,
        per_x,
        per_y,
    }
}

/// The whole view of a matrix that is not a Sudoku's is kept within this many CSS pixels a
/// side (a canvas much bigger is slow to paint, or refused); what does not fit is left out,
/// and said ([`MatrixView::cut`]).
pub const MAX_SIDE: u32 = 4096;

/// A matrix that is not a Sudoku's names its rows when all of them take at most this many
/// CSS pixels at a name a row (Knuth's 6 options, pentominoes 3×5's 44).
pub const NAMED_ROWS: u32 = 1600;

/// How the matrix of a problem with no grid (`items` × `options`) fits a box `avail_w`
/// pixels wide, `scale` pixels per CSS pixel, when a name needs `label` pixels of row
/// (0: no names), the whole view in a box that scrolls down:
///
/// - the columns share the width, each a whole number of CSS pixels, 1 to 64;
/// - rows named when all of them fit in [`NAMED_ROWS`] CSS pixels at `label` a row, then
///   `label` tall; else as tall as a column is wide, at most 18 CSS pixels, fewer when
///   there are many (all in [`MAX_SIDE`]), at least 1.
pub fn fit_cover(items: u32, options: u32, avail_w: u32, scale: u32, label: u32) -> Fit {
    let scale = scale.max(1);
    let cw = (avail_w / scale / items.max(1)).clamp(1, 64);
    let rh = if label > 0 && options * label <= NAMED_ROWS * scale {
        label
    } else {
        cw.min(18).min(MAX_SIDE / options.max(1)).max(1) * scale
    };
    Fit {
        cell_w: cw * scale,
        cell_h: rh,
        per_x: 1,
        per_y: 1,
    }
}

/// Which part of the matrix the buffer shows, and how big.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Viewport {
    /// Size of the buffer in pixels.
    pub width: u32,
    pub height: u32,
    /// Pixels per column and per row.
    pub cell_w: u32,
    pub cell_h: u32,
    /// Columns and rows per pixel (more than 1 only in a downsampled whole view, whose
    /// cells are then 1 pixel wide and `scale` tall).
    pub per_x: u32,
    pub per_y: u32,
    /// The first column and the first row shown.
    pub col0: u32,
    pub row0: u32,
    /// 0 for the whole matrix, else an index into [`MatrixView::zoom_sizes`] plus one.
    pub zoom: u32,
}

/// Counts of what the matrix shows, for words.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Tally {
    pub live: usize,
    pub hidden: usize,
    pub tried: usize,
    /// Committed before the search (a Sudoku's givens).
    pub given: usize,
    pub pending: usize,
    pub spent: usize,
    pub covered: usize,
    pub dead_ends: usize,
}

/// The view: a layout, a viewport, a palette, a selection and the pixels.
#[derive(Clone, Debug)]
pub struct MatrixView {
    layout: Layout,
    order: usize,
    vp: Viewport,
    /// Pixels per CSS pixel (the zoom levels scale with it).
    scale: u32,
    /// How the whole matrix fits, and the cell sizes of the zoom levels after it.
    overview: Fit,
    zooms: Vec<u32>,
    /// What `resize` was last given: the room (width, height) and a label's size.
    room: (u32, u32, u32),
    /// Whether the whole view names each row, and each column.
    names: (bool, bool),
    palette: [[u8; 4]; PAINTS],
    /// Background by row kind (and selection) and column kind (and selection).
    backs: Vec<[u8; 4]>,
    dots: [[u8; 4]; ROW_KINDS],
    grid: [[u8; 4]; 2],
    selected_rows: Vec<bool>,
    selected_cols: Vec<bool>,
    /// Which pixels of a cell are its dot.
    dot_mask: Vec<bool>,
    buf: Vec<u8>,
    /// Marks beside the rows (left, `gutter × height`) and above the columns (`width × gutter`)
    /// of the options and items the search is at: a 1-pixel row is easy to miss, a mark is not.
    left: Vec<u8>,
    top: Vec<u8>,
    row_kind: Vec<u8>,
    col_kind: Vec<u8>,
    /// What the buffer shows: the row and column kinds it was drawn from.
    drawn: Option<(Vec<u8>, Vec<u8>)>,
    /// Where the search is: the option tried at the deepest level, and the item chosen there.
    focus: (Option<u32>, Option<u32>),
}

fn rgba(c: u32) -> [u8; 4] {
    c.to_be_bytes()
}

fn mix(a: [u8; 4], b: [u8; 4], t: f32) -> [u8; 4] {
    let m = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    [m(a[0], b[0]), m(a[1], b[1]), m(a[2], b[2]), 255]
}

impl MatrixView {
    pub fn new(layout: Layout) -> MatrixView {
        let (items, options) = (layout.items(), layout.options());
        let mut v = MatrixView {
            layout,
            order: 0,
            vp: Viewport {
                width: items as u32,
                height: options as u32,
                cell_w: 1,
                cell_h: 1,
                per_x: 1,
                per_y: 1,
                col0: 0,
                row0: 0,
                zoom: 0,
            },
            scale: 1,
            overview: Fit {
                cell_w: 1,
                cell_h: 1,
                per_x: 1,
                per_y: 1,
            },
            zooms: vec![],
            room: (0, 0, 0),
            names: (false, false),
            palette: [[0; 4]; PAINTS],
            backs: vec![],
            dots: [[0; 4]; ROW_KINDS],
            grid: [[0; 4]; 2],
            selected_rows: vec![false; options],
            selected_cols: vec![false; items],
            dot_mask: vec![],
            buf: vec![],
            left: vec![],
            top: vec![],
            row_kind: vec![0; options],
            col_kind: vec![0; items],
            drawn: None,
            focus: (None, None),
        };
        v.set_palette(&LIGHT);
        v.resize(items as u32, 1);
        v
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn viewport(&self) -> Viewport {
        self.vp
    }

    /// The RGBA pixels, row by row, `width × height × 4` bytes.
    pub fn pixels(&self) -> &[u8] {
        &self.buf
    }

    /// The width of the strip of marks left of the rows, and the height of the one above the
    /// columns, in pixels.
    pub fn gutter(&self) -> u32 {
        gutter_at(self.scale)
    }

    /// The marks left of the rows, RGBA, `gutter × height`.
    pub fn left_marks(&self) -> &[u8] {
        &self.left
    }

    /// The marks above the columns, RGBA, `width × gutter`.
    pub fn top_marks(&self) -> &[u8] {
        &self.top
    }

    /// Sets the colours (`0xRRGGBBAA`, one per [`Paint`]; missing ones keep theirs).
    pub fn set_palette(&mut self, colors: &[u32]) {
        for (slot, &c) in self.palette.iter_mut().zip(colors) {
            *slot = rgba(c);
        }
        let p = |k: Paint| self.palette[k as usize];
        let row_back = [
            p(Paint::Hidden),
            p(Paint::Background),
            p(Paint::Hidden),
            p(Paint::Pending),
            p(Paint::Tried),
            p(Paint::Trying),
        ];
        self.dots = [
            p(Paint::HiddenDot),
            p(Paint::Dot),
            p(Paint::HiddenDot),
            p(Paint::PendingDot),
            p(Paint::TriedDot),
            p(Paint::TryingDot),
        ];
        let tints = [
            None,
            Some((Paint::Covered, 0.45)),
            Some((Paint::Chosen, 0.16)),
            Some((Paint::Top, 0.45)),
            Some((Paint::DeadEnd, 0.65)),
        ];
        self.backs.clear();
        for row_sel in [false, true] {
            for &back in &row_back {
                let back = if row_sel {
                    mix(back, p(Paint::Selected), 0.55)
                } else {
                    back
                };
                for col_sel in [false, true] {
                    for tint in tints {
                        let mut c = match tint {
                            Some((paint, t)) => mix(back, p(paint), t),
                            None => back,
                        };
                        if col_sel && !row_sel {
                            c = mix(c, p(Paint::Selected), 0.55);
                        }
                        self.backs.push(c);
                    }
                }
            }
        }
        self.grid = [p(Paint::Grid), p(Paint::Grid)];
        self.drawn = None;
    }

    fn back(&self, row_kind: u8, col_kind: u8) -> [u8; 4] {
        // row_kind: kind + ROW_KINDS if selected; col_kind: kind + COL_KINDS if selected
        self.backs[row_kind as usize * 2 * COL_KINDS + col_kind as usize]
    }

    /// Fits the whole matrix into `avail` pixels of width, with `scale` pixels per CSS
    /// pixel: each column gets as many whole pixels as fit (at least one), each row
    /// `scale`. Keeps the zoom level and, as far as it can, the place.
    pub fn resize(&mut self, avail: u32, scale: u32) {
        self.fit(avail, 0, scale, 0);
    }

    /// Fits the whole matrix into `avail_w` × `avail_h` pixels, `scale` per CSS pixel, a
    /// label needing `label` pixels (see [`fit`]): a small matrix gets labelled square
    /// cells, a big one is downsampled. Keeps the zoom level and, as far as it can, the place.
    ///
    /// A matrix that is not a Sudoku's fits as [`fit_cover`] says (`avail_h` unused), at most
    /// [`MAX_SIDE`] CSS pixels a side: its rows named when they all fit, its columns when
    /// they are as wide as `label`.
    pub fn fit(&mut self, avail_w: u32, avail_h: u32, scale: u32, label: u32) {
        let l = &self.layout;
        let (items, options) = (l.items() as u32, l.options() as u32);
        self.scale = scale.max(1);
        self.room = (avail_w, avail_h, label);
        let f = match l.sudoku {
            Some((shape, _)) => fit(
                items,
                options,
                shape.cells() as u32,
                avail_w,
                avail_h,
                self.scale,
                label,
            ),
            None => fit_cover(items, options, avail_w, self.scale, label),
        };
        self.overview = f;
        self.vp.width = items.div_ceil(f.per_x) * f.cell_w;
        self.vp.height = options.div_ceil(f.per_y) * f.cell_h;
        self.names = (self.labelled(), self.labelled());
        if l.sudoku.is_none() {
            let most = MAX_SIDE * self.scale;
            self.vp.width = self.vp.width.min(most / f.cell_w * f.cell_w);
            self.vp.height = self.vp.height.min(most / f.cell_h * f.cell_h);
            let rows_named = label > 0 && options * label <= NAMED_ROWS * self.scale;
            self.names = (rows_named, label > 0 && f.cell_w >= label);
        }
        let biggest = f.cell_w.max(f.cell_h);
        self.zooms = ZOOMS.iter().map(|z| z * self.scale).filter(|&z| z > biggest).collect();
        if f.per_x > 1 || f.per_y > 1 {
            self.zooms.insert(0, self.scale);
        }
        self.buf = vec![0; (self.vp.width * self.vp.height * 4) as usize];
        self.left = vec![0; (self.gutter() * self.vp.height * 4) as usize];
        self.top = vec![0; (self.vp.width * self.gutter() * 4) as usize];
        let zoom = self.vp.zoom.min(self.zooms.len() as u32);
        self.set_zoom(zoom, self.vp.width / 2, self.vp.height / 2);
    }

    /// Whether the whole view names every row and column (its cells are at least the
    /// label size `fit` was given).
    pub fn labelled(&self) -> bool {
        let label = self.room.2;
        label > 0 && self.overview.cell_h >= label && self.overview.cell_w >= label
    }

    /// Whether the whole view names each row, and each column (a Sudoku's: both or neither,
    /// as [`MatrixView::labelled`]).
    pub fn names(&self) -> (bool, bool) {
        self.names
    }

    /// What the whole view leaves out of a matrix too big for it, in words ("The picture
    /// holds only the first 4,096 of 10,000 options."); `None` when it holds all of it.
    pub fn cut(&self) -> Option<String> {
        let (f, vp, l) = (self.overview, self.vp, &self.layout);
        let rows = (vp.height / f.cell_h.max(1) * f.per_y).min(l.options() as u32) as usize;
        let cols = (vp.width / f.cell_w.max(1) * f.per_x).min(l.items() as u32) as usize;
        let first = |shown: usize, all: usize, what: &str| {
            (shown < all).then(|| format!("the first {} of {} {what}", grouped(shown), grouped(all)))
        };
        let cut: Vec<String> = [first(rows, l.options(), "options"), first(cols, l.items(), "items")]
            .into_iter()
            .flatten()
            .collect();
        (!cut.is_empty()).then(|| format!("The picture holds only {}.", cut.join(" and ")))
    }

    /// The cell sizes (pixels, square) of the zoom levels after the whole view.
    pub fn zoom_sizes(&self) -> &[u32] {
        &self.zooms
    }

    /// The cell size and cells per pixel of zoom level `zoom`, at most the number of zoom
    /// sizes (`set_zoom`, the only caller, clamps it).
    fn cell_size(&self, zoom: u32) -> Fit {
        if zoom == 0 {
            self.overview
        } else {
            let s = self.zooms[zoom as usize - 1];
            Fit {
                cell_w: s,
                cell_h: s,
                per_x: 1,
                per_y: 1,
            }
        }
    }

    /// Goes to zoom level `zoom` (0: the whole matrix), keeping the cell under pixel
    /// `(x, y)` of the buffer where it is.
    pub fn set_zoom(&mut self, zoom: u32, x: u32, y: u32) {
        let zoom = zoom.min(self.zooms.len() as u32);
        let (x, y) = (x.min(self.vp.width), y.min(self.vp.height));
        let vp = self.vp;
        // The matrix point under (x, y), in cells (fractional).
        let mx = vp.col0 as f64 + x as f64 * vp.per_x as f64 / vp.cell_w as f64;
        let my = vp.row0 as f64 + y as f64 * vp.per_y as f64 / vp.cell_h as f64;
        let f = self.cell_size(zoom);
        self.vp.zoom = zoom;
        self.vp.cell_w = f.cell_w;
        self.vp.cell_h = f.cell_h;
        self.vp.per_x = f.per_x;
        self.vp.per_y = f.per_y;
        let col0 = (mx - x as f64 * f.per_x as f64 / f.cell_w as f64).round().max(0.0) as u32;
        let row0 = (my - y as f64 * f.per_y as f64 / f.cell_h as f64).round().max(0.0) as u32;
        // The whole view begins at the first row and column (all of them, but for a cut one).
        let zoomed = u32::from(zoom > 0);
        self.vp.col0 = col0.min(self.max_col0()) * zoomed;
        self.vp.row0 = row0.min(self.max_row0()) * zoomed;
        self.dot_mask = dot_mask(f.cell_w, f.cell_h);
        self.drawn = None;
    }

    /// Columns and rows that fit in the window whole.
    fn window(&self) -> (u32, u32) {
        let vp = &self.vp;
        (vp.width / vp.cell_w * vp.per_x, vp.height / vp.cell_h * vp.per_y)
    }

    fn max_col0(&self) -> u32 {
        (self.layout.items() as u32).saturating_sub(self.window().0)
    }

    fn max_row0(&self) -> u32 {
        (self.layout.options() as u32).saturating_sub(self.window().1)
    }

    /// Moves the window by `cols` columns and `rows` rows, staying inside the matrix.
    pub fn pan(&mut self, cols: i32, rows: i32) {
        let col0 = (self.vp.col0 as i64 + cols as i64).clamp(0, self.max_col0() as i64) as u32;
        let row0 = (self.vp.row0 as i64 + rows as i64).clamp(0, self.max_row0() as i64) as u32;
        if (col0, row0) != (self.vp.col0, self.vp.row0) {
            self.vp.col0 = col0;
            self.vp.row0 = row0;
            self.drawn = None;
        }
    }

    /// Pans as little as needed to show row `row` and (if given) column `col`.
    pub fn reveal(&mut self, row: Option<u32>, col: Option<u32>) {
        let (full_c, full_r) = self.window();
        let mut dr = 0i64;
        let mut dc = 0i64;
        if let Some(r) = row {
            let (r, r0, full) = (r as i64, self.vp.row0 as i64, full_r as i64);
            if r < r0 || r >= r0 + full {
                dr = r - full / 2 - r0;
            }
        }
        if let Some(c) = col {
            let (c, c0, full) = (c as i64, self.vp.col0 as i64, full_c as i64);
            if c < c0 || c >= c0 + full {
                dc = c - full / 2 - c0;
            }
        }
        self.pan(dc as i32, dr as i32);
    }

    /// The number of rows and columns of pixels (or cells) drawn: `(rows, columns)`, the
    /// last ones perhaps in part.
    fn shown_cells(&self) -> (u32, u32) {
        let vp = &self.vp;
        let rest_r = (self.layout.options() as u32 - vp.row0).div_ceil(vp.per_y);
        let rest_c = (self.layout.items() as u32 - vp.col0).div_ceil(vp.per_x);
        (
            vp.height.div_ceil(vp.cell_h).min(rest_r),
            vp.width.div_ceil(vp.cell_w).min(rest_c),
        )
    }

    /// The number of rows and columns of the matrix shown (the last ones perhaps in part).
    pub fn shown(&self) -> (u32, u32) {
        let (r, c) = self.shown_cells();
        let vp = &self.vp;
        (
            (r * vp.per_y).min(self.layout.options() as u32 - vp.row0),
            (c * vp.per_x).min(self.layout.items() as u32 - vp.col0),
        )
    }

    /// The row and column under pixel `(x, y)` of the buffer, if any (in a downsampled
    /// view, the first of those the pixel sums up).
    pub fn cell_at(&self, x: u32, y: u32) -> Option<(u32, u32)> {
        let vp = &self.vp;
        if x >= vp.width || y >= vp.height {
            return None;
        }
        let row = vp.row0 + y / vp.cell_h * vp.per_y;
        let col = vp.col0 + x / vp.cell_w * vp.per_x;
        (row < self.layout.options() as u32 && col < self.layout.items() as u32).then_some((row, col))
    }

    /// The row order: an index into [`Layout::orders`].
    pub fn order(&self) -> usize {
        self.order
    }

    /// Changes the row order, keeping the option at the top of the window in view.
    pub fn set_order(&mut self, order: usize) {
        let order = order.min(self.layout.orders.len() - 1);
        if order == self.order {
            return;
        }
        let top = self.layout.orders[self.order].rows[self.vp.row0 as usize];
        self.order = order;
        self.vp.row0 = 0;
        if self.vp.zoom > 0 {
            let row = self.row_of(top as usize);
            self.pan(0, row as i32);
        }
        self.drawn = None;
    }

    /// The option shown in row `row`.
    pub fn option_at(&self, row: usize) -> u32 {
        self.layout.orders[self.order].rows[row]
    }

    /// The row of option `o`.
    pub fn row_of(&self, o: usize) -> u32 {
        self.layout.orders[self.order].row_of[o]
    }

    /// Tints the rows of `options` and the columns of `items` (out-of-range ones are ignored).
    pub fn select(&mut self, options: &[u32], items: &[u32]) {
        self.selected_rows.iter_mut().for_each(|s| *s = false);
        self.selected_cols.iter_mut().for_each(|s| *s = false);
        for &o in options {
            if let Some(s) = self.selected_rows.get_mut(o as usize) {
                *s = true;
            }
        }
        for &i in items {
            if let Some(s) = self.selected_cols.get_mut(i as usize) {
                *s = true;
            }
        }
        self.drawn = None;
    }

    pub fn selected_options(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.selected_rows.len()).filter(|&o| self.selected_rows[o])
    }

    pub fn selected_items(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.selected_cols.len()).filter(|&i| self.selected_cols[i])
    }

    /// The row of the option tried last (at the deepest level that has one) and the column of
    /// the item chosen at the deepest level, as of the last [`MatrixView::draw`].
    pub fn focus(&self) -> (Option<u32>, Option<u32>) {
        (self.focus.0.map(|o| self.row_of(o as usize)), self.focus.1)
    }

    /// Works out how each option and item is drawn.
    fn classify(&mut self, pic: &Picture) {
        let trying = pic
            .choices
            .last()
            .filter(|c| c.trying)
            .map(|c| c.branches[c.at] as usize);
        let tried = pic.choices.iter().rev().find(|c| c.trying).map(|c| c.branches[c.at]);
        self.focus = (tried, pic.choices.last().map(|c| c.item));
        for (o, k) in self.row_kind.iter_mut().enumerate() {
            let kind = match pic.options.get(o).copied() {
                Some(s) if s == OptionState::Live as u8 => ROW_LIVE,
                Some(s) if s == OptionState::Tried as u8 => {
                    if trying == Some(o) {
                        ROW_TRYING
                    } else {
                        ROW_TRIED
                    }
                }
                // a given: chosen before the search, drawn as the options chosen since
                Some(s) if s == OptionState::Given as u8 => ROW_TRIED,
                Some(s) if s == OptionState::Pending as u8 => ROW_PENDING,
                Some(s) if s == OptionState::Spent as u8 => ROW_SPENT,
                _ => ROW_HIDDEN,
            };
            *k = kind + if self.selected_rows[o] { ROW_KINDS as u8 } else { 0 };
        }
        for (i, k) in self.col_kind.iter_mut().enumerate() {
            let f = pic.flags.get(i).copied().unwrap_or(0);
            let kind = if f & ItemFlag::DeadEnd as u8 != 0 {
                COL_DEAD
            } else if f & ItemFlag::Top as u8 != 0 {
                COL_TOP
            } else if f & ItemFlag::Chosen as u8 != 0 {
                COL_CHOSEN
            } else if f & ItemFlag::Covered as u8 != 0 {
                COL_COVERED
            } else {
                COL_PLAIN
            };
            *k = kind + if self.selected_cols[i] { COL_KINDS as u8 } else { 0 };
        }
    }

    /// Draws the picture into the buffer. Returns false (and leaves the buffer alone) when
    /// it would look the same as the last time.
    pub fn draw(&mut self, pic: &Picture) -> bool {
        self.classify(pic);
        if let Some((rows, cols)) = &self.drawn {
            if *rows == self.row_kind && *cols == self.col_kind {
                return false;
            }
        }
        self.paint();
        self.paint_marks();
        match &mut self.drawn {
            Some((rows, cols)) => {
                rows.clone_from(&self.row_kind);
                cols.clone_from(&self.col_kind);
            }
            None => self.drawn = Some((self.row_kind.clone(), self.col_kind.clone())),
        }
        true
    }

    /// The kind of the rows (or columns) a pixel sums up: the most telling one's, selected
    /// if any is. `rank` orders the kinds, `kinds` is their count.
    fn merged(kinds: impl Iterator<Item = u8>, rank: &[u8], count: u8) -> u8 {
        let (mut best, mut sel) = (0u8, false);
        let mut first = true;
        for k in kinds {
            let base = k % count;
            sel |= k >= count;
            if first || rank[base as usize] > rank[best as usize] {
                best = base;
                first = false;
            }
        }
        best + if sel { count } else { 0 }
    }

    /// The kind of each column of pixels (or cells) in view.
    fn col_bins(&self, cols: usize) -> Vec<u8> {
        let (vp, items) = (self.vp, self.layout.items());
        (0..cols)
            .map(|c| {
                let a = vp.col0 as usize + c * vp.per_x as usize;
                let b = (a + vp.per_x as usize).min(items);
                if b - a == 1 {
                    self.col_kind[a]
                } else {
                    Self::merged(self.col_kind[a..b].iter().copied(), &COL_RANK, COL_KINDS as u8)
                }
            })
            .collect()
    }

    /// The options a row of pixels (or cells) `r` sums up, in the current order.
    fn bin_options(&self, r: usize) -> &[u32] {
        let vp = self.vp;
        let rows = &self.layout.orders[self.order].rows;
        let a = vp.row0 as usize + r * vp.per_y as usize;
        &rows[a..(a + vp.per_y as usize).min(rows.len())]
    }

    fn bin_row_kind(&self, r: usize) -> u8 {
        let opts = self.bin_options(r);
        if let [o] = opts {
            return self.row_kind[*o as usize];
        }
        Self::merged(
            opts.iter().map(|&o| self.row_kind[o as usize]),
            &ROW_RANK,
            ROW_KINDS as u8,
        )
    }

    fn paint(&mut self) {
        let vp = self.vp;
        let (rows, cols) = self.shown_cells();
        let stride = (vp.width * 4) as usize;
        let (cw, ch) = (vp.cell_w as usize, vp.cell_h as usize);
        let (px, py) = (vp.per_x as usize, vp.per_y as usize);
        let lines = cw >= 4;
        // Beyond the last row or column (only when zoomed in): the panel's own colour.
        if rows * vp.cell_h < vp.height || cols * vp.cell_w < vp.width {
            let blank = self.palette[Paint::Background as usize];
            for px in self.buf.chunks_exact_mut(4) {
                px.copy_from_slice(&blank);
            }
        }
        let col_bins = self.col_bins(cols as usize);
        let mut line = vec![0u8; stride];
        let order = &self.layout.orders[self.order];
        for r in 0..rows as usize {
            let row = vp.row0 as usize + r * py;
            let rk = self.bin_row_kind(r);
            for (c, &ck) in col_bins.iter().enumerate() {
                let i = vp.col0 as usize + c * px;
                let color = self.back(rk, ck);
                let x0 = c * cw;
                let x1 = ((c + 1) * cw).min(vp.width as usize);
                for px in line[x0 * 4..x1 * 4].chunks_exact_mut(4) {
                    px.copy_from_slice(&color);
                }
                if lines && self.layout.col_breaks[i] > 0 {
                    let t = if self.layout.col_breaks[i] == 2 { 0.8 } else { 0.35 };
                    let g = mix(color, self.grid[0], t);
                    line[x0 * 4..x0 * 4 + 4].copy_from_slice(&g);
                }
            }
            let used = ((cols as usize * cw).min(vp.width as usize)) * 4;
            let y0 = r * ch;
            let y1 = ((r + 1) * ch).min(vp.height as usize);
            for y in y0..y1 {
                self.buf[y * stride..y * stride + used].copy_from_slice(&line[..used]);
            }
            if ch >= 4 && order.breaks[row] > 0 {
                let t = if order.breaks[row] == 2 { 0.8 } else { 0.35 };
                for px in self.buf[y0 * stride..y0 * stride + used].chunks_exact_mut(4) {
                    let g = mix([px[0], px[1], px[2], px[3]], self.grid[0], t);
                    px.copy_from_slice(&g);
                }
            }
            let dot = self.dots[rk as usize % ROW_KINDS];
            let end = row + py;
            for &o in &order.rows[row..end.min(order.rows.len())] {
                for &i in self.layout.option_items(o as usize) {
                    let Some(c) = (i as usize)
                        .checked_sub(vp.col0 as usize)
                        .map(|c| c / px)
                        .filter(|&c| c < cols as usize)
                    else {
                        continue;
                    };
                    let x0 = c * cw;
                    for (k, &on) in self.dot_mask.iter().enumerate() {
                        let (dx, dy) = (k % cw, k / cw);
                        let (x, y) = (x0 + dx, y0 + dy);
                        if on && x < vp.width as usize && y < vp.height as usize {
                            self.buf[y * stride + x * 4..y * stride + x * 4 + 4].copy_from_slice(&dot);
                        }
                    }
                }
            }
        }
    }

    /// Marks the tried, trying and pending rows and the chosen, top and dead-end columns in
    /// view, each at least three pixels across, the most telling drawn last (in a
    /// downsampled view, a pixel is marked if any row or column it sums up is).
    fn paint_marks(&mut self) {
        let vp = self.vp;
        let g = self.gutter() as usize;
        let blank = self.palette[Paint::Background as usize];
        for px in self.left.chunks_exact_mut(4).chain(self.top.chunks_exact_mut(4)) {
            px.copy_from_slice(&blank);
        }
        let (rows, cols) = self.shown_cells();
        let least = 3 * self.scale as usize;
        let p = |k: Paint| self.palette[k as usize];
        let row_marks = [
            (ROW_PENDING, p(Paint::PendingDot)),
            (ROW_TRIED, p(Paint::TriedDot)),
            (ROW_TRYING, p(Paint::TryingDot)),
        ];
        for (kind, color) in row_marks {
            for r in 0..rows as usize {
                let opts = self.bin_options(r);
                if !opts
                    .iter()
                    .any(|&o| self.row_kind[o as usize] % ROW_KINDS as u8 == kind)
                {
                    continue;
                }
                let (y0, y1) = span(r, vp.cell_h as usize, least, vp.height as usize);
                for y in y0..y1 {
                    for px in self.left[y * g * 4..(y + 1) * g * 4].chunks_exact_mut(4) {
                        px.copy_from_slice(&color);
                    }
                }
            }
        }
        let col_marks = [
            (COL_CHOSEN, p(Paint::Chosen)),
            (COL_TOP, p(Paint::Top)),
            (COL_DEAD, p(Paint::DeadEnd)),
        ];
        let stride = vp.width as usize * 4;
        let items = self.layout.items();
        for (kind, color) in col_marks {
            // an item chosen at a level above: a short mark; the top one and dead ends: a full one
            let from = if kind == COL_CHOSEN { g / 2 } else { 0 };
            for c in 0..cols as usize {
                let a = vp.col0 as usize + c * vp.per_x as usize;
                let bin = &self.col_kind[a..(a + vp.per_x as usize).min(items)];
                if !bin.iter().any(|&k| k % COL_KINDS as u8 == kind) {
                    continue;
                }
                let (x0, x1) = span(c, vp.cell_w as usize, least, vp.width as usize);
                for y in from..g {
                    for px in self.top[y * stride + x0 * 4..y * stride + x1 * 4].chunks_exact_mut(4) {
                        px.copy_from_slice(&color);
                    }
                }
            }
        }
    }

    /// What the options and items are doing now.
    pub fn tally(pic: &Picture) -> Tally {
        let mut t = Tally::default();
        for &s in &pic.options {
            match s {
                s if s == OptionState::Live as u8 => t.live += 1,
                s if s == OptionState::Tried as u8 => t.tried += 1,
                s if s == OptionState::Given as u8 => t.given += 1,
                s if s == OptionState::Pending as u8 => t.pending += 1,
                s if s == OptionState::Spent as u8 => t.spent += 1,
                _ => t.hidden += 1,
            }
        }
        for &f in &pic.flags {
            if f & ItemFlag::Covered as u8 != 0 {
                t.covered += 1;
            }
            if f & ItemFlag::DeadEnd as u8 != 0 {
                t.dead_ends += 1;
            }
        }
        t
    }

    /// What the view shows now, in words (the canvas's text alternative), its numbers
    /// written as the page writes them ("4,096 options"). A Sudoku's matrix in the Sudoku
    /// view's words ("The whole matrix, 729 options × 324 items, rows by cell. 700 options
    /// live, 28 given, 1 tried, …"), any other in the workbench's ("The matrix: 44 options
    /// (rows) × 18 items (columns). 44 live, 0 in the partial solution, …"); then what is
    /// chosen and tried, how the view sums up or zooms, the selection, and what it leaves out.
    pub fn describe(&self, pic: &Picture) -> String {
        let l = &self.layout;
        let (options, items) = (grouped(l.options()), grouped(l.items()));
        let t = MatrixView::tally(pic);
        let n = |k: usize, one: &str, many: &str| format!("{} {}", grouped(k), if k == 1 { one } else { many });
        let mut s;
        let mut parts;
        if l.sudoku.is_some() {
            s = format!(
                "The whole matrix, {options} options × {items} items, rows by {}. ",
                l.orders[self.order].name
            );
            parts = vec![format!("{} live", n(t.live, "option", "options"))];
            if t.given > 0 {
                parts.push(format!("{} given", grouped(t.given)));
            }
            parts.push(format!("{} tried", grouped(t.tried)));
            parts.push(format!("{} pending", grouped(t.pending)));
            if t.spent > 0 {
                parts.push(format!("{} spent", grouped(t.spent)));
            }
            parts.push(format!("{} hidden", grouped(t.hidden)));
        } else {
            s = format!(
                "The matrix: {} × {}. ",
                n(l.options(), "option (row)", "options (rows)"),
                n(l.items(), "item (column)", "items (columns)")
            );
            parts = vec![format!("{} live", grouped(t.live))];
            if t.given > 0 {
                parts.push(format!("{} chosen before the search", grouped(t.given)));
            }
            parts.push(format!("{} in the partial solution", grouped(t.tried)));
            parts.push(format!("{} still to try", grouped(t.pending)));
            parts.push(format!("{} hidden or spent", grouped(t.hidden + t.spent)));
        }
        s += &parts.join(", ");
        s += &format!("; {} covered", n(t.covered, "item", "items"));
        if t.dead_ends > 0 {
            s += &format!(", {} with no option left", n(t.dead_ends, "item", "items"));
        }
        s += ".";
        if let Some(c) = pic.choices.last() {
            s += &format!(" Chosen item: {}", l.item_name(c.item as usize));
            if c.trying {
                s += &format!("; trying {}", l.option_label(c.branches[c.at] as usize));
            }
            s += ".";
        }
        let vp = self.vp;
        if vp.per_x > 1 || vp.per_y > 1 {
            s += &format!(
                " Each pixel sums up {} × {} (the most telling state shows).",
                n(vp.per_y as usize, "row", "rows"),
                n(vp.per_x as usize, "column", "columns")
            );
        }
        if vp.zoom > 0 {
            let (rows, cols) = self.shown();
            let first = self.option_at(vp.row0 as usize) as usize;
            let last = self.option_at((vp.row0 + rows - 1) as usize) as usize;
            s += &format!(
                " Zoomed in: rows {} to {} ({} to {}), columns {} to {} ({} to {}).",
                grouped(vp.row0 as usize + 1),
                grouped((vp.row0 + rows) as usize),
                l.option_label(first),
                l.option_label(last),
                grouped(vp.col0 as usize + 1),
                grouped((vp.col0 + cols) as usize),
                l.item_name(vp.col0 as usize),
                l.item_name((vp.col0 + cols - 1) as usize),
            );
        }
        let sel_rows = self.selected_options().count();
        let sel_cols: Vec<usize> = self.selected_items().collect();
        if sel_rows > 0 || !sel_cols.is_empty() {
            s += &format!(" Highlighted: {}", n(sel_rows, "row", "rows"));
            match sel_cols.as_slice() {
                [] => {}
                [i] => s += &format!(" and the column of item {}", l.item_name(*i)),
                more => s += &format!(" and {} columns", grouped(more.len())),
            }
            s += ".";
        }
        if let Some(cut) = self.cut() {
            s += &format!(" {cut}");
        }
        s
    }
}

/// The pixels `k * size .. (k + 1) * size` widened to at least `least`, inside `0..end`.
fn span(k: usize, size: usize, least: usize, end: usize) -> (usize, usize) {
    let (a, b) = (k * size, (k + 1) * size);
    let grow = least.saturating_sub(size);
    let a = a.saturating_sub(grow / 2);
    let b = (b + grow - grow / 2).min(end);
    (a.min(end), b)
}

/// The pixels of a `w × h` cell that make its dot: all of a small cell, a disc in a big one.
fn dot_mask(w: u32, h: u32) -> Vec<bool> {
    let (w, h) = (w as usize, h as usize);
    if w.min(h) < 4 {
        return vec![true; w * h];
    }
    let r = w.min(h) as f32 * 0.36;
    let (cx, cy) = (w as f32 / 2.0, h as f32 / 2.0);
    (0..w * h)
        .map(|k| {
            let (x, y) = ((k % w) as f32 + 0.5 - cx, (k / w) as f32 + 0.5 - cy);
            x * x + y * y <= r * r
        })
        .collect()
}

/// A count as the page writes counts, in groups of three digits: "15,625".
fn grouped(k: usize) -> String {
    let digits = k.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::Stepwise;
    use crate::sudoku::{dlx, Puzzle};

    const HARD: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn pixel(v: &MatrixView, x: u32, y: u32) -> [u8; 4] {
        let k = ((y * v.viewport().width + x) * 4) as usize;
        v.pixels()[k..k + 4].try_into().unwrap()
    }

    fn paint(p: Paint) -> [u8; 4] {
        rgba(LIGHT[p as usize])
    }

    /// A search of HARD after `steps` events.
    fn picture(steps: usize) -> Picture {
        let puzzle: Puzzle = HARD.parse().unwrap();
        let mut s = dlx::start(&puzzle);
        for _ in 0..steps {
            s.step(&mut Stepwise);
        }
        Picture::of(&s)
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn each_option_is_a_row_with_a_dot_at_each_of_its_items() {
        let empty: Puzzle = ".".repeat(81).parse().unwrap();
        let mut v = MatrixView::new(Layout::sudoku());
        v.resize(324, 1);
        assert!(v.draw(&Picture::of(&dlx::start(&empty))));
        assert_eq!((v.viewport().width, v.viewport().height), (324, 729));
        for o in [0, 1, 100, 728] {
            let items = model::option_items(o);
            for i in 0..324 {
                let want = if items.contains(&i) {
                    paint(Paint::Dot)
                } else {
                    paint(Paint::Background)
                };
                assert_eq!(pixel(&v, i as u32, o as u32), want, "option {o}, item {i}");
            }
        }
        assert!(
            !v.draw(&Picture::of(&dlx::start(&empty))),
            "nothing changed: nothing drawn"
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn covered_items_and_hidden_options_dim_the_tried_one_stays_lit() {
        // After Choose, Cover and Try, the top level tries its first branch.
        let mut v = MatrixView::new(Layout::sudoku());
        v.resize(648, 1); // two pixels per column
        let pic = picture(3);
        let c = pic.choices.last().unwrap().clone();
        assert!(c.trying);
        let tried = c.branches[c.at] as usize;
        v.draw(&pic);
        let col = |i: usize| 2 * i as u32;
        // The given 4 in r1c1 covers its four items; option r1c1 = 4 is its own row, drawn
        // as chosen before the search: the colours of a tried option, at its dots too.
        let given = model::option(0, 4);
        let cell_item = model::option_items(given)[0];
        assert_eq!(pic.options[given], OptionState::Given as u8);
        assert_eq!(pixel(&v, col(cell_item), given as u32), paint(Paint::TriedDot));
        let off = (0..324)
            .find(|i| !model::option_items(given).contains(i) && pic.flags[*i] == 0)
            .unwrap();
        assert_eq!(pixel(&v, col(off), given as u32), paint(Paint::Tried));
        // r1c1 = 5, hidden, under a covered item: dimmed dot, grey background
        let other = model::option(0, 5);
        assert_eq!(pixel(&v, col(cell_item), other as u32), paint(Paint::HiddenDot));
        let free = (0..324)
            .find(|i| !model::option_items(other).contains(i) && pic.flags[*i] == 0)
            .unwrap();
        assert_eq!(pixel(&v, col(free), other as u32), paint(Paint::Hidden));
        // a covered column over a live row is tinted
        let live = (0..729).find(|&o| pic.options[o] == OptionState::Live as u8).unwrap();
        assert_eq!(
            pixel(&v, col(cell_item), live as u32),
            mix(paint(Paint::Background), paint(Paint::Covered), 0.45)
        );
        // the option being tried: lit, in its own colour, its dots the strongest
        let item = model::option_items(tried)[1];
        assert_eq!(pixel(&v, col(item), tried as u32), paint(Paint::TryingDot));
        let deeper = {
            let puzzle: Puzzle = HARD.parse().unwrap();
            let mut s = dlx::start(&puzzle);
            let mut p = Picture::of(&s);
            while !(p.choices.len() == 2 && p.choices[1].trying) {
                s.step(&mut Stepwise);
                p = Picture::of(&s);
            }
            p
        };
        let touches = |i: usize| c.branches.iter().any(|&o| model::option_items(o as usize).contains(&i));
        let plain = (0..324)
            .find(|&i| !touches(i) && pic.flags[i] == 0 && deeper.flags[i] == 0)
            .unwrap();
        assert_eq!(pixel(&v, col(plain) + 1, tried as u32), paint(Paint::Trying));
        // the pending branches of the level
        for &o in &c.branches[c.at + 1..] {
            assert_eq!(pixel(&v, col(plain), o), paint(Paint::Pending), "branch {o}");
        }
        // the chosen item's column, tinted as the top of the stack
        assert_eq!(
            pixel(&v, col(c.item as usize), live as u32),
            mix(paint(Paint::Background), paint(Paint::Top), 0.45)
        );
        // one step on, the option is tried at a deeper level: it stays lit, as tried
        assert!(deeper.choices.len() == 2 && deeper.choices[0].trying);
        v.draw(&deeper);
        assert_eq!(pixel(&v, col(plain), tried as u32), paint(Paint::Tried));
        // marks beside the rows and above the columns: easy to find in the whole view
        let g = v.gutter();
        assert_eq!(g, 6);
        let left = |y: u32| -> [u8; 4] {
            v.left_marks()[(y * g * 4) as usize..(y * g * 4 + 4) as usize]
                .try_into()
                .unwrap()
        };
        let top = |x: u32, y: u32| -> [u8; 4] {
            let k = ((y * v.viewport().width + x) * 4) as usize;
            v.top_marks()[k..k + 4].try_into().unwrap()
        };
        let now = deeper.choices[1].branches[deeper.choices[1].at];
        assert_eq!(left(now), paint(Paint::TryingDot));
        assert_eq!(left(now + 1), paint(Paint::TryingDot), "three pixels tall");
        assert_eq!(left(tried as u32), paint(Paint::TriedDot));
        assert_eq!(top(col(deeper.choices[1].item as usize), 0), paint(Paint::Top));
        assert_eq!(v.focus(), (Some(now), Some(deeper.choices[1].item)));
        assert_eq!(
            top(col(deeper.choices[0].item as usize), 0),
            paint(Paint::Background),
            "a short mark"
        );
        assert_eq!(top(col(deeper.choices[0].item as usize), 5), paint(Paint::Chosen));
        assert_eq!(pixel(&v, col(item), tried as u32), paint(Paint::TriedDot));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn grouping_by_digit_permutes_the_rows() {
        let pic = picture(0);
        let mut by_cell = MatrixView::new(Layout::sudoku());
        let mut by_digit = MatrixView::new(Layout::sudoku());
        by_digit.set_order(1);
        by_cell.draw(&pic);
        by_digit.draw(&pic);
        for o in 0..729 {
            let (cell, digit) = model::placement(o);
            let row = (digit as usize - 1) * 81 + cell;
            assert_eq!(by_digit.row_of(o), row as u32);
            assert_eq!(by_digit.option_at(row), o as u32);
            let w = 324 * 4;
            assert_eq!(
                by_digit.pixels()[row * w..row * w + w],
                by_cell.pixels()[o * w..o * w + w],
                "option {o}"
            );
        }
        assert_eq!(by_digit.layout().orders()[1].bands[2].label, "digit 3");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_row_order_is_what_was_set_and_stays_in_range() {
        let mut v = MatrixView::new(Layout::sudoku());
        assert_eq!(v.order(), 0, "rows by cell first");
        v.set_order(1);
        assert_eq!(v.order(), 1);
        assert_eq!(
            v.option_at(1),
            model::option(1, 1) as u32,
            "by digit: r1c2 = 1 is the second row"
        );
        v.set_order(7);
        assert_eq!(v.order(), 1, "an order past the last is the last");
        v.set_order(0);
        assert_eq!((v.order(), v.option_at(1)), (0, 1));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn zoom_maps_pixels_to_cells_and_keeps_the_point_under_the_pointer() {
        let mut v = MatrixView::new(Layout::sudoku());
        v.resize(700, 1); // 2 px per column (648 wide), 1 per row
        assert_eq!(v.viewport().cell_w, 2);
        assert_eq!(v.cell_at(301, 400), Some((400, 150)));
        assert_eq!(v.cell_at(648, 0), None);
        // zoom in on row 400, column 150: it stays under the pointer
        v.set_zoom(3, 301, 400); // 16 px cells
        let vp = v.viewport();
        assert_eq!((vp.cell_w, vp.cell_h, vp.zoom), (16, 16, 3));
        assert_eq!(v.cell_at(301, 400), Some((400, 150)));
        // 729 px / 16 = 45.6 rows, 648 / 16 = 40.5 columns
        assert_eq!(v.shown(), (46, 41));
        // a level past the last is the last, the pointer's cell still under it
        let mut past = MatrixView::new(Layout::sudoku());
        past.resize(700, 1);
        past.set_zoom(99, 301, 400);
        let last = past.zoom_sizes().len() as u32;
        let s = *past.zoom_sizes().last().unwrap();
        assert_eq!((past.viewport().zoom, past.viewport().cell_w), (last, s));
        assert_eq!(past.cell_at(301, 400), Some((400, 150)));
        // a known cell's dot is where the mapping says: the centre of its 16 × 16 square
        let pic = picture(0);
        v.draw(&pic);
        let (row, i) = (vp.row0..vp.row0 + 45)
            .find_map(|r| {
                let o = v.option_at(r as usize) as usize;
                let i = model::option_items(o)
                    .into_iter()
                    .find(|&i| (vp.col0 as usize..vp.col0 as usize + 40).contains(&i));
                i.map(|i| (r, i as u32))
            })
            .unwrap();
        let o = v.option_at(row as usize) as usize;
        let dot = if pic.options[o] == OptionState::Live as u8 {
            Paint::Dot
        } else {
            Paint::HiddenDot
        };
        assert_eq!(pixel(&v, (i - vp.col0) * 16 + 8, (row - vp.row0) * 16 + 8), paint(dot));
        // panning stops at the edges
        v.pan(-1000, -1000);
        assert_eq!((v.viewport().col0, v.viewport().row0), (0, 0));
        v.pan(1000, 1000);
        assert_eq!((v.viewport().col0, v.viewport().row0), (324 - 40, 729 - 45));
        assert_eq!(v.cell_at(639, 719), Some((728, 323)));
        assert_eq!(v.cell_at(639, 728), None, "below the last row");
        assert_eq!(v.cell_at(640, 0), None, "right of the last column");
        // back to the whole matrix
        v.set_zoom(0, 0, 0);
        assert_eq!((v.viewport().col0, v.viewport().row0, v.viewport().cell_w), (0, 0, 2));
        // a high-density screen: the levels scale
        v.resize(1400, 2);
        v.set_zoom(1, 0, 0);
        assert_eq!((v.viewport().cell_w, v.viewport().cell_h), (8, 8));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn zoomed_cells_have_round_dots_and_group_lines() {
        let mut v = MatrixView::new(Layout::sudoku());
        v.resize(648, 1);
        v.set_zoom(3, 0, 0); // 16 px cells, the top-left corner
        v.draw(&picture(0));
        // option 0 (r1c1 = 1) is hidden (the given 4 covers r1c1); its cell item is column 0
        let centre = pixel(&v, 8, 8);
        assert_eq!(centre, paint(Paint::HiddenDot));
        let corner = pixel(&v, 15, 15);
        assert_ne!(corner, paint(Paint::HiddenDot), "a dot, not a square");
        // a block line at row 81's first pixel row? Not in view; the first column's line is.
        assert_eq!(pixel(&v, 0, 5), mix(pixel(&v, 1, 5), paint(Paint::Grid), 0.8));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn selection_tints_rows_and_columns_and_reveal_pans_to_them() {
        let mut v = MatrixView::new(Layout::sudoku());
        v.resize(324, 1);
        let pic = picture(0);
        let rows: Vec<u32> = (0..9).map(|d| model::option(40, d + 1) as u32).collect();
        v.select(&rows, &[40]);
        v.draw(&pic);
        let free = (0..324u32)
            .find(|&i| pic.flags[i as usize] == 0 && !model::option_items(rows[0] as usize).contains(&(i as usize)))
            .unwrap();
        let back = pixel(&v, free, rows[0]);
        let state = pic.options[rows[0] as usize];
        let base = if state == OptionState::Live as u8 {
            paint(Paint::Background)
        } else {
            paint(Paint::Hidden)
        };
        assert_eq!(back, mix(base, paint(Paint::Selected), 0.55));
        assert_eq!(v.selected_options().count(), 9);
        v.set_zoom(3, 0, 0);
        v.reveal(Some(v.row_of(rows[0] as usize)), Some(40));
        let vp = v.viewport();
        assert!((vp.row0..vp.row0 + 45).contains(&rows[0]));
        assert!((vp.col0..vp.col0 + 20).contains(&40));
        assert!(v
            .describe(&pic)
            .contains("Highlighted: 9 rows and the column of item r5c5 is filled."));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_words_say_what_is_shown() {
        let mut v = MatrixView::new(Layout::sudoku());
        let pic = picture(3);
        let t = MatrixView::tally(&pic);
        assert_eq!(t.live + t.hidden + t.tried + t.given + t.pending + t.spent, 729);
        assert_eq!(t.tried, 1);
        assert_eq!(
            t.given,
            HARD.bytes().filter(|&b| b != b'.').count(),
            "one option per given"
        );
        // counts in groups of three digits, as the page writes them
        let counts = [0, 7, 999, 1000, 15_625, 100_000, 1_234_567].map(grouped);
        assert_eq!(counts, ["0", "7", "999", "1,000", "15,625", "100,000", "1,234,567"]);
        let text = v.describe(&pic);
        assert!(
            text.starts_with("The whole matrix, 729 options × 324 items, rows by cell. "),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                "{} live, {} given, 1 tried, {} pending",
                n(t.live),
                t.given,
                t.pending
            )),
            "{text}"
        );
        assert!(text.contains(". Chosen item: box 7 has 7; trying r9c3 = 7."), "{text}");

        v.set_order(1);
        v.set_zoom(3, 0, 0);
        let text = v.describe(&pic);
        assert!(text.contains("rows by digit"), "{text}");
        assert!(
            text.contains(
                "Zoomed in: rows 1 to 46 (r1c1 = 1 to r6c1 = 1), columns 1 to 21 (r1c1 is filled to r3c3 is filled)."
            ),
            "{text}"
        );
        fn n(k: usize) -> String {
            format!("{k} option{}", if k == 1 { "" } else { "s" })
        }
    }

    /// A search of an order-`shape` grid (first row given as `first`, the rest blank) after `steps` events.
    fn board_picture(shape: Shape, first: &str, steps: usize) -> Picture {
        let cells = first.to_string() + &".".repeat(shape.cells() - first.len());
        let board = crate::sudoku::Board::parse(shape, Alphabet::detect(shape, &cells), &cells).unwrap();
        let puzzle = crate::sudoku::Puzzle::new(board).unwrap();
        let mut s = dlx::start(&puzzle);
        for _ in 0..steps {
            s.step(&mut Stepwise);
        }
        Picture::of(&s)
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn every_size_has_its_layout_its_numbering_from_the_model_and_its_alphabet() {
        for shape in Shape::ALL {
            let l = Layout::of(shape, Alphabet::default_for(shape));
            assert_eq!((l.options(), l.items()), (shape.options(), shape.items()));
            for o in [0, shape.options() / 3, shape.options() - 1] {
                let want: Vec<u32> = shape.option_items(o).iter().map(|&i| i as u32).collect();
                assert_eq!(l.option_items(o), &want[..], "{shape:?} option {o}");
            }
            let (cells, side) = (shape.cells() as u32, shape.side());
            assert_eq!(
                l.col_bands().iter().map(|b| (b.start, b.len)).collect::<Vec<_>>(),
                (0..4).map(|k| (k * cells, cells)).collect::<Vec<_>>()
            );
            let by_digit = &l.orders()[1];
            for k in [0, 1, cells as usize, shape.options() - 1] {
                let (cell, digit) = shape.placement(by_digit.rows[k] as usize);
                assert_eq!(
                    (cell, digit as usize),
                    (k % cells as usize, k / cells as usize + 1),
                    "{shape:?} row {k}"
                );
                assert_eq!(by_digit.row_of[by_digit.rows[k] as usize], k as u32);
            }
            assert_eq!(l.orders()[0].bands.len(), side);
            assert_eq!(by_digit.bands.len(), side);
        }
        let four = Layout::of(Shape::FOUR, Alphabet::Digits);
        assert_eq!((four.option_label(0), four.option_label(63)), ("r1c1 = 1", "r4c4 = 4"));
        assert_eq!(
            (four.item_label(5), four.item_label(16 + 7), four.item_label(63)),
            ("r2c2", "r2#4", "b4#4")
        );
        assert_eq!(four.item_name(32), "column 1 has 1");
        assert_eq!(four.orders()[1].bands[3].label, "digit 4");
        // 16×16 in either alphabet: POJ's A–P, or 1–9 then A–G
        let o = Shape::SIXTEEN.option(17, 16);
        let letters = Layout::of(Shape::SIXTEEN, Alphabet::Letters);
        let digits = Layout::of(Shape::SIXTEEN, Alphabet::Digits);
        assert_eq!(
            (letters.option_label(o), digits.option_label(o)),
            ("r2c2 = P", "r2c2 = G")
        );
        let b = Shape::SIXTEEN.item_number(model::Item::BoxDigit(15, 10));
        assert_eq!((letters.item_label(b), digits.item_label(b)), ("b16#J", "b16#A"));
        assert_eq!(
            (letters.item_name(b), digits.item_name(b)),
            ("box 16 has J", "box 16 has A")
        );
        assert_eq!(letters.orders()[1].bands[15].label, "digit P");
        let big = Layout::of(Shape::TWENTY_FIVE, Alphabet::Letters);
        assert_eq!(big.option_label(15624), "r25c25 = Y");
        assert_eq!(big.item_label(2499), "b25#Y");
        assert_eq!(big.orders()[0].bands[24].label, "r25");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_column_key_names_one_column_of_each_kind_in_the_grid() {
        let key = |shape, alphabet| {
            let l = Layout::of(shape, alphabet);
            l.column_key()
                .unwrap()
                .map(|i| format!("{} {}", l.item_label(i), l.item_name(i)))
        };
        assert_eq!(
            key(Shape::NINE, Alphabet::Digits),
            [
                "r4c5 r4c5 is filled",
                "r3#7 row 3 has 7",
                "c5#7 column 5 has 7",
                "b2#7 box 2 has 7"
            ]
        );
        assert_eq!(
            key(Shape::FOUR, Alphabet::Digits),
            [
                "r2c3 r2c3 is filled",
                "r1#2 row 1 has 2",
                "c3#2 column 3 has 2",
                "b2#2 box 2 has 2"
            ]
        );
        assert_eq!(
            key(Shape::SIXTEEN, Alphabet::Digits),
            [
                "r8c9 r8c9 is filled",
                "r7#E row 7 has E",
                "c9#E column 9 has E",
                "b2#E box 2 has E"
            ]
        );
        assert_eq!(key(Shape::TWENTY_FIVE, Alphabet::Letters)[3], "b2#W box 2 has W");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_small_matrix_is_labelled_whole_a_big_one_downsampled() {
        let f = |w, h, per_x, per_y| Fit {
            cell_w: w,
            cell_h: h,
            per_x,
            per_y,
        };
        // 4×4 at 1280×800: 10 px cells, every row named; on a phone, too narrow to name every
        // column: as big as fit its box, named in bands (it was 640 px wide in 275, scrolling)
        assert_eq!(fit(64, 64, 16, 660, 688, 1, 10), f(10, 10, 1, 1));
        assert_eq!(fit(64, 64, 16, 275, 700, 1, 10), f(4, 4, 1, 1));
        assert_eq!(fit(64, 64, 16, 275, 700, 2, 20), f(4, 4, 1, 1));
        assert_eq!(
            fit(64, 64, 16, 2000, 1200, 1, 10),
            f(18, 18, 1, 1),
            "as big as the window takes"
        );
        // 9×9 as before: whole pixels per column, a row per pixel, nothing summed up
        assert_eq!(fit(324, 729, 81, 660, 688, 1, 10), f(2, 1, 1, 1));
        assert_eq!(fit(324, 729, 81, 900, 2000, 3, 30), f(2, 3, 1, 1));
        // 16×16 and 25×25: a pixel sums up the fewest rows (a divisor of side²) and columns that fit
        assert_eq!(fit(1024, 4096, 256, 660, 688, 1, 10), f(1, 1, 2, 8));
        assert_eq!(fit(1024, 4096, 256, 1100, 688, 1, 10), f(1, 1, 1, 8));
        assert_eq!(fit(1024, 4096, 256, 300, 688, 2, 20), f(1, 2, 4, 8));
        assert_eq!(fit(2500, 15625, 625, 660, 688, 1, 10), f(1, 1, 4, 25));
        assert_eq!(
            fit(324, 729, 81, 260, 688, 1, 10),
            f(1, 1, 2, 1),
            "a narrow 9×9 fits its box, two columns a pixel (it was 324 px wide in 260, scrolling)"
        );
        let mut v = MatrixView::new(Layout::of(Shape::FOUR, Alphabet::Digits));
        v.fit(660, 688, 1, 10);
        assert!(v.labelled());
        assert_eq!(v.zoom_sizes(), [16, 24, 32], "only zooms that make the cells bigger");
        let mut v = MatrixView::new(Layout::of(Shape::SIXTEEN, Alphabet::Letters));
        v.fit(660, 688, 1, 10);
        assert!(!v.labelled());
        assert_eq!((v.viewport().width, v.viewport().height), (512, 512));
        assert_eq!(
            v.zoom_sizes(),
            [1, 4, 8, 16, 24, 32],
            "a level of one pixel per cell first"
        );
        assert_eq!(
            v.cell_at(3, 5),
            Some((40, 6)),
            "the first row and column a pixel sums up"
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn downsampling_shows_the_most_telling_state() {
        let shape = Shape::SIXTEEN;
        let mut v = MatrixView::new(Layout::of(shape, Alphabet::Letters));
        v.fit(660, 688, 1, 10); // 8 rows × 2 columns a pixel
        let pic = board_picture(shape, "ABCD", 3); // choose, cover, try
        v.draw(&pic);
        let c = pic.choices.last().unwrap();
        assert!(c.trying);
        let tried = c.branches[c.at] as usize;
        let x = |i: usize| i as u32 / 2;
        let y = |o: usize| v.row_of(o) / 8;
        let state = |o: usize| pic.options[o];
        let plain = |i: usize| pic.flags[i] == 0;
        // the row of pixels of the option being tried: its colour, whatever the other 7 rows are
        let others = (0..shape.options()).filter(|&o| o != tried && y(o) == y(tried)).count();
        assert_eq!(others, 7);
        let free = (0..shape.items())
            .find(|&i| {
                plain(i)
                    && plain(i ^ 1)
                    && (0..8).all(|k| {
                        !v.layout()
                            .option_items(v.option_at((y(tried) * 8 + k) as usize) as usize)
                            .iter()
                            .any(|&j| j as usize / 2 == i / 2)
                    })
            })
            .unwrap();
        assert_eq!(pixel(&v, x(free), y(tried)), paint(Paint::Trying));
        let item = shape.option_items(tried)[2];
        assert_eq!(pixel(&v, x(item), y(tried)), paint(Paint::TryingDot));
        // a pixel row of hidden options only (r1c1's: A is given) is hidden; one with a live option is live
        let all_hidden = (0..shape.options() / 8)
            .find(|&r| (0..8).all(|k| state(v.option_at(r * 8 + k) as usize) == OptionState::Hidden as u8))
            .unwrap();
        let mixed = (0..shape.options() / 8)
            .find(|&r| {
                let s: Vec<u8> = (0..8).map(|k| state(v.option_at(r * 8 + k) as usize)).collect();
                s.contains(&(OptionState::Hidden as u8))
                    && s.contains(&(OptionState::Live as u8))
                    && !s
                        .iter()
                        .any(|&x| x > OptionState::Live as u8 && x != OptionState::Spent as u8)
            })
            .unwrap();
        let empty_col = |r: usize| {
            (0..shape.items() / 2)
                .find(|&px| {
                    plain(2 * px)
                        && plain(2 * px + 1)
                        && (0..8).all(|k| {
                            !v.layout()
                                .option_items(v.option_at(r * 8 + k) as usize)
                                .iter()
                                .any(|&j| j as usize / 2 == px)
                        })
                })
                .unwrap() as u32
        };
        assert_eq!(
            pixel(&v, empty_col(all_hidden), all_hidden as u32),
            paint(Paint::Hidden)
        );
        assert_eq!(pixel(&v, empty_col(mixed), mixed as u32), paint(Paint::Background));
        // a pixel column is tinted as covered only when both its columns are covered
        let covered =
            |i: usize| pic.flags[i] & ItemFlag::Covered as u8 != 0 && pic.flags[i] & !(ItemFlag::Covered as u8) == 0;
        let live_row = (0..shape.options() / 8)
            .find(|&r| (0..8).all(|k| state(v.option_at(r * 8 + k) as usize) == OptionState::Live as u8))
            .unwrap();
        let both = (0..shape.items() / 2)
            .find(|&px| {
                covered(2 * px)
                    && covered(2 * px + 1)
                    && (0..8).all(|k| {
                        !v.layout()
                            .option_items(v.option_at(live_row * 8 + k) as usize)
                            .iter()
                            .any(|&j| j as usize / 2 == px)
                    })
            })
            .unwrap();
        let one = (0..shape.items() / 2)
            .find(|&px| {
                covered(2 * px) != covered(2 * px + 1)
                    && (plain(2 * px) || plain(2 * px + 1))
                    && (0..8).all(|k| {
                        !v.layout()
                            .option_items(v.option_at(live_row * 8 + k) as usize)
                            .iter()
                            .any(|&j| j as usize / 2 == px)
                    })
            })
            .unwrap();
        let bg = paint(Paint::Background);
        assert_eq!(
            pixel(&v, both as u32, live_row as u32),
            mix(bg, paint(Paint::Covered), 0.45)
        );
        assert_eq!(pixel(&v, one as u32, live_row as u32), bg);
        // the chosen item's pixel column: tinted as the top of the stack, and marked above
        let top_row = (0..shape.options() / 8)
            .find(|&r| {
                (0..8).all(|k| {
                    let o = v.option_at(r * 8 + k) as usize;
                    state(o) == OptionState::Live as u8
                        && !v.layout().option_items(o).iter().any(|&j| j / 2 == c.item / 2)
                })
            })
            .unwrap();
        assert_eq!(
            pixel(&v, x(c.item as usize), top_row as u32),
            mix(bg, paint(Paint::Top), 0.45)
        );
        let k = ((x(c.item as usize)) * 4) as usize;
        assert_eq!(v.top_marks()[k..k + 4], paint(Paint::Top));
        let text = v.describe(&pic);
        assert!(
            text.starts_with("The whole matrix, 4,096 options × 1,024 items, rows by cell. "),
            "{text}"
        );
        assert!(
            text.ends_with(" Each pixel sums up 8 rows × 2 columns (the most telling state shows)."),
            "{text}"
        );
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_big_matrix_zooms_to_named_rows_and_columns() {
        let shape = Shape::TWENTY_FIVE;
        let mut v = MatrixView::new(Layout::of(shape, Alphabet::Letters));
        v.fit(660, 688, 1, 10);
        assert_eq!((v.viewport().per_x, v.viewport().per_y), (4, 25));
        assert_eq!((v.viewport().width, v.viewport().height), (625, 625));
        let pic = board_picture(shape, "ABCDE", 0);
        assert!(v.describe(&pic).contains("Each pixel sums up 25 rows × 4 columns"));
        // the cell under (100, 300) stays there: column 400, row 7500 (r13c1's options)
        assert_eq!(v.cell_at(100, 300), Some((7500, 400)));
        v.set_zoom(1, 100, 300); // one pixel a cell
        let vp = v.viewport();
        assert_eq!((vp.cell_w, vp.per_x, vp.per_y, vp.zoom), (1, 1, 1, 1));
        assert_eq!(v.cell_at(100, 300), Some((7500, 400)));
        assert_eq!(v.shown(), (625, 625));
        v.set_zoom(4, 100, 300); // 16 px cells: named rows and columns
        assert_eq!(v.viewport().cell_h, 16);
        let (r, c) = v.cell_at(100, 300).unwrap();
        assert!((7499..=7500).contains(&r) && (399..=400).contains(&c), "{r}, {c}");
        v.draw(&pic);
        let text = v.describe(&pic);
        assert!(text.contains("Zoomed in: rows 7,"), "{text}");
        assert!(
            text.starts_with("The whole matrix, 15,625 options × 2,500 items, "),
            "{text}"
        );
        assert!(!text.contains("Each pixel"), "{text}");
        let vp = v.viewport();
        assert!(
            text.contains(&format!(
                "({} to ",
                v.layout().option_label(v.option_at(vp.row0 as usize) as usize)
            )),
            "{text}"
        );
        // panning stops at the far corner; back to the whole view
        v.pan(1 << 20, 1 << 20);
        assert_eq!(
            (v.viewport().col0, v.viewport().row0),
            (2500 - 625 / 16, 15625 - 625 / 16)
        );
        v.set_zoom(0, 0, 0);
        assert_eq!((v.viewport().col0, v.viewport().row0, v.viewport().per_y), (0, 0, 25));
        // by digit, with the 4×4's labelled view
        let mut four = MatrixView::new(Layout::of(Shape::FOUR, Alphabet::Digits));
        four.fit(660, 688, 1, 10);
        four.set_order(1);
        assert_eq!(four.option_at(16), Shape::FOUR.option(0, 2) as u32);
        let p4 = board_picture(Shape::FOUR, "1", 0);
        let text = four.describe(&p4);
        assert!(
            text.starts_with("The whole matrix, 64 options × 64 items, rows by digit. "),
            "{text}"
        );
        assert!(!text.contains("Each pixel") && !text.contains("Zoomed"), "{text}");
    }

    /// Knuth's example as a cover (items a–g, each option named by its items) and a search of it.
    fn knuth() -> (Layout, crate::exact_cover::Search) {
        let m = crate::exact_cover::knuth_example();
        let names = |i: usize| ((b'a' + i as u8) as char).to_string();
        let layout = Layout::cover(&m, names, |o| {
            m.option_items(o).map(names).collect::<Vec<_>>().join(" ")
        });
        (layout, crate::exact_cover::Search::new(m))
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn any_matrix_has_a_layout_its_rows_in_option_order_named_as_given() {
        let (l, _) = knuth();
        assert_eq!((l.options(), l.items(), l.primary()), (6, 7, 7));
        assert_eq!(l.grid(), None);
        assert_eq!(l.option_items(0), [2, 4, 5]);
        assert_eq!(l.option_items(5), [3, 4, 6]);
        assert_eq!((l.option_label(0), l.option_label(5)), ("c e f", "d e g"));
        assert_eq!((l.item_label(6), l.item_name(6)), ("g", "g"));
        assert_eq!(l.orders().len(), 1, "one order: the options'");
        assert_eq!(l.orders()[0].rows, (0..6).collect::<Vec<u32>>());
        assert!(l.orders()[0].bands.is_empty() && l.orders()[0].breaks.iter().all(|&b| b == 0));
        assert!(l.col_bands().is_empty(), "all primary: one band, unnamed");
        assert_eq!(l.column_key(), None);
        // secondary items: a band of their own, with a line where it begins
        let mut m = Matrix::new(2, 1);
        m.add_option(&[0, 2]).unwrap();
        m.add_option(&[1]).unwrap();
        let l = Layout::cover(&m, |i| format!("i{i}"), |o| format!("o{o}"));
        assert_eq!(l.primary(), 2);
        let bands: Vec<_> = l
            .col_bands()
            .iter()
            .map(|b| (b.start, b.len, b.label.as_str()))
            .collect();
        assert_eq!(bands, [(0, 2, "primary"), (2, 1, "secondary")]);
        assert_eq!(l.col_breaks, [2, 0, 2]);
        // the Sudoku's layer: its grid, its orders and its bands on top of the same matrix
        let nine = Layout::sudoku();
        assert_eq!(nine.grid(), Some((Shape::NINE, Alphabet::Digits)));
        assert_eq!((nine.primary(), nine.orders().len()), (324, 2));
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_cover_fills_its_box_names_a_small_one_and_cuts_a_big_one() {
        let f = |w, h| Fit {
            cell_w: w,
            cell_h: h,
            per_x: 1,
            per_y: 1,
        };
        // Knuth's 7 items in 540 px: columns at most 64 px, rows a name (16 px) tall
        assert_eq!(fit_cover(7, 6, 540, 1, 16), f(64, 16));
        assert_eq!(
            fit_cover(7, 6, 1080, 2, 32),
            f(128, 32),
            "twice the pixels at 2 a CSS pixel"
        );
        // pentominoes 6×10 (72 items, 2,056 options): too many to name, a pixel a row
        assert_eq!(fit_cover(72, 2056, 540, 1, 16), f(7, 1));
        // 4 queens' 16 options named, its 22 columns not (15 px, narrower than a name)
        assert_eq!(fit_cover(22, 16, 340, 1, 16), f(15, 16));
        // 200 options unnamed: as tall as wide, at most 18
        assert_eq!(fit_cover(4, 200, 400, 1, 16), f(64, 18));
        assert_eq!(fit_cover(1000, 5, 300, 1, 0), f(1, 1), "at least a pixel a column");

        let (l, search) = knuth();
        let mut v = MatrixView::new(l);
        v.fit(540, 0, 1, 16);
        assert_eq!((v.viewport().width, v.viewport().height), (7 * 64, 6 * 16));
        assert_eq!(v.names(), (true, true));
        assert_eq!(v.cut(), None);
        let mut one = Matrix::new(1, 0);
        one.add_option(&[0]).unwrap();
        let w = MatrixView::new(Layout::cover(&one, |_| "a".into(), |_| "a".into()));
        let words = w.describe(&Picture::of(&crate::exact_cover::Search::new(one)));
        assert!(
            words.starts_with("The matrix: 1 option (row) × 1 item (column). 1 live"),
            "{words}"
        );
        let pic = Picture::of(&search);
        assert!(v.draw(&pic));
        // option 0 (c e f): a round dot in the middle of its cell at c, the background at a
        assert_eq!(pixel(&v, 2 * 64 + 32, 8), paint(Paint::Dot));
        assert_eq!(pixel(&v, 32, 8), paint(Paint::Background));
        assert_eq!(
            v.describe(&pic),
            "The matrix: 6 options (rows) × 7 items (columns). 6 live, 0 in the partial solution, \
             0 still to try, 0 hidden or spent; 0 items covered."
        );
        v.fit(540, 0, 1, 300);
        assert_eq!(v.names(), (false, false), "names too big for the rows and the columns");
        // 120 options, too many to name, in rows as tall as a name: not named
        let mut m = Matrix::new(16, 0);
        for o in 0..120 {
            m.add_option(&[o % 16]).unwrap();
        }
        let mut v = MatrixView::new(Layout::cover(&m, |i| format!("i{i}"), |o| format!("o{o}")));
        v.fit(16 * 16, 0, 1, 16);
        assert_eq!((v.viewport().cell_w, v.viewport().cell_h), (16, 16));
        assert_eq!(v.names(), (false, true));

        // 100 queens' 10,000 options: the first 4,096 in the picture, and said
        let mut m = Matrix::new(100, 0);
        for o in 0..10_000 {
            m.add_option(&[o % 100]).unwrap();
        }
        let mut v = MatrixView::new(Layout::cover(&m, |i| format!("i{i}"), |o| format!("o{o}")));
        v.fit(500, 0, 2, 32);
        assert_eq!(v.names(), (false, false));
        assert_eq!(
            (v.viewport().width, v.viewport().height),
            (400, 8192),
            "4,096 CSS px tall"
        );
        let note = "The picture holds only the first 4,096 of 10,000 options.";
        assert_eq!(v.cut().as_deref(), Some(note));
        let pic = Picture::of(&crate::exact_cover::Search::new(m));
        assert!(v.describe(&pic).ends_with(&format!(" {note}")));
        assert!(v.draw(&pic));
        assert_eq!(v.shown(), (4096, 100));
        assert_eq!(v.cell_at(0, 8191), Some((4095, 0)));
    }
}
