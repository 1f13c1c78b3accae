// Capture diagnostics of one document: how many fairness-like values (seeds, commitments,
// signatures, nonces) each channel delivered, how many rounds they formed, and which kinds of
// value (field and shape, never the value) were seen in no round, so a player can report a page
// layout capture does not understand. Counting is a few map look-ups per value, bounded in memory;
// the worker keeps the latest tally per frame, the popup words it (popup/capture-panel.tsx).
import { channelAllowances, KINDS_PER_CHANNEL, MAX_SEEN_KEY, type CaptureChannel, type CaptureTally, type KeyNote, type SeenFrame, type SeenKey, type SeenKind } from '../../shared/capture-channel.js';
import type { FairnessFields } from './fields.js';
import { shapeOf } from './value-shape.js';

/** Distinct values (of every field) and rounds remembered per channel's allowance, to count each once; past these, new ones are not counted. */
const MAX_VALUES = 2000;
/** The most a key's sightings (or closed hosts) are counted to (the worker's schema takes no more: past it, every later tally would be refused). */
const MAX_TIMES = 1_000_000;
/** The fields whose values are fairness-like: what names a round. */
const FAIRNESS_FIELDS = ['serverSeed', 'commitment', 'clientSeed', 'nonce', 'roundSignature'] as const;

export interface Tally {
  readonly tally: CaptureTally;
  /**
   * Counts what one channel found: `found` as read from the page, `placed` what of it went into a
   * round (a claim), or nothing when it formed none. Every channel calls this once per round found.
   */
  count(channel: CaptureChannel, found: FairnessFields, placed?: Partial<FairnessFields>): void;
  /** Adds what a tap message noted of the page's own keys (json-tap.ts noteKeys, re-checked by tap-channel.ts). */
  keys(channel: CaptureChannel, notes: readonly KeyNote[]): void;
  /** Counts binary frames a tap read as nothing, by shape (tap-channel.ts checked each). */
  frames(channel: CaptureChannel, shapes: readonly string[]): void;
  /**
   * Counts a text of 64 hex digits in the DOM that no label named, each value once, and keeps the
   * text before it (`before`), short enough to be a label: words of a language capture does not read.
   */
  bare(text: string, before?: string): void;
  /** Counts a custom element whose shadow root is closed (dom-query.ts finds them). */
  closedHost(): void;
  /** Calls `send` with the tally `delayMs` after a change (one call per burst of changes). */
  report(send: (tally: CaptureTally) => unknown, delayMs?: number): void;
}

export function captureTally(maxValues = MAX_VALUES): Tally {
  const tally: CaptureTally = { counts: {}, seen: [] };
  /** Per value, whether a round took it. */
  const values = new Map<string, boolean>();
  const rounds = new Set<string>();
  const kinds = new Set<string>();
  const keys = new Map<string, SeenKey>();
  const frames = new Map<string, SeenFrame>();
  /** What each channel's allowance has used of values, rounds, kinds and keys: one channel's junk cannot crowd out another's layout. */
  const take = channelAllowances();
  let notify = (): void => undefined;

  return {
    tally,
    count(channel, found, placed) {
      const counts = (tally.counts[channel] ??= [0, 0, 0]);
      let changed = false;
      for (const field in found) {
        const value = found[field as keyof FairnessFields]!;
        const inRound = placed?.[field as keyof FairnessFields] !== undefined;
        // The common case, a value seen before as it is now, costs one look-up.
        const key = `${channel}\u0001${field}\u0001${value as string}`;
        const known = values.get(key);
        if (known === true || known === inRound || (known === undefined && !take('v', channel, maxValues))) continue;
        values.set(key, inRound);
        changed = true;
        const kind: SeenKind = [channel, field, shapeOf(value), inRound ? 1 : 0];
        if (!kinds.has(`${kind}`) && take('k', channel, KINDS_PER_CHANNEL)) {
          kinds.add(`${kind}`);
          tally.seen.push(kind);
        }
        if (!(FAIRNESS_FIELDS as readonly string[]).includes(field)) continue;
        if (known === undefined) {
          counts[0]++;
          if (!inRound) counts[2]++;
        } else counts[2]--; // in no round before, in one now
      }
      if (placed) {
        const round = `${channel}\u0001${placed.commitment ?? placed.serverSeed ?? placed.roundSignature ?? ''}\u0001${placed.clientSeed ?? ''}\u0001${placed.nonce ?? ''}`;
        if (!rounds.has(round) && take('r', channel, maxValues)) {
          rounds.add(round);
          counts[1]++;
          changed = true;
        }
      }
      if (changed) notify();
    },
    keys(channel, notes) {
      for (const [key, shape, placed, times] of notes) {
        const id = `${channel}\u0001${key}\u0001${shape}\u0001${placed}`;
        let seen = keys.get(id);
        if (!seen) {
          if (!take('n', channel, KINDS_PER_CHANNEL)) continue;
          keys.set(id, (seen = [channel, key, shape, placed, 0]));
          (tally.keys ??= []).push(seen);
        }
        seen[4] = Math.min(MAX_TIMES, seen[4] + times);
        notify();
      }
    },
    frames(channel, shapes) {
      for (const shape of shapes) {
        const id = `${channel}\u0001${shape}`;
        let seen = frames.get(id);
        if (!seen) {
          if (!take('f', channel, KINDS_PER_CHANNEL)) continue;
          frames.set(id, (seen = [channel, shape, 0]));
          (tally.frames ??= []).push(seen);
        }
        seen[2] = Math.min(MAX_TIMES, seen[2] + 1);
        notify();
      }
    },
    bare(text, before) {
      const key = `\u0001${text}`;
      // An allowance of its own ('b'): a page full of them (a hash column) must not stop the DOM's values being counted.
      if (values.has(key) || !take('b', 'dom', maxValues)) return;
      values.set(key, false);
      tally.bare = (tally.bare ?? 0) + 1;
      // The worker keeps only those spelt like a label (messages.ts): a value put before a value is dropped there.
      const unread = (tally.unread ??= []);
      if (before && before.length <= MAX_SEEN_KEY && unread.length < KINDS_PER_CHANNEL && !unread.includes(before)) unread.push(before);
      notify();
    },
    closedHost() {
      tally.closed = Math.min(MAX_TIMES, (tally.closed ?? 0) + 1); // a page that keeps making them must not outgrow the worker's schema
      notify();
    },
    report(send, delayMs = 1000) {
      let timer: unknown;
      notify = () => {
        timer ??= setTimeout(() => {
          timer = undefined;
          send(tally);
        }, delayMs);
      };
    },
  };
}

/** The content script's tally of its document. */
export const pageTally = captureTally();
