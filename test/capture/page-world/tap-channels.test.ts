// @vitest-environment jsdom
// The taps beyond fetch/XHR JSON: WebSocket and EventSource messages, JSON script elements, and
// answers sent as text/plain or JSON lines. The page's objects must stay exactly as they were.
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { installTap, MAX_AT_ONCE_CHARS, MAX_MESSAGES_PER_SECOND, type TapWindow } from '../../../src/capture/page-world/tap-install.js';
import { TAP_EVENT } from '../../../src/capture/page-world/tap-channel.js';
import { CLIENT, COMMITMENT, SEED } from '../dom.js';

const ROUND = { serverSeed: SEED, clientSeed: CLIENT, nonce: 1, result: 17, game: 'Roulette' };
const TAKEN = { serverSeed: SEED, clientSeed: CLIENT, nonce: '1', result: '17', game: 'Roulette' };

/** Stands in for the browser's WebSocket / EventSource: an EventTarget with statics and a prototype method. */
function socketClass() {
  return class FakeSocket extends EventTarget {
    static readonly OPEN = 1;
    onmessage: ((event: MessageEvent) => void) | null = null;
    constructor(readonly url: string) {
      super();
    }
    send(): void {}
    /** The server's message, dispatched as the browser does: listeners, then onmessage. */
    receive(data: unknown): MessageEvent {
      const event = new MessageEvent('message', { data });
      this.dispatchEvent(event);
      this.onmessage?.(event);
      return event;
    }
  };
}
type FakeSocket = InstanceType<ReturnType<typeof socketClass>>;

/** The records of the page's changes reach its observers (a microtask; a task comes after every one). */
const mutationsDelivered = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * A tap whose timers run only when the test says (runTimers): what it reads does not hang on how
 * soon a loaded machine runs a real timer, and "nothing more" is checked once everything ran.
 */
function setup(target = document.implementation.createHTMLDocument('page'), respond: () => Response = () => new Response('')) {
  const details: { channel: string; rounds: unknown[] }[] = [];
  const timers: (() => void)[] = [];
  /** Runs the tap's timers, and those they set, until none is left. splice, not shift: a test breaks shift. */
  const runTimers = () => {
    while (timers.length > 0) timers.splice(0, 1)[0]!();
  };
  target.addEventListener(TAP_EVENT, (event) => details.push(JSON.parse((event as CustomEvent<string>).detail) as { channel: string; rounds: unknown[] }));
  const OriginalSocket = socketClass();
  const OriginalSource = socketClass();
  const win: TapWindow = {
    fetch: (async () => respond()) as unknown as typeof fetch,
    document: target,
    CustomEvent,
    setTimeout: (callback) => void timers.push(callback),
    TextDecoder,
    WebSocket: OriginalSocket as unknown as typeof WebSocket,
    EventSource: OriginalSource as unknown as typeof EventSource,
    MutationObserver,
  };
  const stats = installTap(win);
  return { win, details, stats, runTimers, OriginalSocket, OriginalSource };
}

