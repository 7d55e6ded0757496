//! What a viewer reads after a `refresh`, tested natively: exactly what changed; each item's
//! list and each option's state against a viewer's model folded from the events and the
//! Sudoku numbering alone; the workbench's examples, colours and names; a 16×16 search; the
//! tree. The helpers are `super`'s (`tests.rs`).

use super::*;

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn refresh_reports_exactly_what_changed() {
    for puzzle in [HARD.to_string(), empty_grid(), IMPOSSIBLE.to_string()] {
        let mut t = sudoku(&puzzle);
        let (items, options) = (t.items() as usize, t.options() as usize);
        let everything = |t: &Watch| {
            assert_eq!(t.changed_items().to_vec(), (0..items as u32).collect::<Vec<_>>());
            assert_eq!(t.changed_options().to_vec(), (0..options as u32).collect::<Vec<_>>());
        };
        assert!(t.refresh(), "the first picture is all new");
        everything(&t);
        let picture = |t: &Watch| {
            (
                t.item_lengths().to_vec(),
                t.item_flags().to_vec(),
                t.option_states().to_vec(),
            )
        };
        let mut before = picture(&t);
        assert_eq!(
            (before.0.len(), before.1.len(), before.2.len()),
            (items, items, options)
        );
        let mut check = |t: &mut Watch, what: String| {
            assert!(!t.refresh(), "{what}: only the first refresh is all new");
            let now = picture(t);
            let items_differ: Vec<u32> = (0..items)
                .filter(|&i| now.0[i] != before.0[i] || now.1[i] != before.1[i])
                .map(|i| i as u32)
                .collect();
            let options_differ: Vec<u32> = (0..options)
                .filter(|&o| now.2[o] != before.2[o])
                .map(|o| o as u32)
                .collect();
            assert_eq!(t.changed_items().to_vec(), items_differ, "{what}: changedItems");
            assert_eq!(t.changed_options().to_vec(), options_differ, "{what}: changedOptions");
            before = now;
            !(items_differ.is_empty() && options_differ.is_empty())
        };
        // Forwards one event at a time, then in steps of 1 to 9 back and forth.
        let mut changes = 0;
        for k in 1..=300 {
            assert_eq!(t.next_batch(1).len(), 2);
            changes += usize::from(check(&mut t, format!("{puzzle}: event {k}")));
        }
        assert!(changes > 200, "most events change something: {changes}");
        for k in 1..=150usize {
            t.prev_batch(k % 9 + 1);
            check(&mut t, format!("{puzzle}: back {k}"));
            if k % 3 == 0 {
                t.next_batch(k % 5 + 1);
                check(&mut t, format!("{puzzle}: forward {k}"));
            }
        }
        // Nothing moved: nothing changed.
        check(&mut t, format!("{puzzle}: again"));
        assert_eq!((t.changed_items().len(), t.changed_options().len()), (0, 0));
        // After forget, everything again.
        t.forget();
        assert!(t.refresh());
        everything(&t);
        assert!(!t.refresh());
        assert_eq!((t.changed_items().len(), t.changed_options().len()), (0, 0));
    }
}

// ---------------------------------------------------------------------------------------------
// What each cover hid, from the events and the numbering alone

/// The 9×9 numbering as the page's tables hand it out ([`model::Tables`]).
struct Tables {
    items: usize,
    options: usize,
    t: model::Tables,
}

fn tables() -> Tables {
    Tables {
        items: 324,
        options: 729,
        t: model::Tables::of(Shape::NINE, Alphabet::Digits),
    }
}

impl Tables {
    fn option_items(&self, o: usize) -> &[u16] {
        &self.t.option_items[4 * o..4 * o + 4]
    }
    fn item_options(&self, i: usize) -> &[u16] {
        &self.t.item_options[9 * i..9 * i + 9]
    }
    /// The option placing `digit` (1..=9) in `cell`.
    fn option_of(&self, cell: usize, digit: u8) -> usize {
        let found: Vec<usize> = (0..self.options)
            .filter(|&o| usize::from(self.t.option_cell[o]) == cell && self.t.option_digit[o] == digit)
            .collect();
        assert_eq!(found.len(), 1, "one option places {digit} in cell {cell}");
        found[0]
    }
}

