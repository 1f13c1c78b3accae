// The audit's findings as people read them: each builder takes what one finding is about, already
// gathered, and words it. Shared by auditRounds (audit.ts), which gathers from round objects, and the
// CLI's compact audit (cli/compact-audit.ts), which gathers from typed arrays, so both write the same
// findings word for word. What counts as a finding is decided in cross-round-rules.ts.
import type { Finding } from './audit.js';
import { knownGameId, normalizeGameName } from './games/registry.js';
import { canonicalOutcome, namedSeedUses, nonceRule } from './cross-round-rules.js';

/** A nonce range, both ends included. */
export type NonceRange = readonly [from: bigint, to: bigint];

/** One entry at a seed pair's nonce, as sameNonceFinding reads it. */
export interface NonceEntry {
  key?: string;
  /** The game id (auditGameId). */
  game: string;
  /**
   * The round as given: its outcome, other outcomes shown for it and other bets on it are read from
   * here, put in canonical text by the game's name (canonicalOutcome); without a name the outcome
   * is taken as canonical text already (the CLI's compact audit keeps only that).
   */
  source: { game?: unknown; result?: unknown; otherResults?: readonly unknown[]; otherBets?: number };
}

/** The audit's id for a game name: a supported or known game's id, else the name normalised. */
export function auditGameId(name: string): string {
  return knownGameId(name) ?? normalizeGameName(name);
}

/**
 * Missing nonces of a seed pair whose nonces run from `first` to `last`; undefined when none are
 * missing. `keys`: the rounds on either side of each gap.
 */
export function nonceGapFinding(commitment: string, clientSeed: string, missing: readonly NonceRange[], first: bigint, last: bigint, keys: readonly string[]): Finding | undefined {
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
      `between nonces ${first} and ${last}; they may have been played in a game or tab the extension did not see.`,
  };
}

/**
 * What the entries at one seed pair and nonce show, by the rule of core/cross-round-rules.ts: the same
 * round recorded twice (same key, no finding), a repeat, or a conflict.
 */
export function sameNonceFinding(commitment: string, clientSeed: string, nonce: bigint, entries: readonly NonceEntry[]): Finding | undefined {
  // Most nonces are seen once, with one outcome: their outcome text is never needed.
  if (entries.length < 2 && !entries[0]?.source.otherResults?.length && !entries[0]?.source.otherBets) return undefined;
  const shown = unique(entries.flatMap((e) => [e.source.result, ...(e.source.otherResults ?? [])].flatMap((result) => canonicalOutcome(e.source.game, result) ?? [])));
  const games = unique(entries.map((e) => e.game));
  const bets = betCount(entries);
  const kind = nonceRule(shown.length, games.length, bets);
  if (kind === undefined) return undefined;
  const where = `${capitalise(pairText(commitment, clientSeed))} at nonce ${nonce}`;
  const base = { severity: 'finding' as const, commitment, clientSeed, nonces: [String(nonce)], ...keysField(entries) };
  if (kind === 'nonce-conflict') {
    const what = games.length > 1 ? `rounds of ${listText(games)}` : `the outcomes ${listText(shown)}`;
    return { ...base, kind, message: `${where} is shown with ${what}, but one seed pair and nonce give exactly one round.` };
  }
  const outcome = shown[0] === undefined ? '' : ` with the same outcome (${shown[0]})`;
  return {
    ...base,
    kind,
    message: `${where} appears ${bets} times${outcome}: either one round was recorded twice or the nonce was used for more than one bet.`,
  };
}

/**
 * The bets at one nonce: each entry's, with its other bets. Entries with one key are one round seen
 * twice (two exports merged, a page read again), so a key counts once (with the most bets any of
 * its entries names).
 */
function betCount(entries: readonly NonceEntry[]): number {
  const byKey = new Map<string, number>();
  let keyless = 0;
  for (const { key, source } of entries) {
    const bets = 1 + (source.otherBets ?? 0);
    if (key === undefined) keyless += bets;
    else byKey.set(key, Math.max(byKey.get(key) ?? 0, bets));
  }
  let count = keyless;
  for (const bets of byKey.values()) count += bets;
  return count;
}

/**
 * Rounds of one commitment whose result was first seen after its server seed was revealed at
 * `revealedAt`: `clientSeeds` the client seed of each (the finding names one when they all used it),
 * `nonces` their distinct nonces ascending, `roundCount` how many rounds.
 */
