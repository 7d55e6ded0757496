import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dlx } from './wasm.js';
import { readPasted, digitsOf, lineOf, givensCount, EMPTY, emptyLine, sideOfLine, SIDES } from '../core/puzzle.js';
import { parseHash, formatHash, quote } from '../core/router.js';
import { Numbering } from '../wasm/numbering.js';

const numbering = new Numbering(dlx.sudokuTables());
const clashes = (line) => dlx.checkGivens(line).clashes.map((c) => c.message);
const stuckCells = (line) => dlx.checkGivens(line).stuck;
import { EXAMPLES, examplesOf, exampleById } from '../rooms/sudoku/examples.js';

const POJ = '.2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.';
const HDU = `7 1 2 ? 6 ? 3 5 8
? 6 5 2 ? 7 1 ? 4
? ? 8 5 1 3 6 7 2
9 2 4 ? 5 6 ? 3 7
5 ? 6 ? ? ? 2 4 1
1 ? 3 7 2 ? 9 ? 5
? ? 1 9 7 5 4 8 6
6 ? 7 8 3 ? 5 1 9
8 5 9 ? 4 ? ? 2 3
`;
const HIHO = `1
4 0 0 0 7 0 1 0 0
0 0 1 9 0 4 6 0 5
0 0 0 0 0 1 0 0 0
0 0 0 7 0 0 0 0 2
0 0 2 0 3 0 0 0 0
8 4 7 0 0 6 0 0 0
0 1 4 0 0 0 8 0 6
0 2 0 0 0 0 3 0 0
6 0 0 0 9 0 0 0 0
`;
const DRAWN = `
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
`;

test('wasm names every clash: the later cell, the digit, the unit and the earlier cell', () => {
  const c = dlx.checkGivens('11' + '.'.repeat(79)).clashes;
  assert.deepEqual(c.map((x) => [x.cell, x.other]), [[1, 0], [1, 0]]);
  assert.deepEqual(c.map((x) => x.message), ['r1c2: 1 already in row 1 (r1c1)', 'r1c2: 1 already in box 1 (r1c1)']);
  const col = '5' + '.'.repeat(26) + '5' + '.'.repeat(53);
  assert.deepEqual(clashes(col), ['r4c1: 5 already in column 1 (r1c1)']);
  const box = '5' + '.'.repeat(9) + '5' + '.'.repeat(70);
  assert.deepEqual(clashes(box), ['r2c2: 5 already in box 1 (r1c1)']);
  assert.throws(() => dlx.checkGivens('1'.repeat(80)), /81/);
  assert.deepEqual(clashes(POJ), []);
  // Rust names the same clash
  assert.throws(() => dlx.checkPuzzle('11' + '.'.repeat(79)), /r1c2: 1 already in row 1/);
});

test('every example reads, and only the contradictory one clashes', () => {
  for (const e of EXAMPLES) {
    assert.equal(e.line.length, e.side * e.side, e.id);
    assert.ok(SIDES.includes(e.side), e.id);
    assert.equal(clashes(e.line).length > 0, e.id === 'clash', e.id);
    if (e.id !== 'clash' && e.side === 9) assert.equal(dlx.checkPuzzle(e.line), e.line, e.id);
    // every other example reads back as itself, at its size, through the paste reader
    if (e.side !== 9) assert.deepEqual([readPasted(e.line, dlx.parse).line, readPasted(e.line, dlx.parse).side], [e.line, e.side], e.id);
  }
  for (const side of SIDES) assert.ok(EXAMPLES.some((e) => e.side === side), `an example of side ${side}`);
  // the picker's lists: each size's examples, every one of them, in the menu's order
  for (const side of SIDES) {
    const ids = examplesOf(side).map((e) => e.id);
    assert.deepEqual(ids, EXAMPLES.filter((e) => e.line.length === side * side).map((e) => e.id), `side ${side}`);
    assert.ok(ids.length > 0, `side ${side}`);
  }
  assert.ok(examplesOf(9).some((e) => e.id === 'clash') && !examplesOf(4).some((e) => e.id === 'clash'));
  assert.equal(exampleById('multi').line, '.................1.....2.3......3.2...1.4......5....6..3......4.7..8...962.......');
  assert.equal(exampleById('hard16').side, 16);
  assert.equal(exampleById('no such example'), undefined);
  // the seeds' samples as the judges print them
  assert.equal(readPasted(HDU, dlx.parse).line, EXAMPLES.find((e) => e.id === 'hdu').line);
  assert.equal(readPasted(HIHO, dlx.parse).line, EXAMPLES.find((e) => e.id === 'hiho').line);
});

