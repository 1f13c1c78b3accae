// "Export JSON" and "Export CSV": pure builders, so the file format is tested without a browser.
// The JSON is exactly what `fair-witness verify FILE` reads back (src/core/export-format.ts).
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFile, type ExportedRound, type Outcome } from '../core/index.js';

/** The largest page the worker serves (src/shared/messages.ts). */
export const EXPORT_PAGE_SIZE = 5000;

export type ExportPageFetcher = (offset: number, limit: number) => Promise<{ total: number; rounds: ExportedRound[] }>;

/** Reads every stored round, page by page; `onProgress(done, total)` after each page. */
export async function fetchAllExportRounds(
  fetchPage: ExportPageFetcher,
  onProgress?: (done: number, total: number) => void,
): Promise<ExportedRound[]> {
  const rounds: ExportedRound[] = [];
  for (;;) {
    const page = await fetchPage(rounds.length, EXPORT_PAGE_SIZE);
    rounds.push(...page.rounds);
    onProgress?.(rounds.length, page.total);
    // An empty page ends the loop even if the total promised more (rounds cleared meanwhile).
    if (page.rounds.length === 0 || rounds.length >= page.total) return rounds;
  }
}

export function buildExportFile(rounds: ExportedRound[], exportedAt: Date): ExportFile {
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: exportedAt.toISOString(), rounds };
}

export function exportJson(file: ExportFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

export const CSV_COLUMNS = [
  'game',
  'nonce',
  'verdict',
  'level',
  'serverSeed',
  'commitment',
  'clientSeed',
  'result',
  'expected',
  'failures',
  'reasons',
] as const;

// A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field: formula starts neutralised with a leading quote, then RFC 4180 quoting, also of a
 * ';' (German spreadsheets split on it: quoted, "x;=1+1" stays one cell and never starts a formula).
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",;\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function outcomeText(outcome: Outcome | string[] | undefined): string {
  if (outcome === undefined) return '';
  return Array.isArray(outcome) ? outcome.join(' ') : String(outcome);
}

/** The outcome the seeds give, as the worker computed it ('' without a revealed seed). */
export function expectedOutcome(round: ExportedRound): string {
  return outcomeText(round.expected);
}

export function buildCsv(rounds: ExportedRound[], expectedOf: (round: ExportedRound) => string = expectedOutcome): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const round of rounds) {
    const cells = [
      round.game,
      round.nonce ?? '',
      round.verdict,
      round.level ?? '',
      round.serverSeed ?? '',
      round.commitment ?? '',
      round.clientSeed ?? '',
      outcomeText(round.result),
      expectedOf(round),
      (round.failures ?? []).join('; '),
      (round.reasons ?? []).join('; '),
    ];
    lines.push(cells.map(csvCell).join(','));
  }
  // RFC 4180: CRLF between records, and after the last one.
  return `${lines.join('\r\n')}\r\n`;
}

/** `fair-witness-2024-05-01T12-30-00.json`: sortable, and safe on every file system. */
export function exportFileName(extension: 'json' | 'csv', at: Date): string {
  return `fair-witness-${at.toISOString().slice(0, 19).replaceAll(':', '-')}.${extension}`;
}
