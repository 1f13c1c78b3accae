// `npm run bench:witness`: how long judging one round's trust (core/witness.ts) takes at the
// store's limits, in the pure rule and through the real store (on fake-indexeddb), for this
// checkout and, side by side, for git commit REF (default `main`).
//
// The limits: a round's bet with N other commitments for its client seed in the store's window,
// each with PANEL_MEMORY (32) panel states covering the round's nonce (and, in the pure rule,
// MAX_SHOWN_AGAIN (4) re-showings each), all shown just before the round's own commitment. N is
// MAX_OTHERS (16), the most other commitments the store reads for one round now (more is
// "several" at once), and 511, the most the store read before (MAX_ENTRIES − 1 index entries).
// Each variant runs in a process of its own (its own modules and database), from a copy of that
// commit's src/ in .bench/.
//
//   npx tsx scripts/bench-witness.ts [--before REF] [--commitments N,M] [--states N] [--rounds N]
import 'fake-indexeddb/auto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    commitments: { type: 'string' },
    states: { type: 'string' },
    rounds: { type: 'string' },
    child: { type: 'string' },
  },
});
const LAYOUTS = (values.commitments ?? '16,511').split(',').map(Number);
let COMMITMENTS = LAYOUTS[0]!;
const STATES = Number(values.states ?? 32);
const ROUNDS = Number(values.rounds ?? 5);

interface Figures {
  pureMs: number;
  storeOutcomeMs: number;
  /** A round on a client seed with nothing else shown: the store's own cost, without evidence to read. */
  storeAloneMs: number;
  storeRevealMs: number;
  setupMs: number;
  reasons: string[];
}

