//! The workbench's functions: a DLX1 text checked as the user types, counted, the examples
//! of `dlx-sudoku cover --example`, and the picture of a problem's placements
//! (`Trace.drawing`).

use super::{object, optional_text, text, u32s, Trace};
use crate::dlx1::examples::Example;
use crate::dlx1::{self, Problem};
use js_sys::{Array, Object, Uint32Array};
use wasm_bindgen::prelude::*;

/// What a DLX1 text ([`crate::dlx1`]) is, as the user types it: `{error: null, items,
/// primary, options, entries}` for a problem, or `{error: {line, column, message}}` (line and
/// column from 1, column 0 when the error has none; `message` names them too).
#[wasm_bindgen(js_name = checkCover)]
pub fn check_cover(input: &JsValue) -> Result<Object, JsError> {
    match Problem::parse(&text(input, "problem")?) {
        Ok(p) => object(&[
            ("error", JsValue::NULL),
            ("items", (p.items() as u32).into()),
            ("primary", (p.primary() as u32).into()),
            ("options", (p.options() as u32).into()),
            ("entries", (p.entries() as u32).into()),
        ]),
        Err(e) => {
            let error = object(&[
                ("line", (e.line as u32).into()),
                ("column", (e.column as u32).into()),
                ("message", e.to_string().into()),
            ])?;
            object(&[("error", error.into())])
        }
    }
}

/// The DLX1 text of one of `dlx-sudoku cover --example`'s problems ([`Example`]), e.g.
/// `coverExample("queens", "5")`; `arg` is undefined for `knuth`. A bad name or argument
/// throws, saying what was expected.
#[wasm_bindgen(js_name = coverExample)]
pub fn cover_example(name: &JsValue, arg: &JsValue) -> Result<String, JsError> {
    let arg = optional_text(arg, "argument")?;
    let example = Example::from_args(&text(name, "example's name")?, arg.as_deref()).map_err(|e| JsError::new(&e))?;
    Ok(example.to_dlx1())
}

/// The lines of a text as the DLX1 reader ends them ([`dlx1::count_lines`]): the editor's
/// limits count lines with it, never with a rule of their own.
#[wasm_bindgen(js_name = countLines)]
pub fn count_lines(input: &JsValue) -> Result<u32, JsError> {
    Ok(dlx1::count_lines(&text(input, "text")?) as u32)
}

#[wasm_bindgen]
impl Trace {
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
}
