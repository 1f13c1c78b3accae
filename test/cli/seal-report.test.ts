// `fair-witness verify` on sealed exports: the chain is checked and each change named, the report
// says the seal itself can be checked only by the browser that made it, and files without a seal
// get no report (their output as before).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCommand } from '../../src/cli/verify-command.js';
import { SEAL_ALGORITHM, SEAL_SCHEME, SealChain, type ExportSeal } from '../../src/core/export-seal.js';
import { loadVectors } from './vectors.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fair-witness-seal-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FIXTURE = path.join(import.meta.dirname, '..', 'fixtures', 'export-v1.json');

async function verify(text: string, json = false): Promise<{ code: number; stdout: string }> {
  const file = path.join(dir, `f-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, text);
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  stdout.on('data', (chunk) => (out += chunk));
  stderr.resume();
  const code = await verifyCommand({ kind: 'verify', file, json }, { stdout, stderr, stdin: new PassThrough() });
  return { code, stdout: out };
}

/** A sealed export of `count` verified keno rounds, as the extension writes it (mac made up: no CLI can check it). */
function sealedFile(count = 4): { rounds: Record<string, unknown>[]; seal: ExportSeal } {
  const vectors = loadVectors();
  const chain = new SealChain();
  const rounds = vectors.slice(0, count).map((v) => {
    const round = { game: 'keno', serverSeed: v.serverSeed, commitment: v.commitment, clientSeed: v.clientSeed, nonce: String(v.nonce), result: v.keno, verdict: 'verified', level: 'witnessed', witnessJudgement: 'bound-before-bet', observedAt: { result: 1 } };
    return { ...round, link: chain.add(round) };
  });
  return { rounds, seal: { scheme: SEAL_SCHEME, algorithm: SEAL_ALGORITHM, installId: '2f1c0a7e-0000-4000-8000-000000000001', count: chain.count, exportedAt: '2026-12-03T12:00:00.000Z', chain: chain.chain, mac: 'a'.repeat(64) } };
}

const fileText = (file: { rounds: unknown[]; seal?: unknown }) => JSON.stringify({ format: 'fair-witness-export', version: 1, exportedAt: '2026-12-03T12:00:00.000Z', ...file }, null, 2);

describe('verify on a sealed export', () => {
  it('a chain that holds: said, with what it does not prove; the rounds judged as any file\'s (history)', async () => {
    const { stdout, code } = await verify(fileText(sealedFile()));
    expect(code).toBe(0);
    expect(stdout).toContain('Seal: HMAC-SHA-256 by browser install 2f1c0a7e-0000-4000-8000-000000000001. The chain over the 4 rounds holds');
    expect(stdout).toContain('anyone can rebuild the chain after a change');
    expect(stdout).toContain('can be checked only by the browser that made it');
    const json = JSON.parse((await verify(fileText(sealedFile()), true)).stdout);
    expect(json.seal).toEqual({ status: 'chain-holds', rounds: 4, installId: '2f1c0a7e-0000-4000-8000-000000000001', algorithm: 'HMAC-SHA-256', macChecked: false, breaks: [], breakCount: 0 });
    // A seal is no level: every round is history, the file's word beside it.
    expect(json.rounds.map((r: { level: string }) => r.level)).toEqual(['history', 'history', 'history', 'history']);
  });

  it('names each change: edited, dropped, reordered, duplicated, added, count, a chain given for other rounds', async () => {
    const { rounds, seal } = sealedFile();
    const [a, b, c, d] = rounds;
    const cases: [unknown[], unknown, string[]][] = [
      [[a, { ...b, payout: '9.00' }, c, d], seal, ['edited']],
      [[a, c, d], seal, ['missing', 'count']],
      [[a, c, b, d], seal, ['missing', 'out-of-order']],
      [[a, b, b, c, d], seal, ['duplicated', 'count']],
      [[a, b, c, d, { ...a, nonce: '77', link: undefined }], seal, ['added', 'count']],
      [rounds, { ...seal, count: 5 }, ['missing', 'count']],
      [rounds, { ...seal, chain: 'b'.repeat(64) }, ['chain']],
    ];
    for (const [list, withSeal, kinds] of cases) {
      const json = JSON.parse((await verify(fileText({ rounds: list, seal: withSeal }), true)).stdout);
      expect(json.seal.status).toBe('chain-broken');
      expect(json.seal.breaks.map((found: { kind: string }) => found.kind)).toEqual(kinds);
    }
    const text = (await verify(fileText({ rounds: [a, { ...b, payout: '9.00' }, c, d], seal }))).stdout;
    expect(text).toContain('Seal: the chain does not hold (1 change):\n  round 2 changed since it was sealed (');
  });

  it('a seal missing or unusable (huge or garbage members) is said so, and the rounds are still judged', async () => {
    const { rounds, seal } = sealedFile();
    const missing = JSON.parse((await verify(fileText({ rounds }), true)).stdout);
    expect(missing.seal).toMatchObject({ status: 'seal-missing', rounds: 4 });
    expect(missing.summary.verified).toBe(4);
    const huge = JSON.parse((await verify(fileText({ rounds, seal: { ...seal, mac: 'f'.repeat(1_000_000) } }), true)).stdout);
    expect(huge.seal).toMatchObject({ status: 'seal-malformed', field: 'mac' });
    expect((await verify(fileText({ rounds, seal: [1, 2] }))).stdout).toContain('Seal: unusable (its member "seal")');
  });

  it('a file without links or seal gets no report: text and --json as before', async () => {
    const text = readFileSync(FIXTURE, 'utf8');
    expect((await verify(text)).stdout).not.toContain('Seal');
    expect(JSON.parse((await verify(text, true)).stdout)).not.toHaveProperty('seal');
    expect(JSON.parse((await verify(JSON.stringify(sealedFile().rounds.map(({ link: _l, ...r }) => r)), true)).stdout)).not.toHaveProperty('seal');
  });
});
