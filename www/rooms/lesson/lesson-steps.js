// The guided lesson: a few steps, each a moment of the real search and a short text about
// it. A step does not name an event number: it runs the engine from the start until the
// moment it explains happens ("the first cover", "the first dead end"), and reads what it
// says from the engine's own state there (names, lengths, what was covered). Pure: it
// moves a trace through `mover` ({trace, run(max, mask), back(n)}) and returns words; the
// panel (rooms/lesson/lesson-panel.js) shows them, and the page and the tests move the same way.

import { EventKind as K, OptionState } from '../../pkg/dlx_sudoku.js';
import { counted } from '../../core/format.js';

/** At most this many events to reach a moment (Knuth's whole search takes 41). */
const LIMIT = 100_000;
const bit = (...ks) => ks.reduce((m, k) => m | (1 << k), 0);

const list = (xs) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
/** An option's name in quotes, kept on one line (no-break spaces). */
const q = (s) => `'${s.replace(/ /g, '\u00a0')}'`;

/** Runs to just after the next event of one of `kinds`; throws if the search ends first. */
function runTo(m, ...kinds) {
  m.run(LIMIT, bit(...kinds));
  if (!kinds.includes(m.trace.lastKind)) throw new Error(`the search ended before the moment this step explains (${kinds.map((k) => K[k]).join(' or ')})`);
}

/** The uncovered primary items, each with its options left: `[{item, name, len}]`, in item order. */
export function openItems(trace) {
  const covered = new Set(trace.coveredItems());
  const out = [];
  for (let i = 0; i < trace.primary; i++) {
    if (!covered.has(i)) out.push({ item: i, name: trace.itemName(i), len: trace.itemOptions(i).length });
  }
  return out;
}

const optionNames = (t, os) => Array.from(os, (o) => q(t.optionName(o)));

/**
 * The steps, in order. `moment(mover)` runs a trace that is at its start to the moment the
 * step explains and returns the facts it found there (with `from`, the event the diagram
 * shows the changes since; else the one before); `say(facts)` gives one or two paragraphs.
 * `view` is the page's mode that shows it.
 */
