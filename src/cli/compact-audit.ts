// The cross-round audit of `verify`, kept compact: the same findings as the core's auditRounds
// (core/audit.ts) over the same rounds, without an object per round. Strings become small ids in
// typed-array tables; each round that has a nonce leaves one row of five numbers (its seed pair,
// nonce, game, outcome code and server seed); a seed pair whose nonces so far run 1, 2, 3… without
// a break is marked regular and needs no more look at the end. Findings are worded by the core's
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
  sameNonceFinding,
  seedReuseFinding,
  type Finding,
  type NonceEntry,
  type NonceRange,
  type SeedUse,
} from '../core/index.js';
import type { AuditEntry } from './audit-entry.js';
import { Float64Column, Uint32Column, Uint8Column } from './growable-column.js';
import { HexKeyTable } from './hex-key-table.js';
import { IdPairTable } from './id-pair-table.js';
import { OutcomeCodes } from './outcome-codes.js';
import { TextKeyTable } from './text-key-table.js';

/** No id (a round without a client seed, a row without a server seed). */
const NONE = 0xffff_ffff;

/** A seed pair's nonces so far: none, a run n, n+1, n+2… in the order seen, or anything else. */
const NEW = 0;
const REGULAR = 1;
const IRREGULAR = 2;

export class CompactAudit {
  private readonly commitments = new HexKeyTable();
  private readonly clientSeeds = new TextKeyTable();
  /** (commitment id, client seed id or NONE) → pair id: seed pairs, and rounds with a commitment but no client seed. */
  private readonly pairs = new IdPairTable();
  private readonly games = new Map<string, number>();
  private readonly gameNames: string[] = [];
  private readonly outcomes = new OutcomeCodes();

  // Per pair id.
  private readonly pairState = new Uint8Column(NEW);
  private readonly pairLastNonce = new Float64Column(0);

  // One row per round with a commitment and a nonce, in input order. A nonce is its number up to
  // 2^53 − 1; above, −(k + 1) for bigNonces[k].
  private readonly rowPair = new Uint32Column(0);
  private readonly rowNonce = new Float64Column(0);
  private readonly rowGame = new Uint32Column(0);
  private readonly rowOutcome = new Float64Column(0);
  private readonly rowSeed = new Uint32Column(0);
  private readonly bigNonces: bigint[] = [];

  // Per commitment id. A server seed is known by its commitment (the hash it has), so by an id here.
  /** When the commitment's server seed was first shown (NaN: never with a time). */
  private readonly revealedAt = new Float64Column(NaN);
  /** The first pair the seed was shown in, as pair id + 1 (0: the seed was not shown). */
  private readonly seedFirstPair = new Uint32Column(0);
  /** Order in which seeds were first shown, for the order of findings. */
  private readonly seedOrdinal = new Uint32Column(0);
  private seedsShown = 0;
  /** Seeds shown in more than one pair: their text and the first pair of each use (one use: a commitment and a client seed, none counting as ""). */
  private readonly contested = new Map<number, { seed: string; ordinal: number; uses: Map<string, number> }>();

  // One row per round with a commitment and a time its result was seen, in input order.
  private readonly latePair = new Uint32Column(0);
  private readonly lateNonce = new Float64Column(0);
  private readonly lateResultAt = new Float64Column(0);

