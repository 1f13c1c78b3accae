// The player's actions per tab, across its documents and frames, and across the casino's tabs. A
// content script knows only its own document's clicks: a casino that reloads the game frame (or
// the page) after the bet could show a pair it chose in the new document, wait for any click there,
// and have its outcome credited with that click. So each document reports the first action of each
// of its rounds, with the slots (commitment|client seed|nonce) that end it, those that were its
// panel's only live state at one of the round's actions (capture/session/round-tracker.ts, sent by
// capture/content.ts), and the worker keeps them per tab: an outcome from any document of the tab
// is credited with the earliest action still open before it. An action ends with an outcome of one
// of its slots, from any document of any tab, as a document's own round does.
//
// Another casino tab is the same account's other window: a bet placed there whose outcome never
// shows there may be shown here, on a pair chosen after it, after any click here. So an outcome is
// also credited with another tab's open action when one of that action's slots names the outcome's
// client seed at its nonce or below (the bet's position or one the outcome has passed: a casino
// that moves the nonce on by one gains nothing). Not any open action of any tab: a click in a tab
// left open on another client seed (the player set a new one since) would then take `witnessed`
// from every later round everywhere. docs/trust.md lists what this leaves.
//
// Kept in the store's `meta` (the browser stops an idle worker while the tabs stay open) until the
// tab closes: a page left for another site and come back must not have forgotten the bet.
import { coversNonce } from '../core/witness.js';
import { canonicalNonce } from '../shared/claim-kinds.js';
import { MAX_ACTION_SLOTS } from '../shared/messages.js';
import type { CapturedClaim } from '../shared/records.js';
import { openStore, RELAXED } from './store.js';
import { roundKey } from './round-key.js';

const KEY = 'actions';
/** Actions kept per tab. Past it, no action of the tab ends any more (its rounds are `history` once their pair changes). */
export const MAX_TAB_ACTIONS = 16;
/** Tabs kept; the one heard from longest ago is dropped first. */
const MAX_TABS = 64;
/**
 * Credited outcomes remembered per tab for an action report that arrives after them. Reports come
 * at the press and outcomes after it, so only one held back (a document reloaded in its own
 * listener, its report still on its way) reaches back, past the few outcomes shown meanwhile.
 * (The whole record is read and written with each batch: kept small.)
 */
export const MAX_TAB_OUTCOMES = 16;

interface KeptAction {
  frame: number;
  /** The document's clock reading of the round's first action. */
  at: number;
  slots: string[];
  /** When the outcome that ended it was first seen (outcomes seen before that are still credited with it). */
  endedAt?: number;
}

/** An outcome credited in the tab: an action report that comes later but happened before it credits it again. */
interface CreditedOutcome {
  /** The round's key (roundKey). */
  key: string;
  /** When it was first seen, and the action it was credited with then (undefined: none). */
  outcomeAt: number;
  actedAt?: number;
}

interface TabActions {
  tab: number;
  actions: KeptAction[];
  /** More actions came than are kept: none ends any more, until the tab closes. */
  full?: true;
  /** The latest outcomes credited, newest last (at most MAX_TAB_OUTCOMES). */
  outcomes?: CreditedOutcome[];
}

