//! Exact cover by dancing links: Knuth's Algorithm X on the node layout of his DLX1.
//!
//! A problem has *items* (the columns of the 0-1 matrix) and *options* (its rows, each
//! a set of items). A solution is a set of options that covers every *primary* item
//! exactly once and every *secondary* item at most once.
//!
//! "A pointer is an array index": every link is a `u32` index into flat arrays (inside
//! `links.rs` the node links are kept as byte offsets, the index times the node size,
//! so that following one costs no shift).
//! Nodes `0..N` head the vertical lists of the `N` items; after them come the options,
//! each option's nodes in a row, with a *spacer* node before, between and after them.
//! A spacer's `up` is the first node of the option before it and its `down` the last
//! node of the option after it, so the search can walk an option's nodes in either
//! direction as a cycle, as in DLX1. Each node also keeps `right`, the next node of
//! its option cyclically, so that hiding an option is a loop with a fixed trip count
//! and no test for spacers. When every option has the same number of nodes `k`, more
//! than 4 (Sudoku's and queens' 4 hide along `right` in three unrolled steps; 1 to 3, and
//! a narrow matrix's options, follow `right` as options of mixed lengths do), option `j`
//! starts at node `items + 1 + j·(k + 1)`, and hiding walks the option by index: the
//! loads of its nodes then wait on no other load (pentominoes 1.3× faster). Items sit
//! in a doubly linked horizontal list (`prev`,
//! `next`) behind a root for the primary items and another for the secondary ones.
//!
//! To choose an item, a *narrow* matrix (more than `FEW_PRIMARY` primary items, none with
//! more than `LONG` options, at most `KEYED_ITEMS` items: Sudoku's 324 items of at most 9
//! options) keeps each item's key `len << KEY_SHIFT | item`, a `u16`: each change of a
//! length is one subtraction or addition on its item's key, and the choice is the least key
//! of the primary items, the leftmost of the fewest, found by one pass of vector code over
//! them (`least_key`; in WebAssembly with its `simd128` instructions). A covered item's
//! key has `KEY_COVERED` set, which puts it above every live one; that is all a narrow
//! matrix's cover marks: it keeps no item list (nor `len`) while it searches, and is solved
//! when its least primary key is a covered item's, which the choice's pass finds anyway.
//! (Keys replaced length buckets, bit sets by length whose two flips a length change took:
//! see docs/benchmarks.md.)
//! A matrix with an item of more than `LONG` options, with at most `FEW_PRIMARY` primary
//! items (queens, Langford, pentominoes, a 4×4 Sudoku), or with more than `KEYED_ITEMS`
//! items is *wide*: natively it chooses by one pass over its primary items' lengths, with no
//! branch on them; past `SCAN_PRIMARY` primary items, and on wasm32, by a scan of the item
//! list as DLX1 does.
//!
//! Colours (DLX2's exact cover with colours, XCC): an option may give a secondary item a
//! colour ([`Matrix::add_coloured_option`]); several options of a solution may then share the
//! item if they give it the same colour. Trying such an option *purifies* the item as DLX2
//! does: every option that gives it another colour, or none, is hidden, and the nodes of those
//! that agree are marked, so that they pass over it. A matrix with a colour searches in a
//! width class of its own (`COLOURED`), so the loops of the others have no colour test.
//!
//! [`Search`] runs Algorithm X on a [`Matrix`] one event at a time, forwards and
//! backwards; [`Matrix::solutions`] is the short way to use it.

/// The copies of the search's loops, listed once: runs `$body` with the constants
/// `$narrow: bool` and `$width: u32` of the copy matrix `$m` runs, each copy compiled for its
/// own pair. The one dispatch that [`Matrix::cover`], [`Matrix::uncover`] and
/// [`Search::step`] share; `traced,` before the matrix: the three copies a watched search runs
/// in wasm. The measured gain of each copy is in docs/benchmarks.md ("The copies of the
/// search's loops").
macro_rules! by_class {
    ($m:expr, |$narrow:ident, $width:ident| $body:expr) => {{
        use $crate::exact_cover::{ANY_WIDTH, COLOURED, MIXED};
        let m: &$crate::exact_cover::Matrix = $m;
        match (m.narrow(), m.width_class()) {
            // Keys, options of four items (the 9×9 Sudoku): the choice one pass over the
            // keys, the hide loop three steps unrolled.
            (true, 4) => by_class!(@ true, 4, $narrow, $width, $body),
            // Keys, options of another width or of mixed widths: hides follow `right`.
            (true, _) => by_class!(@ true, MIXED, $narrow, $width, $body),
            // No keys; mixed widths, or one to three items: hides follow `right`.
            (false, MIXED) => by_class!(@ false, MIXED, $narrow, $width, $body),
            // No keys; options of four items: the hide loop three steps unrolled.
            (false, 4) => by_class!(@ false, 4, $narrow, $width, $body),
            // Colours (DLX2): hides pass over purified nodes; only these loops test colours.
            (false, COLOURED) => by_class!(@ false, COLOURED, $narrow, $width, $body),
            // No keys; options of one width above four: hides walk the option by index.
            (false, _) => by_class!(@ false, ANY_WIDTH, $narrow, $width, $body),
        }
    }};
    (traced, $m:expr, |$narrow:ident, $width:ident| $body:expr) => {{
        use $crate::exact_cover::{COLOURED, MIXED};
        let m: &$crate::exact_cover::Matrix = $m;
        // Following `right` is right for every option: the keyed, the coloured and the rest.
        match (m.narrow(), m.width_class()) {
            (true, _) => by_class!(@ true, MIXED, $narrow, $width, $body),
            (false, COLOURED) => by_class!(@ false, COLOURED, $narrow, $width, $body),
            (false, _) => by_class!(@ false, MIXED, $narrow, $width, $body),
        }
    }};
    (@ $n:expr, $w:expr, $narrow:ident, $width:ident, $body:expr) => {{
        const $narrow: bool = $n;
        const $width: u32 = $w;
        $body
    }};
}

