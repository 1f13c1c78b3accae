// Every channel a single-page casino app uses (issue #13), end to end: the demo's channel pages
// (scripts/demo-casino/channels.ts) deliver rounds only through their channel — WebSocket frames
// (plain JSON, GraphQL over WebSocket, Socket.IO; binary MessagePack and CBOR, #28), server-sent
// events, embedded JSON, text/plain, JSON-lines answers and a JSON-lines answer read as it streams
// (#28) — and show no value on screen, so only the page-world taps can see them.
// Honest rounds must come out `verified`, a round shown with a wrong result `mismatch` (step
// outcome), and the page must have received every message intact: its own count and hash of what
// it got (the page checks listener order and the browser's objects itself) equal the server's log.
import { expect } from 'vitest';
import type { PairMode } from '../../../scripts/demo-casino/casino-state.js';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import type { CaptureChannel } from '../../../src/shared/capture-channel.js';
import { captureOfNewestTab } from './capture-scenario.js';
import type { BrowserDriver, CasinoTab } from './driver.js';
import { waitForStored } from './witness-scenario.js';

const SPIN = 'button[data-action="bet"][data-game="roulette-european"]';
const KENO = 'button[data-action="bet"][data-game="keno"]';
const ROTATE = 'button[data-action="rotate"]';

/** Channel pages by name: the path the scenario opens. */
export const CHANNEL_PAGES = {
  'WebSocket (plain JSON frames)': '/casino/channel/websocket?format=plain',
  'WebSocket (GraphQL over WebSocket, snake_case keys)': '/casino/channel/websocket?format=graphql',
  'WebSocket (Socket.IO frames)': '/casino/channel/websocket?format=socketio',
  'WebSocket (binary MessagePack frames)': '/casino/channel/websocket?format=msgpack',
  'WebSocket (binary CBOR frames, snake_case keys)': '/casino/channel/websocket?format=cbor',
  'server-sent events (multi-line data)': '/casino/channel/sse',
  'server-sent events (named `event: bet`)': '/casino/channel/sse?format=named',
  'embedded JSON (__NEXT_DATA__ and added script elements)': '/casino/channel/embedded',
  'fetch answers sent as text/plain': '/casino/channel/text',
  'newline-delimited JSON (XMLHttpRequest)': '/casino/channel/ndjson',
  'newline-delimited JSON streamed (fetch, read as it arrives)': '/casino/channel/stream',
} as const;

/** The capture diagnostics' channel each page's rounds must be counted under. */
const DIAGNOSED_CHANNEL: Record<string, CaptureChannel> = {
  '/casino/channel/websocket': 'websocket',
  '/casino/channel/sse': 'sse',
  '/casino/channel/embedded': 'embedded',
  '/casino/channel/text': 'fetch',
  '/casino/channel/ndjson': 'xhr',
  '/casino/channel/stream': 'fetch',
};


interface PageLog {
  session: string;
  ready: string;
  received: number;
  hash: string;
  intact: string;
  broken: string;
}

const readLog = (tab: CasinoTab): Promise<PageLog> =>
  tab.evaluate(() => {
    const data = document.body.dataset;
    return { session: data.session ?? '', ready: data.ready ?? '', received: Number(data.received), hash: data.hash ?? '', intact: data.intact ?? '', broken: data.broken ?? '' };
  });

