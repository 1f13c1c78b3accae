// What a claim is about, read from its fields alone: shared by the content script (which must not
// bundle hashing or the store) and the worker.
import type { CapturedClaim } from './records.js';

/** A commitment as every supported game writes it: a SHA3-256 digest, 64 hex digits in either case. */
export const COMMITMENT_DIGEST = /^[\da-f]{64}$/i;

/** A claim that names no round: only the active seed pair's commitment, seen before any result. */
export function isCommitmentSighting(claim: CapturedClaim): boolean {
  return claim.commitment !== undefined && claim.result === undefined && claim.serverSeed === undefined;
}

/** A revealed seed pair with no round of its own (a "previous seeds" panel or API answer): it reveals every round of that pair. */
export function isSeedReveal(claim: CapturedClaim): boolean {
  return claim.serverSeed !== undefined && claim.nonce === undefined && claim.result === undefined;
}

/**
 * A claim that names neither a seed pair nor an outcome: a client seed and nonce read without the
 * labels around them (a page scanned before its language's words came). Nothing to verify or to
 * witness, and no key to meet its round by: stored, it would be a round of its own, `invalid`.
 */
export function namesNothing(claim: CapturedClaim): boolean {
  return claim.commitment === undefined && claim.serverSeed === undefined && claim.result === undefined;
}

/** An outcome a page showed live: a result with the time it was first seen (what ends and is credited with an action, background/tab-actions.ts). */
export function isSeenOutcome(claim: CapturedClaim): boolean {
  return claim.result !== undefined && claim.observedAt.result !== undefined;
}

/** A nonce as the casino's `${nonce}` writes it: "007" and "7" are one nonce. Text that is not digits stays as it is. */
export function canonicalNonce(nonce: string): string {
  return /^\d+$/.test(nonce) ? BigInt(nonce).toString() : nonce;
}