describe('installTap: WebSocket', () => {
  it('reads plain, GraphQL and Socket.IO frames; counts unreadable binary ones by shape; the page gets every event as it was', () => {
    const { win, details, stats, runTimers, OriginalSocket } = setup();
    const socket = new win.WebSocket!('wss://casino.example/ws') as unknown as FakeSocket;
    expect(socket).toBeInstanceOf(OriginalSocket);
    expect(socket).toBeInstanceOf(win.WebSocket!);
    expect(Object.getPrototypeOf(socket)).toBe(OriginalSocket.prototype);
    expect(socket.constructor).toBe(win.WebSocket);
    expect((win.WebSocket as unknown as { OPEN: number }).OPEN).toBe(1);
    expect(win.WebSocket!.name).toBe('FakeSocket');
    expect(Object.getPrototypeOf(win.WebSocket)).toBe(EventTarget);
    expect(Object.getOwnPropertyDescriptor(OriginalSocket.prototype, 'constructor')).toEqual({ value: win.WebSocket, writable: true, enumerable: false, configurable: true });
    const seen: unknown[] = [];
    socket.addEventListener('message', (event) => seen.push((event as MessageEvent).data));
    socket.onmessage = (event) => seen.push(event.data);

    const frames = [
      JSON.stringify({ type: 'bet', round: ROUND }),
      JSON.stringify({ type: 'next', id: '1', payload: { data: { bets: { edges: [{ node: { server_seed_hash: COMMITMENT, client_seed: CLIENT, nonce: 2 } }] } } } }),
      `42${JSON.stringify(['settled', { ...ROUND, nonce: 3 }])}`,
      new ArrayBuffer(8),
    ];
    for (const frame of frames) socket.receive(frame);
    expect(seen).toEqual(frames.flatMap((frame) => [frame, frame]));
    runTimers();
    expect(details).toHaveLength(4);
    expect(details.map((detail) => detail.channel)).toEqual(['websocket', 'websocket', 'websocket', 'websocket']);
    expect(details.map((detail) => detail.rounds)).toEqual([[TAKEN], [{ commitment: COMMITMENT, clientSeed: CLIENT, nonce: '2' }], [{ ...TAKEN, nonce: '3' }], []]);
    // Eight zero bytes read as neither MessagePack nor CBOR as a whole: counted by shape.
    expect((details[3] as { frames?: string[] }).frames).toEqual(['x00b8']);
    expect(stats.binary).toBe(1);
  });

  it('keeps subclasses working and a call without new failing as before', () => {
    const { win, OriginalSocket } = setup();
    class Mine extends (win.WebSocket as unknown as typeof OriginalSocket) {
      mine = true;
    }
    const socket = new Mine('wss://x');
    expect(socket).toBeInstanceOf(Mine);
    expect(socket).toBeInstanceOf(OriginalSocket);
    expect(socket.mine).toBe(true);
    expect(() => (win.WebSocket as unknown as (url: string) => unknown)('wss://x')).toThrow(TypeError);
  });

  it('reads at most its per-second budget (small messages at once, inside the page\'s event)', () => {
    const { win, details, stats, runTimers } = setup();
    const socket = new win.WebSocket!('wss://x') as unknown as FakeSocket;
    for (let i = 0; i < MAX_MESSAGES_PER_SECOND + 50; i++) socket.receive(JSON.stringify({ ...ROUND, nonce: i }));
    expect(stats.dropped).toBe(50);
    runTimers();
    expect(details).toHaveLength(MAX_MESSAGES_PER_SECOND);
  });
});

describe('installTap: EventSource', () => {
  it('reads JSON event data, one document or one per line', () => {
    const { win, details, runTimers, OriginalSource } = setup();
    const source = new win.EventSource!('/events') as unknown as FakeSocket;
    expect(source).toBeInstanceOf(OriginalSource);
    source.receive(JSON.stringify(ROUND, null, 2));
    source.receive(`${JSON.stringify({ ...ROUND, nonce: 2 })}\n${JSON.stringify({ ...ROUND, nonce: 3 })}`);
    runTimers();
    expect(details).toHaveLength(3);
    expect(details.every((detail) => detail.channel === 'sse')).toBe(true);
    expect(details.map((detail) => (detail.rounds[0] as { nonce: string }).nonce)).toEqual(['1', '2', '3']);
  });
});

describe('installTap: named server-sent events', () => {
  it('reads the names the page listens to, and only those; the page\'s listeners keep their order and events', () => {
    const { win, details, runTimers, OriginalSource } = setup();
    const source = new win.EventSource!('/events') as unknown as FakeSocket;
    const heard: string[] = [];
    source.addEventListener('bet', (event) => heard.push(`first ${(event as MessageEvent).data as string}`));
    source.addEventListener('bet', { handleEvent: (event: Event) => heard.push(`second ${(event as MessageEvent).data as string}`) });
    const named = (type: string, data: unknown) => source.dispatchEvent(new MessageEvent(type, { data }));
    named('bet', JSON.stringify({ ...ROUND, nonce: 7 }));
    named('secret', JSON.stringify({ ...ROUND, nonce: 8 })); // the page never listens to it: not read
    named('bet', JSON.stringify({ ...ROUND, nonce: 9 }));
    expect(heard).toEqual([
      `first ${JSON.stringify({ ...ROUND, nonce: 7 })}`,
      `second ${JSON.stringify({ ...ROUND, nonce: 7 })}`,
      `first ${JSON.stringify({ ...ROUND, nonce: 9 })}`,
      `second ${JSON.stringify({ ...ROUND, nonce: 9 })}`,
    ]);
    runTimers();
    expect(details.map((detail) => [detail.channel, (detail.rounds[0] as { nonce: string }).nonce])).toEqual([
      ['sse', '7'],
      ['sse', '9'],
    ]);
    // The method the page calls looks like the browser's: its name and length, and a missing listener still throws as before.
    const added = OriginalSource.prototype.addEventListener;
    expect([added.name, added.length]).toEqual(['addEventListener', 2]);
    const outcome = (call: () => void) => {
      try {
        call();
        return 'returned';
      } catch (error) {
        return (error as Error).constructor.name;
      }
    };
    expect(outcome(() => (source.addEventListener as (type: string) => void)('bet'))).toBe(outcome(() => (new EventTarget().addEventListener as (type: string) => void)('bet')));
  });

  it('listens for a bounded number of names per source, and never throws into the page', () => {
    const { win, details, stats, runTimers } = setup();
    const source = new win.EventSource!('/events') as unknown as FakeSocket;
    for (let index = 0; index < 50; index++) source.addEventListener(`name-${index}`, () => undefined);
    const odd = { toString: () => 'bet' };
    expect(() => source.addEventListener(odd as unknown as string, () => undefined)).not.toThrow();
    for (let index = 0; index < 50; index++) source.dispatchEvent(new MessageEvent(`name-${index}`, { data: JSON.stringify({ ...ROUND, nonce: index }) }));
    runTimers();
    expect(details).toHaveLength(20);
    expect(stats.errors).toBe(0);
  });
});

