//! Exact cover by dancing links: Knuth's Algorithm X on the node layout of his DLX1.
//!
//! A problem has *items* (the columns of the 0-1 matrix) and *options* (its rows, each
//! a set of items). A solution is a set of options that covers every *primary* item
//! exactly once and every *secondary* item at most once.
//!
//! "A pointer is an array index": every link is a `u32` index into flat arrays.
//! Nodes `0..N` head the vertical lists of the `N` items; after them come the options,
//! each option's nodes in a row, with a *spacer* node before, between and after them.
//! A spacer's `up` is the first node of the option before it and its `down` the last
//! node of the option after it, so the search can walk an option's nodes in either
//! direction as a cycle, as in DLX1. Each node also keeps `right`, the next node of
//! its option cyclically, so that hiding an option is a loop with a fixed trip count
//! and no test for spacers. Items sit in a doubly linked horizontal list (`prev`,
//! `next`) behind a root for the primary items and another for the secondary ones.
//!
//! To choose an item without scanning them all, every uncovered item sits in one of
//! `BUCKETS` bit sets by its length (the last holds every length from `LONG` up);
//! each change of a length moves its item with two xors, and the choice is the first
//! bit of the first non-empty set.
//!
//! [`Search`] runs Algorithm X on a [`Matrix`] one event at a time, forwards and
//! backwards; [`Matrix::solutions`] is the short way to use it.

mod search;

pub use search::{Choice, Counters, Event, Nothing, Observer, Search, Status, Stepwise};

use std::fmt;

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

/// Marks a spacer node in `Node::top`.
const SPACER: u32 = u32::MAX;
/// Set in an item's `len` while the item is covered.
const COVERED: u32 = 1 << 31;
/// Items with this many options or more share the last length bucket.
const LONG: u32 = 15;
/// Length buckets: lengths `0..LONG` one each, then one for `LONG` and up.
const BUCKETS: usize = LONG as usize + 1;

