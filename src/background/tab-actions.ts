// The player's actions across the casino's tabs and their documents and frames. A content script
// knows only its own document's clicks: a casino that reloads the game frame (or the page) after
// the bet, or shows the bet's outcome in the player's other casino tab, could show a pair it chose
// there, wait for any click, and have its outcome credited with that click. So each document
// reports the first action of each of its rounds, with the slots (commitment|client seed|nonce|game)
// that end it, those that were its panel's only live state at one of the round's actions
// (capture/session/round-tracker.ts, sent by capture/content.ts), and the worker keeps them, per
// tab: an outcome from any casino tab is credited with the earliest action still open before it.
//
// The worker treats every casino tab as one player's, as a document treats its own clicks: an open
// action also ends with an outcome of a slot reported by any later action, in any document of any
// tab (the round it began went on there). So a click with nothing to end it where it was made (a
// lobby page with no panel, a page reloaded after the bet, a tab left aside) costs the one round
// played next, wherever it is, and not every later round; and a page cannot keep the bet apart from
// the tab that shows its outcome by what its panel names (a client seed spelled another way, a
// nonce below the bet's, a decoy so that no slot is alone).
//
// Kept in the store's `meta` (the browser stops an idle worker while the tabs stay open) until the
// tab closes: a page left for another site and come back must not have forgotten the bet.
import { lookupGame } from '../core/index.js';
import { MAX_ACTION_SLOTS } from '../shared/messages.js';
import type { CapturedClaim } from '../shared/records.js';
import { openStore, RELAXED } from './store.js';
import { isSeenOutcome } from '../shared/claim-kinds.js';
import { labelKey } from '../shared/label-key.js';
import { roundKey } from './round-key.js';

const KEY = 'actions';
/** Actions kept per tab. Past it, no action of the tab ends any more (then every tab's rounds are `history` once their pair changes). */
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
  /** Its game, folded (labelKey); missing when it names none, or kept before slots named one: then it ends nothing. */
  game?: string;
  /** Its game is one Fair Witness verifies: it also ends a slot whose panel named no game. */
  verifiable?: true;
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
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof outcome.key === 'string' &&
    (outcome.game === undefined || typeof outcome.game === 'string') &&
    (outcome.verifiable === undefined || outcome.verifiable === true) &&
    isNumber(outcome.outcomeAt) &&
    (outcome.actedAt === undefined || isNumber(outcome.actedAt))
  );
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

/**
 * The tabs with `entry` first (heard from last). Past MAX_TABS the oldest are dropped, their open
 * actions kept in one entry of their own (a flood of tabs must not make the bet forgotten).
 */
function withFirst(tabs: TabActions[], entry: TabActions): TabActions[] {
  const lostEntry = tabs.find((kept) => kept.tab === LOST_TABS);
  const ordered = [entry, ...tabs.filter((kept) => kept !== entry && kept !== lostEntry)];
  if (ordered.length <= MAX_TABS - (lostEntry ? 1 : 0)) return lostEntry ? [...ordered, lostEntry] : ordered;
  const dropped = ordered.slice(MAX_TABS - 1);
  const lost = [...(lostEntry?.actions ?? []), ...dropped.flatMap((gone) => gone.actions.filter(isOpen))];
  const full = lostEntry?.full === true || dropped.some((gone) => gone.full) || lost.length > MAX_TAB_ACTIONS;
  return [...ordered.slice(0, MAX_TABS - 1), { tab: LOST_TABS, actions: lost.slice(0, MAX_TAB_ACTIONS), ...(full ? { full: true as const } : {}) }];
}

/** The entry that keeps open actions of tabs dropped past MAX_TABS. */
const LOST_TABS = Number.MIN_SAFE_INTEGER;

const isOpen = (action: KeptAction): boolean => action.endedAt === undefined;

const entryOf = (tabs: TabActions[], tab: number): TabActions => {
  let entry = tabs.find((kept) => kept.tab === tab);
  if (entry === undefined) tabs.unshift((entry = { tab, actions: [] }));
  return entry;
};

/**
 * A document's round began at `at` (or its panel showed another slot at a later action of it).
 * Every action still open from before it, in any tab, takes these slots too: its round went on
 * here. Returns the outcomes already credited that this action, reported late, credits again:
 * those seen after it and up to the outcome that ended it, credited with a later action or none
 * (another document's report has no order with this one's claims: the document that showed them
 * may have been reloaded in the bet's own listener, before its report was sent).
 */
