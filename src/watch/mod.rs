//! The search as the page watches it ([`Watch`]): one exact-cover search stepped forwards and
//! backwards, one event or many at a time; the one observer (`Feed`) that hands each event
//! to the batch's words ([`events`]) and to the search tree ([`crate::tree`]); the picture a
//! viewer last took of it ([`Shown`]); the names of its items and colours; the drawing of a
//! workbench problem's placements; and what the last run did. Pure Rust, tested natively
//! (`tests.rs` and `tests/view.rs`: what the page reads; `stream_tests.rs`: the stream against
//! the events themselves); the wasm class `Trace` (`src/wasm/trace.rs`) only converts its
//! arguments and results.
//!
//! It never keeps the events it has handed out: going back uses [`Search::step_back`], which
//! undoes an event from the search's state alone, so an empty grid (about 6.7×10²¹ solutions)
//! streams forever in constant memory.
//!
//! Arrays come out as the page reads them: events two words each ([`events`]), the tree as
//! [`TreeHeader`](crate::tree::TreeHeader) and [`TreeWord`](crate::tree::TreeWord) lay it out,
//! open levels five numbers each.

pub mod events;

use crate::dlx1::pictures::Drawing;
use crate::dlx1::Problem;
use crate::exact_cover::{Counters, Event, Matrix, Observer, Search, Step, Stepwise};
use crate::formats::any::any_puzzle;
use crate::sudoku::{dlx, Alphabet, Puzzle, Shape};
use crate::tree::Tree;
use crate::view::{Picture, Shown};
use events::{encode, fields, Kind};

/// Batches are capped so that one call never holds the page for long.
pub const MAX_BATCH: usize = 1 << 20;
/// The node arrays are handed out for matrices small enough to draw.
pub const MAX_DRAWN_NODES: usize = 4096;
/// The most items a problem built from numbers may have.
pub const MAX_ITEMS: u64 = 1 << 20;

/// A search being watched, and what a viewer reads of it.
#[derive(Clone, Debug)]
pub struct Watch {
    search: Search,
    /// The event that brought the search where it is (`None` at the start).
    last: Option<Event>,
    /// After a movement backwards, the line of Algorithm X whose event it undid last (the
    /// event a step forward would do again); `None` after a movement forwards.
    undone: Option<Step>,
    /// The search tree so far, grown and cut back by the same events.
    tree: Tree,
    shown: Shown,
    /// Item names of a generic problem (numbers if it has none); `None` for Sudoku.
    names: Option<Vec<String>>,
    /// The names of a problem's colours (DLX2's `item:colour`), colour 1 first; empty for none.
    colours: Vec<String>,
    /// The size of a Sudoku search (9×9 for the others, whose names come from `names`).
    shape: Shape,
    givens: Option<String>,
    /// What the last `run`, `run_back` or `back_to` did.
    run: Run,
    /// The words of the last batch.
    buf: Vec<u32>,
    /// The picture of a workbench problem's placements, if one fits ([`Drawing::of`]).
    drawing: Option<Drawing>,
}

impl Watch {
    fn of(search: Search, names: Option<Vec<String>>) -> Watch {
        Watch {
            search,
            last: None,
            undone: None,
            tree: Tree::default(),
            shown: Shown::new(),
            names,
            colours: Vec::new(),
            shape: Shape::NINE,
            givens: None,
            run: Run::default(),
            buf: Vec::new(),
            drawing: None,
        }
    }

    /// The Sudoku search of a puzzle of any size, givens already committed
    /// ([`dlx::start`]); its givens are written in `alphabet`.
    pub fn sudoku(puzzle: &Puzzle, alphabet: Alphabet) -> Watch {
        let mut w = Watch::of(dlx::start(puzzle), None);
        w.shape = puzzle.shape();
        w.givens = Some(puzzle.givens().to_line(alphabet));
        w
    }

    /// The Sudoku search of exactly one puzzle of any size (4×4 to 25×25) in any format the
    /// page reads ([`any_puzzle`]), as the page makes it; the error names the line and cell.
    pub fn read_sudoku(text: &str) -> Result<Watch, String> {
        let (puzzle, alphabet) = any_puzzle(text)?;
        Ok(Watch::sudoku(&puzzle, alphabet))
    }

    /// The search of any exact-cover matrix, its items named by their numbers.
    pub fn of_matrix(matrix: Matrix) -> Watch {
        let names = (0..matrix.items()).map(|i| i.to_string()).collect();
        Watch::of(Search::new(matrix), Some(names))
    }

