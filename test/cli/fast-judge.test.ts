// The fast path of `verify` (src/cli/fast-judge.ts) against the full path (JSON.parse, the core's
// verifyRound, every reason worded): on honest rounds, on rounds changed in every field, written
// in odd ways or broken, both must give the same status, output, reason, level and audit entry,
// or throw the same error. And the fast path must really be taken for plainly honest rounds.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeFast } from '../../src/cli/fast-judge.js';
import { OutcomeCodes } from '../../src/cli/outcome-codes.js';
import { judgeElement, judgeElementFully, type JudgeContext, type JudgedRound } from '../../src/cli/round-judge.js';
import { loadVectors } from './vectors.js';

const vectors = loadVectors();
const CONTEXTS: JudgeContext[] = [
  { isExport: false, json: true },
  { isExport: false, json: false },
  { isExport: true, json: true },
];

type Game = 'keno' | 'roulette-european' | 'roulette-american';
const GAMES: Game[] = ['keno', 'roulette-european', 'roulette-american'];

function honest(i: number, game: Game): Record<string, unknown> {
  const v = vectors[i % vectors.length]!;
  const result = game === 'keno' ? v.keno : game === 'roulette-american' ? v.roulette.american : v.roulette.european;
  return { game, serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce, commitment: v.commitment, result };
}

/** What a judged round says, with the audit's outcome as the audit codes it (the fast path may give the code already). */
function comparable(judged: JudgedRound): unknown {
  const codes = new OutcomeCodes();
  const audit = judged.audit === undefined ? undefined : [...judged.audit];
  if (audit !== undefined && typeof audit[4] === 'string') audit[4] = codes.code(audit[4]);
  return { ...judged, audit };
}

function outcomeOf(judge: () => JudgedRound): unknown {
  try {
    return comparable(judge());
  } catch (error) {
    return { threw: String(error) };
  }
}

/** An outcome without its members that are undefined: toEqual's view of it, for isDeepStrictEqual. */
function defined(outcome: unknown): unknown {
  return Object.fromEntries(Object.entries(outcome as object).filter(([, value]) => value !== undefined));
}

/** Where the two paths disagree on a text, in any context. Compared with isDeepStrictEqual and
 *  asserted once per case: three `expect`s per text were most of this file's time. */
function differences(text: string, index: number): { text: string; context: JudgeContext; fast: unknown; full: unknown }[] {
  return CONTEXTS.flatMap((context) => {
    const fast = outcomeOf(() => judgeElement(text, index, 2, 1, context));
    const full = outcomeOf(() => judgeElementFully(text, index, 2, 1, context));
    return isDeepStrictEqual(defined(fast), defined(full)) ? [] : [{ text, context, fast, full }];
  });
}

function expectSame(text: string, index = 3): void {
  expect(differences(text, index)).toEqual([]);
}

// Values each field may be replaced by: right and wrong, written oddly, of the wrong type.
const v0 = vectors[0]!;
const v1 = vectors[1]!;
const ODD_VALUES: unknown[] = [
  null, '', ' ', 0, 1, -1, 1.5, 1e3, 2 ** 53, true, [], {}, [[]], 'keno', 'Keno', 'American Roulette', 'roulette', 'mines', 'unknown game',
  v0.serverSeed, v1.serverSeed, v0.serverSeed.toUpperCase(), `${v0.serverSeed.slice(0, 8)}...`, `${v0.serverSeed.slice(0, 8)}…`,
  `a\u0000b`, 'a\u007fb', 'ä', 'a"b', 'a\\b', 'x'.repeat(300),
  v0.commitment, v1.commitment, v0.commitment.toUpperCase(), v0.roundSignature, v1.roundSignature, v0.roundSignature.toUpperCase(),
  '17', '00', '0', '07', ' 17', '17 Red', 37, 17, ['17'], '5', '36', '37',
  v0.keno, v1.keno, [...v0.keno].reverse(), v0.keno.slice(0, 9), [...v0.keno, 40], [...v0.keno.slice(0, 9), v0.keno[0]], v0.keno.map(String), v0.keno.join(', '),
  v0.keno.map((n) => n + 0.5), [0, ...v0.keno.slice(1)], [41, ...v0.keno.slice(1)],
  '1', '01', '18446744073709551615', String(v0.nonce), v0.nonce, v0.nonce + 1,
  { result: 1 },
];
const FIELDS = ['game', 'serverSeed', 'clientSeed', 'nonce', 'commitment', 'result', 'roundSignature', 'preRoundCommitment', 'observedAt', 'witness', 'verdict', 'other'];

