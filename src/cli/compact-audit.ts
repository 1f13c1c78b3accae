// The cross-round audit of `verify`, kept compact: the same findings as the core's auditRounds
// (core/audit.ts) over the same rounds, without an object per round. Strings become small ids in
// typed-array tables; each round that has a nonce leaves one row of four numbers (its seed pair,
// nonce, game and outcome code: 20 bytes); a seed pair whose nonces so far run 1, 2, 3… without a
// break is marked regular and needs no more look at the end. Findings are worded by the core's
// builders (core/audit-findings.ts), from what is gathered here.
//
// The CLI's rounds have no keys and there are no seed-pair sightings, so the checks that need
// those (`client-seed-changed`, round keys in findings) have nothing to find and are not run.
import {
  auditGameId,
  auditNonce,
  lateRoundsFinding,
  nonceGapFinding,
  rangesOf,
  resultAfterReveal,
  sameNonceFinding,
  seedReuseFinding,
  seedUseKey,
  skippedNonces,
  type Finding,
  type NonceEntry,
  type NonceRange,
  type SeedUse,
} from '../core/index.js';
import type { AuditEntry } from './audit-entry.js';
import { Float64Column, Uint32Column, Uint8Column } from './growable-column.js';
import { HexKeyTable } from './hex-key-table.js';
import { OutcomeCodes } from './outcome-codes.js';
import { TextKeyTable } from './text-key-table.js';

/** A row's nonce that does not fit the column (2^32 − 1 and above): it is in bigRowNonces. */
const WIDE_NONCE = 0xffff_ffff;
/** A pair whose nonces did not simply run on by one (pairLastRow). */
const IRREGULAR = 0xffff_ffff;

/** A seed pair's parts, from its key in the pairs table. */
interface PairParts {
  commitmentId: number;
  clientSeed?: string;
}

export class CompactAudit {
  private readonly commitments = new HexKeyTable();
  /** Seed pairs, and rounds with a commitment but no client seed: one key of commitment id and client seed text (pairKey). */
  private readonly pairs = new TextKeyTable();
  private readonly games = new Map<string, number>();
  private readonly gameNames: string[] = [];
  private readonly outcomes = new OutcomeCodes();

  /** Per pair id: 0 before its first nonce, then its last row + 1 while its nonces run on by one, then IRREGULAR. */
  private readonly pairLastRow = new Uint32Column(0);

  // One row per round with a commitment and a nonce, in input order.
  private readonly rowPair = new Uint32Column(0);
  private readonly rowNonce = new Uint32Column(0);
  private readonly bigRowNonces = new Map<number, number | bigint>();
  /** Game id × 2, + 1 when the round showed its server seed. */
  private readonly rowGame = new Uint32Column(0);
  private readonly rowOutcome = new Float64Column(0);
  /** Rows whose server seed is not the one their commitment stands for: the seed's id. */
  private readonly rowOtherSeed = new Map<number, number>();
  /** Nonces above 2^53 − 1, for lateNonce (−(k + 1) stands for bigNonces[k]). */
  private readonly bigNonces: bigint[] = [];

  // Per commitment id. A server seed is known by its commitment (the hash it has), so by an id here.
  /** When the commitment's server seed was first shown (NaN: never with a time). */
  private readonly revealedAt = new Float64Column(NaN);
  /** The first pair the seed was shown in, as pair id + 1 (0: the seed was not shown). */
  private readonly seedFirstPair = new Uint32Column(0);
  /** Order in which seeds were first shown, for the order of findings. */
  private readonly seedOrdinal = new Uint32Column(0);
  private seedsShown = 0;
  /** Seeds shown in more than one pair: their text and the first pair of each use (useKey). */
  private readonly contested = new Map<number, { seed: string; ordinal: number; uses: Map<string, number> }>();

  // One row per round with a commitment and a time its result was seen, in input order.
  private readonly latePair = new Uint32Column(0);
  private readonly lateNonce = new Float64Column(0);
  private readonly lateResultAt = new Float64Column(0);

  private lastCommitment: string | undefined;
  private lastClientSeed: string | null | undefined;
  private lastCommitmentId = 0;
  private lastPair = 0;

