import { lookupGame, outcomeTextOf, type ExportedRound, type Outcome } from '../core/index.js';
import type { RoundRecord, RoundRow } from '../shared/records.js';
import { verifyRecord } from './verify-record.js';

function display(record: RoundRecord, value: RoundRecord['result'] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return outcomeTextOf(record.game || record.gameId, value) ?? (Array.isArray(value) ? value.join(' ') : value);
}

export function rowOf(record: RoundRecord): RoundRow {
  const verdict = record.verdict;
  const lookup = lookupGame(record.game || record.gameId);
  const expected =
    verdict.expected === undefined || lookup.kind !== 'supported' ? undefined : lookup.game.format(verdict.expected);
  return {
    key: record.key,
    game: record.game,
    gameId: record.gameId,
    nonce: record.nonce,
    status: verdict.status,
    level: verdict.level,
    levelReason: verdict.levelReason,
    failures: verdict.failures.length ? verdict.failures.map(({ step, expected, shown }) => ({ step, expected, shown })) : undefined,
    // The popup words an invalid round from its codes; a round stored before they were kept gets them anew.
    problems: verdict.status === 'invalid' ? (verdict.problems ?? verifyRecord(record).verdict.problems) : undefined,
    shown: display(record, record.result),
    expected,
    picks: record.picks,
    updatedAt: record.updatedAt,
  };
}

/** A stored round as the export file carries it: the claim, plus the verdict for people reading the file. */
export function exportedRoundOf(record: RoundRecord): ExportedRound {
  const lookup = lookupGame(record.game || record.gameId);
  const outcomeOf = (shown: string | string[]): Outcome | string[] => {
    const parsed = lookup.kind === 'supported' ? lookup.game.parseDisplayed(shown) : undefined;
    return parsed?.ok ? parsed.outcome : shown;
  };
  const result = record.result === undefined ? undefined : outcomeOf(record.result);
  const round: ExportedRound = {
    game: record.gameId,
    serverSeed: record.serverSeed,
    commitment: record.commitment,
    clientSeed: record.clientSeed,
    nonce: record.nonce,
    result,
    // The other outcomes shown for this nonce, so the `nonce` mismatch survives an export and import.
    conflictingResults: record.conflictingResults?.map(outcomeOf),
    roundSignature: record.roundSignature,
    preRoundCommitment: record.preRoundCommitment,
    picks: record.picks,
    stake: record.stake,
    payout: record.payout,
    multiplier: record.multiplier,
    observedAt: record.observedAt,
    fileSaid: record.fileSaid,
    fileOnly: record.fileOnly,
    fileFields: record.fileFields,
    witnessJudgement: record.witness,
    verdict: record.verdict.status,
    level: record.verdict.level,
    levelReason: record.verdict.levelReason,
    failures: record.verdict.failures.length ? record.verdict.failures.map((failure) => failure.step) : undefined,
    expected: record.verdict.expected,
    reasons: record.verdict.reasons.length ? record.verdict.reasons : undefined,
  };
  // Drop absent fields so the file reads cleanly.
  return Object.fromEntries(Object.entries(round).filter(([, value]) => value !== undefined)) as ExportedRound;
}
