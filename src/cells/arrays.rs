//! The arrays that dancing cells changes, the search that dances on them, and the cells
//! engine's one use of `unsafe`.
//!
//! [`Dance`] owns Knuth's arrays (his names): `set`, where each item `x` keeps its
//! `pos(x)` at `set[x - 2]`, its `size(x)` at `set[x - 1]` and the nodes of its active
//! options at `set[x..x + size(x)]`; `nd`, the nodes, each with its item `itm` and its place
//! `loc` in that item's set, the options in a row with a spacer after each; `item`, the
//! items in a permutation whose first `active` entries are the active ones; and the stack
//! of saved sizes. Its constructor and its search keep one invariant:
//!
//! > **Every stored index is in bounds.** Every entry of `item` is the base `x` of an item
//! > (`x >= 2`, its set inside `set`), `pos(x)` is below `items`, and every entry of
//! > `set[x..x + size(x)]` is an option node, whose `itm` is a base and whose `loc` lies
//! > inside that item's original set; `size(x)` never exceeds the item's original length.
//! > A spacer's `itm` is minus the length of the option before it, so that walking an
//! > option from any of its nodes comes back to it without leaving the option. `choice`
//! > holds an entry for every level the search can reach (`primary`, one option each),
//! > `saved` one more.
//!
//! [`Dance::descend`] enters a level as the search does, on an item and an option the search
//! could branch on and try there (it checks that the item is an active primary one and the
//! option one of its active options, whose items are all active), and [`Dance::restart`]
//! copies the arrays of a copy of the same problem at its start; so they keep it too.
//!
//! So the search, which only follows indices read from the arrays, indexes without checks
//! in release builds. Debug builds (and so every test) check every index anyway; Miri runs
//! the engine's tests on the unchecked code (`scripts/miri.sh`). Nothing outside this
//! module hands it an index it does not check: the search runs here, `descend` checks the
//! numbers of the item and the option it is given, and the safe API outside reads only
//! counters, sizes, the options chosen and the sets of the levels open.
//!
//! Colours (Knuth's SSXCC): a problem with a colour keeps each node's colour in `clr` and
//! searches with SSXCC's moves ([`Dance::dance`] compiled with `XCC`): trying an option that gives
//! a secondary item a colour *purifies* the item, hiding the options of its set that give it
//! another colour (or none), and swaps it out of the active list; the options kept pass over
//! it from then on (a hide touches only the sets of items active at that level, and an
//! option tried swaps out only its items still active). The same saved sizes undo it. Its
//! choice is SSXCC's too: items found with one option on the way (the `force` stack) are
//! taken first, as levels of one option that save no sizes; else the active primary item of
//! fewest options, the one of the lowest base on ties. The items on `force` are bases read
//! from nodes, so the invariant covers them. The instances for problems without colours
//! are SSXC1's loop, with none of this in them.
#![allow(unsafe_code)]

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// One node of an option: its item (the base of the item's set) and where it sits in that
/// set. A spacer's `itm` is minus the length of the option before it (as `i32`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Node {
    pub itm: u32,
    pub loc: u32,
}

/// Whether to index without checks: in release builds, and under Miri, which checks
/// every access itself and so tests the unchecked code.
const UNCHECKED: bool = !cfg!(debug_assertions) || cfg!(miri);

/// `v[i]`, unchecked where [`UNCHECKED`].
///
/// Callers pass only indices that the invariant of [`Dance`] puts in bounds.
#[inline(always)]
fn at<T: Copy>(v: &[T], i: u32) -> T {
    if UNCHECKED {
        debug_assert!((i as usize) < v.len());
        // SAFETY: every index passed here is one the invariant of `Dance` puts in bounds: an
        // entry of `item`, a base minus 1 or 2, a place in a set below the item's original
        // size, a node read from a set, or a node next to one inside the same option.
        unsafe { *v.get_unchecked(i as usize) }
    } else {
        v[i as usize]
    }
}

/// `v[i] = x`, unchecked where [`UNCHECKED`]; the same contract as [`at`].
#[inline(always)]
fn put<T>(v: &mut [T], i: u32, x: T) {
    if UNCHECKED {
        debug_assert!((i as usize) < v.len());
        // SAFETY: as in `at`: the invariant of `Dance` puts the index in bounds, and `v` is
        // borrowed mutably, so nothing else refers to the entry.
        unsafe { *v.get_unchecked_mut(i as usize) = x }
    } else {
        v[i as usize] = x;
    }
}

/// The size of the set of no item: greater than any item's, so that the choice's minimum
/// starts above every real one.
const NONE: u32 = u32::MAX;

/// What the search does next when [`Dance::run`] is called.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Resume {
    /// Enter level 0.
    Start,
    /// Enter the current level (after a pause).
    Enter,
    /// Back up from the solution just reported.
    AfterSolution,
    /// The search is over.
    Done,
}

/// Where [`Dance::run`] stopped.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Stop {
    /// At a solution: [`Dance::chosen`] holds it.
    Solution,
    /// Before entering a level, at the node limit given.
    Paused,
    /// At the end of the search.
    Done,
}

/// Why [`Dance::descend`] refused a branch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Refused {
    /// No primary item has that number.
    NoItem,
    /// No option has that number.
    NoOption,
    /// The option does not have the item.
    NotInOption,
    /// The item is covered, or the option clashes with one chosen above.
    Covered,
}

/// Problems built so far in this process: each [`Dance`] knows which it searches.
static PROBLEMS: AtomicU64 = AtomicU64::new(0);

