// The composition root: loads the wasm module and makes the page's parts, each given what it
// needs in its constructor: the player, the solver's worker and the Sudoku's count pool, the
// shell (www/core/shell.js) with the rooms it routes between (www/rooms/: the Sudoku, Knuth's
// example, the workbench, the lesson) and the views they all share, the page's input
// (paste, drop, copy, global keys), the preferences and offline use. Then it starts them.
// Rooms never talk to each other; what their views report goes to their room.

import init, * as dlx from './pkg/dlx_sudoku.js';
import { numberings } from './wasm/numbering.js';
import { Solver } from './wasm/solver.js';
import { CountPool } from './wasm/count-pool.js';
import { Player, SPEEDS } from './core/player.js';
import { PredictGate } from './core/predict-gate.js';
import { Shell } from './core/shell.js';
import { setUpInput } from './core/input.js';
import { setUpPrefs } from './core/prefs.js';
import { setUpOffline } from './core/offline.js';
import { setUpWelcome } from './core/welcome.js';
import { SudokuRoom } from './rooms/sudoku/sudoku-room.js';
import { KnuthRoom } from './rooms/knuth/knuth-room.js';
import { WorkbenchRoom } from './rooms/workbench/workbench-room.js';
import { LessonRoom } from './rooms/lesson/lesson-room.js';

const $ = (id) => document.getElementById(id);
const wasm = await init();
const numberingFor = numberings(dlx);
// The player's onChange names the shell made below: it runs on a movement, none before the start.
const player = new Player({ onChange: () => shell.render(), gate: new PredictGate() });
const solver = new Solver();
/** The Sudoku's counts, on every core (the workbench has a pool of its own). */
const counts = new CountPool();

const shell = new Shell({
  dlx, player, $,
  rooms: (shell) => {
    const sudoku = new SudokuRoom({ dlx, numberingFor, player, solver, counts, shell, $ });
    return {
      sudoku,
      knuth: new KnuthRoom({ dlx, shell, notice: sudoku.views.notice, $ }),
      cover: new WorkbenchRoom({ dlx, shell, player, numberingFor, $ }),
    };
  },
  lesson: (shell) => new LessonRoom({ shell, player, dlx, numberingFor, $ }),
  cellName: (cell, side) => numberingFor(side).cellName(cell),
});
const { sudoku } = shell.rooms;
const { lesson } = shell;

setUpInput({
  rooms: Object.values(shell.rooms),
  // A paste outside any field is a puzzle, in whichever view.
  pastePuzzle: (text) => sudoku.sources.paste(text),
  refuse: (text) => sudoku.views.result.message('error', text),
  // Undo, redo and hint are the Sudoku's: not in the workbench (its editor keeps its own
  // undo; the board's is not in view), nor in the lesson (its words speak of the search it
  // shows); hint only where the board is.
  keys: (action) => {
    if (shell.mode === 'cover' || lesson.active || (action === 'hint' && shell.mode !== 'sudoku')) return false;
    if (action === 'hint') sudoku.hints.hint();
    else sudoku.edits[action]();
    return true;
  },
});

// --- start ------------------------------------------------------------------------------------
shell.start();
shell.setLook = setUpPrefs({ largeButton: $('large-type'), themeButton: $('theme'), onChange: () => shell.restyle() });
// Read before the router writes the page's own link: a visit with no link of its own (a first
// visit, or a return) gets the welcome or comes back where it was.
const linked = location.hash.length > 1;
shell.router.read();
if (!linked) shell.returnTo();
setUpWelcome($('welcome'), {
  linked,
  ways: {
    lesson: () => lesson.open(1),
    play: () => {
      shell.setMode('sudoku');
      sudoku.edits.setBoardMode('play', { keep: true });
      sudoku.views.board.focus({ preventScroll: true });
    },
    explore: () => shell.setMode('cover'),
  },
  others: [...document.querySelectorAll('.modes [role="tab"]'), $('lesson-open')],
  lessonButton: $('lesson-open'),
});
// Drawn once, with the first puzzle in place: one layout before the first frame, not four.
shell.started();
document.body.classList.add('ready');
setUpOffline($('offline'), { workerUrl: solver.url.href });
// For tests and the curious: the page's parts, read-only in spirit.
// `controller`: the shell (the view shown, its trace, the traces and pictures of all); `sudoku`: the Sudoku's room.
window.dlxPage = {
  player, controller: shell, shell, sudoku, lesson, dlx, solver, SPEEDS, wasmMemory: wasm.memory,
  items: sudoku.views.items, matrix: sudoku.views.matrix, get numbering() { return sudoku.numbering; }, workbench: shell.rooms.cover.workbench,
};
