// The guided lesson: a teacher moves through the steps of www/rooms/lesson/lesson-steps.js with the arrow keys
// (or Page Up / Page Down, as a presenter's clicker sends, or the panel's buttons). Each step
// puts a view's own search at the moment it explains, through the shell and the player (or,
// for a step with a figure, a trace of its own, drawn whole), and its words go into the
// panel (rooms/lesson/lesson-panel.js). While the lesson is open, plain ← → belong to it
// (rooms/lesson/lesson-keys.js; Esc never closes it); [ ] and Shift+← → still step the search, and the panel then says plainly that its words describe
// another moment (the narration follows each step), with a button back to it. A link to a
// step carries the search's step too once it was moved on from the step's moment.
// A step with a figure of its own (step 2) shows no view's search: its Sudoku's tab is marked
// (the figure is a 4×4 Sudoku), and the keys that would move the hidden search do nothing.

import { STEPS, reach, parseStep } from './lesson-steps.js';
import { Picture } from '../../wasm/picture.js';
import { counted, grouped } from '../../core/format.js';
import { LessonPanel } from './lesson-panel.js';
import { OwnLessonView } from './own-lesson-view.js';
import { unpackLesson, packLesson, titleOf } from './own-lesson.js';
import { parseHash, formatHash, quote } from '../../core/router.js';
import { lessonKey } from './lesson-keys.js';
import { currentLook } from '../../core/prefs.js';

export class LessonRoom {
  /** `shell`: www/core/shell.js; `numberingFor(side)`: a size's numbering (the figure's board).
   *  The panel is #lesson (empty, hidden), opened by #lesson-open. */
  constructor({ shell, player, dlx, numberingFor, $ }) {
    const opener = $('lesson-open');
    Object.assign(this, { opener, shell, player, dlx });
    this.panel = new LessonPanel($('lesson'), $('knuth-pane'), {
      go: (n) => this.go(n),
      move: (delta) => this.go(this.step + delta),
      close: () => this.close(),
      back: () => this.backToMoment(),
    }, numberingFor);
    this.figureTrace = null;
    this.figure = false; // the step shown draws a figure of its own
    /** The search's events at the moment the step's words describe (-1 while going there). */
    this.at = -1;
    this.step = 0; // 0: closed
    /** A teacher's own lesson (www/rooms/lesson/own-lesson.js) shown in place of the built-in one:
     *  `{moments: [{hash, text, title}], packed}`, or null. */
    this.own = null;
    /** Counts the own lessons' links opened: one still unpacking when another comes is dropped. */
    this.ownLinks = 0;
    this.before = 'sudoku';
    this.last = 1; // the step shown when the lesson was closed: the button opens it again there
    opener.addEventListener('click', () => (this.step ? this.close() : this.open(this.last)));
    // A tab chosen by hand leaves the lesson (whose words would speak of another view).
    for (const tab of document.querySelectorAll('.modes [role="tab"]')) tab.addEventListener('click', () => this.close(false));
    // Capture: before the transport's own keys, which give way to a handled event.
    document.addEventListener('keydown', (e) => lessonKey(this, e), true);
    // A teacher's own lesson, made of moments of any view: the shown view's link at its step,
    // with a sentence.
    this.maker = new OwnLessonView($('own-lesson'), {
      moment: async () => {
        const l = shell.link(); // the step now, before any wait
        if (!shell.trace) throw new Error('This view has no search to take a moment of.');
        await shell.room.lessonLink?.(l); // the workbench's problem, packed into its link
        return formatHash(l).slice(1);
      },
      pack: async (moments) => `${location.origin}${location.pathname}${formatHash({ own: await packLesson(moments), look: currentLook() })}`,
    });
  }

  /** The address bar follows the lesson. */
  onChange() {
    this.shell.router.write(true);
  }

  /** The theme or the type size changed: the figure's labels too (it kept them until the step was drawn again). */
  onRestyle() {
    this.panel.matrix?.measure();
  }

  get active() {
    return this.step > 0;
  }

  /** The id of the step shown ('' when closed). */
  get id() {
    if (this.own && this.active) return `own-${this.step}`;
    return this.active ? STEPS[this.step - 1].id : '';
  }

  /** How many steps the lesson shown has. */
  get count() {
    return this.own ? this.own.moments.length : STEPS.length;
  }

