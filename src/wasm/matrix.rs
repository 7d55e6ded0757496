//! `MatrixCanvas`: the whole matrix of a search on a canvas, a Sudoku's or any exact
//! cover's ([`crate::matrix_view`] draws the pixels; this file puts them on the canvas and
//! converts the rest).

use super::{alphabet_arg, shape_arg, Trace};
use crate::matrix_view::{Layout, MatrixView};
use crate::sudoku::Alphabet;
use wasm_bindgen::prelude::*;
use wasm_bindgen::Clamped;
use web_sys::{CanvasRenderingContext2d, HtmlCanvasElement, ImageData};

/// The whole matrix of a Sudoku search of any size (`setShape`), or of any exact cover's
/// (`setCover`), on a canvas, one row per option and one column per item ([`crate::matrix_view`]): Rust draws the pixels into a buffer in wasm memory and
/// puts them on the canvas itself, at (`x`, `y`) of `setOrigin`, with strips of marks
/// `gutter` pixels wide left of and above them; the page draws the labels around those,
/// from `visibleRows`, the viewport getters and `optionLabel`/`itemLabel`.
#[wasm_bindgen]
pub struct MatrixCanvas {
    view: MatrixView,
    ctx: CanvasRenderingContext2d,
    origin: (f64, f64),
    /// The colours last set, for a view of a new size.
    palette: Vec<u32>,
}

#[wasm_bindgen]
impl MatrixCanvas {
    #[wasm_bindgen(constructor)]
    pub fn new(canvas: &HtmlCanvasElement) -> Result<MatrixCanvas, JsError> {
        let ctx = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
            .ok_or_else(|| JsError::new("the canvas has no 2d context"))?;
        Ok(MatrixCanvas {
            view: MatrixView::new(Layout::sudoku()),
            ctx,
            origin: (0.0, 0.0),
            palette: vec![],
        })
    }

    /// Draws the matrix of a grid of `side` (4, 9, 16 or 25) from now on, naming its digits in
    /// `alphabet` ("digits" or "letters"; the size's usual one if left out); false (and
    /// nothing changes) when it already does. A new size starts with the whole matrix, its
    /// colours kept; `resize` it then.
    #[wasm_bindgen(js_name = setShape)]
    pub fn set_shape(&mut self, side: u32, alphabet: Option<String>) -> Result<bool, JsError> {
        let shape = shape_arg(side)?;
        let alphabet = alphabet_arg(alphabet, shape)?.unwrap_or_else(|| Alphabet::default_for(shape));
        if self.view.layout().grid() == Some((shape, alphabet)) {
            return Ok(false);
        }
        self.set_layout(Layout::of(shape, alphabet));
        Ok(true)
    }

    /// Draws the matrix of `trace`'s problem from now on (any exact cover: rows in option
    /// order, rows and columns named by the problem's names), its colours kept; `resize` it
    /// then.
    #[wasm_bindgen(js_name = setCover)]
    pub fn set_cover(&mut self, trace: &Trace) {
        let w = &trace.watch;
        self.set_layout(Layout::cover(w.matrix(), |i| w.item_name(i), |o| w.option_name(o)));
    }

    fn set_layout(&mut self, layout: Layout) {
        let mut view = MatrixView::new(layout);
        view.set_palette(&self.palette);
        self.view = view;
    }

    /// Fits the whole matrix into `width` × `height` device pixels, `scale` device pixels
    /// per CSS pixel, a readable label needing `label` pixels of row (0: no labels in the
    /// whole view): a small matrix gets labelled cells, a big one is downsampled. Then
    /// `width` and `height` say the size it takes.
    pub fn resize(&mut self, width: u32, height: u32, scale: u32, label: u32) {
        self.view.fit(width, height, scale, label);
    }

    /// The grid's side (4, 9, 16 or 25; 0 for a matrix that is not a Sudoku's), and the
    /// matrix's options and items.
    #[wasm_bindgen(getter)]
    pub fn side(&self) -> u32 {
        self.view.layout().grid().map_or(0, |(shape, _)| shape.side() as u32)
    }

