// The search tree as Rust reports it (`Trace.tree()`, src/tree.rs), read into arrays, laid
// out, and said in words. Nothing here follows the search: the nodes, the path and how each
// node ended are Rust's; this module only places them (leaves left to right in the order
// tried, a parent over its children, the branches not yet tried after the ones tried) and
// words them. Pure: tested by `node --test` (www/test/tree-layout.test.js).

import { counted } from '../core/format.js';

import { TreeHeader as H, TreeWord as W, TreeEnd } from '../pkg/dlx_sudoku.js';

/** "None" in the tree's words (the root's parent and option, an item not yet chosen). */
export const NONE = 0xffffffff;
/** How a node ended (src/tree.rs `End`, exported as `TreeEnd`). */
export const OPEN = TreeEnd.Open, DEAD_END = TreeEnd.DeadEnd, SOLUTION = TreeEnd.Solution;
/** Each array this module fills, and the word of a node it reads (src/tree.rs `TreeWord`). */
const FIELDS = {
  parent: W.Parent, option: W.Option, item: W.Item, branches: W.Branches, end: W.End, at: W.At, rank: W.Rank,
  tried: W.Tried, belowNodes: W.BelowNodes, belowDead: W.BelowDeadEnds, belowFound: W.BelowSolutions,
};

/**
 * `words`: a `Trace.tree(0)` array. Returns `{size, folds, path, parent, option, item,
 * branches, end, at, rank, tried, belowNodes, belowDead, belowFound}` (typed arrays, one entry
 * a node; `below…`: the nodes folded into it, and how many of them were dead ends and
 * solutions).
 */
export function readTree(words) {
  const size = words[H.Size];
  const pathLen = words[H.PathLength];
  const path = Array.from(words.subarray(H.Path, H.Path + pathLen));
  const base = H.Path + pathLen;
  const t = { size, folds: words[H.Folds], path };
  for (const name in FIELDS) t[name] = new Uint32Array(size);
  for (let k = 0; k < size; k++) {
    const w = base + k * W.Words;
    for (const name in FIELDS) t[name][k] = words[w + FIELDS[name]];
  }
  return t;
}

/**
 * Places the nodes: `x` in leaf slots (0, 1, …), `depth` in levels; `kids` a node's children
 * kept, `shown` those drawn (0 where they are folded). `ghosts` are the branches not yet tried on the path, `{parent, rank, x}`; `sums` the
 * counts of a node's folded branches beside its children kept, `{node, x}`; `slots` the
 * leaves, sums and ghosts in all, `levels` the deepest level + 1. `folded[k]` counts the nodes
 * drawn as node k's triangle: those Rust folded into it, and with `fold`, the rest of each
 * finished subtree hanging off the path (`hidden[j]` is 1 for each); `foldEnds[k]` how they
 * ended (bit 1 a dead end among them, bit 2 a solution).
 */
