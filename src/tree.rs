//! The search tree, grown from a trace's own events: one node per option tried.
//!
//! A [`Tree`] is fed every event a [`Trace`](crate::trace::Trace) does ([`Tree::apply`]) and
//! every event it undoes ([`Tree::revert`]); it never searches. Node 0 is the root (the
//! search before any choice); each `Try` adds a child of the node the search is at, and
//! each node knows the item chosen below it and how many branches that item had, so a
//! viewer can say "option 2 of 3" and draw the branches not yet tried. Nodes are kept in
//! the order they were tried (preorder), so undoing a `Try` removes the last node, and the
//! tree after N events forward and M back is the tree after N − M events forward.
//!
//! A search can try more options than anyone can draw (an empty grid never ends): past
//! [`Tree::LIMIT`] nodes the tree stops growing and says so ([`Tree::frozen`]); it shows
//! the search as it was at that event until a step back returns before it.

use crate::exact_cover::Event;

/// "None" in a node's `u32` fields (the root's parent and option; no item chosen yet).
pub const NONE: u32 = u32::MAX;

/// How a node's level ended, if it did at the node itself.
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
    /// Branches tried so far (the node's children).
    pub tried: u32,
    pub end: End,
    /// The search's event count right after this option was tried (0 for the root): the
    /// moment a viewer moves the search to when the node is picked.
    pub at: u64,
}

impl Node {
    fn new(parent: u32, option: u32, at: u64) -> Node {
        Node {
            parent,
            option,
            item: NONE,
            branches: 0,
            tried: 0,
            end: End::Open,
            at,
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
    /// The event count at which the tree stopped growing, while it is stopped.
    frozen: Option<u64>,
    limit: usize,
}

impl Default for Tree {
    fn default() -> Tree {
        Tree::with_limit(Tree::LIMIT)
    }
}

impl Tree {
    /// Nodes kept at most (about 2 MB; a hard 9×9 tries a few thousand options).
    pub const LIMIT: usize = 1 << 16;

    /// The tree of a search not yet started, keeping at most `limit` nodes (at least the root).
    /// (Not inlined: each of the page's four ways to make a trace would carry a copy.)
    #[inline(never)]
    pub fn with_limit(limit: usize) -> Tree {
        Tree {
            nodes: vec![Node::new(NONE, NONE, 0)],
            path: vec![0],
            events: 0,
            frozen: None,
            limit: limit.max(1),
        }
    }

    /// Every node, in the order tried; node 0 is the root.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The nodes from the root to the one the search is at (its options are the partial
    /// solution).
    pub fn path(&self) -> &[u32] {
        &self.path
    }

    /// The event count at which the tree stopped growing ([`Tree::LIMIT`]), while the search
    /// is past it.
    pub fn frozen(&self) -> Option<u64> {
        self.frozen
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
    #[inline]
    pub fn apply(&mut self, e: Event) {
        self.events += 1;
        if self.frozen.is_some() {
            return;
        }
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
                    self.frozen = Some(self.events - 1);
                    return;
                }
                let parent = self.here();
                self.nodes[parent as usize].tried += 1;
                self.nodes.push(Node::new(parent, option, self.events));
                self.path.push(self.nodes.len() as u32 - 1);
            }
            Event::Untry { .. } => {
                self.path.pop();
            }
            Event::Cover { .. } | Event::Uncover { .. } | Event::Done => {}
        }
    }

    /// Takes back the event the search just undid (the last one applied).
    #[inline(never)]
    pub fn revert(&mut self, e: Event) {
        self.events -= 1;
        if let Some(f) = self.frozen {
            if self.events == f {
                self.frozen = None; // the Try that found the tree full, never applied
            }
            if self.events >= f {
                return;
            }
        }
        match e {
            Event::Choose { .. } => {
                let n = self.at();
                (n.item, n.branches) = (NONE, 0);
            }
            Event::DeadEnd { .. } => {
                let n = self.at();
                (n.item, n.end) = (NONE, End::Open);
            }
            Event::Solution => self.at().end = End::Open,
            Event::Try { .. } => {
                // The option tried last is the last node: its subtree is undone already.
                self.path.pop();
                self.nodes.pop();
                self.at().tried -= 1;
            }
            Event::Untry { .. } => {
                // The child untried is the one whose (finished) subtree ends the list.
                let at = self.here();
                let mut child = self.nodes.len() as u32 - 1;
                while self.nodes[child as usize].parent != at {
                    child = self.nodes[child as usize].parent;
                }
                self.path.push(child);
            }
            Event::Cover { .. } | Event::Uncover { .. } | Event::Done => {}
        }
    }

