// "Import JSON": reads a chosen file as an "Export JSON" file (src/core/export-format.ts) and
// sends its rounds to the worker in bounded chunks. The file is streamed: read 256 KiB at a time,
// cut into one text per round by the scanner the CLI uses (core/json-array-scanner.ts) and parsed
// round by round, so a file of a million rounds costs the popup the memory of one slice and one
// chunk (a round longer than MAX_ROUND_CHARS stops the import), and the worker one chunk at a time. Only the envelope is checked here; every round is
// checked by the worker on its own (src/background/import.ts), so one bad round is refused alone.
//
// A sealed file (core/export-seal.ts) is read twice: first for the chain over its rounds as they
// stand (the seal comes after them), which the worker checks against its key; then as any file,
// each chunk sent with the worker's ticket, which the worker hashes again before it restores the
// chunk's rounds with this install's evidence. A file without links is read once, as before.
import { clip, EXPORT_FORMAT, EXPORT_VERSION } from '../core/index.js';
import { ChainChecker, type ChainBreak } from '../core/export-seal.js';
import { JsonArrayScanner } from '../core/json-array-scanner.js';
import { JsonScanError, parseJsonAt } from '../core/json-error.js';
import { MAX_IMPORT_ROUNDS_PER_MESSAGE } from '../shared/message-limits.js';
import type { ImportReport, SealVerdict } from '../shared/messages.js';

// The report's words load with the reader, in its one chunk (data-actions.tsx imports both on demand).
export { ImportReportView, importProblemText } from './import-result.js';

/** Rounds per message: as many as the message schema takes. */
export const IMPORT_CHUNK = MAX_IMPORT_ROUNDS_PER_MESSAGE;

/** Bytes read per slice of the file: one slice is scanned and parsed in one task, ≈ 800 rounds. */
export const IMPORT_SLICE_BYTES = 256 * 1024;

/**
 * A guard, not a memory need (the file is streamed): a million-round export is ≈ 300 MB, and a
 * file many times that would take hours of the worker's time.
 */
export const MAX_IMPORT_BYTES = 1024 * 1024 * 1024;

/** Why a file cannot be imported (at all, or from where it stopped), with what the message shows. */
export type ImportFileProblem =
  | { kind: 'too-big'; bytes: number; limit: number }
  /** Where its JSON goes wrong, when the scanner could place it. */
  | { kind: 'not-json'; line?: number; column?: number }
  | { kind: 'wrong-format'; found: 'list' | { format: string } | { type: string } }
  | { kind: 'wrong-version'; found: string }
  /** Its rounds come before its "format" and "version" (Fair Witness writes those first). */
  | { kind: 'envelope-late' }
  /** One round (numbered from 1) is longer than MAX_ROUND_CHARS: no export has such rounds. */
  | { kind: 'round-too-long'; round: number; limit: number }
  /** A member beside the rounds (its seal, say) is longer than MAX_ROUND_CHARS: the rounds before it were sent. */
  | { kind: 'member-too-long'; limit: number }
  | { kind: 'empty' };

/** The longest round taken, in characters: an exported round is well under 16 KB (its record's bound). */
export const MAX_ROUND_CHARS = 64 * 1024;

/** Refused rounds listed one by one; the rest are counted (a file of a million bad rounds must not fill the popup). */
export const KEPT_REFUSALS = 20;

/** What the file's seal was to this install: none; or the worker's verdict, with the breaks the chain showed (the first MAX_BREAKS). */
export type ImportSeal =
  | { kind: 'none' }
  /** Rounds with links but no seal after them (the file was cut short, or its seal removed). */
  | { kind: 'missing' }
  | ({ breaks: ChainBreak[]; breakCount: number } & Exclude<SealVerdict, { kind: 'this-install' }>)
  | { kind: 'this-install' };

/** The worker's side of a sealed import (background/seal-key.ts). */
export interface SealChecker {
  check(seal: unknown, rounds: number, states: string[], chunkSize: number): Promise<SealVerdict>;
  done(ticket: string): Promise<unknown>;
}

export interface ImportTotals extends ImportReport {
  /** Rounds sent so far. */
  done: number;
  /** The file's seal, once read (undefined: not looked at). */
  seal?: ImportSeal;
  /** Refused rounds in all; `refused` lists the first KEPT_REFUSALS of them. */
  refusedCount: number;
  /** Share of the file read, 0–1. */
  read: number;
}

export type ImportOutcome =
  | { ok: true; totals: ImportTotals }
  /** The file, from where it stopped: rounds sent before are stored (importing again is safe). */
  | { ok: false; totals: ImportTotals; problem: ImportFileProblem }
  /** The worker failed a chunk: rounds sent before are stored. */
  | { ok: false; totals: ImportTotals; workerError: unknown };

/** Thrown from the scanner's handlers to stop the scan with a problem of the file. */
class FileProblem extends Error {
  constructor(readonly problem: ImportFileProblem) {
    super(problem.kind);
  }
}

