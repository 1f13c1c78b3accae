// The capture diagnostics of each watched tab: the latest tally each of its frames sent
// (capture/readers/capture-tally.ts), kept in the store's `meta` beside the watched tabs (the browser stops
// an idle worker while the tabs stay open). A tally belongs to the page announced in its tab: a
// new page's hello, a closed tab or a page left makes it stale, and stale tallies are dropped at
// the next write and never shown.
import { CAPTURE_CHANNELS, MAX_SEEN_KINDS, type CaptureTally } from '../shared/capture-channel.js';
import type { TabContext } from '../shared/messages.js';
import { openStore } from './store.js';
import { tabContext, watchedSince } from './watched-tabs.js';
import type { MetaKey } from './meta.js';

const KEY: MetaKey = 'capture';
/** Frames kept per tab; the one heard from longest ago is dropped first. */
export const MAX_FRAMES = 16;

interface KeptTallies {
  tab: number;
  /** When the page the tallies belong to was announced (watched-tabs.ts). */
  since: number;
  frames: { frame: number; tally: CaptureTally }[];
}

const isKept = (value: unknown): value is KeptTallies =>
  typeof value === 'object' && value !== null && typeof (value as KeptTallies).tab === 'number' && typeof (value as KeptTallies).since === 'number' && Array.isArray((value as KeptTallies).frames);

/** What is kept; anything there that is not a tab's entry is left out. */
const validKept = (value: unknown): KeptTallies[] => (Array.isArray(value) ? value.filter(isKept) : []);

/** Keeps a frame's tally (already validated) for its tab, if the tab is watched. */
export async function keepTally(tab: number, frame: number, tally: CaptureTally): Promise<boolean> {
  const watched = await watchedSince();
  const since = watched.get(tab);
  if (since === undefined) return false;
  const tx = (await openStore()).transaction('meta', 'readwrite');
  const all = validKept(await tx.store.get(KEY));
  const mine = all.find((entry) => entry.tab === tab && entry.since === since);
  // Other tabs' tallies stay while their page is the one announced: the list never outgrows the watched tabs.
  const others = all.filter((entry) => entry.tab !== tab && watched.get(entry.tab) === entry.since);
  const frames = [{ frame, tally }, ...(mine?.frames.filter((kept) => kept.frame !== frame) ?? [])].slice(0, MAX_FRAMES);
  await tx.store.put([{ tab, since, frames }, ...others], KEY);
  await tx.done;
  return true;
}

/** The tallies of a tab's frames as one: counts added up, kinds of value each once (at most MAX_SEEN_KINDS). */
export function mergeTallies(tallies: readonly CaptureTally[]): CaptureTally {
  const merged: CaptureTally = { counts: {}, seen: [] };
  const kinds = new Set<string>();
  for (const channel of CAPTURE_CHANNELS) {
    for (const { counts } of tallies) {
      const add = counts[channel];
      if (!add) continue;
      const sum = (merged.counts[channel] ??= [0, 0, 0]);
      for (let index = 0; index < 3; index++) sum[index]! += add[index]!;
    }
  }
  const closed = tallies.reduce((sum, tally) => sum + (tally.closed ?? 0), 0);
  if (closed > 0) merged.closed = closed;
  for (const { seen } of tallies) {
    for (const kind of seen) {
      const key = kind.join();
      if (kinds.has(key) || kinds.size >= MAX_SEEN_KINDS) continue;
      kinds.add(key);
      merged.seen.push(kind);
    }
  }
  return merged;
}

/** What the worker knows of a tab (watched-tabs.ts), with what capture saw on its page. */
export async function tabContextWithCapture(tab: number): Promise<TabContext> {
  const context = await tabContext(tab);
  if (!context.watched) return context;
  const mine = validKept(await (await openStore()).get('meta', KEY)).find((entry) => entry.tab === tab && entry.since === context.since);
  return mine ? { ...context, capture: mergeTallies(mine.frames.map((kept) => kept.tally)) } : context;
}
