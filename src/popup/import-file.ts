// "Import JSON": reads a chosen file as an "Export JSON" file (src/core/export-format.ts) and
// sends its rounds to the worker in bounded chunks. The file is streamed: read 256 KiB at a time,
// cut into one text per round by the scanner the CLI uses (core/json-array-scanner.ts) and parsed
// round by round, so a file of a million rounds costs the popup the memory of one slice and one
// chunk (a round longer than MAX_ROUND_CHARS stops the import), and the worker one chunk at a time. Only the envelope is checked here; every round is
// checked by the worker on its own (src/background/import.ts), so one bad round is refused alone.
import { clip, EXPORT_FORMAT, EXPORT_VERSION } from '../core/index.js';
import { JsonArrayScanner } from '../core/json-array-scanner.js';
import { JsonScanError, parseJsonAt } from '../core/json-error.js';
import { MAX_IMPORT_ROUNDS_PER_MESSAGE } from '../shared/message-limits.js';
import type { ImportReport } from '../shared/messages.js';

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
  | { kind: 'empty' };

/** The longest round taken, in characters: an exported round is well under 16 KB (its record's bound). */
export const MAX_ROUND_CHARS = 64 * 1024;

/** Refused rounds listed one by one; the rest are counted (a file of a million bad rounds must not fill the popup). */
export const KEPT_REFUSALS = 20;

export interface ImportTotals extends ImportReport {
  /** Rounds sent so far. */
  done: number;
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
  send: (chunk: unknown[]) => Promise<ImportReport>,
  onProgress?: (totals: ImportTotals) => void,
): Promise<ImportOutcome> {
  const totals: ImportTotals = { done: 0, read: 0, added: 0, updated: 0, known: 0, refused: [], refusedCount: 0 };
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, totals, problem: { kind: 'too-big', bytes: file.size, limit: MAX_IMPORT_BYTES } };
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

  const decoder = new TextDecoder();
  let firstText = '';
  try {
    for (let offset = 0; offset < file.size; offset += IMPORT_SLICE_BYTES) {
      const bytes = new Uint8Array(await file.slice(offset, offset + IMPORT_SLICE_BYTES).arrayBuffer());
      const text = decoder.decode(bytes, { stream: true });
      if (offset === 0) firstText = text.slice(0, 64);
      scanner.write(text);
      totals.read = Math.min(1, (offset + bytes.length) / file.size);
      const failed = await flush(false);
      if (failed !== undefined) return { ok: false, totals, workerError: failed.error };
    }
    scanner.write(decoder.decode());
    scanner.end();
  } catch (error) {
    // What was parsed before the problem is still sent: each round stands on its own.
    const failed = await flush(true);
    if (failed !== undefined) return { ok: false, totals, workerError: failed.error };
    if (error instanceof FileProblem) return { ok: false, totals, problem: error.problem };
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