/** The JSON type a top-level value starting with this character has, for "found a JSON number". */
function typeOfStart(text: string): string {
  const first = text.trimStart()[0] ?? '';
  if (first === '"') return 'string';
  if (first === 't' || first === 'f') return 'boolean';
  if (first === 'n') return 'null';
  return /[-0-9]/.test(first) ? 'number' : 'object';
}

/**
 * Streams the file's rounds to `send` in chunks of IMPORT_CHUNK, in order, and adds up the
 * answers; refused indexes are positions in the whole file. Stops at the first problem of the
 * file or failure of the worker, saying which, with the totals so far.
 */
export async function importFile(
  file: Blob,
  send: (chunk: unknown[], sealed?: { ticket: string; chunk: number }) => Promise<ImportReport>,
  onProgress?: (totals: ImportTotals) => void,
  sealChecker?: SealChecker,
): Promise<ImportOutcome> {
  const totals: ImportTotals = { done: 0, read: 0, added: 0, updated: 0, known: 0, refused: [], refusedCount: 0 };
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, totals, problem: { kind: 'too-big', bytes: file.size, limit: MAX_IMPORT_BYTES } };
  let ticket: string | undefined;
  if (sealChecker !== undefined) {
    const read = await readSeal(file);
    if (read === 'too-long') totals.seal = { kind: 'malformed', field: 'seal', breaks: [], breakCount: 0 };
    else if (read !== undefined) {
      if (read.seal === undefined) totals.seal = { kind: 'missing' };
      else {
        const verdict = await sealChecker.check(read.seal, read.check.rounds, read.states, IMPORT_CHUNK);
        if (verdict.kind === 'this-install') {
          ticket = verdict.ticket;
          totals.seal = { kind: 'this-install' };
        } else totals.seal = { ...verdict, breaks: read.check.breaks, breakCount: read.check.breakCount };
      }
    } else totals.seal = { kind: 'none' };
  }
  try {
    return await readRounds(file, totals, ticket === undefined ? send : (chunk) => send(chunk, { ticket: ticket!, chunk: Math.floor(totals.done / IMPORT_CHUNK) }), onProgress);
  } finally {
    if (ticket !== undefined) await sealChecker!.done(ticket).catch(() => undefined);
  }
}

/** Thrown to stop the first reading: the file has no links (not sealed), or cannot be read as one. */
class NotSealed extends Error {}

/**
 * The first reading of a file whose rounds carry links: the chain over its rounds as they stand,
 * its state before every chunk and at the end, and its `seal` member. Undefined for a file whose
 * first round has no link (read once, as any file) or that does not read (the second reading says why).
 */
async function readSeal(file: Blob): Promise<{ check: ReturnType<ChainChecker['result']>; states: string[]; seal: unknown } | 'too-long' | undefined> {
  const checker = new ChainChecker();
  const states = [checker.chainState];
  let seal: unknown;
  let count = 0;
  const scanner = new JsonArrayScanner(
    {
      start(found) {
        if (found === 'array') throw new NotSealed();
      },
      member(key, value) {
        if (key === 'seal') seal = value;
      },
      element(text) {
        const round = JSON.parse(text) as unknown;
        if (count === 0 && (typeof round !== 'object' || round === null || !('link' in round))) throw new NotSealed();
        checker.add(round);
        if (++count % IMPORT_CHUNK === 0) states.push(checker.chainState);
      },
    },
    { maxValueLength: MAX_ROUND_CHARS },
  );
  try {
    await eachText(file, (text) => scanner.write(text));
    scanner.end();
  } catch (error) {
    // A seal (or another member) past the limit, after linked rounds: a seal no install writes.
    if (count > 0 && error instanceof JsonScanError && error.kind === 'too-long' && error.message.includes('member')) return 'too-long';
    return undefined;
  }
  if (count === 0) return undefined;
  if (count % IMPORT_CHUNK !== 0) states.push(checker.chainState);
  const parsed = seal === undefined ? undefined : seal;
  // The count and chain the file's seal names are checked by the worker; here only for the breaks.
  const named = typeof parsed === 'object' && parsed !== null ? (parsed as { count?: unknown; chain?: unknown }) : {};
  const check = checker.result({ count: typeof named.count === 'number' ? named.count : count, chain: typeof named.chain === 'string' ? named.chain : '' });
  return { check, states, seal };
}

/** The file's text, slice by slice, to `onText` (one TextDecoder over the whole file). */
async function eachText(file: Blob, onText: (text: string, offset: number, bytes: number) => void | Promise<void>): Promise<void> {
  const decoder = new TextDecoder();
  for (let offset = 0; offset < file.size; offset += IMPORT_SLICE_BYTES) {
    const bytes = new Uint8Array(await file.slice(offset, offset + IMPORT_SLICE_BYTES).arrayBuffer());
    await onText(decoder.decode(bytes, { stream: true }), offset, bytes.length);
  }
  await onText(decoder.decode(), file.size, 0);
}

