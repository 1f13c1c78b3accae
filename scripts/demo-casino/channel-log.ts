// What a channel page received, as both sides count it: the server for every message it sent to a
// page's session, the page (channel-script.ts) for every one it got. Equal counts and hashes mean
// the page received every message intact, whatever the extension's taps did on the way.

export interface ChannelLog {
  count: number;
  /** FNV-1a (32-bit) over each message's text (or bytes), chained in order, as 8 hex digits. */
  hash: string;
}

export const emptyLog = (): ChannelLog => ({ count: 0, hash: '811c9dc5' });

/** `log` with one more message: text (UTF-16 code units) or binary (bytes). */
export function logged(log: ChannelLog, message: string | Uint8Array): ChannelLog {
  let hash = parseInt(log.hash, 16);
  const length = message.length;
  for (let index = 0; index < length; index++) {
    hash ^= typeof message === 'string' ? message.charCodeAt(index) : message[index]!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // The boundary counts: "ab" + "c" is not "a" + "bc".
  hash = Math.imul(hash ^ 0xff, 0x01000193) >>> 0;
  return { count: log.count + 1, hash: hash.toString(16).padStart(8, '0') };
}
