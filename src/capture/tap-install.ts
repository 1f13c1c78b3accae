// Watches the page's own JSON traffic from inside the page (MAIN world) without changing it:
// fetch responses are cloned and read on the side, XHR responses are read after their load event.
// Nothing here may delay, alter or break the page's requests, so every step is guarded and the
// page's response is returned untouched. The browser API is out of reach here by design.
import { extractRounds } from './json-tap.js';
import type { CaptureChannel } from '../shared/capture-channel.js';
import { encodeTapDetails, TAP_EVENT } from './tap-channel.js';

export const MAX_BODY_BYTES = 1_000_000;
const JSON_TYPE = /json/i;
/** Responses without any of these words cannot hold a round: skip parsing them. */
const WORTH_PARSING = /seed|nonce|commitment|signature/i;

/** The parts of `window` the tap uses (a test passes a fake). */
export interface TapWindow {
  fetch?: typeof fetch;
  XMLHttpRequest?: typeof XMLHttpRequest;
  document: Document;
  CustomEvent: typeof CustomEvent;
  setTimeout: (callback: () => void, ms: number) => unknown;
  TextDecoder: typeof TextDecoder;
}

export interface TapStats {
  responses: number;
  rounds: number;
  errors: number;
}

export function installTap(win: TapWindow): TapStats {
  const stats: TapStats = { responses: 0, rounds: 0, errors: 0 };
  // Captured now, at document_start, before page scripts could replace them.
  const parse = JSON.parse;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const listen = EventTarget.prototype.addEventListener;
  const { document, CustomEvent: Event, TextDecoder: Decoder } = win;
  const later = win.setTimeout.bind(win);

  const publish = (text: string, channel: CaptureChannel): void => {
    try {
      if (text.length > MAX_BODY_BYTES || !WORTH_PARSING.test(text)) return;
      publishValue(parse(text), channel);
    } catch {
      stats.errors++;
    }
  };

  const publishValue = (value: unknown, channel: CaptureChannel): void => {
    const rounds = extractRounds(value);
    if (rounds.length === 0) return;
    stats.rounds += rounds.length;
    for (const detail of encodeTapDetails(rounds, channel)) dispatch.call(document, new Event(TAP_EVENT, { detail }));
  };

  /** Reads at most MAX_BODY_BYTES of a cloned body; a bigger one is cancelled and skipped. */
  const readCapped = async (response: Response): Promise<string | undefined> => {
    const body = response.body;
    if (!body) return undefined;
    const reader = body.getReader();
    const decoder = new Decoder();
    let size = 0;
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        void reader.cancel().catch(() => undefined);
        return undefined;
      }
      text += decoder.decode(value, { stream: true });
    }
  };

  const inspectResponse = (response: Response): void => {
    try {
      if (!JSON_TYPE.test(response.headers.get('content-type') ?? '') || response.bodyUsed) return;
      const length = Number(response.headers.get('content-length'));
      if (length > MAX_BODY_BYTES) return;
      stats.responses++;
      // Cloned now, before the page (whose callbacks were attached after ours) reads the body.
      readCapped(response.clone()).then(
        (text) => {
          if (text !== undefined) later(() => publish(text, 'fetch'), 0);
        },
        () => stats.errors++,
      );
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
        if (type === 'json') {
          const value: unknown = this.response;
          later(() => {
            try {
              publishValue(value, 'xhr');
            } catch {
              stats.errors++;
            }
          }, 0);
        } else {
          const text = this.responseText;
          later(() => publish(text, 'xhr'), 0);
        }
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
  return stats;
}
