// The player's actions per tab, across its documents and frames. A content script knows only its
// own document's clicks: a casino that reloads the game frame (or the page) after the bet could
// show a pair it chose in the new document, wait for any click there, and have its outcome credited
// with that click. So each document reports the first action of each of its rounds, with the slots
// (commitment|client seed|nonce) that end it, those that were its panel's only live state at one of
// the round's actions (capture/session/round-tracker.ts, sent by capture/content.ts), and the worker
// keeps them per tab: an outcome from any document of the tab is credited with the earliest action
// still open before it. An action ends with an outcome of one of its slots, from any document of the
// tab, as a document's own round does. Kept in the store's
// `meta` (the browser stops an idle worker while the tabs stay open) until the tab closes: a page
// left for another site and come back must not have forgotten the bet.
import { MAX_ACTION_SLOTS } from '../shared/messages.js';
import type { CapturedClaim } from '../shared/records.js';
import { openStore, RELAXED } from './store.js';
import { roundKey } from './round-key.js';

const KEY = 'actions';
/** Actions kept per tab. Past it, no action of the tab ends any more (its rounds are `history` once their pair changes). */
export const MAX_TAB_ACTIONS = 16;
/** Tabs kept; the one heard from longest ago is dropped first. */
const MAX_TABS = 64;

interface KeptAction {
  frame: number;
  /** The document's clock reading of the round's first action. */
  at: number;
  slots: string[];
  /** When the outcome that ended it was first seen (outcomes seen before that are still credited with it). */
  endedAt?: number;
}

interface TabActions {
  tab: number;
  actions: KeptAction[];
  /** More actions came than are kept: none ends any more, until the tab closes. */
  full?: true;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isAction = (value: unknown): value is KeptAction => {
  const action = value as KeptAction;
  return typeof value === 'object' && value !== null && isNumber(action.frame) && isNumber(action.at) && Array.isArray(action.slots) && (action.endedAt === undefined || isNumber(action.endedAt));
};
const isTab = (value: unknown): value is TabActions =>
  typeof value === 'object' && value !== null && isNumber((value as TabActions).tab) && Array.isArray((value as TabActions).actions) && (value as TabActions).actions.every(isAction);
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

const entryOf = (tabs: TabActions[], tab: number): TabActions => {
  let entry = tabs.find((kept) => kept.tab === tab);
  if (entry === undefined) tabs.unshift((entry = { tab, actions: [] }));
  return entry;
};

/** A document's round began at `at` (or its panel showed another slot at a later action of it). */
export function noteAction(tab: number, frame: number, at: number, slots: readonly string[]): Promise<void> {
  return update((tabs) => {
    const entry = entryOf(tabs, tab);
    const known = entry.actions.find((action) => action.frame === frame && action.at === at);
    if (known) {
      const more = slots.filter((slot) => !known.slots.includes(slot));
      if (more.length === 0) return { value: undefined };
      known.slots = [...known.slots, ...more].slice(0, MAX_ACTION_SLOTS);
    } else if (!entry.full) {
      // An ended action makes room; an open one never does (it may be the bet).
      if (entry.actions.length >= MAX_TAB_ACTIONS) {
        const ended = entry.actions.findIndex((action) => action.endedAt !== undefined);
        if (ended >= 0) entry.actions.splice(ended, 1);
      }
      if (entry.actions.length < MAX_TAB_ACTIONS) entry.actions.push({ frame, at, slots: slots.slice(0, MAX_ACTION_SLOTS) });
      else entry.full = true;
    }
    return { tabs: [entry, ...tabs.filter((kept) => kept !== entry)].slice(0, MAX_TABS), value: undefined };
  });
}

const isOutcome = (claim: CapturedClaim): boolean => claim.result !== undefined && claim.observedAt.result !== undefined;

/**
 * The claims of a batch from `tab`: the actions whose slot an outcome played end when that outcome
 * was first seen; then each outcome is credited with the earliest action of the tab still open when
 * it was first seen (if earlier than its own). By the times seen, not the order of arrival: a batch
 * or a frame's claims late do not change what is credited.
 */
export function creditOutcomes(tab: number, claims: readonly CapturedClaim[]): Promise<CapturedClaim[]> {
  if (!claims.some(isOutcome)) return Promise.resolve([...claims]);
  return update((tabs) => {
    const entry = tabs.find((kept) => kept.tab === tab);
    if (entry === undefined || entry.actions.length === 0) return { value: [...claims] };
    let ended = false;
    if (!entry.full) {
      for (const claim of claims.filter(isOutcome)) {
        const slot = roundKey(claim);
        const outcomeAt = claim.observedAt.result!;
        for (const action of entry.actions) {
          if (action.at < outcomeAt && action.slots.includes(slot) && (action.endedAt === undefined || action.endedAt > outcomeAt)) {
            action.endedAt = outcomeAt;
            ended = true;
          }
        }
      }
    }
    const credited = claims.map((claim) => {
      if (!isOutcome(claim)) return claim;
      const outcomeAt = claim.observedAt.result!;
      const open = entry.actions.filter((action) => action.at < outcomeAt && (action.endedAt === undefined || action.endedAt >= outcomeAt));
      const earliest = Math.min(claim.actedAt ?? Infinity, ...open.map((action) => action.at));
      return earliest === Infinity || earliest === claim.actedAt ? claim : { ...claim, actedAt: earliest, documentActedAt: claim.actedAt ?? -Infinity };
    });
    return ended ? { tabs, value: credited } : { value: credited };
  });
}

/** The tab closed: its actions go with it. */
export function forgetTabActions(tab: number): Promise<void> {
  return update((tabs) => (tabs.some((kept) => kept.tab === tab) ? { tabs: tabs.filter((kept) => kept.tab !== tab), value: undefined } : { value: undefined }));
}

/** A new browser session: the tab ids are new. */
export function forgetAllTabActions(): Promise<void> {
  return update(() => ({ tabs: [], value: undefined }));
}
