// Watches the page's own JSON traffic from inside the page (MAIN world) without changing it:
// fetch responses are cloned and read on the side as they stream (each complete value handed on as
// it arrives, stream-split.ts), XHR responses are read after their load event, WebSocket and
// EventSource messages are read by a listener of ours added as each is created (before any of the
// page's; binary frames as MessagePack or CBOR, binary-frame.ts), and JSON script elements are read
// once the document is parsed and when one is added. Nothing here may delay, alter or break the
// page's traffic: every step is guarded, a small message is read at once inside the page's event (so it is stamped on arrival,
// before any click the busy page handles later), a big one or a burst only queued and read on a
// timer in slices, and the page's objects are returned untouched. Nothing tells the page when the
// player acts (a page can hear any DOM event). The browser API is out of reach here by design.
import { walkRounds } from '../readers/json-tap.js';
import type { CaptureChannel, KeyNote } from '../../shared/capture-channel.js';
import { encodeTapDetails, TAP_EVENT } from './tap-channel.js';
import { isJsonScript, jsonValues } from './tap-text.js';
import { frameShape, readFrame } from './binary-frame.js';
import { streamSplitter } from './stream-split.js';

export const MAX_BODY_BYTES = 1_000_000;
/** A streamed answer is read up to this many bytes, then left to the page (its values each at most MAX_BODY_BYTES: stream-split.ts). */
export const MAX_STREAM_BYTES = 32_000_000;
/** JSON, JSON lines (application/x-ndjson, application/jsonl), and JSON sent as text/plain. */
const JSON_TYPE = /json|text\/plain/i;
/** Messages (WebSocket, EventSource, script elements) queued per second and their characters; the rest is dropped. */
export const MAX_MESSAGES_PER_SECOND = 200;
export const MAX_MESSAGE_CHARS_PER_SECOND = 4_000_000;
/** A burst of messages is read in slices of this many ms, so the tap never holds the page's thread long. */
const SLICE_MS = 8;
/** A message up to this long, alone in the queue, is read inside the page's event (its parse is well under a millisecond). */
export const MAX_AT_ONCE_CHARS = 32_768;

/** The parts of `window` the tap uses (a test passes a fake). */
export interface TapWindow {
  fetch?: typeof fetch;
  XMLHttpRequest?: typeof XMLHttpRequest;
  document: Document;
  CustomEvent: typeof CustomEvent;
  setTimeout: (callback: () => void, ms: number) => unknown;
  TextDecoder: typeof TextDecoder;
  WebSocket?: typeof WebSocket;
  EventSource?: typeof EventSource;
  MutationObserver?: typeof MutationObserver;
}

export interface TapStats {
  responses: number;
  /** WebSocket, EventSource and script-element texts queued for reading. */
  messages: number;
  /** Binary WebSocket frames received (ArrayBuffer or Blob), read as MessagePack or CBOR. */
  binary: number;
  /** Messages over the size cap or the per-second budget. */
  dropped: number;
  rounds: number;
  errors: number;
}

/** What a queued item is: text (or an XHR's parsed JSON), a binary frame's bytes, a streamed answer's values. */
type Kind = 0 | 1 | 2;
const TEXT = 0;
const BINARY = 1;
const PIECES = 2;

