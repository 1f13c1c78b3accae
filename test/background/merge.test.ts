import { describe, expect, it } from 'vitest';
import { gameIdOf, mergeClaim } from '../../src/background/merge.js';
import { roundKey } from '../../src/background/round-key.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { pendingClaim, revealedClaim, vector, wrongResult } from './fixtures.js';

const NOW = 1_700_000_000_000;

describe('gameIdOf', () => {
  it('maps names as shown to supported ids, unsupported ids or the normalised name', () => {
    expect(gameIdOf('Europäisches Roulette')).toBe('roulette-european');
    expect(gameIdOf('American Roulette')).toBe('roulette-american');
    expect(gameIdOf('Keno')).toBe('keno');
    expect(gameIdOf('Golden Ticket')).toBe('golden-ticket');
    expect(gameIdOf('Crash  Game!')).toBe('crash game');
    expect(gameIdOf('!!!')).toBe('unknown');
  });
});

describe('mergeClaim: a new round', () => {
  const round = vector(0);

  it('creates the record from the claim, keyed by its round', () => {
    const claim = revealedClaim(round, 'Keno', { result: NOW - 10 });
    const record = mergeClaim(undefined, claim, NOW, 7);
    expect(record).toMatchObject({
      key: roundKey(claim),
      seq: 7,
      game: 'Keno',
      gameId: 'keno',
      serverSeed: round.serverSeed,
      commitment: round.commitment,
      clientSeed: round.clientSeed,
      nonce: String(round.nonce),
      result: round.keno.map(String),
      firstSeenAt: NOW,
      updatedAt: NOW,
    });
    expect(record.conflictingResults).toBeUndefined();
    expect(record.observedAt.result).toBe(NOW - 10);
    // A field without its own time was seen at `now`.
    expect(record.observedAt.serverSeed).toBe(NOW);
    expect(record.observedAt.game).toBe(NOW);
  });

  it('starts with no game when the claim names none', () => {
    const { game: _g, ...claim } = pendingClaim(round, 'Keno');
    const record = mergeClaim(undefined, claim, NOW, 1);
    expect(record.game).toBe('');
    expect(record.gameId).toBe('unknown');
    expect(record.observedAt.game).toBeUndefined();
  });
});

