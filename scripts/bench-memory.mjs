// `npm run bench:memory`: peak memory (maximum resident set size) and wall time of
// `fair-witness verify FILE` on large files, in the layouts that stress the cross-round audit:
//
//   one-pair        every round of one seed pair, nonces 1…N
//   1000-pairs      1,000 seed pairs one after another, N/1000 nonces each
//   pair-per-round  a new seed pair (server seed, commitment and client seed) every round
//   planted         1000-pairs with findings planted: gaps, a repeat, a conflict, a server seed in
//                   a second pair, a round played after its seed was revealed, huge nonces
//
// Files are honest Keno rounds shaped like `npm run bench`'s ({game, serverSeed, clientSeed, nonce,
// commitment, result}), computed here with node:crypto following the casino's procedure
// (scripts/bench/reference-baseline.cjs), so a million rounds take seconds to make. Each file is
// verified with --json on the default threads and with FAIR_WITNESS_THREADS=2, and once with the
// human output; peak RSS comes from /usr/bin/time -v (or, without it, from polling VmHWM).
//
// --before REF also builds the CLI of git commit REF (into .bench/) and runs it on the same files,
// then checks that both builds wrote byte-identical output for every run.
//
//   node scripts/bench-memory.mjs [--rounds N] [--before REF] [--layouts a,b] [--keep]
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, copyFileSync, createReadStream, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const { values } = parseArgs({ options: { rounds: { type: 'string' }, before: { type: 'string' }, layouts: { type: 'string' }, keep: { type: 'boolean' } } });
const ROUNDS = Number(values.rounds ?? 1_000_000);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1000) throw new Error('--rounds must be an integer of at least 1000');
const LAYOUTS = ['one-pair', '1000-pairs', 'pair-per-round', 'planted'];
const layouts = values.layouts ? values.layouts.split(',') : LAYOUTS;
for (const layout of layouts) if (!LAYOUTS.includes(layout)) throw new Error(`unknown layout ${layout}; known: ${LAYOUTS.join(', ')}`);
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
/** The peak RSS goal of issue #11 for a million rounds. */
const GOAL_MB = 256;

await import('./build-cli.mjs'); // builds dist/cli on import
const builds = [{ name: 'after', bin: path.join(root, 'bin', 'fair-witness.js') }];
if (values.before) builds.unshift({ name: `before (${values.before})`, bin: await buildAt(values.before) });