/// The arrays of a problem and the state of its search; see the module's invariant.
#[derive(Clone, Debug)]
pub(super) struct Dance {
    /// The problem's number: copies of one built problem share it (see [`Dance::restart`]).
    problem: u64,
    set: Vec<u32>,
    nd: Vec<Node>,
    /// The items' bases, the active ones first.
    item: Vec<u32>,
    active: u32,
    /// Bases below this are primary items'.
    second: u32,
    /// The items with which the search starts: all of them.
    items: u32,
    /// `(base, size)` of every item at the start, to restore at the end (the saves are made
    /// after the root's item is covered).
    start: Vec<[u32; 2]>,
    /// `(base, size)` of every active item at each level, to restore (Solnon's stack).
    savestack: Vec<[u32; 2]>,
    /// `saved[l]`: the height of `savestack` below level `l`'s entries.
    saved: Vec<u32>,
    /// `choice[l]`: the node of the option tried at level `l`.
    choice: Vec<u32>,
    level: u32,
    /// The level the search starts at: 0, or the end of the path [`Dance::descend`] went
    /// down. Backing up from it ends the search.
    floor: u32,
    /// The level on entering which the search pauses (`u32::MAX`: none).
    pause_level: u32,
    /// The item branched on at the current level and the place in its set being tried.
    best: u32,
    cur_choice: u32,
    resume: Resume,
    /// The number of nodes of every option, when they all have the same (`K` of the search),
    /// else 0. Option `j` then has its nodes at `1 + j·stride` and on, where `stride` is a
    /// power of two: see [`others`].
    width: u32,
    /// `stride - 1` (0 while the options differ).
    mask: u32,
    /// The option of each node (`u32::MAX` for spacers and padding).
    node_option: Vec<u32>,
    /// The colour of each node (0: none; spacers and padding 0), or empty when the problem
    /// has no colour: then the search is SSXC1's, else SSXCC's ([`Dance::dance`] with `XCC`).
    clr: Vec<u32>,
    /// SSXCC's stack of items left with one option (bases), taken as forced moves.
    force: Force,
    /// The first node of each option, by its number (`u32::MAX` for numbers of none).
    option_node: Vec<u32>,
    /// Search-tree nodes entered, as SSXC1 counts them (the root and every solution too).
    pub nodes: u64,
    /// Items swapped out of the active list plus nodes swapped out of a set (SSXC1's).
    pub updates: u64,
}

