// Where the Sudoku's puzzles come from, besides typing: the examples menu (the examples of
// the size shown), Clear, a paste (any format the CLI reads, at any size), a link (with the
// player's entries and pencil marks apart from the givens) and the game kept in the browser
// (play.js). Each puts its puzzle on the board undoably (sudoku-edits.js), so that nothing
// typed is lost.

import { readPasted, givensCount, emptyLine, sideOfLine, SIDES } from '../../core/puzzle.js';
import { counted } from '../../core/format.js';
import { PENCIL_UP_TO } from '../../views/board.js';
import { clockText, packMarks, unpackMarks } from './game.js';
import { EXAMPLES, examplesOf } from './examples.js';

const DEFAULT_EXAMPLE = 'poj2';

export class PuzzleSources {
  /** `room`: the Sudoku's (sudoku-room.js). */
  constructor(room) {
    this.room = room;
    /** The example on the board ('' for none). */
    this.exampleId = '';
    const select = room.$('examples');
    select.addEventListener('change', () => this.example(select.value));
    room.$('clear').addEventListener('click', () => this.clear());
  }

  /** The example picker lists the examples of the size shown. */
  fillExamples() {
    const side = this.room.side;
    const select = this.room.$('examples');
    const groups = new Map();
    select.replaceChildren(new Option('Choose a puzzle…', ''));
    for (const e of examplesOf(side)) {
      if (!groups.has(e.group)) groups.set(e.group, select.appendChild(Object.assign(document.createElement('optgroup'), { label: e.group })));
      groups.get(e.group).append(new Option(e.name, e.id));
    }
    select.value = examplesOf(side).some((e) => e.id === this.exampleId) ? this.exampleId : '';
  }

  /** Loads the example with id `id`. */
  example(id) {
    const e = EXAMPLES.find((x) => x.id === id);
    if (!e) return;
    const room = this.room;
    room.shell.setMode('sudoku');
    room.edits.setPuzzle(e.line, `Example: ${e.name}.${e.note ? ` ${e.note}` : ''}`, { undoable: true, label: `the example ${e.name}`, alphabet: room.alphabetRead(e.line) });
    this.selectExample(id);
    if (this.offerSaved()) room.views.notice.reveal();
  }

  /** The example shown in the menu ('' for none): the puzzle on the board is that example. */
  selectExample(id) {
    this.exampleId = id;
    this.room.$('examples').value = id;
  }

  clear() {
    const room = this.room;
    const empty = givensCount(room.shownLine()) === 0;
    room.edits.setPuzzle(emptyLine(room.side), empty ? '' : 'Cleared. Paste or pick an example, or type a puzzle.', { undoable: true, label: 'Clear' });
    this.selectExample('');
    room.views.board.focus();
  }

  /** A paste outside any text field (www/core/input.js). */
  paste(text) {
    const room = this.room;
    try {
      const { line, note, alphabet } = readPasted(text, room.dlx.parse);
      room.shell.setMode('sudoku');
      this.selectExample('');
      room.edits.setPuzzle(line, `Pasted: ${note}.`, { undoable: true, label: 'the paste', alphabet });
      // What is wrong with a pasted puzzle (its clashes, no solution) is said in view too.
      // So is a game of it offered back.
      const offered = this.offerSaved();
      if (offered || ['error', 'warn'].includes(room.$('notice').dataset.kind)) room.views.notice.reveal();
    } catch (err) {
      room.views.notice.show('error', `Paste not loaded: ${err.message}.`, 'The board is unchanged.');
      // Under the pad, below the fold at 1280×800 and on a phone: a refused paste looked like nothing.
      room.views.notice.reveal();
    }
  }

  /**
   * A link's puzzle, checked: `{alphabet}`, or throws naming the cell (wasm's messages).
   * Checked as a line of cells first: `parse` would read 16 characters with a letter as a
   * POJ 3076 row ("puzzle 1 stops after 1 rows") where the link means a 4×4.
   */
  readLink(line, alphabet) {
    const dlx = this.room.dlx;
    dlx.checkGivens(line, alphabet); // a symbol outside the alphabet throws; clashes are shown later
    return { alphabet: alphabet ?? dlx.parse(line).alphabet };
  }

  /**
   * The entries and pencil marks of a link, checked against its puzzle (`alphabet`: the
   * puzzle's): `{entries, marks}` (null where the link has none or they do not read, which
   * `warnings` then says).
   */
  readGameOf(h, alphabet, warnings) {
    const room = this.room;
    const shape = room.numberingFor(sideOfLine(h.puzzle), alphabet);
    let entries = null, marks = null;
    if (h.entries) {
      try {
        room.dlx.checkGivens(h.entries, alphabet); // a symbol outside the alphabet throws
        entries = h.entries;
      } catch (e) {
        warnings.push(`The link's entries do not read: ${e.message}; ignored.`);
      }
    }
    if (h.marks) {
      try {
        if (shape.side > PENCIL_UP_TO) throw new Error(`pencil marks are up to 16×16`);
        marks = unpackMarks(h.marks, shape.cells, shape.side);
      } catch (e) {
        warnings.push(`The link's pencil marks do not read: ${e.message}; ignored.`);
      }
    }
    return { entries, marks };
  }

