// The one-way channel from the page's world (page-tap) to the isolated content script: a
// CustomEvent on the document whose detail is a JSON string (a string crosses worlds in Chrome
// and Firefox alike). The page can dispatch the same event, so the receiving side treats the
// detail as hostile: bounded, type-checked, and stamped with its own clock later.
import { CAPTURE_CHANNELS, FRAME_SHAPE, MAX_KEY_NOTES, SEEN_KEY, SEEN_SHAPE, type CaptureChannel, type KeyNote } from '../../shared/capture-channel.js';
import { FIELD_NAMES, type FairnessFields } from '../readers/fields.js';
import type { TapRound } from '../readers/json-tap.js';
import { MAX_CLAIM_VALUE_LENGTH, MAX_LIST_LENGTH } from '../../core/limits.js';

export const TAP_EVENT = 'fair-witness:json';
/** Rounds per event; the content script batches per message anyway. */
export const MAX_TAP_ROUNDS = 200;
const MAX_DETAIL_LENGTH = 2_000_000;
const MAX_TEXT = MAX_CLAIM_VALUE_LENGTH;
const MAX_LIST = MAX_LIST_LENGTH;

export interface TapPayload {
  rounds: TapRound[];
  /** The channel the rounds came through (the capture diagnostics count per channel). */
  channel?: CaptureChannel;
  /** The message's keys with fairness-like values (json-tap.ts noteKeys), on its first event only. */
  keys?: KeyNote[];
  /** Shapes of binary frames read as nothing (binary-frame.ts frameShape). */
  frames?: string[];
}

/** Splits rounds into event details of at most MAX_TAP_ROUNDS each; a message with key notes and no round still gives one. */
export function encodeTapDetails(rounds: readonly TapRound[], channel: CaptureChannel = 'fetch', keys?: KeyNote[], frames?: string[]): string[] {
  const details: string[] = [];
  for (let start = 0; start < rounds.length || (start === 0 && (keys || frames)); start += MAX_TAP_ROUNDS) {
    const payload: TapPayload = { rounds: rounds.slice(start, start + MAX_TAP_ROUNDS), channel, keys: start ? undefined : keys, frames: start ? undefined : frames };
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
  for (const field of FIELD_NAMES) {
    if (!Object.hasOwn(raw, field)) continue;
    const value: unknown = (raw as Record<string, unknown>)[field];
    const read = field === 'picks' ? list(value) : field === 'result' && Array.isArray(value) ? list(value) : text(value);
    if (read !== undefined) fields[field] = read;
  }
  return Object.keys(fields).length > 0 ? (fields as FairnessFields) : undefined;
}

/** A key note as the page's world sent it, if it is one the diagnostics may keep: a key that cannot carry a value, a shape code, a count. */
const isKeyNote = (note: unknown): note is KeyNote =>
  Array.isArray(note) &&
  typeof note[0] === 'string' &&
  SEEN_KEY.test(note[0]) &&
  typeof note[1] === 'string' &&
  SEEN_SHAPE.test(note[1]) &&
  (note[2] === 0 || note[2] === 1) &&
  Number.isSafeInteger(note[3]) &&
  (note[3] as number) > 0;

/**
 * The rounds an event carries; anything malformed is skipped, never thrown. `via.channel` is set to
 * the page-world channel it names, if any (the DOM channels are the content script's own), and
 * `via.keys` to its well-formed key notes (copied: nothing else of the page's arrays is kept).
 */
export function decodeTapDetail(detail: unknown, via?: { channel?: CaptureChannel; keys?: KeyNote[]; frames?: string[] }): FairnessFields[] {
  if (typeof detail !== 'string' || detail.length > MAX_DETAIL_LENGTH) return [];
  let payload: unknown;
  try {
    payload = JSON.parse(detail);
  } catch {
    return [];
  }
  if (typeof payload !== 'object' || payload === null || !Array.isArray((payload as TapPayload).rounds)) return [];
  if (via && CAPTURE_CHANNELS.indexOf((payload as TapPayload).channel!) > 1) via.channel = (payload as TapPayload).channel;
  const keys: unknown = (payload as TapPayload).keys;
  if (via && Array.isArray(keys)) via.keys = keys.slice(0, MAX_KEY_NOTES).filter(isKeyNote).map(([key, shape, placed, times]) => [key, shape, placed, times]);
  const frames: unknown = (payload as TapPayload).frames;
  if (via && Array.isArray(frames)) via.frames = frames.slice(0, MAX_KEY_NOTES).filter((shape): shape is string => typeof shape === 'string' && FRAME_SHAPE.test(shape));
  const rounds: FairnessFields[] = [];
  for (const raw of (payload as TapPayload).rounds.slice(0, MAX_TAP_ROUNDS)) {
    const round = decodeRound(raw);
    if (round) rounds.push(round);
  }
  return rounds;
}