mod links;
mod search;

use links::{least_key, Links, Node, Relisted, KEYED_ITEMS, KEY_COVERED, KEY_SHIFT};
pub use search::{Branch, Choice, Counters, Event, Nothing, Observer, Pausing, Search, Status, Step, Stepwise};

use std::fmt;
use std::sync::Arc;

/// The options of Knuth's example in "Dancing Links" (2000): seven primary items
/// a..g (0..7), six options, one solution ({a d}, {b g}, {c e f}: options 3, 4, 0).
pub const KNUTH_EXAMPLE: [&[usize]; 6] = [&[2, 4, 5], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]];

/// The matrix of [`KNUTH_EXAMPLE`].
pub fn knuth_example() -> Matrix {
    let mut m = Matrix::new(7, 0);
    for option in KNUTH_EXAMPLE {
        m.add_option(option).expect("Knuth's example is well formed");
    }
    m
}

/// The `WIDTH` of a search whose options differ in length: hiding one follows `right`.
const MIXED: u32 = 0;
/// The `WIDTH` of a search whose options all have the same number of nodes, more or
/// fewer than 4 (4 has its own code): hiding one walks them by index.
const ANY_WIDTH: u32 = u32::MAX;
/// The `WIDTH` of a search with colours (DLX2's XCC): hiding an option follows `right` and
/// passes over the nodes of purified items, and trying one purifies its coloured items.
/// Only matrices with a colour pay for it: the others' loops have no colour test.
const COLOURED: u32 = u32::MAX - 1;
/// A node's colour while its item is purified with that colour (DLX2's `color = -1`).
const PURIFIED: u32 = u32::MAX;

/// Marks a spacer node in `Node::top`.
const SPACER: u32 = u32::MAX;
/// Set in an item's `len` while the item is covered.
const COVERED: u32 = 1 << 31;
/// The most options an item of a narrow matrix may have (its length fits four bits of its key).
const LONG: u32 = 15;
/// A matrix with at most this many primary items keeps no keys: reading so few lengths at
/// each choice costs less than keeping a key on every link update (measured with the length
/// buckets the keys replaced, not again with keys: docs/benchmarks.md, "Smaller choices in the loops").
const FEW_PRIMARY: u32 = 64;
/// A wide matrix with at most this many primary items (a power of two) chooses by one pass
/// over all their lengths rather than a scan of the item list (see `fewest_wide`).
const SCAN_PRIMARY: u32 = 256;

/// The engine that counts a problem faster: this crate's dancing links ([`Search`]) or
/// dancing cells ([`crate::cells`]). See [`choose_engine`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EngineChoice {
    Links,
    Cells,
}

/// The engine `cover --engine auto` counts a matrix (at its start) on, on one thread or
/// several: dancing links where its items' keys choose the item (a narrow matrix: more than
/// `FEW_PRIMARY` = 64 primary items, none in more than `LONG` = 15 options, at most
/// `KEYED_ITEMS` = 1,024 items: Sudoku's shape), dancing cells elsewhere: it counted
/// pentominoes, Langford pairs and queens faster than the links engine (docs/benchmarks.md),
/// where the choice scans few items. A problem with colours runs on
/// the cells engine too (SSXCC's method): it counted graceful W8 and P16 and word squares
/// faster than the links engine (docs/benchmarks.md), whatever the shape.
pub fn choose_engine(m: &Matrix) -> EngineChoice {
    let narrow =
        m.primary() as u32 > FEW_PRIMARY && m.items <= KEYED_ITEMS && (0..m.items()).all(|i| m.len(i) <= LONG as usize);
    if narrow && !m.is_coloured() {
        EngineChoice::Links
    } else {
        EngineChoice::Cells
    }
}

/// The 0-1 matrix of an exact-cover problem, as dancing links.
#[derive(PartialEq, Eq, Debug)]
pub struct Matrix {
    /// Items `0..primary()` are primary (the links keep the count), `primary()..items` secondary.
    items: u32,
    /// Horizontal list of items; index `items` is the primary root, `items + 1` the secondary root.
    /// The nodes, the items' lengths and their keys.
    links: Links,
    /// The option each node belongs to (`u32::MAX` for headers and spacers).
    node_option: Arc<Vec<u32>>,
    /// The first node of each option.
    option_start: Arc<Vec<u32>>,
    /// The options committed before the search ([`Matrix::commit`]), in order: a Sudoku's
    /// givens. A viewer draws them as chosen before the search.
    committed: Vec<u32>,
}