async function whenReady(tab: CasinoTab): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await readLog(tab)).ready !== 'true') {
    if (Date.now() > deadline) throw new Error(`the channel page never got ready: ${JSON.stringify(await readLog(tab))}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * On a fresh seed pair: a roulette spin and a keno round played honestly, a spin shown with a wrong
 * result, then the reveal (a rotation; with a pair per round, each bet reveals the last).
 */
export async function roundsThroughChannel(driver: BrowserDriver, casino: DemoCasino, path: string, pairMode: PairMode = 'fixed'): Promise<void> {
  casino.setCheat('none');
  casino.setPairMode(pairMode);
  casino.rotateSeedPair();
  const before = casino.state().rounds.length;
  const tab = await driver.openCasino(path);
  try {
    await whenReady(tab);
    await tab.act(SPIN);
    await tab.act(KENO);
    casino.setCheat('wrong-result');
    await tab.act(SPIN);
    casino.setCheat('none');
    await tab.act(ROTATE);
    const played = casino.state().rounds.slice(before);
    expect(played).toHaveLength(3);
    const [honest, cheated] = [played.slice(0, 2), played[2]!];
    const stored = await waitForStored(driver, played, (round) => round.status !== 'pending', 'the channel\'s rounds checked');
    expect(stored.map((round) => round.status)).toEqual(['verified', 'verified', 'mismatch']);
    expect(stored[2]!.failures).toContain('outcome');
    expect(honest.every((round) => round.displayedOutcome.toString() === round.trueOutcome.toString())).toBe(true);
    expect(cheated.displayedOutcome.toString()).not.toBe(cheated.trueOutcome.toString());

    // The page received every message the server sent it, intact and in order.
    const page = await readLog(tab);
    expect(page.broken).toBe('');
    expect(page.intact).toBe('true');
    const sent = casino.channelLog(page.session);
    expect(sent.count).toBeGreaterThanOrEqual(4);
    expect({ received: page.received, hash: page.hash }).toEqual({ received: sent.count, hash: sent.hash });

    // The capture diagnostics name the channel the rounds came through (3 rounds, at least).
    const channel = DIAGNOSED_CHANNEL[new URL(path, 'https://www.cloudbet.com').pathname]!;
    const { capture } = await captureOfNewestTab(driver, (seen) => (seen?.counts[channel]?.[1] ?? 0) >= 3);
    expect(capture?.counts[channel]?.[1], `rounds counted under ${channel}`).toBeGreaterThanOrEqual(3);
    // The heartbeat after each state (binary, neither MessagePack nor CBOR) is counted by its shape: first byte 0x89, 8 bytes.
    if (channel === 'websocket') expect(capture?.frames?.find(([, shape]) => shape === 'x89b8')?.[2], 'heartbeat frames counted by shape').toBeGreaterThanOrEqual(1);
  } finally {
    casino.setCheat('none');
    casino.setPairMode('fixed');
    await tab.close();
  }
}

/**
 * The commitment arrives by WebSocket right before the bet's click, while the page is still busy
 * with it (a heavy app: ?stall): the browser runs the waiting click before any timer of the page's.
 * It was received before the click, so the honest round is `witnessed`: the tap reads a small
 * frame inside the page's own message event (tap-install.ts), with no signal at the click.
 */
export async function commitmentRightBeforeClick(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  casino.setCheat('none');
  casino.setPairMode('fixed');
  casino.rotateSeedPair();
  const before = casino.state().rounds.length;
  const tab = await driver.openCasino('/casino/channel/websocket?format=plain&stall=1500');
  try {
    await whenReady(tab);
    const press = await tab.aim(SPIN);
    casino.pushChannelState((await readLog(tab)).session);
    await new Promise((resolve) => setTimeout(resolve, 400)); // the frame is in; the page is busy with it
    await press();
    const deadline = Date.now() + 15_000;
    while (await tab.evaluate(() => document.body.dataset.busy === 'true' || document.body.dataset.received === '0')) {
      if (Date.now() > deadline) throw new Error('the spin never ended');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await tab.act(ROTATE);
    const played = casino.state().rounds.slice(before);
    expect(played).toHaveLength(1);
    const [stored] = await waitForStored(driver, played, (round) => round.status !== 'pending', 'the spin checked');
    expect(stored).toMatchObject({ status: 'verified', level: 'witnessed', levelReason: 'bound-before-bet' });
    expect((await readLog(tab)).broken).toBe('');
  } finally {
    await tab.close();
  }
}