    /// Nodes, dead ends and solutions at each depth (depth 0 is the root; the root's own
    /// dead end or solution, when the search has no choice to make, counts at depth 0).
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
    use crate::sudoku::{Alphabet, Board, BoardPuzzle, Puzzle, Shape};
    use crate::trace::Trace;

    /// Nodes, dead ends and solutions per depth as the events say them, counted apart from
    /// the tree: a `Try` at level `l` is a node at depth `l + 1`; a dead end or a solution is
    /// at the depth of the partial solution.
    fn levels_of_events(trace: &Trace) -> Vec<Level> {
        let mut t = trace.clone();
        t.run_back(u64::MAX, 0);
        let mut out = vec![Level {
            nodes: 1,
            ..Level::default()
        }];
        let mut words = Vec::new();
        while t.search().counters() != trace.search().counters() && t.next_batch(1, &mut words) == 1 {
            let depth = t.search().depth();
            if out.len() <= depth {
                out.resize(depth + 1, Level::default());
            }
            match crate::trace::decode([words[0], words[1]]).unwrap() {
                Event::Try { .. } => out[depth].nodes += 1,
                Event::DeadEnd { .. } => out[depth].dead_ends += 1,
                Event::Solution => out[depth].solutions += 1,
                _ => {}
            }
            words.clear();
        }
        out
    }

    /// The tree against the search's own counters and the events' counts per depth, and its
    /// path against the partial solution.
    fn check(trace: &Trace) {
        let tree = trace.tree();
        assert_eq!(tree.frozen(), None);
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
    fn check_whole(mut trace: Trace) -> Trace {
        check(&trace);
        while trace.run(1, 0).events == 1 {
            check(&trace);
        }
        trace
    }

    #[test]
    fn knuths_example_grows_the_tree_of_his_paper() {
        let trace = check_whole(Trace::exact_cover(knuth_example()));
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
        let trace = check_whole(Trace::board(&BoardPuzzle::new(four).unwrap()));
        assert!(trace.tree().nodes().len() > 1);
        // A hard 9×9, checked at every event of its first thousands, then whole.
        let hard: Puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
            .parse()
            .unwrap();
        let mut trace = Trace::sudoku(&hard);
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
            check_whole(Trace::exact_cover(m));
        }
    }

    /// The tree after `n` events forward then `m` back is the tree after `n - m` forward, by
    /// every way of moving the trace.
    fn back_is_exact(m: Matrix, limit: usize, rng: &mut Rng) {
        let fresh = || {
            let mut t = Trace::exact_cover(m.clone());
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
                    t.next_batch(rng.below(total + 1) as usize, &mut Vec::new());
                }
                2 => {
                    t.run_back(rng.below(now + 1), 0);
                }
                _ => {
                    t.prev_batch(rng.below(now + 1) as usize, &mut Vec::new());
                }
            }
            // Movements that stop at a kind of event, both ways.
            if rng.below(3) == 0 {
                t.run_back(u64::MAX, crate::trace::Kind::Try.bit());
                t.run(u64::MAX, crate::trace::Kind::DeadEnd.bit());
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

    #[test]
    fn a_full_tree_stops_growing_and_grows_again_below_its_limit() {
        let mut rng = Rng(1);
        back_is_exact(knuth_example(), 3, &mut rng);
        let mut t = Trace::exact_cover(knuth_example());
        t.set_tree_limit(3);
        t.run(u64::MAX, 0);
        let tree = t.tree();
        assert_eq!(tree.nodes().len(), 3);
        // The 4th node is the Try of "a d", the 19th event: the tree is the search's before it.
        assert_eq!(tree.frozen(), Some(18));
        let mut before = Trace::exact_cover(knuth_example());
        before.run(18, 0);
        assert_eq!(tree.nodes(), before.tree().nodes());
        t.run_back(u64::MAX, 0);
        assert_eq!(t.tree().frozen(), None);
        assert_eq!(t.tree(), &Tree::with_limit(3));
        for _ in 0..20 {
            let (m, _) = random_options(&mut rng, 7, 2, 12, 3);
            back_is_exact(m, 1 + rng.below(6) as usize, &mut rng);
        }
    }
}
