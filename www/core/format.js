// Whole numbers as the page writes them: with thousands separators, the same whatever
// the browser's language ("4,096 candidates"), as the Rust side's `grouped` writes them.
export const grouped = (n) => n.toLocaleString('en');
/** A count and its noun, which agree: "1 node", "2,000 nodes", "3 entries". */
export const counted = (n, one, many = `${one}s`) => `${grouped(n)} ${n === 1 ? one : many}`;
