// The rate limit's counts per flooding tab (rate-limit.ts), kept in the store's `meta` so the
// popup shows them however often the worker was stopped since (the budgets themselves: rate-limit-state.ts).
import type { RateLimitNote } from '../shared/records.js';
import type { RefusalCause } from './rate-limit.js';
import { openStore } from './store.js';

const KEY = 'rateLimited';
/** Tabs kept; the one refused longest ago is dropped first. */
const MAX_NOTES = 20;

/** Adds claims and refusals to the tab's note (one per tab and host), newest first; `cause`: which budget refused them. */
export async function addRateLimitNote(tab: number, host: string, claims: number, refused: number, now = Date.now(), cause?: RefusalCause): Promise<void> {
  const tx = (await openStore()).transaction('meta', 'readwrite');
  const notes = ((await tx.store.get(KEY)) as RateLimitNote[] | undefined) ?? [];
  const prior = notes.find((note) => note.tab === tab && note.host === host);
  // lastAt is the latest refusal: the trust rule reads it (store.ts), so counting only claims moves it not.
  const lastAt = refused > 0 || prior === undefined ? now : prior.lastAt;
  // The words follow the latest refusal's cause, as lastAt does.
  const shared = refused > 0 && cause !== undefined ? cause === 'shared' : prior?.shared === true;
  const note: RateLimitNote = { tab, host, claims: (prior?.claims ?? 0) + claims, refused: (prior?.refused ?? 0) + refused, lastAt, ...(shared ? { shared } : {}) };
  await tx.store.put([note, ...notes.filter((other) => other !== prior)].slice(0, MAX_NOTES), KEY);
  await tx.done;
}

export async function loadRateLimitNotes(): Promise<RateLimitNote[]> {
  return ((await (await openStore()).get('meta', KEY)) as RateLimitNote[] | undefined) ?? [];
}

export async function clearRateLimitNotes(): Promise<void> {
  await (await openStore()).delete('meta', KEY);
}
