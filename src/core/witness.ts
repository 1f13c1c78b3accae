// The `witnessed` rule: when the order of what the extension saw proves that the casino was bound
// to a round's server seed before the player's bet. The casino is the adversary: it decides what its
// page shows and when, so every condition here is about what the extension itself observed, in
// order, and every doubt falls to `history` (docs/trust.md explains the rule in plain words).
//
// Pure: the worker gathers the evidence from its store (background/witness-evidence.ts), this
// decides. Times are the content script's own clock readings: one per scan or JSON message,
// strictly increasing within a document (capture/session/clock.ts), so "before" is exact there.

/** Why a verified round has its trust level: the one code for `witnessed`, the others for `history`. */
export type WitnessReason =
  /** Commitment shown, then the player's action, then the outcome, before the reveal. */
  | 'bound-before-bet'
  /** Not watched live: known only from a file, a paste, or a round the extension never saw played. */
  | 'not-observed'
  /** The outcome was first seen with or after the pair's server seed (a history page after a rotation). */
  | 'outcome-after-reveal'
  /** No panel showed the round's commitment for its client seed and a nonce at or below its own before the outcome. */
  | 'no-commitment'
  /** No trusted user action in the page where the outcome appeared, before it (a round the page played by itself). */
  | 'no-action'
  /** The commitment was first shown after the round's first action (a pair shown after the click, after a rotation on the page, or during an auto-bet). */
  | 'commitment-after-action'
  /** Another seed pair was open for the bet: an unrevealed commitment, or the round's own under another client seed, shown for its nonce. */
  | 'several-commitments'
  /** The round came out at a nonce other than the one the panel named for the bet, with the nonces between unplayed: the casino could choose among their outcomes. */
  | 'nonce-skipped'
  /** A casino tab was sending more than the extension accepts: something may have gone unseen. */
  | 'flood';

export const WITNESS_REASONS: readonly WitnessReason[] = [
  'bound-before-bet',
  'not-observed',
  'outcome-after-reveal',
  'no-commitment',
  'no-action',
  'commitment-after-action',
  'several-commitments',
  'nonce-skipped',
  'flood',
];

/** One state of the active-seed-pair panel: with this commitment, the next bet uses this client seed and nonce. */
export interface PanelState {
  commitment: string;
  clientSeed: string;
  /** Canonical decimal text. */
  nonce: string;
  /** The game of the page the panel was on, when the page named one. */
  game?: string;
  /** When the extension first saw this state. */
  seenAt: number;
  /** When a page showed this state again after showing another commitment for its client seed (latest few). */
  shownAgain?: readonly number[];
  /** When a server seed that hashes to the commitment was first seen, if one was (a seed that does not is no reveal). */
  revealedAt?: number;
}

/**
 * Showings of a commitment's panel states that the store had to forget (it keeps a bounded number
 * per commitment): somewhere between `from` and `to`, for this client seed, at `nonce` or above, on
 * any game. Nothing forgotten may hide a rival, so a round whose window they reach is not witnessed.
 */
export interface ForgottenShowings {
  commitment: string;
  /** Undefined: states of client seeds past the store's limit, any of which may be the round's. */
  clientSeed?: string;
  /** The lowest nonce among them (canonical decimal text). */
  nonce: string;
  /** The highest; absent when not known. */
  highest?: string;
  from: number;
  to: number;
  /** As PanelState's. */
  revealedAt?: number;
}

