//! The arrays that dancing links changes, and the crate's one use of `unsafe`.
//!
//! [`Links`] owns the nodes (vertical links, item, next node of the option), the items'
//! lengths and their keys. Its constructor and its mutators keep one invariant:
//!
//! > **Every stored link is in bounds.** Each node's `up`, `down` and `right` is the
//! > byte offset of a node (its number times `STRIDE`) plus `origin(&nodes)` (0, or where
//! > `ADDRESSED` the array's address). An item header's `up` and `down` lead to option nodes of that item
//! > or back to the header, and an option node's `right` to an option node of the same
//! > option. The `top` of every option node is an item, whose `len` exists, and its key where the
//! > links keep keys (at most `KEYED_ITEMS` items; `cover` checks this for `NARROW`).
//! > Every `prev` and `next` of the item list is an item or one of the two roots.
//! > While [`Uniform::width`] is `k > 0`, every option has `k` nodes, and option `j`'s
//! > are nodes `items + 1 + j·(k + 1)` and the `k − 1` after them.
//! > Once an option has a colour, `colour` has a word for every node and `item_colour` one
//! > for every item (before that, both are empty).
//!
//! So the hot loops, which only follow links read from the arrays, can index without
//! checks. They also need no multiply: `up`, `down` and `right` are stored as *byte
//! offsets* into the node array (node `q` is stored as `q * STRIDE`), so following a
//! link is one add to the array's address. (In WebAssembly, whose addresses have no
//! scaled index, that saves a shift per link followed, and natively too, since a 16-byte
//! stride is beyond x86's scaled addressing.) In WebAssembly they are stored as the nodes'
//! addresses, which saves that add too ([`ADDRESSED`]); every change that moves or copies
//! the array rebases them. Outside this module links are node
//! numbers: [`Links::node`] converts. Debug builds (and so every test) check every index anyway; Miri runs the
//! engine's tests on the unchecked code (`scripts/miri.sh`). Entry points that take an
//! index from outside (`cover`, `uncover`, `node`) check it once.
#![allow(unsafe_code)]

use super::{ANY_WIDTH, COLOURED, COVERED, LONG, MIXED, PURIFIED, SPACER};

/// Why [`Links::relist`] failed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Relisted {
    /// An item was to be covered twice.
    CoveredTwice(u32),
    /// The option whose first node is `first` has covered item `item`.
    Covered { first: u32, item: u32 },
}

/// One node of the matrix: an item header, an option node, or a spacer between options.
/// As [`Links::node`] returns it, `up`, `down` and `right` are node numbers; inside
/// [`Links`] they are stored as byte offsets (times [`STRIDE`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Node {
    pub up: u32,
    pub down: u32,
    /// The item of an option node, the item itself for a header, `SPACER` for a spacer.
    pub top: u32,
    /// The next node of the same option, cyclically (unused in headers and spacers).
    pub right: u32,
}

/// Whether to index without checks: in release builds, and under Miri, which checks
/// every access itself and so tests the unchecked code.
const UNCHECKED: bool = !cfg!(debug_assertions) || cfg!(miri);

/// The size of a [`Node`]: a stored link is a node number times this.
const STRIDE: u32 = std::mem::size_of::<Node>() as u32;

/// Whether stored links are addresses: where true, a link to node `q` is `v`'s address
/// plus `q · STRIDE` (its low 32 bits: on 64-bit targets, where the tests run this form,
/// the arithmetic wraps and a link less `origin(v)` is still the node's byte offset);
/// where false, just the offset. In WebAssembly an address is the whole of a memory
/// access's operand, so following a stored link then costs no add of the array's address
/// (V8's code for a link update: three instructions fewer). Natively x86 folds the base
/// into the access, and the offsets need no rebasing when the array moves: a native release
/// build keeps them. The tests use addresses (as the wasm build does), so that they and Miri check this
/// form natively too.
const ADDRESSED: bool = cfg!(target_arch = "wasm32") || cfg!(test);

/// The stored link to node 0 of `v` (see [`ADDRESSED`]): its address's low 32 bits, or 0.
#[inline(always)]
fn origin(v: &[Node]) -> u32 {
    if ADDRESSED {
        v.as_ptr() as usize as u32
    } else {
        0
    }
}

/// Node `q`'s stored link, in nodes whose [`origin`] is `o`.
#[inline(always)]
fn link(o: u32, q: u32) -> u32 {
    o.wrapping_add(q * STRIDE)
}

/// The node number of stored link `l`, in nodes whose [`origin`] is `o`.
#[inline(always)]
fn number(o: u32, l: u32) -> u32 {
    l.wrapping_sub(o) / STRIDE
}

/// Adds to every link of `v` what its [`origin`] moved by since it was `from` (its array was
/// moved, or copied from another's), so that each link leads to the same node number again.
fn rebase(v: &mut [Node], from: u32) {
    let delta = origin(v).wrapping_sub(from);
    if delta != 0 {
        for n in v {
            n.up = n.up.wrapping_add(delta);
            n.down = n.down.wrapping_add(delta);
            n.right = n.right.wrapping_add(delta);
        }
    }
}

/// The node that stored link `l` leads to, unchecked where [`UNCHECKED`].
///
/// Callers pass only stored links (the invariant of [`Links`] puts each in bounds) or a
/// node number checked on entry, made a link.
#[inline(always)]
fn node_at(v: &[Node], l: u32) -> &Node {
    // Where `ADDRESSED` (WebAssembly), `v`'s address plus this is the link itself, and the
    // compiler folds the add and the subtraction away.
    let off = l.wrapping_sub(origin(v));
    debug_assert!(off % STRIDE == 0);
    if UNCHECKED {
        debug_assert!(((off / STRIDE) as usize) < v.len());
        // SAFETY: `l` is a stored link or a checked node number made a link; the invariant
        // of `Links` makes `off` the byte offset of a node inside `v`, a multiple of
        // `STRIDE`, so the pointer is in bounds and aligned.
        unsafe { &*v.as_ptr().byte_add(off as usize) }
    } else {
        &v[(off / STRIDE) as usize]
    }
}

/// `node_at` for writing; the same contract.
#[inline(always)]
fn node_at_mut(v: &mut [Node], l: u32) -> &mut Node {
    let off = l.wrapping_sub(origin(v));
    debug_assert!(off % STRIDE == 0);
    if UNCHECKED {
        debug_assert!(((off / STRIDE) as usize) < v.len());
        // SAFETY: as in `node_at`: `off` is in bounds and aligned by the invariant of
        // `Links`, and `v` is borrowed mutably, so nothing else refers to the node.
        unsafe { &mut *v.as_mut_ptr().byte_add(off as usize) }
    } else {
        &mut v[(off / STRIDE) as usize]
    }
}

/// A stored node with its links as node numbers, in nodes whose [`origin`] is `o`.
#[inline(always)]
fn unscaled(o: u32, n: Node) -> Node {
    Node {
        up: number(o, n.up),
        down: number(o, n.down),
        top: n.top,
        right: number(o, n.right),
    }
}