export function installTap(win: TapWindow): TapStats {
  const stats: TapStats = { responses: 0, messages: 0, binary: 0, dropped: 0, rounds: 0, errors: 0 };
  // Captured now, at document_start, before page scripts could replace them.
  const parse = JSON.parse;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const listen = EventTarget.prototype.addEventListener;
  const now = Date.now;
  const apply = Reflect.apply;
  const then = Promise.prototype.then;
  // Binary frames: read with the browser's own getters, taken now (a page's patch of them learns nothing).
  const bufferSize = Object.getOwnPropertyDescriptor(ArrayBuffer.prototype, 'byteLength')!.get!;
  const blobSize = typeof Blob === 'function' ? Object.getOwnPropertyDescriptor(Blob.prototype, 'size')?.get : undefined;
  const blobBytes = typeof Blob === 'function' ? Blob.prototype.arrayBuffer : undefined;
  const { document, CustomEvent: Event, TextDecoder: Decoder } = win;
  const later = win.setTimeout.bind(win);
  const hand = (detail: string): unknown => dispatch.call(document, new Event(TAP_EVENT, { detail }));

  /** Reads a message's text, an XHR's parsed JSON, a binary frame or a streamed answer's values, and hands their rounds on; pauses in a long walk. */
  function* read(data: unknown, channel: CaptureChannel, kind: Kind): Generator<void, void> {
    let values: unknown[] = [];
    if (kind === BINARY) {
      values = readFrame(data as Uint8Array);
      // A frame read as nothing is counted by its shape (first byte, size), never its bytes.
      if (values.length === 0) for (const detail of encodeTapDetails([], channel, undefined, [frameShape(data as Uint8Array)])) hand(detail);
    } else if (kind === PIECES) for (const text of data as string[]) values.push(...jsonValues(text, parse));
    else values = typeof data === 'string' ? (data.length > MAX_BODY_BYTES ? [] : jsonValues(data, parse)) : [data];
    yield; // the parse of a big text is a slice's work on its own
    for (const value of values) {
      // The keys that looked fairness-like go along: the diagnostics list them even when they form no round.
      const notes = new Map<string, KeyNote>();
      const rounds = yield* walkRounds(value, undefined, notes);
      if (rounds.length === 0 && notes.size === 0) continue;
      stats.rounds += rounds.length;
      for (const detail of encodeTapDetails(rounds, channel, notes.size ? [...notes.values()] : undefined)) hand(detail);
    }
  }

  // Big messages and bursts wait here while the page handles them; one timer reads them all
  // afterwards. At most a second's budget of messages waits: a background tab's timers may run
  // once a minute while its socket talks on.
  const queue: [data: unknown, channel: CaptureChannel, kind: Kind, chars: number][] = [];
  let queuedChars = 0;
  let draining = false;
  let windowStart = 0;
  let windowMessages = 0;
  let windowChars = 0;
  /** The message being read, paused between slices. */
  let reading: Generator<void, void> | undefined;
  /** Set while reading: a message pushed from inside our own event waits for the timer (no reentry). */
  let busy = false;
  /** Reads queued messages until `end` (ms); false when some are left for later. */
  const readUntil = (end: number): boolean => {
    if (busy) return false;
    busy = true;
    try {
      while (reading || queue.length > 0) {
        if (now() >= end) return false;
        if (!reading) {
          const [data, channel, kind, chars] = queue.shift()!;
          queuedChars -= chars;
          reading = read(data, channel, kind);
        }
        try {
          if (reading.next().done) reading = undefined;
        } catch {
          stats.errors++;
          reading = undefined;
        }
      }
    } catch {
      // The page broke something we use (Array.prototype.shift): drop the backlog, start afresh.
      stats.errors++;
      queue.length = queuedChars = 0;
    } finally {
      busy = false;
    }
    return true;
  };
  /** Reads queued messages for at most SLICE_MS, then lets the page run before the rest. */
  const drain = (): void => {
    if (readUntil(now() + SLICE_MS)) draining = false;
    else later(drain, 0);
  };
  /**
   * Reads small data at once, or queues it to read on the timer. Never throws (its callers run in
   * the page's events and promises). At once, it is stamped when the page got it: a commitment
   * that came in before a click the busy page's queue holds back is seen before the click.
   */
  const push = (data: unknown, channel: CaptureChannel, kind: Kind = TEXT, chars = typeof data === 'string' ? data.length : 0): void => {
    try {
      queue.push([data, channel, kind, chars]);
      queuedChars += chars;
      if (queue.length === 1 && !reading && chars <= MAX_AT_ONCE_CHARS && readUntil(now() + SLICE_MS)) return;
      if (!draining) {
        // Set first: a timer that runs at once (as some pages' setTimeout shims do) ends the drain itself.
        draining = true;
        later(drain, 0);
      }
    } catch {
      stats.errors++;
    }
  };
  /** Whether a message of `size` characters (or bytes) fits the size cap and the budgets; counts it if it does. */
  const admit = (size: number): boolean => {
    const at = now();
    if (at - windowStart >= 1000) {
      windowStart = at;
      windowMessages = windowChars = 0;
    }
    const over = size > MAX_BODY_BYTES || windowMessages >= MAX_MESSAGES_PER_SECOND || windowChars + size > MAX_MESSAGE_CHARS_PER_SECOND;
    if (over || queue.length >= MAX_MESSAGES_PER_SECOND || queuedChars + size > MAX_MESSAGE_CHARS_PER_SECOND) {
      stats.dropped++;
      return false;
    }
    windowMessages++;
    windowChars += size;
    stats.messages++;
    return true;
  };
  /**
   * Checks and a budget inside the page's event, then a small text read or a queued reference to the
   * (immutable) text. A binary frame's bytes are copied (the page may detach its buffer), a Blob's
   * read on the side (a Blob is never used up). Never throws into the page.
   */
  const enqueue = (event: Event, channel: CaptureChannel): void => {
    try {
      const data: unknown = (event as MessageEvent).data;
      if (typeof data === 'string') {
        if (admit(data.length)) push(data, channel);
        return;
      }
      if (data === null || typeof data !== 'object') return;
      stats.binary++;
      let size: number | undefined;
      let blob = false;
      try {
        size = apply(bufferSize, data, []) as number;
      } catch {
        try {
          size = apply(blobSize!, data, []) as number;
          blob = true;
        } catch {
          return; // neither an ArrayBuffer nor a Blob: nothing to read
        }
      }
      if (!admit(size!)) return;
      if (!blob) push(new Uint8Array(new Uint8Array(data as ArrayBuffer)), channel, BINARY, size);
      else apply(then, apply(blobBytes!, data, []), [(bytes: ArrayBuffer) => push(new Uint8Array(bytes), channel, BINARY, bytes.byteLength), () => stats.errors++]);
    } catch {
      stats.errors++;
    }
  };
  /**
   * Reads a cloned body as it streams: each value it completes (a line of JSON lines, an element of
   * a top-level array, the whole of one document) is handed on as its piece arrives, so it is
   * stamped at arrival. Past MAX_STREAM_BYTES the clone is cancelled (the page's answer goes on).
   */
  const readStreamed = async (response: Response): Promise<void> => {
    const body = response.body;
    if (!body) return;
    const reader = body.getReader();
    const decoder = new Decoder();
    const split = streamSplitter(MAX_BODY_BYTES);
    for (let size = 0; ; ) {
      const { done, value } = await reader.read();
      const values = split(done ? decoder.decode() : decoder.decode(value, { stream: true }));
      if (values.length > 0) push(values, 'fetch', PIECES, values.reduce((sum, text) => sum + text.length, 0));
      if (done) return;
      size += value.byteLength;
      if (size > MAX_STREAM_BYTES) return void reader.cancel().catch(() => undefined);
    }
  };

  const inspectResponse = (response: Response): void => {
    try {
      if (!JSON_TYPE.test(response.headers.get('content-type') ?? '') || response.bodyUsed) return;
      stats.responses++;
      // Cloned now, before the page (whose callbacks were attached after ours) reads the body.
      readStreamed(response.clone()).catch(() => stats.errors++);
    } catch {
      stats.errors++;
    }
  };

  const originalFetch = win.fetch;
  if (typeof originalFetch === 'function') {
    win.fetch = function fetch(this: unknown, ...args: Parameters<typeof originalFetch>) {
      const promise = Reflect.apply(originalFetch, this, args) as Promise<Response>;
      try {
        promise.then(inspectResponse, () => undefined);
      } catch {
        stats.errors++;
      }
      return promise;
    } as typeof fetch;
  }

  const Request = win.XMLHttpRequest;
  if (typeof Request === 'function') {
    const originalSend = Request.prototype.send;
    function onLoad(this: XMLHttpRequest): void {
      try {
        const type = this.responseType;
        if ((type !== '' && type !== 'text' && type !== 'json') || !JSON_TYPE.test(this.getResponseHeader('content-type') ?? '')) return;
        stats.responses++;
        push(type === 'json' ? (this.response as unknown) : this.responseText, 'xhr');
      } catch {
        stats.errors++;
      }
    }
    Request.prototype.send = function send(this: XMLHttpRequest, ...args: Parameters<XMLHttpRequest['send']>) {
      try {
        listen.call(this, 'load', onLoad);
      } catch {
        stats.errors++;
      }
      return Reflect.apply(originalSend, this, args);
    };
  }
  watchCreated(win, 'WebSocket', (socket) => listen.call(socket, 'message', (event) => enqueue(event, 'websocket')));
  watchCreated(win, 'EventSource', (source) => listen.call(source, 'message', (event) => enqueue(event, 'sse')));
  try {
    watchNamedEvents(win, listen, (event) => enqueue(event, 'sse'));
  } catch {
    stats.errors++;
  }
  try {
    watchScripts(win, listen, (data) => enqueue({ data } as MessageEvent, 'embedded'));
  } catch {
    stats.errors++;
  }
  return stats;
}