impl Dance {
    /// The arrays of a problem with `items` items, the first `primary` of them primary, and
    /// the options given (each its number, which solutions report, a list of distinct item
    /// numbers below `items`, checked here so that the invariant holds whatever the caller
    /// passes, and their colours: none, or one per item, 0 for none).
    ///
    /// # Panics
    /// If an option is empty, names an item twice or one that does not exist, gives a
    /// primary item a colour, or the arrays would pass `u32` indices.
    pub fn new<'a>(
        primary: u32,
        items: u32,
        options: impl Iterator<Item = (u32, &'a [u32], &'a [u32])> + Clone,
    ) -> Dance {
        assert!(primary <= items, "{primary} primary of {items} items");
        let mut len = vec![0u32; items as usize];
        let mut entries = 0u64;
        let mut coloured = false;
        for (_, option, colours) in options.clone() {
            assert!(!option.is_empty(), "an empty option");
            for (k, &i) in option.iter().enumerate() {
                assert!(i < items && !option[..k].contains(&i), "bad item {i}");
                len[i as usize] += 1;
            }
            assert!(colours.is_empty() || colours.len() == option.len(), "a colour per item");
            for (&i, &c) in option.iter().zip(colours) {
                assert!(c == 0 || i >= primary, "a colour on primary item {i}");
                coloured |= c != 0;
            }
            entries += option.len() as u64 + 1;
        }
        let set_len = u64::from(items) * 2 + entries + 2;
        assert!(set_len < u64::from(i32::MAX as u32) && entries + 1 < u64::from(i32::MAX as u32));
        // Item `i`'s base: two header words before each set.
        let mut base = Vec::with_capacity(items as usize + 1);
        let mut x = 2u32;
        for &l in &len {
            base.push(x);
            x += l + 2;
        }
        let second = base.get(primary as usize).copied().unwrap_or(x);
        let mut set = vec![0u32; x as usize - 2];
        for (i, (&b, &l)) in base.iter().zip(&len).enumerate() {
            set[b as usize - 2] = i as u32;
            set[b as usize - 1] = l;
        }
        // Options of one width `k` (two or more) lie `stride` nodes apart, `k` nodes, a spacer
        // and padding, so that the place of a node in its option is a mask away.
        let mut widths = options.clone().map(|(_, o, _)| o.len() as u32);
        let first = widths.next().unwrap_or(0);
        let width = if first >= 2 && widths.all(|w| w == first) {
            first
        } else {
            0
        };
        let stride = if width > 0 { (width + 1).next_power_of_two() } else { 0 };
        let padded = options.clone().count() as u64 * u64::from(stride);
        assert!(padded + 2 < u64::from(i32::MAX as u32), "too many nodes");
        let mut filled = vec![0u32; items as usize];
        let mut nd = vec![Node { itm: 0, loc: 0 }];
        let mut node_option = vec![u32::MAX];
        let numbers = options.clone().map(|(o, _, _)| o as usize + 1).max().unwrap_or(0);
        let mut option_node = vec![u32::MAX; numbers];
        let mut clr = if coloured { vec![0] } else { Vec::new() };
        for (o, option, colours) in options {
            option_node[o as usize] = nd.len() as u32;
            if coloured {
                clr.extend((0..option.len()).map(|k| colours.get(k).copied().unwrap_or(0)));
            }
            for &i in option {
                let (b, f) = (base[i as usize], &mut filled[i as usize]);
                let loc = b + *f;
                *f += 1;
                set[loc as usize] = nd.len() as u32;
                nd.push(Node { itm: b, loc });
                node_option.push(o);
            }
            let spacer = Node {
                itm: (option.len() as i32).wrapping_neg() as u32,
                loc: 0,
            };
            nd.push(spacer);
            node_option.push(u32::MAX);
            while width > 0 && (nd.len() - 1) % stride as usize != 0 {
                nd.push(spacer);
                node_option.push(u32::MAX);
            }
            if coloured {
                clr.resize(nd.len(), 0);
            }
        }
        let depth = primary as usize;
        let start = base.iter().zip(&len).map(|(&b, &l)| [b, l]).collect();
        Dance {
            problem: PROBLEMS.fetch_add(1, Relaxed),
            width,
            mask: stride.saturating_sub(1),
            node_option,
            option_node,
            clr,
            force: Force::new(primary),
            start,
            set,
            nd,
            item: base,
            active: items,
            second,
            items,
            savestack: Vec::new(),
            saved: vec![0; depth + 2],
            choice: vec![0; depth + 1],
            level: 0,
            floor: 0,
            pause_level: u32::MAX,
            best: 0,
            cur_choice: 0,
            resume: Resume::Start,
            nodes: 0,
            updates: 0,
        }
    }

    /// The nodes of the options in the current partial solution, level 0 first: right after
    /// [`Dance::run`] found one, the solution.
    pub fn chosen(&self) -> impl Iterator<Item = u32> + '_ {
        self.choice[..self.level as usize]
            .iter()
            .map(|&q| self.node_option[q as usize])
    }

    /// For each level of the partial solution, the place of the option tried in its item's
    /// set, from 0, and that set's size: "option k of d".
    pub fn places(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.choice[..self.level as usize].iter().map(|&q| {
            let n = self.nd[q as usize];
            (n.loc - n.itm, self.set[n.itm as usize - 1])
        })
    }

    /// The number of options in the current partial solution.
    pub fn depth(&self) -> usize {
        self.level as usize
    }

    /// The level the search starts at: 0, or the end of the path that [`Dance::descend`]
    /// went down. Backing up from it ends the search.
    pub fn floor(&self) -> usize {
        self.floor as usize
    }

    /// The number of primary items.
    pub fn primary(&self) -> usize {
        self.start.partition_point(|&[x, _]| x < self.second)
    }

    /// Makes [`Dance::run`] pause on entering level `level` (counted from 0, the path of
    /// [`Dance::descend`] included; `u32::MAX`: never).
    pub fn pause_at_level(&mut self, level: u32) {
        self.pause_level = level;
    }

    /// Level `l` of the partial solution: the item branched on (counted from 0), the options
    /// of its set in the order the level tries them, and the place among them of the one
    /// being tried.
    pub fn level(&self, l: usize) -> (u32, impl Iterator<Item = u32> + '_, usize) {
        assert!(l < self.level as usize, "level {l} is not open");
        let n = self.nd[self.choice[l] as usize];
        let x = n.itm as usize;
        let set = &self.set[x..x + self.set[x - 1] as usize];
        let item = self.start.partition_point(|&[b, _]| (b as usize) < x) as u32;
        (
            item,
            set.iter().map(|&q| self.node_option[q as usize]),
            (n.loc as usize) - x,
        )
    }

    /// Leaves the level the search paused at (before entering it) unsearched, as if its
    /// subtree had ended there: run again, the search backs up to the level above.
    pub fn skip(&mut self) {
        assert_eq!(self.resume, Resume::Enter, "skip() only where a search pauses");
        self.resume = Resume::AfterSolution;
    }

    /// Enters the current level as the search does, but branching on item `i` (counted from
    /// 0) rather than on SSXC1's choice, and tries its option numbered `o`; the search then
    /// starts below it, and ends when it would back up past it. A chain of these goes down a
    /// path of the search tree (a subproblem of a parallel count). Returns the updates of
    /// trying `o` (not those of covering `i`, which the level that branched on `i` counted),
    /// and whether it left every active primary item an option: if not, nothing lies below,
    /// and the search is over.
    ///
    /// Refused, the arrays unchanged, unless `i` is an active primary item and `o` one of
    /// its active options: what the search itself branches on and tries, so the invariant
    /// holds.
    ///
    /// # Panics
    /// If the search has started below the current level.
    pub fn descend(&mut self, i: u32, o: u32) -> Result<(u64, bool), Refused> {
        assert!(
            matches!(self.resume, Resume::Start | Resume::Enter) && self.level == self.floor,
            "descend() only before the search starts"
        );
        let &[x, _] = self.start.get(i as usize).ok_or(Refused::NoItem)?;
        if x >= self.second {
            return Err(Refused::NoItem);
        }
        if self.set[x as usize - 2] >= self.active {
            return Err(Refused::Covered);
        }
        let first = match self.option_node.get(o as usize) {
            Some(&q) if q != u32::MAX => q,
            _ => return Err(Refused::NoOption),
        };
        // The option's nodes run from `first` to its spacer.
        let mut q = None;
        let mut n = first;
        while (self.nd[n as usize].itm as i32) > 0 {
            let Node { itm, loc } = self.nd[n as usize];
            if itm == x {
                q = Some((n, loc));
            } else if self.set[itm as usize - 2] >= self.active && (self.clr.is_empty() || itm < self.second) {
                // (With colours, an option of an active set may pass over purified items.)
                return Err(Refused::Covered);
            }
            n += 1;
        }
        let (q, loc) = q.ok_or(Refused::NotInOption)?;
        if loc >= x + self.set[x as usize - 1] {
            // Hidden: it clashes with an option above.
            return Err(Refused::Covered);
        }
        // The search's level, entered at item `x`, trying the option of node `q`: each
        // index below is one the search itself would use there.
        let (set, nd, item) = (&mut self.set[..], &mut self.nd[..], &mut self.item[..]);
        let (mask, second, level) = (self.mask, self.second, self.level);
        let (clr, force) = (&self.clr[..], &mut self.force);
        let coloured = !clr.is_empty();
        let mut updates = 1;
        let mut active = self.active - 1;
        swap_out(set, item, active, x);
        if coloured {
            hide_xcc::<false, 0>(set, nd, clr, [active; 2], second, x, 0, &mut updates, force);
        } else {
            hide::<false, 0>(set, nd, mask, active, second, x, &mut updates);
        }
        let base = at(&self.saved, level);
        let top = base + active;
        if top as usize > self.savestack.len() {
            self.savestack
                .resize((top as usize).max(2 * self.savestack.len()), [0; 2]);
        }
        for p in 0..active {
            let y = at(item, p);
            put(&mut self.savestack, base + p, [y, at(set, y - 1)]);
        }
        put(&mut self.saved, level + 1, top);
        put(&mut self.choice, level, q);
        let covered = updates;
        let alive = if coloured {
            let oactive = active;
            active = swap_out_others_xcc::<0>(set, nd, mask, item, active, q, &mut updates);
            let alive = hide_others_xcc::<0>(set, nd, clr, mask, [oactive, active], second, q, &mut updates, force);
            // The search below finds the items of one option again by its choice.
            force.clear();
            alive
        } else {
            active = swap_out_others::<0>(set, nd, mask, item, active, q, &mut updates);
            hide_others::<0>(set, nd, mask, active, second, q, &mut updates)
        };
        self.active = active;
        self.best = x;
        self.cur_choice = loc;
        self.updates += updates;
        if alive {
            self.level += 1;
            self.floor = self.level;
            self.resume = Resume::Enter;
        } else {
            self.resume = Resume::Done;
        }
        Ok((updates - covered, alive))
    }

    /// Back to the start, every array as `start` has it: a copy of this problem's arrays (as
    /// built, or a clone of them) whose search has not started. What the search does next
    /// then depends on nothing it did before.
    ///
    /// # Panics
    /// If `start` is another problem's, or its search has started (its saved sizes would be
    /// needed, and are not copied).
    pub fn restart(&mut self, start: &Dance) {
        assert_eq!(self.problem, start.problem, "restart() from another problem");
        assert_eq!(start.resume, Resume::Start, "restart() from a search that has started");
        self.set.copy_from_slice(&start.set);
        self.nd.copy_from_slice(&start.nd);
        self.item.copy_from_slice(&start.item);
        self.force.clear();
        self.active = start.active;
        self.level = start.level;
        self.floor = start.floor;
        self.pause_level = start.pause_level;
        self.best = start.best;
        self.cur_choice = start.cur_choice;
        self.resume = start.resume;
        self.nodes = start.nodes;
        self.updates = start.updates;
    }

    /// Ends the search where it is: run again, it reports the end. ([`Dance::restart`] makes
    /// it new.)
    pub fn end(&mut self) {
        self.resume = Resume::Done;
    }

    /// True where the search is about to enter a level: at its start, or paused.
    pub fn is_entering(&self) -> bool {
        matches!(self.resume, Resume::Start | Resume::Enter)
    }

    /// The same search walking every option by its spacers, as if the options' widths
    /// differed: for tests that hold the walk by arithmetic to the same tree.
    #[cfg(test)]
    pub fn by_spacers(mut self) -> Dance {
        self.width = 0;
        self
    }

    /// What the search goes on from: the problem, the arrays it changes and where it is
    /// (not the stacks of saved sizes and choices, which it writes before it reads), for
    /// tests.
    #[cfg(test)]
    #[allow(clippy::type_complexity)]
    pub fn state(&self) -> (u64, &[u32], &[Node], &[u32], [u32; 4], Resume, [u64; 2]) {
        (
            self.problem,
            &self.set,
            &self.nd,
            &self.item,
            [self.active, self.level, self.floor, self.pause_level],
            self.resume,
            [self.nodes, self.updates],
        )
    }

    /// The options' common width (0 if they differ).
    #[cfg(test)]
    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn is_done(&self) -> bool {
        self.resume == Resume::Done
    }

    /// The number of active options of item `i` (counted from 0), for tests.
    #[cfg(test)]
    pub fn size_of(&self, i: usize) -> u32 {
        let mut x = 2u32;
        for _ in 0..i {
            x += self.set[x as usize - 1] + 2;
        }
        // The sizes as the search leaves them: restored by `run` at its end.
        self.set[x as usize - 1]
    }

    /// Runs the search on to its next solution, its end, or the first level it would enter
    /// once `nodes` has reached `pause_at` (`u64::MAX`: no pause). At the end the sizes and
    /// the active list are as at the start (the items in another order).
    pub fn run(&mut self, pause_at: u64) -> Stop {
        self.go(pause_at, None)
    }

    /// Runs the search on to its end or the first level it would enter once `nodes` has
    /// reached `pause_at` ([`Stop::Paused`]), counting each solution at `tally[depth]`
    /// (its options, the path of [`Dance::descend`] included) instead of stopping at it
    /// (`tally` has a place for every depth: the primary items and one more; it panics at
    /// a solution deeper than its places). Knuth's programs count so: the search never leaves its loop for a
    /// solution, which for problems with many solutions is most of the time a caller that
    /// only counts spends (8×8 domino tilings: 13 million of 52 million nodes).
    pub fn count(&mut self, pause_at: u64, tally: &mut [u64]) -> Stop {
        self.go(pause_at, Some(tally))
    }

    /// [`Dance::run`], or with a tally [`Dance::count`].
    fn go(&mut self, pause_at: u64, tally: Option<&mut [u64]>) -> Stop {
        match self.resume {
            Resume::Done => Stop::Done,
            Resume::Start => {
                // SSXC1 does not search at all when a primary item has no option.
                let dead = (0..self.active).any(|k| {
                    let x = self.item[k as usize];
                    x < self.second && self.set[x as usize - 1] == 0
                });
                if dead {
                    self.resume = Resume::Done;
                    return Stop::Done;
                }
                self.dance_any(false, pause_at, tally)
            }
            Resume::Enter => self.dance_any(false, pause_at, tally),
            Resume::AfterSolution => self.dance_any(true, pause_at, tally),
        }
    }

    /// `dance` with the options' width as a constant, where it is one of the common ones, and
    /// whether the problem has colours (SSXCC's moves) or not (SSXC1's).
    fn dance_any(&mut self, back_up: bool, pause_at: u64, tally: Option<&mut [u64]>) -> Stop {
        if !self.clr.is_empty() {
            return match self.width {
                2 => self.dance::<true, 2>(back_up, pause_at, tally),
                3 => self.dance::<true, 3>(back_up, pause_at, tally),
                4 => self.dance::<true, 4>(back_up, pause_at, tally),
                5 => self.dance::<true, 5>(back_up, pause_at, tally),
                6 => self.dance::<true, 6>(back_up, pause_at, tally),
                _ => self.dance::<true, 0>(back_up, pause_at, tally),
            };
        }
        match self.width {
            2 => self.dance::<false, 2>(back_up, pause_at, tally),
            3 => self.dance::<false, 3>(back_up, pause_at, tally),
            4 => self.dance::<false, 4>(back_up, pause_at, tally),
            5 => self.dance::<false, 5>(back_up, pause_at, tally),
            6 => self.dance::<false, 6>(back_up, pause_at, tally),
            7 => self.dance::<false, 7>(back_up, pause_at, tally),
            8 => self.dance::<false, 8>(back_up, pause_at, tally),
            _ => self.dance::<false, 0>(back_up, pause_at, tally),
        }
    }

    /// The search, entering the current level or (`back_up`) backing up from the solution
    /// just reported: SSXC1's, or with `XCC` SSXCC's, which adds its forced moves, its choice
    /// and purification (see the module's notes). Each instance is compiled for one of the
    /// two, so the problems without colours run SSXC1's loop with nothing of SSXCC's in it.
    ///
    /// `K`: the width of every option, or 0 to walk options by their spacers.
    #[inline(never)]
    fn dance<const XCC: bool, const K: u32>(
        &mut self,
        back_up: bool,
        pause_at: u64,
        mut tally: Option<&mut [u64]>,
    ) -> Stop {
        debug_assert!(K == 0 || K == self.width);
        debug_assert_eq!(XCC, !self.clr.is_empty());
        let mask = self.mask;
        let Dance {
            set,
            nd,
            item,
            savestack,
            saved,
            choice,
            clr,
            force,
            ..
        } = self;
        let (set, nd, item, saved, choice, clr) = (
            &mut set[..],
            &mut nd[..],
            &mut item[..],
            &mut saved[..],
            &mut choice[..],
            &clr[..],
        );
        let (second, floor, pause_level) = (self.second, self.floor, self.pause_level);
        let mut active = self.active;
        let mut level = self.level;
        let mut best = self.best;
        let mut cur_choice = self.cur_choice;
        let (mut nodes, mut updates) = (self.nodes, self.updates);
        let mut resume_at_backup = back_up;
        if XCC && back_up {
            force.clear();
        }
        let stop = 'search: loop {
            if !resume_at_backup {
                // forward: enter a level.
                if nodes >= pause_at || level == pause_level {
                    break 'search Stop::Paused;
                }
                nodes += 1;
                // XCC: a forced move, an item left with one option on the way, if still active.
                let mut forced = false;
                if XCC {
                    while let Some(x) = force.pop() {
                        if at(set, x - 2) < active && at(set, x - 1) == 1 {
                            (best, forced) = (x, true);
                            break;
                        }
                    }
                    if !forced {
                        let (b, t) = choose_xcc(set, item, active, second, force);
                        match force.pop() {
                            Some(x) => (best, forced) = (x, true),
                            None if t == NONE => match tally.as_deref_mut() {
                                Some(tally) => {
                                    tally[level as usize] += 1;
                                    resume_at_backup = true;
                                    continue 'search;
                                }
                                None => break 'search Stop::Solution,
                            },
                            None => best = b,
                        }
                    }
                } else {
                    let (b, t) = choose(set, item, active, second);
                    // An item of one option (or none) never tries another at this level,
                    // so the level restores nothing: it saves nothing, as SSXCC's forced
                    // levels (its size cannot change below: it is out of the active list,
                    // and hides touch only the sets of active items).
                    forced = t <= 1;
                    if t == NONE {
                        let Some(tally) = tally.as_deref_mut() else {
                            break 'search Stop::Solution;
                        };
                        tally[level as usize] += 1;
                        resume_at_backup = true;
                        continue 'search;
                    }
                    best = b;
                }
                // Swap `best` out of the active list.
                active -= 1;
                swap_out(set, item, active, best);
                updates += 1;
                if XCC {
                    hide_xcc::<false, K>(set, nd, clr, [active; 2], second, best, 0, &mut updates, force);
                } else {
                    hide::<false, K>(set, nd, mask, active, second, best, &mut updates);
                }
                cur_choice = best;
                let base = at(saved, level);
                if forced {
                    // A level of one option (or none) saves no sizes: it never tries another.
                    put(saved, level + 1, base);
                } else {
                    // Save the active sizes.
                    let top = base + active;
                    if top as usize > savestack.len() {
                        savestack.resize((top as usize).max(2 * savestack.len()), [0; 2]);
                    }
                    for p in 0..active {
                        let x = at(item, p);
                        put(savestack, base + p, [x, at(set, x - 1)]);
                    }
                    put(saved, level + 1, top);
                }
            }
            // advance, backup and abort, until a level is entered.
            let mut back = resume_at_backup;
            resume_at_backup = false;
            loop {
                if !back {
                    // advance: try the option of `set[cur_choice]`, if any is left.
                    if cur_choice < best + at(set, best - 1) {
                        let cur_node = at(set, cur_choice);
                        put(choice, level, cur_node);
                        if XCC {
                            let oactive = active;
                            active = swap_out_others_xcc::<K>(set, nd, mask, item, active, cur_node, &mut updates);
                            let ok = [oactive, active];
                            if hide_others_xcc::<K>(set, nd, clr, mask, ok, second, cur_node, &mut updates, force) {
                                level += 1;
                                break;
                            }
                            force.clear();
                        } else {
                            active = swap_out_others::<K>(set, nd, mask, item, active, cur_node, &mut updates);
                            if hide_others::<K>(set, nd, mask, active, second, cur_node, &mut updates) {
                                level += 1;
                                break;
                            }
                        }
                        // abort falls through below.
                    } else {
                        back = true;
                    }
                }
                if back {
                    // backup
                    if level == floor {
                        // Back to the sizes of the start.
                        restore(set, &self.start, 0, self.items);
                        self.active = self.items;
                        self.level = 0;
                        self.floor = 0;
                        self.nodes = nodes;
                        self.updates = updates;
                        self.resume = Resume::Done;
                        return Stop::Done;
                    }
                    level -= 1;
                    let cur_node = at(choice, level);
                    let n = at(nd, cur_node);
                    best = n.itm;
                    cur_choice = n.loc;
                    back = false;
                }
                // abort: on to the next option, if any is left (never at a forced level,
                // whose item has one).
                if cur_choice + 1 >= best + at(set, best - 1) {
                    back = true;
                    continue;
                }
                let (from, to) = (at(saved, level), at(saved, level + 1));
                restore(set, savestack, from, to);
                active = to - from;
                cur_choice += 1;
            }
        };
        self.active = active;
        self.level = level;
        self.best = best;
        self.cur_choice = cur_choice;
        self.nodes = nodes;
        self.updates = updates;
        self.resume = match stop {
            Stop::Paused => Resume::Enter,
            _ => Resume::AfterSolution,
        };
        stop
    }
}

