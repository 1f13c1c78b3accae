// `fair-witness verify [--json] FILE`: streams the file's rounds through the core's verifyRound
// and writes one verdict per round as it goes (docs/design.md, "Contracts other tools and tests
// rely on" → command line). Large files are judged by worker threads (verify-pool.ts); the output is the same.
import { open } from 'node:fs/promises';
import { EXPORT_FORMAT, EXPORT_VERSION, printable, printableJson, type VerdictStatus } from '../core/index.js';
import type { VerifyCommand } from './args.js';
import { EXIT_MISMATCH, EXIT_OK, EXIT_UNUSABLE, InputError } from './errors.js';
import type { AuditEntry } from './audit-entry.js';
import { CompactAudit } from './compact-audit.js';
import { findingsJson, findingsText, HISTORY_NOTE } from './findings-format.js';
import { emptySummary, summaryJson, summaryLine, tableHeader } from './format.js';
import type { Io } from './io.js';
import { JsonArrayScanner, JsonScanError } from './json-scanner.js';
import { PendingNonceLedger } from './nonce-ledger.js';
import { OutputSink } from './output-sink.js';
import { Progress } from './progress.js';
import { judgeElement, type JudgeContext, type JudgedRound } from './round-judge.js';
import { chooseThreads, STATUS_OF_CODE, VerifyPool, type BatchReply } from './verify-pool.js';
import { SealWatch, sealJson, sealText } from './seal-report.js';

// 128 KiB: with 1 MiB chunks, reading alone peaked at 163 MB on a million rounds, with these at 121 MB
// (npm run bench:memory), at the same speed.
const CHUNK_BYTES = 1 << 17;
/** Rounds per batch sent to a worker, and batches in flight per worker before reading waits. */
const BATCH_ROUNDS = 512;
const BATCHES_PER_WORKER = 4;

/** The first round of a kind that makes the exit status non-zero, for the one line on stderr. */
interface FirstProblem {
  index: number;
  line: number;
  reason: string;
}

/**
 * Neighbouring elements gathered for one worker: a stretch of one chunk of the file (`source`),
 * where each element lies in it, and where each starts in the file.
 */
interface Batch {
  firstIndex: number;
  source: string;
  starts: number[];
  ends: number[];
  lines: number[];
  columns: number[];
  /** After dispatch: the stretch sent, `source.slice(starts[0], ends.at(-1))`. */
  text?: string;
}

