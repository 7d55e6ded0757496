// One line of narration per event, in the problem's own terms: for Sudoku, places,
// candidates and singles ("Branch on 'row 3 has 7': only 2 places left (fewest)");
// for a generic problem, items and options. Pure: reads the view model after the
// event was applied.

import { EventKind as K } from './events.js';
import { item as sudokuItem, cellName, placement } from './model.js';

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${n}${teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th'}`;
}
const list = (xs) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`);

/** Words for a problem: Sudoku speaks of cells and places, a generic problem of items and options. */
function wordsFor(problem) {
  if (problem.kind === 'sudoku') {
    return {
      item: (i) => {
        const it = sudokuItem(i);
        return it.block === 'cell' ? cellName(it.unit) : `'${problem.itemName(i)}'`;
      },
      isCell: (i) => sudokuItem(i).block === 'cell',
      option: (o) => problem.optionName(o),
      // An option in an item's list: a cell item lists digits, the others list places.
      entry: (i, o) => (sudokuItem(i).block === 'cell' ? String(placement(o).digit) : cellName(placement(o).cell)),
      entries: (i, n) => (sudokuItem(i).block === 'cell' ? plural(n, 'candidate') : plural(n, 'place')),
      options: (n) => plural(n, 'candidate'),
    };
  }
  return {
    item: (i) => `item ${problem.itemName(i)}`,
    isCell: () => false,
    option: (o) => `'${problem.optionName(o)}'`,
    entry: (i, o) => `'${problem.optionName(o)}'`,
    entries: (i, n) => plural(n, 'option'),
    options: (n) => plural(n, 'option'),
  };
}

/** The text shown before the first event. */
export function startText(model) {
  const p = model.problem;
  let covered = 0;
  for (let i = 0; i < p.items; i++) covered += model.covered[i];
  if (p.kind === 'sudoku') {
    const givens = model.committed.length;
    return `Ready: ${plural(81 - givens, 'empty cell')}, ${model.liveOptions} candidates; ` +
      `the ${plural(givens, 'given')} already cover ${covered} of the 324 items. Step or play to start.`;
  }
  return `Ready: ${plural(p.items, 'item')} to cover with ${plural(p.options, 'option')}. Step or play to start.`;
}

/** The narration of the model's last event (`startText` at the start). */
export function narrate(model) {
  const p = model.problem;
  const last = model.last;
  if (model.events === 0) return startText(model);
  if (!last) return `Step ${model.events.toLocaleString('en')}.`;
  const w = wordsFor(p);
  const { kind, a, b } = last;
  switch (kind) {
    case K.Choose: {
      const live = model.liveOptionsOf(a);
      if (b === 1 && p.kind === 'sudoku') {
        const { cell, digit } = placement(live[0]);
        return w.isCell(a)
          ? `Single: ${cellName(cell)} can only be ${digit} (its last candidate).`
          : `Single: ${w.item(a)} has only one place left, ${cellName(cell)}.`;
      }
      if (b === 1) return `Branch on ${w.item(a)}: only ${w.entry(a, live[0])} is left (a forced move).`;
      const shown = live.length <= 4 ? `: ${list(live.map((o) => w.entry(a, o)))}` : '';
      return `Branch on ${w.item(a)}: only ${w.entries(a, b)} left (fewest)${shown}.`;
    }
    case K.Cover: {
      const hid = countHiddenBy(model, a);
      const l = model.open - 1;
      if (l >= 0 && model.chosen[l] === a && model.tried[l] < 0) {
        if (hid === 1) {
          const only = branchesOf(model, a)[0];
          return `Cover ${w.item(a)}: ${w.entry(a, only)} is its only ${w.entries(a, 1).replace(/^1 /, '')}, the one branch to try.`;
        }
        return `Cover ${w.item(a)}: its ${w.entries(a, hid)} are the branches to try, in order.`;
      }
      const o = l >= 0 ? model.tried[l] : -1;
      const by = o >= 0 ? `${w.option(o)} covers ` : 'Cover ';
      const dead = deadItems(model);
      const none = p.kind !== 'sudoku' ? 'option' : w.isCell(dead[0] ?? 0) ? 'candidate' : 'place';
      const warn = dead.length ? ` Now ${w.item(dead[0])} has no ${none} left.` : '';
      return `${by}${w.item(a)}: ${hid ? `hides ${w.options(hid)}` : 'nothing left to hide'}.${warn}`;
    }
    case K.Uncover: {
      const back = model.liveOptionsOf(a).length;
      const comes = back === 0 ? 'nothing comes back' : `${w.options(back)} come${back === 1 ? 's' : ''} back`;
      if (model.levelOf[a] < 0 && model.chosen[model.open] === a) {
        return `No more branches for ${w.item(a)}: uncover it (${comes}) and back up.`;
      }
      return `Uncover ${w.item(a)}: ${comes}.`;
    }
    case K.Try: {
      const item = model.chosen[b];
      const branches = branchesOf(model, item);
      const k = branches.indexOf(a) + 1;
      const its = p.optionItems(a);
      const hides = model.wouldHide(Array.from(its).filter((i) => i !== item));
      const which = branches.length === 1 ? 'the only choice' : `${ordinal(k)} of ${branches.length}`;
      const verb = p.kind === 'sudoku' ? 'Try' : 'Try option';
      return `${verb} ${w.option(a)} (${which}): covers ${plural(its.length, 'item')}, hides ${w.options(hides)}.`;
    }
    case K.Untry: {
      const item = model.chosen[b];
      const next = branchesOf(model, item).find((o) => o > a);
      return next === undefined
        ? `Take back ${w.option(a)}: no other branch for ${w.item(item)}.`
        : `Take back ${w.option(a)}; next branch: ${w.option(next)}.`;
    }
    case K.Solution:
      return p.kind === 'sudoku'
        ? `Solution ${model.solutions.toLocaleString('en')}: every cell is filled and every item covered exactly once.`
        : `Solution ${model.solutions.toLocaleString('en')}: options ${Array.from(model.solution.subarray(0, model.depth), w.option).join(', ')} cover every item exactly once.`;
    case K.DeadEnd: {
      const what = p.kind !== 'sudoku' ? 'option' : w.isCell(a) ? 'candidate' : 'place';
      return `Dead end: ${w.item(a)} has no ${what} left; back up.`;
    }
    case K.Done:
      return `Search complete: ${plural(model.solutions, 'solution')}, ${plural(model.deadEnds, 'dead end')}, ${plural(model.nodes, 'try', 'tries')}.`;
    default:
      return '';
  }
}

function countHiddenBy(model, i) {
  let n = 0;
  for (const o of model.problem.itemOptions(i)) n += model.hiddenBy[o] === i ? 1 : 0;
  return n;
}

/** The branches of a chosen item: the options its cover hid, top to bottom. */
function branchesOf(model, i) {
  return Array.from(model.problem.itemOptions(i)).filter((o) => model.hiddenBy[o] === i);
}

function deadItems(model) {
  const out = [];
  for (let i = 0; i < model.problem.primary; i++) if (model.isDeadEnd(i)) out.push(i);
  return out;
}
