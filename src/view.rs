//! What a viewer draws of a search, read from the search's own state.
//!
//! The page never folds events into a model of its own: after each movement it asks
//! for a [`Picture`] of the search (per item its length and [`ItemFlag`]s, per option
//! its [`OptionState`], and the open levels) and for what changed since it last
//! looked ([`Shown::refresh`]), so that it redraws only that.

use crate::exact_cover::{Choice, Search};

/// Flags of an item in a [`Picture`], one bit each.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
#[repr(u8)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ItemFlag {
    /// Out of the header list: an option of the partial solution covers it (or a given does).
    Covered = 1,
    /// The item branched on at an open level.
    Chosen = 2,
    /// The item branched on at the deepest open level.
    Top = 4,
    /// A primary item, not covered, with no option left: the search must back up.
    /// (An item of the option being tried is about to be covered by it: not a dead end.)
    DeadEnd = 8,
}

/// What an option is to a viewer.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
#[repr(u8)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OptionState {
    /// One of its items is covered, and it is no branch of an open level.
    Hidden = 0,
    /// In the lists of all its items: it can still be chosen.
    Live = 1,
    /// In the partial solution.
    Tried = 2,
    /// A branch of an open level still to be tried.
    Pending = 3,
    /// A branch of an open level already tried and taken back.
    Spent = 4,
    /// Committed before the search started (a Sudoku's given): in every solution, chosen
    /// before the first step. Drawn as chosen, never as hidden.
    Given = 5,
}

/// The search as a viewer draws it.
#[derive(Clone, Default, PartialEq, Eq, Debug)]
pub struct Picture {
    /// Options left in each item's list (a covered item keeps the length it had when covered).
    pub len: Vec<u32>,
    /// [`ItemFlag`] bits of each item.
    pub flags: Vec<u8>,
    /// [`OptionState`] of each option, as a number.
    pub options: Vec<u8>,
    /// The colour each item is purified with (a problem with colours: an option of the
    /// partial solution gave it that colour), 0 for none.
    pub colours: Vec<u32>,
    /// The open levels, level 0 first.
    pub choices: Vec<Choice>,
}

impl Picture {
    pub fn of(search: &Search) -> Picture {
        let mut p = Picture::default();
        p.fill(search);
        p
    }

    /// Redraws `self` from the search, reusing its memory.
    pub fn fill(&mut self, search: &Search) {
        let m = search.matrix();
        let (items, options) = (m.items(), m.options());
        self.choices = search.choices();
        self.len.clear();
        self.len.extend((0..items).map(|i| m.len(i) as u32));
        self.flags.clear();
        self.flags
            .extend((0..items).map(|i| if m.is_covered(i) { ItemFlag::Covered as u8 } else { 0 }));
        self.colours.clear();
        self.colours.extend((0..items).map(|i| m.item_colour(i)));
        self.options.clear();
        let coloured = m.is_coloured();
        self.options.extend((0..options).map(|o| {
            // With colours, an option is hidden too by an item purified with another colour.
            let hidden = if coloured {
                m.blocked_by(o).is_some()
            } else {
                m.option_items(o).any(|i| self.flags[i] & ItemFlag::Covered as u8 != 0)
            };
            (if hidden { OptionState::Hidden } else { OptionState::Live }) as u8
        }));
        for &o in m.committed() {
            self.options[o as usize] = OptionState::Given as u8;
        }
        for (k, c) in self.choices.iter().enumerate() {
            let top = k + 1 == self.choices.len();
            self.flags[c.item as usize] |= ItemFlag::Chosen as u8 | if top { ItemFlag::Top as u8 } else { 0 };
            if !m.is_covered(c.item as usize) {
                continue; // X3 chose it, X4 has not covered it: its options are still live
            }
            for (j, &o) in c.branches.iter().enumerate() {
                self.options[o as usize] = match j.cmp(&c.at) {
                    std::cmp::Ordering::Less => OptionState::Spent,
                    std::cmp::Ordering::Equal if c.trying => OptionState::Tried,
                    _ => OptionState::Pending,
                } as u8;
            }
        }
        // The deepest level's branch being tried, or the next one to try: between the cover of
        // the chosen item and the try (and between a branch's take-back and the next try) the
        // cover hid that branch, so its other items may have no option left for a moment.
        // Trying it covers them: no dead end (the board framed one in red while the narration
        // said the branch was about to be tried).
        let tried = self
            .choices
            .last()
            .and_then(|c| c.branches.get(c.at))
            .map(|&o| o as usize);
        for i in 0..m.primary() {
            if self.flags[i] & ItemFlag::Covered as u8 == 0
                && self.len[i] == 0
                && !tried.is_some_and(|o| m.option_items(o).any(|j| j == i))
            {
                self.flags[i] |= ItemFlag::DeadEnd as u8;
            }
        }
    }
}

