// The seed-pair lifecycle across rounds. `verifyRound` proves one round at a time; some promises of
// the procedure only show across rounds: a seed pair's nonces count 1, 2, 3…; one nonce is one
// round; the client seed is the one the player set; a revealed server seed is never used again.
// The audit reports what the history shows about those, as findings for people to read. It never
// changes a round's verdict: the `witness` and `nonce` mismatch steps stay in verify (and
// `nonce-conflict` is reported separately so the CLI can turn it into that step).
import { lookupGame, normalizeGameName } from './games/registry.js';
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
  | 'seed-conflict';

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

/** Runs every check over `rounds` (any order) and the seed-pair sightings. Pure; never throws on odd input. */
export function auditRounds(rounds: readonly AuditRound[], sightings: readonly SeedPairSighting[] = []): Finding[] {
  const prepared = rounds.filter((r) => typeof r === 'object' && r !== null).map(prepare);
  const cleanSightings = sightings.filter((s) => typeof s?.commitment === 'string').map((s) => ({ ...s, commitment: s.commitment.toLowerCase() }));
  return [...nonceFindings(prepared), ...clientSeedFindings(prepared, cleanSightings), ...serverSeedFindings(prepared, cleanSightings)];
}

function prepare(round: AuditRound): Prepared {
  const serverSeed = typeof round.serverSeed === 'string' && round.serverSeed !== '' ? round.serverSeed : undefined;
  const shown = typeof round.commitment === 'string' ? round.commitment : typeof round.preRoundCommitment === 'string' ? round.preRoundCommitment : undefined;
  // A round seen only with its revealed seed belongs to the pair whose commitment that seed hashes to.
  const commitment = shown?.toLowerCase() ?? (serverSeed !== undefined ? nobleBackend.sha3_256Hex(serverSeed) : undefined);
  const nonceText = typeof round.nonce === 'number' ? String(round.nonce) : typeof round.nonce === 'string' ? round.nonce.trim() : '';
  const nonce = /^\d{1,30}$/.test(nonceText) ? BigInt(nonceText) : undefined;
  const game = typeof round.game === 'string' ? gameId(round.game) : '?';
  return {
    key: typeof round.key === 'string' ? round.key : undefined,
    game,
    commitment,
    clientSeed: typeof round.clientSeed === 'string' ? round.clientSeed : undefined,
    nonce,
    source: round,
    serverSeed,
    observedAt: typeof round.observedAt === 'object' && round.observedAt !== null ? round.observedAt : {},
  };
}

function gameId(name: string): string {
  const lookup = lookupGame(name);
  return lookup.kind === 'supported' ? lookup.game.id : lookup.kind === 'unsupported' ? lookup.id : normalizeGameName(name);
}

/** Canonical outcome text, so "17" and "17 Red", or keno numbers in any order, are one outcome. */
function canonicalOutcome(name: unknown, result: unknown): string | undefined {
  if (result === undefined || result === null) return undefined;
  const lookup = typeof name === 'string' ? lookupGame(name) : undefined;
  if (lookup?.kind === 'supported') {
    const parsed = lookup.game.parseDisplayed(result);
    if (parsed.ok) return lookup.game.format(parsed.outcome);
  }
  try {
    return JSON.stringify(result);
  } catch {
    // A value JSON cannot write (a bigint, a cycle) still gets some stable text.
    return String(typeof result);
  }
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
  const missing: [bigint, bigint][] = [];
  const keys: string[] = [];
  for (let i = 1; i < groups.length; i++) {
    const [before, after] = [groups[i - 1]!, groups[i]!];
    if (after.nonce - before.nonce <= 1n) continue;
    missing.push([before.nonce + 1n, after.nonce - 1n]);
    keys.push(...keysOf(before.entries), ...keysOf(after.entries));
  }
  if (missing.length === 0) return undefined;
  const ranges = missing.map(rangeText);
  return {
    kind: 'nonce-gap',
    severity: 'finding',
    commitment,
    clientSeed,
    nonces: ranges,
    ...(keys.length > 0 ? { roundKeys: unique(keys) } : {}),
    message:
      `${capitalise(pairText(commitment, clientSeed))} has no rounds at ${nonceWord(ranges)} ${listText(ranges)} ` +
      `between nonces ${groups[0]!.nonce} and ${groups.at(-1)!.nonce}; they may have been played in a game or tab the extension did not see.`,
  };
}

