import test from 'node:test';
import assert from 'node:assert/strict';
import { formatCount } from '../views/counters.js';

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