/// SSXCC's choice: the active primary item of fewest active options (more than one), the
/// one of the lowest base on ties, and that number; the items of one option go on `force`
/// instead (the caller takes them first). `NONE` when no primary item is active. An item of
/// none, which SSXCC's own choice never meets (the hides found it), is taken at once, a
/// branch with nothing to try: a level below [`Dance::descend`] can meet one.
#[inline(always)]
fn choose_xcc(set: &[u32], item: &[u32], active: u32, second: u32, force: &mut Force) -> (u32, u32) {
    let (mut best, mut t) = (0, NONE);
    for k in 0..active {
        let x = at(item, k);
        if x < second {
            let s = at(set, x - 1);
            if s <= 1 {
                if s == 0 {
                    force.clear();
                    return (x, 0);
                }
                force.push(x);
            } else if s < t || s == t && x < best {
                best = x;
                t = s;
            }
        }
    }
    (best, t)
}

/// Swaps the items of the option of `cur_node` other than its own and those already
/// purified (inactive) out of the active list; returns the new `active`.
#[inline(always)]
fn swap_out_others_xcc<const K: u32>(
    set: &mut [u32],
    nd: &[Node],
    mask: u32,
    item: &mut [u32],
    active: u32,
    cur_node: u32,
    updates: &mut u64,
) -> u32 {
    let mut p = active;
    let mut walk = Others::<K>::new(cur_node, mask);
    while let Some(q) = walk.next(nd) {
        let c = at(nd, q).itm;
        if at(set, c - 2) < p {
            p -= 1;
            swap_out(set, item, p, c);
            *updates += 1;
        }
    }
    p
}

