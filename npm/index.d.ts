// The types are wasm-bindgen's, of the functions and classes that Rust exports.
export * from './pkg/dlx_sudoku.js';