if (values.child !== undefined) {
  COMMITMENTS = LAYOUTS[0]!;
  const figures = await measure(values.child);
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  const before = values.before ?? 'main';
  const commit = execFileSync('git', ['rev-parse', '--short', before], { cwd: root, encoding: 'utf8' }).trim();
  const at = path.join(root, '.bench', `witness-${commit}`);
  rmSync(at, { recursive: true, force: true });
  mkdirSync(at, { recursive: true });
  execFileSync('tar', ['-x', '-C', at], { input: execFileSync('git', ['archive', commit, 'src'], { cwd: root, maxBuffer: 1 << 28 }) });
  const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`.padStart(11);
  for (const layout of LAYOUTS) {
    console.log(`\njudging one round: ${layout} other commitments × ${STATES} panel states, ${ROUNDS} rounds (mean per round)`);
    console.log(`${'code'.padEnd(24)}${'pure rule'.padStart(11)}${'store: outcome'.padStart(16)}${'(alone)'.padStart(11)}${'store: reveal'.padStart(15)}   store set-up   judgements`);
    for (const [label, src] of [
      ['this checkout', path.join(root, 'src')],
      [`${before} (${commit})`, path.join(at, 'src')],
    ] as const) {
      const out = execFileSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), '--child', src, '--commitments', String(layout), '--states', String(STATES), '--rounds', String(ROUNDS)],
        { cwd: root, encoding: 'utf8', maxBuffer: 1 << 24 },
      );
      const f = JSON.parse(out.trim().split('\n').at(-1)!) as Figures;
      console.log(`${label.padEnd(24)}${ms(f.pureMs)}${ms(f.storeOutcomeMs).padStart(16)}${ms(f.storeAloneMs)}${ms(f.storeRevealMs).padStart(15)}   ${ms(f.setupMs)}   ${[...new Set(f.reasons)].join(', ')}`);
    }
  }
}

/** The figures of the code in `src` (a directory with core/ and background/). */
async function measure(src: string): Promise<Figures> {
  const load = async <T>(file: string): Promise<T> => (await import(pathToFileURL(path.join(src, file)).href)) as T;
  const { judgeWitness } = await load<typeof import('../src/core/witness.js')>('core/witness.ts');
  const { gameById, computeRound } = await load<typeof import('../src/core/index.js')>('core/index.ts');
  const { storeClaims, getRound } = await load<typeof import('../src/background/store.js')>('background/store.ts');
  const { roundKey } = await load<typeof import('../src/background/round-key.js')>('background/round-key.ts');
  type Claim = Parameters<typeof storeClaims>[0][number];
  const reasons: string[] = [];

  // The pure rule: every other state covers the nonce and was shown (with its re-showings) before
  // the round's own commitment, so none is a rival and each must be looked at.
  const T = 1_700_000_000_000;
  const own = 'c'.repeat(64);
  const others = Array.from({ length: COMMITMENTS }, (_, c) =>
    Array.from({ length: STATES }, (_, s) => ({
      commitment: c.toString(16).padStart(64, '0'),
      clientSeed: 'cs',
      nonce: String(s),
      seenAt: T + s * 10,
      shownAgain: [1, 2, 3, 4].map((k) => T + s * 10 + k),
    })),
  ).flat();
  const pureInput = {
    commitment: own,
    clientSeed: 'cs',
    nonce: '100',
    game: 'keno',
    outcomeAt: T + 100_000,
    actedAt: T + 90_000,
    ownStates: [{ commitment: own, clientSeed: 'cs', nonce: '100', seenAt: T + 50_000 }],
    otherStates: others,
  };
  // Warmed up, then judged up to 50 times (fewer when they take seconds).
  judgeWitness(pureInput);
  let started = performance.now();
  let judged = 0;
  while (judged < 50 && (judged < 2 || performance.now() - started < 5000)) {
    reasons.push(judgeWitness(pureInput).reason);
    judged++;
  }
  const pureMs = (performance.now() - started) / judged;

  // Through the store: the other commitments' states, each commitment's latest at one stamp L just
  // before the round's own first state (so the index scan reads all of them: the latest stamp
  // before the bet), the rest earlier; then ROUNDS rounds on the own pair, each with its action.
  const KENO = gameById('keno');
  const L = T + 1_000_000;
  const panel = (commitment: string, nonce: number, at: number): Claim => ({
    source: 'dom',
    game: 'Keno',
    commitment,
    clientSeed: 'cs',
    nonce: String(nonce),
    observedAt: { game: at, commitment: at, clientSeed: at, nonce: at },
  });
  started = performance.now();
  const rivalCommitments = Array.from({ length: COMMITMENTS }, (_, c) => computeRound(KENO, `rival-${c}`, 'x', 1).commitment);
  for (let s = 0; s < STATES; s++) {
    const at = s === STATES - 1 ? L : L - (STATES - s) * 1000;
    const claims = rivalCommitments.map((commitment, c) => panel(commitment, s, at + (s === STATES - 1 ? 0 : c)));
    await storeClaims(claims, at + COMMITMENTS + 1);
  }
  const serverSeed = 'own-server-seed';
  const ownCommitment = computeRound(KENO, serverSeed, 'x', 1).commitment;
  await storeClaims([panel(ownCommitment, 100, L + 1)], L + 2);
  const setupMs = performance.now() - started;

  /**
   * The same rounds on a client seed nothing else was shown for: what storing a round costs without
   * the evidence. Long after the rest (a second pair shown for the same nonce at the same time is a
   * rival under any client seed).
   */
  const S = L + 10_000_000;
  const soloCommitment = computeRound(KENO, 'solo-server-seed', 'x', 1).commitment;
  await storeClaims([{ ...panel(soloCommitment, 100, S + 1), clientSeed: 'solo' }], S + 2);
  let soloTotal = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const at = S + 60 + round * 100;
    const claim: Claim = {
      source: 'dom',
      game: 'Keno',
      commitment: soloCommitment,
      clientSeed: 'solo',
      nonce: String(100 + round),
      result: (computeRound(KENO, 'solo-server-seed', 'solo', 100 + round).outcome as number[]).map(String),
      observedAt: { game: at, commitment: at, clientSeed: at, nonce: at, result: at },
      actedAt: at - 50,
    };
    const t0 = performance.now();
    await storeClaims([claim], at + 1);
    soloTotal += performance.now() - t0;
  }

  let outcomeTotal = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const nonce = 100 + round;
    const acted = L + 10 + round * 100;
    const at = acted + 50;
    const claim: Claim = {
      source: 'dom',
      game: 'Keno',
      commitment: ownCommitment,
      clientSeed: 'cs',
      nonce: String(nonce),
      result: (computeRound(KENO, serverSeed, 'cs', nonce).outcome as number[]).map(String),
      observedAt: { game: at, commitment: at, clientSeed: at, nonce: at, result: at },
      actedAt: acted,
    };
    const t0 = performance.now();
    await storeClaims([claim], at + 1);
    outcomeTotal += performance.now() - t0;
  }
  // The reveal judges every round of the pair once more, in one batch.
  const revealAt = L + 10 + ROUNDS * 100 + 1000;
  const t0 = performance.now();
  await storeClaims([{ source: 'json', commitment: ownCommitment, serverSeed, observedAt: { commitment: revealAt, serverSeed: revealAt } }], revealAt + 1);
  const storeRevealMs = (performance.now() - t0) / ROUNDS;
  for (let round = 0; round < ROUNDS; round++) {
    const record = await getRound(roundKey({ commitment: ownCommitment, clientSeed: 'cs', nonce: String(100 + round) }));
    reasons.push(`${record?.verdict.status ?? 'missing'} ${record?.verdict.levelReason ?? ''}`.trim());
  }
  return { pureMs, storeOutcomeMs: outcomeTotal / ROUNDS, storeAloneMs: soloTotal / ROUNDS, storeRevealMs, setupMs, reasons };
}
