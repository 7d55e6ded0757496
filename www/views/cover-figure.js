// A small exact-cover matrix drawn whole, for the lesson: one row per option, one column per
// item, a dot for each 1, every row and column labelled with the engine's own names. Hidden
// options are pale and covered items shaded, as the trace's Picture says; nothing here knows
// a numbering (the items of each option come from `Trace.optionItems`).

const NS = 'http://www.w3.org/2000/svg';
const CELL = 14, LEFT = 74, TOP = 104;

const el = (name, attrs = {}, parent = null, text = '') => {
  const e = document.createElementNS(NS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text) e.textContent = text;
  parent?.append(e);
  return e;
};

/** Draws `trace` (with `pic`, a Picture of it just read) into `root`; `label` says what it is. */
export function drawCover(root, trace, pic, label) {
  const items = trace.items, options = trace.options;
  const W = LEFT + items * CELL + 8, H = TOP + options * CELL + 8;
  // Sized in rem: large type enlarges it with the text.
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, class: 'cover-svg', role: 'img', width: `${W / 16}rem`, height: `${H / 16}rem` });
  svg.setAttribute('aria-label', label);
  const bands = el('g', { class: 'cover-bands' }, svg);
  for (let i = 0; i < items; i++) {
    if (pic.covered(i)) el('rect', { x: LEFT + i * CELL, y: TOP - 4, width: CELL, height: options * CELL + 4, class: 'covered' }, bands);
    const x = LEFT + i * CELL + CELL / 2 + 3;
    el('text', { x, y: TOP - 8, transform: `rotate(-90 ${x} ${TOP - 8})`, class: `col${pic.covered(i) ? ' covered' : ''}` }, svg, trace.itemName(i));
  }
  for (let o = 0; o < options; o++) {
    const live = pic.isLive(o);
    const y = TOP + o * CELL;
    el('text', { x: LEFT - 6, y: y + CELL / 2 + 4, class: `row${live ? '' : ' hidden'}` }, svg, trace.optionName(o));
    for (const i of trace.optionItems(o)) el('circle', { cx: LEFT + i * CELL + CELL / 2, cy: y + CELL / 2, r: 4, class: live ? 'dot' : 'dot hidden' }, svg);
  }
  root.replaceChildren(svg);
}
