// "Import JSON": reads a chosen file as an "Export JSON" file (src/core/export-format.ts) and
// sends its rounds to the worker in bounded chunks. The file is only parsed here; every round is
// checked by the worker on its own (src/background/import.ts), so one bad round is refused alone.
import { EXPORT_FORMAT, EXPORT_VERSION } from '../core/index.js';
import type { ImportReport } from '../shared/messages.js';

/**
 * Rounds per message: MAX_IMPORT_ROUNDS_PER_MESSAGE of src/shared/messages.ts, repeated so the
 * popup does not bundle the schema library; a test keeps the two equal.
 */
export const IMPORT_CHUNK = 500;

/** Far above any real export (100 000 rounds are ≈ 80 MB), low enough for the popup to parse. */
export const MAX_IMPORT_BYTES = 256 * 1024 * 1024;

/** Why a file cannot be imported at all, with what the message shows. */
export type ImportFileProblem =
  | { kind: 'too-big'; bytes: number }
  | { kind: 'not-json'; detail: string }
  | { kind: 'wrong-format'; found: 'list' | { format: string } | { type: string } }
  | { kind: 'wrong-version'; found: string };

export type ParsedImportFile = { ok: true; rounds: unknown[] } | { ok: false; problem: ImportFileProblem };

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** Checks the file's envelope (format, version, a list of rounds); the rounds themselves are the worker's to check. */
export function parseExportFile(text: string, bytes = text.length): ParsedImportFile {
  if (bytes > MAX_IMPORT_BYTES) return { ok: false, problem: { kind: 'too-big', bytes } };
  let data: unknown;
  try {
    // A byte-order mark is not JSON, but editors write one.
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, problem: { kind: 'not-json', detail: clip(error instanceof Error ? error.message : String(error)) } };
  }
  if (Array.isArray(data)) return { ok: false, problem: { kind: 'wrong-format', found: 'list' } };
  if (typeof data !== 'object' || data === null) return { ok: false, problem: { kind: 'wrong-format', found: { type: data === null ? 'null' : typeof data } } };
  const file = data as Record<string, unknown>;
  if (file.format !== EXPORT_FORMAT) {
    return { ok: false, problem: { kind: 'wrong-format', found: typeof file.format === 'string' ? { format: clip(file.format) } : { type: 'object' } } };
  }
  // Older versions are read as they are (each later version only adds fields); newer ones are not understood.
  if (typeof file.version !== 'number' || !Number.isInteger(file.version) || file.version < 1 || file.version > EXPORT_VERSION) {
    return { ok: false, problem: { kind: 'wrong-version', found: clip(String(file.version)) } };
  }
  if (!Array.isArray(file.rounds)) return { ok: false, problem: { kind: 'wrong-format', found: { type: 'object' } } };
  return { ok: true, rounds: file.rounds };
}

export interface ImportTotals extends ImportReport {
  /** Rounds sent so far. */
  done: number;
}

/**
 * Sends the rounds chunk by chunk, in order, and adds up the answers; refused indexes are made
 * positions in the whole file. A failing chunk stops the import (the error carries the totals so
 * far: what was stored stays stored, and importing again is safe).
 */
export async function importInChunks(
  rounds: readonly unknown[],
  send: (chunk: unknown[]) => Promise<ImportReport>,
  onProgress?: (totals: ImportTotals) => void,
): Promise<ImportTotals> {
  const totals: ImportTotals = { done: 0, added: 0, updated: 0, known: 0, refused: [] };
  for (let start = 0; start < rounds.length; start += IMPORT_CHUNK) {
    const chunk = rounds.slice(start, start + IMPORT_CHUNK);
    let report: ImportReport;
    try {
      report = await send(chunk);
    } catch (error) {
      throw new ImportStopped(totals, error instanceof Error ? error.message : String(error));
    }
    totals.added += report.added;
    totals.updated += report.updated;
    totals.known += report.known;
    totals.refused.push(...report.refused.map(({ index, reason }) => ({ index: start + index, reason })));
    totals.done += chunk.length;
    onProgress?.(totals);
  }
  return totals;
}

export class ImportStopped extends Error {
  constructor(
    readonly totals: ImportTotals,
    readonly reason: string,
  ) {
    super(reason);
  }
}