test('example names say how many clues their puzzles have', () => {
  for (const e of EXAMPLES) {
    const m = e.name.match(/(\d+) clues/);
    if (m) assert.equal(Number(m[1]), [...e.line].filter((c) => c !== '.').length, e.name);
  }
  assert.equal(EXAMPLES.find((e) => e.id === 'four-many').name, '4×4, 3 clues, 6 solutions: branches and backtracks');
  assert.equal(EXAMPLES.find((e) => e.id === 'hard16').name, '16×16, hard for DLX (95 clues)');
  assert.equal(EXAMPLES.find((e) => e.id === 'easy').name, 'Easy (35 clues, singles only)');
});

test('stuck cells: empty cells in which no digit fits', () => {
  assert.deepEqual(stuckCells(POJ), []);
  const line = '12345678.' + '.'.repeat(8) + '9' + '.'.repeat(63);
  assert.deepEqual(stuckCells(line), [8]);
  // r5c5 sees 1-4 in its row, 5-7 in its column and 8-9 in its box: stuck
  const boxed = '.'.repeat(36) + '1234' + '.' + '.'.repeat(4) + '.'.repeat(81 - 45);
  const b = boxed.split('');
  b[4] = '5'; b[13] = '6'; b[22] = '7'; b[30] = '8'; b[50] = '9';
  assert.deepEqual(stuckCells(b.join('')), [40]);
});

