// The CLI's hash backend: node:crypto runs OpenSSL's native Keccak, several times faster than
// @noble/hashes in Node. The core's results must not depend on the backend; test/cli checks
// this one against nobleBackend on the reference vectors.
import * as crypto from 'node:crypto';
import { lastTwoMemo, type HashBackend, type XofReader } from '../core/index.js';

/** SHAKE256's rate: squeezing up to this many bytes costs one Keccak permutation, fewer do not save any. */
const SHAKE256_RATE = 136;

// crypto.hash (one call, no Hash object) arrived in Node 20.12; older 20.x fall back to createHash.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;
const sha3_256HexOnce: (text: string) => string =
  typeof oneShot === 'function'
    ? (text) => oneShot('sha3-256', text, 'hex')
    : (text) => crypto.createHash('sha3-256').update(text, 'utf8').digest('hex');

const sha3_256Hex = lastTwoMemo(sha3_256HexOnce);

/**
 * Node's SHAKE cannot squeeze incrementally: a digest is one fixed-length output. SHAKE is an XOF,
 * so an output of n bytes is the prefix of any longer one; when more bytes are needed this reader
 * recomputes with a longer `outputLength` and hands out only the bytes not given yet. It squeezes
 * a whole rate block at least and doubles on growth, so a rejection costs one recompute, not many.
 *
 * The output is kept as a latin1 string (one character per byte) rather than a Buffer: a Buffer
 * from `digest()` has its memory allocated outside the JS heap, and a million of those make V8
 * run full garbage collections for the external memory; strings and small typed arrays stay in
 * the young generation and cost almost nothing to collect.
 */
class NodeShakeReader implements XofReader {
  private output = '';
  private position = 0;

  constructor(private readonly text: string) {}

  read(byteCount: number): Uint8Array {
    if (!Number.isInteger(byteCount) || byteCount < 0) throw new RangeError(`byteCount must be a non-negative integer, got ${byteCount}`);
    const start = this.position;
    const end = start + byteCount;
    if (end > this.output.length) {
      const length = Math.max(end, SHAKE256_RATE, 2 * this.output.length);
      this.output = crypto.createHash('shake256', { outputLength: length }).update(this.text, 'utf8').digest('binary'); // 'binary' is latin1: one character per byte
    }
    const output = this.output;
    const bytes = new Uint8Array(byteCount);
    for (let i = 0; i < byteCount; i++) bytes[i] = output.charCodeAt(start + i);
    this.position = end;
    return bytes;
  }
}

export const nodeBackend: HashBackend = {
  name: 'node:crypto',
  sha3_256Hex,
  shake256: (text) => new NodeShakeReader(text),
};
