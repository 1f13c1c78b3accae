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

/** What capture saw in one document (frame) so far: the content script sends it whole, the worker keeps the latest per frame. */
export interface CaptureTally {
  counts: Partial<Record<CaptureChannel, ChannelCounts>>;
  seen: SeenKind[];
  /** Custom elements whose shadow root the page closed: what they show is out of capture's reach (absent: none seen, or the browser cannot tell). */
  closed?: number;
}

/** Kinds kept per document and per tab: enough to describe a layout, bounded for a page that shows everything. */
export const MAX_SEEN_KINDS = 40;
/** Longest label or key kept. */
export const MAX_SEEN_KEY = 40;
