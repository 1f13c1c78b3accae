// Red team 4, worker level: the first cross-tab rule of tab-actions.ts (another casino tab's open action
// credits an outcome on its client seed at its nonce or below), through the real router and store
// with the messages the content scripts send (claims, action reports), as tab-actions.test.ts does.
// Each attack: the bet in tab 1 on the pair the casino was bound to, its outcome never shown there;
// tab 2 shows a pair chosen after the bet, the player's next click there, the outcome there.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { handleMessage } from '../../src/background/router.js';
import { roundKey } from '../../src/background/round-key.js';
import { DATABASE_NAME, getRound } from '../../src/background/store.js';
import { forgetTabActions, MAX_TAB_ACTIONS } from '../../src/background/tab-actions.js';
import { computeRound, gameById } from '../../src/core/index.js';
import type { MessageSender } from '../../src/shared/browser.js';
import type { CapturedClaim } from '../../src/shared/records.js';
import { EXTENSION_ID } from '../background/quiet-browser.js';

vi.mock('../../src/shared/browser.js', () => import('../background/quiet-browser.js'));

const KENO = gameById('keno');
const sender = (tab: number, frameId = 0): MessageSender => ({
  id: EXTENSION_ID,
  url: 'https://www.cloudbet.com/en/casino/originals/keno',
  frameId,
  tab: { id: tab, index: 0, active: true, highlighted: true, pinned: false, incognito: false } as MessageSender['tab'],
});
const pair = (name: string) => {
  const serverSeed = `server-seed-${name}`;
  return { serverSeed, commitment: computeRound(KENO, serverSeed, 'x', 1).commitment };
};
type Pair = ReturnType<typeof pair>;
const T = 1_700_000_000_000;
afterEach(async () => {
  await deleteDB(DATABASE_NAME);
});

const claims = (tab: number, list: CapturedClaim[], frame = 0) => handleMessage({ type: 'claims', claims: list }, sender(tab, frame));
const action = (tab: number, at: number, slots: string[], frame = 0) => handleMessage({ type: 'action', at, slots }, sender(tab, frame));
const panel = (p: Pair, nonce: number | string, at: number, cs = 'cs'): CapturedClaim => ({
  source: 'json',
  game: 'Keno',
  commitment: p.commitment,
  clientSeed: cs,
  nonce: String(nonce),
  observedAt: { game: at, commitment: at, clientSeed: at, nonce: at },
});
const outcome = (p: Pair, nonce: number, at: number, actedAt: number, cs = 'cs'): CapturedClaim => ({
  ...panel(p, nonce, at, cs),
  result: (computeRound(KENO, p.serverSeed, cs, nonce).outcome as number[]).map(String),
  observedAt: { game: at, commitment: at, clientSeed: at, nonce: at, result: at },
  actedAt,
});
const slot = (p: Pair, nonce: number | string, cs = 'cs') => `${p.commitment}|${cs}|${nonce}|keno`;
const reveal = (p: Pair, at: number): CapturedClaim => ({ source: 'json', commitment: p.commitment, serverSeed: p.serverSeed, observedAt: { commitment: at, serverSeed: at } });
const verdictOf = async (p: Pair, nonce: number, cs = 'cs') => (await getRound(roundKey({ commitment: p.commitment, clientSeed: cs, nonce: String(nonce) })))!.verdict;

/** Tab 2's part of every attack: the chosen pair at `nonce` after the bet, the player's next click there, its outcome, the chosen seed revealed. */
async function chosenInTab2(chosen: Pair, nonce: number, from: number, cs = 'cs') {
  await claims(2, [panel(chosen, nonce, from, cs)]);
  await action(2, from + 100, [slot(chosen, nonce, cs)]);
  await claims(2, [outcome(chosen, nonce, from + 200, from + 100, cs)]);
  await claims(2, [reveal(chosen, from + 900)]);
}

