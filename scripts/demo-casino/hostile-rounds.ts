// What the hostile page (/casino/hostile) forges, made on the server with the demo's own fairness
// code so a test can predict every verdict: rounds the page makes up (some recomputing, most not),
// script and HTML payloads for every field, and the flood's fresh rounds. Deterministic from the
// page's `run` id, so the test recomputes exactly what the page sent.
import { createHash } from 'node:crypto';
import { computeRound, type GameId } from './fairness.js';

/** The verdict an honest verifier must reach for a forged round. */
export type ForgedExpectation = 'verified' | 'mismatch' | 'pending';

export interface ForgedRound {
  kind: 'recomputes' | 'wrong-result' | 'wrong-seed' | 'unrevealed';
  expected: ForgedExpectation;
  game: string;
  serverSeed?: string;
  commitment: string;
  clientSeed: string;
  nonce: string;
  result: string;
}

/** A run id as the page makes it (its own random hex); anything else is refused. */
export const RUN_ID = /^[0-9a-f]{8,32}$/;

/** Every made-up value carries this, so a test finds them among the session's honest rounds. */
export const forgedClientSeed = (run: string, label: string) => `hostile-${run}-${label}`;

const hex = (...parts: (string | number)[]) => createHash('sha256').update(parts.join(':')).digest('hex');

const GAME: GameId = 'roulette-european';
const GAME_NAME = 'European Roulette';

/**
 * Rounds the page claims through forged tap events: a few that really recompute (a page can show
 * a consistent round of its own making; the verifier must call it verified), and some in each way
 * a forgery fails: a wrong result (mismatch), a seed that is not the commitment's (mismatch), no
 * seed at all (pending forever).
 */
export function forgedRounds(run: string): ForgedRound[] {
  const rounds: ForgedRound[] = [];
  const make = (kind: ForgedRound['kind'], index: number): ForgedRound => {
    const serverSeed = hex(run, kind, index, 'server');
    const clientSeed = forgedClientSeed(run, `${kind}-${index}`);
    const nonce = index;
    const truth = computeRound(GAME, serverSeed, clientSeed, nonce).outcome as string;
    const base = { kind, game: GAME_NAME, clientSeed, nonce: String(nonce) };
    switch (kind) {
      case 'recomputes':
        return { ...base, expected: 'verified', serverSeed, commitment: computeRound(GAME, serverSeed, clientSeed, nonce).commitment, result: truth };
      case 'wrong-result':
        return { ...base, expected: 'mismatch', serverSeed, commitment: computeRound(GAME, serverSeed, clientSeed, nonce).commitment, result: String((Number(truth) + 1) % 37) };
      case 'wrong-seed':
        return { ...base, expected: 'mismatch', serverSeed, commitment: hex(run, kind, index, 'other-commitment'), result: truth };
      case 'unrevealed':
        return { ...base, expected: 'pending', commitment: hex(run, kind, index, 'commitment'), result: truth };
    }
  };
  for (const kind of ['recomputes', 'wrong-result', 'wrong-seed', 'unrevealed'] as const) {
    for (let index = 0; index < 3; index++) rounds.push(make(kind, index));
  }
  return rounds;
}

/** Script and markup the page puts into every field; each sets window.__fwPwned if it ever runs. */
export interface Payload {
  kind: string;
  text: string;
}

const pwn = (kind: string) => `window.__fwPwned='${kind}'`;

/** The 1 MB string is made in the page (the page script repeats this marker), not sent around. */
export const MEGABYTE_KIND = 'one-megabyte';

export function payloads(): Payload[] {
  return [
    { kind: 'img-onerror', text: `<img src=x onerror="${pwn('img-onerror')}">` },
    { kind: 'script-tag', text: `<script>${pwn('script-tag')}</script>` },
    { kind: 'svg-onload', text: `<svg onload="${pwn('svg-onload')}"></svg>` },
    { kind: 'attribute-breakout', text: `"><img src=x onerror="${pwn('attribute-breakout')}">` },
    { kind: 'javascript-url', text: `javascript:${pwn('javascript-url')}` },
    { kind: 'rtl-override', text: `Roulette \u202E7 :rebmuN gninniW\u202C` },
    { kind: 'template', text: `{{constructor.constructor("${pwn('template')}")()}}\${${pwn('template')}}` },
    { kind: 'control-characters', text: `a\u0000b\u0007c\u200Bd\uFEFFe\uD800` },
    { kind: MEGABYTE_KIND, text: '' },
  ];
}

/**
 * Rounds carrying the payloads: the payload as the game's name (an unknown game, so the popup shows
 * the name as given), and in every other field of a roulette round.
 */
export function payloadRounds(run: string): Record<string, string>[] {
  return payloads()
    .filter((payload) => payload.kind !== MEGABYTE_KIND)
    .flatMap((payload, index): Record<string, string>[] => [
      { game: payload.text, commitment: hex(run, 'payload-game', index), clientSeed: forgedClientSeed(run, `payload-game-${index}`), nonce: String(index), result: payload.text },
      {
        game: GAME_NAME,
        serverSeed: payload.text,
        commitment: payload.text,
        clientSeed: `${forgedClientSeed(run, `payload-fields-${index}`)}${payload.text}`,
        nonce: String(index),
        result: payload.text,
        roundSignature: payload.text,
      },
    ]);
}

/** `count` fresh rounds of the flood from `from` on, as a casino's JSON API would list them (with a wrong seed: mismatch). */
export function floodRounds(run: string, from: number, count: number): Record<string, string | number>[] {
  return Array.from({ length: count }, (_, i) => {
    const index = from + i;
    return {
      game: GAME_NAME,
      hashedServerSeed: hex(run, 'flood', index),
      serverSeed: hex(run, 'flood-seed', index),
      clientSeed: forgedClientSeed(run, `json-${index}`),
      nonce: index,
      result: String(index % 37),
    };
  });
}

/** Most rounds one flood response carries (the JSON tap reads at most 1 000 a response). */
export const MAX_FLOOD_ROUNDS = 1000;
