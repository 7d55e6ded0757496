import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { placement, describe, titleOf, placeText } from '../rooms/workbench/pictures.js';

const SOLUTION = 1 << dlx.EventKind.Solution;

test('queens: the picture\'s squares are the solution\'s rows and columns', () => {
  const trace = dlx.Trace.cover(dlx.coverExample('queens', '5'));
  const d = trace.drawing();
  assert.equal(d.kind, 'queens');
  assert.equal(titleOf(d), '5 queens: the board');
  assert.deepEqual([d.rows, d.cols], [5, 5]);
  trace.run(1e6, SOLUTION);
  const options = Array.from(trace.solution());
  const { cells } = placement(d, options);
  assert.equal(cells.size, 5);
  // Each option's name is "rI cJ aK bL": its queen is on square I·5 + J.
  const want = options.map((o) => {
    const [r, c] = trace.optionName(o).split(' ');
    return Number(r.slice(1)) * 5 + Number(c.slice(1));
  });
  assert.deepEqual([...cells.keys()].sort((a, b) => a - b), want.sort((a, b) => a - b));
  assert.match(describe(d, options, true), /^A solution, 5 queens: row 1, column \d; row 2, column \d/);
  assert.equal(describe(d, []), '5 queens: the board: nothing placed yet.');
});

test('pentominoes, Langford pairs, a 4×4 Sudoku and Knuth\'s example: each solution fills its picture', () => {
  for (const [name, arg, kind, filled] of [['pentominoes', '3x5', 'pentominoes', 15], ['langford', '3', 'langford', 6], ['sudoku', '1..4..3.........', 'sudoku', 16], ['knuth', undefined, 'rows', 7]]) {
    const trace = dlx.Trace.cover(dlx.coverExample(name, arg));
    const d = trace.drawing();
    assert.equal(d.kind, kind);
    trace.run(1e6, SOLUTION);
    const { cells } = placement(d, Array.from(trace.solution()));
    assert.equal(cells.size, filled, `${name}: every cell of its picture filled once`);
  }
});

test('each placement in words, rows and columns from 1, and each picture\'s name', () => {
  const words = (name, arg, o) => {
    const d = dlx.Trace.cover(dlx.coverExample(name, arg)).drawing();
    return [titleOf(d), placeText(d, o)];
  };
  assert.deepEqual(words('queens', '5', 7), ['5 queens: the board', 'row 2, column 3'], 'r1 c2 a3 b6');
  assert.deepEqual(words('pentominoes', '3x5', 0), ['the pentomino tiling of the 3×5 board', 'L on (1, 1) (1, 2) (1, 3) (1, 4) (2, 4)']);
  assert.deepEqual(words('langford', '4', 0), ['Langford pairs for n = 4: the sequence', '1 in places 1 and 3']);
  assert.deepEqual(words('sudoku', '1..4..3.........', 0), ['the 4×4 Sudoku: its board', 'r1c1 = 1']);
  assert.deepEqual(words('knuth', undefined, 3), ['Knuth\'s example: its rows', 'option 4: a d']);
});

test('a problem typed by hand that no picture fits has none', () => {
  assert.equal(dlx.Trace.cover('a b c\na b\nc\n').drawing(), null);
});
