import test from 'node:test';
import assert from 'node:assert/strict';
import { isEntry, entryCells, clashHeading, digitsWords, isFinished, wrongEntries, clearRuledOut, clockText, durationWords, Clock,
  packMarks, unpackMarks, entriesLine, gameText, readGame, boardOf, finishWords, gamesText, readGames, keepGame, dropGame,
  gameKey, played, GAMES_KEPT } from '../rooms/sudoku/game.js';

const SYM = '123456789';
const digits = (s) => Uint8Array.from(s, (ch) => SYM.indexOf(ch) + 1);

test('entries are the digits that are not the puzzle\'s own clues', () => {
  const clues = digits('1.3.');
  const board = digits('1234');
  assert.deepEqual(entryCells(board, clues), [1, 3]);
  assert.equal(isEntry(board, clues, 0), false);
  assert.equal(isEntry(digits('4234'), clues, 0), true, 'a clue typed over is an entry');
  assert.equal(isEntry(digits('1.34'), clues, 1), false, 'an empty cell is no entry');
  assert.equal(entriesLine(board, clues, SYM), '.2.4');
});

test('clash messages and counts name entries as the player\'s, givens as givens', () => {
  const clues = digits('11..');
  assert.match(clashHeading([{ cell: 1, other: 0 }], digits('11..'), clues), /^These givens clash/);
  assert.match(clashHeading([{ cell: 2, other: 0 }], digits('111.'), clues), /your entries among them/);
  assert.equal(digitsWords(25, 0), 'the 25 givens');
  assert.equal(digitsWords(25, 1), 'the 25 givens and your 1 entry');
  assert.equal(digitsWords(1, 3), 'the 1 given and your 3 entries');
  assert.equal(digitsWords(0, 2), 'your 2 entries');
});

test('a board is finished when full, clash-free and played', () => {
  const clues = digits('12..');
  assert.equal(isFinished(digits('1234'), clues, []), true);
  assert.equal(isFinished(digits('123.'), clues, []), false, 'a cell is empty');
  assert.equal(isFinished(digits('1234'), clues, [{ cell: 2, other: 3 }]), false, 'a clash');
  assert.equal(isFinished(digits('1234'), digits('1234'), []), false, 'the puzzle came full: nothing was played');
});

test('wrong entries are those that differ from the solution; givens are never wrong', () => {
  const solution = digits('1234');
  assert.deepEqual(wrongEntries(digits('2243'), digits('2...'), solution), [2, 3]);
  assert.deepEqual(wrongEntries(digits('1234'), digits('1...'), solution), []);
});

test('a placed digit clears the pencil marks it rules out', () => {
  const marks = Uint32Array.from([0b1010, 0b0100, 0b0010, 0b0110]);
  assert.equal(clearRuledOut(marks, [1, 2, 3], 1), 2);
  assert.deepEqual([...marks], [0b1010, 0b0100, 0, 0b0100], 'the cells not among the peers keep theirs');
});

test('the clock runs only while started, and reads in minutes and seconds', () => {
  let t = 1000;
  const clock = new Clock(() => t);
  assert.equal(clock.elapsed(), 0);
  clock.start();
  t += 5000;
  assert.equal(clock.elapsed(), 5000);
  clock.stop(); // the page hidden
  t += 60_000;
  assert.equal(clock.elapsed(), 5000, 'no time passes while stopped');
  clock.start();
  clock.start(); // twice is once
  t += 1500;
  assert.equal(clock.elapsed(), 6500);
  clock.reset(42_000);
  assert.equal(clock.running, false);
  assert.equal(clock.elapsed(), 42_000);
  assert.equal(clockText(7_999), '0:07');
  assert.equal(clockText(754_000), '12:34');
  assert.equal(clockText(3_723_000), '1:02:03');
  assert.equal(durationWords(245_000), '4 minutes 5 seconds');
  assert.equal(durationWords(60_000), '1 minute');
  assert.equal(durationWords(300), '0 seconds');
});

test('pencil marks go into a link and come back exactly; bad mark text is refused', () => {
  const marks = new Uint32Array(81);
  marks[0] = 0b1111111110;
  marks[80] = 1 << 5;
  const text = packMarks(marks);
  assert.equal(text.length, 162);
  assert.deepEqual([...unpackMarks(text, 81, 9)], [...marks]);
  assert.equal(packMarks(new Uint32Array(81)), '', 'no marks, no text');
  assert.throws(() => unpackMarks(text.slice(2), 81, 9), /160 characters, not 162/);
  assert.throws(() => unpackMarks(`!${text.slice(1)}`, 81, 9), /cell 1/);
  const four = new Uint32Array(16);
  four[3] = 1 << 5;
  assert.throws(() => unpackMarks(packMarks(four), 16, 4), /cell 4 are not digits 1–4/);
});

