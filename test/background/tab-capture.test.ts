// The capture diagnostics the worker keeps per tab (src/background/tab-capture.ts): the latest
// tally of each frame of the page announced in the tab, added up for the popup, bounded, and
// dropped once the tab's page changes, closes or is left. And the message that carries them:
// shapes and keys that could hold a value are refused.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_NAME, openStore } from '../../src/background/store.js';
import { keepTally, MAX_FRAMES, mergeTallies, tabContextWithCapture } from '../../src/background/tab-capture.js';
import { announceTab, forgetTab } from '../../src/background/watched-tabs.js';
import { KINDS_PER_CHANNEL, MAX_SEEN_KINDS, type CaptureTally } from '../../src/shared/capture-channel.js';
import { validateContentMessage } from '../../src/shared/messages.js';

afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

const HOST = 'www.cloudbet.com';
const top: CaptureTally = { counts: { dom: [3, 1, 0], fetch: [4, 2, 0] }, seen: [['dom', 'commitment', 'h64', 1]] };
const frame: CaptureTally = { counts: { dom: [2, 0, 2] }, seen: [['dom', 'clientSeed', 'h64', 0], ['dom', 'commitment', 'h64', 1]] };

describe('tab capture', () => {
  it('keeps nothing for a tab that is not watched', async () => {
    expect(await keepTally(5, 0, top)).toBe(false);
    await announceTab(5, HOST, 1000);
    expect(await tabContextWithCapture(5)).toEqual({ watched: true, host: HOST, since: 1000, rounds: 0 });
  });

  it('adds up the frames of a watched tab; a frame’s new tally replaces its old one', async () => {
    await announceTab(5, HOST, 1000);
    await keepTally(5, 0, { counts: { dom: [1, 0, 0] }, seen: [] });
    await keepTally(5, 0, top);
    await keepTally(5, 3, frame);
    const context = await tabContextWithCapture(5);
    expect(context).toMatchObject({ watched: true, rounds: 0 });
    expect(context.watched && context.capture).toEqual({
      counts: { dom: [5, 1, 2], fetch: [4, 2, 0] },
      seen: [
        ['dom', 'commitment', 'h64', 1], // the main frame's first
        ['dom', 'clientSeed', 'h64', 0],
      ],
    });
  });

  it('forgets a tab’s tallies when a new page is announced there or the tab is forgotten', async () => {
    await announceTab(5, HOST, 1000);
    await keepTally(5, 0, top);
    await announceTab(5, HOST, 2000);
    expect(await tabContextWithCapture(5)).not.toHaveProperty('capture');
    await keepTally(5, 0, frame);
    expect(await tabContextWithCapture(5)).toHaveProperty('capture.counts', frame.counts);
    await forgetTab(5);
    expect(await tabContextWithCapture(5)).toEqual({ watched: false });
  });

  it('drops other tabs’ stale tallies at the next write: what is kept never outgrows the watched tabs', async () => {
    await announceTab(5, HOST, 1000);
    await announceTab(6, HOST, 1000);
    await keepTally(5, 0, top);
    await keepTally(6, 0, top);
    await forgetTab(6);
    await keepTally(5, 0, frame);
    const kept = (await (await openStore()).get('meta', 'capture')) as { tab: number }[];
    expect(kept.map((entry) => entry.tab)).toEqual([5]);
  });

  it('keeps at most MAX_FRAMES frames per tab, the ones heard from last', async () => {
    await announceTab(5, HOST, 1000);
    for (let id = 0; id < MAX_FRAMES + 4; id++) await keepTally(5, id, { counts: { dom: [1, 0, 1] }, seen: [] });
    const context = await tabContextWithCapture(5);
    expect(context.watched && context.capture?.counts.dom).toEqual([MAX_FRAMES, 0, MAX_FRAMES]);
  });

  it('mergeTallies adds up the frames’ closed shadow roots, and says none when there are none', () => {
    expect(mergeTallies([{ ...frame, closed: 2 }, frame, { counts: {}, seen: [], closed: 1 }]).closed).toBe(3);
    expect(mergeTallies([frame, frame])).not.toHaveProperty('closed');
  });

  it('mergeTallies adds up the frames’ unreadable binary frames per shape, and says none when there are none', () => {
    const merged = mergeTallies([{ ...frame, frames: [['websocket', 'x89b8', 2]] }, frame, { counts: {}, seen: [], frames: [['websocket', 'x89b8', 3], ['websocket', 'x1fb64', 1]] }]);
    expect(merged.frames).toEqual([
      ['websocket', 'x89b8', 5],
      ['websocket', 'x1fb64', 1],
    ]);
    expect(mergeTallies([frame, frame])).not.toHaveProperty('frames');
  });

  it('mergeTallies keeps each kind once and at most KINDS_PER_CHANNEL per channel: one frame’s junk cannot crowd out another’s layout', () => {
    const junk: CaptureTally = {
      counts: {},
      seen: Array.from({ length: 40 }, (_, n) => ['fetch', `key${n}`, 'i', 0]),
      keys: Array.from({ length: 40 }, (_, n) => ['websocket', `seed${n}`, 'i', 0, 1]),
    };
    const real: CaptureTally = { ...frame, keys: [['xhr', 'srvHash', 'h64', 0, 2]] };
    const merged = mergeTallies([junk, real]);
    expect(merged.seen).toHaveLength(KINDS_PER_CHANNEL + 2);
    expect(merged.seen.slice(-2)).toEqual(frame.seen);
    expect(merged.keys).toHaveLength(KINDS_PER_CHANNEL + 1);
    expect(merged.keys).toContainEqual(['xhr', 'srvHash', 'h64', 0, 2]);
    expect(mergeTallies([frame, frame]).seen).toEqual(frame.seen);
  });

  it('the main frame’s layout comes first: an iframe heard from since, full of junk through the same channel, cannot crowd it out', async () => {
    await announceTab(5, HOST, 1000);
    await keepTally(5, 0, { counts: {}, seen: [], keys: [['websocket', 'srvHash', 'h64', 0, 2]] });
    const junk: CaptureTally = { counts: {}, seen: [], keys: Array.from({ length: KINDS_PER_CHANNEL }, (_, n) => ['websocket', `seed${'abcdefghijklmnop'[n]}`, 'i', 0, 1]) };
    await keepTally(5, 7, junk);
    const context = await tabContextWithCapture(5);
    expect(context.watched && context.capture?.keys).toContainEqual(['websocket', 'srvHash', 'h64', 0, 2]);
  });

  it('mergeTallies adds up a key’s sightings over frames, and the DOM’s unlabelled 64-hex texts', () => {
    const one: CaptureTally = { counts: {}, seen: [], bare: 2, keys: [['websocket', 'serverSeedHashed', 'h64', 0, 12]] };
    const two: CaptureTally = { counts: {}, seen: [], bare: 1, keys: [['websocket', 'serverSeedHashed', 'h64', 0, 3], ['websocket', 'serverSeedHashed', 'h64', 1, 1]] };
    const merged = mergeTallies([one, two]);
    expect(merged.keys).toEqual([
      ['websocket', 'serverSeedHashed', 'h64', 0, 15],
      ['websocket', 'serverSeedHashed', 'h64', 1, 1],
    ]);
    expect(merged.bare).toBe(3);
    expect(one.keys![0]![4]).toBe(12); // the frames' own tallies are left as they were
    expect(mergeTallies([frame])).not.toHaveProperty('keys');
  });
});

