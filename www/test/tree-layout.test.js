import test from 'node:test';
import assert from 'node:assert/strict';
import { dlx } from './wasm.js';
import { wordsFor } from '../core/narration.js';
import { readTree, layOut, nodeWords, treeWords, NONE, DEAD_END, SOLUTION } from '../wasm/tree-layout.js';

const K = dlx.EventKind;

test("Knuth's example: the tree at its dead end, laid out with the branch not yet tried", () => {
  const t = dlx.Trace.knuth();
  t.run(1000, 1 << K.DeadEnd);
  const tree = readTree(t.tree(0));
  assert.equal(tree.size, 3);
  assert.equal(tree.folds, 0);
  assert.deepEqual(tree.path, [0, 1, 2]);
  assert.deepEqual([...tree.parent], [NONE, 0, 1]);
  assert.equal(tree.end[2], DEAD_END);
  const lay = layOut(tree);
  // Leaves: "b c f" (slot 0); the root's second branch, not yet tried (slot 1).
  assert.equal(lay.slots, 2);
  assert.deepEqual(lay.ghosts, [{ parent: 0, rank: 1, x: 1 }]);
  assert.deepEqual([...lay.x], [0.5, 0, 0]);
  assert.deepEqual([...lay.depth], [0, 1, 2]);
  assert.equal(lay.levels, 3);
  const words = wordsFor(t, null);
  assert.equal(nodeWords(tree, lay, 1, words), "'A D G': option 1 of 2 for item A");
  assert.equal(
    treeWords(tree, lay, words),
    "2 options tried, 1 dead end, 0 solutions, 1 branch on the path not yet tried. The path: 'A D G': option 1 of 2 for item A; " +
      "'B C F': option 1 of 1 for item B, a dead end (item E has no option left).",
  );
});

test('the whole tree of Knuth\'s example, its counts against the search\'s, and back', () => {
  const t = dlx.Trace.knuth();
  t.run(1000, 0);
  const tree = readTree(t.tree(0));
  const lay = layOut(tree);
  assert.equal(tree.size - 1, t.nodes);
  assert.equal([...tree.end].filter((e) => e === SOLUTION).length, t.solutions);
  assert.equal([...tree.end].filter((e) => e === DEAD_END).length, t.deadEnds);
  assert.deepEqual(lay.ghosts, [], 'nothing left to try');
  assert.equal(lay.slots, 2, 'two leaves: the dead end and the solution');
  assert.match(treeWords(tree, lay, wordsFor(t, null)), /^5 options tried, 1 dead end, 1 solution\. The path: the start\.$/);
  // Back to the moment the solution's node was tried: the tree of that moment.
  const at = tree.at[5];
  t.runBack(t.events - at, 0);
  const then = readTree(t.tree(0));
  assert.equal(then.size, 6);
  assert.equal(then.end[5], 0, 'not yet known to be a solution');
  assert.deepEqual(then.path, [0, 3, 4, 5]);
});

test('a long path is shown by its last steps, after how many came before', () => {
  const t = dlx.Trace.knuth();
  t.run(1000, 1 << K.Solution);
  const tree = readTree(t.tree(0));
  const lay = layOut(tree);
  const words = wordsFor(t, null);
  assert.equal(
    treeWords(tree, lay, words, 1),
    "5 options tried, 1 dead end, 1 solution. The path: 2 choices before, then 'B G': option 1 of 1 for item B, a solution.",
  );
  assert.match(treeWords(tree, lay, words), /The path: 'A D': option 2 of 2 for item A; 'C E F': option 1 of 1 for item E; 'B G'/);
});

test('folded, a finished subtree off the path is its top node alone, with what it hides', () => {
  const t = dlx.Trace.knuth();
  t.run(30, 0); // the solution: the path root, 'A D', 'C E F', 'B G'; 'A D G' and its dead end finished
  const tree = readTree(t.tree(0));
  assert.deepEqual(tree.path, [0, 3, 4, 5]);
  const open = layOut(tree);
  const fold = layOut(tree, true);
  assert.deepEqual([...open.hidden], [0, 0, 0, 0, 0, 0]);
  assert.deepEqual([...fold.hidden], [0, 0, 1, 0, 0, 0], "'B C F' is hidden under 'A D G'");
  assert.equal(fold.folded[1], 1);
  assert.equal(fold.foldEnds[1], 1, 'a dead end among them');
  assert.equal(fold.slots, 2);
  assert.deepEqual([...fold.x].filter((_, k) => !fold.hidden[k]), [0.5, 0, 1, 1, 1]);
});

test('a tree past its limit folds in Rust: the counts drawn add up to the search\'s, and the words say so', () => {
  const t = new dlx.Trace('.'.repeat(81)); // the empty grid: options tried without end
  while (t.tree(NONE)[1] < 2) t.run(50000, 0);
  const tree = readTree(t.tree(0));
  assert.ok(tree.size <= (1 << 14) + 82, `${tree.size} nodes kept`);
  const lay = layOut(tree);
  // Every node, kept or folded, is drawn: as a node, or in a count (under a leaf, or beside
  // the children kept of a node that folded its first branches).
  let drawn = 0, dead = 0;
  for (let k = 0; k < tree.size; k++) {
    drawn += 1 + lay.folded[k];
    dead += tree.belowDead[k] + (tree.end[k] === DEAD_END);
  }
  assert.equal(drawn, t.nodes + 1);
  assert.equal(dead, t.deadEnds);
  assert.ok(lay.sums.length + [...lay.folded].filter((f, k) => f && !lay.shown[k]).length > 0, 'counts drawn');
  for (const s of lay.sums) assert.ok(tree.belowNodes[s.node] > 0 && lay.kids[s.node] > 0);
  // Slots are distinct: leaves, counts and branches not yet tried each have their own.
  const slots = [...lay.sums.map((s) => s.x), ...lay.ghosts.map((g) => g.x)];
  for (let k = 0; k < tree.size; k++) if (!lay.shown[k] && !lay.hidden[k] && !lay.ghosts.some((g) => g.parent === k)) slots.push(lay.x[k]);
  assert.equal(new Set(slots).size, slots.length);
  assert.equal(Math.max(...slots) + 1, lay.slots);
  const words = treeWords(tree, lay, wordsFor(t, null));
  assert.match(words, new RegExp(`^${t.nodes.toLocaleString('en-US')} options tried, `));
  assert.match(words, /Finished branches are drawn as counts \([\d,]+ nodes kept of [\d,]+ nodes\)\.$/);
});