describe('installTap: JSON script elements', () => {
  it('reads those parsed with the document once, and each added later (also inside an added element)', async () => {
    const page = new DOMParser().parseFromString(
      `<html><body><script type="application/json" id="__NEXT_DATA__">${JSON.stringify({ props: { pageProps: { bets: [ROUND] } } })}</script>
       <script>var serverSeed = "${SEED}", nonce = 1;</script></body></html>`,
      'text/html',
    );
    const { details, runTimers } = setup(page);
    runTimers();
    expect(details).toHaveLength(1);
    expect(details[0]).toMatchObject({ channel: 'embedded', rounds: [TAKEN] });
    const added = page.createElement('script');
    added.type = 'application/json';
    added.textContent = JSON.stringify({ ...ROUND, nonce: 2 });
    page.body.append(added);
    const wrapper = page.createElement('div');
    const inner = page.createElement('script');
    inner.setAttribute('type', 'application/json');
    inner.textContent = JSON.stringify({ ...ROUND, nonce: 3 });
    wrapper.append(inner);
    page.body.append(wrapper);
    page.body.append(added); // moved, not new: not read again
    await mutationsDelivered();
    runTimers();
    expect(details.map((detail) => (detail.rounds[0] as { nonce: string }).nonce)).toEqual(['1', '2', '3']);
  });
});

describe('installTap: text/plain and JSON lines', () => {
  it('reads JSON sent as text/plain and newline-delimited JSON', async () => {
    const bodies = [
      new Response(JSON.stringify(ROUND), { headers: { 'content-type': 'text/plain;charset=UTF-8' } }),
      new Response(`${JSON.stringify({ ...ROUND, nonce: 2 })}\n${JSON.stringify({ ...ROUND, nonce: 3 })}\n`, { headers: { 'content-type': 'application/x-ndjson' } }),
    ];
    const { win, details, runTimers } = setup(undefined, () => bodies.shift()!);
    expect(await (await win.fetch!('/a')).text()).toBe(JSON.stringify(ROUND));
    await (await win.fetch!('/b')).text();
    // The tap reads its clones of the bodies on its own (promises): their reading waits for that.
    await vi.waitFor(() => {
      runTimers();
      expect(details).toHaveLength(3);
    });
    expect(details.map((detail) => [detail.channel, (detail.rounds[0] as { nonce: string }).nonce])).toEqual([
      ['fetch', '1'],
      ['fetch', '2'],
      ['fetch', '3'],
    ]);
  });
});

