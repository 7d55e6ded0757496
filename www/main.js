// The composition root: loads the wasm module, makes the player, the views, the shell and
// the rooms it routes between (www/core/shell.js, www/rooms/: the Sudoku, Knuth's example,
// the workbench, the lesson), the router and the preferences, and wires them together.
// Views never talk to each other; what they report goes to their view's room, and what they
// show comes from it.

import init, * as dlx from './pkg/dlx_sudoku.js';
import { Numbering } from './wasm/numbering.js';
import { Player, SPEEDS, kinds } from './core/player.js';
import { Solver } from './wasm/solver.js';
import { CountPool } from './wasm/count-pool.js';
import { Shell, MODES } from './core/shell.js';
import { SudokuRoom } from './rooms/sudoku/sudoku-room.js';
import { KnuthRoom } from './rooms/knuth/knuth-room.js';
import { WorkbenchRoom } from './rooms/workbench/workbench-room.js';
import { Lesson } from './rooms/lesson/lesson-room.js';
import { Router, quote, formatHash } from './core/router.js';
import { setUpPrefs } from './core/prefs.js';
import { BoardView } from './views/board.js';
import { ItemsView } from './views/items.js';
import { MatrixView } from './views/matrix.js';
import { CountersView } from './views/counters.js';
import { DepthPlot } from './views/plot.js';
import { ControlsView } from './views/controls.js';
import { DanceView } from './views/dance.js';
import { StackView } from './views/stack.js';
import { PseudocodeView } from './views/pseudocode.js';
import { PlainView } from './rooms/sudoku/plain-view.js';
import { TreeView } from './views/tree.js';
import { PredictView } from './views/predict-view.js';
import { PredictGate } from './core/predict-gate.js';
import { OwnLessonView } from './rooms/lesson/own-lesson-view.js';
import { packLesson } from './rooms/lesson/own-lesson.js';
import { PicturesView } from './rooms/workbench/pictures.js';
import { NoticeView, ResultView } from './views/result.js';
import { CoverEditor } from './rooms/workbench/cover-editor.js';
import { CoverItemsView, CoverMatrixView } from './rooms/workbench/cover-views.js';
import { Workbench, GALLERY, MAX_TEXT, MAX_LINES, countLines } from './rooms/workbench/workbench.js';
import { grouped } from './core/format.js';
import { setUpOffline } from './core/offline.js';
import { sizeMenu } from './rooms/sudoku/size-menu.js';
import { wordsFor } from './core/narration.js';

const $ = (id) => document.getElementById(id);
const wasm = await init();
/** The numbering of each size and alphabet, read from wasm once, when first shown. */
const numberings = new Map();
const numberingFor = (side, alphabet) => {
  const key = `${side} ${alphabet ?? ''}`;
  if (!numberings.has(key)) numberings.set(key, new Numbering(dlx.sudokuTables(side, alphabet)));
  return numberings.get(key);
};
const numbering = numberingFor(9);