it('closed: the bet in tab 1 at nonce 5, tab 2 shows a pair chosen after it one nonce BELOW (4, or 0 as after a rotation that resets nonces), any click there, the outcome: witnessed', async () => {
  const [bound, chosen] = [pair('below-bound'), pair('below-chosen')];
  await claims(1, [panel(bound, 5, T)]);
  await action(1, T + 100, [slot(bound, 5)]); // THE BET, nonce 5; its outcome never shows in tab 1
  await chosenInTab2(chosen, 4, T + 200); // "nonce 4": mayBeBetOf asks for the bet's nonce at or BELOW the outcome's
  expect(await verdictOf(chosen, 4)).toMatchObject({ status: 'verified' });
  expect((await verdictOf(chosen, 4)).level).not.toBe('witnessed');
});

it('held: the same one nonce above (6): not witnessed (tab 1\'s open action credits it)', async () => {
  const [bound, chosen] = [pair('above-bound'), pair('above-chosen')];
  await claims(1, [panel(bound, 5, T)]);
  await action(1, T + 100, [slot(bound, 5)]);
  await chosenInTab2(chosen, 6, T + 200);
  expect(await verdictOf(chosen, 6)).toMatchObject({ status: 'verified', level: 'history' });
});

it('held: a 20-digit nonce at the bet, the outcome in tab 2 at the same nonce (compared as canonical decimal text, never parsed to a float): not witnessed', async () => {
  const [bound, chosen] = [pair('huge-bound'), pair('huge-chosen')];
  const huge = '18446744073709551615';
  await claims(1, [panel(bound, huge, T)]);
  await action(1, T + 100, [slot(bound, huge)]);
  await claims(2, [panel(chosen, huge, T + 200)]);
  await action(2, T + 300, [slot(chosen, huge)]);
  const result = (computeRound(KENO, chosen.serverSeed, 'cs', huge).outcome as number[]).map(String);
  const at = T + 400;
  await claims(2, [{ ...panel(chosen, huge, at), result, observedAt: { game: at, commitment: at, clientSeed: at, nonce: at, result: at }, actedAt: T + 300 }]);
  await claims(2, [reveal(chosen, T + 900)]);
  const record = (await getRound(roundKey({ commitment: chosen.commitment, clientSeed: 'cs', nonce: huge })))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.verdict.level).not.toBe('witnessed');
});

it.fails('open hole (kept, docs/trust.md): tab 1 closed after the bet (a game window the lobby opened with window.open and closes with w.close(), or the player closing a tab whose outcome "is still loading"): tab 2\'s pair chosen after the bet is witnessed', async () => {
  const [bound, chosen] = [pair('close-bound'), pair('close-chosen')];
  await claims(1, [panel(bound, 5, T)]);
  await action(1, T + 100, [slot(bound, 5)]); // THE BET in tab 1
  await forgetTabActions(1); // what worker.ts does on tabs.onRemoved for tab 1
  await chosenInTab2(chosen, 5, T + 200);
  expect((await verdictOf(chosen, 5)).level).not.toBe('witnessed');
});

it(`closed: tab 1 made full by ${MAX_TAB_ACTIONS} ordinary page views with a click and no panel (lobby, menus: actions that never end), then the bet there is not kept, and tab 2's pair chosen after it is witnessed`, async () => {
  const [bound, chosen] = [pair('full-bound'), pair('full-chosen')];
  // Each casino page the player clicks on in tab 1 is a document of its own whose round never ends (no panel: no slot).
  for (let page = 0; page < MAX_TAB_ACTIONS; page++) await action(1, T - 10_000 + page * 100, []);
  await claims(1, [panel(bound, 5, T)]);
  await action(1, T + 100, [slot(bound, 5)]); // THE BET: the tab is full, the worker keeps it nowhere
  await chosenInTab2(chosen, 5, T + 200);
  expect((await verdictOf(chosen, 5)).level).not.toBe('witnessed');
});

it('held: the same tab full, but the chosen pair shown in tab 1 itself (a reload after the bet): its earliest open action still credits it, not witnessed', async () => {
  const [bound, chosen] = [pair('full-same-bound'), pair('full-same-chosen')];
  for (let page = 0; page < MAX_TAB_ACTIONS; page++) await action(1, T - 10_000 + page * 100, []);
  await claims(1, [panel(bound, 5, T)]);
  await action(1, T + 100, [slot(bound, 5)]);
  await claims(1, [panel(chosen, 5, T + 200)]);
  await action(1, T + 300, [slot(chosen, 5)]);
  await claims(1, [outcome(chosen, 5, T + 400, T + 300)]);
  await claims(1, [reveal(chosen, T + 900)]);
  expect(await verdictOf(chosen, 5)).toMatchObject({ status: 'verified', level: 'history' });
});

