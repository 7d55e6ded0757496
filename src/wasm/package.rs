//! Exports of the npm package only (feature `npm`, `scripts/build-npm.sh`): rating a Sudoku, and
//! the solutions of an exact-cover problem in DLX1 text. The page's module goes without them.

use super::{count_arg, js_error, object, one_puzzle, text};
use crate::dlx1::Problem;
use crate::exact_cover::{Nothing, Status};
use crate::sudoku::generate::{measure, Level, EFFORT_SAMPLES};
use crate::sudoku::{Engine, Verdict};
use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::sudoku::with_engine;

/// How hard a 9×9 puzzle with one solution is, as `dlx-sudoku rate` says: `{level, logic,
/// effort}` (`logic`: the hardest technique that logic alone needs, or that it stalls;
/// `effort`: the mean DLX search nodes over 16 relabellings). A puzzle with no solution or
/// several throws, saying which.
#[wasm_bindgen]
pub fn rate(puzzle: &JsValue) -> Result<Object, JsError> {
    let p = one_puzzle(puzzle)?;
    match with_engine(|e| e.verdict(&p)).map_err(js_error)? {
        Verdict::Unique(_) => {}
        Verdict::None => {
            return Err(JsError::new(
                "the puzzle has no solution: only a puzzle with one is rated",
            ))
        }
        Verdict::Multiple(..) => {
            return Err(JsError::new(
                "the puzzle has more than one solution: only a puzzle with one is rated",
            ))
        }
    }
    let (rating, effort) = measure(&p, EFFORT_SAMPLES, None);
    object(&[
        ("level", Level::of(&rating, effort).name().into()),
        ("logic", rating.logic_words().into()),
        ("effort", effort.into()),
    ])
}

/// The solutions of a problem in DLX1 text, at most `limit` (at most 2^53), in the order the
/// search finds them: each an array of its options, each option the text of its line (its
/// items, as the problem names them). A malformed text throws, naming the line and column.
#[wasm_bindgen(js_name = coverSolutions)]
pub fn cover_solutions(input: &JsValue, limit: f64) -> Result<Array, JsError> {
    let p = Problem::parse(&text(input, "problem")?).map_err(js_error)?;
    let limit = count_arg(limit);
    let out = Array::new();
    if limit == 0 {
        return Ok(out);
    }
    let mut search = p.search();
    loop {
        match search.step(&mut Nothing) {
            Status::Solution => {
                let options: Array = search.solution().map(|o| JsValue::from(p.option_text(o))).collect();
                out.push(&options);
                if out.length() as u64 >= limit {
                    break;
                }
            }
            Status::Done => break,
            Status::Running => {}
        }
    }
    Ok(out)
}

/// The first solution of a problem in DLX1 text (as [`cover_solutions`] gives each), or
/// `undefined` if it has none.
#[wasm_bindgen(js_name = firstCover)]
pub fn first_cover(input: &JsValue) -> Result<JsValue, JsError> {
    let all = cover_solutions(input, 1.0)?;
    Ok(if all.length() == 0 {
        JsValue::UNDEFINED
    } else {
        all.get(0)
    })
}