/// Hides, for every other item of the option of `cur_node`, the options that clash with it
/// there: all of a primary item's or of a secondary one it gives no colour, those that give
/// another colour (or none) where it gives one, and nothing at an item purified above.
/// `[oactive, active]`: the active list before and after the option's items left it. False
/// if that left an active primary item with no option.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn hide_others_xcc<const K: u32>(
    set: &mut [u32],
    nd: &mut [Node],
    clr: &[u32],
    mask: u32,
    [oactive, active]: [u32; 2],
    second: u32,
    cur_node: u32,
    updates: &mut u64,
    force: &mut Force,
) -> bool {
    // A count of its own, added to `updates` once.
    let mut moved = 0;
    let mut walk = Others::<K>::new(cur_node, mask);
    let alive = loop {
        let Some(q) = walk.next(nd) else { break true };
        let c = at(nd, q).itm;
        let colour = if c < second {
            0
        } else if at(set, c - 2) < oactive {
            at(clr, q)
        } else {
            continue;
        };
        if !hide_xcc::<true, K>(set, nd, clr, [oactive, active], second, c, colour, &mut moved, force) {
            break false;
        }
    };
    *updates += moved;
    alive
}

/// Hides the options in item `c`'s set but those that give it `colour` (none kept if 0):
/// takes each one's other nodes out of the sets of the items active before the option tried
/// (`oactive`), by swapping each with the last active node there, and counts the nodes
/// moved. `CHECK`: returns false as soon as a move would leave an item of the active list
/// (below `active`) primary with none, and puts those left with one on `force`.
///
/// Out of line, with no call in it, so that its inner loop (most of a colour problem's
/// work) has the registers to itself: inlined into the search, whose state is live around
/// it, LLVM kept `set`, `nd`, the node walked and the count on the stack, reloading them at
/// every node (docs/benchmarks.md, "Smaller choices in the loops").
#[allow(clippy::too_many_arguments)]
#[inline(never)]
fn hide_xcc<const CHECK: bool, const K: u32>(
    set: &mut [u32],
    nd: &mut [Node],
    clr: &[u32],
    [oactive, active]: [u32; 2],
    second: u32,
    c: u32,
    colour: u32,
    updates: &mut u64,
    force: &mut Force,
) -> bool {
    // A count in a register (`updates` is behind a reference, stored at every move).
    let mut moved = 0;
    let end = c + at(set, c - 1);
    for rr in c..end {
        let tt = at(set, rr);
        if colour != 0 && at(clr, tt) == colour {
            continue;
        }
        let alive = each_other::<K>(nd, tt, |nd, nn| {
            let Node { itm: uu, loc: vv } = at(nd, nn);
            let pu = at(set, uu - 2);
            if pu >= oactive {
                return true;
            }
            let ss = at(set, uu - 1) - 1;
            if CHECK && ss <= 1 && !one_left(uu, pu, ss, [second, active], force) {
                return false;
            }
            let nnp = at(set, uu + ss);
            put(set, uu - 1, ss);
            put(set, uu + ss, nn);
            put(set, vv, nnp);
            put_loc(nd, nn, uu + ss);
            put_loc(nd, nnp, vv);
            moved += 1;
            true
        });
        if !alive {
            *updates += moved;
            return false;
        }
    }
    *updates += moved;
    true
}