// The casino controls when and how fast its socket talks; the tap must stay bounded and silent whatever it does.
describe('installTap: a page that outpaces the tap', () => {
  /** A window whose timers never fire (a background tab: the browser throttles its timers to one a second or less). */
  function throttled() {
    const timers: (() => void)[] = [];
    const OriginalSocket = socketClass();
    const win: TapWindow = {
      document: document.implementation.createHTMLDocument('page'),
      CustomEvent,
      setTimeout: (callback) => timers.push(callback),
      TextDecoder,
      WebSocket: OriginalSocket as unknown as typeof WebSocket,
    };
    return { win, timers };
  }

  it('keeps at most a bounded backlog while its reading timer cannot run, however long the socket talks', () => {
    let clock = 1_000_000;
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => clock);
    try {
      const { win } = throttled();
      const stats = installTap(win);
      const socket = new win.WebSocket!('wss://x') as unknown as FakeSocket;
      // Frames too big to read at once: they wait for the timer.
      const frame = JSON.stringify({ ...ROUND, padding: 'x'.repeat(MAX_AT_ONCE_CHARS) });
      // Ten minutes of a chatty socket, within the per-second budget every second.
      for (let second = 0; second < 600; second++, clock += 1000) for (let i = 0; i < MAX_MESSAGES_PER_SECOND; i++) socket.receive(frame);
      // Every queued message holds its text until read: the backlog (and the page's memory) must not grow with time.
      expect(stats.messages).toBeLessThanOrEqual(5 * MAX_MESSAGES_PER_SECOND);
      expect(stats.dropped).toBeGreaterThan(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('never throws into the page, even from an event whose data cannot be read', () => {
    const { win } = throttled();
    // The tap's own listeners, as it adds them (a listener's exception would reach the page's error handlers).
    const added: { type: string; listener: EventListener }[] = [];
    const add = EventTarget.prototype.addEventListener;
    EventTarget.prototype.addEventListener = function (this: EventTarget, type: string, listener: EventListenerOrEventListenerObject | null, options?: AddEventListenerOptions | boolean) {
      if (typeof listener === 'function') added.push({ type, listener });
      return Reflect.apply(add, this, [type, listener, options]) as void;
    };
    try {
      installTap(win);
    } finally {
      EventTarget.prototype.addEventListener = add;
    }
    new win.WebSocket!('wss://x');
    const onMessage = added.find((entry) => entry.type === 'message')!;
    expect(onMessage).toBeDefined();
    class Odd extends Event {
      get data(): never {
        throw new Error('no data for you');
      }
    }
    expect(() => onMessage.listener(new Odd('message'))).not.toThrow();
    // Also while the page has broken the arrays' push (the queue is an array of the page's realm).
    const message = new MessageEvent('message', { data: JSON.stringify(ROUND) });
    const push = Array.prototype.push;
    Array.prototype.push = () => {
      throw new Error('broken');
    };
    try {
      expect(() => onMessage.listener(message)).not.toThrow();
    } finally {
      Array.prototype.push = push;
    }
  });

  it('reads every message when its timer runs at once (found by the tap-embedded fuzz target: the second was never read)', () => {
    const target = document.implementation.createHTMLDocument('page');
    const nonces: string[] = [];
    target.addEventListener(TAP_EVENT, (event) => {
      for (const round of (JSON.parse((event as CustomEvent<string>).detail) as { rounds: { nonce: string }[] }).rounds) nonces.push(round.nonce);
    });
    const win: TapWindow = { document: target, CustomEvent, setTimeout: (callback) => callback(), TextDecoder, WebSocket: socketClass() as unknown as typeof WebSocket };
    installTap(win);
    const socket = new win.WebSocket!('wss://x') as unknown as FakeSocket;
    for (const nonce of [1, 2, 3]) socket.receive(JSON.stringify({ ...ROUND, nonce }));
    expect(nonces).toEqual(['1', '2', '3']);
  });

  it('goes on reading after one of its timers failed (a page that broke Array.prototype.shift for a moment)', () => {
    const { win, details, stats, runTimers } = setup();
    const socket = new win.WebSocket!('wss://x') as unknown as FakeSocket;
    const shift = Array.prototype.shift;
    Array.prototype.shift = () => {
      throw new Error('broken for a moment');
    };
    try {
      socket.receive(JSON.stringify({ ...ROUND, nonce: 1 }));
      runTimers(); // its timer runs while shift is broken (and throws nothing out of it)
    } finally {
      Array.prototype.shift = shift;
    }
    expect(stats.errors).toBe(1);
    socket.receive(JSON.stringify({ ...ROUND, nonce: 2 }));
    runTimers();
    expect(details.map((detail) => (detail.rounds[0] as { nonce: string }).nonce)).toContain('2');
  });
});

// Read on arrival: a small message is stamped when the page got it, so one received before a click
// the busy page handles later counts as before it, with no signal at the click a page could hear.
/** A tap on a page of its own whose timers run only when the test says, with one socket open. */
function held() {
  const timers: (() => void)[] = [];
  const target = document.implementation.createHTMLDocument('page');
  const nonces: string[] = [];
  target.addEventListener(TAP_EVENT, (event) => {
    for (const round of (JSON.parse((event as CustomEvent<string>).detail) as { rounds: { nonce: string }[] }).rounds) nonces.push(round.nonce);
  });
  const win: TapWindow = { document: target, CustomEvent, setTimeout: (callback) => timers.push(callback), TextDecoder, WebSocket: socketClass() as unknown as typeof WebSocket };
  const stats = installTap(win);
  const socket = new win.WebSocket!('wss://x') as unknown as FakeSocket;
  return { timers, nonces, stats, socket, target };
}

describe('installTap: read on arrival', () => {
  it('hands a small message over inside the page\'s own message event, before the page\'s listener runs', () => {
    // A clock that stands still: the read's one slice (8 ms) never ends, however slow the machine.
    const spy = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    onTestFinished(() => spy.mockRestore());
    const page = held();
    const seenByPage: string[][] = [];
    page.socket.addEventListener('message', () => seenByPage.push([...page.nonces]));
    page.socket.receive(JSON.stringify({ ...ROUND, nonce: 1 }));
    page.socket.receive(JSON.stringify({ ...ROUND, nonce: 2 }));
    expect(seenByPage).toEqual([['1'], ['1', '2']]);
    expect(page.timers).toHaveLength(0);
  });

  it('queues a big message for the timer, and a small one behind it waits too (order kept)', () => {
    const spy = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    onTestFinished(() => spy.mockRestore());
    const page = held();
    const big = JSON.stringify({ pad: 'x'.repeat(MAX_AT_ONCE_CHARS), round: { ...ROUND, nonce: 1 } });
    page.socket.receive(big);
    page.socket.receive(JSON.stringify({ ...ROUND, nonce: 2 }));
    expect(page.nonces).toEqual([]);
    while (page.timers.length > 0) page.timers.shift()!();
    expect(page.nonces).toEqual(['1', '2']);
    page.socket.receive(JSON.stringify({ ...ROUND, nonce: 3 }));
    expect(page.nonces).toEqual(['1', '2', '3']);
  });

  it('listens for no event on the document a page could send at the player\'s action (it can dispatch and hear any)', () => {
    const target = document.implementation.createHTMLDocument('page');
    const heard: string[] = [];
    const listen = vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (this: EventTarget, type: string) {
      if (this === target) heard.push(type);
    });
    onTestFinished(() => listen.mockRestore());
    installTap({ document: target, CustomEvent, setTimeout: () => undefined, TextDecoder, WebSocket: socketClass() as unknown as typeof WebSocket });
    listen.mockRestore();
    // Only the end of parsing (to read the JSON script elements once they are whole), if still loading.
    expect(heard.filter((type) => type !== 'DOMContentLoaded')).toEqual([]);
  });

  it('hands over a fetch answer as soon as its body is read', async () => {
    const spy = vi.spyOn(Date, 'now').mockReturnValue(1_000_000); // the read's slice never ends (see above)
    onTestFinished(() => spy.mockRestore());
    const timers: (() => void)[] = [];
    const target = document.implementation.createHTMLDocument('page');
    const channels: string[] = [];
    target.addEventListener(TAP_EVENT, (event) => channels.push((JSON.parse((event as CustomEvent<string>).detail) as { channel: string }).channel));
    const win: TapWindow = {
      document: target,
      CustomEvent,
      setTimeout: (callback) => timers.push(callback),
      TextDecoder,
      fetch: (async () => new Response(JSON.stringify(ROUND), { headers: { 'content-type': 'application/json' } })) as unknown as typeof fetch,
    };
    installTap(win);
    expect(await (await win.fetch!('/bet')).text()).toBe(JSON.stringify(ROUND));
    await vi.waitFor(() => expect(channels).toEqual(['fetch']));
    expect(timers).toHaveLength(0);
  });
});

// One huge frame (an order book, a lobby dump) must not hold the page's thread: its walk pauses.
describe('installTap: a frame of 90 000 objects', () => {
  it('is read in slices of the page\'s thread, its round still found', () => {
    let clock = 1_000_000;
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1));
    try {
      const { timers, nonces, socket } = held();
      const frame = JSON.stringify({ type: 'book', items: Array.from({ length: 90_000 }, (_, i) => ({ a: i % 10 })), round: ROUND });
      socket.receive(frame);
      let slices = 0;
      while (timers.length > 0) {
        slices++;
        timers.shift()!();
      }
      // Each pause reads the clock once (one ms here); a slice ends after 8 of them: many slices, each a few hundred objects.
      expect(slices).toBeGreaterThan(20);
      expect(nonces).toEqual(['1']);
    } finally {
      spy.mockRestore();
    }
  });
});
