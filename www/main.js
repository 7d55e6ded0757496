// The composition root: loads the wasm module, makes the models, the player and the
// views, and wires them together. Views never talk to each other; everything they
// report comes here, and everything they show comes from here.

import init, * as dlx from './pkg/dlx_sudoku.js';
import { CELLS, sudokuProblem, givenOptions, option, optionItems, itemOptions, placement, cellName } from './model.js';
import { knuthProblem } from './knuth.js';
import { SearchModel } from './viewmodel.js';
import { Dance } from './dance.js';
import { narrate } from './narration.js';
import { kindName } from './events.js';
import { Player, SPEEDS } from './player.js';
import { Solver, Cancelled } from './solver.js';
import { EMPTY, clashes, clashMessage, stuckCells, readPasted, parseHash, formatHash, digitsOf, lineOf, givensCount } from './puzzle.js';
import { EXAMPLES } from './examples.js';
import { BoardView } from './views/board.js';
import { ItemsView } from './views/items.js';
import { CountersView } from './views/counters.js';
import { DepthPlot } from './views/plot.js';
import { ControlsView } from './views/controls.js';
import { DanceView } from './views/dance.js';
import { NoticeView, ResultView, time } from './views/result.js';

const $ = (id) => document.getElementById(id);
const DEFAULT_EXAMPLE = 'poj2';

const wasm = await init();

// --- state ----------------------------------------------------------------------------------
const state = {
  mode: 'sudoku',
  givens: new Uint8Array(CELLS),
  searchable: false, // the givens do not clash, so there is a search to watch
  answer: null,
  hover: { pointer: null, focus: null },
  solveJob: 0,
  lastHash: '',
  hashTimer: 0,
};
const models = { sudoku: new SearchModel(sudokuProblem), knuth: new SearchModel(knuthProblem) };
const dance = new Dance(knuthProblem);
const traces = { sudoku: null, knuth: null };
const model = () => models[state.mode];

const player = new Player({ onChange: render });
const solver = new Solver();

// --- views ----------------------------------------------------------------------------------
const board = new BoardView($('board'), { onEdit: edit, onHover: (cell, src) => hover(src, cell === null ? null : { cell }) });
const items = new ItemsView($('items'), { onHover: (item, src) => hover(src, item === null ? null : { item }) });
const counters = new CountersView($('counters'));
const plot = new DepthPlot($('depth-plot'));
const danceView = new DanceView($('dance'), knuthProblem);
const notice = new NoticeView($('notice'));
const result = new ResultView($('result'), { onCancel: () => solver.cancel() });
const narration = $('narration');
const narrationText = narration.appendChild(document.createTextNode(''));

const moving = (f) => () => {
  clearAnswer();
  f();
};
const controls = new ControlsView($('controls'), {
  restart: moving(() => restart()),
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
    render();
  },
  setSpeed: (i) => player.setSpeed(i),
  setStopAtSolution: (on) => {
    player.stopAtSolution = on;
    render();
  },
}, SPEEDS);

// --- the puzzle -----------------------------------------------------------------------------
function edit(cell, digit) {
  if (state.givens[cell] === digit) return;
  state.givens[cell] = digit;
  $('examples').value = '';
  puzzleChanged();
}

/**
 * Shows a new puzzle: its clashes, and a fresh search to watch. `note` says where it came
 * from. With `undoable`, the puzzle it replaces can be brought back (a click on an
 * example, a paste or Clear never loses what was typed).
 */
function setPuzzle(line, note = '', { undoable = false } = {}) {
  const before = lineOf(state.givens);
  state.givens = digitsOf(line);
  puzzleChanged(note);
  if (undoable && before !== line && before !== EMPTY) {
    notice.action('Undo', () => {
      setPuzzle(before, 'The previous puzzle is back.');
      $('examples').value = '';
    });
  }
}

function puzzleChanged(note = '') {
  cancelSolver();
  clearAnswer();
  result.clear();
  const line = lineOf(state.givens);
  const found = clashes(line);
  const clashing = new Set(found.flatMap((c) => [c.cell, c.other]));
  board.setGivens(state.givens, clashing);
  const lines = [note];
  if (found.length) {
    state.searchable = false;
    lines.push(`These givens clash, so there is no solution and no search to watch:`, ...found.slice(0, 6).map(clashMessage));
    if (found.length > 6) lines.push(`… and ${found.length - 6} more.`);
    notice.show('error', ...lines);
    loadSudoku(null);
  } else {
    state.searchable = true;
    const stuck = stuckCells(line);
    if (stuck.length) lines.push(`No digit fits ${stuck.slice(0, 5).map(cellName).join(', ')}${stuck.length > 5 ? ', …' : ''}: there is no solution.`);
    notice.show(stuck.length ? 'warn' : 'info', ...lines);
    loadSudoku(line);
  }
  board.setSearchShown(state.searchable);
  $('items').classList.toggle('off', !state.searchable);
  render();
  writeHash(true);
}

