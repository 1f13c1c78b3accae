// How the content script hands a batch to the worker and reads its answer. The worker answers
// every message with a Reply (see src/background/router.ts); only `ok: true` means the claims
// are stored. A refusal that retrying cannot change is reported as such, so the outbox drops
// that batch instead of blocking every later round behind it.
import type { ReplyFailure } from '../../shared/messages.js';
import type { CapturedClaim } from '../../shared/records.js';
import { PermanentRefusal } from './outbox.js';
import type { SendReply } from './capture-session.js';

/** Failures that sending again cannot change (the Reply's `failure`, shared/messages.ts). */
const PERMANENT: readonly unknown[] = ['invalid-message', 'sender-not-allowed'] satisfies ReplyFailure[];

/**
 * Sends a batch; resolves with the indexes the worker refused for its budget only (to be sent again
 * later) and the commitments whose server seed in the batch it checked.
 */
export function claimSender(sendToWorker: (message: unknown) => Promise<unknown>) {
  return async (claims: CapturedClaim[]): Promise<SendReply> => {
    const reply: unknown = await sendToWorker({ type: 'claims', claims });
    if (typeof reply === 'object' && reply !== null && (reply as { ok?: unknown }).ok === true) {
      const { retryLater, revealed } = (reply as { value?: { retryLater?: unknown; revealed?: unknown } }).value ?? {};
      return {
        retryLater: Array.isArray(retryLater) ? retryLater.filter((index): index is number => Number.isInteger(index) && index >= 0 && index < claims.length) : [],
        revealed: Array.isArray(revealed) ? revealed.filter((commitment): commitment is string => typeof commitment === 'string') : [],
      };
    }
    const failed = reply as { error?: unknown; failure?: unknown } | null | undefined;
    const error = String(failed?.error ?? 'no reply from the worker');
    throw PERMANENT.includes(failed?.failure) ? new PermanentRefusal(error) : new Error(error);
  };
}

/**
 * Tells the worker this tab is watched (background/watched-tabs.ts: its count starts anew, its
 * badge is set again). A worker starting up may not answer the first try: tried a few times, then
 * given up (the page is read all the same).
 */
export async function sayHello(sendToWorker: (message: unknown) => Promise<unknown>, wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)), tries = 4): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    const reply = await sendToWorker({ type: 'hello' }).catch(() => undefined);
    if ((reply as { ok?: unknown } | undefined)?.ok === true) return true;
    if (attempt >= tries) return false;
    await wait(500 * attempt);
  }
}

/**
 * The top frame's part (frames share its tab): hello as the page loads and when it comes back from
 * the back-forward cache; goodbye as it is left, so a tab that goes on to another site is no longer
 * taken for a casino tab (the worker cannot see a tab's address without the "tabs" permission).
 */
export function announcePage(page: Pick<Window, 'addEventListener'>, sendToWorker: (message: unknown) => Promise<unknown>, hello = () => sayHello(sendToWorker)): void {
  void hello();
  page.addEventListener('pageshow', (event) => (event as PageTransitionEvent).persisted && void hello());
  page.addEventListener('pagehide', () => void (async () => sendToWorker({ type: 'bye' }))().catch(() => undefined));
}