test('a pasted puzzle reads in every format the CLI reads, and drawn grids', () => {
  assert.deepEqual(readPasted(POJ, dlx.parse), { line: POJ, side: 9, alphabet: 'digits', note: 'read as an 81-character line' });
  assert.equal(readPasted(POJ.replace(/\./g, '0') + '\n', dlx.parse).line, POJ);
  assert.match(readPasted(HDU, dlx.parse).note, /HDU/);
  assert.match(readPasted(HIHO, dlx.parse).note, /hihoCoder/);
  const drawn = readPasted(DRAWN, dlx.parse);
  assert.equal(drawn.line, '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
  assert.match(drawn.note, /drawn 9×9 grid/);
  // nine rows of nine, each line ended as the CLI reads lines: \n, \r\n, or \r alone
  for (const end of ['\n', '\r\n', '\r']) {
    const rows = `${POJ.replace(/(.{9})/g, `$1${end}`)}`;
    assert.deepEqual(readPasted(rows, dlx.parse), { line: POJ, side: 9, alphabet: 'digits', note: 'read as a drawn 9×9 grid (separators ignored)' }, JSON.stringify(end));
  }
  assert.match(readPasted(`${POJ}\n${POJ}\nend\n`, dlx.parse).note, /2 puzzles, loaded the first/);
  assert.match(readPasted(`${POJ}\n`.repeat(1500), dlx.parse).note, /; 1,500 puzzles, loaded the first/, 'counted as the page counts');
});

test('a paste with a title above and a line below: the puzzle is read, the lines skipped named', () => {
  const text = `Puzzle 12 (hard), from Sunday's paper\n${POJ.replace(/\./g, '_')}\nGood luck!\n`;
  assert.deepEqual(readPasted(text, dlx.parse), { line: POJ, side: 9, alphabet: 'digits', note: 'read as an 81-character line; skipped lines 1 and 3, not part of the puzzle' });
  const rows = POJ.replace(/\./g, '*').replace(/(.{9})/g, (r) => `${[...r].join(',')}\n`);
  assert.deepEqual(readPasted(`Today's:\n${rows}`, dlx.parse), { line: POJ, side: 9, alphabet: 'digits', note: 'read as a drawn 9×9 grid (separators ignored); skipped line 1, not part of the puzzle' });
  assert.throws(() => readPasted('My sudoku, hard one\nGood luck!', dlx.parse), /line 1 \("My sudoku, hard one"\) is text: no puzzle found/);
  assert.throws(() => readPasted(`Title\n${POJ.slice(0, 79)}\n`, dlx.parse), /line 2: expected 81 cells, found 79 \(no puzzle found among the lines\)/);
});

test('a bad paste throws, naming the line and cell', () => {
  assert.throws(() => readPasted(POJ.slice(0, 79), dlx.parse), /line 1: expected 81 cells, found 79/);
  assert.throws(() => readPasted(POJ.slice(0, 40) + 'x' + POJ.slice(41), dlx.parse), /line 1, cell 41 \(r5c5\): 'x' is not a digit or a blank/);
  assert.throws(() => readPasted(HDU.replace('9 2 4', '9 2 Q'), dlx.parse), /line 4, column 5 \(r4c3\)/);
  assert.throws(() => readPasted('   \n ', dlx.parse), /no text/);
  assert.throws(() => readPasted('end\n', dlx.parse), /no puzzle/);
  assert.throws(() => readPasted('x'.repeat(300000), dlx.parse), /too long to be a puzzle \(300,000 characters; at most 200,000 are read\)/);
});

test('the URL hash: puzzle and step, and hostile hashes never throw', () => {
  assert.deepEqual(parseHash(formatHash({ mode: 'sudoku', puzzle: POJ, step: 1234 })), { mode: 'sudoku', puzzle: POJ, step: 1234, errors: [] });
  assert.deepEqual(parseHash('#m=knuth&s=12'), { mode: 'knuth', puzzle: null, step: 12, errors: [] });
  assert.equal(formatHash({ mode: 'sudoku', puzzle: EMPTY, step: 0 }), `#p=${EMPTY}`);
  for (const h of ['#p=123', '#p=' + 'x'.repeat(81), '#s=-1', '#s=1e99', '#s=abc', '#%%%', '#' + 'p'.repeat(5000), '#m=<script>', '#p=' + '.'.repeat(80) + '<', '#s=99999999999999']) {
    const r = parseHash(h);
    assert.ok(r.errors.length > 0, h.slice(0, 30));
    assert.equal(r.step, 0);
  }
  assert.match(parseHash('#p=' + '.'.repeat(40) + 'a' + '.'.repeat(40), (c) => numbering.cellName(c)).errors[0], /"a" in r5c5/);
  assert.deepEqual(parseHash(''), { mode: 'sudoku', puzzle: null, step: 0, errors: [] });
});

test('a hostile hash is quoted in its message: short, in quotes, controls shown', () => {
  assert.deepEqual(parseHash('#' + 'p'.repeat(100_000)).errors, ['the link is too long to hold a puzzle (100,000 characters after the #, at most 2,000); ignored']);
  assert.deepEqual(parseHash('#p=%3Cimg%20src=x%20onerror=alert(1)%3E').errors, ['the link\'s puzzle "<img src=x onerror=a…" has 28 characters, not 16, 81, 256 or 625 (a 4×4, 9×9, 16×16 or 25×25 grid); ignored']);
  assert.deepEqual(parseHash('#m=%E2%80%AEevil%00%0A').errors, ['unknown mode "\\u{202e}evil\\u{0}\\u{a}" in the link']);
  assert.deepEqual(parseHash('#s=<b>9</b>').errors, ['the link\'s step "<b>9</b>" is not a step number; starting at 0']);
  assert.equal(quote('😀'.repeat(30)), `"${'😀'.repeat(20)}…"`, 'counts characters, never cuts one in half');
  assert.equal(quote('x'.repeat(20)), `"${'x'.repeat(20)}"`);
});

test('a link carries the look that is not the default (large type, the theme); a look that is none is named', () => {
  const look = (large, theme) => ({ large, theme });
  assert.equal(formatHash({ mode: 'knuth', step: 5, look: look(true, 'dark') }), '#m=knuth&s=5&look=large,dark');
  assert.equal(formatHash({ lesson: 3, step: 0, look: look(false, 'auto') }), '#lesson=3');
  assert.equal(formatHash({ lesson: 3, step: 9, look: look(false, 'light') }), '#lesson=3&s=9&look=light');
  assert.equal(formatHash({ own: 'AbC', look: look(true, 'auto') }), '#own=AbC&look=large');
  assert.equal(formatHash({ mode: 'knuth', step: 5 }), '#m=knuth&s=5', 'no look given: none said');
  for (const [hash, want] of [['#m=knuth&s=5&look=large,dark', look(true, 'dark')], ['#lesson=2&look=light', look(false, 'light')], ['#own=AbC&look=large', look(true, 'auto')], ['#m=knuth', undefined]]) {
    const h = parseHash(hash);
    assert.deepEqual([h.look, h.errors], [want, []], hash);
  }
  const bad = parseHash('#m=knuth&look=large,huge');
  assert.deepEqual([bad.look, bad.errors], [undefined, ['the link\'s look "huge" is not large, light or dark; ignored']]);
});

test('digits and lines', () => {
  assert.equal(lineOf(digitsOf(POJ)), POJ);
  assert.equal(EMPTY, '.'.repeat(81));
  assert.equal(givensCount(POJ), 36);
  assert.equal(givensCount(EMPTY), 0);
  // Only 1-9 are digits: ':' and 'A' (char codes just above '9') are blanks, as '.' and '0' are.
  assert.deepEqual([...digitsOf(`:A0.9${'.'.repeat(76)}`).slice(0, 5)], [0, 0, 0, 0, 9]);
});

test('a paste at the length limit is read, and a drawn grid needs its separators and keeps its blanks', () => {
  // 200,000 characters are read (and refused for what they say, not for their length).
  assert.throws(() => readPasted('x'.repeat(200_000), dlx.parse), (e) => !/too long/.test(e.message));
  // 81 digits on one line, spaces only: neither a format nor a drawn grid.
  assert.throws(() => readPasted(Array(81).fill('5').join(' '), dlx.parse), /line 1/);
  const blanks = DRAWN.replace(/\. \./, '0 ?');
  assert.equal(readPasted(blanks, dlx.parse).line, '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
});

const POJ3076 = readFileSync(new URL('../../tests/data/poj3076.in', import.meta.url), 'utf8');

test('every size: lines, digits and symbols in the puzzle\'s alphabet', () => {
  assert.deepEqual(SIDES.map((n) => sideOfLine(emptyLine(n))), SIDES);
  assert.equal(sideOfLine('.'.repeat(80)), 0);
  const letters = dlx.sudokuTables(16).symbols, digits = dlx.sudokuTables(16, 'digits').symbols;
  assert.deepEqual([letters, digits], ['ABCDEFGHIJKLMNOP', '123456789ABCDEFG']);
  const d = digitsOf('AgP-0.' + '.'.repeat(250), letters);
  assert.deepEqual(Array.from(d.slice(0, 7)), [1, 7, 16, 0, 0, 0, 0]);
  assert.equal(d.length, 256);
  // the same digits written in the other alphabet, and back
  const other = lineOf(d, digits);
  assert.equal(other.slice(0, 6), '17G...');
  assert.deepEqual(digitsOf(other, digits), d);
  assert.equal(digitsOf('Q', letters)[0], 0, 'a letter beyond P is no digit');
  assert.equal(lineOf(digitsOf('1..4..3.........', '1234'), '1234'), '1..4..3.........');
  assert.equal(givensCount('AB-.0' + '.'.repeat(251)), 2);
});

test('a pasted 16×16 (POJ 3076 grid or a line), 4×4 and 25×25 switch the size; errors name the cell', () => {
  const grid = readPasted(POJ3076, dlx.parse);
  assert.deepEqual([grid.side, grid.alphabet, grid.line.length], [16, 'letters', 256]);
  assert.equal(grid.line.slice(0, 16), '..A....C.....O.I');
  assert.equal(grid.note, 'read as a 16×16 grid of 16 lines (POJ 3076 in letters A–P)');
  const line = readPasted(grid.line, dlx.parse);
  assert.deepEqual([line.side, line.line], [16, grid.line]);
  assert.equal(line.note, 'read as a 256-character line (16×16 in letters A–P)');
  const mixed = readPasted('1G' + '.'.repeat(254), dlx.parse);
  assert.deepEqual([mixed.side, mixed.alphabet], [16, 'digits']);
  assert.match(mixed.note, /16×16 in 1–9 and A–G/);
  assert.deepEqual(readPasted('1..4..3.........', dlx.parse).side, 4);
  assert.deepEqual(readPasted('A' + '.'.repeat(624), dlx.parse).side, 25);
  assert.throws(() => readPasted('Q' + grid.line.slice(1), dlx.parse), /cell 1 \(r1c1\): 'Q' is not a symbol of a 16×16 grid \(A–P\)/);
  assert.throws(() => readPasted(grid.line.slice(1), dlx.parse), /256/);
});

test('the 4×4 examples do what their names say, on the engine', () => {
  const run = (id) => {
    const t = new dlx.Trace(EXAMPLES.find((e) => e.id === id).line);
    t.run(1e9, 0);
    return { solutions: t.solutions, deadEnds: t.deadEnds, tries: t.nodes, empty: 16 - givensCount(t.givens) };
  };
  // singles only: one try per empty cell, no dead end
  assert.deepEqual(run('four'), { solutions: 1, deadEnds: 0, tries: 12, empty: 12 });
  assert.deepEqual(run('four5'), { solutions: 1, deadEnds: 0, tries: 11, empty: 11 });
  // the three to play: one solution each, and every clue needed (none can go and keep it one)
  for (const id of ['four-play1', 'four-play2', 'four-play3']) {
    const { line } = EXAMPLES.find((e) => e.id === id);
    assert.equal(dlx.countSolutions(line, 100), 1, id);
    for (let c = 0; c < 16; c++) if (line[c] !== '.') assert.ok(dlx.countSolutions(line.slice(0, c) + '.' + line.slice(c + 1), 100) > 1, `${id}: clue ${c}`);
  }
  // no solution: three forced tries, a dead end, and the search gives up
  assert.deepEqual(run('four-dead'), { solutions: 0, deadEnds: 1, tries: 3, empty: 12 });
  assert.equal(dlx.countSolutions(EXAMPLES.find((e) => e.id === 'four-many').line, 100), 6);
  assert.equal(run('four-many').solutions, 6);
});

test('links of every size: the length says the size, `a` the alphabet; bad ones are named', () => {
  const sixteen = 'A'.repeat(1) + '.'.repeat(255);
  assert.deepEqual(parseHash(`#p=${sixteen}&s=7`), { mode: 'sudoku', puzzle: sixteen, step: 7, errors: [] });
  assert.equal(parseHash(`#p=${'-'.repeat(256)}`).puzzle, '.'.repeat(256), 'POJ blanks read as blanks');
  assert.equal(parseHash(`#p=g${'.'.repeat(255)}&a=digits`).puzzle, `G${'.'.repeat(255)}`);
  assert.equal(parseHash(`#p=g${'.'.repeat(255)}&a=digits`).alphabet, 'digits');
  assert.equal(parseHash(`#p=1..4..3.........`).puzzle, '1..4..3.........');
  assert.equal(parseHash(`#p=${'A'.repeat(625)}`).puzzle.length, 625);
  assert.deepEqual(parseHash(`#p=${'.'.repeat(255)}`).errors, ['the link\'s puzzle "....................…" has 255 characters, not 16, 81, 256 or 625 (a 4×4, 9×9, 16×16 or 25×25 grid); ignored']);
  assert.match(parseHash(`#p=${'.'.repeat(1995)}`).errors[0], /" has 1,995 characters, not 16, 81/);
  assert.deepEqual(parseHash(`#p=${'.'.repeat(20)}*${'.'.repeat(235)}`, (c, side) => `cell ${c} of ${side}`).errors, ['the link\'s puzzle has "*" in cell 20 of 16; ignored']);
  // A name is passed on (the Sudoku room checks it against wasm's list); anything else is not.
  assert.equal(parseHash(`#p=${sixteen}&a=greek`).alphabet, 'greek');
  assert.deepEqual(parseHash(`#p=${sixteen}&a=%3Cb%3E`).errors, ['the link\'s alphabet "<b>" is not a name; ignored']);
  // With an alphabet named, 0s stay for it to read (0–F's first digit); without, they are blanks.
  const hex = `0F${'.'.repeat(254)}`;
  assert.equal(parseHash(`#p=${hex}&a=hex`).puzzle, hex);
  assert.equal(parseHash(`#p=${hex}&e=${hex}&a=hex`).entries, hex);
  assert.equal(parseHash(`#p=${hex}`).puzzle, `.F${'.'.repeat(254)}`);
  assert.equal(formatHash({ mode: 'sudoku', puzzle: sixteen, step: 0 }), `#p=${sixteen}`);
  assert.equal(formatHash({ mode: 'sudoku', puzzle: sixteen, alphabet: 'digits', step: 5 }), `#p=${sixteen}&a=digits&s=5`);
  // what formatHash writes, parseHash reads back
  const h = parseHash(formatHash({ mode: 'sudoku', puzzle: sixteen, alphabet: 'digits', step: 5 }));
  assert.deepEqual([h.puzzle, h.alphabet, h.step, h.errors], [sixteen, 'digits', 5, []]);
});

test('a link keeps the player\'s entries and pencil marks apart from the givens; an older link reads as before', () => {
  const p = `1${'.'.repeat(80)}`;
  const e = `.2${'.'.repeat(79)}`;
  const h = formatHash({ mode: 'sudoku', puzzle: p, entries: e, marks: 'a'.repeat(162), step: 3 });
  assert.equal(h, `#p=${p}&e=${e}&n=${'a'.repeat(162)}&s=3`);
  assert.deepEqual(parseHash(h), { mode: 'sudoku', puzzle: p, entries: e, marks: 'a'.repeat(162), step: 3, errors: [] });
  assert.equal(formatHash({ mode: 'sudoku', puzzle: p, step: 0 }), `#p=${p}`, 'no entries, no marks: nothing more');
  assert.deepEqual(parseHash(`#p=${p}`), { mode: 'sudoku', puzzle: p, step: 0, errors: [] });
  assert.deepEqual(parseHash(`#p=${p}&e=12`).errors, ["the link's entries have 2 characters, not the puzzle's 81; ignored"]);
  assert.deepEqual(parseHash(`#p=${p}&e=${e.replace('2', 'x')}`).errors, ['the link\'s entries have "x" in cell 2; ignored']);
  assert.equal(parseHash(`#p=${p}&e=${e.replace(/\./g, '0')}`).entries, e, '0 is a blank, as in p');
  assert.equal(parseHash(`#e=${e}`).entries, undefined, 'entries without a puzzle are nothing');
});
