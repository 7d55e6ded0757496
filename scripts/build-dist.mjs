// Builds dist/: the page ready for any static host, offline after one visit, plus one
// self-contained HTML file. Reads index.html and the ES modules, CSS and wasm it loads from www/;
// never writes there.
//
//   node scripts/build-dist.mjs            scripts/build-wasm.sh first, then dist/
//   node scripts/build-dist.mjs --no-wasm  use www/pkg as it is (built already)
//   node scripts/build-dist.mjs --out DIR  write DIR instead of dist/
//
// What it writes:
//   dist/index.html                 the page: CSP <meta>, manifest, service-worker registration
//   dist/sw.js                      the service worker: precaches all but itself and the single
//                                   file, serves cache first
//   dist/manifest.webmanifest       the web app manifest (installable); icons in dist/assets/
//   dist/assets/**/NAME.HASH.EXT    every module, the stylesheet, the wasm: content-hashed names
//   dist/dlx-sudoku.html            ONE file: CSS, JS and wasm inlined; works from file://
// and prints the raw, gzipped and brotli size of every file.
//
// Every URL it writes is relative, so dist/ works at a domain root or under any sub-path.
// An inline classic <script> of index.html becomes an external file of dist/ at the same place
// (so it runs at the same moment and the CSP stays script-src 'self'); the single file keeps it
// inline, allowed by its hash.
// Hashed names make an update atomic: a new build only adds files, and the service worker
// (its VERSION is a hash of all the files) swaps whole versions.
//
// How it reads JavaScript: no parser dependency. mask() blanks out comments, strings, template
// literals and regular expressions, so that plain regular expressions over the masked text find
// the real `import`, `export` and `new URL('…', import.meta.url)` of a module. What it handles:
// static imports and re-exports of relative specifiers, `new URL('./x', import.meta.url)` for a
// worker module or a file such as the wasm. It fails loudly, naming the file and line, on what it
// does not handle (import cycles, `export let`, dynamic import() in the single file, …) rather
// than write a page that breaks.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zc, gzipSync } from 'node:zlib';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const templates = join(root, 'scripts/dist');

// --- options (set by the command line at the bottom) ---------------------------------------------
let buildWasm = true;
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
/** Reads a text file with CRLF made LF (the HTML parser does so too: CSP hashes must agree). */
const readText = (file) => readFileSync(file, 'utf8').replace(/\r\n?/g, '\n');
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

// --- reading JavaScript without a parser ------------------------------------------------------
const REGEX_AFTER_WORD = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

/**
 * `src` with the contents of comments, string literals, template literal text and regular
 * expression literals replaced by spaces (line breaks kept, so offsets and lines still match).
 * Quote characters stay, so `from '…'` still shows where its string is. Code inside `${…}` of a
 * template literal stays code. A `/` counts as a regular expression where an expression may
 * start (after an operator, `(`, `,`, a keyword such as return, …), else as division.
 */
