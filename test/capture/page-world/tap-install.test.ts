// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { installTap, type TapWindow } from '../../../src/capture/page-world/tap-install.js';
import { decodeTapDetail, TAP_EVENT } from '../../../src/capture/page-world/tap-channel.js';
import { CLIENT, SEED } from '../dom.js';

const BODY = JSON.stringify({ bets: [{ serverSeed: SEED, clientSeed: CLIENT, nonce: 1, result: 17, game: 'Roulette' }] });

/** A fresh XHR class per test: installTap patches its prototype. */
function fakeXhrClass() {
  return class FakeXhr extends EventTarget {
    responseType: XMLHttpRequestResponseType = '';
    response: unknown = null;
    responseText = '';
    contentType = 'application/json';
    getResponseHeader(name: string) {
      return name.toLowerCase() === 'content-type' ? this.contentType : null;
    }
    send() {
      setTimeout(() => this.dispatchEvent(new Event('load')), 0);
    }
  };
}
type FakeXhr = InstanceType<ReturnType<typeof fakeXhrClass>>;

function setup(respond: (input: unknown) => Response) {
  const received: unknown[] = [];
  const target = document.implementation.createHTMLDocument('page');
  target.addEventListener(TAP_EVENT, (event) => received.push(...decodeTapDetail((event as CustomEvent).detail)));
  const pageFetch = vi.fn(async (input: unknown) => respond(input));
  const win: TapWindow = {
    fetch: pageFetch as unknown as typeof fetch,
    XMLHttpRequest: fakeXhrClass() as unknown as typeof XMLHttpRequest,
    document: target,
    CustomEvent,
    setTimeout: (callback, ms) => setTimeout(callback, ms),
    TextDecoder,
  };
  const stats = installTap(win);
  return { win, received, stats, pageFetch };
}

describe('installTap: fetch', () => {
  it('hands rounds from a JSON response to the content script, and the page gets its response untouched', async () => {
    const { win, received, pageFetch } = setup(() => new Response(BODY, { headers: { 'content-type': 'application/json; charset=utf-8' } }));
    const response = await win.fetch!('/api/bets', { method: 'GET' });
    expect(pageFetch).toHaveBeenCalledWith('/api/bets', { method: 'GET' });
    expect(await response.text()).toBe(BODY);
    await vi.waitFor(() => expect(received).toEqual([{ serverSeed: SEED, clientSeed: CLIENT, nonce: '1', result: '17', game: 'Roulette' }]));
  });

  it('leaves other content types alone without reading them', async () => {
    const { win, received, stats } = setup(() => new Response(BODY, { headers: { 'content-type': 'text/html' } }));
    const response = await win.fetch!('/page');
    expect(response.bodyUsed).toBe(false);
    expect(await response.text()).toBe(BODY);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual([]);
    expect(stats.responses).toBe(0);
  });

  it('skips bodies over the size cap, declared or streamed', async () => {
    const big = JSON.stringify({ serverSeed: SEED, nonce: 1, pad: 'x'.repeat(1_100_000) });
    const declared = setup(() => new Response(big, { headers: { 'content-type': 'application/json', 'content-length': String(big.length) } }));
    expect((await (await declared.win.fetch!('/a')).text()).length).toBe(big.length);
    const streamed = setup(() => new Response(big, { headers: { 'content-type': 'application/json' } }));
    expect((await (await streamed.win.fetch!('/b')).text()).length).toBe(big.length);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(declared.received).toEqual([]);
    expect(streamed.received).toEqual([]);
  });

  it('passes the page\'s failures through unchanged', async () => {
    const { win } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(win.fetch!('/x')).rejects.toThrow('Failed to fetch');
  });

  it('survives malformed JSON', async () => {
    const { win, received, stats } = setup(() => new Response('{"serverSeed": ', { headers: { 'content-type': 'application/json' } }));
    await win.fetch!('/x');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(stats.responses).toBe(1);
    expect(stats.errors).toBe(0);
    expect(received).toEqual([]);
  });
});

describe('installTap: XMLHttpRequest', () => {
  it('reads text and json responses after their load event', async () => {
    const { win, received } = setup(() => new Response(''));
    const text = new win.XMLHttpRequest!() as unknown as FakeXhr;
    text.responseText = BODY;
    text.send();
    const json = new win.XMLHttpRequest!() as unknown as FakeXhr;
    json.responseType = 'json';
    json.response = { serverSeedHash: 'ab'.repeat(32), clientSeed: CLIENT, nonce: 2 };
    json.send();
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(received[1]).toEqual({ commitment: 'ab'.repeat(32), clientSeed: CLIENT, nonce: '2' });
  });

  it('ignores blobs, array buffers and non-JSON types', async () => {
    const { win, received } = setup(() => new Response(''));
    const blob = new win.XMLHttpRequest!() as unknown as FakeXhr;
    blob.responseType = 'blob';
    blob.send();
    const html = new win.XMLHttpRequest!() as unknown as FakeXhr;
    html.contentType = 'text/html';
    html.responseText = BODY;
    html.send();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual([]);
  });
});
