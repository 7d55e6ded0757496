// Preferences kept in localStorage: large type (for a projector) and the theme. A
// private window that refuses storage still gets them, for the visit.

const ORDER = ['auto', 'light', 'dark'];

function get(key, fallback) {
  try {
    return localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
}

function set(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch { /* private mode: not remembered */ }
}

/** Wires the two buttons; `onChange()` after any change of look (views re-read colours). */
export function setUpPrefs({ largeButton, themeButton, onChange }) {
  const apply = () => {
    const large = get('dlx-large', 'off') === 'on';
    document.documentElement.classList.toggle('large', large);
    largeButton.setAttribute('aria-pressed', String(large));
    const theme = get('dlx-theme', 'auto');
    if (theme === 'auto') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
    themeButton.textContent = `Theme: ${theme}`;
    onChange();
  };
  largeButton.addEventListener('click', () => {
    set('dlx-large', get('dlx-large', 'off') === 'on' ? 'off' : 'on');
    apply();
  });
  themeButton.addEventListener('click', () => {
    set('dlx-theme', ORDER[(ORDER.indexOf(get('dlx-theme', 'auto')) + 1) % ORDER.length]);
    apply();
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', onChange);
  // A change made in another tab of the page (the event reaches the other tabs only): the
  // same look here at once, not at the next reload. (key null: storage cleared.)
  addEventListener('storage', (e) => {
    if (e.key === null || e.key === 'dlx-large' || e.key === 'dlx-theme') apply();
  });
  apply();
}