function loadSudoku(line) {
  traces.sudoku?.free();
  traces.sudoku = null;
  const m = models.sudoku;
  if (line) {
    traces.sudoku = new dlx.Trace(line);
    m.start(givenOptions(line));
  } else {
    m.start([]);
  }
  if (state.mode === 'sudoku') attach();
}

function loadKnuth() {
  traces.knuth?.free();
  traces.knuth = dlx.Trace.exactCover(knuthProblem.items, 0, knuthProblem.optionLists);
  models.knuth.start([]);
  dance.reset();
  if (state.mode === 'knuth') attach();
}

/** Points the player at the current mode's search. */
function attach() {
  const t = traces[state.mode];
  if (!t) {
    player.stop();
    player.trace = null;
    return;
  }
  const followers = state.mode === 'knuth' ? [models.knuth, dance] : [models.sudoku];
  player.load(t, followers, { canRebuild: state.mode === 'sudoku' });
}

function restart() {
  if (state.mode === 'knuth') loadKnuth();
  else if (state.searchable) loadSudoku(lineOf(state.givens));
  render();
  writeHash(true);
}

// --- solving in the worker --------------------------------------------------------------------
function clearAnswer() {
  if (!state.answer) return;
  state.answer = null;
  board.setAnswer(null);
  if (result.root.dataset.kind === 'unique' || result.root.dataset.kind === 'multiple') result.clear();
}

function cancelSolver() {
  state.solveJob++;
  if (solver.busy) solver.cancel();
}

function refuseIfClashing() {
  if (state.searchable) return false;
  result.message('error', 'Fix the clashing givens first (marked in red).');
  return true;
}

async function solve() {
  if (refuseIfClashing()) return;
  cancelSolver();
  const job = state.solveJob;
  const line = lineOf(state.givens);
  const slow = setTimeout(() => job === state.solveJob && result.busy('Solving…'), 150);
  try {
    const v = await solver.verdict(line);
    if (job !== state.solveJob) return;
    player.stop();
    if (v.kind === 'none') {
      clearAnswer();
      result.message('none', `No solution: the search tried every branch (${time(v.ms)}).`);
    } else if (v.kind === 'unique') {
      state.answer = digitsOf(v.solutions[0]);
      board.setAnswer(state.answer);
      result.message('unique', `Unique solution, shown in green (${time(v.ms)}). Edit a cell or step the search to go back to the puzzle.`);
    } else {
      const [a, b] = v.solutions.map(digitsOf);
      const diff = result.multiple(state.givens, a, b, v.ms);
      state.answer = a;
      board.setAnswer(a, diff);
    }
    render();
  } catch (e) {
    if (job === state.solveJob) showSolverError(e);
  } finally {
    clearTimeout(slow);
  }
}

async function count() {
  if (refuseIfClashing()) return;
  const input = $('count-limit');
  const limit = Number(input.value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1e9) {
    result.message('error', 'Count up to: a whole number from 1 to 1,000,000,000.');
    input.focus();
    return;
  }
  cancelSolver();
  const job = state.solveJob;
  result.busy('Counting…');
  try {
    const r = await solver.count(lineOf(state.givens), limit, (p) => {
      if (job === state.solveJob) result.progress(`Counting… ${p.solutions.toLocaleString('en')} solutions so far (${p.events.toLocaleString('en')} steps)`);
    });
    if (job !== state.solveJob) return;
    const n = r.count.toLocaleString('en');
    const what = r.count === 1 ? 'solution' : 'solutions';
    result.message('count', r.complete
      ? `${n} ${what}: the whole search tree was explored (${r.events.toLocaleString('en')} steps, ${time(r.ms)}).`
      : `At least ${n} ${what}: stopped at the limit (${time(r.ms)}).`);
  } catch (e) {
    if (job === state.solveJob) showSolverError(e);
  }
}

function showSolverError(e) {
  if (e instanceof Cancelled) result.message('info', 'Cancelled. The solver was stopped and is ready again.');
  else result.message('error', `The solver failed: ${e.message}`);
}

// --- hover: one cell's or one item's options and items light up everywhere -----------------
function hover(source, spec) {
  state.hover[source] = spec;
  highlight();
}

