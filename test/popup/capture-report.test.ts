// "Copy a capture report" (src/popup/capture-report.ts), end to end from what capture counts
// (src/capture/readers/capture-tally.ts): labels, keys and shapes, and never a value, nor any part of one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { captureTally } from '../../src/capture/readers/capture-tally.js';
import type { FairnessFields } from '../../src/capture/readers/fields.js';
import { captureReport, shapeName } from '../../src/popup/capture-report.js';
import { extractRoundsNoting } from '../../src/capture/readers/json-tap.js';
import { decodeTapDetail, encodeTapDetails } from '../../src/capture/page-world/tap-channel.js';
import { CAPTURE_CHANNELS, type CaptureChannel, type KeyNote } from '../../src/shared/capture-channel.js';
import { validateContentMessage } from '../../src/shared/messages.js';

const PAGE = { host: 'www.cloudbet.com', version: '0.1.0' };

describe('binary frames in the report', () => {
  it('lists each unreadable frame shape as its first byte and size, with its count', () => {
    const report = captureReport({ counts: {}, seen: [], frames: [['websocket', 'x89b8', 3]] }, { host: 'www.cloudbet.com', version: '1' });
    expect(report.split('\n').slice(-2)).toEqual(['binary frames read as neither MessagePack nor CBOR:', '  websocket: first byte 0x89, up to 8 bytes ×3']);
  });
});

describe('shapeName', () => {
  it('words a shape as the report shows it', () => {
    expect(['h64', 'i', 't12', 'L10i', 'L3t'].map(shapeName)).toEqual(['64-hex', 'int', 'text(12)', 'list of 10 ints', 'list of 3 texts']);
  });
});

describe('captureReport', () => {
  it('lists each channel’s counts, then the kinds of value in no round and in rounds', () => {
    const { tally, count } = captureTally();
    const seed = 'ebdd47f05399c7427e5b8814db8217ebb8fe8383523675731ea7bff0dbd9466f';
    count('dom', { clientSeed: seed });
    count('dom', { nonce: '12' });
    count('fetch', { serverSeed: seed, nonce: '12', result: ['1', '2'] }, { serverSeed: seed, nonce: '12', result: ['1', '2'] });
    expect(captureReport(tally, PAGE)).toBe(
      [
        'Fair Witness capture report (labels, keys and value shapes; no values)',
        'page: www.cloudbet.com',
        'version: 0.1.0',
        'dom: fairness values 2, rounds 0, not placed 2',
        'fetch: fairness values 2, rounds 1, not placed 0',
        'seen in no round:',
        '  dom clientSeed: 64-hex',
        '  dom nonce: int',
        'seen in rounds:',
        '  fetch serverSeed: 64-hex',
        '  fetch nonce: int',
        '  fetch result: list of 2 ints',
      ].join('\n'),
    );
  });
});

describe('closed shadow roots', () => {
  it('are counted by the tally (each a change to report) and named in the report, after the counts', () => {
    const { tally, count, closedHost, report } = captureTally();
    const sent: number[] = [];
    report(() => sent.push(1), 0);
    count('shadow', { nonce: '3' });
    closedHost();
    closedHost();
    expect(tally.closed).toBe(2);
    const lines = captureReport(tally, PAGE).split('\n');
    expect(lines.slice(3, 5)).toEqual(['shadow: fairness values 1, rounds 0, not placed 1', 'closed shadow roots (not readable): 2']);
  });

  it('leave the report unchanged when there are none', () => {
    const { tally, count } = captureTally();
    count('dom', { nonce: '3' });
    expect(captureReport(tally, PAGE)).not.toContain('closed');
  });
});

// Values as pages show them: hex of any length, digits, free text (client seeds are the player's own words), lists.
const text = fc.oneof(
  fc.stringMatching(/^[0-9a-f]{6,80}$/),
  fc.stringMatching(/^[0-9]{6,20}$/),
  fc.string({ minLength: 6, maxLength: 60, unit: 'grapheme' }),
  fc.string({ minLength: 0, maxLength: 8 }),
);
const value = fc.oneof(text, fc.array(text, { maxLength: 12 }));
const FIELDS = ['game', 'serverSeed', 'commitment', 'clientSeed', 'nonce', 'result', 'roundSignature', 'picks', 'stake', 'payout', 'multiplier'] as const;
const round = fc.dictionary(fc.constantFrom(...FIELDS), value, { minKeys: 1 }) as fc.Arbitrary<FairnessFields>;
const found = fc.array(fc.tuple(fc.constantFrom<CaptureChannel>(...CAPTURE_CHANNELS), round, fc.boolean()), { minLength: 1, maxLength: 30 });

