// The page's layout (docs/architecture.md): every file name under www/ is unique, a test is
// named for its module, no shared view imports another view, and what the rooms share
// (core/, wasm/, views/) never imports a room.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, relative, basename, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const www = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const files = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
/** What scripts/build-wasm.sh writes (not committed): the page's module, and with its test exports. */
const BUILT = ['pkg/', 'pkg-test/'];
const all = files(www).map((f) => relative(www, f)).filter((f) => !BUILT.some((d) => f.startsWith(d)));
const modules = all.filter((f) => f.endsWith('.js') && !f.startsWith('test/'));
/** The relative imports of a module, as paths under www/. */
const imports = (f) => [...readFileSync(join(www, f), 'utf8').matchAll(/^import [^;]*? from '(\.[^']+)'/gm)].map((m) => relative(www, resolve(www, dirname(f), m[1])));

test('every file name under www/ is unique', () => {
  const seen = new Map();
  for (const f of all) seen.set(basename(f), [...(seen.get(basename(f)) ?? []), f]);
  assert.deepEqual([...seen.values()].filter((fs) => fs.length > 1), []);
});

test('each test is named for a module under www/', () => {
  const names = new Set(modules.map((f) => basename(f)));
  for (const t of all.filter((f) => f.endsWith('.test.js'))) {
    const module = basename(t).replace(/\.test\.js$/, '.js');
    assert.ok(names.has(module) || module === 'layout.js', `${t}: no module ${module}`);
  }
});

test('every import resolves; no shared view imports another; core/, wasm/ and views/ import no room', () => {
  assert.ok(modules.length > 40, `${modules.length} modules found`);
  for (const f of modules) {
    for (const to of imports(f)) {
      assert.ok(existsSync(join(www, to)), `${f} imports ${to}, which does not exist`);
      if (f.startsWith('views/')) assert.ok(!to.startsWith('views/'), `${f} imports the view ${to}`);
      if (/^(core|wasm|views)\//.test(f)) assert.ok(!to.startsWith('rooms/'), `${f} imports the room module ${to}`);
    }
  }
});
