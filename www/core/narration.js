// One line of narration per event, in the problem's own terms: for Sudoku, places,
// candidates and singles ("Branch on 'row 3 has 7': only 2 places left (fewest)"); for a
// generic problem, items and options. It reads the search's state (a `Picture` and the
// trace's lists) after the event; it never works out a cover for itself.

import { EventKind as K } from '../pkg/dlx_sudoku.js';
import { counted, digitsWords, grouped, ordinal } from './format.js';

const list = (xs, or = 'or') => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} ${or} ${xs[xs.length - 1]}`);

/** The most items a sentence names one by one; past it, it counts them and names that many. */
const NAMED = 3;

/** Words for a problem: Sudoku (`sudoku`: a Numbering) speaks of cells and places, a generic problem of items and options. */
export function wordsFor(trace, sudoku) {
  if (sudoku) {
    const isCell = (i) => sudoku.kindOf(i) === 'cell';
    const cellOf = (o) => sudoku.cellName(sudoku.placement(o).cell);
    return {
      item: (i) => (isCell(i) ? sudoku.cellName(sudoku.unitOf(i)) : `'${sudoku.itemName(i)}'`),
      isCell,
      option: (o) => sudoku.optionName(o),
      // An option in an item's list: a cell item lists digits, the others list places.
      entry: (i, o) => (isCell(i) ? sudoku.symbol(sudoku.placement(o).digit) : cellOf(o)),
      entries: (i, n) => (isCell(i) ? counted(n, 'candidate') : counted(n, 'place')),
      none: (i) => (isCell(i) ? 'candidate' : 'place'),
      options: (n) => counted(n, 'candidate'),
    };
  }
  return {
    item: (i) => `item ${trace.itemName(i)}`,
    isCell: () => false,
    option: (o) => `'${trace.optionName(o)}'`,
    entry: (i, o) => `'${trace.optionName(o)}'`,
    entries: (i, n) => counted(n, 'option'),
    none: () => 'option',
    options: (n) => counted(n, 'option'),
  };
}

/**
 * What a search has to cover, said once for every text that counts or names it. An item is
 * primary (covered exactly once) or secondary (at most once: Knuth's optional items, named after
 * the '|' of a problem's first line); where a problem has secondary items, the words say primary
 * where only those are meant. `trace.primary` of `trace.items` are primary.
 */
export function toCover(trace) {
  const secondary = trace.items - trace.primary;
  return secondary > 0
    ? {
      ready: (options) => `${counted(trace.primary, 'primary item')} to cover (${grouped(secondary)} secondary), ${options}`,
      exactly: 'every primary item exactly once, each secondary item at most once',
    }
    : { ready: (options) => `${counted(trace.items, 'item')} to cover with ${options}`, exactly: 'every item exactly once' };
}

/** The text shown before the first event. `entries`: how many of a Sudoku's digits are the
 *  player's own entries, not the puzzle's givens. */
export function startText(pic, trace, sudoku, entries = 0) {
  let covered = 0, live = 0;
  for (let i = 0; i < pic.items; i++) covered += pic.covered(i) ? 1 : 0;
  for (let o = 0; o < pic.options.length; o++) live += pic.isLive(o) ? 1 : 0;
  if (sudoku) {
    let empty = 0;
    for (let c = 0; c < sudoku.cells; c++) empty += pic.covered(sudoku.cellItem(c)) ? 0 : 1;
    const filled = sudoku.cells - empty;
    const given = filled === 0 ? `no givens, so none of the ${grouped(pic.items)} items is covered yet`
      : `${digitsWords(filled - entries, entries)} already ${filled === 1 ? 'covers' : 'cover'} ${grouped(covered)} of the ${grouped(pic.items)} items`;
    return `Ready: ${counted(empty, 'empty cell')}, ${counted(live, 'candidate')}; ${given}. Step or play to start.`;
  }
  return `Ready: ${toCover(trace).ready(counted(pic.options.length, 'option'))}. Step or play to start.`;
}

/**
 * The narration of the last event. `pic`: the Picture just read; `trace`: the wasm Trace
 * (for item and option lists and names); `sudoku`: the Numbering, or null for a generic problem;
 * `entries`: how many of the Sudoku's digits are the player's entries.
 */
export function narrate(pic, trace, sudoku = null, entries = 0) {
  if (pic.events === 0 || !pic.last) return startText(pic, trace, sudoku, entries);
  const w = wordsFor(trace, sudoku);
  const { kind, a, b } = pic.last;
  const top = pic.choices[pic.choices.length - 1];
  switch (kind) {
    case K.Choose: {
      const live = Array.from(trace.itemOptions(a));
      if (b === 1 && sudoku) {
        const { cell, digit } = sudoku.placement(live[0]);
        return w.isCell(a)
          ? `Single: ${sudoku.cellName(cell)} can only be ${sudoku.symbol(digit)} (its last candidate).`
          : `Single: ${w.item(a)} has only one place left, ${sudoku.cellName(cell)}.`;
      }
      if (b === 1) return `Branch on ${w.item(a)}: only ${w.entry(a, live[0])} is left (a forced move).`;
      const shown = live.length <= 4 ? `: ${list(live.map((o) => w.entry(a, o)))}` : '';
      const ties = tying(pic, trace.primary, b);
      const why = ties > 1 ? `fewest; ${grouped(ties)} items tie at ${grouped(b)}, and the first in item order is taken` : 'fewest';
      return `Branch on ${w.item(a)}: only ${w.entries(a, b)} left (${why})${shown}.`;
    }
    case K.Cover: {
      const hid = trace.itemOptions(a).length; // a covered item's list: what its cover hid
      if (top && top.item === a && !top.trying) {
        if (hid === 1) {
          const only = trace.branches(pic.choices.length - 1)[0];
          return `Cover ${w.item(a)}: ${w.entry(a, only)} is its only ${w.entries(a, 1).replace(/^1 /, '')}, the one branch to try.`;
        }
        return `Cover ${w.item(a)}: its ${w.entries(a, hid)} are the branches to try, in order.`;
      }
      const by = top?.trying ? `${w.option(top.option)} covers ` : 'Cover ';
      const dead = deadItems(pic);
      const warn = dead.length ? ` Now ${noneLeft(w, dead)}.` : '';
      return `${by}${w.item(a)}: ${hid ? `hides ${w.options(hid)}` : 'nothing left to hide'}.${warn}`;
    }
    case K.Uncover: {
      const back = trace.itemOptions(a).length;
      const comes = back === 0 ? 'nothing comes back' : `${w.options(back)} come${back === 1 ? 's' : ''} back`;
      if (pic.levelEnded) return `No more branches for ${w.item(a)}: uncover it (${comes}) and back up.`;
      return `Uncover ${w.item(a)}: ${comes}.`;
    }
    case K.Purify: {
      const by = top?.trying ? `${w.option(top.option)} gives ` : 'Give ';
      return `${by}${w.item(a)} the colour ${trace.colourName(b)}: options that give it another colour, or none, are hidden.`;
    }
    case K.Unpurify:
      return `${w.item(a)} loses the colour ${trace.colourName(b)}: the options it hid come back.`;
    case K.Try: {
      // The try itself only puts the option into the partial solution; the covers of its
      // other items are the steps after it, each told as it happens. Said here: which they
      // are, in the order X5 takes them (from the chosen item's node rightwards, wrapping
      // around the option's cycle of nodes, as Knuth's X5 does).
      const c = pic.choices[b];
      const its = Array.from(trace.optionItems(a));
      const at = its.indexOf(c.item);
      const others = [...its.slice(at + 1), ...its.slice(0, Math.max(0, at))];
      const which = c.count === 1 ? 'the only choice' : `${ordinal(c.rank)} of ${grouped(c.count)}`;
      const verb = sudoku ? 'Try' : 'Try option';
      // A generic problem's items by their names alone (as in Knuth's paper), and where the
      // order is not left to right, why; a Sudoku's are counted (their names take lines).
      const name = (i) => trace.itemName(i);
      const wraps = at > 0 && at < its.length - 1 ? ` (right of ${name(c.item)}, wrapping)` : '';
      const next = others.length === 0 ? 'it has no other item to cover'
        : !sudoku && others.length <= NAMED + 1 ? `next, cover ${others.map(name).join(', then ')}${wraps}`
        : `next, cover its ${grouped(others.length)} other items, one step each`;
      return `${verb} ${w.option(a)} (${which}): it joins the partial solution; ${next}.`;
    }
    case K.Untry: {
      const c = pic.choices[b];
      const next = c.rank <= c.count ? trace.branches(b)[c.rank - 1] : undefined;
      return next === undefined
        ? `Take back ${w.option(a)}: no other branch for ${w.item(c.item)}.`
        : `Take back ${w.option(a)}; next branch: ${w.option(next)}.`;
    }
    case K.Solution:
      return sudoku
        ? `Solution ${grouped(pic.solutions)}: every cell is filled and every item covered exactly once.`
        : `Solution ${grouped(pic.solutions)}: options ${Array.from(pic.solution, w.option).join(', ')} cover ${toCover(trace).exactly}.`;
    case K.DeadEnd:
      return `Dead end: ${noneLeft(w, deadItems(pic), a)}; back up.`;
    case K.Done:
      return `Search complete: ${counted(pic.solutions, 'solution')}, ${counted(pic.deadEnds, 'dead end')}, ${counted(pic.nodes, 'try', 'tries')}.`;
    default:
      return '';
  }
}

/** How many uncovered primary items have `len` options left (the choice takes the first). */
export function tying(pic, primary, len) {
  let n = 0;
  for (let i = 0; i < primary; i++) n += !pic.covered(i) && pic.len[i] === len ? 1 : 0;
  return n;
}

/**
 * Every item in `dead` (uncovered, no option left: the board, the item panels and the matrix
 * mark each), `first` (the one X3 chose at a dead end) first: "E has no option left", "A and
 * B have no option left", past three "5 items have no option left, e.g. A, B and C". A
 * Sudoku's cell has no candidate left, a row, column or box no place.
 */
export function noneLeft(w, dead, first = dead[0]) {
  const items = [first, ...dead.filter((i) => i !== first)];
  const nouns = [...new Set(items.map(w.none))];
  if (items.length === 1) return `${w.item(first)} has no ${nouns[0]} left`;
  const names = list(items.slice(0, NAMED).map(w.item), 'and');
  if (items.length > NAMED) return `${grouped(items.length)} items have no ${nouns.join(' or ')} left, e.g. ${names}`;
  if (nouns.length === 1) return `${names} have no ${nouns[0]} left`;
  // A cell and a unit: each with its own noun.
  const of = (noun) => items.filter((i) => w.none(i) === noun).map(w.item);
  const say = (names, noun) => `${list(names, 'and')} ${names.length === 1 ? 'has' : 'have'} no ${noun} left`;
  return `${say(of(nouns[0]), nouns[0])}, and ${say(of(nouns[1]), nouns[1])}`;
}

function deadItems(pic) {
  const out = [];
  for (let i = 0; i < pic.items; i++) if (pic.deadEnd(i)) out.push(i);
  return out;
}