  add(entry: AuditEntry | null | undefined): void {
    if (!entry) return;
    const [game, commitment, clientSeed, nonceText, outcome, serverSeed, resultAt, serverSeedAt, seedCommitment] = entry;
    // Every check is about a commitment: a round without one has nothing to add.
    if (commitment === null) return;
    // Rounds of one seed pair come in runs: the last pair's ids are kept rather than looked up again.
    if (commitment !== this.lastCommitment || clientSeed !== this.lastClientSeed) {
      this.lastCommitment = commitment;
      this.lastClientSeed = clientSeed;
      this.lastCommitmentId = this.commitments.id(commitment);
      this.lastPair = this.pairs.id(pairKey(this.lastCommitmentId, clientSeed));
    }
    const commitmentId = this.lastCommitmentId;
    const pair = this.lastPair;
    const nonce = nonceOf(nonceText);

    let seedId: number | undefined;
    if (serverSeed !== null) {
      seedId = seedCommitment === null ? commitmentId : this.commitments.id(seedCommitment);
      this.noteSeed(seedId, serverSeed, pair);
      if (serverSeedAt !== null) {
        this.revealedAt.ensure(this.commitments.size);
        const known = this.revealedAt.get(commitmentId);
        if (!(known <= serverSeedAt)) this.revealedAt.set(commitmentId, serverSeedAt);
      }
    }
    if (nonce !== undefined) {
      const row = this.rowPair.push(pair);
      if (typeof nonce === 'number' && nonce < WIDE_NONCE) this.rowNonce.push(nonce);
      else {
        this.rowNonce.push(WIDE_NONCE);
        this.bigRowNonces.set(row, nonce);
      }
      this.rowGame.push(this.gameId(game) * 2 + (seedId === undefined ? 0 : 1));
      if (seedId !== undefined && seedId !== commitmentId) this.rowOtherSeed.set(row, seedId);
      this.rowOutcome.push(typeof outcome === 'number' ? outcome : this.outcomes.code(outcome));
      if (clientSeed !== null) this.trackNonce(pair, row, nonce);
    }
    if (resultAt !== null) {
      this.latePair.push(pair);
      this.lateNonce.push(nonce === undefined ? NaN : typeof nonce === 'number' ? nonce : -this.bigNonces.push(nonce));
      this.lateResultAt.push(resultAt);
    }
  }

  findings(): Finding[] {
    return [...this.nonceFindings(), ...this.lateFindings(), ...this.seedFindings()];
  }

  // ---- while reading ----------------------------------------------------------------------------

  private gameId(game: string): number {
    let id = this.games.get(game);
    if (id === undefined) {
      id = this.gameNames.push(game) - 1;
      this.games.set(game, id);
    }
    return id;
  }

  /** Keeps the pair regular while its nonces run on by one; anything else leaves it to the end. */
  private trackNonce(pair: number, row: number, nonce: number | bigint): void {
    this.pairLastRow.ensure(pair + 1);
    const last = this.pairLastRow.get(pair);
    if (last === IRREGULAR) return;
    const runsOn = typeof nonce === 'number' && (last === 0 || nonce === Number(this.nonceValue(last - 1)) + 1);
    this.pairLastRow.set(pair, runsOn ? row + 1 : IRREGULAR);
  }

  private noteSeed(seedId: number, seed: string, pair: number): void {
    this.seedFirstPair.ensure(this.commitments.size);
    this.seedOrdinal.ensure(this.commitments.size);
    const first = this.seedFirstPair.get(seedId);
    if (first === 0) {
      this.seedFirstPair.set(seedId, pair + 1);
      this.seedOrdinal.set(seedId, this.seedsShown++);
      return;
    }
    if (first - 1 === pair) return;
    const use = this.useKey(pair);
    const contested = this.contested.get(seedId);
    if (contested !== undefined) {
      if (!contested.uses.has(use)) contested.uses.set(use, pair);
      return;
    }
    const firstUse = this.useKey(first - 1);
    if (use !== firstUse) {
      this.contested.set(seedId, { seed, ordinal: this.seedOrdinal.get(seedId), uses: new Map([[firstUse, first - 1], [use, pair]]) });
    }
  }

