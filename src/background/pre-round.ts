// The commitment shown before a round (DESIGN.md, step `witness`). The active-seed-pair panel shows
// a commitment with the client seed and the nonce the next bet will use; the round that bet plays
// later appears under whatever commitment its history entry names. Matching the two by client seed
// and nonce (and game, where both name one) is what lets the worker catch a casino that shows one
// commitment before the bet and plays the round on another seed: each record alone is consistent.
//
// The panel's (client seed, nonce) sightings are kept on the commitment's record in the
// `commitments` store (no store of their own): a few per seed pair, the latest ones, because a
// sighting is only needed until its round has been seen.
import type { CapturedClaim, RoundRecord } from '../shared/records.js';
import { gameIdOf } from './merge.js';
import { commitmentOf } from './round-key.js';

/** One state of the panel: with this commitment, the next bet uses this client seed and nonce. */
export interface PanelSighting {
  clientSeed: string;
  /** Canonical decimal text. */
  nonce: string;
  /** The game of the page the panel was on, when the page named one. */
  game?: string;
  seenAt: number;
}

/** Panel states kept per commitment: one is added per bet, and each is needed until its round is seen. */
export const PANEL_MEMORY = 32;

/** The panel states of a commitment with the one in `claim` added (the same list when nothing is new). */
export function withPanelSighting(known: readonly PanelSighting[] | undefined, claim: CapturedClaim, seenAt: number): PanelSighting[] | undefined {
  if (claim.clientSeed === undefined || claim.nonce === undefined || !/^\d+$/.test(claim.nonce)) return known ? [...known] : undefined;
  const nonce = BigInt(claim.nonce).toString();
  const game = claim.game === undefined ? undefined : gameIdOf(claim.game);
  const list = [...(known ?? [])];
  const same = list.findIndex((s) => s.clientSeed === claim.clientSeed && s.nonce === nonce && s.game === game);
  if (same !== -1) {
    // A copy, so the caller can compare the new list with the stored one.
    list[same] = { ...list[same]!, seenAt: Math.min(list[same]!.seenAt, seenAt) };
    return list;
  }
  list.push({ clientSeed: claim.clientSeed, nonce, ...(game === undefined ? {} : { game }), seenAt });
  while (list.length > PANEL_MEMORY) {
    // Forget the oldest state, but never the last one of a client seed: the audit asks which client
    // seeds the player set for the pair (findings.ts).
    const oldest = list.findIndex((s, i) => list.some((other, j) => j !== i && other.clientSeed === s.clientSeed));
    list.splice(oldest === -1 ? 0 : oldest, 1);
  }
  return list;
}

/**
 * A revealed pair's panel states, cut down to the last one of each client seed: its rounds were
 * played before the reveal, and the audit only asks which client seeds were set. Keeps the index
 * that every batch builds (PanelIndex) at about one entry per seed pair plus the active pairs' states.
 */
export function settledPanel(panel: readonly PanelSighting[] | undefined): PanelSighting[] | undefined {
  if (panel === undefined) return undefined;
  const last = new Map<string, PanelSighting>();
  for (const state of panel) last.set(state.clientSeed, state);
  return panel.filter((state) => last.get(state.clientSeed) === state);
}

/** What a panel state and a round are looked up by: client seed and canonical nonce, as one key. */
export const panelRoundKey = (clientSeed: string, nonce: string): string => `${clientSeed}\n${nonce}`;

/** The keys of a commitment's panel states, each once: the store's `by-panel-round` index (schema.ts). */
export function panelRoundKeys(panel: readonly PanelSighting[]): string[] {
  return [...new Set(panel.map((state) => panelRoundKey(state.clientSeed, state.nonce)))];
}

/** The key of the panel states a round may have been played from; undefined when it has no client seed or nonce. */
export function panelRoundOf(record: Pick<RoundRecord, 'clientSeed' | 'nonce'>): string | undefined {
  if (record.clientSeed === undefined || record.nonce === undefined || !/^\d+$/.test(record.nonce)) return undefined;
  return panelRoundKey(record.clientSeed, BigInt(record.nonce).toString());
}

/** Commitments' panel states, looked up by client seed and nonce. */
export class PanelIndex {
  private readonly byRound = new Map<string, { commitment: string; sighting: PanelSighting }[]>();

  constructor(commitments: readonly { commitment: string; panel?: PanelSighting[] }[]) {
    for (const { commitment, panel } of commitments) {
      for (const sighting of panel ?? []) {
        const id = panelRoundKey(sighting.clientSeed, sighting.nonce);
        const list = this.byRound.get(id);
        if (list) list.push({ commitment, sighting });
        else this.byRound.set(id, [{ commitment, sighting }]);
      }
    }
  }

  /**
   * The commitment the panel showed before this round was played, if it was seen. Only for a round
   * whose result was first seen before its server seed: one read from the history after the reveal
   * was not watched being played (an old pair may share client seed and nonce with a later one).
   * When the panel showed the round's own commitment for its client seed and nonce, that is it;
   * otherwise the latest other commitment shown for them before the result.
   */
  preRoundCommitment(record: RoundRecord): string | undefined {
    const resultAt = record.observedAt.result;
    const seedAt = record.observedAt.serverSeed;
    const id = panelRoundOf(record);
    if (id === undefined || resultAt === undefined) return undefined;
    if (seedAt !== undefined && seedAt <= resultAt) return undefined;
    const candidates = (this.byRound.get(id) ?? []).filter(
      ({ sighting }) =>
        sighting.seenAt <= resultAt && (sighting.game === undefined || record.gameId === 'unknown' || sighting.game === record.gameId),
    );
    // A round seen with only its seed belongs to the commitment that seed hashes to.
    const own = commitmentOf(record);
    if (candidates.some((c) => c.commitment === own)) return own;
    return candidates.sort((a, b) => a.sighting.seenAt - b.sighting.seenAt).at(-1)?.commitment;
  }
}