/**
 * Replaces win[name] with a constructor that builds the page's object exactly as the original does
 * (its prototype, statics and `instanceof` unchanged, subclasses too) and hands it to `watch` first.
 */
function watchCreated<Name extends 'WebSocket' | 'EventSource'>(win: TapWindow, name: Name, watch: (created: EventTarget) => void): void {
  const Original = win[name] as unknown as (new (...args: unknown[]) => EventTarget) | undefined;
  if (typeof Original !== 'function') return;
  const Watched = function (this: unknown, ...args: unknown[]) {
    // Called without `new`: the original throws its own TypeError.
    if (!new.target) return Reflect.apply(Original, this, args) as unknown;
    const created = Reflect.construct(Original, args, new.target) as EventTarget;
    try {
      watch(created);
    } catch {
      // Unwatched, the page's object works as ever.
    }
    return created;
  };
  try {
    Object.defineProperties(Watched, Object.getOwnPropertyDescriptors(Original));
    Object.setPrototypeOf(Watched, Object.getPrototypeOf(Original)); // WebSocket.__proto__ is EventTarget
    // Its other attributes (writable, configurable, not enumerable) stay as they are.
    Object.defineProperty(Original.prototype, 'constructor', { value: Watched });
    (win as unknown as Record<string, unknown>)[name] = Watched;
  } catch {
    // A frozen or odd global: leave it as it is.
  }
}

