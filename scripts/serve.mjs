// A small static file server for the page: the repository root on 127.0.0.1, with the
// right MIME types (application/wasm for the module) and no caching, so a rebuilt
// module is always the one served. Used by scripts/serve.sh and tests/e2e/harness.mjs.
//
//   node scripts/serve.mjs [--port N]      (or PORT=N; default 8080; 0 = any free port)

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
};

/** Serves `root` on 127.0.0.1:`port`; resolves to the listening server. */
export function serve(root, port = 8080, host = '127.0.0.1') {
  const base = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (path.endsWith('/')) path += 'index.html';
      const file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) {
        res.writeHead(403).end('forbidden');
        return;
      }
      const st = await stat(file).catch(() => null);
      if (!st || !st.isFile()) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${path}`);
        return;
      }
      res.writeHead(200, {
        'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': st.size,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      });
      if (req.method === 'HEAD') res.end();
      else createReadStream(file).pipe(res);
    } catch {
      if (!res.headersSent) res.writeHead(400).end('bad request');
      else res.destroy();
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => ok(server));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--port');
  const port = Number(i > 0 ? process.argv[i + 1] : process.env.PORT ?? 8080);
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  serve(root, port)
    .then((server) => {
      const { port: p } = server.address();
      console.log(`serving ${root} at http://127.0.0.1:${p}/  (Ctrl+C stops)`);
      const started = Number(process.env.SERVE_STARTED_MS);
      if (started > 0) console.log(`serve: up ${((Date.now() - started) / 1000).toFixed(1)} s after scripts/serve.sh started (set-up, build)`);
    })
    .catch((e) => {
      console.error(`serve: ${e.code === 'EADDRINUSE' ? `port ${port} is in use; try PORT=${port + 1} scripts/serve.sh` : e.message}`);
      process.exit(1);
    });
}
