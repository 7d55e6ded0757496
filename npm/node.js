// The package in Node (20+): the module's bytes are read from the file beside this one, and it is
// ready when the import is. Every export is wasm-bindgen's (types: pkg/dlx_sudoku.d.ts).
import { readFileSync } from 'node:fs';
import { initSync } from './pkg/dlx_sudoku.js';

initSync({ module: readFileSync(new URL('./pkg/dlx_sudoku_bg.wasm', import.meta.url)) });

export * from './pkg/dlx_sudoku.js';