/// `v[i]`, unchecked where [`UNCHECKED`].
///
/// Callers pass only indices that the invariant of [`Links`] puts in bounds.
#[inline(always)]
fn at<T>(v: &[T], i: usize) -> &T {
    if UNCHECKED {
        debug_assert!(i < v.len());
        // SAFETY: every index passed here is a stored link, an item read from a node's
        // `top` (into `len`, or into `keys`, which `cover` and `uncover` check have a word for
        // every item before a `NARROW` loop indexes them), a node's number (into `colour`, as long as the nodes wherever it is indexed,
        // checked on entry), or an index checked on entry; the invariant of `Links` puts each
        // in bounds.
        unsafe { v.get_unchecked(i) }
    } else {
        &v[i]
    }
}

/// `&mut v[i]`, unchecked where [`UNCHECKED`]; the same contract as [`at`].
#[inline(always)]
fn at_mut<T>(v: &mut [T], i: usize) -> &mut T {
    if UNCHECKED {
        debug_assert!(i < v.len());
        // SAFETY: as in `at`: the index is a stored link, an item from a node's `top`,
        // or checked on entry, and the invariant of `Links` puts each in bounds.
        unsafe { v.get_unchecked_mut(i) }
    } else {
        &mut v[i]
    }
}

/// Where an item's length sits in its key: the key is `len << KEY_SHIFT | item`.
pub(super) const KEY_SHIFT: u32 = 10;
/// A matrix keeps keys when it has at most this many items (the item fits below the length).
pub(super) const KEYED_ITEMS: u32 = 1 << KEY_SHIFT;
/// Set in a covered item's key: above every live key (at most `LONG << KEY_SHIFT | 1023`), and
/// still a positive `i16`, so that a signed minimum (SSE2's `pminsw`) is the unsigned one.
pub(super) const KEY_COVERED: u16 = 1 << 14;
const _: () = assert!((LONG << KEY_SHIFT | (KEYED_ITEMS - 1)) < KEY_COVERED as u32);

/// The key of uncovered item `i` with `len` options (lengths past `LONG` are held at it: the
/// matrix is not narrow then, and its keys are not read).
#[inline(always)]
fn key(i: u32, len: u32) -> u16 {
    (len.min(LONG) << KEY_SHIFT | i) as u16
}

/// The least of `keys` (each below `0x8000`, so their signed minimum is the unsigned one: SSE2
/// has the signed `pminsw` only), or `i16::MAX` for none: a narrow matrix's choice. Natively
/// written as a fold, which the compiler makes vector code (x86-64's baseline SSE2: `pminsw`,
/// 16 keys a loop trip).
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
pub(super) fn least_key(keys: &[u16]) -> u16 {
    keys.iter().fold(i16::MAX, |a, &k| a.min(k as i16)) as u16
}

/// `least_key` in WebAssembly, in `simd128`'s instructions written out (inlined into the search
/// loop, `Search::step`, which is compiled with `simd128`; elsewhere, as in `Matrix::choose`,
/// each instruction is a call). LLVM's vector code for the fold was a loop of one `v128.load`
/// and one `i16x8.min_s`, which V8 unrolled four times with its counter spilled to the stack and
/// a stack check a trip, and a scalar tail (Sudoku's 324 keys: 40 vectors and 4 keys). Here:
/// blocks of 64 keys (8 vectors, one loop trip), then whole vectors, then the last 8 keys
/// again for a tail (the minimum does not mind a key seen twice).
#[cfg(target_arch = "wasm32")]
#[inline(always)]
pub(super) fn least_key(keys: &[u16]) -> u16 {
    use core::arch::wasm32::{i16x8_extract_lane, i16x8_min, i16x8_shuffle, i16x8_splat, v128, v128_load};
    if keys.len() < 8 {
        return keys.iter().fold(i16::MAX, |a, &k| a.min(k as i16)) as u16;
    }
    let load = |c: &[u16]| -> v128 {
        let c: &[u16; 8] = c.try_into().expect("eight keys");
        // SAFETY: `c` is 8 `u16`s, 16 readable bytes; `v128_load` reads 16 bytes at any
        // alignment.
        unsafe { v128_load(c.as_ptr().cast()) }
    };
    let mut least = i16x8_splat(i16::MAX);
    let mut blocks = keys.chunks_exact(64);
    for b in &mut blocks {
        let b: &[u16; 64] = b.try_into().expect("64 keys");
        for j in 0..8 {
            // SAFETY: `b` is 64 `u16`s: the 8 from `8 * j` (`j` < 8) are in it, 16 readable
            // bytes; `v128_load` reads 16 bytes at any alignment. (Offsets from one pointer,
            // which LLVM folds into each load's `offset`, where slices of `b` were an add each.)
            least = i16x8_min(least, unsafe { v128_load(b.as_ptr().add(8 * j).cast()) });
        }
    }
    let mut vectors = blocks.remainder().chunks_exact(8);
    for v in &mut vectors {
        least = i16x8_min(least, load(v));
    }
    if !vectors.remainder().is_empty() {
        least = i16x8_min(least, load(&keys[keys.len() - 8..]));
    }
    let least = i16x8_min(least, i16x8_shuffle::<4, 5, 6, 7, 0, 1, 2, 3>(least, least));
    let least = i16x8_min(least, i16x8_shuffle::<2, 3, 0, 1, 2, 3, 0, 1>(least, least));
    let least = i16x8_min(least, i16x8_shuffle::<1, 0, 1, 0, 1, 0, 1, 0>(least, least));
    i16x8_extract_lane::<0>(least) as u16
}

/// Whether `cover` and `uncover` count an item's options as they walk its list (natively,
/// where the loop's exit then waits for no load) or only follow the list back to its
/// header (WebAssembly, where V8 keeps the count on the stack: a load, an add and a
/// store an option, and a compare with the length).
const COUNTED: bool = !cfg!(target_arch = "wasm32");

