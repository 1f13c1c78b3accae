// `npm run bench`: how fast `fair-witness verify --json FILE` is against the casino's own
// reference program (scripts/bench/reference-baseline.cjs) on the same files, and how fast the
// core is in-process with @noble/hashes, as the browser runs it, against the reference procedure
// in the same process (issue #14; the in-browser figure is `npm run bench:ext -- --only core`).
//
// Files: 100 000 honest rounds of Keno, and 100 000 of American Roulette; each with commitment
// and result, made by the reference program itself, 100 seed pairs × nonces 1…1000. Each contender
// runs RUNS times, alternating, as a child process timed from spawn to exit; the median is
// reported. The CLI runs twice: as users get it (on a machine with 3 or more cores, worker threads
// for a file this large; otherwise one thread) and in the other mode (FAIR_WITNESS_THREADS=1, or
// =2 where the default is one thread).
//
// Besides wall-clock time, each run's CPU time (user + system, from /proc on Linux) is reported:
// on a machine busy with other work, wall-clock figures swing a lot and CPU time much less.
// The in-process comparison alternates the two on slices of 2 000 rounds and takes the median of
// the per-slice ratios, so a change in the machine's load hits both alike.
//
//   node scripts/bench-cli.mjs [--rounds N] [--runs R]
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { honestRound } from './bench/honest-rounds.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const baselinePath = path.join(root, 'scripts', 'bench', 'reference-baseline.cjs');
const reference = require(baselinePath);
const bin = path.join(root, 'bin', 'fair-witness.js');

const { values } = parseArgs({ options: { rounds: { type: 'string' }, runs: { type: 'string' } } });
const ROUNDS = Number(values.rounds ?? 100_000);
const RUNS = Number(values.runs ?? 3);
/** Goals of issue #14: the CLI against the reference program, whole process; the core with noble against the reference procedure in-process. */
const GOALS = { keno: 2.2, 'roulette-american': 1.5 };
const IN_CORE_GOAL = { keno: 1.0 };
const SLICE = 2000;

await import('./build-cli.mjs'); // builds dist/cli on import
const dir = mkdtempSync(path.join(tmpdir(), 'fair-witness-bench-'));
try {
  // The core and the CLI's backend, bundled for this process (esbuild reads the TypeScript).
  const corePath = path.join(dir, 'core.mjs');
  await build({
    stdin: {
      contents:
        "export * from './src/core/index.ts'; export { nodeBackend } from './src/cli/node-hash-backend.ts'; export { chooseThreads } from './src/cli/verify-pool.ts';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: corePath,
    logLevel: 'warning',
  });
  const core = await import(pathToFileURL(corePath).href);

  console.log(`fair-witness bench: ${ROUNDS} rounds per file, ${RUNS} runs each, median · node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`);
  console.log('honest rounds with commitment and result\n');

  const table = [];
  for (const game of ['keno', 'roulette-american']) {
    const file = path.join(dir, `${game}.json`);
    const t0 = performance.now();
    writeFileSync(file, generate(game, ROUNDS));
    const made = performance.now() - t0;

    const autoThreads = core.chooseThreads(readFileSync(file).length);
    const other = autoThreads === 1 ? '2' : '1';
    const cli = [];
    const alternative = [];
    const base = [];
    for (let run = 0; run < RUNS; run++) {
      cli.push(await timeCli(file, {}));
      alternative.push(await timeCli(file, { FAIR_WITNESS_THREADS: other }));
      base.push(await timeBaseline(file));
    }
    const single = autoThreads === 1 ? cli : alternative;
    const claims = JSON.parse(readFileSync(file, 'utf8'));
    const inCore = compareInCore(core, claims);
    const nodeInCore = [];
    for (let run = 0; run < RUNS; run++) nodeInCore.push(timeInCore(core, claims, core.nodeBackend));
    const wall = (runs) => ROUNDS / median(runs.map((r) => r.wall));
    const cpu = (runs) => ROUNDS / median(runs.map((r) => r.cpu));
    const describe = (threads) => (threads === 1 ? 'one thread' : `${threads} worker threads`);
    console.log(`${game} (file ${(readFileSync(file).length / 1e6).toFixed(1)} MB, made in ${(made / 1000).toFixed(1)} s)`);
    console.log(`                                        wall-clock        per CPU-second   runs (wall)`);
    const line = (label, runs) =>
      console.log(`  ${label.padEnd(36)}${fmt(wall(runs))} rounds/s  ${fmt(cpu(runs))} rounds/s  ${runs.map((r) => sec(r.wall)).join(' ')}`);
    line(`CLI, default: ${describe(autoThreads)}`, cli);
    line(`CLI, FAIR_WITNESS_THREADS=${other}`, alternative);
    line('reference baseline (js-sha3)', base);
    const goal = GOALS[game];
    const ratio = wall(cli) / wall(base);
    console.log(`  ratio CLI / baseline: default ${ratio.toFixed(2)}× · one thread ${(wall(single) / wall(base)).toFixed(2)}× · one thread per CPU-second ${(cpu(single) / cpu(base)).toFixed(2)}×`);
    console.log(`  in-core verifyRound, @noble/hashes   ${fmt(inCore.noble)} rounds/s   (in-process, trace off: what the browser runs)`);
    console.log(`  reference procedure, js-sha3         ${fmt(inCore.reference)} rounds/s   (in-process, the same rounds, alternating slices of ${SLICE})`);
    console.log(`  in-core verifyRound, node:crypto     ${fmt(ROUNDS / median(nodeInCore))} rounds/s   (in-process, trace off: the CLI without I/O)\n`);
    table.push({ what: `verify --json, ${ROUNDS} ${game} rounds, vs reference program (wall, median of ${RUNS})`, figure: ratio, goal });
    table.push({ what: `  the same per CPU-second (one thread)`, figure: cpu(single) / cpu(base), goal });
    table.push({ what: `core with @noble/hashes vs reference procedure (js-sha3), ${game}, in-process (median of slices)`, figure: inCore.ratio, goal: IN_CORE_GOAL[game] });
  }
  const width = Math.max(...table.map((row) => row.what.length));
  console.log(`${'measure'.padEnd(width)}  figure  goal    met?`);
  for (const row of table) {
    const met = row.goal === undefined ? '' : row.figure >= row.goal ? 'met' : 'MISSED';
    console.log(`${row.what.padEnd(width)}  ${`${row.figure.toFixed(2)}×`.padEnd(6)}  ${row.goal === undefined ? '—     ' : `≥ ${row.goal.toFixed(1)}×`}  ${met}`);
  }
  console.log('(in-browser: npm run bench:ext -- --only core)');
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** The file of `count` honest rounds (scripts/bench/honest-rounds.mjs), one per line. */
function generate(game, count) {
  const lines = Array.from({ length: count }, (_, i) => JSON.stringify(honestRound(game, i)));
  return `[\n${lines.join(',\n')}\n]\n`;
}

async function timeCli(file, env) {
  const out = path.join(dir, 'cli-out.json');
  const fd = openSync(out, 'w');
  const time = await timeProcess([bin, 'verify', '--json', file], fd, env);
  closeSync(fd);
  const summary = JSON.parse(readFileSync(out, 'utf8')).summary;
  if (summary.verified !== ROUNDS) throw new Error(`the CLI verified ${summary.verified} of ${ROUNDS} honest rounds: ${JSON.stringify(summary)}`);
  return time;
}

async function timeBaseline(file) {
  const out = path.join(dir, 'baseline-out.json');
  const fd = openSync(out, 'w');
  const time = await timeProcess([baselinePath, file], fd, {});
  closeSync(fd);
  const result = JSON.parse(readFileSync(out, 'utf8'));
  if (result.matches !== ROUNDS) throw new Error(`the baseline matched ${result.matches} of ${ROUNDS} honest rounds`);
  return time;
}

/** Seconds from spawn to exit (`wall`), and the child's CPU seconds, user + system (`cpu`; NaN off Linux). */
function timeProcess(args, stdoutFd, env) {
  return new Promise((resolve, reject) => {
    const cpuBefore = childCpuSeconds();
    const start = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', stdoutFd, 'inherit'], env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code) => {
      const wall = (performance.now() - start) / 1000;
      if (code !== 0) reject(new Error(`${path.basename(args[0])} exited with ${code}`));
      else resolve({ wall, cpu: childCpuSeconds() - cpuBefore });
    });
  });
}