describe('mergeClaim: later sightings of the same round', () => {
  const round = vector(1);

  it('fills missing fields once and never overwrites a value', () => {
    const first = mergeClaim(undefined, pendingClaim(round, 'European Roulette'), NOW, 1);
    expect(first.serverSeed).toBeUndefined();
    const second = mergeClaim(first, revealedClaim(round, 'European Roulette'), NOW + 1, 99);
    expect(second.serverSeed).toBe(round.serverSeed);
    expect(second.seq).toBe(1);
    expect(second.firstSeenAt).toBe(NOW);
    expect(second.updatedAt).toBe(NOW + 1);

    const other = vector(2);
    const third = mergeClaim(
      second,
      { ...revealedClaim(round, 'European Roulette'), serverSeed: other.serverSeed, roundSignature: other.roundSignature, picks: ['1'] },
      NOW + 2,
      100,
    );
    expect(third.serverSeed).toBe(round.serverSeed);
    expect(third.roundSignature).toBe(other.roundSignature); // was missing, so filled
    const fourth = mergeClaim(third, { ...revealedClaim(round, 'European Roulette'), roundSignature: round.roundSignature, picks: ['2'] }, NOW + 3, 101);
    expect(fourth.roundSignature).toBe(other.roundSignature);
    expect(fourth.picks).toEqual(['1']);
    expect(fourth.game).toBe('European Roulette');
  });

  it('does not change the record it was given', () => {
    const first = mergeClaim(undefined, pendingClaim(round, 'Keno', { result: NOW }), NOW, 1);
    const snapshot = structuredClone(first);
    mergeClaim(first, revealedClaim(round, 'Keno', { result: NOW - 50, serverSeed: NOW - 50 }), NOW + 5, 2);
    expect(first).toEqual(snapshot);
  });

  it('keeps the earliest time seen for each field', () => {
    const first = mergeClaim(undefined, pendingClaim(round, 'Keno', { game: NOW - 100, commitment: NOW - 100, result: NOW - 100 }), NOW, 1);
    const later = mergeClaim(first, pendingClaim(round, 'Keno', { game: NOW - 50, commitment: NOW - 50, result: NOW - 50 }), NOW + 10, 2);
    expect(later.observedAt).toMatchObject({ game: NOW - 100, commitment: NOW - 100, result: NOW - 100 });
    const earlier = mergeClaim(later, pendingClaim(round, 'Keno', { game: NOW - 300, commitment: NOW - 200, result: NOW - 150 }), NOW + 20, 3);
    expect(earlier.observedAt).toMatchObject({ game: NOW - 300, commitment: NOW - 200, result: NOW - 150 });
  });

  it('never records a time in the future of now', () => {
    const future = NOW + 60_000;
    const record = mergeClaim(undefined, revealedClaim(round, 'Keno', { game: future, serverSeed: future, commitment: future, result: future }), NOW, 1);
    for (const time of Object.values(record.observedAt)) expect(time).toBeLessThanOrEqual(NOW);
    expect(record.observedAt.result).toBe(NOW);

    const again = mergeClaim(record, revealedClaim(round, 'Keno', { result: NOW + 5 + 60_000 }), NOW + 5, 2);
    expect(again.observedAt.result).toBe(NOW);
  });

  it('fills in the game name later when it was first missing, with its time', () => {
    const { game: _g, ...nameless } = pendingClaim(round, 'Keno');
    const first = mergeClaim(undefined, nameless, NOW, 1);
    const named = mergeClaim(first, pendingClaim(round, 'Keno', { game: NOW + 3 }), NOW + 5, 2);
    expect(named.game).toBe('Keno');
    expect(named.gameId).toBe('keno');
    expect(named.observedAt.game).toBe(NOW + 3);
    // Once known, a different name does not replace it.
    const renamed = mergeClaim(named, pendingClaim(round, 'European Roulette'), NOW + 6, 3);
    expect(renamed.game).toBe('Keno');
    expect(renamed.gameId).toBe('keno');
  });
});

describe('mergeClaim: the same result shown differently is not a conflict', () => {
  const round = vector(0);
  const european = round.roulette.european;

  it.each([
    ['padded text', ` ${european}`],
    ['text with its colour', `${european} Red`],
    ['a one-chip list', [european]],
  ])('roulette "%s" vs the plain number (%s)', (_label, shown) => {
    const first = mergeClaim(undefined, pendingClaim(round, 'European Roulette'), NOW, 1);
    const second = mergeClaim(first, { ...pendingClaim(round, 'European Roulette'), result: shown }, NOW + 1, 2);
    expect(second.conflictingResults).toBeUndefined();
    expect(second.result).toBe(european);
  });

  it('keno chips in another order, or as one text', () => {
    const chips = round.keno.map(String);
    const first = mergeClaim(undefined, pendingClaim(round, 'Keno'), NOW, 1);
    const reversed = mergeClaim(first, { ...pendingClaim(round, 'Keno'), result: [...chips].reverse() }, NOW + 1, 2);
    const asText = mergeClaim(reversed, { ...pendingClaim(round, 'Keno'), result: chips.join(', ') }, NOW + 2, 3);
    expect(asText.conflictingResults).toBeUndefined();
    expect(asText.result).toEqual(chips);
  });

  it('commitment in another case', () => {
    const first = mergeClaim(undefined, pendingClaim(round, 'Keno'), NOW, 1);
    const second = mergeClaim(first, { ...pendingClaim(round, 'Keno'), commitment: round.commitment.toUpperCase() }, NOW + 1, 2);
    expect(second.commitment).toBe(round.commitment);
    expect(second.conflictingResults).toBeUndefined();
  });
});