    /// The search of a generic exact-cover problem: items `0..primary` are primary, the next
    /// `secondary` secondary; each option a list of item numbers (or the error that reading
    /// it from the caller gave, reported as it comes); `names`, if given, one per item
    /// (else the items are named by their numbers).
    pub fn exact_cover(
        primary: usize,
        secondary: usize,
        options: impl IntoIterator<Item = Result<Vec<usize>, String>>,
        names: Option<Vec<String>>,
    ) -> Result<Watch, String> {
        // In u64: on wasm32 a usize sum can overflow.
        if primary as u64 + secondary as u64 > MAX_ITEMS {
            return Err(format!("too many items (at most {MAX_ITEMS})"));
        }
        let items = primary + secondary;
        let names = match names {
            None => (0..items).map(|i| i.to_string()).collect(),
            Some(n) if n.len() != items => return Err(format!("{} names for {items} items", n.len())),
            Some(n) => n,
        };
        let mut m = Matrix::new(primary, secondary);
        for option in options {
            m.add_option(&option?).map_err(|e| e.to_string())?;
        }
        Ok(Watch::of(Search::new(m), Some(names)))
    }

    /// The search of a problem in Knuth's DLX1 text format, with its names, colours and
    /// the drawing that fits it.
    pub fn cover(p: &Problem) -> Watch {
        let names = (0..p.items()).map(|i| p.item_name(i).to_owned()).collect();
        let mut w = Watch::of(Search::new(p.matrix().clone()), Some(names));
        w.colours = p.colour_names().to_vec();
        w.drawing = Drawing::of(p);
        w
    }

    /// Knuth's 7-item example from "Dancing Links": items A–G, six options, one solution.
    pub fn knuth() -> Watch {
        let names = ["A", "B", "C", "D", "E", "F", "G"].map(String::from).to_vec();
        Watch::of(Search::new(crate::exact_cover::knuth_example()), Some(names))
    }

    /// The size of a Sudoku search's grid (9×9 for the others).
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The picture of a workbench problem's placements, if one fits.
    pub fn drawing(&self) -> Option<&Drawing> {
        self.drawing.as_ref()
    }

    /// The givens as a line of the grid's cells (Sudoku searches only).
    pub fn givens(&self) -> Option<&str> {
        self.givens.as_deref()
    }

    /// The search itself, as it stands.
    pub fn search(&self) -> &Search {
        &self.search
    }

    pub fn matrix(&self) -> &Matrix {
        self.search.matrix()
    }

    pub fn counters(&self) -> Counters {
        self.search.counters()
    }

    /// The search tree so far ([`crate::tree`]).
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The search tree, its nodes from `from` on, laid out as [`Tree::words`] says.
    pub fn tree_words(&self, from: usize) -> Vec<u32> {
        self.tree.words(from)
    }

    /// Keeps at most `limit` nodes of the search tree (at least the root). Only before the
    /// search's first event: later, it does nothing.
    pub fn set_tree_limit(&mut self, limit: usize) {
        if self.search.is_at_start() {
            self.tree = Tree::with_limit(limit);
        }
    }

    // --- moving ------------------------------------------------------------------------------

    /// The next events, at most `max` (capped at [`MAX_BATCH`]; two words each); fewer only
    /// when the search ends.
    pub fn next_batch(&mut self, max: usize) -> &[u32] {
        self.buf.clear();
        let max = max.min(MAX_BATCH);
        let mut n = 0;
        let mut feed = Feed::new(Some(&mut self.buf), Some(&mut self.tree));
        while n < max && !self.search.is_done() {
            self.search.step(&mut feed);
            n += 1;
        }
        let last = feed.last;
        self.learn_done(last);
        &self.buf
    }

    /// Undoes at most `max` events (capped at [`MAX_BATCH`]) and returns them, most recent
    /// first, in the same words; fewer only at the start.
    pub fn prev_batch(&mut self, max: usize) -> &[u32] {
        let mut words = std::mem::take(&mut self.buf);
        words.clear();
        let max = max.min(MAX_BATCH);
        let mut n = 0;
        while n < max && self.back(Some(&mut words)).is_some() {
            n += 1;
        }
        if n > 0 {
            self.learn_undone();
            self.learn_last();
        }
        self.buf = words;
        &self.buf
    }

    /// Runs at most `max` events, stopping right after one whose kind is in `stop_after`
    /// (a set of [`Kind::bit`]s), or at the end of the search.
    pub fn run(&mut self, max: u64, stop_after: u32) -> Run {
        self.run = self.forward(max, stop_after);
        self.run
    }

