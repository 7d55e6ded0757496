// An exact-cover problem in a link: its DLX1 text, compressed with the platform's own
// `CompressionStream('deflate-raw')` and written in base64url (RFC 4648 §5, no padding),
// so that it can stand in a URL hash as it is. Reading a link never trusts it: bad
// characters, a stream that does not inflate, or one that inflates past a limit (a
// "zip bomb") are errors that say so.

import { grouped } from './format.js';

/** The longest packed problem a link carries (characters of base64url). */
export const MAX_PACKED = 16_000;
/**
 * The most characters a link's problem may unpack to: as many as the editor takes, counted
 * as the editor counts them (UTF-16 code units, a JavaScript string's length), not in bytes,
 * so that any problem the editor holds can travel in a link (300,000 "é" are 600,000 bytes).
 */
export const MAX_UNPACKED = 500_000;
/** UTF-8 takes at most 3 bytes for each UTF-16 code unit (4 for a pair): past this many
 *  bytes a stream is too long whatever it holds, and inflating it stops there. */
const BYTES_PER_UNIT = 3;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const VALUE = new Int16Array(128).fill(-1);
for (let k = 0; k < 64; k++) VALUE[ALPHABET.charCodeAt(k)] = k;

/** Bytes as base64url without padding. */
export function toBase64Url(bytes) {
  let out = '';
  for (let k = 0; k < bytes.length; k += 3) {
    const n = (bytes[k] << 16) | ((bytes[k + 1] ?? 0) << 8) | (bytes[k + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - k) * 8) / 6));
    for (let j = 0; j < chars; j++) out += ALPHABET[(n >> (18 - 6 * j)) & 63];
  }
  return out;
}

/** The bytes of a base64url text (no padding); throws on a character outside the alphabet. */
export function fromBase64Url(text) {
  if (text.length % 4 === 1) throw new Error('it is cut short (a base64url text cannot have this length)');
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let acc = 0, bits = 0, at = 0;
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    const v = c < 128 ? VALUE[c] : -1;
    if (v < 0) throw new Error(`character ${k + 1} is not base64url`);
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (acc >> bits) & 255;
    }
  }
  return out;
}

class TooLong extends Error {}

async function readAll(stream, max) {
  const reader = stream.getReader();
  const parts = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel();
      throw new TooLong();
    }
    parts.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function through(bytes, transform) {
  const writer = transform.writable.getWriter();
  // Errors surface on the readable side; the writer's own promises must not go unhandled.
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  return transform.readable;
}

/** A problem's text, packed for a link. */
export async function packProblem(text) {
  const bytes = new TextEncoder().encode(text);
  return toBase64Url(await readAll(through(bytes, new CompressionStream('deflate-raw')), Infinity));
}

/**
 * The text of a packed problem, at most `max` characters (the editor's measure); throws an
 * Error whose message says what is wrong with it.
 */
export async function unpackProblem(packed, max = MAX_UNPACKED) {
  const bytes = fromBase64Url(packed);
  const tooLong = () => new Error(`it unpacks to more than ${grouped(max)} characters (the most the editor takes)`);
  let raw;
  try {
    raw = await readAll(through(bytes, new DecompressionStream('deflate-raw')), BYTES_PER_UNIT * max);
  } catch (e) {
    if (e instanceof TooLong) throw tooLong();
    throw new Error('it does not unpack (not deflate-raw data, or damaged)');
  }
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    throw new Error('it unpacks to something that is not UTF-8 text');
  }
  if (text.length > max) throw tooLong();
  return text;
}
