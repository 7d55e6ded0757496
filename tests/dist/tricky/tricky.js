// Valid JavaScript of the kinds a home-made lexer gets wrong (the old scripts/build-dist.mjs read
// `a = i++ / 2` as the start of a regular expression): division after ++ and after a bracket,
// regular expressions holding slashes, quotes and backticks, template literals holding comment
// markers, `${` and backticks, strings holding the same. tests/dist/run.mjs runs tricky() in
// Node, and in the built page and its worker: the results must be equal.
//
// Mentions of new URL('./nope.js', import.meta.url) in strings, templates, regular expressions and
// comments are not real ones and must be left alone: ./nope.js does not exist, so a build that
// took one for real would fail.

export function tricky() {
  let i = 5;
  // division: a is 2.5 and i is 6 (a lexer that reads a regular expression from the slash on
  // ends it inside the string, then finds a string with no end)
  const a = i++ / 2, half = '1/2';
  const b = i-- / 2 / 3; // 1, and i is 5 again
  const n = 10;
  const g = 2;
  const c = n / g / 1 /* a comment between divisions */ / 1;
  const d = (n) / 2 + [8][0] / 4 + i / 5;
  const y = n
    / 5 / 2; // a line that starts with a slash: division here
  const block = /\/\*[^*]*\*\//g; // a regular expression matching a block comment
  const lineComment = /\/\/.*$/m;
  const marks = /[/'"`]+/g; // a slash and quotes in a class
  const comments = 'x /* not a comment */ y // nor this'.replace(block, '').replace(lineComment, '');
  const quotes = `it's "quoted" and \`back\`ticked / slashed`.replace(marks, '|');
  const t1 = `// not a comment, /* nor this */ ${'${not a substitution}'} ${`nested ${a + b} ${`deeper ${c}`}`}`;
  const t2 = `}{ ${'}'} ${{ k: '{' }.k} \${escaped} \``;
  const s1 = "a string with a backtick ` and /* */ and // and ${x}";
  const s2 = 'another with "double" quotes, `ticks`, ${braces} and \\ a backslash';
  const mentions = [
    "new URL('./nope.js', import.meta.url); import x from './nope.js'; export const no = 1;",
    `new URL('./nope.js', import.meta.url)`,
    /new URL\('\.\/nope\.js', import\.meta\.url\)/.source,
    String.raw`new URL('./nope.js', import.meta.url) \n`,
  ];
  // new URL('./nope.js', import.meta.url)
  /* new URL('./nope.js', import.meta.url) */
  const html = '</script><script>"not run"</script>'; // in the single file's inline <script>
  const regexAfterParen = (n) > 1 ? /x/.test('x') : false;
  const division = ((n)) / 5;
  return { a, half, b, c, d, y, comments, quotes, t1, t2, s1, s2, mentions, html, regexAfterParen, division, i };
}
