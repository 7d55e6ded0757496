// Knuth's 7-item example from "Dancing Links" (2000), as an exact-cover problem in the
// shape `viewmodel.js` folds: items A..G and six options, numbered in the paper's order.
// Its one solution is {A D}, {B G}, {C E F}.

/** Builds a problem from named items and options given as lists of item numbers. */
export function makeProblem({ names, options, primary = names.length }) {
  const items = names.length;
  const lists = Array.from({ length: items }, () => []);
  options.forEach((its, o) => {
    for (const i of its) {
      if (!(i >= 0 && i < items)) throw new Error(`option ${o}: there is no item ${i}`);
      lists[i].push(o);
    }
  });
  const optionItems = options.map((its) => Int32Array.from(its));
  const itemOptions = lists.map((l) => Int32Array.from(l));
  return Object.freeze({
    kind: 'generic',
    items,
    primary,
    options: options.length,
    optionItems: (o) => optionItems[o],
    itemOptions: (i) => itemOptions[i],
    itemName: (i) => names[i],
    optionName: (o) => options[o].map((i) => names[i]).join(' '),
    /** The options as plain arrays, for `Trace.exactCover`. */
    optionLists: options.map((its) => its.slice()),
  });
}

export const knuthProblem = makeProblem({
  names: ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
  options: [
    [2, 4, 5], // C E F
    [0, 3, 6], // A D G
    [1, 2, 5], // B C F
    [0, 3], //    A D
    [1, 6], //    B G
    [3, 4, 6], // D E G
  ],
});
