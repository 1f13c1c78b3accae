import { describe, expect, it } from 'vitest';
import { verifiedRoundOf } from '../../src/background/verified-round.js';
import type { RoundRecord } from '../../src/shared/records.js';

const DRAW = [2, 5, 9, 11, 17, 23, 28, 31, 36, 40];

function record(fields: Partial<RoundRecord>, status: RoundRecord['verdict']['status'] = 'verified'): RoundRecord {
  return {
    key: 'k',
    seq: 1,
    game: 'Keno',
    gameId: 'keno',
    observedAt: {},
    firstSeenAt: 1,
    updatedAt: 1,
    verdict: { status, failures: [], reasons: [], expected: DRAW },
    ...fields,
  };
}

describe('verifiedRoundOf', () => {
  it('gives the recomputed outcome with the amounts, and keno hits counted against the recomputed draw', () => {
    // The page showed another draw: the hits come from the seeds' draw, not from what was shown.
    const round = verifiedRoundOf(record({ picks: ['5', '6', ' 40 '], result: ['1', '2', '3'], stake: '1.00', payout: '1.80', multiplier: '1.8' }));
    expect(round).toEqual({ outcome: DRAW, stake: '1.00', payout: '1.80', multiplier: '1.8', picks: 3, hits: 2 });
  });

  it('leaves out rounds that are not verified', () => {
    for (const status of ['pending', 'mismatch', 'invalid', 'unsupported'] as const) expect(verifiedRoundOf(record({ stake: '1' }, status))).toBeUndefined();
    expect(verifiedRoundOf(record({ verdict: { status: 'verified', failures: [], reasons: [] } }))).toBeUndefined();
  });

  it('counts no hits for picks that are not a keno selection', () => {
    for (const picks of [['0'], ['41'], ['5', '5'], ['x'], [], Array.from({ length: 11 }, (_, i) => String(i + 1))]) {
      const round = verifiedRoundOf(record({ picks }))!;
      expect(round.picks, JSON.stringify(picks)).toBeUndefined();
      expect(round.hits).toBeUndefined();
    }
  });

  it('marks a round whose amounts were shown two ways, and gives roulette no hits', () => {
    expect(verifiedRoundOf(record({ stake: '1', amountConflicts: { stake: ['2'] } }))!.amountsDisputed).toBe(true);
    const roulette = verifiedRoundOf(record({ game: 'European Roulette', gameId: 'roulette-european', picks: ['5'], verdict: { status: 'verified', failures: [], reasons: [], expected: '17' } }))!;
    expect(roulette).toEqual({ outcome: '17' });
  });
});
