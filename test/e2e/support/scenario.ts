// One scenario, two drivers: the Chromium and Firefox suites run these same steps and assertions.
import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import { waitForRows, type BrowserDriver, type PopupRow } from './driver.js';
import { repoRoot } from './paths.js';

type PlayedRound = ReturnType<DemoCasino['state']>['rounds'][number];

/** The popup row of one round of the demo, found by its seed pair and nonce. */
const rowOf = (rows: PopupRow[], round: PlayedRound) =>
  rows.find((row) => row.key === `${round.commitment}|${round.clientSeed}|${round.nonce}` && row.game === round.game);
const lastRound = (casino: DemoCasino): PlayedRound => casino.state().rounds.at(-1)!;

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
  const [first, second, honestKeno, cheatedKeno] = casino.state().rounds as [PlayedRound, PlayedRound, PlayedRound, PlayedRound];

  await waitForRows(driver, (rows) => rows.filter((r) => r.verdict === 'pending').length === 4, 'four pending rounds before the reveal');

  await keno.act('button[data-action="rotate"]');
  const rows = await waitForRows(
    driver,
    (all) => all.filter((r) => r.verdict === 'verified').length === 3 && all.some((r) => r.verdict === 'mismatch'),
    'three verified rounds and one mismatch after the reveal',
  );
  expect(rows).toHaveLength(4);
  for (const round of [first, second, honestKeno]) {
    expect(rowOf(rows, round)).toMatchObject({ verdict: 'verified', level: 'witnessed' });
  }
  expect(rowOf(rows, cheatedKeno)).toMatchObject({ verdict: 'mismatch', failures: 'outcome' });
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
  const round = lastRound(casino);
  casino.setCheat('swap-seed');
  await tab.act('button[data-action="rotate"]');
  casino.setCheat('none');
  const rows = await waitForRows(driver, (all) => rowOf(all, round)?.verdict === 'mismatch', 'the swapped-seed round flagged');
  expect(rows).toHaveLength(before + 1);
  expect(rowOf(rows, round)!.failures.split(' ')).toContain('commitment');
  await tab.close();
}

/** German labels and game names are read like the English ones. */
export async function germanPage(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const tab = await driver.openCasino('/casino/roulette?variant=american&lang=de');
  await tab.act('button[data-action="bet"][data-game="roulette-american"]');
  const round = lastRound(casino);
  await waitForRows(driver, (all) => rowOf(all, round)?.verdict === 'pending', 'the German round pending');
  await tab.act('button[data-action="rotate"]');
  const rows = await waitForRows(driver, (all) => rowOf(all, round)?.verdict === 'verified', 'the German round verified');
  expect(rowOf(rows, round)!.level).toBe('witnessed');
  await tab.close();
}

/**
 * Rounds the browser only sees inside an iframe (played and revealed on the server side, the
 * embedding page fetches nothing): the content script reads the frame's "Label: value" text.
 */
export async function roundsInsideAnIframe(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const before = await driver.popupRows();
  // A fresh seed pair that no page has shown: its commitment is first seen with the results.
  casino.rotateSeedPair();
  casino.bet('keno', [1, 2, 3, 4, 5]);
  casino.bet('roulette-european');
  casino.rotateSeedPair();
  const played = casino.state().rounds.slice(-2);
  const tab = await driver.openCasino('/embed/history');
  const rows = await waitForRows(
    driver,
    (all) => played.every((round) => rowOf(all, round)?.verdict === 'verified'),
    'the iframe rounds verified',
  );
  expect(rows.length).toBe(before.length + 2);
  // Seen only after the reveal: the extension never saw these commitments beforehand.
  for (const round of played) expect(rowOf(rows, round)!.level).toBe('history');
  await tab.close();
}

/** The popup's JSON export, read back by the `fair-witness` CLI, gives the same verdicts. */
export async function exportReverifiedByCli(driver: BrowserDriver): Promise<void> {
  const counts = await driver.counts();
  const exported = JSON.parse(await driver.exportJson()) as { format: string; rounds: { verdict: string }[] };
  expect(exported.format).toBe('fair-witness-export');
  expect(exported.rounds).toHaveLength(Object.values(counts).reduce((a, b) => a + b, 0));

  const file = join(await mkdtemp(join(tmpdir(), 'fw-export-')), 'export.json');
  await writeFile(file, JSON.stringify(exported));
  const cli = spawnSync(process.execPath, [join(repoRoot, 'bin', 'fair-witness.js'), 'verify', '--json', file], { encoding: 'utf8' });
  const report = JSON.parse(cli.stdout) as { summary: Record<string, number>; rounds: { verdict: string }[] };
  expect(report.summary).toEqual(counts);
  expect(report.rounds.map((round) => round.verdict)).toEqual(exported.rounds.map((round) => round.verdict));
  // Exit 1: the scenario left mismatched rounds behind.
  expect(cli.status).toBe(counts.mismatch! > 0 ? 1 : 0);
}

/**
 * A burst of rounds arrives while the worker is stopped again and again: every round the page
 * showed ends up stored exactly once and verified.
 */
export async function burstWithWorkerStops(driver: BrowserDriver, casino: DemoCasino, rounds = 400): Promise<void> {
  if (!driver.stopWorker) throw new Error(`${driver.name} cannot stop its worker`);
  const before = await driver.counts();
  casino.rotateSeedPair();
  const games = ['keno', 'roulette-european', 'roulette-american'] as const;
  for (let i = 0; i < rounds; i++) casino.bet(games[i % 3]!, i % 3 === 0 ? [1, 7, 13, 19, 25] : undefined);
  casino.rotateSeedPair();

  const tab = await driver.openCasino('/casino/history');
  // The stops keep their own clock (one every 250 ms, ten at most) rather than one per read: a
  // driver whose reads are slow, such as Firefox's (its popup waits for a summary that a busy
  // background answers late), stops the background as often while the burst is in flight.
  const stopWorker = driver.stopWorker.bind(driver);
  let stops = 0;
  let done = false;
  let stopFailure: unknown;
  const stopping = (async () => {
    while (!done && stops < 10) {
      await stopWorker();
      stops++;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })().catch((error: unknown) => {
    stopFailure = error;
  });
  const deadline = Date.now() + 60_000;
  let counts = before;
  try {
    while (Date.now() < deadline) {
      counts = await driver.counts();
      if (counts.verified === before.verified! + rounds) break;
    }
  } finally {
    done = true;
    await stopping;
  }
  if (stopFailure !== undefined) throw stopFailure;
  expect(stops).toBeGreaterThan(3);
  expect(counts.verified).toBe(before.verified! + rounds);
  // Nothing twice: the other verdicts did not grow either.
  for (const status of ['pending', 'mismatch', 'invalid', 'unsupported']) expect(counts[status]).toBe(before[status]);
  await tab.close();
}
