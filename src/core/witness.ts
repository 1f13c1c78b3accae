// The `witnessed` rule: when the order of what the extension saw proves that the casino was bound
// to a round's server seed before the player's bet. The casino is the adversary: it decides what its
// page shows and when, so every condition here is about what the extension itself observed, in
// order, and every doubt falls to `history` (docs/trust.md explains the rule in plain words).
//
// Pure: the worker gathers the evidence from its store (background/witness-evidence.ts), this
// decides. Times are the content script's own clock readings: one per scan or JSON message,
// strictly increasing within a document (capture/session/clock.ts), so "before" is exact there.

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
  /** The commitment was first shown after the round's first action (a pair shown after the click, after a rotation on the page, or during an auto-bet). */
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
  /** When a page showed this state again after showing another commitment for its client seed (latest few). */
  shownAgain?: readonly number[];
  /** When the commitment's server seed was first seen, if it was. */
  revealedAt?: number;
}

export interface WitnessInput {
  /** The round's commitment (lowercase hex), client seed, canonical nonce and game id. */
  commitment: string;
  clientSeed: string;
  nonce: string;
  game: string;
  /** When the outcome was first seen, and the player's action credited as its bet, in that same page. */
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
   * The commitment the panel showed for the round's client seed and nonce before the player's
   * action, when the round came out on another one that was not (step `witness`).
   */
  shownBeforeAction?: string;
}

const sameGame = (state: PanelState, game: string): boolean => state.game === undefined || game === 'unknown' || state.game === game;
const covers = (state: PanelState, nonce: bigint): boolean => BigInt(state.nonce) <= nonce;
/**
 * Readings of different pages (frames, tabs) are ordered by the millisecond only: each page's clock
 * is strictly increasing, but a page reading in the same millisecond as another page's action may
 * have come after it (a page's own listener runs after the extension's, in the same task).
 */
const surelyBefore = (time: number, action: number): boolean => Math.floor(time) < Math.floor(action);
const maybeBefore = (time: number, action: number): boolean => Math.floor(time) <= Math.floor(action);
const showings = (state: PanelState): number[] => [state.seenAt, ...(state.shownAgain ?? [])];

/** Decides the trust evidence of one round (see the top of this file and docs/trust.md). */
export function judgeWitness(input: WitnessInput): WitnessJudgement {
  const { outcomeAt, actedAt, revealedAt } = input;
  if (outcomeAt === undefined) return { reason: 'not-observed' };
  if (revealedAt !== undefined && revealedAt <= outcomeAt) return { reason: 'outcome-after-reveal' };
  const nonce = BigInt(input.nonce);
  // A panel state speaks for its own game's rounds (a casino may keep a seed pair per game), for
  // the round's own commitment as for a rival: binding and rivalry are judged on the same states.
  const relevant = (state: PanelState) => state.clientSeed === input.clientSeed && sameGame(state, input.game) && covers(state, nonce);
  const own = input.ownStates.filter((state) => relevant(state) && state.seenAt < outcomeAt);
  const firstOwn = own.length === 0 ? undefined : Math.min(...own.map((state) => state.seenAt));
  const rivals = input.otherStates.filter((state) => state.commitment !== input.commitment && relevant(state));
  // A refusal (rate limit) at any time since the first panel state this judgement reads may have hidden one more.
  const evidenceFrom = Math.min(outcomeAt, actedAt ?? outcomeAt, firstOwn ?? outcomeAt, ...rivals.map((state) => state.seenAt));
  const flooded = input.refusedAt !== undefined && input.refusedAt >= evidenceFrom;
  const usedBefore = (state: PanelState, at: number) => {
    const usedAt = input.usedAt?.get(state.commitment);
    return usedAt !== undefined && usedAt < at;
  };

  const shownBeforeAction = flooded || actedAt === undefined ? undefined : changedAfterAction(input, own, rivals, actedAt);
  if (firstOwn === undefined || actedAt === undefined || !surelyBefore(firstOwn, actedAt)) {
    if (flooded) return { reason: 'flood' };
    const reason = firstOwn === undefined ? 'no-commitment' : actedAt === undefined ? 'no-action' : 'commitment-after-action';
    return shownBeforeAction === undefined ? { reason } : { reason, shownBeforeAction };
  }
  if (flooded) return { reason: 'flood' };
  if (shownBeforeAction !== undefined) return { reason: 'several-commitments', shownBeforeAction };
  // Another commitment covering the round, still open at the action, and shown (first, or again) from
  // the round's own first state up to the action: a second seed the casino could have played on.
  // One shown only before the round's own was replaced by it.
  const rival = rivals.some(
    (state) =>
      maybeBefore(state.seenAt, actedAt) &&
      (state.revealedAt === undefined || !surelyBefore(state.revealedAt, actedAt)) &&
      !usedBefore(state, actedAt) &&
      input.otherStates.some(
        (other) =>
          other.commitment === state.commitment &&
          other.clientSeed === input.clientSeed &&
          sameGame(other, input.game) &&
          showings(other).some((at) => at >= firstOwn && maybeBefore(at, actedAt)),
      ),
  );
  return { reason: rival ? 'several-commitments' : 'bound-before-bet' };
}

/**
 * The commitment the panel showed for this round before the action, when the round came out on
 * another (step `witness`). An accusation of an honest casino is a defect, so only on evidence that
 * excludes a stale panel and a rotation seen late: the latest panel state covering the round before
 * the action names one commitment, not used up by a round, and not revealed as far as the extension
 * knows unless the panel went on showing it after the action; and either the round's own commitment was first shown after the action and before the
 * outcome (a re-render after the bet), or it was never shown at all while that state named exactly
 * the round's nonce (an unused "next nonce"). The worker judges such a round again when the other
 * commitment is revealed or the round's own is shown later (a rotation it saw late).
 */
function changedAfterAction(input: WitnessInput, own: readonly PanelState[], rivals: readonly PanelState[], actedAt: number): string | undefined {
  // Still the active pair after the bet: the panel showed it again after the action. Its reveal,
  // seen whenever, then came from a later rotation, not from one before the bet that was seen late.
  const continued = (commitment: string) =>
    input.otherStates.some(
      (state) => state.commitment === commitment && state.clientSeed === input.clientSeed && showings(state).some((at) => surelyBefore(actedAt, at)),
    );
  const open = rivals.filter(
    (state) =>
      surelyBefore(state.seenAt, actedAt) &&
      input.usedAt?.get(state.commitment) === undefined &&
      (state.revealedAt === undefined || continued(state.commitment)),
  );
  if (open.length === 0) return undefined;
  const latest = Math.max(...open.map((state) => state.seenAt));
  if (own.some((state) => state.seenAt >= latest && surelyBefore(state.seenAt, actedAt))) return undefined;
  const current = open.filter((state) => state.seenAt === latest);
  const commitments = new Set(current.map((state) => state.commitment));
  if (commitments.size !== 1) return undefined;
  const ownEver = input.ownStates.filter((state) => state.clientSeed === input.clientSeed);
  const shownAfter = own.length > 0 && own.every((state) => !surelyBefore(state.seenAt, actedAt));
  const neverShown = ownEver.length === 0 && current.some((state) => BigInt(state.nonce) === BigInt(input.nonce));
  return shownAfter || neverShown ? [...commitments][0] : undefined;
}
