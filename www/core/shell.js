// The shell: which view is shown, and the one loop that draws it. Each view's own logic is a
// room (www/rooms/: the Sudoku, Knuth's 7-item example, the exact-cover workbench, and the
// guided lesson over them). The shell switches the tabs, points the player at the shown
// view's search, draws what every view shares (counters, narration, stack, depth plot,
// transport: www/core/watch.js) once per movement, and routes links: the address bar says
// what the shown view (or the lesson) says, and a link opened goes to the room it names.
// It never names a room: it calls the hooks every room has, and those a room may have.
//
// Every room has `trace` and `picture` (its search, or null), `numbering` (names for the
// narration, or null), `searchable`, `noSearchText`, and: `show(on)` (its parts of the page
// around the tabs), `enter({fill})` (it becomes the shown view), `restart()`,
// `render(pic, paused, words)` (its own views), `link(step)`, `open(h, warnings, changed)`,
// `watchWords()` ("Watch the search"'s sub-heading), `taglineWords()`, `maxDepth()`, `views`
// (its own views, read by tests). A room may have: `start()` (once, when the page starts),
// `pausedText(pic)` and `paused(pic)` (drawn while paused), `onLeave()` (another view is
// shown), `onMove()` (a search was moved by hand: any answer on show goes), `onRestyle()`
// (the theme or the type size changed), `linkWords()` and `linkNotice` (what Copy link says,
// and where), `copyLink(copied)` (a Copy link of its own; `copied(text)` says "Link copied" by the page's button), `lessonLink(link)` (completes its link
// for a moment of a teacher's own lesson), `reveal()` (its figure scrolled into view) and
// `fieldTakes(field, text, start, end, verb)` (www/core/input.js).

import { narrate, wordsFor } from './narration.js';
import { SPEEDS } from './player.js';
import { grouped } from './format.js';
import { Router } from './router.js';
import { watchViews } from './watch.js';
import { currentLook, readPref, writePref } from './prefs.js';

/** At top speeds (300 events a frame and more) the pseudocode's marked line and the
 *  workbench's picture, which would change in every frame, are written at most once in this
 *  many ms: nobody reads them at 60 a second, and each write costs the browser style, layout
 *  and paint (bench/frame-trace.mjs; docs/benchmarks.md). Paused, they are written at once. */
export const WORDS_MS = 100;

/** How long "Link copied" floats by Copy link. */
export const COPIED_MS = 4000;

/** The views, in the order of their tabs (each has `tab-MODE` and `MODE-pane`). */
export const MODES = ['sudoku', 'knuth', 'cover'];

export class Shell {
  /**
   * `rooms(shell)`: makes the rooms, `{sudoku, knuth, cover}` (one per mode); `lesson(shell)`:
   * makes the lesson; both are given this shell. `cellName(cell, side)`: a cell's name, for
   * the router's messages.
   */
  constructor({ dlx, player, $, rooms, lesson, cellName }) {
    Object.assign(this, { dlx, player, $ });
    this.mode = 'sudoku';
    /** Until `started()`: renders are put off. */
    this.starting = true;
    this.lastNarration = '';
    /** When the words were last written at top speed (see WORDS_MS). */
    this.wordsAt = -Infinity;
    /** Counts the links opened: a workbench link still unpacking when another comes is dropped. */
    this.links = 0;
    /** The views every room shares (www/core/watch.js). */
    this.shared = watchViews({ $, player, shell: this });
    this.narrationText = this.shared.narration.appendChild(document.createTextNode(''));
    /** `{sudoku, knuth, cover}`: the rooms (www/rooms/). */
    this.rooms = rooms(this);
    /** Each view's own speed (an index into SPEEDS), kept while another is shown: at first
     *  the player's, one default for every view (the workbench started at 4 steps a second,
     *  the others at 2: issue 49). */
    this.speeds = Object.fromEntries(MODES.map((m) => [m, player.speed]));
    /** The shared views and every room's own, by name (for tests and the curious). */
    this.views = Object.assign({}, this.shared, ...MODES.map((m) => this.rooms[m].views));
    /** The lesson (www/rooms/lesson/lesson-room.js), over the views. */
    this.lesson = lesson(this);
    this.router = new Router({
      current: () => this.current(),
      busy: () => player.playing || player.busy,
      open: (h, how) => this.route(h, how),
      cellName,
    });
    /** Gives the page a link's look (`{large, theme}`); main.js sets it to the preferences'. */
    this.setLook = () => {};
    this.wireTabs();
    $('copy-link').addEventListener('click', () => this.copyLink());
  }

