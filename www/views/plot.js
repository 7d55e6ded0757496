// A small plot of the search depth from its start (left) to now (right), over the events
// (steps): each sample of the DepthLog is a bar from the shallowest to the deepest level
// reached in its stretch of events, as wide as that stretch. Until the search has made
// `MIN_WINDOW` steps the plot fills from the left, and a line marked "now" says where the
// search is (its right end was two thirds across the plot at the end of Knuth's 41 steps, under
// a caption saying "to now (right)"); once the search has ended, its whole run fills the width.
// The canvas size comes from a ResizeObserver, never from reading layout during a frame.

/** The fewest steps the plot's width stands for: the first steps are bars, not the whole plot. */
const MIN_WINDOW = 60;

export class DepthPlot {
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = canvas.getContext('2d');
    // Axis labels as HTML: drawing text on the canvas would make the browser resolve
    // styles in the middle of every frame.
    const wrap = document.createElement('div');
    wrap.className = 'plot-area';
    canvas.replaceWith(wrap);
    this.top = Object.assign(document.createElement('span'), { className: 'plot-label plot-top', textContent: '0' });
    this.bottom = Object.assign(document.createElement('span'), { className: 'plot-label plot-bottom' });
    // Where the search is now: a line drawn on the canvas in this label's colour.
    this.now = Object.assign(document.createElement('span'), { className: 'plot-label plot-now', textContent: 'now' });
    this.nowAt = '';
    wrap.append(canvas, this.top, this.bottom, this.now);
    this.max = -1;
    this.css = [0, 0];
    this.size = [0, 0];
    new ResizeObserver(([entry]) => {
      const box = entry.contentBoxSize?.[0];
      this.css = box ? [box.inlineSize, box.blockSize] : [entry.contentRect.width, entry.contentRect.height];
      this.restyle();
      if (this.last) this.render(...this.last);
    }).observe(canvas);
  }

  /** Re-reads the theme's colours: the bars are `color`, the grid `border-top-color`. */
  restyle() {
    this.size = [0, 0];
    this.colors = null;
  }

  fit() {
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(this.css[0] * dpr));
    const h = Math.max(1, Math.round(this.css[1] * dpr));
    if (w !== this.size[0] || h !== this.size[1]) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.size = [w, h];
    }
    if (!this.colors) {
      const cs = getComputedStyle(this.canvas);
      this.colors = { bar: cs.color, grid: cs.borderTopColor, now: getComputedStyle(this.now).color };
    }
    return this.size;
  }

  /** `log`: a DepthLog; `max`: the deepest level possible; `ended`: the search is over (its
   *  whole run is drawn across the width). */
  render(log, max, ended = false) {
    this.last = [log, max, ended];
    if (!this.css[0]) return;
    const [w, h] = this.fit();
    const ctx = this.ctx;
    const dpr = window.devicePixelRatio || 1;
    ctx.clearRect(0, 0, w, h);
    const top = 4 * dpr, bottom = h - 4 * dpr;
    const y = (d) => top + (bottom - top) * (d / Math.max(1, max));
    ctx.fillStyle = this.colors.grid;
    for (const f of [0, 0.5, 1]) ctx.fillRect(0, Math.round(y(f * max)), w, Math.max(1, dpr / 2));
    if (max !== this.max) {
      this.max = max;
      this.bottom.textContent = String(max);
    }
    const n = log.count;
    const left = 22 * dpr;
    const from = log.origin;
    const scale = (w - left) / Math.max(ended ? 1 : MIN_WINDOW, log.end - from);
    this.markNow(n === 0 ? -1 : left + (log.end - from) * scale, w, h, dpr);
    if (n === 0) return;
    ctx.fillStyle = this.colors.bar;
    for (let k = 0; k < n; k++) {
      const [at, lo, hi] = log.get(k);
      const x0 = left + (log.startOf(k) - from) * scale;
      const y0 = y(lo), y1 = y(hi);
      ctx.fillRect(x0, y0 - dpr, Math.max((at - from) * scale + left - x0, dpr), Math.max(y1 - y0, 0) + 2 * dpr);
    }
  }

  /** The line at `x` (device pixels; -1: none, no step yet) and its label, beside it on the
   *  side with room; the label is written only when it moves. */
  markNow(x, w, h, dpr) {
    const at = x < 0 ? 'none' : `${Math.round(x / dpr)} ${x > w / 2}`;
    if (at !== this.nowAt) {
      this.nowAt = at;
      this.now.hidden = x < 0;
      if (x >= 0) {
        this.now.style.left = `${Math.round(x / dpr)}px`;
        this.now.style.transform = x > w / 2 ? 'translateX(calc(-100% - 4px))' : 'translateX(4px)';
      }
    }
    if (x < 0) return;
    this.ctx.fillStyle = this.colors.now;
    this.ctx.fillRect(Math.min(Math.round(x), w - dpr), 0, dpr, h);
  }
}
