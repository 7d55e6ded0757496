//! Knuth's Dancing Links (Algorithm X) as a library: a generic exact-cover engine with DLX2's
//! colours, a second engine (dancing cells, Knuth's SSXC1) that counts faster, Knuth's DLX1
//! text format for any exact-cover problem, and Sudoku of every size from 4×4 to 25×25 on top
//! of them (solve, count, rate, generate). Every search is a small struct paused between
//! events: step it forwards, read its state, and step it back, exactly undoing what it did.
//! The same code is the `dlx-sudoku` command line and, compiled to WebAssembly, a web page
//! and an npm package. With default features it depends on nothing natively.
//!
//! # Solve a Sudoku
//!
//! ```
//! use dlx_sudoku::sudoku::{Alphabet, Dlx, Engine, Puzzle};
//! let puzzle: Puzzle =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let solution = Dlx::new().solve(&puzzle)?.expect("the puzzle has a solution");
//! assert!(solution.solves(puzzle.givens()));
//! assert_eq!(
//!     solution.to_line(Alphabet::default_for(puzzle.shape())),
//!     "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`sudoku::Engine::verdict`] says whether a puzzle has no solution, one or several;
//! [`sudoku::generate`] makes puzzles with exactly one, at a level; [`sudoku::logic`] rates them
//! and gives hints; [`formats`] reads and writes the online judges' formats.
//!
//! # Count an exact-cover problem from DLX1 text
//!
//! ```
//! use dlx_sudoku::cells::Cells;
//! use dlx_sudoku::dlx1::Problem;
//! // Langford pairs for n = 3: each k in 1..=3 at two of six places s1..s6, k places apart.
//! let text = "\
//! | Langford pairs, n = 3
//! 1 2 3 s1 s2 s3 s4 s5 s6
//! 1 s1 s3
//! 1 s2 s4
//! 1 s3 s5
//! 1 s4 s6
//! 2 s1 s4
//! 2 s2 s5
//! 2 s3 s6
//! 3 s1 s5
//! 3 s2 s6
//! ";
//! let problem = Problem::parse(text)?; // or Problem::read(file)
//! // Dancing links: the search with no one watching, up to a limit.
//! assert_eq!(dlx_sudoku::pieces::count(&mut problem.search(), u64::MAX), 2);
//! // Dancing cells, the faster counter.
//! assert_eq!(Cells::new(problem.matrix()).count(u64::MAX), 2);
//! // The first solution, as the lines of its options in the order the search chose them.
//! let first = &problem.matrix().clone().solutions(1)[0];
//! let lines: Vec<String> = first.iter().map(|&o| problem.option_text(o)).collect();
//! assert_eq!(lines, ["3 s1 s5", "2 s3 s6", "1 s2 s4"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A malformed problem is an error that names its line and column. With feature `parallel`,
//! `parallel::count` shares one count out among threads (rayon's); [`pieces`] splits it for
//! any other way of sharing it (workers, files for other machines).
//!
//! # Step a search forwards and back
//!
//! ```
//! use dlx_sudoku::exact_cover::{knuth_example, Event, Search, Status};
//! // Knuth's example from "Dancing Links": items a..g, six options, one solution.
//! let mut search = Search::new(knuth_example());
//! // A Vec<Event> watching: the search pauses after every event and reports it.
//! let mut forwards: Vec<Event> = Vec::new();
//! while search.step(&mut forwards) != Status::Solution {}
//! assert_eq!(search.solution().collect::<Vec<_>>(), [3, 0, 4]);
//! assert_eq!(forwards[0], Event::Choose { item: 0, len: 2 });
//! // Back to the start, one event at a time: each undone exactly, the last first.
//! let mut backwards: Vec<Event> = Vec::new();
//! while search.step_back(&mut backwards).is_some() {}
//! assert!(search.is_at_start());
//! backwards.reverse();
//! assert_eq!(backwards, forwards);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`watch`] is the search as the web page watches it: its events encoded for a viewer
//! ([`watch::events`]), run back to the previous event of a kind or to a node of its tree.
//!
//! # Modules
//!
//! * [`exact_cover`]: items and options in flat `u32` link arrays, a resumable,
//!   reversible search that reports every step to an [`exact_cover::Observer`].
//! * [`cells`]: the second engine, dancing cells (Knuth's SSXC1), for counting and solving.
//! * [`sudoku`]: grids, puzzles, the one place that knows the 324/729 numbering
//!   ([`sudoku::model`]), and three engines with one API (DLX, bitmask DFS, plain DFS).
//! * [`formats`]: the classic online-judge input and output formats.
//! * [`dlx1`]: Knuth's DLX1 text format for any exact-cover problem, and classic examples.
//! * [`tree`]: the search tree, grown from a watched search's events.
//! * [`view`]: what a viewer draws of a search, read from its state.
//! * [`matrix_view`]: the whole matrix as RGBA pixels, drawn from a view.
//! * [`pieces`]: one problem's count in pieces that threads or workers share.
//! * `parallel` (feature `parallel`, native only): those pieces on many threads.
//! * [`watch`]: the search as the page watches it: stepped both ways, its events encoded for
//!   the web page, its tree, its picture, its names.
//!
//! # Features
//!
//! * `parallel`: the module `parallel`, on rayon (native only).
//! * `test-exports`, `npm`: WebAssembly exports for the project's tests and its npm package
//!   (wasm32 only).

#![deny(unsafe_code)]

pub mod cells;
pub mod dlx1;
pub mod exact_cover;
pub mod formats;
pub mod matrix_view;
#[cfg(all(feature = "parallel", not(target_arch = "wasm32")))]
pub mod parallel;
pub mod pieces;
pub mod sudoku;
pub mod tree;
pub mod view;
pub mod watch;

// `pub` so that tests/wasm.rs (wasm-bindgen-test) can call the JS-facing functions.
// A folder of thin files over the modules above: conversions and errors only.
#[cfg(target_arch = "wasm32")]
pub mod wasm;
