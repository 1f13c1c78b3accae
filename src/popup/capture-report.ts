// The text of "Copy a capture report": what capture saw on the tab, for a player to paste into a
// report when a page's layout is not understood. Built from the worker's tally only, which holds
// labels or keys and value shapes, never a value (capture/readers/capture-tally.ts, checked again by the
// worker's message schema). In English on purpose: it is read by whoever maintains the capture.
import { CAPTURE_CHANNELS, type CaptureTally, type SeenFrame, type SeenKey, type SeenKind } from '../shared/capture-channel.js';

/** A shape code as the report writes it: `64-hex`, `int`, `text(12)`, `list of 10 ints`, `list of 3 texts`. */
export function shapeName(shape: string): string {
  const size = shape.slice(1).replace(/[it]$/, '');
  if (shape[0] === 'L') return `list of ${size} ${shape.endsWith('i') ? 'ints' : 'texts'}`;
  if (shape[0] === 'h') return `${size}-hex`;
  return shape === 'i' ? 'int' : `text(${size})`;
}

const kindLine = ([channel, key, shape]: SeenKind): string => `  ${channel} ${key}: ${shapeName(shape)}`;
/** A key as the page spelt it (quoted: not one of capture's field names), how often, and whether a round took it. */
const keyLine = ([channel, key, shape, placed, times]: SeenKey): string => `  ${channel}: key "${key}" ${shapeName(shape)} ×${times}${placed ? '' : ' (not placed)'}`;

/** A frame's shape (`x89b8`) as the report writes it: `first byte 0x89, up to 8 bytes`. */
export const frameName = (shape: string): string => `first byte 0x${shape.slice(1, 3)}, up to ${shape.slice(4)} bytes`;
const frameLine = ([channel, shape, times]: SeenFrame): string => `  ${channel}: ${frameName(shape)} ×${times}`;

export interface ReportPage {
  host: string;
  version: string;
}

export function captureReport(tally: CaptureTally, page: ReportPage): string {
  const lines = ['Fair Witness capture report (labels, keys and value shapes; no values)', `page: ${page.host}`, `version: ${page.version}`];
  for (const channel of CAPTURE_CHANNELS) {
    const counts = tally.counts[channel];
    if (counts) lines.push(`${channel}: fairness values ${counts[0]}, rounds ${counts[1]}, not placed ${counts[2]}`);
  }
  const unplaced = tally.seen.filter((kind) => kind[3] === 0);
  const placed = tally.seen.filter((kind) => kind[3] === 1);
  if (tally.closed) lines.push(`closed shadow roots (not readable): ${tally.closed}`);
  if (tally.lang) lines.push(`page language: ${tally.lang}`);
  if (tally.bare) lines.push(`64-hex texts with no label: ${tally.bare}`);
  // As the page wrote them (quoted): words capture has no vocabulary for, perhaps a language it does not know.
  if (tally.unread?.length) lines.push('text before them, not read as a label (as the page wrote it):', ...tally.unread.map((label) => `  "${label}"`));
  if (unplaced.length > 0) lines.push('seen in no round:', ...unplaced.map(kindLine));
  if (placed.length > 0) lines.push('seen in rounds:', ...placed.map(kindLine));
  if (tally.keys?.length) lines.push('page keys with fairness-like values (as the page spells them):', ...tally.keys.map(keyLine));
  if (tally.frames?.length) lines.push('binary frames read as neither MessagePack nor CBOR:', ...tally.frames.map(frameLine));
  return lines.join('\n');
}
