//! The one file that knows JavaScript: the wasm-bindgen surface of the crate.
//!
//! Puzzles cross as strings in any format the CLI reads; results cross as strings,
//! numbers and typed arrays; errors cross as JS `Error`s whose message names the
//! line and cell. The trace's event encoding is documented in [`crate::trace`].

use crate::exact_cover::Matrix;
use crate::formats;
use crate::sudoku::{model, Dlx, Engine, Puzzle, Verdict};
use crate::trace;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// The kinds of trace event, numbered as in the encoding.
#[wasm_bindgen]
#[derive(Clone, Copy)]
pub enum EventKind {
    Choose = 0,
    Cover = 1,
    Uncover = 2,
    Try = 3,
    Untry = 4,
    Solution = 5,
    DeadEnd = 6,
    Done = 7,
}

const _: () = {
    // The exported enum and the encoder's must never drift apart.
    assert!(EventKind::Choose as u32 == trace::Kind::Choose as u32);
    assert!(EventKind::Cover as u32 == trace::Kind::Cover as u32);
    assert!(EventKind::Uncover as u32 == trace::Kind::Uncover as u32);
    assert!(EventKind::Try as u32 == trace::Kind::Try as u32);
    assert!(EventKind::Untry as u32 == trace::Kind::Untry as u32);
    assert!(EventKind::Solution as u32 == trace::Kind::Solution as u32);
    assert!(EventKind::DeadEnd as u32 == trace::Kind::DeadEnd as u32);
    assert!(EventKind::Done as u32 == trace::Kind::Done as u32);
};

/// The text of a JS argument that must be a string. (Taking `&str` directly would let
/// a number or an object reach wasm-bindgen's string glue, which traps.)
fn text(value: &JsValue, what: &str) -> Result<String, JsError> {
    value
        .as_string()
        .ok_or_else(|| JsError::new(&format!("the {what} must be a string")))
}

/// Reads exactly one puzzle, in any format, and checks its givens.
fn one_puzzle(value: &JsValue) -> Result<Puzzle, JsError> {
    let text = text(value, "puzzle")?;
    let parsed = formats::parse(&text, None);
    if let Some(e) = parsed.error {
        return Err(JsError::new(&e.to_string()));
    }
    match parsed.cases.len() {
        1 => parsed.puzzle(0).map_err(|e| JsError::new(&e.to_string())),
        0 => Err(JsError::new("no puzzle found")),
        n => Err(JsError::new(&format!("expected one puzzle, found {n}"))),
    }
}

thread_local! {
    static ENGINE: std::cell::RefCell<Dlx> = std::cell::RefCell::new(Dlx::new());
}

fn with_engine<T>(f: impl FnOnce(&mut Dlx) -> T) -> T {
    ENGINE.with(|e| f(&mut e.borrow_mut()))
}

/// The first solution as an 81-digit line, or `undefined` if there is none.
#[wasm_bindgen]
pub fn solve(puzzle: &JsValue) -> Result<Option<String>, JsError> {
    let p = one_puzzle(puzzle)?;
    let solution = with_engine(|e| e.solve(&p)).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(solution.map(|g| g.to_line()))
}

/// The number of solutions, counting no further than `limit` (at most 2^53).
#[wasm_bindgen(js_name = countSolutions)]
pub fn count_solutions(puzzle: &JsValue, limit: f64) -> Result<f64, JsError> {
    let p = one_puzzle(puzzle)?;
    if limit.is_nan() || limit < 0.0 {
        return Err(JsError::new("the limit must be a number ≥ 0"));
    }
    let limit = limit.min(9_007_199_254_740_992.0) as u64;
    let count = with_engine(|e| e.count(&p, limit)).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(count as f64)
}

/// `{kind: "none" | "unique" | "multiple", solutions: [line, …]}` with no, one or two
/// solutions (the search stops at the second).
#[wasm_bindgen]
pub fn verdict(puzzle: &JsValue) -> Result<Object, JsError> {
    let p = one_puzzle(puzzle)?;
    let verdict = with_engine(|e| e.verdict(&p)).map_err(|e| JsError::new(&e.to_string()))?;
    let (kind, grids) = match verdict {
        Verdict::None => ("none", vec![]),
        Verdict::Unique(a) => ("unique", vec![a]),
        Verdict::Multiple(a, b) => ("multiple", vec![a, b]),
    };
    let solutions: Array = grids.iter().map(|g| JsValue::from(g.to_line())).collect();
    object(&[("kind", kind.into()), ("solutions", solutions.into())])
}

/// For each of the 81 cells, a bit set of the digits that clash with no given
/// (bit `d` for digit `d`); a given's cell has its own digit only.
#[wasm_bindgen]
pub fn candidates(puzzle: &JsValue) -> Result<Vec<u16>, JsError> {
    Ok(one_puzzle(puzzle)?.givens().candidates().to_vec())
}