/// The nodes, lengths and keys of a matrix; see the module's invariant.
#[derive(Debug)]
pub(super) struct Links {
    /// Links stored as byte offsets or addresses: see [`STRIDE`] and [`ADDRESSED`].
    nodes: Vec<Node>,
    /// Active options per item (plus `COVERED` while covered), while the links are wide (narrow,
    /// see `narrow`).
    len: Vec<u32>,
    /// Each item's key `len << KEY_SHIFT | item` ([`key`]), with `KEY_COVERED` set while the
    /// item is covered, when there are at most `KEYED_ITEMS` items (else empty). The least
    /// key of the primary items is the leftmost of the fewest options. (Secondary items have
    /// keys too, which keeps a test out of the hot loops.) The lengths in it are kept up to
    /// date while the matrix is narrow (see `cover`'s `NARROW`) only.
    keys: Vec<u16>,
    /// Whether the keys hold the lengths and the covered items ([`Links::set_narrow`]): then
    /// the search's loops (`NARROW`) change a length in its key alone, and `cover` and `uncover`
    /// touch only the nodes and the keys: `len` and the item list (`prev`, `next`) are left as
    /// they were when the links turned narrow (or `relist` started them over), and
    /// `set_narrow(false)` brings them up to date. Read lengths, covered items and the item
    /// list with [`Links::len`], [`Links::is_covered`] and [`Links::item_list_after`].
    narrow: bool,
    /// Items `0..primary` are primary.
    primary: u32,
    /// The horizontal list of uncovered items, doubly linked: the primary items behind
    /// a root at index `items`, the secondary ones behind a root at `items + 1`. Kept while
    /// the links are wide (see `narrow`).
    prev: Vec<u32>,
    next: Vec<u32>,
    /// The options' common number of nodes, if they have one.
    uniform: Uniform,
    /// Each node's colour (DLX2's `color`): 0 for none, a colour's number, or `PURIFIED`
    /// while an option of the partial solution gives its item the node's colour. Empty
    /// while no option has a colour; then as long as `nodes`.
    colour: Vec<u32>,
    /// The colour each item is purified with (0: none), for a viewer; empty with `colour`.
    item_colour: Vec<u32>,
}

/// Where the nodes of an option lie when every option has the same number of them,
/// `width`: each option then takes `width + 1` nodes with its spacer, so the place of a
/// node in its option is arithmetic, and hiding an option walks its nodes by index
/// instead of following `right` from node to node. Those loads then wait on no other
/// load: on pentominoes 6×10 (six nodes an option) the search takes 1.3× less time.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Uniform {
    /// The first node of the first option: `items + 1`.
    base: u32,
    /// Nodes per option; 0 while the options differ in length, or before the first.
    width: u32,
    /// `u64::MAX / (width + 1) + 1`: Lemire's multiplier, for the remainder by `width + 1`
    /// without a division.
    magic: u64,
}

/// The high 64 bits of `a · b`: one multiplication natively.
#[cfg(not(target_arch = "wasm32"))]
#[inline(always)]
fn mul_high(a: u64, b: u32) -> u32 {
    ((u128::from(a) * u128::from(b)) >> 64) as u32
}

/// `mul_high` in WebAssembly, which has no 128-bit product (a `u128` one there is a call to
/// `__multi3`).
#[cfg(target_arch = "wasm32")]
use mul_high_split as mul_high;

/// The high 64 bits of `a · b` (`b` < 2³², so they fit 32), from two 64-bit products.
/// Compiled on every target, so that its test holds it to the `u128` product natively too.
#[cfg_attr(not(any(target_arch = "wasm32", test)), allow(dead_code))]
#[inline(always)]
fn mul_high_split(a: u64, b: u32) -> u32 {
    let b = u64::from(b);
    (((a >> 32) * b + (((a & 0xffff_ffff) * b) >> 32)) >> 32) as u32
}

impl Uniform {
    /// `width` > 0 nodes an option, after `base`.
    fn new(base: u32, width: u32) -> Uniform {
        Uniform {
            base,
            width,
            magic: (u64::MAX / u64::from(width + 1)).wrapping_add(1),
        }
    }

    /// The place of option node `p` in its option, `0..width`: `(p - base) % (width + 1)`,
    /// by two multiplications (D. Lemire, O. Kaser, N. Kurz, "Faster remainder by direct
    /// computation", 2019: exact for every 32-bit dividend).
    #[inline(always)]
    fn place(self, p: u32) -> u32 {
        let low = self.magic.wrapping_mul(u64::from(p - self.base));
        mul_high(low, self.width + 1)
    }

    /// The `i`th node after option node `p` in its option, cyclically, for `i` in `1..width`,
    /// as a byte offset (`p` is one too; `place` is `p`'s place).
    #[inline(always)]
    fn after(self, p: u32, place: u32, i: u32) -> u32 {
        // Without a branch: the place differs from one option to the next, and a branch on
        // it was mispredicted often enough to cost pentominoes a fifth of their time.
        // `wraps` is all ones when `place + i` passes the option's last node.
        let wraps = ((self.width - 1 - place).wrapping_sub(i) as i32 >> 31) as u32;
        p.wrapping_add(i * STRIDE).wrapping_sub(wraps & (self.width * STRIDE))
    }
}

impl Clone for Links {
    fn clone(&self) -> Links {
        let mut nodes = self.nodes.clone();
        rebase(&mut nodes, origin(&self.nodes));
        Links {
            nodes,
            len: self.len.clone(),
            keys: self.keys.clone(),
            narrow: self.narrow,
            primary: self.primary,
            prev: self.prev.clone(),
            next: self.next.clone(),
            uniform: self.uniform,
            colour: self.colour.clone(),
            item_colour: self.item_colour.clone(),
        }
    }

    /// Copies into the arrays this one has, allocating only where they are too short.
    fn clone_from(&mut self, source: &Links) {
        self.nodes.clone_from(&source.nodes);
        rebase(&mut self.nodes, origin(&source.nodes));
        self.len.clone_from(&source.len);
        self.keys.clone_from(&source.keys);
        self.narrow = source.narrow;
        self.primary = source.primary;
        self.prev.clone_from(&source.prev);
        self.next.clone_from(&source.next);
        self.uniform = source.uniform;
        self.colour.clone_from(&source.colour);
        self.item_colour.clone_from(&source.item_colour);
    }
}

/// Equal when the links lead to the same node numbers (where `ADDRESSED`, two copies'
/// stored links differ by the distance between their arrays).
impl PartialEq for Links {
    fn eq(&self, other: &Links) -> bool {
        self.nodes.len() == other.nodes.len()
            && self.nodes_from(0).eq(other.nodes_from(0))
            && self.narrow == other.narrow
            && self.len.len() == other.len.len()
            && (0..self.items()).all(|i| self.len(i) == other.len(i) && self.is_covered(i) == other.is_covered(i))
            && self.keys == other.keys
            && self.primary == other.primary
            // Narrow links keep no item list: the keys, compared above, say which items are in it.
            && (self.narrow || (self.prev == other.prev && self.next == other.next))
            && self.uniform == other.uniform
            && self.colour == other.colour
            && self.item_colour == other.item_colour
    }
}

impl Eq for Links {}