function highlight() {
  const h = state.hover.pointer ?? state.hover.focus;
  if (!h || state.mode !== 'sudoku') {
    board.setHighlight();
    items.setHighlight();
    return;
  }
  if (h.cell !== undefined) {
    const cell = h.cell;
    const shown = state.givens[cell] || board.placed[cell] || (state.answer ? state.answer[cell] : 0);
    if (shown) {
      board.setHighlight([option(cell, shown)], [cell]);
      items.setHighlight(optionItems(option(cell, shown)));
    } else {
      const opts = Array.from({ length: 9 }, (_, d) => option(cell, d + 1));
      board.setHighlight(opts, [cell]);
      items.setHighlight([243 + cell], opts.flatMap((o) => optionItems(o).slice(0, 3)));
    }
  } else {
    const opts = itemOptions(h.item);
    board.setHighlight(opts, opts.map((o) => placement(o).cell));
    items.setHighlight([h.item]);
  }
}

// --- rendering: once per movement, at most once per frame while playing ----------------------
let lastNarration = '';
function render() {
  const m = model();
  const status = player.status;
  const sudoku = state.mode === 'sudoku';
  if (sudoku) {
    if (state.searchable) board.render(m);
    items.render(m); // with clashing givens: every item open, dimmed
  } else {
    danceView.render(dance, m);
  }
  m.clearDirty();
  counters.render(m);
  const speed = SPEEDS[player.speed];
  const fast = status.playing && !(speed.perSecond <= 2);
  narration.setAttribute('aria-live', fast || status.task ? 'off' : 'polite');
  let text;
  if (sudoku && !state.searchable) text = 'Fix the clashing givens to watch the search.';
  else if (status.playing && speed.perFrame >= 300) {
    text = `Searching at ${speed.label.replace(' / ', ' per ')}: depth ${m.depth}, ${m.solutions.toLocaleString('en')} solution${m.solutions === 1 ? '' : 's'} so far. Pause to read each step.`;
  } else text = narrate(m);
  if (text !== lastNarration) {
    lastNarration = text;
    narrationText.nodeValue = text;
    narration.dataset.kind = m.last && !(status.playing && speed.perFrame >= 300) ? kindName(m.last.kind).toLowerCase() : '';
  }
  const maxDepth = sudoku ? Math.max(1, CELLS - givensCount(lineOf(state.givens))) : 3;
  plot.render(player.depthLog, maxDepth);
  controls.render(status, player.speed, sudoku ? state.searchable : true, player.stopAtSolution);
  if (!status.playing && !status.task) {
    if (sudoku) board.refreshLabels(m, state.searchable);
    highlight();
  }
  writeHash(false);
}

// --- the URL hash: puzzle and step ------------------------------------------------------------
function currentHash() {
  const step = model().events;
  return formatHash({ mode: state.mode, puzzle: lineOf(state.givens), step: state.mode === 'knuth' || state.searchable ? step : 0 });
}

function writeHash(now) {
  const busy = player.playing || player.busy;
  if (!now && busy) {
    if (!state.hashTimer) state.hashTimer = setTimeout(() => {
      state.hashTimer = 0;
      writeHash(true);
    }, 1000);
    return;
  }
  const h = currentHash();
  if (h !== state.lastHash && !(player.busy && !now)) {
    state.lastHash = h;
    history.replaceState(null, '', h);
  }
}

function readHash() {
  const h = parseHash(location.hash);
  state.lastHash = location.hash;
  setMode(h.mode, false);
  if (h.mode === 'sudoku') {
    const ex = EXAMPLES.find((e) => e.id === DEFAULT_EXAMPLE);
    setPuzzle(h.puzzle ?? ex.line, h.puzzle ? 'Puzzle from the link.' : `Example: ${ex.name}. Type over it, pick another, or paste your own.`);
    if (!h.puzzle) $('examples').value = ex.id;
  }
  if (h.errors.length) notice.show('warn', ...h.errors);
  if (h.step > 0 && player.trace) {
    clearAnswer();
    player.seek(h.step);
  }
}

window.addEventListener('hashchange', () => {
  if (location.hash !== state.lastHash) readHash();
});

// --- mode tabs -------------------------------------------------------------------------------
function setMode(mode, write = true) {
  if (mode === state.mode && traces[mode] && player.trace === traces[mode]) return;
  player.stop();
  state.mode = mode;
  const knuth = mode === 'knuth';
  $('tab-sudoku').setAttribute('aria-selected', String(!knuth));
  $('tab-knuth').setAttribute('aria-selected', String(knuth));
  $('tab-sudoku').tabIndex = knuth ? -1 : 0;
  $('tab-knuth').tabIndex = knuth ? 0 : -1;
  $('sudoku-pane').hidden = knuth;
  $('knuth-pane').hidden = !knuth;
  $('items-area').hidden = knuth;
  document.body.dataset.mode = mode;
  $('watch-sub').textContent = knuth ? 'the same engine on 7 items and 6 options' : 'dancing links on the real 729 × 324 matrix';
  if (knuth && !traces.knuth) loadKnuth();
  attach();
  models[mode].markAll();
  render();
  if (write) writeHash(true);
}