export interface WitnessInput {
  /** The round's commitment (lowercase hex), client seed, canonical nonce and game id. */
  commitment: string;
  clientSeed: string;
  nonce: string;
  game: string;
  /** When the outcome was first seen, and the player's action credited as its bet, in that same page. */
  outcomeAt?: number;
  actedAt?: number;
  /**
   * When the worker credited the round with an earlier action of another document of its tab
   * (background/tab-actions.ts): the action of the outcome's own document (-Infinity: it saw none).
   * The earliest action decides `witnessed`; an accusation (step `witness`) is judged against this
   * later one, so a click elsewhere in the tab that never ended (a page with no panel) cannot make
   * an honest rotation look like a commitment changed after the bet.
   */
  documentActedAt?: number;
  /** When the round's server seed was first seen. */
  revealedAt?: number;
  /** The panel states of the round's own commitment, for any client seed. */
  ownStates: readonly PanelState[];
  /**
   * The panel states of other commitments, for any client seed: at least those shown for any client
   * seed from the round's own first covering state up to the outcome, and those shown for the round's
   * client seed at the latest stamp before that state.
   */
  otherStates: readonly PanelState[];
  /** Forgotten showings of the round's own and those other commitments, and of any other that reach the round's window. */
  forgotten?: readonly ForgottenShowings[];
  /**
   * More commitments had forgotten showings around the round than the worker reads: any may have
   * been a second pair, or (before the action, when no other state was open) the panel's word there.
   */
  moreForgotten?: true;
  /**
   * When a round of another commitment on this client seed and nonce that verifies was first seen:
   * from then on that commitment's panel state no longer covers this nonce (it was used). Only a
   * verified round retires a rival: a page can show any outcome it likes for a pair it keeps open.
   */
  usedAt?: ReadonlyMap<string, number>;
  /**
   * When a round of another commitment on this client seed and nonce was first seen, verified or
   * not: enough doubt to accuse no one over that commitment (never enough to retire it as a rival).
   */
  playedAt?: ReadonlyMap<string, number>;
  /** The latest time a casino tab's claims were refused (rate limit), if ever. */
  refusedAt?: number;
  /**
   * When a round was first seen of another commitment, on the round's client seed, at the nonce of
   * one of its states shown before the round's own first one (keyed `commitment\nnonce`): that pair
   * was played on where the panel left it, not kept in reserve.
   */
  playedWhereLeft?: ReadonlyMap<string, number>;
  /** When a round of the round's own commitment and client seed at the nonce before its own was first seen, if one was. */
  previousNonceAt?: number;
  /** That round was bound itself (`bound-before-bet`): it speaks for every nonce back to the one the panel named. */
  previousBound?: true;
  /** That round is of the round's own game: at the nonce the panel named, it is the bet before this one. */
  previousSameGame?: true;
}

export interface WitnessJudgement {
  reason: WitnessReason;
  /**
   * The commitment the panel showed for the round's client seed and nonce before the player's
   * action, when the round came out on another one that was not (step `witness`).
   */
  shownBeforeAction?: string;
  /**
   * Judged without all the evidence for an accusation: the worker met more than it reads for one
   * round (then the reason is several-commitments), or the store forgot panel states from before the
   * action that may have been the panel's word there (the level then stands on the rival check,
   * which counts forgotten showings itself). Either way it leaves an accusation the round already
   * has as it was, and makes none.
   */
  partial?: true;
  /**
   * `nonce-skipped` because the store forgot the panel's last word before the action (a page that
   * showed the pair at many nonces): it takes no `witnessed` from a judgement that read it whole
   * (one made before the pair's states were cut down at its reveal, pre-round.ts settledPanel).
   */
  namedForgotten?: true;
  /**
   * The commitment the panel showed before the action, when the round came out on another and only
   * the panel going on with it after the action is missing for step `witness`: the worker judges
   * the round again when that commitment is shown anew or revealed.
   */
  pendingOn?: string;
}

const sameGame = (state: PanelState, game: string): boolean => state.game === undefined || game === 'unknown' || state.game === game;
/** `a` ≤ `b` for canonical decimal texts, without parsing them (the rule compares thousands per round). */
const atMost = (a: string, b: string): boolean => (a.length === b.length ? a <= b : a.length < b.length);
/** Whether a panel state (its next nonce) covers a round's nonce: at or below it, as canonical decimal texts. */
export const coversNonce = (state: { nonce: string }, nonce: string): boolean => atMost(state.nonce, nonce);
/**
 * Readings of different pages (frames, tabs) are ordered by the millisecond only: each page's clock
 * is strictly increasing, but a page reading in the same millisecond as another page's action may
 * have come after it (a page's own listener runs after the extension's, in the same task).
 */
const surelyBefore = (time: number, action: number): boolean => Math.floor(time) < Math.floor(action);
const maybeBefore = (time: number, action: number): boolean => Math.floor(time) <= Math.floor(action);
/** Whether the state was shown (first, or again) at a time `when` accepts. */
function shownWhen(state: PanelState, when: (at: number) => boolean): boolean {
  if (when(state.seenAt)) return true;
  for (const at of state.shownAgain ?? []) if (when(at)) return true;
  return false;
}

/**
 * Decides the trust evidence of one round (see the top of this file and docs/trust.md). Linear in
 * the states given: the store may hand it hundreds of commitments' states for one bet.
 */
