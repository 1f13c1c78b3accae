// The capture diagnostics of each watched tab: the latest tally each of its frames sent
// (capture/readers/capture-tally.ts), kept in the store's `meta` beside the watched tabs (the browser stops
// an idle worker while the tabs stay open). A tally belongs to the page announced in its tab: a
// new page's hello, a closed tab or a page left makes it stale, and stale tallies are dropped at
// the next write and never shown.
import { CAPTURE_CHANNELS, channelAllowances, KINDS_PER_CHANNEL, type CaptureChannel, type CaptureTally, type SeenFrame, type SeenKey } from '../shared/capture-channel.js';
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

/**
 * The tallies of a tab's frames as one: counts added up, kinds of value and the page's keys each
 * once (a key's sightings added up), at most KINDS_PER_CHANNEL of each per channel's allowance, so a
 * frame's junk through one channel cannot crowd out what another channel saw.
 */
export function mergeTallies(tallies: readonly CaptureTally[]): CaptureTally {
  const merged: CaptureTally = { counts: {}, seen: [] };
  for (const channel of CAPTURE_CHANNELS) {
    for (const { counts } of tallies) {
      const add = counts[channel];
      if (!add) continue;
      const sum = (merged.counts[channel] ??= [0, 0, 0]);
      for (let index = 0; index < 3; index++) sum[index]! += add[index]!;
    }
  }
  for (const field of ['closed', 'bare'] as const) {
    const sum = tallies.reduce((total, tally) => total + (tally[field] ?? 0), 0);
    if (sum > 0) merged[field] = sum;
  }
  const take = channelAllowances();
  const room = (list: string, channel: CaptureChannel): boolean => take(list, channel, KINDS_PER_CHANNEL);
  const kinds = new Set<string>();
  for (const { seen } of tallies) {
    for (const kind of seen) {
      const key = kind.join();
      if (kinds.has(key) || !room('k', kind[0])) continue;
      kinds.add(key);
      merged.seen.push(kind);
    }
  }
  const keys = new Map<string, SeenKey>();
  for (const kept of tallies) {
    for (const [channel, key, shape, placed, times] of kept.keys ?? []) {
      const id = [channel, key, shape, placed].join('\u0001');
      const known = keys.get(id);
      if (known) known[4] += times;
      else if (room('n', channel)) keys.set(id, [channel, key, shape, placed, times]);
    }
  }
  if (keys.size > 0) merged.keys = [...keys.values()];
  const frames = new Map<string, SeenFrame>();
  for (const kept of tallies) {
    for (const [channel, shape, times] of kept.frames ?? []) {
      const known = frames.get(channel + shape);
      if (known) known[2] += times;
      else if (room('f', channel)) frames.set(channel + shape, [channel, shape, times]);
    }
  }
  if (frames.size > 0) merged.frames = [...frames.values()];
  // Labels once each, within one allowance; the language of the first frame that names one (the main frame comes first).
  const unread = [...new Set(tallies.flatMap((tally) => tally.unread ?? []))].slice(0, KINDS_PER_CHANNEL);
  if (unread.length > 0) merged.unread = unread;
  const lang = tallies.find((tally) => tally.lang !== undefined)?.lang;
  if (lang !== undefined) merged.lang = lang;
  return merged;
}

/** What the worker knows of a tab (watched-tabs.ts), with what capture saw on its page. */
export async function tabContextWithCapture(tab: number): Promise<TabContext> {
  const context = await tabContext(tab);
  if (!context.watched) return context;
  const mine = validKept(await (await openStore()).get('meta', KEY)).find((entry) => entry.tab === tab && entry.since === context.since);
  // The main frame first: what an iframe heard from since sent through a channel cannot crowd its layout out of the allowance.
  const frames = mine && [...mine.frames].sort((one, other) => Number(one.frame !== 0) - Number(other.frame !== 0));
  return frames ? { ...context, capture: mergeTallies(frames.map((kept) => kept.tally)) } : context;
}
