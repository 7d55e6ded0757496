// Builds dist/: the page ready for any static host, offline after one visit, plus one
// self-contained HTML file. Reads index.html and what it loads from www/; never writes there.
//
//   node scripts/build-dist.mjs            scripts/setup.sh --serve and scripts/build-wasm.sh first, then dist/
//   node scripts/build-dist.mjs --no-wasm  use www/pkg as it is (built already)
//   node scripts/build-dist.mjs --out DIR  write DIR instead of dist/
//   node scripts/build-dist.mjs --page F   build the page F (an .html file) instead of index.html
//   node scripts/build-dist.mjs --if-changed   only when a file it read last time, or one it wrote, changed
//
// What it writes:
//   dist/index.html                 the page: CSP <meta>, manifest, service-worker registration
//   dist/sw.js                      the service worker: precaches all but itself and the single
//                                   file, serves cache first
//   dist/manifest.webmanifest       the web app manifest (installable); icons in dist/assets/
//   dist/assets/**/NAME.HASH.EXT    the page's module and every worker it starts, each bundled
//                                   and minified by esbuild; the minified stylesheet; the wasm
//   dist/dlx-sudoku.html            ONE file: CSS, JS, workers and wasm inlined; works from file://
// and prints the raw, gzipped and brotli size of every file, and last the single file's.
//
// What it needs it installs as scripts/serve.sh does, through scripts/setup.sh --serve (the wasm32
// target, wasm-bindgen-cli, and package.json's "dependencies": binaryen and esbuild); with
// --no-wasm only when esbuild is missing (a fresh clone after scripts/serve.sh has it). The wasm
// module is read from cargo's target directory (CARGO_TARGET_DIR honoured: scripts/build-wasm.sh).
//
// JavaScript is esbuild's job. It starts from the page's <script type="module" src>, follows the
// imports (so no list of modules is kept here), bundles and minifies. esbuild leaves one thing
// alone: `new URL('./x', import.meta.url)`, the way a module names a worker to start (www/wasm/solver.js
// starts www/wasm/worker.js) or a file to fetch (wasm-bindgen's glue fetches the .wasm). The plugin
// newUrlPlugin() finds those with esbuild's own parser and points them at the built file: a
// worker module is bundled as an entry of its own, with a hashed name; any other file is copied.
// In the single file a worker becomes a data: URL of its bundle, the wasm its bytes.
//
// What is left to this script: hashed names, relative URLs, the service worker's file list, the
// Content-Security-Policy and its hashes, the single file's inlining, icons and the manifest.
// Every URL it writes is relative, so dist/ works at a domain root or under any sub-path.
// An inline classic <script> of index.html becomes an external file of dist/ at the same place
// (so it runs at the same moment and the CSP stays script-src 'self'); the single file keeps it
// inline, allowed by its hash.
// --if-changed (scripts/serve.sh's, so that a warm start costs a few milliseconds): each build
// keeps a list of the files it read (its own, esbuild's: the page, the modules, the stylesheet, the
// wasm, the templates, this script) and of the files it wrote, with a hash of each, in
// node_modules/.cache/dlx-sudoku-dist-stamp/; the next build with --if-changed stops there when
// every one of them is as it was, and the options are the same.
// Hashed names make an update atomic: a new build only adds files, and the service worker
// (its VERSION is a hash of all the files) swaps whole versions.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zc, gzipSync } from 'node:zlib';

const root = resolve(fileURLToPath(import.meta.url), '../..');
// Cargo reads a relative CARGO_TARGET_DIR from where it runs; the scripts run it at the root.
const childEnv = { ...process.env };
for (const v of ['CARGO_TARGET_DIR', 'CARGO_BUILD_TARGET_DIR']) if (childEnv[v]) childEnv[v] = resolve(childEnv[v]);

/** esbuild's module (loadEsbuild() sets it): imported when the build starts, installed if missing. */
let esbuild = null;
async function loadEsbuild({ install }) {
  if (esbuild) return;
  const tryImport = () => import('esbuild').then((m) => m, (e) => {
    if (e?.code !== 'ERR_MODULE_NOT_FOUND') throw e;
    return null;
  });
  esbuild = await tryImport();
  if (esbuild) return;
  if (!install) fail('esbuild is not installed: scripts/setup.sh --serve (or npm ci) installs it');
  console.log('build-dist: esbuild is not installed: installing what the deploy build needs');
  run('bash', ['scripts/setup.sh', '--serve']);
  esbuild = await tryImport();
  if (!esbuild) fail('esbuild is still missing after scripts/setup.sh --serve (is it in package.json\'s "dependencies"?)');
}
const templates = join(root, 'scripts/dist');

/** Where the build writes (build() sets it). */
let outDir = join(root, 'dist');

/** The Content-Security-Policy of dist/index.html (the single file gets its own, below). */
const SITE_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'worker-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'object-src': ["'none'"],
};

const MIME = {
  '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.webp': 'image/webp',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.woff2': 'font/woff2', '.woff': 'font/woff',
  '.json': 'application/json', '.webmanifest': 'application/manifest+json', '.txt': 'text/plain',
};
const isModuleFile = (file) => ['.js', '.mjs'].includes(extname(file));

