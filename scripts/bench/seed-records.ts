// The records of a large store, built by the worker's own code: mergeClaim (background/merge.ts)
// folds each round's claim into a record, verifyRecord (background/verify-record.ts) recomputes it,
// addToTally (background/tally.ts) moves the kept counts, and the index keys are the ones store.ts
// adds (rank, order = −seq). So what ext-seed.mjs writes is what the worker writes for the same
// sightings, minus the message path and the per-round witness judgement (these rounds carry no
// panel sighting before the bet, so the worker would find none either). Seed pairs are what a
// reveal leaves in `commitments`; `seq`, `games`, `pairs` and `tally` of `meta` move with them.
//
// Built in Node, where the core's hash backend is swapped for node:crypto's native Keccak
// (src/cli/node-hash-backend.ts, tested against @noble/hashes on the reference vectors): the
// same SHA3-256 and SHAKE256, ~10× faster, so a million rounds take seconds, not minutes.
//
// The rounds are played with the core's procedure (computeRound) on made-up seeds, a mix like a
// heavy auto-bet player's: 45 % European, 15 % American roulette, 40 % keno with 1–10 picks,
// stakes and payouts from the demo casino's paytable, seed pairs of 50–1500 rounds, three rounds
// in a thousand shown with a false outcome (mismatches), the last pair unrevealed (pending).
import { computeRound, gameById, nobleBackend, type SupportedGameId } from '../../src/core/index.js';
import { nodeBackend } from '../../src/cli/node-hash-backend.js';
import { mergeClaim } from '../../src/background/merge.js';
import { STATUS_RANK } from '../../src/background/index-rank.js';
import type { CommitmentSighting, StoredRound, Tally } from '../../src/background/schema.js';
import { addToTally, emptyTally } from '../../src/background/tally.js';
import { verifyRecord } from '../../src/background/verify-record.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { multiplierOf, payoutOf } from '../demo-casino/paytable.js';
import { prng } from './ext-rounds.mjs';

Object.assign(nobleBackend, { sha3_256Hex: nodeBackend.sha3_256Hex, shake256: nodeBackend.shake256 });

const GAME_NAMES: Record<SupportedGameId, string> = { 'roulette-european': 'European Roulette', 'roulette-american': 'American Roulette', keno: 'Keno' };
const STAKES = ['0.10', '0.50', '1.00', '2.00', '5.00'];

/** What `meta` holds about the rounds: the seeder continues from the store's own. */
export interface SeedMeta {
  seq: number;
  tally: Tally;
  games: string[];
  pairs: number;
}

export interface SeedBatch {
  rounds: StoredRound[];
  sightings: CommitmentSighting[];
  /** `meta` once this batch is stored. */
  meta: SeedMeta;
}

/** `count` new rounds after what `meta` says the store holds, in batches of `batchSize`. */
export function* seedBatches(count: number, meta: Partial<SeedMeta> = {}, batchSize = 10_000, seedNumber = 20240611): Generator<SeedBatch> {
  const random = prng(seedNumber);
  const hex = (length: number) => Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
  let seq = meta.seq ?? 0;
  const tally = structuredClone(meta.tally ?? emptyTally());
  const games = new Set(meta.games ?? []);
  let pairs = meta.pairs ?? 0;
  const start = Date.now() - count * 20_000;
  let made = 0;
  let rounds: StoredRound[] = [];
  let sightings: CommitmentSighting[] = [];
  const batch = (): SeedBatch => {
    const out = { rounds, sightings, meta: { seq, tally: structuredClone(tally), games: [...games].sort(), pairs } };
    rounds = [];
    sightings = [];
    return out;
  };
  while (made < count) {
    const size = Math.min(count - made, 50 + Math.floor(random() * 1450));
    const last = made + size >= count;
    const serverSeed = hex(64);
    const clientSeed = hex(16);
    const commitment = nobleBackend.sha3_256Hex(serverSeed);
    const seenAt = start + made * 20_000 - 5_000;
    const revealedAt = start + (made + size) * 20_000;
    sightings.push(last ? { commitment, firstSeenAt: seenAt } : { commitment, firstSeenAt: seenAt, revealedSeed: serverSeed, revealedAt });
    pairs++;
    for (let nonce = 1; nonce <= size; nonce++) {
      const roll = random();
      const gameId: SupportedGameId = roll < 0.45 ? 'roulette-european' : roll < 0.6 ? 'roulette-american' : 'keno';
      let picks: number[] | null = null;
      if (gameId === 'keno') {
        const pool = Array.from({ length: 40 }, (_, n) => n + 1);
        picks = Array.from({ length: 1 + Math.floor(random() * 10) }, () => pool.splice(Math.floor(random() * pool.length), 1)[0]!);
      }
      let shown = computeRound(gameById(gameId), serverSeed, clientSeed, nonce, { trace: false }).outcome;
      // Three rounds in a thousand shown with a false outcome: one number swapped for one not drawn.
      if (random() < 0.003) {
        if (Array.isArray(shown)) {
          const drawn = shown;
          shown = [...drawn.slice(1), Array.from({ length: 40 }, (_, n) => n + 1).find((n) => !drawn.includes(n))!].sort((a, b) => a - b);
        } else shown = shown === '7' ? '8' : '7';
      }
      const stake = STAKES[Math.floor(random() * STAKES.length)]!;
      const multiplier = multiplierOf(gameId, shown, picks);
      const playedAt = start + (made + nonce - 1) * 20_000;
      const claim: CapturedClaim = {
        source: 'dom',
        game: GAME_NAMES[gameId],
        commitment,
        clientSeed,
        nonce: String(nonce),
        result: Array.isArray(shown) ? shown.map(String) : shown,
        stake,
        multiplier,
        payout: payoutOf(stake, multiplier),
        observedAt: { game: playedAt, commitment: seenAt, clientSeed: playedAt, nonce: playedAt, result: playedAt },
      };
      if (picks) claim.picks = picks.map(String);
      if (!last) {
        claim.serverSeed = serverSeed;
        claim.observedAt.serverSeed = revealedAt;
      }
      seq++;
      const record = mergeClaim(undefined, claim, last ? playedAt : revealedAt, seq);
      record.verdict = verifyRecord(record).verdict;
      addToTally(tally, record, 1);
      games.add(record.gameId);
      rounds.push({ ...record, rank: STATUS_RANK[record.verdict.status], order: -record.seq });
      made++;
      if (rounds.length >= batchSize) yield batch();
    }
  }
  if (rounds.length > 0 || sightings.length > 0) yield batch();
}
