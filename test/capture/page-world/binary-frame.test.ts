// The binary frame readers (MessagePack, CBOR) against their specifications' own examples: every
// example of RFC 8949 Appendix A (CBOR), and an example of each MessagePack format (the spec's
// format table), read as this reader promises (integers past 2^53, byte strings and extensions as
// nothing). Then the limits: lengths that claim more than the frame holds, depth, item count,
// keys that are not text, and frames that are neither format.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameShape, MAX_FRAME_DEPTH, MAX_FRAME_ITEMS, readCbor, readFrame, readMessagePack } from '../../../src/capture/page-world/binary-frame.js';
import { encodeCbor, encodeMessagePack } from '../../../scripts/demo-casino/binary-encode.js';

const hex = (text: string): Uint8Array => Uint8Array.from(text.match(/../g) ?? [], (pair) => parseInt(pair, 16));

/**
 * RFC 8949 Appendix A: encoded hex and the value as this reader gives it (the RFC's diagnostic
 * notation in the comment where the two differ). Scalars are read inside a one-element array (81…).
 */
const RFC_8949_APPENDIX_A: [string, unknown][] = [
  ['00', 0],
  ['01', 1],
  ['0a', 10],
  ['17', 23],
  ['1818', 24],
  ['1819', 25],
  ['1864', 100],
  ['1903e8', 1000],
  ['1a000f4240', 1000000],
  ['1b000000e8d4a51000', 1000000000000],
  ['1bffffffffffffffff', undefined], // 18446744073709551615: past 2^53
  ['c249010000000000000000', undefined], // 18446744073709551616 (bignum)
  ['3bffffffffffffffff', undefined], // -18446744073709551616
  ['c349010000000000000000', undefined], // -18446744073709551617 (bignum)
  ['20', -1],
  ['29', -10],
  ['3863', -100],
  ['3903e7', -1000],
  ['f90000', 0],
  ['f98000', -0],
  ['f93c00', 1],
  ['fb3ff199999999999a', 1.1],
  ['f93e00', 1.5],
  ['f97bff', 65504],
  ['fa47c35000', 100000],
  ['fa7f7fffff', 3.4028234663852886e38],
  ['fb7e37e43c8800759c', 1.0e300],
  ['f90001', 5.960464477539063e-8],
  ['f90400', 0.00006103515625],
  ['f9c400', -4],
  ['fbc010666666666666', -4.1],
  ['f97c00', Infinity],
  ['f97e00', NaN],
  ['f9fc00', -Infinity],
  ['fa7f800000', Infinity],
  ['fa7fc00000', NaN],
  ['faff800000', -Infinity],
  ['fb7ff0000000000000', Infinity],
  ['fb7ff8000000000000', NaN],
  ['fbfff0000000000000', -Infinity],
  ['f4', false],
  ['f5', true],
  ['f6', null],
  ['f7', null], // undefined: JSON has none
  ['f0', undefined], // simple(16)
  ['f8ff', undefined], // simple(255)
  ['c074323031332d30332d32315432303a30343a30305a', '2013-03-21T20:04:00Z'], // 0("…")
  ['c11a514b67b0', 1363896240], // 1(1363896240)
  ['c1fb41d452d9ec200000', 1363896240.5],
  ['d74401020304', undefined], // 23(h'01020304')
  ['d818456449455446', undefined], // 24(h'6449455446')
  ['d82076687474703a2f2f7777772e6578616d706c652e636f6d', 'http://www.example.com'],
  ['40', undefined], // h''
  ['4401020304', undefined],
  ['60', ''],
  ['6161', 'a'],
  ['6449455446', 'IETF'],
  ['62225c', '"\\'],
  ['62c3bc', '\u00fc'],
  ['63e6b0b4', '\u6c34'],
  ['64f0908591', '\ud800\udd51'],
  ['80', []],
  ['83010203', [1, 2, 3]],
  ['8301820203820405', [1, [2, 3], [4, 5]]],
  ['98190102030405060708090a0b0c0d0e0f101112131415161718181819', Array.from({ length: 25 }, (_, index) => index + 1)],
  ['a0', {}],
  ['a201020304', { 1: 2, 3: 4 }],
  ['a26161016162820203', { a: 1, b: [2, 3] }],
  ['826161a161626163', ['a', { b: 'c' }]],
  ['a56161614161626142616361436164614461656145', { a: 'A', b: 'B', c: 'C', d: 'D', e: 'E' }],
  ['5f42010243030405ff', undefined], // (_ h'0102', h'030405')
  ['7f657374726561646d696e67ff', 'streaming'],
  ['9fff', []],
  ['9f018202039f0405ffff', [1, [2, 3], [4, 5]]],
  ['9f01820203820405ff', [1, [2, 3], [4, 5]]],
  ['83018202039f0405ff', [1, [2, 3], [4, 5]]],
  ['83019f0203ff820405', [1, [2, 3], [4, 5]]],
  ['9f0102030405060708090a0b0c0d0e0f101112131415161718181819ff', Array.from({ length: 25 }, (_, index) => index + 1)],
  ['bf61610161629f0203ffff', { a: 1, b: [2, 3] }],
  ['826161bf61626163ff', ['a', { b: 'c' }]],
  ['bf6346756ef563416d7421ff', { Fun: true, Amt: -2 }],
];