let shell = null, sudoku = null, cover = null; // the shell and the Sudoku's and the workbench's rooms, once made
const player = new Player({ onChange: () => shell?.render() });
player.gate = new PredictGate();
const solver = new Solver();
/** The Sudoku's counts, on every core; the workbench has a pool of its own, so that a Sudoku count and a cover count never wait on each other. */
const counts = new CountPool();
const moving = (f) => () => {
  shell.clearAnswer();
  f();
};
const views = {
  board: new BoardView($('board'), numbering, { onEdit: (cell, d) => sudoku.edit(cell, d), onPencil: (cell, d) => sudoku.pencil(cell, d), onHover: (cell, src, digit = 0) => sudoku.hover(src, cell === null ? null : { cell, digit }) }),
  items: new ItemsView($('items'), numbering, { onHover: (item, src) => sudoku.hover(src, item === null ? null : { item }) }),
  matrix: new MatrixView($('matrix-area'), { onHover: (option) => sudoku.hover('pointer', option === null ? null : { option }) }),
  counters: new CountersView($('counters')),
  plot: new DepthPlot($('depth-plot')),
  // Each drawn again for its box when the box's width changes (a phone turned, large type).
  dance: new DanceView($('dance'), { onResize: () => shell?.render() }),
  coverDance: new DanceView($('cover-dance'), { onResize: () => shell?.render() }),
  coverItems: new CoverItemsView($('cover-items')),
  coverMatrix: new CoverMatrixView($('cover-matrix'), { onResize: () => shell?.render() }),
  coverPicture: new PicturesView($('cover-picture')),
  coverResult: new ResultView($('cover-result'), { onCancel: () => cover.workbench.cancel() }),
  notice: new NoticeView($('notice')),
  watchNotice: new NoticeView($('watch-notice')), // under "Copy link to this step", where the board's notice is out of view
  result: new ResultView($('result'), { onCancel: () => { solver.cancel(); counts.cancel(); }, cellName: (cell) => sudoku.numbering.cellName(cell) }),
  narration: $('narration'),
  stack: new StackView($('stack')),
  pseudocode: new PseudocodeView($('algo')),
  // Plain backtracking beside DLX (the Sudoku view): "Race" runs the DLX search to its end.
  plain: new PlainView($('plain'), { dlx, onRace: () => player.runUntil('to the end', kinds(dlx.EventKind.Done)), busy: () => player.busy }),
  // A node picked in the tree: the search goes to the moment it was tried; a branch not yet
  // tried: forward until it is (Rust moves the search, the player drives it).
  tree: new TreeView($('tree'), {
    onPick: (step) => {
      shell.clearAnswer();
      shell.seekLink(step);
    },
    onBack: (options) => {
      shell.clearAnswer();
      player.backTo(options);
    },
    onBranch: (level, n) => {
      shell.clearAnswer();
      player.toBranch(level, n);
    },
  }),
  // Predict mode (www/core/predict-gate.js): the player asks its gate before each event forward.
  predict: new PredictView($('predict'), $('predict-toggle'), {
    toggle: () => {
      const g = player.gate;
      g.on = !g.on;
      player.stop();
      if (g.on && shell.trace) g.holds(shell.trace); // at a choice already: ask now
      shell.render();
    },
    answer: (guess) => {
      const g = player.gate, room = shell.room, resume = g.question?.resume;
      if (!room.picture || !g.answer(guess, room.picture, room.trace, wordsFor(room.trace, room.numbering))) return;
      shell.clearAnswer();
      player.forward(1); // the search makes its choice (or meets its dead end): the board shows it
      if (resume) player.play();
    },
    skip: () => {
      const resume = player.gate.question?.resume;
      player.gate.skip(shell.trace);
      shell.clearAnswer();
      player.forward(1);
      if (resume) player.play();
    },
  }),
  // A teacher's own lesson (www/rooms/lesson/own-lesson.js): the shown view's link at its step, with a sentence.
  ownLesson: new OwnLessonView($('own-lesson'), {
    moment: async () => {
      const l = shell.link(); // the step now, before any wait
      if (!shell.trace) throw new Error('This view has no search to take a moment of.');
      if (l.mode === 'cover') {
        // The editor's text is packed in the background: wait for it (a problem just opened).
        l.packed = await cover.workbench.link();
        if (!l.packed) throw new Error(`${cover.workbench.linkTrouble() || 'This problem has no link.'} It cannot be a moment of a lesson.`);
      }
      return formatHash(l).slice(1);
    },
    pack: async (moments) => `${location.origin}${location.pathname}#own=${await packLesson(moments)}`,
  }),
  controls: new ControlsView($('controls'), {
    restart: moving(() => shell.restart()),
    prevChoice: moving(() => player.prevChoice()),
    back: moving(() => player.back(1)),
    toggle: moving(() => player.toggle()),
    forward: moving(() => player.forward(1)),
    nextChoice: moving(() => player.nextChoice()),
    nextSolution: moving(() => player.nextSolution()),
    nextDeadEnd: moving(() => player.nextDeadEnd()),
    slower: () => player.setSpeed(player.speed - 1),
    faster: () => player.setSpeed(player.speed + 1),
    stop: () => {
      player.stop();
      shell.render();
    },
    setSpeed: (i) => player.setSpeed(i),
    setStopAtSolution: (on) => {
      player.stopAtSolution = on;
      shell.render();
    },
  }, SPEEDS),
};
shell = new Shell({ dlx, player, views, $ });
sudoku = new SudokuRoom({ dlx, numberingFor, player, solver, counts, views, shell, $ });
cover = new WorkbenchRoom({ dlx, shell, views, $ });
shell.rooms = { sudoku, knuth: new KnuthRoom({ dlx, shell, views }), cover };
sudoku.shapeShown();
// The workbench counts in workers of its own.
const editor = new CoverEditor($('cover-editor'), { onInput: () => cover.workbench.edited() });
cover.workbench = new Workbench({
  dlx, editor, status: $('cover-status'), result: views.coverResult, solver: new CountPool(),
  onProblem: (trace) => {
    player.stop();
    cover.load(trace);
    markGallery();
  },
  onLink: () => shell.router?.write(true),
});
const lesson = new Lesson($('lesson'), $('lesson-open'), { shell, player, dlx, quote, numberingFor, onChange: () => shell.router?.write(true) });
shell.lesson = lesson;
shell.router = new Router({
  current: () => shell.current(),
  busy: () => player.playing || player.busy,
  open: (h, how) => shell.route(h, how),
  cellName: (cell, side) => numberingFor(side).cellName(cell),
});