export function judgeWitness(input: WitnessInput): WitnessJudgement {
  const { outcomeAt, actedAt, revealedAt } = input;
  if (outcomeAt === undefined) return { reason: 'not-observed' };
  if (revealedAt !== undefined && revealedAt <= outcomeAt) return { reason: 'outcome-after-reveal' };
  const { nonce } = input;
  // A panel state speaks for its own game's rounds (a casino may keep a seed pair per game), for
  // the round's own commitment as for a rival: binding and rivalry are judged on the same states.
  const relevant = (state: PanelState) => state.clientSeed === input.clientSeed && sameGame(state, input.game) && coversNonce(state, nonce);
  const own = input.ownStates.filter((state) => relevant(state) && state.seenAt < outcomeAt);
  let firstOwn: number | undefined;
  for (const state of own) if (firstOwn === undefined || state.seenAt < firstOwn) firstOwn = state.seenAt;
  // A second seed the casino could play on is one whatever game's panel names it: a page must not
  // keep a rival open under another game's name. (Only the accusation below stays per game: a
  // casino may keep a seed pair per game, and then another game's pair is no sign of cheating.)
  // One pass: the rule reads thousands of states per round at the store's limits.
  const rivals: PanelState[] = [];
  const rivalsAnyGame: PanelState[] = [];
  for (const state of input.otherStates) {
    if (state.commitment === input.commitment || state.clientSeed !== input.clientSeed || !coversNonce(state, nonce)) continue;
    rivalsAnyGame.push(state);
    if (sameGame(state, input.game)) rivals.push(state);
  }
  // A second seed pair for the bet under another client seed too: a spelling of the player's that
  // looks the same (an invisible character, a trailing space) or any other, for the round's own
  // commitment or another. The outcome differs with either, so a page that offered several for one
  // nonce could choose after the bet. Only the rival check reads these: no accusation rests on a
  // client seed that is not the round's.
  const rivalsAnySeed: PanelState[] = [];
  for (const state of [...input.ownStates, ...input.otherStates]) {
    if (state.clientSeed !== input.clientSeed && coversNonce(state, nonce)) rivalsAnySeed.push(state);
  }
  // A refusal (rate limit) at any time since the first panel state this judgement reads may have hidden one more.
  let evidenceFrom = Math.min(outcomeAt, actedAt ?? outcomeAt, firstOwn ?? outcomeAt);
  for (const state of rivalsAnyGame) if (state.seenAt < evidenceFrom) evidenceFrom = state.seenAt;
  const flooded = input.refusedAt !== undefined && input.refusedAt >= evidenceFrom;

  // A flood can only take `witnessed` away: an accusation rests on what was seen, and what a flood
  // hid cannot unsee it (a page must not withdraw one by flooding).
  const accusedAction = input.documentActedAt ?? actedAt;
  const checked = accusedAction === undefined || accusedAction === -Infinity ? undefined : changedAfterAction(input, own, rivals, accusedAction);
  // What the store forgot before the action may have been the panel's word there: this judgement
  // can neither make nor withdraw an accusation (a page must not withdraw one by showing so many
  // later states that the ones before the bet are forgotten).
  if (checked === 'incomplete') return { ...judgeWitness({ ...input, documentActedAt: -Infinity }), partial: true };
  const change = checked;
  const shownBeforeAction = change?.continued ? change.commitment : undefined;
  const pending = change !== undefined && !change.continued ? { pendingOn: change.commitment } : {};
  if (firstOwn === undefined || actedAt === undefined || !surelyBefore(firstOwn, actedAt)) {
    const reason = firstOwn === undefined ? 'no-commitment' : actedAt === undefined ? 'no-action' : 'commitment-after-action';
    if (shownBeforeAction !== undefined) return { reason, shownBeforeAction };
    return { reason: flooded ? 'flood' : reason, ...pending };
  }
  if (shownBeforeAction !== undefined) return { reason: 'several-commitments', shownBeforeAction };
  if (flooded) return { reason: 'flood' };
  // Another commitment covering the round, still open at the action, and shown (first, or again) from
  // the round's own first state up to the outcome: a second seed the casino could have played on.
  // Up to the outcome, not the credited action: that is the round's FIRST action (a keno pick), and
  // the bet may be any later one before the outcome, so a rival shown between the pick and the bet
  // (or during an auto-bet) was open at it. One shown only before the round's own was replaced by
  // it. Only verified facts close one: a seed that hashes to it, revealed before the action, or a
  // round of it on this nonce that verifies.
  // (usedAt speaks of rounds on the round's own client seed: it retires no pair of another.)
  const openAtAction = (commitment: string, revealed: number | undefined, clientSeed: string | undefined = input.clientSeed) => {
    const usedAt = clientSeed === input.clientSeed ? input.usedAt?.get(commitment) : undefined;
    return (revealed === undefined || !surelyBefore(revealed, actedAt)) && (usedAt === undefined || usedAt >= actedAt);
  };
  const inWindow = (at: number) => at >= firstOwn && at < outcomeAt;
  const shownInWindow = new Set<string>();
  for (const other of input.otherStates) {
    if (other.clientSeed === input.clientSeed && shownWhen(other, inWindow)) shownInWindow.add(other.commitment);
  }
  const rival =
    rivalsAnyGame.some((state) => shownInWindow.has(state.commitment) && state.seenAt < outcomeAt && openAtAction(state.commitment, state.revealedAt)) ||
    rivalsAnySeed.some((state) => shownWhen(state, inWindow) && openAtAction(state.commitment, state.revealedAt, state.clientSeed));
  // What the store forgot of another seed pair within the window may have been such a rival: of
  // another commitment, or of the round's own under another client seed (any, when not known).
  const hidden =
    input.moreForgotten === true ||
    (input.forgotten ?? []).some(
      (span) =>
        (span.commitment !== input.commitment || span.clientSeed !== input.clientSeed) &&
        coversNonce(span, nonce) &&
        span.from < outcomeAt &&
        span.to >= firstOwn &&
        openAtAction(span.commitment, span.revealedAt, span.clientSeed),
    );
  // One pair per client seed and nonce is the panel's word; two pairs a nonce apart are a choice too
  // (red8-nonce-reserve-two-pairs): A at next nonce 5, then B at 6, and after the bet whichever of
  // A/5 and B/6 suits the casino. For the round on A: another pair at a later nonce, shown in the
  // window on this game's panel (or one naming none), for any client seed, open at the action. For
  // the round on B: the pair the panel showed last before B's first state, for this client seed,
  // at a lower nonce than B's first, never played there and open at the action (an honest casino
  // that counts nonces on across pairs plays the old one's nonce before it shows the new one).
  const ahead = input.otherStates.some(
    (state) =>
      !coversNonce(state, nonce) &&
      sameGame(state, input.game) &&
      shownWhen(state, inWindow) &&
      openAtAction(state.commitment, state.revealedAt, state.clientSeed),
  );
  const firstNonce = own.find((state) => state.seenAt === firstOwn)!.nonce;
  const leftBehind = [...lastShownBefore(input.otherStates, input.clientSeed, input.game, firstOwn).values()].some((state) => {
    if (!atMost(state.nonce, firstNonce) || state.nonce === firstNonce) return false;
    const played = input.playedWhereLeft?.get(`${state.commitment}\n${state.nonce}`);
    return (played === undefined || !maybeBefore(played, firstOwn)) && openAtAction(state.commitment, state.revealedAt);
  });
  if (rival || hidden || ahead || leftBehind) return { reason: 'several-commitments' };
  // The nonce the panel named for the bet: that of its latest state of the round's pair before the
  // action. A round at another nonce is the bet's only when it is a later one whose nonce before was
  // played first (an auto-bet going on, a bet in another tab the panel here did not follow): else the
  // casino kept a nonce in reserve and showed, after the bet, whichever of two outcomes it liked.
  // The round before speaks for the nonces back to the named one only as a chain: bound itself, or
  // at the named nonce and of this game (a bet in another game's tab is bound there). One true
  // filler at n - 1 must not let the casino pick any n above the named nonce (red8-nonce-gap-filler),
  // nor a round of another game no panel showed the pair for (red6-nonce-fill).
  const named = namedNonce(input, actedAt);
  const previousSeen = input.previousNonceAt !== undefined && maybeBefore(input.previousNonceAt, outcomeAt);
  // The panel's word forgotten (red8-named-nonce-forgotten): the round is the bet's only as a chain from a bound one.
  if (named === UNKNOWN) {
    // Not below any nonce the pair was shown with before the action (red9-unknown-named-back).
    const ceiling = shownUpTo(input, actedAt);
    const chainedOn = previousSeen && input.previousBound === true && ceiling !== undefined && atMost(ceiling, nonce);
    return { reason: chainedOn ? 'bound-before-bet' : 'nonce-skipped', namedForgotten: true };
  }
  const chained = (): boolean => input.previousBound === true || (input.previousSameGame === true && BigInt(named!) + 1n === BigInt(nonce));
  const playedOn = (): boolean => atMost(named!, nonce) && previousSeen && chained();
  return { reason: named === undefined || named === nonce || playedOn() ? 'bound-before-bet' : 'nonce-skipped' };
}

