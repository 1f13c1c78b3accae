// The `fair-witness` command as users run it: the bundle built by scripts/build-cli.mjs, started
// through bin/fair-witness.js as a child process. Checks the contract in docs/design.md ("Contracts
// other tools and tests rely on" → command line): output, --json shapes and exit codes 0/1/2.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadVectors, REPO_ROOT, type ReferenceRound } from './vectors.js';

const BIN = path.join(REPO_ROOT, 'bin', 'fair-witness.js');
const vectors = loadVectors();
const placeholder = vectors.find((v) => v.serverSeed === 'your_server_seed')!;
const doubleZero = vectors.find((v) => v.roulette.american === '00')!;

let dir: string;

// Each test starts real node processes, several for some; on a busy machine that takes seconds.
vi.setConfig({ testTimeout: 120_000 });

beforeAll(() => {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build-cli.mjs')], { cwd: REPO_ROOT, stdio: 'pipe' });
  dir = mkdtempSync(path.join(tmpdir(), 'fair-witness-cli-test-'));
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], input?: string, env: Record<string, string> = {}): Run {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    input,
    timeout: 60_000,
    // Small files are verified on the main thread unless FAIR_WITNESS_THREADS says otherwise.
    env: { ...process.env, FAIR_WITNESS_THREADS: '', ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function writeJson(name: string, value: unknown, space?: number): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value, null, space));
  return file;
}

