// The doors a page's fairness values come through, and what the capture diagnostics say about
// each. No imports: the page-world taps, the content script, the worker and the popup all use it.

/** Every channel capture reads, in the order the diagnostics list them. */
export const CAPTURE_CHANNELS = ['dom', 'shadow', 'fetch', 'xhr', 'websocket', 'sse', 'embedded'] as const;
export type CaptureChannel = (typeof CAPTURE_CHANNELS)[number];

/** One channel's counts in one document: distinct fairness-like values seen, distinct rounds they formed, values seen but in no round. */
export type ChannelCounts = [values: number, rounds: number, unplaced: number];

/**
 * A kind of value seen: the channel, the label or key it was found under (a field name today), its
 * shape, and whether a round took it (1) or not (0). A shape never holds a value (capture-tally.ts):
 * `h64` 64 hex digits, `i` an integer, `t12` text of 12 characters, `L10i` a list of 10 integers,
 * `L3t` a list of 3 texts.
 */
export type SeenKind = [channel: CaptureChannel, key: string, shape: string, placed: 0 | 1];

/**
 * A key of the page's own JSON (a tap channel) whose value looked fairness-like: a 64-hex string,
 * or any value under a fairness word (readers/json-tap.ts noteKeys). The key as the page spells it,
 * the value's shape, whether a round took it, and how often it was seen (in how many messages ×
 * places; the value itself never leaves the page's world).
 */
export type SeenKey = [channel: CaptureChannel, key: string, shape: string, placed: 0 | 1, times: number];

/**
 * What a tap message noted of one of the page's keys (capture/readers/json-tap.ts noteKeys): the
 * page's own spelling, the value's shape (never the value), whether the object formed a round
 * under a key capture reads (placed: 1), and how often the message held it.
 */
export type KeyNote = [key: string, shape: string, placed: 0 | 1, times: number];
/**
 * A binary frame (WebSocket) that read as neither MessagePack nor CBOR, or as a bare scalar: the
 * channel, its shape (page-world/binary-frame.ts frameShape: first byte in hex, size rounded up to
 * a power of two, `x89b8`) and how many such frames came.
 */
export type SeenFrame = [channel: CaptureChannel, shape: string, times: number];
/** A frame's shape: nothing of its bytes but the first. */
export const FRAME_SHAPE = /^x[\da-f]{2}b\d{1,7}$/;
/** Distinct key notes per message: enough for one layout; the isolated side bounds them again. */
export const MAX_KEY_NOTES = 20;

/** What capture saw in one document (frame) so far: the content script sends it whole, the worker keeps the latest per frame. */
export interface CaptureTally {
  counts: Partial<Record<CaptureChannel, ChannelCounts>>;
  seen: SeenKind[];
  /** The page's own keys with fairness-like values (absent: none seen). */
  keys?: SeenKey[];
  /** Binary frames read as nothing, by shape (absent: none). */
  frames?: SeenFrame[];
  /** 64-hex texts in the DOM that no label named (absent: none seen). */
  bare?: number;
  /**
   * The texts just before such 64-hex texts, as the page wrote them (absent: none): labels in words
   * capture does not read, perhaps of a language it has no vocabulary for. The worker keeps only
   * those spelt like a label (messages.ts UNREAD_LABEL).
   */
  unread?: string[];
  /** The page's language as its lang attribute or its address names it ("tr", "pt-BR"; absent: neither does). */
  lang?: string;
  /** Custom elements whose shadow root the page closed: what they show is out of capture's reach (absent: none seen, or the browser cannot tell). */
  closed?: number;
}

/**
 * Kinds (and keys) kept per channel in a document and in a tab: enough to describe a layout, bounded
 * for a page that shows everything. Per channel, so that junk through one (a page can fire fake tap
 * events of any channel) cannot crowd out what another saw; the DOM and its shadow roots share one.
 */
export const KINDS_PER_CHANNEL = 16;
/** What shares an allowance: the DOM and its shadow roots one, each tap channel its own. */
const allowanceOf = (channel: CaptureChannel): CaptureChannel => (channel === 'shadow' ? 'dom' : channel);
/**
 * Per-channel allowances (the content script's tally, the worker's merge of a tab's frames): `take`
 * says whether one more of list `what` (one letter: values, kinds, keys…) still fits `max` in the
 * allowance of `channel`, and counts it only if it does.
 */
export function channelAllowances(): (what: string, channel: CaptureChannel, max: number) => boolean {
  const used = new Map<string, number>();
  return (what, channel, max) => {
    const id = what + allowanceOf(channel);
    const taken = used.get(id) ?? 0;
    if (taken >= max) return false;
    used.set(id, taken + 1);
    return true;
  };
}
/** Kinds (and keys) in a whole tally: all six allowances full. */
export const MAX_SEEN_KINDS = KINDS_PER_CHANNEL * 6;
/** Longest label or key kept. */
export const MAX_SEEN_KEY = 40;
/**
 * A label or key that can be kept: a name, never one that could carry a value (a page may key its
 * JSON by values: a map from client seeds to their hashes). Refused here: 8 hex digits, separators
 * between them or not (`seed_ab12cd3-4ef56a7`, `n1234.5678`). The worker also drops RANDOM_SPELLING.
 */
// The form (and length) first: a huge key is refused at once, not searched for hex to its end.
export const SEEN_KEY = /^(?=[a-z][\w.-]{0,39}$)(?![^]*(?:[\da-f][_.-]*){8})/i; // {0,39}: MAX_SEEN_KEY
/**
 * A page's key spelt like a random string, not a name: 5 digits, or 3 runs of them, or digits inside
 * a lowercase word; 2 letters standing alone between capitals or digits (base62 and base64 mix
 * cases at random: `qGvObdni7e7Q`); 5 consonants in a row. The worker drops such keys before it
 * stores a tally (messages.ts), so neither the stored tally nor the report holds them. Names pages
 * use pass (`srvSeedHashV2`, `server_seed_hash_sha256`); random strings of 24 characters and more
 * almost never do (test/popup/capture-report.test.ts). Kept out of the content script (its size budget).
 */
export const RANDOM_SPELLING = /^(?:\D*\d){5}|^(?:\D*\d+(?!\d)){3}|[a-z]\d+[a-z]|^(?:[^]*?(?:[A-Z\d][a-z]|[a-z\d][A-Z])(?![a-z])){2}|[b-df-hj-np-tv-xz]{5}|[B-DF-HJ-NP-TV-XZ]{5}/;
/** A page's language tag as capture keeps it. */
export const LANGUAGE_TAG = /^[a-z]{2,3}(?:[-_][a-z\d]{1,8}){0,3}$/i;
/** A value's shape code (readers/value-shape.ts): a letter and a length, nothing of the value. */
export const SEEN_SHAPE = /^(?:i|[ht]\d{1,7}|L\d{1,4}[it])$/;
