// The page's input that belongs to no one view: paste and drop anywhere, copy, and the keys
// that work from anywhere. A paste outside any text field is a puzzle (any format the CLI
// reads). A paste or a drop into a field is checked before the browser takes it, since the
// browser's own costs time that grows with the text (a million characters dropped into the
// count field froze the page for 15 s; 10 MB pasted into a number field hung it for hours):
// a room that owns the field says whether it takes the text (`fieldTakes`), and any other
// field takes at most MAX_FIELD_PASTE characters. Copy asks the rooms for text
// (`copyFrom(target)`: the board's puzzle as a line).

import { grouped } from './format.js';

/** The longest text pasted into a field no room owns (the count limit needs 13: "1,000,000,000"). */
export const MAX_FIELD_PASTE = 100;

const FIELD = 'input, textarea, [contenteditable="true"]';

/**
 * `rooms`: the rooms, asked in turn (`fieldTakes`, `copyFrom`); `pastePuzzle(text)`: a paste
 * outside any field; `refuse(text)`: says why a field refused a text; `keys(action)`: Undo,
 * Redo and Hint from the keyboard ('undo', 'redo', 'hint'), true if taken.
 */
export function setUpInput({ rooms, pastePuzzle, refuse, keys }) {
  /** True to let the browser put `text` into `field` in place of `start`..`end`. */
  const takes = (field, text, start, end, verb) => {
    for (const room of rooms) {
      const said = room.fieldTakes?.(field, text, start, end, verb);
      if (said !== undefined) return said;
    }
    if (text.length <= MAX_FIELD_PASTE) return true;
    const name = field.dataset.name || field.getAttribute('aria-label') || 'This field';
    refuse(`${name}: not ${verb}, ${grouped(text.length)} characters is far too long (at most ${MAX_FIELD_PASTE}). The field is unchanged.`);
    return false;
  };

  document.addEventListener('paste', (e) => {
    const text = e.clipboardData?.getData('text/plain') ?? '';
    const field = e.target.closest?.(FIELD);
    if (field) {
      if (!takes(field, text, field.selectionStart, field.selectionEnd, 'pasted')) e.preventDefault();
      return;
    }
    e.preventDefault();
    pastePuzzle(text);
  });

  // A drop goes in at the caret the drop point gives, as the browser puts it; text dragged
  // within a field and moved adds none, so it is let through.
  let dragged = null;
  document.addEventListener('dragstart', (e) => {
    dragged = e.target.closest?.(FIELD) ?? null;
  });
  document.addEventListener('dragend', () => {
    dragged = null;
  });
  document.addEventListener('drop', (e) => {
    const field = e.target.closest?.(FIELD);
    if (!field) return;
    const text = e.dataTransfer?.getData('text/plain') ?? '';
    if (field === dragged && e.dataTransfer.dropEffect === 'move') return;
    const at = document.caretPositionFromPoint?.(e.clientX, e.clientY);
    const offset = at?.offsetNode === field ? at.offset : field.value?.length ?? 0;
    if (!takes(field, text, offset, offset, 'dropped')) e.preventDefault();
  });

  document.addEventListener('copy', (e) => {
    for (const room of rooms) {
      const text = room.copyFrom?.(e.target);
      if (text == null) continue;
      e.clipboardData.setData('text/plain', text);
      e.preventDefault();
      return;
    }
  });

  // Undo, redo and hint from the keyboard, anywhere but in a text field (which keeps its own undo).
  document.addEventListener('keydown', (e) => {
    if (e.defaultPrevented || e.altKey || e.target.closest?.('input, textarea, select, [contenteditable="true"]')) return;
    const key = e.key.toLowerCase();
    const mod = e.ctrlKey || e.metaKey;
    const action = mod && key === 'z' ? (e.shiftKey ? 'redo' : 'undo') : mod && key === 'y' && !e.shiftKey ? 'redo' : !mod && key === 'h' ? 'hint' : null;
    if (action && keys(action)) e.preventDefault();
  });
}
