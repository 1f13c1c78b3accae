import { sessionRoundOf } from './session-rounds.js';
import { runSelfTest } from '../core/index.js';
import { extensionId, extensionUrl, senderOrigin, type MessageSender } from '../shared/browser.js';
import {
  validateClaim,
  validateContentMessage,
  validatePageMessage,
  type ClaimsAck,
  type PageMessage,
  type PageResponses,
  type Reply,
} from '../shared/messages.js';
import { isCommitmentSighting, isSeedReveal, namesNothing } from '../shared/claim-kinds.js';
import type { CapturedClaim, SelfTestResult } from '../shared/records.js';
import { showSummaryOnBadge } from './badge.js';
import { findRound } from './find-round.js';
import { findings } from './findings.js';
import { importChunk } from './import.js';
import { claimBytes, ClaimRateLimiter, newRecords, type NewRecord, RATE_LIMITED, RATE_LIMITED_PACE, RATE_LIMITED_SHARED, type RefusalCause, unchangedClaims } from './rate-limit.js';
import { loadRateLimitState, saveRateLimitState } from './rate-limit-state.js';
import { addRateLimitNote, clearRateLimitNotes, loadRateLimitNotes } from './rate-limit-notes.js';
import { gameFigures } from './outcomes.js';
import { roundKey } from './round-key.js';
import { checkSeal, endTicket, isSealedChunk, sealExport } from './seal-key.js';
import { exportedRoundOf, rowOf } from './rows.js';
import { currentStorageProblem, isStorageProblem, storageFailure, StorageProblemError } from './storage-problem.js';
import { STORE_FULL } from './store-capacity.js';
import * as store from './store.js';
import { verifyRecord } from './verify-record.js';
import { noteAction, creditOutcomes, endActions, wouldEndActions } from './tab-actions.js';
import { isCasinoDocument } from '../shared/casino.js';
import { vocabularyFor } from '../shared/vocabularies/vocabulary.js';
import { recreditRounds } from './late-action.js';
import { keptAsOutcome } from './ending-outcomes.js';
import { inNonceOrder } from './nonce-order.js';
import { seedHashesTo } from './round-key.js';
import { ensurePersistent } from './storage-persistence.js';
import { keepTally, tabContextWithCapture } from './tab-capture.js';
import { tallyWriter } from './tally-writes.js';
import { announceTab, countTabRounds, forgetTab, watchedTabIds } from './watched-tabs.js';

/** Capture tallies, at most one stored write per frame per second (each rewrites the tab's entry). */
const writeTally = tallyWriter(keepTally);

function fromCasinoTab(sender: MessageSender): boolean {
  if (sender.id !== extensionId() || sender.tab === undefined || sender.url === undefined) return false;
  return isCasinoDocument(sender.url, senderOrigin(sender));
}

function fromExtensionPage(sender: MessageSender): boolean {
  return sender.id === extensionId() && sender.url !== undefined && sender.url.startsWith(extensionUrl(''));
}

/** The worker's one entry point: checks the sender, validates the message, answers with a Reply. */
export async function handleMessage(message: unknown, sender: MessageSender): Promise<Reply<unknown>> {
  try {
    if (fromExtensionPage(sender)) {
      const checked = validatePageMessage(message);
      if (!checked.ok) return { ok: false, failure: 'invalid-message', error: `invalid message: ${checked.error}` };
      return { ok: true, value: await answerPage(checked.message) };
    }
    if (fromCasinoTab(sender)) {
      const checked = validateContentMessage(message);
      if (!checked.ok) return { ok: false, failure: 'invalid-message', error: `invalid message: ${checked.error}` };
      if (checked.message.type === 'hello') return { ok: true, value: await greet(sender) };
      if (checked.message.type === 'bye') return { ok: true, value: await farewell(sender) };
      // Queued at once (before any wait), so it is kept before the claims sent after it are credited.
      if (checked.message.type === 'action') {
        // Never later than now, as a claim's times (merge.ts): a content script's clock pushed ahead would stamp the bet after what followed it.
        await recreditRounds(await noteAction(sender.tab!.id ?? -1, sender.frameId ?? 0, Math.min(checked.message.at, Date.now()), checked.message.slots));
        return { ok: true, value: undefined };
      }
      // Words only, the same for every page: what a page's lang asks for tells the page nothing back.
      if (checked.message.type === 'vocabulary') return { ok: true, value: vocabularyFor(checked.message.locales) };
      if (checked.message.type === 'capture-tally') return { ok: true, value: await writeTally(sender.tab!.id ?? -1, sender.frameId ?? 0, checked.message.tally) };
      return { ok: true, value: await acceptClaims(checked.message.claims, sender) };
    }
    return { ok: false, failure: 'sender-not-allowed', error: 'sender not allowed' };
  } catch (thrown) {
    // A full disk met by any write on the way (a tab's actions, before the claims' batch) is
    // reported as such: the popup shows it and the badge says so, not only the batch's own write.
    let error = thrown;
    if (isStorageProblem(thrown) && !(thrown instanceof StorageProblemError)) {
      error = storageFailure(thrown);
      await refreshBadge();
    }
    // A storage problem travels as its code too, for the popup to word it.
    const coded = error instanceof StorageProblemError ? { storageProblem: error.problem } : {};
    return { ok: false, failure: 'failed', error: error instanceof Error ? error.message : String(error), ...coded };
  }
}

