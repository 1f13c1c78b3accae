// How the content script hands a batch to the worker and reads its answer. The worker answers
// every message with a Reply (see src/background/router.ts); only `ok: true` means the claims
// are stored. A refusal that retrying cannot change is reported as such, so the outbox drops
// that batch instead of blocking every later round behind it.
import type { CapturedClaim } from '../shared/records.js';
import { PermanentRefusal } from './outbox.js';

const PERMANENT = /^(?:invalid message|sender not allowed)/;

export function claimSender(sendToWorker: (message: unknown) => Promise<unknown>) {
  return async (claims: CapturedClaim[]): Promise<void> => {
    const reply: unknown = await sendToWorker({ type: 'claims', claims });
    if (typeof reply === 'object' && reply !== null && (reply as { ok?: unknown }).ok === true) return;
    const error = String((reply as { error?: unknown } | null | undefined)?.error ?? 'no reply from the worker');
    throw PERMANENT.test(error) ? new PermanentRefusal(error) : new Error(error);
  };
}
