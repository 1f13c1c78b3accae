// Fuzzes the binary frame readers (page-world/binary-frame.ts): any JSON value written as
// MessagePack or CBOR reads back as itself, and gives the walker the same rounds as its JSON text;
// any bytes — random, or a valid frame truncated, with bytes flipped, or with a huge length prefix
// spliced in — give at most one map or array per format, never throw, and stay within time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readFrame } from '../../src/capture/page-world/binary-frame.js';
import { extractRounds } from '../../src/capture/readers/json-tap.js';
import { encodeCbor, encodeMessagePack } from '../../scripts/demo-casino/binary-encode.js';
import { BIG_INPUT_MS, bigCases, CASE_MS, Counters, MB, PROPERTY_TIMEOUT, runProperty, share, targetCases, withinTime } from './harness.js';
import { betValue, jsonValue } from './tap-text-arbitraries.js';

const TARGET = 'binary-frames';
const CASES = targetCases(2000);

/** JSON as both formats carry it: integers past 2^53 (which read as nothing by design) made halves. */
const carried = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (_, item: unknown) => (typeof item === 'number' && Number.isInteger(item) && !Number.isSafeInteger(item) ? 0.5 : item)));
const plain = (value: unknown): unknown => (value !== null && typeof value === 'object' ? (Array.isArray(value) ? value.map(plain) : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]))) : value);
const encoders = [encodeMessagePack, encodeCbor];

/** A valid frame spoilt: cut short, bytes flipped, or a 4 GB length prefix spliced in. */
const spoilt = fc
  .tuple(fc.oneof(betValue, jsonValue), fc.constantFrom(0, 1), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 4 }), fc.nat(), fc.constantFrom('cut', 'flip', 'huge', 'all'))
  .map(([value, format, flips, cut, how]) => {
    const bytes = Array.from(encoders[format]!(carried(value)));
    if (how === 'flip' || how === 'all') for (const [at, byte] of flips) if (bytes.length) bytes[at % bytes.length] = byte;
    if (how === 'huge' || how === 'all') bytes.splice(cut % (bytes.length + 1), 0, ...(format ? [0x9b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff] : [0xdd, 0xff, 0xff, 0xff, 0xff]));
    if (how === 'cut' || how === 'all') bytes.length = cut % (bytes.length + 1);
    return Uint8Array.from(bytes);
  });

describe('binary-frames: MessagePack and CBOR frames', () => {
  it('read back any JSON value, and give the walker the rounds its JSON gives', () => {
    const counters = new Counters();
    runProperty(
      TARGET,
      'round trip',
      fc.property(jsonValue, fc.constantFrom(0, 1), (value, format) => {
        const json = carried({ value });
        const frame = encoders[format]!(json);
        const values = withinTime(CASE_MS, 'readFrame', () => readFrame(frame)).map(plain);
        expect(values).toContainEqual(json);
        const rounds = extractRounds(json);
        counters.add(rounds.length > 0 ? 'with rounds' : 'no rounds');
        expect(values.some((read) => JSON.stringify(extractRounds(read)) === JSON.stringify(rounds))).toBe(true);
      }),
      share(CASES, 0.4),
      counters,
    );
  }, PROPERTY_TIMEOUT);

  it('survive any bytes: at most one map or array per format, never a throw', () => {
    const counters = new Counters();
    runProperty(
      TARGET,
      'junk',
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 256 }), spoilt), (bytes) => {
        const values = withinTime(CASE_MS, 'readFrame', () => readFrame(bytes));
        counters.add(`read ${values.length}`);
        expect(values.length).toBeLessThanOrEqual(2);
        for (const value of values) {
          expect(typeof value === 'object' && value !== null).toBe(true);
          // The walker takes whatever came out without throwing.
          expect(Array.isArray(extractRounds(value))).toBe(true);
        }
      }),
      share(CASES, 0.6),
      counters,
    );
  }, PROPERTY_TIMEOUT);

  it('read a megabyte frame of bets, or of random bytes, in time', () => {
    runProperty(
      TARGET,
      'big',
      fc.property(betValue, fc.constantFrom(0, 1), fc.integer(), (bet, format, seed) => {
        const line = encoders[format]!(bet).length;
        const bets = Array.from({ length: Math.ceil(MB / line) }, (_, index) => ({ ...bet, index }));
        const frame = encoders[format]!(bets);
        const values = withinTime(BIG_INPUT_MS, 'readFrame of 1 MB', () => readFrame(frame));
        expect(values.map((value) => (value as unknown[]).length)).toContain(bets.length);
        let state = seed;
        const random = Uint8Array.from({ length: MB }, () => ((state = (Math.imul(state, 1103515245) + 12345) | 0) >>> 24) & 0xff);
        expect(withinTime(BIG_INPUT_MS, 'readFrame of 1 MB random', () => readFrame(random)).length).toBeLessThanOrEqual(2);
      }),
      bigCases(),
    );
  }, PROPERTY_TIMEOUT);
});
