//! The search tree, grown from a watched search's own events: one node per option tried.
//!
//! A [`Tree`] is fed every event a [`Watch`](crate::watch::Watch) does ([`Tree::apply`]) and
//! every event it undoes ([`Tree::revert`]); it never searches. Node 0 is the root (the
//! search before any choice); each `Try` adds a child of the node the search is at, and
//! each node knows the item chosen below it and how many branches that item had, so a
//! viewer can say "option 2 of 3" and draw the branches not yet tried. Nodes are kept in
//! the order they were tried (preorder), so undoing a `Try` removes the last node.
//!
//! # Level of detail
//! A search can try more options than anyone can draw (pentominoes try millions; an empty
//! grid never ends). When a `Try` finds [`Tree::LIMIT`] nodes kept, the tree folds what is
//! finished: each subtree hanging off the path becomes its top node alone, holding its
//! nodes, dead ends and solutions as counts ([`Node::below`]); if that still keeps more than
//! three quarters of the limit, the hanging tops fold into the path's nodes too. The path is never
//! folded, and the counts stay exact: the nodes kept and the counts below them always add
//! up to the search's own counters.
//!
//! Stepping back into a folded subtree makes its nodes again one at a time, as the search
//! reaches them: an untried option comes back as a node (its option from the event, its
//! rank from its parent's count of branches tried, the item it chose from the search), and
//! leaves the count of the nearest fold on the path. Such a node does not know the event
//! count at which it was tried ([`UNKNOWN`] in [`Node::at`]) until the search tries it again.
//! Below the limit nothing folds, and the tree after N events forward and M back is the
//! tree after N − M events forward.

use crate::exact_cover::{Event, Search};

/// "None" in a node's `u32` fields (the root's parent and option; no item chosen yet).
pub const NONE: u32 = u32::MAX;

/// [`Node::at`] of a node made again from a fold: when it was tried is not kept.
pub const UNKNOWN: u64 = u64::MAX;

/// How a node's level ended, if it did at the node itself. Exported to JavaScript as
/// `TreeEnd` ([`TreeWord::End`]'s values).
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen(js_name = TreeEnd))]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(u32)]
pub enum End {
    /// Not a leaf (or not yet known to be one).
    Open = 0,
    /// X3 found an item with no option left below this node.
    DeadEnd = 1,
    /// Every primary item is covered: the path to this node is a solution.
    Solution = 2,
}

/// Nodes folded into counts: how many, and how many of them were dead ends and solutions.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Below {
    pub nodes: u64,
    pub dead_ends: u64,
    pub solutions: u64,
}

impl Below {
    fn add(&mut self, o: Below) {
        self.nodes += o.nodes;
        self.dead_ends += o.dead_ends;
        self.solutions += o.solutions;
    }

    /// A node and what is folded below it.
    fn of(n: &Node) -> Below {
        let mut b = n.below;
        b.add(Below {
            nodes: 1,
            dead_ends: u64::from(n.end == End::DeadEnd),
            solutions: u64::from(n.end == End::Solution),
        });
        b
    }
}

/// One option tried (or the root).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Node {
    /// The node above ([`NONE`] for the root).
    pub parent: u32,
    /// The option tried ([`NONE`] for the root).
    pub option: u32,
    /// The item chosen below this node, or the item with no option left at a dead end
    /// ([`NONE`] before the choice).
    pub item: u32,
    /// How many options that item had when chosen: the node's branches (0 at a dead end or
    /// before the choice).
    pub branches: u32,
    /// Branches tried so far (its children, kept or folded).
    pub tried: u32,
    /// Its number among its parent's branches (0 for the first; 0 for the root).
    pub rank: u32,
    pub end: End,
    /// The search's event count right after this option was tried (0 for the root): the
    /// moment a viewer moves the search to when the node is picked ([`UNKNOWN`]: see the
    /// module's notes).
    pub at: u64,
    /// Its descendants that are folded (not kept as nodes), as counts.
    pub below: Below,
}

