// index.html's early script (large type and the theme before the first layout, before any
// module runs) against www/core/prefs.js: it reads the keys prefs.js names, and what prefs.js
// writes is what it applies.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { KEYS, readPref, writePref, nextTheme, themeWords, themeLabel } from '../core/prefs.js';

const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const early = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]).filter((s) => s.includes('localStorage'));

/** A Storage on a Map, as the page's `localStorage`. */
function storage() {
  const m = new Map();
  return { getItem: (k) => (m.has(k) ? m.get(k) : null), setItem: (k, v) => m.set(k, String(v)), keys: () => [...m.keys()] };
}

/** Runs the early script with `localStorage`; returns what it did to <html>. */
function runEarly(localStorage) {
  const classes = new Set();
  const documentElement = { dataset: {}, classList: { add: (c) => classes.add(c) } };
  vm.runInNewContext(early[0], { localStorage, document: { documentElement } });
  return { large: classes.has('large'), theme: documentElement.dataset.theme };
}

test('only one inline script touches storage, and it reads only the keys prefs.js names', () => {
  assert.equal(early.length, 1);
  const read = [...early[0].matchAll(/localStorage\.getItem\(\s*'([^']*)'\s*\)/g)].map((m) => m[1]);
  assert.deepEqual(read.sort(), [KEYS.large, KEYS.theme].sort());
  assert.doesNotMatch(early[0], /setItem/);
});

test('what prefs.js writes, the early script applies: large type and each theme', () => {
  globalThis.localStorage = storage();
  try {
    assert.deepEqual(runEarly(globalThis.localStorage), { large: false, theme: undefined }, 'nothing stored: the defaults');
    writePref('large', 'on');
    writePref('theme', 'dark');
    assert.deepEqual(globalThis.localStorage.keys().sort(), [KEYS.large, KEYS.theme].sort());
    assert.deepEqual(runEarly(globalThis.localStorage), { large: true, theme: 'dark' });
    writePref('large', 'off');
    writePref('theme', 'light');
    assert.deepEqual(runEarly(globalThis.localStorage), { large: false, theme: 'light' });
    writePref('theme', 'auto');
    assert.deepEqual(runEarly(globalThis.localStorage), { large: false, theme: undefined }, 'auto: the system decides');
    assert.equal(readPref('theme', 'x'), 'auto');
  } finally {
    delete globalThis.localStorage;
  }
});

test('a page without storage gets the defaults, and an unknown preference is a mistake', () => {
  globalThis.localStorage = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('denied'); } };
  try {
    assert.equal(readPref('tree', 'open'), 'open');
    writePref('tree', 'closed'); // not remembered, and no error
    assert.deepEqual(runEarly(globalThis.localStorage), { large: false, theme: undefined });
  } finally {
    delete globalThis.localStorage;
  }
  assert.throws(() => readPref('dlx-tree', 'open'), /no preference named dlx-tree/);
  assert.throws(() => writePref('colour', 'red'), /no preference named colour/);
});

test('the Theme button: its first press shows the other colours, and it says what is shown', () => {
  // Issue 49: auto → light on a light system looked like nothing happened.
  for (const dark of [false, true]) {
    const [other, same] = dark ? ['light', 'dark'] : ['dark', 'light'];
    const seen = [];
    let theme = 'auto';
    for (let k = 0; k < 4; k++) seen.push((theme = nextTheme(theme, dark)));
    assert.deepEqual(seen, [other, same, 'auto', other], dark ? 'a dark system' : 'a light system');
  }
  assert.equal(themeWords('auto', false), 'Auto: light');
  assert.equal(themeWords('auto', true), 'Auto: dark');
  assert.equal(themeWords('dark', false), 'Theme: dark');
  assert.equal(themeLabel('auto', false), 'Theme: auto (light)');
  assert.equal(themeLabel('light', true), 'Theme: light');
});
