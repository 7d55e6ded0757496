// The page's stored preferences, the only module that touches localStorage: large type (for a
// projector), the theme, whether the page was visited before and where the visitor was (the
// view, the lesson's step), which panels are open (the pseudocode, the search tree and its folding,
// plain backtracking), the Sudoku board played or watched, what a selected cell of the board
// lights up, the game's options and the games in progress. A private window that refuses storage
// still gets them, for the visit. index.html has one early script of its own that reads large
// type and the theme before the first layout (applied later, the page first showed in the wrong
// size and colours); it must run before any module, so it cannot import KEYS:
// www/test/prefs.test.js runs it against what this module writes.

/** Every key the page stores, named once. */
export const KEYS = Object.freeze({
  large: 'dlx-large',
  theme: 'dlx-theme',
  algorithm: 'dlx-algorithm',
  tree: 'dlx-tree',
  treeFold: 'dlx-tree-fold',
  plain: 'dlx-plain',
  /** 'on' or 'off': the selected cell's row, column and box lit; the cells of its digit lit. */
  lightPeers: 'dlx-light-peers',
  lightSame: 'dlx-light-same',
  /** 'on' or 'off': the game's clock shown; wrong entries marked as they are made; the pencil
   *  marks a placed digit rules out removed. */
  timer: 'dlx-timer',
  liveMistakes: 'dlx-live-mistakes',
  autoNotes: 'dlx-auto-notes',
  /** 'play' or 'watch': the Sudoku board shows the player's notes or the search's candidates. */
  boardMode: 'dlx-board-mode',
  /** The Sudoku games in progress, one a puzzle, the one played last first (at most
   *  game.js's GAMES_KEPT; www/rooms/sudoku/game.js writes and reads their text). */
  games: 'dlx-games',
  /** The one game an older page kept: read once into `games`, then removed. */
  game: 'dlx-game',
  /** 'yes' once the page was visited: the first visit's welcome (www/core/welcome.js) is shown no more. */
  welcomed: 'dlx-welcomed',
  /** Where the visitor was: a view ('sudoku', 'knuth' or 'cover') or a lesson step ('lesson=3'),
   *  where a visit without a link comes back to (www/core/shell.js `returnTo`). */
  place: 'dlx-place',
});

const THEMES = ['auto', 'light', 'dark'];

/**
 * The theme after `theme` when the Theme button is pressed, the system being dark
 * (`systemDark`) or light: auto, then the opposite of what auto shows (the first press always
 * changes the look: auto → light on a light system changed nothing), then the system's own
 * colours kept, then auto again.
 */
export function nextTheme(theme, systemDark) {
  const opposite = systemDark ? 'light' : 'dark', same = systemDark ? 'dark' : 'light';
  return theme === 'auto' ? opposite : theme === opposite ? same : 'auto';
}

/**
 * What the Theme button says: the theme chosen, and for auto the one it shows now ("Auto:
 * light", no wider than "Theme: auto" was: a phone's header kept its rows), and its name for
 * a screen reader.
 */
export const themeWords = (theme, systemDark) => (theme === 'auto' ? `Auto: ${systemDark ? 'dark' : 'light'}` : `Theme: ${theme}`);
export const themeLabel = (theme, systemDark) => `Theme: ${theme === 'auto' ? `auto (${systemDark ? 'dark' : 'light'})` : theme}`;

const key = (name) => {
  if (!Object.hasOwn(KEYS, name)) throw new Error(`no preference named ${name}`);
  return KEYS[name];
};

/** The stored value of preference `name` (a key of KEYS), or `fallback`. */
export function readPref(name, fallback) {
  const k = key(name);
  try {
    return localStorage.getItem(k) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Stores `value` for preference `name`; in a private window, for nobody. */
export function writePref(name, value) {
  const k = key(name);
  try {
    localStorage.setItem(k, value);
  } catch { /* private mode: not remembered */ }
}

/** Forgets preference `name`. */
export function removePref(name) {
  const k = key(name);
  try {
    localStorage.removeItem(k);
  } catch { /* private mode: nothing kept */ }
}

/** The page's look as a link carries it (router.js `&look=`): `{large, theme}`. */
export const currentLook = () => ({ large: readPref('large', 'off') === 'on', theme: readPref('theme', 'auto') });

/**
 * Wires the two buttons and puts the chosen look on the page; `onChange()` after any later
 * change of look (views re-read colours). The first look is put on without it: the page calls
 * its views' restyle once its first puzzle is in place (www/main.js), since reading colours
 * lays the page out, and each layout before the first costs a phone a quarter of a second.
 * Returns `setLook({large, theme}, changed)`: a link's look, kept as if its buttons were pressed.
 */
export function setUpPrefs({ largeButton, themeButton, onChange }) {
  const system = matchMedia('(prefers-color-scheme: dark)');
  const apply = (changed = true) => {
    const large = readPref('large', 'off') === 'on';
    document.documentElement.classList.toggle('large', large);
    largeButton.setAttribute('aria-pressed', String(large));
    const theme = readPref('theme', 'auto');
    if (theme === 'auto') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    themeButton.textContent = themeWords(theme, system.matches);
    themeButton.setAttribute('aria-label', themeLabel(theme, system.matches));
    if (changed) onChange();
  };
  largeButton.addEventListener('click', () => {
    writePref('large', readPref('large', 'off') === 'on' ? 'off' : 'on');
    apply();
  });
  themeButton.addEventListener('click', () => {
    writePref('theme', nextTheme(readPref('theme', 'auto'), system.matches));
    apply();
  });
  system.addEventListener('change', () => apply());
  // A change made in another tab of the page (the event reaches the other tabs only): the
  // same look here at once, not at the next reload. (key null: storage cleared.)
  addEventListener('storage', (e) => {
    if (e.key === null || e.key === KEYS.large || e.key === KEYS.theme) apply();
  });
  apply(false);
  // `changed` false: the page has not started, and restyles once it has.
  return (look, changed = true) => {
    const now = currentLook();
    if (now.large === look.large && now.theme === look.theme) return;
    writePref('large', look.large ? 'on' : 'off');
    writePref('theme', THEMES.includes(look.theme) ? look.theme : 'auto');
    apply(changed);
  };
}

/**
 * The presenter layout: large type on a screen at least 981 px wide and at most 900 px tall
 * (a 1024×768 or 1280×800 projector). The same media query is in www/style.css; there the
 * thing explained, the marked line of Algorithm X and the narration share one screen with
 * 24 px letters, and Knuth's diagram (views/dance.js) is drawn for them.
 */
export const PRESENTER_QUERY = '(min-width: 981px) and (max-height: 900px)';
export const presenting = () => document.documentElement.classList.contains('large') && matchMedia(PRESENTER_QUERY).matches;
