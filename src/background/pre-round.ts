// The active-seed-pair panel's states. The panel shows a commitment with the client seed and the
// nonce the next bet will use; the trust rule (core/witness.ts) asks which commitments the panel
// showed for a round's client seed before the player's bet, and whether the round's own was the
// only one. The states are kept on the commitment's record in the `commitments` store (no store of
// their own): the first and last of each client seed and the latest few, indexed by client seed
// and time (`by-panel-time`, witness-evidence.ts reads it).
import { canonicalNonce } from '../shared/claim-kinds.js';
import type { CapturedClaim } from '../shared/records.js';
import { gameIdOf } from './merge.js';

/** One state of the panel: with this commitment, the next bet uses this client seed and nonce. */
export interface PanelSighting {
  clientSeed: string;
  /** Canonical decimal text. */
  nonce: string;
  /** The game of the page the panel was on, when the page named one. */
  game?: string;
  seenAt: number;
  /** When a page showed this state again after another commitment for its client seed (the latest few). */
  shownAgain?: number[];
}

/** Panel states kept per commitment: one is added per bet, and each is needed until its round is seen. */
export const PANEL_MEMORY = 32;
/**
 * Client seeds kept per commitment. A player sets one, or changes it a few times before the pair's
 * first bet; a page showing one commitment with dozens must not push the real one out.
 */
export const MAX_CLIENT_SEEDS = 8;
/** Re-showings kept per state: enough to place one before a bet, bounded against a page that flips all the time. */
const MAX_SHOWN_AGAIN = 4;

/**
 * What the store forgot of a commitment's panel states for one client seed (undefined: for the
 * client seeds past MAX_CLIENT_SEEDS): when, and from which nonce on. The trust rule keeps every
 * round whose window this reaches from `witnessed` (core/witness.ts ForgottenShowings): bounded
 * memory must not hide a rival.
 */
export interface ForgottenSpan {
  clientSeed?: string;
  /** The lowest nonce forgotten (canonical decimal text). */
  nonce: string;
  /** The highest (absent in spans stored before it was kept: not known). */
  highest?: string;
  from: number;
  to: number;
}

/** A commitment's panel memory: its states, and what was forgotten of them (one span per client seed). */
export interface PanelMemory {
  panel?: PanelSighting[];
  forgotten?: ForgottenSpan[];
}

/** `spans` with showings at `times` of a state (client seed, nonce) added to its client seed's span. */
function forget(spans: readonly ForgottenSpan[] | undefined, clientSeed: string | undefined, nonce: string, times: readonly number[]): ForgottenSpan[] {
  const list = [...(spans ?? [])];
  if (times.length === 0) return list;
  const at = list.findIndex((span) => span.clientSeed === clientSeed);
  const known = at === -1 ? undefined : list[at]!;
  // A span stored before `highest` was kept has none: it stays unknown.
  const highest = known === undefined ? nonce : known.highest === undefined ? undefined : BigInt(nonce) > BigInt(known.highest) ? nonce : known.highest;
  const span: ForgottenSpan = {
    ...(clientSeed === undefined ? {} : { clientSeed }),
    nonce: known === undefined || BigInt(nonce) < BigInt(known.nonce) ? nonce : known.nonce,
    ...(highest === undefined ? {} : { highest }),
    from: Math.min(known?.from ?? Infinity, ...times),
    to: Math.max(known?.to ?? -Infinity, ...times),
  };
  if (at === -1) list.push(span);
  else list[at] = span;
  return list;
}

const timesOf = (state: PanelSighting): number[] => [state.seenAt, ...(state.shownAgain ?? [])];

/** A commitment's panel memory with the state in `claim` added (the same lists when nothing is new). */
export function withPanelSighting(known: PanelMemory, claim: CapturedClaim, seenAt: number, now = seenAt): PanelMemory {
  const kept = (panel: PanelSighting[] | undefined, forgotten: ForgottenSpan[] | undefined): PanelMemory => ({
    ...(panel === undefined ? {} : { panel }),
    ...(forgotten === undefined || forgotten.length === 0 ? {} : { forgotten }),
  });
  let forgotten = known.forgotten ? [...known.forgotten] : undefined;
  if (claim.clientSeed === undefined || claim.nonce === undefined || !/^\d+$/.test(claim.nonce)) return kept(known.panel ? [...known.panel] : undefined, forgotten);
  const nonce = canonicalNonce(claim.nonce);
  const game = claim.game === undefined ? undefined : gameIdOf(claim.game);
  const list = [...(known.panel ?? [])];
  const same = list.findIndex((s) => s.clientSeed === claim.clientSeed && s.nonce === nonce && s.game === game);
  if (same !== -1) {
    // A copy, so the caller can compare the new list with the stored one.
    const state = { ...list[same]!, seenAt: Math.min(list[same]!.seenAt, seenAt) };
    // A re-showing (capture/readers/normalise.ts), never later than when the worker got it.
    const again = claim.shownAgainAt === undefined ? undefined : Math.min(claim.shownAgainAt, now);
    if (again !== undefined && again > state.seenAt && !(state.shownAgain ?? []).includes(again)) {
      const all = [...(state.shownAgain ?? []), again].sort((a, b) => a - b);
      state.shownAgain = all.slice(-MAX_SHOWN_AGAIN);
      forgotten = forget(forgotten, state.clientSeed, nonce, all.slice(0, -MAX_SHOWN_AGAIN));
    }
    list[same] = state;
    return kept(list, forgotten);
  }
  if (!list.some((s) => s.clientSeed === claim.clientSeed) && new Set(list.map((s) => s.clientSeed)).size >= MAX_CLIENT_SEEDS) {
    return kept(list, forget(forgotten, undefined, nonce, [seenAt]));
  }
  list.push({ clientSeed: claim.clientSeed, nonce, ...(game === undefined ? {} : { game }), seenAt });
  while (list.length > PANEL_MEMORY) {
    // Forget the oldest state, but never the first or the last one of a client seed on a game: the
    // first says from which nonce on the commitment was shown (the trust rule), the last which client
    // seeds the player set for the pair (findings.ts).
    const keeps = (state: PanelSighting) => {
      const ofLane = list.filter((other) => laneOf(other) === laneOf(state));
      return ofLane[0] === state || ofLane.at(-1) === state;
    };
    const oldest = list.findIndex((state) => !keeps(state));
    const [dropped] = list.splice(oldest === -1 ? 0 : oldest, 1);
    forgotten = forget(forgotten, dropped!.clientSeed, dropped!.nonce, timesOf(dropped!));
  }
  return kept(list, forgotten);
}