/** JSON text of a round, with its members in the given order and spacing, or with a raw piece spliced in. */
function write(round: Record<string, unknown>, style: { space: number; raw?: string }): string {
  const text = JSON.stringify(round, null, style.space);
  if (style.raw === undefined) return text;
  return text.replace(/^\{/, `{${style.raw}`);
}

describe('fast path of verify: same judgement as the full path', { timeout: 120_000 }, () => {
  it('takes the fast path for plainly honest rounds of every game, and says what the full path says', () => {
    let fast = 0;
    for (let i = 0; i < vectors.length; i++) {
      for (const game of GAMES) {
        const round = honest(i, game);
        if (game === 'keno') round.result = [...(round.result as number[])].reverse();
        for (const space of [0, 2]) {
          const text = JSON.stringify(round, null, space);
          if (judgeFast(text, i, { isExport: false, json: true }) !== undefined) fast++;
          expectSame(text, i);
        }
      }
    }
    // All but the rounds the fast path leaves alone: seeds beyond printable ASCII, nonces of 16 digits and more.
    const plain = vectors.filter((v) => /^[\x20-\x7e]*$/.test(v.serverSeed + v.clientSeed) && v.nonce < 1e15);
    expect(plain.length).toBeGreaterThan(vectors.length / 2);
    expect(fast).toBe(plain.length * GAMES.length * 2);
  });

  it('leaves every mismatch, every invalid round and every export round to the full path', () => {
    const round = honest(0, 'keno');
    const wrong = { ...round, result: honest(1, 'keno').result };
    expect(judgeFast(JSON.stringify(wrong), 0, { isExport: false, json: true })).toBeUndefined();
    expect(judgeElement(JSON.stringify(wrong), 0, 1, 1, { isExport: false, json: true }).status).toBe('mismatch');
    expect(judgeFast(JSON.stringify({ ...round, nonce: '01' }), 0, { isExport: false, json: true })).toBeUndefined();
    expect(judgeFast(JSON.stringify(round), 0, { isExport: true, json: true })).toBeUndefined();
  });

  it('on rounds with any field replaced, dropped, repeated or added, in any order and spacing', () => {
    fc.assert(
      fc.property(
        fc.nat(vectors.length - 1),
        fc.constantFrom(...GAMES),
        fc.array(fc.tuple(fc.constantFrom(...FIELDS), fc.oneof(fc.constantFrom(...ODD_VALUES), fc.constant(undefined))), { maxLength: 3 }),
        fc.boolean(),
        fc.constantFrom(0, 2),
        fc.option(fc.constantFrom('"game":"keno",', '"nonce":1,', ' ', '\n', '"x":[1,2],'), { nil: undefined }),
        (i, game, changes, shuffle, space, raw) => {
          let round: Record<string, unknown> = honest(i, game);
          for (const [field, value] of changes) {
            if (value === undefined) delete round[field];
            else round[field] = value;
          }
          if (shuffle) round = Object.fromEntries(Object.entries(round).reverse());
          expectSame(write(round, { space, raw }), i);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('on texts cut short or changed by one character anywhere (most are not JSON: the same error)', () => {
    fc.assert(
      fc.property(fc.nat(vectors.length - 1), fc.constantFrom(...GAMES), fc.nat(), fc.constantFrom('', '"', '\\', '}', ']', ',', '0', '9', ' ', 'a', '.', '-', 'e', ':'), (i, game, where, character) => {
        const text = JSON.stringify(honest(i, game));
        const at = where % (text.length + 1);
        expect([...differences(text.slice(0, at) + character + text.slice(at + (character === '' ? 0 : 1)), i), ...differences(text.slice(0, at), i)]).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});
