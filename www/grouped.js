// Whole numbers as the page writes them: with thousands separators, the same whatever
// the browser's language ("4,096 candidates"), as the Rust side's `grouped` writes them.
export const grouped = (n) => n.toLocaleString('en');