    #[wasm_bindgen(getter)]
    pub fn options(&self) -> u32 {
        self.view.layout().options() as u32
    }

    #[wasm_bindgen(getter)]
    pub fn items(&self) -> u32 {
        self.view.layout().items() as u32
    }

    /// Whether the whole view has room to name every row and column (a small matrix).
    #[wasm_bindgen(getter)]
    pub fn labelled(&self) -> bool {
        self.view.labelled()
    }

    /// Whether the whole view names each row (a cover's; a Sudoku's: `labelled`).
    #[wasm_bindgen(getter, js_name = rowsNamed)]
    pub fn rows_named(&self) -> bool {
        self.view.names().0
    }

    /// Whether the whole view names each column (a cover's; a Sudoku's: `labelled`).
    #[wasm_bindgen(getter, js_name = columnsNamed)]
    pub fn columns_named(&self) -> bool {
        self.view.names().1
    }

    /// What the whole view leaves out of a matrix too big for it, in words ("" when nothing).
    #[wasm_bindgen(getter)]
    pub fn cut(&self) -> String {
        self.view.cut().unwrap_or_default()
    }

    /// Rows and columns per pixel: more than 1 in a downsampled whole view.
    #[wasm_bindgen(getter, js_name = perRow)]
    pub fn per_row(&self) -> u32 {
        self.view.viewport().per_y
    }

    #[wasm_bindgen(getter, js_name = perColumn)]
    pub fn per_column(&self) -> u32 {
        self.view.viewport().per_x
    }

    /// Where the matrix goes on the canvas (the labels' margins are left and above it).
    #[wasm_bindgen(js_name = setOrigin)]
    pub fn set_origin(&mut self, x: f64, y: f64) {
        self.origin = (x, y);
    }

    /// The colours, `0xRRGGBBAA` per `Paint`; the next `draw` repaints.
    #[wasm_bindgen(js_name = setPalette)]
    pub fn set_palette(&mut self, colors: Vec<u32>) {
        self.view.set_palette(&colors);
        self.palette = colors;
    }

    /// Tints the rows of `options` and the columns of `items`.
    pub fn select(&mut self, options: Vec<u32>, items: Vec<u32>) {
        self.view.select(&options, &items);
    }

    /// Rows by cell (`false`, the option order) or by digit (`true`).
    #[wasm_bindgen(js_name = setByDigit)]
    pub fn set_by_digit(&mut self, by_digit: bool) {
        self.view.set_order(usize::from(by_digit));
    }

    #[wasm_bindgen(getter, js_name = byDigit)]
    pub fn by_digit(&self) -> bool {
        self.view.order() == 1
    }

    /// Zoom level `zoom` (0: the whole matrix; at most `zoomLevels`), keeping the cell
    /// under pixel (`x`, `y`) of the matrix where it is.
    #[wasm_bindgen(js_name = setZoom)]
    pub fn set_zoom(&mut self, zoom: u32, x: u32, y: u32) {
        self.view.set_zoom(zoom, x, y);
    }

    #[wasm_bindgen(getter, js_name = zoomLevels)]
    pub fn zoom_levels(&self) -> u32 {
        self.view.zoom_sizes().len() as u32
    }

    /// Moves the window by whole columns and rows, staying inside the matrix.
    pub fn pan(&mut self, cols: i32, rows: i32) {
        self.view.pan(cols, rows);
    }

    /// Pans as little as needed to show the row of `option` (if ≥ 0) and the column of
    /// `item` (if ≥ 0).
    pub fn reveal(&mut self, option: i32, item: i32) {
        let l = self.view.layout();
        let row = (option >= 0 && (option as usize) < l.options()).then(|| self.view.row_of(option as usize));
        let col = (item >= 0 && (item as usize) < l.items()).then_some(item as u32);
        self.view.reveal(row, col);
    }