  /**
   * Opens a teacher's own lesson from its link (`packed`: the text after `own=`): its first
   * moment, in the lesson's panel. A link that is refused leaves the page as it is and says
   * why (in the notice over the search).
   */
  async openOwnLink(packed, errors = []) {
    const n = ++this.ownLinks;
    let moments;
    try {
      moments = await unpackLesson(packed);
    } catch (e) {
      if (n !== this.ownLinks) return;
      this.shell.shared.watchNotice.show('error', `This link's own lesson could not be opened: ${e.message}.`, ...errors);
      return;
    }
    if (n !== this.ownLinks) return;
    this.openOwn(moments, packed, errors);
  }

  /** Shows `moments` (`[{hash, text, title}]`) as a lesson, from the first. */
  openOwn(moments, packed, errors = []) {
    if (!this.active) this.before = this.shell.mode;
    this.own = { moments, packed };
    this.panel.setSteps(moments.map((m, k) => `Moment ${k + 1}: ${titleOf(m)}`));
    this.panel.setOpen(true);
    this.opener.setAttribute('aria-expanded', 'true');
    this.go(1);
    this.panel.setError(errors.join(' '));
    this.panel.focus();
  }

  /** Back to the built-in lesson's steps (the own lesson closed). */
  leaveOwn() {
    if (!this.own) return;
    this.own = null;
    this.panel.setSteps(null);
  }

  /** Moment `n` of a teacher's own lesson: its view at its step, and the teacher's sentence. */
  goOwn(n) {
    const m = this.own.moments[n - 1];
    this.step = n;
    this.at = -1; // the moment's words follow no event count of ours: no "moved on" note
    this.figure = false;
    this.panel.setError();
    this.panel.setMoved(0);
    this.panel.setFigure(false);
    this.shell.shared.watchNotice.clear();
    this.shell.open(parseHash(m.hash), { changed: true });
    this.shell.markTabs();
    this.panel.show(n, { title: titleOf(m) }, [m.text]);
    this.shell.writeTagline();
    this.onChange();
  }

  /** Opens the lesson at step `n` (1 if left out), with `error` (a link's) shown above it. */
  open(n = 1, error = '') {
    if (!this.active) this.before = this.shell.mode;
    this.leaveOwn(); // the button opens the built-in lesson
    this.panel.setOpen(true);
    this.opener.setAttribute('aria-expanded', 'true');
    this.go(n);
    this.panel.setError(error);
    this.panel.focus();
  }

  /** What a link asked for (`raw`: the text after `lesson=`; `errors`: the link's other
   *  faults; `events`: the search's step it was moved on to, 0 for the step's own moment). */
  openFromLink(raw, errors = [], events = 0) {
    const { step, error } = parseStep(raw, quote);
    const faults = [error, ...errors];
    this.open(step);
    if (events > 0 && !error) faults.push(this.seek(events));
    this.panel.setError(faults.filter(Boolean).join(' '));
  }

  /** Moves the step's search to `events` (a link's); returns what went wrong, or ''. */
  seek(events) {
    const t = this.shell.trace;
    if (this.figure || !t) return `The link's search step ${events} belongs to no search in this step; showing its moment.`;
    if (events < t.events) this.player.runBack(t.events - events, 0);
    else if (events > t.events) this.player.run(Math.min(events - t.events, 1e6), 0, false);
    this.shell.render();
    if (t.events === events) return '';
    const end = t.events; // run stops where the search ends
    this.backToMoment();
    return `The link's search step ${events} is past the end of this step's search (${counted(end, 'step')}); showing the step at its moment.`;
  }

  /** How far the search is from the moment the words describe (in events; 0: at it). */
  get moved() {
    if (!this.active || this.figure || this.at < 0) return 0;
    return (this.shell.trace?.events ?? this.at) - this.at;
  }

  /** The search back at the step's moment, reached as its words describe it: by a step
   *  forward (the pseudocode marks the moment's line, not a line undone on the way back). */
  backToMoment() {
    const d = this.moved;
    const last = this.at > 0 ? 1 : 0;
    if (d > 0) {
      this.player.runBack(d + last, 0);
      this.player.run(last, 0, false);
    } else if (d < 0) this.player.run(-d, 0, false);
    this.shell.render();
  }

