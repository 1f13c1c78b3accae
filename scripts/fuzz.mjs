#!/usr/bin/env node
// `npm run fuzz`: runs the property-based fuzz targets (test/fuzz/*.fuzz.test.ts) at full size and
// prints, per target, how many cases ran and how long they took.
//
//   npm run fuzz                      100 000 cases per target (incremental-scan: a tenth, each case is ~100 scans)
//   npm run fuzz -- --runs 20000      another size (or FUZZ_RUNS=20000)
//   npm run fuzz -- scanner           only the targets whose file names match (vitest filters)
//
// `npm test` runs the same files with a small number of cases each. Every property writes its case
// count and duration to a JSON file in a temporary folder (FUZZ_REPORT_DIR); this script sums them.
// Every property's seed is printed; a failure also prints fast-check's counterexample and path, and
// the command that replays it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
let runs = process.env.FUZZ_RUNS || '100000';
const filters = [];
for (let index = 0; index < args.length; index++) {
  if (args[index] === '--runs') runs = args[++index] ?? runs;
  else if (args[index].startsWith('--runs=')) runs = args[index].slice('--runs='.length);
  else filters.push(args[index]);
}
if (!/^\d+$/.test(runs) || Number(runs) < 1) {
  console.error(`fuzz: --runs must be a positive whole number, got "${runs}"`);
  process.exit(2);
}

const reportDir = mkdtempSync(join(tmpdir(), 'fair-witness-fuzz-'));
const files = filters.length > 0 ? filters.map((filter) => (filter.includes('/') ? filter : `test/fuzz/${filter}`)) : ['test/fuzz/'];
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');
// Two workers: the machine has two cores, and each target is one file.
const command = [vitest, 'run', '--project', 'heavy', '--maxWorkers=2', ...files];

console.log(`fuzz: ${Number(runs).toLocaleString('en')} cases per target; reports in ${reportDir}`);
const started = performance.now();
const code = await new Promise((resolve) => {
  const child = spawn(process.execPath, command, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FUZZ_RUNS: runs, FUZZ_REPORT_DIR: reportDir },
  });
  child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
const wall = (performance.now() - started) / 1000;

const entries = readdirSync(reportDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(join(reportDir, name), 'utf8')));
rmSync(reportDir, { recursive: true, force: true });

const targets = new Map();
for (const entry of entries) {
  const target = targets.get(entry.target) ?? { cases: 0, ms: 0, failed: 0, properties: [] };
  target.cases += entry.cases;
  target.ms += entry.ms;
  target.failed += entry.failed ? 1 : 0;
  target.properties.push(entry);
  targets.set(entry.target, target);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const pad = (text, width, right = false) => (right ? String(text).padStart(width) : String(text).padEnd(width));
console.log('\nfuzz results (per target: cases run, time inside its properties, rate)');
console.log(`${pad('target', 26)} ${pad('cases', 10, true)} ${pad('time', 10, true)} ${pad('cases/s', 9, true)}  failed`);
let total = 0;
for (const [name, target] of [...targets].sort(([a], [b]) => a.localeCompare(b))) {
  total += target.cases;
  const rate = target.ms > 0 ? Math.round(target.cases / (target.ms / 1000)) : 0;
  console.log(`${pad(name, 26)} ${pad(target.cases.toLocaleString('en'), 10, true)} ${pad(seconds(target.ms), 10, true)} ${pad(rate.toLocaleString('en'), 9, true)}  ${target.failed}`);
  for (const property of target.properties.sort((a, b) => a.property.localeCompare(b.property))) {
    const counters = property.counters ? `  ${Object.entries(property.counters).map(([key, count]) => `${key}: ${count}`).join(', ')}` : '';
    // The seed, passed or not: FUZZ_SEED=<seed> runs the same cases again.
    const status = `  ${property.failed ? 'FAILED, ' : ''}seed ${property.seed}`;
    console.log(`  ${pad(property.property, 24)} ${pad(property.cases.toLocaleString('en'), 10, true)} ${pad(seconds(property.ms), 10, true)}${status}${counters}`);
  }
}
console.log(`${pad('all targets', 26)} ${pad(total.toLocaleString('en'), 10, true)}   wall clock ${wall.toFixed(1)} s, vitest exit code ${code}`);
if (targets.size === 0) console.log('fuzz: no property reported (did the files run?)');
process.exit(code);
