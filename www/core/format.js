// How the page writes numbers, in one place: every view, room and word module formats
// through these. Whole numbers with thousands separators, the same whatever the browser's
// language ("4,096 candidates"), as the Rust side's `grouped` writes them.

export const grouped = (n) => n.toLocaleString('en');

/** A count and its noun, which agree: "1 node", "2,000 nodes", "3 entries". */
export const counted = (n, one, many = `${one}s`) => `${grouped(n)} ${n === 1 ? one : many}`;

/** A Sudoku's digits (the givens, and the player's entries) counted in words: "the 25 givens and your 3 entries". */
export function digitsWords(givens, entries) {
  if (!entries) return `the ${counted(givens, 'given')}`;
  const yours = `your ${counted(entries, 'entry', 'entries')}`;
  return givens ? `the ${counted(givens, 'given')} and ${yours}` : yours;
}

/** "1st", "2nd", "11th", "1,002nd". */
export function ordinal(n) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  return `${grouped(n)}${teen ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] || 'th'}`;
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 2 });
/** A counter's number: exact below a million, then "3.39M": seven characters at most, so
 *  that every box keeps its number on one line at any width the page allows (the e2e
 *  top-speed test checks it). The exact number is the box's tooltip. */
export const formatCount = (n) =>
  n < 1e6 ? grouped(n) : n < 1e15 ? compact.format(n) : n.toExponential(2).replace('e+', 'e');

/** A time taken: "under 1 ms", "12 ms", "3.4 s". */
export const time = (ms) => (ms < 1 ? 'under 1 ms' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

/** A time to come, rounded as an estimate is: "3 s", "12 min", "2.5 h", "4 days". */
export function roughly(ms) {
  const s = ms / 1000;
  if (s < 90) return `${Math.max(1, Math.round(s))} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  if (s < 48 * 3600) return `${(s / 3600).toFixed(1)} h`;
  return `${grouped(Math.round(s / 86400))} days`;
}

/** How many times more one count is than another: "3,957× more" (or "fewer", or "as many"). */
export function factorWords(plain, dlx) {
  if (dlx === 0 || plain === dlx) return plain === dlx ? 'as many' : '';
  const f = plain / dlx;
  if (f < 1) return `${grouped(Math.round(dlx / plain * 10) / 10)}× fewer`;
  return `${grouped(f < 10 ? Math.round(f * 10) / 10 : Math.round(f))}× more`;
}
