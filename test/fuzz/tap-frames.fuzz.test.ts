// Fuzzes WebSocket frame reading: the page tap's parse of a frame's text (plain JSON, GraphQL over
// WebSocket, Socket.IO's packet type + namespace + ack id before JSON), and the tap installed on a
// socket: whatever frames arrive (text, junk, binary, huge), the page's listener and onmessage get
// the very same data in the same order, nothing throws into the page, and each frame is queued,
// read (text, or binary as MessagePack or CBOR) or dropped — the page's events as they were.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { installTap, type TapWindow } from '../../src/capture/page-world/tap-install.js';
import { decodeTapDetail, TAP_EVENT } from '../../src/capture/page-world/tap-channel.js';
import { jsonValues, WORTH_PARSING } from '../../src/capture/page-world/tap-text.js';
import { CASE_MS, PROPERTY_TIMEOUT, runProperty, share, targetCases, withinTime } from './harness.js';
import { jsonText, junkText } from './tap-text-arbitraries.js';

const TARGET = 'tap-frames';
const CASES = targetCases(2000);

/** A Socket.IO/Engine.IO prefix: packet type digits, maybe "/namespace,", maybe an ack id. */
const packetPrefix = fc
  .tuple(fc.integer({ min: 0, max: 9999 }), fc.option(fc.stringMatching(/^\/[a-z0-9_-]{0,12}$/), { nil: undefined }), fc.option(fc.nat(99_999), { nil: undefined }))
  .map(([type, namespace, ack]) => `${type}${namespace === undefined ? '' : `${namespace},`}${ack ?? ''}`);

describe('tap-frames: WebSocket frames', () => {
  it('reads a frame\'s JSON whole, after any Socket.IO prefix', () => {
    runProperty(
      TARGET,
      'frames',
      fc.property(fc.option(packetPrefix, { nil: undefined }), jsonText, (prefix, { value, text }) => {
        const framed = text.startsWith('{') || text.startsWith('[') ? `${prefix ?? ''}${text}` : text;
        const got = withinTime(CASE_MS, 'jsonValues', () => jsonValues(framed));
        expect(got).toEqual(WORTH_PARSING.test(framed) ? [JSON.parse(JSON.stringify(value))] : []);
      }),
      share(CASES, 0.5),
    );
  }, PROPERTY_TIMEOUT);

  it('leaves the page\'s socket and every frame untouched, whatever arrives', async () => {
    const frame = fc.oneof(
      { weight: 3, arbitrary: jsonText.map(({ text }) => text) },
      { weight: 2, arbitrary: fc.tuple(packetPrefix, jsonText).map(([prefix, { text }]) => `${prefix}${text}`) },
      { weight: 2, arbitrary: junkText },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 32 }).map((bytes) => bytes.buffer) },
      { weight: 1, arbitrary: fc.constantFrom(null, 0, {}) },
    );
    // What the taps published (at once or on their timers): counted, each a decoded round.
    let published = 0;
    runProperty(
      TARGET,
      'socket',
      fc.property(fc.array(frame, { maxLength: 8 }), (frames) => {
        class Socket extends EventTarget {
          static readonly OPEN = 1;
          onmessage: ((event: MessageEvent) => void) | null = null;
        }
        const page = new EventTarget();
        page.addEventListener(TAP_EVENT, (event) => (published += decodeTapDetail((event as CustomEvent).detail).length));
        const win = {
          document: Object.assign(page, { readyState: 'complete', getElementsByTagName: () => [] }) as unknown as Document,
          CustomEvent,
          setTimeout: (callback: () => void) => setTimeout(callback, 0),
          TextDecoder,
          WebSocket: Socket as unknown as typeof WebSocket,
        } satisfies TapWindow;
        const stats = installTap(win);
        const installErrors = stats.errors; // this fake window lacks what the other taps use
        const socket = new win.WebSocket('wss://x') as unknown as Socket;
        expect(socket).toBeInstanceOf(Socket);
        expect(socket.constructor).toBe(win.WebSocket);
        const heard: unknown[] = [];
        socket.addEventListener('message', (event) => heard.push((event as MessageEvent).data));
        socket.onmessage = (event) => heard.push(event.data);
        for (const data of frames) {
          const event = new MessageEvent('message', { data });
          socket.dispatchEvent(event);
          socket.onmessage?.(event);
        }
        expect(heard).toEqual(frames.flatMap((data) => [data, data]));
        for (let index = 0; index < heard.length; index++) expect(heard[index]).toBe(frames[index >> 1]);
        const binary = frames.filter((data) => typeof data === 'object' && data !== null).length;
        // Text frames and ArrayBuffers are read or dropped; other objects are not messages.
        const read = frames.filter((data) => typeof data === 'string' || data instanceof ArrayBuffer).length;
        expect(stats.binary).toBe(binary);
        expect(stats.messages + stats.dropped).toBe(read);
        expect(stats.errors).toBe(installErrors);
        // Small frames are read at once, inside the page's event (tap-install.ts), the rest on the
        // timer: either way the page's listeners got every event as it came (above).
      }),
      share(CASES, 0.5),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(published).toBeGreaterThan(0);
  }, PROPERTY_TIMEOUT);
});
