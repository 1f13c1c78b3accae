import { nobleBackend } from '../core/index.js';
import { canonicalNonce } from '../shared/claim-kinds.js';
import type { CapturedClaim } from '../shared/records.js';
import type { CommitmentSighting } from './schema.js';

/**
 * A seed pair (named by its commitment) and a nonce identify exactly one round. A history entry
 * that shows only the revealed seed is keyed by the seed's hash, so it lands on the round whose
 * commitment was seen earlier; if the seed does not match, the entries stay apart and the
 * commitment check flags it.
 */
export function roundKey(claim: Pick<CapturedClaim, 'commitment' | 'serverSeed' | 'clientSeed' | 'nonce'>): string {
  const commitment = commitmentOf(claim) ?? '?';
  return `${commitment}|${claim.clientSeed ?? '?'}|${claim.nonce === undefined ? '?' : canonicalNonce(claim.nonce)}`;
}

/** The commitment a claim names: the one shown, else the hash of the revealed seed. */
export function commitmentOf(claim: Pick<CapturedClaim, 'commitment' | 'serverSeed'>): string | undefined {
  return claim.commitment?.toLowerCase() ?? (claim.serverSeed !== undefined ? nobleBackend.sha3_256Hex(claim.serverSeed) : undefined);
}

/** Whether `seed` is the server seed of `commitment` (lowercase hex): the one check that makes a reveal real. */
export const seedHashesTo = (seed: string, commitment: string): boolean => nobleBackend.sha3_256Hex(seed) === commitment;

/**
 * When a seed that hashes to the commitment was first seen: the one reveal that retires it as a
 * rival. Records stored before `hashedAt` was kept are checked here.
 */
export function hashedAtOf(sighting: CommitmentSighting): number | undefined {
  if (sighting.hashedAt !== undefined || sighting.revealedSeed === undefined) return sighting.hashedAt;
  const seeds = [sighting.revealedSeed, ...(sighting.otherSeeds ?? [])];
  return seeds.some((seed) => seedHashesTo(seed, sighting.commitment)) ? sighting.revealedAt : undefined;
}

/** Primary keys of every round of one seed pair start with its commitment. */
export function roundsOfCommitment(commitment: string): IDBKeyRange {
  return IDBKeyRange.bound(`${commitment}|`, `${commitment}|\uffff`);
}