/**
 * Each commitment's state shown last before `before` for this client seed on this game (or none):
 * where the panel left that pair (the latest at one stamp: the lowest nonce). Shared with the
 * worker, which asks whether each was played there (background/witness-evidence.ts).
 */
export function lastShownBefore(states: readonly PanelState[], clientSeed: string, game: string, before: number): Map<string, PanelState> {
  const last = new Map<string, PanelState>();
  for (const state of states) {
    if (state.clientSeed !== clientSeed || !sameGame(state, game) || state.seenAt >= before) continue;
    const known = last.get(state.commitment);
    if (known === undefined || state.seenAt > known.seenAt || (state.seenAt === known.seenAt && atMost(state.nonce, known.nonce))) last.set(state.commitment, state);
  }
  return last;
}

/**
 * The highest nonce the round's own pair was shown with before the action, kept or forgotten;
 * undefined when a forgotten span of it does not say (stored before spans kept their highest).
 */
function shownUpTo(input: WitnessInput, actedAt: number): string | undefined {
  let highest = '0';
  const raise = (nonce: string) => {
    if (!atMost(nonce, highest)) highest = nonce;
  };
  // (A state's first showing is its earliest: shown again before the action only if first shown before it.)
  for (const state of input.ownStates) if (state.clientSeed === input.clientSeed && surelyBefore(state.seenAt, actedAt)) raise(state.nonce);
  for (const span of input.forgotten ?? []) {
    if (span.commitment !== input.commitment || (span.clientSeed !== undefined && span.clientSeed !== input.clientSeed) || !surelyBefore(span.from, actedAt)) continue;
    if (span.highest === undefined) return undefined;
    raise(span.highest);
  }
  return highest;
}