for (const [id, mode] of [['tab-sudoku', 'sudoku'], ['tab-knuth', 'knuth']]) {
  $(id).addEventListener('click', () => setMode(mode));
  $(id).addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const other = mode === 'sudoku' ? 'knuth' : 'sudoku';
    setMode(other);
    $(`tab-${other}`).focus();
  });
}

// --- the puzzle bar --------------------------------------------------------------------------
{
  const select = $('examples');
  const groups = new Map();
  for (const e of EXAMPLES) {
    if (!groups.has(e.group)) {
      const g = document.createElement('optgroup');
      g.label = e.group;
      groups.set(e.group, g);
      select.append(g);
    }
    groups.get(e.group).append(new Option(e.name, e.id));
  }
  select.addEventListener('change', () => {
    const e = EXAMPLES.find((x) => x.id === select.value);
    if (!e) return;
    setMode('sudoku');
    setPuzzle(e.line, `Example: ${e.name}.${e.note ? ` ${e.note}` : ''}`, { undoable: true });
  });
}
$('solve').addEventListener('click', solve);
$('count').addEventListener('click', count);
$('count-limit').addEventListener('keydown', (e) => e.key === 'Enter' && count());
$('clear').addEventListener('click', () => {
  const before = lineOf(state.givens);
  setPuzzle(EMPTY, before === EMPTY ? '' : 'Cleared. Paste or pick an example, or type a puzzle.', { undoable: true });
  $('examples').value = '';
  board.focus();
});
$('copy-link').addEventListener('click', async () => {
  writeHash(true);
  const url = location.href;
  try {
    await navigator.clipboard.writeText(url);
    notice.show('ok', 'Link copied: it opens this puzzle at this step.');
  } catch {
    notice.show('info', `Copy this link: ${url}`);
  }
});
$('show-marks').addEventListener('change', (e) => board.setMarksShown(e.target.checked));
$('advance').addEventListener('change', (e) => {
  board.advance = e.target.checked;
});

// Paste anywhere (but into a text field): a puzzle in any format the CLI reads.
document.addEventListener('paste', (e) => {
  if (e.target.closest?.('input, textarea, [contenteditable="true"]')) return;
  const text = e.clipboardData?.getData('text/plain') ?? '';
  e.preventDefault();
  try {
    const { line, note } = readPasted(text, dlx.parse);
    setMode('sudoku');
    $('examples').value = '';
    setPuzzle(line, `Pasted: ${note}.`, { undoable: true });
  } catch (err) {
    notice.show('error', `Paste not loaded: ${err.message}.`, 'The board is unchanged.');
  }
});
// Copy from the board: the puzzle as one line.
document.addEventListener('copy', (e) => {
  if (!e.target.closest?.('.board')) return;
  e.clipboardData.setData('text/plain', lineOf(state.givens));
  e.preventDefault();
  notice.show('ok', 'Puzzle copied as an 81-character line.');
});

// The skip link moves the focus, not the URL (whose hash holds the puzzle).
document.querySelector('.skip').addEventListener('click', (e) => {
  e.preventDefault();
  if (state.mode !== 'sudoku') setMode('sudoku');
  board.focus();
});

// --- preferences: large type for a projector, theme ---------------------------------------------
function pref(key, fallback) {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
}
function savePref(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch { /* private mode: not remembered */ }
}
function applyPrefs() {
  const large = pref('dlx-large', 'off') === 'on';
  document.documentElement.classList.toggle('large', large);
  $('large-type').setAttribute('aria-pressed', String(large));
  const theme = pref('dlx-theme', 'auto');
  if (theme === 'auto') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
  $('theme').textContent = `Theme: ${theme}`;
  plot.restyle();
  items.restyle();
}
$('large-type').addEventListener('click', () => {
  savePref('dlx-large', pref('dlx-large', 'off') === 'on' ? 'off' : 'on');
  applyPrefs();
  render();
});
$('theme').addEventListener('click', () => {
  const order = ['auto', 'light', 'dark'];
  savePref('dlx-theme', order[(order.indexOf(pref('dlx-theme', 'auto')) + 1) % 3]);
  applyPrefs();
  render();
});
matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
  plot.restyle();
  items.restyle();
  render();
});

// --- start ------------------------------------------------------------------------------------
applyPrefs();
readHash();
document.body.classList.add('ready');
// For tests and the curious: the page's parts, read-only in spirit.
window.dlxPage = { player, models, traces, state, dlx, solver, SPEEDS, wasmMemory: wasm.memory, items };
