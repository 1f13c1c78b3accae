// Rounds drawn inside nested open shadow roots of web components (the demo's /casino/shadow): the
// page makes no API request and its markup holds the rounds only in an inert <template>, so every
// round here is read through the shadow walk. Rounds added later arrive in new component hosts.
import { expect } from 'vitest';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import { captureOfNewestTab } from './capture-scenario.js';
import { waitForRows, type BrowserDriver, type PopupRow } from './driver.js';

type PlayedRound = ReturnType<DemoCasino['state']>['rounds'][number];

const rowOf = (rows: PopupRow[], round: PlayedRound) => rows.find((row) => row.key === `${round.commitment}|${round.clientSeed}|${round.nonce}`);

export async function roundsInsideShadowRoots(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  // A fresh seed pair no page has shown; revealed before the page opens.
  casino.rotateSeedPair();
  casino.bet('keno', [1, 2, 3, 4, 5]);
  casino.bet('roulette-european');
  casino.rotateSeedPair();
  const first = casino.state().rounds.slice(-2);
  const tab = await driver.openCasino('/casino/shadow');
  await waitForRows(driver, (all) => first.every((round) => rowOf(all, round)?.verdict === 'verified'), 'the rounds in shadow roots verified');

  // Played while the page is open: an honest round and a cheated one, shown by new <fw-round> hosts.
  casino.bet('roulette-american');
  casino.setCheat('wrong-result');
  casino.bet('keno', [7, 8, 9]);
  casino.setCheat('none');
  casino.rotateSeedPair();
  const [honest, cheated] = casino.state().rounds.slice(-2) as [PlayedRound, PlayedRound];
  await tab.evaluate(() => new BroadcastChannel('fair-witness-demo').postMessage('changed'));
  const rows = await waitForRows(
    driver,
    (all) => rowOf(all, honest)?.verdict === 'verified' && rowOf(all, cheated)?.verdict === 'mismatch',
    'a later honest round verified and a cheated one mismatched, both in new shadow hosts',
  );
  expect(rowOf(rows, cheated)).toMatchObject({ failures: 'outcome' });
  // Read from the DOM only: seen after the reveal, never witnessed.
  for (const round of [...first, honest]) expect(rowOf(rows, round)).toMatchObject({ verdict: 'verified', level: 'history' });

  // The capture diagnostics: the rounds counted as read through shadow roots, and the banner's
  // closed root named as out of reach (both browsers give extensions a way to tell a closed root).
  const { capture } = await captureOfNewestTab(driver, (seen) => (seen?.counts.shadow?.[1] ?? 0) >= 4 && (seen?.closed ?? 0) >= 1);
  expect(capture?.counts.shadow?.[1], 'rounds counted under shadow').toBeGreaterThanOrEqual(4);
  expect(capture?.closed, 'closed shadow roots counted').toBe(1);
  await tab.close();
}
