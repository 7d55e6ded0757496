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
//! node of the option after it, so an option's nodes form a cycle without `left` and
//! `right` links. Items sit in a doubly linked horizontal list (`prev`, `next`) behind
//! a root for the primary items and another for the secondary ones.
//!
//! [`Search`] runs Algorithm X on a [`Matrix`] one event at a time, forwards and
//! backwards; [`Matrix::solutions`] is the short way to use it.

mod search;

pub use search::{Counters, Event, Nothing, Observer, Search, Status, Stepwise};

use std::fmt;

/// Marks a spacer node in `Node::top`.
const SPACER: u32 = u32::MAX;
/// Set in an item's `len` while the item is covered, so that a plain minimum over
/// `len` skips covered items.
const COVERED: u32 = 1 << 31;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Node {
    up: u32,
    down: u32,
    /// The item of an option node, the item itself for a header, `SPACER` for a spacer.
    top: u32,
}

/// The 0-1 matrix of an exact-cover problem, as dancing links.
#[derive(Clone, PartialEq, Eq, Debug)]
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
    /// Two bit sets of `words` words each over all items: the uncovered items with no
    /// option left (`short[..words]`) and with exactly one (`short[words..]`), so that
    /// most choices need no scan of every item. (Secondary items are in the sets too,
    /// which keeps a test out of the hot loops; `choose` looks at primary items only.)
    short: Vec<u64>,
    words: u32,
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