  /**
   * The puzzle just shown afresh (a paste, an example) has a game kept, not finished: it is
   * offered back in the notice, under what it says (its Undo kept), with Resume and Start
   * over, neither restored nor dropped unasked. (Played on instead, the puzzle's new game
   * takes the old one's place, as Start over does.) Returns whether it offered one.
   */
  offerSaved() {
    const room = this.room;
    const { notice } = room.views;
    const g = room.play.savedFor(room.shownLine(room.clues), room.numbering.alphabet);
    if (!g || g.solved) return false;
    const entries = g.entries.replace(/\./g, '').length;
    const noted = g.marks.filter((m) => m !== 0).length;
    const said = [counted(entries, 'entry', 'entries'), ...(noted ? [`notes in ${counted(noted, 'cell')}`] : []), clockText(g.elapsed)].join(', ');
    notice.add(`You have a game of this puzzle in progress (${said}):`);
    notice.action('Resume', () => this.resume(g, [], true, 'resuming your game'));
    notice.action('Start over', () => {
      room.play.forget(g);
      notice.show('info', 'Started over: your earlier game of this puzzle is no longer kept.');
      room.views.board.focus({ preventScroll: true });
    });
    return true;
  }

  /** A saved game put back on the board (`undoable`: the puzzle it replaces can be brought
   *  back, Undo saying `label`). */
  resume(g, warnings = [], undoable = false, label = 'the link') {
    const m = g.mistakes.length;
    const said = `${clockText(g.elapsed)} played${m ? `, ${counted(m, 'mistake')}` : ''}`;
    this.room.edits.setPuzzle(g.clues, `Your game is back as you left it (${said}).`, { warnings, undoable, label, alphabet: g.alphabet, entries: g.entries, marks: g.marks, game: g });
    const example = EXAMPLES.find((e) => e.line === g.clues && this.room.alphabetRead(e.line) === g.alphabet);
    this.selectExample(example?.id ?? '');
  }

  /**
   * A link to a puzzle (see `router.js`), on load (`changed` false), or when the hash changes
   * under the page (`changed`: typed in the address bar, Back, a link). A change never loses
   * the puzzle on the board: a link without a usable puzzle leaves it as it is, and one with
   * a puzzle can be undone. The games kept in the browser (one a puzzle) come back: on load
   * with no puzzle in the address, the one played last; a link to a puzzle played before,
   * without entries and marks of its own or with that game's (the page's own address,
   * reloaded), brings back that game with its clock, mistakes, hints and checks. A link
   * to another puzzle, or to another game of the same one, shows the link's, undoably; the
   * game it replaces stays kept. `warnings`: what was wrong with the link.
   */
  open(h, warnings, changed) {
    const room = this.room;
    const { edits } = room;
    room.shell.setMode('sudoku', false);
    let read = null;
    const names = [...new Set(SIDES.flatMap((s) => room.size.alphabetsOf(s).map((a) => a.name)))];
    if (h.alphabet && !names.includes(h.alphabet)) {
      warnings.push(`The link's alphabet ${JSON.stringify(h.alphabet)} is not ${names.map((n) => `"${n}"`).join(', ').replace(/, ([^,]+)$/, ' or $1')}; ignored.`);
      h = { ...h, alphabet: undefined };
    }
    if (h.puzzle) {
      try {
        read = this.readLink(h.puzzle, h.alphabet);
      } catch (e) {
        warnings.push(`The link's puzzle does not read: ${e.message}; ignored.`);
      }
    }
    const game = read ? this.readGameOf(h, read.alphabet, warnings) : { entries: null, marks: null };
    const mine = read && room.play.savedFor(h.puzzle, read.alphabet);
    const sameAsMine = mine && ((!game.entries && !game.marks) || (mine.entries === (game.entries ?? '.'.repeat(h.puzzle.length))
      && packMarks(mine.marks) === packMarks(game.marks ?? new Uint32Array(mine.marks.length))));
    const saved = changed ? null : room.play.saved();
    if (sameAsMine) {
      this.resume(mine, warnings, changed);
    } else if (saved && !read) {
      this.resume(saved, warnings);
    } else {
      const before = changed ? null : (mine || saved);
      if (before) this.resume(before);
      const undoable = changed || !!before;
      const replaced = !before ? ''
        : before === mine ? ' It replaced your game of this puzzle: Undo brings that back.'
          : ' Your game in progress is kept: Undo brings it back, as does opening its puzzle again.';
      const options = { undoable, warnings, label: 'the link', alphabet: read?.alphabet, entries: game.entries, marks: game.marks };
      // A link to an example's puzzle shows it as that example, with its note (it said "Choose a puzzle…").
      const example = read && EXAMPLES.find((e) => e.line === h.puzzle && room.alphabetRead(e.line) === read.alphabet);
      if (example) {
        edits.setPuzzle(h.puzzle, `Example: ${example.name}.${example.note ? ` ${example.note}` : ''}${replaced}`, options);
        this.selectExample(example.id);
      } else if (read) {
        edits.setPuzzle(h.puzzle, `Puzzle from the link${game.entries || game.marks ? ', with its entries and pencil marks' : ''}.${replaced}`, options);
      } else if (!changed) {
        const ex = EXAMPLES.find((e) => e.id === DEFAULT_EXAMPLE);
        edits.setPuzzle(ex.line, `Example: ${ex.name}. Type over it, pick another, or paste your own.`, { warnings });
        this.selectExample(ex.id);
      } else if (warnings.length) {
        room.views.notice.show('warn', ...warnings, 'The puzzle on the board is unchanged.');
      }
    }
    if (h.step > 0 && room.trace) {
      room.solving.clearAnswer();
      room.edits.setBoardMode('watch'); // a step is there to be watched
      room.shell.seekLink(h.step);
    }
  }
}