export function layOut(t, fold = false) {
  const n = t.size;
  const depth = new Uint32Array(n), kids = new Uint32Array(n);
  const x = new Float64Array(n);
  const first = new Int32Array(n).fill(-1), last = new Int32Array(n).fill(-1);
  const onPath = new Uint8Array(n);
  for (const k of t.path) onPath[k] = 1;
  const untried = (k) => (onPath[k] && t.branches[k] > t.tried[k] ? t.branches[k] - t.tried[k] : 0);
  let levels = n ? 1 : 0;
  for (let k = 1; k < n; k++) {
    const p = t.parent[k];
    depth[k] = depth[p] + 1;
    kids[p]++;
    if (first[p] < 0) first[p] = k;
    last[p] = k;
  }
  // A subtree is the nodes from its top to `end` (preorder).
  const hidden = new Uint8Array(n), folded = new Float64Array(n), foldEnds = new Uint8Array(n);
  const shown = new Uint32Array(kids);
  const ends = (k) => (t.belowDead[k] ? 1 : 0) | (t.belowFound[k] ? 2 : 0);
  for (let k = 0; k < n; k++) {
    folded[k] = t.belowNodes[k];
    foldEnds[k] = ends(k);
  }
  if (fold) {
    const end = Int32Array.from({ length: n }, (_, k) => k);
    for (let k = n - 1; k > 0; k--) if (end[k] > end[t.parent[k]]) end[t.parent[k]] = end[k];
    for (let k = 1; k < n; k++) {
      if (onPath[k] || !onPath[t.parent[k]] || !kids[k]) continue;
      shown[k] = 0;
      for (let j = k + 1; j <= end[k]; j++) {
        hidden[j] = 1;
        folded[k] += 1 + t.belowNodes[j];
        foldEnds[k] |= ends(j) | (t.end[j] === DEAD_END ? 1 : t.end[j] === SOLUTION ? 2 : 0);
      }
    }
  }
  for (let k = 1; k < n; k++) if (!hidden[k] && depth[k] + 1 > levels) levels = depth[k] + 1;
  // Nodes come in the order tried (preorder), so the leaves left to right are in index order;
  // a node's folded branches, drawn as a count, stand left of its children kept (they were
  // tried before them).
  let slot = 0;
  const sums = [];
  for (let k = 0; k < n; k++) {
    if (hidden[k]) continue;
    if (!shown[k]) {
      if (!untried(k)) x[k] = slot++;
    } else if (t.belowNodes[k]) {
      sums.push({ node: k, x: slot++ });
      if (depth[k] + 2 > levels) levels = depth[k] + 2;
    }
  }
  const sumAt = new Map(sums.map((s) => [s.node, s.x]));
  // The path's subtrees all end the list: the branches not yet tried go after them, deepest first.
  const ghosts = [];
  const ghostRange = new Map();
  for (let j = t.path.length - 1; j >= 0; j--) {
    const p = t.path[j];
    const left = untried(p);
    if (!left) continue;
    ghostRange.set(p, [slot, slot + left - 1]);
    for (let r = 0; r < left; r++) ghosts.push({ parent: p, rank: t.tried[p] + r, x: slot++ });
    if (depth[p] + 2 > levels) levels = depth[p] + 2;
  }
  for (let k = n - 1; k >= 0; k--) {
    const g = ghostRange.get(k);
    if (hidden[k] || (!shown[k] && !g)) continue;
    const lo = sumAt.has(k) ? sumAt.get(k) : shown[k] ? x[first[k]] : g[0];
    const hi = g ? g[1] : x[last[k]];
    x[k] = (lo + hi) / 2;
  }
  return { x, depth, kids, shown, ghosts, sums, slots: slot, levels, hidden, folded, foldEnds };
}

/**
 * What a node is, in words: `words` names items and options (www/core/narration.js `wordsFor`).
 * "r1c1 = 4: option 2 of 3 for r1c1, a dead end (r2c3 has no option left)".
 */
export function nodeWords(t, lay, k, words) {
  if (k === 0) return `the start${endWords(t, 0, words)}`;
  const p = t.parent[k];
  return `${words.option(t.option[k])}: option ${t.rank[k] + 1} of ${t.branches[p]} for ${words.item(t.item[p])}${endWords(t, k, words)}`;
}

function endWords(t, k, words) {
  if (t.end[k] === SOLUTION) return ', a solution';
  if (t.end[k] === DEAD_END) return `, a dead end (${words.item(t.item[k])} has no option left)`;
  return '';
}

/**
 * The tree's text alternative: its counts, then the path. With `keep`, only the path's last
 * `keep` steps are said, after how many came before (the words shown; the whole is read out).
 */
export function treeWords(t, lay, words, keep = Infinity) {
  let tried = -1, dead = 0, found = 0;
  for (let k = 0; k < t.size; k++) {
    tried += 1 + t.belowNodes[k];
    dead += t.belowDead[k] + (t.end[k] === DEAD_END);
    found += t.belowFound[k] + (t.end[k] === SOLUTION);
  }
  const counts = `${counted(tried, 'option')} tried, ${counted(dead, 'dead end')}, ${counted(found, 'solution')}` +
    (lay.ghosts.length ? `, ${counted(lay.ghosts.length, 'branch', 'branches')} on the path not yet tried` : '');
  const all = t.path.length - 1;
  const steps = t.path.slice(Math.max(1, t.path.length - keep)).map((k) => nodeWords(t, lay, k, words));
  const here = t.path[t.path.length - 1];
  const before = all > steps.length ? `${counted(all - steps.length, 'choice')} before, then ` : '';
  const path = steps.length ? `The path: ${before}${steps.join('; ')}.` : `The path: the start${endWords(t, here, words)}.`;
  const folds = t.folds ? ` Finished branches are drawn as counts (${counted(t.size, 'node')} kept of ${counted(tried + 1, 'node')}).` : '';
  return `${counts}. ${path}${folds}`;
}
