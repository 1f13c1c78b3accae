// @vitest-environment jsdom
// These were open holes of 48513dc's pass-over (a fairness click before the same picks again was
// not taken for the bet); the pass-over was removed for them, and they stay as guards.
// Red team, the fairness-control rule (round-tracker.ts, fairness-control.ts), by identity: the
// page decides what a control's text is, so it can give its BET control a fairness wording (the
// visible "Bet" drawn by CSS, or a transparent overlay <a>Fairness</a> over the bet button, or the
// page focuses its "Rotate seed pair" button so that the player's Space hotkey lands on it). The
// rule's argument: when the round bets the same picks as the last outcome, the page knew that bet
// before the click, so it could have committed to a pair chosen against it before the click anyway.
// What the argument leaves out: at the mislabelled click the page learns THAT a bet is placed, WHEN,
// and its STAKE. A pair committed before the click binds every bet that follows, small or large; one
// shown after the click can be chosen for this bet only (honest on small stakes, rigged on a large
// one). Those rounds end `witnessed` on a seed chosen after the bet.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../../src/background/store.js';
import { kenoOutcome, kenoPanel, later, pair, revealOf, revealToWorker, rouletteOutcome, roulettePanel, tabPage, verdictOf, type Pair, type TabPage } from './tab-session.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

afterEach(async () => {
  document.body.replaceChildren();
  await deleteDB(DATABASE_NAME);
});

const PICKS = ['4', '18', '33'];

/**
 * Round 1 on `bound` (an honest bet on a button labelled "Place bet", its outcome with PICKS). Then
 * `bet(page)`: the player's second bet, THE SAME PICKS, on the control the page mislabelled; the
 * page, now knowing the stake, "rotates": it reveals `bound` (its true seed) and shows `chosen`, a
 * pair it picked for this bet; it waits for any click of the player on the page (a "collect"
 * dialog, or the player's next move) and shows the outcome on `chosen`. Returns round 2's verdict.
 */
async function mislabelledBet(name: string, bet: (page: TabPage) => void, picks2 = PICKS) {
  const [bound, chosen]: [Pair, Pair] = [pair(`${name}-bound`), pair(`${name}-chosen`)];
  const page = tabPage();
  page.tap([kenoPanel(bound, 1)]);
  later();
  page.press('Place bet');
  later();
  page.tap([kenoOutcome(bound, 1, PICKS), kenoPanel(bound, 2)]);
  await page.settled();
  later(1000);
  bet(page); // THE BET of round 2 (stake learnt by the page here)
  await page.settled();
  later();
  page.tap([revealOf(bound)]); // a "rotation" after the bet
  page.tap([kenoPanel(chosen, 1)]); // a pair chosen for this bet
  await page.settled();
  later(1000);
  page.click(); // any click on the page: not a control
  later();
  page.tap([kenoOutcome(chosen, 1, picks2)]);
  await page.settled();
  page.unload();
  await revealToWorker(chosen);
  return verdictOf(chosen, 1);
}

it('closed since the pass-over was removed: the bet button\'s text is "Rotate seed pair" (the visible "Bet" drawn by CSS), the same picks again: the pair shown after the bet is not witnessed', async () => {
  // The bet button as the page builds it: its text a fairness wording, what the player sees an image.
  const verdict = await mislabelledBet('css', (page) => {
    document.body.insertAdjacentHTML('beforeend', '<button id="bet" style="font-size:0;background:url(bet.png)">Rotate seed pair</button>');
    page.pressOn(document.getElementById('bet')!);
  });
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});

it('closed since the pass-over was removed: a transparent overlay <a>Fairness</a> over the real bet button takes the press, the same picks again: not witnessed', async () => {
  const verdict = await mislabelledBet('overlay', (page) => {
    document.body.insertAdjacentHTML('beforeend', '<div class="bet-area"><button>Bet</button><a class="overlay" style="position:absolute;inset:0;opacity:0">Fairness</a></div>');
    page.pressOn(document.querySelector('a.overlay')!); // the topmost element at the pointer: the overlay
  });
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});

it('closed since the pass-over was removed: the page focuses its "Rotate seed pair" button; the player bets with the Space hotkey (keydown on the focused button): not witnessed', async () => {
  const verdict = await mislabelledBet('focus', (page) => {
    document.body.insertAdjacentHTML('beforeend', '<button id="rotate">Rotate seed pair</button>');
    (document.getElementById('rotate') as HTMLButtonElement).focus();
    page.key();
  });
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});

it('held: the same mislabelled bet button with other picks (shown truthfully in the outcome): history, commitment after action', async () => {
  const verdict = await mislabelledBet(
    'other-picks',
    (page) => {
      document.body.insertAdjacentHTML('beforeend', '<button id="bet">Rotate seed pair</button>');
      page.pressOn(document.getElementById('bet')!);
    },
    ['4', '18', '34'],
  );
  expect(verdict).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' });
});

it('held (control): the bet on a button labelled "Bet" (not a fairness wording), the same picks: history, commitment after action', async () => {
  const verdict = await mislabelledBet('control', (page) => page.press('Bet'));
  expect(verdict).toMatchObject({ status: 'verified', level: 'history', levelReason: 'commitment-after-action' });
});

// "Roulette outcomes carry no picks, so never passed over": the picks are whatever the page writes.
// A roulette page that adds a `picks` list (the same every time) to its outcome messages gets the
// fairness pass-over too, for a game whose bet the extension does not read at all.
it('closed since the pass-over was removed: roulette outcomes written with a constant `picks` list, the spin on a control labelled "Seed pair": the pair shown after the spin is not witnessed', async () => {
  const [bound, chosen] = [pair('roulette-picks-bound'), pair('roulette-picks-chosen')];
  const spinOf = (p: Pair, nonce: number) => ({ ...rouletteOutcome(p, nonce), picks: ['0'] });
  const page = tabPage();
  page.tap([roulettePanel(bound, 1)]);
  later();
  page.press('Spin');
  later();
  page.tap([spinOf(bound, 1), roulettePanel(bound, 2)]);
  later(1000);
  page.press('Seed pair'); // THE SPIN
  later();
  page.tap([revealOf(bound), roulettePanel(chosen, 1)]);
  later(1000);
  page.click();
  later();
  page.tap([spinOf(chosen, 1)]);
  await page.settled();
  page.unload();
  await revealToWorker(chosen);
  const verdict = await verdictOf(chosen, 1);
  expect(verdict?.status).toBe('verified');
  expect(verdict?.level).not.toBe('witnessed');
});
