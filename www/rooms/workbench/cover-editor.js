// The exact-cover workbench's editor: the DLX1 text in a textarea, with line numbers, and a
// parse error (wasm's `checkCover`) shown at its line and column as the user types.

/** A line that surely takes one row: printable ASCII (and tabs, one space wide) short enough. */
const PLAIN = /^[\x20-\x7e\t]*$/;

/**
 * The editor: a textarea over a layer that marks the error's line and column. Its long lines
 * wrap (on a phone or a projector in large type they were cut at the right edge, the rest
 * scrolled out of sight): the line numbers beside it number each line at its first row, and
 * the error's marks sit on the row where the textarea draws the error. Where a line wraps is
 * asked of the browser: a hidden copy of the textarea's text box (the mirror) lays out each
 * line that may not fit, as the textarea does; a line of plain characters that fits is one
 * row without asking.
 */
export class CoverEditor {
  /** `root`: the .editor element (gutter, marks and textarea inside); `onInput(text)` on each edit. */
  constructor(root, { onInput = () => {} } = {}) {
    this.root = root;
    this.text = root.querySelector('textarea');
    this.gutter = root.querySelector('.gutter');
    this.mark = root.querySelector('.err-line');
    this.caret = root.querySelector('.err-caret');
    this.bubble = root.querySelector('.err-msg');
    this.mirror = Object.assign(document.createElement('div'), { className: 'editor-mirror' });
    this.mirror.setAttribute('aria-hidden', 'true');
    root.append(this.mirror);
    this.error = null;
    this.errorLine = '';
    this.lines = 0;
    this.starts = new Int32Array([0, 1]); // starts[k]: the first row of line k + 1; starts[lines]: every row
    this.rowsOf = new Map(); // a line's text → the rows it takes, at the box's `wrapKey`
    this.wrapKey = '';
    this.layout = 0; // counts the row layouts, so that the numbers are drawn again after one
    // Only the rows in view are numbered: a gutter of every number costs the browser as
    // much to lay out as the text itself (seconds at 250,000 lines), on load and at each
    // line added.
    this.numbers = Object.assign(document.createElement('span'), { className: 'numbers' });
    this.gutter.replaceChildren(this.numbers);
    this.shown = '';
    this.text.addEventListener('input', () => {
      this.numberLines();
      onInput(this.text.value);
    });
    this.text.addEventListener('scroll', () => this.place());
    // The textarea has a handle to make it taller: the gutter follows it, numbers and all
    // (it kept its first height, numbered no further, and the error's message stayed put).
    // A new width wraps the lines anew.
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(() => {
        this.gutter.style.height = `${this.text.offsetHeight}px`;
        this.place();
      }).observe(this.text);
    }
  }

  get value() {
    return this.text.value;
  }

  set value(text) {
    this.text.value = text;
    this.text.scrollTop = 0;
    this.numberLines();
  }

  /** Where each line starts, in rows, for the text as it is now. */
  numberLines() {
    // Every line the textarea shows, the empty one after a last break too.
    const lines = this.text.value.split(/\r\n|\r|\n/);
    const n = lines.length;
    if (n !== this.lines) {
      this.lines = n;
      // As wide as the last number, so that the gutter keeps its width while scrolling.
      this.numbers.style.minWidth = `${String(n).length}ch`;
    }
    this.wrap(lines);
    this.drawNumbers();
  }

  /** The width of the textarea's text and what decides where it wraps, as one key. */
  box() {
    const t = this.text, s = getComputedStyle(t);
    const px = (v) => parseFloat(v) || 0;
    // Exact (a fraction of a pixel counts), less the borders, the scroll bar and the padding.
    const bars = t.offsetWidth - t.clientWidth;
    const width = t.getBoundingClientRect().width - bars - px(s.paddingLeft) - px(s.paddingRight);
    return { s, width, key: `${width.toFixed(3)} ${s.font} ${s.letterSpacing} ${s.wordSpacing} ${s.tabSize} ${s.whiteSpace} ${s.overflowWrap} ${s.wordBreak}` };
  }

  /** The mirror set for the textarea's text box as it is now (its old lines' rows forgotten). */
  fitMirror({ s, width, key }) {
    if (key === this.wrapKey) return;
    this.wrapKey = key;
    this.rowsOf.clear();
    this.spot = null;
    Object.assign(this.mirror.style, {
      width: `${width}px`, font: s.font, letterSpacing: s.letterSpacing, wordSpacing: s.wordSpacing, tabSize: s.tabSize,
      whiteSpace: s.whiteSpace, overflowWrap: s.overflowWrap, wordBreak: s.wordBreak, lineHeight: s.lineHeight,
    });
    const probe = this.mirror.appendChild(document.createElement('span'));
    probe.style.whiteSpace = 'pre'; // on one row, however narrow the box
    probe.textContent = '0'.repeat(100);
    this.ch = probe.getBoundingClientRect().width / 100 || 8;
    probe.remove();
    // Plain characters that surely fit on a row (less one, against rounding).
    this.fit = Math.max(0, Math.floor(width / this.ch) - 1);
  }

  /** Counts each line's rows: a plain line that fits is one; the others are laid out in the mirror (and remembered). */
  wrap(lines) {
    const box = this.box();
    this.fitMirror(box);
    const lh = this.lineHeight();
    const rows = new Int32Array(lines.length);
    const ask = new Map();
    for (let k = 0; k < lines.length; k++) {
      const line = lines[k];
      if (line.length <= this.fit && PLAIN.test(line)) rows[k] = 1;
      else {
        const known = this.rowsOf.get(line);
        if (known) rows[k] = known;
        else if (ask.has(line)) ask.get(line).push(k);
        else ask.set(line, [k]);
      }
    }
    if (ask.size) {
      if (this.rowsOf.size > 50_000) this.rowsOf.clear(); // lines typed and gone
      const texts = [...ask.keys()];
      const divs = texts.map((t) => Object.assign(document.createElement('div'), { textContent: t }));
      this.mirror.replaceChildren(...divs);
      texts.forEach((t, j) => {
        const n = Math.max(1, Math.round(divs[j].getBoundingClientRect().height / lh));
        this.rowsOf.set(t, n);
        for (const k of ask.get(t)) rows[k] = n;
      });
      this.mirror.replaceChildren();
    }
    const starts = new Int32Array(lines.length + 1);
    for (let k = 0; k < lines.length; k++) starts[k + 1] = starts[k] + rows[k];
    this.starts = starts;
    this.layout++;
  }

  /** The line (0-based) that row `row` belongs to. */
  lineAt(row) {
    let lo = 0, hi = this.lines - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= row) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Numbers the rows in view (and one more each side), at the textarea's scroll: each line at its first row. */
  drawNumbers() {
    if (this.box().key !== this.wrapKey) this.numberLines(); // a new width or type size wraps anew
    const lh = this.lineHeight();
    const top = this.text.scrollTop;
    const total = this.starts[this.lines];
    const first = Math.max(0, Math.min(total - 1, Math.floor(top / lh) - 1));
    const last = Math.min(total, first + Math.ceil(this.gutter.clientHeight / lh) + 3);
    const key = `${first} ${last} ${this.layout}`;
    if (key !== this.shown) {
      this.shown = key;
      let out = '';
      let line = this.lineAt(first);
      for (let r = first; r < last; r++) {
        while (line + 1 < this.lines && this.starts[line + 1] <= r) line++;
        out += `${r === first ? '' : '\n'}${this.starts[line] === r ? line + 1 : ''}`;
      }
      this.numbers.textContent = out;
    }
    this.numbers.style.transform = `translateY(${first * lh - top}px)`;
  }

  lineHeight() {
    return parseFloat(getComputedStyle(this.text).lineHeight) || 18;
  }

  /** Shows `error` ({line, column, message} from `checkCover`) at its place, or none. */
  showError(error) {
    this.error = error;
    this.errorLine = error ? (this.text.value.split(/\r\n|\r|\n/, error.line)[error.line - 1] ?? '') : '';
    this.spot = null;
    this.root.classList.toggle('has-error', !!error);
    this.text.setAttribute('aria-invalid', String(!!error));
    this.bubble.textContent = error ? error.message : '';
    this.place();
  }

  /** Puts the marks where the error is, in the textarea's scrolled frame. */
  place() {
    this.drawNumbers();
    const e = this.error;
    for (const el of [this.mark, this.caret, this.bubble]) el.hidden = !e;
    if (!e) return;
    const style = getComputedStyle(this.text);
    const lh = parseFloat(style.lineHeight) || 18;
    const padTop = parseFloat(style.paddingTop) || 0, padLeft = parseFloat(style.paddingLeft) || 0;
    const at = Math.min(Math.max(0, e.line - 1), this.lines - 1);
    const rows = this.starts[at + 1] - this.starts[at];
    const spot = this.where();
    const lineTop = this.text.offsetTop + padTop + this.starts[at] * lh - this.text.scrollTop;
    const top = lineTop + spot.row * lh;
    const left = this.text.offsetLeft + padLeft + spot.left - this.text.scrollLeft;
    Object.assign(this.mark.style, { top: `${lineTop}px`, height: `${rows * lh}px` });
    Object.assign(this.caret.style, { top: `${top}px`, height: `${lh}px`, left: `${left}px`, width: `${spot.width}px` });
    // The message just below the error's line, or above it when there is no room below.
    const room = this.text.offsetTop + this.text.clientHeight - this.bubble.offsetHeight;
    const below = lineTop + rows * lh + 2;
    const at2 = below <= room ? below : lineTop - this.bubble.offsetHeight - 2;
    this.bubble.style.top = `${Math.max(this.text.offsetTop, Math.min(room, at2))}px`;
  }

  /**
   * Where the error's column is drawn in its line: the row of the line it falls on, its left
   * edge in that row, and how wide the word there is (up to the next blank, as the parser
   * reads names). The column counts characters; drawn, a character may be no column wide (an
   * accent that combines with the letter before it) or two (an emoji, many CJK ideographs),
   * and a long line wraps: the line is laid out in the mirror, as the textarea lays it out,
   * and the word's place read from there.
   */
  where() {
    const e = this.error;
    if (this.spot?.error === e && this.spot.key === this.wrapKey) return this.spot;
    const chars = Array.from(this.errorLine);
    // The parser skips a byte-order mark at the start and counts columns after it.
    const bom = e.line === 1 && chars[0] === '\uFEFF' ? chars.shift() : '';
    const at = Math.max(0, e.column - 1);
    const word = chars.slice(at).join('').match(/^[^ \t\v\f]*/)[0];
    const span = Object.assign(document.createElement('span'), { textContent: word || '\u200b' });
    const div = document.createElement('div');
    div.append(bom + chars.slice(0, at).join(''), span, chars.slice(at).join('').slice(word.length));
    this.mirror.replaceChildren(div);
    const d = div.getBoundingClientRect(), r = span.getClientRects()[0] ?? span.getBoundingClientRect();
    const lh = this.lineHeight();
    this.spot = {
      error: e,
      key: this.wrapKey,
      row: Math.max(0, Math.floor((r.top - d.top + lh / 2) / lh)),
      left: r.left - d.left,
      width: e.column ? Math.max(this.ch, word ? r.width : 0) : 0,
    };
    this.mirror.replaceChildren();
    return this.spot;
  }

  focus() {
    this.text.focus();
  }
}
