// Which trusted action an outcome is credited with as its bet (core/witness.ts needs commitment,
// then action, then outcome), for one document. Pure: the capture session feeds it its readings
// (one scan or one message, with one time) and the player's actions.
//
// The extension cannot tell which click placed the bet, so an outcome is credited with the earliest
// action that could have been its bet: the first of the current round (the round's commitment must
// precede every click of it), or, when a round has ended with no click since (an auto-bet plays on),
// the latest before. A round ends only with the outcome of a slot (commitment, client seed, nonce)
// (and game) that was the only live panel state at one of its actions. Live: every panel state this document
// showed, in any reading (scan or message), that no later reading replaced with a state for the same
// client seed, or for the same commitment with a client seed the player typed. A page that shows a second panel (hidden, for another client
// seed, in markup or in a message of its own) has two live at the action, so the outcome it then
// makes up for either ends nothing: it cannot clear the bet's click away before showing a pair it
// chose after the bet.
//
// A rotation that gives the pair a new client seed too (the casino picks one) replaces neither
// the old state's client seed nor its commitment: the old pair is retired instead by its reveal,
// once the worker has checked that the seed hashes to it (a made-up reveal retires nothing), and
// only by a reveal read before the round's first action that is not on a fairness control, so
// that revealing a decoy's pair after the bet cannot leave a decoy alone at a later click.
//
// A click on a control the page labels as a fairness control (rotate, show the seed pair, set the
// client seed) is still the round's first action when it comes first: the page controls its
// labels, its focus and the bet it reports with the outcome, so passing such a click over would let
// a page that labels its pick or bet controls that way show a pair chosen against the bet
// (test/attack/fairness-label-bet.test.ts, fairness-picks-lie.test.ts). The label only decides
// which reveals retire a pair (above).
import { canonicalNonce, isCommitmentSighting } from '../../shared/claim-kinds.js';
import type { CapturedClaim } from '../../shared/records.js';
import { labelKey } from '../../shared/label-key.js';
import { remember } from './bounded.js';

/** Slots remembered per round: one per action at most, bounded for a page that changes its panel at every click. */
const MAX_ROUND_SLOTS = 16;
/**
 * Live panel states remembered. A page that shows more leaves one alone never again in this document:
 * no round ends (its rounds are `history`, never forged).
 */
const MAX_LIVE = 32;
/** Reveals remembered (commitments read with their server seed, and those the worker checked). */
const MAX_REVEALS = 64;

/** A panel state that names the slot of the next bet: a commitment sighting with its client seed and nonce. */
const isPanelState = (claim: CapturedClaim): boolean => isCommitmentSighting(claim) && claim.clientSeed !== undefined && claim.nonce !== undefined;
/**
 * The slot a panel state names for the next bet, or an outcome was played in: commitment, client
 * seed, nonce and game (folded). The game is part of it: an outcome of the bet's pair and nonce
 * under another game, or under one no verifier knows, would end the round with a made-up outcome
 * that no reveal can ever prove wrong (test/attack/red4-unverifiable-end.test.ts).
 */
const slotOf = (claim: CapturedClaim): string =>
  `${claim.commitment?.toLowerCase() ?? ''}|${claim.clientSeed ?? ''}|${claim.nonce === undefined ? '' : canonicalNonce(claim.nonce)}|${labelKey(claim.game ?? '')}`;
/**
 * Whether an outcome ends one of `slots`: one of its own game, or one whose panel named no game (a
 * closed panel's data messages often name none; the worker then asks for a game it can verify). An
 * outcome that names no game ends nothing.
 */
const endsOneOf = (claim: CapturedClaim, slots: Set<string>): boolean => {
  const slot = slotOf(claim);
  return !slot.endsWith('|') && (slots.has(slot) || slots.has(slot.slice(0, slot.lastIndexOf('|') + 1)));
};

export interface RoundTracker {
  /** The action an outcome first seen now is credited with, if any. */
  credited(): number | undefined;
  /** What one reading at `at` showed (its claims, stamped `at` where first seen then). */
  read(claims: readonly CapturedClaim[], at: number): void;
  /**
   * A trusted action of the player at `at`, after every reading before it; `fairness` when it was on
   * a fairness control. Returns the round's first action and the slots that end it, for the worker
   * (background/tab-actions.ts).
   */
  act(at: number, fairness?: boolean): [roundActionAt: number, endingSlots: string[]];
  /**
   * The worker checked that a server seed read for `commitment` hashes to it. Returns a report for
   * the worker when that leaves a slot alone at the round's bet action after all (the check came
   * after it).
   */
  verified(commitment: string): ReturnType<RoundTracker['act']> | undefined;
}