impl Matrix {
    /// An empty matrix with `primary` primary items (numbered `0..primary`) and
    /// `secondary` secondary items (numbered after them).
    pub fn new(primary: usize, secondary: usize) -> Matrix {
        let items = primary + secondary;
        assert!(items < (COVERED as usize) / 2, "too many items");
        let n = items as u32;
        let mut m = Matrix {
            primary: primary as u32,
            items: n,
            prev: vec![0; items + 2],
            next: vec![0; items + 2],
            len: vec![0; items],
            nodes: (0..n).map(|i| Node { up: i, down: i, top: i }).collect(),
            node_option: vec![u32::MAX; items],
            option_start: Vec::new(),
            active_primary: primary as u32,
            short: vec![0; 2 * items.div_ceil(64)],
            words: items.div_ceil(64) as u32,
        };
        // Every item starts with no option.
        for i in 0..n {
            m.short[(i / 64) as usize] |= 1 << (i % 64);
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
                },
                option as u32,
            );
            self.nodes[up as usize].down = q;
            self.nodes[item].up = q;
            self.len[item] += 1;
            let (w, bit) = (item / 64, 1u64 << (item % 64));
            match self.len[item] {
                1 => {
                    self.short[w] &= !bit;
                    self.short[self.words as usize + w] |= bit;
                }
                2 => self.short[self.words as usize + w] &= !bit,
                _ => {}
            }
        }
        let last = self.nodes.len() as u32 - 1;
        self.nodes[spacer].down = last;
        self.push_node(
            Node {
                up: first,
                down: 0,
                top: SPACER,
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
        let r = q + 1;
        let node = self.nodes[r as usize];
        if node.top == SPACER {
            node.up
        } else {
            r
        }
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
    fn links(&mut self) -> Links<'_> {
        let (zero, one) = self.short.split_at_mut(self.words as usize);
        Links {
            nodes: &mut self.nodes,
            len: &mut self.len,
            zero,
            one,
        }
    }

    /// The primary item with the fewest active options, the leftmost on ties, and that
    /// number. Items with 0 or 1 option are kept in bit sets; otherwise a scan of `len`
    /// finds the minimum (covered items carry `COVERED` in `len`, so the scan skips
    /// them; the horizontal list is in item order, so the leftmost in the array is the
    /// leftmost in the list). Call only while some primary item is uncovered.
    #[inline(always)]
    fn choose(&self) -> (u32, u32) {
        let (full, rest) = (self.primary as usize / 64, self.primary % 64);
        let last_mask = (1u64 << rest).wrapping_sub(1);
        for (len, set) in self.short.chunks_exact(self.words as usize).enumerate() {
            let found = set[..full]
                .iter()
                .enumerate()
                .find(|(_, &b)| b != 0)
                .map(|(w, &b)| (w, b));
            let found = found.or_else(|| Some((full, set.get(full)? & last_mask)).filter(|&(_, b)| b != 0));
            if let Some((w, bits)) = found {
                return (w as u32 * 64 + bits.trailing_zeros(), len as u32);
            }
        }
        let lens = &self.len[..self.primary as usize];
        // Two passes the compiler vectorises beat one pass with a loop-carried index.
        let min = lens.iter().copied().min().unwrap_or(COVERED);
        let item = lens.iter().position(|&l| l == min).unwrap_or(0);
        debug_assert!(min < COVERED, "choose() with every item covered");
        (item as u32, min)
    }

    /// Cover item `i`: take it out of the item list and hide every option in its list.
    /// Returns the number of nodes unlinked (DLX1's "updates").
    #[inline(always)]
    fn cover(&mut self, i: u32) -> u64 {
        let updates = self.links().cover(i);
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
        let (l, r) = (self.prev[i as usize], self.next[i as usize]);
        self.next[l as usize] = i;
        self.prev[r as usize] = i;
        self.active_primary += u32::from(i < self.primary);
        self.links().uncover(i)
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
            for (len, set) in self.short.chunks_exact(self.words as usize).enumerate() {
                let expect = !self.is_covered(item as usize) && count == len;
                if (set[w] & bit != 0) != expect {
                    return Err(format!("item {item}: wrongly in or out of the len-{len} set"));
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

/// The vertical links, the lengths and the short-item sets of a [`Matrix`].
struct Links<'a> {
    nodes: &'a mut [Node],
    len: &'a mut [u32],
    /// The two halves of `Matrix::short`.
    zero: &'a mut [u64],
    one: &'a mut [u64],
}

impl Links<'_> {
    #[inline(always)]
    fn cover(&mut self, i: u32) -> u64 {
        let mut updates = 0;
        let mut p = self.nodes[i as usize].down;
        while p != i {
            updates += self.hide(p);
            p = self.nodes[p as usize].down;
        }
        let (w, bit) = ((i / 64) as usize, 1u64 << (i % 64));
        self.zero[w] &= !bit;
        self.one[w] &= !bit;
        self.len[i as usize] |= COVERED;
        updates
    }

    #[inline(always)]
    fn uncover(&mut self, i: u32) -> u64 {
        let len = self.len[i as usize] & !COVERED;
        self.len[i as usize] = len;
        let (w, bit) = ((i / 64) as usize, 1u64 << (i % 64));
        match len {
            0 => self.zero[w] |= bit,
            1 => self.one[w] |= bit,
            _ => {}
        }
        let mut updates = 0;
        let mut p = self.nodes[i as usize].up;
        while p != i {
            updates += self.unhide(p);
            p = self.nodes[p as usize].up;
        }
        updates
    }

    /// Hide option node `p`: unlink the other nodes of its option from their items.
    #[inline(always)]
    fn hide(&mut self, p: u32) -> u64 {
        let mut updates = 0;
        let mut q = p + 1;
        while q != p {
            let Node { up, down, top } = self.nodes[q as usize];
            if top == SPACER {
                q = up;
                continue;
            }
            self.nodes[up as usize].down = down;
            self.nodes[down as usize].up = up;
            let len = self.len[top as usize] - 1;
            self.len[top as usize] = len;
            if len <= 1 {
                let (w, bit) = ((top / 64) as usize, 1u64 << (top % 64));
                if len == 1 {
                    self.one[w] |= bit;
                } else {
                    self.one[w] &= !bit;
                    self.zero[w] |= bit;
                }
            }
            updates += 1;
            q += 1;
        }
        updates
    }

    #[inline(always)]
    fn unhide(&mut self, p: u32) -> u64 {
        let mut updates = 0;
        let mut q = p - 1;
        while q != p {
            let Node { up, down, top } = self.nodes[q as usize];
            if top == SPACER {
                q = down;
                continue;
            }
            self.nodes[up as usize].down = q;
            self.nodes[down as usize].up = q;
            let len = self.len[top as usize] + 1;
            self.len[top as usize] = len;
            if len <= 2 {
                let (w, bit) = ((top / 64) as usize, 1u64 << (top % 64));
                if len == 2 {
                    self.one[w] &= !bit;
                } else {
                    self.zero[w] &= !bit;
                    self.one[w] |= bit;
                }
            }
            updates += 1;
            q -= 1;
        }
        updates
    }
}

#[cfg(test)]
mod tests;