// --- the tabs, the puzzle bar, paste and copy -------------------------------------------------
MODES.forEach((mode, k) => {
  const tab = $(`tab-${mode}`);
  tab.addEventListener('click', () => shell.setMode(mode));
  tab.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const other = MODES[(k + (e.key === 'ArrowRight' ? 1 : MODES.length - 1)) % MODES.length];
    shell.setMode(other);
    $(`tab-${other}`).focus();
  });
});
// --- the workbench: its gallery, Count, the link ------------------------------------------------
const galleries = document.querySelectorAll('#cover-pane .gallery');
for (const g of GALLERY) {
  const b = Object.assign(document.createElement('button'), { type: 'button', textContent: g.label });
  b.dataset.example = g.id;
  b.setAttribute('aria-pressed', 'false');
  b.addEventListener('click', () => {
    player.stop();
    cover.workbench.example(g.id);
    markGallery();
  });
  galleries[g.count ? 1 : 0].append(b);
}
const markGallery = () => {
  for (const b of document.querySelectorAll('#cover-pane .gallery button')) b.setAttribute('aria-pressed', String(b.dataset.example === cover.workbench.exampleId));
};
$('cover-text').addEventListener('input', markGallery);
$('cover-count').addEventListener('click', () => cover.workbench.count());
$('cover-copy').addEventListener('click', async () => {
  const wb = cover.workbench;
  const trouble = wb.linkTrouble();
  if (trouble) {
    views.coverResult.message('error', trouble);
    return;
  }
  await wb.link();
  const opens = wb.error ? 'this problem as it is, its error marked' : 'this problem at this step';
  await copyLink(opens, (kind, text) => views.coverResult.message(kind === 'ok' ? 'count' : kind, text));
});
// The solver's worker starts as the pointer or the focus comes near what uses it (Solve,
// Count, New puzzle, Hint: www/wasm/solver.js), not with the page.
for (const bar of document.querySelectorAll('#sudoku-pane .puzzle-bar')) {
  for (const type of ['pointerover', 'focusin']) bar.addEventListener(type, () => solver.warm(), { once: true });
}
const select = $('examples');
select.addEventListener('change', () => sudoku.example(select.value));
sizeMenu($('size'), { current: () => sudoku.side, choose: (side) => sudoku.setSize(side), hint: $('size-confirm') });
$('solve').addEventListener('click', () => sudoku.solve());
$('count').addEventListener('click', () => sudoku.count());
$('count-limit').addEventListener('keydown', (e) => e.key === 'Enter' && sudoku.count());
$('clear').addEventListener('click', () => sudoku.clear());
$('new-puzzle').addEventListener('click', () => sudoku.newPuzzle());
$('hint').addEventListener('click', () => sudoku.hint());
$('undo').addEventListener('click', () => sudoku.undo());
$('redo').addEventListener('click', () => sudoku.redo());
$('pencil').addEventListener('click', (e) => {
  const on = e.currentTarget.getAttribute('aria-pressed') !== 'true';
  e.currentTarget.setAttribute('aria-pressed', String(on));
  views.board.pencilMode = on;
  $('board').classList.toggle('pencil-mode', on);
});
// Undo, redo and hint from the keyboard, anywhere but in a text field (which keeps its own undo).
document.addEventListener('keydown', (e) => {
  if (e.defaultPrevented || e.altKey || e.target.closest?.('input, textarea, select, [contenteditable="true"]')) return;
  if (shell.mode === 'cover') return; // the workbench's editor keeps its own undo; the board's is not in view
  if (lesson.active) return; // nor in the lesson, whose words speak of the search it shows
  const key = e.key.toLowerCase();
  const mod = e.ctrlKey || e.metaKey;
  if (mod && key === 'z') sudoku[e.shiftKey ? 'redo' : 'undo']();
  else if (mod && key === 'y' && !e.shiftKey) sudoku.redo();
  else if (!mod && key === 'h' && shell.mode === 'sudoku') sudoku.hint();
  else return;
  e.preventDefault();
});
$('copy-link').addEventListener('click', async () => {
  if (shell.mode === 'cover') {
    $('cover-copy').click();
    return;
  }
  // Said where it is seen: the board's notice is in the Sudoku's pane, hidden in Knuth's view and under the lesson.
  const board = shell.mode === 'sudoku' && !lesson.active;
  const opens = lesson.active ? lesson.linkWords() : board ? 'this puzzle at this step' : 'Knuth\'s example at this step';
  await copyLink(opens, (kind, text) => (board ? views.notice : views.watchNotice).show(kind, text));
  // The board's notice is under the board: at 1280×800 just below the fold, so the button
  // seemed to do nothing.
  if (board) views.notice.reveal();
});
/** Puts the page's link in the address bar and on the clipboard; `say(kind, text)` tells how
 *  it went, and what the link `opens`. */