impl Links {
    /// `items` headers with empty lists, the first `primary` of them primary, and the
    /// spacer before the first option.
    pub fn new(items: u32, primary: u32) -> Links {
        assert!(primary <= items && items < SPACER - 2, "bad sizes {primary} of {items}");
        // Every node's offset fits a `u32` (`push_option` keeps this as nodes are added).
        assert!(
            u64::from(items) + 2 < u64::from(u32::MAX / STRIDE),
            "too many items: {items}"
        );
        // The headers, each its own list, and the spacer: built as offsets (origin 0), then
        // rebased in place once the array is where it stays.
        let mut nodes: Vec<Node> = Vec::with_capacity(items as usize + 1);
        nodes.extend((0..items).map(|i| Node {
            up: link(0, i),
            down: link(0, i),
            top: i,
            right: link(0, i),
        }));
        nodes.push(Node {
            up: 0,
            down: 0,
            top: SPACER,
            right: 0,
        });
        rebase(&mut nodes, 0);
        let mut links = Links {
            nodes,
            len: vec![0; items as usize],
            keys: if items <= KEYED_ITEMS {
                (0..items).map(|i| key(i, 0)).collect()
            } else {
                Vec::new()
            },
            narrow: false,
            primary,
            prev: vec![0; items as usize + 2],
            next: vec![0; items as usize + 2],
            uniform: Uniform {
                base: items + 1,
                width: 0,
                magic: 0,
            },
            colour: Vec::new(),
            item_colour: Vec::new(),
        };
        list_items(items, primary, |_| false, &mut links.prev, &mut links.next);
        links
    }

    /// The number of nodes of every option, or 0 if they differ (or there is none).
    pub fn width(&self) -> u32 {
        self.uniform.width
    }

    pub fn items(&self) -> u32 {
        self.len.len() as u32
    }

    /// The number of primary items (items `0..primary()`).
    #[inline(always)]
    pub fn primary(&self) -> u32 {
        self.primary
    }

