// `npm run bench`: how fast `fair-witness verify --json FILE` is against the casino's own
// reference program (scripts/bench/reference-baseline.cjs) on the same files, and how fast the
// core is in-process with @noble/hashes, as the browser runs it.
//
// Files: 100 000 honest rounds for Keno, and 100 000 for Roulette with European and American
// rounds alternating; each with commitment and result, made by the reference program itself,
// 100 seed pairs × nonces 1…1000. Each contender runs RUNS times, alternating, as a child
// process timed from spawn to exit; the median is reported. The CLI runs twice: as users get it
// (on a machine with 3 or more cores, worker threads for a file this large; otherwise one thread)
// and in the other mode (FAIR_WITNESS_THREADS=1, or =2 where the default is one thread).
//
// Besides wall-clock time, each run's CPU time (user + system, from /proc on Linux) is reported:
// on a machine busy with other work, wall-clock figures swing a lot and CPU time much less.
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

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(import.meta.url);
const baselinePath = path.join(root, 'scripts', 'bench', 'reference-baseline.cjs');
const reference = require(baselinePath);
const bin = path.join(root, 'bin', 'fair-witness.js');

const { values } = parseArgs({ options: { rounds: { type: 'string' }, runs: { type: 'string' } } });
const ROUNDS = Number(values.rounds ?? 100_000);
const RUNS = Number(values.runs ?? 3);
const GOALS = { keno: 2.0, roulette: 1.3 };
const NONCES_PER_PAIR = 1000;

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
  console.log('keno: all Keno · roulette: European and American alternating · honest rounds with commitment and result\n');

  for (const game of ['keno', 'roulette']) {
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
    const noble = [];
    const nodeInCore = [];
    for (let run = 0; run < RUNS; run++) {
      noble.push(timeInCore(core, claims, core.nobleBackend));
      nodeInCore.push(timeInCore(core, claims, core.nodeBackend));
    }
    const wall = (runs) => ROUNDS / median(runs.map((r) => r.wall));
    const cpu = (runs) => ROUNDS / median(runs.map((r) => r.cpu));
    const row = { game, cli: wall(cli), single: wall(single), baseline: wall(base), noble: ROUNDS / median(noble), nodeInCore: ROUNDS / median(nodeInCore) };
    const describe = (threads) => (threads === 1 ? 'one thread' : `${threads} worker threads`);
    console.log(`${game} (file ${(readFileSync(file).length / 1e6).toFixed(1)} MB, made in ${(made / 1000).toFixed(1)} s)`);
    console.log(`                                        wall-clock        per CPU-second   runs (wall)`);
    const line = (label, runs) =>
      console.log(`  ${label.padEnd(36)}${fmt(wall(runs))} rounds/s  ${fmt(cpu(runs))} rounds/s  ${runs.map((r) => sec(r.wall)).join(' ')}`);
    line(`CLI, default: ${describe(autoThreads)}`, cli);
    line(`CLI, FAIR_WITNESS_THREADS=${other}`, alternative);
    line('reference baseline (js-sha3)', base);
    const goal = GOALS[game];
    const verdict = (ratio) => `${ratio.toFixed(2)}×${ratio >= goal ? '' : ' (below the goal)'}`;
    console.log(`  ratio CLI / baseline (goal ≥ ${goal.toFixed(1)}×): default ${verdict(row.cli / row.baseline)} · one thread ${verdict(row.single / row.baseline)} · one thread per CPU-second ${verdict(cpu(single) / cpu(base))}`);
    console.log(`  in-core verifyRound, @noble/hashes   ${fmt(row.noble)} rounds/s   (in-process, trace off: what the browser runs)`);
    console.log(`  in-core verifyRound, node:crypto     ${fmt(row.nodeInCore)} rounds/s   (in-process, trace off: the CLI without I/O)\n`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

/** Honest rounds made with the reference program: seed pairs derived from a counter, so every run uses the same file. */
function generate(game, count) {
  const lines = [];
  for (let i = 0; i < count; i++) {
    const pair = Math.floor(i / NONCES_PER_PAIR);
    const serverSeed = reference.commitmentOf(`fair-witness bench server seed ${pair}`);
    const clientSeed = reference.commitmentOf(`fair-witness bench client seed ${pair}`).slice(0, 16);
    const nonce = (i % NONCES_PER_PAIR) + 1;
    const signature = reference.createRoundSignature(serverSeed, clientSeed, nonce);
    let name;
    let result;
    if (game === 'keno') {
      name = 'keno';
      result = reference.kenoHits(signature);
    } else {
      const american = i % 2 === 1;
      name = american ? 'roulette-american' : 'roulette-european';
      result = reference.rouletteValue(american ? reference.Version.AMERICAN : reference.Version.EUROPEAN, signature);
    }
    const commitment = reference.commitmentOf(serverSeed);
    lines.push(JSON.stringify({ game: name, serverSeed, clientSeed, nonce, commitment, result }));
  }
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
