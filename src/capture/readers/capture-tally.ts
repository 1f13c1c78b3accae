// Capture diagnostics of one document: how many fairness-like values (seeds, commitments,
// signatures, nonces) each channel delivered, how many rounds they formed, and which kinds of
// value (field and shape, never the value) were seen in no round, so a player can report a page
// layout capture does not understand. Counting is a few map look-ups per value, bounded in memory;
// the worker keeps the latest tally per frame, the popup words it (popup/capture-panel.tsx).
import { MAX_SEEN_KINDS, type CaptureChannel, type CaptureTally, type SeenKind } from '../../shared/capture-channel.js';
import type { FairnessFields } from './fields.js';

/** Distinct values (of every field) and rounds remembered, to count each once; past these, new ones are not counted. */
const MAX_VALUES = 2000;
/** The fields whose values are fairness-like: what names a round. */
const FAIRNESS_FIELDS = ['serverSeed', 'commitment', 'clientSeed', 'nonce', 'roundSignature'] as const;
const INT = /^\d{1,20}$/;
const HEX = /^[\da-f]{16,}$/i;

/** A value's shape: `i`, `h64` (64 hex digits), `t12` (12 characters), `L10i` / `L3t` (lists). Holds no part of the value. */
export function shapeOf(value: string | readonly string[]): string {
  if (typeof value !== 'string') return `L${value.length}${value.every((item) => INT.test(item)) ? 'i' : 't'}`;
  return INT.test(value) ? 'i' : HEX.test(value) ? `h${value.length}` : `t${value.length}`;
}

export interface Tally {
  readonly tally: CaptureTally;
  /**
   * Counts what one channel found: `found` as read from the page, `placed` what of it went into a
   * round (a claim), or nothing when it formed none. Every channel calls this once per round found.
   */
  count(channel: CaptureChannel, found: FairnessFields, placed?: Partial<FairnessFields>): void;
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
        if (known === true || known === inRound || (known === undefined && values.size >= maxValues)) continue;
        values.set(key, inRound);
        changed = true;
        const kind: SeenKind = [channel, field, shapeOf(value), inRound ? 1 : 0];
        if (!kinds.has(`${kind}`) && kinds.size < MAX_SEEN_KINDS) {
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
        if (!rounds.has(round) && rounds.size < maxValues) {
          rounds.add(round);
          counts[1]++;
          changed = true;
        }
      }
      if (changed) notify();
    },
    closedHost() {
      tally.closed = (tally.closed ?? 0) + 1;
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