    /// Undoes at most `max` events, stopping at the start, or before undoing a second
    /// event whose kind is in `stop_before`: that event stays done, and is the last.
    /// (So "back to the previous Try" undoes the events after the Try before the last.)
    pub fn run_back(&mut self, max: u64, stop_before: u32) -> Run {
        self.run = self.undo(max, |e, _, undone| undone > 0 && stop_before & Kind::of(e).bit() != 0);
        self.run
    }

    /// Undoes at most `max` events, stopping at the moment right after the search tried the
    /// last option of `path` (options from level 0 down) with the others above it: the moment
    /// of a tree node made again from a fold, whose event count was not kept. Stops at the
    /// start if no such moment lies behind (then `stopped` is true and the search is at its
    /// start); else `stopped` says whether it was found.
    pub fn back_to(&mut self, path: &[u32], max: u64) -> Run {
        self.run = match path.split_last() {
            None => Run::default(), // the root: no Try to stop after
            Some((&last, above)) => {
                let tried = Event::Try {
                    option: last,
                    level: above.len() as u32,
                };
                self.undo(max, |e, search, _| {
                    e == tried && search.solution().eq(above.iter().map(|&o| o as usize))
                })
            }
        };
        self.run
    }

    /// Runs up to `max` events without reporting them, stopping after a solution or at
    /// the end. Returns how many ran.
    pub fn skip(&mut self, max: u64) -> u64 {
        self.run(max, Kind::Solution.bit()).events
    }

    /// What the last `run`, `run_back` or `back_to` did.
    pub fn last_run(&self) -> Run {
        self.run
    }

    /// The event that brought the search where it is (`None` at the start).
    pub fn last(&self) -> Option<Event> {
        self.last
    }

    /// The last event's kind, `a` and `b` fields ([`events`]), or `(-1, 0, 0)` at the start.
    pub fn last_fields(&self) -> (i32, u32, u32) {
        self.last.map_or((-1, 0, 0), |e| {
            let (a, b) = fields(e);
            (Kind::of(e) as i32, a, b)
        })
    }

    /// The line of Algorithm X that did the last event ([`Step::Start`] at the start).
    pub fn step(&self) -> Step {
        self.search.step_of(self.last)
    }

    /// After a movement backwards, the line of Algorithm X whose event it undid last (the
    /// event that a step forward does again); `None` after a movement forwards.
    pub fn undone(&self) -> Option<Step> {
        self.undone
    }

    /// The event a step forward would do next (`None` at the end), the search left as it was:
    /// its moment, its last event, what a step back undid, its tree. (Predict mode asks the
    /// student for it before the search does it: the answer is the search's own next move.)
    pub fn peek(&mut self) -> Option<Event> {
        let (last, undone) = (self.last, self.undone);
        // Through `forward`, as `learn_undone`: no second copy of the search's step in wasm.
        let next = match self.forward(1, 0).events {
            0 => None,
            _ => {
                let e = self.last;
                self.back(None);
                self.learn_last();
                e
            }
        };
        (self.last, self.undone) = (last, undone);
        next
    }

    /// Runs up to `max` events (see [`Watch::run`]), feeding each to the tree.
    fn forward(&mut self, max: u64, stop_after: u32) -> Run {
        let mut depth = (self.search.depth(), self.search.depth());
        let mut run = Run::default();
        let mut feed = Feed::new(None, Some(&mut self.tree));
        while run.events < max {
            if self.search.is_done() {
                run.stopped = true;
                break;
            }
            self.search.step(&mut feed);
            run.events += 1;
            let d = self.search.depth();
            depth = (depth.0.min(d), depth.1.max(d));
            if feed.last.is_some_and(|e| stop_after & Kind::of(e).bit() != 0) {
                run.stopped = true;
                break;
            }
        }
        let last = feed.last;
        self.learn_done(last);
        (run.min_depth, run.max_depth) = depth;
        run
    }

    /// After a movement forwards: its last event, if it did one.
    fn learn_done(&mut self, last: Option<Event>) {
        if last.is_some() {
            self.last = last;
            self.undone = None;
        }
    }

    /// Undoes the last event, feeding it to the tree and to `words` if given; `None` at the
    /// start.
    fn back(&mut self, words: Option<&mut Vec<u32>>) -> Option<Event> {
        let e = self.search.step_back(&mut Stepwise)?;
        Feed::new(words, Some(&mut self.tree)).undone(e, &self.search);
        Some(e)
    }