impl Node {
    fn new(parent: u32, option: u32, rank: u32, at: u64) -> Node {
        Node {
            parent,
            option,
            item: NONE,
            branches: 0,
            tried: 0,
            rank,
            end: End::Open,
            at,
            below: Below::default(),
        }
    }
}

/// The search tree so far, and where the search is in it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    /// The nodes from the root to the one the search is at.
    path: Vec<u32>,
    /// Events applied (less those reverted): the search's event count.
    events: u64,
    /// How many times the tree folded: a viewer's node numbers from before are stale.
    folds: u32,
    limit: usize,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree::with_limit(Tree::LIMIT)
    }
}

impl Tree {
    /// Nodes kept at most before the finished ones fold (about 1 MB; a hard 9×9 tries a few
    /// thousand options, so its tree is kept whole).
    pub const LIMIT: usize = 1 << 14;

    /// The tree of a search not yet started, folding when a `Try` finds `limit` nodes kept
    /// (at least the root).
    /// (Not inlined: each of the page's four ways to make a trace would carry a copy.)
    #[inline(never)]
    pub fn with_limit(limit: usize) -> Tree {
        Tree {
            nodes: vec![Node::new(NONE, NONE, 0, 0)],
            path: vec![0],
            events: 0,
            folds: 0,
            limit: limit.max(1),
        }
    }

    /// Every node kept, in the order tried; node 0 is the root.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The nodes from the root to the one the search is at (its options are the partial
    /// solution).
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// How many times the tree has folded (0: every node tried is kept).
    pub fn folds(&self) -> u32 {
        self.folds
    }

    /// The node the search is at (the root is always on the path).
    fn here(&self) -> u32 {
        self.path.last().copied().unwrap_or(0)
    }

    fn at(&mut self) -> &mut Node {
        let n = self.here();
        &mut self.nodes[n as usize]
    }

    /// Grows the tree by the event the search just did.
    ///
    /// Inlined into the watched search's observer (`watch::Feed`): natively into each event of
    /// the search's loop, where the event is known and a cover comes down to a count.
    #[inline(always)]
    pub fn apply(&mut self, e: Event) {
        self.events += 1;
        match e {
            Event::Choose { item, len } => {
                let n = self.at();
                (n.item, n.branches) = (item, len);
            }
            Event::DeadEnd { item } => {
                let n = self.at();
                (n.item, n.end) = (item, End::DeadEnd);
            }
            Event::Solution => self.at().end = End::Solution,
            Event::Try { option, .. } => {
                if self.nodes.len() >= self.limit {
                    self.fold();
                }
                let parent = self.here();
                let p = &mut self.nodes[parent as usize];
                p.tried += 1;
                let rank = p.tried - 1;
                self.nodes.push(Node::new(parent, option, rank, self.events));
                self.path.push(self.nodes.len() as u32 - 1);
            }
            Event::Untry { .. } => {
                self.path.pop();
            }
            // A purify is a cover of its own (colours): the tree's shape is the options tried.
            Event::Cover { .. }
            | Event::Uncover { .. }
            | Event::Purify { .. }
            | Event::Unpurify { .. }
            | Event::Done => {}
        }
    }

    /// Folds the finished subtrees into counts (see the module's notes).
    #[inline(never)]
    fn fold(&mut self) {
        let n = self.nodes.len();
        let mut on_path = vec![false; n];
        for &k in &self.path {
            on_path[k as usize] = true;
        }
        // The node whose counts take each node (NONE: kept). First each subtree hanging off
        // the path into its top; if that keeps too many, the tops into the path's nodes.
        let mut owner = vec![NONE; n];
        for coarse in [false, true] {
            let mut kept = n;
            for k in 1..n {
                let p = self.nodes[k].parent as usize;
                owner[k] = if on_path[k] || (on_path[p] && !coarse) {
                    NONE
                } else if on_path[p] || owner[p] == NONE {
                    p as u32 // into the path's node, or into its top (kept)
                } else {
                    owner[p]
                };
                kept -= usize::from(owner[k] != NONE);
            }
            if 4 * kept <= 3 * self.limit {
                break;
            }
        }
        for k in (1..n).rev() {
            if owner[k] != NONE {
                let b = Below::of(&self.nodes[k]);
                self.nodes[owner[k] as usize].below.add(b);
            }
        }
        let mut index = vec![NONE; n];
        let mut kept = 0;
        for k in 0..n {
            if owner[k] == NONE {
                index[k] = kept;
                let mut node = self.nodes[k];
                if k > 0 {
                    node.parent = index[node.parent as usize];
                }
                self.nodes[kept as usize] = node;
                kept += 1;
            }
        }
        self.nodes.truncate(kept as usize);
        for k in &mut self.path {
            *k = index[*k as usize];
        }
        self.folds += 1;
    }