  /** Once, when the page starts: each room's own start (then the page reads its link). */
  start() {
    for (const m of MODES) this.rooms[m].start?.();
  }

  /**
   * The tabs: a click (or Enter, or Space reached with Tab) shows its view (the lesson, made
   * first, closes). They take no arrow keys: every view has a search, and ← → step it from
   * wherever a click left the focus, a tab too (they switched tabs, and the moment was lost).
   * So each tab is a stop of its own for Tab, as buttons are (issue 49).
   */
  wireTabs() {
    for (const mode of MODES) this.$(`tab-${mode}`).addEventListener('click', () => this.setMode(mode));
  }

  /** The room of the view shown. */
  get room() {
    return this.rooms[this.mode];
  }

  get trace() {
    return this.room.trace;
  }

  /** Each view's search (null when it has none): `{sudoku, knuth, cover}`. */
  get traces() {
    return Object.fromEntries(MODES.map((m) => [m, this.rooms[m].trace]));
  }

  /** Each view's picture of its search: `{sudoku, knuth, cover}`. */
  get pictures() {
    return Object.fromEntries(MODES.map((m) => [m, this.rooms[m].picture]));
  }

  /** Points the player at the shown view's search. */
  attach() {
    this.player.load(this.trace);
  }

  /** The shown view's search, fresh at its start. */
  restart() {
    this.room.restart();
    this.render();
    this.router.write(true);
  }

  /** A search was moved by hand: every room hears it (the Sudoku's answer on the board goes). */
  moved() {
    for (const m of MODES) this.rooms[m].onMove?.();
  }

  /** The theme or the type size changed: the views that paint read their colours again. */
  restyle() {
    this.shared.plot.restyle();
    this.shared.tree.restyle();
    for (const m of MODES) this.rooms[m].onRestyle?.();
    this.lesson.onRestyle();
    this.render();
  }

  // --- Copy link ------------------------------------------------------------------------------
  /** The link of what is shown, in the address bar and on the clipboard, said where it is seen. */
  async copyLink() {
    const { room, lesson } = this;
    const { watchNotice } = this.shared;
    // "Link copied" floats just above the button for a few seconds, moving nothing (in the
    // flow it pushed the controls 95 px down, under the presenter's mouse), and lets clicks through.
    const copied = (text) => watchNotice.float('ok', COPIED_MS, [text], this.$('copy-link'));
    if (room.copyLink) {
      await room.copyLink(copied); // the workbench's: its problem's link, with its own checks
      return;
    }
    const opens = lesson.active ? lesson.linkWords() : room.linkWords();
    await this.copyHref(opens, (kind, text) => {
      if (kind === 'ok') {
        copied(text);
        return;
      }
      // The link to select by hand stays until it is done with: in the room's notice (the
      // board's, in the Sudoku's pane, hidden under the lesson), brought into view.
      const notice = (!lesson.active && room.linkNotice) || watchNotice;
      notice.show(kind, text);
      if (notice !== watchNotice) notice.reveal(); // under the board: below the fold at 1280×800
    });
  }

  /** Puts the page's link in the address bar and on the clipboard; `say(kind, text)` tells how
   *  it went, and what the link `opens`. */
  async copyHref(opens, say) {
    this.router.write(true);
    try {
      await navigator.clipboard.writeText(location.href);
      say('ok', `Link copied: it opens ${opens}.`);
    } catch {
      say('info', `Copy this link: ${location.href}`);
    }
  }

  /** The words under "Watch the search": what the search of this view runs on. */
  watchSub() {
    this.$('watch-sub').textContent = this.room.watchWords();
  }

