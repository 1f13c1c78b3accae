// The seed-pair lifecycle across rounds. `verifyRound` proves one round at a time; some promises of
// the procedure only show across rounds: a seed pair's nonces count 1, 2, 3…; one nonce is one
// round; the client seed is the one the player set; a revealed server seed is never used again.
// The audit reports what the history shows about those, as findings for people to read; what each
// rule decides is in cross-round-rules.ts. It never changes a round's verdict: the `witness` and
// `nonce` mismatch steps are given where rounds are judged (verify, the worker's verify-record.ts,
// the CLI's nonce-ledger.ts).
import {
  auditGameId,
  capitalise,
  clip,
  compareBig,
  lateRoundsFinding,
  listText,
  nonceGapFinding,
  rangesOf,
  roundsPhrase,
  sameNonceFinding,
  seedReuseFinding,
  short,
  unique,
  type NonceRange,
} from './audit-findings.js';
import { namedSeedUses, resultAfterReveal, seedUseKey, skippedNonces } from './cross-round-rules.js';
import { nobleBackend } from './hashing.js';

/** One round as the audit needs it; a RoundRecord, an exported round or a CLI claim all fit. */
export interface AuditRound {
  /** The caller's id for the round (a store key, "#12" in a file), quoted back in findings. */
  key?: string;
  game: string;
  commitment?: string;
  serverSeed?: string;
  clientSeed?: string;
  /** Decimal text. */
  nonce?: string;
  result?: unknown;
  /**
   * Other outcomes shown for this same round, where the caller keeps one record per seed pair and
   * nonce (the worker's store): each is a `nonce-conflict`, as another round with it would be.
   */
  otherResults?: readonly unknown[];
  /** Bets placed on this round's nonce besides the first (other keno picks): a `nonce-repeat`. */
  otherBets?: number;
  preRoundCommitment?: string;
  /** Milliseconds since the epoch at which each field was first seen. */
  observedAt?: { commitment?: number; result?: number; serverSeed?: number };
}

/** What the player saw of a seed pair: in the active-seed-pair panel, or when it was revealed. */
export interface SeedPairSighting {
  commitment: string;
  /** The client seed the player had set for this commitment, when shown. */
  clientSeed?: string;
  firstSeenAt: number;
  revealedSeed?: string;
  revealedAt?: number;
}

export type FindingKind =
  | 'nonce-gap'
  | 'nonce-repeat'
  | 'nonce-conflict'
  | 'client-seed-changed'
  | 'server-seed-reused'
  // What the panel and the reveals showed (core/commitment-audit.ts).
  | 'several-commitments'
  | 'seed-conflict'
  // A round's value that an imported file gave and the casino's page later showed otherwise (background/findings.ts).
  | 'file-disagrees';

export interface Finding {
  kind: FindingKind;
  severity: 'finding';
  /** The seed pair's commitment (for a reused seed: the commitment that seed hashes to). */
  commitment: string;
  clientSeed?: string;
  /** The nonces concerned; for `nonce-gap` the missing ones as compact ranges ("5–7", "9"). */
  nonces?: string[];
  /** Keys of the rounds concerned (for a gap: the rounds on either side of it), where rounds had keys. */
  roundKeys?: string[];
  /** `several-commitments`: every commitment shown for the client seed at once (the first is `commitment`). */
  commitments?: string[];
  /** `seed-conflict`: the server seeds shown for the commitment. */
  serverSeeds?: string[];
  /** `file-disagrees`: the round's fields the file and the page showed differently. */
  fields?: string[];
  /** One plain sentence that says where. */
  message: string;
}

interface Prepared {
  key?: string;
  game: string;
  commitment?: string;
  clientSeed?: string;
  nonce?: bigint;
  /** The round as given; its outcome is read only when a nonce is seen twice (most never are). */
  source: AuditRound;
  serverSeed?: string;
  observedAt: NonNullable<AuditRound['observedAt']>;
}