/** One example of each MessagePack format (the spec's format table), read as this reader gives it. */
const MESSAGEPACK_FORMATS: [string, string, unknown][] = [
  ['positive fixint', '7f', 127],
  ['negative fixint', 'e0', -32],
  ['negative fixint -1', 'ff', -1],
  ['nil', 'c0', null],
  ['false', 'c2', false],
  ['true', 'c3', true],
  ['bin 8', 'c4020102', undefined],
  ['bin 16', 'c500020102', undefined],
  ['bin 32', 'c6000000020102', undefined],
  ['ext 8', 'c702010102', undefined],
  ['ext 16', 'c80002010102', undefined],
  ['ext 32', 'c9000000020101 02'.replace(' ', ''), undefined],
  ['float 32', 'ca3fc00000', 1.5],
  ['float 64', 'cb3ff199999999999a', 1.1],
  ['uint 8', 'ccff', 255],
  ['uint 16', 'cdffff', 65535],
  ['uint 32', 'ceffffffff', 4294967295],
  ['uint 64, safe', 'cf001fffffffffffff', 9007199254740991],
  ['uint 64 past 2^53', 'cfffffffffffffffff', undefined],
  ['int 8', 'd080', -128],
  ['int 16', 'd18000', -32768],
  ['int 32', 'd280000000', -2147483648],
  ['int 64, -1', 'd3ffffffffffffffff', -1],
  ['int 64, safe', 'd3ffe0000000000001', -9007199254740991],
  ['int 64 past -2^53', 'd38000000000000000', undefined],
  ['fixext 1', 'd40105', undefined],
  ['fixext 2', 'd5010102', undefined],
  ['fixext 4 (timestamp 32)', 'd6ff00000000', undefined],
  ['fixext 8', 'd7ff0000000000000000', undefined],
  ['fixext 16', `d801${'00'.repeat(16)}`, undefined],
  ['fixstr', 'a3616263', 'abc'],
  ['str 8', 'd903616263', 'abc'],
  ['str 16', 'da0003616263', 'abc'],
  ['str 32', 'db00000003616263', 'abc'],
  ['fixstr, UTF-8', 'a3e6b0b4', '\u6c34'],
  ['fixarray', '920102', [1, 2]],
  ['array 16', 'dc00020102', [1, 2]],
  ['array 32', 'dd000000020102', [1, 2]],
  ['fixmap', '81a16101', { a: 1 }],
  ['map 16', 'de0001a16101', { a: 1 }],
  ['map 32', 'df00000001a16101', { a: 1 }],
];

/** The one value of a one-element array, as the format reads it. */
const inArray = (read: typeof readCbor, prefix: string, item: string): unknown => {
  const got = read(hex(prefix + item));
  if (!got || !Array.isArray(got.value) || got.value.length !== 1) throw new Error(`${item}: not read as one value (${JSON.stringify(got)})`);
  return got.value[0];
};
/** Objects without a prototype compared as plain ones. */
const plain = (value: unknown): unknown => (value !== null && typeof value === 'object' ? (Array.isArray(value) ? value.map(plain) : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]))) : value);

describe('CBOR: RFC 8949 Appendix A', () => {
  it.each(RFC_8949_APPENDIX_A)('%s', (encoded, expected) => {
    expect(plain(inArray(readCbor, '81', encoded))).toEqual(expected);
    // Bare, too: the scalar alone is read as one whole item.
    expect(plain(readCbor(hex(encoded))?.value)).toEqual(expected);
  });
});

describe('MessagePack: each format', () => {
  it.each(MESSAGEPACK_FORMATS)('%s', (_, encoded, expected) => {
    expect(plain(inArray(readMessagePack, '91', encoded))).toEqual(expected);
  });
  it('never takes 0xc1 (never used)', () => {
    expect(readMessagePack(hex('91c1'))).toBeUndefined();
  });
});

describe('keys and objects', () => {
  it('keeps text and number keys, skips others, and a "__proto__" key is an own key of an object without a prototype', () => {
    // MessagePack {1: 2, nil: 3, [1]: 4, "__proto__": 5}
    const got = readMessagePack(hex('840102c0039101 04a95f5f70726f746f5f5f05'.replace(' ', '')))!.value as Record<string, unknown>;
    expect(Object.getPrototypeOf(got)).toBeNull();
    expect(Object.keys(got)).toEqual(['1', '__proto__']);
    expect(got['__proto__']).toBe(5);
    // CBOR {-1.5: "a", h'00': 1, true: 2}
    const cbor = readCbor(hex('a3f9be006161410001f502'))!.value as Record<string, unknown>;
    expect({ ...cbor }).toEqual({ '-1.5': 'a' });
  });
});