  /** A seed's use: the core's key of the seed pair it was shown in (seedUseKey), as the core's audit tells uses apart. */
  private useKey(pair: number): string {
    const { commitmentId, clientSeed } = this.pairParts(pair);
    return seedUseKey(this.commitments.hex(commitmentId), clientSeed);
  }

  private pairParts(pair: number): PairParts {
    const key = this.pairs.text(pair);
    const commitmentId = ((key.charCodeAt(0) << 16) | key.charCodeAt(1)) >>> 0;
    return key.charCodeAt(2) === 0 ? { commitmentId } : { commitmentId, clientSeed: key.slice(3) };
  }

  // ---- at the end -------------------------------------------------------------------------------

  /** Gaps, repeats and conflicts of the pairs whose nonces did not simply run on, in order of first appearance. */
  private nonceFindings(): Finding[] {
    const rows: number[] = [];
    for (let row = 0; row < this.rowPair.length; row++) {
      const pair = this.rowPair.get(row);
      if (pair < this.pairLastRow.length && this.pairLastRow.get(pair) === IRREGULAR) rows.push(row);
    }
    if (rows.length === 0) return [];
    const order = Uint32Array.from(rows).sort((a, b) => this.rowPair.get(a) - this.rowPair.get(b) || this.compareNonces(a, b) || a - b);
    const perPair: { firstRow: number; findings: Finding[] }[] = [];
    for (let start = 0; start < order.length; ) {
      let end = start + 1;
      while (end < order.length && this.rowPair.get(order[end]!) === this.rowPair.get(order[start]!)) end++;
      perPair.push(this.pairFindings(order.subarray(start, end)));
      start = end;
    }
    return perPair.sort((a, b) => a.firstRow - b.firstRow).flatMap((p) => p.findings);
  }

  /** The findings of one pair from its rows, sorted by nonce and then input order. */
  private pairFindings(rows: Uint32Array): { firstRow: number; findings: Finding[] } {
    const pair = this.rowPair.get(rows[0]!);
    const { commitmentId, clientSeed = '' } = this.pairParts(pair);
    const commitment = this.commitments.hex(commitmentId);
    const missing: NonceRange[] = [];
    const repeated: Finding[] = [];
    let firstRow = rows[0]!;
    for (let start = 0; start < rows.length; ) {
      let end = start + 1;
      while (end < rows.length && this.compareNonces(rows[start]!, rows[end]!) === 0) end++;
      for (let i = start; i < end; i++) firstRow = Math.min(firstRow, rows[i]!);
      if (start > 0) {
        const before = this.nonceAt(rows[start - 1]!);
        const after = this.nonceAt(rows[start]!);
        const skipped = skippedNonces(before, after);
        if (skipped !== undefined) missing.push(skipped);
      }
      if (end - start > 1) {
        const entries: NonceEntry[] = [];
        for (let i = start; i < end; i++) entries.push(this.entryAt(rows[i]!));
        const finding = sameNonceFinding(commitment, clientSeed, this.nonceAt(rows[start]!), entries);
        if (finding) repeated.push(finding);
      }
      start = end;
    }
    const gap = nonceGapFinding(commitment, clientSeed, missing, this.nonceAt(rows[0]!), this.nonceAt(rows.at(-1)!), []);
    return { firstRow, findings: gap ? [gap, ...repeated] : repeated };
  }

  /** Rounds whose result was first seen after their commitment's seed was revealed, by commitment in order of the first such round. */
  private lateFindings(): Finding[] {
    const late = new Map<number, number[]>();
    for (let row = 0; row < this.latePair.length; row++) {
      const { commitmentId } = this.pairParts(this.latePair.get(row));
      const revealed = commitmentId < this.revealedAt.length ? this.revealedAt.get(commitmentId) : NaN;
      if (!resultAfterReveal(revealed, this.lateResultAt.get(row))) continue;
      const rows = late.get(commitmentId) ?? [];
      late.set(commitmentId, rows);
      rows.push(row);
    }
    return [...late].map(([commitmentId, rows]) => {
      const clientSeeds = rows.map((row) => this.pairParts(this.latePair.get(row)).clientSeed);
      const nonces = sortedDistinct(rows.flatMap((row) => this.nonceOfCode(this.lateNonce.get(row)) ?? []));
      return lateRoundsFinding(this.commitments.hex(commitmentId), this.revealedAt.get(commitmentId), clientSeeds, nonces, rows.length, []);
    });
  }