/**
 * A page loaded in a casino tab: watched from now on, its count anew, and its badge set again (the
 * browser dropped the tab's own badge text when it navigated). Only the top frame's hello counts:
 * its address is the page's; a frame's hello is answered `false` and changes nothing.
 */
async function greet(sender: MessageSender): Promise<boolean> {
  const tab = sender.tab?.id;
  if (sender.frameId !== 0 || tab === undefined || tab < 0) return false;
  writeTally.forget(tab); // a tally the old page left waiting is not the new page's
  await announceTab(tab, new URL(sender.url!).hostname);
  await refreshBadge();
  return true;
}

/** The page in a casino tab is left (for another site, perhaps): the tab is not watched until a page says hello again. */
async function farewell(sender: MessageSender): Promise<boolean> {
  const tab = sender.tab?.id;
  if (sender.frameId !== 0 || tab === undefined) return false;
  writeTally.forget(tab);
  await forgetTab(tab);
  return true;
}

/** Budgets of new claims per tab and for all tabs; kept in the store after every batch (rate-limit-state.ts). */
export const claimRateLimiter = new ClaimRateLimiter();
let limiterRestored: Promise<void> | undefined;

/**
 * Restores the budgets a stopped worker kept, once per worker life. A failed read fails the batch
 * (its claims are kept and sent again), to be tried again: admitting on full budgets and then
 * saving them would hand a page the fresh burst the kept state exists to deny.
 */
function restoreLimiter(): Promise<void> {
  limiterRestored ??= loadRateLimitState().then(
    (state) => {
      if (state) claimRateLimiter.restore(state);
    },
    (error: unknown) => {
      limiterRestored = undefined;
      throw storageFailure(error);
    },
  );
  return limiterRestored;
}

async function acceptClaims(candidates: unknown[], sender: MessageSender): Promise<ClaimsAck> {
  const checkedClaims: { claim: CapturedClaim; index: number }[] = [];
  const refused: ClaimsAck['refused'] = [];
  candidates.forEach((candidate, index) => {
    const checked = validateClaim(candidate);
    // A claim that names nothing is taken and dropped: not a round, and not the page's fault to be told.
    if (checked.ok) {
      if (!namesNothing(checked.message)) checkedClaims.push({ claim: checked.message, index });
    } else refused.push({ index, reason: checked.error });
  });
  const tab = sender.tab?.id ?? -1;
  // One pair's rounds by nonce first (nonce-order.ts): a list newest first must not cut the later
  // round into a run before the one at the nonce before it.
  const claims = checkedClaims.map(({ claim }) => claim);
  const roundPositions = claims.flatMap((claim, position) => (isCommitmentSighting(claim) || isSeedReveal(claim) ? [] : [position]));
  const placed = checkedClaims.map((_, position) => position);
  inNonceOrder(claims, roundPositions).forEach((position, rank) => (placed[roundPositions[rank]!] = position));
  checkedClaims.splice(0, checkedClaims.length, ...placed.map((position) => checkedClaims[position]!));
  // Stored in runs, each ending with an outcome that ends an open action: what it ends is noted
  // only once it is stored and kept by its round (endActions), and the claims after it are credited
  // knowing that.
  const ends = await wouldEndActions(checkedClaims.map(({ claim }) => claim));
  const ack: ClaimsAck = { stored: 0, refused, retryLater: [], revealed: [] };
  const runs: (typeof checkedClaims)[] = [];
  let start = 0;
  for (let position = 0; position < checkedClaims.length; position++) {
    if (!ends[position] && position < checkedClaims.length - 1) continue;
    runs.push(checkedClaims.slice(start, position + 1));
    start = position + 1;
  }
  for (const run of runs.length > 0 ? runs : [[]]) {
    const part = await acceptRun(run, tab, sender);
    ack.stored += part.stored;
    ack.refused.push(...part.refused);
    ack.retryLater.push(...part.retryLater);
    ack.revealed = [...new Set([...ack.revealed, ...part.revealed])];
  }
  ack.refused.sort((a, b) => a.index - b.index);
  return ack;
}