/// What a viewer has been shown, and what changed since.
#[derive(Clone, Default, Debug)]
pub struct Shown {
    now: Picture,
    before: Picture,
    changed_items: Vec<u32>,
    changed_options: Vec<u32>,
    all: bool,
}

impl Shown {
    pub fn new() -> Shown {
        Shown {
            all: true,
            ..Shown::default()
        }
    }

    /// Takes a new picture of the search and works out which items and options look
    /// different from the last one. Returns true when the viewer must redraw
    /// everything (the first picture, or after [`Shown::forget`]).
    pub fn refresh(&mut self, search: &Search) -> bool {
        std::mem::swap(&mut self.now, &mut self.before);
        self.now.fill(search);
        let (now, before) = (&self.now, &self.before);
        let all = self.all || now.len.len() != before.len.len() || now.options.len() != before.options.len();
        self.all = false;
        self.changed_items.clear();
        self.changed_options.clear();
        if all {
            self.changed_items.extend(0..now.len.len() as u32);
            self.changed_options.extend(0..now.options.len() as u32);
        } else {
            for i in 0..now.len.len() {
                if now.len[i] != before.len[i] || now.flags[i] != before.flags[i] || now.colours[i] != before.colours[i]
                {
                    self.changed_items.push(i as u32);
                }
            }
            for o in 0..now.options.len() {
                if now.options[o] != before.options[o] {
                    self.changed_options.push(o as u32);
                }
            }
        }
        all
    }

    /// The next refresh reports everything as changed.
    pub fn forget(&mut self) {
        self.all = true;
    }

    /// The picture taken by the last refresh.
    pub fn picture(&self) -> &Picture {
        &self.now
    }

    pub fn changed_items(&self) -> &[u32] {
        &self.changed_items
    }