const dir = mkdtempSync(path.join(tmpdir(), 'fair-witness-bench-memory-'));
const modes = [
  { name: '--json, default threads', json: true, env: {} },
  { name: '--json, FAIR_WITNESS_THREADS=2', json: true, env: { FAIR_WITNESS_THREADS: '2' } },
  { name: 'human, default threads', json: false, env: {} },
];
console.log(`fair-witness bench:memory: ${ROUNDS.toLocaleString('en-US')} Keno rounds per file · node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0].toFixed(2)}`);
console.log(`peak RSS from ${TIME ? '/usr/bin/time -v' : 'VmHWM of /proc/<pid>/status'}; goal ≤ ${GOAL_MB} MB for 1,000,000 rounds\n`);
const rows = [];
let identical = true;
try {
  for (const layout of layouts) {
    const file = path.join(dir, `${layout}.json`);
    const t0 = performance.now();
    generate(layout, ROUNDS, file);
    console.log(`${layout}: file ${(statSync(file).size / 1e6).toFixed(0)} MB, made in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (const mode of modes) {
      const digests = [];
      for (const build of builds) {
        const run = await measure(build.bin, file, mode);
        digests.push(run.digest);
        rows.push({ layout, mode: mode.name, build: build.name, ...run });
        const goal = run.rssMb <= GOAL_MB ? '' : `  (above ${GOAL_MB} MB)`;
        console.log(`  ${mode.name.padEnd(32)} ${build.name.padEnd(18)} ${fmtMb(run.rssMb)} MB  ${run.wall.toFixed(1).padStart(6)} s  exit ${run.exit}  ${run.findings}${goal}`);
      }
      if (new Set(digests).size > 1) {
        identical = false;
        console.log('  ✗ the builds wrote different output for this run');
      }
    }
    if (!values.keep) rmSync(file, { force: true });
  }
} finally {
  if (!values.keep) rmSync(dir, { recursive: true, force: true });
  else console.log(`\nfiles kept in ${dir}`);
}
if (builds.length > 1) console.log(identical ? '\nBoth builds wrote byte-identical output (verdicts, summary and findings) for every run.' : '\nOUTPUT DIFFERS between the builds.');
const over = rows.filter((r) => r.build === 'after' && r.rssMb > GOAL_MB);
if (over.length > 0) console.log(`${over.length} run(s) of this build above ${GOAL_MB} MB.`);
process.exitCode = identical ? 0 : 1;

// ---- files ----------------------------------------------------------------------------------------

/**
 * Writes `count` Keno rounds of `layout` to `file` as a JSON array, a few thousand rows per write.
 * Seeds are derived from counters, so every run makes the same file.
 */
function generate(layout, count, file) {
  const fd = openSync(file, 'w');
  let buffer = '[\n';
  let written = 0;
  const emit = (round) => {
    buffer += `${written++ === 0 ? '' : ',\n'}${JSON.stringify(round)}`;
    if (buffer.length > 1 << 20) {
      writeSync(fd, buffer);
      buffer = '';
    }
  };
  const perPair = layout === 'one-pair' ? count : layout === 'pair-per-round' ? 1 : Math.max(1, Math.floor(count / 1000));
  const pairs = new Map();
  const pairOf = (p) => {
    let pair = pairs.get(p);
    if (pair === undefined) {
      const serverSeed = sha3(`fair-witness bench-memory server seed ${p}`);
      pair = { serverSeed, commitment: sha3(serverSeed), clientSeed: sha3(`fair-witness bench-memory client seed ${p}`).slice(0, 16) };
      // One pair is current at a time, except in `planted`, which goes back to earlier pairs.
      if (layout !== 'planted') pairs.clear();
      pairs.set(p, pair);
    }
    return pair;
  };
  const honest = (p, nonce, extra = {}) => {
    const { serverSeed, commitment, clientSeed } = pairOf(p);
    return { game: 'keno', serverSeed, clientSeed, nonce, commitment, result: kenoHits(serverSeed, clientSeed, nonce), ...extra };
  };
  for (let i = 0; i < count; i++) {
    const p = Math.floor(i / perPair);
    const nonce = (i % perPair) + 1;
    if (layout === 'planted' && plant(i, p, nonce, perPair, honest, emit)) continue;
    emit(honest(p, nonce));
  }
  if (layout === 'planted') {
    // A pair whose nonces are beyond 2^53, as decimal text, with a gap: findings must quote them exactly.
    const serverSeed = sha3('fair-witness bench-memory huge nonces');
    const clientSeed = 'huge';
    for (const nonce of ['9007199254740993', '9007199254740994', '9007199254740997']) {
      emit({ game: 'keno', serverSeed, clientSeed, nonce, commitment: sha3(serverSeed), result: kenoHits(serverSeed, clientSeed, nonce) });
    }
  }
  writeSync(fd, `${buffer}\n]\n`);
  closeSync(fd);
}

/** Plants findings among the honest rounds of `planted`; true when round i was replaced or dropped. */
function plant(i, p, nonce, perPair, honest, emit) {
  if (p % 97 === 5 && nonce === 3) return true; // a gap at nonce 3
  if (p % 89 === 7 && nonce === 2) {
    emit(honest(p, nonce));
    emit(honest(p, nonce)); // the same round twice: a repeat
    return true;
  }
  if (p % 101 === 11 && nonce === 4) {
    // The same nonce with another draw and no server seed: a conflict the seeds cannot settle.
    emit(honest(p, nonce));
    emit({ game: 'keno', clientSeed: honest(p, nonce).clientSeed, nonce, commitment: honest(p, nonce).commitment, result: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    return true;
  }
  if (p % 103 === 13 && nonce === perPair) {
    // The server seed of pair p shown again with another client seed: one seed in two pairs.
    emit(honest(p, nonce));
    const { serverSeed, commitment } = honest(p, nonce);
    emit({ game: 'keno', serverSeed, clientSeed: 'another client seed', nonce: 1, commitment, result: kenoHits(serverSeed, 'another client seed', 1) });
    return true;
  }
  if (p % 107 === 17 && nonce === 5) {
    // Its result first seen after the pair's server seed was revealed.
    emit(honest(p, nonce, { observedAt: { result: 2_000_000_000_000, serverSeed: 1_900_000_000_000 } }));
    return true;
  }
  if (i === Math.floor(perPair * 2.5)) {
    // A round of pair 1 again in the middle of pair 2: the same nonce, out of order.
    emit(honest(1, 1));
    return false;
  }
  return false;
}

function sha3(text) {
  return createHash('sha3-256').update(text).digest('hex');
}

/** The Keno program's draw (reference-baseline.cjs, kenoHits): 10 of 40 by rejection sampling over SHAKE256. */
function kenoHits(serverSeed, clientSeed, nonce) {
  const signature = sha3(`${serverSeed}:${clientSeed}:${nonce}`);
  const bytes = createHash('shake256', { outputLength: 320 }).update(signature).digest();
  const available = Array.from({ length: 40 }, (_, k) => k);
  const hits = [];
  let offset = 0;
  for (let k = 0; k < 10; k++) {
    const P = available.length;
    const maxAcceptable = Math.floor(0x100000000 / P) * P;
    let rand;
    do {
      rand = bytes.readUInt32BE(offset);
      offset += 4;
    } while (rand >= maxAcceptable);
    hits.push(available.splice(rand % P, 1)[0] + 1);
  }
  return hits.sort((a, b) => a - b);
}

// ---- runs -----------------------------------------------------------------------------------------

/** Runs `bin verify [--json] file` once: peak RSS in MB, wall seconds, exit status, a digest of stdout and the findings. */
async function measure(bin, file, mode) {
  const out = path.join(dir, 'out.txt');
  const fd = openSync(out, 'w');
  const args = [bin, 'verify', ...(mode.json ? ['--json'] : []), file];
  const start = performance.now();
  const { exit, rssKb } = await (TIME ? runTimed(args, fd, mode.env) : runPolled(args, fd, mode.env));
  const wall = (performance.now() - start) / 1000;
  closeSync(fd);
  const digest = await digestOf(out);
  const findings = mode.json ? findingsSummary(out) : '';
  rmSync(out, { force: true });
  return { exit, rssMb: rssKb / 1024, wall, digest, findings };
}

function runTimed(args, fd, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(TIME, ['-v', process.execPath, ...args], { stdio: ['ignore', fd, 'pipe'], env: { ...process.env, ...env } });
    let stderr = '';
    child.stderr.on('data', (data) => (stderr += data));
    child.on('error', reject);
    child.on('exit', () => {
      const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(stderr);
      const status = /Exit status: (\d+)/.exec(stderr);
      if (!rss || !status) reject(new Error(`no figures from /usr/bin/time:\n${stderr.slice(-2000)}`));
      else resolve({ exit: Number(status[1]), rssKb: Number(rss[1]) });
    });
  });
}

/** Without /usr/bin/time: the child's VmHWM (its peak RSS, kept by the kernel), read until it exits. */
function runPolled(args, fd, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', fd, 'inherit'], env: { ...process.env, ...env } });
    let peak = 0;
    const poll = setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (hwm) peak = Math.max(peak, Number(hwm[1]));
      } catch {
        // Exited between polls: the last reading stands.
      }
    }, 20);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(poll);
      resolve({ exit: code ?? -1, rssKb: peak });
    });
  });
}

function digestOf(file) {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file).on('data', (data) => hash.update(data)).on('error', reject).on('end', () => resolve(hash.digest('hex')));
  });
}

/** "findings: nonce-gap ×3, …" from the end of a --json output. */
function findingsSummary(file) {
  const text = readFileSync(file, 'utf8');
  const at = text.lastIndexOf('\n],\n"summary":');
  if (at < 0) return 'no summary';
  const { findings = [] } = JSON.parse(`{${text.slice(at + 4)}`);
  const counts = new Map();
  for (const { kind } of findings) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  return counts.size === 0 ? 'no findings' : `findings: ${[...counts].map(([kind, n]) => `${kind} ×${n}`).join(', ')}`;
}

// ---- builds ---------------------------------------------------------------------------------------

/** Builds the CLI as of git commit `ref` into .bench/before-<ref>/ and returns its bin script. */
async function buildAt(ref) {
  const commit = execFileSync('git', ['rev-parse', '--short', ref], { cwd: root, encoding: 'utf8' }).trim();
  const at = path.join(root, '.bench', `before-${commit}`);
  rmSync(at, { recursive: true, force: true });
  mkdirSync(at, { recursive: true });
  const archive = execFileSync('git', ['archive', commit, 'src', 'bin', 'scripts/build-cli.mjs', 'package.json'], { cwd: root, maxBuffer: 1 << 28 });
  execFileSync('tar', ['-x', '-C', at], { input: archive });
  // Its build script builds into its own dist/ on import; modules resolve from this checkout's node_modules.
  await import(pathToFileURL(path.join(at, 'scripts', 'build-cli.mjs')).href);
  copyFileSync(path.join(root, 'bin', 'fair-witness.js'), path.join(at, 'bin', 'fair-witness.js'));
  return path.join(at, 'bin', 'fair-witness.js');
}

function fmtMb(mb) {
  return mb.toFixed(0).padStart(5);
}
