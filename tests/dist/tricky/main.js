// The fixture page's module: runs tricky() here and in a worker, reads a file named by
// new URL('./data.txt', import.meta.url), and shows all of it as JSON in #out.
import { tricky } from './tricky.js';

const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
const fromWorker = await new Promise((ok, fail) => {
  worker.onmessage = ({ data }) => ok(data);
  worker.onerror = (e) => fail(new Error(`the worker failed: ${e.message}`));
  worker.postMessage('go');
});
// dist/: a hashed copy, fetched; the single file: a data: URL (its CSP allows no fetch at all)
const url = new URL('./data.txt', import.meta.url);
const bytes = (base64) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const data = url.protocol === 'data:' ? new TextDecoder().decode(bytes(url.href.split(',')[1])) : await (await fetch(url)).text();
document.getElementById('out').textContent = JSON.stringify({ page: tricky(), worker: fromWorker.tricky, wasm: fromWorker.wasm, data });
document.body.classList.add('ready');
