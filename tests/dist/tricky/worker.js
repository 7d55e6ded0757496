// The fixture's worker: started by main.js through new URL('./worker.js', import.meta.url); loads
// the real wasm module (wasm-bindgen's glue finds it by new URL(…, import.meta.url) too).
import init from '../../../www/pkg/dlx_sudoku.js';
import { tricky } from './tricky.js';

self.onmessage = async () => {
  const wasm = await init();
  self.postMessage({ tricky: tricky(), wasm: wasm.memory instanceof WebAssembly.Memory });
};
