// How verdicts look on the terminal and in --json. Streaming output: every function returns the
// text for one row or one line, so nothing holds all rounds at once.
import type { FailedStep, Failure, Outcome, RoundVerdict, VerdictStatus } from '../core/index.js';
import { noCounts, printable, printableJson, VERDICT_STATUSES } from '../core/index.js';
import { fileSaysJson, fileSaysText, type FileSays } from './file-says.js';

export type Summary = Record<VerdictStatus, number>;

/** The summary's keys in the order docs/design.md lists them. */
export const SUMMARY_ORDER: readonly VerdictStatus[] = VERDICT_STATUSES;

export const emptySummary = (): Summary => noCounts(SUMMARY_ORDER);

/** Keno as "3 5 6 7 …", roulette as its number. */
export function outcomeText(outcome: Outcome): string {
  return Array.isArray(outcome) ? outcome.join(' ') : outcome;
}

/** The outcome in the input's result format: roulette a string, keno an array of numbers. */
function outcomeJson(outcome: Outcome): string {
  // Both are digits only, so no escaping is needed; this runs for every round of a bulk file.
  return Array.isArray(outcome) ? `[${outcome.join(',')}]` : `"${outcome}"`;
}

/**
 * One round of `verify --json`: {"verdict", "level"?, "fileSays"?, "failures"?, "expected"?, "reasons"?}.
 * `level` is the CLI's own; what the file claimed is `fileSays`, apart. Written by hand rather than
 * with JSON.stringify because it runs once per round of a large file; only the free text (reasons)
 * goes through JSON.stringify, and then through printableJson (no raw bidi control in a viewer).
 */
export function roundJson(verdict: RoundVerdict, fileSays?: FileSays): string {
  let text = `{"verdict":"${verdict.status}"`;
  if (verdict.level !== undefined) text += `,"level":"${verdict.level}"`;
  if (fileSays !== undefined) text += fileSaysJson(fileSays);
  if (verdict.failures.length > 0) text += `,"failures":[${verdict.failures.map((f) => `"${f.step}"`).join(',')}]`;
  if (verdict.expected !== undefined) text += `,"expected":${outcomeJson(verdict.expected)}`;
  if (verdict.reasons.length > 0) text += `,"reasons":${printableJson(JSON.stringify(verdict.reasons))}`;
  return `${text}}`;
}

export function summaryJson(summary: Summary): string {
  return `{${SUMMARY_ORDER.map((status) => `"${status}":${summary[status]}`).join(',')}}`;
}

// The table streams, so its columns have fixed widths; longer cells are clipped (the index is not).
const COLUMNS = [
  { title: '#', width: 7 },
  { title: 'game', width: 17 },
  { title: 'nonce', width: 12 },
  { title: 'verdict', width: 11 },
  { title: 'level', width: 9 },
] as const;

export function tableHeader(): string {
  return `${COLUMNS.map((c) => c.title.padEnd(c.width)).join(' ')} expected / shown · reason\n`;
}

export function tableRow(index: number, nonce: unknown, verdict: RoundVerdict, fileSays?: FileSays): string {
  const cells = [
    String(index),
    verdict.game,
    typeof nonce === 'string' || typeof nonce === 'number' ? String(nonce) : '-',
    verdict.status,
    verdict.level ?? '',
  ];
  const row = cells.map((cell, i) => fit(printable(cell), COLUMNS[i]!.width, i === 0)).join(' ');
  let last = detail(verdict);
  if (fileSays !== undefined) last = last === '' ? fileSaysText(fileSays) : `${last} · ${fileSaysText(fileSays)}`;
  return `${row} ${printable(last)}\n`;
}

/** The last column: the outcome of a verified round, what differs in a mismatch, or why. */
function detail(verdict: RoundVerdict): string {
  if (verdict.status === 'verified') return verdict.expected === undefined ? '' : outcomeText(verdict.expected);
  const parts: string[] = verdict.failures.map(failureText);
  // A mismatch's reasons repeat its failures; other reasons (e.g. a note on the export) are kept.
  const failureMessages = new Set(verdict.failures.map((f) => f.message));
  for (const reason of verdict.reasons) if (!failureMessages.has(reason)) parts.push(reason);
  return parts.join(' · ');
}

export function failureText(failure: Failure): string {
  if (failure.step === 'nonce') return `same seed pair and nonce shown before as ${failure.expected}, here ${failure.shown}`;
  return `${STEP_NAMES[failure.step]}: expected ${short(failure.expected)}, shown ${short(failure.shown)}`;
}

const STEP_NAMES: Record<FailedStep, string> = {
  commitment: 'commitment',
  signature: 'round signature',
  outcome: 'outcome',
  witness: 'commitment before the round',
  nonce: 'nonce',
};

/** Long hex is shortened for the table; numbers and outcomes are kept whole. */
function short(text: string): string {
  return /^[0-9a-f]{64}$/.test(text) ? `${text.slice(0, 8)}…${text.slice(-8)}` : text;
}

function fit(text: string, width: number, keepWhole: boolean): string {
  if (text.length <= width || keepWhole) return text.padEnd(width);
  return `${text.slice(0, width - 1)}…`;
}

export function summaryLine(summary: Summary): string {
  const total = SUMMARY_ORDER.reduce((sum, status) => sum + summary[status], 0);
  const parts = SUMMARY_ORDER.map((status) => `${summary[status]} ${status}`);
  return `${total} ${total === 1 ? 'round' : 'rounds'}: ${parts.join(', ')}\n`;
}