/// The bucket of an uncovered item with `len` options. A matrix whose items all have
/// at most `LONG` options (Sudoku's have 9) is `narrow`: its lengths never grow past
/// what they were built with, so masking gives the bucket, one instruction cheaper
/// than the minimum in the hottest loop (measured on magictour: 4% faster).
#[inline(always)]
fn bucket<const NARROW: bool>(len: u32) -> usize {
    if NARROW {
        debug_assert!(len <= LONG);
        (len & LONG) as usize
    } else {
        len.min(LONG) as usize
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Node {
    up: u32,
    down: u32,
    /// The item of an option node, the item itself for a header, `SPACER` for a spacer.
    top: u32,
    /// The next node of the same option, cyclically (unused in headers and spacers).
    right: u32,
}

/// The 0-1 matrix of an exact-cover problem, as dancing links.
#[derive(PartialEq, Eq, Debug)]
pub struct Matrix {
    /// Items `0..primary` are primary, `primary..items` secondary.
    primary: u32,
    items: u32,
    /// Horizontal list of items; index `items` is the primary root, `items + 1` the secondary root.
    prev: Vec<u32>,
    next: Vec<u32>,
    /// Active options per item (plus `COVERED` while covered).
    len: Vec<u32>,
    nodes: Vec<Node>,
    /// The option each node belongs to (`u32::MAX` for headers and spacers).
    node_option: Vec<u32>,
    /// The first node of each option.
    option_start: Vec<u32>,
    /// Primary items not covered.
    active_primary: u32,
    /// `BUCKETS` bit sets over all items, by length: bit `i % 64` of `buckets[i / 64][b]`
    /// is set when item `i` is uncovered and has `b` options (the last bucket: `LONG`
    /// or more). Each word of items keeps its buckets together, so that moving an item
    /// between them touches one cache line. (Secondary items are in the sets too, which
    /// keeps a test out of the hot loops; `choose` looks at primary items only.)
    buckets: Vec<[u64; BUCKETS]>,
    /// No item has more than `LONG` options (see [`bucket`]).
    narrow: bool,
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
        self.primary = source.primary;
        self.items = source.items;
        self.prev.clone_from(&source.prev);
        self.next.clone_from(&source.next);
        self.len.clone_from(&source.len);
        self.nodes.clone_from(&source.nodes);
        self.node_option.clone_from(&source.node_option);
        self.option_start.clone_from(&source.option_start);
        self.active_primary = source.active_primary;
        self.buckets.clone_from(&source.buckets);
        self.narrow = source.narrow;
    }
}

impl Matrix {
    /// An empty matrix with `primary` primary items (numbered `0..primary`) and
    /// `secondary` secondary items (numbered after them).
    ///
    /// # Panics
    /// If there are 2^30 items or more, however the sum of the two sizes overflows.
    pub fn new(primary: usize, secondary: usize) -> Matrix {
        let items = primary
            .checked_add(secondary)
            .filter(|&items| items < (COVERED as usize) / 2)
            .expect("too many items");
        let n = items as u32;
        let mut m = Matrix {
            primary: primary as u32,
            items: n,
            prev: vec![0; items + 2],
            next: vec![0; items + 2],
            len: vec![0; items],
            nodes: (0..n)
                .map(|i| Node {
                    up: i,
                    down: i,
                    top: i,
                    right: i,
                })
                .collect(),
            node_option: vec![u32::MAX; items],
            option_start: Vec::new(),
            active_primary: primary as u32,
            buckets: vec![[0; BUCKETS]; items.div_ceil(64)],
            narrow: true,
        };
        // Every item starts with no option.
        for i in 0..n {
            m.buckets[(i / 64) as usize][0] |= 1 << (i % 64);
        }
        // Two circular lists: root `n` then 0..primary, root `n + 1` then primary..items.
        for (root, range) in [(n, 0..primary as u32), (n + 1, primary as u32..n)] {
            let mut last = root;
            for i in range {
                m.next[last as usize] = i;
                m.prev[i as usize] = last;
                last = i;
            }
            m.next[last as usize] = root;
            m.prev[root as usize] = last;
        }
        m.push_node(
            Node {
                up: 0,
                down: 0,
                top: SPACER,
                right: 0,
            },
            u32::MAX,
        );
        m
    }

    fn push_node(&mut self, node: Node, option: u32) {
        self.nodes.push(node);
        self.node_option.push(option);
    }

    /// Number of items (primary and secondary).
    pub fn items(&self) -> usize {
        self.items as usize
    }

    /// Number of primary items.
    pub fn primary(&self) -> usize {
        self.primary as usize
    }

    /// Number of options.
    pub fn options(&self) -> usize {
        self.option_start.len()
    }

    /// Adds an option covering `items`, in that order; returns its number (0, 1, 2, …).
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize, MatrixError> {
        let option = self.option_start.len();
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
        // put it in the lists of the items that are not covered.
        if let Some(&item) = items.iter().find(|&&i| self.is_covered(i)) {
            return Err(MatrixError::Conflict { option, item });
        }
        let spacer = self.nodes.len() - 1;
        let first = self.nodes.len() as u32;
        for &item in items {
            let q = self.nodes.len() as u32;
            let up = self.nodes[item].up;
            self.push_node(
                Node {
                    up,
                    down: item as u32,
                    top: item as u32,
                    right: q + 1,
                },
                option as u32,
            );
            self.nodes[up as usize].down = q;
            self.nodes[item].up = q;
            self.links::<false>().lengthen(item as u32);
            self.narrow &= self.len[item] <= LONG;
        }
        let last = self.nodes.len() as u32 - 1;
        self.nodes[last as usize].right = first;
        self.nodes[spacer].down = last;
        self.push_node(
            Node {
                up: first,
                down: 0,
                top: SPACER,
                right: 0,
            },
            u32::MAX,
        );
        self.option_start.push(first);
        Ok(option)
    }

    /// The items of an option, in the order they were given.
    pub fn option_items(&self, option: usize) -> impl Iterator<Item = usize> + '_ {
        let start = self.option_start[option] as usize;
        self.nodes[start..]
            .iter()
            .take_while(|n| n.top != SPACER)
            .map(|n| n.top as usize)
    }

    /// The options still in an item's list, top to bottom.
    pub fn item_options(&self, item: usize) -> impl Iterator<Item = usize> + '_ {
        let mut p = self.nodes[item].down;
        std::iter::from_fn(move || {
            (p != item as u32).then(|| {
                let q = p as usize;
                p = self.nodes[q].down;
                self.node_option[q] as usize
            })
        })
    }

    /// The links of every node, for drawing a small matrix as Knuth draws it: nodes
    /// `0..items` head the items' lists, option nodes and spacers follow. Each entry is
    /// `[up, down, top, right]`, with `top` = `u32::MAX` for a spacer.
    pub fn node_links(&self) -> impl Iterator<Item = [u32; 4]> + '_ {
        self.nodes.iter().map(|n| [n.up, n.down, n.top, n.right])
    }

    /// The option of each node (`u32::MAX` for headers and spacers).
    pub fn node_options(&self) -> &[u32] {
        &self.node_option
    }

    /// The horizontal list of items: `(prev, next)` for each item, then for the primary
    /// root (index `items`) and the secondary root (index `items + 1`).
    pub fn item_links(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.prev.iter().copied().zip(self.next.iter().copied())
    }

    /// How many options are still in an item's list.
    pub fn len(&self, item: usize) -> usize {
        (self.len[item] & !COVERED) as usize
    }

    /// True while the item is covered.
    pub fn is_covered(&self, item: usize) -> bool {
        self.len[item] & COVERED != 0
    }

    /// True when every primary item is covered.
    pub fn is_solved(&self) -> bool {
        self.active_primary == 0
    }

    /// Puts an option into every solution before the search starts, by covering its
    /// items (as the search does when it tries the option). Fails, leaving the matrix
    /// as it was, if one of its items is already covered.
    pub fn commit(&mut self, option: usize) -> Result<(), MatrixError> {
        let start = *self
            .option_start
            .get(option)
            .ok_or(MatrixError::NoSuchOption { option })?;
        if let Some(item) = self.option_items(option).find(|&i| self.is_covered(i)) {
            return Err(MatrixError::Conflict { option, item });
        }
        let mut q = start;
        loop {
            self.cover(self.nodes[q as usize].top);
            q = self.next_in_option(q);
            if q == start {
                return Ok(());
            }
        }
    }

    /// The node after `q` in its option, cyclically.
    #[inline(always)]
    fn next_in_option(&self, q: u32) -> u32 {
        self.nodes[q as usize].right
    }

    /// The node before `q` in its option, cyclically.
    #[inline(always)]
    fn prev_in_option(&self, q: u32) -> u32 {
        let r = q - 1;
        let node = self.nodes[r as usize];
        if node.top == SPACER {
            node.down
        } else {
            r
        }
    }

    /// The arrays that covering changes, borrowed apart so that the hot loops keep
    /// their pointers in registers.
    #[inline(always)]
    fn links<const NARROW: bool>(&mut self) -> Links<'_, NARROW> {
        Links {
            nodes: &mut self.nodes,
            len: &mut self.len,
            buckets: &mut self.buckets,
        }
    }

    /// The primary item with the fewest active options, the leftmost on ties, that
    /// number, and the work it took (bucket words and lengths examined): the first
    /// primary item in the first non-empty length bucket (the bit sets are in item
    /// order, and so is the item list). Only when every uncovered primary item has
    /// `LONG` options or more does it scan their lengths. Call only while some primary
    /// item is uncovered.
    #[inline(always)]
    fn choose(&self) -> (u32, u32, u64) {
        let (full, rest) = (self.primary as usize / 64, self.primary % 64);
        let words = &self.buckets[..full];
        let last = self.buckets.get(full).filter(|_| rest > 0);
        let last_mask = (1u64 << rest).wrapping_sub(1);
        for b in 0..BUCKETS {
            let any = words.iter().fold(0, |a, w| a | w[b]) | last.map_or(0, |w| w[b] & last_mask);
            if any == 0 {
                continue;
            }
            let (w, bits) = words
                .iter()
                .map(|w| w[b])
                .enumerate()
                .find(|&(_, bits)| bits != 0)
                .unwrap_or_else(|| (full, last.map_or(0, |w| w[b] & last_mask)));
            let item = w as u32 * 64 + bits.trailing_zeros();
            let work = (b as u64 + 1) * self.buckets.len() as u64;
            if b < BUCKETS - 1 {
                return (item, b as u32, work);
            }
            let (item, len, scanned) = self.fewest_of_the_long(item);
            return (item, len, work + scanned);
        }
        debug_assert!(false, "choose() with every primary item covered");
        (0, 0, 0)
    }

    /// The leftmost primary item of least length, given that `first`, the leftmost
    /// uncovered one, and all after it have `LONG` options or more.
    #[cold]
    fn fewest_of_the_long(&self, first: u32) -> (u32, u32, u64) {
        let mut best = (first, self.len[first as usize], 1);
        let mut i = self.next[first as usize];
        while i != self.items {
            if self.len[i as usize] < best.1 {
                best = (i, self.len[i as usize], best.2);
            }
            best.2 += 1;
            i = self.next[i as usize];
        }
        best
    }

    /// Cover item `i`: take it out of the item list and hide every option in its list.
    /// Returns the number of nodes unlinked (DLX1's "updates").
    #[inline(always)]
    fn cover(&mut self, i: u32) -> u64 {
        if self.narrow {
            self.cover_::<true>(i)
        } else {
            self.cover_::<false>(i)
        }
    }

    /// `cover`, for a search loop that knows whether the matrix is narrow.
    #[inline(always)]
    fn cover_<const NARROW: bool>(&mut self, i: u32) -> u64 {
        debug_assert_eq!(NARROW, self.narrow);
        let updates = self.links::<NARROW>().cover(i);
        let (l, r) = (self.prev[i as usize], self.next[i as usize]);
        self.next[l as usize] = r;
        self.prev[r as usize] = l;
        self.active_primary -= u32::from(i < self.primary);
        updates
    }

    /// Undo `cover(i)` exactly: the links dance back in reverse order.
    /// Returns the number of nodes relinked, which is what `cover(i)` unlinked.
    #[inline(always)]
    fn uncover(&mut self, i: u32) -> u64 {
        if self.narrow {
            self.uncover_::<true>(i)
        } else {
            self.uncover_::<false>(i)
        }
    }

    #[inline(always)]
    fn uncover_<const NARROW: bool>(&mut self, i: u32) -> u64 {
        debug_assert_eq!(NARROW, self.narrow);
        let (l, r) = (self.prev[i as usize], self.next[i as usize]);
        self.next[l as usize] = i;
        self.prev[r as usize] = i;
        self.active_primary += u32::from(i < self.primary);
        self.links::<NARROW>().uncover(i)
    }

    /// DLX1's `sanity()`: walks every list and checks that the links agree, that each
    /// item's `len` is the length of its list, and that the item list is in order.
    /// Returns the first inconsistency found.
    pub fn sanity(&self) -> Result<(), String> {
        for (root, range) in [
            (self.items, 0..self.primary),
            (self.items + 1, self.primary..self.items),
        ] {
            let mut p = root;
            let mut count = 0u32;
            loop {
                let q = self.next[p as usize];
                if self.prev[q as usize] != p {
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
                if count > self.items {
                    return Err("item list does not close".into());
                }
            }
            if root == self.items && count != self.active_primary {
                return Err(format!(
                    "{count} primary items in the list, {} counted",
                    self.active_primary
                ));
            }
        }
        for item in 0..self.items {
            let mut p = item;
            let mut count = 0;
            loop {
                let q = self.nodes[p as usize].down;
                if self.nodes[q as usize].up != p {
                    return Err(format!("item {item}: up of node {q} is not {p}"));
                }
                if q == item {
                    break;
                }
                if self.nodes[q as usize].top != item {
                    return Err(format!(
                        "item {item}: node {q} belongs to item {}",
                        self.nodes[q as usize].top
                    ));
                }
                if p != item && q <= p {
                    return Err(format!("item {item}: node {q} out of order after {p}"));
                }
                count += 1;
                p = q;
                if count > self.nodes.len() {
                    return Err(format!("item {item}: list does not close"));
                }
            }
            if count != self.len(item as usize) {
                return Err(format!(
                    "item {item}: len {} but {count} nodes",
                    self.len(item as usize)
                ));
            }
            let (w, bit) = ((item / 64) as usize, 1u64 << (item % 64));
            for (b, &set) in self.buckets[w].iter().enumerate() {
                let expect = !self.is_covered(item as usize) && bucket::<false>(count as u32) == b;
                if (set & bit != 0) != expect {
                    return Err(format!("item {item}: wrongly in or out of length bucket {b}"));
                }
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

/// The vertical links, the lengths and the length buckets of a [`Matrix`].
struct Links<'a, const NARROW: bool> {
    nodes: &'a mut [Node],
    len: &'a mut [u32],
    buckets: &'a mut [[u64; BUCKETS]],
}

impl<const NARROW: bool> Links<'_, NARROW> {
    /// Flips item `i` in or out of bucket `b`.
    #[inline(always)]
    fn flip(&mut self, b: usize, i: u32) {
        self.buckets[(i / 64) as usize][b] ^= 1 << (i % 64);
    }

    /// Moves item `i` from the bucket of length `from` to that of length `to`. (Both
    /// flips land on the last bucket when the item stays in it, and cancel.)
    #[inline(always)]
    fn shift(&mut self, i: u32, from: u32, to: u32) {
        self.flip(bucket::<NARROW>(from), i);
        self.flip(bucket::<NARROW>(to), i);
    }

    /// One option more in uncovered item `i`'s list.
    #[inline(always)]
    fn lengthen(&mut self, i: u32) {
        let len = self.len[i as usize];
        self.len[i as usize] = len + 1;
        self.shift(i, len, len + 1);
    }

    /// One option fewer in uncovered item `i`'s list.
    #[inline(always)]
    fn shorten(&mut self, i: u32) {
        let len = self.len[i as usize];
        self.len[i as usize] = len - 1;
        self.shift(i, len, len - 1);
    }

    #[inline(always)]
    fn cover(&mut self, i: u32) -> u64 {
        let mut updates = 0;
        let mut p = self.nodes[i as usize].down;
        while p != i {
            updates += self.hide(p);
            p = self.nodes[p as usize].down;
        }
        let len = self.len[i as usize];
        self.flip(bucket::<NARROW>(len), i);
        self.len[i as usize] = len | COVERED;
        updates
    }

    #[inline(always)]
    fn uncover(&mut self, i: u32) -> u64 {
        let len = self.len[i as usize] & !COVERED;
        self.len[i as usize] = len;
        self.flip(bucket::<NARROW>(len), i);
        let mut updates = 0;
        let mut p = self.nodes[i as usize].up;
        while p != i {
            updates += self.unhide(p);
            p = self.nodes[p as usize].up;
        }
        updates
    }

    /// Hide option node `p`: unlink the other nodes of its option from their items.
    /// (They belong to uncovered items: an option with a covered item is hidden.)
    #[inline(always)]
    fn hide(&mut self, p: u32) -> u64 {
        let mut updates = 0;
        let mut q = self.nodes[p as usize].right;
        while q != p {
            let Node { up, down, top, right } = self.nodes[q as usize];
            self.nodes[up as usize].down = down;
            self.nodes[down as usize].up = up;
            self.shorten(top);
            updates += 1;
            q = right;
        }
        updates
    }

    /// Undo `hide(p)`. The nodes of one option lie in different lists, so they can
    /// go back in any order; the order of the options is what `uncover` reverses.
    #[inline(always)]
    fn unhide(&mut self, p: u32) -> u64 {
        let mut updates = 0;
        let mut q = self.nodes[p as usize].right;
        while q != p {
            let Node { up, down, top, right } = self.nodes[q as usize];
            self.nodes[up as usize].down = q;
            self.nodes[down as usize].up = q;
            self.lengthen(top);
            updates += 1;
            q = right;
        }
        updates
    }
}

#[cfg(test)]
mod tests;
