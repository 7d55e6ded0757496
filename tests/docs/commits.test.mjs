// Commit subjects are short and say their area: at most 72 characters, `area: what` (areas such
// as engine, page, cli, ci, docs, tests, wasm, build; two may share a prefix: `page, docs:`), and
// no helper's or branch's tag. Checked for the commits since SINCE, when the rule began; merge
// commits are left out (git writes their subjects). Run: `node --test tests/docs/` (stage `docs`).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The last commit before the rule: main as issue 47 found it. */
export const SINCE = '827951f';
export const MAX = 72;

/** What is wrong with one subject, or null. */
export function subjectProblem(subject) {
  if (subject.length > MAX) return `${subject.length} characters (at most ${MAX})`;
  if (!/^[a-z][a-z0-9-]*(, [a-z][a-z0-9-]*)*: \S/.test(subject)) return 'no area prefix ("engine: …", "page: …")';
  if (/\bh\d\d[a-z]\b/.test(subject)) return "a helper's tag (say it in the body, if at all)";
  return null;
}

function git(...args) {
  return execFileSync('git', ['-C', ROOT, ...args], { encoding: 'utf8' });
}

test(`commit subjects since ${SINCE}: at most ${MAX} characters, with an area prefix`, (t) => {
  try {
    git('cat-file', '-e', `${SINCE}^{commit}`);
  } catch {
    // A shallow clone has no history to check; a full clone (CI's) always has it.
    t.skip(`${SINCE} is not in this clone's history (a shallow clone?)`);
    return;
  }
  const subjects = git('log', '--no-merges', '--format=%h %s', `${SINCE}..HEAD`).split('\n').filter(Boolean);
  const bad = subjects
    .map((line) => [line, subjectProblem(line.slice(line.indexOf(' ') + 1))])
    .filter(([, problem]) => problem)
    .map(([line, problem]) => `${line}: ${problem}`);
  assert.deepEqual(bad, []);
});

test('the subject rule refuses what it should and takes what it should', () => {
  assert.equal(subjectProblem('engine: one dispatch for cover, uncover and the step'), null);
  assert.equal(subjectProblem('page, docs: the rooms as folders'), null);
  assert.match(subjectProblem('engine: ' + 'x'.repeat(70)), /characters/);
  assert.match(subjectProblem('Exact cover: a long subject'), /area prefix/);
  assert.match(subjectProblem('a subject without its area'), /area prefix/);
  assert.match(subjectProblem('engine: merge h34r'), /tag/);
});
