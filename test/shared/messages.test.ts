// The worker's gate for claims from content scripts: stakes, payouts and multipliers must be plain
// decimal text of bounded length, and a bad amount refuses only its own claim, with a clear reason.
import { describe, expect, it } from 'vitest';
import { validateClaim, validateContentMessage } from '../../src/shared/messages.js';

const CLAIM = { source: 'dom', commitment: 'c'.repeat(64), nonce: '1', result: '5', observedAt: {} };

describe('capturedClaimSchema: amounts', () => {
  it('accepts decimal text', () => {
    const checked = validateClaim({ ...CLAIM, stake: '1.50', payout: '0', multiplier: '1000.25' });
    expect(checked).toEqual({ ok: true, message: { ...CLAIM, stake: '1.50', payout: '0', multiplier: '1000.25' } });
  });

  it.each([
    ['stake', '$1.50'],
    ['stake', '1,50'],
    ['payout', '-1'],
    ['payout', '1e3'],
    ['multiplier', '3.5×'],
    ['multiplier', ' 2'],
    ['stake', '.5'],
    ['stake', '1.'],
    ['stake', ''],
    ['payout', '1'.repeat(21)],
    ['payout', `1.${'0'.repeat(21)}`],
    ['multiplier', 2],
  ])('refuses %s %j, naming the field', (field, value) => {
    const checked = validateClaim({ ...CLAIM, [field]: value });
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.error).toMatch(new RegExp(`^${field}: `));
  });

  it('a message with a bad amount in one claim is still a valid batch: claims are checked one by one', () => {
    expect(validateContentMessage({ type: 'claims', claims: [{ ...CLAIM, stake: 'lots' }, CLAIM] }).ok).toBe(true);
  });
});
