// Findings about what the seed-pair panel and the reveals showed, rather than about rounds. An honest
// casino shows one unrevealed commitment per client seed at a time, each replacing the one before
// for good, and reveals one server seed per commitment. A page that shows several at once (hidden
// markup, one JSON answer), or goes back to a commitment it had replaced, keeps a choice of seeds
// open past the bet; one that shows two seeds for one commitment shows a false one. Neither changes
// a round's verdict by itself: the trust rule (witness.ts) keeps such rounds from `witnessed`.
import type { Finding } from './audit.js';
import type { PanelState } from './witness.js';

/** Commitments named in one finding at most: the rest are counted in the sentence, not listed. */
const MAX_NAMED = 5;

/**
 * What a client seed looks like: without invisible characters (format characters, variation
 * selectors, the combining grapheme joiner), spaces and line breaks, in its compatibility form
 * (full-width letters as letters). Spellings a player cannot tell apart on the panel are one client
 * seed for this finding: a pool of commitments under them is the same choice kept open. (Letters of
 * other scripts that look Latin are not folded: nothing here maps confusables.)
 */
function clientSeedLook(clientSeed: string): string {
  return clientSeed.normalize('NFKC').replace(/[\p{Cc}\p{Cf}\p{Z}\s\u034f\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu, '');
}

/**
 * `several-commitments`: per client seed as it looks (and game), the commitments shown at once or
 * interleaved while unrevealed. A state that names no game speaks for every game (as in the trust
 * rule, witness.ts), so it joins each game's states of its client seed.
 */
export function severalCommitmentFindings(states: readonly PanelState[]): Finding[] {
  const bySeed = new Map<string, PanelState[]>();
  for (const state of states) {
    const look = clientSeedLook(state.clientSeed);
    const list = bySeed.get(look);
    if (list) list.push(state);
    else bySeed.set(look, [state]);
  }
  const groups: PanelState[][] = [];
  for (const list of bySeed.values()) {
    const games = new Set(list.flatMap((state) => (state.game === undefined ? [] : [state.game])));
    if (games.size === 0) groups.push(list);
    for (const game of games) groups.push(list.filter((state) => state.game === undefined || state.game === game));
  }
  const findings: Finding[] = [];
  /** Each set of commitments once: game-less states alone can make the same one for every game. */
  const named = new Set<string>();
  for (const list of groups) {
    const involved = conflicting(list);
    if (involved.size < 2) continue;
    const commitments = [...involved].sort();
    const key = `${list[0]!.clientSeed}\n${commitments.join(',')}`;
    if (named.has(key)) continue;
    named.add(key);
    const nonces = [...new Set(list.filter((state) => involved.has(state.commitment)).map((state) => state.nonce))].sort((a, b) => Number(BigInt(a) - BigInt(b)));
    findings.push({
      kind: 'several-commitments',
      severity: 'finding',
      commitment: commitments[0]!,
      clientSeed: list[0]!.clientSeed,
      nonces,
      commitments: commitments.slice(0, MAX_NAMED),
      message: `${commitments.length} different unrevealed commitments were shown for client seed "${list[0]!.clientSeed}" at the same time or alternating: ${commitments
        .slice(0, MAX_NAMED)
        .map(short)
        .join(', ')}. The casino showed more than one seed it could play the next round on.`,
    });
  }
  return findings;
}

/** The commitments of one client seed's states that were live together: shown at once, or shown again after another. */
function conflicting(states: readonly PanelState[]): Set<string> {
  const unrevealedAt = (state: PanelState, at: number) => state.revealedAt === undefined || state.revealedAt > at;
  const byTime = new Map<number, PanelState[]>();
  for (const state of states) byTime.set(state.seenAt, [...(byTime.get(state.seenAt) ?? []), state]);
  const involved = new Set<string>();
  for (const [at, together] of byTime) {
    const live = new Set(together.filter((state) => unrevealedAt(state, at)).map((state) => state.commitment));
    if (live.size > 1) for (const commitment of live) involved.add(commitment);
  }
  // Shown again after another: in time order, a commitment's first and last states lie in different
  // runs of consecutive states. Linear in the states: honest pairs are one run each. A state shown
  // after its commitment was revealed is no other seed to choose from (a page that re-renders its
  // panel a moment after the rotation's answer showed the new pair still shows the old one).
  const sorted = states.filter((state) => unrevealedAt(state, state.seenAt)).sort((a, b) => a.seenAt - b.seenAt);
  const run: number[] = [];
  sorted.forEach((state, index) => run.push(index === 0 ? 0 : run[index - 1]! + (state.commitment === sorted[index - 1]!.commitment ? 0 : 1)));
  const span = new Map<string, { first: number; last: number }>();
  sorted.forEach((state, index) => {
    const known = span.get(state.commitment);
    if (known) known.last = index;
    else span.set(state.commitment, { first: index, last: index });
  });
  for (const [commitment, { first, last }] of span) {
    const lastState = sorted[last]!;
    if (run[first] === run[last] || !unrevealedAt(lastState, lastState.seenAt)) continue;
    involved.add(commitment);
    for (let index = first + 1; index < Math.min(last, first + 64); index++) {
      if (sorted[index]!.commitment !== commitment) involved.add(sorted[index]!.commitment);
    }
  }
  return involved;
}

/** `seed-conflict`: a commitment shown with two or more different server seeds. */
export function seedConflictFindings(seedsByCommitment: ReadonlyMap<string, readonly string[]>): Finding[] {
  const findings: Finding[] = [];
  for (const [commitment, seeds] of seedsByCommitment) {
    const distinct = [...new Set(seeds)];
    if (distinct.length < 2) continue;
    findings.push({
      kind: 'seed-conflict',
      severity: 'finding',
      commitment,
      serverSeeds: distinct,
      message: `Seed pair ${short(commitment)} was revealed with ${distinct.length} different server seeds: ${distinct.map((seed) => short(seed)).join(', ')}. At most one of them is the real one.`,
    });
  }
  return findings;
}

function short(text: string): string {
  return text.length > 16 ? `${text.slice(0, 8)}…${text.slice(-8)}` : text;
}
