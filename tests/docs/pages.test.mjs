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