  add(entry: AuditEntry | null | undefined): void {
    if (!entry) return;
    const [game, commitment, clientSeed, nonceText, outcome, serverSeed, resultAt, serverSeedAt, seedCommitment] = entry;
    // Every check is about a commitment: a round without one has nothing to add.
    if (commitment === null) return;
    const commitmentId = this.commitments.id(commitment);
    const clientSeedId = clientSeed === null ? NONE : this.clientSeeds.id(clientSeed);
    const pair = this.pairs.id(commitmentId, clientSeedId);
    const nonce = nonceOf(nonceText);
    const nonceCode = nonce === undefined ? NaN : typeof nonce === 'number' ? nonce : -this.bigNonces.push(nonce);

    let seedId = NONE;
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
      this.rowPair.push(pair);
      this.rowNonce.push(nonceCode);
      this.rowGame.push(this.gameId(game));
      this.rowOutcome.push(this.outcomes.code(outcome));
      this.rowSeed.push(seedId);
      if (clientSeedId !== NONE) this.trackNonce(pair, nonce);
    }
    if (resultAt !== null) {
      this.latePair.push(pair);
      this.lateNonce.push(nonceCode);
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
  private trackNonce(pair: number, nonce: number | bigint): void {
    this.pairState.ensure(pair + 1);
    this.pairLastNonce.ensure(pair + 1);
    const state = this.pairState.get(pair);
    if (state === IRREGULAR) return;
    if (typeof nonce === 'number' && (state === NEW || nonce === this.pairLastNonce.get(pair) + 1)) {
      this.pairState.set(pair, REGULAR);
      this.pairLastNonce.set(pair, nonce);
    } else this.pairState.set(pair, IRREGULAR);
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

  /** A seed's use: its commitment and client seed, where no client seed and "" are one (as in the core). */
  private useKey(pair: number): string {
    const clientSeedId = this.pairs.second(pair);
    const client = clientSeedId === NONE || this.clientSeeds.isEmpty(clientSeedId) ? '' : String(clientSeedId);
    return `${this.pairs.first(pair)} ${client}`;
  }

  // ---- at the end -------------------------------------------------------------------------------

  /** Gaps, repeats and conflicts of the pairs whose nonces did not simply run on, in order of first appearance. */
  private nonceFindings(): Finding[] {
    const rows: number[] = [];
    for (let row = 0; row < this.rowPair.length; row++) {
      const pair = this.rowPair.get(row);
      if (this.pairs.second(pair) !== NONE && this.pairState.get(pair) === IRREGULAR) rows.push(row);
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
    const commitment = this.commitments.hex(this.pairs.first(pair));
    const clientSeed = this.clientSeeds.text(this.pairs.second(pair));
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
        if (after - before > 1n) missing.push([before + 1n, after - 1n]);
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
      const commitmentId = this.pairs.first(this.latePair.get(row));
      const revealed = commitmentId < this.revealedAt.length ? this.revealedAt.get(commitmentId) : NaN;
      if (!(revealed < this.lateResultAt.get(row))) continue;
      const rows = late.get(commitmentId) ?? [];
      late.set(commitmentId, rows);
      rows.push(row);
    }
    return [...late].map(([commitmentId, rows]) => {
      const clientSeedIds = rows.map((row) => this.pairs.second(this.latePair.get(row)));
      const texts = new Set(clientSeedIds.map((id) => (id === NONE ? '' : this.clientSeeds.text(id))));
      const clientSeed = texts.size === 1 && clientSeedIds[0] !== NONE ? this.clientSeeds.text(clientSeedIds[0]!) : undefined;
      const nonces = sortedDistinct(rows.flatMap((row) => this.nonceOfCode(this.lateNonce.get(row)) ?? []));
      return lateRoundsFinding(this.commitments.hex(commitmentId), this.revealedAt.get(commitmentId), clientSeed, nonces, rows.length, []);
    });
  }

  /** Seeds shown in more than one seed pair, in order of the seed's first appearance. */
  private seedFindings(): Finding[] {
    if (this.contested.size === 0) return [];
    // The nonces of each use, from the rows that showed the seed.
    const nonces = new Map<number, Map<string, bigint[]>>();
    for (let row = 0; row < this.rowSeed.length; row++) {
      const seedId = this.rowSeed.get(row);
      if (seedId === NONE || !this.contested.has(seedId)) continue;
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
        const clientSeedId = this.pairs.second(pair);
        return {
          commitment: this.commitments.hex(this.pairs.first(pair)),
          clientSeed: clientSeedId === NONE ? undefined : this.clientSeeds.text(clientSeedId),
          nonces: rangesOf(sortedDistinct(nonces.get(seedId)?.get(use) ?? [])),
        };
      });
      const finding = seedReuseFinding(seed, this.commitments.hex(seedId), described, []);
      if (finding) findings.push(finding);
    }
    return findings;
  }

  // ---- rows -------------------------------------------------------------------------------------

  private entryAt(row: number): NonceEntry {
    const game = this.gameNames[this.rowGame.get(row)]!;
    return { game: auditGameId(game), source: { game, result: this.outcomes.text(this.rowOutcome.get(row)) } };
  }

  private nonceAt(row: number): bigint {
    return this.nonceOfCode(this.rowNonce.get(row))!;
  }

  private nonceOfCode(code: number): bigint | undefined {
    if (Number.isNaN(code)) return undefined;
    return code >= 0 ? BigInt(code) : this.bigNonces[-code - 1]!;
  }

  private compareNonces(a: number, b: number): number {
    const x = this.rowNonce.get(a);
    const y = this.rowNonce.get(b);
    if (x >= 0 && y >= 0) return x - y;
    // A big nonce is above every number kept as one.
    if (x >= 0) return -1;
    if (y >= 0) return 1;
    const [p, q] = [this.bigNonces[-x - 1]!, this.bigNonces[-y - 1]!];
    return p < q ? -1 : p > q ? 1 : 0;
  }
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
