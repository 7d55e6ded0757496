//! What a viewer reads of a `Trace` ([`crate::watch::Watch`]): the picture after `refresh`
//! and what changed, the open levels, the lists, the names, the node links of a small matrix.

use super::{js_error, Trace};
use js_sys::{Uint32Array, Uint8Array};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
impl Trace {
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

    /// The open levels at the last `refresh`, level 0 first, five numbers each
    /// ([`crate::watch::Watch::choices`]).
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
        let v = self.watch.item_options(item as usize).map_err(js_error)?;
        Ok(Uint32Array::from(&v[..]))
    }

    /// The items of an option, in node order.
    #[wasm_bindgen(js_name = optionItems)]
    pub fn option_items(&self, option: u32) -> Result<Uint32Array, JsError> {
        let v = self.watch.option_items(option as usize).map_err(js_error)?;
        Ok(Uint32Array::from(&v[..]))
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

    /// The colour each item is purified with at the last `refresh` (a problem with colours:
    /// an option of the partial solution gave it that colour; `colourName` names it), 0 for none.
    #[wasm_bindgen(js_name = itemColours)]
    pub fn item_colours(&self) -> Uint32Array {
        Uint32Array::from(&self.watch.picture().colours[..])
    }

    /// The name of colour `colour` (from 1), as the problem's text gives it; "" for 0 or a
    /// colour the problem does not have.
    #[wasm_bindgen(js_name = colourName)]
    pub fn colour_name(&self, colour: u32) -> String {
        self.watch.colour_name(colour)
    }

    /// True if the problem has colours (DLX2's `item:colour`).
    #[wasm_bindgen(getter)]
    pub fn coloured(&self) -> bool {
        self.watch.matrix().is_coloured()
    }

    /// The links of every node, four numbers each, `[up, down, top, right]` (Knuth's
    /// drawing of a small matrix; `top` is 2^32 − 1 for a spacer). Nodes `0..items` head
    /// the items' lists; option nodes follow, with a spacer before, between and after
    /// the options. Only for matrices of at most 4096 nodes.
    #[wasm_bindgen(js_name = nodeLinks)]
    pub fn node_links(&self) -> Result<Uint32Array, JsError> {
        let v = self.watch.node_links().map_err(js_error)?;
        Ok(Uint32Array::from(&v[..]))
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