/** namedNonce's answer when the store forgot what the panel's last word before the action may have been. */
const UNKNOWN = 'unknown';

/**
 * The next nonce the round's own pair (its commitment and client seed, on any game's panel) was last
 * shown with before the action, first or again; undefined when it was not shown before it; UNKNOWN when
 * showings of it the store forgot may have come after the latest it kept (a page that shows the
 * pair at many nonces after the bet must not make the store forget which one the panel named).
 */
function namedNonce(input: WitnessInput, actedAt: number): string | undefined {
  let latest = -Infinity;
  let named: string | undefined;
  // Any game's panel: one commitment is one pair, and two games' panels naming different nonces
  // for it must not leave the casino two to choose from (red9-other-game-chain).
  for (const state of input.ownStates) {
    if (state.clientSeed !== input.clientSeed) continue;
    for (const at of [state.seenAt, ...(state.shownAgain ?? [])]) {
      // At one stamp, the lowest nonce: a round at the higher one then needs the lower one played.
      if (surelyBefore(at, actedAt) && (at > latest || (at === latest && named !== undefined && atMost(state.nonce, named)))) {
        latest = at;
        named = state.nonce;
      }
    }
  }
  for (const span of input.forgotten ?? []) {
    if (span.commitment !== input.commitment || (span.clientSeed !== undefined && span.clientSeed !== input.clientSeed)) continue;
    if (!surelyBefore(span.from, actedAt) || span.to < latest) continue;
    // Forgotten showings at one nonce, all after the latest kept one and before the action: that nonce.
    if (span.clientSeed !== undefined && span.highest === span.nonce && span.from > latest && surelyBefore(span.to, actedAt)) {
      latest = span.to;
      named = span.nonce;
      continue;
    }
    return UNKNOWN;
  }
  return named;
}

/**
 * The commitment the panel showed for this round before the action, when the round came out on
 * another (step `witness`). An accusation of an honest casino is a defect, so only on evidence that
 * excludes a stale panel and a rotation the extension did not see: the latest panel state covering
 * the round before the action names one commitment, not used up by a round, and not revealed as far
 * as the extension knows; nothing forgotten lies between it and the action; the panel went on
 * showing that commitment after the action (it was still the active pair: the casino did not rotate
 * away from it); and either the round's own commitment was first shown after the action and before
 * the outcome, or it was never shown at all while that state named exactly the round's nonce (an
 * unused "next nonce"). Without the panel going on, a pair first shown after the round's first
 * action is a rotation as much as a re-render (the player's rotate click, then the bet, with the
 * old pair's reveal unseen, looks the same as the bet, then a pair the casino chose): `history`,
 * never a mismatch. The worker judges such a round again when the other commitment is revealed or
 * the round's own is shown later (a rotation it saw late).
 */
