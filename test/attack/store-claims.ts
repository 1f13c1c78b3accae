// Shared set-up for the red team's worker-level proofs of concept: claims as the content script
// sends them (keno, made-up pairs), stored through the real store on fake-indexeddb, and the
// database removed after each test.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach } from 'vitest';
import { DATABASE_NAME, storeClaims } from '../../src/background/store.js';
import { computeRound, gameById } from '../../src/core/index.js';
import type { CapturedClaim } from '../../src/shared/records.js';

export const T = 1_700_000_000_000;
const KENO = gameById('keno');

/** Registers the removal of the store after each test of the file that calls it. */
export const cleanStoreAfterEach = (): void =>
  afterEach(async () => {
    await deleteDB(DATABASE_NAME);
  });

export const pair = (name: string) => {
  const serverSeed = `server-seed-${name}`;
  return { serverSeed, commitment: computeRound(KENO, serverSeed, 'x', 1).commitment };
};
export type Pair = ReturnType<typeof pair>;

export const draw = (p: Pair, clientSeed: string, nonce: number): string[] => (computeRound(KENO, p.serverSeed, clientSeed, nonce).outcome as number[]).map(String);

/** The keno page's seed-pair panel: `p` for `clientSeed`, next nonce `nonce`, seen at `at`. */
export const panel = (p: Pair, clientSeed: string, nonce: number, at: number): CapturedClaim => ({
  source: 'dom',
  game: 'Keno',
  commitment: p.commitment,
  clientSeed,
  nonce: String(nonce),
  observedAt: { game: at, commitment: at, clientSeed: at, nonce: at },
});

/** The round's true outcome seen at `at`, credited with the action at `actedAt`. */
export const outcome = (p: Pair, clientSeed: string, nonce: number, at: number, actedAt?: number, source: CapturedClaim['source'] = 'dom'): CapturedClaim => ({
  source,
  game: 'Keno',
  commitment: p.commitment,
  clientSeed,
  nonce: String(nonce),
  result: draw(p, clientSeed, nonce),
  observedAt: { game: at, commitment: at, clientSeed: at, nonce: at, result: at },
  ...(actedAt === undefined ? {} : { actedAt }),
});

export const reveal = (p: Pair, at: number): CapturedClaim => ({ source: 'json', commitment: p.commitment, serverSeed: p.serverSeed, observedAt: { commitment: at, serverSeed: at } });

/** Stores each step (a claim or a batch) as the worker gets it, just after the latest time it shows. */
export async function play(...steps: (CapturedClaim | CapturedClaim[])[]): Promise<void> {
  for (const step of steps) {
    const batch = Array.isArray(step) ? step : [step];
    const at = Math.max(...batch.map((claim) => Math.max(...Object.values(claim.observedAt), claim.shownAgainAt ?? 0)));
    await storeClaims(batch, at + 1);
  }
}
