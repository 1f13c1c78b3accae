// The channel pages' server side (scripts/demo-casino/channels.ts): what each channel sends is the
// shown state only (no unrevealed seed), framed as its channel does it, and the server's log of a
// session is exactly what it sent — the e2e suites compare it with what the page received.
import { connect, type TLSSocket } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { emptyLog, logged } from '../../scripts/demo-casino/channel-log.js';
import type { DemoCasino } from '../../scripts/demo-casino/server.js';
import { get, post, useDemoCasino } from './helpers.js';

let casino: DemoCasino;
useDemoCasino('channels-test', (started) => (casino = started));

const sessionOf = (html: string) => /data-session="([^"]+)"/.exec(html)![1]!;
const unrevealed = () => casino.state().seedPairs.filter((pair) => !pair.revealed).map((pair) => pair.serverSeed);

/** A WebSocket client by hand: the upgrade, then the server's frames as [opcode, payload]. */
async function openSocket(path: string): Promise<{ frames: [number, Buffer][]; socket: TLSSocket; handshake: Promise<string> }> {
  const socket = connect({ host: '127.0.0.1', port: casino.port, servername: 'www.cloudbet.com', rejectUnauthorized: false });
  await new Promise((resolve) => socket.once('secureConnect', resolve));
  socket.write(`GET ${path} HTTP/1.1\r\nhost: www.cloudbet.com\r\nupgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n\r\n`);
  const frames: [number, Buffer][] = [];
  let buffer = Buffer.alloc(0);
  let resolveHandshake!: (head: string) => void;
  const handshake = new Promise<string>((resolve) => (resolveHandshake = resolve));
  let head: string | undefined;
  socket.on('data', (data: Buffer) => {
    buffer = Buffer.concat([buffer, data]);
    if (head === undefined) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end === -1) return;
      head = buffer.subarray(0, end).toString();
      buffer = buffer.subarray(end + 4);
      resolveHandshake(head);
    }
    for (;;) {
      if (buffer.length < 2) return;
      let length = buffer[1]! & 0x7f;
      let offset = 2;
      if (length === 126) [length, offset] = [buffer.readUInt16BE(2), 4];
      else if (length === 127) [length, offset] = [Number(buffer.readBigUInt64BE(2)), 10];
      if (buffer.length < offset + length) return;
      frames.push([buffer[0]! & 0x0f, buffer.subarray(offset, offset + length)]);
      buffer = buffer.subarray(offset + length);
    }
  });
  return { frames, socket, handshake };
}

