import { runSelfTest } from '../core/index.js';
import { extensionId, extensionUrl, type MessageSender } from '../shared/browser.js';
import {
  validateClaim,
  validateContentMessage,
  validatePageMessage,
  type ClaimsAck,
  type PageMessage,
  type PageResponses,
  type Reply,
} from '../shared/messages.js';
import type { CapturedClaim, SelfTestResult } from '../shared/records.js';
import { showSummaryOnBadge } from './badge.js';
import { findings } from './findings.js';
import { verifiedOutcomes } from './outcomes.js';
import { exportedRoundOf, rowOf } from './rows.js';
import * as store from './store.js';
import { verifyRecord } from './verify-record.js';

const CASINO_HOST = /^(?:[a-z0-9-]+\.)*cloudbet\.com$/;

function fromCasinoTab(sender: MessageSender): boolean {
  if (sender.id !== extensionId() || sender.tab === undefined || sender.url === undefined) return false;
  try {
    const url = new URL(sender.url);
    return url.protocol === 'https:' && CASINO_HOST.test(url.hostname);
  } catch {
    return false;
  }
}

function fromExtensionPage(sender: MessageSender): boolean {
  return sender.id === extensionId() && sender.url !== undefined && sender.url.startsWith(extensionUrl(''));
}

/** The worker's one entry point: checks the sender, validates the message, answers with a Reply. */
export async function handleMessage(message: unknown, sender: MessageSender): Promise<Reply<unknown>> {
  try {
    if (fromExtensionPage(sender)) {
      const checked = validatePageMessage(message);
      if (!checked.ok) return { ok: false, error: `invalid message: ${checked.error}` };
      return { ok: true, value: await answerPage(checked.message) };
    }
    if (fromCasinoTab(sender)) {
      const checked = validateContentMessage(message);
      if (!checked.ok) return { ok: false, error: `invalid message: ${checked.error}` };
      return { ok: true, value: await acceptClaims(checked.message.claims) };
    }
    return { ok: false, error: 'sender not allowed' };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

async function acceptClaims(candidates: unknown[]): Promise<ClaimsAck> {
  const claims: CapturedClaim[] = [];
  const refused: ClaimsAck['refused'] = [];
  candidates.forEach((candidate, index) => {
    const checked = validateClaim(candidate);
    if (checked.ok) claims.push(checked.message);
    else refused.push({ index, reason: checked.error });
  });
  try {
    // Stored before acknowledged: the content script keeps a claim queued until this resolves.
    if (claims.length > 0) await store.storeClaims(claims);
  } catch (error) {
    throw new Error(store.reportStorageProblem(error));
  }
  await refreshBadge();
  return { stored: claims.length, refused };
}

export async function refreshBadge(): Promise<void> {
  try {
    await showSummaryOnBadge(await store.summarise());
  } catch {
    // The badge is a convenience; the rounds are already stored.
  }
}

export async function selfTest(): Promise<SelfTestResult> {
  const checks = runSelfTest();
  const result: SelfTestResult = { ok: checks.every((check) => check.ok), ranAt: Date.now(), checks };
  await store.saveSelfTest(result);
  return result;
}

async function answerPage(message: PageMessage): Promise<PageResponses[PageMessage['type']]> {
  switch (message.type) {
    case 'summary': {
      const summary = await store.summarise();
      summary.selfTest ??= await selfTest();
      return summary;
    }
    case 'rounds': {
      const { total, records } = await store.pageOfRounds(message.filter, message.offset, message.limit);
      return { total, rows: records.map(rowOf) };
    }
    case 'round-detail': {
      const record = await store.getRound(message.key);
      return record ? { record, trace: verifyRecord(record, true).trace } : null;
    }
    case 'export-page': {
      const { total, records } = await store.pageInSeenOrder(message.offset, message.limit);
      return { total, rounds: records.map(exportedRoundOf) };
    }
    case 'games':
      return store.listGames();
    case 'clear-data': {
      const cleared = await store.clearRounds();
      await refreshBadge();
      return { cleared };
    }
    case 'run-self-test':
      return selfTest();
    case 'findings':
      return findings();
    case 'outcomes':
      return verifiedOutcomes(message.gameId);
  }
}
