// The demo casino: an HTTPS server playing real Roulette and Keno rounds by the published
// procedure. It is the manual demo (npm start) and the fixture of the extension's end-to-end tests,
// which reach it as https://www.cloudbet.com/ with the host name mapped to 127.0.0.1.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import {
  CasinoState,
  UserError,
  CHEAT_MODES,
  HELD_RESULT_CHEATS,
  PAIR_MODES,
  type CasinoSnapshot,
  type CheatMode,
  type PairMode,
  type SeedPair,
} from './casino-state.js';
import { GAME_IDS, type GameId } from './fairness.js';
import { floodJson, forgedJson, HOSTILE_CSP, hostilePage, hostilePageScript } from './hostile-page.js';
import { parseLang } from './i18n.js';
import { embedPage, framePage, gamePage, historyPage, lobbyPage, reopenedPage, srcdocPage, ungroupedPage } from './pages.js';
import { shadowHistoryPage, shadowScript } from './shadow-page.js';
import { demoJson, roundJson, seedPairJson, showAlternatives, showHistory, showPanel, showRound } from './shown.js';
import { ChannelServer } from './channels.js';
import type { ChannelLog } from './channel-log.js';
import { channelScript, pageScript, pageStyles } from './static-assets.js';
import { ensureCertificate } from './tls.js';

export interface DemoCasinoOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Makes server and client seeds a function of this text, so runs are reproducible. */
  seed?: string;
  /** Where the self-signed certificate is cached; default node_modules/.cache/fair-witness-demo. */
  certificateDir?: string;
}

export interface DemoCasino {
  port: number;
  /** https://www.cloudbet.com:PORT — reach it with the host name mapped to 127.0.0.1. */
  origin: string;
  /** The self-signed certificate (PEM) the server presents. */
  certificatePath: string;
  close(): Promise<void>;
  setCheat(mode: CheatMode): void;
  /** One seed pair until rotated ('fixed', the default), or a new pair after every bet (nonce 1 each time, or counting on). */
  setPairMode(mode: PairMode): void;
  /** Reveals the active pair (returned, as revealed) and starts a new one. */
  rotateSeedPair(): SeedPair;
  reset(): void;
  /** Everything, including the secret seeds and the true outcomes beside the displayed ones. */
  state(): CasinoSnapshot;
  /** Plays a round as the page's bet button does (its result shown at once, whatever the cheat). */
  bet(game: GameId, picks?: number[], stake?: string): CasinoSnapshot['rounds'][number];
  /** What the server sent to a channel page's session (body[data-session]): the page must have received the same. */
  channelLog(session: string): ChannelLog;
  /** Ends every page held loading (?loading=hold): their documents finish parsing. */
  finishLoading(): void;
  /** Sends a channel page's session the state now, unasked (its WebSocket or event stream). */
  pushChannelState(session: string): void;
}

const MAX_BODY_BYTES = 16 * 1024;
/** How long a held-result cheat keeps the result back after the bet (the page shows it in a later render). */
export const HELD_RESULT_MS = 300;

// Nothing may load from anywhere but this server (and the JSON API is only for its own pages).
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
};

export async function startDemoCasino(options: DemoCasinoOptions = {}): Promise<DemoCasino> {
  const tls = await ensureCertificate(options.certificateDir);
  const casino = new CasinoState(options.seed);
  const channels = new ChannelServer(casino);
  const server = createServer({ cert: tls.cert, key: tls.key }, (request, response) => {
    handle(casino, channels, request, response).catch((error: unknown) => {
      if (error instanceof UserError) return send(response, 400, 'application/json', JSON.stringify({ error: error.message }));
      console.error('demo casino:', error);
      send(response, 500, 'application/json', JSON.stringify({ error: 'internal error' }));
    });
  });
  server.on('upgrade', (request, socket) => channels.upgrade(request, socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `https://www.cloudbet.com:${port}`,
    certificatePath: tls.certificatePath,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        channels.close();
        // A browser keeps connections alive; without this, close() would wait for them.
        server.closeAllConnections();
      }),
    setCheat: (mode) => casino.setCheat(mode),
    setPairMode: (mode) => casino.setPairMode(mode),
    rotateSeedPair: () => structuredClone(casino.rotate()),
    reset: () => casino.reset(),
    state: () => casino.snapshot(),
    bet: (game, picks, stake) => structuredClone(casino.bet(game, picks, stake)),
    channelLog: (session) => channels.log(session),
    pushChannelState: (session) => channels.push(session),
    finishLoading: () => {
      for (const held of heldPages.splice(0)) held.end('</body></html>');
    },
  };
}

