//! `PlainSearch`: plain backtracking beside dancing links ([`Plain`]), the same puzzle
//! searched cell by cell in reading order, digits in order from 1, stepped either way.

use super::{any_puzzle, count_arg};
use crate::sudoku::Plain;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub struct PlainSearch {
    inner: Plain,
}

#[wasm_bindgen]
impl PlainSearch {
    /// The plain search of `puzzle` (any size, any format).
    #[wasm_bindgen(constructor)]
    pub fn new(puzzle: &JsValue) -> Result<PlainSearch, JsError> {
        let (p, _) = any_puzzle(puzzle)?;
        Ok(PlainSearch {
            inner: Plain::new(p.shape(), p.givens().cells()),
        })
    }

    /// Moves toward just after the `nodes`-th digit placed (the end if there are fewer:
    /// `Infinity` runs to the end), at most `max` events; true once there
    /// ([`Plain::seek_nodes`]).
    pub fn seek(&mut self, nodes: f64, max: f64) -> bool {
        self.inner.seek_nodes(count_arg(nodes), count_arg(max))
    }

    /// The counters, the last event and the cells, laid out as `PlainWord` says (the last
    /// event's kind a `PlainKind`; [`Plain::state`]).
    pub fn state(&self) -> Vec<f64> {
        self.inner.state().into_iter().map(|n| n as f64).collect()
    }

    /// The cells at the first solution the search has reached (0 for none: empty before it),
    /// what the page shows once the search has ended with every digit taken back.
    pub fn solution(&self) -> Vec<u8> {
        self.inner.first_solution().map(<[u8]>::to_vec).unwrap_or_default()
    }
}