  /** The page has started (www/main.js, once the first puzzle or link is read): the views read
   *  their colours and draw, once. Until then every render is put off: each render reads the
   *  layout (the stack's width, the canvases' sizes), and each layout before the first frame
   *  costs a phone at 4× slowdown about a quarter of a second (bench/ready.mjs). */
  started() {
    this.starting = false;
    this.restyle();
  }

  // --- rendering: once per movement, at most once per frame while playing ----------------------
  render() {
    if (this.starting) return; // drawn by started()
    const { shared: views, player, room } = this;
    const { counters, plot, narration, controls } = views;
    const status = player.status;
    const paused = !status.playing && !status.task;
    const pic = room.picture?.read() ?? null;
    const speed = SPEEDS[player.speed];
    const fast = status.playing && speed.perFrame >= 300;
    // `words`: this frame writes the words (always, but at top speed only every WORDS_MS).
    const now = performance.now();
    const words = !fast || !(now - this.wordsAt < WORDS_MS);
    if (words) this.wordsAt = fast ? now : -Infinity;
    room.render(pic, paused, words);
    if (pic) counters.render(pic);
    const live = (status.playing && !(speed.perSecond <= 2)) || status.task ? 'off' : 'polite';
    if (narration.getAttribute('aria-live') !== live) narration.setAttribute('aria-live', live);
    let text;
    if (!pic) text = room.noSearchText;
    else if (paused && room.pausedText?.(pic)) text = room.pausedText(pic);
    else if (fast) {
      text = `Searching at ${speed.label.replace(' / ', ' per ')}: depth ${pic.depth}, ${grouped(pic.solutions)} solution${pic.solutions === 1 ? '' : 's'} so far. Pause to read each step.`;
    } else text = narrate(pic, room.trace, room.numbering, room.entryCount?.() ?? 0);
    if (words) views.pseudocode.render(pic); // the line of Algorithm X the search is at (or undid last)
    views.tree.render(pic, room.trace, pic ? wordsFor(room.trace, room.numbering) : null, room.optionLabel);
    views.predict.render(player.gate, pic ? room.trace : null, pic, pic ? wordsFor(room.trace, room.numbering) : null); // predict mode's question
    if (!fast) views.stack.render(pic, room.trace, pic ? wordsFor(room.trace, room.numbering) : null);
    else views.stack.depth(pic.depth); // in every frame (its words in place): it says the depth the counters say
    // In every frame (its box is `contain: strict`): it says the depth the counters and the stack say.
    if (text !== this.lastNarration) {
      this.lastNarration = text;
      this.narrationText.nodeValue = text;
      const kind = pic?.last && !fast ? this.dlx.EventKind[pic.last.kind].toLowerCase() : '';
      if (narration.dataset.kind !== kind) narration.dataset.kind = kind;
    }
    plot.render(player.depthLog, room.maxDepth(), !!pic?.done);
    controls.render(status, player.speed, room.searchable, player.stopAtSolution);
    const { lesson } = this;
    views.keys.render({ what: this.mode === 'sudoku' ? 'digit' : 'option', board: this.mode === 'sudoku', lesson: lesson.active ? (lesson.figure ? 'figure' : 'search') : null });
    if (paused) room.paused?.(pic);
    this.writeTagline();
    this.lesson.follow(pic); // its words say whether they still describe what is drawn
    this.router.write(false);
    this.remember();
  }

  // --- where the visitor was ------------------------------------------------------------------
  /** Where the visitor is: the lesson's step ('lesson=3'; a teacher's own lesson is its view's),
   *  or the view shown. */
  place() {
    return this.lesson.active && !this.lesson.own ? `lesson=${this.lesson.step}` : this.mode;
  }

  /** Stores where the visitor is, when it changed (a visit without a link comes back there). */
  remember() {
    const place = this.place();
    if (place === this.placeKept) return;
    this.placeKept = place;
    writePref('place', place);
  }

  /** A visit without a link (www/main.js, on load): back where the visitor was, the view or the
   *  lesson's step (the Sudoku's game comes back on its own: game.js). */
  returnTo() {
    const place = readPref('place', '');
    const step = /^lesson=(\d{1,2})$/.exec(place);
    if (step && Number(step[1]) >= 1 && Number(step[1]) <= this.lesson.count) this.lesson.open(Number(step[1]));
    else if (MODES.includes(place) && place !== this.mode) this.setMode(place);
    this.remember();
  }