function writeText(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

/** One clear line on stderr: a single line, starting with the command's name, and no stack trace. */
function expectOneLine(result: Run, message: RegExp): void {
  expect(result.stderr).toMatch(/^fair-witness: [^\n]*\n$/);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

function roundArgs(v: ReferenceRound, game: string): string[] {
  return ['round', '--game', game, '--server-seed', v.serverSeed, '--client-seed', v.clientSeed, '--nonce', String(v.nonce)];
}

describe('fair-witness --help / --version', () => {
  it('prints the usage for --help and help, and per command', () => {
    for (const args of [['--help'], ['help'], ['-h']]) {
      const result = run(args);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('fair-witness round --game G --server-seed S --client-seed C --nonce N');
      expect(result.stdout).toContain('fair-witness verify [--json] FILE');
    }
    expect(run(['help', 'verify']).stdout).toContain('Usage: fair-witness verify [--json] FILE');
    expect(run(['round', '--help']).stdout).toContain('Usage: fair-witness round');
  });

  it('prints the version of package.json', () => {
    const result = run(['--version']);
    expect(result.code).toBe(0);
    const { version } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    expect(result.stdout).toBe(`fair-witness ${version}\n`);
  });
});

describe('fair-witness round', () => {
  it("gives the reference program's keno draw and commitment for its placeholder seeds", () => {
    const result = run(['round', '--game', 'keno', '--server-seed', 'your_server_seed', '--client-seed', 'your_client_seed', '--nonce', '1']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^outcome\s+3 5 6 7 15 19 21 22 28 29$/m);
    expect(result.stdout).toMatch(/^commitment\s+b7cc9922976bd6f802961f3f8b66da8d49c6e4fca2b9c3b8228e4a85adcb4e65$/m);
    expect(result.stdout).toMatch(/^round signature\s+b17f53842110e0d89b013e2632ebaed66120ebca91dd089d72c57b11f4fe28dc$/m);
    expect(result.stdout).not.toMatch(/^verdict/m); // a calculator without --result
  });

  it('gives every reference outcome for each game', () => {
    for (const v of [vectors[0]!, doubleZero, vectors.at(-4)!, vectors.at(-1)!]) {
      expect(run(roundArgs(v, 'roulette')).stdout).toMatch(new RegExp(`^outcome\\s+${v.roulette.european}$`, 'm'));
      expect(run(roundArgs(v, 'American Roulette')).stdout).toMatch(new RegExp(`^outcome\\s+${v.roulette.american}$`, 'm'));
      expect(run(roundArgs(v, 'Keno')).stdout).toMatch(new RegExp(`^outcome\\s+${v.keno.join(' ')}$`, 'm'));
    }
  });

  it('--json prints one object with the computed values, the verdict and the draws', () => {
    const result = run([...roundArgs(placeholder, 'keno'), '--commitment', placeholder.commitment, '--result', '29,28,22,21,19,15,7,6,5,3', '--json']);
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output).toMatchObject({
      game: 'keno',
      commitment: placeholder.commitment,
      roundSignature: placeholder.roundSignature,
      outcome: [3, 5, 6, 7, 15, 19, 21, 22, 28, 29],
      verdict: 'verified',
      level: 'history',
      failures: [],
      reasons: [],
    });
    expect(output.trace.draws).toHaveLength(10);
    expect(output.trace.draws[0]).toMatchObject({ index: 0, value: 3746500187, outcomes: 40, accepted: true, sampled: 27, picked: 28 });
  });

  it('--json without --result has no verdict', () => {
    const output = JSON.parse(run([...roundArgs(placeholder, 'roulette'), '--json']).stdout);
    expect(output.outcome).toBe('30');
    expect(output).not.toHaveProperty('verdict');
    expect(output.failures).toEqual([]);
  });

  it('verifies a round with commitment and result: exit 0, keno results comma or space separated', () => {
    for (const result of [placeholder.keno.join(','), placeholder.keno.join(' '), [...placeholder.keno].reverse().join(', ')]) {
      const run1 = run([...roundArgs(placeholder, 'keno'), '--commitment', placeholder.commitment, '--result', result]);
      expect(run1.code).toBe(0);
      expect(run1.stdout).toMatch(/^verdict\s+verified/m);
    }
    const american = run([...roundArgs(doubleZero, 'american-roulette'), '--commitment', doubleZero.commitment.toUpperCase(), '--result', '00']);
    expect(american.code).toBe(0);
    expect(american.stdout).toMatch(/^outcome\s+00$/m);
    expect(american.stdout).toMatch(/^verdict\s+verified/m);
  });

  it('exits 1 on a wrong result and names it', () => {
    const wrong = placeholder.roulette.european === '1' ? '2' : '1';
    const result = run([...roundArgs(placeholder, 'roulette'), '--commitment', placeholder.commitment, '--result', wrong, '--json']);
    expect(result.code).toBe(1);
    const output = JSON.parse(result.stdout);
    expect(output.verdict).toBe('mismatch');
    expect(output.failures).toEqual(['outcome']);
    expect(output.reasons[0]).toContain(`The seeds give ${placeholder.roulette.european}, but ${wrong} is shown.`);
  });

  it('as a calculator, exits 1 only when the commitment given does not match', () => {
    const other = vectors[0]!.commitment;
    const result = run([...roundArgs(placeholder, 'keno'), '--commitment', other]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('DOES NOT MATCH');
    const json = JSON.parse(run([...roundArgs(placeholder, 'keno'), '--commitment', other, '--json']).stdout);
    expect(json.failures).toEqual(['commitment']);
    expect(run([...roundArgs(placeholder, 'keno'), '--commitment', placeholder.commitment]).code).toBe(0);
  });

  it('exits 2 when a result is given without a commitment: the round cannot be verified', () => {
    const result = run([...roundArgs(placeholder, 'roulette'), '--result', placeholder.roulette.european, '--json']);
    expect(result.code).toBe(2);
    const output = JSON.parse(result.stdout);
    expect(output.verdict).toBe('invalid');
    expect(output.reasons[0]).toMatch(/^commitment: missing/);
  });

  describe('bad input: one clear line on stderr, exit 2', () => {
    const base = ['round', '--game', 'keno', '--server-seed', 's', '--client-seed', 'c'];
    const cases: Array<[string, string[], RegExp]> = [
      ['a non-hex commitment', [...base, '--nonce', '1', '--commitment', 'zz'.repeat(32)], /--commitment: must be 64 hex characters, got "zzzz/],
      ['a truncated commitment', [...base, '--nonce', '1', '--commitment', 'b7cc9922…adcb4e65'], /--commitment: looks truncated/],
      ['a missing --nonce', base, /missing --nonce/],
      ['several missing options', ['round', '--game', 'keno'], /missing --server-seed, --client-seed, --nonce/],
      ['a nonce that is not a number', [...base, '--nonce', '1.5'], /--nonce: must be a non-negative whole number, got "1.5"/],
      ['an unknown game', ['round', '--game', 'blackjack', '--server-seed', 's', '--client-seed', 'c', '--nonce', '1'], /--game: unknown game "blackjack"/],
      ['a game without a published algorithm', ['round', '--game', 'Mines', '--server-seed', 's', '--client-seed', 'c', '--nonce', '1'], /--game: mines has no published algorithm/],
      ['a keno result with 9 numbers', [...base, '--nonce', '1', '--result', '1,2,3,4,5,6,7,8,9'], /--result: drawn numbers: expected 10 numbers, got 9/],
      ['00 in European roulette', ['round', '--game', 'roulette', '--server-seed', 's', '--client-seed', 'c', '--nonce', '1', '--result', '00'], /--result: "00" does not exist in European roulette/],
      ['an unknown option', [...base, '--nonce', '1', '--seed', 'x'], /unknown option --seed/],
      ['an option of another command', ['verify', '--nonce', '1', 'file.json'], /--nonce is not an option of verify/],
      ['an unknown command', ['check'], /unknown command "check"/],
      ['no command', [], /missing command/],
    ];
    for (const [name, args, message] of cases) {
      it(name, () => {
        const result = run(args);
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
        expectOneLine(result, message);
      });
    }
  });
});

/** A claim in the plain-array format, as a player or a script would write it. */
function claim(v: ReferenceRound, game: 'roulette' | 'american' | 'keno', fields: Record<string, unknown> = {}): Record<string, unknown> {
  const result = game === 'keno' ? [...v.keno].reverse() : game === 'american' ? v.roulette.american : v.roulette.european;
  const name = game === 'keno' ? 'keno' : game === 'american' ? 'American Roulette' : 'roulette';
  return { game: name, serverSeed: v.serverSeed, clientSeed: v.clientSeed, nonce: v.nonce, commitment: v.commitment, result, ...fields };
}

describe('fair-witness verify', () => {
  const honest = vectors.flatMap((v) => [claim(v, 'roulette'), claim(v, 'american'), claim(v, 'keno')]);
  const v0 = vectors[0]!;
  const v1 = vectors[1]!;
  const wrongEuropean = v0.roulette.european === '5' ? '6' : '5';

  // index: what the round is, and what verify must say about it
  const mixed: Array<{ claim: unknown; verdict: string; failures?: string[]; expected?: unknown }> = [
    { claim: claim(v0, 'roulette'), verdict: 'verified', expected: v0.roulette.european },
    { claim: claim(v1, 'keno'), verdict: 'verified', expected: v1.keno },
    { claim: claim(v0, 'roulette', { result: wrongEuropean }), verdict: 'mismatch', failures: ['outcome'], expected: v0.roulette.european },
    { claim: claim(v1, 'keno', { result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }), verdict: 'mismatch', failures: ['outcome'], expected: v1.keno },
    { claim: claim(v1, 'american', { commitment: v0.commitment }), verdict: 'mismatch', failures: ['commitment'], expected: v1.roulette.american },
    { claim: claim(v1, 'keno', { serverSeed: undefined }), verdict: 'pending' },
    { claim: { game: 'Mines', serverSeed: 's', clientSeed: 'c', nonce: 3, result: 'x' }, verdict: 'unsupported' },
    { claim: claim(v0, 'keno', { nonce: undefined }), verdict: 'invalid' },
    { claim: claim(v0, 'keno', { commitment: undefined }), verdict: 'invalid', expected: v0.keno },
    { claim: 'not a round', verdict: 'invalid' },
  ];

  it('verifies honest rounds of every reference vector and game: exit 0', () => {
    const result = run(['verify', '--json', writeJson('honest.json', honest, 1)]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.summary).toEqual({ verified: honest.length, pending: 0, mismatch: 0, unsupported: 0, invalid: 0 });
    expect(output.rounds).toHaveLength(honest.length);
    for (const round of output.rounds) expect(round).toMatchObject({ verdict: 'verified', level: 'history' });
    expect(output.rounds[2].expected).toEqual(v0.keno);
    expect(output.rounds[0].expected).toBe(v0.roulette.european);
  });

  it('--json gives every round in input order with verdict, failures and expected: exit 1 on a mismatch', () => {
    const result = run(['verify', '--json', writeJson('mixed.json', mixed.map((m) => m.claim), 2)]);
    expect(result.code).toBe(1);
    const output = JSON.parse(result.stdout);
    expect(Object.keys(output).sort()).toEqual(['findings', 'rounds', 'summary']);
    expect(output.summary).toEqual({ verified: 2, pending: 1, mismatch: 3, unsupported: 1, invalid: 3 });
    expect(output.rounds).toHaveLength(mixed.length);
    mixed.forEach((m, i) => {
      const round = output.rounds[i];
      expect(round.verdict, `round ${i}`).toBe(m.verdict);
      expect(round.failures, `round ${i}`).toEqual(m.failures);
      expect(round.expected, `round ${i}`).toEqual(m.expected);
      if (m.verdict === 'verified') expect(round.level).toBe('history');
      else expect(round).not.toHaveProperty('level');
      if (m.verdict !== 'verified') expect(round.reasons.length, `round ${i}`).toBeGreaterThan(0);
      for (const key of Object.keys(round)) expect(['verdict', 'level', 'failures', 'expected', 'reasons']).toContain(key);
    });
    expect(output.rounds[7].reasons).toEqual(['nonce: missing']);
    expect(output.rounds[9].reasons[0]).toMatch(/not a round object but a string/);
    expectOneLine(result, /3 mismatched, 3 invalid; first: element 2 \(line \d+\): The seeds give/);
  });

  it('prints a table and a one-line summary for people', () => {
    const result = run(['verify', writeJson('mixed-human.json', mixed.map((m) => m.claim))]);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^#\s+game\s+nonce\s+verdict\s+level\s+expected \/ shown/);
    expect(lines[1]).toMatch(new RegExp(`^0\\s+roulette-european\\s+${v0.nonce}\\s+verified\\s+history\\s+${v0.roulette.european}$`));
    expect(lines[3]).toMatch(new RegExp(`^2\\s+roulette-european\\s+${v0.nonce}\\s+mismatch\\s+outcome: expected ${v0.roulette.european}, shown ${wrongEuropean}$`));
    expect(lines[5]).toMatch(/^4\s+roulette-american\s+\d+\s+mismatch\s+commitment: expected [0-9a-f]{8}…[0-9a-f]{8}, shown/);
    expect(lines[7]).toMatch(/^6\s+mines\s+3\s+unsupported\s+the casino publishes no algorithm/);
    expect(lines.at(-1)).toBe('10 rounds: 2 verified, 1 pending, 3 mismatch, 1 unsupported, 3 invalid');
  });

  it('explains level "history" once below the table, and lists findings across rounds before the summary', () => {
    // Nonces 1, 2 and 5 of one seed pair (3–4 missing), nonce 5 twice with one outcome.
    const rounds = [1, 2, 5, 5].map((nonce) => claim(v0, 'roulette', { clientSeed: 'gap-test', nonce, result: undefined }));
    const result = run(['verify', writeJson('findings-human.json', [claim(v0, 'roulette'), ...rounds])]);
    const text = result.stdout;
    expect(text.match(/Level "history": a file cannot show that the casino was bound to the seed before the bet/g)).toHaveLength(1);
    const section = text.slice(text.indexOf('\nFindings ('));
    expect(section).toMatch(/^\nFindings \(\d+\) across rounds \(not mismatches; each says where\):\n/);
    expect(section).toMatch(/^  nonce-gap: Seed pair [0-9a-f]{8}…[0-9a-f]{8} with client seed ".*" has no rounds at nonces 3–4 /m);
    expect(section).toMatch(/^  nonce-repeat: Seed pair [0-9a-f]{8}…[0-9a-f]{8} .* at nonce 5 appears 2 times/m);
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^5 rounds: /);
    // Findings are not verdicts: the exit status is the rounds' (4 invalid without a result).
    expect(result.code).toBe(2);
  });

  it('--json adds "findings" [{kind, message, commitment, nonces?}] and no history note', () => {
    const rounds = [1, 2, 5].map((nonce) => claim(v0, 'keno', { clientSeed: 'gap-test', nonce: String(nonce) }));
    const result = run(['verify', '--json', writeJson('findings.json', rounds)]);
    const output = JSON.parse(result.stdout);
    expect(output.rounds).toHaveLength(3);
    expect(output.findings).toEqual([
      { kind: 'nonce-gap', message: expect.stringMatching(/has no rounds at nonces 3–4 between nonces 1 and 5/), commitment: String(rounds[0]!.commitment).toLowerCase(), nonces: ['3–4'] },
    ]);
    const none = JSON.parse(run(['verify', '--json', writeJson('no-findings.json', [claim(v0, 'keno')])]).stdout);
    expect(none.findings).toEqual([]);
    expect(run(['verify', writeJson('no-findings-human.json', [claim(v0, 'keno')])]).stdout).not.toContain('Findings');
  });

  it('exits 2 when rounds are invalid but none mismatched, and 0 with pending and unsupported ones', () => {
    const invalid = run(['verify', '--json', writeJson('invalid.json', [claim(v0, 'keno'), claim(v0, 'keno', { clientSeed: undefined })])]);
    expect(invalid.code).toBe(2);
    expect(JSON.parse(invalid.stdout).summary).toMatchObject({ verified: 1, invalid: 1 });
    expectOneLine(invalid, /1 invalid; first: element 1 \(line 1\): clientSeed: missing/);

    const fine = run(['verify', writeJson('fine.json', [claim(v0, 'keno'), mixed[5]!.claim, mixed[6]!.claim])]);
    expect(fine.code).toBe(0);
    expect(fine.stderr).toBe('');
  });

  it('says which element is not an object, with its index and line', () => {
    const file = writeText('not-object.json', `[\n${JSON.stringify(claim(v0, 'keno'))},\n  42\n]\n`);
    const result = run(['verify', file]);
    expect(result.code).toBe(2);
    expectOneLine(result, /first: element 1 \(line 3\): not a round object but a number/);
  });

  it('marks a pending round whose seed pair and nonce was shown before with another outcome', () => {
    const pending = claim(v1, 'keno', { serverSeed: undefined });
    const other = { ...pending, result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] };
    const output = JSON.parse(run(['verify', '--json', writeJson('nonce.json', [pending, pending, other])]).stdout);
    expect(output.rounds.map((r: { verdict: string }) => r.verdict)).toEqual(['pending', 'pending', 'mismatch']);
    expect(output.rounds[2].failures).toEqual(['nonce']);
  });

  it('reads an export of the extension, recomputing each round and reporting where the stored verdict differs', () => {
    const exported = {
      format: 'fair-witness-export',
      version: 1,
      exportedAt: '2025-06-01T12:00:00.000Z',
      rounds: [
        {
          ...claim(v0, 'keno'),
          game: 'keno',
          nonce: String(v0.nonce),
          result: v0.keno,
          observedAt: { commitment: 1000, result: 2000 },
          verdict: 'verified',
          level: 'witnessed',
          failures: [],
          reasons: [],
        },
        { ...claim(v1, 'roulette'), nonce: String(v1.nonce), result: wrongEuropean, verdict: 'verified', level: 'history' },
        { ...claim(v1, 'american'), nonce: String(v1.nonce), preRoundCommitment: v0.commitment, verdict: 'mismatch', failures: ['witness'] },
      ],
    };
    const result = run(['verify', '--json', writeJson('export.json', exported, 2)]);
    expect(result.code).toBe(1);
    const output = JSON.parse(result.stdout);
    expect(output.summary).toEqual({ verified: 2, pending: 0, mismatch: 1, unsupported: 0, invalid: 0 });
    // The file says "witnessed"; a file proves no order of sightings, so the CLI reports history.
    expect(output.rounds[0]).toEqual({ verdict: 'verified', level: 'history', fileSays: { level: 'witnessed' }, expected: v0.keno });
    expect(output.rounds[1].verdict).toBe('mismatch');
    expect(output.rounds[1].reasons).toContain('the export says "verified", recomputed "mismatch"');
    // The extension's accusation at step witness is its word in the file: reported, not the CLI's own.
    expect(output.rounds[2]).toMatchObject({ verdict: 'verified', level: 'history', fileSays: { preRoundCommitment: v0.commitment } });
    expect(output.rounds[2].reasons).toContain('the export says "mismatch", recomputed "verified"');

    const human = run(['verify', writeJson('export-human.json', exported)]);
    expect(human.stdout).toContain('the export says "verified", recomputed "mismatch"');
  });

  it("a file's trust fields are its word: level history, the file's claim apart (both thread counts, both outputs)", () => {
    // Everything the extension's worker would set on a round it watched, written by a file.
    const watched = { witness: 'bound-before-bet', observedAt: { commitment: 1000, clientSeed: 1000, nonce: 1000, result: 3000 } };
    const rounds = [claim(v0, 'keno', watched), claim(v1, 'roulette', watched), claim(v0, 'american', { witness: 'flood' }), claim(v1, 'keno')];
    const file = writeJson('says-witnessed.json', rounds);
    for (const threads of ['1', '2']) {
      const result = run(['verify', '--json', file], undefined, { FAIR_WITNESS_THREADS: threads });
      expect(result.code).toBe(0);
      const output = JSON.parse(result.stdout);
      expect(output.rounds).toEqual([
        { verdict: 'verified', level: 'history', fileSays: { level: 'witnessed', reason: 'bound-before-bet' }, expected: v0.keno },
        { verdict: 'verified', level: 'history', fileSays: { level: 'witnessed', reason: 'bound-before-bet' }, expected: v1.roulette.european },
        { verdict: 'verified', level: 'history', fileSays: { level: 'history', reason: 'flood' }, expected: v0.roulette.american },
        { verdict: 'verified', level: 'history', expected: v1.keno },
      ]);
      const human = run(['verify', file], undefined, { FAIR_WITNESS_THREADS: threads }).stdout;
      const rows = human.split('\n').slice(1, 5);
      for (const row of rows) expect(row).toMatch(/^\d\s+\S+\s+\d+\s+verified\s+history\s/);
      expect(rows[0]).toMatch(/ · the file says: witnessed$/);
      expect(rows[2]).toMatch(/ · the file says: history \(flood\)$/);
      expect(rows[3]).not.toContain('the file says');
      expect(human.split('the file says: witnessed').join('')).not.toContain('witnessed');
    }
  });

  it('refuses an object that is not a fair-witness export', () => {
    const wrongFormat = run(['verify', writeJson('other.json', { format: 'something-else', version: 1, rounds: [] })]);
    expect(wrongFormat.code).toBe(2);
    expectOneLine(wrongFormat, /other\.json, line 1, column 11: "format" is "something-else", not "fair-witness-export"/);

    const newer = run(['verify', writeJson('v2.json', { format: 'fair-witness-export', version: 2, rounds: [] })]);
    expect(newer.code).toBe(2);
    expectOneLine(newer, /export version 2 is not supported/);

    const noRounds = run(['verify', writeJson('norounds.json', { format: 'fair-witness-export', version: 1 })]);
    expect(noRounds.code).toBe(2);
    expectOneLine(noRounds, /no "rounds" array/);
  });

  it('reads standard input for "-"', () => {
    const result = run(['verify', '--json', '-'], JSON.stringify(honest.slice(0, 3)));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).summary.verified).toBe(3);
  });

  describe('unusable input: one clear line on stderr, exit 2', () => {
    it('a file that does not exist', () => {
      const missing = path.join(dir, 'no-such-file.json');
      const result = run(['verify', missing]);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expectOneLine(result, new RegExp(`${missing.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: no such file`));
    });

    it('a missing FILE argument', () => {
      const result = run(['verify', '--json']);
      expect(result.code).toBe(2);
      expectOneLine(result, /missing FILE/);
    });

    it('malformed JSON inside a round, with its line and column', () => {
      const file = writeText('malformed.json', `[\n${JSON.stringify(claim(v0, 'keno'))},\n{"game": "keno",\n "nonce": 5,,\n "x": 1}\n]`);
      const result = run(['verify', file]);
      expect(result.code).toBe(2);
      expectOneLine(result, /malformed\.json, line 4, column 13: malformed JSON in element 1: expected a member name in double quotes, found ','/);
    });

    it('malformed JSON between rounds, with its line and column', () => {
      const result = run(['verify', '--json', writeText('missing-comma.json', `[\n  {"game": "keno"}\n  {"game": "keno"}\n]`)]);
      expect(result.code).toBe(2);
      expectOneLine(result, /missing-comma\.json, line 3, column 3: expected ',' or '\]' after element 0, found '\{'/);
      // What was written before the error still parses, and says what went wrong.
      const output = JSON.parse(result.stdout);
      expect(output.rounds).toHaveLength(1);
      expect(output.error).toMatch(/line 3, column 3/);
    });

    it('trailing garbage after the array', () => {
      const result = run(['verify', writeText('garbage.json', `[${JSON.stringify(claim(v0, 'keno'))}]\n,`)]);
      expect(result.code).toBe(2);
      expectOneLine(result, /garbage\.json, line 2, column 1: unexpected ',' after the closing '\]'/);
    });

    it('a file that is not an array or an export', () => {
      const result = run(['verify', writeText('scalar.json', '"rounds"')]);
      expect(result.code).toBe(2);
      expectOneLine(result, /line 1, column 1: expected a JSON array of rounds or a fair-witness export object, found '"'/);
    });

    it('an empty file', () => {
      const result = run(['verify', writeText('empty.json', '')]);
      expect(result.code).toBe(2);
      expectOneLine(result, /the file is empty/);
    });

    it('a file cut off in the middle', () => {
      const text = JSON.stringify(honest.slice(0, 2), null, 1);
      const result = run(['verify', writeText('cut.json', text.slice(0, text.length - 40))]);
      expect(result.code).toBe(2);
      expectOneLine(result, /unexpected end of file inside element 1, which starts at line \d+, column 2/);
    });
  });

  it('an empty array is fine: nothing to check, exit 0', () => {
    const result = run(['verify', '--json', writeText('empty-array.json', '[]')]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ rounds: [], summary: { verified: 0, pending: 0, mismatch: 0, unsupported: 0, invalid: 0 }, findings: [] });
  });

  it('streams a file larger than its read chunks (1 MiB), rounds split across chunk edges', () => {
    // About 3 MB: every round boundary and a good many rounds straddle a chunk edge.
    const many = Array.from({ length: 10_000 }, (_, i) => honest[i % honest.length]!);
    const result = run(['verify', '--json', writeJson('many.json', many, 1)]);
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout);
    expect(output.summary.verified).toBe(many.length);
    expect(output.rounds).toHaveLength(many.length);
  });
});

