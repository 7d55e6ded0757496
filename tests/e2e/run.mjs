// End-to-end tests of the web page in headless Chromium (Debian's chromium-headless-shell,
// driven by playwright-core; tests/e2e/chromium.mjs says why). Serves the repository on
// 127.0.0.1 with scripts/serve.mjs, checks what a user does and sees, saves screenshots to screenshots/, and measures the
// frame rate at top speed and how long the main thread is blocked under hostile input (a
// 10 MB paste, huge and scripted links, counting millions, an unsolvable trace): long tasks
// as the page sees them, and each task's CPU time from a Chromium trace.
//
//   node tests/e2e/run.mjs                 every test, one at a time (about 20 minutes: 119 tests); needs www/pkg built
//   node tests/e2e/run.mjs sudoku lesson   the tests of those rooms' files alone (tests/e2e/ROOM.mjs: sudoku,
//                                          knuth, workbench, lesson, hostile, perf, layout), as does
//                                          node tests/e2e/sudoku.mjs [options]; any option below goes with either
//   node tests/e2e/run.mjs --list          the tests chosen, longest first, without running them
//   node tests/e2e/run.mjs --only paste    the tests whose name contains "paste"
//   node tests/e2e/run.mjs --perf [--minutes 3]   frame rate over 10 s and memory over minutes
//   node tests/e2e/run.mjs --jobs 3        three tests at a time, each in a Chromium of its own
//                                          (most of a test is waiting for the page; scripts/test.sh
//                                          runs it so); each test's lines print when it ends; a test
//                                          that fails then runs once more alone at the end: passing
//                                          alone, it is named FLAKY and the run passes (--no-retry: never)
//   node tests/e2e/run.mjs --only tree --repeat 5 --jobs 3   each chosen test 5 times, 3 at a time
//                                          (a test that may be flaky under load, beside copies of itself)
//   node tests/e2e/run.mjs --save-durations   also writes each test's time to tests/e2e/durations.json,
//                                          which orders the tests longest first (commit it when
//                                          tests were added or got much slower or faster)
//   node tests/e2e/run.mjs --durations-out FILE   the same, into FILE (scripts/test.sh writes
//                                          target/e2e-durations.json: after a green run, copy it)
//   node tests/e2e/run.mjs --cpu-out FILE  each test's CPU seconds into FILE (JSON, most first)
// Each test prints its time and its CPU time: with one job at a time the test's Chromium and
// Node's, with --jobs its worker's Chromium's alone (from /proc); the run then lists the tests
// that took the most, and its last line the whole run's CPU time.
//
// Exits non-zero if any test fails. Any error the page logs fails the test it happens in.
//
// The runner and what the tests share are in tests/e2e/harness.mjs; each room's tests in its file.

import { rooms, main } from './harness.mjs';

const ROOMS = ['sudoku', 'knuth', 'workbench', 'lesson', 'hostile', 'perf', 'layout'];
const unknown = rooms.filter((r) => !ROOMS.includes(r));
if (unknown.length) {
  console.error(`e2e: no room ${unknown.join(', ')}: the rooms are ${ROOMS.join(', ')}`);
  process.exit(2);
}
for (const room of rooms.length ? rooms : ROOMS) await import(`./${room}.mjs`);
await main();