/**
 * Runs every check over `rounds` (any order) and the seed-pair sightings. Pure; never throws on odd input.
 * The CLI's compact audit (cli/compact-audit.ts) gives the same findings for rounds without keys or sightings.
 */
export function auditRounds(rounds: readonly AuditRound[], sightings: readonly SeedPairSighting[] = []): Finding[] {
  const prepared = rounds.filter((r) => typeof r === 'object' && r !== null).map(prepare);
  const cleanSightings = sightings.filter((s) => typeof s?.commitment === 'string').map((s) => ({ ...s, commitment: s.commitment.toLowerCase() }));
  return [...nonceFindings(prepared), ...clientSeedFindings(prepared, cleanSightings), ...serverSeedFindings(prepared, cleanSightings)];
}

/** A nonce as the audit reads it: decimal text of at most 30 digits (surrounding spaces allowed), or a number. */
export function auditNonce(nonce: unknown): bigint | undefined {
  const nonceText = typeof nonce === 'number' ? String(nonce) : typeof nonce === 'string' ? nonce.trim() : '';
  return /^\d{1,30}$/.test(nonceText) ? BigInt(nonceText) : undefined;
}

function prepare(round: AuditRound): Prepared {
  const serverSeed = typeof round.serverSeed === 'string' && round.serverSeed !== '' ? round.serverSeed : undefined;
  const shown = typeof round.commitment === 'string' ? round.commitment : typeof round.preRoundCommitment === 'string' ? round.preRoundCommitment : undefined;
  // A round seen only with its revealed seed belongs to the pair whose commitment that seed hashes to.
  const commitment = shown?.toLowerCase() ?? (serverSeed !== undefined ? nobleBackend.sha3_256Hex(serverSeed) : undefined);
  const game = typeof round.game === 'string' ? auditGameId(round.game) : '?';
  return {
    key: typeof round.key === 'string' ? round.key : undefined,
    game,
    commitment,
    clientSeed: typeof round.clientSeed === 'string' ? round.clientSeed : undefined,
    nonce: auditNonce(round.nonce),
    source: round,
    serverSeed,
    observedAt: typeof round.observedAt === 'object' && round.observedAt !== null ? round.observedAt : {},
  };
}

// ---- nonces -------------------------------------------------------------------------------------

/** Gaps, repeats and conflicts within each seed pair (commitment + client seed), in order of first appearance. */
function nonceFindings(rounds: Prepared[]): Finding[] {
  const pairs = new Map<string, { commitment: string; clientSeed: string; rounds: Prepared[] }>();
  for (const round of rounds) {
    if (round.commitment === undefined || round.clientSeed === undefined || round.nonce === undefined) continue;
    const id = `${round.commitment}\n${round.clientSeed}`;
    const pair = pairs.get(id) ?? { commitment: round.commitment, clientSeed: round.clientSeed, rounds: [] };
    pairs.set(id, pair);
    pair.rounds.push(round);
  }
  const findings: Finding[] = [];
  for (const { commitment, clientSeed, rounds: ofPair } of pairs.values()) {
    const groups = byNonce(ofPair);
    const gap = gapFinding(commitment, clientSeed, groups);
    if (gap) findings.push(gap);
    for (const { nonce, entries } of groups) {
      const finding = sameNonceFinding(commitment, clientSeed, nonce, entries);
      if (finding) findings.push(finding);
    }
  }
  return findings;
}

interface NonceGroup {
  nonce: bigint;
  entries: Prepared[];
}

/** The rounds of one pair grouped by nonce, ascending (one sort instead of a map keyed by bigints). */
function byNonce(rounds: Prepared[]): NonceGroup[] {
  const sorted = [...rounds].sort((a, b) => compareBig(a.nonce!, b.nonce!));
  const groups: NonceGroup[] = [];
  for (const round of sorted) {
    const last = groups.at(-1);
    if (last !== undefined && last.nonce === round.nonce) last.entries.push(round);
    else groups.push({ nonce: round.nonce!, entries: [round] });
  }
  return groups;
}

