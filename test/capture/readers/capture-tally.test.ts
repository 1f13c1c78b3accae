// The capture diagnostics' counting (src/capture/readers/capture-tally.ts): distinct values per channel,
// rounds formed, values in no round, kinds of value by field and shape only, bounded, and reported
// to the worker once per burst of changes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureTally } from '../../../src/capture/readers/capture-tally.js';
import { shapeOf } from '../../../src/capture/readers/value-shape.js';
import { KINDS_PER_CHANNEL } from '../../../src/shared/capture-channel.js';
import { validateContentMessage } from '../../../src/shared/messages.js';
import { CLIENT, COMMITMENT, KENO, SEED } from '../dom.js';

afterEach(() => vi.useRealTimers());

describe('shapeOf', () => {
  it('names a value by its kind and length only', () => {
    expect(shapeOf(SEED)).toBe('h64');
    expect(shapeOf(CLIENT)).toBe('h16');
    expect(shapeOf('17')).toBe('i');
    expect(shapeOf('my lucky seed')).toBe('t13');
    expect(shapeOf('abc')).toBe('t3'); // too short to call hex
    expect(shapeOf('1'.repeat(21))).toBe('h21'); // beyond any nonce: digits are hex digits too
    expect(shapeOf(KENO)).toBe('L10i');
    expect(shapeOf(['00', 'x'])).toBe('L2t');
  });
});

