// Loads test/fixtures/reference-vectors.json: rounds computed by the casino's published procedure
// as its own verifier programs run it (scripts/make-vectors.ts writes the file; docs/design.md has
// the procedure). The truth the core is checked against.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface ReferenceRound {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  commitment: string;
  roundSignature: string;
  roulette: { european: string; american: string };
  keno: number[];
}

export const VECTORS_URL = new URL('../fixtures/reference-vectors.json', import.meta.url);
export const VECTORS_PATH = fileURLToPath(VECTORS_URL);

let cached: ReferenceRound[] | undefined;

/** Every reference round, checked to have the documented shape (read once per test file). */
export function loadReferenceRounds(): ReferenceRound[] {
  cached ??= readReferenceRounds();
  return cached;
}

function readReferenceRounds(): ReferenceRound[] {
  const data: unknown = JSON.parse(readFileSync(VECTORS_URL, 'utf8'));
  if (!Array.isArray(data) || data.length === 0) throw new Error(`${VECTORS_PATH}: expected a non-empty array`);
  return data.map((entry, i) => {
    const e = entry as ReferenceRound;
    const ok =
      typeof e.serverSeed === 'string' &&
      typeof e.clientSeed === 'string' &&
      typeof e.nonce === 'number' &&
      /^[0-9a-f]{64}$/.test(e.commitment) &&
      /^[0-9a-f]{64}$/.test(e.roundSignature) &&
      typeof e.roulette?.european === 'string' &&
      typeof e.roulette?.american === 'string' &&
      Array.isArray(e.keno) &&
      e.keno.length === 10;
    if (!ok) throw new Error(`${VECTORS_PATH}: entry ${i} does not have the documented shape`);
    return e;
  });
}
