//! The crate's JavaScript surface (wasm-bindgen), one file per JS-facing class or subject:
//! [`sudoku`] (the Sudoku functions), [`cover`] (the workbench's), [`trace`] (the `Trace`
//! class over [`crate::watch::Watch`]: making, moving, what a viewer reads), [`matrix`]
//! (`MatrixCanvas`), [`pieces`] (`PieceCounter`), [`plain`] (`PlainSearch`); `bench` (feature
//! `test-exports`) and `package` (feature `npm`: the npm package's `rate`, `coverSolutions`,
//! `firstCover`) are not in the page's module. Each converts
//! arguments and results and turns errors into JS `Error`s whose message names the line and
//! cell; the logic is in the native modules they call ([`crate::watch`] above all), tested by
//! plain `cargo test`.
//!
//! Layouts shared with JavaScript are the Rust enums themselves, exported as they are:
//! `EventKind`, `EventWord` ([`crate::watch::events`]), `ItemFlag`, `OptionState` ([`crate::view`]),
//! `TreeHeader`, `TreeWord`, `TreeEnd` ([`crate::tree`]), `PlainWord`, `PlainKind`
//! ([`crate::sudoku::PlainWord`]), `AlgorithmStep`, `Paint`.

use crate::formats::any;
use crate::sudoku::{Alphabet, Puzzle, Shape};
use js_sys::{Object, Reflect, Uint32Array};
use wasm_bindgen::prelude::*;

#[cfg(feature = "test-exports")]
pub mod bench;
pub mod cover;
pub mod matrix;
#[cfg(feature = "npm")]
pub mod package;
pub mod pieces;
pub mod plain;
pub mod sudoku;
pub mod trace;

pub use crate::matrix_view::Paint;
pub use crate::sudoku::{PlainKind, PlainWord};
pub use crate::tree::{End as TreeEnd, TreeHeader, TreeWord};
pub use crate::view::{ItemFlag, OptionState};
pub use crate::watch::events::EventWord;
#[cfg(feature = "test-exports")]
pub use bench::*;
pub use cover::*;
pub use matrix::MatrixCanvas;
#[cfg(feature = "npm")]
pub use package::*;
pub use pieces::PieceCounter;
pub use plain::PlainSearch;
pub use sudoku::*;
pub use trace::Trace;
/// The kinds of event (`watch::events::Kind`, exported to JavaScript as `EventKind`).
pub type EventKind = crate::watch::events::Kind;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// A native error as the JS `Error` it becomes.
fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

/// The text of a JS argument that must be a string. (Taking `&str` directly would let
/// a number or an object reach wasm-bindgen's string glue, which traps.)
fn text(value: &JsValue, what: &str) -> Result<String, JsError> {
    value
        .as_string()
        .ok_or_else(|| JsError::new(&format!("the {what} must be a string")))
}

/// A JS string argument that may be left out (undefined or null).
fn optional_text(value: &JsValue, what: &str) -> Result<Option<String>, JsError> {
    match value.as_string() {
        None if value.is_undefined() || value.is_null() => Ok(None),
        None => Err(JsError::new(&format!("the {what} must be a string"))),
        Some(s) => Ok(Some(s)),
    }
}

/// Exactly one 9×9 puzzle, its givens checked (for the benchmarks' and the npm package's
/// 9×9 functions).
#[cfg(feature = "test-exports")]
fn one_puzzle(value: &JsValue) -> Result<Puzzle, JsError> {
    any::one_puzzle(&text(value, "puzzle")?).map_err(js_error)
}

/// Exactly one puzzle of any size (4×4 to 25×25) in any format, its givens checked, and the
/// alphabet it was written in.
fn any_puzzle(value: &JsValue) -> Result<(Puzzle, Alphabet), JsError> {
    any::any_puzzle(&text(value, "puzzle")?).map_err(js_error)
}

/// The alphabet the page names ("digits" or "letters") if it fits `shape`; `None` when it
/// named none.
fn alphabet_arg(name: Option<String>, shape: Shape) -> Result<Option<Alphabet>, JsError> {
    name.map(|n| Alphabet::named(&n, shape).map_err(js_error)).transpose()
}

/// The grid of a side the page names (4, 9, 16 or 25).
fn shape_arg(side: u32) -> Result<Shape, JsError> {
    Shape::of_side(side as usize).ok_or_else(|| JsError::new(&format!("no Sudoku of side {side} (4, 9, 16 or 25)")))
}

/// A plain JS object of these fields.
fn object(fields: &[(&str, JsValue)]) -> Result<Object, JsError> {
    let o = Object::new();
    for (k, v) in fields {
        Reflect::set(&o, &JsValue::from_str(k), v).map_err(|_| JsError::new("cannot build the result"))?;
    }
    Ok(o)
}

/// A count from JS: a whole number ≥ 0, at most 2^53 (negatives are 0, NaN too: `as`
/// turns it into 0, and cuts off the fraction).
fn count_arg(x: f64) -> u64 {
    x.clamp(0.0, 9_007_199_254_740_992.0) as u64
}

fn u32s(v: impl IntoIterator<Item = u32>) -> Uint32Array {
    let v: Vec<u32> = v.into_iter().collect();
    Uint32Array::from(&v[..])
}