test('16×16 pencil marks (bits 1..16) take four characters a cell and come back exactly', () => {
  const marks = new Uint32Array(256);
  marks[0] = 0x1fffe; // every symbol, 1 to 16
  marks[17] = (1 << 16) | (1 << 10);
  marks[255] = 1 << 1;
  const text = packMarks(marks);
  assert.equal(text.length, 1024);
  assert.deepEqual([...unpackMarks(text, 256, 16)], [...marks]);
  assert.throws(() => unpackMarks(text.slice(0, 512), 256, 16), /512 characters, not 1024/);
  const over = new Uint32Array(256);
  over[5] = 1 << 17;
  assert.throws(() => unpackMarks(packMarks(over), 256, 16), /cell 6 are not digits 1–16/);
});

test('the saved game reads back as written, and anything else reads as none', () => {
  const marks = new Uint32Array(16);
  marks[2] = 0b110;
  const game = { side: 4, alphabet: 'digits', clues: '1...', entries: '.2..', marks, elapsed: 61_000, mistakes: ['3:4'], solved: false };
  const back = readGame(gameText({ ...game, clues: '1'.padEnd(16, '.'), entries: '.2'.padEnd(16, '.') }));
  assert.equal(back.side, 4);
  assert.equal(back.clues, '1'.padEnd(16, '.'));
  assert.equal(back.entries, '.2'.padEnd(16, '.'));
  assert.deepEqual([...back.marks], [...marks]);
  assert.equal(back.elapsed, 61_000);
  assert.deepEqual(back.mistakes, ['3:4']);
  for (const bad of [null, '', '{', '{"v":2}', JSON.stringify({ ...game, v: 1, side: 5 }), JSON.stringify({ v: 1, side: 4, alphabet: 'digits', clues: '1...', entries: '.2..' })]) {
    assert.equal(readGame(bad), null, String(bad));
  }
  assert.deepEqual([...boardOf('1..4', '.2..', '1234')], [1, 2, 0, 4]);
});

test('the finish names the time, the mistakes, the hints and the checks', () => {
  assert.equal(finishWords(245_000, { mistakes: 1, hints: 2, checks: 1 }), 'Solved in 4 minutes 5 seconds, with 1 mistake, 2 hints and 1 check.');
  assert.equal(finishWords(7_000), 'Solved in 7 seconds, with no mistakes, no hints and no checks.');
  assert.equal(finishWords(60_000, { hints: 1, checks: 3 }), 'Solved in 1 minute, with no mistakes, 1 hint and 3 checks.');
});

test('the games kept: one a puzzle, the one played last first, the oldest dropped past the cap; an older page\'s one game read in', () => {
  // Game i: a 1 in cell i (each its own puzzle), i hints used.
  const g = (i) => ({ side: 4, alphabet: 'digits', clues: `${'.'.repeat(i)}1`.padEnd(16, '.'), entries: '.'.repeat(15).padEnd(16, '2'),
    marks: new Uint32Array(16), elapsed: i * 1000, mistakes: [], hints: i, checks: 0, solved: false });
  let games = [];
  for (let i = 0; i < GAMES_KEPT + 2; i++) games = keepGame(games, g(i));
  assert.equal(games.length, GAMES_KEPT);
  assert.deepEqual(games.map((x) => x.hints), [11, 10, 9, 8, 7, 6, 5, 4, 3, 2], 'the last played first; 0 and 1 dropped');
  // Played again: moved first, not kept twice.
  games = keepGame(games, { ...g(5), entries: '.'.repeat(15).padEnd(16, '3') });
  assert.equal(games.length, GAMES_KEPT);
  assert.equal(games[0].entries, '.'.repeat(15).padEnd(16, '3'));
  assert.equal(games.filter((x) => gameKey(x) === gameKey(g(5))).length, 1);
  const back = readGames(gamesText(games));
  assert.deepEqual(back.map(gameKey), games.map(gameKey));
  assert.deepEqual(back.map((x) => x.hints), games.map((x) => x.hints));
  assert.equal(dropGame(back, gameKey(g(5))).length, GAMES_KEPT - 1);
  // An older page's one game (no hints or checks in it) is the list until the new one is written.
  const old = gameText({ side: 4, alphabet: 'digits', clues: '1'.padEnd(16, '.'), entries: '.2'.padEnd(16, '.'), marks: new Uint32Array(16), elapsed: 5, mistakes: ['1:2'], solved: false });
  const migrated = readGames('', old);
  assert.equal(migrated.length, 1);
  assert.equal(migrated[0].entries, '.2'.padEnd(16, '.'));
  assert.equal(migrated[0].hints, 0);
  assert.deepEqual(readGames('', ''), []);
  assert.deepEqual(readGames('{', old), [], 'a list that does not read is no list');
  assert.equal(played({ ...g(0), entries: '.'.repeat(16), hints: 0 }), false);
  assert.equal(played({ ...g(0), entries: '.'.repeat(16), hints: 1 }), true, 'a hint used is a game played');
});