// A closure rather than a class: its state stays out of the minified content script's text (size budget).
/** `playerSet`: whether the player typed or pasted this client seed in the page (player-seed.ts). */
export function roundTracker(playerSet: (clientSeed: string) => boolean = () => false): RoundTracker {
  let lastActionAt: number | undefined;
  let roundActionAt: number | undefined;
  /** The round's first action that was not on a fairness control: a reveal read after it retires nothing in this round. */
  let roundBetAt: number | undefined;
  /** The slots that were the only live panel state at one of the current round's actions. */
  const roundSlots = new Set<string>();
  /** The live panel states by slot, oldest first. */
  const live = new Map<string, CapturedClaim>();
  /**
   * Per commitment (lowercase), the server seed read for it last and when it was first read: the
   * worker's answer says only that a seed of the batch hashes, so a made-up seed shown before the
   * bet must not lend its time to the true one shown after it. (An honest page shows one seed.)
   */
  const revealedAt = new Map<string, [seed: string, at: number]>();
  /** Commitments whose read seed the worker checked. */
  const checked = new Map<string, true>();
  /** The live slots at the round's bet action, when more than one was live then. */
  let crowdedAtBet: string[] | undefined;

  /** Drops the live states whose pair a checked reveal, read before the round's bet action, retired. */
  const retire = (): void => {
    for (const [slot, state] of live) {
      // (The placeholder past MAX_LIVE has no commitment: it is never retired.)
      // A checked reveal whose reading a flood of made-up ones pushed out of `revealedAt` retires
      // nothing: when it was read is no longer known (test/attack/tracker-evicted-reveal.test.ts).
      const commitment = state.commitment?.toLowerCase() ?? '';
      const seenAt = checked.has(commitment) ? revealedAt.get(commitment)?.[1] : undefined;
      if (seenAt !== undefined && seenAt < (roundBetAt ?? Infinity)) live.delete(slot);
    }
  };
  const report = (): ReturnType<RoundTracker['act']> => [roundActionAt!, [...roundSlots]];

  return {
    credited: () => roundActionAt ?? lastActionAt,
    read(claims, at) {
      const shown = claims.filter(isPanelState);
      // Replaced: by a later state for the same client seed, or for the same commitment (a pair has one
      // client seed at a time; as the page writes it: another spelling replaces nothing, which is safe).
      // The same commitment under another client seed replaces it only when the player typed or
      // pasted that client seed (playerSet): a page that names the bound commitment for a made-up
      // client seed, in a reading of its own, must not leave that decoy alone at the bet, whatever
      // channel either came through (test/attack/round-end-same-commitment.test.ts,
      // red3-same-commitment-channel.test.ts). A casino that changes the client seed itself keeps
      // both live: no round ends until the pair's reveal retires the old one (history, never forged).
      const replaces = (claim: CapturedClaim, state: CapturedClaim) =>
        claim.clientSeed === state.clientSeed || (claim.commitment === state.commitment && claim.clientSeed !== undefined && playerSet(claim.clientSeed));
      for (const [slot, state] of live) if (shown.some((claim) => replaces(claim, state))) live.delete(slot);
      // Past MAX_LIVE a state that can never be replaced (no client seed, no commitment) takes the new
      // one's place for good: a later reading that replaces every state left (decoys for one client
      // seed) must not leave one alone while the real panel state went unrecorded.
      for (const claim of shown) if (live.size < MAX_LIVE) live.set(slotOf(claim), claim);
      else live.set('', {} as CapturedClaim);
      // The outcome of a slot that was alone at one of the round's actions ends it: the next click may
      // be the next bet. (No round, no slots: they start and end together.)
      // Seen first since the latest action: in this reading, or in an earlier one where it named no
      // game and so ended nothing (a row may be read before its game is). Not one seen before an
      // action of the round: its slot may have joined the round at that action.
      const outcomes = claims.filter((claim) => (claim.observedAt.result ?? -Infinity) > (lastActionAt ?? Infinity));
      if (outcomes.some((claim) => endsOneOf(claim, roundSlots))) {
        roundActionAt = roundBetAt = crowdedAtBet = undefined;
        roundSlots.clear();
      }
      for (const claim of claims) {
        const commitment = claim.commitment?.toLowerCase();
        if (claim.serverSeed !== undefined && commitment !== undefined && revealedAt.get(commitment)?.[0] !== claim.serverSeed) remember(revealedAt, commitment, [claim.serverSeed, at], MAX_REVEALS);
      }
    },
    act(at, fairness) {
      lastActionAt = at;
      roundActionAt ??= at;
      const bet = !fairness && roundBetAt === undefined;
      if (bet) roundBetAt = at;
      retire();
      if (live.size === 1 && roundSlots.size < MAX_ROUND_SLOTS) roundSlots.add(live.keys().next().value!);
      else if (bet && live.size > 1) crowdedAtBet = [...live.keys()];
      return report();
    },
    verified(commitment) {
      const key = commitment.toLowerCase();
      const seenAt = revealedAt.get(key)?.[1];
      if (seenAt === undefined) return undefined;
      remember(checked, key, true, MAX_REVEALS);
      retire();
      // The bet action came before the worker's answer: was the retired pair all that kept its slot from being alone?
      if (roundBetAt === undefined || crowdedAtBet === undefined || seenAt >= roundBetAt) return undefined;
      crowdedAtBet = crowdedAtBet.filter((slot) => !slot.startsWith(`${key}|`));
      if (crowdedAtBet.length !== 1 || roundSlots.has(crowdedAtBet[0]!) || roundSlots.size >= MAX_ROUND_SLOTS) return undefined;
      roundSlots.add(crowdedAtBet[0]!);
      return report();
    },
  };
}
