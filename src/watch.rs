//! The search as the page watches it: one exact-cover search stepped either way
//! ([`trace::Trace`]), its tree, the picture a viewer last took of it ([`Shown`]), the names of
//! its items and colours, the drawing of a workbench problem's placements, and what the last
//! run did. Pure Rust, tested natively; the wasm `Trace` (`src/wasm/trace.rs`) is a thin
//! wrapper that converts its arguments and results.
//!
//! Arrays come out as the page reads them: events two words each ([`crate::trace`]), the tree
//! as [`TreeHeader`](crate::tree::TreeHeader) and [`TreeWord`](crate::tree::TreeWord) lay it
//! out, open levels five numbers each.

use crate::dlx1::pictures::Drawing;
use crate::dlx1::Problem;
use crate::exact_cover::{Counters, Matrix};
use crate::sudoku::{Alphabet, Puzzle, Shape};
use crate::trace::{self, Kind, Run};
use crate::view::{Picture, Shown};

/// Batches are capped so that one call never holds the page for long.
pub const MAX_BATCH: usize = 1 << 20;
/// The node arrays are handed out for matrices small enough to draw.
pub const MAX_DRAWN_NODES: usize = 4096;
/// The most items a problem built from numbers may have.
pub const MAX_ITEMS: u64 = 1 << 20;

/// A search being watched, and what a viewer reads of it.
pub struct Watch {
    inner: trace::Trace,
    shown: Shown,
    /// Item names of a generic problem (numbers if it has none); `None` for Sudoku.
    names: Option<Vec<String>>,
    /// The names of a problem's colours (DLX2's `item:colour`), colour 1 first; empty for none.
    colours: Vec<String>,
    /// The size of a Sudoku search (9×9 for the others, whose names come from `names`).
    shape: Shape,
    givens: Option<String>,
    run: Run,
    buf: Vec<u32>,
    /// The picture of a workbench problem's placements, if one fits ([`Drawing::of`]).
    drawing: Option<Drawing>,
}

impl Watch {
    fn of(inner: trace::Trace, names: Option<Vec<String>>) -> Watch {
        Watch {
            inner,
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

    /// The Sudoku search of a puzzle of any size, givens already placed; its givens are
    /// written in `alphabet`.
    pub fn sudoku(puzzle: &Puzzle, alphabet: Alphabet) -> Watch {
        let mut w = Watch::of(trace::Trace::sudoku(puzzle), None);
        w.shape = puzzle.shape();
        w.givens = Some(puzzle.givens().to_line(alphabet));
        w
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
        Ok(Watch::of(trace::Trace::exact_cover(m), Some(names)))
    }

    /// The search of a problem in Knuth's DLX1 text format, with its names, colours and
    /// the drawing that fits it.
    pub fn cover(p: &Problem) -> Watch {
        let names = (0..p.items()).map(|i| p.item_name(i).to_owned()).collect();
        let mut w = Watch::of(trace::Trace::exact_cover(p.matrix().clone()), Some(names));
        w.colours = p.colour_names().to_vec();
        w.drawing = Drawing::of(p);
        w
    }

    /// Knuth's 7-item example from "Dancing Links": items A–G, six options, one solution.
    pub fn knuth() -> Watch {
        let names = ["A", "B", "C", "D", "E", "F", "G"].map(String::from).to_vec();
        Watch::of(
            trace::Trace::exact_cover(crate::exact_cover::knuth_example()),
            Some(names),
        )
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
    pub fn search(&self) -> &crate::exact_cover::Search {
        self.inner.search()
    }

    pub fn matrix(&self) -> &Matrix {
        self.inner.search().matrix()
    }

    pub fn counters(&self) -> Counters {
        self.inner.search().counters()
    }

    // --- moving ------------------------------------------------------------------------------

    /// The next events, at most `max` (capped at [`MAX_BATCH`]; two words each); fewer only
    /// when the search ends.
    pub fn next_batch(&mut self, max: usize) -> &[u32] {
        self.buf.clear();
        self.inner.next_batch(max.min(MAX_BATCH), &mut self.buf);
        &self.buf
    }

    /// Undoes at most `max` events (capped at [`MAX_BATCH`]) and returns them, most recent
    /// first; fewer only at the start.
    pub fn prev_batch(&mut self, max: usize) -> &[u32] {
        self.buf.clear();
        self.inner.prev_batch(max.min(MAX_BATCH), &mut self.buf);
        &self.buf
    }

    /// Runs at most `max` events, stopping right after one whose kind is in `stop_after`
    /// (bit `1 << kind`), or at the end: the events run ([`Watch::last_run`] tells the rest).
    pub fn run(&mut self, max: u64, stop_after: u32) -> u64 {
        self.run = self.inner.run(max, stop_after);
        self.run.events
    }

    /// Undoes at most `max` events, stopping at the start or before undoing a second event
    /// whose kind is in `stop_before` (which stays done and is the last event).
    pub fn run_back(&mut self, max: u64, stop_before: u32) -> u64 {
        self.run = self.inner.run_back(max, stop_before);
        self.run.events
    }

    /// Undoes at most `max` events, stopping right after the search tried the last option of
    /// `path` below the others (see [`trace::Trace::back_to`]).
    pub fn back_to(&mut self, path: &[u32], max: u64) -> u64 {
        self.run = self.inner.back_to(max, path);
        self.run.events
    }

    /// What the last `run`, `run_back` or `back_to` did.
    pub fn last_run(&self) -> Run {
        self.run
    }

    /// The event a step forward would do next, its two words in one (`a << 32 | first
    /// word`), or `u64::MAX` at the end; the search left where it is.
    pub fn peek(&mut self) -> u64 {
        self.inner.peek().map_or(u64::MAX, |e| {
            let [w, a] = trace::encode(e);
            u64::from(a) << 32 | u64::from(w)
        })
    }

    /// The last event's kind, `a` and `b` fields, or `(-1, 0, 0)` at the start.
    pub fn last(&self) -> (i32, u32, u32) {
        self.inner.last().map_or((-1, 0, 0), |e| {
            let (a, b) = trace::fields(e);
            (Kind::of(e) as i32, a, b)
        })
    }

    /// The line of Algorithm X that did the last event.
    pub fn algorithm_step(&self) -> u32 {
        self.inner.step() as u32
    }

    /// After a movement backwards, the line of Algorithm X whose event it undid last; -1
    /// after a movement forwards.
    pub fn undone_step(&self) -> i32 {
        self.inner.undone().map_or(-1, |s| s as i32)
    }

    /// The search tree, its nodes from `from` on ([`crate::tree::Tree::words`]).
    pub fn tree(&self, from: usize) -> Vec<u32> {
        self.inner.tree().words(from)
    }

    // --- what a viewer draws -----------------------------------------------------------------

    /// Takes a picture of the search, and works out what changed since the last one; true
    /// when everything must be redrawn (the first picture, or after `forget`).
    pub fn refresh(&mut self) -> bool {
        self.shown.refresh(self.inner.search())
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

    /// The links of every node, four numbers each, `[up, down, top, right]`; only for
    /// matrices of at most [`MAX_DRAWN_NODES`] nodes.
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

#[cfg(test)]
mod tests;
