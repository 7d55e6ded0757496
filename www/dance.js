// Dancing links, drawn: the node-and-pointer structure of Knuth's "Dancing Links"
// paper for a small exact-cover problem, with the paper's cover and uncover. The Knuth
// view renders it; it follows the same trace events as the view model (Cover and
// Uncover move links; other events do not), so what it draws is what the engine did.
//
// Node 0 is the root h, node 1 + i heads item i, and each option's nodes follow, in
// option order, linked left/right in a cycle. Hiding a node unlinks it from its
// column, but the node keeps its own U and D: that memory is what lets uncover put
// it back ("the dance").

import { EventKind as K } from './events.js';

export class Dance {
  constructor(problem) {
    this.problem = problem;
    const n = 1 + problem.items + Array.from({ length: problem.options }, (_, o) => problem.optionItems(o).length).reduce((a, b) => a + b, 0);
    for (const f of ['L', 'R', 'U', 'D', 'C']) this[f] = new Int32Array(n);
    this.len = new Int32Array(problem.items);
    /** For an option node: its option and place in the drawing. */
    this.optionOf = new Int32Array(n).fill(-1);
    this.size = n;
    this.reset();
  }

  /** Every link as the paper builds it: all items in the header list, every option linked. */
  reset() {
    const { items, options, optionItems } = this.problem;
    const { L, R, U, D, C } = this;
    for (let x = 0; x <= items; x++) {
      L[x] = x === 0 ? items : x - 1;
      R[x] = x === items ? 0 : x + 1;
      U[x] = D[x] = x;
      C[x] = x === 0 ? -1 : x - 1;
    }
    this.len.fill(0);
    let x = items + 1;
    for (let o = 0; o < options; o++) {
      const its = optionItems(o);
      const first = x;
      for (let k = 0; k < its.length; k++, x++) {
        const h = 1 + its[k];
        C[x] = its[k];
        this.optionOf[x] = o;
        U[x] = U[h];
        D[x] = h;
        D[U[h]] = x;
        U[h] = x;
        this.len[its[k]]++;
        L[x] = k === 0 ? first + its.length - 1 : x - 1;
        R[x] = k === its.length - 1 ? first : x + 1;
      }
    }
    /** The nodes and headers the last cover or uncover moved, and the links it rewrote
     * (as 'U12', 'R3': field and node), for the drawing. */
    this.changed = [];
    this.rewritten = new Set();
  }

  header(item) {
    return 1 + item;
  }

  apply(kind, a) {
    if (kind === K.Cover) this.cover(a);
    else if (kind === K.Uncover) this.uncover(a);
    else this.forget();
  }

  revert(kind, a) {
    if (kind === K.Cover) this.uncover(a);
    else if (kind === K.Uncover) this.cover(a);
    else this.forget();
  }

  forget() {
    this.changed = [];
    this.rewritten.clear();
  }

  /** Knuth's cover(c): take c out of the header list and hide each option in its list. */
  cover(item) {
    const { L, R, U, D, C } = this;
    const c = this.header(item);
    this.forget();
    this.changed.push(c);
    const w = this.rewritten;
    L[R[c]] = L[c];
    R[L[c]] = R[c];
    w.add(`L${R[c]}`).add(`R${L[c]}`);
    for (let i = D[c]; i !== c; i = D[i]) {
      for (let j = R[i]; j !== i; j = R[j]) {
        U[D[j]] = U[j];
        D[U[j]] = D[j];
        w.add(`U${D[j]}`).add(`D${U[j]}`);
        this.len[C[j]]--;
        this.changed.push(j);
      }
    }
  }

  /** Knuth's uncover(c): the same links, relinked in exactly the reverse order. */
  uncover(item) {
    const { L, R, U, D, C } = this;
    const c = this.header(item);
    this.forget();
    this.changed.push(c);
    const w = this.rewritten;
    for (let i = U[c]; i !== c; i = U[i]) {
      for (let j = L[i]; j !== i; j = L[j]) {
        this.len[C[j]]++;
        U[D[j]] = j;
        D[U[j]] = j;
        w.add(`U${D[j]}`).add(`D${U[j]}`);
        this.changed.push(j);
      }
    }
    L[R[c]] = c;
    R[L[c]] = c;
    w.add(`L${R[c]}`).add(`R${L[c]}`);
  }

  /** True while node x is in its column's list (a header: in the header list). */
  linked(x) {
    if (x <= this.problem.items) return this.R[this.L[x]] === x;
    return this.D[this.U[x]] === x;
  }

  /** The options still in an item's list, top to bottom. */
  itemList(item) {
    const out = [];
    const c = this.header(item);
    for (let x = this.D[c]; x !== c; x = this.D[x]) out.push(this.optionOf[x]);
    return out;
  }

  /** The items in the header list, left to right. */
  activeItems() {
    const out = [];
    for (let c = this.R[0]; c !== 0; c = this.R[c]) out.push(this.C[c]);
    return out;
  }
}
