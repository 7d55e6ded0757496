// The welcome of a first visit (issue 49): a small box under the header that offers the page's
// three uses, the guided lesson first (the primary choice for a newcomer), then playing a
// Sudoku and exploring exact cover, and can be closed. It shows only on a first visit with no
// link: a link shows what it links to, with no welcome over it, and a returning visitor (any
// earlier visit, linked or not) comes back where they were (shell.js `returnTo`) with none.
// It is in the page's flow, above the board: once chosen or closed it is gone, and the board
// and pad are where they are without it (on a 375×812 phone, on the first screen).

import { readPref, writePref } from './prefs.js';

/**
 * `box`: #welcome (hidden); `linked`: the page was opened with a link (a hash); `ways`:
 * `{lesson, play, explore}`, what each choice does. `others`: the elements (the tabs, the
 * Lesson button) whose use is a choice made too: they close it. `lessonButton`: where the
 * focus goes when it is closed with its × (where the lesson still is). Returns whether it shows.
 */
export function setUpWelcome(box, { linked, ways, others = [], lessonButton }) {
  const first = !linked && readPref('welcomed', '') !== 'yes';
  writePref('welcomed', 'yes'); // seen once (or the page was reached by a link): never again
  if (!first) return false;
  const close = () => {
    box.hidden = true;
  };
  for (const [name, act] of Object.entries(ways)) {
    box.querySelector(`[data-way="${name}"]`).addEventListener('click', () => {
      close();
      act();
    });
  }
  box.querySelector('.welcome-close').addEventListener('click', () => {
    close();
    lessonButton?.focus({ preventScroll: true });
  });
  for (const el of others) el.addEventListener('click', close);
  box.hidden = false;
  return true;
}
