// A small static file server for the page: the repository root on 127.0.0.1, with the
// right MIME types (application/wasm for the module) and no caching, so a rebuilt
// module is always the one served. Used by scripts/serve.sh and tests/e2e/harness.mjs.
// The single file for offline use, dist/dlx-sudoku.html (scripts/serve.sh builds it), is
// served as a download, under its own name.
//
//   node scripts/serve.mjs [--port N]      (or PORT=N; default 8080; 0 = any free port)
//   node scripts/serve.mjs --lan           on every network of this computer, not only to
//                                          itself (or LAN=1), for phones in the room: then only
//                                          the page's own files (PAGE_FILES), and it prints
//                                          the address a phone on the same network can open

import { createServer } from 'node:http';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { networkInterfaces } from 'node:os';
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

/**
 * What the page loads (and the single file), below the repository root: all that is served to
 * other computers with --lan, so that no other file of the checkout (its .git, target/) leaves
 * this one.
 */
export const PAGE_FILES = ['index.html', 'sw.js', 'manifest.webmanifest', 'www/', 'scripts/dist/', 'dist/'];
const pageFile = (path) => PAGE_FILES.some((p) => (p.endsWith('/') ? path.startsWith(`/${p}`) : path === `/${p}`));

/** The single file for offline use: served as a download named as on a USB stick. */
const SINGLE = '/dist/dlx-sudoku.html';

/**
 * Serves `root` on `host`:`port` (127.0.0.1: this computer only); resolves to the listening
 * server. `pageOnly`: only PAGE_FILES (404 for the rest), as served to other computers.
 */
export function serve(root, port = 8080, host = '127.0.0.1', { pageOnly = false } = {}) {
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
      if (pageOnly && (!pageFile(path) || path.split('/').some((s) => s.startsWith('.')))) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`not found: ${path}`);
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
        ...(path === SINGLE ? { 'Content-Disposition': 'attachment; filename="dlx-sudoku.html"' } : {}),
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

/** This computer's addresses on its networks (IPv4, not loopback): where a phone in the room finds it. */
export function lanAddresses() {
  return Object.values(networkInterfaces()).flat().filter((a) => a && a.family === 'IPv4' && !a.internal).map((a) => a.address);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const i = process.argv.indexOf('--port');
  const port = Number(i > 0 ? process.argv[i + 1] : process.env.PORT ?? 8080);
  const lan = process.argv.includes('--lan') || process.env.LAN === '1';
  const root = resolve(fileURLToPath(import.meta.url), '../..');
  serve(root, port, lan ? '0.0.0.0' : '127.0.0.1', { pageOnly: lan })
    .then((server) => {
      const { port: p } = server.address();
      console.log(`serving ${root} at http://127.0.0.1:${p}/  (Ctrl+C stops)`);
      const lans = lanAddresses();
      if (lan) {
        if (lans.length) for (const a of lans) console.log(`serve: phones on this network open http://${a}:${p}/ (the single file: http://${a}:${p}${SINGLE})`);
        else console.log('serve: this computer has no network address but its own: no phone can reach it');
      } else if (lans.length) {
        console.log(`serve: phones on this network can open http://${lans[0]}:${p}/ when it is served with --lan (scripts/serve.sh --lan)`);
      }
      const started = Number(process.env.SERVE_STARTED_MS);
      if (started > 0) console.log(`serve: up ${((Date.now() - started) / 1000).toFixed(1)} s after scripts/serve.sh started (set-up, build)`);
    })
    .catch((e) => {
      console.error(`serve: ${e.code === 'EADDRINUSE' ? `port ${port} is in use; try PORT=${port + 1} scripts/serve.sh` : e.message}`);
      process.exit(1);
    });
}
