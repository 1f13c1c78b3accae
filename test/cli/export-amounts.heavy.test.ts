// An export with stakes, payouts and multipliers (and keno picks) goes through `fair-witness verify`
// like any other: the CLI recomputes the rounds and is not thrown by the extra fields. The CLI is
// bundled into a temporary directory (not dist/, which other builds own) and run as a child process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mergeClaim } from '../../src/background/merge.js';
import { exportedRoundOf } from '../../src/background/rows.js';
import { verifyRecord } from '../../src/background/verify-record.js';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFile } from '../../src/core/index.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { revealedClaim, vector } from '../background/fixtures.js';
import { REPO_ROOT } from './vectors.js';

vi.setConfig({ testTimeout: 120_000 });
let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'fair-witness-export-amounts-'));
  const { buildCli } = (await import(pathToFileURL(path.join(REPO_ROOT, 'scripts', 'build-cli.mjs')).href)) as { buildCli: (o: { outdir: string }) => Promise<string> };
  bundle = await buildCli({ outdir: path.join(dir, 'cli') });
}, 120_000);
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function verify(file: string) {
  const runner = `const { main } = await import(${JSON.stringify(pathToFileURL(bundle).href)}); process.exitCode = await main(process.argv.slice(1));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', runner, 'verify', '--json', file], { encoding: 'utf8', env: { ...process.env, FAIR_WITNESS_THREADS: '' } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function stored(claim: CapturedClaim, seq: number) {
  const record = mergeClaim(undefined, claim, 1_700_000_000_000, seq);
  return { ...record, verdict: verifyRecord(record).verdict };
}

describe('export with stakes and payouts', () => {
  it('carries the amounts and picks, and the CLI verifies every round of it', () => {
    const keno: CapturedClaim = { ...revealedClaim(vector(0), 'Keno'), picks: ['3', '17', '40'], stake: '1.00', payout: '3.10', multiplier: '3.1' };
    const roulette: CapturedClaim = { ...revealedClaim(vector(1), 'European Roulette'), stake: '2.50', payout: '0.00', multiplier: '0' };
    const rounds = [stored(keno, 1), stored(roulette, 2)].map(exportedRoundOf);
    expect(rounds[0]).toMatchObject({ game: 'keno', picks: ['3', '17', '40'], stake: '1.00', payout: '3.10', multiplier: '3.1', verdict: 'verified' });
    expect(rounds[1]).toMatchObject({ game: 'roulette-european', stake: '2.50', payout: '0.00', multiplier: '0', verdict: 'verified' });

    const file: ExportFile = { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: '2026-01-01T00:00:00.000Z', rounds };
    const written = path.join(dir, 'export.json');
    writeFileSync(written, JSON.stringify(file, null, 2));
    const result = verify(written);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.summary).toMatchObject({ verified: 2, mismatch: 0, invalid: 0 });
    for (const round of output.rounds) expect(round.reasons ?? []).toEqual([]);
  });
});
