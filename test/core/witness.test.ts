// The trust rule on hand-made evidence: what the extension saw, in order. Each attack a casino can
// mount by timing, duplicating or hiding what its page shows is never `witnessed`; each honest
// flow is, where the order holds, and is never accused.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeWitness, type ForgottenShowings, type PanelState, type WitnessInput } from '../../src/core/witness.js';

const CS = 'my-client-seed';
const state = (commitment: string, nonce: number, seenAt: number, extra: Partial<PanelState> = {}): PanelState => ({
  commitment,
  clientSeed: CS,
  nonce: String(nonce),
  seenAt,
  ...extra,
});

/** A round on `commitment` at `nonce`, with the panel states seen, split into own and others. */
function judge(round: { commitment: string; nonce: number; outcomeAt?: number; actedAt?: number; revealedAt?: number }, states: PanelState[], extra: Partial<WitnessInput> = {}) {
  return judgeWitness({
    commitment: round.commitment,
    clientSeed: CS,
    nonce: String(round.nonce),
    game: 'keno',
    ...(round.outcomeAt === undefined ? {} : { outcomeAt: round.outcomeAt }),
    ...(round.actedAt === undefined ? {} : { actedAt: round.actedAt }),
    ...(round.revealedAt === undefined ? {} : { revealedAt: round.revealedAt }),
    ownStates: states.filter((s) => s.commitment === round.commitment),
    otherStates: states.filter((s) => s.commitment !== round.commitment),
    ...extra,
  });
}

describe('judgeWitness: the order that proves the casino was bound before the bet', () => {
  it('panel state, then the player\'s action, then the outcome, before the reveal: bound before the bet', () => {
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30, revealedAt: 40 }, [state('C', 1, 10)])).toEqual({ reason: 'bound-before-bet' });
  });

  it('not watched at all (no outcome time): not observed', () => {
    expect(judge({ commitment: 'C', nonce: 1 }, [state('C', 1, 10)])).toEqual({ reason: 'not-observed' });
  });

  it('the outcome first seen with or after the reveal: outcome after reveal', () => {
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30, revealedAt: 30 }, [state('C', 1, 10)]).reason).toBe('outcome-after-reveal');
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30, revealedAt: 25 }, [state('C', 1, 10)]).reason).toBe('outcome-after-reveal');
  });
});

