// The demo's channel pages (issue #13): the same rounds as the game pages, delivered the ways single-
// page casino apps deliver them, each in a spelling real APIs use. Only what the player is shown
// (shown.ts): the active seed pair and the latest rounds of the history, revealed or not.
import type { CasinoSnapshot } from './casino-state.js';
import { roundJson, seedPairJson, showHistory, showPanel } from './shown.js';
import { encodeCbor, encodeMessagePack } from './binary-encode.js';

export const CHANNELS = ['websocket', 'sse', 'embedded', 'text', 'ndjson', 'stream'] as const;
export type Channel = (typeof CHANNELS)[number];
/** WebSocket message styles: plain JSON, GraphQL over WebSocket (graphql-ws "next"), Socket.IO events; binary frames of MessagePack or CBOR. */
export const SOCKET_FORMATS = ['plain', 'graphql', 'socketio', 'msgpack', 'cbor'] as const;
export type SocketFormat = (typeof SOCKET_FORMATS)[number];

/** History entries each state message carries: a scenario's rounds, not the whole session's thousands. */
const LATEST_ROUNDS = 20;

type RoundJson = ReturnType<typeof roundJson>;
type PairJson = ReturnType<typeof seedPairJson>;

export interface ChannelState {
  seedPair: PairJson | null;
  rounds: RoundJson[];
}

export function channelState(state: CasinoSnapshot): ChannelState {
  const panel = showPanel(state);
  return { seedPair: panel === null ? null : seedPairJson(panel), rounds: showHistory(state.rounds.slice(-LATEST_ROUNDS)).map(roundJson) };
}

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** snake_case keys, the outcome under `outcome`: as many GraphQL and Python back ends spell them. */
function snakeRound(round: RoundJson | PairJson): Record<string, unknown> {
  return Object.fromEntries(Object.entries(round).map(([key, value]) => [key === 'result' ? 'outcome' : snake(key), value]));
}

/** One WebSocket frame with the state: text, or the bytes of a binary frame. */
export function socketFrame(state: ChannelState, format: SocketFormat): string | Uint8Array {
  switch (format) {
    case 'msgpack':
      return encodeMessagePack({ type: 'state', ...state });
    case 'cbor':
      // snake_case keys, the outcome under `outcome`, as for GraphQL: the walker's spellings in a binary frame too.
      return encodeCbor({ type: 'state', seed_pair: state.seedPair && snakeRound(state.seedPair), bets: state.rounds.map(snakeRound) });
    case 'plain':
      return JSON.stringify({ type: 'state', ...state });
    case 'graphql':
      return JSON.stringify({
        type: 'next',
        id: '1',
        payload: { data: { seed_pair: state.seedPair && snakeRound(state.seedPair), bets: { edges: state.rounds.map((round) => ({ cursor: String(round.id), node: snakeRound(round) })) } } },
      });
    case 'socketio':
      return `42${JSON.stringify(['casino:state', state])}`;
  }
}

/** Server-sent event styles: unnamed (the page's "message" listener), or named by an `event:` line (only that name's listeners get it). */
export const SSE_FORMATS = ['plain', 'named'] as const;
/** The name of the named style's events. */
export const SSE_EVENT_NAME = 'bet';

/** A server-sent event with the state, its JSON spread over several `data:` lines. */
export function sseEvent(state: ChannelState, id: number, named = false): string {
  const lines = JSON.stringify(state, null, 1).split('\n');
  return `${named ? `event: ${SSE_EVENT_NAME}\n` : ''}id: ${id}\n${lines.map((line) => `data: ${line}`).join('\n')}\n\n`;
}

/** The event's data as the browser hands it to the page: its data lines joined with "\n". */
export const sseData = (state: ChannelState): string => JSON.stringify(state, null, 1);

/** newline-delimited JSON: the seed pair on one line, each round on its own. */
export function ndjson(state: ChannelState): string {
  return [JSON.stringify({ seedPair: state.seedPair }), ...state.rounds.map((round) => JSON.stringify({ round }))].map((line) => `${line}\n`).join('');
}

/** Framework data as a Next.js page embeds it (and as the page adds a new part). */
export const embeddedJson = (state: ChannelState): string => JSON.stringify({ props: { pageProps: { casino: state } }, page: '/casino/channel/embedded' });

/** JSON safe inside a <script> element: no "</script>" or "<!--" can end it early. */
export const scriptSafe = (json: string): string => json.replace(/</g, '\\u003c');
