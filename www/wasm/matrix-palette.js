// The colours the wasm MatrixCanvas paints with (the Sudoku's matrix and the workbench's): the
// CSS variable of each `Paint` (style.css sets them per theme), read by the Paint's name.

import { Paint } from '../pkg/dlx_sudoku.js';

/** The CSS variable of each Paint. */
export const PAINT_VARS = {
  Background: '--mx-bg', Dot: '--mx-dot', Hidden: '--mx-hidden', HiddenDot: '--mx-hidden-dot',
  Tried: '--mx-tried', TriedDot: '--mx-tried-dot', Trying: '--mx-trying', TryingDot: '--mx-trying-dot',
  Pending: '--mx-pending', PendingDot: '--mx-pending-dot', Covered: '--mx-covered', Chosen: '--mx-chosen',
  Top: '--mx-top', DeadEnd: '--mx-dead', Selected: '--mx-selected', Grid: '--mx-grid',
};

/** The palette for `MatrixCanvas.setPalette` from the theme's colours (`themeColors` of PAINT_VARS' variables). */
export function paletteOf(css) {
  // Rust paints packed RGBA: 0xRRGGBBAA.
  const rgba = (c) => {
    const m = c.match(/[\d.]+/g) ?? [0, 0, 0];
    return (((m[0] & 255) << 24) | ((m[1] & 255) << 16) | ((m[2] & 255) << 8) | 255) >>> 0;
  };
  const palette = new Uint32Array(Object.keys(PAINT_VARS).length);
  for (const [name, v] of Object.entries(PAINT_VARS)) palette[Paint[name]] = rgba(css[v]);
  return palette;
}
