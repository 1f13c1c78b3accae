// "Export JSON" and "Export CSV": pure builders, so the file format is tested without a browser.
// The JSON is exactly what `fair-witness verify FILE` reads back (src/core/export-format.ts).
import { MAX_PAGE } from '../shared/message-limits.js';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFile, type ExportedRound, type Outcome } from '../core/index.js';
import { SealChain, type ExportSeal } from '../core/export-seal.js';

/** The largest page the worker serves. */
export const EXPORT_PAGE_SIZE = MAX_PAGE;

export interface ExportPage {
  total: number;
  rounds: ExportedRound[];
  /** Where the next page starts (the last round's `seq`); undefined on an empty page. */
  last?: number;
}

/** One page of rounds in the order they were first seen, after the round whose `seq` is `after` (undefined: from the first). */
export type ExportPageFetcher = (after: number | undefined, limit: number) => Promise<ExportPage>;

/** The install's seal over the chain of the rounds written (the worker holds the key); undefined: the file goes unsealed. */
export type ExportSealer = (count: number, exportedAt: string, chain: string) => Promise<ExportSeal | undefined>;

/**
 * Writes an export file piece by piece: a page of rounds is read by key range (the next page starts
 * after the last round's `seq`), turned into text and handed to `write`, then dropped, so a million
 * rounds never sit in memory at once (the popup hands each piece to a Blob). The text is exactly
 * exportJson(buildExportFile(every round, exportedAt)) or buildCsv(every round).
 * With `seal` (JSON only), each round gets its `link` in the seal's chain, and the seal follows the
 * rounds (core/export-seal.ts); CSV is never sealed (a spreadsheet's rows are not what imports).
 * `onProgress(done, total)` after each page; resolves with the number of rounds written.
 */
export async function writeExport(
  kind: 'json' | 'csv',
  fetchPage: ExportPageFetcher,
  exportedAt: Date,
  write: (text: string) => void,
  onProgress?: (done: number, total: number) => void,
  seal?: ExportSealer,
): Promise<number> {
  const json = kind === 'json';
  const chain = json && seal ? new SealChain() : undefined;
  // The file's head as JSON.stringify(file, null, 2) writes it, up to the rounds' opening bracket.
  const head = exportJson(buildExportFile([], exportedAt));
  write(json ? head.slice(0, head.lastIndexOf('[') + 1) : `${CSV_COLUMNS.join(',')}\r\n`);
  let done = 0;
  let after: number | undefined;
  for (;;) {
    const page = await fetchPage(after, EXPORT_PAGE_SIZE);
    if (page.rounds.length > 0) {
      const rounds = chain ? page.rounds.map((round) => ({ ...round, link: chain.add(round) })) : page.rounds;
      write(json ? jsonRounds(rounds, done === 0) : rounds.map((round) => `${csvLine(round)}\r\n`).join(''));
      done += page.rounds.length;
    }
    onProgress?.(done, page.total);
    // An empty page ends the loop even if the total promised more (rounds cleared meanwhile).
    if (page.rounds.length === 0 || page.last === undefined || done >= page.total) break;
    after = page.last;
  }
  if (json) {
    const sealed = chain && seal ? await seal(chain.count, exportedAt.toISOString(), chain.chain) : undefined;
    write(`${done === 0 ? ']' : '\n  ]'}${sealed ? `,\n  "seal": ${JSON.stringify(sealed, null, 2).replaceAll('\n', '\n  ')}` : ''}\n}\n`);
  }
  return done;
}

/** Rounds as elements of the file's `rounds` array, indented as JSON.stringify(file, null, 2) does. */
function jsonRounds(rounds: readonly ExportedRound[], first: boolean): string {
  return rounds.map((round, index) => `${first && index === 0 ? '\n' : ',\n'}    ${JSON.stringify(round, null, 2).replaceAll('\n', '\n    ')}`).join('');
}

export function buildExportFile(rounds: ExportedRound[], exportedAt: Date, seal?: ExportSeal): ExportFile {
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: exportedAt.toISOString(), rounds, ...(seal ? { seal } : {}) };
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
  const lines = [CSV_COLUMNS.join(','), ...rounds.map((round) => csvLine(round, expectedOf))];
  // RFC 4180: CRLF between records, and after the last one.
  return `${lines.join('\r\n')}\r\n`;
}

/** One round's CSV record, without its line end. */
function csvLine(round: ExportedRound, expectedOf: (round: ExportedRound) => string = expectedOutcome): string {
  return [
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
    ]
    .map(csvCell)
    .join(',');
}

/** `fair-witness-2024-05-01T12-30-00.json`: sortable, and safe on every file system. */
export function exportFileName(extension: 'json' | 'csv', at: Date): string {
  return `fair-witness-${at.toISOString().slice(0, 19).replaceAll(':', '-')}.${extension}`;
}