    /// Node `q` and the nodes after it, with node numbers as links.
    pub fn nodes_from(&self, q: usize) -> impl Iterator<Item = Node> + '_ {
        let o = origin(&self.nodes);
        self.nodes[q..].iter().map(move |&n| unscaled(o, n))
    }

    /// Node `q`, with node numbers as links (checked: `q` may come from anywhere).
    #[inline(always)]
    pub fn node(&self, q: u32) -> Node {
        unscaled(origin(&self.nodes), self.nodes[q as usize])
    }

    /// The lengths, with `COVERED` set on covered items, while the links are not narrow
    /// (narrow, see [`Links::len`]).
    pub fn lens(&self) -> &[u32] {
        debug_assert!(!self.narrow, "lens() of narrow links");
        &self.len
    }

    /// Item `i`'s length (checked: `i` may come from anywhere).
    pub fn len(&self, i: u32) -> u32 {
        if self.narrow {
            u32::from(self.keys[i as usize] & !KEY_COVERED) >> KEY_SHIFT
        } else {
            self.len[i as usize] & !COVERED
        }
    }

    /// Whether the keys hold the lengths (see [`Links::set_narrow`]).
    #[inline(always)]
    pub fn is_narrow(&self) -> bool {
        self.narrow
    }

    /// True while item `i` is covered (checked).
    pub fn is_covered(&self, i: u32) -> bool {
        if self.narrow {
            self.keys[i as usize] & KEY_COVERED != 0
        } else {
            self.len[i as usize] & COVERED != 0
        }
    }

    /// Makes the keys hold the lengths (`narrow`: the matrix is searched with `NARROW`) or
    /// `len` (not), bringing the other up to date: every item's length is then where the
    /// search's loops will change it. Narrow links need a key for every item.
    pub fn set_narrow(&mut self, narrow: bool) {
        if narrow == self.narrow {
            return;
        }
        if narrow {
            assert_eq!(self.keys.len(), self.len.len(), "narrow links without keys");
            for (i, k) in self.keys.iter_mut().enumerate() {
                let len = self.len[i];
                *k = key(i as u32, len & !COVERED) | if len & COVERED != 0 { KEY_COVERED } else { 0 };
            }
        } else {
            for (l, &k) in self.len.iter_mut().zip(&self.keys) {
                let covered = if k & KEY_COVERED != 0 { COVERED } else { 0 };
                *l = covered | u32::from(k & !KEY_COVERED) >> KEY_SHIFT;
            }
            let (prev, next, len) = (&mut self.prev, &mut self.next, &self.len);
            list_items(
                len.len() as u32,
                self.primary,
                |i| len[i as usize] & COVERED != 0,
                prev,
                next,
            );
        }
        self.narrow = narrow;
    }

    /// The keys (see [`Links::keys`]'s field), empty with more than `KEYED_ITEMS` items.
    pub fn keys(&self) -> &[u16] {
        &self.keys
    }

    /// The item list, `prev` and `next` of each item, then of the two roots: the one kept, or
    /// for narrow links, which keep none, the list a wide matrix would have after covering the
    /// items `covers` in that order (each covered item's links are then its neighbours when it
    /// was covered, as dancing links leave them). `covers` must be the covered items (checked).
    pub fn item_list_after(&self, covers: impl IntoIterator<Item = u32>) -> (Vec<u32>, Vec<u32>) {
        if !self.narrow {
            return (self.prev.clone(), self.next.clone());
        }
        let (mut prev, mut next) = (vec![0; self.prev.len()], vec![0; self.next.len()]);
        list_items(self.items(), self.primary, |_| false, &mut prev, &mut next);
        let mut covered = 0;
        for i in covers {
            assert!(self.is_covered(i), "item {i} is not covered");
            let (l, r) = (prev[i as usize], next[i as usize]);
            next[l as usize] = r;
            prev[r as usize] = l;
            covered += 1;
        }
        let all = (0..self.items()).filter(|&i| self.is_covered(i)).count();
        assert_eq!(covered, all, "covers to list: {covered} of the {all} covered items");
        (prev, next)
    }

    /// The item list and the lengths, to change behind the links' back: for tests that
    /// break a matrix on purpose, to see `sanity()` find it. (Only values in bounds, so the
    /// invariant's bounds still hold.)
    #[cfg(test)]
    pub fn broken_parts(&mut self) -> (&mut [u32], &mut [u32], &mut [u32]) {
        (&mut self.prev, &mut self.next, &mut self.len)
    }

    /// Rewrites node `q` behind the links' back, with node numbers as links (in bounds, as
    /// for `broken_parts`), for the same tests.
    #[cfg(test)]
    pub fn break_node(&mut self, q: u32, f: impl FnOnce(&mut Node)) {
        let o = origin(&self.nodes);
        let mut n = unscaled(o, self.nodes[q as usize]);
        f(&mut n);
        self.nodes[q as usize] = Node {
            up: link(o, n.up),
            down: link(o, n.down),
            top: n.top,
            right: link(o, n.right),
        };
    }

    /// The leftmost uncovered primary item of least length, that length, and the items
    /// examined: a scan of the item list from the primary root (index `items`), which
    /// stops at the first empty item. With no primary item uncovered: the root, `u32::MAX`.
    #[inline(always)]
    pub fn fewest_primary(&self) -> (u32, u32, u64) {
        debug_assert!(!self.narrow, "fewest_primary() of narrow links");
        let root = self.items();
        let mut i = *at(&self.next, root as usize);
        let mut key = u64::from(i) | u64::from(u32::MAX) << 32;
        let mut work = 0;
        // `i < root = items` keeps `len[i]` and `next[i]` in bounds whatever the list
        // holds; the invariant keeps the primary list ending at its root.
        while i < root {
            let l = *at(&self.len, i as usize);
            work += 1;
            key = key.min(u64::from(l) << 32 | u64::from(i));
            if l == 0 {
                break;
            }
            i = *at(&self.next, i as usize);
        }
        (key as u32, (key >> 32) as u32, work)
    }

    /// True when every primary item is covered: the primary item list is empty, or narrow,
    /// the least key of the primary items has `KEY_COVERED`.
    #[inline(always)]
    pub fn no_primary_left(&self) -> bool {
        if self.narrow {
            return least_key(&self.keys[..self.primary as usize]) & KEY_COVERED != 0;
        }
        self.primary_list_empty()
    }

    /// `no_primary_left` of wide links: the primary item list is empty.
    #[inline(always)]
    pub fn primary_list_empty(&self) -> bool {
        debug_assert!(!self.narrow, "the item list of narrow links");
        let root = self.items();
        // The roots are in the list's arrays (`new` makes them `items + 2` long).
        *at(&self.next, root as usize) == root
    }

    /// True once an option has a colour.
    pub fn is_coloured(&self) -> bool {
        !self.colour.is_empty()
    }

    /// The colour of node `q`: 0 for none (and in a matrix without colours), `PURIFIED`
    /// while its item is purified with it (checked: `q` may come from anywhere).
    pub fn colour(&self, q: u32) -> u32 {
        self.colour.get(q as usize).copied().unwrap_or(0)
    }

    /// The colour item `i` is purified with, or 0.
    pub fn item_colour(&self, i: u32) -> u32 {
        self.item_colour.get(i as usize).copied().unwrap_or(0)
    }

    /// Appends an option on `items` (distinct, uncovered items; checked here so that the
    /// invariant holds whatever the caller does) at the bottom of their lists, followed
    /// by a spacer; `colours` is empty, or the colour of each item (0 for none). Returns its
    /// first node and whether every item still has at most `LONG` options.
    pub fn push_option(&mut self, items: &[u32], colours: &[u32]) -> (u32, bool) {
        let n = self.items();
        assert!(!items.is_empty(), "an option has at least one item");
        assert!(
            colours.is_empty() || colours.len() == items.len(),
            "a colour for each item, or none"
        );
        assert!(!colours.contains(&PURIFIED), "no colour {PURIFIED}");
        if self.colour.is_empty() && colours.iter().any(|&c| c != 0) {
            self.colour = vec![0; self.nodes.len()];
            self.item_colour = vec![0; n as usize];
        }
        for (k, &item) in items.iter().enumerate() {
            assert!(item < n && !items[..k].contains(&item), "bad item {item}");
            assert!(!self.is_covered(item), "item {item} is covered");
        }
        // Every offset, and the offset one node past the last, fits a `u32`.
        assert!(
            self.nodes.len() + items.len() + 2 < (u32::MAX / STRIDE) as usize,
            "too many nodes"
        );
        // The room for the option first, so that the array moves (and its links are
        // rebased) before any link below is made; `reserve` grows it geometrically.
        let from = origin(&self.nodes);
        self.nodes.reserve(items.len() + 1);
        rebase(&mut self.nodes, from);
        let o = origin(&self.nodes);
        let spacer = self.nodes.len() - 1;
        let first = self.nodes.len() as u32;
        let width = items.len() as u32;
        self.uniform = match self.uniform.width {
            _ if first == self.uniform.base => Uniform::new(first, width),
            w if w == width => self.uniform,
            _ => Uniform::new(self.uniform.base, 0),
        };
        let mut narrow = true;
        for &item in items {
            let q = self.nodes.len() as u32;
            let up = self.nodes[item as usize].up;
            self.nodes.push(Node {
                up,
                down: link(o, item),
                top: item,
                right: link(o, q + 1),
            });
            self.nodes[number(o, up) as usize].down = link(o, q);
            self.nodes[item as usize].up = link(o, q);
            let len = self.len(item);
            if len >= LONG {
                // Too long for a key: the lengths go back to `len` (the matrix turns wide).
                self.set_narrow(false);
            }
            self.len[item as usize] = len + 1;
            if let Some(k) = self.keys.get_mut(item as usize) {
                *k = key(item, len + 1);
            }
            narrow &= len < LONG;
        }
        let last = self.nodes.len() as u32 - 1;
        self.nodes[last as usize].right = link(o, first);
        self.nodes[spacer].down = link(o, last);
        self.nodes.push(Node {
            up: link(o, first),
            down: link(o, 0),
            top: SPACER,
            right: link(o, 0),
        });
        debug_assert_eq!(origin(&self.nodes), o, "the nodes moved after `reserve`");
        if !self.colour.is_empty() {
            let given = colours.iter().copied().chain(std::iter::repeat(0));
            self.colour.extend(given.take(items.len()));
            self.colour.push(0);
        }
        (first, narrow)
    }

    /// Starts the lists over from the layout the nodes have (their `top` and `right`, which
    /// no cover changes): the items in `covered` covered, with empty lists, and out of the
    /// item list, and their keys marked covered; every other item's list holding, top to bottom, the options
    /// whose first nodes `firsts` gives, in that order; every other option in no list. So a
    /// matrix is set up for a puzzle without copying it whole and hiding what the givens
    /// rule out. Items `0..primary` are primary (the item list's first root). Fails, with the option's first node and the item, if an option given has a
    /// covered item; the lists are then to be started over again. Checked: a `first` that is
    /// not an option's first node panics, and a covered item out of range too.
    pub fn relist(
        &mut self,
        primary: u32,
        covered: impl IntoIterator<Item = u32>,
        firsts: impl IntoIterator<Item = u32>,
    ) -> Result<u32, Relisted> {
        assert!(self.colour.is_empty(), "relist() of a matrix with colours");
        let n = self.items();
        assert!(primary <= n, "{primary} primary items of {n}");
        self.primary = primary;
        let o = origin(&self.nodes);
        for i in 0..n {
            let head = &mut self.nodes[i as usize];
            head.up = link(o, i);
            head.down = link(o, i);
        }
        self.len.fill(0);
        let mut covered_primary = 0;
        for i in covered {
            let len = &mut self.len[i as usize];
            if *len == COVERED {
                return Err(Relisted::CoveredTwice(i));
            }
            *len = COVERED;
            covered_primary += u32::from(i < primary);
        }
        let (nodes, lens) = (&mut self.nodes[..], &mut self.len[..]);
        let u = self.uniform;
        for first in firsts {
            // The option's nodes: `first` and the ones after it up to its spacer.
            let width = if u.width > 0 {
                // The options agree: by the invariant, an option's first node is one at place 0
                // before the end, and the `width − 1` after it are its others.
                assert!(
                    first >= u.base && (first as usize) < nodes.len() && u.place(first) == 0,
                    "{first} is not the first node of an option"
                );
                u.width
            } else {
                assert!(
                    first > n && nodes[first as usize - 1].top == SPACER && nodes[first as usize].top != SPACER,
                    "{first} is not the first node of an option"
                );
                // Nodes end with a spacer (`new` and `push_option` put one last).
                nodes[first as usize..]
                    .iter()
                    .position(|q| q.top == SPACER)
                    .unwrap_or(0) as u32
            };
            for q in first..first + width {
                let item = node_at(nodes, link(o, q)).top;
                if *at(lens, item as usize) & COVERED != 0 {
                    return Err(Relisted::Covered { first, item });
                }
                // The item's `up` is the bottom of its list: the new node goes below it.
                let head = link(o, item);
                let bottom = node_at(nodes, head).up;
                node_at_mut(nodes, bottom).down = link(o, q);
                let node = node_at_mut(nodes, link(o, q));
                node.up = bottom;
                node.down = head;
                node_at_mut(nodes, head).up = link(o, q);
                *at_mut(lens, item as usize) += 1;
            }
        }
        for (i, k) in self.keys.iter_mut().enumerate() {
            let len = self.len[i];
            *k = key(i as u32, len & !COVERED) | if len & COVERED != 0 { KEY_COVERED } else { 0 };
        }
        // Narrow links keep no item list (see `narrow`).
        if !self.narrow {
            let (prev, next, len) = (&mut self.prev, &mut self.next, &self.len);
            list_items(n, primary, |i| len[i as usize] & COVERED != 0, prev, next);
        }
        Ok(covered_primary)
    }

    /// Cover item `i`: hide every option in its list, and mark it covered (out of the
    /// item list, its key marked covered). Returns the number of nodes unlinked (DLX1's "updates"). `NARROW`
    /// must be true only if no item has more than `LONG` options; `WIDTH` is [`MIXED`],
    /// or [`ANY_WIDTH`] or 4 only if every option has that many items. (A wrong one gives
    /// wrong answers, never an access out of bounds: 4 follows `right` links, which the
    /// invariant keeps, and `ANY_WIDTH` takes the width from the links, which keep it 0
    /// while the options differ.)
    #[inline(always)]
    pub fn cover<const NARROW: bool, const WIDTH: u32>(&mut self, i: u32) -> u64 {
        assert!(i < self.items(), "no item {i}");
        if WIDTH == COLOURED {
            assert_eq!(self.colour.len(), self.nodes.len(), "COLOURED without colours");
        }
        if NARROW {
            assert_eq!(self.keys.len(), self.len.len(), "NARROW without keys");
        }
        let (nodes, lens, keys) = (&mut self.nodes[..], &mut self.len[..], &mut self.keys[..]);
        let colours = &self.colour[..];
        let mut updates = 0;
        let head = link(origin(nodes), i);
        // The loop counts the item's options, so that its exit waits for no load (a
        // mispredicted exit costs less when it resolves early). Hiding an option changes
        // other items' lists only, so the length holds throughout. The length is the list's
        // whenever covers and uncovers nest as the search makes them; the test for the header,
        // never true then (so always predicted), keeps any other order of calls from hiding
        // the header as if it were an option node. In WebAssembly (not `COUNTED`) the loop
        // only follows the list back to the header, which V8 runs in fewer instructions.
        let len = if NARROW {
            u32::from(*at(keys, i as usize)) >> KEY_SHIFT
        } else {
            *at(lens, i as usize)
        };
        let mut p = node_at(nodes, head).down;
        if COUNTED {
            for _ in 0..len {
                if p == head {
                    break;
                }
                updates += hide::<NARROW, WIDTH>(nodes, lens, keys, colours, self.uniform, p);
                p = node_at(nodes, p).down;
            }
        } else {
            while p != head {
                updates += hide::<NARROW, WIDTH>(nodes, lens, keys, colours, self.uniform, p);
                p = node_at(nodes, p).down;
            }
        }
        debug_assert_eq!(p, head, "item {i}'s length is not its list's");
        // Narrow: the key alone says the item is covered (no `len` and no item list to update).
        if NARROW {
            *at_mut(keys, i as usize) |= KEY_COVERED;
        } else {
            *at_mut(lens, i as usize) = len | COVERED;
            let (l, r) = (*at(&self.prev, i as usize), *at(&self.next, i as usize));
            *at_mut(&mut self.next, l as usize) = r;
            *at_mut(&mut self.prev, r as usize) = l;
        }
        updates
    }

    /// Undo `cover(i)` exactly: the links dance back in reverse order.
    /// Returns the number of nodes relinked, which is what `cover(i)` unlinked.
    #[inline(always)]
    pub fn uncover<const NARROW: bool, const WIDTH: u32>(&mut self, i: u32) -> u64 {
        assert!(i < self.items(), "no item {i}");
        if WIDTH == COLOURED {
            assert_eq!(self.colour.len(), self.nodes.len(), "COLOURED without colours");
        }
        if NARROW {
            assert_eq!(self.keys.len(), self.len.len(), "NARROW without keys");
        } else {
            let (l, r) = (*at(&self.prev, i as usize), *at(&self.next, i as usize));
            *at_mut(&mut self.next, l as usize) = i;
            *at_mut(&mut self.prev, r as usize) = i;
        }
        let (nodes, lens, keys) = (&mut self.nodes[..], &mut self.len[..], &mut self.keys[..]);
        let colours = &self.colour[..];
        // Narrow: the key alone (see `cover`).
        let len = if NARROW {
            let k = at_mut(keys, i as usize);
            *k &= !KEY_COVERED;
            u32::from(*k) >> KEY_SHIFT
        } else {
            let len = *at(lens, i as usize) & !COVERED;
            *at_mut(lens, i as usize) = len;
            len
        };
        let mut updates = 0;
        let head = link(origin(nodes), i);
        let mut p = node_at(nodes, head).up;
        // As in `cover`: counted, and never past the header.
        if COUNTED {
            for _ in 0..len {
                if p == head {
                    break;
                }
                updates += unhide::<NARROW, WIDTH>(nodes, lens, keys, colours, self.uniform, p);
                p = node_at(nodes, p).up;
            }
        } else {
            while p != head {
                updates += unhide::<NARROW, WIDTH>(nodes, lens, keys, colours, self.uniform, p);
                p = node_at(nodes, p).up;
            }
        }
        debug_assert_eq!(p, head, "item {i}'s length is not its list's");
        updates
    }

    /// DLX2's `purify(p)`: option node `p` gives its item colour `x`; hide every other
    /// option in the item's list that does not give it `x`, and mark the nodes of those that
    /// do `PURIFIED` (their cover of the item is done: DLX2's "cleansings"). Returns the nodes
    /// unlinked and the cleansings (one for the item, one per node marked), as DLX2 counts
    /// them. Checked: `p` must be a coloured option node of a matrix with colours.
    pub fn purify(&mut self, p: u32) -> (u64, u64) {
        let (i, x) = self.coloured_node(p);
        *at_mut(&mut self.item_colour, i as usize) = x;
        let (nodes, lens, keys, colours) = (
            &mut self.nodes[..],
            &mut self.len[..],
            &mut self.keys[..],
            &mut self.colour[..],
        );
        let (mut updates, mut cleansings) = (0, 1);
        let head = link(origin(nodes), i);
        let mut r = node_at(nodes, head).down;
        while r != head {
            let c = at_mut(colours, number(origin(nodes), r) as usize);
            if *c == x {
                *c = PURIFIED;
                cleansings += 1;
            } else {
                updates += hide::<false, COLOURED>(nodes, lens, keys, colours, self.uniform, r);
            }
            r = node_at(nodes, r).down;
        }
        (updates, cleansings)
    }

    /// Undo `purify(p)` exactly, bottom to top; returns what it counted.
    pub fn unpurify(&mut self, p: u32) -> (u64, u64) {
        let (i, x) = self.coloured_node(p);
        *at_mut(&mut self.item_colour, i as usize) = 0;
        let (nodes, lens, keys, colours) = (
            &mut self.nodes[..],
            &mut self.len[..],
            &mut self.keys[..],
            &mut self.colour[..],
        );
        let (mut updates, mut cleansings) = (0, 1);
        let head = link(origin(nodes), i);
        let mut r = node_at(nodes, head).up;
        while r != head {
            let c = at_mut(colours, number(origin(nodes), r) as usize);
            if *c == PURIFIED {
                *c = x;
                cleansings += 1;
            } else {
                updates += unhide::<false, COLOURED>(nodes, lens, keys, colours, self.uniform, r);
            }
            r = node_at(nodes, r).up;
        }
        (updates, cleansings)
    }

    /// The item and colour of node `p`, checked to be an option node with a colour (so that
    /// `purify` and `unpurify` index in bounds whatever the caller passes), as an offset's item.
    fn coloured_node(&self, p: u32) -> (u32, u32) {
        assert_eq!(
            self.colour.len(),
            self.nodes.len(),
            "purify in a matrix without colours"
        );
        let x = self.colour(p);
        assert!(x != 0 && x != PURIFIED, "node {p} has no colour to purify with");
        // A header's and a spacer's colour is 0: `p` is an option node, whose `top` is an item.
        (self.nodes[p as usize].top, x)
    }
}