export function noteAction(tab: number, frame: number, at: number, slots: readonly string[]): Promise<Recredit[]> {
  return update((tabs) => {
    const entry = entryOf(tabs, tab);
    const known = entry.actions.find((action) => action.frame === frame && action.at === at);
    let added: KeptAction | undefined;
    let changed = false;
    if (known) {
      const more = slots.filter((slot) => !known.slots.includes(slot));
      if (more.length > 0) {
        known.slots = [...known.slots, ...more].slice(0, MAX_ACTION_SLOTS);
        changed = true;
      }
    } else if (!entry.full) {
      // An ended action makes room; an open one never does (it may be the bet).
      if (entry.actions.length >= MAX_TAB_ACTIONS) {
        const ended = entry.actions.findIndex((action) => !isOpen(action));
        if (ended >= 0) entry.actions.splice(ended, 1);
      }
      if (entry.actions.length < MAX_TAB_ACTIONS) entry.actions.push((added = { frame, at, slots: slots.slice(0, MAX_ACTION_SLOTS) }));
      else entry.full = true;
      changed = true;
    }
    changed = adoptSlots(tabs, known ?? added, at, slots) || changed;
    if (!changed) return { value: [] };
    const recredits = added === undefined ? [] : lateCredits(tabs, added);
    return { tabs: withFirst(tabs, entry), value: recredits };
  });
}

/**
 * The slots of an action at `at` join every other action open from before it (or at it, in
 * another document), and end it where an outcome of one was already seen after it. Whether any
 * changed. (Bounded: past MAX_ACTION_SLOTS an action takes no more, and then may never end: its
 * rounds are `history`, never forged.)
 */
function adoptSlots(tabs: readonly TabActions[], reporting: KeptAction | undefined, at: number, slots: readonly string[]): boolean {
  if (slots.length === 0) return false;
  let changed = false;
  for (const kept of tabs) {
    if (kept.full) continue;
    for (const action of kept.actions) {
      if (action === reporting || !isOpen(action) || action.at > at) continue;
      const more = slots.filter((slot) => !action.slots.includes(slot));
      if (more.length === 0 || action.slots.length >= MAX_ACTION_SLOTS) continue;
      action.slots = [...action.slots, ...more].slice(0, MAX_ACTION_SLOTS);
      changed = true;
      for (const other of tabs) {
        for (const outcome of other.outcomes ?? []) {
          if (outcome.outcomeAt > action.at && endsOneOf(slotsOfKept(outcome), more) && (action.endedAt === undefined || outcome.outcomeAt < action.endedAt)) action.endedAt = outcome.outcomeAt;
        }
      }
    }
  }
  return changed;
}

/**
 * What a newly kept action credits again among the outcomes already seen after it, in any tab (as
 * creditOutcomes would have); ends it where one of them did.
 */