describe('the capture-tally message', () => {
  const message = (tally: unknown) => validateContentMessage({ type: 'capture-tally', tally });

  it('takes a tally of counts, keys and shapes', () => {
    expect(message(top).ok).toBe(true);
    expect(message({ counts: {}, seen: [['websocket', 'payload.data.serverSeedHash', 'L10i', 0]] }).ok).toBe(true);
    expect(message({ counts: {}, seen: [], closed: 2 }).ok).toBe(true);
    expect(message({ counts: {}, seen: [], bare: 4, keys: [['sse', 'srvHash', 'h64', 0, 7]] }).ok).toBe(true);
  });

  it.each([
    ['a value as a shape', { counts: {}, seen: [['dom', 'serverSeed', 'ebdd47f05399c742', 0]] }],
    ['a value inside a shape', { counts: {}, seen: [['dom', 'serverSeed', 'h64 ebdd47', 0]] }],
    ['a hex value as a key', { counts: {}, seen: [['fetch', 'ebdd47f05399c742', 'h64', 0]] }],
    ['a key holding a hex run', { counts: {}, seen: [['fetch', 'seed_ebdd47f0', 'h64', 0]] }],
    ['a key too long', { counts: {}, seen: [['fetch', 'k'.repeat(41), 'i', 0]] }],
    ['an unknown channel', { counts: { carrier: [1, 0, 0] }, seen: [] }],
    ['a negative count', { counts: { dom: [-1, 0, 0] }, seen: [] }],
    ['a closed-root count that is not a whole number', { counts: {}, seen: [], closed: 1.5 }],
    ['a closed-root count given as text', { counts: {}, seen: [], closed: '3' }],
    ['too many kinds', { counts: {}, seen: Array.from({ length: MAX_SEEN_KINDS + 1 }, () => ['dom', 'nonce', 'i', 0]) }],
    ['a page key holding a hex run', { counts: {}, seen: [], keys: [['fetch', 'x_ebdd47f0', 'h64', 0, 1]] }],
    ['a value as a page key’s shape', { counts: {}, seen: [], keys: [['fetch', 'seed', 'ebdd47f05399c742', 0, 1]] }],
    ['a page key without its sightings', { counts: {}, seen: [], keys: [['fetch', 'seed', 'h64', 0]] }],
    ['too many page keys', { counts: {}, seen: [], keys: Array.from({ length: MAX_SEEN_KINDS + 1 }, () => ['sse', 'nonce', 'i', 0, 1]) }],
    ['an unlabelled count given as text', { counts: {}, seen: [], bare: '2' }],
  ])('refuses %s', (_label, tally) => {
    expect(message(tally).ok).toBe(false);
  });
});

describe('tab capture: labels not read', () => {
  it('mergeTallies keeps each frame\'s unread labels once, and the first language a frame names (the main frame\'s first)', () => {
    const merged = mergeTallies([{ ...frame, unread: ['서버 시드'], lang: 'ko' }, { ...frame, unread: ['서버 시드', '논스'], lang: 'en' }]);
    expect(merged.unread).toEqual(['서버 시드', '논스']);
    expect(merged.lang).toBe('ko');
    expect(mergeTallies([frame])).not.toHaveProperty('unread');
    expect(mergeTallies([frame])).not.toHaveProperty('lang');
  });
});