/// Makes `prev` and `next` (`items + 2` long) the item list of the items not `covered`, in
/// order: items `0..primary` behind the root at `items`, the rest behind the root at `items + 1`.
fn list_items(items: u32, primary: u32, covered: impl Fn(u32) -> bool, prev: &mut [u32], next: &mut [u32]) {
    for (root, range) in [(items, 0..primary), (items + 1, primary..items)] {
        let mut last = root;
        for i in range.filter(|&i| !covered(i)) {
            next[last as usize] = i;
            prev[i as usize] = last;
            last = i;
        }
        next[last as usize] = root;
        prev[root as usize] = last;
    }
}

// The hot loops take the arrays as separate `&mut` slices, not through `&mut Links`:
// the compiler then knows that a store to a node cannot change a length, a key or
// where the arrays are, and keeps their addresses in registers (in WebAssembly too)
// instead of loading them again after every store.

/// Hide option node `p` (a byte offset, as are all links from here on): unlink the other nodes of its option from their items.
/// (They belong to uncovered items: an option with a covered item is hidden.)
/// `WIDTH` 4: every option has four nodes, so the loop is three steps, unrolled (Sudoku's
/// options). `ANY_WIDTH`: every option has `u.width`
/// nodes, found by index (see [`Uniform`]). `COLOURED`: following `right`, passing over the
/// nodes of purified items (DLX2's `color < 0`), which stay in their lists.
#[inline(always)]
fn hide<const NARROW: bool, const WIDTH: u32>(
    nodes: &mut [Node],
    lens: &mut [u32],
    keys: &mut [u16],
    colours: &[u32],
    u: Uniform,
    p: u32,
) -> u64 {
    if WIDTH == COLOURED {
        let mut updates = 0;
        let mut q = node_at(nodes, p).right;
        while q != p {
            // The caller checked that `colours` has a word for every node.
            q = if *at(colours, number(origin(nodes), q) as usize) == PURIFIED {
                node_at(nodes, q).right
            } else {
                updates += 1;
                unlink::<NARROW>(nodes, lens, keys, q)
            };
        }
        return updates;
    }
    if WIDTH == ANY_WIDTH {
        let place = u.place(number(origin(nodes), p));
        let others = |k: u32| {
            for i in 1..k {
                unlink::<NARROW>(nodes, lens, keys, u.after(p, place, i));
            }
        };
        walk_others(u.width, others);
        return u64::from(u.width.saturating_sub(1));
    }
    let mut q = node_at(nodes, p).right;
    if WIDTH == 4 {
        for _ in 0..3 {
            q = unlink::<NARROW>(nodes, lens, keys, q);
        }
        return 3;
    }
    debug_assert_eq!(WIDTH, MIXED);
    let mut updates = 0;
    while q != p {
        q = unlink::<NARROW>(nodes, lens, keys, q);
        updates += 1;
    }
    updates
}