    /// Draws the trace's last picture (`Trace.refresh`) and puts it on the canvas; false
    /// when it would look the same as what is there.
    pub fn draw(&mut self, trace: &Trace) -> Result<bool, JsError> {
        let pic = trace.watch.picture();
        if pic.options.len() != self.view.layout().options() {
            return Err(JsError::new(
                "the matrix view is set for another matrix: setShape first (a Sudoku's), or setCover",
            ));
        }
        if !self.view.draw(pic) {
            return Ok(false);
        }
        self.put()?;
        Ok(true)
    }

    fn put(&self) -> Result<(), JsError> {
        let (vp, g) = (self.view.viewport(), self.view.gutter());
        let (x, y) = self.origin;
        self.put_at(self.view.pixels(), vp.width, vp.height, x, y)?;
        self.put_at(self.view.left_marks(), g, vp.height, x - g as f64, y)?;
        self.put_at(self.view.top_marks(), vp.width, g, x, y - g as f64)
    }

    fn put_at(&self, pixels: &[u8], width: u32, height: u32, x: f64, y: f64) -> Result<(), JsError> {
        if width == 0 || height == 0 {
            return Ok(()); // a problem with no options: nothing to put (an empty ImageData is refused)
        }
        // A view of the buffer in wasm memory, copied onto the canvas at once.
        let image = ImageData::new_with_u8_clamped_array_and_sh(Clamped(pixels), width, height)
            .map_err(|_| JsError::new("cannot make the image"))?;
        self.ctx
            .put_image_data(&image, x, y)
            .map_err(|_| JsError::new("cannot put the image on the canvas"))
    }

    /// What the view shows now, in words (for the canvas's text alternative).
    pub fn describe(&self, trace: &Trace) -> String {
        self.view.describe(trace.watch.picture())
    }

    /// The options of the rows in view, top to bottom.
    #[wasm_bindgen(js_name = visibleRows)]
    pub fn visible_rows(&self) -> Vec<u32> {
        let (rows, _) = self.view.shown();
        let row0 = self.view.viewport().row0;
        (row0..row0 + rows).map(|r| self.view.option_at(r as usize)).collect()
    }

    /// The row of an option in the current order.
    #[wasm_bindgen(js_name = rowOf)]
    pub fn row_of(&self, option: u32) -> u32 {
        self.view
            .row_of((option as usize).min(self.view.layout().options() - 1))
    }

    /// The option of row `row` in the current order.
    #[wasm_bindgen(js_name = optionAt)]
    pub fn option_at(&self, row: u32) -> u32 {
        self.view
            .option_at((row as usize).min(self.view.layout().options() - 1))
    }

    /// The bands of rows of the current order, `[start, length]` each; their labels by `rowBandLabel`.
    #[wasm_bindgen(js_name = rowBands)]
    pub fn row_bands(&self) -> Vec<u32> {
        let bands = &self.view.layout().orders()[self.view.order()].bands;
        bands.iter().flat_map(|b| [b.start, b.len]).collect()
    }

    #[wasm_bindgen(js_name = rowBandLabel)]
    pub fn row_band_label(&self, k: u32) -> String {
        let bands = &self.view.layout().orders()[self.view.order()].bands;
        bands.get(k as usize).map_or_else(String::new, |b| b.label.clone())
    }

    /// The bands of columns, `[start, length]` each (cell, row, column and box items).
    #[wasm_bindgen(js_name = colBands)]
    pub fn col_bands(&self) -> Vec<u32> {
        self.view
            .layout()
            .col_bands()
            .iter()
            .flat_map(|b| [b.start, b.len])
            .collect()
    }

    #[wasm_bindgen(js_name = colBandLabel)]
    pub fn col_band_label(&self, k: u32) -> String {
        self.view
            .layout()
            .col_bands()
            .get(k as usize)
            .map_or_else(String::new, |b| b.label.clone())
    }