/// The rare case of [`hide_xcc`]: item `uu`, at place `pu` in the active list, is about to
/// be left with `ss` options, one or none. If it is an active primary item (`pu` below
/// `active`, `uu` below `second`), none means the option tried is dead (false), one puts it
/// on `force`. (Inline, and so `Force` never calls: a call in `hide_xcc`'s loop, even one
/// almost never made, costs the loop the registers the callee may overwrite.)
#[inline(always)]
fn one_left(uu: u32, pu: u32, ss: u32, [second, active]: [u32; 2], force: &mut Force) -> bool {
    if uu < second && pu < active {
        if ss == 0 {
            return false;
        }
        force.push(uu);
    }
    true
}

/// SSXCC's stack of forced items, of a fixed size: a `Vec` would call out to grow in
/// `hide_xcc`'s loop (see [`one_left`]). It never holds more than the primary items,
/// each one at most once: an item goes on it when it is left with one option (by a hide, its
/// size going from 2 to 1, or found so by the choice, which runs on an empty stack), and the
/// stack is emptied before the search backs up, whereas sizes only fall on the way down.
#[derive(Clone, Debug)]
struct Force {
    items: Vec<u32>,
    len: u32,
}

impl Force {
    fn new(primary: u32) -> Force {
        Force {
            items: vec![0; primary as usize],
            len: 0,
        }
    }

