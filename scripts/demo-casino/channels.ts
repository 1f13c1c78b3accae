// The channel pages' server side (issue #13): the pages, their actions, and the pushes. A page
// session (?session=…, the page's own random id) has a WebSocket or an event stream, or pulls
// text/plain, JSON lines or an HTML part with embedded JSON; every message sent to it is logged
// (channel-log.ts), so a test can compare with what the page says it received. The WebSocket is a
// minimal hand-written RFC 6455 server: text and binary frames out, a close frame answered.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { CasinoState } from './casino-state.js';
import { emptyLog, logged, type ChannelLog } from './channel-log.js';
import {
  channelState,
  CHANNELS,
  embeddedJson,
  ndjson,
  scriptSafe,
  SOCKET_FORMATS,
  SSE_FORMATS,
  socketFrame,
  sseData,
  sseEvent,
  type Channel,
  type SocketFormat,
} from './channel-messages.js';
import { GAME_IDS, type GameId } from './fairness.js';
import { esc } from './markup.js';

const SESSION = /^[a-z0-9-]{8,40}$/;
const WEBSOCKET_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
/** Sent after each state on a WebSocket: the page must receive it too, intact (the tap only counts it). */
const HEARTBEAT = Uint8Array.from([0x89, 0x00, 0xff, 0x10, 0x42, 0x7f, 0x80, 0x01]);

interface Session {
  log: ChannelLog;
  sockets: Set<{ socket: Duplex; format: SocketFormat }>;
  /** Event streams, and whether each wants named events (`event: bet`). */
  streams: Map<ServerResponse, boolean>;
  events: number;
}

export class ChannelServer {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly casino: CasinoState) {}

  /** What the server sent to a page session so far. */
  log(session: string): ChannelLog {
    return { ...(this.sessions.get(session)?.log ?? emptyLog()) };
  }

  private session(id: string): Session {
    let session = this.sessions.get(id);
    if (!session) {
      session = { log: emptyLog(), sockets: new Set(), streams: new Map(), events: 0 };
      this.sessions.set(id, session);
    }
    return session;
  }

  /** Handles /casino/channel/* and /api/channel/*; false for any other path. */
  async handle(request: IncomingMessage, response: ServerResponse, url: URL, send: (status: number, type: string, body: string) => void): Promise<boolean> {
    const page = /^\/casino\/channel\/([a-z]+)$/.exec(url.pathname)?.[1];
    if (request.method === 'GET' && page !== undefined) {
      if (!(CHANNELS as readonly string[]).includes(page)) return false;
      const format = url.searchParams.get('format') ?? 'plain';
      if (!(SOCKET_FORMATS as readonly string[]).includes(format) && !(page === 'sse' && (SSE_FORMATS as readonly string[]).includes(format))) return false;
      const session = newSessionId();
      const embedded = page === 'embedded' ? this.sent(session, scriptSafe(embeddedJson(channelState(this.casino.snapshot())))) : undefined;
      const stall = Math.min(Number(url.searchParams.get('stall')) || 0, 5000);
      send(200, 'text/html; charset=utf-8', channelPage(page as Channel, format as SocketFormat, session, embedded).replace('<body ', `<body data-stall="${stall}" `));
      return true;
    }
    const id = url.searchParams.get('session') ?? '';
    if (!url.pathname.startsWith('/api/channel/')) return false;
    if (!SESSION.test(id)) return send(400, 'application/json', JSON.stringify({ error: 'session must be the page\'s id' })), true;
    const session = this.session(id);
    switch (`${request.method} ${url.pathname}`) {
      case 'GET /api/channel/events':
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
        response.write(': stream open\n\n');
        session.streams.set(response, url.searchParams.get('format') === 'named');
        response.on('close', () => session.streams.delete(response));
        return true;
      case 'POST /api/channel/bet': {
        const game = url.searchParams.get('game') as GameId;
        if (!GAME_IDS.includes(game)) return send(400, 'application/json', JSON.stringify({ error: 'no such game' })), true;
        const round = this.casino.play(game, game === 'keno' ? [3, 11, 19, 27, 35] : undefined);
        this.casino.settle(round.id);
        return this.pushed(session, send), true;
      }
      case 'POST /api/channel/rotate':
        this.casino.rotate();
        return this.pushed(session, send), true;
      case 'GET /api/channel/state': {
        const state = channelState(this.casino.snapshot());
        const as = url.searchParams.get('as');
        if (as === 'text') return send(200, 'text/plain; charset=utf-8', this.sent(id, JSON.stringify(state))), true;
        if (as === 'ndjson') return send(200, 'application/x-ndjson', this.sent(id, ndjson(state))), true;
        if (as === 'stream') return this.streamed(id, response, ndjson(state)), true;
        if (as === 'html') return send(200, 'text/html; charset=utf-8', `<script type="application/json" data-part="casino">${this.sent(id, scriptSafe(embeddedJson(state)))}</script>`), true;
        return send(400, 'application/json', JSON.stringify({ error: 'as must be text, ndjson, stream or html' })), true;
      }
    }
    return false;
  }

  /** Pushes the state to a page session's socket or stream now, unasked (as a server does when the pair changes). */
  push(id: string): void {
    this.pushState(this.session(id));
  }

  /** Pushes the state to the session's socket or stream, and answers the action with the count sent so far (and nothing a tap would read). */
  private pushed(session: Session, send: (status: number, type: string, body: string) => void): void {
    this.pushState(session);
    send(200, 'application/json', JSON.stringify({ sent: session.log.count }));
  }

  private pushState(session: Session): void {
    const state = channelState(this.casino.snapshot());
    for (const { socket, format } of session.sockets) {
      const message = socketFrame(state, format);
      socket.write(frame(typeof message === 'string' ? 0x1 : 0x2, typeof message === 'string' ? Buffer.from(message, 'utf8') : Buffer.from(message)));
      session.log = logged(session.log, message);
      socket.write(frame(0x2, Buffer.from(HEARTBEAT)));
      session.log = logged(session.log, HEARTBEAT);
    }
    for (const [stream, named] of session.streams) {
      stream.write(sseEvent(state, ++session.events, named));
      session.log = logged(session.log, sseData(state));
    }
  }

  /** JSON lines written one at a time, 80 ms apart, as a server streams an answer it is still building. */
  private streamed(id: string, response: ServerResponse, text: string): void {
    this.sent(id, text);
    response.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' });
    const lines = text.split(/(?<=\n)/);
    const next = (): void => {
      if (lines.length === 0 || response.destroyed) return void response.end();
      response.write(lines.shift());
      setTimeout(next, 80);
    };
    next();
  }

  private sent(id: string, text: string): string {
    const session = this.session(id);
    session.log = logged(session.log, text);
    return text;
  }

  /** The HTTP upgrade of /api/channel/socket: the handshake, then server frames only. */
  upgrade(request: IncomingMessage, socket: Duplex): void {
    const url = new URL(request.url ?? '/', 'https://www.cloudbet.com');
    const key = request.headers['sec-websocket-key'];
    const id = url.searchParams.get('session') ?? '';
    const format = url.searchParams.get('format') as SocketFormat;
    if (url.pathname !== '/api/channel/socket' || typeof key !== 'string' || !SESSION.test(id) || !SOCKET_FORMATS.includes(format)) {
      socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\n\r\n');
      return;
    }
    const accept = createHash('sha1').update(key + WEBSOCKET_GUID).digest('base64');
    socket.write(`HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-accept: ${accept}\r\n\r\n`);
    const session = this.session(id);
    const entry = { socket, format };
    session.sockets.add(entry);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => session.sockets.delete(entry));
    // The page sends nothing but a close: answer it (opcode 8) and hang up.
    socket.on('data', (data: Buffer) => {
      if ((data[0]! & 0x0f) === 0x8) socket.end(frame(0x8, Buffer.alloc(0)));
    });
    // Socket.IO's open and connect packets come first, as an Engine.IO server sends them.
    if (format === 'socketio') {
      for (const text of ['0{"sid":"demo","pingInterval":25000,"pingTimeout":20000}', '40']) {
        socket.write(frame(0x1, Buffer.from(text)));
        session.log = logged(session.log, text);
      }
    }
  }

  close(): void {
    for (const session of this.sessions.values()) {
      for (const { socket } of session.sockets) socket.destroy();
      for (const stream of session.streams.keys()) stream.destroy();
    }
  }
}