it('closed: tab 1\'s panel writes the player\'s client seed with an invisible character (JSON keeps it: "cs\\u200b"), tab 2 the real "cs": the bet in tab 1 crosses to no outcome in tab 2, whose chosen pair is witnessed', async () => {
  const [bound, chosen] = [pair('zw-bound'), pair('zw-chosen')];
  const shown = 'cs\u200b'; // what the player reads as "cs"
  await claims(1, [panel(bound, 5, T, shown)]);
  await action(1, T + 100, [slot(bound, 5, shown)]);
  await chosenInTab2(chosen, 5, T + 200);
  expect((await verdictOf(chosen, 5)).level).not.toBe('witnessed');
});

it('closed (cannot accuse): the casino in tab 2 shows C1, the player bets, it shows C2 and C1 again, the outcome on C2 — a mismatch alone; with the player\'s open click in tab 1 on the same client seed, the scan stops at that earlier action and the accusation is never made', async () => {
  const [old, c1, c2] = [pair('acc-old'), pair('acc-c1'), pair('acc-c2')];
  // Tab 1: the player looked at the game and clicked (a pick), then went to tab 2. The casino shows tab 1 another pair (the old one, a stale tab).
  await claims(1, [panel(old, 5, T)]);
  await action(1, T + 100, [slot(old, 5)]);
  // Tab 2: C1 before the bet, the bet, C2, C1 again (the panel goes on with it), the outcome on C2.
  await claims(2, [panel(c1, 5, T + 200)]);
  await action(2, T + 300, [slot(c1, 5)]);
  await claims(2, [panel(c2, 5, T + 350)]);
  await claims(2, [{ ...panel(c1, 5, T + 380), shownAgainAt: T + 380 }]);
  await claims(2, [outcome(c2, 5, T + 400, T + 300)]);
  await claims(2, [reveal(c2, T + 900)]);
  const record = (await getRound(roundKey({ commitment: c2.commitment, clientSeed: 'cs', nonce: '5' })))!;
  expect(record.preRoundCommitment).toBe(c1.commitment);
});

it('control for the last: the same in tab 2 alone is caught at step `witness`', async () => {
  const [c1, c2] = [pair('acc-alone-c1'), pair('acc-alone-c2')];
  await claims(2, [panel(c1, 5, T + 200)]);
  await action(2, T + 300, [slot(c1, 5)]);
  await claims(2, [panel(c2, 5, T + 350)]);
  await claims(2, [{ ...panel(c1, 5, T + 380), shownAgainAt: T + 380 }]);
  await claims(2, [outcome(c2, 5, T + 400, T + 300)]);
  await claims(2, [reveal(c2, T + 900)]);
  const record = (await getRound(roundKey({ commitment: c2.commitment, clientSeed: 'cs', nonce: '5' })))!;
  expect(record.preRoundCommitment).toBe(c1.commitment);
});

it('closed (cannot accuse), one tab: a click on the top page (a menu: no panel there, so it never ends), then in the game frame C1, the bet, C2, C1 again, the outcome on C2: no mismatch', async () => {
  const [c1, c2] = [pair('acc-frame-c1'), pair('acc-frame-c2')];
  await action(3, T + 100, [], 0); // the top page: the player opens the game from the menu
  await claims(3, [panel(c1, 5, T + 200)], 1); // the game frame
  await action(3, T + 300, [slot(c1, 5)], 1); // THE BET on C1
  await claims(3, [panel(c2, 5, T + 350)], 1);
  await claims(3, [{ ...panel(c1, 5, T + 380), shownAgainAt: T + 380 }], 1); // the panel goes on with C1
  await claims(3, [outcome(c2, 5, T + 400, T + 300)], 1); // the outcome on C2
  await claims(3, [reveal(c2, T + 900)], 1);
  const record = (await getRound(roundKey({ commitment: c2.commitment, clientSeed: 'cs', nonce: '5' })))!;
  expect(record.preRoundCommitment).toBe(c1.commitment);
});