export const STEPS = [
  {
    id: 'exact-cover',
    view: 'knuth',
    title: 'What an exact cover is',
    moment(m) {
      const t = m.trace;
      const items = Array.from({ length: t.items }, (_, i) => t.itemName(i));
      const options = Array.from({ length: t.options }, (_, o) => q(t.optionName(o)));
      // The answer, from the engine: run to the first solution, read it, and come back.
      runTo(m, K.Solution);
      const solution = optionNames(t, t.solution());
      m.back(t.events);
      return { items, options, solution };
    },
    say: (f) => [
      `Knuth's example has ${f.items.length} items, ${f.items[0]} to ${f.items.at(-1)}, and ${f.options.length} options; each option is a set of items: ${list(f.options)}. ` +
        'In the diagram each item is a column and each option a row, with a node where the option has the item.',
      `An exact cover is a choice of options that contains every item exactly once: no item left out, none twice. Here there is one, ${list(f.solution)}, and the steps that follow watch the search find it.`,
    ],
  },
  {
    id: 'sudoku',
    view: 'figure', // its own trace of `puzzle`, drawn whole (views/cover-figure.js)
    puzzle: '1....4...12....4',
    title: 'A Sudoku as items and options',
    moment(m) {
      const t = m.trace;
      t.refresh();
      const states = t.optionStates();
      const live = states.filter((s) => s === OptionState.Live).length;
      const givens = t.givens.replace(/[.0-]/g, '').length;
      const example = Array.from({ length: t.options }, (_, o) => o).find((o) => states[o] === OptionState.Live);
      const side = Math.sqrt(t.givens.length);
      return {
        side, cells: t.givens.length, items: t.items, options: t.options, givens, live,
        // the givens' own options are chosen before the search (OptionState.Given); the hidden ones clash
        covered: t.coveredItems().length, hidden: states.filter((s) => s === OptionState.Hidden).length,
        example: q(t.optionName(example)), exampleItems: Array.from(t.optionItems(example), (i) => t.itemName(i)),
      };
    },
    say: (f) => [
      `A Sudoku is an exact cover too. The board shows a ${f.side}×${f.side} one, with ${f.items} items: each of its ${f.cells} cells is filled once, and each row, column and box has each digit once. ` +
        `Its ${f.options} options are a digit in a cell, and each has exactly 4 items: ${f.example} covers ${list(f.exampleItems.map((n) => `"${n}"`))}. The figure draws the board and its whole matrix: a row per option, a column per item, a dot for each 1.`,
      `The board's ${counted(f.givens, 'given')} are options chosen before the search starts, drawn as chosen (green rows): they cover ${f.covered} items (shaded columns) and hide the ${f.hidden} options that clash with them (pale rows), leaving ${f.live} for the search. The next steps watch the search on Knuth's smaller example.`,
    ],
    label: (f) => `The whole matrix of this ${f.side}×${f.side} Sudoku: ${f.options} options (rows) by ${f.items} items (columns); the givens cover ${f.covered} items and hide ${f.hidden} options.`,
  },
  {
    id: 'cover',
    view: 'knuth',
    title: 'What cover does to the matrix',
    // The counter its words name, shown in their own box beside the paragraph that names it
    // (the counters themselves are far below the diagram): `[which counter, paragraph]`.
    counter: ['linkUpdates', 0],
    moment(m) {
      runTo(m, K.Cover);
      const t = m.trace;
      const item = t.lastA;
      const hid = Array.from(t.itemOptions(item)); // a covered item's list: the options its cover hid
      const loses = new Map();
      for (const o of hid) {
        for (const i of t.optionItems(o)) if (i !== item) loses.set(i, (loses.get(i) ?? 0) + 1);
      }
      return {
        item: t.itemName(item),
        hid: optionNames(t, hid),
        loses: [...loses].sort((a, b) => a[0] - b[0]).map(([i, n]) => ({ name: t.itemName(i), n })),
        unlinked: [...loses.values()].reduce((a, b) => a + b, 0),
        updates: t.updates,
      };
    },
    say: (f) => [
      `The search has chosen item ${f.item} and covers it. Cover takes ${f.item}'s header out of the header row, and for each option in ${f.item}'s column (${list(f.hid)}) unlinks that option's other nodes from their columns: ` +
        `${list(f.loses.map((l) => `${l.name} loses ${l.n}`))}. The numbers under the headers are the lengths, the options left in each column. ` +
        `The LINK UPDATES counter (beside this sentence) counts every node a cover unlinks: this cover unlinked ${f.unlinked}, and it reads ${f.updates}.`,
      'Nothing is deleted or copied. A hidden node keeps the links it had when it left (drawn dashed), and uncover uses exactly those to put every node back, in the reverse order: ' +
        'the nodes that left after it go back first, so that when a node returns, the neighbours it remembers are back in place.',
    ],
  },
  {
    id: 'fewest',
    view: 'knuth',
    title: 'Why the item with the fewest options goes first',
    moment(m) {
      // The second choice: the first one made after an option was tried.
      runTo(m, K.Choose);
      runTo(m, K.Choose);
      const t = m.trace;
      const item = t.lastA;
      const open = openItems(t);
      const ties = open.filter((x) => x.len === t.lastB).map((x) => x.name);
      return { tried: optionNames(t, t.solution()), item: t.itemName(item), len: t.lastB, only: optionNames(t, t.itemOptions(item)), open, ties };
    },
    say: (f) => [
      `With ${list(f.tried)} in the partial solution, the items left have these lengths: ${list(f.open.map((x) => `${x.name} ${x.len}`))}. ` +
        `The search takes the item with the fewest options: ${f.item}, with ${counted(f.len, 'option')}${f.len > 0 ? ` (${list(f.only)})` : ''}.` +
        (f.ties.length > 1 ? ` ${list(f.ties)} tie at ${f.len}; the first in item order is taken.` : ''),
      'Every item must be covered by one of its options, so the search must try them all. The shortest list gives the fewest branches: an item with 1 option is a forced move, no guess at all, and an item with 0 shows at once that this branch is dead.',
    ],
  },
  {
    id: 'dead-end',
    view: 'knuth',
    title: 'A dead end',
    moment(m) {
      runTo(m, K.DeadEnd);
      const t = m.trace;
      return { item: t.itemName(t.lastA), tried: optionNames(t, t.solution()), covered: Array.from(t.coveredItems(), (i) => t.itemName(i)) };
    },
    say: (f) => [
      `The search has tried ${list(f.tried)}, which cover ${list(f.covered)}. Now item ${f.item} has 0 options left, but it is not covered: no option that is left contains it, so no solution can come from this branch.`,
      `This is a dead end (the red header). The search sees it at once, without going deeper: looking for the item with the fewest options, it finds ${f.item} with 0, the fewest there can be.`,
    ],
  },
  {
    id: 'backtrack',
    view: 'knuth',
    title: 'The backtrack that undoes it',
    counter: ['linkUpdates', 1],
    moment(m) {
      runTo(m, K.DeadEnd);
      const t = m.trace;
      const updates = t.updates;
      const undone = [];
      const marks = []; // each undo: its kind, its option or item, and the events before it
      // Event by event (the way back is short) up to the next option tried; the moment is
      // the take-back just before it.
      for (;;) {
        const before = t.events;
        runTo(m, K.Uncover, K.Untry, K.Try);
        if (t.lastKind === K.Try) break;
        marks.push({ kind: t.lastKind, a: t.lastA, before, after: t.events });
        undone.push(t.lastKind === K.Untry ? `took back ${q(t.optionName(t.lastA))}` : `uncovered ${t.itemName(t.lastA)}`);
      }
      const next = q(t.optionName(t.lastA));
      // The last take-back restores what trying its option did: the uncovers of the option's
      // other items (X6) just before it. The diagram marks only those ("changed" since then).
      const last = marks.findLastIndex((k) => k.kind === K.Untry);
      const others = t.optionItems(marks[last].a).length - 1;
      const restores = marks.slice(last - others, last);
      m.back(t.events - marks[last].after);
      const from = restores.length ? restores[0].before : marks[last].before;
      const restored = restores.map((k) => t.itemName(k.a));
      return { undone, next, takenBack: q(t.optionName(t.lastA)), restored, from, updates, unchanged: t.updates === updates };
    },
    say: (f) => [
      `From the dead end the search backs up, undoing its steps in exactly the reverse order: it ${list(f.undone)}. ` +
        'The way back puts the hidden nodes back in the reverse order they left: a node keeps the links it had when it left, so once the nodes that left after it are back, the neighbours it remembers are in place again. ' +
        `In orange, the diagram singles out what the last take-back restored: uncovering ${list(f.restored)} put ${f.restored.length === 1 ? 'its header' : 'their headers'} back in the header row and the nodes of the options ${f.restored.length === 1 ? 'its cover' : 'their covers'} had hidden back in their columns.`,
      `The matrix is now exactly as it was before ${f.takenBack} was tried, and the search goes on with the next branch, ${f.next}. ` +
        `${f.unchanged ? `LINK UPDATES stays at ${f.updates}: it` : 'LINK UPDATES'} counts the nodes a cover unlinks, and linking one back only undoes such a step, so it is not counted.`,
    ],
  },
  {
    id: 'solution',
    view: 'knuth',
    title: 'A solution is a set of rows',
    moment(m) {
      runTo(m, K.Solution);
      const t = m.trace;
      const rows = Array.from(t.solution(), (o) => ({ name: q(t.optionName(o)), items: Array.from(t.optionItems(o), (i) => t.itemName(i)) }));
      // Covered headers whose number reads 0: no dead end, though a 0 elsewhere would be one.
      const zeros = Array.from(t.coveredItems()).filter((i) => t.itemOptions(i).length === 0).map((i) => t.itemName(i));
      return { rows, items: t.primary, zeros };
    },
    say: (f) => [
      `A solution: the rows ${list(f.rows.map((r) => r.name))}, shaded in the diagram. Together they hold all ${f.items} items, each exactly once (${f.rows.map((r) => `${list(r.items)} in ${r.name}`).join('; ')}), and every header has been covered.` +
        (f.zeros.length ? ` ${list(f.zeros)} show 0, yet this is no dead end: a covered header (lifted, its number in italics) needs no option any more. A dead end is an item not covered with 0 options left (a red header).` : ''),
      'A Sudoku is solved the same way: its options are "digit d in cell c", each covering 4 items (the cell, and d in its row, its column and its box), and a solution is one option per cell that covers every item once.',
    ],
  },
];

/**
 * The lesson step a link asks for (`raw`: the text after `lesson=`): `{step}` (from 1), or
 * `{step: 1, error}` with a message that quotes what the link said (`quote` from router.js).
 */
export function parseStep(raw, quote, count = STEPS.length) {
  const s = String(raw ?? '');
  if (!/^\d{1,6}$/.test(s)) return { step: 1, error: `The link's lesson step ${quote(s)} is not a step number (1 to ${count}); showing step 1.` };
  const n = Number(s);
  if (n < 1 || n > count) return { step: 1, error: `The lesson has steps 1 to ${count}; the link asks for step ${quote(s)}. Showing step 1.` };
  return { step: n };
}

/** Moves `mover` (its trace at the start) to step `n`'s moment (from 1); returns `{step, facts, text}`. */
export function reach(n, mover) {
  const step = STEPS[n - 1];
  const facts = step.moment(mover);
  return { step, facts, text: step.say(facts) };
}