/** Two entries for one seed pair and nonce: the same round recorded twice (same key, no finding), a repeat, or a conflict. */
function sameNonceFinding(commitment: string, clientSeed: string, nonce: bigint, entries: Prepared[]): Finding | undefined {
  if (entries.length < 2) return undefined;
  const where = `${capitalise(pairText(commitment, clientSeed))} at nonce ${nonce}`;
  const base = { severity: 'finding' as const, commitment, clientSeed, nonces: [String(nonce)], ...keysField(entries) };
  const shown = unique(entries.flatMap((e) => canonicalOutcome(e.source.game, e.source.result) ?? []));
  const games = unique(entries.map((e) => e.game));
  if (shown.length > 1 || games.length > 1) {
    const what = games.length > 1 ? `rounds of ${listText(games)}` : `the outcomes ${listText(shown)}`;
    return { ...base, kind: 'nonce-conflict', message: `${where} is shown with ${what}, but one seed pair and nonce give exactly one round.` };
  }
  // Entries with one key are one round seen twice (two exports merged, a page read again): not a finding.
  const distinct = unique(entries.map((e, i) => e.key ?? `\u0000${i}`));
  if (distinct.length < 2) return undefined;
  const outcome = shown[0] === undefined ? '' : ` with the same outcome (${shown[0]})`;
  return {
    ...base,
    kind: 'nonce-repeat',
    message: `${where} appears ${distinct.length} times${outcome}: either one round was recorded twice or the nonce was used for more than one bet.`,
  };
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
      `${capitalise(roundsText(affected))} of seed pair ${short(commitment)} used client seed "${clip(used)}", ` +
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
    if (revealed === undefined || typeof resultAt !== 'number' || !(revealed < resultAt)) continue;
    const list = late.get(round.commitment!) ?? [];
    late.set(round.commitment!, list);
    list.push(round);
  }
  return [...late].map(([commitment, affected]) => ({
    kind: 'server-seed-reused' as const,
    severity: 'finding' as const,
    commitment,
    ...(unique(affected.map((r) => r.clientSeed ?? '')).length === 1 && affected[0]!.clientSeed !== undefined ? { clientSeed: affected[0]!.clientSeed } : {}),
    ...noncesField(affected),
    ...keysField(affected),
    message:
      `The server seed of seed pair ${short(commitment)} was revealed at ${timeText(revealedAt.get(commitment)!)}, ` +
      `but ${roundsText(affected)} first showed a result after that: if played then, they used a server seed that was already public.`,
  }));
}

