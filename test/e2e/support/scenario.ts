// One scenario, two drivers: the Chromium and Firefox suites run these same steps and assertions.
import { expect } from 'vitest';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import { waitForRows, type BrowserDriver, type PopupRow } from './driver.js';

const byNonce = (rows: PopupRow[], game: string, nonce: number) => rows.find((r) => r.game === game && r.nonce === String(nonce));

/**
 * Honest rounds are pending until the seed pair rotates, then verified as `witnessed` (the
 * commitment was on screen before each bet); a displayed result that the seeds do not give is a
 * `mismatch` at step `outcome`.
 */
export async function honestAndWrongResult(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const roulette = await driver.openCasino('/casino/roulette?variant=european');
  await roulette.act('button[data-action="bet"][data-game="roulette-european"]');
  await roulette.act('button[data-action="bet"][data-game="roulette-european"]');
  const keno = await driver.openCasino('/casino/keno');
  await keno.act('button[data-action="quick-pick"]');
  await keno.act('button[data-action="bet"][data-game="keno"]');
  casino.setCheat('wrong-result');
  await keno.act('button[data-action="bet"][data-game="keno"]');
  casino.setCheat('none');

  await waitForRows(driver, (rows) => rows.filter((r) => r.verdict === 'pending').length === 4, 'four pending rounds before the reveal');

  await keno.act('button[data-action="rotate"]');
  const rows = await waitForRows(
    driver,
    (all) => all.filter((r) => r.verdict === 'verified').length === 3 && all.some((r) => r.verdict === 'mismatch'),
    'three verified rounds and one mismatch after the reveal',
  );
  expect(rows).toHaveLength(4);
  for (const nonce of [1, 2]) {
    expect(byNonce(rows, 'roulette-european', nonce)).toMatchObject({ verdict: 'verified', level: 'witnessed' });
  }
  expect(byNonce(rows, 'keno', 3)).toMatchObject({ verdict: 'verified', level: 'witnessed' });
  expect(byNonce(rows, 'keno', 4)).toMatchObject({ verdict: 'mismatch', failures: 'outcome' });
  // Mismatches come first in the list.
  expect(rows[0]!.verdict).toBe('mismatch');

  const badge = await driver.badge();
  expect(badge.text).toBe('1');
  expect(badge.title).toMatch(/3 verified/);
  await roulette.close();
  await keno.close();
}

/** A revealed seed that does not hash to the commitment shown before the rounds: step `commitment`. */
export async function swappedSeed(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const before = (await driver.popupRows()).length;
  const tab = await driver.openCasino('/casino/roulette?variant=american');
  await tab.act('button[data-action="bet"][data-game="roulette-american"]');
  casino.setCheat('swap-seed');
  await tab.act('button[data-action="rotate"]');
  casino.setCheat('none');
  const nonce = casino.state().rounds.at(-1)!.nonce;
  const rows = await waitForRows(
    driver,
    (all) => all.length === before + 1 && byNonce(all, 'roulette-american', nonce)?.verdict === 'mismatch',
    'the swapped-seed round flagged',
  );
  expect(byNonce(rows, 'roulette-american', nonce)!.failures.split(' ')).toContain('commitment');
  await tab.close();
}

/** German labels and game names are read like the English ones. */
export async function germanPage(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const tab = await driver.openCasino('/casino/roulette?variant=american&lang=de');
  await tab.act('button[data-action="bet"][data-game="roulette-american"]');
  const nonce = casino.state().rounds.at(-1)!.nonce;
  await waitForRows(driver, (all) => byNonce(all, 'roulette-american', nonce)?.verdict === 'pending', 'the German round pending');
  await tab.act('button[data-action="rotate"]');
  const rows = await waitForRows(
    driver,
    (all) => byNonce(all, 'roulette-american', nonce)?.verdict === 'verified',
    'the German round verified',
  );
  expect(byNonce(rows, 'roulette-american', nonce)!.level).toBe('witnessed');
  await tab.close();
}

/**
 * Rounds the browser only sees inside an iframe (played and revealed on the server side, the
 * embedding page fetches nothing): the content script reads the frame's "Label: value" text.
 */
export async function roundsInsideAnIframe(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const before = await driver.popupRows();
  casino.bet('keno', [1, 2, 3, 4, 5]);
  casino.bet('roulette-european');
  casino.rotateSeedPair();
  const played = casino.state().rounds.slice(-2);
  const tab = await driver.openCasino('/embed/history');
  const rows = await waitForRows(
    driver,
    (all) => played.every((round) => all.some((r) => r.game === round.game && r.nonce === String(round.nonce) && r.verdict === 'verified')),
    'the iframe rounds verified',
  );
  expect(rows.length).toBe(before.length + 2);
  // Seen only after the reveal: the extension never saw these commitments beforehand.
  for (const round of played) expect(byNonce(rows, round.game, round.nonce)!.level).toBe('history');
  await tab.close();
}