    /// Undoes up to `max` events, stopping at the start or where `stop(event, search after
    /// undoing it, events undone before it)` says so: that event is done again and stays the
    /// last.
    fn undo(&mut self, max: u64, mut stop: impl FnMut(Event, &Search, u64) -> bool) -> Run {
        let mut depth = (self.search.depth(), self.search.depth());
        let mut run = Run::default();
        while run.events < max {
            let Some(e) = self.search.step_back(&mut Stepwise) else {
                run.stopped = true;
                break;
            };
            if stop(e, &self.search, run.events) {
                self.redo(); // it is where we stop
                run.stopped = true;
                break;
            }
            Feed::new(None, Some(&mut self.tree)).undone(e, &self.search);
            run.events += 1;
            let d = self.search.depth();
            depth = (depth.0.min(d), depth.1.max(d));
        }
        if run.events > 0 {
            self.learn_undone();
        }
        self.learn_last();
        (run.min_depth, run.max_depth) = depth;
        run
    }

    /// Finds the line of the event just undone: one step forward, where [`Search::step_of`]
    /// reads it, and back again. (Back again can leave the search at the same moment told
    /// another way: after a level's end, an untry one level up that is yet to come rather
    /// than the level's end just passed. [`Watch::learn_last`], a step back and forward,
    /// puts it as a step forward leaves it: call that after this.)
    fn learn_undone(&mut self) {
        // Through `forward`, not a `step` of its own: each call of `step` inlines the whole
        // search (18 KB of wasm), and `forward` has it already.
        self.undone = match self.forward(1, 0).events {
            0 => None,
            _ => {
                let undone = self.step();
                self.back(None);
                Some(undone)
            }
        };
    }

    /// Finds the last event from the search's state: one step back and forward again.
    fn learn_last(&mut self) {
        self.last = self.search.step_back(&mut Stepwise);
        if self.last.is_some() {
            self.redo();
        }
    }

    /// Does again the event just undone, unseen by the tree (which did not see its undoing).
    /// Through the one [`Feed`], fed nothing, not [`Stepwise`]: in wasm each observer's copy
    /// of the search's loop is 18 KB of the module.
    fn redo(&mut self) {
        self.search.step(&mut Feed::new(None, None));
    }

    // --- what a viewer draws -----------------------------------------------------------------

    /// Takes a picture of the search, and works out what changed since the last one; true
    /// when everything must be redrawn (the first picture, or after `forget`).
    pub fn refresh(&mut self) -> bool {
        self.shown.refresh(&self.search)
    }

    /// The next `refresh` reports every item and option as changed.
    pub fn forget(&mut self) {
        self.shown.forget();
    }

    /// The picture of the last `refresh`.
    pub fn picture(&self) -> &Picture {
        self.shown.picture()
    }

    pub fn changed_items(&self) -> &[u32] {
        self.shown.changed_items()
    }

    pub fn changed_options(&self) -> &[u32] {
        self.shown.changed_options()
    }

    /// The open levels at the last `refresh`, level 0 first, five numbers each: the item
    /// chosen, the option tried (or 2^32 − 1 between tries), its rank among the item's
    /// branches (from 1; one past the last when none is left), how many branches there
    /// are, and 1 while the option is in the partial solution.
    pub fn choices(&self) -> Vec<u32> {
        self.picture()
            .choices
            .iter()
            .flat_map(|c| {
                let option = if c.trying { c.branches[c.at] } else { u32::MAX };
                [
                    c.item,
                    option,
                    c.at as u32 + 1,
                    c.branches.len() as u32,
                    u32::from(c.trying),
                ]
            })
            .collect()
    }

    /// The branches of the open level `level` at the last `refresh`, top to bottom.
    pub fn branches(&self, level: usize) -> Result<&[u32], String> {
        let choices = &self.picture().choices;
        choices
            .get(level)
            .map(|c| &c.branches[..])
            .ok_or_else(|| format!("level {level} is not open ({} are)", choices.len()))
    }

    /// The options in an item's list, top to bottom: its live options, or for a covered
    /// item the ones its cover hid.
    pub fn item_options(&self, item: usize) -> Result<Vec<u32>, String> {
        let m = self.matrix();
        if item >= m.items() {
            return Err(format!("there is no item {item}"));
        }
        Ok(m.item_options(item).map(|o| o as u32).collect())
    }

    /// The items of an option, in node order.
    pub fn option_items(&self, option: usize) -> Result<Vec<u32>, String> {
        let m = self.matrix();
        if option >= m.options() {
            return Err(format!("there is no option {option}"));
        }
        Ok(m.option_items(option).map(|i| i as u32).collect())
    }

    /// An item's name: for Sudoku in words ("row 3 has 7"), else as given; "item 7" for
    /// a number that is no item.
    pub fn item_name(&self, item: usize) -> String {
        match &self.names {
            _ if item >= self.matrix().items() => format!("item {item}"),
            None => self.shape.describe_item(item),
            Some(names) => names[item].clone(),
        }
    }