// --- small helpers -----------------------------------------------------------------------------
/** What the build cannot do, said plainly: the command line prints it and exits 1. */
export class BuildError extends Error {}
function fail(message) {
  throw new BuildError(message);
}
const warnings = [];
function warn(message) {
  warnings.push(message);
  console.warn(`build-dist: warning: ${message}`);
}
const rel = (file) => relative(root, file).split(sep).join('/');
/** 8 hex digits of the SHA-256 of `data`: the version in a file name. */
const shortHash = (data) => createHash('sha256').update(data).digest('hex').slice(0, 8);
/** `base64` SHA-256, as CSP hash sources want it. */
const cspHash = (text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** Line number of offset `at` in `text`, for messages. */
const lineOf = (text, at) => text.slice(0, at).split('\n').length;
/** Every file the build read (for --if-changed): read() and readText() add to it, and esbuild's inputs. */
const inputs = new Set();
/** Reads a file the build depends on. */
const read = (file) => {
  inputs.add(resolve(file));
  return readFileSync(file);
};
/** Reads a text file with CRLF made LF (the HTML parser does so too: CSP hashes must agree). */
const readText = (file) => read(file).toString('utf8').replace(/\r\n?/g, '\n');
/** URL from the directory of dist path `from` to dist path `to`, always starting with ./ or ../ */
function relUrl(from, to) {
  const r = posix.relative(posix.dirname(from), to);
  return r.startsWith('.') ? r : `./${r}`;
}
/** `a.b.js` + hash → `a.b.HASH.js` */
function hashedName(path, hash) {
  const ext = extname(path);
  return `${path.slice(0, path.length - ext.length)}.${hash}${ext}`;
}
/** Resolves a relative URL found in `fromFile` to a file path; null for data:, http:, #… */
function resolveRef(fromFile, url, what) {
  if (/^(data|blob|https?|mailto|javascript):/i.test(url) || url.startsWith('#') || url.startsWith('//')) return null;
  if (url.startsWith('/')) fail(`${rel(fromFile)}: ${what} '${url}' is absolute; dist/ must work under any sub-path, so use a relative URL`);
  const file = resolve(dirname(fromFile), decodeURIComponent(url.split(/[?#]/)[0]));
  if (!file.startsWith(root + sep)) fail(`${rel(fromFile)}: ${what} '${url}' points outside the repository`);
  if (!existsSync(file) || !statSync(file).isFile()) fail(`${rel(fromFile)}: ${what} '${url}' not found (${rel(file)})`);
  return file;
}
/** Applies [{start, end, text}] edits (not overlapping) to `src`. */
function applyEdits(src, edits) {
  let out = '';
  let at = 0;
  for (const e of [...edits].sort((a, b) => a.start - b.start)) {
    out += src.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + src.slice(at);
}

// --- JavaScript: esbuild, and new URL('…', import.meta.url) -------------------------------------
/** What `import.meta.url` is while newUrlPlugin reads a module: a name no source may use. */
const META_URL = '__dlx_import_meta_url__';
/** `new URL('…', META_URL)` as esbuild prints it: the path in any quotes, without escapes. */
const NEW_URL_RE = new RegExp(`new URL\\((?:"([^"\\\\\\n]*)"|'([^'\\\\\\n]*)'|\`([^\`\\\\$]*)\`), ${META_URL}\\)`, 'g');

/** esbuild's errors, as its command line would print them. */
const esbuildMessages = (list, kind) => esbuild.formatMessagesSync(list, { kind, color: false }).join('').trimEnd();

/**
 * An esbuild plugin: in every module, `new URL('<relative path>', import.meta.url)` becomes the
 * expression `await replace(file)` gives for the file it names (resolved from the module).
 * `prelude`, if any, is put at the top of a module where something was replaced, and `runtime` is
 * the source of the module it may import as 'dlx-inline:runtime'.
 *
 * How it finds them without a lexer of its own: esbuild.transform() reads the module with
 * `import.meta.url` defined as META_URL, so only the real ones (not one in a string, a comment, a
 * template or a regular expression) come out as that name, in esbuild's own printing; the
 * regular expression NEW_URL_RE then finds each `new URL('…', META_URL)` there.
 */
function newUrlPlugin({ replace, prelude = '', runtime = null }) {
  return {
    name: 'new-url-import-meta-url',
    setup(b) {
      b.onResolve({ filter: /^dlx-inline:runtime$/ }, (a) => ({ path: a.path, namespace: 'dlx-inline' }));
      b.onLoad({ filter: /.*/, namespace: 'dlx-inline' }, () => ({ contents: runtime ?? fail('no inline runtime in this build'), loader: 'js' }));
      b.onLoad({ filter: /\.m?js$/, namespace: 'file' }, ({ path }) => load(path).catch((e) => {
        // bundleJs() throws it again as it is, rather than as one of esbuild's plugin errors
        if (e instanceof BuildError) return { errors: [{ text: e.message, detail: e }] };
        throw e;
      }));
      const load = async (path) => {
        const src = readText(path);
        if (!/\bimport\b/.test(src) || !/\bmeta\b/.test(src)) return undefined; // no import.meta: esbuild reads it itself
        if (src.includes('__dlx_')) fail(`${rel(path)}: names starting with __dlx_ are the build's own`);
        let code;
        try {
          ({ code } = await esbuild.transform(src, { loader: 'js', define: { 'import.meta.url': META_URL }, sourcefile: rel(path), logLevel: 'silent' }));
        } catch (e) {
          if (!e.errors) throw e;
          fail(esbuildMessages(e.errors, 'error'));
        }
        if (!code.includes(META_URL)) return undefined;
        const found = [...code.matchAll(NEW_URL_RE)];
        const exprs = [];
        for (const m of found) {
          const target = resolveRef(path, m[1] ?? m[2] ?? m[3], "new URL('…', import.meta.url)");
          exprs.push(target ? await replace(target) : null);
        }
        let out = '';
        let at = 0;
        found.forEach((m, k) => {
          out += code.slice(at, m.index) + (exprs[k] ?? m[0]);
          at = m.index + m[0].length;
        });
        out += code.slice(at);
        if (prelude && exprs.some((e) => e !== null)) out = `${prelude}\n${out}`;
        const left = out.split(META_URL).length - 1 - exprs.filter((e) => e === null).length;
        if (left > 0) {
          warn(`${rel(path)}: import.meta.url outside new URL('<relative path>', import.meta.url) is left as it is; in dist/ it is the URL of the bundle, not of this module`);
        }
        return { contents: out.split(META_URL).join('import.meta.url'), loader: 'js', resolveDir: dirname(path) };
      };
    },
  };
}

/** `entry` and everything it imports, as one minified ES module (esbuild, with `plugin`). */
async function bundleJs(entry, plugin) {
  let result;
  try {
    result = await esbuild.build({
      entryPoints: [entry],
      absWorkingDir: root,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      charset: 'utf8', // '×' as it is, not '\xD7': the page and the workers are UTF-8 anyway
      write: false,
      metafile: true,
      logLevel: 'silent',
      plugins: [plugin],
    });
  } catch (e) {
    if (!e.errors) throw e;
    const own = e.errors.find((m) => m.detail instanceof BuildError);
    if (own) throw own.detail;
    fail(`esbuild could not bundle ${rel(entry)}:\n${esbuildMessages(e.errors, 'error')}`);
  }
  if (result.warnings.length) warn(`esbuild, bundling ${rel(entry)}:\n${esbuildMessages(result.warnings, 'warning')}`);
  for (const p of Object.keys(result.metafile.inputs)) if (!p.includes(':')) inputs.add(resolve(root, p)); // not 'dlx-inline:runtime'
  const code = result.outputFiles[0].text;
  if (/\bstyle\s*=\s*\\?["']/.test(code)) warn(`${rel(entry)}'s bundle may write style="…" markup (innerHTML?), which the CSP blocks; tests/dist/run.mjs reports any violation`);
  return code;
}

/** A promise per file, made once: bundles are built once, however many modules start them. */
function once(cache, file, stack, make) {
  if (stack.includes(file)) fail(`workers start each other in a cycle: ${[...stack, file].map(rel).join(' → ')} (not supported: a bundle's hashed name depends on the names of the workers it starts)`);
  if (!cache.has(file)) cache.set(file, make());
  return cache.get(file);
}

/** dist/: bundles module `file` (the page's, or a worker's) once; resolves to its dist path. */
const siteBundles = new Map();
function emitBundle(file, stack = []) {
  return once(siteBundles, file, stack, async () => {
    const own = distPathOf(file); // only its directory matters for relUrl
    const plugin = newUrlPlugin({
      replace: async (target) => {
        const path = isModuleFile(target) ? await emitBundle(target, [...stack, file]) : emitAsset(target);
        return `new URL(${JSON.stringify(relUrl(own, path))}, import.meta.url)`;
      },
    });
    return emitFile(file, await bundleJs(file, plugin));
  });
}

/**
 * The single file's runtime (module 'dlx-inline:runtime'). Its files are base64 in `$$files`,
 * a constant the single file's script declares before the bundle, and each worker's too.
 */
const INLINE_RUNTIME = `
/** The bytes of an inlined file: wasm-bindgen's init() instantiates them as they are. */
export const bytes = (name) => {
  const s = atob($$files[name]);
  const a = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) a[i] = s.charCodeAt(i);
  return a;
};
/** A data: URL of an inlined file. */
export const fileUrl = (name, type) => new URL('data:' + type + ';base64,' + $$files[name]);
/**
 * A data: URL that runs \`source\` as a module worker, with the inlined files handed on. Not a
 * Blob URL: Chromium refuses to start a module worker from a blob: URL on a file:// page.
 */
export const workerUrl = (source) => new URL('data:text/javascript;charset=utf-8,' + encodeURIComponent('const $$files = ' + JSON.stringify($$files) + ';\\n' + source));
`;

/** Files the single file inlines (the wasm, say): repository path → base64. */
const inlined = new Map();
/** The single file: module `file` bundled with its workers as data: URLs, its files inlined. */
const singleBundles = new Map();
function singleBundle(file, stack = []) {
  return once(singleBundles, file, stack, async () => {
    const plugin = newUrlPlugin({
      prelude: "import * as __dlx_inline from 'dlx-inline:runtime';",
      runtime: INLINE_RUNTIME,
      replace: async (target) => {
        if (isModuleFile(target)) return `__dlx_inline.workerUrl(${JSON.stringify(await singleBundle(target, [...stack, file]))})`;
        const key = rel(target);
        inlined.set(key, assetData(target).toString('base64'));
        if (extname(target) === '.wasm') return `__dlx_inline.bytes(${JSON.stringify(key)})`;
        return `__dlx_inline.fileUrl(${JSON.stringify(key)}, ${JSON.stringify(MIME[extname(target)] ?? 'application/octet-stream')})`;
      },
    });
    return bundleJs(file, plugin);
  });
}

/** The whole inline script of the single file for entry module `entry`: its files, then its bundle. */
async function singleScript(entry) {
  const code = await singleBundle(entry);
  return `\nconst $$files = {\n${[...inlined].map(([k, v]) => `${JSON.stringify(k)}: "${v}",`).join('\n')}\n};\n${code}`;
}

/** A stylesheet minified by esbuild. */
function minifyCss(file, css) {
  try {
    const r = esbuild.transformSync(css, { loader: 'css', minify: true, charset: 'utf8', sourcefile: rel(file), logLevel: 'silent' });
    if (r.warnings.length) warn(esbuildMessages(r.warnings, 'warning'));
    return r.code;
  } catch (e) {
    if (!e.errors) throw e;
    fail(esbuildMessages(e.errors, 'error'));
  }
}

// --- dist/: content-hashed files ---------------------------------------------------------------
const emitted = new Map(); // source file → dist path ('assets/…')
const distFiles = new Map(); // dist path → Buffer
const precache = []; // dist paths the service worker caches

function write(path, data, { cache = true } = {}) {
  if (distFiles.has(path)) fail(`two files would be written to dist/${path}`);
  distFiles.set(path, Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8'));
  if (cache) precache.push(path);
  return path;
}
/** Where a source file goes in dist/, before its hash: www/x → assets/x, anything else → assets/<path> */
function distPathOf(file) {
  const r = rel(file);
  return `assets/${r.startsWith('www/') ? r.slice(4) : r}`;
}

/** Writes a file under its content-hashed name once; returns its dist path. */
function emitFile(file, data) {
  if (emitted.has(file)) return emitted.get(file);
  const path = hashedName(distPathOf(file), shortHash(data));
  emitted.set(file, write(path, data));
  return path;
}

/** Emits a stylesheet with its url(…) and @import references rewritten, minified. */
function emitCss(file) {
  if (emitted.has(file)) return emitted.get(file);
  const css = readText(file);
  const own = hashedName(distPathOf(file), 'HASH');
  const out = rewriteCss(file, css, (target) => relUrl(own, target.endsWith('.css') ? emitCss(target) : emitAsset(target)));
  return emitFile(file, minifyCss(file, out));
}

/** url(…) and @import '…' in `css`, each relative one replaced by `replace(file)`. */
function rewriteCss(file, css, replace) {
  if (/<\/style/i.test(css)) fail(`${rel(file)}: contains '</style', which would end the inlined <style> of the single file`);
  return css
    .replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (all, q, url) => {
      const target = resolveRef(file, url.trim(), 'url()');
      return target ? `url("${replace(target)}")` : all;
    })
    .replace(/@import\s+(['"])([^'"]+)\1/g, (all, q, url) => {
      const target = resolveRef(file, url, '@import');
      return target ? `@import "${replace(target)}"` : all;
    });
}

let wasmReport = '';
/** The wasm module, run through wasm-opt once more where that makes it smaller. */
function wasmBytes(file) {
  const bytes = read(file);
  const opt = join(root, 'node_modules/.bin/wasm-opt');
  if (!existsSync(opt)) {
    wasmReport = `${rel(file)}: wasm-opt not found (npm ci); copied as built, ${bytes.length} bytes`;
    return bytes;
  }
  // The features rustc enables for wasm32 (as in scripts/build-wasm.sh); strip the producers
  // and target_features custom sections, which the browser ignores. --converge and
  // --low-memory-unused as there.
  const args = ['-O3', '--converge', '--low-memory-unused', '--enable-bulk-memory', '--enable-sign-ext', '--enable-nontrapping-float-to-int',
    '--enable-mutable-globals', '--enable-simd', '--enable-reference-types', '--enable-multivalue',
    '--strip-producers', '--strip-target-features'];
  // wasm-opt's output is a function of its input, its options and its version: kept for the next
  // build of the same module (wasm-opt -O3 is most of a build's CPU: 6.6 s of 10.6 here).
  const binaryen = JSON.parse(readText(join(root, 'node_modules/binaryen/package.json'))).version;
  const key = createHash('sha256').update(bytes).update(`\0${args.join(' ')}\0${binaryen}`).digest('hex').slice(0, 32);
  const cacheDir = join(root, 'node_modules/.cache/dlx-sudoku-build-dist');
  const cached = join(cacheDir, `${key}.wasm`);
  let optimised;
  const kept = existsSync(cached);
  if (kept) optimised = readFileSync(cached);
  else {
    const tmp = join(outDir, '.wasm-opt.tmp.wasm');
    mkdirSync(outDir, { recursive: true });
    const r = spawnSync(opt, [...args, file, '-o', tmp], { encoding: 'utf8' });
    if (r.status !== 0) fail(`wasm-opt failed on ${rel(file)}:\n${r.stderr}`);
    optimised = readFileSync(tmp);
    rmSync(tmp);
    rmSync(cacheDir, { recursive: true, force: true }); // one module kept: the last one built
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(cached, optimised);
  }
  const gz = (b) => gzipSync(b, { level: 9 }).length;
  if (optimised.length < bytes.length && gz(optimised) <= gz(bytes)) {
    wasmReport = `${rel(file)}: wasm-opt -O3 --strip-producers: ${bytes.length} → ${optimised.length} bytes (gzipped ${gz(bytes)} → ${gz(optimised)})${kept ? `; its output kept from an earlier build (${rel(cacheDir)})` : ''}`;
    return optimised;
  }
  wasmReport = `${rel(file)}: wasm-opt did not make it smaller (${bytes.length} → ${optimised.length} bytes); copied as built`;
  return bytes;
}

const assetBytes = new Map(); // file → Buffer as written (the single file inlines the same bytes)
function assetData(file) {
  if (!assetBytes.has(file)) assetBytes.set(file, extname(file) === '.wasm' ? wasmBytes(file) : read(file));
  return assetBytes.get(file);
}
const emitAsset = (file) => emitFile(file, assetData(file));

// --- HTML --------------------------------------------------------------------------------------
/**
 * The tags of an HTML document, outside comments and script/style contents:
 * [{name, start, end, attrs: [{name, value, start, end (of the value, quotes excluded)}]}]
 */
function tags(html) {
  const out = [];
  const re = /<!--[\s\S]*?-->|<([a-zA-Z][\w-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
  let m;
  while ((m = re.exec(html))) {
    if (!m[1]) continue;
    const name = m[1].toLowerCase();
    const attrsAt = m.index + 1 + m[1].length;
    const attrs = [];
    for (const a of m[2].matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g)) {
      const value = a[2] ?? a[3] ?? a[4] ?? null;
      const valueAt = value === null ? -1 : attrsAt + a.index + a[0].length - value.length - (a[4] === undefined ? 1 : 0);
      attrs.push({ name: a[1].toLowerCase(), value: value === null ? '' : value.replace(/&amp;/g, '&'), start: valueAt, end: valueAt + (value?.length ?? 0), raw: value });
    }
    const tag = { name, start: m.index, end: m.index + m[0].length, attrs, attr: (n) => attrs.find((a) => a.name === n) };
    out.push(tag);
    if (name === 'script' || name === 'style') {
      const close = html.toLowerCase().indexOf(`</${name}`, tag.end);
      tag.content = html.slice(tag.end, close);
      tag.closeEnd = html.indexOf('>', close) + 1; // just past </script>
      re.lastIndex = close;
    }
  }
  return out;
}
const escapeAttr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
const cspText = (policy) => Object.entries(policy).map(([k, v]) => `${k} ${v.join(' ')}`).join('; ');

/**
 * What index.html loads, checked against a strict CSP: {stylesheets, modules, classic, assets, edits}
 * where edits are per-tag callbacks the two outputs fill in differently.
 */
function readPage(file) {
  const html = readText(file);
  const found = { html, refs: [], styleAttrs: 0, cspMeta: null };
  for (const t of tags(html)) {
    const where = `${rel(file)}:${lineOf(html, t.start)}`;
    for (const a of t.attrs) {
      if (/^on/.test(a.name)) fail(`${where}: <${t.name} ${a.name}=…>: inline event handlers are blocked by the Content-Security-Policy; use addEventListener`);
      if (a.name === 'style') found.styleAttrs++;
      if ((a.name === 'href' || a.name === 'src') && /^\s*javascript:/i.test(a.value)) fail(`${where}: javascript: URLs are blocked by the Content-Security-Policy`);
    }
    if (t.name === 'meta' && /content-security-policy/i.test(t.attr('http-equiv')?.value ?? '')) found.cspMeta = t;
    if (t.name === 'script') {
      const src = t.attr('src');
      const module = (t.attr('type')?.value ?? '').toLowerCase() === 'module';
      if (!src) {
        const type = (t.attr('type')?.value ?? '').toLowerCase();
        if (module) fail(`${where}: an inline <script type="module"> is not supported; put it in a file in www/`);
        if (type === 'importmap') fail(`${where}: import maps are not supported`);
        if (t.content.trim() && ['', 'text/javascript', 'application/javascript'].includes(type)) {
          // A classic inline script: dist/index.html gets it as an external file at the same
          // place (so it still runs right there, synchronously); the single file keeps it inline,
          // allowed by its hash.
          found.refs.push({ tag: t, kind: 'inline-classic', content: t.content, line: lineOf(html, t.start) });
          if (/location\.protocol\s*===?\s*['"]file:['"]/.test(t.content) && !t.content.includes('script[type="module"][src]')) {
            warn(`${where}: this inline script treats a page opened from file:// as broken; dist/dlx-sudoku.html is opened from file:// and works, so the script's message is wrong there (see tests/dist/run.mjs)`);
          }
        }
        continue;
      }
      const target = resolveRef(file, src.value, '<script src>');
      if (target) found.refs.push({ tag: t, attr: src, file: target, kind: module ? 'module' : 'classic' });
    } else if (t.name === 'link') {
      const href = t.attr('href');
      if (!href) continue;
      const relAttr = (t.attr('rel')?.value ?? '').toLowerCase().split(/\s+/);
      const target = resolveRef(file, href.value, `<link rel="${relAttr.join(' ')}">`);
      if (!target) continue;
      const kind = relAttr.includes('stylesheet') ? 'stylesheet' : relAttr.includes('modulepreload') ? 'modulepreload' : relAttr.includes('manifest') ? 'manifest' : 'asset';
      found.refs.push({ tag: t, attr: href, file: target, kind });
    } else if (['img', 'source', 'audio', 'video', 'track', 'input'].includes(t.name)) {
      for (const a of t.attrs.filter((a) => a.name === 'src' || a.name === 'poster')) {
        const target = resolveRef(file, a.value, `<${t.name} ${a.name}>`);
        if (target) found.refs.push({ tag: t, attr: a, file: target, kind: 'asset' });
      }
      if (t.attr('srcset')) warn(`${where}: srcset is copied as it is (not rewritten)`);
    } else if (t.name === 'a' || t.name === 'area') {
      const href = t.attr('href');
      if (href && !href.value.startsWith('#') && resolveRef(file, href.value, `<${t.name} href>`)) {
        warn(`${where}: a link to ${href.value} is kept as it is; that file is not in dist/`);
      }
    }
  }
  return found;
}


// --- build --------------------------------------------------------------------------------------
function run(cmd, cmdArgs) {
  console.log(`build-dist: + ${cmd} ${cmdArgs.join(' ')}`);
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: childEnv });
  if (r.status !== 0) fail(`${cmd} ${cmdArgs.join(' ')} failed (exit ${r.status ?? r.signal})`);
}

function sizesTable(files) {
  const rows = [...files.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([path, data]) => ({
    path,
    raw: data.length,
    gz: gzipSync(data, { level: 9 }).length,
    br: brotliCompressSync(data, { params: { [zc.BROTLI_PARAM_QUALITY]: 11 } }).length,
    cached: precache.includes(path),
  }));
  const sum = (list, k) => list.reduce((n, r) => n + r[k], 0);
  const cachedRows = rows.filter((r) => r.cached);
  rows.push({ path: `precached by sw.js (${cachedRows.length} files)`, raw: sum(cachedRows, 'raw'), gz: sum(cachedRows, 'gz'), br: sum(cachedRows, 'br'), total: true });
  const w = Math.max(...rows.map((r) => r.path.length), 4);
  const num = (x) => x.toLocaleString('en').padStart(9);
  const lines = [`| ${'file'.padEnd(w)} | ${'raw'.padStart(9)} | ${'gzip -9'.padStart(9)} | ${'brotli'.padStart(9)} |`, `|${'-'.repeat(w + 2)}|${'-'.repeat(10)}:|${'-'.repeat(10)}:|${'-'.repeat(10)}:|`];
  for (const r of rows) lines.push(`| ${r.path.padEnd(w)} | ${num(r.raw)} | ${num(r.gz)} | ${num(r.br)} |`);
  return lines.join('\n');
}

/**
 * Builds `page` (an HTML file of the repository, index.html by default) into `out`, after
 * scripts/build-wasm.sh if `wasm`. Throws a BuildError for what it cannot do.
 */
export async function build({ page: pageFile = join(root, 'index.html'), out = join(root, 'dist'), wasm = true, ifChanged = false } = {}) {
  outDir = resolve(out);
  pageFile = resolve(pageFile);
  if (outDir === root || !outDir.startsWith(root + sep) || /^(www|src|scripts|tests)(\/|$)/.test(rel(outDir))) {
    fail(`refusing to write ${outDir}: pick a directory of its own inside the repository (default dist/)`);
  }
  if (!pageFile.startsWith(root + sep) || extname(pageFile) !== '.html' || !existsSync(pageFile)) fail(`${pageFile}: not an .html file of the repository`);
  if (ifChanged && upToDate(pageFile)) {
    console.log(`build-dist: ${rel(outDir)}/ is up to date (no file it was built from, and none of its own, has changed)`);
    return false;
  }
  for (const m of [emitted, distFiles, assetBytes, siteBundles, singleBundles, inlined, inputs]) m.clear();
  inputs.add(fileURLToPath(import.meta.url));
  precache.length = 0;
  warnings.length = 0;
  if (wasm) {
    // As scripts/serve.sh: what building needs, installed where missing (seconds when it is there).
    run('bash', ['scripts/setup.sh', '--serve']);
    run('bash', ['scripts/build-wasm.sh']);
  }
  await loadEsbuild({ install: !wasm });
  if (existsSync(join(root, 'node_modules/esbuild/package.json'))) read(join(root, 'node_modules/esbuild/package.json')); // its version
  if (!existsSync(join(root, 'www/pkg/dlx_sudoku_bg.wasm'))) fail('www/pkg is not built: run scripts/build-wasm.sh (or leave out --no-wasm)');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const page = readPage(pageFile);
  const pageName = rel(pageFile);
  const { html } = page;
  const styleAttrCsp = page.styleAttrs > 0;
  if (styleAttrCsp) warn(`${pageName} has ${page.styleAttrs} style="…" attribute(s): the CSPs allow style-src-attr 'unsafe-inline' for them (better: classes in www/style.css)`);
  if (page.cspMeta) warn(`${pageName} has a Content-Security-Policy <meta> already: the build replaces it with its own`);

  // 1. dist/: assets with hashed names, then index.html pointing at them.
  const siteEdits = [];
  for (const r of page.refs) {
    let path;
    if (r.kind === 'module') path = await emitBundle(r.file);
    else if (r.kind === 'modulepreload') {
      // The module is in the page's bundle now (or in nothing the page loads).
      siteEdits.push({ start: r.tag.start, end: r.tag.end, text: '' });
      continue;
    } else if (r.kind === 'stylesheet') path = emitCss(r.file);
    else if (r.kind === 'inline-classic') {
      const code = r.content.replace(/^\n/, '');
      const path = write(`assets/index.inline-${r.line}.${shortHash(code)}.js`, code);
      siteEdits.push({ start: r.tag.start, end: r.tag.closeEnd, text: `<script src="${escapeAttr(path)}"></script>` });
      continue;
    } else if (r.kind === 'manifest') fail(`${pageName} links a manifest: the build writes its own (scripts/dist/manifest.webmanifest); drop the link or merge the two`);
    else path = emitAsset(r.file);
    siteEdits.push({ start: r.attr.start, end: r.attr.end, text: escapeAttr(path) });
  }

  // icons and manifest (the manifest keeps its name: it is the installed app's reference)
  const icons = {};
  for (const f of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png']) {
    icons[f] = write(hashedName(`assets/${f}`, shortHash(read(join(templates, f)))), read(join(templates, f)));
  }
  const manifest = JSON.parse(readText(join(templates, 'manifest.webmanifest')));
  for (const icon of manifest.icons) icon.src = icons[icon.src] ?? fail(`manifest icon ${icon.src} is not one of ${Object.keys(icons)}`);
  write('manifest.webmanifest', `${JSON.stringify(manifest, null, 2)}\n`);
  const register = write(hashedName('assets/sw-register.js', shortHash(readText(join(templates, 'sw-register.js')))), readText(join(templates, 'sw-register.js')));

  // index.html: the CSP first in <head> (it governs only what comes after it), then the rest.
  const siteCsp = structuredClone(SITE_CSP);
  if (styleAttrCsp) siteCsp['style-src-attr'] = ["'unsafe-inline'"];
  if (page.cspMeta) siteEdits.push({ start: page.cspMeta.start, end: page.cspMeta.end, text: '' });
  const charset = tags(html).find((t) => t.name === 'meta' && t.attr('charset'));
  if (!charset) fail(`${pageName} has no <meta charset>`);
  const headEnd = html.search(/<\/head>/i);
  siteEdits.push({ start: charset.end, end: charset.end, text: `\n  <meta http-equiv="Content-Security-Policy" content="${escapeAttr(cspText(siteCsp))}">` });
  siteEdits.push({
    start: headEnd,
    end: headEnd,
    text: [
      `<link rel="manifest" href="manifest.webmanifest">`,
      `<meta name="theme-color" content="${escapeAttr(manifest.theme_color)}">`,
      `<link rel="apple-touch-icon" href="${escapeAttr(icons['icon-192.png'])}">`,
      `<script src="${escapeAttr(register)}" defer></script>`,
    ].map((l) => `  ${l}\n`).join(''),
  });
  write('index.html', applyEdits(html, siteEdits));

  // sw.js: precaches everything above; its version is a hash of all of it.
  const all = createHash('sha256');
  for (const p of [...precache].sort()) all.update(p).update('\0').update(distFiles.get(p)).update('\0');
  const version = all.digest('hex').slice(0, 16);
  const swSrc = readText(join(templates, 'sw.js'))
    .replace("/*VERSION*/ 'dev'", JSON.stringify(version))
    .replace('/*ASSETS*/ []', `[\n${['index.html', ...precache.filter((p) => p !== 'index.html')].map((p) => `  ${JSON.stringify(`./${p}`)}`).join(',\n')}\n]`);
  if (!swSrc.includes(version)) fail('scripts/dist/sw.js lost its /*VERSION*/ marker');
  write('sw.js', swSrc, { cache: false });

  // 2. dlx-sudoku.html: everything inline.
  const singleEdits = [];
  const inlineHashes = [];
  let script = null;
  const styles = [];
  for (const r of page.refs) {
    if (r.kind === 'module') {
      if (script !== null) fail(`the single file supports one <script type="module" src> in ${pageName}`);
      script = await singleScript(r.file);
      // esbuild writes '</script' in a string as '<\/script'; '<!--' it leaves, and that could
      // make the HTML parser read past the script's end (with a '<script' after it).
      if (/<\/script|<!--/i.test(script)) fail(`the bundled script contains '</script' or '<!--' (in a string of ${rel(r.file)}'s module graph?), which would break the inline <script>: write it as '<\\!--'`);
      singleEdits.push({ start: r.tag.start, end: r.tag.closeEnd, text: '<script type="module">$$SCRIPT$$</script>' });
    } else if (r.kind === 'stylesheet') {
      const css = rewriteCss(r.file, readText(r.file), (target) => `data:${MIME[extname(target)] ?? 'application/octet-stream'};base64,${read(target).toString('base64')}`);
      if (/@import/.test(css)) fail(`${rel(r.file)}: @import is not supported in the single file`);
      styles.push(minifyCss(r.file, css));
      singleEdits.push({ start: r.tag.start, end: r.tag.end, text: styles.length === 1 ? '<style>$$STYLE$$</style>' : '' });
    } else if (r.kind === 'modulepreload') {
      singleEdits.push({ start: r.tag.start, end: r.tag.end, text: '' });
    } else if (r.kind === 'inline-classic') {
      inlineHashes.push(cspHash(r.content)); // kept as it is, allowed by its hash
    } else if (r.kind === 'classic') {
      fail(`the single file does not inline classic <script src> (${rel(r.file)})`);
    } else {
      singleEdits.push({ start: r.attr.start, end: r.attr.end, text: escapeAttr(`data:${MIME[extname(r.file)] ?? 'application/octet-stream'};base64,${assetData(r.file).toString('base64')}`) });
    }
  }
  if (script === null) fail(`${pageName} has no <script type="module" src>`);
  const style = styles.join('\n');
  // Exactly what the single file needs: its one script and one style by hash, wasm compilation,
  // data: URL workers (they inherit this policy), data: images. No 'self': a file:// page has
  // no origin to trust.
  const singleCsp = {
    'default-src': ["'none'"],
    'script-src': [cspHash(script), ...inlineHashes, "'wasm-unsafe-eval'"],
    'style-src': [cspHash(style)],
    ...(styleAttrCsp ? { 'style-src-attr': ["'unsafe-inline'"] } : {}),
    'img-src': ['data:'],
    'worker-src': ['data:'],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
    'object-src': ["'none'"],
  };
  if (page.cspMeta) singleEdits.push({ start: page.cspMeta.start, end: page.cspMeta.end, text: '' });
  singleEdits.push({ start: charset.end, end: charset.end, text: `\n  <meta http-equiv="Content-Security-Policy" content="${escapeAttr(cspText(singleCsp))}">` });
  // Split on the placeholders rather than String.replace, whose $-patterns would bite.
  const single = applyEdits(html, singleEdits).split('$$SCRIPT$$').join(script).split('$$STYLE$$').join(style);
  write('dlx-sudoku.html', single, { cache: false });

  // 3. write out, report.
  for (const [path, data] of distFiles) {
    mkdirSync(dirname(join(outDir, path)), { recursive: true });
    writeFileSync(join(outDir, path), data);
  }
  console.log(`build-dist: ${wasmReport}`);
  console.log(`build-dist: JavaScript bundled and minified by esbuild ${esbuild.version}: ${[...siteBundles.keys()].map(rel).join(', ')} (each with what it imports)`);
  console.log(`build-dist: wrote ${rel(outDir)}/ (${distFiles.size} files; sw.js version ${version}):\n`);
  console.log(sizesTable(distFiles));
  console.log(`\nbuild-dist: deploy: copy ${rel(outDir)}/ to any static host (any sub-path); hand out ${rel(outDir)}/dlx-sudoku.html on its own.`);
  const oneFile = distFiles.get('dlx-sudoku.html');
  console.log(`build-dist: the single file ${rel(outDir)}/dlx-sudoku.html: ${oneFile.length.toLocaleString('en')} bytes, ${gzipSync(oneFile, { level: 9 }).length.toLocaleString('en')} gzipped (gzip -9)`);
  if (warnings.length) console.log(`build-dist: ${warnings.length} warning(s) above.`);
  writeStamp(pageFile);
  return true;
}

// --- --if-changed: what the last build read and wrote ----------------------------------------------
const fileHash = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');
/** The stamp of a build of `pageFile` into outDir (outside it: the service worker's list is the folder). */
const stampFile = (pageFile) => join(root, 'node_modules/.cache/dlx-sudoku-dist-stamp', `${shortHash(`${rel(outDir)}\0${rel(pageFile)}`)}.json`);
function writeStamp(pageFile) {
  const hashes = (files) => Object.fromEntries([...files].sort().map((f) => [rel(f), fileHash(f)]));
  const stamp = { page: rel(pageFile), out: rel(outDir), read: hashes(inputs), wrote: hashes([...distFiles.keys()].map((p) => join(outDir, p))) };
  mkdirSync(dirname(stampFile(pageFile)), { recursive: true });
  writeFileSync(stampFile(pageFile), `${JSON.stringify(stamp, null, 1)}\n`);
}
/** Whether every file the last build of `pageFile` into outDir read and wrote is as it was then. */
function upToDate(pageFile) {
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampFile(pageFile), 'utf8'));
  } catch {
    return false; // no build yet (or its stamp unreadable): build
  }
  if (stamp.page !== rel(pageFile) || stamp.out !== rel(outDir)) return false;
  const same = ([path, hash]) => existsSync(join(root, path)) && fileHash(join(root, path)) === hash;
  return Object.entries(stamp.read).every(same) && Object.entries(stamp.wrote).length > 0 && Object.entries(stamp.wrote).every(same);
}


if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const options = {};
    const args = process.argv.slice(2);
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '--no-wasm') options.wasm = false;
      else if (args[i] === '--out') options.out = resolve(args[++i] ?? '');
      else if (args[i] === '--page') options.page = resolve(args[++i] ?? '');
      else if (args[i] === '--if-changed') options.ifChanged = true;
      else if (args[i] === '-h' || args[i] === '--help') {
        console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(3, 8).map((l) => l.slice(3)).join('\n'));
        process.exit(0);
      } else fail(`unknown option ${args[i]} (try --help)`);
    }
    await build(options);
  } catch (e) {
    if (!(e instanceof BuildError)) throw e;
    console.error(`build-dist: ${e.message}`);
    process.exit(1);
  }
}