async function handle(casino: CasinoState, channels: ChannelServer, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'https://www.cloudbet.com');
  const route = `${request.method ?? 'GET'} ${url.pathname}`;
  const lang = parseLang(url.searchParams.get('lang'));
  const html = (page: string) => send(response, 200, 'text/html; charset=utf-8', page);
  const json = (value: unknown) => send(response, 200, 'application/json', JSON.stringify(value));
  // ?loading=hold: a page that never finishes loading until finishLoading() (its script runs
  // during loading); only when navigated to (its own refreshes fetch the whole page).
  const held = (page: string) => (url.searchParams.get('loading') === 'hold' && request.headers['sec-fetch-mode'] === 'navigate' ? holdLoading(response, page) : html(page));
  // The channel pages (WebSocket, server-sent events, embedded JSON, text/plain, JSON lines): channels.ts.
  if (await channels.handle(request, response, url, (status, type, body) => send(response, status, type, body))) return;

  switch (route) {
    // Pages
    case 'GET /':
      return html(lobbyPage(casino.snapshot(), lang, url));
    case 'GET /casino/roulette': {
      const variant = url.searchParams.get('variant') ?? 'european';
      if (variant !== 'european' && variant !== 'american') return notFound(response, `no roulette variant "${variant}"`);
      const page = gamePage(casino.snapshot(), lang, `roulette-${variant}`, url);
      return held(page);
    }
    case 'GET /casino/keno':
      return html(gamePage(casino.snapshot(), lang, 'keno', url));
    case 'GET /casino/history':
      return html(historyPage(casino.snapshot(), lang, url));
    case 'GET /casino/history/columns':
      return html(ungroupedPage(casino.snapshot(), lang, url));
    case 'GET /casino/shadow':
      return html(shadowHistoryPage(casino.snapshot(), lang));
    case 'GET /static/shadow.js':
      return send(response, 200, 'text/javascript; charset=utf-8', await shadowScript());
    case 'GET /embed/history':
      return held(embedPage(casino.snapshot(), lang, url));
    case 'GET /embed/reopened':
      return html(reopenedPage(casino.snapshot(), lang, url));
    case 'GET /embed/history/srcdoc':
      return html(srcdocPage(casino.snapshot(), lang, url));
    case 'GET /embed/history/frame':
      return held(framePage(casino.snapshot(), lang, url));
    // The page that attacks the extension (hostile-page.ts); its policy allows inline script.
    case 'GET /casino/hostile':
      return send(response, 200, 'text/html; charset=utf-8', await hostilePage(casino.snapshot(), lang, url), { 'content-security-policy': HOSTILE_CSP });
    case 'GET /casino/hostile/forged': {
      const forged = forgedJson(url.searchParams.get('run'));
      return forged === undefined ? notFound(response, 'run must be 8 to 32 hex digits') : send(response, 200, 'application/octet-stream', forged);
    }
    case 'GET /casino/hostile/flood': {
      const flood = floodJson(url.searchParams.get('run'), url.searchParams.get('from'), url.searchParams.get('n'));
      return flood === undefined ? notFound(response, 'flood needs run, from and n (1 to 1000)') : send(response, 200, 'application/json', flood);
    }
    case 'GET /static/hostile.js':
      return send(response, 200, 'text/javascript; charset=utf-8', await hostilePageScript());
    case 'GET /static/casino.js':
      return send(response, 200, 'text/javascript; charset=utf-8', await pageScript());
    case 'GET /static/channel.js':
      return send(response, 200, 'text/javascript; charset=utf-8', await channelScript());
    case 'GET /static/casino.css':
      return send(response, 200, 'text/css; charset=utf-8', pageStyles());
    case 'GET /favicon.ico':
      return send(response, 204, 'image/x-icon', '');

    // The casino's JSON API, as its pages use it
    case 'GET /api/seed-pair': {
      const state = casino.snapshot();
      const alternatives = showAlternatives(state);
      return json({ seedPair: panelJson(state), ...(alternatives.length > 0 ? { alternatives: alternatives.map(seedPairJson) } : {}) });
    }
    case 'GET /api/history':
      return json({ rounds: showHistory(casino.snapshot().rounds).map(roundJson) });
    case 'POST /api/bet': {
      const body = await readJson(request);
      const game = body.game;
      if (typeof game !== 'string' || !GAME_IDS.includes(game as GameId)) throw new UserError(`game must be one of ${GAME_IDS.join(', ')}`);
      const round = casino.play(game as GameId, Array.isArray(body.picks) ? (body.picks as number[]) : undefined, body.stake);
      // 'reload-after-bet': the answer names nothing; the page reloads and shows the result after the next click there.
      if (casino.cheatMode === 'reload-after-bet') return json({ round: null, reload: true, seedPair: null });
      // A held result: the answer names no outcome; the page renders (the panel) and asks for it later.
      if (HELD_RESULT_CHEATS.includes(casino.cheatMode)) {
        return json({ round: null, pending: { id: round.id, settleInMs: HELD_RESULT_MS }, seedPair: panelJson(casino.snapshot()) });
      }
      // The round as it stood when played: a pair-per-round rotation (in settle) reveals its seed only afterwards.
      const shown = roundJson(showRound(round));
      casino.settle(round.id);
      // 'panel-hidden': rounds show up in the history only.
      if (casino.cheatMode === 'panel-hidden') return json({ round: null, seedPair: null });
      return json({ round: shown, seedPair: panelJson(casino.snapshot()) });
    }
    case 'POST /api/settle': {
      const id = (await readJson(request)).id;
      if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw new UserError('id must be the id of a round');
      const shown = roundJson(showRound(casino.roundById(id)));
      casino.settle(id);
      return json({ round: shown, seedPair: panelJson(casino.snapshot()) });
    }
    // 'answer-at-press': the page asks during the player's press (page-script.ts answerPress).
    case 'POST /api/press':
      await readJson(request);
      casino.pressSeed();
      return json({ seedPair: panelJson(casino.snapshot()) });
    case 'POST /api/rotate':
      await readJson(request);
      return json({ revealed: revealedJson(casino, casino.rotate()), seedPair: panelJson(casino.snapshot()) });
    case 'POST /api/client-seed': {
      const { rotated } = casino.setClientSeed((await readJson(request)).clientSeed as string);
      return json({ revealed: rotated ? revealedJson(casino, rotated) : null, seedPair: panelJson(casino.snapshot()) });
    }

    // The demo's controls (tests and the control bar); not part of any casino. The POSTs answer
    // with the switches' positions only (demoJson): the page's JSON tap reads every answer, so a
    // demo answer must carry nothing a casino page would not show. GET /__demo/state is everything,
    // secrets included, for a person or a test to read; no page fetches or links it.
    case 'GET /__demo/state':
      return json(casino.snapshot());
    case 'POST /__demo/cheat': {
      const mode = (await readJson(request)).mode;
      if (!CHEAT_MODES.includes(mode as CheatMode)) throw new UserError(`mode must be one of ${CHEAT_MODES.join(', ')}`);
      casino.setCheat(mode as CheatMode);
      return json(demoJson(casino.snapshot()));
    }
    case 'POST /__demo/pair-mode': {
      const mode = (await readJson(request)).mode;
      if (!PAIR_MODES.includes(mode as PairMode)) throw new UserError(`mode must be one of ${PAIR_MODES.join(', ')}`);
      casino.setPairMode(mode as PairMode);
      return json(demoJson(casino.snapshot()));
    }
    case 'POST /__demo/rotate':
      await readJson(request);
      casino.rotate();
      return json(demoJson(casino.snapshot()));
    case 'POST /__demo/reset':
      await readJson(request);
      casino.reset();
      return json(demoJson(casino.snapshot()));
  }
  return notFound(response, `no route ${route}`);
}

