// A tiny static server for dist/ under a sub-path, as a static host would serve it: only
// /some/sub/path/… exists (anything else is a 404, so an absolute URL in the build shows up),
// with the MIME types the page needs (application/wasm, application/manifest+json,
// text/javascript). Every request is recorded. Used by tests/dist/run.mjs; also runnable:
//
//   node tests/dist/server.mjs [--port N] [--prefix /some/sub/path/]     (after build-dist)

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/**
 * Serves directory `dir` (or the one `dir()` names at each request) at http://127.0.0.1:PORT`prefix`. Resolves to
 * {server, url, requests: [{path, status}], close()}; close() also drops kept-alive connections.
 */
export async function serveDist(dir, { prefix = '/some/sub/path/', port = 0 } = {}) {
  const requests = [];
  const server = createServer(async (req, res) => {
    const base = resolve(typeof dir === 'function' ? dir() : dir);
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const done = (status, headers = {}, body = '') => {
      requests.push({ path, status });
      res.writeHead(status, headers).end(req.method === 'HEAD' ? undefined : body);
    };
    if (req.method !== 'GET' && req.method !== 'HEAD') return done(405, { Allow: 'GET, HEAD' });
    if (!path.startsWith(prefix)) return done(404, { 'Content-Type': 'text/plain' }, `not found: ${path} (the app is at ${prefix})`);
    let sub = path.slice(prefix.length);
    if (sub === '' || sub.endsWith('/')) sub += 'index.html';
    const file = normalize(join(base, sub));
    if (file !== base && !file.startsWith(base + sep)) return done(403);
    const st = await stat(file).catch(() => null);
    if (!st?.isFile()) return done(404, { 'Content-Type': 'text/plain' }, `not found: ${path}`);
    done(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    }, await readFile(file));
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', ok);
  });
  return {
    server,
    requests,
    url: `http://127.0.0.1:${server.address().port}${prefix}`,
    close: () => new Promise((ok) => {
      server.close(ok);
      server.closeAllConnections();
    }),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const opt = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
  const dist = resolve(fileURLToPath(import.meta.url), '../../../dist');
  const s = await serveDist(dist, { prefix: opt('--prefix', '/some/sub/path/'), port: Number(opt('--port', 8081)) });
  console.log(`serving ${dist} at ${s.url}  (Ctrl+C stops)`);
}
