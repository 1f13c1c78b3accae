// What a round's client seed proves. The casino commits to its server seed; a client seed it did
// not know then leaves it nothing to choose that seed against. So for a client seed the player typed
// in the page after the round's commitment was shown, the casino committed before it knew it (it
// could still have kept other commitments open to choose from: the trust rule's several-commitments
// check); one the player set before the commitment was shown (a casino that starts a new pair when
// the client seed is set), or one Fair Witness never saw the player type (the casino chose it), the
// casino knew when it committed, and could have ground its seed against a bet it could guess.

export type ClientSeedProof =
  /** Typed by the player after the round's commitment was first seen: the casino committed before it knew it. */
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