/** The panel's seed pair as the API sends it; null while the casino shows no panel. */
function panelJson(state: CasinoSnapshot) {
  const panel = showPanel(state);
  return panel === null ? null : seedPairJson(panel);
}

/** The reveal as the API shows it: the (displayed) server seed and the old pair's rounds. */
function revealedJson(casino: CasinoState, pair: SeedPair) {
  const rounds = casino.snapshot().rounds.filter((round) => round.pairIndex === pair.index);
  return {
    serverSeed: pair.displayedServerSeed,
    serverSeedHash: pair.commitment,
    clientSeed: pair.clientSeed,
    rounds: showHistory(rounds).map(roundJson),
  };
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new UserError('request body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UserError('request body is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UserError('request body must be a JSON object');
  return value as Record<string, unknown>;
}

/** Pages held loading (?loading=hold), waiting for finishLoading(). */
const heldPages: ServerResponse[] = [];

/**
 * Sends all of the page but its end and keeps the answer open: the document stays `loading`. Its
 * script goes at the end of the body, not deferred (a deferred one runs only once parsing ends);
 * a held result is settled at the player's next press (body[data-settle="press"]).
 */
function holdLoading(response: ServerResponse, page: string): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...SECURITY_HEADERS });
  const body = page.replace('<script src="/static/casino.js" defer></script>\n', '').replace('<body ', '<body data-settle="press" ').replace(/<\/body>\s*<\/html>\s*$/, '');
  response.write(`${body}<script src="/static/casino.js"></script>\n`);
  heldPages.push(response);
}

function notFound(response: ServerResponse, message: string): void {
  send(response, 404, 'application/json', JSON.stringify({ error: message }));
}

function send(response: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}): void {
  if (response.headersSent) return;
  response.writeHead(status, { 'content-type': type, ...SECURITY_HEADERS, ...headers });
  response.end(body);
}
