// Worker threads for `verify` on large files: the main thread reads and splits the file, workers
// parse, hash and judge batches of rounds, and the main thread writes the results in input order.
// Messages are kept compact (one string of element texts in, one string of output back) because
// the main thread copies every byte of them and is the pool's bottleneck on two cores.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { JudgeContext } from './round-judge.js';
import type { VerdictStatus } from '../core/index.js';

export interface BatchRequest {
  id: number;
  /** Index of the batch's first element in the file. */
  firstIndex: number;
  /** A stretch of the file holding the elements; element i is `text.slice(starts[i], ends[i])`. */
  text: string;
  starts: Int32Array<ArrayBuffer>;
  ends: Int32Array<ArrayBuffer>;
  /** Where each element starts in the file (1-based). */
  lines: Int32Array<ArrayBuffer>;
  columns: Int32Array<ArrayBuffer>;
  context: JudgeContext;
}

export interface BatchReply {
  id: number;
  /** One letter per element judged (STATUS_CODES), up to a syntax error. */
  statuses: string;
  /**
   * The output of the judged elements, in order and with their separators, cut at each pending
   * element: the main thread judges those itself (the nonce check needs the rounds in order) and
   * writes them between `segments[k]` and `segments[k + 1]`.
   */
  segments: string[];
  /** The first reason of each mismatched or invalid element, by its position in the batch. */
  problems: Array<[position: number, reason: string]>;
  /** JSON of each judged element's AuditEntry (null for pending ones and for non-objects), in order. */
  audits: string;
  /** How many of the judged elements are verified at level `history`. */
  history: number;
  syntaxError?: { problem: string; line: number; column: number };
  /** A bug in the worker (not in the input). */
  failure?: string;
}

export const STATUS_CODES: Record<VerdictStatus, string> = { verified: 'v', pending: 'p', mismatch: 'm', unsupported: 'u', invalid: 'i' };
export const STATUS_OF_CODE: Record<string, VerdictStatus> = Object.fromEntries(
  Object.entries(STATUS_CODES).map(([status, code]) => [code, status as VerdictStatus]),
);

/** Files at least this large are verified in parallel; below, starting workers costs more than it saves. */
const PARALLEL_MIN_BYTES = 4 << 20;
const MAX_WORKERS = 8;

/**
 * How many threads verify a file of `size` bytes (undefined: unknown, e.g. standard input):
 * 1 is the main thread alone, n > 1 means n workers. The main thread keeps a core busy reading,
 * splitting and writing, so workers get the other cores; with two cores (often two hyperthreads
 * of one) the one worker would gain too little for the cost of passing every round across, so
 * such machines verify on one thread. FAIR_WITNESS_THREADS overrides (tests, benchmarks).
 */
export function chooseThreads(size: number | undefined, env = process.env.FAIR_WITNESS_THREADS, cores = availableParallelism()): number {
  const forced = env === undefined || env === '' ? NaN : Number(env);
  if (Number.isInteger(forced) && forced >= 1) return Math.min(forced, 64);
  if (size === undefined || size < PARALLEL_MIN_BYTES) return 1;
  const workers = Math.min(cores - 1, MAX_WORKERS);
  return workers >= 2 ? workers : 1;
}

export class VerifyPool {
  private readonly workers: Worker[] = [];
  private readonly waiting = new Map<number, { resolve: (reply: BatchReply) => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failed: Error | undefined;

  constructor(size: number, script: URL = new URL('./verify-worker.mjs', import.meta.url)) {
    for (let i = 0; i < size; i++) {
      // A small young generation: a worker's garbage is short-lived, and the default (tens of MB per
      // worker) showed in peak memory (npm run bench:memory: 347 → 308 MB, one worker, a million rounds).
      const worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: 6 } });
      worker.on('message', (reply: BatchReply) => {
        const waiter = this.waiting.get(reply.id);
        this.waiting.delete(reply.id);
        waiter?.resolve(reply);
      });
      worker.on('error', (error) => this.fail(error));
      worker.on('exit', (code) => {
        if (code !== 0) this.fail(new Error(`a verify worker stopped with exit code ${code}`));
      });
      this.workers.push(worker);
    }
  }

  /** Judges a batch on the next worker in turn; resolves with its reply. */
  run(request: Omit<BatchRequest, 'id'>): Promise<BatchReply> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.nextId++;
    const worker = this.workers[id % this.workers.length]!;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const message: BatchRequest = { ...request, id };
      worker.postMessage(message, [message.starts.buffer, message.ends.buffer, message.lines.buffer, message.columns.buffer]);
    });
  }

  async close(): Promise<void> {
    this.failed ??= new Error('the verify pool is closed');
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private fail(error: Error): void {
    if (this.failed) return;
    this.failed = error;
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }
}