/// Why an option was refused.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MatrixError {
    /// An option named an item that does not exist.
    NoSuchItem { option: usize, item: usize },
    /// An option named the same item twice.
    RepeatedItem { option: usize, item: usize },
    /// An option with no primary item can never be chosen.
    NoPrimaryItem { option: usize },
    /// An option committed up front uses an item that is already covered.
    Conflict { option: usize, item: usize },
    /// There is no option with that number.
    NoSuchOption { option: usize },
    /// A colour on a primary item (only secondary items take colours).
    ColouredPrimary { option: usize, item: usize },
    /// A colour number the engine keeps for itself (`u32::MAX`).
    BadColour { option: usize, item: usize },
}

impl fmt::Display for MatrixError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MatrixError::NoSuchItem { option, item } => write!(f, "option {option}: there is no item {item}"),
            MatrixError::RepeatedItem { option, item } => write!(f, "option {option}: item {item} appears twice"),
            MatrixError::NoPrimaryItem { option } => write!(f, "option {option} has no primary item"),
            MatrixError::Conflict { option, item } => {
                write!(
                    f,
                    "option {option}: item {item} is already covered by an earlier option"
                )
            }
            MatrixError::NoSuchOption { option } => write!(f, "there is no option {option}"),
            MatrixError::ColouredPrimary { option, item } => {
                write!(f, "option {option}: item {item} is primary and cannot have a colour")
            }
            MatrixError::BadColour { option, item } => write!(f, "option {option}: item {item} has a bad colour"),
        }
    }
}

impl std::error::Error for MatrixError {}

impl Clone for Matrix {
    fn clone(&self) -> Matrix {
        let mut m = Matrix::new(0, 0);
        m.clone_from(self);
        m
    }

    /// Copies `source` into this matrix's arrays, allocating only where they are too short
    /// (a search that starts each puzzle from a template allocates nothing).
    fn clone_from(&mut self, source: &Matrix) {
        self.items = source.items;
        self.links.clone_from(&source.links);
        // Fixed once the options are in, so copies share them.
        if !Arc::ptr_eq(&self.node_option, &source.node_option) {
            self.node_option.clone_from(&source.node_option);
        }
        if !Arc::ptr_eq(&self.option_start, &source.option_start) {
            self.option_start.clone_from(&source.option_start);
        }
        self.committed.clone_from(&source.committed);
    }
}

impl Matrix {
    /// The links keep the items' keys up to date and the choice reads them: no item has more
    /// than `LONG` options, there are more than `FEW_PRIMARY` primary items and at most
    /// `KEYED_ITEMS` items. (The links' own flag, [`Links::is_narrow`], which every change of
    /// the matrix sets.)
    #[inline(always)]
    pub(crate) fn narrow(&self) -> bool {
        self.links.is_narrow()
    }

    /// An empty matrix with `primary` primary items (numbered `0..primary`) and
    /// `secondary` secondary items (numbered after them).
    ///
    /// # Panics
    /// If there are 2^28 items or more (node links are byte offsets of 16-byte nodes in a
    /// `u32`), however the sum of the two sizes overflows.
    pub fn new(primary: usize, secondary: usize) -> Matrix {
        let items = primary
            .checked_add(secondary)
            .filter(|&items| items < (COVERED as usize) / 2)
            .expect("too many items");
        let n = items as u32;
        Matrix {
            items: n,
            links: {
                let mut links = Links::new(n, primary as u32);
                links.set_narrow(primary as u32 > FEW_PRIMARY && n <= KEYED_ITEMS);
                links
            },
            // The headers and the first spacer belong to no option.
            node_option: Arc::new(vec![u32::MAX; items + 1]),
            option_start: Arc::new(Vec::new()),
            committed: Vec::new(),
        }
    }

    /// The same matrix keeping keys (narrow), however few its primary items, where its
    /// lengths allow: for tests that run the narrow code on small matrices. Call it
    /// before anything is covered (the links leave the keys of a matrix without them
    /// as they were built).
    #[cfg(test)]
    pub(crate) fn with_keys(mut self) -> Matrix {
        assert!(
            (0..self.items()).all(|i| !self.is_covered(i)),
            "with_keys after a cover"
        );
        let narrow =
            !self.is_coloured() && self.items <= KEYED_ITEMS && (0..self.items).all(|i| self.links.len(i) <= LONG);
        self.links.set_narrow(narrow);
        self
    }

    /// Number of items (primary and secondary).
    pub fn items(&self) -> usize {
        self.items as usize
    }

    /// Number of primary items.
    pub fn primary(&self) -> usize {
        self.links.primary() as usize
    }

    /// True when every option has the same number of items (as Sudoku's, queens', Langford
    /// pairs' and pentominoes' do).
    #[cfg(test)]
    fn uniform(&self) -> bool {
        self.links.width() > 0
    }