function mask(src) {
  const out = src.split('');
  const n = src.length;
  const blank = (a, b) => {
    for (let k = a; k < b; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  const templateBraces = []; // brace depth at each open `${`
  let braces = 0;
  let last = ''; // the last significant token: '' at the start, a word, or a punctuator
  let i = 0;

  // Template text from i (just after ` or the } closing a ${…}); returns where code resumes.
  const template = (i) => {
    const start = i;
    while (i < n) {
      const c = src[i];
      if (c === '\\') i += 2;
      else if (c === '`') {
        blank(start, i);
        last = 'str';
        return i + 1;
      } else if (c === '$' && src[i + 1] === '{') {
        blank(start, i);
        templateBraces.push(braces);
        braces++;
        last = '{';
        return i + 2;
      } else i++;
    }
    throw new Error('unterminated template literal');
  };

  while (i < n) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') {
      const j = src.indexOf('\n', i);
      const end = j < 0 ? n : j;
      blank(i, end);
      i = end;
    } else if (c === '/' && src[i + 1] === '*') {
      const j = src.indexOf('*/', i + 2);
      if (j < 0) throw new Error(`unterminated comment at line ${lineOf(src, i)}`);
      blank(i, j + 2);
      i = j + 2;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && src[j] !== c) {
        if (src[j] === '\n') throw new Error(`unterminated string at line ${lineOf(src, i)}`);
        j += src[j] === '\\' ? 2 : 1;
      }
      blank(i + 1, j);
      i = j + 1;
      last = 'str';
    } else if (c === '`') {
      i = template(i + 1);
    } else if (c === '}' && templateBraces.length && braces - 1 === templateBraces.at(-1)) {
      templateBraces.pop();
      braces--;
      i = template(i + 1);
    } else if (c === '/') {
      // A regular expression can start after nothing, after a punctuator other than ) ] }, or
      // after a keyword such as return; after a name, a number, a string or ) ] } it is division.
      if (last === '' || /^[^\w$)\]}]$/.test(last) || REGEX_AFTER_WORD.has(last)) {
        let j = i + 1;
        let inClass = false;
        while (j < n && (inClass || src[j] !== '/')) {
          if (src[j] === '\n') throw new Error(`unterminated regular expression at line ${lineOf(src, i)}`);
          if (src[j] === '\\') j++;
          else if (src[j] === '[') inClass = true;
          else if (src[j] === ']') inClass = false;
          j++;
        }
        blank(i + 1, j);
        j++;
        while (j < n && /[a-z]/i.test(src[j])) j++;
        i = j;
        last = 'str';
      } else {
        last = '/';
        i++;
      }
    } else if (/[A-Za-z_$\u0080-\uffff]/.test(c)) {
      let j = i + 1;
      while (j < n && /[\w$\u0080-\uffff]/.test(src[j])) j++;
      last = src.slice(i, j);
      i = j;
    } else if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(src[i + 1] ?? ''))) {
      let j = i + 1;
      while (j < n && /[\w.]/.test(src[j])) j++;
      last = 'num';
      i = j;
    } else {
      if (c === '{') braces++;
      else if (c === '}') braces--;
      if (!/\s/.test(c)) last = c;
      i++;
    }
  }
  return out.join('');
}

/** Nesting depth ({[( together) at each offset of masked text. */
function depths(masked) {
  const d = new Int32Array(masked.length + 1);
  let k = 0;
  for (let i = 0; i < masked.length; i++) {
    d[i] = k;
    const c = masked[i];
    if (c === '{' || c === '(' || c === '[') k++;
    else if (c === '}' || c === ')' || c === ']') k--;
  }
  d[masked.length] = k;
  return d;
}