/** Credits, admits (the tab's budgets), stores and ends with one run of a batch's valid claims (acceptClaims). */
async function acceptRun(checkedClaims: readonly { claim: CapturedClaim; index: number }[], tab: number, sender: MessageSender): Promise<ClaimsAck> {
  const refused: ClaimsAck['refused'] = [];
  // Each outcome with the earliest action of its tab still open when it was seen, in any of the tab's documents.
  const credited = await creditOutcomes(
    tab,
    checkedClaims.map(({ claim }) => claim),
  );
  const valid = checkedClaims.map((item, position) => ({ ...item, claim: credited[position]! }));
  await restoreLimiter();
  // Claims about rounds and seed pairs already stored take no budget (unless one is in debt); new ones do.
  const known = valid.length > 0 ? await store.knownClaims(valid.map(({ claim }) => claim)).catch(() => valid.map(() => false)) : [];
  const sized = valid.map((item) => ({ ...item, bytes: claimBytes(item.claim), record: undefined as NewRecord }));
  const fresh = sized.filter((_, position) => !known[position]);
  // Each new claim with the record it adds (the first of its round or pair): those cost the tab's pace budgets.
  newRecords(fresh.map(({ claim }) => claim)).forEach((record, position) => (fresh[position]!.record = record));
  const knownItems = sized.filter((_, position) => known[position]);
  const admission = claimRateLimiter.admit(
    tab,
    fresh.map(({ bytes }) => bytes),
    knownItems.length,
    fresh.map(({ record }) => record),
  );
  const over = new Set([...fresh.slice(admission.admitted), ...(admission.knownAdmitted ? [] : knownItems)]);
  const taken = sized.filter((item) => !over.has(item));
  const retryLater = sized.filter((item) => over.has(item)).map(({ index }) => index);
  const overReason = admission.cause === 'shared' ? RATE_LIMITED_SHARED : admission.cause === 'pace' ? RATE_LIMITED_PACE : RATE_LIMITED;
  for (const index of retryLater) refused.push({ index, reason: overReason });
  // Noted before the batch is stored: the trust rule reads the latest refusal (store.ts), so no
  // round of this batch can be `witnessed` while something its tab showed was refused.
  if (admission.report) await noteRateLimit(tab, sender, admission.report, admission.cause);
  const admitted = fresh.slice(0, admission.admitted);
  let stored = 0;
  /** The claims stored or already known: what the tab's count is about. */
  let accepted: CapturedClaim[] = [];
  /** The counts the write left, for the badge (undefined: nothing was written, read them). */
  let counts: store.Counts | undefined;
  try {
    // Stored before acknowledged: the content script keeps a claim queued until this resolves.
    const written = taken.length > 0 ? await store.writeClaims(taken.map(({ claim }) => claim)) : undefined;
    const { changed, fates } = written ?? { changed: [], fates: [] };
    counts = written?.counts;
    // Refused by the store itself (full): not worth sending again until the player clears it.
    fates.forEach((fate, position) => {
      // A page's claims are refused only for a full store (a captured round is guarded against files alone).
      if (typeof fate === 'object') refused.push({ index: taken[position]!.index, reason: fate.refused.code === 'store-full' ? STORE_FULL : fate.refused.code });
    });
    accepted = taken.filter((_, position) => typeof fates[position] !== 'object').map(({ claim }) => claim);
    stored = accepted.length;
    const unchanged = unchangedClaims(admitted, changed);
    claimRateLimiter.refund(tab, unchanged.length, sumBytes(unchanged));
    const knownClaims = admission.knownAdmitted ? knownItems : [];
    const knownUnchanged = new Set(unchangedClaims(knownClaims, changed));
    const knownChanged = knownClaims.filter((item) => !knownUnchanged.has(item));
    claimRateLimiter.charge(tab, knownChanged.length, sumBytes(knownChanged));
  } catch (error) {
    // Nothing was stored: the content script sends these again, and they must not cost twice.
    claimRateLimiter.refund(tab, admitted.length, sumBytes(admitted), countRecords(admitted, 'round'), countRecords(admitted, 'pair'));
    const failure = storageFailure(error);
    await refreshBadge();
    throw failure;
  } finally {
    await saveRateLimitState(claimRateLimiter.snapshot()).catch(() => undefined);
  }
  await countRounds(tab, accepted);
  await endActionsWith(tab, accepted);
  await refreshBadge(counts);
  refused.sort((a, b) => a.index - b.index);
  return { stored, refused, retryLater, revealed: checkedReveals(taken.map(({ claim }) => claim)) };
}

/** The commitments whose server seed shown with them hashes to them (of those within the budget: a flood buys no hashing). */
function checkedReveals(claims: readonly CapturedClaim[]): string[] {
  const revealed = new Set<string>();
  for (const { commitment, serverSeed } of claims) {
    const key = commitment?.toLowerCase();
    if (key !== undefined && serverSeed !== undefined && !revealed.has(key) && seedHashesTo(serverSeed, key)) revealed.add(key);
  }
  return [...revealed];
}