/// `{format: "line" | "hdu" | "hiho", puzzles: [line, …]}` for text in any judge format.
/// Malformed text throws, naming the line and cell; clashing givens are not checked
/// here (the grid itself is well formed).
#[wasm_bindgen]
pub fn parse(input: &JsValue) -> Result<Object, JsError> {
    let parsed = formats::parse(&text(input, "text")?, None);
    if let Some(e) = parsed.error {
        return Err(JsError::new(&e.to_string()));
    }
    let puzzles: Array = parsed.cases.iter().map(|c| JsValue::from(c.grid.to_line())).collect();
    object(&[("format", parsed.format.name().into()), ("puzzles", puzzles.into())])
}

/// The checked form of a puzzle: its 81-character line, or an error naming the clash.
#[wasm_bindgen(js_name = checkPuzzle)]
pub fn check_puzzle(puzzle: &JsValue) -> Result<String, JsError> {
    Ok(one_puzzle(puzzle)?.givens().to_line())
}

/// The four items of a Sudoku option, from the numbering in `sudoku::model`.
#[wasm_bindgen(js_name = sudokuOptionItems)]
pub fn sudoku_option_items(option: u32) -> Result<Vec<u32>, JsError> {
    let o = option as usize;
    if o >= model::OPTIONS {
        return Err(JsError::new(&format!("there is no option {option}")));
    }
    Ok(model::option_items(o).iter().map(|&i| i as u32).collect())
}

/// The nine options of a Sudoku item.
#[wasm_bindgen(js_name = sudokuItemOptions)]
pub fn sudoku_item_options(item: u32) -> Result<Vec<u32>, JsError> {
    let i = item as usize;
    if i >= model::ITEMS {
        return Err(JsError::new(&format!("there is no item {item}")));
    }
    Ok(model::item_options(i).iter().map(|&o| o as u32).collect())
}

/// A Sudoku item in words, e.g. "row 3 has 7".
#[wasm_bindgen(js_name = describeItem)]
pub fn describe_item(item: u32) -> String {
    if (item as usize) < model::ITEMS {
        model::describe_item(item as usize)
    } else {
        format!("item {item}")
    }
}

/// A Sudoku option in words, e.g. "r3c4 = 7".
#[wasm_bindgen(js_name = describeOption)]
pub fn describe_option(option: u32) -> String {
    if (option as usize) < model::OPTIONS {
        model::describe_option(option as usize)
    } else {
        format!("option {option}")
    }
}

fn object(fields: &[(&str, JsValue)]) -> Result<Object, JsError> {
    let o = Object::new();
    for (k, v) in fields {
        Reflect::set(&o, &JsValue::from_str(k), v).map_err(|_| JsError::new("cannot build the result"))?;
    }
    Ok(o)
}

/// The step-by-step search, forwards and backwards, in batches of encoded events.
#[wasm_bindgen]
pub struct Trace {
    inner: trace::Trace,
    buf: Vec<u32>,
    givens: Option<String>,
}

/// Batches are capped so that one call never holds the page for long.
const MAX_BATCH: u32 = 1 << 20;

#[wasm_bindgen]
impl Trace {
    /// The Sudoku search of `puzzle` (any format), givens already placed.
    #[wasm_bindgen(constructor)]
    pub fn new(puzzle: &JsValue) -> Result<Trace, JsError> {
        let p = one_puzzle(puzzle)?;
        Ok(Trace {
            inner: trace::Trace::sudoku(&p),
            buf: Vec::new(),
            givens: Some(p.givens().to_line()),
        })
    }

    /// The search of a generic exact-cover problem: items `0..primary` are primary,
    /// the next `secondary` secondary; `options` is an array of arrays of item numbers.
    #[wasm_bindgen(js_name = exactCover)]
    pub fn exact_cover(primary: u32, secondary: u32, options: Array) -> Result<Trace, JsError> {
        // In u64: on wasm32 the usize sum of two u32s can overflow (a panic in debug, a
        // wrapped-around small number that passes the check in release).
        if u64::from(primary) + u64::from(secondary) > 1 << 20 {
            return Err(JsError::new("too many items (at most 1048576)"));
        }
        let mut m = Matrix::new(primary as usize, secondary as usize);
        // Checked casts: `Array::try_from` is the unchecked blanket `From<JsValue>`, and
        // `.length` of a non-array is `undefined` (or a TypeError on null).
        if !Array::is_array(&options) {
            return Err(JsError::new("the options must be an array of arrays of item numbers"));
        }
        for (k, option) in options.iter().enumerate() {
            let option: Array = option
                .dyn_into()
                .map_err(|_| JsError::new(&format!("option {k} is not an array")))?;
            let items = option
                .iter()
                .map(|v| match v.as_f64() {
                    Some(x) if x >= 0.0 && x.fract() == 0.0 && x < u32::MAX as f64 => Ok(x as usize),
                    _ => Err(JsError::new(&format!("option {k}: {v:?} is not an item number"))),
                })
                .collect::<Result<Vec<_>, _>>()?;
            m.add_option(&items).map_err(|e| JsError::new(&e.to_string()))?;
        }
        Ok(Trace {
            inner: trace::Trace::exact_cover(m),
            buf: Vec::new(),
            givens: None,
        })
    }