it('closed (a slot names its game: another game\'s outcome of the bet\'s pair and nonce ends nothing): the keno bet in tab 1 on C1 nonce 5; tab 2 "ends" it with a roulette round on C1|5 (the true spin: it verifies, shown in no panel of roulette), then the chosen pair at nonce 6, the next click, the outcome: not witnessed', async () => {
  const [bound, chosen] = [pair('game-end-bound'), pair('game-end-chosen')];
  const roulette = gameById('roulette-european')!;
  await claims(1, [panel(bound, 5, T)]);
  await action(1, T + 100, [slot(bound, 5)]); // THE BET (keno)
  const at = T + 150;
  const spin = String(computeRound(roulette, bound.serverSeed, 'cs', 5).outcome);
  await claims(2, [{ source: 'json', game: 'European Roulette', commitment: bound.commitment, clientSeed: 'cs', nonce: '5', result: spin, observedAt: { game: at, commitment: at, clientSeed: at, nonce: at, result: at } }]);
  await claims(2, [reveal(bound, T + 160)]); // C1's true seed: a rotation, as far as anyone can tell
  await chosenInTab2(chosen, 6, T + 200);
  expect((await getRound(roundKey({ commitment: bound.commitment, clientSeed: 'cs', nonce: '5' })))!.verdict.status).toBe('verified'); // nothing to accuse
  expect((await verdictOf(chosen, 6)).level).not.toBe('witnessed');
});

it('closed (accusation withdrawn; needs tab 1\'s first report of the round to arrive late, e.g. lost and sent again at its next click): tab 2 caught at step `witness`, then tab 1\'s earlier open click is reported: the round is credited again with it, judged on fewer panel states, and the mismatch is gone', async () => {
  const [old, c1, c2] = [pair('wd-old'), pair('wd-c1'), pair('wd-c2')];
  await claims(1, [panel(old, 5, T)]);
  await claims(2, [panel(c1, 5, T + 200)]);
  await action(2, T + 300, [slot(c1, 5)]);
  await claims(2, [panel(c2, 5, T + 350)]);
  await claims(2, [{ ...panel(c1, 5, T + 380), shownAgainAt: T + 380 }]);
  await claims(2, [outcome(c2, 5, T + 400, T + 300)]);
  await claims(2, [reveal(c2, T + 900)]);
  const key = roundKey({ commitment: c2.commitment, clientSeed: 'cs', nonce: '5' });
  expect((await getRound(key))!.preRoundCommitment).toBe(c1.commitment); // caught
  await action(1, T + 100, [slot(old, 5)]); // tab 1's click, reported now
  expect((await getRound(key))!.preRoundCommitment).toBe(c1.commitment);
});

it('held: tab 1 left for another site after the bet (its top frame says bye) and come back: its open action still crosses, tab 2\'s chosen pair is not witnessed', async () => {
  const [bound, chosen] = [pair('bye-bound'), pair('bye-chosen')];
  await claims(1, [panel(bound, 5, T)]);
  await action(1, T + 100, [slot(bound, 5)]);
  await handleMessage({ type: 'bye' }, sender(1));
  await handleMessage({ type: 'hello' }, sender(1));
  await chosenInTab2(chosen, 5, T + 200);
  expect(await verdictOf(chosen, 5)).toMatchObject({ status: 'verified', level: 'history' });
});

it.fails('open hole (needs tab 1\'s first report to arrive late, as the last): after the chosen round in tab 2, 16 outcomes for made-up client seeds push it out of the outcomes tab 2 remembers; tab 1\'s late report then credits nothing, witnessed', async () => {
  const [bound, chosen, junk] = [pair('late16-bound'), pair('late16-chosen'), pair('late16-junk')];
  await claims(1, [panel(bound, 5, T)]);
  await claims(2, [panel(chosen, 5, T + 200)]);
  await action(2, T + 300, [slot(chosen, 5)]);
  await claims(2, [outcome(chosen, 5, T + 400, T + 300)]);
  await claims(2, Array.from({ length: 16 }, (_, i) => outcome(junk, i, T + 500 + i, T + 300, `junk-${i}`)));
  await action(1, T + 100, [slot(bound, 5)]); // tab 1's report of its bet, late
  await claims(2, [reveal(chosen, T + 900)]);
  expect((await verdictOf(chosen, 5)).level).not.toBe('witnessed');
});