/// Calls `others(width)`, natively with the width as a constant for options of five to eight
/// items: the width is the matrix's, so the match is always predicted, and a fixed count lets
/// the compiler unroll the index walk whole. Not in WebAssembly, where the four extra copies
/// of the walk made the module larger and V8's code for them slower (docs/benchmarks.md, "Smaller choices in the loops").
#[inline(always)]
fn walk_others(width: u32, mut others: impl FnMut(u32)) {
    #[cfg(not(target_arch = "wasm32"))]
    match width {
        5 => return others(5),
        6 => return others(6),
        7 => return others(7),
        8 => return others(8),
        _ => {}
    }
    others(width)
}

/// Takes option node `q` out of its item's list; returns the next node of its option.
#[inline(always)]
fn unlink<const NARROW: bool>(nodes: &mut [Node], lens: &mut [u32], keys: &mut [u16], q: u32) -> u32 {
    let Node { up, down, top, right } = *node_at(nodes, q);
    node_at_mut(nodes, up).down = down;
    node_at_mut(nodes, down).up = up;
    // Wrapping: only calls out of the search's order (see `cover`) take a length below 0,
    // and then the lists are wrong anyway; any item's key is in bounds.
    // A narrow matrix's length is in its key alone.
    if NARROW {
        let k = at_mut(keys, top as usize);
        *k = k.wrapping_sub(1 << KEY_SHIFT);
    } else {
        let len = at_mut(lens, top as usize);
        *len = len.wrapping_sub(1);
    }
    right
}