function changedAfterAction(input: WitnessInput, own: readonly PanelState[], rivals: readonly PanelState[], actedAt: number): { commitment: string; continued: boolean } | 'incomplete' | undefined {
  // Still the active pair after the bet: the panel showed it again after the action. Its reveal,
  // seen whenever, then came from a later rotation, not from one before the bet that was seen late
  // or never seen. A showing after its seed was seen (a stale re-render once the rotation's answer
  // revealed it) says nothing of the kind: a revealed pair is nobody's active pair any more.
  // From the round's own commitment's first showing on (its outcome, when it had none): before it, a
  // showing after the action is no sign (the action credited may be an old click that nothing ended,
  // and the player then rotated); after it, the panel showed C1 while the round's own pair was there.
  let ownFirst = input.outcomeAt ?? Infinity;
  for (const state of own) if (state.seenAt < ownFirst) ownFirst = state.seenAt;
  const continued = new Set<string>();
  const afterAction = (at: number) => surelyBefore(actedAt, at) && at >= ownFirst;
  for (const state of input.otherStates) {
    const beforeReveal = (at: number) => afterAction(at) && (state.revealedAt === undefined || surelyBefore(at, state.revealedAt));
    if (state.clientSeed === input.clientSeed && shownWhen(state, beforeReveal)) continued.add(state.commitment);
  }
  // Its nonce used up (an auto-bet moving on to a new pair): by a round seen by this round's outcome.
  // One the page shows later (it knows the pair's seed, so it even verifies) withdraws no accusation.
  const played = (commitment: string) => {
    const at = input.playedAt?.get(commitment) ?? input.usedAt?.get(commitment);
    return at !== undefined && input.outcomeAt !== undefined && maybeBefore(at, input.outcomeAt);
  };
  // A reveal seen before the action closes the pair whatever its panel does later (a stale tab
  // re-rendering it after a rotation in another); one seen later is excused only by the panel going on.
  // And one seen by the time the round's own commitment first appeared (before its outcome, when it never
  // did) is a rotation seen, whatever the action: the action credited may be an old click elsewhere
  // that nothing ended (a page whose rounds never end), not this round's bet.
  const open = rivals.filter(
    (state) =>
      surelyBefore(state.seenAt, actedAt) &&
      !played(state.commitment) &&
      (state.revealedAt === undefined || (continued.has(state.commitment) && !surelyBefore(state.revealedAt, actedAt) && !maybeBefore(state.revealedAt, ownFirst))),
  );
  const forgottenSince = (from: number, mine: boolean) =>
    (input.forgotten ?? []).some(
      (span) => (span.commitment === input.commitment) === mine && (span.clientSeed === undefined || span.clientSeed === input.clientSeed) && span.to >= from && maybeBefore(span.from, actedAt),
    );
  // Nothing open before the action as far as the store remembers; another commitment's forgotten
  // states from before it may have been.
  if (open.length === 0) return input.moreForgotten === true || forgottenSince(-Infinity, false) ? 'incomplete' : undefined;
  let latest = open[0]!.seenAt;
  for (const state of open) if (state.seenAt > latest) latest = state.seenAt;
  if (own.some((state) => state.seenAt >= latest && surelyBefore(state.seenAt, actedAt))) return undefined;
  // A state of the round's own commitment forgotten after it and before the action may have been
  // the panel's later word. (Another commitment's could only have been a second one shown before the
  // action: the round still came out on one the panel did not show, and junk pairs a page shows for
  // made-up client seeds must not shield it, red3-forgotten-partial.test.ts.)
  if (forgottenSince(latest, true)) return 'incomplete';
  const current = open.filter((state) => state.seenAt === latest);
  const commitments = new Set(current.map((state) => state.commitment));
  if (commitments.size !== 1) return undefined;
  const commitment = [...commitments][0]!;
  // Shown at all for this client seed: covering the nonce, or after the action (a rotation seen late);
  // not a state at a nonce above it shown before the action, which bound nothing (red3-several-shield).
  const ownEver = input.ownStates.filter((state) => state.clientSeed === input.clientSeed && (coversNonce(state, input.nonce) || !surelyBefore(state.seenAt, actedAt)));
  const shownAfter = own.length > 0 && own.every((state) => !surelyBefore(state.seenAt, actedAt));
  const neverShown = ownEver.length === 0 && current.some((state) => state.nonce === input.nonce);
  return shownAfter || neverShown ? { commitment, continued: continued.has(commitment) } : undefined;
}