describe('channel pages', () => {
  it('serve a page per channel with no value on screen (the embedded page\'s data only in its JSON script)', async () => {
    for (const channel of ['websocket', 'sse', 'text', 'ndjson', 'embedded']) {
      const page = await get(casino, `/casino/channel/${channel}`);
      expect(page.status).toBe(200);
      const outsideScripts = page.text.replace(/<script[^>]*>[^<]*<\/script>/g, '');
      expect(outsideScripts).not.toMatch(/[0-9a-f]{64}/);
      expect(page.text.includes('__NEXT_DATA__')).toBe(channel === 'embedded');
    }
    expect((await get(casino, '/casino/channel/websocket?format=xml')).status).toBe(404);
    expect((await get(casino, '/casino/channel/carrier-pigeon')).status).toBe(404);
    expect((await post(casino, '/api/channel/bet?session=x&game=keno')).status).toBe(400);
  });

  it('answer pulls as text/plain, JSON lines and an HTML part, and log exactly what they sent', async () => {
    const page = (await get(casino, '/casino/channel/embedded')).text;
    const session = sessionOf(page);
    const nextData = /<script id="__NEXT_DATA__" type="application\/json">([^<]*)<\/script>/.exec(page)![1]!;
    expect(casino.channelLog(session)).toEqual(logged(emptyLog(), nextData));
    await post(casino, `/api/channel/bet?session=${session}&game=keno`);
    await post(casino, `/api/channel/rotate?session=${session}`);
    let log = logged(emptyLog(), nextData);
    const text = await get(casino, `/api/channel/state?session=${session}&as=text`);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(JSON.parse(text.text).rounds[0].serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const lines = await get(casino, `/api/channel/state?session=${session}&as=ndjson`);
    expect(lines.headers['content-type']).toBe('application/x-ndjson');
    expect(lines.text.trimEnd().split('\n').map((line) => Object.keys(JSON.parse(line))[0])).toEqual(['seedPair', 'round']);
    const part = await get(casino, `/api/channel/state?session=${session}&as=html`);
    const json = /<script type="application\/json" data-part="casino">([^<]*)<\/script>/.exec(part.text)![1]!;
    for (const sent of [text.text, lines.text, json]) {
      log = logged(log, sent);
      for (const secret of unrevealed()) expect(sent).not.toContain(secret);
    }
    // The page's embed first, then the three pulls (the pushes went nowhere: no socket or stream).
    expect(casino.channelLog(session)).toEqual({ count: 4, hash: log.hash });
  });

  it('speak RFC 6455 on /api/channel/socket: text frames in each format, a binary heartbeat, logged as sent', async () => {
    for (const format of ['plain', 'graphql', 'socketio'] as const) {
      const session = `s-test-${format}`;
      const { frames, socket, handshake } = await openSocket(`/api/channel/socket?session=${session}&format=${format}`);
      expect(await handshake).toMatch(/^HTTP\/1.1 101[^]*sec-websocket-accept: s3pPLMBiTxaQ9kYGzzhZRbK\+xOo=/i);
      const answer = await post(casino, `/api/channel/bet?session=${session}&game=roulette-european`);
      expect(answer.json).toEqual({ sent: format === 'socketio' ? 4 : 2 });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(frames.map(([opcode]) => opcode)).toEqual(format === 'socketio' ? [1, 1, 1, 2] : [1, 2]);
      const text = frames.at(-2)![1].toString('utf8');
      if (format === 'plain') expect(JSON.parse(text).type).toBe('state');
      if (format === 'graphql') expect(JSON.parse(text).payload.data.bets.edges[0].node).toHaveProperty('hashed_server_seed');
      if (format === 'socketio') expect(JSON.parse(text.replace(/^42/, ''))[0]).toBe('casino:state');
      let log = emptyLog();
      for (const [opcode, payload] of frames) log = logged(log, opcode === 1 ? payload.toString('utf8') : new Uint8Array(payload));
      expect(casino.channelLog(session)).toEqual(log);
      for (const secret of unrevealed()) expect(text).not.toContain(secret);
      socket.destroy();
    }
  });

  it('stream server-sent events with the state over several data lines', async () => {
    const session = 's-test-events';
    const socket = connect({ host: '127.0.0.1', port: casino.port, servername: 'www.cloudbet.com', rejectUnauthorized: false });
    await new Promise((resolve) => socket.once('secureConnect', resolve));
    let stream = '';
    socket.on('data', (data: Buffer) => (stream += data.toString('utf8')));
    socket.write(`GET /api/channel/events?session=${session} HTTP/1.1\r\nhost: www.cloudbet.com\r\naccept: text/event-stream\r\n\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await post(casino, `/api/channel/bet?session=${session}&game=keno`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stream).toMatch(/content-type: text\/event-stream/i);
    const event = /id: 1\n((?:data: .*\n)+)\n/.exec(stream.replace(/\r\n[0-9a-f]+\r\n/g, ''))![1]!;
    const data = event.trimEnd().split('\n').map((line) => line.slice('data: '.length)).join('\n');
    expect(event.split('\n').length).toBeGreaterThan(3);
    expect(JSON.parse(data).rounds[0].game).toBe('Keno');
    expect(casino.channelLog(session)).toEqual(logged(emptyLog(), data));
    socket.destroy();
  });
});