/** The string literal whose opening quote is the first quote at or after `from`: {start, end, value}. */
function stringAt(src, masked, from) {
  const q = masked.slice(from).search(/['"]/);
  if (q < 0) return null;
  const start = from + q;
  const end = masked.indexOf(masked[start], start + 1);
  return { start, end: end + 1, value: JSON.parse(`"${src.slice(start + 1, end).replace(/"/g, '\\"')}"`) };
}

/**
 * Everything the build needs to know about one module:
 *   statements: top-level import/export declarations, {kind, start, end, spec?, text}
 *   urls:       `new URL('…', import.meta.url)`, {start, end, spec}
 *   dynamic:    `import('…')`, {start, end, spec}
 *   meta:       offsets of any other `import.meta`
 */
function scanModule(file, src) {
  let masked;
  try {
    masked = mask(src);
  } catch (e) {
    fail(`${rel(file)}: ${e.message}`);
  }
  const depth = depths(masked);
  const statements = [];
  const urls = [];
  const dynamic = [];
  const meta = [];
  const urlRe = /new\s+URL\s*\(\s*(['"])\s*\1\s*,\s*import\.meta\.url\s*\)/g;
  for (const m of masked.matchAll(urlRe)) {
    const s = stringAt(src, masked, m.index);
    urls.push({ start: m.index, end: m.index + m[0].length, spec: s.value, specStart: s.start, specEnd: s.end });
  }
  const inUrl = (at) => urls.some((u) => at >= u.start && at < u.end);
  for (const m of masked.matchAll(/(?<![\w$.])(import|export)(?![\w$])/g)) {
    const at = m.index;
    const after = masked.slice(at + m[0].length).match(/^\s*(.)/)?.[1];
    if (m[1] === 'import' && after === '.') {
      if (!inUrl(at)) meta.push(at);
      continue;
    }
    if (m[1] === 'import' && after === '(') {
      const s = stringAt(src, masked, at);
      const close = masked.indexOf(')', at);
      if (!s || s.start > close) fail(`${rel(file)}:${lineOf(src, at)}: import() of a computed specifier is not supported`);
      dynamic.push({ start: at, end: close + 1, spec: s.value, specStart: s.start, specEnd: s.end });
      continue;
    }
    if (depth[at] !== 0) continue; // `import`/`export` as a property name, say
    statements.push(readStatement(file, src, masked, m[1], at));
  }
  return { statements, urls, dynamic, meta };
}

/** Reads one top-level import or export declaration starting at `at`. */
function readStatement(file, src, masked, keyword, at) {
  const where = `${rel(file)}:${lineOf(src, at)}`;
  const body = at + keyword.length;
  // The end of a declaration with a `from '…'` or a bare `import '…'`: just past its string (+ ;)
  const endAfter = (s) => {
    const rest = masked.slice(s.end);
    if (/^\s*(with|assert)\b/.test(rest)) fail(`${where}: import attributes (with/assert) are not supported`);
    const semi = rest.match(/^[ \t]*;/);
    return s.end + (semi ? semi[0].length : 0);
  };
  if (keyword === 'import') {
    const s = stringAt(src, masked, body);
    const fromAt = masked.slice(body, s.start).search(/\bfrom\s*$/);
    const clause = (fromAt < 0 ? '' : src.slice(body, body + fromAt)).trim();
    if (fromAt < 0 && masked.slice(body, s.start).trim()) fail(`${where}: cannot read this import`);
    return { kind: 'import', start: at, end: endAfter(s), spec: s.value, specStart: s.start, specEnd: s.end, clause };
  }
  const rest = masked.slice(body);
  const lead = rest.match(/^\s*/)[0].length;
  const first = body + lead;
  if (masked[first] === '{' || masked[first] === '*') {
    // export { a, b as c } [from '…'];   export * [as ns] from '…';
    const close = masked[first] === '{' ? masked.indexOf('}', first) + 1 : first + 1;
    const tail = masked.slice(close);
    const fromM = tail.match(/^\s*(as\s+[\w$]+\s*)?from\s*(['"])/);
    const clause = src.slice(first, close + (fromM?.[1] ? tail.indexOf(fromM[1]) + fromM[1].length : 0)).trim();
    if (fromM) {
      const s = stringAt(src, masked, close);
      return { kind: 'export-from', start: at, end: endAfter(s), spec: s.value, specStart: s.start, specEnd: s.end, clause };
    }
    if (masked[first] === '*') fail(`${where}: cannot read this export`);
    const semi = tail.match(/^[ \t]*;/);
    return { kind: 'export-list', start: at, end: close + (semi ? semi[0].length : 0), clause };
  }
  // export default …; export const/let/var/function/async function/class NAME …
  const decl = src.slice(first, first + 200);
  let m;
  if ((m = decl.match(/^default\s+(?:(?:async\s+)?function\s*\*?\s*([\w$]+)|class\s+([\w$]+))/))) {
    return { kind: 'export-default-decl', start: at, end: first + 'default'.length, name: m[1] ?? m[2] };
  }
  if (/^default\b/.test(decl)) return { kind: 'export-default-expr', start: at, end: first + 'default'.length };
  if ((m = decl.match(/^(?:async\s+)?function\s*\*?\s*([\w$]+)/)) || (m = decl.match(/^class\s+([\w$]+)/)) || (m = decl.match(/^const\s+([\w$]+)\s*=/))) {
    return { kind: 'export-decl', start: at, end: first, name: m[1] };
  }
  if (/^(let|var)\b/.test(decl)) fail(`${where}: \`export ${decl.split(/\s/)[0]}\` is not supported (an imported binding would not follow later assignments); export a const, or a function`);
  fail(`${where}: cannot read this export (destructuring or several declarators?)`);
}

/** `{ a, b as c, default as d }` → [[local, exported], …] */
function namedList(clause, where) {
  const inner = clause.trim().replace(/^\{|\}$/g, '').trim();
  if (!inner) return [];
  return inner.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
    const m = s.match(/^([\w$]+)(?:\s+as\s+([\w$]+))?$/);
    if (!m) fail(`${where}: cannot read '${s}' in an import or export list`);
    return [m[1], m[2] ?? m[1]];
  });
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

// --- the module graph --------------------------------------------------------------------------
/** Reads a module once: its source, its scan, and the files its imports and new URL()s name. */
const modules = new Map(); // file → {file, src, scan, deps: Map(specifier or URL → file)}
function loadModule(file) {
  if (modules.has(file)) return modules.get(file);
  const src = readText(file);
  const scan = scanModule(file, src);
  const mod = { file, src, scan, deps: new Map() };
  modules.set(file, mod);
  for (const s of [...scan.statements.filter((s) => s.spec !== undefined), ...scan.dynamic]) {
    if (!/^\.{1,2}\//.test(s.spec)) fail(`${rel(file)}:${lineOf(src, s.start)}: '${s.spec}' is not a relative specifier ('./…'); bare module names need a bundler`);
    mod.deps.set(s.spec, resolveRef(file, s.spec, 'import'));
  }
  for (const u of scan.urls) mod.deps.set(u.spec, resolveRef(file, u.spec, 'new URL'));
  return mod;
}

/** Modules reachable from `entry` (imports only, not workers), dependencies first. */
function moduleOrder(entry) {
  const order = [];
  const state = new Map(); // file → 'visiting' | 'done'
  const visit = (file, path) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'visiting') fail(`import cycle: ${[...path, file].map(rel).join(' → ')} (not supported: a module's hashed name depends on its imports' names)`);
    state.set(file, 'visiting');
    const mod = loadModule(file);
    for (const s of [...mod.scan.statements, ...mod.scan.dynamic]) if (s.spec !== undefined) visit(mod.deps.get(s.spec), [...path, file]);
    state.set(file, 'done');
    order.push(file);
  };
  visit(entry, []);
  return order;
}

// --- dist/ : one file per module, content-hashed -----------------------------------------------
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

/** Emits a module and (first) everything it imports or starts as a worker. */
function emitModule(file, visiting = []) {
  if (emitted.has(file)) return emitted.get(file);
  if (visiting.includes(file)) fail(`import cycle: ${[...visiting, file].map(rel).join(' → ')} (not supported: a module's hashed name depends on its imports' names)`);
  const mod = loadModule(file);
  const edits = [];
  const own = hashedName(distPathOf(file), 'HASH'); // only its directory matters for relUrl
  for (const s of [...mod.scan.statements.filter((s) => s.spec !== undefined), ...mod.scan.dynamic, ...mod.scan.urls]) {
    const target = mod.deps.get(s.spec);
    const path = isModuleFile(target) ? emitModule(target, [...visiting, file]) : emitAsset(target);
    edits.push({ start: s.specStart, end: s.specEnd, text: JSON.stringify(relUrl(own, path)).replace(/^"|"$/g, "'") });
  }
  return emitFile(file, applyEdits(mod.src, edits));
}

/** Emits a stylesheet with its url(…) and @import references rewritten. */
function emitCss(file) {
  if (emitted.has(file)) return emitted.get(file);
  const css = readText(file);
  const own = hashedName(distPathOf(file), 'HASH');
  const out = rewriteCss(file, css, (target) => relUrl(own, target.endsWith('.css') ? emitCss(target) : emitAsset(target)));
  return emitFile(file, out);
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
  const bytes = readFileSync(file);
  const opt = join(root, 'node_modules/.bin/wasm-opt');
  if (!existsSync(opt)) {
    wasmReport = `${rel(file)}: wasm-opt not found (npm ci); copied as built, ${bytes.length} bytes`;
    return bytes;
  }
  const tmp = join(outDir, '.wasm-opt.tmp.wasm');
  mkdirSync(outDir, { recursive: true });
  // The features rustc enables for wasm32 (as in scripts/build-wasm.sh); strip the producers
  // and target_features custom sections, which the browser ignores.
  const r = spawnSync(opt, ['-O3', '--enable-bulk-memory', '--enable-sign-ext', '--enable-nontrapping-float-to-int',
    '--enable-mutable-globals', '--enable-reference-types', '--enable-multivalue',
    '--strip-producers', '--strip-target-features', file, '-o', tmp], { encoding: 'utf8' });
  if (r.status !== 0) fail(`wasm-opt failed on ${rel(file)}:\n${r.stderr}`);
  const optimised = readFileSync(tmp);
  rmSync(tmp);
  const gz = (b) => gzipSync(b, { level: 9 }).length;
  if (optimised.length < bytes.length && gz(optimised) <= gz(bytes)) {
    wasmReport = `${rel(file)}: wasm-opt -O3 --strip-producers: ${bytes.length} → ${optimised.length} bytes (gzipped ${gz(bytes)} → ${gz(optimised)})`;
    return optimised;
  }
  wasmReport = `${rel(file)}: wasm-opt did not make it smaller (${bytes.length} → ${optimised.length} bytes); copied as built`;
  return bytes;
}

const assetBytes = new Map(); // file → Buffer as written (the single file inlines the same bytes)
function assetData(file) {
  if (!assetBytes.has(file)) assetBytes.set(file, extname(file) === '.wasm' ? wasmBytes(file) : readFileSync(file));
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

// --- the single file: the module graph as one script --------------------------------------------
/**
 * Turns one module into a function body for the single-file script. Each module becomes
 *
 *   const $$m3 = await (async () => {
 *     const init = $$m1.default; const dlx = $$m1; const { a, b: c } = $$m2;   // its imports
 *     …the module's code, `export` keywords removed…
 *     return $$ns({ a: () => a, default: () => init }, [$$m5]);                  // its namespace
 *   })();
 *
 * in dependency order, in one <script type="module">: its own function scope keeps every
 * module's top-level names apart, the namespace's getters stay live, and top-level await works.
 * (Named imports are read once, after their module has run: fine for const, function and class,
 * which is why `export let` is refused above.)
 */
function bundleModule(mod, nsOf, urlExpr) {
  const { file, src, scan } = mod;
  const edits = [];
  const head = [];
  const getters = [];
  const stars = [];
  for (const s of scan.statements) {
    const where = `${rel(file)}:${lineOf(src, s.start)}`;
    const dep = s.spec !== undefined ? nsOf(mod.deps.get(s.spec)) : null;
    if (s.kind === 'import') {
      edits.push({ start: s.start, end: s.end, text: '' });
      let clause = s.clause;
      const def = clause.match(/^([\w$]+)\s*(,|$)/);
      if (def) {
        head.push(`const ${def[1]} = ${dep}.default;`);
        clause = clause.slice(def[0].length).trim();
      }
      const star = clause.match(/^\*\s*as\s+([\w$]+)$/);
      if (star) head.push(`const ${star[1]} = ${dep};`);
      else if (clause) {
        const names = namedList(clause, where);
        if (!/^\{[\s\S]*\}$/.test(clause)) fail(`${where}: cannot read this import`);
        if (names.length) head.push(`const { ${names.map(([imp, local]) => (imp === local ? imp : `${imp}: ${local}`)).join(', ')} } = ${dep};`);
      }
    } else if (s.kind === 'export-from') {
      edits.push({ start: s.start, end: s.end, text: '' });
      const star = s.clause.match(/^\*(?:\s*as\s+([\w$]+))?$/);
      if (star?.[1]) getters.push([star[1], dep]);
      else if (star) stars.push(dep);
      else for (const [imp, exp] of namedList(s.clause, where)) getters.push([exp, `${dep}.${imp}`]);
    } else if (s.kind === 'export-list') {
      edits.push({ start: s.start, end: s.end, text: '' });
      for (const [local, exp] of namedList(s.clause, where)) getters.push([exp, local]);
    } else if (s.kind === 'export-decl') {
      edits.push({ start: s.start, end: s.end, text: '' });
      getters.push([s.name, s.name]);
    } else if (s.kind === 'export-default-decl') {
      edits.push({ start: s.start, end: s.end, text: '' });
      getters.push(['default', s.name]);
    } else if (s.kind === 'export-default-expr') {
      edits.push({ start: s.start, end: s.end, text: 'const $$default =' });
      getters.push(['default', '$$default']);
    }
  }
  if (scan.dynamic.length) fail(`${rel(file)}:${lineOf(src, scan.dynamic[0].start)}: import() is not supported in the single file`);
  if (scan.meta.length) fail(`${rel(file)}:${lineOf(src, scan.meta[0])}: import.meta outside new URL('…', import.meta.url) has no meaning in the single file`);
  for (const u of scan.urls) edits.push({ start: u.start, end: u.end, text: urlExpr(mod.deps.get(u.spec)) });
  const body = applyEdits(src, edits);
  const ns = `$$ns({ ${getters.map(([k, v]) => `${JSON.stringify(k)}: () => ${v}`).join(', ')} }${stars.length ? `, [${stars.join(', ')}]` : ''})`;
  return `// ---- ${rel(file)}\nawait (async () => {\n${head.join('\n')}\n${body}\n;return ${ns};\n})()`;
}

/** The runtime the bundled modules need (in the page's script, and again in each worker's). */
const BUNDLE_RUNTIME = `
/** A module namespace object: live getters; \`stars\` are re-exported with export *. */
const $$ns = (getters, stars = []) => {
  const ns = Object.create(null);
  for (const star of stars) for (const k of Object.keys(star)) if (k !== 'default' && !(k in getters)) getters[k] = () => star[k];
  for (const [k, get] of Object.entries(getters)) Object.defineProperty(ns, k, { get, enumerable: true });
  Object.defineProperty(ns, Symbol.toStringTag, { value: 'Module' });
  return Object.freeze(ns);
};
/** The bytes of an inlined file (base64 in $$files). */
const $$bytes = (name) => {
  const s = atob($$files[name]);
  const a = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) a[i] = s.charCodeAt(i);
  return a;
};
/**
 * A data: URL running \`source\` as a module worker, with the inlined files handed on. Not a
 * Blob URL: Chromium refuses to start a module worker from a blob: URL on a file:// page.
 */
const $$workerUrl = (source) => 'data:text/javascript;charset=utf-8,' + encodeURIComponent('const $$files = ' + JSON.stringify($$files) + ';\\n' + source);
`;

/** Inlined files (wasm, images) of the single file: name → base64, shared by page and workers. */
const inlined = new Map();
/**
 * The code of one entry module and everything it imports, as one script. Workers it starts
 * (`new URL('./worker.js', import.meta.url)`) are bundled the same way into strings and started
 * from data: URLs; the wasm (`new URL('x.wasm', import.meta.url)` in wasm-bindgen's glue) becomes
 * its bytes, which wasm-bindgen's init() instantiates directly; any other file a data: URL.
 */
function bundle(entry) {
  const order = moduleOrder(entry);
  const name = new Map(order.map((f, i) => [f, `$$m${i}`]));
  const workers = [];
  const urlExpr = (target) => {
    if (isModuleFile(target)) {
      let w = workers.findIndex((x) => x.file === target);
      if (w < 0) w = workers.push({ file: target, code: bundle(target) }) - 1;
      return `new URL($$worker${w})`;
    }
    const key = rel(target);
    inlined.set(key, assetData(target).toString('base64'));
    if (extname(target) === '.wasm') return `$$bytes(${JSON.stringify(key)})`;
    return `new URL(${JSON.stringify(`data:${MIME[extname(target)] ?? 'application/octet-stream'};base64,`)} + $$files[${JSON.stringify(key)}])`;
  };
  const parts = order.map((f) => `const ${name.get(f)} = ${bundleModule(modules.get(f), (d) => name.get(d), urlExpr)};`);
  const workerDefs = workers.map((w, i) =>
    // JSON with < escaped: the string can hold no </script> and no <!--
    `const $$worker${i} = $$workerUrl(${JSON.stringify(w.code).replace(/</g, '\\u003c')});`);
  return [BUNDLE_RUNTIME, ...workerDefs, ...parts].join('\n');
}

/** The whole inline script of the single file for entry module `entry`: files, runtime, modules. */
function singleScript(entry) {
  const code = bundle(entry);
  return `\nconst $$files = {\n${[...inlined].map(([k, v]) => `${JSON.stringify(k)}: "${v}",`).join('\n')}\n};\n${code}\n`;
}

// --- build --------------------------------------------------------------------------------------
function run(cmd, cmdArgs) {
  console.log(`build-dist: + ${cmd} ${cmdArgs.join(' ')}`);
  const r = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit' });
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

function main() {
  if (outDir === root || !outDir.startsWith(root + sep) || /^(www|src|scripts|tests|target)(\/|$)/.test(rel(outDir))) {
    fail(`refusing to write ${outDir}: pick a directory of its own inside the repository (default dist/)`);
  }
  if (buildWasm) run('bash', ['scripts/build-wasm.sh']);
  const indexFile = join(root, 'index.html');
  if (!existsSync(join(root, 'www/pkg/dlx_sudoku_bg.wasm'))) fail('www/pkg is not built: run scripts/build-wasm.sh (or leave out --no-wasm)');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });

  const page = readPage(indexFile);
  const { html } = page;
  const styleAttrCsp = page.styleAttrs > 0;
  if (styleAttrCsp) warn(`index.html has ${page.styleAttrs} style="…" attribute(s): the CSPs allow style-src-attr 'unsafe-inline' for them (better: classes in www/style.css)`);
  if (page.cspMeta) warn('index.html has a Content-Security-Policy <meta> already: the build replaces it with its own');

  // 1. dist/: assets with hashed names, then index.html pointing at them.
  const siteEdits = [];
  const mainModules = [];
  for (const r of page.refs) {
    let path;
    if (r.kind === 'module' || r.kind === 'modulepreload') {
      path = emitModule(r.file);
      if (r.kind === 'module') mainModules.push(...moduleOrder(r.file));
    } else if (r.kind === 'stylesheet') path = emitCss(r.file);
    else if (r.kind === 'inline-classic') {
      const code = r.content.replace(/^\n/, '');
      const path = write(`assets/index.inline-${r.line}.${shortHash(code)}.js`, code);
      siteEdits.push({ start: r.tag.start, end: r.tag.closeEnd, text: `<script src="${escapeAttr(path)}"></script>` });
      continue;
    } else if (r.kind === 'manifest') fail('index.html links a manifest: the build writes its own (scripts/dist/manifest.webmanifest); drop the link or merge the two');
    else path = emitAsset(r.file);
    siteEdits.push({ start: r.attr.start, end: r.attr.end, text: escapeAttr(path) });
  }
  for (const m of modules.values()) {
    if (/\bstyle\s*=\s*\\?["']/.test(m.src)) warn(`${rel(m.file)} may write style="…" markup (innerHTML?), which the CSP blocks; tests/dist/run.mjs reports any violation`);
  }

  // icons and manifest (the manifest keeps its name: it is the installed app's reference)
  const icons = {};
  for (const f of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png']) {
    icons[f] = write(hashedName(`assets/${f}`, shortHash(readFileSync(join(templates, f)))), readFileSync(join(templates, f)));
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
  if (!charset) fail('index.html has no <meta charset>');
  const headEnd = html.search(/<\/head>/i);
  siteEdits.push({ start: charset.end, end: charset.end, text: `\n  <meta http-equiv="Content-Security-Policy" content="${escapeAttr(cspText(siteCsp))}">` });
  siteEdits.push({
    start: headEnd,
    end: headEnd,
    text: [
      ...[...new Set(mainModules)].map((f) => `<link rel="modulepreload" href="${escapeAttr(emitted.get(f))}">`),
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
      if (script !== null) fail('the single file supports one <script type="module" src> in index.html');
      script = singleScript(r.file);
      if (/<\/script|<!--|<script/i.test(script)) fail(`the bundled script contains '</script', '<script' or '<!--' (in a string of ${rel(r.file)}'s module graph?), which would break the inline <script>`);
      singleEdits.push({ start: r.tag.start, end: r.tag.closeEnd, text: '<script type="module">$$SCRIPT$$</script>' });
    } else if (r.kind === 'stylesheet') {
      const css = rewriteCss(r.file, readText(r.file), (target) => `data:${MIME[extname(target)] ?? 'application/octet-stream'};base64,${readFileSync(target).toString('base64')}`);
      if (/@import/.test(css)) fail(`${rel(r.file)}: @import is not supported in the single file`);
      styles.push(css);
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
  if (script === null) fail('index.html has no <script type="module" src>');
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
  console.log(`build-dist: wrote ${rel(outDir)}/ (${distFiles.size} files; sw.js version ${version}):\n`);
  console.log(sizesTable(distFiles));
  console.log(`\nbuild-dist: deploy: copy ${rel(outDir)}/ to any static host (any sub-path); hand out ${rel(outDir)}/dlx-sudoku.html on its own.`);
  if (warnings.length) console.log(`build-dist: ${warnings.length} warning(s) above.`);
}

// The parts tests/dist/run.mjs checks on their own.
export { mask, scanModule, singleScript };

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const args = process.argv.slice(2);
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '--no-wasm') buildWasm = false;
      else if (args[i] === '--out') outDir = resolve(args[++i] ?? '');
      else if (args[i] === '-h' || args[i] === '--help') {
        console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n').slice(4, 7).map((l) => l.slice(3)).join('\n'));
        process.exit(0);
      } else fail(`unknown option ${args[i]} (try --help)`);
    }
    main();
  } catch (e) {
    if (!(e instanceof BuildError)) throw e;
    console.error(`build-dist: ${e.message}`);
    process.exit(1);
  }
}