/**
 * A revealed pair's panel memory, its states cut down to the first and the last one of each client
 * seed on each game (the trust rule reads a state for its own game's rounds): its rounds were played before
 * the reveal; the first state says from which nonce on the commitment was shown (the trust rule
 * judges the pair's rounds once more when the reveal completes them), the last which client seeds
 * were set (the audit). What is cut is kept as forgotten spans, for rounds of other pairs judged
 * later whose bet came before the reveal. Keeps the `by-panel-time` index at about two entries per
 * seed pair plus the active pairs' states.
 */
export function settledPanel(known: PanelMemory): PanelMemory {
  const { panel } = known;
  if (panel === undefined) return known;
  const first = new Map<string, PanelSighting>();
  const last = new Map<string, PanelSighting>();
  for (const state of panel) {
    if (!first.has(laneOf(state))) first.set(laneOf(state), state);
    last.set(laneOf(state), state);
  }
  const keep = (state: PanelSighting) => first.get(laneOf(state)) === state || last.get(laneOf(state)) === state;
  let forgotten = known.forgotten;
  for (const state of panel) if (!keep(state)) forgotten = forget(forgotten, state.clientSeed, state.nonce, timesOf(state));
  return { panel: panel.filter(keep), ...(forgotten === undefined ? {} : { forgotten }) };
}

/**
 * A client seed on one game's pages: the trust rule reads a panel state for the rounds of its own
 * game (core/witness.ts), so each game keeps its own first and last state.
 */
const laneOf = (state: PanelSighting): string => `${state.clientSeed}\n${state.game ?? ''}`;

/** What a panel state and a round are looked up by: client seed and canonical nonce, as one key. */
export const panelRoundKey = (clientSeed: string, nonce: string): string => `${clientSeed}\n${nonce}`;

/** The keys of a commitment's panel states, each once: the store's `by-panel-round` index (schema.ts). */
export function panelRoundKeys(panel: readonly PanelSighting[]): string[] {
  return [...new Set(panel.map((state) => panelRoundKey(state.clientSeed, state.nonce)))];
}

/**
 * The index lane of forgotten spans for a client seed (undefined: those past a commitment's limit):
 * an array, so that no client seed (a string, which a page chooses) can spell it — IndexedDB orders
 * every array after every string.
 */
export const forgottenLane = (clientSeed: string | undefined): string[] => (clientSeed === undefined ? [] : [clientSeed]);

/**
 * The index lanes of every client seed's states and of every forgotten span: a second seed pair for
 * the bet is one under any client seed (core/witness.ts). Numbers, so that no client seed (a string,
 * which a page chooses) can fall into them: IndexedDB orders every number before every string.
 */
export const ANY_CLIENT_SEED_LANE = 0;
export const ANY_FORGOTTEN_LANE = 1;

/** A `by-panel-time` index key: a lane (a client seed, a forgotten lane, or one of the any-lanes) and a time. */
export type PanelTimeKey = [string | number | string[], number];

/**
 * A commitment's panel states as index keys [client seed, time shown] and [any client seed, time
 * shown], first and again, and its forgotten spans as [forgotten lane, end] and [any forgotten, end]:
 * the `by-panel-time` index (schema.ts).
 */
export function panelTimeKeys(panel: readonly PanelSighting[], forgotten: readonly ForgottenSpan[] = []): PanelTimeKey[] {
  return [
    ...panel.flatMap((state) => timesOf(state).flatMap((at): PanelTimeKey[] => [[state.clientSeed, at], [ANY_CLIENT_SEED_LANE, at]])),
    ...forgotten.flatMap((span): PanelTimeKey[] => [[forgottenLane(span.clientSeed), span.to], [ANY_FORGOTTEN_LANE, span.to]]),
  ];
}
