// One element of a `verify` file, from its JSON text to its verdict and its line of output. Runs on
// the main thread, or in a worker (verify-worker.ts) when a large file is verified in parallel.
import { verifyRound, type RoundVerdict, type VerdictStatus } from '../core/index.js';
import { auditEntryOf, type AuditEntry } from './audit-entry.js';
import { judgeFast } from './fast-judge.js';
import { splitTrustClaim, type FileSays } from './file-says.js';
import { roundJson, tableRow } from './format.js';
import { parseJsonAt } from '../core/json-error.js';
import { nodeBackend } from './node-hash-backend.js';
import type { PendingNonceLedger } from './nonce-ledger.js';

const VERIFY_OPTIONS = { backend: nodeBackend, trace: false } as const;

export interface JudgeContext {
  /** The file is an export of the extension: its stored verdicts are compared with ours. */
  isExport: boolean;
  json: boolean;
}

export interface JudgedRound {
  status: VerdictStatus;
  /** The round's output: its JSON object (--json) or its table row. */
  output: string;
  /** The first reason of a mismatched or invalid round, for the line on stderr. */
  reason?: string;
  /** A verified round's trust level, so the output can explain `history` once. */
  level?: RoundVerdict['level'];
  /** What the cross-round audit keeps of the round (undefined: not a round object). */
  audit?: AuditEntry;
}

/**
 * Parses and verifies one element. A syntax error throws a JsonScanError placed in the file.
 * `ledger` (the cross-round nonce check) is given on the main thread only: it needs the rounds in order.
 * A plainly honest round is judged by the fast path (fast-judge.ts), everything else in full.
 */
export function judgeElement(text: string, index: number, line: number, column: number, context: JudgeContext, ledger?: PendingNonceLedger): JudgedRound {
  return judgeFast(text, index, context) ?? judgeElementFully(text, index, line, column, context, ledger);
}

/** The full way: JSON.parse, the core's verifyRound, every reason worded. */
export function judgeElementFully(text: string, index: number, line: number, column: number, context: JudgeContext, ledger?: PendingNonceLedger): JudgedRound {
  const claim = parseJsonAt(text, line, column, `element ${index}`);
  let verdict: RoundVerdict;
  let fileSays: FileSays | undefined;
  if (typeof claim !== 'object' || claim === null || Array.isArray(claim)) {
    const kind = claim === null ? 'null' : Array.isArray(claim) ? 'an array' : `a ${typeof claim}`;
    verdict = { status: 'invalid', game: '?', failures: [], reasons: [`not a round object but ${kind}`] };
  } else {
    // The core would take a claim's `witness` as the worker's judgement: from a file it is only the file's word.
    const split = splitTrustClaim(claim as Record<string, unknown>);
    fileSays = split.fileSays;
    verdict = verifyRound(split.claim, VERIFY_OPTIONS);
    if (ledger !== undefined) verdict = ledger.check(claim, index, verdict);
    if (context.isExport) {
      // The stored verdict is the extension's word, not evidence: report where it differs.
      const stored = (claim as { verdict?: unknown }).verdict;
      if (typeof stored === 'string' && stored !== verdict.status) {
        verdict = { ...verdict, reasons: [...verdict.reasons, `the export says "${stored}", recomputed "${verdict.status}"`] };
      }
    }
  }
  const output = context.json ? roundJson(verdict, fileSays) : tableRow(index, (claim as { nonce?: unknown } | null)?.nonce, verdict, fileSays);
  const problem = verdict.status === 'mismatch' || verdict.status === 'invalid';
  const judged: JudgedRound = { status: verdict.status, output, level: verdict.level, audit: auditEntryOf(claim) };
  if (problem) judged.reason = verdict.reasons[0] ?? verdict.status;
  return judged;
}
