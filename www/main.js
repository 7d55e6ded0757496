// The composition root: loads the wasm module, makes the player, the views, the
// controller, the router and the preferences, and wires them together. Views never talk
// to each other; what they report goes to the controller, and what they show comes from it.

import init, * as dlx from './pkg/dlx_sudoku.js';
import { Numbering } from './numbering.js';
import { Player, SPEEDS } from './player.js';
import { Solver } from './solver.js';
import { Controller } from './controller.js';
import { Router, quote } from './router.js';
import { setUpPrefs } from './prefs.js';
import { EXAMPLES } from './examples.js';
import { BoardView } from './views/board.js';
import { ItemsView } from './views/items.js';
import { MatrixView } from './views/matrix.js';
import { CountersView } from './views/counters.js';
import { DepthPlot } from './views/plot.js';
import { ControlsView } from './views/controls.js';
import { DanceView } from './views/dance.js';
import { StackView } from './views/stack.js';
import { NoticeView, ResultView } from './views/result.js';
import { Lesson } from './views/lesson.js';

const $ = (id) => document.getElementById(id);
const wasm = await init();
const numbering = new Numbering(dlx.sudokuTables());

let c = null; // the controller, once made; the views report to it
const player = new Player({ onChange: () => c?.render() });
const solver = new Solver();
const moving = (f) => () => {
  c.clearAnswer();
  f();
};
const views = {
  board: new BoardView($('board'), numbering, { onEdit: (cell, d) => c.edit(cell, d), onHover: (cell, src, digit = 0) => c.hover(src, cell === null ? null : { cell, digit }) }),
  items: new ItemsView($('items'), numbering, { onHover: (item, src) => c.hover(src, item === null ? null : { item }) }),
  matrix: new MatrixView($('matrix-area'), { onHover: (option) => c.hover('pointer', option === null ? null : { option }) }),
  counters: new CountersView($('counters')),
  plot: new DepthPlot($('depth-plot')),
  dance: new DanceView($('dance')),
  notice: new NoticeView($('notice')),
  result: new ResultView($('result'), { onCancel: () => solver.cancel(), cellName: (cell) => numbering.cellName(cell) }),
  narration: $('narration'),
  stack: new StackView($('stack')),
  controls: new ControlsView($('controls'), {
    restart: moving(() => c.restart()),
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
      c.render();
    },
    setSpeed: (i) => player.setSpeed(i),
    setStopAtSolution: (on) => {
      player.stopAtSolution = on;
      c.render();
    },
  }, SPEEDS),
};
c = new Controller({ dlx, numbering, player, solver, views, $ });
const lesson = new Lesson($('lesson'), $('lesson-open'), { controller: c, player, dlx, quote, onChange: () => c.router?.write(true) });
c.router = new Router({
  current: () => (lesson.active ? { lesson: lesson.step } : c.link()),
  busy: () => player.playing || player.busy,
  open: (h, how) => {
    if (h.lesson === undefined) {
      lesson.close(false);
      return c.open(h, how);
    }
    c.open({ ...h, mode: 'sudoku', step: 0, errors: [] }, how); // the board as usual, behind the lesson
    lesson.openFromLink(h.lesson, h.errors.map((e) => `${e[0].toUpperCase()}${e.slice(1)}.`));
  },
  cellName: (cell) => numbering.cellName(cell),
});

// --- the tabs, the puzzle bar, paste and copy -------------------------------------------------
for (const [id, mode, other] of [['tab-sudoku', 'sudoku', 'knuth'], ['tab-knuth', 'knuth', 'sudoku']]) {
  $(id).addEventListener('click', () => c.setMode(mode));
  $(id).addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    c.setMode(other);
    $(`tab-${other}`).focus();
  });
}
const select = $('examples');
const groups = new Map();
for (const e of EXAMPLES) {
  if (!groups.has(e.group)) groups.set(e.group, select.appendChild(Object.assign(document.createElement('optgroup'), { label: e.group })));
  groups.get(e.group).append(new Option(e.name, e.id));
}
select.addEventListener('change', () => c.example(select.value));
$('solve').addEventListener('click', () => c.solve());
$('count').addEventListener('click', () => c.count());
$('count-limit').addEventListener('keydown', (e) => e.key === 'Enter' && c.count());
$('clear').addEventListener('click', () => c.clear());
$('copy-link').addEventListener('click', async () => {
  c.router.write(true);
  try {
    await navigator.clipboard.writeText(location.href);
    views.notice.show('ok', 'Link copied: it opens this puzzle at this step.');
  } catch {
    views.notice.show('info', `Copy this link: ${location.href}`);
  }
});
$('show-marks').addEventListener('change', (e) => views.board.setMarksShown(e.target.checked));
$('advance').addEventListener('change', (e) => {
  views.board.advance = e.target.checked;
});
// Paste anywhere (but into a text field): a puzzle in any format the CLI reads. Into a
// field, the browser pastes, unless the text is far too long for it (see `pasteIntoField`).
document.addEventListener('paste', (e) => {
  const text = e.clipboardData?.getData('text/plain') ?? '';
  const field = e.target.closest?.('input, textarea, [contenteditable="true"]');
  if (field) {
    if (!c.pasteIntoField(field, text)) e.preventDefault();
    return;
  }
  e.preventDefault();
  c.paste(text);
});
// Copy from the board: the puzzle as one line.
document.addEventListener('copy', (e) => {
  if (!e.target.closest?.('.board')) return;
  e.clipboardData.setData('text/plain', c.link().puzzle);
  e.preventDefault();
  views.notice.show('ok', 'Puzzle copied as an 81-character line.');
});
// The skip link moves the focus, not the URL (whose hash holds the puzzle).
document.querySelector('.skip').addEventListener('click', (e) => {
  e.preventDefault();
  c.setMode('sudoku');
  views.board.focus();
});

// --- start ------------------------------------------------------------------------------------
setUpPrefs({
  largeButton: $('large-type'),
  themeButton: $('theme'),
  onChange: () => {
    views.plot.restyle();
    views.items.restyle();
    views.matrix.measure();
    c.render();
  },
});
c.router.read();
document.body.classList.add('ready');
// For tests and the curious: the page's parts, read-only in spirit.
window.dlxPage = { player, controller: c, lesson, dlx, solver, SPEEDS, wasmMemory: wasm.memory, items: views.items, matrix: views.matrix, numbering };