  /** Seeds shown in more than one seed pair, in order of the seed's first appearance. */
  private seedFindings(): Finding[] {
    if (this.contested.size === 0) return [];
    // The nonces of each use, from the rows that showed the seed.
    const nonces = new Map<number, Map<string, bigint[]>>();
    for (let row = 0; row < this.rowPair.length; row++) {
      if (this.rowGame.get(row) % 2 === 0) continue;
      const seedId = this.rowOtherSeed.get(row) ?? this.pairParts(this.rowPair.get(row)).commitmentId;
      if (!this.contested.has(seedId)) continue;
      const ofSeed = nonces.get(seedId) ?? new Map<string, bigint[]>();
      nonces.set(seedId, ofSeed);
      const use = this.useKey(this.rowPair.get(row));
      const list = ofSeed.get(use) ?? [];
      ofSeed.set(use, list);
      list.push(this.nonceAt(row));
    }
    const findings: Finding[] = [];
    for (const [seedId, { seed, uses }] of [...this.contested].sort((a, b) => a[1].ordinal - b[1].ordinal)) {
      const described: SeedUse[] = [...uses].map(([use, pair]) => {
        const { commitmentId, clientSeed } = this.pairParts(pair);
        return { commitment: this.commitments.hex(commitmentId), clientSeed, nonces: rangesOf(sortedDistinct(nonces.get(seedId)?.get(use) ?? [])) };
      });
      const finding = seedReuseFinding(seed, this.commitments.hex(seedId), described, []);
      if (finding) findings.push(finding);
    }
    return findings;
  }

  // ---- rows -------------------------------------------------------------------------------------

  private entryAt(row: number): NonceEntry {
    const game = this.gameNames[Math.floor(this.rowGame.get(row) / 2)]!;
    // The outcome is kept as canonical text already (audit-entry.ts), so it is given without the game's name.
    return { game: auditGameId(game), source: { result: this.outcomes.text(this.rowOutcome.get(row)) } };
  }

  private nonceValue(row: number): number | bigint {
    const value = this.rowNonce.get(row);
    return value === WIDE_NONCE ? this.bigRowNonces.get(row)! : value;
  }

  private nonceAt(row: number): bigint {
    return BigInt(this.nonceValue(row));
  }

  private nonceOfCode(code: number): bigint | undefined {
    if (Number.isNaN(code)) return undefined;
    return code >= 0 ? BigInt(code) : this.bigNonces[-code - 1]!;
  }

  private compareNonces(a: number, b: number): number {
    const x = this.rowNonce.get(a);
    const y = this.rowNonce.get(b);
    if (x !== WIDE_NONCE && y !== WIDE_NONCE) return x - y;
    const [p, q] = [this.nonceValue(a), this.nonceValue(b)];
    return p < q ? -1 : p > q ? 1 : 0;
  }
}

/** A pair's key: the commitment id in two code units, then 0 for no client seed or 1 and the client seed. */
function pairKey(commitmentId: number, clientSeed: string | null): string {
  const id = String.fromCharCode(commitmentId >>> 16, commitmentId & 0xffff);
  return clientSeed === null ? `${id}\u0000` : `${id}\u0001${clientSeed}`;
}

/** The audit's nonce (core/audit.ts, auditNonce) as a number when exact, else as a bigint. */
function nonceOf(text: string | null): number | bigint | undefined {
  if (text === null) return undefined;
  // Most nonces are a few digits: no bigint needed to read them.
  if (text.length <= 15 && /^\d+$/.test(text)) return Number(text);
  const nonce = auditNonce(text);
  return nonce === undefined ? undefined : nonce <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(nonce) : nonce;
}

function sortedDistinct(nonces: bigint[]): bigint[] {
  return [...new Set(nonces)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
