// The channel pages' script, served as /static/channel.js (bundled with channel-log.ts by the
// server). It plays through its page's channel (see channels.ts) and checks, in the page, that it
// receives every message intact, as the extension's taps must leave it: it logs each message
// (count and hash, which a test compares with the server's log), gets each through
// addEventListener and then onmessage, in that order, and sees the browser's own objects
// (WebSocket/EventSource prototypes, constructors, instanceof). Any doubt sets body[data-intact]
// to "false" with the reason in body[data-broken].
import { emptyLog, logged, type ChannelLog } from './channel-log.js';

const body = document.body;
const { channel = '', format = 'plain', session = '' } = body.dataset;
let log: ChannelLog = emptyLog();
let waiting: { count: number; resolve: () => void }[] = [];
let ready: Promise<void> = Promise.resolve();

const broken = (reason: string): void => {
  body.dataset.intact = 'false';
  body.dataset.broken = `${body.dataset.broken ?? ''}${reason}; `;
};

/** ?stall=ms: a heavy app, busy with each text message for this long (a click meanwhile waits in the browser's queue). */
const stall = Number(body.dataset.stall) || 0;

function receive(message: string | Uint8Array): void {
  for (const end = performance.now() + (typeof message === 'string' ? stall : 0); performance.now() < end; );
  log = logged(log, message);
  body.dataset.received = String(log.count);
  body.dataset.hash = log.hash;
  const status = document.querySelector('[data-slot="status"]');
  if (status) status.textContent = `${log.count} messages received`;
  waiting = waiting.filter((waiter) => (log.count >= waiter.count ? (waiter.resolve(), false) : true));
}

const received = (count: number): Promise<void> => new Promise((resolve) => (log.count >= count ? resolve() : waiting.push({ count, resolve })));

/** A pushed message's data, checked to reach the page's listener first and then its onmessage handler. */
function watchMessages(target: WebSocket | EventSource): void {
  let listened = emptyLog();
  const read = (data: unknown): string | Uint8Array => (typeof data === 'string' ? data : new Uint8Array(data as ArrayBuffer));
  target.addEventListener('message', (event) => {
    listened = logged(listened, read((event as MessageEvent).data));
  });
  target.onmessage = (event: MessageEvent) => {
    const message = read(event.data);
    if (listened.count !== log.count + 1 || listened.hash !== logged(log, message).hash) broken('listener and onmessage saw different messages');
    receive(message);
  };
}

function watchNamed(source: EventSource, name: string): void {
  let first = emptyLog();
  source.addEventListener(name, (event) => {
    first = logged(first, (event as MessageEvent<string>).data);
  });
  source.addEventListener(name, (event) => {
    const message = (event as MessageEvent<string>).data;
    if (first.count !== log.count + 1 || first.hash !== logged(log, message).hash) broken('the named event\'s listeners saw different messages');
    receive(message);
  });
}

function opened(target: WebSocket | EventSource): Promise<void> {
  return new Promise((resolve) => target.addEventListener('open', () => resolve(), { once: true }));
}

function start(): void {
  const query = `session=${encodeURIComponent(session)}`;
  if (channel === 'websocket') {
    const socket = new WebSocket(`wss://${location.host}/api/channel/socket?${query}&format=${format}`);
    socket.binaryType = 'arraybuffer';
    if (!(socket instanceof WebSocket) || socket.constructor !== WebSocket || Object.getPrototypeOf(socket) !== WebSocket.prototype || WebSocket.OPEN !== 1) broken('WebSocket is not itself');
    watchMessages(socket);
    ready = opened(socket);
  } else if (channel === 'sse') {
    const source = new EventSource(`/api/channel/events?${query}&format=${format}`);
    if (!(source instanceof EventSource) || source.constructor !== EventSource || Object.getPrototypeOf(source) !== EventSource.prototype) broken('EventSource is not itself');
    // Named events (`event: bet`) reach only listeners for that name: two of them, which must both get each, in order.
    if (format === 'named') watchNamed(source, 'bet');
    else watchMessages(source);
    ready = opened(source);
  } else if (channel === 'embedded') {
    receive(readScript(document.getElementById('__NEXT_DATA__')));
  } else {
    ready = pull();
  }
  body.dataset.ready = 'pending';
  void ready.then(() => (body.dataset.ready = 'true'));
}

function readScript(script: Element | null): string {
  const text = script?.textContent ?? '';
  try {
    JSON.parse(text);
  } catch {
    broken('embedded JSON does not parse');
  }
  return text;
}

/** The pulled channels: the state as text/plain (fetch), as JSON lines (XMLHttpRequest), or as an HTML part with embedded JSON (added to the page). */
async function pull(): Promise<void> {
  const url = `/api/channel/state?session=${encodeURIComponent(session)}&as=`;
  if (channel === 'text') {
    const response = await fetch(`${url}text`);
    if (!/^text\/plain/.test(response.headers.get('content-type') ?? '')) broken('text/plain answer changed type');
    const text = await response.text();
    JSON.parse(text);
    return receive(text);
  }
  if (channel === 'stream') {
    // Read as it streams, as an app showing each bet as it comes does.
    const reader = (await fetch(`${url}stream`)).body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value, { stream: true });
    for (const line of text.split('\n')) if (line !== '') JSON.parse(line);
    return receive(text);
  }
  if (channel === 'ndjson') {
    const text = await new Promise<string>((resolve, reject) => {
      const request = new XMLHttpRequest();
      request.open('GET', `${url}ndjson`);
      request.onload = () => resolve(request.responseText);
      request.onerror = () => reject(new Error('ndjson request failed'));
      request.send();
    });
    for (const line of text.split('\n')) if (line !== '') JSON.parse(line);
    return receive(text);
  }
  const html = await (await fetch(`${url}html`)).text();
  const part = new DOMParser().parseFromString(html, 'text/html').querySelector('script[type="application/json"]');
  if (!part) return broken('no embedded part');
  const script = document.adoptNode(part);
  document.querySelector('main')!.append(script);
  receive(readScript(script));
}

async function act(path: string): Promise<void> {
  await ready;
  const response = await fetch(`${path}${path.includes('?') ? '&' : '?'}session=${encodeURIComponent(session)}`, { method: 'POST' });
  const { sent } = (await response.json()) as { sent: number };
  if (channel === 'websocket' || channel === 'sse') return received(sent);
  return pull();
}

document.addEventListener('click', (event) => {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  const { action, game } = button?.dataset ?? {};
  const path = action === 'bet' ? `/api/channel/bet?game=${game}` : action === 'rotate' ? '/api/channel/rotate' : undefined;
  if (path === undefined) return;
  body.dataset.busy = 'true';
  act(path)
    .catch((error: unknown) => broken(String(error)))
    .finally(() => delete body.dataset.busy);
});

start();
