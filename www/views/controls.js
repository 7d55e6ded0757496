// The transport: buttons with keyboard shortcuts, the speed, and a Stop for long jumps.
// The buttons live in index.html (`data-action`); this view binds them and the keys.

const KEYS = [
  // [action, keys shown, matcher]
  ['restart', 'R', (e) => e.key === 'r' || e.key === 'R' || e.key === 'Home'],
  ['prevChoice', 'Shift+←  {', (e) => (e.key === 'ArrowLeft' && e.shiftKey) || e.key === '{'],
  ['back', '←  [', (e) => (e.key === 'ArrowLeft' && !e.shiftKey) || e.key === '['],
  ['toggle', 'Space  P', (e) => e.key === ' ' || e.key === 'p' || e.key === 'P'],
  ['forward', '→  ]', (e) => (e.key === 'ArrowRight' && !e.shiftKey) || e.key === ']'],
  ['nextChoice', 'Shift+→  }', (e) => (e.key === 'ArrowRight' && e.shiftKey) || e.key === '}'],
  ['nextSolution', 'N', (e) => e.key === 'n' || e.key === 'N'],
  ['nextDeadEnd', 'D', (e) => e.key === 'd' || e.key === 'D'],
  ['slower', '−', (e) => e.key === '-' || e.key === '_'],
  ['faster', '+', (e) => e.key === '+' || e.key === '='],
  ['stop', 'Esc', (e) => e.key === 'Escape'],
];

/** Inputs that are controls, not text: the shortcut keys work on them. */
const CONTROL_INPUTS = new Set(['checkbox', 'radio', 'range', 'button']);
/** What Space presses when it has the focus. */
const CONTROLS = 'button, a, summary, [role="tab"], input';

const ARIA_KEYS = {
  restart: 'R Home', prevChoice: 'Shift+ArrowLeft {', back: 'ArrowLeft [', toggle: 'Space P',
  forward: 'ArrowRight ]', nextChoice: 'Shift+ArrowRight }', nextSolution: 'N', nextDeadEnd: 'D', stop: 'Escape',
};

export class ControlsView {
  /** `actions[name]()` for each button and key; `actions.setSpeed(index)`, `actions.setStopAtSolution(on)`. */
  constructor(root, actions, speeds) {
    this.root = root;
    this.actions = actions;
    this.speeds = speeds;
    this.buttons = {};
    for (const b of root.querySelectorAll('[data-action]')) {
      const name = b.dataset.action;
      this.buttons[name] = b;
      if (ARIA_KEYS[name]) b.setAttribute('aria-keyshortcuts', ARIA_KEYS[name]);
      const keys = KEYS.find(([a]) => a === name)?.[1];
      if (keys && !b.title) b.title = `${b.getAttribute('aria-label') || b.textContent.trim()} (${keys})`;
      b.addEventListener('click', () => actions[name]());
    }
    this.speed = root.querySelector('#speed');
    this.speed.max = String(speeds.length - 1);
    this.speedOut = root.querySelector('#speed-out');
    this.speed.addEventListener('input', () => actions.setSpeed(Number(this.speed.value)));
    this.stopAt = root.querySelector('#stop-at-solution');
    this.stopAt.addEventListener('change', () => actions.setStopAtSolution(this.stopAt.checked));
    this.busy = root.querySelector('#busy');
    this.note = root.querySelector('#stop-note');
    this.busyText = root.querySelector('#busy-text');
    document.addEventListener('keydown', (e) => this.key(e));
    /** The control last clicked (or touched): while it has the focus, Space is play/pause. */
    this.clicked = null;
    document.addEventListener('pointerdown', (e) => {
      this.clicked = e.target.closest?.(CONTROLS) ?? null;
    }, true);
    // A button fires its click when Space comes up: a Space taken for play/pause is not a press.
    document.addEventListener('keyup', (e) => {
      if (e.key === ' ' && this.spaceTaken) e.preventDefault();
      if (e.key === ' ') this.spaceTaken = false;
    });
  }

