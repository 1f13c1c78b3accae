// An in-memory stand-in for the background worker's page messages, built on the real core, so
// the popup is tested without an extension. It validates every message with the real schema.
import { auditRounds, knownGameId, verifyRound, type RoundClaim } from '../../src/core/index.js';
import { auditRoundOf } from '../../src/background/findings.js';
import { validatePageMessage, type ImportReport, type PageMessage, type PageResponses, type Reply, type TabContext } from '../../src/shared/messages.js';
import type { RoundRecord, SelfTestResult, StorageProblem, StoragePersistence, Summary } from '../../src/shared/records.js';
import { createWorkerClient, type WorkerClient } from '../../src/ui/worker-client.js';
import { exportedRoundOf, rowOf } from '../../src/background/rows.js';
import { claimsOfExportedRound } from '../../src/background/import.js';
import { figuresOf } from '../../src/background/game-figures.js';
import { verifiedRoundOf } from '../../src/background/verified-round.js';
import { sessionRoundOf } from '../../src/background/session-rounds.js';
import { roundKey } from '../../src/background/round-key.js';
import { STATUS_RANK as RANK } from '../../src/background/index-rank.js';
import { answerOf, keyOfQuery } from '../../src/background/find-round.js';

export function recordOf(claim: RoundClaim, seq: number): RoundRecord {
  const verdict = verifyRound(claim);
  const gameId = knownGameId(claim.game) ?? claim.game.toLowerCase();
  return {
    key: `${claim.commitment ?? '?'}|${claim.clientSeed ?? '?'}|${claim.nonce ?? '?'}|${seq}`,
    seq,
    game: claim.game,
    gameId,
    serverSeed: claim.serverSeed,
    commitment: claim.commitment,
    clientSeed: claim.clientSeed,
    nonce: claim.nonce === undefined ? undefined : String(claim.nonce),
    result: claim.result as string | string[] | undefined,
    observedAt: claim.observedAt ?? {},
    firstSeenAt: seq,
    updatedAt: seq,
    verdict: {
      status: verdict.status,
      level: verdict.level,
      levelReason: verdict.levelReason,
      failures: verdict.failures,
      reasons: verdict.reasons,
      problems: verdict.problems,
      expected: verdict.expected,
    },
  };
}

// Rows and export rounds come from the worker's own pure mapping, so the fake cannot drift from it.
export { rowOf };

export interface FakeOptions {
  storageProblem?: StorageProblem;
  selfTest?: SelfTestResult;
  persistence?: StoragePersistence;
}

/** The worker's page-message side over a list of records. */
export class FakeWorker {
  records: RoundRecord[];
  /** Every message received, in order. */
  readonly log: PageMessage[] = [];
  /** What the worker saw per tab (its hello and rounds); a tab not here is not watched. */
  readonly tabs = new Map<number, TabContext>();
  readonly client: WorkerClient;
  failNext?: string;

  constructor(
    claims: RoundClaim[],
    private readonly options: FakeOptions = {},
  ) {
    this.records = claims.map((claim, index) => recordOf(claim, index));
    this.client = createWorkerClient((message) => this.receive(message));
  }

  async receive(input: unknown): Promise<Reply<unknown>> {
    await Promise.resolve();
    const checked = validatePageMessage(input);
    if (!checked.ok) return { ok: false, failure: 'invalid-message', error: `invalid message: ${checked.error}` };
    this.log.push(checked.message);
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = undefined;
      return { ok: false, failure: 'failed', error };
    }
    return { ok: true, value: this.answer(checked.message) };
  }

  private sorted(): RoundRecord[] {
    return [...this.records].sort((a, b) => RANK[a.verdict.status] - RANK[b.verdict.status] || a.seq - b.seq);
  }

  summary(): Summary {
    const counts = { verified: 0, pending: 0, mismatch: 0, unsupported: 0, invalid: 0 };
    const levels = { witnessed: 0, history: 0 };
    for (const record of this.records) {
      counts[record.verdict.status]++;
      if (record.verdict.level) levels[record.verdict.level]++;
    }
    return {
      total: this.records.length,
      counts,
      levels,
      selfTest: this.options.selfTest,
      storageProblem: this.options.storageProblem,
      ...(this.options.persistence ? { persistence: this.options.persistence } : {}),
    };
  }

  private answer(message: PageMessage): PageResponses[keyof PageResponses] {
    switch (message.type) {
      case 'summary':
        return this.summary();
      case 'rounds': {
        const { status, gameId } = message.filter;
        const matching = this.sorted().filter((r) => (!status || r.verdict.status === status) && (!gameId || r.gameId === gameId));
        return { total: matching.length, rows: matching.slice(message.offset, message.offset + message.limit).map(rowOf) };
      }
      case 'round-detail': {
        const record = this.records.find((r) => r.key === message.key);
        if (!record) return null;
        return { record, trace: verifyRound({ ...record, game: record.gameId }).trace };
      }
      case 'find-round': {
        // The fake's records have keys of their own: look the round up by the worker's key of each.
        const key = keyOfQuery(message);
        return answerOf(key === undefined ? undefined : this.records.find((r) => roundKey(r) === key), message);
      }
      case 'export-page': {
        // The worker's order: first seen first; a page starts after `after` (a seq) or at `offset`.
        const seen = [...this.records].sort((a, b) => a.seq - b.seq);
        const after = message.after;
        const from = after !== undefined ? seen.findIndex((r) => r.seq > after) : (message.offset ?? 0);
        const page = from === -1 ? [] : seen.slice(from, from + message.limit);
        return { total: this.records.length, rounds: page.map(exportedRoundOf), last: page.at(-1)?.seq };
      }
      case 'games':
        return [...new Set(this.records.map((r) => r.gameId))].sort();
      case 'clear-data': {
        const cleared = this.records.length;
        this.records = [];
        return { cleared };
      }
      case 'import-rounds': {
        // The worker's own per-round check; a round is known by its seed pair and nonce.
        const report = { added: 0, updated: 0, known: 0, refused: [] as ImportReport['refused'] };
        message.rounds.forEach((round, index) => {
          const converted = claimsOfExportedRound(round);
          if (!converted.ok) return report.refused.push({ index, refusal: converted.refusal });
          const claim = converted.claims[0]!;
          const same = (r: RoundRecord) => r.commitment === claim.commitment && r.clientSeed === claim.clientSeed && r.nonce === claim.nonce;
          if (this.records.some(same)) return report.known++;
          this.records.push(recordOf({ ...claim, game: claim.game ?? 'unknown' }, this.records.length));
          return report.added++;
        });
        return report;
      }
      case 'run-self-test':
        this.options.selfTest = { ok: true, ranAt: 1, checks: [{ name: 'vectors', ok: true }] };
        return this.options.selfTest;
      case 'findings':
        return auditRounds(this.records.map(auditRoundOf));
      case 'outcomes':
        return figuresOf(message.gameId, this.records.flatMap((r) => (r.gameId === message.gameId ? (verifiedRoundOf(r) ?? []) : [])));
      case 'session-rounds': {
        const seen = [...this.records].sort((a, b) => a.seq - b.seq).filter((r) => message.after === undefined || r.seq > message.after);
        const page = seen.slice(0, message.limit);
        return { total: this.records.length, rounds: page.flatMap((r) => sessionRoundOf(r) ?? []), read: page.length, last: page.at(-1)?.seq };
      }
      case 'tab-context':
        return this.tabs.get(message.tabId) ?? { watched: false };
    }
  }
}
