// What a round's client seed proves. The casino commits to its server seed; a client seed it did
// not know then leaves it nothing to choose its seed against. So a client seed the player typed in
// the page after the commitment was shown rules out a seed chosen for the round, whatever the bet;
// one the player set before the commitment was shown (a casino that starts a new pair when the
// client seed is set), or one Fair Witness never saw the player type (the casino chose it), could
// have been ground against by the casino if it could guess the bet (the same numbers again).

export type ClientSeedProof =
  /** Typed by the player after the round's commitment was first seen: no seed could be chosen against it. */
  | 'set-after-commitment'
  /** Typed by the player, but the commitment was first seen only after that: the casino knew the client seed when it committed. */
  | 'set-before-commitment'
  /** Not seen being typed by the player: the casino chose it, or knew it. */
  | 'not-set-here';

/**
 * `typedAt`: when the player began typing the round's client seed (its first key); `commitmentSeenAt`:
 * when the round's commitment was first seen. By the millisecond, as the trust rule compares
 * readings of different pages: the same millisecond is not "before".
 */
export function clientSeedProof(typedAt: number | undefined, commitmentSeenAt: number | undefined): ClientSeedProof {
  if (typedAt === undefined) return 'not-set-here';
  return commitmentSeenAt !== undefined && Math.floor(commitmentSeenAt) < Math.floor(typedAt) ? 'set-after-commitment' : 'set-before-commitment';
}
