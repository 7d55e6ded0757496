// The README is a front door and docs/ holds the rest: every relative link in README.md and
// docs/**/*.md must lead to a file that exists (and to a heading that exists, for a link with
// `#anchor` into a Markdown file, by GitHub's rule for heading anchors); README.md stays at most
// 300 lines and links every page of docs/. Run: `node --test tests/docs/` (stage `docs` of
// scripts/test.sh).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const README_MAX_LINES = 300;

/** The Markdown text without fenced code blocks and inline code spans (links there are not links). */
function prose(text) {
  const out = [];
  let fence = null;
  for (const line of text.split('\n')) {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (m && m[1][0] === fence[0] && m[1].length >= fence.length) fence = null;
      out.push('');
    } else if (m) {
      fence = m[1];
      out.push('');
    } else {
      out.push(line.replace(/(`+)[^`]*?\1/g, ''));
    }
  }
  return out.join('\n');
}

/** GitHub's anchor for a heading: lower case, punctuation and symbols dropped, spaces to hyphens. */
export function slug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // a link keeps its text
    .replace(/<[^>]+>/g, '');
  return text.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-');
}

/** Every anchor a Markdown file has: one per heading, repeats numbered -1, -2 … as GitHub does. */
export function anchors(text) {
  const seen = new Map();
  const out = new Set();
  for (const line of prose(text).split('\n')) {
    const m = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** The links of a Markdown text: `[text](target)`, `![alt](target)` (alt text may span lines) and `[ref]: target`. */
export function links(text) {
  const body = prose(text);
  const found = [];
  const lineOf = (i) => body.slice(0, i).split('\n').length;
  for (const m of body.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)) {
    found.push({ target: m[1], line: lineOf(m.index) });
  }
  for (const m of body.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+.*)?$/gm)) {
    found.push({ target: m[1], line: lineOf(m.index) });
  }
  return found;
}

/** Problems with the relative links of `files` (absolute paths), as "file:line: message" strings. */
export function brokenLinks(files, root = ROOT) {
  const problems = [];
  const anchorCache = new Map();
  const anchorsOf = (path) => {
    if (!anchorCache.has(path)) anchorCache.set(path, anchors(headingsText(readFileSync(path, 'utf8'))));
    return anchorCache.get(path);
  };
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const { target, line } of links(text)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue; // http:, mailto: …
      const where = `${relative(root, file)}:${line}`;
      const [pathPart, anchor] = target.split('#', 2);
      const dest = pathPart ? resolve(dirname(file), decodeURIComponent(pathPart)) : file;
      if (pathPart && !existsSync(dest)) {
        problems.push(`${where}: "${target}": no file ${relative(root, dest)}`);
        continue;
      }
      if (anchor !== undefined && anchor !== '' && /\.md$/i.test(dest) && statSync(dest).isFile()) {
        if (!anchorsOf(dest).has(decodeURIComponent(anchor))) {
          problems.push(`${where}: "${target}": no heading #${anchor} in ${relative(root, dest)}`);
        }
      }
    }
  }
  return problems;
}

/** The text with its headings' code spans kept as plain text (for anchors), fenced blocks dropped. */
function headingsText(text) {
  return text
    .split('\n')
    .map((l) => (/^ {0,3}#{1,6}\s/.test(l) ? l.replace(/`/g, '') : l))
    .join('\n');
}

/** README.md and every Markdown file under docs/. */
export function docFiles(root = ROOT) {
  const out = [join(root, 'README.md')];
  const walk = (dir) => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.md')) out.push(p);
    }
  };
  walk(join(root, 'docs'));
  return out;
}

test('every relative link in README.md and docs/ leads to a file and a heading that exist', () => {
  const files = docFiles();
  assert.ok(files.length > 1, 'docs/ has pages');
  assert.deepEqual(brokenLinks(files), []);
});

test(`README.md is a front door: at most ${README_MAX_LINES} lines`, () => {
  const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
  assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines; move the detail to docs/ (at most ${README_MAX_LINES})`);
});

test('README.md links every page of docs/', () => {
  const linked = new Set(
    links(readFileSync(join(ROOT, 'README.md'), 'utf8')).map((l) => resolve(ROOT, l.target.split('#')[0])),
  );
  const pages = readdirSync(join(ROOT, 'docs')).filter((n) => n.endsWith('.md'));
  const unlinked = pages.filter((n) => !linked.has(join(ROOT, 'docs', n)));
  assert.deepEqual(unlinked, [], 'pages of docs/ that README.md does not link');
});

test('the checker finds a missing file, a missing heading and a broken image, and passes good links', () => {
  const dir = mkdtempSync(join(tmpdir(), 'doc-links-'));
  mkdirSync(join(dir, 'docs'));
  writeFileSync(join(dir, 'docs', 'a.md'), '# A page\n\n## Every size: 4×4, 16×16\n\n## `cover` here\n\n## Twice\n\n## Twice\n');
  writeFileSync(
    join(dir, 'README.md'),
    [
      '# R',
      '[good](docs/a.md) [anchor](docs/a.md#every-size-44-1616) [code heading](docs/a.md#cover-here)',
      '[second of two](docs/a.md#twice-1) [self](#r) [web](https://example.com/x.md#nope)',
      '`[in code](docs/nope.md)`',
      '```',
      '[in a block](docs/nope.md)',
      '```',
      '[missing file](docs/gone.md)',
      '[missing heading](docs/a.md#no-such-heading)',
      '![a picture',
      'over two lines](docs/img/none.png)',
      '[self, missing](#nowhere)',
    ].join('\n'),
  );
  const problems = brokenLinks(docFiles(dir), dir);
  assert.deepEqual(problems, [
    'README.md:8: "docs/gone.md": no file docs/gone.md',
    'README.md:9: "docs/a.md#no-such-heading": no heading #no-such-heading in docs/a.md',
    'README.md:10: "docs/img/none.png": no file docs/img/none.png',
    'README.md:12: "#nowhere": no heading #nowhere in README.md',
  ]);
});
