// The lesson's keys, heard before the transport's (a capture listener; the transport gives
// way to a handled event): while it is open, ← → and Page Up / Page Down (a presenter's
// clicker) move through its steps and Esc closes it; Shift+← → and [ ] still step the search,
// and under a step's own figure, which has no search to move, the search keys do nothing.

/** The keys that step or play a search (views/controls.js): nothing to move in a figure. */
const SEARCH_KEYS = new Set(['[', ']', '{', '}', ' ', 'p', 'P', 'n', 'N', 'd', 'D', 'r', 'R', 'Home', '-', '_', '+', '=']);

/** `lesson`: the lesson room (lesson-room.js); `e`: a keydown anywhere on the page. */
export function lessonKey(lesson, e) {
  if (!lesson.active || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest?.('input, textarea, select, [contenteditable="true"]')) return;
  if (lesson.figure && (SEARCH_KEYS.has(e.key) || (e.shiftKey && /^Arrow(Left|Right)$/.test(e.key)))) {
    // The search behind the figure is no one's to move (a button keeps its Space).
    if (!(e.key === ' ' && e.target.closest?.('button, a, summary, [role="tab"]'))) e.preventDefault();
    return;
  }
  if (e.shiftKey) return;
  if (e.target.closest?.('.board, canvas, [role="tab"]')) return;
  let to = 0;
  if (e.key === 'ArrowRight' || e.key === 'PageDown') to = lesson.step + 1;
  else if (e.key === 'ArrowLeft' || e.key === 'PageUp') to = lesson.step - 1;
  else if (e.key === 'Escape' && !lesson.player.busy) {
    e.preventDefault();
    lesson.close();
    return;
  } else return;
  e.preventDefault();
  lesson.go(to);
}
