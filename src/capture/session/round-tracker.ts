// Which trusted action an outcome is credited with as its bet (core/witness.ts needs commitment,
// then action, then outcome), for one document. Pure: the capture session feeds it its readings
// (one scan or one message, with one time) and the player's actions.
//
// The extension cannot tell which click placed the bet, so an outcome is credited with the earliest
// action that could have been its bet: the first of the current round (the round's commitment must
// precede every click of it), or, when a round has ended with no click since (an auto-bet plays on),
// the latest before. A round ends only with the outcome of a slot (commitment, client seed, nonce)
// that was the only live panel state at one of its actions. Live: every panel state this document
// showed, in any reading (scan or message), that no later reading replaced with a state for the same
// client seed or the same commitment. A page that shows a second panel (hidden, for another client
// seed, in markup or in a message of its own) has two live at the action, so the outcome it then
// makes up for either ends nothing: it cannot clear the bet's click away before showing a pair it
// chose after the bet.
import { canonicalNonce, isCommitmentSighting } from '../../shared/claim-kinds.js';
import type { CapturedClaim } from '../../shared/records.js';

/** Slots remembered per round: one per action at most, bounded for a page that changes its panel at every click. */
const MAX_ROUND_SLOTS = 16;
/**
 * Live panel states remembered. A page that shows more leaves one alone never again in this document:
 * no round ends (its rounds are `history`, never forged).
 */
const MAX_LIVE = 32;

/** A panel state that names the slot of the next bet: a commitment sighting with its client seed and nonce. */
const isPanelState = (claim: CapturedClaim): boolean => isCommitmentSighting(claim) && claim.clientSeed !== undefined && claim.nonce !== undefined;
/** The slot a panel state names for the next bet, or an outcome was played in: commitment, client seed and nonce. */
const slotOf = (claim: CapturedClaim): string =>
  `${claim.commitment?.toLowerCase() ?? ''}|${claim.clientSeed ?? ''}|${claim.nonce === undefined ? '' : canonicalNonce(claim.nonce)}`;

export interface RoundTracker {
  /** The action an outcome first seen now is credited with, if any. */
  credited(): number | undefined;
  /** What one reading at `at` showed (its claims, stamped `at` where first seen then). */
  read(claims: readonly CapturedClaim[], at: number): void;
  /**
   * A trusted action of the player at `at`, after every reading before it. Returns the round's first
   * action and the slots that end it, for the worker (background/tab-actions.ts).
   */
  act(at: number): [roundActionAt: number, endingSlots: string[]];
}

// A closure rather than a class: its state stays out of the minified content script's text (size budget).
export function roundTracker(): RoundTracker {
  let lastActionAt: number | undefined;
  let roundActionAt: number | undefined;
  /** The slots that were the only live panel state at one of the current round's actions. */
  const roundSlots = new Set<string>();
  /** The live panel states by slot, oldest first. */
  const live = new Map<string, CapturedClaim>();

  return {
    credited: () => roundActionAt ?? lastActionAt,
    read(claims, at) {
      const shown = claims.filter(isPanelState);
      // Replaced: by a later state for the same client seed, or for the same commitment (a pair has one
      // client seed at a time; as the page writes it: another spelling replaces nothing, which is safe).
      for (const [slot, state] of live) if (shown.some((claim) => claim.clientSeed === state.clientSeed || claim.commitment === state.commitment)) live.delete(slot);
      // Past MAX_LIVE a state that can never be replaced (no client seed, no commitment) takes the new
      // one's place for good: a later reading that replaces every state left (decoys for one client
      // seed) must not leave one alone while the real panel state went unrecorded.
      for (const claim of shown) if (live.size < MAX_LIVE) live.set(slotOf(claim), claim);
      else live.set('', {} as CapturedClaim);
      // The outcome of a slot that was alone at one of the round's actions ends it: the next click may
      // be the next bet. (No round, no slots: they start and end together.)
      if (claims.some((claim) => claim.observedAt.result === at && roundSlots.has(slotOf(claim)))) {
        roundActionAt = undefined;
        roundSlots.clear();
      }
    },
    act(at) {
      lastActionAt = at;
      roundActionAt ??= at;
      if (live.size === 1 && roundSlots.size < MAX_ROUND_SLOTS) roundSlots.add(live.keys().next().value!);
      return [roundActionAt, [...roundSlots]];
    },
  };
}