describe('mergeClaim: a different result for the same round', () => {
  const round = vector(3);

  it.each(['European Roulette', 'Keno'] as const)('%s: is recorded in conflictingResults exactly once', (game) => {
    const other = wrongResult(round, game);
    const first = mergeClaim(undefined, pendingClaim(round, game), NOW, 1);
    const conflicting: CapturedClaim = { ...pendingClaim(round, game), result: other };
    const second = mergeClaim(first, conflicting, NOW + 1, 2);
    expect(second.result).toEqual(first.result);
    expect(second.conflictingResults).toEqual([other]);

    // Seen again, in another spelling: still once.
    const respelled = Array.isArray(other) ? [...other].reverse() : ` ${other} `;
    const third = mergeClaim(second, { ...conflicting, result: respelled }, NOW + 2, 3);
    const fourth = mergeClaim(third, conflicting, NOW + 3, 4);
    expect(fourth.conflictingResults).toEqual([other]);
    // And the original result is not a conflict with itself.
    const fifth = mergeClaim(fourth, pendingClaim(round, game), NOW + 4, 5);
    expect(fifth.conflictingResults).toEqual([other]);
  });

  it('a spelling seen before the game was known is not a conflict once the game is known', () => {
    const { game: _g, ...nameless } = pendingClaim(round, 'European Roulette');
    let record = mergeClaim(undefined, nameless, NOW, 1);
    record = mergeClaim(record, { ...nameless, result: ` ${round.roulette.european} Red` }, NOW + 1, 2);
    record = mergeClaim(record, pendingClaim(round, 'European Roulette'), NOW + 2, 3);
    expect(record.gameId).toBe('roulette-european');
    expect(record.conflictingResults).toBeUndefined();

    // A real second outcome seen before the name stays, once.
    const wrong = wrongResult(round, 'European Roulette') as string;
    let other = mergeClaim(undefined, nameless, NOW, 1);
    other = mergeClaim(other, { ...nameless, result: wrong }, NOW + 1, 2);
    other = mergeClaim(other, { ...nameless, result: `${wrong} ` }, NOW + 2, 3);
    other = mergeClaim(other, pendingClaim(round, 'European Roulette'), NOW + 3, 4);
    expect(other.conflictingResults).toEqual([wrong]);
  });

  it('keeps each distinct other result', () => {
    const first = mergeClaim(undefined, pendingClaim(round, 'European Roulette'), NOW, 1);
    const right = round.roulette.european;
    const others = ['0', '1', '2'].filter((n) => n !== right).slice(0, 2);
    let record = first;
    for (const shown of [...others, ...others]) record = mergeClaim(record, { ...pendingClaim(round, 'European Roulette'), result: shown }, NOW + 1, 2);
    expect(record.conflictingResults).toEqual(others);
  });
});

describe('mergeClaim: a partial display is not a second outcome', () => {
  const round = vector(0);
  const whole = round.keno.map(String);
  const partial = whole.slice(0, 5);

  it('keeps the whole keno draw when five of its chips are seen later', () => {
    const first = mergeClaim(undefined, revealedClaim(round, 'Keno'), NOW, 1);
    const merged = mergeClaim(first, { ...pendingClaim(round, 'Keno'), result: partial }, NOW + 1, 1);
    expect(merged.result).toEqual(whole);
    expect(merged.conflictingResults).toBeUndefined();
  });

  it('replaces a partial draw seen first by the whole one, keeping the first display\'s time and the action before it', () => {
    // The outcome was on screen (in part) from NOW − 50: an action after that cannot have been its bet.
    const first = mergeClaim(undefined, { ...pendingClaim(round, 'Keno', { result: NOW - 50 }), result: partial, actedAt: NOW - 60 }, NOW, 1);
    const merged = mergeClaim(first, { ...pendingClaim(round, 'Keno', { result: NOW + 5 }), actedAt: NOW - 10 }, NOW + 10, 1);
    expect(merged.result).toEqual(whole);
    expect(merged.observedAt.result).toBe(NOW - 50);
    expect(merged.actedAt).toBe(NOW - 60);
    expect(merged.conflictingResults).toBeUndefined();
  });

  it('still records a whole, different draw as a conflict', () => {
    const first = mergeClaim(undefined, revealedClaim(round, 'Keno'), NOW, 1);
    const merged = mergeClaim(first, { ...pendingClaim(round, 'Keno'), result: wrongResult(round, 'Keno') }, NOW + 1, 1);
    expect(merged.conflictingResults).toHaveLength(1);
  });
});

