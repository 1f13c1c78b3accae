import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { americanRoulette, europeanRoulette, pocketColour, pocketOf } from '../../../src/core/games/roulette.js';
import type { DrawStep } from '../../../src/core/sampling.js';
import { computeRound } from '../../../src/core/verify.js';
import { PROPERTY_RUNS, seedsArb } from '../arbitraries.js';
import { referenceRoulette } from '../reference-oracle.js';
import { fixedSource } from '../synthetic-source.js';

const EUROPEAN_WHEEL = Array.from({ length: 37 }, (_, i) => String(i));
const AMERICAN_WHEEL = [...EUROPEAN_WHEEL, '00'];

describe('roulette definitions', () => {
  it('have the ids, labels and draw counts of the design', () => {
    expect([europeanRoulette.id, europeanRoulette.label, europeanRoulette.usualDraws]).toEqual(['roulette-european', 'European Roulette', 1]);
    expect([americanRoulette.id, americanRoulette.label, americanRoulette.usualDraws]).toEqual(['roulette-american', 'American Roulette', 1]);
  });
});

describe('roulette draw on a synthetic stream', () => {
  it('European: value mod 37 as text', () => {
    expect(europeanRoulette.draw(fixedSource([0]))).toBe('0');
    expect(europeanRoulette.draw(fixedSource([36]))).toBe('36');
    expect(europeanRoulette.draw(fixedSource([37]))).toBe('0');
    expect(europeanRoulette.draw(fixedSource([37 * 1000 + 17]))).toBe('17');
  });

  it('American: 37 is shown as "00", 0…36 unchanged', () => {
    expect(americanRoulette.draw(fixedSource([37]))).toBe('00');
    expect(americanRoulette.draw(fixedSource([38 + 37]))).toBe('00');
    expect(americanRoulette.draw(fixedSource([38]))).toBe('0');
    expect(americanRoulette.draw(fixedSource([36]))).toBe('36');
  });

  it('the same stream is rejected by the European wheel and accepted by the American one', () => {
    // 4294967289 = floor(2^32/37)·37 (rejected for 37) but below floor(2^32/38)·38 = 4294967290,
    // and 4294967289 ≡ 37 (mod 38).
    expect(europeanRoulette.draw(fixedSource([4294967289, 36]))).toBe('36');
    expect(americanRoulette.draw(fixedSource([4294967289, 36]))).toBe('00');
  });

  it('several rejections in a row, then a number, with the draws recorded', () => {
    const steps: DrawStep[] = [];
    const source = fixedSource([4294967290, 4294967295, 4294967293, 19]);
    expect(americanRoulette.draw(source, steps)).toBe('19');
    expect(source.taken).toBe(4);
    expect(steps.map((s) => s.accepted)).toEqual([false, false, false, true]);
    expect(steps.every((s) => s.outcomes === 38 && s.limit === 4294967290 && s.picked === undefined)).toBe(true);
    expect(steps[3]).toMatchObject({ index: 3, value: 19, sampled: 19 });
  });
});

describe('roulette draw from real seeds (property)', () => {
  it('European gives "0"…"36", American "0"…"36" or "00", both as the reference program', () => {
    fc.assert(
      fc.property(seedsArb, ({ serverSeed, clientSeed, nonce }) => {
        const eu = computeRound(europeanRoulette, serverSeed, clientSeed, nonce).outcome;
        const am = computeRound(americanRoulette, serverSeed, clientSeed, nonce).outcome;
        expect(EUROPEAN_WHEEL).toContain(eu);
        expect(AMERICAN_WHEEL).toContain(am);
        expect(eu).toBe(referenceRoulette('european', serverSeed, clientSeed, nonce));
        expect(am).toBe(referenceRoulette('american', serverSeed, clientSeed, nonce));
      }),
      PROPERTY_RUNS,
    );
  });

  it('on any synthetic stream the outcome is the first accepted value mod P', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 0xffffffff }), { minLength: 1, maxLength: 5 }), (values) => {
        const stream = [...values, 5];
        const eu = stream.find((v) => v < 4294967289)! % 37;
        const am = stream.find((v) => v < 4294967290)! % 38;
        expect(europeanRoulette.draw(fixedSource(stream))).toBe(String(eu));
        expect(americanRoulette.draw(fixedSource(stream))).toBe(am === 37 ? '00' : String(am));
      }),
      PROPERTY_RUNS,
    );
  });
});

describe('roulette parseDisplayed: accepted forms', () => {
  it.each([
    ['0', '0'],
    ['17', '17'],
    ['36', '36'],
    [' 5 ', '5'],
    ['17 Red', '17'],
    ['17 red', '17'],
    ['8 Black', '8'],
    ['17 (Red)', '17'],
    ['17 - rot', '17'],
    ['22 schwarz', '22'],
    ['0 Green', '0'],
    ['0 grün', '0'],
    [17, '17'],
    [0, '0'],
    [['17'], '17'],
  ] as const)('both wheels read %j as "%s"', (shown, outcome) => {
    expect(europeanRoulette.parseDisplayed(shown)).toEqual({ ok: true, outcome });
    expect(americanRoulette.parseDisplayed(shown)).toEqual({ ok: true, outcome });
  });

  it('"00" is the American double zero, distinct from "0"', () => {
    expect(americanRoulette.parseDisplayed('00')).toEqual({ ok: true, outcome: '00' });
    expect(americanRoulette.parseDisplayed('00 Green')).toEqual({ ok: true, outcome: '00' });
    expect(americanRoulette.parseDisplayed('0')).toEqual({ ok: true, outcome: '0' });
  });
});

describe('roulette parseDisplayed: rejected forms', () => {
  it('European has no "00"', () => {
    const parsed = europeanRoulette.parseDisplayed('00');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(/00/);
  });

  it.each([
    ['07', /07/],
    ['37', /37/],
    [37, /37/],
    [38, /38/],
    ['100', /100/],
    ['-1', /-1/],
    [-1, /-1/],
    [17.5, /17\.5/],
    ['', /./],
    ['red', /red/],
    ['17 blue', /17 blue/],
    ['1 7', /1 7/],
    [null, /./],
    [undefined, /./],
    [{}, /./],
    [['1', '2'], /./],
    [true, /./],
  ] as const)('both wheels refuse %j', (shown, reason) => {
    for (const game of [europeanRoulette, americanRoulette]) {
      const parsed = game.parseDisplayed(shown);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.reason).toMatch(reason);
    }
  });
});

describe('roulette format', () => {
  it('prints outcomes as shown', () => {
    expect(americanRoulette.format('00')).toBe('00');
    expect(europeanRoulette.format('7')).toBe('7');
  });
});

describe('pocket colours', () => {
  it('0 and 00 are green; the wheel has 18 red and 18 black numbers, 1 red, 2 black, 10 black, 11 black, 19 red, 36 red', () => {
    expect(pocketColour('0')).toBe('green');
    expect(pocketColour('00')).toBe('green');
    const colours = Array.from({ length: 36 }, (_, i) => pocketColour(String(i + 1)));
    expect(colours.filter((colour) => colour === 'red')).toHaveLength(18);
    expect(colours.filter((colour) => colour === 'black')).toHaveLength(18);
    expect([1, 2, 10, 11, 19, 28, 29, 36].map((n) => pocketColour(String(n)))).toEqual(['red', 'black', 'black', 'black', 'red', 'black', 'black', 'red']);
  });

  it('a sampled 37 is the American "00"; other values are their own number', () => {
    expect(pocketOf(37)).toBe('00');
    expect(pocketOf(0)).toBe('0');
    expect(pocketOf(36)).toBe('36');
  });
});