/** Event names read per EventSource besides "message": a page naming a thousand gets the first few. */
export const MAX_EVENT_NAMES = 20;
const OWN_EVENTS = ['message', 'open', 'error'];

/**
 * Server-sent events named by an `event:` line reach only listeners for that name. When the page
 * listens for a name on an EventSource, the tap listens for it too, just before the page's listener
 * (so the page's own listeners keep their order, and each gets every event as before). Calls
 * whatever addEventListener the source would use otherwise, so a page that patched EventTarget's
 * (zone.js) still gets its own.
 */
function watchNamedEvents(win: TapWindow, listen: EventTarget['addEventListener'], read: (event: Event) => void): void {
  const prototype = win.EventSource?.prototype;
  if (!prototype) return;
  const names = new WeakMap<object, string[]>();
  const inherited = Object.getPrototypeOf(prototype) as EventTarget;
  Object.defineProperty(prototype, 'addEventListener', {
    // Two named parameters (length 2, as the browser's); the call passes on exactly what it got.
    value: function addEventListener(this: EventTarget, type: unknown, listener: unknown) {
      try {
        const heard = names.get(this) ?? [];
        if (typeof type === 'string' && listener && !OWN_EVENTS.includes(type) && !heard.includes(type) && heard.length < MAX_EVENT_NAMES) {
          names.set(this, [...heard, type]);
          listen.call(this, type, read);
        }
      } catch {
        // Unread, the page's listener is added all the same.
      }
      return Reflect.apply(inherited.addEventListener, this, arguments) as void;
    },
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/** Hands on the text of every JSON script element: those parsed with the document, then each added later. */
function watchScripts(win: TapWindow, listen: EventTarget['addEventListener'], read: (text: string) => void): void {
  const { document, MutationObserver: Observer } = win;
  const textOf = Object.getOwnPropertyDescriptor(Node.prototype, 'textContent')?.get;
  const typeOf = Element.prototype.getAttribute;
  const seen = new WeakSet<Node>();
  const offer = (node: Node): void => {
    // An element added with scripts inside (a re-rendered part of the page): each of them.
    if (node.nodeType === 1 && node.nodeName !== 'SCRIPT') for (const script of (node as Element).getElementsByTagName('script')) offer(script);
    if (seen.has(node) || node.nodeName !== 'SCRIPT' || !isJsonScript(typeOf.call(node, 'type'))) return;
    seen.add(node);
    const text: unknown = textOf?.call(node);
    if (typeof text === 'string') read(text);
  };
  const readAll = (): void => {
    try {
      for (const script of document.getElementsByTagName('script')) offer(script);
      if (typeof Observer !== 'function') return;
      new Observer((records) => {
        try {
          for (const record of records) for (const node of record.addedNodes) offer(node);
        } catch {
          // A node we could not read: the rest of the page still is.
        }
      }).observe(document, { childList: true, subtree: true });
    } catch {
      // Without them, the fetch and DOM reading still work.
    }
  };
  if (document.readyState === 'loading') listen.call(document, 'DOMContentLoaded', readAll, { once: true });
  else readAll();
}