/** Every value's substrings of `length`, as a page showed them (list items one by one and joined). */
function substrings(rounds: [CaptureChannel, FairnessFields, boolean][], length: number): Set<string> {
  const parts = new Set<string>();
  for (const [, fields] of rounds) {
    for (const raw of Object.values(fields)) {
      for (const text of typeof raw === 'string' ? [raw] : [...raw, raw.join(',')]) {
        for (let start = 0; start + length <= text.length; start++) parts.add(text.slice(start, start + length));
      }
    }
  }
  return parts;
}

const reportOf = (rounds: [CaptureChannel, FairnessFields, boolean][]) => {
  const { tally, count } = captureTally();
  for (const [channel, fields, placed] of rounds) count(channel, fields, placed ? fields : undefined);
  return { tally, report: captureReport(tally, PAGE) };
};

describe('the report never holds a value', () => {
  it('no substring of 6 characters of any value appears in it, unless the report’s own words hold it anyway', () => {
    // The report's own words: what it says for the same rounds with every value replaced by another of its shape.
    const skeleton = (rounds: [CaptureChannel, FairnessFields, boolean][]) => reportOf(rounds.map(([c, f, p]) => [c, Object.fromEntries(Object.entries(f).map(([k, v]) => [k, sameShape(v)])) as FairnessFields, p]));
    fc.assert(
      fc.property(found, (rounds) => {
        const { report } = reportOf(rounds);
        const words = skeleton(rounds).report;
        // "Fair W" as a client seed is in the heading whatever the page showed: only the report's own words may hold it.
        const leaked = [...substrings(rounds, 6)].filter((part) => report.includes(part) && !words.includes(part));
        expect(leaked, report).toEqual([]);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('depends on the values only through their shapes', () => {
    fc.assert(
      fc.property(found, (rounds) => {
        const same = rounds.map(([channel, fields, placed]) => [channel, Object.fromEntries(Object.entries(fields).map(([key, raw]) => [key, sameShape(raw)])), placed] as [CaptureChannel, FairnessFields, boolean]);
        expect(reportOf(same).report).toBe(reportOf(rounds).report);
      }),
      { numRuns: 300 },
    );
  });

  it('what capture sends is a message the worker takes', () => {
    fc.assert(
      fc.property(found, (rounds) => {
        expect(validateContentMessage({ type: 'capture-tally', tally: reportOf(rounds).tally }).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

/** Rotates `char` within the range `from`…`to` when it lies there. */
const rotate = (char: string, from: string, to: string) => {
  const code = char.charCodeAt(0);
  const low = from.charCodeAt(0);
  const size = to.charCodeAt(0) - low + 1;
  return code >= low && code < low + size ? String.fromCharCode(low + ((code - low + 1) % size)) : undefined;
};

/**
 * Another value of the same shape, one to one (distinct values stay distinct): digits, hex
 * letters and other letters each rotate within their class; any other character stays.
 */
function sameShape(raw: string | string[]): string | string[] {
  const ranges: [string, string][] = [['0', '9'], ['a', 'f'], ['A', 'F'], ['g', 'z'], ['G', 'Z']];
  const swap = (text: string) =>
    text
      .split('')
      .map((char) => ranges.reduce<string | undefined>((done, [from, to]) => done ?? rotate(char, from, to), undefined) ?? char)
      .join('');
  return typeof raw === 'string' ? swap(raw) : raw.map(swap);
}

describe('the page’s keys in the report', () => {
  it('are quoted as the page spells them, with shape, sightings and whether a round took them', () => {
    const { tally, keys } = captureTally();
    keys('websocket', [
      ['serverSeedHashed', 'h64', 0, 12],
      ['nonce', 'i', 1, 3],
    ]);
    const report = captureReport({ ...tally, bare: 2 }, PAGE).split('\n');
    expect(report).toContain('64-hex texts with no label: 2');
    expect(report.slice(-3)).toEqual([
      'page keys with fairness-like values (as the page spells them):',
      '  websocket: key "serverSeedHashed" 64-hex ×12 (not placed)',
      '  websocket: key "nonce" int ×3',
    ]);
  });
});

// Messages as a page's JSON channels deliver them: keys of its own (some under fairness words,
// some that are values themselves, as a hostile page may send), values of the shapes fairness
// values take. Walked in the page's world, handed over and re-checked as the extension does.
const hexValue = fc.stringMatching(/^[0-9a-fA-F]{16,80}$/);
const pageValue = fc.oneof(hexValue, fc.stringMatching(/^[0-9A-Z]{6,40}$/), fc.integer({ min: 0, max: 1e9 }));
const pageKey = fc.oneof(
  fc.stringMatching(/^[g-z]{1,6}(?:Seed|Nonce|Hash|_seed_hash|Salt)?[g-z]{0,6}$/),
  fc.constantFrom('serverSeedHashed', 'clientSeed', 'nonce', 'server_seed', 'result'),
  hexValue, // a value as a key
  hexValue.map((hex) => `seed_${hex}`), // a value inside a key
);
const pageObject = fc.dictionary(pageKey, pageValue, { minKeys: 1, maxKeys: 8 });
const message = fc.oneof(pageObject, fc.array(pageObject, { maxLength: 4 }).map((bets) => ({ data: { bets } })));
const messages = fc.array(fc.tuple(fc.constantFrom<CaptureChannel>('fetch', 'xhr', 'websocket', 'sse', 'embedded'), message), { minLength: 1, maxLength: 10 });

/** What the extension makes of a page's messages: the tap's notes and rounds, handed over, counted, taken by the worker (which stores what its schema gives). */
function reportOfMessages(sent: [CaptureChannel, unknown][]) {
  const { tally, count, keys } = captureTally();
  for (const [channel, value] of sent) {
    const notes = new Map<string, KeyNote>();
    const rounds = extractRoundsNoting(value, notes);
    for (const detail of encodeTapDetails(rounds, channel, notes.size ? [...notes.values()] : undefined)) {
      const via: Parameters<typeof decodeTapDetail>[1] = {};
      for (const fields of decodeTapDetail(detail, via)) count(via.channel ?? 'fetch', fields);
      if (via.keys) keys(via.channel ?? 'fetch', via.keys);
    }
  }
  const checked = validateContentMessage({ type: 'capture-tally', tally });
  if (!checked.ok || checked.message.type !== 'capture-tally') throw new Error(`the worker refuses the tally: ${JSON.stringify(checked)}`);
  return { tally: checked.message.tally, report: captureReport(checked.message.tally, PAGE) };
}

/** Every 6-character piece of every value a message holds, keys that are values included. */
function valuePieces(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (/[\da-f]{16}/i.test(key)) valuePieces(key, into);
      valuePieces(item, into);
    }
  } else {
    const text = String(value);
    for (let start = 0; start + 6 <= text.length; start++) into.add(text.slice(start, start + 6));
  }
  return into;
}

describe('the report never holds a value, with the page’s keys in it', () => {
  it('no 6-character piece of any value (nor of a key that is a value) appears, and what capture sends is a message the worker takes', () => {
    fc.assert(
      fc.property(messages, (sent) => {
        const { tally, report } = reportOfMessages(sent);
        // One assertion per case: an expect per piece made this property 15 times slower.
        const leaked = [...new Set(sent.flatMap(([, value]) => [...valuePieces(value)]))].filter((part) => report.includes(part));
        expect(leaked).toEqual([]);
        expect(report).not.toMatch(/[\da-f]{8}/i);
        expect(validateContentMessage({ type: 'capture-tally', tally }).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('lists the keys a page used under fairness words (the property above is not vacuous)', () => {
    const { report } = reportOfMessages([['websocket', { data: { bets: [{ srvSeedHashV2: 'a'.repeat(64), nonce: 1 }] } }]]);
    expect(report).toContain('websocket: key "srvSeedHashV2" 64-hex ×1 (not placed)');
    expect(report).toContain('websocket: key "nonce" int ×1 (not placed)');
  });
});

// A page may key its JSON by values (a map from client seeds to their hashes): such a key is the
// value. Clearly value-like keys in the spellings values come in must not reach the tally or the report.
const VALUE_KEYS = [
  'qGvObdni7e7QfrDq', // base62, 16 characters (a generated client seed)
  'q0jtv1TI3bOuzIgLXzxsZpr5', // base62, 24
  'qc20rqj7zq9v79mr', // base36, 16
  'qu6dZzcWzQe7bWAapiOSbwqgTUJ72RoL', // base64url, 32
  'qYH2V2DJT35WR6JV5XKXFPRWWS', // base32, 26
  'seed_ab12cd3-4ef56a7_90bcde1', // hex split by separators
  'k1a2b-3c4d-5e6f-7a8b',
  'n1234.5678.9012', // decimal split by separators
  'n1234x5678x9012',
  'seed_7a_3f_9c_b2', // hex split by single bytes
];

describe('keys that are values in other spellings', () => {
  it('never reach the tally the worker stores (which it still takes) nor the report', () => {
    const sent = VALUE_KEYS.map((key): [CaptureChannel, unknown] => ['websocket', { clientSeeds: { [key]: 'a'.repeat(64) }, serverSeedHash: 'b'.repeat(64) }]);
    const { tally, report } = reportOfMessages(sent);
    for (const key of VALUE_KEYS) {
      expect(report, key).not.toContain(key);
      expect(JSON.stringify(tally), key).not.toContain(key);
    }
    expect(report).toContain('websocket: key "serverSeedHash" 64-hex');
  });

  it('holds for hex split by separators of any kind, however it is grouped', () => {
    const group = fc.stringMatching(/^[\da-f]{1,7}$/);
    const split = fc
      .tuple(fc.constantFrom('seed', 'k', 'hash', 'x'), fc.array(fc.tuple(group, fc.constantFrom('_', '-', '.', '__')), { minLength: 2, maxLength: 6 }))
      .filter(([, groups]) => groups.reduce((sum, [hex]) => sum + hex.length, 0) >= 8)
      .map(([head, groups]) => `${head}_${groups.map(([hex, separator]) => hex + separator).join('')}`.slice(0, 40));
    fc.assert(
      fc.property(split, (key) => {
        const hex = key.replace(/^[a-z]+_/, '').replace(/[_.-]/g, '');
        fc.pre(hex.length >= 8);
        const { report } = reportOfMessages([['fetch', { [key]: 'c'.repeat(64) }]]);
        expect(report).not.toContain(key);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps names as pages spell them, version and digest numbers included', () => {
    const names = ['srvSeedHashV2', 'server_seed_hash_sha256', 'hmacSha256', 'SERVER_SEED_HASH', 'ServerSeedHashed', 'proof-hash', 'seed.hash', 'nextServerSeedHash', 'revealedServerSeedForRoundNumberV2', 'crc32', 'vrfProof', 'txHash', 'md5Hash'];
    const { report } = reportOfMessages(names.map((key): [CaptureChannel, unknown] => ['fetch', { [key]: 'd'.repeat(64) }]));
    for (const key of names) expect(report, key).toContain(`key "${key}"`);
  });
});

describe('labels capture could not read', () => {
  it('names the page\'s language and the texts before its unplaced 64-hex values, quoted as the page wrote them', () => {
    const lines = captureReport({ counts: { dom: [2, 0, 2] }, seen: [], bare: 2, unread: ['서버 시드', '해시된 서버 시드'], lang: 'ko' }, PAGE).split('\n');
    expect(lines.slice(4)).toEqual(['page language: ko', '64-hex texts with no label: 2', 'text before them, not read as a label (as the page wrote it):', '  "서버 시드"', '  "해시된 서버 시드"']);
  });

  it('the worker keeps only texts spelt like a label, and a language tag only', () => {
    const tally = (extra: object) => validateContentMessage({ type: 'capture-tally', tally: { counts: {}, seen: [], ...extra } });
    const kept = tally({ unread: ['서버 시드', 'Sunucu Tohumu:', `seed ${'ab12cd34'}`, 'x'.repeat(41), 'qGvObdni7e7Qzz', '7 days'] });
    expect(kept.ok && kept.message.type === 'capture-tally' && kept.message.tally.unread).toEqual(['서버 시드', 'Sunucu Tohumu:']);
    expect(tally({ lang: 'pt-BR' }).ok).toBe(true);
    expect(tally({ lang: 'pt BR <script>' }).ok).toBe(false);
  });
});