/** One server seed revealed under more than one seed pair (a second commitment or a second client seed). */
function seedInSeveralPairs(rounds: Prepared[], sightings: SeedPairSighting[]): Finding[] {
  const uses = new Map<string, { pairs: Map<string, { commitment: string; clientSeed?: string; rounds: Prepared[] }> }>();
  const use = (seed: string, commitment: string, clientSeed: string | undefined, round?: Prepared) => {
    const entry = uses.get(seed) ?? { pairs: new Map() };
    uses.set(seed, entry);
    const id = `${commitment}\n${clientSeed ?? ''}`;
    const pair = entry.pairs.get(id) ?? { commitment, clientSeed, rounds: [] };
    entry.pairs.set(id, pair);
    if (round) pair.rounds.push(round);
  };
  for (const r of rounds) if (r.serverSeed !== undefined && r.commitment !== undefined) use(r.serverSeed, r.commitment, r.clientSeed, r);
  for (const s of sightings) if (s.revealedSeed) use(s.revealedSeed, s.commitment, s.clientSeed);

  const findings: Finding[] = [];
  for (const [seed, { pairs }] of uses) {
    const all = [...pairs.values()];
    // A sighting without a client seed says nothing new about a commitment the rounds already show.
    const named = all.filter((p) => p.clientSeed !== undefined || !all.some((q) => q !== p && q.commitment === p.commitment));
    if (unique(named.map((p) => p.commitment)).length < 2 && unique(named.flatMap((p) => (p.clientSeed === undefined ? [] : [p.clientSeed]))).length < 2) continue;
    const described = named.map((p) => {
      const client = p.clientSeed === undefined ? '' : ` with client seed "${clip(p.clientSeed)}"`;
      const nonces = nonceRanges(p.rounds);
      return `${short(p.commitment)}${client}${nonces.length > 0 ? ` (${nonceWord(nonces)} ${listText(nonces)})` : ''}`;
    });
    findings.push({
      kind: 'server-seed-reused',
      severity: 'finding',
      commitment: nobleBackend.sha3_256Hex(seed),
      ...keysField(named.flatMap((p) => p.rounds)),
      message: `Server seed ${short(seed)} was used in more than one seed pair, ${listText(described)}, but a server seed belongs to one seed pair and is never used again.`,
    });
  }
  return findings;
}

// ---- words --------------------------------------------------------------------------------------

function pairText(commitment: string, clientSeed: string): string {
  return `seed pair ${short(commitment)} with client seed "${clip(clientSeed)}"`;
}

/** Sorted nonces of some rounds as compact ranges: 4, 5, 6, 9 → "4–6", "9". */
function nonceRanges(rounds: Prepared[]): string[] {
  const nonces = unique(rounds.flatMap((r) => (r.nonce === undefined ? [] : [r.nonce]))).sort(compareBig);
  const ranges: [bigint, bigint][] = [];
  for (const nonce of nonces) {
    const last = ranges.at(-1);
    if (last && nonce === last[1] + 1n) last[1] = nonce;
    else ranges.push([nonce, nonce]);
  }
  return ranges.map(rangeText);
}

/** "the round at nonce 4", "the rounds at nonces 4–6 and 9", or "2 rounds" when no nonce is known. */
function roundsText(rounds: Prepared[]): string {
  const ranges = nonceRanges(rounds);
  if (ranges.length === 0) return rounds.length === 1 ? 'a round' : `${rounds.length} rounds`;
  return `${nonceWord(ranges) === 'nonce' ? 'the round at nonce' : 'the rounds at nonces'} ${listText(ranges)}`;
}

function nonceWord(ranges: string[]): 'nonce' | 'nonces' {
  return ranges.length === 1 && !ranges[0]!.includes('–') ? 'nonce' : 'nonces';
}

function noncesField(rounds: Prepared[]): { nonces?: string[] } {
  const nonces = unique(rounds.flatMap((r) => (r.nonce === undefined ? [] : [r.nonce]))).sort(compareBig).map(String);
  return nonces.length > 0 ? { nonces } : {};
}

function rangeText([from, to]: [bigint, bigint]): string {
  return from === to ? String(from) : `${from}–${to}`;
}

/** "a", "a and b", "a, b and c"; long lists end in "and N more". */
function listText(items: string[], last = 'and'): string {
  const shown = items.length > 6 ? [...items.slice(0, 5), `${items.length - 5} more`] : items;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} ${last} ${shown.at(-1)}`;
}

function keysOf(rounds: Prepared[]): string[] {
  return rounds.flatMap((r) => (r.key === undefined ? [] : [r.key]));
}

function keysField(rounds: Prepared[]): { roundKeys?: string[] } {
  const keys = unique(keysOf(rounds));
  return keys.length > 0 ? { roundKeys: keys } : {};
}

function timeText(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(ms) : date.toISOString();
}

function short(hex: string): string {
  return hex.length > 16 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex;
}

function clip(text: string, length = 24): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

function compareBig(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