describe('mergeClaim: stakes, payouts and multipliers', () => {
  const round = vector(0);
  const withAmounts = (amounts: Partial<Pick<CapturedClaim, 'stake' | 'payout' | 'multiplier'>>): CapturedClaim => ({ ...revealedClaim(round, 'Keno'), ...amounts });

  it('stores them, and a later sighting fills what the first one lacked', () => {
    const first = mergeClaim(undefined, withAmounts({ stake: '1.00' }), NOW, 1);
    expect(first).toMatchObject({ stake: '1.00' });
    expect(first.payout).toBeUndefined();
    const second = mergeClaim(first, withAmounts({ payout: '3.80', multiplier: '3.8' }), NOW + 1, 2);
    expect(second).toMatchObject({ stake: '1.00', payout: '3.80', multiplier: '3.8' });
    expect(second.amountConflicts).toBeUndefined();
    // Amounts carry no first-seen time: the trust level rests on the fairness fields alone.
    expect(Object.keys(second.observedAt)).not.toContain('stake');
  });

  it('takes the same amount written two ways ("1.50" on the page, 1.5 from the API) as one', () => {
    const first = mergeClaim(undefined, withAmounts({ stake: '1.50', payout: '0.00', multiplier: '10' }), NOW, 1);
    const second = mergeClaim(first, withAmounts({ stake: '1.5', payout: '0', multiplier: '10.0' }), NOW + 1, 2);
    expect(second).toMatchObject({ stake: '1.50', payout: '0.00', multiplier: '10' });
    expect(second.amountConflicts).toBeUndefined();
  });

  it('keeps the first of two different values and notes the other, once, without touching the verdict fields', () => {
    const first = mergeClaim(undefined, withAmounts({ stake: '1.00', payout: '3.80' }), NOW, 1);
    const second = mergeClaim(first, withAmounts({ stake: '2.00', payout: '3.8' }), NOW + 1, 2);
    const third = mergeClaim(second, withAmounts({ stake: '2.0' }), NOW + 2, 3);
    expect(third).toMatchObject({ stake: '1.00', payout: '3.80', amountConflicts: { stake: ['2.00'] } });
    expect(third.result).toEqual(round.keno.map(String));
    expect(third.conflictingResults).toBeUndefined();
    // The earlier record is not changed in place.
    expect(first.amountConflicts).toBeUndefined();
  });
});

describe('mergeClaim: bounded records', () => {
  it('keeps at most a few other outcomes, picks, amounts and server seeds, however many a page shows', () => {
    const round = vector(0);
    let record = mergeClaim(undefined, { ...revealedClaim(round, 'Keno'), picks: ['1'], stake: '1.00' }, 1, 1);
    for (let i = 0; i < 200; i++) {
      const other = Array.from({ length: 10 }, (_, n) => String(((n * 3 + i) % 40) + 1));
      record = mergeClaim(record, { ...revealedClaim(round, 'Keno'), result: other, picks: [String((i % 39) + 2)], stake: `${i + 2}.00`, serverSeed: `seed-${i}` }, 2 + i, 1);
    }
    expect(record.conflictingResults!.length).toBeLessThanOrEqual(4);
    expect(record.otherPicks!.length).toBeLessThanOrEqual(2);
    expect(record.amountConflicts!.stake!.length).toBeLessThanOrEqual(4);
    expect(record.otherServerSeeds!.length).toBeLessThanOrEqual(4);
    expect(JSON.stringify(record).length).toBeLessThan(16_000);
  });
});