/** The one reading of an unsealed file, the second of a sealed one: the rounds sent in chunks. */
async function readRounds(file: Blob, totals: ImportTotals, send: (chunk: unknown[]) => Promise<ImportReport>, onProgress?: (totals: ImportTotals) => void): Promise<ImportOutcome> {
  let shape: 'array' | 'object' | undefined;
  let format: string | undefined;
  let versionChecked = false;
  // Rounds before the envelope cannot be trusted to be an export's: skipped, and the file refused at its end.
  let roundsBeforeEnvelope = false;
  let waiting: unknown[] = [];
  const scanner = new JsonArrayScanner(
    {
      start(found) {
        shape = found;
        if (found === 'array') throw new FileProblem({ kind: 'wrong-format', found: 'list' });
      },
      member(key, value) {
        if (key === 'format') {
          format = typeof value === 'string' ? value : undefined;
          if (value !== EXPORT_FORMAT) {
            throw new FileProblem({ kind: 'wrong-format', found: typeof value === 'string' ? { format: clip(value) } : { type: 'object' } });
          }
        } else if (key === 'version') {
          // Older versions are read as they are (each later version only adds fields); newer ones are not understood.
          if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > EXPORT_VERSION) {
            throw new FileProblem({ kind: 'wrong-version', found: clip(String(value)) });
          }
          versionChecked = true;
        }
      },
      element(text, index, line, column) {
        if (format === undefined || !versionChecked) roundsBeforeEnvelope = true;
        if (roundsBeforeEnvelope) return;
        waiting.push(parseJsonAt(text, line, column, `round ${index + 1}`));
      },
    },
    { maxValueLength: MAX_ROUND_CHARS },
  );

  /** Sends what is waiting, in whole chunks (all of it at the end). */
  const flush = async (all: boolean): Promise<{ error: unknown } | undefined> => {
    let sent = 0;
    try {
      while (waiting.length - sent >= IMPORT_CHUNK || (all && waiting.length > sent)) {
        const chunk = waiting.slice(sent, sent + IMPORT_CHUNK);
        sent += chunk.length;
        let report: ImportReport;
        try {
          report = await send(chunk);
        } catch (error) {
          return { error };
        }
        totals.added += report.added;
        totals.updated += report.updated;
        totals.known += report.known;
        if (report.restored !== undefined) totals.restored = (totals.restored ?? 0) + report.restored;
        if (report.sealBroken) totals.sealBroken = true;
        totals.refusedCount += report.refused.length;
        const room = KEPT_REFUSALS - totals.refused.length;
        if (room > 0) totals.refused.push(...report.refused.slice(0, room).map(({ index, refusal }) => ({ index: totals.done + index, refusal })));
        totals.done += chunk.length;
        onProgress?.(totals);
      }
      return undefined;
    } finally {
      // Dropped once per call, not per chunk: a slice of tiny rounds must not be copied over and over.
      waiting = waiting.slice(sent);
    }
  };

  let firstText = '';
  /** A worker failure mid-file: stops the reading. */
  class WorkerFailed extends Error {
    constructor(readonly failure: unknown) {
      super('worker');
    }
  }
  try {
    await eachText(file, async (text, offset, bytes) => {
      if (offset === 0) firstText = text.slice(0, 64);
      scanner.write(text);
      if (bytes === 0) return;
      totals.read = Math.min(1, (offset + bytes) / file.size);
      const failed = await flush(false);
      if (failed !== undefined) throw new WorkerFailed(failed.error);
    });
    scanner.end();
  } catch (error) {
    if (error instanceof WorkerFailed) return { ok: false, totals, workerError: error.failure };
    // What was parsed before the problem is still sent: each round stands on its own.
    const failed = await flush(true);
    if (failed !== undefined) return { ok: false, totals, workerError: failed.error };
    if (error instanceof FileProblem) return { ok: false, totals, problem: error.problem };
    if (error instanceof JsonScanError && error.kind === 'too-long' && error.message.includes('member')) {
      return { ok: false, totals, problem: { kind: 'member-too-long', limit: MAX_ROUND_CHARS } };
    }
    if (error instanceof JsonScanError && error.kind === 'too-long') {
      return { ok: false, totals, problem: { kind: 'round-too-long', round: scanner.count + 1, limit: MAX_ROUND_CHARS } };
    }
    if (error instanceof JsonScanError && error.kind === 'shape') {
      const found = shape === 'object' ? { type: 'object' } : { type: typeOfStart(firstText) };
      return { ok: false, totals, problem: { kind: 'wrong-format', found } };
    }
    const at = error instanceof JsonScanError ? { line: error.line, column: error.column } : {};
    return { ok: false, totals, problem: { kind: 'not-json', ...at } };
  }
  if (format === undefined) return { ok: false, totals, problem: { kind: 'wrong-format', found: { type: 'object' } } };
  if (!versionChecked) return { ok: false, totals, problem: { kind: 'wrong-version', found: 'undefined' } };
  if (roundsBeforeEnvelope) return { ok: false, totals, problem: { kind: 'envelope-late' } };
  const failed = await flush(true);
  if (failed !== undefined) return { ok: false, totals, workerError: failed.error };
  if (totals.done === 0) return { ok: false, totals, problem: { kind: 'empty' } };
  return { ok: true, totals };
}