  /** After each drawing of the search (`pic`, its picture): the words say whether they still describe it. */
  follow(pic = null) {
    this.pic = pic;
    if (!this.active || this.at < 0) return;
    this.panel.setMoved(this.moved);
    if (!this.figure) this.panel.setCounter(pic); // the counter its words name, as the counters say it
  }

  /** What the link to this moment opens, in words (Copy link says it). */
  linkWords() {
    if (this.own) return 'this lesson, from its first moment';
    const d = this.moved;
    return `the lesson at step ${this.step}${d ? `, ${counted(Math.abs(d), 'step')} ${d > 0 ? 'past' : 'before'} its moment` : ''}`;
  }

  /** What the address bar says: the step, and the search's step once moved on from its moment. */
  link() {
    if (this.own) return { own: this.own.packed };
    return { lesson: this.step, step: this.moved ? this.shell.trace.events : 0 };
  }

  close(restore = true) {
    if (!this.active) return;
    this.last = this.own ? 1 : this.step;
    this.step = 0;
    this.leaveOwn();
    this.panel.setOpen(false);
    this.freeFigure();
    this.opener.setAttribute('aria-expanded', 'false');
    if (restore) {
      this.shell.setMode(this.before);
      this.opener.focus();
    }
    this.shell.markTabs(); // a figure's step marked the Sudoku's
    this.shell.render(); // the Keys panel's keys are the view's again
    this.onChange();
  }

  freeFigure() {
    this.panel.detachFigure();
    this.figureTrace?.free();
    this.figureTrace = null;
  }

  /** Shows step `n` (from 1; out of range does nothing): the trace at its moment, and its words. */
  go(n) {
    if (n < 1 || n > this.count) return;
    if (this.own) return this.goOwn(n);
    const { shell, player } = this;
    this.step = n;
    this.at = -1; // moving to the moment: not "moved on"
    this.panel.setError();
    shell.shared.watchNotice.clear(); // a link copied was to another step
    const step = STEPS[n - 1];
    const figure = (this.figure = step.view === 'figure');
    this.panel.setFigure(figure);
    shell.setMode(figure ? 'knuth' : step.view, false);
    // The figure is a Sudoku (a 4×4 and its matrix): the Sudoku's tab is marked while it shows
    // (no tab was, and a student could not tell where the page was).
    shell.markTabs(figure ? 'sudoku' : shell.mode);
    shell.restart(); // a fresh search at its start
    if (figure) {
      // A problem of its own, drawn whole: a fresh trace of the step's puzzle, its board beside it.
      this.freeFigure();
      const t = (this.figureTrace = new this.dlx.Trace(step.puzzle));
      const { facts, text } = reach(n, { trace: t, run: (max, mask) => t.run(max, mask), back: (k) => t.runBack(k, 0) });
      t.refresh(); // the picture the view draws
      this.panel.drawFigure(t, step.label(facts));
      const board = new Picture(t);
      board.forget(); // all of it, though the matrix read it first
      this.panel.drawBoard(t.givens, board.read());
      this.at = 0;
      this.show(n, step, text);
      this.follow();
      return;
    }
    const { facts, text } = reach(n, { trace: shell.trace, run: (max, mask) => player.run(max, mask, false), back: (k) => player.runBack(k, 0) });
    // Draw the search first where the diagram's "changed by the last step" should start.
    const at = shell.trace.events;
    const from = facts.from ?? Math.max(0, at - 1);
    if (at > from) {
      player.runBack(at - from, 0);
      // While the page starts (a link to the step) renders are put off: the room's own views
      // alone, as shell.seekLink does (else the diagram marked nothing as changed).
      if (shell.starting) shell.room.render(shell.room.picture.read(), true, true);
      else shell.render();
      player.run(at - from, 0, false);
    }
    this.at = at;
    shell.render();
    if (step.view === 'knuth') shell.room.reveal?.();
    this.show(n, step, text);
  }

  /** The words of step `n` and where it is in the lesson. */
  show(n, step, text) {
    this.panel.show(n, step, text);
    if (!this.figure) this.panel.setCounter(this.pic); // drawn just before
    this.shell.writeTagline();
    this.onChange();
  }

  /** The header's words for the step's own figure (null: the view's words stand). */
  taglineWords() {
    const t = this.figure && this.figureTrace;
    if (!t) return null;
    const side = Math.round(Math.sqrt(t.givens.length));
    return `a ${side}×${side} Sudoku: ${grouped(t.options)} options × ${grouped(t.items)} items`;
  }
}
