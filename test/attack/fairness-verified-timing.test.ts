// @vitest-environment jsdom
// Red team, the worker's answer naming the reveals it checked (router.ts checkedReveals, fed to
// round-tracker.ts verified): its timing against the bet, and decoy pairs revealed for real to
// collapse the live set. The honest rotation that gives a new client seed too must end its rounds
// whether the answer comes before or after the bet; a decoy revealed after the bet must retire
// nothing in that round; an answer arriving after the outcome must not end the round backwards.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { draw, kenoOutcome, kenoPanel, later, pair, revealOf, revealToWorker, tabPage, verdictOf, CS, type Pair } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

/**
 * Honest: round 1 on C1 (client seed cs1); rotate: C1 revealed, C2 with a new client seed cs2 (the
 * casino picks it); the bet, the same picks; rotate again to C3/cs3; the bet. `answerFirst`: the
 * worker's answer to the rotation's batch is back before the bet (else the bet comes at once).
 */
async function rotationsWithNewClientSeed(name: string, answerFirst: boolean) {
  const pairs: Pair[] = [1, 2, 3].map((n) => pair(`new-cs-${name}-${n}`));
  const page = tabPage();
  page.tap([kenoPanel(pairs[0]!, 1, 'cs1')]);
  later();
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(pairs[0]!, 1, PICKS, 'cs1'), kenoPanel(pairs[0]!, 2, 'cs1')]);
  for (const [index, next] of pairs.slice(1).entries()) {
    later(1000);
    page.press('Rotate seed pair');
    later();
    page.tap([revealOf(pairs[index]!), kenoPanel(next, 1, `cs${index + 2}`)]);
    if (answerFirst) await page.settled();
    later(answerFirst ? 1000 : 1);
    page.press('Place bet');
    await page.settled();
    later();
    page.tap([kenoOutcome(next, 1, PICKS, `cs${index + 2}`), kenoPanel(next, 2, `cs${index + 2}`)]);
    await page.settled();
    // A second bet on the new pair, with nothing before it: witnessed only if the rotated round ended.
    later(1000);
    page.press('Place bet');
    later();
    page.tap([kenoOutcome(next, 2, PICKS, `cs${index + 2}`), kenoPanel(next, 3, `cs${index + 2}`)]);
    await page.settled();
  }
  page.unload();
  await revealToWorker(pairs[2]!);
  const afterRotation = await Promise.all(pairs.slice(1).map((p, index) => verdictOf(p, 1, `cs${index + 2}`)));
  const secondBets = await Promise.all(pairs.slice(1).map((p, index) => verdictOf(p, 2, `cs${index + 2}`)));
  return { first: await verdictOf(pairs[0]!, 1, 'cs1'), afterRotation, secondBets };
}

/** The rounds right after a rotation are credited with the rotate click (history); the ones after them end up witnessed: the rotated rounds ended. */
function expectRotationsEnded({ first, afterRotation, secondBets }: Awaited<ReturnType<typeof rotationsWithNewClientSeed>>) {
  expect(first).toMatchObject({ status: 'verified', level: 'witnessed' });
  expect(afterRotation).toEqual(afterRotation.map(() => expect.objectContaining({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' })));
  expect(secondBets).toEqual(secondBets.map(() => expect.objectContaining({ status: 'verified', level: 'witnessed' })));
  expect(afterRotation).toHaveLength(2);
}

it('honest: rotations that change the client seed too, the answer back before each bet: each rotated round ends (the next bet witnessed)', async () => {
  expectRotationsEnded(await rotationsWithNewClientSeed('before', true));
});

it('honest: the same, each bet right after the rotation\'s answer was read (the worker\'s answer after the bet): each rotated round ends all the same', async () => {
  expectRotationsEnded(await rotationsWithNewClientSeed('after', false));
});

/** C (the player's client seed) and D (a decoy client seed) live at the bet; `revealD` shows D's true seed at the given moment; C's made-up outcome; S; a click; S's outcome. */
async function decoyRevealed(name: string, revealD: 'after-bet' | 'answer-after-outcome') {
  const [c, d, s] = [pair(`dv-c-${name}`), pair(`dv-d-${name}`), pair(`dv-s-${name}`)];
  const page = tabPage();
  page.tap([kenoPanel(c, 1), kenoPanel(d, 1, 'decoy-cs')]);
  await page.settled();
  later(1000);
  if (revealD === 'answer-after-outcome') page.tap([revealOf(d)]); // read before the bet, the answer still on its way
  later(1);
  page.press('Place bet'); // THE BET
  later(1);
  page.tap([{ ...kenoPanel(c, 1), result: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'], picks: PICKS }]); // a made-up outcome on C
  if (revealD === 'after-bet') page.tap([revealOf(d)]); // knowing the bet: D's true seed
  await page.settled();
  later();
  page.tap([kenoPanel(s, 1)]); // a pair chosen after the bet
  later(1000);
  page.click();
  later();
  page.tap([{ ...kenoPanel(s, 1), result: draw(s, 1), picks: PICKS }]);
  await page.settled();
  page.unload();
  await revealToWorker(s);
  return verdictOf(s, 1, CS);
}

it('held: a decoy pair revealed for real after the bet: it retires nothing in that round, a made-up outcome on the other ends nothing, the pair shown after the bet is history', async () => {
  expect(await decoyRevealed('after', 'after-bet')).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' });
});

it('held: the decoy revealed before the bet, the worker\'s answer reaching the page after the (made-up) outcome: the round does not end backwards, the pair shown after is history', async () => {
  expect(await decoyRevealed('late-answer', 'answer-after-outcome')).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' });
});