export async function verifyCommand(command: VerifyCommand, io: Io): Promise<number> {
  const name = command.file === '-' ? 'standard input' : command.file;
  const { stream: input, size } = command.file === '-' ? { stream: io.stdin, size: undefined } : await openFile(command.file);

  const sink = new OutputSink(io.stdout);
  const progress = new Progress(io.stderr, io.stdout);
  const ledger = new PendingNonceLedger();
  const summary = emptySummary();
  const audit = new CompactAudit();
  let history = 0; // verified rounds at level `history`, for the note below the table
  const first: Partial<Record<VerdictStatus, FirstProblem>> = {};
  const context: JudgeContext = { isExport: false, json: command.json };
  let opened = false; // the table header or the JSON document's start has been written
  let format: unknown;
  let version: unknown;
  const seal = new SealWatch();

  const threads = chooseThreads(size);
  const pool = threads > 1 ? new VerifyPool(threads) : undefined;
  const inFlight: Array<{ batch: Batch; reply: Promise<BatchReply> }> = [];
  let batch: Batch | undefined;
  let halted = false; // a worker found a malformed round: nothing after it may be written

  const openOutput = (): void => {
    if (opened) return;
    opened = true;
    sink.write(command.json ? '{"rounds":[' : tableHeader());
  };

  /** Counts one round; rounds arrive here in input order. */
  const count = (index: number, line: number, status: VerdictStatus, reason: string | undefined): void => {
    summary[status]++;
    if (reason !== undefined && first[status] === undefined) first[status] = { index, line, reason };
  };

  /** Counts and writes one round judged on this thread. */
  const accept = (index: number, line: number, judged: JudgedRound): void => {
    count(index, line, judged.status, judged.reason);
    audit.add(judged.audit);
    if (judged.level === 'history') history++;
    openOutput();
    sink.write(command.json ? `${index === 0 ? '' : ','}\n${judged.output}` : judged.output);
  };

  const dispatch = (): void => {
    if (pool === undefined || batch === undefined) return;
    const { firstIndex, source, starts, ends, lines, columns } = batch;
    const offset = starts[0]!;
    const text = (batch.text = source.slice(offset, ends.at(-1)));
    const relative = (positions: number[]): Int32Array<ArrayBuffer> => Int32Array.from(positions, (position) => position - offset);
    const reply = pool.run({ firstIndex, text, starts: relative(starts), ends: relative(ends), lines: Int32Array.from(lines), columns: Int32Array.from(columns), context });
    inFlight.push({ batch, reply });
    batch = undefined;
  };

  /** Writes the oldest batch's results once its worker is done. */
  const settleOldest = async (): Promise<void> => {
    const { batch: done, reply } = inFlight.shift()!;
    const { statuses, segments, problems, syntaxError, failure, audits: auditText, history: historyInBatch } = await reply;
    if (failure !== undefined) {
      halted = true;
      throw new Error(`verify worker: ${failure}`);
    }
    openOutput();
    history += historyInBatch;
    const audits = JSON.parse(auditText) as (AuditEntry | null)[];
    let segment = 0;
    let problem = 0;
    sink.write(segments[0]!);
    for (let i = 0; i < statuses.length; i++) {
      const index = done.firstIndex + i;
      const line = done.lines[i]!;
      const status = STATUS_OF_CODE[statuses[i]!]!;
      if (status === 'pending') {
        // Pending rounds come back unjudged: the nonce check needs the rounds in order.
        const offset = done.starts[0]!;
        const text = done.text!.slice(done.starts[i]! - offset, done.ends[i]! - offset);
        accept(index, line, judgeElement(text, index, line, done.columns[i]!, context, ledger));
        sink.write(segments[++segment]!);
        continue;
      }
      let reason: string | undefined;
      if (problems[problem]?.[0] === i) reason = problems[problem++]![1];
      count(index, line, status, reason);
      audit.add(audits[i]);
    }
    if (syntaxError !== undefined) {
      halted = true;
      throw new JsonScanError(syntaxError.problem, syntaxError.line, syntaxError.column);
    }
  };

  const settleAll = async (): Promise<void> => {
    dispatch();
    while (inFlight.length > 0) await settleOldest();
  };

  const scanner = new JsonArrayScanner({
    start(shape) {
      context.isExport = shape === 'object';
    },
    member(key, value, line, column) {
      seal.member(key, value);
      // Checked as soon as seen, so a wrong file is refused before any output when "format" comes first.
      if (key === 'format') {
        format = value;
        if (value !== EXPORT_FORMAT) throw new JsonScanError(`"format" is ${JSON.stringify(value)}, not "${EXPORT_FORMAT}"`, line, column);
      } else if (key === 'version') {
        version = value;
        if (value !== EXPORT_VERSION) throw new JsonScanError(`export version ${JSON.stringify(value)} is not supported (this fair-witness reads version ${EXPORT_VERSION})`, line, column);
      }
    },
    element(text, index, line, column) {
      if (context.isExport) seal.element(text, index);
      if (pool === undefined) {
        accept(index, line, judgeElement(text, index, line, column, context, ledger));
        return;
      }
      // A batch is one slice of one chunk; an element that spans chunks is its own source.
      const span = scanner.elementSpan ?? { source: text, start: 0, end: text.length };
      if (batch !== undefined && batch.source !== span.source) dispatch();
      batch ??= { firstIndex: index, source: span.source, starts: [], ends: [], lines: [], columns: [] };
      batch.starts.push(span.start);
      batch.ends.push(span.end);
      batch.lines.push(line);
      batch.columns.push(column);
      if (batch.starts.length >= BATCH_ROUNDS) dispatch();
    },
  });

  try {
    try {
      for await (const chunk of input as AsyncIterable<Uint8Array>) {
        scanner.write(chunk);
        if (pool !== undefined) {
          while (inFlight.length > threads * BATCHES_PER_WORKER) await settleOldest();
        }
        await sink.flush();
        progress.update(scanner.count);
      }
      scanner.end();
      await settleAll();
      if (context.isExport && format === undefined) throw new InputError(`${name}: the object has no "format" member, so it is not a fair-witness export`);
      if (context.isExport && version === undefined) throw new InputError(`${name}: the export has no "version" member`);
    } catch (error) {
      // The rounds before the error are written, as when verifying on one thread; an error in an
      // earlier round, found by a worker, comes first.
      let reported = error;
      try {
        if (!halted) await settleAll();
      } catch (earlier) {
        reported = earlier;
      }
      progress.clear();
      const message = describeInputError(reported, name);
      if (opened && command.json) sink.write(`\n],\n"summary":${summaryJson(summary)},\n"error":${printableJson(JSON.stringify(message))}}\n`);
      await sink.flush(true);
      throw new InputError(message);
    }
  } finally {
    await pool?.close();
  }
  progress.clear();

  openOutput();
  // The audit runs once every round is in: its findings span the whole file.
  const findings = audit.findings();
  // Only a linked or sealed export gets the seal's report: any other file's output is as before.
  const sealed = context.isExport ? seal.report() : undefined;
  if (command.json) sink.write(`\n],\n"summary":${summaryJson(summary)},\n"findings":${findingsJson(findings)}${sealed ? sealJson(sealed) : ''}}\n`);
  else sink.write(`${history > 0 ? `\n${HISTORY_NOTE}` : ''}${findingsText(findings)}${sealed ? sealText(sealed) : ''}\n${summaryLine(summary)}`);
  await sink.flush(true);

  const problem = first.mismatch ?? first.invalid;
  if (problem !== undefined) {
    const counts = [summary.mismatch > 0 ? `${summary.mismatch} mismatched` : '', summary.invalid > 0 ? `${summary.invalid} invalid` : '']
      .filter(Boolean)
      .join(', ');
    io.stderr.write(`fair-witness: ${counts}; first: element ${problem.index} (line ${problem.line}): ${printable(problem.reason)}\n`);
  }
  return summary.mismatch > 0 ? EXIT_MISMATCH : summary.invalid > 0 ? EXIT_UNUSABLE : EXIT_OK;
}

async function openFile(path: string): Promise<{ stream: AsyncIterable<Uint8Array>; size: number | undefined }> {
  try {
    const handle = await open(path, 'r');
    const stat = await handle.stat();
    if (stat.isDirectory()) {
      await handle.close();
      throw Object.assign(new Error('is a directory'), { code: 'EISDIR' });
    }
    return { stream: handle.createReadStream({ highWaterMark: CHUNK_BYTES }), size: stat.isFile() ? stat.size : undefined };
  } catch (error) {
    throw new InputError(describeInputError(error, path));
  }
}

/** One line for anything that stops the file being read. */
function describeInputError(error: unknown, name: string): string {
  if (error instanceof JsonScanError) return `${name}, ${error.message}`;
  if (error instanceof InputError) return error.message;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'ENOENT':
      return `${name}: no such file`;
    case 'EISDIR':
      return `${name}: is a directory, not a file`;
    case 'EACCES':
    case 'EPERM':
      return `${name}: permission denied`;
    default:
      throw error;
  }
}
