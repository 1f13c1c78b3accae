// @vitest-environment jsdom
// Binary WebSocket frames (MessagePack, CBOR; as ArrayBuffer or Blob) and fetch answers read as
// they stream, through the real tap and capture session: their rounds become claims like any JSON's,
// a streamed answer's rounds are stamped when their piece arrives (not when the answer ends), and a
// frame that reads as nothing is counted in the capture tally by shape. The page sees its own data
// untouched.
import { ReadableStream, type ReadableStreamDefaultController } from 'node:stream/web';
import { afterEach, expect, it, vi } from 'vitest';
import { startCapture, type CaptureSession } from '../../../src/capture/session/capture-session.js';
import { installTap, type TapWindow } from '../../../src/capture/page-world/tap-install.js';
import { pageTally } from '../../../src/capture/readers/capture-tally.js';
import type { CapturedClaim } from '../../../src/shared/records.js';
import { encodeCbor, encodeMessagePack } from '../../../scripts/demo-casino/binary-encode.js';

const HASH = 'ab'.repeat(32);
const CLIENT = 'player-seed';

let session: CaptureSession | undefined;
afterEach(() => {
  session?.stop();
  vi.restoreAllMocks();
});

class FakeSocket extends EventTarget {
  binaryType = 'blob';
  receive(data: unknown): MessageEvent {
    const event = new MessageEvent('message', { data });
    this.dispatchEvent(event);
    return event;
  }
}

function page(clock: { time: number }, respond?: () => Response) {
  vi.spyOn(Date, 'now').mockImplementation(() => clock.time);
  const win: TapWindow = {
    document,
    CustomEvent,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    TextDecoder,
    WebSocket: FakeSocket as unknown as typeof WebSocket,
    fetch: (async () => respond!()) as unknown as typeof fetch,
  };
  const stats = installTap(win);
  const sent: CapturedClaim[] = [];
  session = startCapture({
    document,
    send: async (claims) => void sent.push(...claims),
    now: () => clock.time,
    scheduler: { minIntervalMs: 10, whenIdle: (callback) => callback() },
    outbox: { baseDelayMs: 5 },
  });
  return { win, stats, sent };
}

const round = (nonce: number) => ({ serverSeedHash: HASH, clientSeed: CLIENT, nonce, result: 17, game: 'European Roulette' });

it('reads MessagePack and CBOR frames, as ArrayBuffer and as Blob, and counts an unreadable one by shape; the page gets its data as it was', async () => {
  const clock = { time: 1000 };
  const { win, stats, sent } = page(clock);
  const socket = new win.WebSocket!('wss://casino') as unknown as FakeSocket;
  const packed = encodeMessagePack({ type: 'bet', bet: round(1) });
  const frames: unknown[] = [
    packed.slice().buffer,
    encodeCbor({ type: 'bet', bet: round(2) }).buffer,
    new Blob([encodeMessagePack([round(3)])]),
    new Blob([encodeCbor({ bets: [round(4)] })]),
    Uint8Array.from([0x89, 0x00, 0xff, 0x10, 0x42, 0x7f, 0x80, 0x01]).buffer, // a heartbeat: neither format
  ];
  const seen = frames.map((frame) => socket.receive(frame).data as unknown);
  expect(seen).toEqual(frames);
  expect(seen.every((data, index) => data === frames[index])).toBe(true);
  expect(socket.binaryType).toBe('blob');
  expect(new Uint8Array(frames[0] as ArrayBuffer)).toEqual(packed);
  await vi.waitFor(() => expect(sent.map((claim) => claim.nonce).sort()).toEqual(['1', '2', '3', '4']), { interval: 5 });
  expect(sent.find((claim) => claim.nonce === '3')).toMatchObject({ commitment: HASH, clientSeed: CLIENT, result: '17', source: 'json' });
  expect(pageTally.tally.frames).toEqual([['websocket', 'x89b8', 1]]);
  expect(pageTally.tally.counts.websocket?.[1]).toBe(4);
  expect(stats).toMatchObject({ binary: 5, errors: 0 });
  // The Blob is still whole for the page.
  expect(new Uint8Array(await (frames[2] as Blob).arrayBuffer())).toEqual(encodeMessagePack([round(3)]));
});

it('gives a streamed answer\'s rounds as they arrive, each stamped at its arrival, before the answer ends', async () => {
  const clock = { time: 1000 };
  let push!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (controller) => void (push = controller) });
  const { win, sent } = page(clock, () => new Response(stream as unknown as BodyInit, { headers: { 'content-type': 'application/x-ndjson' } }));
  const response = await win.fetch!('/api/bets/stream');
  const bytes = (text: string) => new TextEncoder().encode(text);
  const first = `${JSON.stringify(round(1))}\n${JSON.stringify(round(2)).slice(0, 20)}`;
  push.enqueue(bytes(first));
  await vi.waitFor(() => expect(sent.map((claim) => claim.nonce)).toEqual(['1']), { interval: 5 });
  clock.time = 2000;
  push.enqueue(bytes(`${JSON.stringify(round(2)).slice(20)}\n[${JSON.stringify(round(3))},`));
  // The rest of line 2, and an array whose first element is complete: both read now.
  await vi.waitFor(() => expect(sent.map((claim) => claim.nonce)).toEqual(['1', '2', '3']), { interval: 5 });
  clock.time = 3000;
  push.enqueue(bytes(`${JSON.stringify(round(4))}]\n`));
  push.close();
  await vi.waitFor(() => expect(sent.map((claim) => claim.nonce)).toEqual(['1', '2', '3', '4']), { interval: 5 });
  const stamps = sent.map((claim) => Math.floor(claim.observedAt.commitment!));
  expect(stamps).toEqual([1000, 2000, 2000, 3000]);
  // The page reads its own answer whole.
  expect((await response.text()).split('\n').filter(Boolean)).toHaveLength(3);
});
