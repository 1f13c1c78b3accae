// @vitest-environment jsdom
// Red team: a rival shown between the round's first action (a keno pick) and the bet. The outcome is
// credited with the round's FIRST action (round-tracker.ts), and the rule looks for rivals only up to
// the credited action (witness.ts `inWindow`): a second commitment the page shows after the first pick
// and before the bet is open at the real bet, but is no rival. The casino then plays whichever of the
// two beats the bet: the old one is `witnessed`, with no finding.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterEach, expect, it, vi } from 'vitest';
import { findings } from '../../src/background/findings.js';
import { DATABASE_NAME } from '../../src/background/store.js';
import { deliver, hostilePage, outcomeHtml, pair, panelHtml, reveal, roundOf, type Page } from './harness.js';

let page: Page | undefined;
afterEach(async () => {
  page?.stop();
  await deleteDB(DATABASE_NAME);
});

it.each([
  ['in a message', true],
  ['in the markup', false],
])('C shown, the first pick, a second commitment R for the same client seed and nonce %s, the bet, the outcome on C: not witnessed', async (_name, viaMessage) => {
  page = hostilePage();
  const S = 'player-seed';
  const [C, R] = [pair('kept'), pair('rival')];
  page.show(panelHtml(C, S, 5), 1500);
  page.act(2000); // the first pick: the round's first action
  if (viaMessage) page.message([{ commitment: R.commitment, clientSeed: S, nonce: '5' }], 2500);
  else page.show(panelHtml(R, S, 5), 2500); // R open too, from now on
  page.act(3000); // THE BET: two seeds open
  page.show(outcomeHtml(C, S, 5), 4000); // C beat the bet this time
  await vi.waitFor(() => expect(page!.sent.flat().some((c) => c.result !== undefined)).toBe(true));
  await deliver(page.sent);
  await reveal(C, 9000);
  const record = (await roundOf(C, S, 5))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.verdict.level === 'history' || (await findings()).length > 0).toBe(true);
});

it('an auto-bet on C (one action), then R shown for the next nonce (C never shown again), the next round on C: not witnessed', async () => {
  page = hostilePage();
  const S = 'player-seed';
  const [C, R] = [pair('auto-kept'), pair('auto-rival')];
  page.show(panelHtml(C, S, 5), 1500);
  page.act(2000); // starts the auto-bet
  page.show(outcomeHtml(C, S, 5), 2500); // round 1, on C
  page.show(panelHtml(R, S, 6), 2600); // the panel now names R for nonce 6: two seeds for the next round
  page.show(outcomeHtml(C, S, 6), 3000); // round 2 played on C after all (it beat the bet)
  await vi.waitFor(() => expect(page!.sent.flat().some((c) => c.result !== undefined && c.nonce === '6')).toBe(true));
  await deliver(page.sent);
  await reveal(C, 9000);
  const record = (await roundOf(C, S, 6))!;
  expect(record.verdict.status).toBe('verified');
  expect(record.verdict.level === 'history' || (await findings()).length > 0).toBe(true);
});
