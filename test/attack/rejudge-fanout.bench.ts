// Red team, worker level, a measurement (not a test: no wall-clock assertions): how much store work
// one panel-state claim of a pair costs when 16 rounds are noted on the pair for judging again
// (MAX_ACCUSED), each with the evidence the store reads at its limits around its bet (16 other
// commitments, 32 states each). Run: npx tsx test/attack/rejudge-fanout.bench.ts
import 'fake-indexeddb/auto';
import { storeClaims } from '../../src/background/store.js';
import { computeRound, gameById } from '../../src/core/index.js';
import type { CapturedClaim } from '../../src/shared/records.js';

const KENO = gameById('keno')!;
const T = 1_700_000_000_000;
const pair = (name: string) => {
  const serverSeed = `server-seed-${name}`;
  return { serverSeed, commitment: computeRound(KENO, serverSeed, 'x', 1).commitment };
};
type Pair = ReturnType<typeof pair>;
const panel = (p: Pair, clientSeed: string, nonce: number, at: number): CapturedClaim => ({
  source: 'dom', game: 'Keno', commitment: p.commitment, clientSeed, nonce: String(nonce), observedAt: { game: at, commitment: at, clientSeed: at, nonce: at },
});
const outcome = (p: Pair, clientSeed: string, nonce: number, at: number, actedAt: number): CapturedClaim => ({
  source: 'json', game: 'Keno', commitment: p.commitment, clientSeed, nonce: String(nonce),
  result: (computeRound(KENO, p.serverSeed, clientSeed, nonce).outcome as number[]).map(String),
  observedAt: { game: at, commitment: at, clientSeed: at, nonce: at, result: at }, actedAt,
});

async function run(accusedRounds: number, others: number, changes: number): Promise<number> {
  const c1 = pair(`fan-c1-${accusedRounds}-${others}`);
  const rivals = Array.from({ length: others }, (_, i) => pair(`fan-r-${accusedRounds}-${i}`));
  // The rivals' states, 32 each, for client seed cs, just before C1's: read for every judgement.
  const evidence: CapturedClaim[] = rivals.flatMap((r, i) => Array.from({ length: 32 }, (_, n) => panel(r, 'cs', 100 + n, T + i * 0.01 + n * 0.0001)));
  await storeClaims(evidence, T + 1);
  await storeClaims([panel(c1, 'cs', 5, T + 2)], T + 3);
  // 16 rounds on pairs first shown after their bet (never shown: no-commitment), each pending on C1.
  for (let i = 0; i < accusedRounds; i++) {
    const other = pair(`fan-o-${accusedRounds}-${others}-${i}`);
    await storeClaims([outcome(other, 'cs', 5, T + 20 + i, T + 10)], T + 21 + i);
  }
  const started = performance.now();
  for (let n = 0; n < changes; n++) await storeClaims([panel(c1, `cs-${n}`, 0, T + 1000 + n)], T + 1001 + n);
  return (performance.now() - started) / changes;
}

for (const [accused, others] of [[0, 16], [16, 16]] as const) {
  const ms = await run(accused, others, 30);
  console.log(`${accused} rounds noted on the pair, ${others} other commitments x 32 states: ${ms.toFixed(1)} ms per panel claim of the pair`);
}
