// Runs the fuzz properties with fast-check and records what ran. `npm test` runs each target with
// a small number of cases; `npm run fuzz` (scripts/fuzz.mjs) sets FUZZ_RUNS to a large number and
// FUZZ_REPORT_DIR to a folder where every property writes its case count and duration, which the
// script sums per target.
//
// Every property prints its seed, passed or not (the seeds are random unless FUZZ_SEED is set, so
// a run that passed can be run again). Reproducing a failure: the message gives the seed and the
// counterexample's path; run
//   FUZZ_SEED=<seed> FUZZ_PATH=<path> npx vitest run --project heavy test/fuzz/<target>.fuzz.test.ts -t "<property>"
// and fast-check replays exactly that case (then shrinks it again).
import fc from 'fast-check';
import { expect } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function envNumber(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got "${raw}"`);
  return value;
}

/** Cases per target in a full run; undefined in `npm test`, where each file's small default applies. */
const FULL_RUNS = envNumber('FUZZ_RUNS');
export const FULL = FULL_RUNS !== undefined;

/** A 1 MB input must be handled within this (generous: the machine is shared and loaded). */
export const BIG_INPUT_MS = envNumber('FUZZ_BIG_MS') ?? 20_000;
/** Any small input must be handled within this: a hang, not a slow case, is what it catches. */
export const CASE_MS = envNumber('FUZZ_CASE_MS') ?? 5_000;

/** The vitest timeout of one property. */
export const PROPERTY_TIMEOUT = FULL ? 3_600_000 : 120_000;

/** One MB, the size of the big generated inputs. */
export const MB = 1 << 20;

/**
 * The cases of one target: FUZZ_RUNS in a full run, else `smallDefault`. A target's properties
 * take shares of it (`share`), so a target's total is what FUZZ_RUNS says.
 */
export function targetCases(smallDefault: number): number {
  return FULL_RUNS ?? smallDefault;
}

export function share(total: number, fraction: number): number {
  return Math.max(1, Math.round(total * fraction));
}

/** Cases of a property over 1 MB inputs: a few, however big the run (each costs about a second). */
export function bigCases(small = 1, full = 6): number {
  return FULL ? full : small;
}

function seedFor(): number {
  const fixed = envNumber('FUZZ_SEED');
  return fixed !== undefined ? fixed : (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
}

function record(entry: object): void {
  const dir = process.env.FUZZ_REPORT_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify(entry));
}

/**
 * Checks `property` over `numRuns` cases. Throws fast-check's report (counterexample, seed,
 * path) plus the command that replays it.
 */
export function runProperty<Ts>(target: string, name: string, property: fc.IProperty<Ts>, numRuns: number, counters?: Counters): void {
  const seed = seedFor();
  const path = process.env.FUZZ_PATH || undefined;
  const started = performance.now();
  const details = fc.check(property, path === undefined ? { numRuns, seed } : { numRuns, seed, path });
  const ms = performance.now() - started;
  // On failure fast-check's numRuns counts the cases before the failing one.
  record({
    target,
    property: name,
    cases: details.failed ? details.numRuns + 1 : details.numRuns,
    ms,
    seed: details.seed,
    failed: details.failed,
    ...(counters ? { counters: counters.values } : {}),
  });
  console.log(`[fuzz] ${target} › ${name}: ${details.failed ? 'failed after' : 'passed'} ${details.numRuns} cases, seed ${details.seed} (FUZZ_SEED=${details.seed} runs them again)`);
  if (details.failed) {
    const report = fc.defaultReportMessage(details) ?? 'property failed';
    const error = details.errorInstance;
    const cause = error instanceof Error ? (error.stack ?? error.message) : String(error);
    // vitest's -t matches the test's full name as a pattern: its last words, escaped, pick it out.
    const testName = (expect.getState().currentTestName ?? name).split(' > ').pop()!;
    const pattern = testName.replace(/[.*+?^${}()|[\]\\"`$]/g, '\\$&');
    throw new Error(
      `${report}\n\nGot: ${cause}\n\nReplay: FUZZ_SEED=${details.seed} FUZZ_PATH="${details.counterexamplePath ?? ''}" ` +
        `npx vitest run --project heavy test/fuzz/${target}.fuzz.test.ts -t "${pattern}"`,
    );
  }
  // Every case ran (none skipped by a precondition or cut short); a replay runs its one path.
  if (path === undefined) expect(details.numRuns, `${name}: cases run`).toBe(numRuns);
  else expect(details.failed).toBe(false);
}

/**
 * How often a property met something worth meeting (a case that yielded a round, an error that was
 * thrown…), so the report shows the generators are not vacuous. Counts include shrinking runs.
 */
export class Counters {
  readonly values: Record<string, number> = {};
  add(key: string, by = 1): void {
    this.values[key] = (this.values[key] ?? 0) + by;
  }
}

/** Runs `work` and fails when it takes longer than `limitMs` (a hang or a quadratic blow-up). */
export function withinTime<T>(limitMs: number, what: string, work: () => T): T {
  const started = performance.now();
  const result = work();
  const ms = performance.now() - started;
  if (ms > limitMs) throw new Error(`${what} took ${Math.round(ms)} ms (limit ${limitMs} ms)`);
  return result;
}

export const ELLIPSIS = /…|\.\.\./;

/** A short printable form of a value for assertion messages (any value: fast-check's printer). */
export function show(value: unknown, length = 120): string {
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : fc.stringify(value);
  } catch {
    text = Object.prototype.toString.call(value);
  }
  return text.length > length ? `${text.slice(0, length)}…(${text.length} chars)` : text;
}