  /** The header names the exact cover shown: the lesson's figure's, or the view's (Knuth's
   *  view named the Sudoku's 729 × 324). */
  writeTagline() {
    const words = (this.lesson.active && this.lesson.taglineWords()) || this.room.taglineWords();
    if (words !== this.tagline) this.$('tagline-matrix').textContent = this.tagline = words;
  }

  // --- links --------------------------------------------------------------------------------------
  /** What the address bar should say now: the lesson's step, or the shown view at its step. */
  current() {
    return { ...(this.lesson.active ? this.lesson.link() : this.link()), look: currentLook() };
  }

  /** The shown view's link (see router.js). */
  link() {
    return this.room.link(this.trace?.events ?? 0);
  }

  /**
   * Shows what a link asks for (see `router.js`, whose `open` this is): a lesson step, or a
   * view. On load `changed` is false; true when the hash changes under the page (typed in
   * the address bar, Back, a link).
   */
  route(h, how) {
    if (h.look) this.setLook(h.look, !this.starting); // the sender's large type and theme (restyled once started)
    if (h.own !== undefined) { // a teacher's own lesson (www/rooms/lesson/own-lesson.js): its moments open the views
      this.lesson.openOwnLink(h.own, h.errors.map(sentence));
      return;
    }
    if (h.lesson === undefined) {
      this.lesson.close(false);
      this.open(h, how);
      return;
    }
    this.open({ ...h, mode: 'sudoku', step: 0, errors: [] }, how); // the board as usual, behind the lesson
    this.lesson.openFromLink(h.lesson, h.errors.map(sentence), h.step);
  }

  /** Opens a view's link: the room it names shows it. A change never loses the puzzle on the
   *  board or the problem in the editor (see each room's `open`). */
  open(h, { changed = false } = {}) {
    this.links++;
    this.rooms[h.mode].open(h, h.errors.map(sentence), changed);
  }

  /**
   * Goes to a link's step. The views mark what "the last step" changed against the step
   * drawn before: the one before this step is drawn first, so that they mark what its own
   * event changed, as its sender saw it, not everything since the start. (Moved on the
   * trace itself: the depth plot keeps the way there.)
   */
  seekLink(step) {
    this.player.seek(step, () => {
      const t = this.trace;
      if (!t.events) return;
      t.runBack(1, 0);
      // The step before, drawn so that the link's step shows what it changed; while the page
      // starts (renders put off), the room's own views alone (Knuth's diagram keeps it).
      if (this.starting) this.room.render(this.room.picture.read(), true, true);
      else this.render();
      t.run(1, 0);
    });
  }

  // --- mode tabs -------------------------------------------------------------------------------
  /** Marks the tab of view `selected` as selected (the lesson's figure, a Sudoku of its own,
   *  marks the Sudoku's). */
  markTabs(selected = this.mode) {
    for (const m of MODES) this.$(`tab-${m}`).setAttribute('aria-selected', String(m === selected));
  }

  /** Shows the view `mode`; `fill`: the workbench opens its default problem if it has none. */
  setMode(mode, write = true, fill = true) {
    const to = this.rooms[mode];
    if (mode === this.mode && to.trace && this.player.trace === to.trace) return;
    const $ = this.$;
    this.player.stop();
    this.shared.watchNotice.clear(); // what it said of a link was said of another view's
    this.speeds[this.mode] = this.player.speed;
    this.player.speed = this.speeds[mode];
    const from = this.rooms[this.mode];
    this.mode = mode;
    if (from !== to) from.onLeave?.();
    this.markTabs();
    for (const m of MODES) {
      $(`${m}-pane`).hidden = m !== mode;
      this.rooms[m].show(m === mode);
    }
    document.body.dataset.mode = mode;
    this.watchSub();
    to.enter({ fill });
    this.attach();
    to.picture?.forget();
    this.render();
    if (write) this.router.write(true);
  }
}

/** A link's fault as a sentence. */
const sentence = (e) => `${e[0].toUpperCase()}${e.slice(1)}.`;