function gapFinding(commitment: string, clientSeed: string, groups: NonceGroup[]): Finding | undefined {
  const missing: NonceRange[] = [];
  const keys: string[] = [];
  for (let i = 1; i < groups.length; i++) {
    const [before, after] = [groups[i - 1]!, groups[i]!];
    const skipped = skippedNonces(before.nonce, after.nonce);
    if (skipped === undefined) continue;
    missing.push(skipped);
    keys.push(...keysOf(before.entries), ...keysOf(after.entries));
  }
  if (groups.length === 0) return undefined;
  return nonceGapFinding(commitment, clientSeed, missing, groups[0]!.nonce, groups.at(-1)!.nonce, keys);
}
// ---- client seeds -------------------------------------------------------------------------------

/** Rounds whose client seed is not the one the player had set for their commitment. */
function clientSeedFindings(rounds: Prepared[], sightings: SeedPairSighting[]): Finding[] {
  const setFor = new Map<string, SeedPairSighting[]>();
  for (const sighting of sightings) {
    if (sighting.clientSeed === undefined) continue;
    setFor.set(sighting.commitment, [...(setFor.get(sighting.commitment) ?? []), sighting]);
  }
  const groups = new Map<string, { commitment: string; used: string; expected: string[]; rounds: Prepared[] }>();
  for (const round of rounds) {
    if (round.commitment === undefined || round.clientSeed === undefined) continue;
    const seen = setFor.get(round.commitment);
    if (seen === undefined) continue;
    const expected = expectedClientSeeds(seen, round.observedAt.result);
    if (expected.includes(round.clientSeed)) continue;
    const id = `${round.commitment}\n${round.clientSeed}\n${expected.join('\n')}`;
    const group = groups.get(id) ?? { commitment: round.commitment, used: round.clientSeed, expected, rounds: [] };
    groups.set(id, group);
    group.rounds.push(round);
  }
  return [...groups.values()].map(({ commitment, used, expected, rounds: affected }) => ({
    kind: 'client-seed-changed' as const,
    severity: 'finding' as const,
    commitment,
    clientSeed: used,
    ...noncesField(affected),
    ...keysField(affected),
    message:
      `${capitalise(roundsPhrase(sortedNonces(affected), roundCount(affected)))} of seed pair ${short(commitment)} used client seed "${clip(used)}", ` +
      `but the client seed set for that pair was ${listText(expected.map((c) => `"${clip(c)}"`), 'or')}.`,
  }));
}

/**
 * The client seed in force when the round's result was seen: the latest sighting before it. Without
 * a time (or with every sighting later) any client seed shown for the commitment is accepted.
 */
function expectedClientSeeds(seen: SeedPairSighting[], resultAt: number | undefined): string[] {
  const before = resultAt === undefined ? [] : seen.filter((s) => s.firstSeenAt <= resultAt).sort((a, b) => a.firstSeenAt - b.firstSeenAt);
  const last = before.at(-1);
  return last ? [last.clientSeed!] : unique(seen.map((s) => s.clientSeed!));
}

// ---- server seeds -------------------------------------------------------------------------------

function serverSeedFindings(rounds: Prepared[], sightings: SeedPairSighting[]): Finding[] {
  return [...playedAfterReveal(rounds, sightings), ...seedInSeveralPairs(rounds, sightings)];
}

