// The casino tabs whose content script announced itself (its hello, once per page load), each with
// what the worker saw there since: the page's host, when, and how many distinct rounds its claims
// were about. The popup says this about the active tab; the badge shows on these tabs only
// (badge.ts). Kept in the store's `meta`, as the rate limit's budgets are (rate-limit-state.ts): the
// browser stops an idle worker while the tabs stay open.
import type { TabContext } from '../shared/messages.js';
import { openStore, RELAXED } from './store.js';

const KEY = 'tabs';
/** Tabs kept; the one announced longest ago is dropped first. */
export const MAX_TABS = 64;
/**
 * Rounds remembered per tab, so that a round counts once however many claims name it (its
 * commitment, its result, its revealed seed arrive apart). Only a page that showed more rounds than
 * this and then sent an older one again with something new could count that round twice.
 */
export const MAX_REMEMBERED_ROUNDS = 256;

interface WatchedTab {
  tab: number;
  host: string;
  since: number;
  rounds: number;
  /** Hashes of the round keys counted (roundHash), oldest first. */
  seen: number[];
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isWatchedTab(value: unknown): value is WatchedTab {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return isNumber(entry.tab) && typeof entry.host === 'string' && isNumber(entry.since) && isNumber(entry.rounds) && Array.isArray(entry.seen) && entry.seen.every(isNumber);
}

/** What is kept, newest announcement first; anything there that is not a tab entry is left out. */
const validTabs = (value: unknown): WatchedTab[] => (Array.isArray(value) ? value.filter(isWatchedTab) : []);

/** A round key as a 32-bit FNV-1a hash: a few bytes a round, and a collision among a tab's rounds is too rare to matter. */
function roundHash(key: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index++) hash = Math.imul(hash ^ key.charCodeAt(index), 0x01000193);
  return hash >>> 0;
}

/** Reads and changes the list in one transaction, so concurrent batches of one tab count all their rounds. */
async function update(change: (tabs: WatchedTab[]) => WatchedTab[] | undefined): Promise<void> {
  const tx = (await openStore()).transaction('meta', 'readwrite', RELAXED);
  const next = change(validTabs(await tx.store.get(KEY)));
  if (next !== undefined) await tx.store.put(next, KEY);
  await tx.done;
}

async function loadTabs(): Promise<WatchedTab[]> {
  return validTabs(await (await openStore()).get('meta', KEY));
}

/** A page loaded in `tab` (a new page, or the same one reloaded): it is watched from now on, its count anew. */
export function announceTab(tab: number, host: string, now = Date.now()): Promise<void> {
  return update((tabs) => [{ tab, host, since: now, rounds: 0, seen: [] }, ...tabs.filter((kept) => kept.tab !== tab)].slice(0, MAX_TABS));
}

/** Counts the rounds a batch from `tab` was about; a tab that never announced itself is not counted. */
export function countTabRounds(tab: number, roundKeys: readonly string[]): Promise<void> {
  return update((tabs) => {
    const watched = tabs.find((kept) => kept.tab === tab);
    if (watched === undefined) return undefined;
    const before = watched.rounds;
    for (const hash of new Set(roundKeys.map(roundHash))) {
      if (watched.seen.includes(hash)) continue;
      watched.seen.push(hash);
      watched.rounds++;
    }
    if (watched.rounds === before) return undefined;
    watched.seen = watched.seen.slice(-MAX_REMEMBERED_ROUNDS);
    return tabs;
  });
}

/** The tab closed. */
export function forgetTab(tab: number): Promise<void> {
  return update((tabs) => (tabs.some((kept) => kept.tab === tab) ? tabs.filter((kept) => kept.tab !== tab) : undefined));
}

/** The browser started anew (its tabs have new ids) or the extension was updated (its old content scripts are cut off). */
export async function forgetAllTabs(): Promise<void> {
  await (await openStore()).delete('meta', KEY);
}

export async function tabContext(tab: number): Promise<TabContext> {
  const watched = (await loadTabs()).find((kept) => kept.tab === tab);
  return watched === undefined ? { watched: false } : { watched: true, host: watched.host, since: watched.since, rounds: watched.rounds };
}

/** The tabs watched, each with when its page was announced. */
export async function watchedSince(): Promise<Map<number, number>> {
  return new Map((await loadTabs()).map((kept) => [kept.tab, kept.since]));
}

/** The ids of the tabs watched, newest announcement first. */
export async function watchedTabIds(): Promise<number[]> {
  return (await loadTabs()).map((kept) => kept.tab);
}
