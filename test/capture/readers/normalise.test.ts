import * as v from 'valibot';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addVocabulary } from '../../../src/capture/readers/labels.js';
import { firstSeenLog, sanitiseFields, toClaim } from '../../../src/capture/readers/normalise.js';
import { vocabularyFor } from '../../../src/shared/vocabularies/vocabulary.js';
import { capturedClaimSchema } from '../../../src/shared/messages.js';
import { CLIENT, COMMITMENT, KENO, SEED } from '../dom.js';

const clock = (start = 1000) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

describe('sanitiseFields', () => {
  it('keeps schema-conformant fields and trims DOM text', () => {
    expect(sanitiseFields({ game: ' Keno ', serverSeed: ` ${SEED}\n`, nonce: ' 7 ', result: KENO, picks: ['1'] }, 'dom')).toEqual({ game: 'Keno', serverSeed: SEED, nonce: '7', result: KENO, picks: ['1'] });
  });

  it('keeps JSON strings exactly, including an empty client seed', () => {
    expect(sanitiseFields({ clientSeed: '', serverSeed: ' x ' }, 'json')).toEqual({ clientSeed: '', serverSeed: ' x ' });
    expect(sanitiseFields({ clientSeed: '' }, 'dom')).toEqual({});
  });

  it('drops what the worker would refuse instead of sending it', () => {
    expect(sanitiseFields({ nonce: '7,919' }, 'dom')).toEqual({});
    expect(sanitiseFields({ nonce: '1'.repeat(21) }, 'dom')).toEqual({});
    expect(sanitiseFields({ nonce: 7 }, 'json')).toEqual({});
    expect(sanitiseFields({ serverSeed: 'a'.repeat(257) }, 'dom')).toEqual({});
    expect(sanitiseFields({ game: 'G'.repeat(129), clientSeed: 'c'.repeat(256) }, 'dom')).toEqual({ clientSeed: 'c'.repeat(256) });
    expect(sanitiseFields({ result: 'r'.repeat(201) }, 'dom')).toEqual({});
    expect(sanitiseFields({ result: ['1', 'x'.repeat(33)] }, 'dom')).toEqual({});
    expect(sanitiseFields({ result: Array(41).fill('1') }, 'dom')).toEqual({});
    expect(sanitiseFields({ result: ['1', 2] }, 'dom')).toEqual({});
    expect(sanitiseFields({ picks: '1, 2' }, 'dom')).toEqual({});
    expect(sanitiseFields({ extra: 'x', observedAt: {} }, 'dom')).toEqual({});
    expect(sanitiseFields(null, 'dom')).toEqual({});
    expect(sanitiseFields(Object.create({ serverSeed: SEED }), 'dom')).toEqual({});
  });

  it('names a game by its canonical name in any language it has the words of, and keeps a name it does not know as shown', () => {
    expect(sanitiseFields({ game: 'europäisches Roulette', nonce: '1' }, 'dom').game).toBe('European Roulette');
    expect(sanitiseFields({ game: 'Ruleta Europea', nonce: '1' }, 'dom').game).toBe('Ruleta Europea'); // Spanish not yet learned
    addVocabulary(vocabularyFor(['es']));
    expect(sanitiseFields({ game: ' Ruleta Europea ', nonce: '1' }, 'dom').game).toBe('European Roulette');
    expect(sanitiseFields({ game: 'ruleta europea', nonce: '1' }, 'json').game).toBe('European Roulette');
    expect(sanitiseFields({ game: 'Ruleta Europea 2', nonce: '1' }, 'dom').game).toBe('Ruleta Europea 2');
  });

  it('always gives claims the message schema accepts', () => {
    // Around each limit of core/limits.ts (32, 128, 200, 256) and far beyond.
    const value = fc.oneof(fc.string({ maxLength: 50 }), fc.string({ minLength: 30, maxLength: 260 }), fc.string({ minLength: 4090, maxLength: 4100 }), fc.integer(), fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 45 }), fc.constant(null), fc.object());
    const fields = fc.record(
      { game: value, serverSeed: value, commitment: value, clientSeed: value, nonce: value, result: value, roundSignature: value, picks: value },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fields, fc.constantFrom('dom' as const, 'json' as const), (raw, source) => {
        const claim = toClaim(raw as never, source, firstSeenLog());
        if (claim) expect(v.safeParse(capturedClaimSchema, claim).success).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe('toClaim and FirstSeen', () => {
  it('gives a result, when first seen, the latest player action before it, and keeps it while the result stays', () => {
    const seen = firstSeenLog(() => 0);
    const round = { commitment: COMMITMENT, clientSeed: CLIENT, nonce: '8' };
    expect(toClaim(round, 'dom', seen, 100, 90)!.actedAt).toBeUndefined(); // no result: no action kept
    const played = toClaim({ ...round, result: '3' }, 'dom', seen, 200, 150)!;
    expect(played).toMatchObject({ actedAt: 150, observedAt: { commitment: 200, result: 200 } });
    // Shown again after later actions: the same first sighting, the same action.
    expect(toClaim({ ...round, result: '3' }, 'dom', seen, 300, 250)!).toMatchObject({ actedAt: 150, observedAt: { result: 200 } });
    // An action not before the reading is no action before the outcome.
    expect(toClaim({ ...round, nonce: '9', result: '4' }, 'dom', seen, 400, 400)!.actedAt).toBeUndefined();
  });

  it('stamps every field with this script\'s clock', () => {
    const time = clock();
    const claim = toClaim({ serverSeed: SEED, clientSeed: CLIENT, nonce: '1', result: '5', picks: ['1'] }, 'dom', firstSeenLog(time.now));
    expect(claim).toEqual({ source: 'dom', serverSeed: SEED, clientSeed: CLIENT, nonce: '1', result: '5', picks: ['1'], observedAt: { serverSeed: 1000, clientSeed: 1000, nonce: 1000, result: 1000 } });
  });

  it('keeps the time a field was first seen while its value stays the same', () => {
    const time = clock();
    const seen = firstSeenLog(time.now);
    const panel = { game: 'Roulette', commitment: COMMITMENT, clientSeed: CLIENT, nonce: '8' };
    toClaim(panel, 'dom', seen);
    time.advance(5000);
    // The same panel state read again: its first time.
    expect(toClaim(panel, 'dom', seen)!.observedAt).toEqual({ game: 1000, commitment: 1000, clientSeed: 1000, nonce: 1000 });
    // The round, now in the history with its revealed seed and outcome: a round of its own here (the
    // worker gives its record the commitment's first time, apply-claim.ts).
    const later = toClaim({ commitment: COMMITMENT, serverSeed: SEED, clientSeed: CLIENT, nonce: '8', result: '3' }, 'dom', seen)!;
    expect(later.observedAt).toEqual({ commitment: 6000, clientSeed: 6000, nonce: 6000, serverSeed: 6000, result: 6000 });
    time.advance(1000);
    // Seen again by its server seed only: still the same round.
    const again = toClaim({ serverSeed: SEED, clientSeed: CLIENT, nonce: '8', result: '3' }, 'dom', seen)!;
    expect(again.observedAt).toEqual({ serverSeed: 6000, clientSeed: 6000, nonce: 6000, result: 6000 });
  });

  it('times a panel state from its own first sighting only: another game\'s panel, a round or a reveal of the same commitment, client seed and nonce lends it nothing', () => {
    const time = clock();
    const seen = firstSeenLog(time.now);
    const state = { commitment: COMMITMENT, clientSeed: CLIENT, nonce: '8' };
    toClaim({ ...state, game: 'Made-up game' }, 'json', seen); // a pool under made-up game names
    toClaim({ ...state, result: '3' }, 'json', seen); // as a "round" with a result
    toClaim({ ...state, serverSeed: SEED }, 'json', seen); // as a revealed pair
    time.advance(5000);
    expect(toClaim({ ...state, game: 'Roulette' }, 'dom', seen)!.observedAt.commitment).toBe(6000);
    time.advance(1000);
    expect(toClaim({ ...state, game: 'Roulette' }, 'dom', seen)!.observedAt.commitment).toBe(6000); // its own first time stays
    expect(toClaim(state, 'json', seen)!.observedAt.commitment).toBe(7000); // no game named: another state
  });

  it('restamps a field whose value changed', () => {
    const time = clock();
    const seen = firstSeenLog(time.now);
    toClaim({ commitment: COMMITMENT, nonce: '1', result: '5' }, 'dom', seen);
    time.advance(10);
    expect(toClaim({ commitment: COMMITMENT, nonce: '1', result: '6' }, 'dom', seen)!.observedAt).toEqual({ commitment: 1000, nonce: 1000, result: 1010 });
  });

  it('keeps rounds of one seed pair apart', () => {
    const time = clock();
    const seen = firstSeenLog(time.now);
    toClaim({ commitment: COMMITMENT, nonce: '1', result: '5' }, 'dom', seen);
    time.advance(10);
    expect(toClaim({ commitment: COMMITMENT, nonce: '2', result: '5' }, 'dom', seen)!.observedAt.result).toBe(1010);
  });

  it('forgets the oldest rounds beyond its capacity', () => {
    const time = clock();
    const seen = firstSeenLog(time.now, 2);
    toClaim({ commitment: COMMITMENT, nonce: '1' }, 'dom', seen);
    toClaim({ commitment: COMMITMENT, nonce: '2' }, 'dom', seen);
    toClaim({ commitment: COMMITMENT, nonce: '3' }, 'dom', seen);
    time.advance(1);
    expect(toClaim({ commitment: COMMITMENT, nonce: '1' }, 'dom', seen)!.observedAt.nonce).toBe(1001);
    expect(toClaim({ commitment: COMMITMENT, nonce: '3' }, 'dom', seen)!.observedAt.nonce).toBe(1000);
  });

  it('gives no claim when nothing but a game is left', () => {
    expect(toClaim({ game: 'Keno', nonce: 'x' }, 'dom', firstSeenLog())).toBeUndefined();
    expect(toClaim({}, 'json', firstSeenLog())).toBeUndefined();
  });
});

describe('sanitiseFields: stakes and payouts', () => {
  const ROUND = { commitment: COMMITMENT, nonce: '1', result: '5' };

  it('turns shown amounts into decimal text the schema accepts', () => {
    expect(sanitiseFields({ ...ROUND, stake: ' $1.50 ', payout: '3,00 €', multiplier: '2.00×' }, 'dom')).toEqual({ ...ROUND, stake: '1.50', payout: '3.00', multiplier: '2.00' });
    expect(sanitiseFields({ ...ROUND, stake: '1.5', payout: '0', multiplier: '0' }, 'json')).toEqual({ ...ROUND, stake: '1.5', payout: '0', multiplier: '0' });
  });

  it('drops an amount it cannot read for sure, and keeps the rest of the round', () => {
    expect(sanitiseFields({ ...ROUND, stake: '1.500', payout: '-2', multiplier: 'lots' }, 'dom')).toEqual(ROUND);
    expect(sanitiseFields({ ...ROUND, stake: 1.5 }, 'json')).toEqual(ROUND);
  });

  it('keeps amounts only with an outcome: a stake beside the active seed pair is the next bet\'s form', () => {
    expect(sanitiseFields({ commitment: COMMITMENT, clientSeed: CLIENT, nonce: '7', stake: '1.00', payout: '0.00' }, 'dom')).toEqual({ commitment: COMMITMENT, clientSeed: CLIENT, nonce: '7' });
  });

  it('gives claims the message schema accepts', () => {
    const claim = toClaim({ ...ROUND, stake: '1,234.50 USD', payout: '0.0775', multiplier: 'x1.55' }, 'dom', firstSeenLog())!;
    expect(v.parse(capturedClaimSchema, claim)).toMatchObject({ stake: '1234.50', payout: '0.0775', multiplier: '1.55' });
    // Amounts get no first-seen time: only fairness fields do.
    expect(Object.keys(claim.observedAt).sort()).toEqual(['commitment', 'nonce', 'result']);
  });
});