  key(e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    // Text fields and menus keep every key; the slider its arrows, Home and End. A checkbox
    // takes only Space: the shortcuts work on it (they did nothing while "candidates" had the focus).
    if (t.closest?.('textarea, select, [contenteditable="true"]') || (t.matches?.('input') && !CONTROL_INPUTS.has(t.type))) return;
    if (t.matches?.('input[type="range"]') && /^(Arrow|Home$|End$|Page)/.test(e.key)) return;
    // Space plays and pauses, as the keys say, except on a control reached with the keyboard
    // (Tab), which Space presses: a button clicked with the mouse keeps the focus, and Space
    // pressed it again (Next solution ran on to the next one). (:focus-visible cannot tell:
    // a key pressed on a clicked button makes it match.)
    if (e.key === ' ' && t.closest?.(CONTROLS) && t !== this.clicked) return;
    if (t.closest?.('.board') && /^[0-9.]$|^Backspace$|^Delete$/.test(e.key)) return;
    const hit = KEYS.find(([, , m]) => m(e));
    if (!hit || !this.enabled) return;
    if (hit[0] === 'stop' && !this.isBusy) return;
    e.preventDefault();
    if (e.key === ' ') this.spaceTaken = true;
    this.actions[hit[0]]();
  }

  /**
   * A button pressed from the keyboard that its press disabled (Restart at the start, Next
   * solution at the end) would drop the focus to the page's top: it goes to the nearest
   * button of the toolbar that still works, the next one first.
   */
  keepFocus(button) {
    const all = [...button.closest('.transport').querySelectorAll('button')];
    const k = all.indexOf(button);
    const next = [...all.slice(k + 1), ...all.slice(0, k).reverse()].find((x) => !x.disabled);
    next?.focus();
  }

  /** `status`: {playing, task, atStart, done}; `enabled`: a search to control exists. */
  render(status, speedIndex, enabled, stopAtSolution) {
    this.enabled = enabled;
    this.isBusy = !!status.task;
    const b = this.buttons;
    const focused = document.activeElement;
    const set = (name, disabled) => {
      if (b[name] && b[name].disabled !== disabled) b[name].disabled = disabled;
    };
    set('restart', !enabled || (status.atStart && !status.task));
    set('prevChoice', !enabled || status.atStart);
    set('back', !enabled || status.atStart);
    set('toggle', !enabled || (status.done && !status.playing));
    set('forward', !enabled || status.done);
    set('nextChoice', !enabled || status.done);
    set('nextSolution', !enabled || status.done);
    set('nextDeadEnd', !enabled || status.done);
    if (focused?.disabled && focused.closest('.transport')) this.keepFocus(focused);
    const playLabel = status.playing ? 'Pause' : 'Play';
    if (b.toggle.dataset.state !== playLabel) {
      b.toggle.dataset.state = playLabel;
      b.toggle.setAttribute('aria-label', playLabel);
      b.toggle.querySelector('.label').textContent = playLabel;
      b.toggle.setAttribute('aria-pressed', String(status.playing));
    }
    if (this.speed.value !== String(speedIndex)) this.speed.value = String(speedIndex);
    const label = this.speeds[speedIndex].label;
    if (this.speedOut.textContent !== label) {
      this.speedOut.textContent = label;
      this.speed.setAttribute('aria-valuetext', label);
    }
    if (this.stopAt.checked !== stopAtSolution) this.stopAt.checked = stopAtSolution;
    // Next dead end stopped at a solution, or found none: why, where the button is.
    const note = status.task ? ''
      : status.stoppedAt === 'solution' ? 'Stopped at a solution: no dead end came before it, and "stop at each solution" is ticked.'
      : status.stoppedAt === 'end' ? 'No dead end found: the search ran on to its end.'
      : '';
    if (this.note.textContent !== note) this.note.textContent = note;
    // Written only when they change: a write of the same value still makes the browser
    // re-match styles (bench/frame-trace.mjs --why showed these three in every frame).
    if (this.note.hidden !== !note) this.note.hidden = !note;
    if (this.busy.hidden !== !status.task) this.busy.hidden = !status.task;
    const busyWords = status.task ? `Going ${status.task}…` : null;
    if (busyWords && this.busyText.textContent !== busyWords) this.busyText.textContent = busyWords;
  }
}