    /// The nearest node on the path whose folds hold a count `f` picks (`f` > 0), from the
    /// search's position up: where a node made again from a fold came from.
    fn holder(&mut self, f: fn(&Below) -> u64) -> Option<&mut Below> {
        let k = *self
            .path
            .iter()
            .rev()
            .find(|&&k| f(&self.nodes[k as usize].below) > 0)?;
        Some(&mut self.nodes[k as usize].below)
    }

    /// Takes back the event the search just undid (the last one applied); `search` is the
    /// search after undoing it.
    #[inline(never)]
    pub fn revert(&mut self, e: Event, search: &Search) {
        self.events -= 1;
        match e {
            Event::Choose { .. } => {
                let n = self.at();
                (n.item, n.branches) = (NONE, 0);
            }
            Event::DeadEnd { .. } => {
                let n = self.at();
                if n.end == End::DeadEnd {
                    (n.item, n.end) = (NONE, End::Open);
                } else if let Some(b) = self.holder(|b| b.dead_ends) {
                    b.dead_ends -= 1; // a node made again from a fold: its end was counted there
                }
            }
            Event::Solution => {
                let n = self.at();
                if n.end == End::Solution {
                    n.end = End::Open;
                } else if let Some(b) = self.holder(|b| b.solutions) {
                    b.solutions -= 1;
                }
            }
            Event::Try { .. } => {
                // The option tried last is the last node: its subtree is undone already.
                self.path.pop();
                self.nodes.pop();
                self.at().tried -= 1;
            }
            Event::Untry { option, level } => {
                let at = self.here();
                let n = &mut self.nodes[at as usize];
                if n.item == NONE {
                    // Made again from a fold: the item it chose is the search's, and it had
                    // tried every branch.
                    if let Some(&item) = search.chosen().get(level as usize) {
                        (n.item, n.branches) = (item, search.matrix().len(item as usize) as u32);
                        n.tried = n.branches;
                    }
                }
                let rank = n.tried - 1;
                // The child untried is its last branch: kept, its (finished) subtree ends the
                // list; folded, it is made again.
                let mut child = self.nodes.len() as u32 - 1;
                while child != at && self.nodes[child as usize].parent != at {
                    child = self.nodes[child as usize].parent;
                }
                if child == at || self.nodes[child as usize].rank != rank {
                    if let Some(b) = self.holder(|b| b.nodes) {
                        b.nodes -= 1;
                    }
                    self.nodes.push(Node::new(at, option, rank, UNKNOWN));
                    child = self.nodes.len() as u32 - 1;
                }
                self.path.push(child);
            }
            // A purify is a cover of its own (colours): the tree's shape is the options tried.
            Event::Cover { .. }
            | Event::Uncover { .. }
            | Event::Purify { .. }
            | Event::Unpurify { .. }
            | Event::Done => {}
        }
    }

    /// Nodes, dead ends and solutions in all, the folded ones too (the root counts as a node;
    /// its own dead end or solution, when the search has no choice to make, too).
    pub fn totals(&self) -> Below {
        let mut t = Below::default();
        for n in &self.nodes {
            t.add(Below::of(n));
        }
        t
    }

