import test from 'node:test';
import assert from 'node:assert/strict';
import './wasm.js';
import { packLesson, unpackLesson, checkLesson, whereWords, titleOf, MAX_MOMENTS, MAX_TITLE } from '../rooms/lesson/own-lesson.js';
import { packProblem, MAX_PACKED } from '../core/cover-link.js';

const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';

test('a lesson packs and unpacks to the same moments, sentences and titles', async () => {
  const moments = [
    { hash: 'm=knuth&s=5', text: 'A is chosen: the fewest options, and first of the tie.', title: 'Why A first' },
    { hash: `p=${HARD}&s=40`, text: 'Here "row 4 has 3" has one place left — é, 漢字 and all.', title: '' },
  ];
  const packed = await packLesson(moments);
  assert.match(packed, /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(await unpackLesson(packed), moments);
  assert.equal(whereWords(moments[0].hash), 'Knuth\'s example, step 5');
  assert.equal(whereWords(moments[1].hash), 'the 9×9 Sudoku 4...3....…, step 40');
  // A moment with no title of its own is named by where it is.
  assert.deepEqual(moments.map(titleOf), ['Why A first', 'the 9×9 Sudoku 4...3....…, step 40']);
  // A lesson of before (moments without titles) reads as before.
  assert.deepEqual(await unpackLesson(await packProblem(JSON.stringify({ v: 1, m: [['m=knuth&s=5', 'x']] }))), [{ hash: 'm=knuth&s=5', text: 'x', title: '' }]);
});

test('a hostile or oversized lesson is refused, saying why', async () => {
  const refused = async (packed, why) => assert.rejects(unpackLesson(packed), (e) => why.test(e.message));
  await refused('!!!', /character 1 is not base64url/);
  await refused('A'.repeat(MAX_PACKED + 1), /too long/);
  await refused(await packProblem('hello'), /not the JSON a lesson is written in/);
  await refused(await packProblem('{"v":2,"m":[]}'), /no list of moments/);
  await refused(await packProblem('x'.repeat(300_000)), /more than 200,000 characters/);
  const lesson = (m) => packProblem(JSON.stringify({ v: 1, m }));
  await refused(await lesson([]), /no moments/);
  await refused(await lesson(Array.from({ length: MAX_MOMENTS + 1 }, () => ['m=knuth', 'x'])), /31 moments, at most 30/);
  await refused(await lesson([['m=knuth', 'x'.repeat(601)]]), /moment 1's sentence has 601 characters/);
  await refused(await lesson([['m=knuth', 'ok'], [7, 'x']]), /moment 2 is not a link and a sentence/);
  await refused(await lesson([['m=knuth', 'ok', 'title', 'more']]), /moment 1 is not a link and a sentence/);
  await refused(await lesson([['m=knuth', 'ok', 3]]), /moment 1 is not a link and a sentence/);
  await refused(await lesson([['m=knuth', 'ok', 't'.repeat(MAX_TITLE + 1)]]), /moment 1's title has 81 characters, at most 80/);
  await refused(await lesson([['own=AAAA', 'x']]), /moment 1 is a lesson itself/);
  await refused(await lesson([['lesson=3', 'x']]), /moment 1 is a lesson itself/);
  await refused(await lesson([['p=<script>alert(1)</script>', 'x']]), /moment 1's link: the link's puzzle/);
  await refused(await lesson([['m=knuth&s=-4', 'x']]), /moment 1's link: the link's step/);
  await refused(await lesson([['s=4', 'x']]), /names no puzzle/);
  assert.throws(() => checkLesson(null), /no list of moments/);
});