describe('captureTally', () => {
  it('counts distinct fairness values per channel, the rounds they formed, and none twice', () => {
    const { tally, count } = captureTally();
    const round = { commitment: COMMITMENT, clientSeed: CLIENT, nonce: '3', result: KENO };
    count('dom', round, round);
    count('dom', round, round); // the same round scanned again
    count('fetch', round, round); // and delivered by the page's JSON too
    expect(tally.counts).toEqual({ dom: [3, 1, 0], fetch: [3, 1, 0] });
    count('dom', { ...round, nonce: '4' }, { ...round, nonce: '4' });
    expect(tally.counts.dom).toEqual([4, 2, 0]);
  });

  it('counts values that formed no round, and takes them back once a round holds them', () => {
    const { tally, count } = captureTally();
    count('dom', { clientSeed: CLIENT });
    count('dom', { nonce: '7' });
    count('dom', { result: '17' }); // not fairness-like: listed by kind, not counted
    expect(tally.counts.dom).toEqual([2, 0, 2]);
    count('dom', { clientSeed: CLIENT, nonce: '7', serverSeed: SEED }, { clientSeed: CLIENT, nonce: '7', serverSeed: SEED });
    expect(tally.counts.dom).toEqual([3, 1, 0]);
  });

  it('a value a claim dropped (too long, malformed) is in no round', () => {
    const { tally, count } = captureTally();
    count('xhr', { serverSeed: SEED, nonce: '-1' }, { serverSeed: SEED });
    expect(tally.counts.xhr).toEqual([2, 1, 1]);
    expect(tally.seen).toContainEqual(['xhr', 'nonce', 't2', 0]);
    expect(tally.seen).toContainEqual(['xhr', 'serverSeed', 'h64', 1]);
  });

  it('keeps each kind of value once: channel, field, shape and whether a round took it', () => {
    const { tally, count } = captureTally();
    count('dom', { clientSeed: CLIENT, result: KENO });
    count('dom', { clientSeed: 'f'.repeat(16), result: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'] });
    expect(tally.seen).toEqual([
      ['dom', 'clientSeed', 'h16', 0],
      ['dom', 'result', 'L10i', 0],
    ]);
    expect(JSON.stringify(tally)).not.toContain(CLIENT.slice(0, 6));
  });

  it('is bounded: values past the cap are not counted, kinds past KINDS_PER_CHANNEL not kept', () => {
    const { tally, count } = captureTally(100);
    for (let nonce = 0; nonce < 1000; nonce++) count('dom', { nonce: String(nonce), clientSeed: 'x'.repeat(nonce % 200) });
    expect(tally.counts.dom![0]).toBe(100);
    expect(tally.seen).toHaveLength(KINDS_PER_CHANNEL);
  });

  it('gives each channel its own allowance: junk through one cannot crowd out what another saw', () => {
    const { tally, count, keys } = captureTally(100);
    // Fake tap events (a page can fire any) fill the websocket's allowances first…
    for (let index = 0; index < 1000; index++) {
      count('websocket', { nonce: String(index), clientSeed: 'x'.repeat(index % 200) });
      keys('websocket', [[`junk${index % 300}`, 'i', 0, 1]]);
    }
    // …then the page's real layout comes through the DOM (its shadow roots share the DOM's allowance) and fetch.
    count('shadow', { clientSeed: CLIENT, nonce: '7' });
    count('dom', { serverSeed: SEED, nonce: '8' }, { serverSeed: SEED, nonce: '8' });
    keys('fetch', [['srvHash', 'h64', 0, 3]]);
    expect(tally.counts.websocket![0]).toBe(100);
    expect(tally.counts.shadow).toEqual([2, 0, 2]);
    expect(tally.counts.dom).toEqual([2, 1, 0]);
    expect(tally.seen.filter((kind) => kind[0] === 'websocket')).toHaveLength(KINDS_PER_CHANNEL);
    expect(tally.seen).toContainEqual(['shadow', 'clientSeed', 'h16', 0]);
    expect(tally.seen).toContainEqual(['dom', 'serverSeed', 'h64', 1]);
    expect(tally.keys!.filter((key) => key[0] === 'websocket')).toHaveLength(KINDS_PER_CHANNEL);
    expect(tally.keys).toContainEqual(['fetch', 'srvHash', 'h64', 0, 3]);
  });

  it("adds up the sightings of each of the page's keys, by channel, key, shape and placement", () => {
    const { tally, keys } = captureTally();
    keys('websocket', [
      ['serverSeedHashed', 'h64', 0, 2],
      ['nonce', 'i', 1, 1],
    ]);
    keys('websocket', [['serverSeedHashed', 'h64', 0, 10]]);
    keys('sse', [['serverSeedHashed', 'h64', 0, 1]]);
    expect(tally.keys).toEqual([
      ['websocket', 'serverSeedHashed', 'h64', 0, 12],
      ['websocket', 'nonce', 'i', 1, 1],
      ['sse', 'serverSeedHashed', 'h64', 0, 1],
    ]);
  });

  it('reports the tally once per burst of changes, and not when nothing changed', () => {
    vi.useFakeTimers();
    const { count, report } = captureTally();
    const send = vi.fn();
    report(send, 1000);
    count('dom', { nonce: '1' });
    count('dom', { nonce: '2' });
    vi.advanceTimersByTime(1000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0].counts.dom).toEqual([2, 0, 2]);
    count('dom', { nonce: '2' });
    vi.advanceTimersByTime(5000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  // A guard against a cost that grows with what was seen (a scan of each list, say): the work is
  // counted, not timed. The rule (capture-tally.ts): a value seen before as it is now costs one
  // look-up, and a round formed before one more; a new round costs the same however many came before.
  it('costs little: 10 000 rounds counted, each seen before at one look-up per value and one for the round, and no scan', () => {
    const { count } = captureTally();
    const rounds = Array.from({ length: 10_000 }, (_, nonce) => ({ commitment: COMMITMENT, clientSeed: CLIENT, nonce: String(nonce % 500), result: KENO }));
    const fields = Object.keys(rounds[0]!).length;
    count('dom', rounds[0]!, rounds[0]!);
    const news = rounds.slice(1, 500).map((round) => workOf(() => count('dom', round, round)));
    expect(new Set(news.map((work) => JSON.stringify(work))).size, 'kinds of cost among the new rounds').toBe(1);
    expect(workOf(() => rounds.slice(500).forEach((round) => count('dom', round, round)))).toEqual({ lookUps: 9_500 * (fields + 1), scans: 0 });
  });
});

/** Map and Set look-ups, and elements scanned (by array searches, any iteration of an array, map or set), that `work` makes. */
function workOf(work: () => void): { lookUps: number; scans: number } {
  const counted = { lookUps: 0, scans: 0 };
  type Method = { proto: Record<PropertyKey, unknown>; name: PropertyKey; kind: keyof typeof counted; original?: unknown };
  const method = (proto: object, kind: keyof typeof counted) => (name: PropertyKey): Method => ({ proto: proto as Method['proto'], name, kind });
  const methods = [
    ...['get', 'has', 'set'].map(method(Map.prototype, 'lookUps')),
    ...['has', 'add'].map(method(Set.prototype, 'lookUps')),
    ...['includes', 'indexOf', 'find', 'findIndex', 'some', 'every', 'filter', Symbol.iterator].map(method(Array.prototype, 'scans')),
    ...[Map.prototype, Set.prototype].flatMap((proto) => ['forEach', 'keys', 'values', 'entries', Symbol.iterator].map(method(proto, 'scans'))),
  ];
  // Installed and taken out by index: a destructuring would itself iterate an array once counted.
  for (let i = 0; i < methods.length; i++) {
    const m = methods[i]!;
    const original = (m.original = m.proto[m.name] as (...args: unknown[]) => unknown);
    m.proto[m.name] = function (this: { length?: number; size?: number }, ...args: unknown[]) {
      counted[m.kind] += m.kind === 'scans' ? (this.length ?? this.size)! : 1;
      return original.apply(this, args);
    };
  }
  try {
    work();
  } finally {
    for (let i = 0; i < methods.length; i++) methods[i]!.proto[methods[i]!.name] = methods[i]!.original;
  }
  return counted;
}

describe('a tally the worker always takes', () => {
  it('counts closed hosts no further than the worker’s schema allows: a page that keeps making them cannot freeze the diagnostics', () => {
    const { tally, closedHost, keys } = captureTally();
    for (let index = 0; index < 1_000_005; index++) closedHost();
    keys('fetch', [['nonce', 'i', 0, 999_999]]);
    keys('fetch', [['nonce', 'i', 0, 999_999]]);
    expect(validateContentMessage({ type: 'capture-tally', tally }).ok).toBe(true);
    expect(tally.closed).toBe(1_000_000);
  });
});

describe('unlabelled 64-hex texts', () => {
  it('have an allowance of their own: a page full of them (a column of transaction hashes) leaves the DOM’s rounds counted', () => {
    const { tally, count, bare } = captureTally(100);
    for (let index = 0; index < 500; index++) bare(index.toString(16).padStart(64, '0'));
    expect(tally.bare).toBe(100);
    const round = { commitment: COMMITMENT, clientSeed: CLIENT, nonce: '3' };
    count('dom', round, round);
    expect(tally.counts.dom).toEqual([3, 1, 0]);
  });
});

describe('binary frames read as nothing', () => {
  it('are counted by shape, each shape once with its count, at most KINDS_PER_CHANNEL shapes a channel; the worker takes the tally, and refuses a shape that could carry bytes', () => {
    const { tally, frames } = captureTally();
    frames('websocket', ['x89b8', 'x89b8', 'x1fb1024']);
    frames('websocket', ['x89b8']);
    expect(tally.frames).toEqual([
      ['websocket', 'x89b8', 3],
      ['websocket', 'x1fb1024', 1],
    ]);
    for (let size = 0; size < KINDS_PER_CHANNEL + 5; size++) frames('websocket', [`x00b${size}`]);
    expect(tally.frames).toHaveLength(KINDS_PER_CHANNEL);
    expect(validateContentMessage({ type: 'capture-tally', tally }).ok).toBe(true);
    expect(validateContentMessage({ type: 'capture-tally', tally: { ...tally, frames: [['websocket', 'x89b8deadbeef', 1]] } }).ok).toBe(false);
  });
});