describe('limits', () => {
  it('fails at once on a length that claims more than the frame holds (4 GB claims allocate nothing)', () => {
    for (const frame of ['dbffffffff', 'ddffffffff00', 'dfffffffff0000', 'c6ffffffff', 'c9ffffffff01', '5bffffffffffffffff', '9bffffffffffffffff00', 'bb00000000ffffffff0000', '9a7fffffff']) {
      expect(readMessagePack(hex(frame)), frame).toBeUndefined();
      expect(readCbor(hex(frame)), frame).toBeUndefined();
    }
  });
  it(`reads ${MAX_FRAME_DEPTH + 1} nested arrays, not one more`, () => {
    const nested = (depth: number, open: string, empty: string) => hex(open.repeat(depth) + empty);
    expect(readMessagePack(nested(MAX_FRAME_DEPTH, '91', '90'))).toBeDefined();
    expect(readMessagePack(nested(MAX_FRAME_DEPTH + 1, '91', '90'))).toBeUndefined();
    expect(readCbor(nested(MAX_FRAME_DEPTH, '81', '80'))).toBeDefined();
    expect(readCbor(nested(MAX_FRAME_DEPTH + 1, '81', '80'))).toBeUndefined();
    // Tags count as depth: a chain of them cannot recurse without end.
    expect(readCbor(hex(`${'c1'.repeat(10_000)}00`))).toBeUndefined();
    expect(readCbor(hex(`${'9f'.repeat(MAX_FRAME_DEPTH + 1)}80${'ff'.repeat(MAX_FRAME_DEPTH + 1)}`))).toBeUndefined();
  });
  it(`reads ${MAX_FRAME_ITEMS} values in a frame, not one more`, () => {
    const array = (count: number) => hex(`dd${count.toString(16).padStart(8, '0')}${'00'.repeat(count)}`);
    expect((readMessagePack(array(MAX_FRAME_ITEMS - 1))!.value as unknown[]).length).toBe(MAX_FRAME_ITEMS - 1);
    expect(readMessagePack(array(MAX_FRAME_ITEMS))).toBeUndefined();
    const indefinite = (count: number) => hex(`9f${'00'.repeat(count)}ff`);
    expect((readCbor(indefinite(MAX_FRAME_ITEMS - 1))!.value as unknown[]).length).toBe(MAX_FRAME_ITEMS - 1);
    expect(readCbor(indefinite(MAX_FRAME_ITEMS))).toBeUndefined();
  });
  it('takes no frame with bytes after its value, a break out of place, or a reserved CBOR value', () => {
    for (const frame of ['8000', 'ff', '81ff', 'fc', '5f6161ff', '1c']) expect(readCbor(hex(frame)), frame).toBeUndefined();
    expect(readMessagePack(hex('9000'))).toBeUndefined();
  });
});

describe('readFrame', () => {
  it('gives the maps and arrays a frame holds in either format, and nothing for scalars or junk', () => {
    const round = { serverSeedHash: 'ab'.repeat(32), clientSeed: 'mine', nonce: 7, result: [1, 2, 3], multiplier: 1.5 };
    expect(readFrame(encodeMessagePack(round)).map(plain)).toContainEqual(round);
    expect(readFrame(encodeCbor(round)).map(plain)).toContainEqual(round);
    expect(readFrame(hex('a3616263'))).toEqual([]); // MessagePack "abc"
    expect(readFrame(hex('0102'))).toEqual([]);
    expect(readFrame(new Uint8Array(0))).toEqual([]);
    // Valid in both: MessagePack {} and CBOR [].
    expect(readFrame(hex('80')).map(plain)).toEqual([{}, []]);
  });
  it('never throws, and gives at most one map or array per format (property over any bytes)', () => {
    let read = 0;
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const values = readFrame(bytes);
        read += values.length;
        return values.length <= 2 && values.every((value) => typeof value === 'object' && value !== null);
      }),
      { numRuns: 2000 },
    );
    expect(read).toBeGreaterThan(0); // some random frames are valid: the generator is not vacuous
  });
  it('reads back what the encoders wrote (any JSON value in a map)', () => {
    let cases = 0;
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        // Integers past 2^53 read as nothing (JSON.parse would round them): the property is about the others.
        const json = JSON.parse(JSON.stringify({ value }, (_, item: unknown) => (typeof item === 'number' && Number.isInteger(item) && !Number.isSafeInteger(item) ? 0.5 : item))) as unknown;
        cases++;
        return [encodeMessagePack(json), encodeCbor(json)].every((frame) => readFrame(frame).some((read) => JSON.stringify(plain(read)) === JSON.stringify(json)));
      }),
    );
    expect(cases).toBeGreaterThanOrEqual(100);
  });
});

describe('frameShape', () => {
  it('is the first byte and the size rounded up to a power of two, nothing else', () => {
    expect(frameShape(hex('89 00 ff 10 42 7f 80 01'.replace(/ /g, '')))).toBe('x89b8');
    expect(frameShape(new Uint8Array(9).fill(0x1f))).toBe('x1fb16');
    expect(frameShape(new Uint8Array(0))).toBe('x00b1');
    expect(frameShape(new Uint8Array(3_000_000))).toBe('x00b1048576');
  });
});