/// A viewer's model folded from the events and the numbering (`sudokuTables`) alone,
/// never reading the engine's links: an independent account to check the Watch against.
struct Fold {
    t: Tables,
    covered: Vec<bool>,
    /// For each option, the item whose cover hid it.
    hidden_by: Vec<Option<u32>>,
    /// The givens' options: chosen before the search.
    given: Vec<bool>,
    solution: Vec<u32>,
    /// The open levels, level 0 first: the item chosen, and the last option tried there.
    levels: Vec<(u32, Option<u32>)>,
}

impl Fold {
    fn new(givens: &str) -> Fold {
        let t = tables();
        let mut f = Fold {
            covered: vec![false; t.items],
            hidden_by: vec![None; t.options],
            given: vec![false; t.options],
            solution: vec![],
            levels: vec![],
            t,
        };
        for (cell, b) in givens.bytes().enumerate() {
            if b.is_ascii_digit() && b != b'0' {
                let o = f.t.option_of(cell, b - b'0');
                f.given[o] = true;
                for i in f.t.option_items(o).to_vec() {
                    f.cover(u32::from(i));
                }
            }
        }
        f
    }
    fn options_of(&self, item: u32) -> Vec<u32> {
        self.t
            .item_options(item as usize)
            .iter()
            .map(|&o| u32::from(o))
            .collect()
    }
    fn cover(&mut self, item: u32) {
        assert!(!self.covered[item as usize], "item {item} covered twice");
        self.covered[item as usize] = true;
        for o in self.options_of(item) {
            if self.hidden_by[o as usize].is_none() {
                self.hidden_by[o as usize] = Some(item);
            }
        }
    }
    fn uncover(&mut self, item: u32) {
        assert!(self.covered[item as usize], "item {item} uncovered but not covered");
        self.covered[item as usize] = false;
        for o in self.options_of(item) {
            if self.hidden_by[o as usize] == Some(item) {
                self.hidden_by[o as usize] = None;
            }
        }
    }
    fn apply(&mut self, (kind, a, b): Ev) {
        match kind {
            CHOOSE => self.levels.push((a, None)),
            COVER => self.cover(a),
            UNCOVER => {
                self.uncover(a);
                if self.levels.last().is_some_and(|l| l.0 == a) && self.solution.len() < self.levels.len() {
                    self.levels.pop(); // X7: the level ran out of options
                }
            }
            TRY => {
                assert_eq!(b as usize, self.solution.len(), "try at the next level");
                assert_eq!(b as usize + 1, self.levels.len(), "try at the open level");
                self.levels[b as usize].1 = Some(a);
                self.solution.push(a);
            }
            UNTRY => {
                assert_eq!(self.solution.pop(), Some(a));
                assert_eq!(b as usize, self.solution.len(), "untry at the top level");
            }
            _ => {}
        }
    }
    /// Takes back an event; the open levels are restored from before it.
    fn revert(&mut self, (kind, a, _): Ev, levels: &[(u32, Option<u32>)]) {
        match kind {
            COVER => self.uncover(a),
            UNCOVER => self.cover(a),
            TRY => assert_eq!(self.solution.pop(), Some(a)),
            UNTRY => self.solution.push(a),
            _ => {}
        }
        self.levels = levels.to_vec();
    }
    /// The options of an item still in its list: for a covered item, those its cover hid.
    fn list(&self, item: u32) -> Vec<u32> {
        let by = if self.covered[item as usize] { Some(item) } else { None };
        self.options_of(item)
            .into_iter()
            .filter(|&o| self.hidden_by[o as usize] == by)
            .collect()
    }
    fn expected_state(&self, o: usize) -> u8 {
        if self.given[o] {
            return OptionState::Given as u8;
        }
        let Some(h) = self.hidden_by[o] else {
            return OptionState::Live as u8;
        };
        (match self.levels.iter().position(|l| l.0 == h) {
            None => OptionState::Hidden,
            Some(k) => {
                let branches = self.list(h);
                let pos = |x: u32| branches.iter().position(|&b| b == x).unwrap();
                if self.solution.get(k) == Some(&(o as u32)) {
                    OptionState::Tried
                } else if self.levels[k].1.is_some_and(|t| pos(o as u32) <= pos(t)) {
                    OptionState::Spent
                } else {
                    OptionState::Pending
                }
            }
        }) as u8
    }
    /// The fold against what the Watch says of itself (after a refresh).
    fn check(&self, t: &mut Watch, at: usize) {
        t.refresh();
        let items = self.t.items;
        let covered: Vec<u32> = (0..items as u32).filter(|&i| self.covered[i as usize]).collect();
        assert_eq!(t.covered_items().to_vec(), covered, "event {at}: coveredItems");
        let lengths = t.item_lengths().to_vec();
        let flags = t.item_flags().to_vec();
        let states = t.option_states().to_vec();
        assert_eq!(
            (lengths.len(), flags.len(), states.len()),
            (items, items, self.t.options)
        );
        // The deepest level's branch being tried, or the next one it will try (between the
        // cover of its item, or a take-back, and the try): its items are no dead end.
        let tried = self.levels.last().and_then(|&(item, last)| {
            let o = if self.solution.len() == self.levels.len() {
                self.solution.last().copied()
            } else {
                let branches = self.list(item);
                let at = last.map_or(0, |t| branches.iter().position(|&b| b == t).unwrap() + 1);
                branches.get(at).copied()
            };
            o.map(|o| self.t.option_items(o as usize).to_vec())
        });
        for i in 0..items as u32 {
            let f = flags[i as usize];
            assert_eq!(
                f & ItemFlag::Covered as u8 != 0,
                self.covered[i as usize],
                "event {at}: item {i} covered?"
            );
            let level = self.levels.iter().position(|l| l.0 == i);
            assert_eq!(
                f & ItemFlag::Chosen as u8 != 0,
                level.is_some(),
                "event {at}: item {i} chosen?"
            );
            assert_eq!(
                f & ItemFlag::Top as u8 != 0,
                level.is_some_and(|k| k + 1 == self.levels.len()),
                "event {at}: item {i} on top?"
            );
            if !self.covered[i as usize] {
                let live = self.list(i);
                assert_eq!(
                    t.item_options(i as usize).unwrap().to_vec(),
                    live,
                    "event {at}: itemOptions({i})"
                );
                assert_eq!(lengths[i as usize] as usize, live.len(), "event {at}: itemLengths[{i}]");
                let dead = live.is_empty() && !tried.as_ref().is_some_and(|its| its.contains(&(i as u16)));
                assert_eq!(
                    f & ItemFlag::DeadEnd as u8 != 0,
                    dead,
                    "event {at}: item {i} a dead end?"
                );
            } else {
                assert_eq!(
                    f & ItemFlag::DeadEnd as u8,
                    0,
                    "event {at}: covered item {i} is no dead end"
                );
            }
        }
        for (o, &state) in states.iter().enumerate() {
            assert_eq!(state, self.expected_state(o), "event {at}: optionStates[{o}]");
        }
        assert_eq!(t.solution().to_vec(), self.solution, "event {at}: solution");
        assert_eq!(t.depth() as usize, self.solution.len());
        // The open levels: the item chosen, the option tried, its rank, the branches.
        let choices = t.choices().to_vec();
        assert_eq!(choices.len(), 5 * self.levels.len(), "event {at}: choices");
        let chosen: Vec<u32> = choices.chunks_exact(5).map(|c| c[0]).collect();
        let folded: Vec<u32> = self.levels.iter().map(|l| l.0).collect();
        assert_eq!(chosen, folded, "event {at}: chosen items");
        for (k, (c, &(item, last))) in choices.chunks_exact(5).zip(&self.levels).enumerate() {
            let branches = self.list(item);
            let pos = |x: u32| branches.iter().position(|&b| b == x).unwrap() as u32;
            let trying = k < self.solution.len();
            let (option, rank) = if trying {
                (self.solution[k], pos(self.solution[k]) + 1)
            } else {
                (u32::MAX, last.map_or(1, |t| pos(t) + 2))
            };
            assert_eq!(
                c,
                [item, option, rank, branches.len() as u32, u32::from(trying)],
                "event {at}: level {k} (item, option, rank, count, trying)"
            );
            assert_eq!(t.branches(k).unwrap().to_vec(), branches, "event {at}: branches({k})");
        }
        let open = self.levels.len();
        assert_eq!(err(t.branches(open)), format!("level {open} is not open ({open} are)"));
    }
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn which_options_a_cover_hid_follows_from_the_numbering() {
    for (puzzle, steps) in [
        (HARD.to_string(), 4_000usize),
        (empty_grid(), 2_000),
        (SIXTEEN_CLUES.to_string(), 2_000),
    ] {
        let mut t = sudoku(&puzzle);
        assert_eq!(t.primary(), 324, "every Sudoku item is primary");
        let mut fold = Fold::new(t.givens().unwrap());
        fold.check(&mut t, 0);
        let mut history = Vec::new();
        for at in 1..=steps {
            let batch = events_of(t.next_batch(1));
            assert_eq!(batch.len(), 1);
            let e = batch[0];
            assert_last(&t, Some(e), &format!("event {at}"));
            if e.0 == CHOOSE {
                // The choice is the first uncovered item with the fewest options (MRV).
                t.refresh();
                let lengths = t.item_lengths().to_vec();
                let min = (0..324)
                    .filter(|&i| !fold.covered[i])
                    .map(|i| lengths[i])
                    .min()
                    .unwrap();
                let first = (0..324).find(|&i| !fold.covered[i] && lengths[i] == min).unwrap();
                assert_eq!((e.1, e.2), (first as u32, min), "event {at}: choose");
            }
            history.push((e, fold.levels.clone()));
            fold.apply(e);
            fold.check(&mut t, at);
        }
        // And backwards: each prevBatch event reverted from the fold matches the Watch again.
        for at in (steps / 2..steps).rev() {
            let back = events_of(t.prev_batch(1));
            let (e, levels) = &history[at];
            assert_eq!(back, vec![*e], "step back {at}");
            assert_last(&t, Some(history[at - 1].0), &format!("back at {at}"));
            fold.revert(back[0], levels);
            fold.check(&mut t, at);
        }
    }
}
// ---------------------------------------------------------------------------------------------
// Any exact-cover problem in Knuth's DLX1 format (the page's workbench)

/// Counts the solutions of a trace by running it to the end.
fn run_out(t: &mut Watch) -> u64 {
    while !t.done() {
        t.run(1_000_000, 0);
    }
    t.solutions()
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn cover_examples_have_their_known_counts_in_the_page_s_engine() {
    for (name, arg, items, options, count) in [
        ("queens", Some("4"), 4 + 4 + 7 + 7, 16, 2),
        ("queens", Some("5"), 5 + 5 + 9 + 9, 25, 10),
        ("queens", Some("8"), 8 + 8 + 15 + 15, 64, 92),
        ("langford", Some("3"), 3 + 6, 9, 2),
        ("langford", Some("4"), 4 + 8, 18, 2),
        ("pentominoes", Some("3x5"), 3 + 15, 44, 4),
        ("pentominoes", Some("3x20"), 12 + 60, 0, 8),
        ("knuth", None, 7, 6, 1),
    ] {
        let text = example(name, arg);
        assert!(text.starts_with("| "), "{name}: a comment says what it is");
        let checked = Problem::parse(&text).expect("no error");
        assert_eq!(checked.items(), items, "{name}");
        if options > 0 {
            assert_eq!(checked.options(), options, "{name}");
        }
        let mut t = cover(&text);
        assert_eq!(t.items() as usize, items, "{name}");
        assert_eq!(run_out(&mut t), count, "{name} {arg:?}");
        // Back to the start by undoing, and the same count again.
        while !t.at_start() {
            t.run_back(1_000_000, 0);
        }
        assert_eq!((t.solutions(), t.events()), (0, 0), "{name}");
        assert_eq!(run_out(&mut t), count, "{name}, second time");
    }
}

/// A problem with colours (DLX2's example) steps forwards and backwards: its options named with
/// their colours, a purified item's colour in `itemColours` while an option gives it one (and
/// gone when stepped back), DLX2's cleansings, and its one solution.
#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_colour_problem_steps_both_ways_showing_each_item_s_colour() {
    let text = "A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n";
    let mut t = cover(text);
    assert!(t.coloured());
    assert_eq!(t.option_name(1), "A C X:1 Y:1");
    let mut seen = Vec::new();
    while !t.done() {
        t.next_batch(1);
        t.refresh();
        let colours = t.item_colours().to_vec();
        if colours[3] != 0 {
            seen.push(t.colour_name(colours[3]));
        }
    }
    assert_eq!((t.solutions(), t.cleansings()), (1, 5));
    assert!(
        seen.contains(&"0".to_string()) && seen.contains(&"1".to_string()),
        "{seen:?}"
    );
    while !t.at_start() {
        t.prev_batch(1);
    }
    t.refresh();
    assert!(t.item_colours().to_vec().iter().all(|&c| c == 0));
    assert_eq!(t.cleansings(), 0);
    // The graceful example of the gallery: K3's 6 labellings.
    let mut g = cover(&example("graceful", Some("K3")));
    assert_eq!(run_out(&mut g), 6);
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_dlx1_text_names_items_and_options_as_written() {
    let text = example("queens", Some("4"));
    let t = cover(&text);
    assert_eq!((t.items(), t.primary(), t.options()), (22, 8, 16));
    assert_eq!(t.item_name(0), "r0");
    assert_eq!(t.item_name(8), "a0");
    assert_eq!(t.option_name(1), "r0 c1 a1 b2");
    // Knuth's example read as text is the engine's own example, event for event.
    let mut k = cover(&example("knuth", None));
    let mut h = Watch::knuth();
    assert_eq!(k.item_name(0), "a");
    assert_eq!(k.option_name(0), "c e f");
    assert_eq!(k.node_links().unwrap().to_vec(), h.node_links().unwrap().to_vec());
    loop {
        let (a, b) = (k.next_batch(1).to_vec(), h.next_batch(1).to_vec());
        assert_eq!(a, b);
        if a.is_empty() {
            break;
        }
    }
    assert_eq!(k.events(), 41);
}

/// POJ 3076's sample (16×16, letters A–P, `-` blank) and its answer, as one line each.
const POJ3076: &str = include_str!("../../../tests/data/poj3076.in");
const POJ3076_OUT: &str = include_str!("../../../tests/data/poj3076.out");

fn one_line(grid: &str) -> String {
    grid.split_whitespace().collect()
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_16x16_trace_runs_to_its_solution_and_back_with_16x16_names() {
    let mut t = sudoku(POJ3076);
    assert_eq!((t.shape().side(), t.items(), t.options()), (16, 1024, 4096));
    assert_eq!(t.givens().unwrap(), one_line(POJ3076).replace('-', "."));
    assert_eq!(t.item_name(1023), "box 16 has P");
    assert_eq!(t.option_name(17 * 16 + 15), "r2c2 = P");
    t.run(1_000_000_000, 1 << EventKind::Solution as u32);
    assert_eq!(t.solutions(), 1);
    // The partial solution plus the givens is the answer.
    let sixteen = Shape::of_side(16).unwrap();
    let tables = model::Tables::of(sixteen, Alphabet::default_for(sixteen));
    let (cells, digits) = (tables.option_cell, tables.option_digit);
    let mut grid: Vec<char> = t.givens().unwrap().chars().collect();
    for o in t.solution().to_vec() {
        grid[cells[o as usize] as usize] = char::from(b'A' + digits[o as usize] - 1);
    }
    assert_eq!(grid.into_iter().collect::<String>(), one_line(POJ3076_OUT));
    t.run_back(1_000_000_000, 0);
    assert!(t.at_start());
    let small = sudoku("1..4..3.........");
    assert_eq!((small.shape().side(), small.items(), small.options()), (4, 64, 64));
    assert_eq!(small.item_name(16), "row 1 has 1");
}

// ---------------------------------------------------------------------------------------------
// The search tree

/// `Watch::tree(from)` split into its header, its path and its nodes (eleven words each), as
/// [`TreeHeader`] and [`TreeWord`] lay it out.
fn tree_of(t: &Watch, from: usize) -> (u32, u32, Vec<u32>, Vec<[u32; 11]>) {
    assert_eq!(TreeWord::Words as usize, 11);
    let w = t.tree_words(from);
    let path_len = w[TreeHeader::PathLength as usize] as usize;
    let path_at = TreeHeader::Path as usize;
    let path = w[path_at..path_at + path_len].to_vec();
    let nodes = w[path_at + path_len..]
        .chunks_exact(TreeWord::Words as usize)
        .map(|c| c.try_into().unwrap())
        .collect();
    (w[TreeHeader::Size as usize], w[TreeHeader::Folds as usize], path, nodes)
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn the_tree_follows_the_search_both_ways() {
    const NONE: u32 = u32::MAX;
    let mut t = knuth();
    assert_eq!(
        tree_of(&t, 0),
        (1, 0, vec![0], vec![[NONE, NONE, NONE, 0, 0, 0, 0, 0, 0, 0, 0]])
    );
    // Forward to the dead end: a (2 branches), "a d g" (option 1), b (1 branch), "b c f"
    // (option 2), dead on e; the path is root, "a d g", "b c f".
    t.run(1_000_000, 1 << EventKind::DeadEnd as u32);
    let (size, folds, path, nodes) = tree_of(&t, 0);
    assert_eq!((size, folds, path), (3, 0, vec![0, 1, 2]));
    assert_eq!(
        nodes,
        [
            [NONE, NONE, 0, 2, 0, 0, 0, 1, 0, 0, 0],
            [0, 1, 1, 1, 0, 3, 0, 1, 0, 0, 0],
            [1, 2, 4, 0, 1, 8, 0, 0, 0, 0, 0]
        ]
    );
    assert_eq!(tree_of(&t, 2).3, nodes[2..], "from a node on");
    assert_eq!(t.nodes() as u32 + 1, size);
    // To the end: six nodes, one solution; then back to event 8, the tree of event 8.
    run_out(&mut t);
    let (size, _, path, nodes) = tree_of(&t, 0);
    assert_eq!((size, path), (6, vec![0]));
    assert_eq!(
        nodes.iter().filter(|n| n[TreeWord::End as usize] == 2).count() as u64,
        t.solutions()
    );
    assert_eq!(
        nodes.iter().filter(|n| n[TreeWord::End as usize] == 1).count() as u64,
        t.dead_ends()
    );
    t.run_back(t.events() - 8, 0);
    let (size, _, path, nodes) = tree_of(&t, 0);
    assert_eq!(
        (size, path, nodes[2]),
        (3, vec![0, 1, 2], [1, 2, NONE, 0, 0, 8, 0, 0, 0, 0, 0])
    );
    assert_eq!(t.prev_batch(5).len(), 10, "five events, two words each");
    assert_eq!(tree_of(&t, 0).0, 2, "\"b c f\" undone");
}

#[cfg_attr(not(target_arch = "wasm32"), test)]
#[cfg_attr(target_arch = "wasm32", wasm_bindgen_test::wasm_bindgen_test)]
fn a_big_tree_folds_into_counts_that_add_up_to_the_searchs() {
    // The empty grid's search tries options without end: past 2^14 nodes kept, the finished
    // branches fold into their top nodes' counts (words 8-10 of a node).
    let mut t = sudoku(&empty_grid());
    // (To the first fold only: in a debug build under chromedriver, a test that runs for
    // tens of seconds on a loaded machine lets the driver time out on the page.)
    while tree_of(&t, 0).1 < 1 {
        t.run(20_000, 0);
        assert!(t.events() < 5_000_000, "the tree folds");
    }
    t.run(1234, 0);
    let (size, _, path, nodes) = tree_of(&t, 0);
    assert!(size <= 1 << 14 | 128, "{size} nodes kept");
    assert_eq!(nodes.len() as u32, size);
    // Each node, kept or folded into word `k`, that `is` counts.
    let sum = |k: usize, is: &dyn Fn(&[u32; 11]) -> bool| {
        nodes.iter().map(|n| u64::from(n[k]) + u64::from(is(n))).sum::<u64>()
    };
    assert_eq!(
        sum(TreeWord::BelowNodes as usize, &|_| true),
        t.nodes() + 1,
        "nodes kept and folded (and the root)"
    );
    assert_eq!(
        sum(TreeWord::BelowDeadEnds as usize, &|n| n[TreeWord::End as usize] == 1),
        t.dead_ends(),
        "dead ends"
    );
    assert_eq!(
        sum(TreeWord::BelowSolutions as usize, &|n| n[TreeWord::End as usize] == 2),
        t.solutions(),
        "solutions"
    );
    assert!(
        nodes.iter().any(|n| n[TreeWord::BelowNodes as usize] > 0),
        "some nodes hold folded counts"
    );
    assert_eq!(path.len() as u32, t.depth() + 1);
}