    /// The `WIDTH` of the search's loops ([`by_class!`]): `MIXED`, 4, `ANY_WIDTH` or
    /// `COLOURED`. A narrow matrix whose options are not four wide (none of the examples)
    /// runs `MIXED`: as right, and no copy more of the search. So do options of one to three
    /// items: following `right` beats the index walk's place and loop for so few.
    fn width_class(&self) -> u32 {
        if self.links.is_coloured() {
            return COLOURED;
        }
        match self.links.width() {
            4 => 4,
            w if w <= 3 || self.narrow() => MIXED,
            _ => ANY_WIDTH,
        }
    }

    /// True if a search may run with `WIDTH`: its width class, or `MIXED` for any matrix
    /// without colours (following `right` is right for every option; in wasm the trace does).
    fn runs_as(&self, width: u32) -> bool {
        width == self.width_class() || (width == MIXED && !self.is_coloured())
    }

    /// Number of options.
    pub fn options(&self) -> usize {
        self.option_start.len()
    }

    /// Adds an option covering `items`, in that order; returns its number (0, 1, 2, …).
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, MatrixError> {
        self.add_coloured_option(items, &[])
    }

    /// Adds an option covering `items` with `colours` (DLX2's `item:colour`): empty for none,
    /// or one for each item, 0 for none. Only secondary items take a colour. A solution may
    /// take several options with the same secondary item if they all give it the same colour.
    pub fn add_coloured_option(&mut self, items: &[usize], colours: &[u32]) -> Result<usize, MatrixError> {
        let option = self.option_start.len();
        if !colours.is_empty() {
            assert_eq!(colours.len(), items.len(), "a colour for each item, or none");
        }
        for (&item, &colour) in items.iter().zip(colours) {
            if colour == PURIFIED {
                return Err(MatrixError::BadColour { option, item });
            }
            if colour != 0 && item < self.primary() {
                return Err(MatrixError::ColouredPrimary { option, item });
            }
        }
        for (k, &item) in items.iter().enumerate() {
            if item >= self.items() {
                return Err(MatrixError::NoSuchItem { option, item });
            }
            if items[..k].contains(&item) {
                return Err(MatrixError::RepeatedItem { option, item });
            }
        }
        if !items.iter().any(|&i| i < self.primary()) {
            return Err(MatrixError::NoPrimaryItem { option });
        }
        // An option with a committed item is out of every solution; adding it would
        // put it in the lists of the items that are not covered (or purified).
        if let Some(&item) = items.iter().find(|&&i| self.is_covered(i) || self.item_colour(i) != 0) {
            return Err(MatrixError::Conflict { option, item });
        }
        let items: Vec<u32> = items.iter().map(|&i| i as u32).collect();
        let (first, narrow) = self.links.push_option(&items, colours);
        // A matrix with colours is never narrow (its one search loop is wide).
        self.links
            .set_narrow(self.narrow() && narrow && !self.links.is_coloured());
        let node_option = Arc::make_mut(&mut self.node_option);
        node_option.extend(items.iter().map(|_| option as u32));
        node_option.push(u32::MAX);
        Arc::make_mut(&mut self.option_start).push(first);
        Ok(option)
    }

