// The one-way channel from the page's world (page-tap) to the isolated content script: a
// CustomEvent on the document whose detail is a JSON string (a string crosses worlds in Chrome
// and Firefox alike). The page can dispatch the same event, so the receiving side treats the
// detail as hostile: bounded, type-checked, and stamped with its own clock later.
import { CAPTURE_CHANNELS, type CaptureChannel } from '../../shared/capture-channel.js';
import type { FairnessFields } from '../readers/fields.js';
import type { TapRound } from '../readers/json-tap.js';
import { MAX_CLAIM_VALUE_LENGTH, MAX_LIST_LENGTH } from '../../core/limits.js';

export const TAP_EVENT = 'fair-witness:json';
/**
 * The other way, at the player's action: the content script asks the tap to read what it has
 * queued now, so data the page received before the action is stamped before it. No detail: the
 * page can send it too, and only gets its own earlier messages read sooner.
 */
export const TAP_READ_NOW_EVENT = 'fair-witness:read-now';
/** Rounds per event; the content script batches per message anyway. */
export const MAX_TAP_ROUNDS = 200;
const MAX_DETAIL_LENGTH = 2_000_000;
const MAX_TEXT = MAX_CLAIM_VALUE_LENGTH;
const MAX_LIST = MAX_LIST_LENGTH;
const FIELDS = ['game', 'serverSeed', 'commitment', 'clientSeed', 'nonce', 'result', 'roundSignature', 'picks', 'stake', 'payout', 'multiplier'] as const;

export interface TapPayload {
  rounds: TapRound[];
  /** The channel the rounds came through (the capture diagnostics count per channel). */
  channel?: CaptureChannel;
}

/** Splits rounds into event details of at most MAX_TAP_ROUNDS each. */
export function encodeTapDetails(rounds: readonly TapRound[], channel: CaptureChannel = 'fetch'): string[] {
  const details: string[] = [];
  for (let start = 0; start < rounds.length; start += MAX_TAP_ROUNDS) {
    const payload: TapPayload = { rounds: rounds.slice(start, start + MAX_TAP_ROUNDS), channel };
    details.push(JSON.stringify(payload));
  }
  return details;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.length <= MAX_TEXT ? value : undefined;
}

function list(value: unknown): string[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_LIST) return undefined;
  const items = value.map(text);
  return items.every((item) => item !== undefined) ? (items as string[]) : undefined;
}

function decodeRound(raw: unknown): FairnessFields | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const fields: Record<string, string | string[]> = {};
  for (const field of FIELDS) {
    if (!Object.hasOwn(raw, field)) continue;
    const value: unknown = (raw as Record<string, unknown>)[field];
    const read = field === 'picks' ? list(value) : field === 'result' && Array.isArray(value) ? list(value) : text(value);
    if (read !== undefined) fields[field] = read;
  }
  return Object.keys(fields).length > 0 ? (fields as FairnessFields) : undefined;
}

/**
 * The rounds an event carries; anything malformed is skipped, never thrown. `via.channel` is set to
 * the page-world channel it names, if any (the DOM channels are the content script's own).
 */
export function decodeTapDetail(detail: unknown, via?: { channel?: CaptureChannel }): FairnessFields[] {
  if (typeof detail !== 'string' || detail.length > MAX_DETAIL_LENGTH) return [];
  let payload: unknown;
  try {
    payload = JSON.parse(detail);
  } catch {
    return [];
  }
  if (typeof payload !== 'object' || payload === null || !Array.isArray((payload as TapPayload).rounds)) return [];
  if (via && CAPTURE_CHANNELS.indexOf((payload as TapPayload).channel!) > 1) via.channel = (payload as TapPayload).channel;
  const rounds: FairnessFields[] = [];
  for (const raw of (payload as TapPayload).rounds.slice(0, MAX_TAP_ROUNDS)) {
    const round = decodeRound(raw);
    if (round) rounds.push(round);
  }
  return rounds;
}