describe('fair-witness on a terminal: text from a file cannot act on it', () => {
  // Erase the line above, move up, a CSI in its C1 form, DEL, a bidi override, a line break.
  const HOSTILE = '\u001b[2K\u001b[1A\u009b31m\u007f\u202eevil\nfake row';
  const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

  it('verify: game names, seeds, results and reasons are shown with visible escapes, and no value starts a line', () => {
    const file = writeJson('hostile-text.json', [
      { game: `Keno${HOSTILE}`, serverSeed: placeholder.serverSeed, clientSeed: placeholder.clientSeed, nonce: placeholder.nonce, commitment: placeholder.commitment, result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
      { game: 'European Roulette', serverSeed: `seed${HOSTILE}`, clientSeed: `client${HOSTILE}`, nonce: 1, commitment: placeholder.commitment, result: `17${HOSTILE}` },
      { game: 'European Roulette', serverSeed: placeholder.serverSeed, clientSeed: placeholder.clientSeed, nonce: placeholder.nonce, commitment: placeholder.commitment, result: '1' },
    ]);
    const result = run(['verify', file]);
    expect(result.code).not.toBe(0);
    for (const text of [result.stdout, result.stderr]) expect(text).not.toMatch(RAW);
    expect(result.stdout).toContain('\\u001b[2K');
    expect(result.stdout).not.toMatch(/^fake row/m);
    // The table still has one line per round, after its header, then the summary.
    expect(result.stdout.split('\n').filter((line) => /^\s*[123] /.test(line))).toHaveLength(3);
  });

  it('verify --json: reasons, findings and the error carry them as \\uXXXX escapes, the same text once parsed', () => {
    const game = `Keno${HOSTILE}\u2066\u2069\u200f\u2028`;
    const clientSeed = `client\u202e\u2067x`;
    const repeated = { game: 'keno', serverSeed: placeholder.serverSeed, clientSeed, nonce: 1, commitment: placeholder.commitment, result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] };
    const rounds = [{ ...repeated, game }, { ...repeated, serverSeed: undefined }, { ...repeated, serverSeed: undefined }];
    const result = run(['verify', '--json', writeJson('hostile-json.json', rounds)]);
    const BIDI = /[\u0080-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2066-\u2069]/;
    expect(result.stdout).not.toMatch(BIDI);
    const output = JSON.parse(result.stdout);
    expect(output.rounds[0].reasons.join(' ')).toContain(game);
    expect(output.findings.map((f: { message: string }) => f.message).join(' ')).toContain(clientSeed);
    // A file cut off: the "error" member names the file, whose name has a bidi override.
    const cutName = 'hostile-\u202ecut.json';
    const cut = run(['verify', '--json', writeText(cutName, `[${JSON.stringify({ ...repeated, game })},\n{"game": "keno`)]);
    expect(cut.code).toBe(2);
    expect(cut.stdout).not.toMatch(BIDI);
    expect(JSON.parse(cut.stdout).error).toContain(cutName);
  });

  it('round: a client seed with control characters is shown escaped, and one with invisible format characters also in --json', () => {
    const result = run(['round', '--game', 'keno', '--server-seed', placeholder.serverSeed, '--client-seed', `x${HOSTILE}`, '--nonce', '1']);
    expect(result.stdout + result.stderr).not.toMatch(RAW);
    // Refused as a seed, a control character never reaches --json; the invisible format characters a seed may have are escaped there.
    const invisible = 'x\u200b\u2028\ufeffy';
    const json = run(['round', '--json', '--game', 'keno', '--server-seed', placeholder.serverSeed, '--client-seed', invisible, '--nonce', '1']);
    expect(json.stdout).not.toMatch(/[\u200b\u2028\ufeff]/);
    expect(JSON.parse(json.stdout).trace.signature.input).toContain(invisible);
  });
});

