// The package in a browser (or a bundler's output): the module is fetched from beside this file
// and compiled while it downloads; it is ready when the import is. Every export is wasm-bindgen's
// (types: pkg/dlx_sudoku.d.ts).
import init from './pkg/dlx_sudoku.js';

await init({ module_or_path: new URL('./pkg/dlx_sudoku_bg.wasm', import.meta.url) });

export * from './pkg/dlx_sudoku.js';
