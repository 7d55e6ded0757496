import test from 'node:test';
import assert from 'node:assert/strict';
import { grouped, counted, ordinal, formatCount, time, roughly, factorWords } from '../core/format.js';

test('counts are exact below a million, then compact, and never longer than 7 characters', () => {
  assert.equal(formatCount(0), '0');
  assert.equal(formatCount(999_999), '999,999');
  assert.equal(formatCount(1_000_000), '1M');
  assert.equal(formatCount(3_390_123), '3.39M');
  assert.equal(formatCount(2_138_456_789), '2.14B');
  assert.equal(formatCount(2_442_620_396_865_673), '2.44e15');
  assert.equal(formatCount(999e12), '999T');
  assert.equal(formatCount(1e15), '1.00e15', 'from 10^15 on, as a power of ten');
  for (let n = 1; n < 1e20; n = n * 7 + 3) assert.ok(formatCount(n).length <= 7, `${n} -> ${formatCount(n)}`);
});

test('whole numbers are grouped in threes, nouns agree with their counts', () => {
  assert.equal(grouped(0), '0');
  assert.equal(grouped(4096), '4,096');
  assert.equal(grouped(6_670_903_752_021_072_936_960), '6,670,903,752,021,073,000,000');
  assert.equal(counted(1, 'node'), '1 node');
  assert.equal(counted(0, 'node'), '0 nodes');
  assert.equal(counted(2000, 'entry', 'entries'), '2,000 entries');
});

test('ordinals: st, nd, rd, th, and the teens', () => {
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 1002].map(ordinal),
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '23rd', '101st', '111th', '1,002nd']);
});

test('times taken and times to come', () => {
  assert.equal(time(0.4), 'under 1 ms');
  assert.equal(time(12.4), '12 ms');
  assert.equal(time(999), '999 ms');
  assert.equal(time(3449), '3.4 s');
  assert.equal(roughly(200), '1 s');
  assert.equal(roughly(3_000), '3 s');
  assert.equal(roughly(89_000), '89 s');
  assert.equal(roughly(12 * 60_000), '12 min');
  assert.equal(roughly(2.5 * 3_600_000), '2.5 h');
  assert.equal(roughly(4 * 86_400_000), '4 days');
  assert.equal(roughly(2000 * 86_400_000), '2,000 days');
});

test('a factor in words: more, fewer, as many', () => {
  assert.equal(factorWords(3957, 1), '3,957× more');
  assert.equal(factorWords(25, 10), '2.5× more');
  assert.equal(factorWords(10, 25), '2.5× fewer');
  assert.equal(factorWords(7, 7), 'as many');
  assert.equal(factorWords(7, 0), '');
});
