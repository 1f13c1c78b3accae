// Realistic stored rounds for the popup benchmark: played by the demo casino's own engine
// (scripts/demo-casino/casino-state.ts, Node crypto, not src/core), then turned into the claims the
// content script sends for them — the seed-pair panel's commitment first, then each round as the
// history shows it once its pair is revealed. A mix like a long-time player's: European and American
// roulette and keno, seed pairs of 50–1500 rounds, the last pair still unrevealed (pending), a few
// rounds shown with a wrong result and one pair revealed with a swapped seed (mismatches).
import { CasinoState } from '../demo-casino/casino-state.ts';

const GAME_NAMES = { 'roulette-european': 'European Roulette', 'roulette-american': 'American Roulette', keno: 'Keno' };

/** A small deterministic PRNG (mulberry32), so every run stores the same rounds. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * @param {number} count rounds
 * @returns {{ pairs: object[], rounds: object[], claims: object[], expected: Record<string, number> }}
 */
export function playRounds(count, seed = 'bench-ext') {
  const random = prng(20240611);
  const casino = new CasinoState(seed);
  const pairSizes = [];
  let left = count;
  while (left > 0) {
    const size = Math.min(left, 50 + Math.floor(random() * 1450));
    pairSizes.push(size);
    left -= size;
  }
  pairSizes.forEach((size, index) => {
    const last = index === pairSizes.length - 1;
    // One pair in forty is revealed with another seed: every round of it is a mismatch.
    const swapPair = !last && index % 40 === 17;
    for (let i = 0; i < size; i++) {
      const roll = random();
      const game = roll < 0.45 ? 'roulette-european' : roll < 0.6 ? 'roulette-american' : 'keno';
      let picks;
      if (game === 'keno') {
        const pool = Array.from({ length: 40 }, (_, n) => n + 1);
        picks = Array.from({ length: 1 + Math.floor(random() * 10) }, () => pool.splice(Math.floor(random() * pool.length), 1)[0]);
      }
      // Three rounds in a thousand are shown with a false outcome.
      casino.setCheat(random() < 0.003 ? 'wrong-result' : 'none');
      casino.bet(game, picks);
    }
    if (!last) {
      casino.setCheat(swapPair ? 'swap-seed' : 'none');
      casino.rotate();
    }
  });
  casino.setCheat('none');
  const { seedPairs, rounds } = casino.snapshot();

  // Times as a content script would stamp them: the pair's commitment seen before its first
  // round, each round's result when played, the seed when revealed.
  const start = Date.now() - count * 20_000;
  const pairSeenAt = new Map();
  const claims = [];
  let roundIndex = 0;
  for (const pair of seedPairs) {
    const seenAt = start + roundIndex * 20_000 - 5_000;
    pairSeenAt.set(pair.index, seenAt);
    claims.push({ source: 'dom', commitment: pair.commitment, clientSeed: pair.clientSeed, nonce: '1', observedAt: { commitment: seenAt, clientSeed: seenAt, nonce: seenAt } });
    const ofPair = rounds.filter((round) => round.pairIndex === pair.index);
    const revealedAt = start + (roundIndex + ofPair.length) * 20_000;
    for (const round of ofPair) {
      const playedAt = start + roundIndex++ * 20_000;
      const outcome = Array.isArray(round.displayedOutcome) ? round.displayedOutcome.map(String) : round.displayedOutcome;
      const claim = {
        source: 'dom',
        game: GAME_NAMES[round.game],
        commitment: round.commitment,
        clientSeed: round.clientSeed,
        nonce: String(round.nonce),
        result: outcome,
        observedAt: { game: playedAt, commitment: pairSeenAt.get(pair.index), clientSeed: playedAt, nonce: playedAt, result: playedAt },
      };
      if (round.picks) claim.picks = round.picks.map(String);
      if (round.revealed) {
        claim.serverSeed = round.displayedServerSeed;
        claim.roundSignature = round.displayedRoundSignature;
        claim.observedAt.serverSeed = revealedAt;
        claim.observedAt.roundSignature = revealedAt;
      }
      claims.push(claim);
    }
  }
  const honest = (round) => round.displayedServerSeed === round.serverSeed && JSON.stringify(round.displayedOutcome) === JSON.stringify(round.trueOutcome);
  const expected = {
    rounds: rounds.length,
    pending: rounds.filter((round) => !round.revealed).length,
    verified: rounds.filter((round) => round.revealed && honest(round)).length,
    mismatch: rounds.filter((round) => round.revealed && !honest(round)).length,
  };
  return { pairs: seedPairs, rounds, claims, expected };
}

/** An "Export JSON" file of `count` rounds the demo casino's engine played (verdicts are the worker's to find again). */
export function exportFileOf(count, seed = 'bench-import') {
  const { rounds } = playRounds(count, seed);
  const exported = rounds.map((round) => {
    const entry = {
      game: round.game,
      commitment: round.commitment,
      clientSeed: round.clientSeed,
      nonce: String(round.nonce),
      result: Array.isArray(round.displayedOutcome) ? round.displayedOutcome : String(round.displayedOutcome),
      verdict: 'pending',
    };
    if (round.revealed) entry.serverSeed = round.displayedServerSeed;
    if (round.picks) entry.picks = round.picks.map(String);
    return entry;
  });
  return JSON.stringify({ format: 'fair-witness-export', version: 1, exportedAt: new Date().toISOString(), rounds: exported }, null, 1);
}
