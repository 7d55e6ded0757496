// A workbench problem packed into a link and back (www/core/cover-link.js), hostile links,
// and the hash that carries it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { packProblem, unpackProblem, toBase64Url, fromBase64Url, MAX_PACKED } from '../core/cover-link.js';
import { parseHash, formatHash } from '../core/router.js';
import { dlx } from './wasm.js';

test('base64url round-trips every length and byte', () => {
  for (let n = 0; n < 70; n++) {
    const bytes = Uint8Array.from({ length: n }, (_, k) => (k * 151 + n * 7) & 255);
    const text = toBase64Url(bytes);
    assert.match(text, /^[A-Za-z0-9_-]*$/);
    assert.equal(text.length, Math.ceil((n * 8) / 6));
    assert.deepEqual(fromBase64Url(text), bytes, `length ${n}`);
  }
  assert.equal(toBase64Url(new Uint8Array([0xfb, 0xff])), '-_8');
  assert.equal(Buffer.from(fromBase64Url('aGVsbG8')).toString(), 'hello');
});

test('a problem packs into a link and unpacks to the same text', async () => {
  for (const [name, arg] of [['knuth'], ['queens', '8'], ['pentominoes', '3x5'], ['langford', '11'], ['pentominoes', '6x10']]) {
    const text = dlx.coverExample(name, arg);
    const packed = await packProblem(text);
    assert.match(packed, /^[A-Za-z0-9_-]+$/);
    if (text.length > 500) assert.ok(packed.length < 0.7 * text.length, `${name}: packed smaller, in base64url`);
    assert.ok(packed.length <= MAX_PACKED, `${name} ${arg} fits a link (${packed.length})`);
    assert.equal(await unpackProblem(packed), text, name);
    const h = formatHash({ mode: 'cover', packed, step: 17 });
    assert.deepEqual(parseHash(h), { mode: 'cover', puzzle: null, step: 17, errors: [], packed });
  }
  assert.equal(await unpackProblem(await packProblem('a b\nå b\n'.replace('å', 'a'))), 'a b\na b\n');
  assert.equal(await unpackProblem(await packProblem('é ü 😀\n')), 'é ü 😀\n', 'UTF-8 survives');
});

test("a link holds any problem the editor holds: its limit is the editor's, in characters, not bytes", async () => {
  // 300,000 characters are 600,000 bytes of UTF-8 (900,000 for the CJK line): the editor
  // takes them (at most 500,000 characters), and their links are short.
  for (const text of ['é'.repeat(300_000), `${'一'.repeat(500_000 - 1)}\n`]) {
    const packed = await packProblem(text);
    assert.ok(packed.length <= MAX_PACKED, `a short link (${packed.length})`);
    assert.equal(await unpackProblem(packed), text);
  }
  assert.equal((await unpackProblem(await packProblem('x'.repeat(500_000)))).length, 500_000);
});

test('hostile packed problems are errors that say what is wrong', async () => {
  await assert.rejects(unpackProblem('abc$'), /character 4 is not base64url/);
  await assert.rejects(unpackProblem('a'), /cut short/);
  await assert.rejects(unpackProblem('AAAAAAAA'), /does not unpack/);
  await assert.rejects(unpackProblem(toBase64Url(new TextEncoder().encode('plain text, not deflated'))), /does not unpack|not UTF-8/);
  // A bomb: a megabyte of spaces packs into about a kilobyte.
  const bomb = await packProblem(' '.repeat(2_000_000));
  assert.ok(bomb.length < 4000);
  await assert.rejects(unpackProblem(bomb), /^Error: it unpacks to more than 500,000 characters \(the most the editor takes\)$/);
  // Just past the limit, counted in characters as the editor counts them.
  await assert.rejects(unpackProblem(await packProblem('x'.repeat(500_001))), /more than 500,000 characters/);
  // Bytes that are not UTF-8.
  const latin1 = await (async () => {
    const s = new CompressionStream('deflate-raw');
    const w = s.writable.getWriter();
    w.write(new Uint8Array([0x61, 0xff, 0xfe, 0x0a]));
    w.close();
    const chunks = [];
    for await (const c of s.readable) chunks.push(...c);
    return toBase64Url(Uint8Array.from(chunks));
  })();
  await assert.rejects(unpackProblem(latin1), /not UTF-8 text/);
});

test('cover links: the mode, the problem, and what does not belong', () => {
  assert.deepEqual(parseHash('#m=cover'), { mode: 'cover', puzzle: null, step: 0, errors: [] });
  assert.deepEqual(parseHash('#m=sudoku&x=abc').errors, ["the link's problem (x) belongs to the exact-cover view; ignored"]);
  // A problem too big for a link has no problem in its hash, and so no step either.
  assert.equal(formatHash({ mode: 'cover', packed: null, step: 99 }), '#m=cover');
  const long = `#m=cover&x=${'A'.repeat(MAX_PACKED + 100)}`;
  assert.match(parseHash(long).errors[0], /too long to hold a problem \(16,110 characters after the #, at most 16,040\)/);
  assert.equal(parseHash(long).mode, 'cover');
  // The Sudoku's own limit stays.
  assert.match(parseHash(`#p=${'.'.repeat(3000)}`).errors[0], /at most 2,000/);
});