/** CPU time of this process's waited-for children: cutime + cstime of /proc/self/stat, in clock ticks of 1/100 s. */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

function timeInCore(core, claims, backend) {
  const options = { backend, trace: false };
  const start = performance.now();
  let verified = 0;
  for (const claim of claims) if (core.verifyRound(claim, options).status === 'verified') verified++;
  const seconds = (performance.now() - start) / 1000;
  if (verified !== claims.length) throw new Error(`in-core (${backend.name}) verified ${verified} of ${claims.length}`);
  return seconds;
}

/**
 * The core with @noble/hashes (trace off) and the reference procedure, on the same rounds in the
 * same process, alternating on slices: rounds per second of each and the median per-slice ratio.
 */
function compareInCore(core, claims) {
  const options = { backend: core.nobleBackend, trace: false };
  const ratios = [];
  let nobleSeconds = 0;
  let referenceSeconds = 0;
  // Both compiled and warm before anything is timed.
  for (const claim of claims.slice(0, SLICE)) core.verifyRound(claim, options);
  reference.verifyRounds(claims.slice(0, SLICE));
  for (let run = 0; run < RUNS; run++) {
    for (let at = 0; at < claims.length; at += SLICE) {
      const slice = claims.slice(at, at + SLICE);
      let start = performance.now();
      let verified = 0;
      for (const claim of slice) if (core.verifyRound(claim, options).status === 'verified') verified++;
      const noble = performance.now() - start;
      start = performance.now();
      const { matches } = reference.verifyRounds(slice);
      const procedure = performance.now() - start;
      if (verified !== slice.length || matches !== slice.length) throw new Error(`in-process: noble verified ${verified}, the reference matched ${matches} of ${slice.length}`);
      ratios.push(procedure / noble);
      nobleSeconds += noble / 1000;
      referenceSeconds += procedure / 1000;
    }
  }
  return { noble: (RUNS * claims.length) / nobleSeconds, reference: (RUNS * claims.length) / referenceSeconds, ratio: median(ratios) };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function fmt(perSecond) {
  return Math.round(perSecond).toLocaleString('en-US').padStart(9);
}

function sec(seconds) {
  return `${seconds.toFixed(2)}s`;
}