    /// (Without a panic, which is a call too: a push past the primary items, which the
    /// search never makes, would be dropped, and fails the tests.)
    #[inline(always)]
    fn push(&mut self, x: u32) {
        debug_assert!(self.len < self.items.len() as u32, "a forced item twice");
        if let Some(slot) = self.items.get_mut(self.len as usize) {
            *slot = x;
            self.len += 1;
        }
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len as usize])
    }

    #[inline(always)]
    fn clear(&mut self) {
        self.len = 0;
    }
}

/// Calls `f` on the nodes of the option of node `tt` after it, cyclically, but `tt` itself,
/// in the order of [`Others`], until `f` returns false; false if it did.
///
/// `K` > 0: the next node is the one after, or the option's first past its last (a
/// conditional move; the stride is a constant, and the walk keeps two numbers, the node and
/// the end of its option, besides `tt`: [`Others`] keeps three and the place's mask, which
/// cost `hide_xcc`'s loop registers). Natively the `K - 1` steps are unrolled: a loop's exit
/// after them, whatever the history of the branches inside, was half of a colour problem's
/// branch mispredictions (docs/benchmarks.md, "Smaller choices in the loops").
/// In wasm the loop stays, for the module's size budget.
#[inline(always)]
fn each_other<const K: u32>(nd: &mut [Node], tt: u32, mut f: impl FnMut(&mut [Node], u32) -> bool) -> bool {
    if K > 0 && !cfg!(target_arch = "wasm32") {
        let stride = (K + 1).next_power_of_two();
        let past = tt - ((tt - 1) & (stride - 1)) + K;
        // A constant count: LLVM unrolls it, each step a conditional move and `f`.
        for i in 1..K {
            let mut nn = tt + i;
            if nn >= past {
                nn -= K;
            }
            if !f(nd, nn) {
                return false;
            }
        }
        return true;
    }
    if K == 0 {
        let mut walk = Others::<0>::new(tt, 0);
        while let Some(nn) = walk.next(nd) {
            if !f(nd, nn) {
                return false;
            }
        }
        return true;
    }
    let stride = (K + 1).next_power_of_two();
    let past = tt - ((tt - 1) & (stride - 1)) + K;
    let mut nn = tt;
    loop {
        nn += 1;
        if nn == past {
            nn -= K;
        }
        if nn == tt {
            return true;
        }
        if !f(nd, nn) {
            return false;
        }
    }
}

/// The item to branch on: the active primary item of fewest active options, the first in
/// the active list on ties, and that number; stops at the first item of one option or none
/// (as SSXC1 does). `NONE` when no primary item is active.
///
/// (A pass with no branch on the sizes, the least `max(size, 1) · 2³² + place` over all
/// active primary items, finds the same item; it was as fast on queens, where the active
/// list mixes primary and secondary items, but slower on Langford pairs, where this
/// scan stops early at an item of one option.)
#[inline(always)]
fn choose(set: &[u32], item: &[u32], active: u32, second: u32) -> (u32, u32) {
    let (mut best, mut t) = (0, NONE);
    let mut k = 0;
    while t > 1 && k < active {
        let x = at(item, k);
        if x < second {
            let s = at(set, x - 1);
            if s < t {
                best = x;
                t = s;
            }
        }
        k += 1;
    }
    (best, t)
}

