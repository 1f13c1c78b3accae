import { describe, expect, it } from 'vitest';
import { PermanentRefusal } from '../../src/capture/outbox.js';
import { claimSender } from '../../src/capture/worker-send.js';
import type { CapturedClaim } from '../../src/shared/records.js';

const claims: CapturedClaim[] = [{ source: 'dom', nonce: '1', observedAt: {} }];

describe('claimSender', () => {
  it('sends one claims message and resolves when the worker stored it', async () => {
    const messages: unknown[] = [];
    await claimSender(async (message) => {
      messages.push(message);
      return { ok: true, value: { stored: 1, refused: [] } };
    })(claims);
    expect(messages).toEqual([{ type: 'claims', claims }]);
  });

  it('fails (to be retried) when the worker is away, busy or silent', async () => {
    await expect(claimSender(() => Promise.reject(new Error('Receiving end does not exist.')))(claims)).rejects.toThrow('Receiving end');
    await expect(claimSender(async () => ({ ok: false, error: 'storage is full' }))(claims)).rejects.not.toBeInstanceOf(PermanentRefusal);
    await expect(claimSender(async () => undefined)(claims)).rejects.toThrow('no reply');
  });

  it('reports a refusal that retrying cannot change', async () => {
    await expect(claimSender(async () => ({ ok: false, error: 'invalid message: claims.0.nonce: nonce must be decimal digits' }))(claims)).rejects.toBeInstanceOf(PermanentRefusal);
    await expect(claimSender(async () => ({ ok: false, error: 'sender not allowed' }))(claims)).rejects.toBeInstanceOf(PermanentRefusal);
  });
});
