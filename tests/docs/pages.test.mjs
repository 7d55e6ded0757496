// The how-to pages stay pages a newcomer reads: at most 300 lines each. Measurements and their
// history go to dated notes (docs/notes/) or to benchmarks.md's tables. Run: `node --test tests/docs/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const HOW_TO = ['docs/testing.md', 'docs/deploy.md', 'docs/contributing.md', 'docs/architecture.md'];
const MAX_LINES = 300;

test(`the how-to pages are at most ${MAX_LINES} lines each`, () => {
  const long = HOW_TO.map((page) => [page, readFileSync(join(ROOT, page), 'utf8').replace(/\n$/, '').split('\n').length])
    .filter(([, lines]) => lines > MAX_LINES)
    .map(([page, lines]) => `${page}: ${lines} lines; move the history to docs/notes/`);
  assert.deepEqual(long, []);
});

// docs/deploy.md is instructions: a size or a time measured by hand goes stale (issue 51: it said
// 780 KB of a file of 850 KB). The build prints its sizes; measurements go to dated notes.
test('docs/deploy.md states no measured size or time (the build prints them; notes keep them)', () => {
  const text = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
  const measured = [...text.matchAll(/\b\d[\d,.¼½¾]*\s*(?:KB|kB|KiB|MB|MiB|bytes|B gzipped|s|seconds|minutes)\b(?![-\w])|\bmeasured\b/g)].map((m) => m[0]);
  assert.deepEqual(measured, [], 'move them to a note in docs/notes/ and link it');
});