describe('judgeWitness: the eight reproductions of the issue', () => {
  it('1. panel seen late: "next nonce 10", then a round with nonce 3 is history (no commitment covering it)', () => {
    expect(judge({ commitment: 'C', nonce: 3, actedAt: 20, outcomeAt: 30 }, [state('C', 10, 10)])).toEqual({ reason: 'no-commitment' });
  });

  it('2. forty commitments at once for one client seed and nonce: history, whichever one the round used', () => {
    const at = Array.from({ length: 40 }, (_, i) => state(`C${i}`, 5, 10));
    for (const used of ['C0', 'C17', 'C39']) {
      expect(judge({ commitment: used, nonce: 5, actedAt: 20, outcomeAt: 30 }, at)).toEqual({ reason: 'several-commitments' });
    }
  });

  it('3. re-render after the bet: C1 before the action, C2 after it, the round on C2, the panel going on with C1: step witness names C1', () => {
    const states = [state('C1', 5, 10), state('C2', 5, 25), state('C1', 6, 35)];
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 30 }, states)).toEqual({ reason: 'commitment-after-action', shownBeforeAction: 'C1' });
    // The same round without the re-render: C2 never shown, the panel said "C1, next nonce 5" and went on with C1.
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 30 }, [state('C1', 5, 10), state('C1', 6, 35)])).toEqual({ reason: 'no-commitment', shownBeforeAction: 'C1' });
    // Without the panel going on with C1, the same order is a rotation as much as a re-render: history, judged again once C1 is shown anew.
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 30 }, [state('C1', 5, 10), state('C2', 5, 25)])).toEqual({ reason: 'commitment-after-action', pendingOn: 'C1' });
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 30 }, [state('C1', 5, 10)])).toEqual({ reason: 'no-commitment', pendingOn: 'C1' });
  });

  it('3b. no false accusation: the player rotates with the client seed kept and the old pair\'s reveal is never seen: history, never step witness', () => {
    // A pair never bet on: "C1, next nonce 1", the rotate click at 20 (the round's first action), "C2, next nonce 1", the bet (unseen as the credited action), the outcome.
    expect(judge({ commitment: 'C2', nonce: 1, actedAt: 20, outcomeAt: 40 }, [state('C1', 1, 10), state('C2', 1, 25)]).shownBeforeAction).toBeUndefined();
    // Nonces counting on across pairs: C1 played up to nonce 4, "C1, next nonce 5", rotate, "C2, next nonce 5".
    const counting = [1, 2, 3, 4, 5].map((n) => state('C1', n, n)).concat(state('C2', 5, 25));
    const usedAt = new Map<string, number>();
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 40 }, counting, { usedAt }).shownBeforeAction).toBeUndefined();
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 40 }, counting, { usedAt }).reason).toBe('commitment-after-action');
    // The new pair's panel never read after the rotation (closed): history too.
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 40 }, counting.slice(0, 5)).shownBeforeAction).toBeUndefined();
  });

  it('4. same frame: commitment and outcome in one scan or message (one clock reading) are never in order', () => {
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 5, outcomeAt: 10 }, [state('C', 1, 10)]).reason).toBe('no-commitment');
    expect(judge({ commitment: 'C', nonce: 1, outcomeAt: 10 }, [state('C', 1, 10)]).reason).toBe('no-commitment');
  });

  it('5. commitment only after the click: shown after the action, then the outcome: history', () => {
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 10, outcomeAt: 30 }, [state('C', 1, 20)])).toEqual({ reason: 'commitment-after-action' });
  });

  it('6. no false accusation: client seed kept across a rotation, the panel closed after one sight of the new pair', () => {
    const states = [1, 2, 3, 4, 5].map((n) => state('C1', n, n)).concat(state('C2', 1, 100));
    // Its rounds at nonces 1 to 4 were seen (the last of them at 150): the round at 5 is the bet's.
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 200, outcomeAt: 210 }, states, { usedAt: new Map(), previousNonceAt: 150, previousBound: true })).toEqual({ reason: 'bound-before-bet' });
  });

  it('no accusation over a pair whose true seed was seen by the time the round\'s own commitment first appeared (a rotation seen, whatever the action credited)', () => {
    // C1 before the (old, never ended) action, going on after it, then revealed; C2 shown with the reveal, the round on C2.
    const states = [state('C1', 5, 10), state('C1', 6, 40, { revealedAt: 60 }), state('C2', 0, 60), state('C2', 5, 80)].map((s) => (s.commitment === 'C1' ? { ...s, revealedAt: 60 } : s));
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 90 }, states).shownBeforeAction).toBeUndefined();
    // Revealed only after C2 first appeared, and C1 shown while C2 was there (the casino played C2 and rotated later): accused.
    const late = [...states, state('C1', 7, 70)].map((s) => (s.commitment === 'C1' ? { ...s, revealedAt: 85 } : s));
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 90 }, late)).toMatchObject({ shownBeforeAction: 'C1' });
    // C1 shown after the action only before C2 first appeared: no sign of a switch (the player may have rotated).
    const before = states.map((s) => (s.commitment === 'C1' ? { ...s, revealedAt: 85 } : s));
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 90 }, before).shownBeforeAction).toBeUndefined();
  });

  it('a round at a later nonce than the panel named for the bet: the bet\'s only when the nonce before was played first', () => {
    const states = [state('C', 1, 10)];
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30 }, states)).toEqual({ reason: 'bound-before-bet' });
    // Nonce 1 kept in reserve: the round at 2 with no round at 1 seen, or one seen only after it.
    expect(judge({ commitment: 'C', nonce: 2, actedAt: 20, outcomeAt: 30 }, states)).toEqual({ reason: 'nonce-skipped' });
    expect(judge({ commitment: 'C', nonce: 2, actedAt: 20, outcomeAt: 30 }, states, { previousNonceAt: 40 })).toEqual({ reason: 'nonce-skipped' });
    // An auto-bet going on (one action), or a bet in another tab: the round at 1 came first, of this game or bound itself.
    expect(judge({ commitment: 'C', nonce: 2, actedAt: 20, outcomeAt: 30 }, states, { previousNonceAt: 25, previousSameGame: true })).toEqual({ reason: 'bound-before-bet' });
    expect(judge({ commitment: 'C', nonce: 2, actedAt: 20, outcomeAt: 30 }, states, { previousNonceAt: 25, previousBound: true })).toEqual({ reason: 'bound-before-bet' });
    // A round of another game at the named nonce that no panel bound: no more than a filler (red6-nonce-fill).
    expect(judge({ commitment: 'C', nonce: 2, actedAt: 20, outcomeAt: 30 }, states, { previousNonceAt: 25 })).toEqual({ reason: 'nonce-skipped' });
    // Further on, only a chain: the round before bound itself; one true filler at n - 1 is not (red8-nonce-gap-filler).
    expect(judge({ commitment: 'C', nonce: 4, actedAt: 20, outcomeAt: 30 }, states, { previousNonceAt: 25, previousSameGame: true })).toEqual({ reason: 'nonce-skipped' });
    expect(judge({ commitment: 'C', nonce: 4, actedAt: 20, outcomeAt: 30 }, states, { previousNonceAt: 25, previousSameGame: true, previousBound: true })).toEqual({ reason: 'bound-before-bet' });
    // Below the nonce the panel named last before the action (the one kept in reserve, played later).
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 50, outcomeAt: 60 }, [...states, state('C', 3, 40)], { previousNonceAt: 5 })).toEqual({ reason: 'nonce-skipped' });
    // The named nonce is the latest showing before the action, first or again, of the round's own client seed.
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 50, outcomeAt: 60 }, [state('C', 1, 10, { shownAgain: [45] }), state('C', 3, 40)])).toEqual({ reason: 'bound-before-bet' });
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 50, outcomeAt: 60 }, [...states, state('C', 3, 40, { clientSeed: 'other' })])).toEqual({ reason: 'bound-before-bet' });
    // Two nonces at one stamp: the lower one is named.
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30 }, [state('C', 2, 10), state('C', 1, 10)])).toEqual({ reason: 'bound-before-bet' });
    expect(judge({ commitment: 'C', nonce: 2, actedAt: 20, outcomeAt: 30 }, [state('C', 2, 10), state('C', 1, 10)])).toEqual({ reason: 'nonce-skipped' });
  });

  it('6b. no false accusation: the new pair never seen (panel closed), counting nonce: history, no step witness', () => {
    // The panel last showed C1 for nonce 5; nonce 5 was then played on C1; the round with nonce 6 is on C2.
    const states = [1, 2, 3, 4, 5].map((n) => state('C1', n, n));
    expect(judge({ commitment: 'C2', nonce: 6, actedAt: 200, outcomeAt: 210 }, states)).toEqual({ reason: 'no-commitment' });
    // Nonce 1 every round: C1's "next nonce 1" was used up by its own round.
    expect(judge({ commitment: 'C2', nonce: 1, actedAt: 200, outcomeAt: 210 }, [state('C1', 1, 1)], { usedAt: new Map([['C1', 50]]) })).toEqual({ reason: 'no-commitment' });
  });

  it('6c. no false accusation: an auto-bet moving to a new pair each round (the old pair used up before the outcome)', () => {
    const states = [state('A', 1, 10), state('B', 1, 30)];
    expect(judge({ commitment: 'B', nonce: 1, actedAt: 15, outcomeAt: 40 }, states, { usedAt: new Map([['A', 20]]) })).toEqual({ reason: 'commitment-after-action' });
  });

  it('8. a refusal for the budget after the commitment was first seen: history (flood)', () => {
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30 }, [state('C', 1, 10)], { refusedAt: 15 })).toEqual({ reason: 'flood' });
    // A refusal long before the round's evidence began does not matter.
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30 }, [state('C', 1, 10)], { refusedAt: 5 })).toEqual({ reason: 'bound-before-bet' });
  });
});