/** Rounds whose result was first seen after their commitment's server seed had been revealed. */
function playedAfterReveal(rounds: Prepared[], sightings: SeedPairSighting[]): Finding[] {
  const revealedAt = new Map<string, number>();
  const note = (commitment: string, at: number | undefined) => {
    if (typeof at !== 'number' || !Number.isFinite(at)) return;
    revealedAt.set(commitment, Math.min(revealedAt.get(commitment) ?? Infinity, at));
  };
  for (const s of sightings) if (s.revealedSeed !== undefined) note(s.commitment, s.revealedAt);
  for (const r of rounds) if (r.serverSeed !== undefined && r.commitment !== undefined) note(r.commitment, r.observedAt.serverSeed);

  const late = new Map<string, Prepared[]>();
  for (const round of rounds) {
    const revealed = round.commitment === undefined ? undefined : revealedAt.get(round.commitment);
    const resultAt = round.observedAt.result;
    if (!resultAfterReveal(revealed, resultAt)) continue;
    const list = late.get(round.commitment!) ?? [];
    late.set(round.commitment!, list);
    list.push(round);
  }
  return [...late].map(([commitment, affected]) => {
    return lateRoundsFinding(commitment, revealedAt.get(commitment)!, affected.map((r) => r.clientSeed), sortedNonces(affected), roundCount(affected), keysOf(affected));
  });
}

/** One server seed revealed under more than one seed pair (a second commitment or a second client seed). */
function seedInSeveralPairs(rounds: Prepared[], sightings: SeedPairSighting[]): Finding[] {
  const uses = new Map<string, { pairs: Map<string, { commitment: string; clientSeed?: string; rounds: Prepared[] }> }>();
  const use = (seed: string, commitment: string, clientSeed: string | undefined, round?: Prepared) => {
    const entry = uses.get(seed) ?? { pairs: new Map() };
    uses.set(seed, entry);
    const id = seedUseKey(commitment, clientSeed);
    const pair = entry.pairs.get(id) ?? { commitment, clientSeed, rounds: [] };
    entry.pairs.set(id, pair);
    if (round) pair.rounds.push(round);
  };
  for (const r of rounds) if (r.serverSeed !== undefined && r.commitment !== undefined) use(r.serverSeed, r.commitment, r.clientSeed, r);
  for (const s of sightings) if (s.revealedSeed) use(s.revealedSeed, s.commitment, s.clientSeed);

  const findings: Finding[] = [];
  for (const [seed, { pairs }] of uses) {
    const all = [...pairs.values()];
    const finding = seedReuseFinding(
      seed,
      nobleBackend.sha3_256Hex(seed),
      all.map((p) => ({ commitment: p.commitment, clientSeed: p.clientSeed, nonces: rangesOf(sortedNonces(p.rounds)) })),
      // Keys of the rounds of the uses the finding names.
      keysOf(namedSeedUses(all).flatMap((p) => p.rounds)),
    );
    if (finding) findings.push(finding);
  }
  return findings;
}

// ---- words --------------------------------------------------------------------------------------

function sortedNonces(rounds: Prepared[]): bigint[] {
  return unique(rounds.flatMap((r) => (r.nonce === undefined ? [] : [r.nonce]))).sort(compareBig);
}


/**
 * How many rounds were shown, for a sentence that cannot name them by nonce: a round given with
 * other outcomes or other bets (AuditRound.otherResults, otherBets) stands for as many rounds, since
 * without a nonce nothing says they were one.
 */
function roundCount(rounds: Prepared[]): number {
  let count = 0;
  for (const { source } of rounds) count += 1 + (source.otherResults?.length ?? 0) + (source.otherBets ?? 0);
  return count;
}

function noncesField(rounds: Prepared[]): { nonces?: string[] } {
  const nonces = sortedNonces(rounds).map(String);
  return nonces.length > 0 ? { nonces } : {};
}

function keysOf(rounds: Prepared[]): string[] {
  return rounds.flatMap((r) => (r.key === undefined ? [] : [r.key]));
}

function keysField(rounds: Prepared[]): { roundKeys?: string[] } {
  const keys = unique(keysOf(rounds));
  return keys.length > 0 ? { roundKeys: keys } : {};
}
