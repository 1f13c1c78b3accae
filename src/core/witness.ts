// The `witnessed` rule: when the order of what the extension saw proves that the casino was bound
// to a round's server seed before the player's bet. The casino is the adversary: it decides what its
// page shows and when, so every condition here is about what the extension itself observed, in
// order, and every doubt falls to `history` (docs/trust.md explains the rule in plain words).
//
// Pure: the worker gathers the evidence from its store (background/witness-evidence.ts), this
// decides. Times are the content script's own clock readings: one per scan or JSON message,
// strictly increasing within a document (capture/clock.ts), so "before" is exact there.

/** Why a verified round has its trust level: the one code for `witnessed`, the others for `history`. */
export type WitnessReason =
  /** Commitment shown, then the player's action, then the outcome, before the reveal. */
  | 'bound-before-bet'
  /** Not watched live: known only from a file, a paste, or a round the extension never saw played. */
  | 'not-observed'
  /** The outcome was first seen with or after the pair's server seed (a history page after a rotation). */
  | 'outcome-after-reveal'
  /** No panel showed the round's commitment for its client seed and a nonce at or below its own before the outcome. */
  | 'no-commitment'
  /** No trusted user action in the page where the outcome appeared, before it (a round the page played by itself). */
  | 'no-action'
  /** The commitment was first shown after the player's last action (a pair shown after the click or during an auto-bet). */
  | 'commitment-after-action'
  /** Another unrevealed commitment was shown for the same client seed and nonce at the time of the bet. */
  | 'several-commitments'
  /** A casino tab was sending more than the extension accepts: something may have gone unseen. */
  | 'flood';

export const WITNESS_REASONS: readonly WitnessReason[] = [
  'bound-before-bet',
  'not-observed',
  'outcome-after-reveal',
  'no-commitment',
  'no-action',
  'commitment-after-action',
  'several-commitments',
  'flood',
];

/** One state of the active-seed-pair panel: with this commitment, the next bet uses this client seed and nonce. */
export interface PanelState {
  commitment: string;
  clientSeed: string;
  /** Canonical decimal text. */
  nonce: string;
  /** The game of the page the panel was on, when the page named one. */
  game?: string;
  /** When the extension first saw this state. */
  seenAt: number;
  /** When the commitment's server seed was first seen, if it was. */
  revealedAt?: number;
}

export interface WitnessInput {
  /** The round's commitment (lowercase hex), client seed, canonical nonce and game id. */
  commitment: string;
  clientSeed: string;
  nonce: string;
  game: string;
  /** When the outcome was first seen, and the latest trusted user action before it in that same page. */
  outcomeAt?: number;
  actedAt?: number;
  /** When the round's server seed was first seen. */
  revealedAt?: number;
  /** The panel states of the round's own commitment. */
  ownStates: readonly PanelState[];
  /**
   * The panel states of other commitments for this client seed seen up to the action: at least
   * those from the round's own first covering state on, and those of the latest stamp before it.
   */
  otherStates: readonly PanelState[];
  /**
   * When a round of another commitment on this client seed and nonce was first seen: from then on
   * that commitment's panel state no longer covers this nonce (it was used).
   */
  usedAt?: ReadonlyMap<string, number>;
  /** The latest time a casino tab's claims were refused (rate limit), if ever. */
  refusedAt?: number;
}

export interface WitnessJudgement {
  reason: WitnessReason;
  /**
   * The commitment the panel showed for the round's client seed and nonce at the player's action,
   * when the round came out on another one that was not shown before the action: step `witness`.
   */
  shownBeforeAction?: string;
}

const sameGame = (state: PanelState, game: string): boolean => state.game === undefined || game === 'unknown' || state.game === game;
const covers = (state: PanelState, nonce: bigint): boolean => BigInt(state.nonce) <= nonce;