    /// Nodes, dead ends and solutions at each depth (depth 0 is the root; the root's own
    /// dead end or solution, when the search has no choice to make, counts at depth 0), of
    /// the nodes kept.
    pub fn levels(&self) -> Vec<Level> {
        let mut depth = vec![0usize; self.nodes.len()];
        let mut levels: Vec<Level> = Vec::new();
        for (k, n) in self.nodes.iter().enumerate() {
            if k > 0 {
                depth[k] = depth[n.parent as usize] + 1;
            }
            if levels.len() <= depth[k] {
                levels.push(Level::default());
            }
            let l = &mut levels[depth[k]];
            l.nodes += 1;
            l.dead_ends += u64::from(n.end == End::DeadEnd);
            l.solutions += u64::from(n.end == End::Solution);
        }
        levels
    }
}

/// The layout of [`Tree::words`]' header, exported to JavaScript as it is: the number of nodes
/// kept, how many times the tree folded (the node numbers of an older array are stale when it
/// changes), the path's length, and from [`TreeHeader::Path`] the path's nodes (root first);
/// the nodes follow the path, [`TreeWord::Words`] words each.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
#[repr(u32)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TreeHeader {
    Size = 0,
    Folds = 1,
    PathLength = 2,
    Path = 3,
}

/// The layout of a node in [`Tree::words`], exported to JavaScript as it is. [`NONE`] stands
/// for none (the root's parent and option, an item not yet chosen, an event count not kept);
/// counts stop at 2^32 − 1.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
#[repr(u32)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TreeWord {
    Parent = 0,
    /// The option tried.
    Option = 1,
    /// The item chosen below it (or a dead end's item).
    Item = 2,
    /// That item's branches.
    Branches = 3,
    /// How it ended ([`End`]).
    End = 4,
    /// The event count right after it was tried.
    At = 5,
    /// Its rank among its parent's branches, from 0.
    Rank = 6,
    /// The branches it has tried.
    Tried = 7,
    /// The nodes, dead ends and solutions folded below it.
    BelowNodes = 8,
    BelowDeadEnds = 9,
    BelowSolutions = 10,
    /// Words per node.
    Words = 11,
}

impl Tree {
    /// The tree in one array, its nodes from `from` on, laid out as [`TreeHeader`] and
    /// [`TreeWord`] say.
    pub fn words(&self, from: usize) -> Vec<u32> {
        let sat = |x: u64| x.min(u64::from(u32::MAX)) as u32;
        let (nodes, path) = (self.nodes(), self.path());
        let node_words = TreeWord::Words as usize;
        let mut v = Vec::with_capacity(TreeHeader::Path as usize + path.len() + node_words * nodes.len());
        v.extend([nodes.len() as u32, self.folds(), path.len() as u32]);
        v.extend_from_slice(path);
        for n in nodes.get(from..).unwrap_or(&[]) {
            let b = n.below;
            let words = [
                n.parent,
                n.option,
                n.item,
                n.branches,
                n.end as u32,
                sat(n.at),
                n.rank,
                n.tried,
                sat(b.nodes),
                sat(b.dead_ends),
                sat(b.solutions),
            ];
            debug_assert_eq!(words.len(), node_words);
            v.extend(words);
        }
        v
    }
}

