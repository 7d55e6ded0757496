// A teacher's own lesson (issue 33 part 6): moments of any search, each a view's own link
// (the Sudoku, Knuth's example or an exact-cover problem, at its step: router.js's hash
// without its #) with a sentence the teacher wrote, shared as one link, `#own=<packed>`:
// the JSON `{"v":1,"m":[[hash, sentence], …]}` (or `[hash, sentence, title]` for a moment
// given a title of its own) packed as a workbench problem is
// (cover-link.js: deflate-raw, base64url). Opened, it shows as a lesson in the lesson's panel
// (www/rooms/lesson/lesson-room.js). A link is never trusted: what does not unpack, is not this
// JSON, has too many moments, too long a sentence, or a moment whose own link is faulty
// (router.js's checks) or is itself a lesson, is refused with a message that says which.

import { packProblem, unpackProblem, MAX_PACKED } from '../../core/cover-link.js';
import { parseHash, quote } from '../../core/router.js';
import { grouped } from '../../core/format.js';

/** At most this many moments, each sentence at most this many characters. */
export const MAX_MOMENTS = 30;
export const MAX_SENTENCE = 600;
/** A moment's own title (shown in place of where it is, "Knuth's example, step 12"). */
export const MAX_TITLE = 80;
/** The most a lesson unpacks to: its moments' links (a workbench problem each at most) and sentences. */
export const MAX_OWN_UNPACKED = 200_000;

/** `moments`: `[{hash, text, title}]` (`title` optional). The packed lesson, or an Error's message when it cannot travel. */
export async function packLesson(moments) {
  const packed = await packProblem(JSON.stringify({ v: 1, m: moments.map((m) => (m.title ? [m.hash, m.text, m.title] : [m.hash, m.text])) }));
  if (packed.length > MAX_PACKED) throw new Error(`the lesson is too big for a link (${grouped(packed.length)} characters packed, at most ${grouped(MAX_PACKED)}): take out a moment, or a long problem`);
  return packed;
}

/** The moments of a packed lesson, checked; throws an Error that says what is wrong. */
export async function unpackLesson(packed) {
  if (packed.length > MAX_PACKED) throw new Error(`it is too long (${grouped(packed.length)} characters, at most ${grouped(MAX_PACKED)})`);
  const text = await unpackProblem(packed, MAX_OWN_UNPACKED);
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('it does not hold a lesson (not the JSON a lesson is written in)');
  }
  return checkLesson(value);
}

/** The moments `[{hash, text, title}]` of a lesson's JSON value (`title` '' where it has none); throws an Error that says what is wrong. */
export function checkLesson(value) {
  if (!value || typeof value !== 'object' || value.v !== 1 || !Array.isArray(value.m)) throw new Error('it does not hold a lesson (no list of moments)');
  const m = value.m;
  if (m.length === 0) throw new Error('its lesson has no moments');
  if (m.length > MAX_MOMENTS) throw new Error(`its lesson has ${grouped(m.length)} moments, at most ${MAX_MOMENTS}`);
  return m.map((x, k) => {
    const n = `moment ${k + 1}`;
    if (!Array.isArray(x) || (x.length !== 2 && x.length !== 3) || x.some((y) => typeof y !== 'string')) throw new Error(`${n} is not a link and a sentence (and a title)`);
    const [hash, text, title = ''] = x;
    if (text.length > MAX_SENTENCE) throw new Error(`${n}'s sentence has ${grouped(text.length)} characters, at most ${MAX_SENTENCE}`);
    if (title.length > MAX_TITLE) throw new Error(`${n}'s title has ${grouped(title.length)} characters, at most ${MAX_TITLE}`);
    if (/^#?own=|[?&#]own=|(^|&)lesson=/.test(hash)) throw new Error(`${n} is a lesson itself, not a moment of a search`);
    const h = parseHash(hash);
    if (h.errors.length) throw new Error(`${n}'s link: ${h.errors[0]}`);
    if (h.mode === 'sudoku' && !h.puzzle) throw new Error(`${n}'s link names no puzzle (${quote(hash)})`);
    return { hash: hash.replace(/^#/, ''), text, title };
  });
}

/** A moment's title: its own, or where it is. */
export const titleOf = (m) => m.title || whereWords(m.hash);

/** Where a moment is, in words: "Knuth's example, step 12". */
export function whereWords(hash) {
  const h = parseHash(hash);
  const view = h.mode === 'knuth' ? 'Knuth\'s example' : h.mode === 'cover' ? 'an exact-cover problem' : `the ${Math.round(Math.sqrt(h.puzzle?.length ?? 81))}×${Math.round(Math.sqrt(h.puzzle?.length ?? 81))} Sudoku ${h.puzzle?.slice(0, 9) ?? ''}…`;
  return `${view}, step ${grouped(h.step)}`;
}