describe('judgeWitness: other commitments', () => {
  it('a commitment shown before the round\'s own and replaced by it is no rival', () => {
    expect(judge({ commitment: 'C2', nonce: 1, actedAt: 30, outcomeAt: 40 }, [state('C1', 1, 10), state('C2', 1, 20)]).reason).toBe('bound-before-bet');
  });

  it('a rival shown again after the round\'s own commitment (alternating) keeps it from witnessed', () => {
    const states = [state('C1', 1, 10), state('C2', 1, 20), state('C1', 2, 25)];
    expect(judge({ commitment: 'C2', nonce: 2, actedAt: 30, outcomeAt: 40 }, states).reason).not.toBe('bound-before-bet');
  });

  it('a panel state binds its own game\'s rounds only, but is a rival whatever game names it', () => {
    // Shown on the roulette page: no binding for a keno round, so a casino with a pair per game page
    // cannot have two open commitments for one client seed both count for the same round.
    expect(judge({ commitment: 'C', nonce: 3, actedAt: 30, outcomeAt: 40 }, [state('C', 1, 10, { game: 'roulette-european' })]).reason).toBe('no-commitment');
    const keno = state('K', 3, 10, { game: 'keno' });
    const roulette = state('R', 3, 20, { game: 'roulette-european' });
    // A second seed for the client seed and nonce under another game's name (red team): several.
    expect(judge({ commitment: 'K', nonce: 3, actedAt: 30, outcomeAt: 40 }, [keno, roulette]).reason).toBe('several-commitments');
    expect(judge({ commitment: 'K', nonce: 3, actedAt: 30, outcomeAt: 40 }, [keno, state('R', 3, 20, { game: 'roulette-european', revealedAt: 25 })]).reason).toBe('bound-before-bet');
    expect(judge({ commitment: 'R', nonce: 3, actedAt: 30, outcomeAt: 40 }, [keno, roulette]).reason).toBe('no-commitment');
  });

  it('a rival revealed before the action is no rival; one at a higher nonce shown in the window is (red8-nonce-reserve-two-pairs)', () => {
    const own = state('C', 3, 10);
    const round = { commitment: 'C', nonce: 3, actedAt: 30, outcomeAt: 40 };
    expect(judge(round, [own, state('R', 1, 10, { revealedAt: 20 })]).reason).toBe('bound-before-bet');
    // C at next nonce 3, then R at 4: after the bet, whichever of C/3 and R/4 suits the casino.
    expect(judge(round, [own, state('R', 4, 10)]).reason).toBe('several-commitments');
    expect(judge(round, [own, state('R', 4, 10, { revealedAt: 20 })]).reason).toBe('bound-before-bet');
    expect(judge(round, [own, state('R', 4, 10, { game: 'roulette-european' })]).reason).toBe('bound-before-bet'); // another game's pair at a nonce this round does not reach
    expect(judge(round, [own, state('R', 4, 45)]).reason).toBe('bound-before-bet'); // after the outcome
    // For the round on R at 4: C left behind at 3 before R's first state, never played there.
    expect(judge({ commitment: 'R', nonce: 4, actedAt: 30, outcomeAt: 40 }, [state('C', 3, 5), state('R', 4, 10)]).reason).toBe('several-commitments');
    expect(judge({ commitment: 'R', nonce: 4, actedAt: 30, outcomeAt: 40 }, [state('C', 3, 5), state('R', 4, 10)], { playedWhereLeft: new Map([['C\n3', 7]]) }).reason).toBe('bound-before-bet');
    expect(judge({ commitment: 'R', nonce: 4, actedAt: 30, outcomeAt: 40 }, [state('C', 3, 5, { revealedAt: 8 }), state('R', 4, 10)]).reason).toBe('bound-before-bet');
    expect(judge({ commitment: 'R', nonce: 3, actedAt: 30, outcomeAt: 40 }, [state('C', 3, 5), state('R', 3, 10)]).reason).toBe('bound-before-bet'); // a rotation at the same nonce
    expect(judge(round, [own, state('R', 1, 10, { game: 'roulette-european' })]).reason).toBe('several-commitments');
    expect(judge(round, [own, state('R', 3, 10)]).reason).toBe('several-commitments');
  });

  it('a second seed pair under another client seed is a rival too: another commitment, or the round\'s own, for a look-alike spelling or any other', () => {
    const own = state('C', 3, 10);
    const round = { commitment: 'C', nonce: 3, actedAt: 30, outcomeAt: 40 };
    for (const clientSeed of [CS + '\u200b', CS + ' ', 'other']) {
      expect(judge(round, [own, state('R', 1, 10, { clientSeed })]).reason, JSON.stringify(clientSeed)).toBe('several-commitments');
      expect(judge(round, [own, state('C', 1, 10, { clientSeed })]).reason, JSON.stringify(clientSeed)).toBe('several-commitments');
      // Between the round's first action and its outcome too, on any game.
      expect(judge(round, [own, state('R', 1, 35, { clientSeed, game: 'roulette-european' })]).reason).toBe('several-commitments');
      // Not one shown only before the round's own (replaced by it: the player typed a new client
      // seed), revealed before the action, or first shown after the outcome.
      expect(judge(round, [state('C', 1, 5, { clientSeed }), own]).reason).toBe('bound-before-bet');
      expect(judge(round, [own, state('R', 1, 10, { clientSeed, revealedAt: 20 })]).reason).toBe('bound-before-bet');
      expect(judge(round, [own, state('R', 4, 45, { clientSeed })]).reason).toBe('bound-before-bet');
      expect(judge(round, [own, state('R', 4, 10, { clientSeed })]).reason).toBe('several-commitments'); // a pair at the next nonce, open at the action
      expect(judge(round, [own, state('R', 1, 45, { clientSeed })]).reason).toBe('bound-before-bet');
      // Shown again in the window after being replaced: open again.
      expect(judge(round, [state('R', 1, 5, { clientSeed, shownAgain: [20] }), own]).reason).toBe('several-commitments');
      // A verified round on the round's own client seed retires R for it, not for another client seed.
      expect(judge(round, [own, state('R', 1, 10, { clientSeed })], { usedAt: new Map([['R', 15]]) }).reason).toBe('several-commitments');
    }
  });

  it('no accusation rests on a state of another client seed: the round\'s own never shown, another seed\'s pair before the action', () => {
    const states = [state('R', 5, 20, { clientSeed: 'other' }), state('R', 6, 45, { clientSeed: 'other' })];
    expect(judge({ commitment: 'N', nonce: 5, actedAt: 30, outcomeAt: 40 }, states)).toEqual({ reason: 'no-commitment' });
  });

  it('the latest panel state before the action names another commitment: several, and step witness only when the round\'s own was never shown', () => {
    const states = [state('C', 4, 10), state('R', 5, 20)];
    expect(judge({ commitment: 'C', nonce: 5, actedAt: 30, outcomeAt: 40 }, states)).toEqual({ reason: 'several-commitments' });
    // Step witness once the panel went on with R after the action; until then, judged again when it does.
    expect(judge({ commitment: 'N', nonce: 5, actedAt: 30, outcomeAt: 40 }, [...states, state('R', 6, 45)])).toEqual({ reason: 'no-commitment', shownBeforeAction: 'R' });
    expect(judge({ commitment: 'N', nonce: 5, actedAt: 30, outcomeAt: 40 }, states)).toEqual({ reason: 'no-commitment', pendingOn: 'R' });
    // Not when the other one was revealed or used up (as far as the extension knows, at any time), nor
    // when the round's own commitment was shown after the outcome (a rotation seen late).
    expect(judge({ commitment: 'N', nonce: 5, actedAt: 30, outcomeAt: 40 }, [state('R', 5, 20, { revealedAt: 90 })])).toEqual({ reason: 'no-commitment' });
    // Revealed before the action, then shown again after it (a stale tab's re-render after a rotation
    // in another tab, red team): closed all the same, no accusation.
    expect(judge({ commitment: 'N', nonce: 5, actedAt: 30, outcomeAt: 40 }, [state('R', 5, 20, { revealedAt: 25 }), state('R', 6, 45, { revealedAt: 25 })])).toEqual({ reason: 'no-commitment' });
    expect(judge({ commitment: 'N', nonce: 5, actedAt: 30, outcomeAt: 40 }, [state('R', 5, 20)], { usedAt: new Map([['R', 35]]) })).toEqual({ reason: 'no-commitment' });
    // Used up only by a round first seen after this one's outcome (the page knows R's seed: it can show
    // one whenever it likes): that withdraws nothing (red team), the round is judged again as before.
    expect(judge({ commitment: 'N', nonce: 5, actedAt: 30, outcomeAt: 40 }, [state('R', 5, 20)], { usedAt: new Map([['R', 95]]) })).toEqual({ reason: 'no-commitment', pendingOn: 'R' });
    expect(judge({ commitment: 'N', nonce: 5, actedAt: 30, outcomeAt: 40 }, [state('R', 5, 20), state('R', 6, 45)], { playedAt: new Map([['R', 95]]) })).toEqual({ reason: 'no-commitment', shownBeforeAction: 'R' });
    expect(judge({ commitment: 'N', nonce: 5, actedAt: 30, outcomeAt: 40 }, [state('R', 5, 20), state('N', 5, 50)])).toEqual({ reason: 'no-commitment' });
  });

  it('a rival shown again (the same state, re-shown after another commitment) counts from its re-showing', () => {
    const states = [state('R', 1, 5, { shownAgain: [15] }), state('C', 1, 10)];
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30 }, states)).toEqual({ reason: 'several-commitments' });
    // Re-shown after the round's first action and before its outcome: the bet may be a later action (red team).
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30 }, [state('R', 1, 5, { shownAgain: [25] }), state('C', 1, 10)])).toEqual({ reason: 'several-commitments' });
    // Re-shown only after the outcome: not a rival for this bet.
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30 }, [state('R', 1, 5, { shownAgain: [35] }), state('C', 1, 10)])).toEqual({ reason: 'bound-before-bet' });
  });

  it('across pages, a reading in the action\'s own millisecond is not before it (a page listener runs right after the extension\'s)', () => {
    // The action at 1000 + 1/1024 (after the pre-scan at 1000); another page reads 1000 in its listener.
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 1000 + 1 / 1024, outcomeAt: 1200 }, [state('C', 1, 1000)]).reason).toBe('commitment-after-action');
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 1000 + 1 / 1024, outcomeAt: 1200 }, [state('C', 1, 999.5)]).reason).toBe('bound-before-bet');
    // A rival in that millisecond counts as shown before the bet.
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 1000.5, outcomeAt: 1200 }, [state('C', 1, 900), state('R', 1, 1000.9)]).reason).toBe('several-commitments');
  });
});

