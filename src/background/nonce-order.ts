// A batch's round claims in their order, except that one seed pair's and client seed's come by nonce
// (each in the place one of them had): a reading that lists an auto-bet's rounds newest first must
// not have a later round judged before the one at the nonce before it is stored (core/witness.ts:
// nonce-skipped). The router orders a batch so before cutting it into runs (router.ts), the store
// the round claims of each run.
import type { CapturedClaim } from '../shared/records.js';

/** `indexes` (into `claims`) reordered so that each pair's and client seed's claims come by nonce, in the places theirs had. */
export function inNonceOrder(claims: readonly CapturedClaim[], indexes: readonly number[]): number[] {
  const lanes = new Map<string, number[]>();
  for (const index of indexes) {
    const { commitment, clientSeed, nonce } = claims[index]!;
    if (commitment === undefined || clientSeed === undefined || nonce === undefined || !/^\d+$/.test(nonce)) continue;
    const lane = `${commitment.toLowerCase()}\n${clientSeed}`;
    lanes.set(lane, [...(lanes.get(lane) ?? []), index]);
  }
  const placed = [...indexes];
  const positionOf = new Map(indexes.map((index, position) => [index, position]));
  for (const lane of lanes.values()) {
    if (lane.length < 2) continue;
    const byNonce = [...lane].sort((a, b) => {
      const [x, y] = [BigInt(claims[a]!.nonce!), BigInt(claims[b]!.nonce!)];
      return x < y ? -1 : x > y ? 1 : a - b;
    });
    // `lane` is in batch order: its places, filled by nonce.
    lane.forEach((index, rank) => (placed[positionOf.get(index)!] = byNonce[rank]!));
  }
  return placed;
}