    /// The next events, at most `max` (two words each); fewer only when the search ends.
    #[wasm_bindgen(js_name = nextBatch)]
    pub fn next_batch(&mut self, max: u32) -> Vec<u32> {
        self.buf.clear();
        self.inner.next_batch(max.min(MAX_BATCH) as usize, &mut self.buf);
        self.buf.clone()
    }

    /// Undoes at most `max` events and returns them, most recent first; fewer only at the start.
    #[wasm_bindgen(js_name = prevBatch)]
    pub fn prev_batch(&mut self, max: u32) -> Vec<u32> {
        self.buf.clear();
        self.inner.prev_batch(max.min(MAX_BATCH) as usize, &mut self.buf);
        self.buf.clone()
    }

    /// Runs forward without reporting events until a solution (or the end, or `max`
    /// events); returns the number of events run. Viewers resynchronise from
    /// `coveredItems` and `solution` afterwards.
    #[wasm_bindgen(js_name = skip)]
    pub fn skip(&mut self, max: f64) -> f64 {
        self.inner.skip(if max > 0.0 { max.min(9e15) as u64 } else { 0 }) as f64
    }

    /// The givens as an 81-character line (Sudoku traces only).
    #[wasm_bindgen(getter)]
    pub fn givens(&self) -> Option<String> {
        self.givens.clone()
    }

    #[wasm_bindgen(getter)]
    pub fn items(&self) -> u32 {
        self.inner.search().matrix().items() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn options(&self) -> u32 {
        self.inner.search().matrix().options() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn events(&self) -> f64 {
        self.inner.search().counters().events as f64
    }

    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.inner.search().counters().nodes as f64
    }

    #[wasm_bindgen(getter)]
    pub fn updates(&self) -> f64 {
        self.inner.search().counters().updates as f64
    }

    #[wasm_bindgen(getter)]
    pub fn solutions(&self) -> f64 {
        self.inner.search().counters().solutions as f64
    }

    #[wasm_bindgen(getter, js_name = deadEnds)]
    pub fn dead_ends(&self) -> f64 {
        self.inner.search().counters().dead_ends as f64
    }

    /// Options in the partial solution.
    #[wasm_bindgen(getter)]
    pub fn depth(&self) -> u32 {
        self.inner.search().depth() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn done(&self) -> bool {
        self.inner.search().is_done()
    }

    #[wasm_bindgen(getter, js_name = atStart)]
    pub fn at_start(&self) -> bool {
        self.inner.search().is_at_start()
    }

    /// The options of the partial solution, level 0 first.
    pub fn solution(&self) -> Vec<u32> {
        self.inner.search().solution().map(|o| o as u32).collect()
    }

    /// The item branched on at each open level, level 0 first.
    #[wasm_bindgen(js_name = chosenItems)]
    pub fn chosen_items(&self) -> Vec<u32> {
        self.inner.search().chosen().to_vec()
    }

    /// The items covered now (the givens' items included), in increasing order.
    #[wasm_bindgen(js_name = coveredItems)]
    pub fn covered_items(&self) -> Vec<u32> {
        let m = self.inner.search().matrix();
        (0..m.items()).filter(|&i| m.is_covered(i)).map(|i| i as u32).collect()
    }

    /// The number of options left in each item's list (covered items keep the length
    /// they had when covered).
    #[wasm_bindgen(js_name = itemLengths)]
    pub fn item_lengths(&self) -> Vec<u32> {
        let m = self.inner.search().matrix();
        (0..m.items()).map(|i| m.len(i) as u32).collect()
    }

    /// The options still in an item's list, top to bottom.
    #[wasm_bindgen(js_name = itemOptions)]
    pub fn item_options(&self, item: u32) -> Result<Vec<u32>, JsError> {
        let m = self.inner.search().matrix();
        if item as usize >= m.items() {
            return Err(JsError::new(&format!("there is no item {item}")));
        }
        Ok(m.item_options(item as usize).map(|o| o as u32).collect())
    }
}