    pub fn changed_options(&self) -> &[u32] {
        &self.changed_options
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact_cover::{Event, Matrix, Stepwise};
    use crate::sudoku::{dlx, Puzzle};

    /// A viewer's model folded from the events alone, as the page once kept it: an
    /// independent account of which options each cover hid, to check pictures against.
    struct Fold {
        options_of: Vec<Vec<usize>>,
        items_of: Vec<Vec<usize>>,
        covered: Vec<bool>,
        hidden_by: Vec<Option<usize>>,
        /// The options committed before the search (a Sudoku's givens).
        given: Vec<bool>,
        solution: Vec<usize>,
        /// (item, last option tried or None) per open level
        levels: Vec<(usize, Option<usize>)>,
    }

    impl Fold {
        fn new(m: &Matrix) -> Fold {
            let items_of: Vec<Vec<usize>> = (0..m.options()).map(|o| m.option_items(o).collect()).collect();
            let mut options_of = vec![vec![]; m.items()];
            for (o, its) in items_of.iter().enumerate() {
                for &i in its {
                    options_of[i].push(o);
                }
            }
            let mut f = Fold {
                options_of,
                items_of,
                covered: vec![false; m.items()],
                hidden_by: vec![None; m.options()],
                given: vec![false; m.options()],
                solution: vec![],
                levels: vec![],
            };
            for i in 0..m.items() {
                if m.is_covered(i) {
                    f.covered[i] = true;
                }
            }
            for o in 0..m.options() {
                if let Some(&i) = f.items_of[o].iter().find(|&&i| f.covered[i]) {
                    f.hidden_by[o] = Some(i);
                }
            }
            for &o in m.committed() {
                f.given[o as usize] = true;
            }
            f
        }
        fn apply(&mut self, e: Event) {
            match e {
                Event::Choose { item, .. } => self.levels.push((item as usize, None)),
                Event::Cover { item } => {
                    let i = item as usize;
                    self.covered[i] = true;
                    for &o in &self.options_of[i] {
                        if self.hidden_by[o].is_none() {
                            self.hidden_by[o] = Some(i);
                        }
                    }
                }
                Event::Uncover { item } => {
                    let i = item as usize;
                    self.covered[i] = false;
                    for &o in &self.options_of[i] {
                        if self.hidden_by[o] == Some(i) {
                            self.hidden_by[o] = None;
                        }
                    }
                    if self.levels.last().is_some_and(|l| l.0 == i) && self.solution.len() < self.levels.len() {
                        self.levels.pop(); // X7: the level ran out of options
                    }
                }
                Event::Try { option, level } => {
                    self.levels[level as usize].1 = Some(option as usize);
                    self.solution.push(option as usize);
                }
                Event::Untry { .. } => {
                    self.solution.pop();
                }
                // Sudoku has no colours.
                Event::DeadEnd { .. }
                | Event::Solution
                | Event::Done
                | Event::Purify { .. }
                | Event::Unpurify { .. } => {}
            }
        }
        fn expected(&self, o: usize) -> OptionState {
            if self.given[o] {
                return OptionState::Given;
            }
            let Some(h) = self.hidden_by[o] else {
                return OptionState::Live;
            };
            match self.levels.iter().position(|l| l.0 == h) {
                None => OptionState::Hidden,
                Some(k) => {
                    let last = self.levels[k].1;
                    if self.solution.get(k) == Some(&o) {
                        OptionState::Tried
                    } else if last.is_some_and(|t| o <= t) {
                        OptionState::Spent
                    } else {
                        OptionState::Pending
                    }
                }
            }
        }
        fn check(&self, p: &Picture, at: usize) {
            for o in 0..self.hidden_by.len() {
                assert_eq!(p.options[o], self.expected(o) as u8, "event {at}: option {o}");
            }
            for i in 0..self.covered.len() {
                assert_eq!(
                    p.flags[i] & ItemFlag::Covered as u8 != 0,
                    self.covered[i],
                    "event {at}: item {i}"
                );
                let live = self.options_of[i]
                    .iter()
                    .filter(|&&o| self.hidden_by[o].is_none())
                    .count();
                if !self.covered[i] {
                    assert_eq!(p.len[i] as usize, live, "event {at}: length of item {i}");
                }
            }
            let chosen: Vec<u32> = p.choices.iter().map(|c| c.item).collect();
            let folded: Vec<u32> = self.levels.iter().map(|l| l.0 as u32).collect();
            assert_eq!(chosen, folded, "event {at}: chosen items");
        }
    }

    const HARD: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn pictures_agree_with_an_independent_fold_of_the_events_forwards_and_back() {
        let puzzle: Puzzle = HARD.parse().unwrap();
        let mut search = dlx::start(&puzzle);
        let mut fold = Fold::new(search.matrix());
        let mut shown = Shown::new();
        assert!(shown.refresh(&search), "the first picture is all new");
        fold.check(shown.picture(), 0);
        let mut at = 0;
        let mut events = Vec::new();
        while at < 3000 && !search.is_done() {
            let mut e = Vec::new();
            search.step(&mut e);
            fold.apply(e[0]);
            events.push(e[0]);
            at += 1;
            let before = shown.picture().clone();
            assert!(!shown.refresh(&search));
            fold.check(shown.picture(), at);
            // What changed is exactly what differs.
            let p = shown.picture();
            for i in 0..p.len.len() {
                let differs = p.len[i] != before.len[i] || p.flags[i] != before.flags[i];
                assert_eq!(
                    differs,
                    shown.changed_items().contains(&(i as u32)),
                    "event {at}: item {i}"
                );
            }
            for o in 0..p.options.len() {
                let differs = p.options[o] != before.options[o];
                assert_eq!(
                    differs,
                    shown.changed_options().contains(&(o as u32)),
                    "event {at}: option {o}"
                );
            }
        }
        // Backwards, the pictures are those of the way forwards.
        let forward: Vec<Picture> = {
            let mut s = dlx::start(&puzzle);
            let mut out = vec![Picture::of(&s)];
            for _ in 0..at {
                s.step(&mut Stepwise);
                out.push(Picture::of(&s));
            }
            out
        };
        for k in (0..at).rev() {
            search.step_back(&mut Stepwise).unwrap();
            shown.refresh(&search);
            assert_eq!(shown.picture(), &forward[k], "back at event {k}");
        }
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn the_givens_options_are_chosen_before_the_search_at_its_start_throughout_and_at_a_solution() {
        // A 4×4 with 3 givens (r1c1 = 1, r3c3 = 1, r4c2 = 2) and several solutions.
        use crate::sudoku::{Alphabet, Board, Puzzle, Shape};
        let line = "1.........1..2..";
        let board = Board::parse(Shape::FOUR, Alphabet::Digits, line).unwrap();
        let puzzle = Puzzle::new(board).unwrap();
        let givens: Vec<usize> = line
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b != b'.')
            .map(|(c, b)| Shape::FOUR.option(c, b - b'0'))
            .collect();
        assert_eq!(givens.len(), 3);
        let mut search = dlx::start(&puzzle);
        assert_eq!(
            search.matrix().committed(),
            givens.iter().map(|&o| o as u32).collect::<Vec<_>>()
        );
        let states = |p: &Picture| -> Vec<usize> {
            (0..p.options.len())
                .filter(|&o| p.options[o] == OptionState::Given as u8)
                .collect()
        };
        assert_eq!(states(&Picture::of(&search)), givens, "at the start");
        let mut e = Vec::new();
        while !search.is_done() {
            e.clear();
            search.step(&mut e);
            let p = Picture::of(&search);
            assert_eq!(states(&p), givens, "after {e:?}");
            if e.contains(&Event::Solution) {
                // One option per cell: the givens' and the ones tried, all chosen.
                let chosen = p
                    .options
                    .iter()
                    .filter(|&&s| s == OptionState::Given as u8 || s == OptionState::Tried as u8)
                    .count();
                assert_eq!(chosen, 16, "a solution chooses an option for each of the 16 cells");
            }
        }
        // A search without commits (Knuth's example) has no given.
        let s = crate::exact_cover::Search::new(crate::exact_cover::knuth_example());
        assert!(s.matrix().committed().is_empty());
        assert!(states(&Picture::of(&s)).is_empty());
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn an_item_flagged_as_a_dead_end_is_the_dead_end_the_search_reports_next() {
        // Going forwards, a picture's dead end is one the search's next X3 finds: the next
        // Choose or DeadEnd is a DeadEnd. (While it backs up, the
        // dead end it reported stays flagged until the uncovers reach it: not checked.)
        let puzzle: Puzzle = HARD.parse().unwrap();
        let mut search = dlx::start(&puzzle);
        let mut dead = Vec::new(); // each picture's flagged items
        let mut events = Vec::new();
        while events.len() < 3000 && !search.is_done() {
            let p = Picture::of(&search);
            dead.push(
                (0..p.flags.len())
                    .filter(|&i| p.flags[i] & ItemFlag::DeadEnd as u8 != 0)
                    .collect::<Vec<_>>(),
            );
            let mut e = Vec::new();
            search.step(&mut e);
            events.push(e[0]);
        }
        let mut checked = 0;
        for (k, flagged) in dead.iter().enumerate().filter(|(_, d)| !d.is_empty()) {
            let next = events[k..].iter().find(|e| {
                matches!(
                    e,
                    Event::Choose { .. } | Event::DeadEnd { .. } | Event::Uncover { .. } | Event::Untry { .. }
                )
            });
            match next {
                // (the search may find another first: its try can empty an item before it)
                Some(Event::DeadEnd { .. }) => {}
                Some(Event::Choose { .. }) => {
                    panic!("event {k}: items {flagged:?} flagged as dead ends, then {next:?}")
                }
                _ => continue,
            }
            checked += 1;
        }
        assert!(checked > 10, "{checked} dead ends seen coming");
    }

    #[cfg_attr(not(target_arch = "wasm32"), test)]
    #[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
    fn a_dead_end_is_flagged_and_a_chosen_item_is_on_top() {
        // Items 0, 1; option {0} only: item 1 has no option, a dead end at once.
        let mut m = Matrix::new(2, 0);
        m.add_option(&[0]).unwrap();
        let mut s = crate::exact_cover::Search::new(m);
        let p = Picture::of(&s);
        assert_eq!(p.flags[1], ItemFlag::DeadEnd as u8);
        assert_eq!(p.flags[0], 0);
        let mut e = Vec::new();
        s.step(&mut e);
        assert_eq!(e, [Event::DeadEnd { item: 1 }]);
        // Knuth's example: after Choose and Cover of item 0, its options are the pending branches.
        let mut s = crate::exact_cover::Search::new(crate::exact_cover::knuth_example());
        s.step(&mut Stepwise);
        let p = Picture::of(&s);
        assert_eq!(p.flags[0], ItemFlag::Chosen as u8 | ItemFlag::Top as u8);
        assert_eq!(p.options[1], OptionState::Live as u8, "chosen, not yet covered");
        s.step(&mut Stepwise);
        let p = Picture::of(&s);
        assert_eq!(p.options[1], OptionState::Pending as u8);
        assert_eq!(p.options[3], OptionState::Pending as u8);
        assert_eq!(p.options[0], OptionState::Live as u8);
        assert_eq!(p.choices[0].branches, [1, 3]);
        s.step(&mut Stepwise); // try option 1
        let p = Picture::of(&s);
        assert_eq!(
            (p.options[1], p.options[3]),
            (OptionState::Tried as u8, OptionState::Pending as u8)
        );
        assert_eq!((p.choices[0].at, p.choices[0].trying), (0, true));
    }
}