    /// One column of each kind, to explain the headings (9×9: the items of "r4c5", "r3#7",
    /// "c5#7" and "b2#7"; the same places at other sizes; none for a cover).
    #[wasm_bindgen(js_name = columnKey)]
    pub fn column_key(&self) -> Vec<u32> {
        self.view
            .layout()
            .column_key()
            .map_or_else(Vec::new, |k| k.map(|i| i as u32).to_vec())
    }

    /// A column's item in words ("r4c5 is filled", "row 3 has 7").
    #[wasm_bindgen(js_name = itemWords)]
    pub fn item_words(&self, item: u32) -> String {
        let l = self.view.layout();
        l.item_name((item as usize).min(l.items() - 1)).to_string()
    }

    /// A column's heading ("r4c5", "r3#7", "c5#7", "b2#7").
    #[wasm_bindgen(js_name = itemLabel)]
    pub fn item_label(&self, item: u32) -> String {
        let l = self.view.layout();
        l.item_label((item as usize).min(l.items() - 1)).to_string()
    }

    /// A row's heading ("r3c4 = 7").
    #[wasm_bindgen(js_name = optionLabel)]
    pub fn option_label(&self, option: u32) -> String {
        let l = self.view.layout();
        l.option_label((option as usize).min(l.options() - 1)).to_string()
    }

    /// The row of the option tried last and the column of the item chosen last, as of the
    /// last `draw`, as `[row, column]` (−1 for none): where zooming in with no point goes.
    pub fn focus(&self) -> Vec<i32> {
        let (row, col) = self.view.focus();
        vec![row.map_or(-1, |r| r as i32), col.map_or(-1, |c| c as i32)]
    }

    /// The row and the column under pixel (`x`, `y`) of the matrix, or nothing.
    #[wasm_bindgen(js_name = cellAt)]
    pub fn cell_at(&self, x: u32, y: u32) -> Option<Vec<u32>> {
        self.view.cell_at(x, y).map(|(r, c)| vec![r, c])
    }

    // --- the viewport, in pixels of the matrix and in cells ---------------------------------
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> u32 {
        self.view.viewport().width
    }

    #[wasm_bindgen(getter)]
    pub fn height(&self) -> u32 {
        self.view.viewport().height
    }

    /// The strips of marks left of the rows and above the columns: this many pixels across,
    /// just outside the matrix (put there by `draw`).
    #[wasm_bindgen(getter)]
    pub fn gutter(&self) -> u32 {
        self.view.gutter()
    }

    /// What `gutter` will be after `resize(…, scale, …)`, for the margins set before it.
    #[wasm_bindgen(js_name = gutterAt)]
    pub fn gutter_at(scale: u32) -> u32 {
        crate::matrix_view::gutter_at(scale)
    }

    #[wasm_bindgen(getter)]
    pub fn zoom(&self) -> u32 {
        self.view.viewport().zoom
    }

    #[wasm_bindgen(getter, js_name = cellWidth)]
    pub fn cell_width(&self) -> u32 {
        self.view.viewport().cell_w
    }

    #[wasm_bindgen(getter, js_name = cellHeight)]
    pub fn cell_height(&self) -> u32 {
        self.view.viewport().cell_h
    }

    /// The first row and column in view.
    #[wasm_bindgen(getter)]
    pub fn row0(&self) -> u32 {
        self.view.viewport().row0
    }

    #[wasm_bindgen(getter)]
    pub fn col0(&self) -> u32 {
        self.view.viewport().col0
    }

    /// The number of rows in view (the last perhaps in part).
    #[wasm_bindgen(getter, js_name = shownRows)]
    pub fn shown_rows(&self) -> u32 {
        self.view.shown().0
    }

    /// The number of columns in view (the last perhaps in part).
    #[wasm_bindgen(getter, js_name = visibleCols)]
    pub fn visible_cols(&self) -> u32 {
        self.view.shown().1
    }
}