/// Swaps item `x` (active, at a place below `active + 1`) with the one at `item[active]`,
/// just past the new end of the active list.
#[inline(always)]
fn swap_out(set: &mut [u32], item: &mut [u32], active: u32, x: u32) {
    let pp = at(set, x - 2);
    let cc = at(item, active);
    put(item, active, x);
    put(item, pp, cc);
    put(set, cc - 2, pp);
    put(set, x - 2, active);
}

/// The nodes of the option of node `tt` after it, cyclically, but `tt` itself.
///
/// `K` 0: by Knuth's spacers, whose `itm` leads back to the option's first node (a branch
/// per option, hard to predict). `K` > 0: every option has `K` nodes, `stride` apart, so
/// `tt`'s place is `(tt - 1) & mask` and the others are found by arithmetic, with no branch
/// and no load waiting on another: the same nodes in the same order.
struct Others<const K: u32> {
    tt: u32,
    /// The node last given (`K` 0), or the count of them (`K` > 0).
    at: u32,
    place: u32,
}

impl<const K: u32> Others<K> {
    #[inline(always)]
    fn new(tt: u32, mask: u32) -> Self {
        Others {
            tt,
            at: if K == 0 { tt } else { 0 },
            place: (tt - 1) & mask,
        }
    }

    /// The next node, or `None` when the walk is back at `tt`. (The nodes' `itm`, which it
    /// reads, never change during a search.)
    #[inline(always)]
    fn next(&mut self, nd: &[Node]) -> Option<u32> {
        if K == 0 {
            let mut nn = self.at + 1;
            loop {
                if nn == self.tt {
                    return None;
                }
                let uu = at(nd, nn).itm;
                if (uu as i32) < 0 {
                    nn = nn.wrapping_add(uu);
                    continue;
                }
                self.at = nn;
                return Some(nn);
            }
        }
        self.at += 1;
        let i = self.at;
        if i >= K {
            return None;
        }
        // All ones when `place + i` passes the option's last node.
        let wraps = ((K - 1 - self.place).wrapping_sub(i) as i32 >> 31) as u32;
        Some(self.tt + i - (wraps & K))
    }
}

/// Swaps the items of the option of `cur_node` other than its own out of the active list
/// (their options stay in their sets); returns the new `active`.
#[inline(always)]
fn swap_out_others<const K: u32>(
    set: &mut [u32],
    nd: &[Node],
    mask: u32,
    item: &mut [u32],
    active: u32,
    cur_node: u32,
    updates: &mut u64,
) -> u32 {
    let mut p = active;
    let mut walk = Others::<K>::new(cur_node, mask);
    while let Some(q) = walk.next(nd) {
        p -= 1;
        swap_out(set, item, p, at(nd, q).itm);
        *updates += 1;
    }
    p
}

/// Hides the options of every other item of the option of `cur_node`; false if that left
/// an active primary item with no option.
#[inline(always)]
fn hide_others<const K: u32>(
    set: &mut [u32],
    nd: &mut [Node],
    mask: u32,
    active: u32,
    second: u32,
    cur_node: u32,
    updates: &mut u64,
) -> bool {
    let mut walk = Others::<K>::new(cur_node, mask);
    while let Some(q) = walk.next(nd) {
        let c = at(nd, q).itm;
        if !hide::<true, K>(set, nd, mask, active, second, c, updates) {
            return false;
        }
    }
    true
}

/// Hides every option in item `c`'s set: takes its other nodes out of their items' sets,
/// by swapping each with the last active node there, and counts the nodes moved. Returns
/// false (`CHECK` only) as soon as a move would leave an active primary item with none.
#[inline(always)]
fn hide<const CHECK: bool, const K: u32>(
    set: &mut [u32],
    nd: &mut [Node],
    mask: u32,
    active: u32,
    second: u32,
    c: u32,
    updates: &mut u64,
) -> bool {
    let end = c + at(set, c - 1);
    for rr in c..end {
        let tt = at(set, rr);
        let mut walk = Others::<K>::new(tt, mask);
        while let Some(nn) = walk.next(nd) {
            let Node { itm: uu, loc: vv } = at(nd, nn);
            let ss = at(set, uu - 1) - 1;
            if CHECK && ss == 0 && uu < second && at(set, uu - 2) < active {
                return false;
            }
            let nnp = at(set, uu + ss);
            put(set, uu - 1, ss);
            put(set, uu + ss, nn);
            put(set, vv, nnp);
            put_loc(nd, nn, uu + ss);
            put_loc(nd, nnp, vv);
            *updates += 1;
        }
    }
    true
}

/// Writes node `n`'s `loc`, unchecked where [`UNCHECKED`]; the same contract as [`at`].
#[inline(always)]
fn put_loc(nd: &mut [Node], n: u32, loc: u32) {
    if UNCHECKED {
        debug_assert!((n as usize) < nd.len());
        // SAFETY: `n` is a node read from a set, which the invariant of `Dance` puts in
        // bounds, and `nd` is borrowed mutably.
        unsafe { nd.get_unchecked_mut(n as usize).loc = loc }
    } else {
        nd[n as usize].loc = loc;
    }
}

/// Puts back the sizes saved at `savestack[from..to]`.
#[inline(always)]
fn restore(set: &mut [u32], savestack: &[[u32; 2]], from: u32, to: u32) {
    for p in from..to {
        let [x, s] = at(savestack, p);
        put(set, x - 1, s);
    }
}
