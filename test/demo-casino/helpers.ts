// Talks to a running demo casino over real HTTPS, as the browser would (host www.cloudbet.com,
// self-signed certificate accepted).
import { request as httpsRequest } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { PeerCertificate } from 'node:tls';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startDemoCasino, type DemoCasino } from '../../scripts/demo-casino/server.js';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  json: any;
  peerCertificate: PeerCertificate;
}

export function call(casino: DemoCasino, method: string, path: string, body?: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: casino.port,
        servername: 'www.cloudbet.com',
        path,
        method,
        rejectUnauthorized: false,
        agent: false,
        headers: { host: 'www.cloudbet.com', ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      },
      (res) => {
        const peerCertificate = (res.socket as import('node:tls').TLSSocket).getPeerCertificate();
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown = undefined;
          if (String(res.headers['content-type']).startsWith('application/json')) json = JSON.parse(text);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, peerCertificate });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * One demo casino for the tests of a file (or describe block), seeded with `seed`, back to its first
 * state before each test and closed after the last; `started` receives it.
 */
export function useDemoCasino(seed: string, started: (casino: DemoCasino) => void): void {
  let casino: DemoCasino | undefined;
  beforeAll(async () => {
    casino = await startDemoCasino({ seed });
    started(casino);
  });
  afterAll(async () => {
    await casino?.close();
  });
  beforeEach(() => casino?.reset());
}

export const get = (casino: DemoCasino, path: string) => call(casino, 'GET', path);
export const post = (casino: DemoCasino, path: string, body: unknown = {}) => call(casino, 'POST', path, body);

/** Every page the casino serves, in both languages. */
export const PAGE_PATHS = ['/', '/casino/roulette?variant=european', '/casino/roulette?variant=american', '/casino/roulette', '/casino/keno', '/casino/history', '/embed/history', '/embed/history/frame'].flatMap(
  (path) => [path, `${path}${path.includes('?') ? '&' : '?'}lang=de`],
);

// jsdom is a devDependency without bundled types; a vitest jsdom environment cannot be used here
// because it breaks esbuild (which the server uses to compile its page script) in the same realm.
type JsdomModule = { JSDOM: new (html: string) => { window: { document: Document } } };
const { JSDOM } = (await import('jsdom' as string)) as JsdomModule;

export function parseHtml(html: string): Document {
  return new JSDOM(html).window.document;
}
