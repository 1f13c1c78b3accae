// The popup's first questions, sent by popup-boot.js (boot.ts) while popup.html is still parsed:
// a classic script runs at once, while the popup's own module waits for its chunks to load and
// then renders first. A stopped worker takes ~100 ms to start and answer, which then overlaps the
// popup's loading instead of following it. The popup's client takes each answer once, for the same
// question asked again (same JSON), and asks the worker for anything else as usual.
import type { PageMessage } from '../shared/messages.js';
import { ROW_PAGE_SIZE } from './row-pages.js';

/** What the popup asks first as it opens (app.tsx, round-list.tsx with no filter): the rows first, they are what is awaited. */
export const EARLY_ASKS: readonly PageMessage[] = [
  { type: 'rounds', filter: {}, offset: 0, limit: ROW_PAGE_SIZE },
  { type: 'summary' },
  { type: 'games' },
];

type Pending = Map<string, Promise<unknown>>;
const KEY = '__fairWitnessEarlyAsks';
const holder = globalThis as typeof globalThis & { [KEY]?: Pending };

/** Sends EARLY_ASKS and keeps their replies for the popup (boot.ts). */
export function sendEarlyAsks(send: (message: unknown) => Promise<unknown>): void {
  const pending: Pending = new Map();
  for (const message of EARLY_ASKS) {
    const reply = send(message);
    // Not taken (another view, a failed page): no unhandled rejection; the taker sees the failure.
    reply.catch(() => undefined);
    pending.set(JSON.stringify(message), reply);
  }
  holder[KEY] = pending;
}

/** `send`, except that a question sent early is answered once from its kept reply. */
export function withEarlyAsks(send: (message: unknown) => Promise<unknown>): (message: unknown) => Promise<unknown> {
  return (message) => {
    const pending = holder[KEY];
    const key = pending && pending.size > 0 ? JSON.stringify(message) : undefined;
    const reply = key === undefined ? undefined : pending!.get(key);
    if (reply === undefined) return send(message);
    pending!.delete(key!);
    return reply;
  };
}
