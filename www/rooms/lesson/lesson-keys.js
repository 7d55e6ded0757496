// The lesson's keys, heard before the transport's (a capture listener; the transport gives
// way to a handled event): while it is open, ← → and Page Up / Page Down (a presenter's
// clicker) move through its steps, from wherever a click left the focus (a tab, a button, the
// page) but a text field. Page Down shows the rest of a step's words first where they run
// past their box or the screen, then goes on; Page Up goes back up them, then to the step
// before. Esc never closes the lesson (some clickers send it): it only stops a long run, as
// everywhere (views/controls.js). Shift+← → and [ ] still step the search; under a step's own
// figure, which has no search to move, the search keys do nothing. On the board, the whole
// matrix, the item panels, the search tree and the speed slider, ← → keep their own meaning
// there (the Keys panel says so); Page Up / Page Down are the lesson's everywhere.

/** The keys that step or play a search (views/controls.js): nothing to move in a figure. */
const SEARCH_KEYS = new Set(['[', ']', '{', '}', ' ', 'p', 'P', 'n', 'N', 'd', 'D', 'r', 'R', 'Home', '-', '_', '+', '=']);
/** Text fields keep every key. */
const TEXT = 'textarea, select, [contenteditable="true"], input:not([type="checkbox"], [type="radio"], [type="range"], [type="button"])';
/** Where ← → move something of their own: the board's cursor, the matrix's view, an item, a tree node, the speed. */
const OWN_ARROWS = '.board, canvas, #items .item, .tree-scroll, input[type="range"]';

/** `lesson`: the lesson room (lesson-room.js); `e`: a keydown anywhere on the page. */
export function lessonKey(lesson, e) {
  if (!lesson.active || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest?.(TEXT)) return;
  if (lesson.figure && (SEARCH_KEYS.has(e.key) || (e.shiftKey && /^Arrow(Left|Right)$/.test(e.key)))) {
    // The search behind the figure is no one's to move (a button keeps its Space).
    if (!(e.key === ' ' && e.target.closest?.('button, a, summary, [role="tab"]'))) e.preventDefault();
    return;
  }
  if (e.shiftKey) return;
  const page = e.key === 'PageDown' || e.key === 'PageUp';
  if (!page && e.target.closest?.(OWN_ARROWS)) return;
  let to = 0;
  if (e.key === 'ArrowRight') to = lesson.step + 1;
  else if (e.key === 'ArrowLeft') to = lesson.step - 1;
  else if (page) {
    e.preventDefault();
    const down = e.key === 'PageDown';
    if (!lesson.panel.scrollWords(down)) lesson.go(lesson.step + (down ? 1 : -1));
    return;
  } else return; // Esc included: the transport's Stop, if a long run goes on
  e.preventDefault();
  lesson.go(to);
}
