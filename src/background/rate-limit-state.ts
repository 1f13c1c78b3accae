// The rate limiter's budgets (rate-limit.ts), kept in the store's `meta`: a worker stops after
// 30 s of silence, and one that started every tab with a full budget would hand a flooding page a
// fresh burst each time it paused.
import type { RateLimitState } from './rate-limit.js';
import { openStore } from './store.js';

const KEY = 'budgets';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isTokens(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const tokens = value as Record<string, unknown>;
  return isNumber(tokens.claims) && isNumber(tokens.bytes) && isNumber(tokens.at);
}

/** The kept state, or undefined when none was kept or what is there is not one (then the budgets start full). */
export async function loadRateLimitState(): Promise<RateLimitState | undefined> {
  const value = (await (await openStore()).get('meta', KEY)) as RateLimitState | undefined;
  if (typeof value !== 'object' || value === null || !isTokens(value.all) || !isTokens(value.day) || !Array.isArray(value.tabs)) return undefined;
  const tabs = value.tabs.filter((entry) => Array.isArray(entry) && isNumber(entry[0]) && isTokens(entry[1]));
  return { all: value.all, day: value.day, tabs };
}

export async function saveRateLimitState(state: RateLimitState): Promise<void> {
  await (await openStore()).put('meta', state, KEY);
}