/// Undo `hide(p)`. The nodes of one option lie in different lists, so they can
/// go back in any order; the order of the options is what `uncover` reverses.
#[inline(always)]
fn unhide<const NARROW: bool, const WIDTH: u32>(
    nodes: &mut [Node],
    lens: &mut [u32],
    keys: &mut [u16],
    colours: &[u32],
    u: Uniform,
    p: u32,
) -> u64 {
    if WIDTH == COLOURED {
        let mut updates = 0;
        let mut q = node_at(nodes, p).right;
        while q != p {
            q = if *at(colours, number(origin(nodes), q) as usize) == PURIFIED {
                node_at(nodes, q).right
            } else {
                updates += 1;
                relink::<NARROW>(nodes, lens, keys, q)
            };
        }
        return updates;
    }
    if WIDTH == ANY_WIDTH {
        let place = u.place(number(origin(nodes), p));
        let others = |k: u32| {
            for i in 1..k {
                relink::<NARROW>(nodes, lens, keys, u.after(p, place, i));
            }
        };
        walk_others(u.width, others);
        return u64::from(u.width.saturating_sub(1));
    }
    let mut q = node_at(nodes, p).right;
    if WIDTH == 4 {
        for _ in 0..3 {
            q = relink::<NARROW>(nodes, lens, keys, q);
        }
        return 3;
    }
    let mut updates = 0;
    while q != p {
        q = relink::<NARROW>(nodes, lens, keys, q);
        updates += 1;
    }
    updates
}

/// Puts option node `q` back where it was in its item's list; returns the next node
/// of its option.
#[inline(always)]
fn relink<const NARROW: bool>(nodes: &mut [Node], lens: &mut [u32], keys: &mut [u16], q: u32) -> u32 {
    let Node { up, down, top, right } = *node_at(nodes, q);
    node_at_mut(nodes, up).down = q;
    node_at_mut(nodes, down).up = q;
    // A narrow matrix's length is in its key alone.
    if NARROW {
        let k = at_mut(keys, top as usize);
        *k = k.wrapping_add(1 << KEY_SHIFT);
    } else {
        let len = at_mut(lens, top as usize);
        *len = len.wrapping_add(1);
    }
    right
}

#[cfg(test)]
mod tests {
    use super::{least_key, mul_high_split, Links, Uniform, MIXED};

    /// The two-product form of the high half is the `u128` product's high half, for the
    /// `b` the remainders use (up to 2³²) and across `a`.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(
        miri,
        ignore = "Miri: arithmetic on no memory, no unsafe code (docs/testing.md, Miri)"
    )]
    fn the_split_high_product_is_the_high_half() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut a_values = vec![0, 1, u64::MAX, u64::MAX - 1, 1 << 32, (1 << 32) - 1, 1 << 63];
        // Under Miri (scripts/miri.sh) 200 random values, not 2000: arithmetic on no memory.
        for _ in 0..if cfg!(miri) { 200 } else { 2000 } {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            a_values.push(x);
        }
        for &a in &a_values {
            for b in [
                0,
                1,
                2,
                7,
                65,
                1 << 16,
                u32::MAX - 1,
                u32::MAX,
                a as u32,
                (a >> 40) as u32,
            ] {
                let want = ((u128::from(a) * u128::from(b)) >> 64) as u32;
                assert_eq!(mul_high_split(a, b), want, "{a} · {b}");
            }
        }
    }

    /// The least key is the least of the keys for every length (in WebAssembly: below one
    /// vector, whole vectors, blocks of 64 and a tail read again from the end) and wherever the
    /// least one lies, and `i16::MAX` for none.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(
        miri,
        ignore = "Miri: no unsafe code natively (the unsafe loads are WebAssembly's) (docs/testing.md, Miri)"
    )]
    fn the_least_key_is_the_least_wherever_it_lies() {
        assert_eq!(least_key(&[]), i16::MAX as u16);
        for n in 1..200 {
            // Keys above the least, not in order, and the least (`n + 1` or 0x7000 + 1)
            // at each place in turn.
            let keys: Vec<u16> = (0..n).map(|i| 0x7000 - ((i * 37) % 101) as u16).collect();
            let floor = *keys.iter().min().unwrap();
            for at in 0..n {
                let mut k = keys.clone();
                k[at] = floor - 1 - (at % 3) as u16;
                assert_eq!(least_key(&k), k[at], "{n} keys, the least at {at}");
            }
        }
    }

    /// The place of a node in its option, by multiplications, is the remainder it stands
    /// for, for every width and across the whole range of node numbers.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    #[cfg_attr(
        miri,
        ignore = "Miri: arithmetic on no memory, no unsafe code (docs/testing.md, Miri)"
    )]
    fn place_is_the_remainder() {
        // Under Miri (scripts/miri.sh) the first 300 nodes, not 5000: this is arithmetic on
        // no memory, 200,000 asserts took two minutes of its time, and the 32-bit dividends
        // where a multiplier would go wrong, at the top, are all still there.
        let first = if cfg!(miri) { 300 } else { 5000 };
        for width in 1..40u32 {
            let u = Uniform::new(7, width);
            let ps = (7..first)
                .chain((0..64).map(|k| u32::MAX - k))
                .chain([1 << 31, (1 << 31) + 1]);
            for p in ps {
                assert_eq!(u.place(p), (p - 7) % (width + 1), "node {p}, width {width}");
            }
        }
    }

    /// A copy (`clone`, `clone_from`) leads to its own nodes: where links are addresses
    /// (the tests, WebAssembly) it is rebased onto its own array, so it reads as the
    /// original does, and a cover in one leaves the other as it was.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn copies_lead_to_their_own_nodes() {
        let mut a = Links::new(4, 4);
        for option in [&[0, 1][..], &[1, 2], &[2, 3], &[0, 3], &[1, 3]] {
            a.push_option(option, &[]);
        }
        let before: Vec<_> = a.nodes_from(0).collect();
        let mut b = a.clone();
        let mut c = Links::new(1, 1);
        c.clone_from(&a);
        assert!(b == a && c == a, "a copy reads as the original");
        assert_eq!(b.cover::<false, MIXED>(1), 3);
        assert_eq!(c.cover::<false, MIXED>(3), 3);
        assert_eq!(a.nodes_from(0).collect::<Vec<_>>(), before, "covers in copies left it");
        drop(a);
        assert_eq!(b.uncover::<false, MIXED>(1), 3);
        assert_eq!(c.uncover::<false, MIXED>(3), 3);
        assert_eq!(b.nodes_from(0).collect::<Vec<_>>(), before);
        assert_eq!(c.nodes_from(0).collect::<Vec<_>>(), before);
    }

    /// The links know the options' width while all options have it, and 0 from the first
    /// option that differs on, whatever follows.
    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn width_is_kept_while_the_options_agree() {
        let mut links = Links::new(6, 6);
        assert_eq!(links.width(), 0, "no option yet");
        links.push_option(&[0, 1, 2], &[]);
        links.push_option(&[3, 4, 5], &[]);
        assert_eq!((links.width(), links.uniform.base), (3, 7));
        links.push_option(&[0, 1], &[]);
        assert_eq!(links.width(), 0);
        links.push_option(&[2, 3, 4], &[]);
        assert_eq!(links.width(), 0, "mixed stays mixed");
    }
}
