//! `Trace`, the JS class of the watched search: a thin layer over [`Watch`], which holds
//! everything (the search, its events, its tree, the picture shown, the names) and is tested
//! natively. Here only arguments and results are converted: typed arrays, numbers a JS caller
//! may get wrong, and errors as JS `Error`s. (The workbench's picture, `drawing`, is in
//! [`super::cover`]; `prevBatch` and `cleansings`, which only tests call, in `bench`.)

use super::{count_arg, js_error, text};
use crate::dlx1::Problem;
use crate::watch::events::encode;
use crate::watch::Watch;
use js_sys::{Array, Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

/// A search being watched ([`Watch`]), as JavaScript holds it.
#[wasm_bindgen]
pub struct Trace {
    pub(super) watch: Watch,
}

#[wasm_bindgen]
impl Trace {
    // --- making one ---------------------------------------------------------------------------

    /// The Sudoku search of `puzzle` (one puzzle, any format and size), givens already placed.
    #[wasm_bindgen(constructor)]
    pub fn new(puzzle: &JsValue) -> Result<Trace, JsError> {
        let watch = Watch::read_sudoku(&text(puzzle, "puzzle")?).map_err(js_error)?;
        Ok(Trace { watch })
    }

    /// The search of a generic exact-cover problem: items `0..primary` are primary,
    /// the next `secondary` secondary; `options` is an array of arrays of item numbers;
    /// `names` (optional) an array of the items' names.
    #[wasm_bindgen(js_name = exactCover)]
    pub fn exact_cover(primary: u32, secondary: u32, options: Array, names: Option<Array>) -> Result<Trace, JsError> {
        let names = names
            .map(|a| {
                a.iter()
                    .enumerate()
                    .map(|(k, v)| {
                        v.as_string()
                            .ok_or_else(|| JsError::new(&format!("the name of item {k} is not a string")))
                    })
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()?;
        // Checked casts: `Array::try_from` is the unchecked blanket `From<JsValue>`, and
        // `.length` of a non-array is `undefined` (or a TypeError on null).
        if !Array::is_array(&options) {
            return Err(JsError::new("the options must be an array of arrays of item numbers"));
        }
        let options = options.iter().enumerate().map(|(k, option)| {
            let option: Array = option.dyn_into().map_err(|_| format!("option {k} is not an array"))?;
            option
                .iter()
                .map(|v| match v.as_f64() {
                    Some(x) if x >= 0.0 && x.fract() == 0.0 && x < u32::MAX as f64 => Ok(x as usize),
                    _ => Err(format!("option {k}: {v:?} is not an item number")),
                })
                .collect()
        });
        let watch = Watch::exact_cover(primary as usize, secondary as usize, options, names).map_err(js_error)?;
        Ok(Trace { watch })
    }

    /// The search of a problem in Knuth's DLX1 text format ([`crate::dlx1`]). A malformed
    /// text throws, naming the line and the column (`checkCover` gives them as numbers).
    pub fn cover(text: &JsValue) -> Result<Trace, JsError> {
        let p = Problem::parse(&self::text(text, "problem")?).map_err(js_error)?;
        Ok(Trace {
            watch: Watch::cover(&p),
        })
    }

    /// Knuth's 7-item example from "Dancing Links": items A–G, six options, one solution.
    pub fn knuth() -> Trace {
        Trace { watch: Watch::knuth() }
    }

    // --- moving (`Watch::next_batch`, `run`, `run_back`, `back_to`, `peek`) --------------------

    /// The next events, at most `max` (two words each, as `EventWord` lays them out); fewer
    /// only when the search ends.
    #[wasm_bindgen(js_name = nextBatch)]
    pub fn next_batch(&mut self, max: u32) -> Uint32Array {
        Uint32Array::from(self.watch.next_batch(max as usize))
    }

    /// Runs at most `max` events, stopping right after one whose kind is in `stopAfter`
    /// (bit `1 << kind` per `EventKind`), or at the end. Returns the events run; then
    /// `stopped`, `runMinDepth` and `runMaxDepth` tell the rest.
    pub fn run(&mut self, max: f64, stop_after: u32) -> f64 {
        self.watch.run(count_arg(max), stop_after).events as f64
    }

    /// Undoes at most `max` events, stopping at the start or before undoing a second
    /// event whose kind is in `stopBefore` (which stays done and is the last event).
    #[wasm_bindgen(js_name = runBack)]
    pub fn run_back(&mut self, max: f64, stop_before: u32) -> f64 {
        self.watch.run_back(count_arg(max), stop_before).events as f64
    }

    /// Undoes at most `max` events, stopping right after the search tried the last option
    /// of `path` (options from level 0) below the others: the moment of a search tree node
    /// made again from a fold. `stopped`: found, or at the start with nothing found.
    #[wasm_bindgen(js_name = backTo)]
    pub fn back_to(&mut self, path: &[u32], max: f64) -> f64 {
        self.watch.back_to(path, count_arg(max)).events as f64
    }

    /// The event a step forward would do next, its two words in one (`a << 32 | kind | b <<
    /// 4`, a BigInt), or 2^64−1 at the end; the search left where it is.
    pub fn peek(&mut self) -> u64 {
        self.watch.peek().map_or(u64::MAX, |e| {
            let [w, a] = encode(e);
            u64::from(a) << 32 | u64::from(w)
        })
    }

    /// Did the last `run`/`runBack`/`backTo` stop for a kind asked, or at the end or the start?
    #[wasm_bindgen(getter)]
    pub fn stopped(&self) -> bool {
        self.watch.last_run().stopped
    }

    /// The least depth the last `run`/`runBack` passed.
    #[wasm_bindgen(getter, js_name = runMinDepth)]
    pub fn run_min_depth(&self) -> u32 {
        self.watch.last_run().min_depth as u32
    }

    #[wasm_bindgen(getter, js_name = runMaxDepth)]
    pub fn run_max_depth(&self) -> u32 {
        self.watch.last_run().max_depth as u32
    }

    /// The kind of the event that brought the search where it is, or -1 at the start.
    #[wasm_bindgen(getter, js_name = lastKind)]
    pub fn last_kind(&self) -> i32 {
        self.watch.last_fields().0
    }

    /// Its `a` field (an item or an option; see `EventWord`), 0 at the start.
    #[wasm_bindgen(getter, js_name = lastA)]
    pub fn last_a(&self) -> u32 {
        self.watch.last_fields().1
    }

    /// Its `b` field (a length or a level), 0 at the start.
    #[wasm_bindgen(getter, js_name = lastB)]
    pub fn last_b(&self) -> u32 {
        self.watch.last_fields().2
    }

    /// The line of Algorithm X (`AlgorithmStep`) that did the last event; `Start` at the start.
    #[wasm_bindgen(getter, js_name = algorithmStep)]
    pub fn algorithm_step(&self) -> u32 {
        self.watch.step() as u32
    }

    /// After a movement backwards, the line of Algorithm X (`AlgorithmStep`) whose event it
    /// undid last; -1 after a movement forwards.
    #[wasm_bindgen(getter, js_name = undoneStep)]
    pub fn undone_step(&self) -> i32 {
        self.watch.undone().map_or(-1, |s| s as i32)
    }

    /// The search tree, its nodes from `from` on, in one array laid out as `TreeHeader` and
    /// `TreeWord` say.
    pub fn tree(&self, from: u32) -> Uint32Array {
        Uint32Array::from(&self.watch.tree_words(from as usize)[..])
    }

    // --- the search's numbers -----------------------------------------------------------------

    /// The side of a Sudoku search's grid (4, 9, 16 or 25).
    #[wasm_bindgen(getter)]
    pub fn side(&self) -> u32 {
        self.watch.shape().side() as u32
    }

    /// The givens as a line of the grid's cells (Sudoku traces only).
    #[wasm_bindgen(getter)]
    pub fn givens(&self) -> Option<String> {
        self.watch.givens().map(str::to_owned)
    }

    #[wasm_bindgen(getter)]
    pub fn items(&self) -> u32 {
        self.watch.matrix().items() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn primary(&self) -> u32 {
        self.watch.matrix().primary() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn options(&self) -> u32 {
        self.watch.matrix().options() as u32
    }

    /// True if the problem has colours (DLX2's `item:colour`).
    #[wasm_bindgen(getter)]
    pub fn coloured(&self) -> bool {
        self.watch.matrix().is_coloured()
    }

    #[wasm_bindgen(getter)]
    pub fn events(&self) -> f64 {
        self.watch.counters().events as f64
    }

    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.watch.counters().nodes as f64
    }

    #[wasm_bindgen(getter)]
    pub fn updates(&self) -> f64 {
        self.watch.counters().updates as f64
    }

    #[wasm_bindgen(getter)]
    pub fn solutions(&self) -> f64 {
        self.watch.counters().solutions as f64
    }

    #[wasm_bindgen(getter, js_name = deadEnds)]
    pub fn dead_ends(&self) -> f64 {
        self.watch.counters().dead_ends as f64
    }

    /// Options in the partial solution.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.watch.search().depth() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.watch.search().is_done()
    }

    #[wasm_bindgen(getter, js_name = atStart)]
    pub fn at_start(&self) -> bool {
        self.watch.search().is_at_start()
    }

    /// True right after a level ended (a solution, a dead end, or an item with no branch
    /// left uncovered), before the search backs up.
    #[wasm_bindgen(getter, js_name = levelEnded)]
    pub fn level_ended(&self) -> bool {
        self.watch.search().level_ended()
    }

    // --- what a viewer reads (`Watch::refresh` and the picture it takes) ----------------------

    /// Takes a picture of the search for the arrays below, and works out which items and
    /// options changed since the last one (`changedItems`, `changedOptions`). Returns true
    /// when everything must be redrawn (the first picture, or after `forget`).
    pub fn refresh(&mut self) -> bool {
        self.watch.refresh()
    }

    /// The next `refresh` reports every item and option as changed.
    pub fn forget(&mut self) {
        self.watch.forget();
    }

    #[wasm_bindgen(js_name = changedItems)]
    pub fn changed_items(&self) -> Uint32Array {
        Uint32Array::from(self.watch.changed_items())
    }

    #[wasm_bindgen(js_name = changedOptions)]
    pub fn changed_options(&self) -> Uint32Array {
        Uint32Array::from(self.watch.changed_options())
    }

    /// Options left in each item's list at the last `refresh` (a covered item keeps the
    /// length it had when covered).
    #[wasm_bindgen(js_name = itemLengths)]
    pub fn item_lengths(&self) -> Uint32Array {
        Uint32Array::from(&self.watch.picture().len[..])
    }

    /// `ItemFlag` bits of each item at the last `refresh`.
    #[wasm_bindgen(js_name = itemFlags)]
    pub fn item_flags(&self) -> Uint8Array {
        Uint8Array::from(&self.watch.picture().flags[..])
    }

    /// `OptionState` of each option at the last `refresh`.
    #[wasm_bindgen(js_name = optionStates)]
    pub fn option_states(&self) -> Uint8Array {
        Uint8Array::from(&self.watch.picture().options[..])
    }

    /// The colour each item is purified with at the last `refresh` (`colourName` names it), 0
    /// for none.
    #[wasm_bindgen(js_name = itemColours)]
    pub fn item_colours(&self) -> Uint32Array {
        Uint32Array::from(&self.watch.picture().colours[..])
    }

    /// The open levels at the last `refresh`, five numbers each ([`Watch::choices`]).
    pub fn choices(&self) -> Uint32Array {
        Uint32Array::from(&self.watch.choices()[..])
    }

    /// The branches of the open level `level` at the last `refresh`, top to bottom.
    pub fn branches(&self, level: u32) -> Result<Uint32Array, JsError> {
        self.watch
            .branches(level as usize)
            .map(Uint32Array::from)
            .map_err(js_error)
    }

    /// The options in an item's list, top to bottom: its live options, or for a covered
    /// item the ones its cover hid.
    #[wasm_bindgen(js_name = itemOptions)]
    pub fn item_options(&self, item: u32) -> Result<Uint32Array, JsError> {
        Ok(Uint32Array::from(
            &self.watch.item_options(item as usize).map_err(js_error)?[..],
        ))
    }

    /// The items of an option, in node order.
    #[wasm_bindgen(js_name = optionItems)]
    pub fn option_items(&self, option: u32) -> Result<Uint32Array, JsError> {
        Ok(Uint32Array::from(
            &self.watch.option_items(option as usize).map_err(js_error)?[..],
        ))
    }

    /// An item's name: for Sudoku in words ("row 3 has 7"), else as given.
    #[wasm_bindgen(js_name = itemName)]
    pub fn item_name(&self, item: u32) -> String {
        self.watch.item_name(item as usize)
    }

    /// An option's name: for Sudoku "r3c4 = 7", else the names of its items (with colours).
    #[wasm_bindgen(js_name = optionName)]
    pub fn option_name(&self, option: u32) -> String {
        self.watch.option_name(option as usize)
    }

    /// The name of colour `colour` (from 1), as the problem's text gives it; "" for 0 or a
    /// colour the problem does not have.
    #[wasm_bindgen(js_name = colourName)]
    pub fn colour_name(&self, colour: u32) -> String {
        self.watch.colour_name(colour)
    }

    /// The links of every node, four numbers each, `[up, down, top, right]` (Knuth's drawing
    /// of a small matrix; `top` is 2^32 − 1 for a spacer), for at most 4096 nodes
    /// ([`Watch::node_links`]).
    #[wasm_bindgen(js_name = nodeLinks)]
    pub fn node_links(&self) -> Result<Uint32Array, JsError> {
        Ok(Uint32Array::from(&self.watch.node_links().map_err(js_error)?[..]))
    }

    /// The option of each node (2^32 − 1 for headers and spacers).
    #[wasm_bindgen(js_name = nodeOptions)]
    pub fn node_options(&self) -> Uint32Array {
        Uint32Array::from(self.watch.matrix().node_options())
    }

    /// The horizontal list of items, `[prev, next]` for each item, then for the primary
    /// root (index `items`) and the secondary root (`items + 1`).
    #[wasm_bindgen(js_name = itemLinks)]
    pub fn item_links(&self) -> Uint32Array {
        Uint32Array::from(&self.watch.item_links()[..])
    }

    /// The options of the partial solution, level 0 first.
    pub fn solution(&self) -> Uint32Array {
        Uint32Array::from(&self.watch.solution()[..])
    }

    /// The items covered now (the givens' items included), in increasing order.
    #[wasm_bindgen(js_name = coveredItems)]
    pub fn covered_items(&self) -> Uint32Array {
        Uint32Array::from(&self.watch.covered_items()[..])
    }
}
