//! `PieceCounter`: one Web Worker's part of a count that several share ([`crate::pieces`]).

use super::{any_puzzle, count_arg, js_error, object, u32s};
use crate::dlx1::Problem;
use crate::exact_cover::{Matrix, Search};
use crate::pieces;
use crate::sudoku::dlx;
use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

/// One Web Worker's part of a count that several share ([`crate::pieces`]): its own copy of the
/// problem, the pieces it was handed and what they found. The page's count pool
/// (`www/count-pool.js`) has one worker split the tree ([`PieceCounter::split`]), hands the
/// pieces out one at a time, moves the ones a busy worker has not started to an idle one
/// ([`PieceCounter::take`], [`PieceCounter::give`]) and adds up what each found. A piece crosses
/// as a `Uint32Array` the page does not read.
#[wasm_bindgen]
pub struct PieceCounter {
    /// On dancing links, not on the engine `cover --engine auto` picks: dancing cells in the
    /// page's module would cost 18 KB of its 160 KB gzipped budget (177,384 B, not 159,327),
    /// and the module is what every visitor downloads first.
    counter: pieces::Counter<Search>,
}

#[wasm_bindgen]
impl PieceCounter {
    /// The count of a Sudoku of any size, in any format the CLI reads, givens placed.
    pub fn sudoku(puzzle: &JsValue) -> Result<PieceCounter, JsError> {
        let (p, _) = any_puzzle(puzzle)?;
        Ok(PieceCounter::of(&dlx::start(&p).into_matrix()))
    }

    /// The count of a problem in DLX1 text. A malformed text throws, naming the line and the
    /// column.
    pub fn cover(text: &JsValue) -> Result<PieceCounter, JsError> {
        let p = Problem::parse(&super::text(text, "problem")?).map_err(js_error)?;
        Ok(PieceCounter::of(p.matrix()))
    }

    fn of(matrix: &Matrix) -> PieceCounter {
        PieceCounter {
            counter: pieces::Counter::new(matrix),
        }
    }

    /// The top of the tree, for the whole count to start from: the search runs down to the
    /// shallowest depth with at least `wanted` nodes (or `limit` solutions). `{pieces: [a
    /// Uint32Array for each node there], solutions, nodes, done}`: solutions found above that
    /// depth, the nodes searched, and the share of the tree done (0 to 1).
    pub fn split(&self, wanted: u32, limit: f64) -> Result<Object, JsError> {
        let top = self.counter.first_split(wanted as usize, count_arg(limit));
        let list: Array = top
            .pieces()
            .iter()
            .map(|p| JsValue::from(u32s(pieces::encode(std::slice::from_ref(p)))))
            .collect();
        object(&[
            ("pieces", list.into()),
            ("solutions", (top.by_depth.iter().sum::<u64>() as f64).into()),
            ("nodes", (top.counters.nodes as f64).into()),
            ("done", share(top.done()).into()),
        ])
    }

    /// Pieces to run after those this counter has: words as `split` and `take` give them.
    pub fn give(&mut self, words: &[u32]) -> Result<(), JsError> {
        let more = pieces::decode(words).map_err(js_error)?;
        self.counter.give(more);
        Ok(())
    }

    /// Runs pieces until about `nodes` nodes are searched, none is left, or `limit` more
    /// solutions are found (then it drops the rest: the count is over). A piece that is not
    /// one of this problem's throws.
    pub fn work(&mut self, nodes: f64, limit: f64) -> Result<(), JsError> {
        self.counter
            .work(count_arg(nodes), count_arg(limit))
            .map_err(|e| JsError::new(&format!("a piece that is not one of this problem's: {e}")))
    }

    /// Up to `n` pieces not started, the largest first (one is always kept), each a
    /// `Uint32Array`, taken from this counter to give to another.
    pub fn take(&mut self, n: u32) -> Array {
        self.counter
            .take(n as usize)
            .iter()
            .map(|p| JsValue::from(u32s(pieces::encode(std::slice::from_ref(p)))))
            .collect()
    }

    /// Pieces given and not run yet.
    #[wasm_bindgen(getter)]
    pub fn queued(&self) -> u32 {
        self.counter.queued() as u32
    }

    /// Solutions found so far.
    #[wasm_bindgen(getter)]
    pub fn solutions(&self) -> f64 {
        self.counter.found() as f64
    }

    /// Search-tree nodes so far (options tried).
    #[wasm_bindgen(getter)]
    pub fn nodes(&self) -> f64 {
        self.counter.tally().counters.nodes as f64
    }

    /// The share of the whole tree this counter has searched, from 0 to 1.
    #[wasm_bindgen(getter)]
    pub fn done(&self) -> f64 {
        share(self.counter.done())
    }
}

/// Units of [`pieces::WHOLE`] as a share from 0 to 1.
fn share(units: u64) -> f64 {
    units as f64 / pieces::WHOLE as f64
}