describe('mergeClaim: what only a file gave, when the casino\'s page captures the round', () => {
  const round = vector(2);
  // A file's round with every field a file can fill, the round's own identity true, the rest made up.
  const fromFile: CapturedClaim = {
    ...revealedClaim(round, 'Keno'),
    serverSeed: 'e'.repeat(64),
    result: wrongResult(round, 'Keno'),
    roundSignature: 'ab'.repeat(32),
    picks: ['1', '2', '3'],
    stake: '5.00',
    payout: '500.00',
    multiplier: '100',
    observedAt: {},
  };
  const filed = mergeClaim(undefined, fromFile, NOW, 1, { fromFile: true });

  it('moves every file field the page does not show out of the round, into fileOnly; the identity stays', () => {
    // The page shows the round's identity and its stake, nothing else.
    const { serverSeed: _s, result: _r, game: _g, ...identity } = pendingClaim(round, 'Keno', { nonce: NOW + 1, clientSeed: NOW + 1 });
    const shown = mergeClaim(filed, { ...identity, stake: '1.00' }, NOW + 2, 1);
    expect(shown.fileOnly).toEqual({
      game: 'Keno',
      serverSeed: 'e'.repeat(64),
      result: fromFile.result,
      roundSignature: 'ab'.repeat(32),
      picks: ['1', '2', '3'],
      payout: '500.00',
      multiplier: '100',
    });
    expect(shown.fileSaid).toEqual({ stake: '5.00' });
    expect(shown).toMatchObject({ stake: '1.00', commitment: round.commitment, clientSeed: round.clientSeed, nonce: String(round.nonce), gameId: 'unknown' });
    for (const field of ['serverSeed', 'result', 'roundSignature', 'picks', 'payout', 'multiplier'] as const) expect(shown[field]).toBeUndefined();
    expect(shown.fileFields ?? []).not.toEqual(expect.arrayContaining(['roundSignature']));
    // What the page shows later is the round's; a file cannot bring back what was set apart.
    const later = mergeClaim(shown, { source: 'dom', commitment: round.commitment, clientSeed: round.clientSeed, nonce: String(round.nonce), payout: '2.00', observedAt: {} }, NOW + 3, 1);
    expect(later.payout).toBe('2.00');
    const again = mergeClaim(later, fromFile, NOW + 4, 1, { fromFile: true });
    expect(again.roundSignature).toBeUndefined();
    expect(again.result).toBeUndefined();
  });

  it('a reveal of the seed pair shows nothing of the round: the file\'s round keeps its fields; a seed that hashes stays', () => {
    const honestFile = mergeClaim(undefined, { ...fromFile, serverSeed: round.serverSeed }, NOW, 1, { fromFile: true });
    const revealed = mergeClaim(honestFile, { source: 'dom', serverSeed: round.serverSeed, observedAt: { serverSeed: NOW + 1 } }, NOW + 1, 1);
    expect(revealed.fileOnly).toBeUndefined();
    expect(revealed.roundSignature).toBe('ab'.repeat(32));
    // The page then shows the round: the file's seed hashes to the commitment and stays; the rest goes apart.
    const { serverSeed: _s, ...played } = revealedClaim(round, 'Keno', { result: NOW + 2 });
    const shown = mergeClaim(honestFile, played, NOW + 2, 1);
    expect(shown.serverSeed).toBe(round.serverSeed);
    expect(shown.fileOnly).toEqual({ roundSignature: 'ab'.repeat(32), picks: ['1', '2', '3'], stake: '5.00', payout: '500.00', multiplier: '100' });
    expect(shown.fileSaid).toEqual({ result: fromFile.result });
  });
});

describe('mergeClaim: when the player typed the client seed', () => {
  const outcome = (clientSeedTypedAt?: number, clientSeed = 'typed-seed'): CapturedClaim => ({
    source: 'json',
    commitment: 'ab'.repeat(32),
    clientSeed,
    nonce: '1',
    result: ['1'],
    observedAt: { commitment: 500, clientSeed: 500, nonce: 500, result: 500 },
    ...(clientSeedTypedAt === undefined ? {} : { clientSeedTypedAt }),
  });

  it('keeps the earliest time a page said, and a later sighting without one does not remove it', () => {
    let record = mergeClaim(undefined, outcome(300), 1000, 1);
    record = mergeClaim(record, outcome(200), 1000, 1);
    record = mergeClaim(record, outcome(), 1000, 1);
    expect(record.clientSeedTypedAt).toBe(200);
  });

  it('never from a file, nor for another client seed than the round\'s', () => {
    expect(mergeClaim(undefined, outcome(300), 1000, 1, { fromFile: true }).clientSeedTypedAt).toBeUndefined();
    const record = mergeClaim(undefined, outcome(undefined), 1000, 1);
    expect(mergeClaim(record, { ...outcome(100, 'other-seed'), commitment: record.commitment }, 1000, 1).clientSeedTypedAt).toBeUndefined();
  });
});