function lateCredits(tabs: readonly TabActions[], action: KeptAction): Recredit[] {
  const after = tabs.flatMap((kept) => (kept.outcomes ?? []).filter((outcome) => outcome.outcomeAt > action.at));
  for (const outcome of after) {
    if (endsOneOf(slotsOfKept(outcome), action.slots) && (action.endedAt === undefined || outcome.outcomeAt < action.endedAt)) action.endedAt = outcome.outcomeAt;
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

/** Whether an outcome's slots (slotsOfKept) name one of an action's. */
const endsOneOf = (outcomeSlots: readonly string[] | undefined, actionSlots: readonly string[]): boolean => outcomeSlots?.some((slot) => actionSlots.includes(slot)) === true;

/** Whether an outcome with `slots`, first seen at `outcomeAt`, ends `action`: one of its slots, after it, and before it ended. */
const endsAction = (action: KeptAction, slots: readonly string[], outcomeAt: number): boolean =>
  action.at < outcomeAt && endsOneOf(slots, action.slots) && (action.endedAt === undefined || action.endedAt > outcomeAt);

/** An outcome's key and game as kept (CreditedOutcome), without its times. */
type OutcomeIdentity = Pick<CreditedOutcome, 'key' | 'game' | 'verifiable'>;

/** `ends`: the outcome is its round's as the store keeps it (ending-outcomes.ts); one that is not keeps no game, so it ends nothing. */
function identityOf(claim: CapturedClaim, ends: boolean): OutcomeIdentity {
  const key = roundKey(claim);
  if (!ends) return { key };
  const name = claim.game ?? '';
  const game = labelKey(name);
  // Only an outcome of a game Fair Witness verifies ends anything: one of a game no verifier knows
  // (a made-up name, or a spelling such as "Kéno" that folds like keno's) is never checked by a reveal.
  if (game === '' || lookupGame(name).kind !== 'supported') return { key };
  return { key, game, verifiable: true };
}

/**
 * The slots an outcome ends, written as the content script writes a panel state's
 * (capture/session/round-tracker.ts slotOf, the game folded the same way): its own, and the same
 * with no game (a panel that named none) when its game is one Fair Witness verifies; none when it
 * names no game. The game is part of it: the bet's pair and nonce under another game, or one no
 * verifier knows, must not end the bet with an outcome no reveal can prove wrong.
 */
function slotsOfKept(outcome: OutcomeIdentity): string[] {
  if (outcome.game === undefined) return [];
  return outcome.verifiable ? [`${outcome.key}|${outcome.game}`, `${outcome.key}|`] : [`${outcome.key}|${outcome.game}`];
}

/**
 * The claims of a batch from `tab`, each outcome credited with the earliest action of any tab still
 * open when it was first seen (if earlier than its own). By the times seen, not the order of
 * arrival: a batch or a frame's claims late do not change what is credited. What the batch's own
 * outcomes end is noted only once they are stored (endActions): until then an action stays open for
 * the batch's later outcomes too, which can only credit them with an earlier action.
 */
export function creditOutcomes(tab: number, claims: readonly CapturedClaim[]): Promise<CapturedClaim[]> {
  if (!claims.some(isSeenOutcome)) return Promise.resolve([...claims]);
  return update((tabs) => ({
    value: claims.map((claim) => {
      if (!isSeenOutcome(claim)) return claim;
      const outcomeAt = claim.observedAt.result!;
      let earliest = claim.actedAt ?? Infinity;
      for (const kept of tabs) {
        for (const action of kept.actions) {
          if (action.at < earliest && action.at < outcomeAt && (action.endedAt === undefined || action.endedAt >= outcomeAt)) earliest = action.at;
        }
      }
      return earliest === Infinity || earliest === claim.actedAt ? claim : { ...claim, actedAt: earliest, documentActedAt: claim.actedAt ?? -Infinity };
    }),
  }));
}

/**
 * Which of the claims are outcomes that would end an action open when they were seen (if their round
 * keeps them): the router stores a batch in runs that end with each such one, so that the claims
 * after it are credited knowing what it ended.
 */
export function wouldEndActions(claims: readonly CapturedClaim[]): Promise<boolean[]> {
  if (!claims.some(isSeenOutcome)) return Promise.resolve(claims.map(() => false));
  return update((tabs) => ({
    value: claims.map((claim) => {
      if (!isSeenOutcome(claim)) return false;
      const slots = slotsOfKept(identityOf(claim, true));
      const outcomeAt = claim.observedAt.result!;
      return tabs.some(
        (other) =>
          !other.full && other.actions.some((action) => endsAction(action, slots, outcomeAt)),
      );
    }),
  }));
}

/**
 * After a batch from `tab` was stored: the actions (of any tab) whose slot one of its outcomes
 * played end when that outcome was first seen, and the tab keeps its outcomes, as credited, among
 * its latest (for an action reported late). `kept`: which outcomes their round keeps as its own,
 * read from the store after the write (ending-outcomes.ts): one refused, set aside or overtaken by
 * another frame's claim ends nothing.
 */
export function endActions(tab: number, claims: readonly CapturedClaim[], kept: readonly boolean[]): Promise<void> {
  if (!claims.some(isSeenOutcome)) return Promise.resolve();
  return update((tabs) => {
    const entry = entryOf(tabs, tab);
    // Each outcome's identity once: its slots here, and what the tab keeps of it (remember).
    const identities = claims.map((claim, index) => (isSeenOutcome(claim) ? identityOf(claim, kept[index] === true) : undefined));
    for (const [index, claim] of claims.entries()) {
      const identity = identities[index];
      if (identity === undefined) continue;
      const slots = slotsOfKept(identity);
      const outcomeAt = claim.observedAt.result!;
      for (const other of tabs) {
        if (other.full) continue;
        for (const action of other.actions) {
          if (endsAction(action, slots, outcomeAt)) action.endedAt = outcomeAt;
        }
      }
    }
    remember(entry, claims, identities);
    return { tabs: withFirst(tabs, entry), value: undefined };
  });
}

/** Keeps the batch's outcomes, as credited, among the tab's latest (for an action reported late); `identities` index-aligned with `credited`. */
function remember(entry: TabActions, credited: readonly CapturedClaim[], identities: readonly (OutcomeIdentity | undefined)[]): void {
  const outcomes = entry.outcomes ?? [];
  for (const [index, claim] of credited.entries()) {
    const identity = identities[index];
    if (identity === undefined) continue;
    const { key } = identity;
    const outcomeAt = claim.observedAt.result!;
    // A round seen again keeps its first sighting (the store does too).
    const kept = outcomes.find((outcome) => outcome.key === key);
    if (kept !== undefined && kept.outcomeAt <= outcomeAt) continue;
    if (kept !== undefined) outcomes.splice(outcomes.indexOf(kept), 1);
    outcomes.push({ ...identity, outcomeAt, ...(claim.actedAt === undefined ? {} : { actedAt: claim.actedAt }) });
  }
  entry.outcomes = outcomes.slice(-MAX_TAB_OUTCOMES);
}

/** The tab closed: its actions go with it (docs/trust.md: a limit; keeping them would cost every player the next round after closing any tab with a click open). */
export function forgetTabActions(tab: number): Promise<void> {
  return update((tabs) => (tabs.some((kept) => kept.tab === tab) ? { tabs: tabs.filter((kept) => kept.tab !== tab), value: undefined } : { value: undefined }));
}

/** A new browser session: the tab ids are new. */
export function forgetAllTabActions(): Promise<void> {
  return update(() => ({ tabs: [], value: undefined }));
}
