//! Exports that only tests and benchmarks call (feature `test-exports`): the page never
//! does, so its module goes without them. `tests/wasm.rs`, `www/test/` and `bench/` build
//! with the feature (`scripts/build-wasm.sh --test-exports` writes `www/pkg-test/`).

use super::{any_puzzle, count_arg, js_error, one_puzzle, text, Trace};
use crate::dlx1::Problem;
use crate::pieces;
use crate::sudoku::{Alphabet, Engine};
use js_sys::Uint32Array;
use wasm_bindgen::prelude::*;

use super::sudoku::with_engine;

/// The first solution as a line (81 digits for a 9×9; another size's cells in the puzzle's
/// alphabet), or `undefined` if there is none.
#[wasm_bindgen]
pub fn solve(puzzle: &JsValue) -> Result<Option<String>, JsError> {
    let (p, alphabet) = any_puzzle(puzzle)?;
    let solution = with_engine(|e| e.solve(&p)).map_err(js_error)?;
    Ok(solution.map(|b| b.to_line(alphabet)))
}

/// The number of solutions, counting no further than `limit` (at most 2^53).
#[wasm_bindgen(js_name = countSolutions)]
pub fn count_solutions(puzzle: &JsValue, limit: f64) -> Result<f64, JsError> {
    let (p, _) = any_puzzle(puzzle)?;
    if limit.is_nan() || limit < 0.0 {
        return Err(JsError::new("the limit must be a number ≥ 0"));
    }
    let limit = limit.min(9_007_199_254_740_992.0) as u64;
    Ok(with_engine(|e| e.count(&p, limit)).map_err(js_error)? as f64)
}

/// The checked form of a puzzle: its 81-character line, or an error naming the clash.
#[wasm_bindgen(js_name = checkPuzzle)]
pub fn check_puzzle(puzzle: &JsValue) -> Result<String, JsError> {
    Ok(one_puzzle(puzzle)?.givens().to_line(Alphabet::Digits))
}

/// The number of solutions of a problem in DLX1 text, counting no further than `limit` (at
/// most 2^53): the plain search with no trace ([`pieces::count`]). A malformed text throws,
/// naming the line and the column.
#[wasm_bindgen(js_name = countCover)]
pub fn count_cover(input: &JsValue, limit: f64) -> Result<f64, JsError> {
    let p = Problem::parse(&text(input, "problem")?).map_err(js_error)?;
    Ok(pieces::count(&mut p.search(), count_arg(limit)) as f64)
}

#[wasm_bindgen]
impl Trace {
    /// Undoes at most `max` events and returns them, most recent first; fewer only at the start.
    #[wasm_bindgen(js_name = prevBatch)]
    pub fn prev_batch(&mut self, max: u32) -> Uint32Array {
        Uint32Array::from(self.watch.prev_batch(max as usize))
    }

    /// DLX2's cleansings so far (a problem with colours; see `Counters::cleansings`).
    #[wasm_bindgen(getter)]
    pub fn cleansings(&self) -> f64 {
        self.watch.counters().cleansings as f64
    }
}