    /// An option's name: for Sudoku "r3c4 = 7", else the names of its items, each with the
    /// colour the option gives it ("X:1"); "option 6" for a number that is no option.
    pub fn option_name(&self, option: usize) -> String {
        let m = self.matrix();
        match &self.names {
            _ if option >= m.options() => format!("option {option}"),
            None => self.shape.describe_option(option),
            Some(names) => m
                .option_items(option)
                .zip(m.option_colours(option))
                .map(|(i, c)| match c {
                    0 => names[i].clone(),
                    c => format!("{}:{}", names[i], self.colour_name(c)),
                })
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// The name of colour `colour` (from 1), as the problem's text gives it; "" for 0 or a
    /// colour the problem does not have.
    pub fn colour_name(&self, colour: u32) -> String {
        match colour {
            0 => String::new(),
            c => self.colours.get(c as usize - 1).cloned().unwrap_or_default(),
        }
    }

    /// The links of every node, four numbers each, `[up, down, top, right]` (`top` is 2^32 − 1
    /// for a spacer): nodes `0..items` head the items' lists; option nodes follow, with a
    /// spacer before, between and after the options. Only for matrices of at most
    /// [`MAX_DRAWN_NODES`] nodes.
    pub fn node_links(&self) -> Result<Vec<u32>, String> {
        let m = self.matrix();
        if m.node_options().len() > MAX_DRAWN_NODES {
            return Err(format!("too many nodes to draw (more than {MAX_DRAWN_NODES})"));
        }
        Ok(m.node_links().flatten().collect())
    }

    /// The horizontal list of items, `[prev, next]` for each item, then for the primary root
    /// (index `items`) and the secondary root (`items + 1`).
    pub fn item_links(&self) -> Vec<u32> {
        self.search().item_links().flat_map(|(p, n)| [p, n]).collect()
    }

    /// The options of the partial solution, level 0 first.
    pub fn solution(&self) -> Vec<u32> {
        self.search().solution().map(|o| o as u32).collect()
    }

    /// The items covered now (the givens' items included), in increasing order.
    pub fn covered_items(&self) -> Vec<u32> {
        let m = self.matrix();
        (0..m.items()).filter(|&i| m.is_covered(i)).map(|i| i as u32).collect()
    }
}

/// What a [`Watch::run`], [`Watch::run_back`] or [`Watch::back_to`] did.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Run {
    /// Events run (or undone).
    pub events: u64,
    /// True when it stopped for an event of the kinds asked, or at the end (or start)
    /// of the search; false when it ran the whole `max`.
    pub stopped: bool,
    /// The least and greatest depth (options in the partial solution) it passed.
    pub min_depth: usize,
    pub max_depth: usize,
}

/// The one observer of a watched search: it is handed each event once, as the search does it
/// or undoes it, and feeds everything that reads events: the batch's words (when a batch asks
/// for them), the tree (unless it saw the event already) and the last event done. (One type for
/// every way of stepping: in wasm each observer's copy of the search's loop is 18 KB.)
struct Feed<'a> {
    words: Option<&'a mut Vec<u32>>,
    tree: Option<&'a mut Tree>,
    /// The last event done since the feed began.
    last: Option<Event>,
}

impl<'a> Feed<'a> {
    fn new(words: Option<&'a mut Vec<u32>>, tree: Option<&'a mut Tree>) -> Feed<'a> {
        Feed {
            words,
            tree,
            last: None,
        }
    }

    /// An event the search just undid (`search` is the search after undoing it): its words, and
    /// the tree cut back.
    fn undone(&mut self, event: Event, search: &Search) {
        if let Some(words) = self.words.as_deref_mut() {
            words.extend_from_slice(&encode(event));
        }
        if let Some(tree) = self.tree.as_deref_mut() {
            tree.revert(event, search);
        }
    }
}

impl Observer for Feed<'_> {
    /// An event the search just did. Natively inlined into each event of the search's loop,
    /// where the event is known and most of the work folds away; in wasm one copy, called:
    /// inlined there, its tests and the tree's call at every event cost V8 more than they save.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn event(&mut self, event: Event) {
        if let Some(words) = self.words.as_deref_mut() {
            words.extend_from_slice(&encode(event));
        }
        if let Some(tree) = self.tree.as_deref_mut() {
            tree.apply(event);
        }
        self.last = Some(event);
    }
}

#[cfg(test)]
mod stream_tests;
#[cfg(test)]
mod tests;
