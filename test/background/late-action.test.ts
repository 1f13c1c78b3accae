import { describe, expect, it } from 'vitest';
import { recreditClaim } from '../../src/background/late-action.js';
import type { RoundRecord } from '../../src/shared/records.js';

const C = 'c'.repeat(64);
const record = (extra: Partial<RoundRecord>): RoundRecord =>
  ({ key: `${C}|cs|5`, seq: 1, game: 'Keno', gameId: 'keno', commitment: C, clientSeed: 'cs', nonce: '5', result: ['1', '2'], observedAt: { result: 500 }, ...extra }) as RoundRecord;

describe('recreditClaim', () => {
  it('is the stored outcome at its first-seen time with the earlier action, the accusation left to its own document\'s action', () => {
    expect(recreditClaim(record({ actedAt: 400 }), 300)).toEqual({
      source: 'dom',
      game: 'Keno',
      commitment: C,
      clientSeed: 'cs',
      nonce: '5',
      result: ['1', '2'],
      observedAt: { result: 500 },
      actedAt: 300,
      documentActedAt: 400,
    });
    expect(recreditClaim(record({ actedAt: 400, documentActedAt: 450 }), 300)?.documentActedAt).toBe(450);
    expect(recreditClaim(record({}), 300)?.documentActedAt).toBe(-Infinity);
  });

  it('is nothing for an action not earlier than the one credited, or not before the outcome, or a round with no outcome seen', () => {
    expect(recreditClaim(record({ actedAt: 300 }), 300)).toBeUndefined();
    expect(recreditClaim(record({}), 500)).toBeUndefined();
    expect(recreditClaim(record({ observedAt: {} }), 300)).toBeUndefined();
  });
});
