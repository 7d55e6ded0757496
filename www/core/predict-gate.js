// Predict mode: the search stops before each choice (Algorithm X's X3) and asks the student
// which item it will choose, or whether it is a dead end; the answer is judged against the
// search's own next move, which Rust tells (`Trace.peek`: the event a step forward would do,
// the search left where it is), never worked out here. This module holds the mode's state
// (on or off, the question asked, the score) and the judge's words; the player asks the
// gate before each event (www/core/player.js `run`), the panel (views/predict-view.js) shows it.
// Pure but for the trace it reads: tested by `node --test` (www/test/predict.test.js).

import { EventKind as K, EventWord } from '../pkg/dlx_sudoku.js';
import { tying } from './narration.js';
import { grouped } from './format.js';

const KIND_MASK = (1 << EventWord.KindBits) - 1;

/** The trace's next event, `{kind, a, b}` (as `Picture.last`), or null at the end. */
export function nextEvent(trace) {
  const x = trace.peek(); // a BigInt: a << 32 | the first word; 2^64 − 1 at the end
  if (x === 0xffff_ffff_ffff_ffffn) return null;
  const w = Number(x & 0xffff_ffffn);
  return { kind: w & KIND_MASK, a: Number(x >> 32n), b: w >>> EventWord.KindBits };
}

/**
 * Judges a guess: `guess` is an item's number, or 'dead end'. `next` is the search's next
 * event (a Choose or a DeadEnd), `pic` the picture of the moment before it (lengths and
 * covered items, as Rust reports them), `primary` the number of primary items, `w` the
 * page's words (www/core/narration.js `wordsFor`). Returns `{right, text}`.
 */
export function judge(next, guess, pic, primary, w) {
  const dead = guess === 'dead end';
  if (next.kind === K.DeadEnd) {
    const i = next.a;
    if (dead || guess === i) return { right: true, text: `Right: a dead end. ${cap(w.item(i))} has no ${w.none(i)} left, so the search backs up.` };
    return { right: false, text: `No: it is a dead end. ${cap(w.item(i))} has no ${w.none(i)} left, so the search chooses no item and backs up.` };
  }
  const i = next.a, len = next.b;
  const chosen = `${w.item(i)}, with ${w.entries(i, len)} left`;
  const ties = tying(pic, primary, len);
  const tieWords = ties > 1 ? `; ${grouped(ties)} items tie at ${grouped(len)}, and the first in item order is taken` : '';
  if (guess === i) return { right: true, text: `Right: ${chosen}: the fewest${tieWords}.` };
  if (dead) return { right: false, text: `No: no item is left without options. The search chooses ${chosen}: the fewest${tieWords}.` };
  const j = guess;
  let why, tied = false;
  if (j >= primary) why = `${cap(w.item(j))} is secondary: the search never chooses it.`;
  else if (pic.covered(j)) why = `${cap(w.item(j))} is covered already: it is no longer in the list of items to cover.`;
  else if (pic.len[j] > len) why = `${cap(w.item(j))} has ${w.entries(j, pic.len[j])} left; the search takes the item with the fewest.`;
  else {
    why = `${cap(w.item(j))} has ${w.entries(j, pic.len[j])} too, a tie: the first in item order is taken.`;
    tied = true;
  }
  return { right: false, text: `No: ${why} It chooses ${chosen}${tied ? '' : tieWords}.` };
}

const cap = (s) => (s.startsWith("'") ? s : s[0].toUpperCase() + s.slice(1));

/** The mode's state: on or off, the question waiting for an answer, the score. */
export class PredictGate {
  constructor() {
    this.on = false;
    /** `{trace, at, next}`: the search stopped at event count `at` of `trace`, before `next`. */
    this.question = null;
    /** The moment last answered (or shown): the search goes on from there without asking again. */
    this.answered = null;
    /** The last verdict, `{right, text}`, or null. */
    this.verdict = null;
    this.right = 0;
    this.asked = 0;
  }

  /** Called by the player before each event: true when the search must stop to ask. */
  holds(trace) {
    if (!this.on || trace.done) return false;
    const at = trace.events;
    if (this.question?.trace === trace && this.question.at === at) return true;
    if (this.answered?.trace === trace && this.answered.at === at) return false;
    const next = nextEvent(trace);
    if (!next || (next.kind !== K.Choose && next.kind !== K.DeadEnd)) return false;
    this.question = { trace, at, next };
    this.verdict = null;
    return true;
  }

  /** The question, if it is still about where `trace` is (a step back or another search leaves it). */
  pending(trace) {
    const q = this.question;
    if (q && (q.trace !== trace || q.at !== trace.events)) this.question = null;
    return this.question;
  }

  /** Judges `guess` (see `judge`) and scores it; null when no question waits. */
  answer(guess, pic, trace, w) {
    const q = this.pending(trace);
    if (!q) return null;
    this.verdict = judge(q.next, guess, pic, trace.primary, w);
    this.asked++;
    if (this.verdict.right) this.right++;
    this.answered = { trace, at: q.at };
    this.question = null;
    return this.verdict;
  }

  /** Goes on without an answer (not scored). */
  skip(trace) {
    const q = this.pending(trace);
    if (!q) return;
    this.answered = { trace, at: q.at };
    this.question = null;
    this.verdict = null;
  }

  reset() {
    this.question = null;
    this.answered = null;
    this.verdict = null;
    this.right = this.asked = 0;
  }
}