/** Decides the trust evidence of one round (see the top of this file and docs/trust.md). */
export function judgeWitness(input: WitnessInput): WitnessJudgement {
  const { outcomeAt, actedAt, revealedAt } = input;
  if (outcomeAt === undefined) return { reason: 'not-observed' };
  if (revealedAt !== undefined && revealedAt <= outcomeAt) return { reason: 'outcome-after-reveal' };
  const nonce = BigInt(input.nonce);
  const relevant = (state: PanelState) => state.clientSeed === input.clientSeed && sameGame(state, input.game) && covers(state, nonce);
  const own = input.ownStates.filter((state) => relevant(state) && state.seenAt < outcomeAt);
  const firstOwn = own.length === 0 ? undefined : Math.min(...own.map((state) => state.seenAt));
  // A refusal (rate limit) at any time since the first panel state this judgement reads may have hidden one more.
  const evidenceFrom = Math.min(outcomeAt, actedAt ?? outcomeAt, firstOwn ?? outcomeAt, ...input.otherStates.filter(relevant).map((state) => state.seenAt));
  const flooded = input.refusedAt !== undefined && input.refusedAt >= evidenceFrom;

  // Another commitment still covering the round at a time: seen before it, not revealed by then, and
  // its own nonce not yet used up by a round the extension saw.
  const live = (state: PanelState, at: number) => {
    const usedAt = input.usedAt?.get(state.commitment);
    return (
      state.commitment !== input.commitment &&
      relevant(state) &&
      state.seenAt < at &&
      (state.revealedAt === undefined || state.revealedAt > at) &&
      (usedAt === undefined || usedAt >= at)
    );
  };

  // An accusation needs the other commitment open through the outcome: one revealed or used up by its
  // own round before it (an auto-bet moving to a new pair each round) says nothing about this round.
  const openThrough = (state: PanelState, at: number) => live(state, at) && live(state, outcomeAt);
  const shownBeforeAction = flooded || actedAt === undefined ? undefined : changedAfterAction(input, own, actedAt, openThrough);
  if (firstOwn === undefined || actedAt === undefined || firstOwn >= actedAt) {
    if (flooded) return { reason: 'flood' };
    const reason = firstOwn === undefined ? 'no-commitment' : actedAt === undefined ? 'no-action' : 'commitment-after-action';
    return shownBeforeAction === undefined ? { reason } : { reason, shownBeforeAction };
  }
  if (flooded) return { reason: 'flood' };
  if (shownBeforeAction !== undefined) return { reason: 'several-commitments', shownBeforeAction };
  // Another commitment shown for this client seed from the round's own first state up to the action
  // (at the same time, or again: it was not replaced), that covered the round and was still open,
  // was a second seed the casino could have played on.
  const shownSince = new Set(
    input.otherStates
      .filter((state) => state.clientSeed === input.clientSeed && sameGame(state, input.game) && state.seenAt >= firstOwn && state.seenAt < actedAt)
      .map((state) => state.commitment),
  );
  if (input.otherStates.some((state) => shownSince.has(state.commitment) && live(state, actedAt))) return { reason: 'several-commitments' };
  return { reason: 'bound-before-bet' };
}

/**
 * The commitment the panel showed for this round at the action, when the round came out on another
 * (step `witness`). Only on evidence that excludes a stale panel: the latest panel state covering the
 * round before the action names one commitment, not the round's, and either that state names exactly
 * the round's nonce (an unused "next nonce"), or the round's own commitment was first shown after the
 * action (a re-render after the bet).
 */
function changedAfterAction(
  input: WitnessInput,
  own: readonly PanelState[],
  actedAt: number,
  live: (state: PanelState, at: number) => boolean,
): string | undefined {
  const others = input.otherStates.filter((state) => live(state, actedAt));
  if (others.length === 0) return undefined;
  const latest = Math.max(...others.map((state) => state.seenAt));
  if (own.some((state) => state.seenAt >= latest && state.seenAt < actedAt)) return undefined;
  const current = others.filter((state) => state.seenAt === latest);
  const commitments = new Set(current.map((state) => state.commitment));
  if (commitments.size !== 1) return undefined;
  const ownBefore = own.filter((state) => state.seenAt < actedAt);
  const shownAfter = ownBefore.length === 0 && own.some((state) => state.seenAt > actedAt);
  const exact = current.some((state) => BigInt(state.nonce) === BigInt(input.nonce));
  return shownAfter || exact ? [...commitments][0] : undefined;
}