async function copyLink(opens, say) {
  shell.router.write(true);
  try {
    await navigator.clipboard.writeText(location.href);
    say('ok', `Link copied: it opens ${opens}.`);
  } catch {
    say('info', `Copy this link: ${location.href}`);
  }
}
$('show-marks').addEventListener('change', (e) => views.board.setMarksShown(e.target.checked));
$('advance').addEventListener('change', (e) => {
  views.board.advance = e.target.checked;
});
/**
 * The workbench's editor takes whole problems, up to the page's limits: true (and a message
 * saying why, `verb` naming what was refused) when `text` put in place of `start`..`end`
 * would take it past them. Checked before the textarea takes the text, which costs time.
 */
function editorRefuses(field, text, start, end, verb) {
  if (text.length > MAX_TEXT) {
    views.coverResult.message('error', `Not ${verb}: ${grouped(text.length)} characters is more than the editor takes (${grouped(MAX_TEXT)}). The problem is unchanged.`);
    return true;
  }
  const lines = countLines(field.value.slice(0, start) + text + field.value.slice(end));
  if (lines > MAX_LINES) {
    views.coverResult.message('error', `Not ${verb}: the editor would hold ${grouped(lines)} lines, and it takes at most ${grouped(MAX_LINES)} (a line for each option). The problem is unchanged.`);
    return true;
  }
  return false;
}
// Paste anywhere (but into a text field): a puzzle in any format the CLI reads. Into a
// field, the browser pastes, unless the text is far too long for it (see `pasteIntoField`).
document.addEventListener('paste', (e) => {
  const text = e.clipboardData?.getData('text/plain') ?? '';
  const field = e.target.closest?.('input, textarea, [contenteditable="true"]');
  if (field?.id === 'cover-text') {
    if (editorRefuses(field, text, field.selectionStart, field.selectionEnd, 'pasted')) e.preventDefault();
    return;
  }
  if (field) {
    if (!sudoku.pasteIntoField(field, text)) e.preventDefault();
    return;
  }
  e.preventDefault();
  sudoku.paste(text);
});
// A drop into a field obeys the paste's limits, checked before the field takes the text:
// the browser's own drop costs as much time as its paste (a million characters dropped into
// the count field froze the page for 15 s). In the workbench's editor the text goes in at
// the caret the drop point gives, as the browser puts it; text dragged within the editor
// and moved adds none, so it is let through.
let draggingInEditor = false;
$('cover-text').addEventListener('dragstart', () => {
  draggingInEditor = true;
});
$('cover-text').addEventListener('dragend', () => {
  draggingInEditor = false;
});
document.addEventListener('drop', (e) => {
  const field = e.target.closest?.('input, textarea, [contenteditable="true"]');
  if (!field) return;
  const text = e.dataTransfer?.getData('text/plain') ?? '';
  if (field.id === 'cover-text') {
    if (draggingInEditor && e.dataTransfer.dropEffect === 'move') return;
    const at = document.caretPositionFromPoint?.(e.clientX, e.clientY);
    const offset = at?.offsetNode === field ? at.offset : field.value.length;
    if (editorRefuses(field, text, offset, offset, 'dropped')) e.preventDefault();
    return;
  }
  if (!sudoku.pasteIntoField(field, text, 'dropped')) e.preventDefault();
});
// Copy from the board: the puzzle as one line.
document.addEventListener('copy', (e) => {
  if (!e.target.closest?.('.board')) return;
  const line = sudoku.shownLine();
  e.clipboardData.setData('text/plain', line);
  e.preventDefault();
  views.notice.show('ok', `Puzzle copied as a ${line.length}-character line.`);
});
// The skip link moves the focus, not the URL (whose hash holds the puzzle).
document.querySelector('.skip').addEventListener('click', (e) => {
  e.preventDefault();
  shell.setMode('sudoku');
  views.board.focus();
});

// --- start ------------------------------------------------------------------------------------
setUpPrefs({
  largeButton: $('large-type'),
  themeButton: $('theme'),
  onChange: () => {
    views.plot.restyle();
    views.items.restyle();
    views.tree.restyle();
    views.matrix.measure();
    lesson.panel.matrix?.measure(); // the lesson's figure: its labels in large type too (it kept them until the step was drawn again)
    views.coverMatrix.restyle();
    editor.place();
    shell.render();
  },
});
shell.router.read();
document.body.classList.add('ready');
setUpOffline($('offline'), { workerUrl: solver.url.href });
// For tests and the curious: the page's parts, read-only in spirit.
// `controller`: the shell (the view shown, its trace, the traces and pictures of all); `sudoku`: the Sudoku's room.
window.dlxPage = { player, controller: shell, shell, sudoku, lesson, dlx, solver, SPEEDS, wasmMemory: wasm.memory, items: views.items, matrix: views.matrix, get numbering() { return sudoku.numbering; }, workbench: cover.workbench };
