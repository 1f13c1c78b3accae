// npm run bench:seal [-- --rounds N]: what sealing costs an export and an import of N rounds
// (default 100 000), without the store: the popup's writeExport and importFile on an in-memory
// worker, each unsealed beside sealed, plus the worker's own hashing of every chunk again. The
// store's merge (about 1 ms a round today, issue #24) is the same either way and left out.
import { SEAL_ALGORITHM, SEAL_SCHEME, ChainChecker, type ExportSeal } from '../src/core/export-seal.js';
import type { ExportedRound } from '../src/core/index.js';
import { writeExport, type ExportPageFetcher } from '../src/popup/export.js';
import { IMPORT_CHUNK, importFile } from '../src/popup/import-file.js';
import type { ImportReport } from '../src/shared/messages.js';

const arg = process.argv.indexOf('--rounds');
const N = arg > 0 ? Number(process.argv[arg + 1]) : 100_000;

/** A verified, witnessed keno round as the worker exports it. */
const round = (i: number): ExportedRound => ({
  game: 'keno',
  serverSeed: 'f'.repeat(64),
  commitment: 'c'.repeat(64),
  clientSeed: 'my-own-client-seed',
  nonce: String(i + 1),
  result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
  picks: ['1', '2', '3'],
  stake: '1.00',
  payout: '0.00',
  observedAt: { game: 1.7e12 + i, commitment: 1.7e12, clientSeed: 1.7e12, nonce: 1.7e12 + i, result: 1.7e12 + i, serverSeed: 1.8e12 },
  witnessJudgement: 'bound-before-bet',
  verdict: 'verified',
  level: 'witnessed',
  levelReason: 'bound-before-bet',
  expected: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
});
const rounds = Array.from({ length: N }, (_, i) => round(i));
const pages: ExportPageFetcher = async (after, limit) => {
  const from = after ?? 0;
  const page = rounds.slice(from, from + limit);
  return { total: N, rounds: page, last: page.length > 0 ? from + page.length : undefined };
};
const fakeSeal = async (count: number, exportedAt: string, chain: string): Promise<ExportSeal> => ({ scheme: SEAL_SCHEME, algorithm: SEAL_ALGORITHM, installId: '2f1c0a7e-0000-4000-8000-000000000001', count, exportedAt, chain, mac: '0'.repeat(64) });

async function exported(sealed: boolean): Promise<{ ms: number; file: Blob }> {
  const parts: string[] = [];
  const t = performance.now();
  await writeExport('json', pages, new Date(), (text) => parts.push(text), undefined, sealed ? fakeSeal : undefined);
  return { ms: performance.now() - t, file: new Blob(parts) };
}

async function imported(file: Blob, sealed: boolean): Promise<number> {
  let states: string[] = [];
  const send = async (chunk: unknown[], seal?: { chunk: number }): Promise<ImportReport> => {
    // The worker hashes every sealed chunk again (background/seal-key.ts isSealedChunk).
    if (seal !== undefined) {
      const checker = ChainChecker.from(states[seal.chunk]!, seal.chunk * IMPORT_CHUNK);
      for (const each of chunk) checker.add(each);
      if (checker.chainState !== states[seal.chunk + 1]) throw new Error('chunk does not match');
    }
    return { added: chunk.length, updated: 0, known: 0, refused: [] };
  };
  const t = performance.now();
  const outcome = await importFile(file, send, undefined, sealed ? { check: async (_seal, _rounds, given) => ((states = given), { kind: 'this-install', ticket: 't' }), done: async () => undefined } : undefined);
  if (!outcome.ok) throw new Error(JSON.stringify(outcome));
  return performance.now() - t;
}

const plain = await exported(false);
const sealed = await exported(true);
const per = (ms: number) => `${ms.toFixed(0)} ms (${((ms * 1000) / N).toFixed(1)} µs/round)`;
console.log(`${N} rounds`);
console.log(`export JSON, unsealed: ${per(plain.ms)}, ${(plain.file.size / N).toFixed(0)} B/round`);
console.log(`export JSON, sealed:   ${per(sealed.ms)}, ${(sealed.file.size / N).toFixed(0)} B/round`);
console.log(`import (reading and sending, no store), unsealed file: ${per(await imported(plain.file, false))}`);
console.log(`import, sealed file (two readings and the worker's hashing): ${per(await imported(sealed.file, true))}`);
