// Decoding of the trace's event stream (see `src/trace.rs`).
//
// Every event is two u32 words, `[kind | b << 4, a]`:
//     Choose   a = item    b = its length (>= 1)      X3: branch on the item
//     Cover    a = item                               X4 / X5: hide its options
//     Uncover  a = item                               X6 / X7: exactly undo a cover
//     Try      a = option  b = level                  X5: put the option in the solution
//     Untry    a = option  b = level                  X6: take it back out
//     Solution                                        X2: every item covered
//     DeadEnd  a = item                               X3: an item with no option left
//     Done                                            X8 at level 0: the search is over
// Kind numbers come from the wasm module's exported `EventKind`; none is written here.

import { EventKind } from './pkg/dlx_sudoku.js';

export { EventKind };

const KIND_BITS = 4;
const KIND_MASK = (1 << KIND_BITS) - 1;
const KINDS = Object.keys(EventKind).filter((k) => Number.isNaN(Number(k))).length;

/** The kind of the event whose first word is `w0`. */
export const kindOf = (w0) => w0 & KIND_MASK;
/** The `b` field of the event whose first word is `w0`. */
export const bOf = (w0) => w0 >>> KIND_BITS;

/** "Choose", "Cover", … for a kind number. */
export function kindName(kind) {
  const name = EventKind[kind];
  if (typeof name !== 'string') throw new Error(`unknown event kind ${kind}`);
  return name;
}

/** The event at `index` (counting events, not words) of a batch: `{kind, a, b}`. */
export function decode(words, index = 0) {
  const w0 = words[2 * index], a = words[2 * index + 1];
  if (a === undefined) throw new Error(`no event ${index} in a batch of ${words.length >> 1}`);
  const kind = kindOf(w0);
  if (kind >= KINDS) throw new Error(`unknown event kind ${kind} (event ${index})`);
  return { kind, a, b: bOf(w0) };
}

/** Every event of a batch, in batch order. */
export function decodeAll(words) {
  if (words.length % 2 !== 0) throw new Error(`a batch has an even number of words, not ${words.length}`);
  const out = new Array(words.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = decode(words, i);
  return out;
}

/** The two words of an event (for tests and for synthesising events). */
export function encode({ kind, a = 0, b = 0 }) {
  return [(kind | (b << KIND_BITS)) >>> 0, a >>> 0];
}