/** Random honest sessions: the casino shows each pair before its bets and never goes back. */
const honestSession = fc.record({
  pairs: fc.integer({ min: 1, max: 6 }),
  roundsPerPair: fc.integer({ min: 1, max: 4 }),
  nonceOne: fc.boolean(),
  panelEveryRound: fc.boolean(),
  autoBet: fc.boolean(),
  revealLag: fc.integer({ min: 1, max: 50 }),
});

describe('judgeWitness: properties', () => {
  it('honest interleavings are never accused, and every round bet on after its pair was shown is witnessed', () => {
    fc.assert(
      fc.property(honestSession, ({ pairs, roundsPerPair, nonceOne, panelEveryRound, autoBet, revealLag }) => {
        let time = 0;
        const states: PanelState[] = [];
        const rounds: { commitment: string; nonce: number; actedAt: number; outcomeAt: number; shownAt: number }[] = [];
        let counting = 1;
        for (let pair = 0; pair < pairs; pair++) {
          const commitment = `P${pair}`;
          let nonce = nonceOne ? 1 : counting;
          const shownAt = ++time;
          states.push(state(commitment, nonce, shownAt));
          const autoStart = ++time;
          for (let round = 0; round < roundsPerPair; round++) {
            if (panelEveryRound && round > 0) states.push(state(commitment, nonce, ++time));
            const actedAt = autoBet ? autoStart : ++time;
            rounds.push({ commitment, nonce, actedAt, outcomeAt: ++time, shownAt });
            nonce++;
          }
          counting = nonce;
          // The reveal comes with the rotation, after the last round of the pair.
          const revealedAt = time + revealLag;
          for (const s of states) if (s.commitment === commitment) s.revealedAt = revealedAt;
          for (const r of rounds) if (r.commitment === commitment) Object.assign(r, { revealedAt });
          time = revealedAt;
        }
        const bound = new Set<(typeof rounds)[number]>();
        for (const round of rounds) {
          const usedAt = new Map(rounds.filter((r) => r.nonce === round.nonce && r.commitment !== round.commitment).map((r) => [r.commitment, r.outcomeAt]));
          // The round at the nonce before on the same pair, as the worker finds it (one game here), and whether it was bound.
          const previous = rounds.find((r) => r.commitment === round.commitment && r.nonce === round.nonce - 1);
          const before = previous === undefined ? {} : { previousNonceAt: previous.outcomeAt, previousSameGame: true as const, ...(bound.has(previous) ? { previousBound: true as const } : {}) };
          const judgement = judge(round, states, { usedAt, ...before });
          if (judgement.reason === 'bound-before-bet') bound.add(round);
          expect(judgement.shownBeforeAction).toBeUndefined();
          expect(judgement.reason).toBe('bound-before-bet');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('an attack among honest rounds never makes the attacked round witnessed', () => {
    const attack = fc.constantFrom('several-at-once', 'rerender-after-bet', 'same-frame', 'after-click', 'no-action', 'late-panel', 'alternating', 'flood');
    fc.assert(
      fc.property(attack, fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 5 }), (kind, nonce, rivals) => {
        const states: PanelState[] = [];
        let round: { commitment: string; nonce: number; actedAt?: number; outcomeAt: number } = { commitment: 'C', nonce, actedAt: 50, outcomeAt: 60 };
        let extra: Partial<WitnessInput> = {};
        switch (kind) {
          case 'several-at-once':
            states.push(state('C', nonce, 10), ...Array.from({ length: rivals }, (_, i) => state(`R${i}`, nonce, 10)));
            break;
          case 'rerender-after-bet':
            states.push(state('R0', nonce, 10), state('C', nonce, 55));
            break;
          case 'same-frame':
            states.push(state('C', nonce, 60));
            break;
          case 'after-click':
            states.push(state('C', nonce, 52));
            break;
          case 'no-action':
            states.push(state('C', nonce, 10));
            round = { commitment: 'C', nonce, outcomeAt: 60 };
            break;
          case 'late-panel':
            states.push(state('C', nonce + rivals, 10));
            break;
          case 'alternating':
            states.push(state('R0', nonce, 5), state('C', nonce, 10), state('R0', nonce + 1, 20));
            break;
          case 'flood':
            states.push(state('C', nonce, 10));
            extra = { refusedAt: 30 };
            break;
        }
        expect(judge(round, states, extra).reason).not.toBe('bound-before-bet');
      }),
      { numRuns: 500 },
    );
  });
});

describe('judgeWitness: a rival cannot be hidden, an accusation not withdrawn, the judge not stalled', () => {
  it('showings the store had to forget, reaching the window from the round\'s own first state to the outcome, keep it from witnessed', () => {
    const states = [state('R', 0, 5), state('C', 1, 10)];
    const round = { commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30 };
    // R was played at 0 before C was shown (nonces counting on across pairs): not left behind.
    const judgeC = (r: typeof round, s: PanelState[], extra: Partial<WitnessInput> = {}) => judge(r, s, { playedWhereLeft: new Map([['R\n0', 7]]), ...extra });
    const lost = (extra: Partial<ForgottenShowings>): ForgottenShowings => ({ commitment: 'R', clientSeed: CS, nonce: '1', from: 12, to: 14, ...extra });
    expect(judgeC(round, states, { forgotten: [lost({})] }).reason).toBe('several-commitments');
    // Of any client seed (past the store's limit of client seeds per commitment): may have been this one.
    expect(judgeC(round, states, { forgotten: [lost({ clientSeed: undefined })] }).reason).toBe('several-commitments');
    // Reaching into the window from before it, or from after the action's millisecond began.
    expect(judgeC(round, states, { forgotten: [lost({ from: 1, to: 10 })] }).reason).toBe('several-commitments');
    // Between the round's first action and its outcome: the bet may be a later action.
    expect(judgeC(round, states, { forgotten: [lost({ from: 21, to: 25 })] }).reason).toBe('several-commitments');
    // Not when they lie wholly before the round's own first state or after the outcome, were of the
    // round's own commitment at a higher nonce, or their commitment was revealed before the action.
    expect(judgeC(round, states, { forgotten: [lost({ from: 1, to: 9 })] }).reason).toBe('bound-before-bet');
    expect(judgeC(round, states, { forgotten: [lost({ from: 31, to: 35 })] }).reason).toBe('bound-before-bet');
    expect(judgeC(round, states, { forgotten: [lost({ nonce: '2', commitment: 'C', clientSeed: 'other' })] }).reason).toBe('bound-before-bet');
    // Nor of another commitment at a higher nonce (its first and last state per lane are kept: `ahead` reads them;
    // spans carry no game, and a pair per game at high nonces must not keep every other game's rounds from witnessed).
    expect(judgeC(round, states, { forgotten: [lost({ nonce: '2' })] }).reason).toBe('bound-before-bet');
    expect(judgeC(round, states, { forgotten: [lost({ revealedAt: 15 })] }).reason).toBe('bound-before-bet');
    // The round's own forgotten showings are no rival; its own commitment's under another client
    // seed, or another commitment's under any, may have been (a second pair for the bet).
    expect(judgeC(round, states, { forgotten: [lost({ commitment: 'C', highest: '1' })] }).reason).toBe('bound-before-bet');
    // ...but the panel's last word before the action may be among them: at one nonce, that one; at
    // several, or not known, the round is the bet's only as a chain (red8-named-nonce-forgotten).
    expect(judgeC(round, states, { forgotten: [lost({ commitment: 'C', nonce: '2', highest: '2' })] }).reason).toBe('nonce-skipped');
    expect(judgeC(round, states, { forgotten: [lost({ commitment: 'C', highest: '3' })] })).toEqual({ reason: 'nonce-skipped', namedForgotten: true });
    expect(judgeC(round, states, { forgotten: [lost({ commitment: 'C' })] })).toEqual({ reason: 'nonce-skipped', namedForgotten: true });
    expect(judgeC(round, states, { forgotten: [lost({ commitment: 'C', nonce: '0', highest: '1' })], previousNonceAt: 15, previousBound: true }).reason).toBe('bound-before-bet');
    // Never below a nonce the pair was shown with before the action, nor past a span that does not say how high it went (red9-unknown-named-back).
    expect(judgeC(round, states, { forgotten: [lost({ commitment: 'C', nonce: '0', highest: '4' })], previousNonceAt: 15, previousBound: true }).reason).toBe('nonce-skipped');
    expect(judgeC(round, states, { forgotten: [lost({ commitment: 'C' })], previousNonceAt: 15, previousBound: true }).reason).toBe('nonce-skipped');
    expect(judgeC(round, states, { forgotten: [lost({ commitment: 'C', clientSeed: CS + '\u200b' })] }).reason).toBe('several-commitments');
    expect(judgeC(round, states, { forgotten: [lost({ commitment: 'C', clientSeed: undefined })] }).reason).toBe('several-commitments');
    expect(judgeC(round, states, { forgotten: [lost({ clientSeed: 'other' })] }).reason).toBe('several-commitments');
    // More of them than the worker reads: any may have been.
    expect(judgeC(round, states, { moreForgotten: true }).reason).toBe('several-commitments');
  });

  it('a round of the rival that was seen but does not verify retires nothing; it only keeps the rule from accusing', () => {
    const states = [state('C', 1, 10), state('R', 1, 15)];
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30 }, states, { playedAt: new Map([['R', 16]]) }).reason).toBe('several-commitments');
    expect(judge({ commitment: 'C', nonce: 1, actedAt: 20, outcomeAt: 30 }, states, { usedAt: new Map([['R', 16]]) }).reason).toBe('bound-before-bet');
    // The panel said "R, next nonce 1" before the bet, the round came out on N, never shown: a round of R seen there leaves doubt.
    const continued = [state('R', 1, 15), state('R', 2, 40)];
    expect(judge({ commitment: 'N', nonce: 1, actedAt: 20, outcomeAt: 30 }, continued)).toEqual({ reason: 'no-commitment', shownBeforeAction: 'R' });
    expect(judge({ commitment: 'N', nonce: 1, actedAt: 20, outcomeAt: 30 }, continued, { playedAt: new Map([['R', 16]]) })).toEqual({ reason: 'no-commitment' });
  });

  it('states of the other pair the store forgot before the action: partial, so an accusation the round has stays as it was', () => {
    // The panel said "C1, next nonce 5" before the bet; its states then were pushed out of the store.
    const lost: ForgottenShowings = { commitment: 'C1', clientSeed: CS, nonce: '5', from: 10, to: 10 };
    const judged = judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 30 }, [state('C1', 6, 40), state('C2', 5, 25)], { forgotten: [lost] });
    expect(judged.partial).toBe(true);
    expect(judged.shownBeforeAction).toBeUndefined();
    expect(judged.reason).not.toBe('bound-before-bet');
    // Nothing forgotten: no partial judgement.
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 30 }, [state('C2', 5, 10)]).partial).toBeUndefined();
  });

  it('a flood takes witnessed away, never an accusation: a refusal at any time leaves step witness standing', () => {
    // The panel said "C1, next nonce 5" before the bet and went on showing C1 after it; the round came out on C2.
    const states = [state('C1', 5, 10), state('C1', 6, 40)];
    const accused = { reason: 'no-commitment', shownBeforeAction: 'C1' };
    expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 30 }, states)).toEqual(accused);
    for (const refusedAt of [15, 25, 1000]) expect(judge({ commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 30 }, states, { refusedAt })).toEqual(accused);
  });

  it('judges hundreds of commitments with dozens of states each in work linear in the states (counted reads)', () => {
    let reads = 0;
    const counted = <T extends object>(list: T[]): T[] =>
      new Proxy(list, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    // 200 commitments × 16 states, every one covering the nonce, all shown before the round's own (replaced by it).
    const others = Array.from({ length: 200 }, (_, c) => Array.from({ length: 16 }, (_, s) => state(`R${c}`, 1, 1 + s, { shownAgain: [2 + s] }))).flat();
    const judgement = judgeWitness({
      commitment: 'C',
      clientSeed: CS,
      nonce: '1',
      game: 'keno',
      outcomeAt: 300,
      actedAt: 200,
      ownStates: [state('C', 1, 100)],
      otherStates: counted(others),
    });
    expect(judgement.reason).toBe('bound-before-bet');
    expect(reads).toBeLessThan(10 * others.length);
  });
});