    /// The items of an option, in the order they were given.
    pub fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        let start = self.option_start[option] as usize;
        self.links
            .nodes_from(start)
            .take_while(|n| n.top != SPACER)
            .map(|n| n.top as usize)
    }

    /// The colours of an option's items, in the order given (0: none).
    pub fn option_colours(&self, option: usize) -> impl Iterator<Item = u32> + '_ {
        let start = self.option_start[option];
        (start..)
            .take_while(move |&q| self.links.node(q).top != SPACER)
            .map(|q| self.original_colour(q))
    }

    /// Node `q`'s colour as given (while purified, its item's), 0 for none.
    fn original_colour(&self, q: u32) -> u32 {
        match self.links.colour(q) {
            PURIFIED => self.links.item_colour(self.links.node(q).top),
            c => c,
        }
    }

    /// True once an option has a colour.
    pub fn is_coloured(&self) -> bool {
        self.links.is_coloured()
    }

    /// The colour an item is purified with (an option of the partial solution gives it that
    /// colour), or 0.
    pub fn item_colour(&self, item: usize) -> u32 {
        self.links.item_colour(item as u32)
    }

    /// The first item of `option` that keeps it out of the partial solution, if any: an item
    /// covered, or purified with another colour than the option gives it (or with one where
    /// the option gives none).
    pub fn blocked_by(&self, option: usize) -> Option<usize> {
        let start = self.option_start[option];
        (start..)
            .take_while(|&q| self.links.node(q).top != SPACER)
            .find(|&q| {
                let item = self.links.node(q).top as usize;
                let purified = self.item_colour(item);
                let c = self.links.colour(q);
                self.is_covered(item) || (purified != 0 && c != PURIFIED && c != purified)
            })
            .map(|q| self.links.node(q).top as usize)
    }

    /// The options still in an item's list, top to bottom.
    pub fn item_options(&self, item: usize) -> impl Iterator<Item = usize> + '_ {
        let mut p = self.links.node(item as u32).down;
        std::iter::from_fn(move || {
            (p != item as u32).then(|| {
                let q = p;
                p = self.links.node(q).down;
                self.node_option[q as usize] as usize
            })
        })
    }

    /// The links of every node, for drawing a small matrix as Knuth draws it: nodes
    /// `0..items` head the items' lists, option nodes and spacers follow. Each entry is
    /// `[up, down, top, right]`, with `top` = `u32::MAX` for a spacer.
    pub fn node_links(&self) -> impl Iterator<Item = [u32; 4]> + '_ {
        self.links.nodes_from(0).map(|n| [n.up, n.down, n.top, n.right])
    }

    /// The option of each node (`u32::MAX` for headers and spacers).
    pub fn node_options(&self) -> &[u32] {
        &self.node_option
    }

    /// The horizontal list of items: `(prev, next)` for each item, then for the primary
    /// root (index `items`) and the secondary root (index `items + 1`).
    /// (A narrow matrix keeps no list: this is the list its commits' covers would have left,
    /// then those of any other item covered, in item order. A search's covers are in
    /// [`Search::item_links`].)
    pub fn item_links(&self) -> impl Iterator<Item = (u32, u32)> {
        self.item_links_after(Vec::new())
    }

    /// `item_links`, with `later` the items covered after the commits, in the order covered.
    fn item_links_after(&self, later: Vec<u32>) -> impl Iterator<Item = (u32, u32)> {
        let mut covers = Vec::new();
        if self.narrow() {
            covers.extend(
                self.committed
                    .iter()
                    .flat_map(|&o| self.option_items(o as usize).map(|i| i as u32)),
            );
            covers.extend(later);
            let mut listed = vec![false; self.items as usize];
            for &i in &covers {
                listed[i as usize] = true;
            }
            covers.extend((0..self.items).filter(|&i| self.is_covered(i as usize) && !listed[i as usize]));
        }
        let (prev, next) = self.links.item_list_after(covers);
        prev.into_iter().zip(next)
    }

    /// How many options are still in an item's list.
    pub fn len(&self, item: usize) -> usize {
        self.links.len(item as u32) as usize
    }

    /// True while the item is covered.
    pub fn is_covered(&self, item: usize) -> bool {
        self.links.is_covered(item as u32)
    }

    /// True when every primary item is covered: the primary item list is empty, or in a narrow
    /// matrix the least key of the primary items is a covered item's. (Read from the list or
    /// the keys, not from a count that every cover and uncover would keep, which costs more:
    /// docs/benchmarks.md, "Smaller choices in the loops".)
    pub fn is_solved(&self) -> bool {
        self.links.no_primary_left()
    }

    /// Puts an option into every solution before the search starts, by covering its
    /// items (as the search does when it tries the option). Fails, leaving the matrix
    /// as it was, if one of its items is already covered.
    pub fn commit(&mut self, option: usize) -> Result<(), MatrixError> {
        let start = *self
            .option_start
            .get(option)
            .ok_or(MatrixError::NoSuchOption { option })?;
        if let Some(item) = self.blocked_by(option) {
            return Err(MatrixError::Conflict { option, item });
        }
        let mut q = start;
        loop {
            self.do_node(q);
            q = self.next_in_option(q);
            if q == start {
                self.committed.push(option as u32);
                return Ok(());
            }
        }
    }

    /// Starts over from `template` (a matrix with nothing covered or committed, and no
    /// colours) with the options `commit` committed and only `options`, in increasing order,
    /// in the lists of the items left: what `clone_from(template)` then [`Matrix::commit`] of
    /// each would give the search, when `options` are the options with no item of a
    /// committed one (a Sudoku's open candidates), and without copying the template's
    /// nodes or hiding the rest one by one. Only the lists the search can reach are set:
    /// the covered items' lists are empty, where commits would leave theirs as they were.
    /// Fails, leaving the matrix a copy of `template`, if two committed options share an
    /// item or an option listed has an item of one.
    ///
    /// # Panics
    /// On an option number out of range, or a template with colours or commits; in debug
    /// builds, on `options` out of increasing order.
    pub fn restart(
        &mut self,
        template: &Matrix,
        commit: &[usize],
        options: impl IntoIterator<Item = usize>,
    ) -> Result<(), MatrixError> {
        assert!(
            !template.is_coloured() && template.committed.is_empty(),
            "restart() from a template with colours or commits"
        );
        // The nodes' `top` and `right` are the template's when the options are: the
        // numbering is shared from the copy on, and adding an option to either unshares it.
        let same_layout = Arc::ptr_eq(&self.node_option, &template.node_option)
            && Arc::ptr_eq(&self.option_start, &template.option_start)
            && self.links.items() == template.links.items();
        if !same_layout || self.is_coloured() {
            self.clone_from(template);
        }
        self.items = template.items;
        self.links.set_narrow(template.narrow());
        let starts = &template.option_start;
        let covered = commit.iter().flat_map(|&o| template.option_items(o).map(|i| i as u32));
        // Checked in debug builds: an iterator of options that never ends (a broken
        // `Shape::open_options`) then fails at its first repeat, not after the tests' timeout.
        let mut last = None;
        let firsts = options.into_iter().map(|o| {
            debug_assert!(
                last.map_or(true, |l| l < o),
                "restart(): option {o} after {last:?}, not in increasing order"
            );
            last = Some(o);
            starts[o]
        });
        match self.links.relist(template.links.primary(), covered, firsts) {
            Ok(_) => {
                self.committed.clear();
                self.committed.extend(commit.iter().map(|&o| o as u32));
                Ok(())
            }
            Err(e) => {
                self.clone_from(template);
                Err(match e {
                    Relisted::CoveredTwice(item) => {
                        let item = item as usize;
                        let option = commit
                            .iter()
                            .copied()
                            .filter(|&o| template.option_items(o).any(|i| i == item))
                            .nth(1)
                            .unwrap_or(0);
                        MatrixError::Conflict { option, item }
                    }
                    Relisted::Covered { first, item } => MatrixError::Conflict {
                        option: template.node_option[first as usize] as usize,
                        item: item as usize,
                    },
                })
            }
        }
    }

    /// Tries `b.option` for `b.item` as the search does: covers the item, then the option's
    /// other items left to right from it, cyclically. Returns the updates of the others.
    /// Fails, leaving the matrix as it was, if the option does not have the item or one of
    /// its items is covered.
    fn apply(&mut self, b: Branch) -> Result<(u64, u64), MatrixError> {
        let option = b.option as usize;
        if option >= self.options() {
            return Err(MatrixError::NoSuchOption { option });
        }
        if let Some(item) = self.blocked_by(option) {
            return Err(MatrixError::Conflict { option, item });
        }
        let p = self.node_in(option, b.item).ok_or(MatrixError::NoSuchItem {
            option,
            item: b.item as usize,
        })?;
        if self.links.colour(p) != 0 {
            // Tried for an item, an option covers it: a secondary item's colour is no branch.
            return Err(MatrixError::NoSuchItem {
                option,
                item: b.item as usize,
            });
        }
        self.cover(b.item);
        let (mut updates, mut cleansings) = (0, 0);
        let mut q = self.next_in_option(p);
        while q != p {
            let (u, c) = self.do_node(q);
            updates += u;
            cleansings += c;
            q = self.next_in_option(q);
        }
        Ok((updates, cleansings))
    }

    /// What trying an option does for its node `q`, as DLX2 does it: cover its item, purify
    /// the item with the node's colour, or nothing if an option tried before has purified it
    /// with that colour. Returns the updates and the cleansings.
    fn do_node(&mut self, q: u32) -> (u64, u64) {
        match self.links.colour(q) {
            0 => (self.cover(self.links.node(q).top), 0),
            PURIFIED => (0, 0),
            _ => self.links.purify(q),
        }
    }

    /// Undoes `do_node(q)`, returning what it counted.
    fn undo_node(&mut self, q: u32) -> (u64, u64) {
        match self.links.colour(q) {
            0 => (self.uncover(self.links.node(q).top), 0),
            PURIFIED => (0, 0),
            _ => self.links.unpurify(q),
        }
    }

    /// The node after `q` in its option that is not purified (the search does nothing there),
    /// cyclically. The item an option is tried for is primary, never purified: a walk
    /// round an option tried always ends.
    #[inline(always)]
    fn next_live<const WIDTH: u32>(&self, q: u32) -> u32 {
        let mut r = self.next_in_option(q);
        if WIDTH == COLOURED {
            while self.links.colour(r) == PURIFIED {
                r = self.next_in_option(r);
            }
        }
        r
    }

    /// The node before `q` in its option that is not purified, cyclically.
    #[inline(always)]
    fn prev_live<const WIDTH: u32>(&self, q: u32) -> u32 {
        let mut r = self.prev_in_option(q);
        if WIDTH == COLOURED {
            while self.links.colour(r) == PURIFIED {
                r = self.prev_in_option(r);
            }
        }
        r
    }

    /// `next_live`, for code that does not know the matrix's width class.
    fn next_live_any(&self, q: u32) -> u32 {
        if self.is_coloured() {
            self.next_live::<COLOURED>(q)
        } else {
            self.next_in_option(q)
        }
    }

    /// `prev_live`, for code that does not know the matrix's width class.
    fn prev_live_any(&self, q: u32) -> u32 {
        if self.is_coloured() {
            self.prev_live::<COLOURED>(q)
        } else {
            self.prev_in_option(q)
        }
    }

    /// Undoes `apply(b)` exactly, which must be the last cover not undone.
    fn unapply(&mut self, b: Branch) {
        let p = self
            .node_in(b.option as usize, b.item)
            .expect("unapply() of a branch applied");
        let mut q = self.prev_in_option(p);
        while q != p {
            self.undo_node(q);
            q = self.prev_in_option(q);
        }
        self.uncover(b.item);
    }

    /// The node of `option` in `item`'s list, if the option has the item.
    fn node_in(&self, option: usize, item: u32) -> Option<u32> {
        let start = self.option_start[option];
        let mut q = start;
        loop {
            if self.links.node(q).top == item {
                return Some(q);
            }
            q = self.next_in_option(q);
            if q == start {
                return None;
            }
        }
    }

    /// The options committed before the search ([`Matrix::commit`]), in the order committed.
    pub fn committed(&self) -> &[u32] {
        &self.committed
    }

    /// The node after `q` in its option, cyclically.
    #[inline(always)]
    fn next_in_option(&self, q: u32) -> u32 {
        self.links.node(q).right
    }

    /// Node `q`.
    #[inline(always)]
    fn node(&self, q: u32) -> Node {
        self.links.node(q)
    }

    /// The node before `q` in its option, cyclically.
    #[inline(always)]
    fn prev_in_option(&self, q: u32) -> u32 {
        let r = q - 1;
        let node = self.links.node(r);
        if node.top == SPACER {
            node.down
        } else {
            r
        }
    }

    /// The primary item with the fewest active options, the leftmost on ties, that
    /// number, and the work it took (keys and lengths examined). In a narrow matrix: the
    /// least key of the primary items (`least_key`), every one of them examined. Call only
    /// while some primary item is uncovered. In a wide one, whose keys the links do not keep,
    /// [`Matrix::fewest_wide`].
    /// (The search's loop has its own, `choose_`; in wasm this one is not inlined, as `cover`.)
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn choose(&self) -> (u32, u32, u64) {
        if self.narrow() {
            self.choose_::<true>()
        } else {
            self.choose_::<false>()
        }
    }

    /// `choose`, for a search loop that knows whether the matrix is narrow.
    #[inline(always)]
    fn choose_<const NARROW: bool>(&self) -> (u32, u32, u64) {
        debug_assert!(self.narrow() || !NARROW);
        if !NARROW {
            return self.fewest_wide();
        }
        self.choice_by_key(self.least_primary_key())
    }

    /// A narrow matrix's least primary key ([`least_key`]): `KEY_COVERED` is set in it when
    /// every primary item is covered (then the matrix is solved), else it is the choice's key.
    #[inline(always)]
    fn least_primary_key(&self) -> u16 {
        least_key(&self.links.keys()[..self.primary()])
    }

    /// The choice of a narrow matrix whose least primary key is `least`, not a covered item's:
    /// as [`Matrix::choose`].
    #[inline(always)]
    fn choice_by_key(&self, least: u16) -> (u32, u32, u64) {
        debug_assert!(least & KEY_COVERED == 0, "choose() with every primary item covered");
        let (item, len) = (u32::from(least) & (KEYED_ITEMS - 1), u32::from(least) >> KEY_SHIFT);
        debug_assert_eq!(self.links.len(item), len);
        (item, len, self.primary() as u64)
    }

    /// The leftmost uncovered primary item of least length in a wide matrix, that length,
    /// and the work (the lengths examined).
    ///
    /// Natively, with at most `SCAN_PRIMARY` primary items: one pass over every primary
    /// item's length (`fewest_by_pass`), which the compiler makes vector code. Else the scan
    /// of the item list (`Links::fewest_primary`). In WebAssembly, built without its vector
    /// instructions, the pass cost more than the scan it replaces, so it keeps the scan.
    #[inline(always)]
    fn fewest_wide(&self) -> (u32, u32, u64) {
        let mut work = 0;
        if cfg!(not(target_arch = "wasm32")) && self.primary() <= SCAN_PRIMARY as usize {
            match self.fewest_by_pass() {
                Some(found) => return found,
                // The pass looked at every primary length before it gave way.
                None => work = self.primary() as u64,
            }
        }
        let (item, len, scanned) = self.links.fewest_primary();
        (item, len, work + scanned)
    }

    /// `fewest_wide` by one pass over the primary items' lengths: the least key
    /// `len << 8 | item`, covered items included (their `COVERED` bit makes them the
    /// largest). The primary items sit in the item list in item order, so the least key is
    /// the item the list scan finds. The pass has no branch on the lengths, where the
    /// scan's compares were mispredicted and each of its loads waited for the one before.
    /// `None` when the least
    /// length is too long for the key (2^24 − 1 and up: some 16 million options). The work
    /// is every primary item's length.
    #[inline(always)]
    fn fewest_by_pass(&self) -> Option<(u32, u32, u64)> {
        const SHIFT: u32 = SCAN_PRIMARY.trailing_zeros();
        const TOO_LONG: u32 = u32::MAX >> SHIFT;
        let lens = &self.links.lens()[..self.primary()];
        let key = lens
            .iter()
            .zip(0u32..)
            .map(|(&len, item)| (len.min(TOO_LONG) << SHIFT) | item)
            .fold(u32::MAX, u32::min);
        let (item, len) = (key & (SCAN_PRIMARY - 1), key >> SHIFT);
        if len >= TOO_LONG {
            return None;
        }
        Some((item, len, self.primary() as u64))
    }

    /// Cover item `i`: take it out of the item list and hide every option in its list.
    /// Returns the number of nodes unlinked (DLX1's "updates").
    ///
    /// (The search's loop has its own, `cover_`.) In wasm not inlined: with its six width
    /// classes it was copied whole into each caller (the commits, the steps back, the unwinds).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn cover(&mut self, i: u32) -> u64 {
        by_class!(self, |NARROW, WIDTH| self.cover_::<NARROW, WIDTH>(i))
    }

    /// `cover`, for a search loop that knows whether the matrix is narrow.
    #[inline(always)]
    fn cover_<const NARROW: bool, const WIDTH: u32>(&mut self, i: u32) -> u64 {
        debug_assert!(self.narrow() || !NARROW);
        debug_assert!(self.runs_as(WIDTH), "width class {} run as {WIDTH}", self.width_class());
        let updates = self.links.cover::<NARROW, WIDTH>(i);
        // DLX2 counts the cover itself as an update too.
        updates + u64::from(WIDTH == COLOURED)
    }

    /// Undo `cover(i)` exactly: the links dance back in reverse order.
    /// Returns the number of nodes relinked, which is what `cover(i)` unlinked. In wasm not
    /// inlined, as `cover`.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn uncover(&mut self, i: u32) -> u64 {
        by_class!(self, |NARROW, WIDTH| self.uncover_::<NARROW, WIDTH>(i))
    }

    #[inline(always)]
    fn uncover_<const NARROW: bool, const WIDTH: u32>(&mut self, i: u32) -> u64 {
        debug_assert!(self.narrow() || !NARROW);
        debug_assert!(self.runs_as(WIDTH), "width class {} run as {WIDTH}", self.width_class());
        self.links.uncover::<NARROW, WIDTH>(i) + u64::from(WIDTH == COLOURED)
    }

    /// DLX1's `sanity()`: walks every list and checks that the links agree, that each
    /// item's `len` is the length of its list, and that the item list is in order.
    /// Returns the first inconsistency found. Every walk ends: the order checks make the
    /// numbers in a list only grow, so a list that never comes back to its head fails
    /// one of them (or indexing) before long.
    pub fn sanity(&self) -> Result<(), String> {
        // A narrow matrix keeps no item list: the one it stands for, which has its uncovered
        // items in order whatever the order of the covers, and its keys are checked.
        let covered = (0..self.items).filter(|&i| self.is_covered(i as usize));
        let (prev, next) = self.links.item_list_after(covered);
        for (root, range) in [
            (self.items, 0..self.links.primary()),
            (self.items + 1, self.links.primary()..self.items),
        ] {
            let mut p = root;
            let mut count = 0u32;
            loop {
                let q = next[p as usize];
                if prev[q as usize] != p {
                    return Err(format!("item list: prev of {q} is not {p}"));
                }
                if q == root {
                    break;
                }
                if !range.contains(&q) || (p != root && q <= p) {
                    return Err(format!("item list: {q} out of place after {p}"));
                }
                if self.is_covered(q as usize) {
                    return Err(format!("item {q} is in the list but marked covered"));
                }
                p = q;
                count += 1;
            }
            // `is_solved` reads the list: every uncovered primary item must be in it.
            let uncovered = range.clone().filter(|&i| !self.is_covered(i as usize)).count() as u32;
            if root == self.items && count != uncovered {
                return Err(format!("{count} primary items in the list, {uncovered} uncovered"));
            }
        }
        for item in 0..self.items {
            let mut p = item;
            let mut count = 0;
            loop {
                let q = self.node(p).down;
                if self.node(q).up != p {
                    return Err(format!("item {item}: up of node {q} is not {p}"));
                }
                if q == item {
                    break;
                }
                if self.node(q).top != item {
                    return Err(format!("item {item}: node {q} belongs to item {}", self.node(q).top));
                }
                if p != item && q <= p {
                    return Err(format!("item {item}: node {q} out of order after {p}"));
                }
                count += 1;
                p = q;
            }
            if count != self.len(item as usize) {
                return Err(format!(
                    "item {item}: len {} but {count} nodes",
                    self.len(item as usize)
                ));
            }
            // A wide matrix's links leave the keys as they were built.
            if self.narrow() {
                let covered = if self.is_covered(item as usize) { KEY_COVERED } else { 0 };
                let want = ((count as u32) << KEY_SHIFT | item) as u16 | covered;
                let k = self.links.keys()[item as usize];
                if k != want {
                    return Err(format!("item {item}: key {k:#x}, not {want:#x}"));
                }
            }
            // Colours: a purified item is not covered, and the nodes marked purified in its
            // list are its own (DLX2 marks only those of the item it purifies).
            let purified = self.item_colour(item as usize);
            if purified != 0 && self.is_covered(item as usize) {
                return Err(format!("item {item} is both purified and covered"));
            }
            let mut q = self.node(item).down;
            while q != item {
                if self.links.colour(q) == PURIFIED && purified == 0 {
                    return Err(format!("item {item}: node {q} is marked purified, the item is not"));
                }
                q = self.node(q).down;
            }
        }
        Ok(())
    }

    /// Up to `limit` solutions, each the list of its options in the order the search
    /// chose them. The matrix is searched in place and left exactly as it was.
    pub fn solutions(&mut self, limit: usize) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        if limit == 0 {
            return out;
        }
        let mut search = Search::new(std::mem::replace(self, Matrix::new(0, 0)));
        loop {
            match search.step(&mut Nothing) {
                Status::Solution => {
                    out.push(search.solution().collect());
                    if out.len() == limit {
                        break;
                    }
                }
                Status::Done => break,
                Status::Running => {}
            }
        }
        *self = search.into_matrix();
        out
    }
}

#[cfg(test)]
pub(crate) mod tests;