export function lateRoundsFinding(commitment: string, revealedAt: number, clientSeeds: readonly (string | undefined)[], nonces: readonly bigint[], roundCount: number, keys: readonly string[]): Finding {
  const clientSeed = unique(clientSeeds.map((c) => c ?? '')).length === 1 ? clientSeeds[0] : undefined;
  const rounds = roundsPhrase(nonces, roundCount);
  return {
    kind: 'server-seed-reused',
    severity: 'finding',
    commitment,
    ...(clientSeed !== undefined ? { clientSeed } : {}),
    ...(nonces.length > 0 ? { nonces: nonces.map(String) } : {}),
    ...(keys.length > 0 ? { roundKeys: unique(keys) } : {}),
    message:
      `The server seed of seed pair ${short(commitment)} was revealed at ${timeText(revealedAt)}, ` +
      `but ${rounds} first showed a result after that: if played then, they used a server seed that was already public.`,
  };
}

/** One server seed's seed pairs, each with the nonce ranges of its rounds that showed the seed. */
export interface SeedUse {
  commitment: string;
  clientSeed?: string;
  nonces: readonly NonceRange[];
}

/**
 * One server seed shown in more than one seed pair (a second commitment or a second client seed);
 * undefined when `uses` name only one. `seedCommitment` is the commitment the seed hashes to.
 */
export function seedReuseFinding(seed: string, seedCommitment: string, uses: readonly SeedUse[], keys: readonly string[]): Finding | undefined {
  const named = namedSeedUses(uses);
  if (unique(named.map((p) => p.commitment)).length < 2 && unique(named.flatMap((p) => (p.clientSeed === undefined ? [] : [p.clientSeed]))).length < 2) return undefined;
  const described = named.map((p) => {
    const client = p.clientSeed === undefined ? '' : ` with client seed "${clip(p.clientSeed)}"`;
    const nonces = p.nonces.map(rangeText);
    return `${short(p.commitment)}${client}${nonces.length > 0 ? ` (${nonceWord(nonces)} ${listText(nonces)})` : ''}`;
  });
  return {
    kind: 'server-seed-reused',
    severity: 'finding',
    commitment: seedCommitment,
    ...(keys.length > 0 ? { roundKeys: unique(keys) } : {}),
    message: `Server seed ${short(seed)} was used in more than one seed pair, ${listText(described)}, but a server seed belongs to one seed pair and is never used again.`,
  };
}

// ---- words --------------------------------------------------------------------------------------

/** Distinct ascending nonces as compact ranges: 4, 5, 6, 9 → [4, 6], [9, 9]. */
export function rangesOf(nonces: readonly bigint[]): NonceRange[] {
  const ranges: [bigint, bigint][] = [];
  for (const nonce of nonces) {
    const last = ranges.at(-1);
    if (last && nonce === last[1] + 1n) last[1] = nonce;
    else ranges.push([nonce, nonce]);
  }
  return ranges;
}

/** "the round at nonce 4", "the rounds at nonces 4–6 and 9", or "2 rounds" when no nonce is known. */
export function roundsPhrase(nonces: readonly bigint[], roundCount: number): string {
  const ranges = rangesOf(nonces).map(rangeText);
  if (ranges.length === 0) return roundCount === 1 ? 'a round' : `${roundCount} rounds`;
  return `${nonceWord(ranges) === 'nonce' ? 'the round at nonce' : 'the rounds at nonces'} ${listText(ranges)}`;
}

export function pairText(commitment: string, clientSeed: string): string {
  return `seed pair ${short(commitment)} with client seed "${clip(clientSeed)}"`;
}

export function nonceWord(ranges: string[]): 'nonce' | 'nonces' {
  return ranges.length === 1 && !ranges[0]!.includes('–') ? 'nonce' : 'nonces';
}

export function rangeText([from, to]: NonceRange): string {
  return from === to ? String(from) : `${from}–${to}`;
}

/** "a", "a and b", "a, b and c"; long lists end in "and N more". */
export function listText(items: string[], last = 'and'): string {
  const shown = items.length > 6 ? [...items.slice(0, 5), `${items.length - 5} more`] : items;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} ${last} ${shown.at(-1)}`;
}

function keysField(entries: readonly { key?: string }[]): { roundKeys?: string[] } {
  const keys = unique(entries.flatMap((e) => (e.key === undefined ? [] : [e.key])));
  return keys.length > 0 ? { roundKeys: keys } : {};
}

function timeText(ms: number): string {
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? String(ms) : date.toISOString();
}

export function short(hex: string): string {
  return hex.length > 16 ? `${hex.slice(0, 8)}…${hex.slice(-8)}` : hex;
}

export function clip(text: string, length = 24): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

export function compareBig(a: bigint, b: bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