describe('judgeWitness: an earlier action of another document of the tab (background/tab-actions.ts)', () => {
  // C1 shown at 10 and again at 25 (after the tab's old click at 20), C2 shown at 40, the bet on C2
  // in the outcome's own document at 50, the outcome at 60: an honest rotation seen from a tab whose
  // click on a page with no panel never ended.
  const states = [state('C1', 5, 10, { shownAgain: [25] }), state('C2', 5, 40)];
  const round = { commitment: 'C2', nonce: 5, actedAt: 20, outcomeAt: 60 };

  it('decides witnessed on the earliest action, and accuses on neither: C1 went on only before C2 first appeared', () => {
    // Against the old click (20), C1's showing at 25 came before C2 was there (40): no sign that the
    // casino switched pairs, the player may have rotated after it.
    // (Judged again should C1 be shown anew: pendingOn.)
    expect(judge(round, states)).toEqual({ reason: 'commitment-after-action', pendingOn: 'C1' });
    expect(judge(round, states, { documentActedAt: 50 })).toEqual({ reason: 'commitment-after-action' });
    // C1 shown again once C2 was there (45): accused against the old click, not against the document's own (50).
    const after = [state('C1', 5, 10, { shownAgain: [25, 45] }), state('C2', 5, 40)];
    expect(judge(round, after)).toMatchObject({ reason: 'commitment-after-action', shownBeforeAction: 'C1' });
    expect(judge(round, after, { documentActedAt: 50 })).toEqual({ reason: 'commitment-after-action' });
  });

  it('accuses no round whose own document saw no action (-Infinity), and takes no trust from it', () => {
    expect(judge(round, states, { documentActedAt: -Infinity })).toEqual({ reason: 'commitment-after-action' });
  });

  it('still accuses when the panel went on with C1 past the document\'s own action too', () => {
    const continued = [state('C1', 5, 10, { shownAgain: [55] }), state('C2', 5, 52)];
    expect(judge(round, continued, { documentActedAt: 50 })).toMatchObject({ shownBeforeAction: 'C1' });
  });
});
