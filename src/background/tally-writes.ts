// The capture-tally messages' rate limit: each one rewrites its tab's stored entry, and a page can
// make its content script send them as fast as it changes (or a forged frame can send its own).
// At most one stored write per frame per interval: a tally arriving sooner waits, and a later one
// replaces it while it waits (a tally is whole: the latest says everything), so a burst costs two
// writes. What waits is bounded by the frames that wrote within the interval.
import type { CaptureTally } from '../shared/capture-channel.js';

/** Writes per frame: at most one per this many ms. */
export const TALLY_WRITE_MS = 1000;

export interface TallyWriterOptions {
  now?: () => number;
  later?: (run: () => void, ms: number) => unknown;
  intervalMs?: number;
}

type Write = (tab: number, frame: number, tally: CaptureTally) => Promise<boolean>;

/**
 * `write` as the router calls it, limited per frame. Answers what the write answered, or `true` for
 * a tally that waits (it will be written unless a later one replaces it first). `forget(tab)`: the
 * tab has a new page (or none); what its old page left waiting is dropped, never written under the new one.
 */
export function tallyWriter(write: Write, { now = Date.now, later = setTimeout, intervalMs = TALLY_WRITE_MS }: TallyWriterOptions = {}): Write & { forget(tab: number): void } {
  /** When each frame (`tab:frame`) last wrote. */
  const lastWrite = new Map<string, number>();
  /** The latest tally of a frame waiting for its turn. */
  const waiting = new Map<string, CaptureTally>();

  const limited = async (tab: number, frame: number, tally: CaptureTally): Promise<boolean> => {
    const id = `${tab}:${frame}`;
    const at = now();
    // Frames quiet for an interval need no memory: a write of theirs is due at once anyway.
    for (const [other, when] of lastWrite) if (at - when >= intervalMs && !waiting.has(other)) lastWrite.delete(other);
    const last = lastWrite.get(id);
    if (last !== undefined && at - last < intervalMs) {
      if (!waiting.has(id)) {
        later(() => {
          const latest = waiting.get(id);
          if (!latest) return; // forgotten: the tab has another page
          waiting.delete(id);
          lastWrite.set(id, now());
          write(tab, frame, latest).catch(() => undefined);
        }, last + intervalMs - at);
      }
      waiting.set(id, tally);
      return true;
    }
    lastWrite.set(id, at);
    return write(tab, frame, tally);
  };
  const forget = (tab: number): void => {
    for (const id of [...lastWrite.keys(), ...waiting.keys()]) {
      if (!id.startsWith(`${tab}:`)) continue;
      lastWrite.delete(id);
      waiting.delete(id);
    }
  };
  return Object.assign(limited, { forget });
}
