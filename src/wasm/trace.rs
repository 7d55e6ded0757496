//! `Trace`: the step-by-step search of a Sudoku or of any exact-cover problem, forwards and
//! backwards ([`Watch`]); here, making one and moving it. What a viewer reads of it is in
//! [`super::trace_view`].

use super::{any_puzzle, count_arg, js_error, object, text, u32s};
use crate::dlx1::Problem;
use crate::watch::events::encode;
use crate::watch::Watch;
use js_sys::{Array, Uint32Array};
use wasm_bindgen::prelude::*;

/// A search being watched ([`Watch`]), as JavaScript holds it.
#[wasm_bindgen]
pub struct Trace {
    pub(super) watch: Watch,
}

#[wasm_bindgen]
impl Trace {
    /// The Sudoku search of `puzzle` (any format), givens already placed.
    #[wasm_bindgen(constructor)]
    pub fn new(puzzle: &JsValue) -> Result<Trace, JsError> {
        let (p, alphabet) = any_puzzle(puzzle)?;
        Ok(Trace {
            watch: Watch::sudoku(&p, alphabet),
        })
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

    /// The picture that fits a workbench problem (`dlx1::pictures`), or null: `{kind, rows,
    /// cols, heads, cells, starts, labels, groups}`, option `o` filling cells
    /// `cells[starts[o]..starts[o + 1]]` (each `row * cols + col`) with `labels[o]`, coloured
    /// as `groups[o]`.
    pub fn drawing(&self) -> Result<JsValue, JsError> {
        let Some(d) = self.watch.drawing() else {
            return Ok(JsValue::NULL);
        };
        let strings = |v: &mut dyn Iterator<Item = &str>| v.map(JsValue::from_str).collect::<Array>();
        let mut starts = vec![0u32];
        for p in &d.places {
            starts.push(starts[starts.len() - 1] + p.cells.len() as u32);
        }
        Ok(object(&[
            ("kind", d.kind.name().into()),
            ("rows", (d.rows as u32).into()),
            ("cols", (d.cols as u32).into()),
            ("heads", strings(&mut d.heads.iter().map(String::as_str)).into()),
            (
                "cells",
                u32s(d.places.iter().flat_map(|p| p.cells.iter().copied())).into(),
            ),
            ("starts", Uint32Array::from(&starts[..]).into()),
            ("labels", strings(&mut d.places.iter().map(|p| p.label.as_str())).into()),
            ("groups", u32s(d.places.iter().map(|p| p.group)).into()),
        ])?
        .into())
    }

    // --- moving ------------------------------------------------------------------------------

    /// The next events, at most `max` (two words each); fewer only when the search ends.
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

    /// Did the last `run`/`runBack` stop for a kind asked, or at the end or the start?
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

    /// Its `a` field (an item or an option; see `trace`), 0 at the start.
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

    /// True right after a level ended (a solution, a dead end, or an item with no branch
    /// left uncovered), before the search backs up.
    #[wasm_bindgen(getter, js_name = levelEnded)]
    pub fn level_ended(&self) -> bool {
        self.watch.search().level_ended()
    }

    /// The search tree (`crate::tree`), its nodes from `from` on, in one array laid out as
    /// `TreeHeader` and `TreeWord` say.
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
}
