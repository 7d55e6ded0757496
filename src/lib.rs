//! dlx-sudoku: Knuth's Dancing Links (Algorithm X) as a generic exact-cover engine,
//! the 324-item / 729-option Sudoku model on top of it, and the judge formats.
//!
//! * [`cells`]: the second engine, dancing cells (Knuth's SSXC1), for counting and solving.
//! * [`exact_cover`]: items and options in flat `u32` link arrays, a resumable,
//!   reversible search that reports every step to an [`exact_cover::Observer`].
//! * [`sudoku`]: grids, puzzles, the one place that knows the 324/729 numbering
//!   ([`sudoku::model`]), and three engines with one API (DLX, bitmask DFS, plain DFS).
//! * [`formats`]: the classic online-judge input and output formats.
//! * [`dlx1`]: Knuth's DLX1 text format for any exact-cover problem, and classic examples.
//! * [`tree`]: the search tree, grown from a watched search's events.
//! * [`view`]: what a viewer draws of a search, read from its state.
//! * [`matrix_view`]: the whole matrix as RGBA pixels, drawn from a view.
//! * [`pieces`]: one problem's count in pieces that threads or workers share.
//! * [`watch`]: the search as the page watches it: stepped both ways, its events encoded for
//!   the web page, its tree, its picture, its names.
//!
//! ```
//! use dlx_sudoku::exact_cover::Matrix;
//! // Knuth's example from "Dancing Links": items a..g, six options.
//! let mut m = Matrix::new(7, 0);
//! for option in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
//!     m.add_option(option).unwrap();
//! }
//! let solutions = m.solutions(10);
//! assert_eq!(solutions, vec![vec![3, 0, 4]]);
//! ```

#![deny(unsafe_code)]

pub mod cells;
pub mod dlx1;
pub mod exact_cover;
pub mod formats;
pub mod matrix_view;
pub mod pieces;
pub mod sudoku;
pub mod tree;
pub mod view;
pub mod watch;

// `pub` so that tests/wasm.rs (wasm-bindgen-test) can call the JS-facing functions.
// A folder of thin files over the modules above: conversions and errors only.
#[cfg(target_arch = "wasm32")]
pub mod wasm;