/** A round an action reported late credits again: its key and the earlier action. */
export interface Recredit {
  key: string;
  actedAt: number;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isAction = (value: unknown): value is KeptAction => {
  const action = value as KeptAction;
  return typeof value === 'object' && value !== null && isNumber(action.frame) && isNumber(action.at) && Array.isArray(action.slots) && (action.endedAt === undefined || isNumber(action.endedAt));
};
const isOutcomeRecord = (value: unknown): value is CreditedOutcome => {
  const outcome = value as CreditedOutcome;
  return typeof value === 'object' && value !== null && typeof outcome.key === 'string' && isNumber(outcome.outcomeAt) && (outcome.actedAt === undefined || isNumber(outcome.actedAt));
};
const isTab = (value: unknown): value is TabActions =>
  typeof value === 'object' &&
  value !== null &&
  isNumber((value as TabActions).tab) &&
  Array.isArray((value as TabActions).actions) &&
  (value as TabActions).actions.every(isAction) &&
  ((value as TabActions).outcomes === undefined || (Array.isArray((value as TabActions).outcomes) && (value as TabActions).outcomes!.every(isOutcomeRecord)));
const validTabs = (value: unknown): TabActions[] => (Array.isArray(value) ? value.filter(isTab) : []);

/**
 * One change at a time, each in one transaction: an action reported before a batch of claims is
 * kept before that batch is credited (the router queues both in the order the messages came).
 */
let queue: Promise<unknown> = Promise.resolve();
function update<T>(change: (tabs: TabActions[]) => { tabs?: TabActions[]; value: T }): Promise<T> {
  const run = queue.then(async () => {
    const tx = (await openStore()).transaction('meta', 'readwrite', RELAXED);
    const { tabs, value } = change(validTabs(await tx.store.get(KEY)));
    if (tabs !== undefined) await tx.store.put(tabs, KEY);
    await tx.done;
    return value;
  });
  queue = run.catch(() => undefined);
  return run;
}

/** The tabs with `entry` first (heard from last), the oldest past MAX_TABS dropped. */
const withFirst = (tabs: TabActions[], entry: TabActions): TabActions[] => [entry, ...tabs.filter((kept) => kept !== entry)].slice(0, MAX_TABS);

const entryOf = (tabs: TabActions[], tab: number): TabActions => {
  let entry = tabs.find((kept) => kept.tab === tab);
  if (entry === undefined) tabs.unshift((entry = { tab, actions: [] }));
  return entry;
};

/**
 * A document's round began at `at` (or its panel showed another slot at a later action of it).
 * Returns the outcomes of the tab already credited that this action, reported late, credits again:
 * those seen after it and up to the outcome that ended it, credited with a later action or none
 * (another document's report has no order with this one's claims: the document that showed them
 * may have been reloaded in the bet's own listener, before its report was sent).
 */
export function noteAction(tab: number, frame: number, at: number, slots: readonly string[]): Promise<Recredit[]> {
  return update((tabs) => {
    const entry = entryOf(tabs, tab);
    const known = entry.actions.find((action) => action.frame === frame && action.at === at);
    let added: KeptAction | undefined;
    if (known) {
      const more = slots.filter((slot) => !known.slots.includes(slot));
      if (more.length === 0) return { value: [] };
      known.slots = [...known.slots, ...more].slice(0, MAX_ACTION_SLOTS);
    } else if (!entry.full) {
      // An ended action makes room; an open one never does (it may be the bet).
      if (entry.actions.length >= MAX_TAB_ACTIONS) {
        const ended = entry.actions.findIndex((action) => action.endedAt !== undefined);
        if (ended >= 0) entry.actions.splice(ended, 1);
      }
      if (entry.actions.length < MAX_TAB_ACTIONS) entry.actions.push((added = { frame, at, slots: slots.slice(0, MAX_ACTION_SLOTS) }));
      else entry.full = true;
    }
    const recredits = added === undefined ? [] : lateCredits(tabs, entry, added);
    return { tabs: withFirst(tabs, entry), value: recredits };
  });
}

/** A slot's (or round key's) client seed and nonce: the commitment before the first `|` is hex, the nonce after the last is decimal. */
function positionOf(slot: string): { clientSeed: string; nonce: string } | undefined {
  const first = slot.indexOf('|');
  const last = slot.lastIndexOf('|');
  return first < 0 || last === first ? undefined : { clientSeed: slot.slice(first + 1, last), nonce: slot.slice(last + 1) };
}

/** Whether another tab's action may have been the bet of an outcome at `position`: one of its slots names that client seed, at that nonce or below. */
const mayBeBetOf = (action: KeptAction, position: { clientSeed: string; nonce: string } | undefined): boolean =>
  position !== undefined &&
  action.slots.some((slot) => {
    const at = positionOf(slot);
    return at !== undefined && at.clientSeed === position.clientSeed && coversNonce(at, position.nonce);
  });

/**
 * What a newly kept action of `entry` credits again among the outcomes already seen after it, in its
 * own tab and (as creditOutcomes would have) in the others; ends it where one of them did.
 */
function lateCredits(tabs: readonly TabActions[], entry: TabActions, action: KeptAction): Recredit[] {
  const after = tabs.flatMap((kept) => (kept.outcomes ?? []).filter((outcome) => outcome.outcomeAt > action.at && (kept === entry || mayBeBetOf(action, positionOf(outcome.key)))));
  for (const outcome of after) {
    if (action.slots.includes(outcome.key) && (action.endedAt === undefined || outcome.outcomeAt < action.endedAt)) action.endedAt = outcome.outcomeAt;
  }
  const recredits = new Map<string, number>();
  for (const outcome of after) {
    if (action.endedAt !== undefined && outcome.outcomeAt > action.endedAt) continue;
    if (outcome.actedAt !== undefined && outcome.actedAt <= action.at) continue;
    outcome.actedAt = action.at;
    recredits.set(outcome.key, action.at);
  }
  return [...recredits].map(([key, actedAt]) => ({ key, actedAt }));
}

const isOutcome = (claim: CapturedClaim): boolean => claim.result !== undefined && claim.observedAt.result !== undefined;

/**
 * The claims of a batch from `tab`: the actions (of any tab) whose slot an outcome played end when
 * that outcome was first seen; then each outcome is credited with the earliest action still open
 * when it was first seen (if earlier than its own): of its own tab, or of another that may have
 * been its bet (mayBeBetOf). By the times seen, not the order of arrival: a batch or a frame's
 * claims late do not change what is credited.
 */
export function creditOutcomes(tab: number, claims: readonly CapturedClaim[]): Promise<CapturedClaim[]> {
  if (!claims.some(isOutcome)) return Promise.resolve([...claims]);
  return update((tabs) => {
    const entry = entryOf(tabs, tab);
    for (const claim of claims.filter(isOutcome)) {
      const slot = roundKey(claim);
      const outcomeAt = claim.observedAt.result!;
      for (const kept of tabs) {
        if (kept.full) continue;
        for (const action of kept.actions) {
          if (action.at < outcomeAt && action.slots.includes(slot) && (action.endedAt === undefined || action.endedAt > outcomeAt)) {
            action.endedAt = outcomeAt;
          }
        }
      }
    }
    const credited = claims.map((claim) => {
      if (!isOutcome(claim)) return claim;
      const outcomeAt = claim.observedAt.result!;
      const position = claim.clientSeed === undefined || claim.nonce === undefined ? undefined : { clientSeed: claim.clientSeed, nonce: canonicalNonce(claim.nonce) };
      const openAt = (action: KeptAction) => action.at < outcomeAt && (action.endedAt === undefined || action.endedAt >= outcomeAt);
      let earliest = claim.actedAt ?? Infinity;
      for (const kept of tabs) {
        for (const action of kept.actions) {
          if (action.at < earliest && openAt(action) && (kept === entry || mayBeBetOf(action, position))) earliest = action.at;
        }
      }
      return earliest === Infinity || earliest === claim.actedAt ? claim : { ...claim, actedAt: earliest, documentActedAt: claim.actedAt ?? -Infinity };
    });
    remember(entry, credited);
    return { tabs: withFirst(tabs, entry), value: credited };
  });
}

/** Keeps the batch's outcomes, as credited, among the tab's latest (for an action reported late). */
function remember(entry: TabActions, credited: readonly CapturedClaim[]): void {
  const outcomes = entry.outcomes ?? [];
  for (const claim of credited) {
    if (!isOutcome(claim)) continue;
    const key = roundKey(claim);
    const outcomeAt = claim.observedAt.result!;
    // A round seen again keeps its first sighting (the store does too).
    const kept = outcomes.find((outcome) => outcome.key === key);
    if (kept !== undefined && kept.outcomeAt <= outcomeAt) continue;
    if (kept !== undefined) outcomes.splice(outcomes.indexOf(kept), 1);
    outcomes.push(claim.actedAt === undefined ? { key, outcomeAt } : { key, outcomeAt, actedAt: claim.actedAt });
  }
  entry.outcomes = outcomes.slice(-MAX_TAB_OUTCOMES);
}

/** The tab closed: its actions go with it. */
export function forgetTabActions(tab: number): Promise<void> {
  return update((tabs) => (tabs.some((kept) => kept.tab === tab) ? { tabs: tabs.filter((kept) => kept.tab !== tab), value: undefined } : { value: undefined }));
}

/** A new browser session: the tab ids are new. */
export function forgetAllTabActions(): Promise<void> {
  return update(() => ({ tabs: [], value: undefined }));
}