describe('fair-witness verify with worker threads', { timeout: 60_000 }, () => {
  // Large files are judged by workers; FAIR_WITNESS_THREADS forces them on for files of any size.
  // Whatever the threads, the output must be the one of the main thread alone, byte for byte.
  const v0 = vectors[0]!;
  const v1 = vectors[1]!;
  const pending = claim(v1, 'keno', { serverSeed: undefined });
  const rounds: unknown[] = [];
  for (let i = 0; i < 3000; i++) {
    const v = vectors[i % vectors.length]!;
    const kind = i % 7;
    if (kind === 0) rounds.push(claim(v, 'keno', { result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] }));
    else if (kind === 1) rounds.push(i % 2 === 0 ? pending : { ...pending, result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 11] });
    else if (kind === 2) rounds.push({ game: 'plinko', nonce: i });
    else if (kind === 3) rounds.push(claim(v0, 'roulette', { nonce: undefined }));
    else rounds.push(claim(v, i % 2 === 0 ? 'american' : 'keno'));
  }

  const same = (args: string[]): void => {
    const one = run(args, undefined, { FAIR_WITNESS_THREADS: '1' });
    const three = run(args, undefined, { FAIR_WITNESS_THREADS: '3' });
    expect(three).toEqual(one);
  };

  it('gives the same verdicts, in order, as one thread (pending rounds and the nonce check included)', () => {
    const file = writeJson('threads.json', rounds, 1);
    same(['verify', '--json', file]);
    same(['verify', file]);
    const output = JSON.parse(run(['verify', '--json', file], undefined, { FAIR_WITNESS_THREADS: '2' }).stdout);
    expect(output.rounds).toHaveLength(rounds.length);
    expect(output.summary.mismatch).toBeGreaterThan(rounds.length / 7);
    // Rounds 1, 8, 15, … are pending with the same seed pair and nonce: 8 shows another outcome than 1.
    expect(output.rounds[1].verdict).toBe('pending');
    expect(output.rounds[8]).toMatchObject({ verdict: 'mismatch', failures: ['nonce'] });
    expect(output.rounds[15].verdict).toBe('pending');
  });

  it('stops at the same malformed round, after writing the same rounds before it', () => {
    const lines = rounds.map((r) => JSON.stringify(r));
    lines[2100] = '{"game": "keno", "nonce": 1,, "x": 2}';
    same(['verify', '--json', writeText('threads-bad-element.json', `[\n${lines.join(',\n')}\n]`)]);
    const result = run(['verify', writeText('threads-bad-element2.json', `[\n${lines.join(',\n')}\n]`)], undefined, { FAIR_WITNESS_THREADS: '2' });
    expect(result.code).toBe(2);
    expectOneLine(result, /line 2102, column 29: malformed JSON in element 2100/);
    expect(result.stdout.trimEnd().split('\n')).toHaveLength(2101); // the header and rounds 0…2099
  });

  it('stops at the same place for an error between rounds', () => {
    const lines = rounds.map((r) => JSON.stringify(r));
    same(['verify', '--json', writeText('threads-bad-structure.json', `[\n${lines.slice(0, 2500).join(',\n')}\n}`)]);
  });
});

describe('bin/fair-witness.js', () => {
  it('says to build first when the bundle is missing', () => {
    // A copy of the bin in a directory without dist/ behaves like a fresh clone before the build.
    const fresh = mkdtempSync(path.join(tmpdir(), 'fair-witness-fresh-'));
    try {
      const bin = path.join(fresh, 'bin', 'fair-witness.js');
      execFileSync('mkdir', ['-p', path.dirname(bin)]);
      writeFileSync(bin, execFileSync('cat', [BIN]));
      const result = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' });
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(/^fair-witness: .*dist\/cli\/fair-witness\.mjs is missing: run npm run build first/);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