/** One unmasked, final server frame (RFC 6455 §5.2). */
function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? Buffer.from([0x80 | opcode, length]) : length < 65536 ? Buffer.alloc(4) : Buffer.alloc(10);
  if (length >= 126) {
    header[0] = 0x80 | opcode;
    header[1] = length < 65536 ? 126 : 127;
    if (length < 65536) header.writeUInt16BE(length, 2);
    else header.writeBigUInt64BE(BigInt(length), 2);
  }
  return Buffer.concat([header, payload]);
}

const newSessionId = (): string => `s-${createHash('sha256').update(`${Math.random()}${process.hrtime.bigint()}`).digest('hex').slice(0, 16)}`;

const TITLES: Record<Channel, string> = {
  websocket: 'Live table (WebSocket)',
  sse: 'Live table (server-sent events)',
  embedded: 'Lobby (embedded data)',
  text: 'Bets (text/plain answers)',
  ndjson: 'Bets (JSON lines)',
  stream: 'Bets (streamed JSON lines)',
};

/**
 * A channel page: a bet button, a rotate button, and what the page received (counts only: no seed,
 * hash or label is on screen, so the DOM scanner finds nothing and every round comes by the channel).
 */
function channelPage(channel: Channel, format: SocketFormat, session: string, embedded: string | undefined): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(TITLES[channel])} — Cloudbet (demo)</title>
<link rel="stylesheet" href="/static/casino.css">
<script src="/static/channel.js" defer></script>
${embedded === undefined ? '' : `<script id="__NEXT_DATA__" type="application/json">${embedded}</script>`}
</head>
<body data-page="channel" data-channel="${channel}" data-format="${format}" data-session="${session}" data-received="0" data-hash="" data-intact="true">
<main>
<h1>${esc(TITLES[channel])}</h1>
<p><button type="button" data-action="bet" data-game="roulette-european">Spin European Roulette</button>
<button type="button" data-action="bet" data-game="keno">Play Keno</button>
<button type="button" data-action="rotate">New seed pair</button></p>
<p data-slot="status">Waiting…</p>
</main>
</body>
</html>
`;
}