/// The counts of one depth of the tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Level {
    pub nodes: u64,
    pub dead_ends: u64,
    pub solutions: u64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::tests::{random_options, Rng};
    use crate::exact_cover::{knuth_example, Matrix};
    use crate::sudoku::{Alphabet, Board, Puzzle, Shape};
    use crate::watch::events::{decode, Kind};
    use crate::watch::Watch;

    /// Nodes, dead ends and solutions per depth as the events say them, counted apart from
    /// the tree: a `Try` at level `l` is a node at depth `l + 1`; a dead end or a solution is
    /// at the depth of the partial solution.
    fn levels_of_events(trace: &Watch) -> Vec<Level> {
        let mut t = trace.clone();
        t.run_back(u64::MAX, 0);
        let mut out = vec![Level {
            nodes: 1,
            ..Level::default()
        }];
        while t.search().counters() != trace.search().counters() {
            let words = t.next_batch(1).to_vec();
            if words.is_empty() {
                break;
            }
            let depth = t.search().depth();
            if out.len() <= depth {
                out.resize(depth + 1, Level::default());
            }
            match decode([words[0], words[1]]).unwrap() {
                Event::Try { .. } => out[depth].nodes += 1,
                Event::DeadEnd { .. } => out[depth].dead_ends += 1,
                Event::Solution => out[depth].solutions += 1,
                _ => {}
            }
        }
        out
    }

    /// The tree against the search's own counters and the events' counts per depth, and its
    /// path against the partial solution.
    fn check(trace: &Watch) {
        let tree = trace.tree();
        assert_eq!(tree.folds(), 0);
        let c = trace.search().counters();
        let levels = tree.levels();
        let sum = |f: fn(&Level) -> u64| levels.iter().map(f).sum::<u64>();
        assert_eq!(sum(|l| l.nodes), c.nodes + 1, "nodes (and the root)");
        assert_eq!(sum(|l| l.dead_ends), c.dead_ends, "dead ends");
        assert_eq!(sum(|l| l.solutions), c.solutions, "solutions");
        let mut events = levels_of_events(trace);
        while events.len() > levels.len() && events.last() == Some(&Level::default()) {
            events.pop();
        }
        assert_eq!(levels, events, "per depth");
        let path: Vec<usize> = tree.path()[1..]
            .iter()
            .map(|&n| tree.nodes()[n as usize].option as usize)
            .collect();
        assert_eq!(path, trace.search().solution().collect::<Vec<_>>(), "the path");
        for (k, n) in tree.nodes().iter().enumerate() {
            let children = tree.nodes().iter().filter(|c| c.parent == k as u32).count();
            assert_eq!(n.tried as usize, children, "node {k}: children");
            assert!(n.tried <= n.branches, "node {k}: tried {} of {}", n.tried, n.branches);
            let on_path = tree.path().contains(&(k as u32));
            if !on_path && n.end == End::Open {
                assert_eq!(n.tried, n.branches, "node {k}: a finished node tried every branch");
            }
        }
    }

    /// Runs the whole search one event at a time, checking the tree after each.
    fn check_whole(mut trace: Watch) -> Watch {
        check(&trace);
        while trace.run(1, 0).events == 1 {
            check(&trace);
        }
        trace
    }

    #[test]
    fn knuths_example_grows_the_tree_of_his_paper() {
        let trace = check_whole(Watch::of_matrix(knuth_example()));
        let t = trace.tree();
        // Root chooses a (2 options); "a d g" (option 1) chooses b (1 option), "b c f" is a
        // dead end on e; "a d" (option 3) chooses e, "c e f", then b, "b g": the solution.
        let summary: Vec<_> = t
            .nodes()
            .iter()
            .map(|n| (n.parent, n.option, n.item, n.branches, n.end))
            .collect();
        use End::*;
        assert_eq!(
            summary,
            [
                (NONE, NONE, 0, 2, Open),
                (0, 1, 1, 1, Open),
                (1, 2, 4, 0, DeadEnd),
                (0, 3, 4, 1, Open),
                (3, 0, 1, 1, Open),
                (4, 4, NONE, 0, Solution),
            ]
        );
        assert_eq!(t.path(), &[0], "back at the root when it is done");
        assert_eq!(t.nodes()[2].at, 8, "b c f is the 8th event");
    }

    #[test]
    fn a_four_by_four_sudoku_and_a_nine_by_nine() {
        let four = Board::parse(Shape::FOUR, Alphabet::Digits, "1..4.......3.2..").unwrap();
        let trace = check_whole(Watch::sudoku(&Puzzle::new(four).unwrap(), Alphabet::Digits));
        assert!(trace.tree().nodes().len() > 1);
        // A hard 9×9, checked at every event of its first thousands, then whole.
        let hard: Puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
            .parse()
            .unwrap();
        let mut trace = Watch::sudoku(&hard, Alphabet::Digits);
        for _ in 0..3000 {
            trace.run(1, 0);
            if trace.search().counters().events % 97 == 0 {
                check(&trace);
            }
        }
        trace.run(u64::MAX, 0);
        check(&trace);
        assert!(trace.tree().nodes().len() > 1000, "{}", trace.tree().nodes().len());
    }

    #[test]
    fn random_small_problems() {
        let mut rng = Rng(33);
        for _ in 0..200 {
            let (m, _) = random_options(&mut rng, 7, 2, 12, 3);
            check_whole(Watch::of_matrix(m));
        }
    }

    /// The tree after `n` events forward then `m` back is the tree after `n - m` forward, by
    /// every way of moving the trace.
    fn back_is_exact(m: Matrix, limit: usize, rng: &mut Rng) {
        let fresh = || {
            let mut t = Watch::of_matrix(m.clone());
            t.set_tree_limit(limit);
            t
        };
        let mut whole = fresh();
        let total = whole.run(u64::MAX, 0).events;
        let after = |n: u64| {
            let mut t = fresh();
            t.run(n, 0);
            t.tree().clone()
        };
        let mut t = fresh();
        for _ in 0..40 {
            let now = t.search().counters().events;
            match rng.below(4) {
                0 => {
                    t.run(rng.below(total + 1), 0);
                }
                1 => {
                    t.next_batch(rng.below(total + 1) as usize);
                }
                2 => {
                    t.run_back(rng.below(now + 1), 0);
                }
                _ => {
                    t.prev_batch(rng.below(now + 1) as usize);
                }
            }
            // Movements that stop at a kind of event, both ways.
            if rng.below(3) == 0 {
                t.run_back(u64::MAX, Kind::Try.bit());
                t.run(u64::MAX, Kind::DeadEnd.bit());
            }
            let now = t.search().counters().events;
            assert_eq!(t.tree(), &after(now), "at event {now} of {total}");
        }
    }

    #[test]
    fn stepping_back_is_exact() {
        let mut rng = Rng(2033);
        back_is_exact(knuth_example(), Tree::LIMIT, &mut rng);
        for _ in 0..60 {
            let (m, _) = random_options(&mut rng, 7, 2, 12, 3);
            back_is_exact(m, Tree::LIMIT, &mut rng);
        }
    }

    /// With colours: purifies and unpurifies leave the tree's shape to the options tried.
    #[test]
    fn colour_problems_grow_and_step_back_exactly() {
        let mut rng = Rng(3434);
        let mut purified = 0;
        for _ in 0..100 {
            let (m, _) = crate::exact_cover::tests::random_coloured(&mut rng);
            let trace = check_whole(Watch::of_matrix(m.clone()));
            purified += trace.search().counters().cleansings;
            back_is_exact(m, Tree::LIMIT, &mut rng);
        }
        assert!(purified > 0, "the problems purified");
    }

    /// A tree that folds: its nodes and folded counts add up to the search's counters, its
    /// path is the partial solution with each node's rank and parent's item the search's
    /// choices, and it keeps no more nodes than its limit allows.
    fn check_folded(trace: &Watch, limit: usize) {
        let tree = trace.tree();
        let c = trace.search().counters();
        let all = tree.totals();
        let at = c.events;
        assert_eq!(all.nodes, c.nodes + 1, "nodes (and the root) at event {at}");
        assert_eq!(all.dead_ends, c.dead_ends, "dead ends at event {at}");
        assert_eq!(all.solutions, c.solutions, "solutions at event {at}");
        let nodes = tree.nodes();
        let path: Vec<usize> = tree.path()[1..]
            .iter()
            .map(|&n| nodes[n as usize].option as usize)
            .collect();
        assert_eq!(
            path,
            trace.search().solution().collect::<Vec<_>>(),
            "the path at event {at}"
        );
        let choices = trace.search().choices();
        for (d, &k) in tree.path()[1..].iter().enumerate() {
            let (n, p) = (&nodes[k as usize], &nodes[nodes[k as usize].parent as usize]);
            assert_eq!(n.rank as usize, choices[d].at, "rank at depth {} at event {at}", d + 1);
            assert_eq!(
                (p.item, p.branches as usize),
                (choices[d].item, choices[d].branches.len()),
                "the choice at depth {d}"
            );
            assert!(n.at == UNKNOWN || n.at <= at);
        }
        // A Try at the limit folds first, down to the path at most; a step back makes path
        // nodes only; no path is deeper than the primary items.
        let deepest = trace.search().matrix().primary() + 1;
        assert!(
            nodes.len() <= limit.max(deepest + 1) + deepest,
            "{} nodes kept, limit {limit}",
            nodes.len()
        );
        for (k, n) in nodes.iter().enumerate().skip(1) {
            assert!((n.parent as usize) < k, "preorder");
            assert!(n.rank < nodes[n.parent as usize].tried, "node {k}'s rank");
        }
    }

    /// Moves a trace at random, forwards and back, checking its folding tree at each stop
    /// and, back at the start, that the tree is a new one's.
    fn folds_exactly(m: Matrix, limit: usize, rng: &mut Rng) -> u32 {
        let mut t = Watch::of_matrix(m);
        t.set_tree_limit(limit);
        let total = t.clone().run(u64::MAX, 0).events;
        let mut folds = 0;
        for _ in 0..40 {
            let now = t.search().counters().events;
            match rng.below(5) {
                0 => drop(t.run(rng.below(total + 1), 0)),
                1 => drop(t.next_batch(rng.below(total / 4 + 2) as usize).len()),
                2 => drop(t.run_back(rng.below(now + 1), 0)),
                3 => drop(t.prev_batch(rng.below(now / 4 + 2) as usize).len()),
                _ => {
                    // One event at a time, checked at each.
                    let back = rng.below(2) == 0;
                    for _ in 0..rng.below(60) {
                        if back {
                            t.prev_batch(1);
                        } else {
                            t.run(1, 0);
                        }
                        check_folded(&t, limit);
                    }
                }
            }
            if rng.below(3) == 0 {
                t.run_back(u64::MAX, Kind::Try.bit());
                t.run(u64::MAX, Kind::DeadEnd.bit());
            }
            check_folded(&t, limit);
            folds = folds.max(t.tree().folds());
        }
        t.run_back(u64::MAX, 0);
        let fresh = Tree::with_limit(limit);
        assert_eq!(
            (t.tree().nodes(), t.tree().path()),
            (fresh.nodes(), fresh.path()),
            "back at the start"
        );
        folds
    }

    #[test]
    fn a_full_tree_folds_its_finished_branches_into_exact_counts_both_ways() {
        let mut rng = Rng(1);
        // Knuth's example with room for 3 nodes: at the Try of "a d" (the 19th event) the
        // finished branch "a d g" folds into its top, holding "b c f", the dead end.
        let mut t = Watch::of_matrix(knuth_example());
        t.set_tree_limit(3);
        t.run(19, 0);
        let tree = t.tree();
        assert_eq!(tree.folds(), 1);
        let n = tree.nodes();
        assert_eq!(n.len(), 3, "the root, 'a d g' and 'a d'");
        assert_eq!((n[1].option, n[1].rank, n[2].option, n[2].rank), (1, 0, 3, 1));
        assert_eq!(
            n[1].below,
            Below {
                nodes: 1,
                dead_ends: 1,
                solutions: 0
            }
        );
        assert_eq!(tree.path(), &[0, 2]);
        check_folded(&t, 3);
        // Back to the dead end: "b c f" is made again, its event count not kept.
        t.run_back(19 - 8, 0);
        check_folded(&t, 3);
        let n = t.tree().nodes();
        assert_eq!(t.tree().path(), &[0, 1, 2]);
        assert_eq!((n[2].option, n[2].at, n[1].below), (2, UNKNOWN, Below::default()));
        assert_eq!(n[2].end, End::Open, "not yet a dead end, right after its Try");
        let mut folded = 0;
        for limit in [1, 2, 3, 5] {
            folded += folds_exactly(knuth_example(), limit, &mut rng);
        }
        for _ in 0..60 {
            let (m, _) = random_options(&mut rng, 8, 2, 16, 3);
            folded += folds_exactly(m, 1 + rng.below(12) as usize, &mut rng);
        }
        assert!(folded > 100, "the trees folded: {folded}");
    }

    /// A node made again from a fold has no event count kept; `Watch::back_to` finds its
    /// moment by stepping back: the moment an unfolded tree of the same search kept for it.
    #[test]
    fn back_to_reaches_a_node_made_again_from_a_fold_at_the_moment_it_was_tried() {
        let hard: Puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
            .parse()
            .unwrap();
        let mut whole = Watch::sudoku(&hard, Alphabet::Digits);
        whole.set_tree_limit(usize::MAX);
        let mut t = Watch::sudoku(&hard, Alphabet::Digits);
        t.set_tree_limit(400);
        // Deep into the search, then back into the region its folds hold.
        let total = whole.run(u64::MAX, 0).events;
        t.run(total * 3 / 4, 0);
        t.run_back(total / 8, 0);
        assert!(t.tree().folds() >= 2, "{} folds", t.tree().folds());
        let (nodes, path) = (t.tree().nodes(), t.tree().path());
        let options = |k: usize| -> Vec<u32> { path[1..=k].iter().map(|&n| nodes[n as usize].option).collect() };
        let unknown: Vec<usize> = (1..path.len())
            .filter(|&k| nodes[path[k] as usize].at == UNKNOWN)
            .collect();
        assert!(!unknown.is_empty(), "some node on the path was made again from a fold");
        // The unfolded tree's node of the same options, and when it was tried.
        let kept = whole.tree().nodes();
        let at_in_whole = |opts: &[u32]| {
            let mut k = 0u32;
            for &o in opts {
                k = (1..kept.len() as u32)
                    .find(|&c| kept[c as usize].parent == k && kept[c as usize].option == o)
                    .expect("the unfolded tree has the node");
            }
            kept[k as usize].at
        };
        for k in unknown {
            let opts = options(k);
            let mut back = t.clone();
            let run = back.back_to(&opts, u64::MAX);
            assert!(run.stopped, "found the moment of depth {k}");
            assert_eq!(
                back.search().counters().events,
                at_in_whole(&opts),
                "depth {k}'s moment"
            );
            assert_eq!(back.search().solution().map(|o| o as u32).collect::<Vec<_>>(), opts);
            assert_eq!(
                back.last(),
                Some(Event::Try {
                    option: opts[k - 1],
                    level: k as u32 - 1
                })
            );
            check_folded(&back, 400);
            // In pieces, as the page asks for it: the same moment.
            let mut steps = t.clone();
            while !steps.back_to(&opts, 7).stopped {}
            assert_eq!(steps.search().counters().events, back.search().counters().events);
        }
        // A moment that is not behind: back to the start, not found there.
        let mut none = t.clone();
        assert!(none.back_to(&[u32::MAX], u64::MAX).stopped);
        assert!(none.search().is_at_start());
    }

    #[test]
    fn a_nine_by_nine_folds_within_its_limit_and_steps_back_through_its_folds() {
        let hard: Puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
            .parse()
            .unwrap();
        let mut t = Watch::sudoku(&hard, Alphabet::Digits);
        t.set_tree_limit(400);
        let mut n = 0;
        while t.run(1, 0).events == 1 {
            n += 1;
            if n % 89 == 0 {
                check_folded(&t, 400);
            }
        }
        check_folded(&t, 400);
        assert!(t.tree().folds() >= 3, "{} folds", t.tree().folds());
        while t.prev_batch(1).len() == 2 {
            n -= 1;
            if n % 89 == 0 {
                check_folded(&t, 400);
            }
        }
        assert_eq!(t.tree().nodes(), Tree::with_limit(400).nodes());
    }
}