/**
 * Ends the actions whose slots the batch's stored outcomes play, by what the store kept of them: after
 * the write, so that a claim refused, set aside by its round, or overtaken by another frame's ends nothing.
 * Losing this must not fail the batch: the actions stay open, which takes `witnessed` away at most.
 */
async function endActionsWith(tab: number, claims: readonly CapturedClaim[]): Promise<void> {
  try {
    await endActions(tab, claims, await keptAsOutcome(claims));
  } catch {
    // As above.
  }
}

/** Counts, for the tab's line in the popup, the distinct rounds its stored (or already known) claims were about. */
async function countRounds(tab: number, claims: readonly CapturedClaim[]): Promise<void> {
  const keys = claims.filter((claim) => !isCommitmentSighting(claim) && !isSeedReveal(claim)).map(roundKey);
  if (keys.length === 0) return;
  try {
    await countTabRounds(tab, keys);
  } catch {
    // Losing a count must not fail the batch: its claims are stored already.
  }
}

const sumBytes = (items: readonly { bytes: number }[]) => items.reduce((sum, { bytes }) => sum + bytes, 0);
const countRecords = (items: readonly { record: NewRecord }[], kind: 'round' | 'pair') => items.filter(({ record }) => record === kind).length;

/** Keeps a flooding tab's counts for the popup's notice; the claims themselves are already handled. */
async function noteRateLimit(tab: number, sender: MessageSender, report: { claims: number; refused: number }, cause?: RefusalCause): Promise<void> {
  try {
    await addRateLimitNote(tab, new URL(sender.url!).hostname, report.claims, report.refused, Date.now(), cause);
  } catch {
    // Losing a count must not fail the batch: its claims are stored or refused already.
  }
}

/** Sets the badge from the store's counts; `counts` when a write just left them (no need to read them again). */
export async function refreshBadge(counts?: store.Counts): Promise<void> {
  try {
    const [summary, tabs] = await Promise.all([counts ?? store.summarise(), watchedTabIds()]);
    await showSummaryOnBadge(summary, tabs, currentStorageProblem());
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
      // A store that cannot be read has its problem in the summary already: answer with that.
      const [summary, rateLimited, persistence] = await Promise.all([store.summarise(), loadRateLimitNotes().catch(() => []), ensurePersistent()]);
      summary.selfTest ??= await selfTest();
      if (rateLimited.length > 0) summary.rateLimited = rateLimited;
      summary.persistence = persistence;
      return summary;
    }
    case 'rounds': {
      const { total, records } = await store.pageOfRounds(message.filter, message.offset, message.limit);
      return { total, rows: records.map(rowOf) };
    }
    case 'round-detail': {
      const record = await store.getRound(message.key);
      if (!record) return null;
      const { verdict, trace } = verifyRecord(record, true);
      // A round stored before problem codes were kept has only English reasons: the popup gets the codes.
      return { record: { ...record, verdict: { ...record.verdict, problems: record.verdict.problems ?? verdict.problems } }, trace };
    }
    case 'find-round':
      return findRound(message);
    case 'export-page': {
      const { total, records } =
        message.offset === undefined ? await store.roundsSeenAfter(message.after ?? 0, message.limit) : await store.pageInSeenOrder(message.offset, message.limit);
      return { total, rounds: records.map(exportedRoundOf), last: records.at(-1)?.seq };
    }
    case 'games':
      return store.listGames();
    case 'clear-data': {
      const cleared = await store.clearRounds();
      await clearRateLimitNotes();
      await refreshBadge();
      return { cleared };
    }
    case 'import-rounds': {
      const sealed = message.sealed === undefined ? undefined : isSealedChunk(message.sealed.ticket, message.sealed.chunk, message.rounds);
      const { report, counts } = await importChunk(message.rounds, Date.now(), sealed === true);
      if (sealed === false) report.sealBroken = true;
      await refreshBadge(counts);
      return report;
    }
    case 'seal-export':
      return sealExport(message.count, message.exportedAt, message.chain);
    case 'seal-check':
      return checkSeal(message.seal, message.rounds, message.states, message.chunkSize);
    case 'seal-done':
      endTicket(message.ticket);
      return null;
    case 'run-self-test':
      return selfTest();
    case 'findings':
      return findings();
    case 'outcomes':
      return gameFigures(message.gameId);
    case 'session-rounds': {
      const { total, records } = await store.roundsSeenAfter(message.after ?? -1, message.limit);
      return { total, rounds: records.flatMap((record) => sessionRoundOf(record) ?? []), read: records.length, last: records.at(-1)?.seq };
    }
    case 'tab-context':
      return tabContextWithCapture(message.tabId);
  }
}
