// One scenario, two drivers: the Chromium and Firefox suites run these same steps and assertions.
import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import type { CaptureTally } from '../../../src/shared/capture-channel.js';
import { waitForRows, type BrowserDriver, type CasinoTab, type PopupRow } from './driver.js';
import { POPUP_SIZE } from './extension-page.js';
import { repoRoot } from './paths.js';

type PlayedRound = ReturnType<DemoCasino['state']>['rounds'][number];

/** The popup row of one round of the demo, found by its seed pair and nonce. */
const rowOf = (rows: PopupRow[], round: PlayedRound) =>
  rows.find((row) => row.key === `${round.commitment}|${round.clientSeed}|${round.nonce}` && row.game === round.game);
const lastRound = (casino: DemoCasino): PlayedRound => casino.state().rounds.at(-1)!;

/**
 * Honest rounds are pending until the seed pair rotates, then verified as `witnessed` (the
 * commitment was on screen before each bet, each bet a real click); a displayed result that the
 * seeds do not give is a `mismatch` at step `outcome`.
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
    expect(rowOf(rows, round)).toMatchObject({ verdict: 'verified', level: 'witnessed', levelReason: 'bound-before-bet' });
  }
  expect(rowOf(rows, cheatedKeno)).toMatchObject({ verdict: 'mismatch', failures: 'outcome' });
  // Mismatches come first in the list.
  expect(rows[0]!.verdict).toBe('mismatch');

  // The badge shows on the casino tabs only: the count on the keno tab, nothing on the extension's own tab.
  const badges = await driver.badges();
  expect(badges.casino).toEqual({ text: '1', title: expect.stringMatching(/3 verified/) });
  expect(badges.elsewhere).toEqual({ text: '', title: expect.stringMatching(/^Fair Witness: 3 verified/) });
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
 * The casino's other languages (#28): Turkish pages, labelled in Turkish throughout, and Brazilian
 * Portuguese ones whose seeds keep their English labels beside Portuguese words for the rest. Their
 * words come from the worker as each page asks; the rounds are read, judged and witnessed as in
 * English, and a wrong result on the Turkish keno page is flagged.
 */
export async function otherLanguagePages(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  casino.setCheat('none');
  casino.rotateSeedPair();
  const roulette = await driver.openCasino('/casino/roulette?variant=european&lang=tr');
  await roulette.act('button[data-action="bet"][data-game="roulette-european"]');
  const turkish = lastRound(casino);
  const keno = await driver.openCasino('/casino/keno?lang=tr');
  await keno.act('button[data-action="quick-pick"]');
  casino.setCheat('wrong-result');
  await keno.act('button[data-action="bet"][data-game="keno"]');
  casino.setCheat('none');
  const cheated = lastRound(casino);
  const portuguese = await driver.openCasino('/casino/keno?lang=pt-BR');
  await portuguese.act('button[data-action="quick-pick"]');
  await portuguese.act('button[data-action="bet"][data-game="keno"]');
  const mixed = lastRound(casino);
  await waitForRows(driver, (all) => [turkish, cheated, mixed].every((round) => rowOf(all, round)?.verdict === 'pending'), 'the three rounds pending');
  // Rotated on the Portuguese page: its reveal is read there ("Server Seed", English, in a Portuguese history).
  await portuguese.act('button[data-action="rotate"]');
  const rows = await waitForRows(
    driver,
    (all) => rowOf(all, turkish)?.verdict === 'verified' && rowOf(all, mixed)?.verdict === 'verified' && rowOf(all, cheated)?.verdict === 'mismatch',
    'the Turkish and Portuguese rounds judged',
  );
  for (const round of [turkish, mixed]) expect(rowOf(rows, round)).toMatchObject({ verdict: 'verified', level: 'witnessed', levelReason: 'bound-before-bet' });
  expect(rowOf(rows, cheated)).toMatchObject({ verdict: 'mismatch', failures: 'outcome' });
  for (const tab of [roulette, keno, portuguese]) await tab.close();
}

/**
 * The rest of the casino's languages with a vocabulary (#28): a keno round on a Spanish, French,
 * Italian, Hungarian and Japanese page, roulette on the Spanish and Hungarian ones (their words in
 * scripts/demo-casino/i18n.ts; French and Italian keep the seeds' labels in English). Rotated once,
 * on the Japanese page. Every round witnessed. The page script's JSON (its seed pair, its bet's and
 * rotation's answers) names every field in English keys and alone would make the rounds witnessed
 * on a page in any language, a Polish one too: so each tab's capture diagnostics must also show the
 * page's language chosen and its seed pair read from the page itself, by the words the worker sent
 * for it; and the reveal is read, in Japanese, from the embedded history, a page that fetches
 * nothing (checked once, at the end: the diagnostics add up what each page read). That every label
 * of these pages is read (results, picks, amounts, each history layout) is
 * test/demo-casino/language-pages.test.ts's part.
 */
export async function casinoLanguagePages(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  casino.setCheat('none');
  casino.rotateSeedPair();
  const stored = async () => Object.values(await driver.counts()).reduce((a, b) => a + b, 0);
  const storedBefore = await stored();
  const tabs: CasinoTab[] = [];
  const played: { page: string; round: PlayedRound }[] = [];
  const play = async (lang: string, game: PlayedRound['game']) => {
    const page = game === 'keno' ? `/casino/keno?lang=${lang}` : `/casino/roulette?variant=european&lang=${lang}`;
    const tab = await driver.openCasino(page);
    if (game === 'keno') await tab.act('button[data-action="quick-pick"]');
    await tab.act(`button[data-action="bet"][data-game="${game}"]`);
    tabs.push(tab);
    played.push({ page, round: lastRound(casino) });
    return tab;
  };
  for (const lang of ['es', 'hu']) await play(lang, 'roulette-european');
  for (const lang of ['es', 'fr', 'it', 'hu']) await play(lang, 'keno');
  const japanese = await play('ja', 'keno');
  await waitForRows(driver, (all) => played.every(({ round }) => rowOf(all, round)?.verdict === 'pending'), `the ${played.length} rounds pending`);
  await japanese.act('button[data-action="rotate"]');
  const rows = await waitForRows(driver, (all) => played.every(({ round }) => rowOf(all, round)?.verdict === 'verified'), `the ${played.length} rounds verified`);
  for (const { page, round } of played) expect(rowOf(rows, round), page).toMatchObject({ verdict: 'verified', level: 'witnessed', levelReason: 'bound-before-bet' });
  tabs.push(await driver.openCasino('/embed/history?lang=ja'));
  await expectReadFromThePages(driver, { es: 2, fr: 1, it: 1, hu: 2, ja: 2 });
  // Nothing else stored: a page's first scan, before its language's words came, reads its English
  // labels (the client seed and nonce of each history row, on the Italian page) without the rest.
  expect((await stored()) - storedBefore, 'rounds stored').toBe(played.length);
  for (const tab of tabs) await tab.close();
}

/**
 * The open casino tabs' capture diagnostics, `tabsPerLang` tabs of each language: in every one, a
 * commitment, client seed and nonce read from its DOM into a round; in one of the Japanese ones
 * (the embedded history), a server seed and signature. The first fields a page shows: the
 * diagnostics keep 16 kinds of value per channel, which the older rounds of the history (the
 * suite's earlier tests) may fill before the rest come.
 */
async function expectReadFromThePages(driver: BrowserDriver, tabsPerLang: Record<string, number>): Promise<void> {
  const fromDom = (capture: CaptureTally, fields: readonly string[]) =>
    fields.every((field) => capture.seen.some(([channel, seen, , placed]) => channel === 'dom' && seen === field && placed === 1));
  const unread = (captures: CaptureTally[]) => [
    ...captures.filter((capture) => !fromDom(capture, ['commitment', 'clientSeed', 'nonce'])).map((capture) => `${capture.lang}: seed pair`),
    ...(captures.some((capture) => capture.lang === 'ja' && fromDom(capture, ['serverSeed', 'roundSignature'])) ? [] : ['ja: reveal']),
  ];
  const finder = await driver.openPage('popup.html?view=tab', POPUP_SIZE);
  try {
    // Each content script sends its diagnostics a second after what it read last.
    const deadline = Date.now() + 15_000;
    let captures = await finder.evaluate(casinoTabCapturesInPage);
    while (unread(captures).length > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      captures = await finder.evaluate(casinoTabCapturesInPage);
    }
    const langs = captures.map((capture) => capture.lang ?? 'none').sort();
    expect(langs).toEqual(Object.entries(tabsPerLang).flatMap(([lang, count]) => Array<string>(count).fill(lang)).sort());
    expect(unread(captures), 'not read from the pages').toEqual([]);
  } finally {
    await finder.close();
  }
}

/** Runs in an extension page: the capture diagnostics of every casino tab the worker watches. (Self-contained: it is sent as its source.) */
async function casinoTabCapturesInPage(): Promise<CaptureTally[]> {
  const api = (globalThis as { browser?: typeof chrome }).browser ?? chrome;
  const captures: CaptureTally[] = [];
  for (const tab of await api.tabs.query({})) {
    const reply = (await api.runtime.sendMessage({ type: 'tab-context', tabId: tab.id })) as { ok?: boolean; value?: { watched: boolean; capture?: CaptureTally } } | undefined;
    if (reply?.ok && reply.value?.watched) captures.push(reply.value.capture ?? { counts: {}, seen: [] });
  }
  return captures;
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
  // Seen only after the reveal (and played with no click at all): never witnessed.
  for (const round of played) expect(rowOf(rows, round)).toMatchObject({ level: 'history', levelReason: 'outcome-after-reveal' });
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

/** A small seeded generator (mulberry32): the stops' timing of a failed run can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * A burst of 1 000 rounds arrives while the worker is stopped again and again, at random moments
 * (seeded: FW_BURST_SEED=n replays a run's timing; the seed is printed). The rounds come in five
 * waves of 200, each read from a freshly opened history page, which re-sends every round it shows
 * (up to all 1 000 and the earlier tests' rounds): unhindered the extension stores a wave in a
 * second or two, and a stop takes Chromium up to two, so one long burst would see only a stop or
 * two. Every round the page showed, and so every claim the content script had acknowledged, is in
 * the store afterwards, exactly once: checked by the stored rounds' keys (from the extension's own
 * export) against the rounds the casino played, not only by counts.
 */
export async function burstWithWorkerStops(driver: BrowserDriver, casino: DemoCasino, rounds = 1000, waves = 5): Promise<void> {
  if (!driver.stopWorker) throw new Error(`${driver.name} cannot stop its worker`);
  const seed = Number(process.env.FW_BURST_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const random = seededRandom(seed);
  const before = await driver.counts();
  const storedBefore = Object.values(before).reduce((a, b) => a + b, 0);
  const games = ['keno', 'roulette-european', 'roulette-american'] as const;
  const keyOf = (round: { commitment?: string; clientSeed?: string; nonce?: string | number }) => `${round.commitment}|${round.clientSeed}|${round.nonce}`;
  const stopWorker = driver.stopWorker.bind(driver);
  const started = Date.now();
  const stopsPerWave: number[] = [];
  let counts = before;

  for (let wave = 0; wave < waves; wave++) {
    casino.rotateSeedPair();
    const size = Math.floor(rounds / waves) + (wave < rounds % waves ? 1 : 0);
    for (let i = 0; i < size; i++) casino.bet(games[i % 3]!, i % 3 === 0 ? [1, 7, 13, 19, 25] : undefined);
    casino.rotateSeedPair();
    const expected = counts.verified! + size;

    // The page starts sending as soon as it has loaded; three to six stops follow, each a random
    // 0–300 ms after the last one ended. The popup is read only after them: a read that a stop
    // cuts short fails, and the drivers wait seconds before they give up on it.
    const tab = await driver.openCasino('/casino/history');
    let stops = 0;
    try {
      const planned = 3 + Math.floor(random() * 4);
      for (; stops < planned; stops++) {
        await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 300)));
        await stopWorker();
      }
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        counts = await driver.counts();
        if (counts.verified! >= expected) break;
      }
    } finally {
      await tab.close();
    }
    stopsPerWave.push(stops);
    expect(counts.verified, `wave ${wave + 1} stored (seed ${seed})`).toBe(expected);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const played = casino.state().rounds.slice(-rounds);

  // The store's rounds by key, from the extension's own export.
  const exported = JSON.parse(await driver.exportJson()) as { rounds: { commitment?: string; clientSeed?: string; nonce?: string; verdict: string }[] };
  const stored = new Map<string, number>();
  for (const key of exported.rounds.map(keyOf)) stored.set(key, (stored.get(key) ?? 0) + 1);
  const playedKeys = new Set(played.map(keyOf));
  const lost = [...playedKeys].filter((key) => !stored.has(key));
  const twice = [...stored.values()].filter((n) => n > 1).length;
  // A second row for a played round would sit under its seed pair with some other key.
  const burstPairs = new Set(played.map((round) => round.commitment));
  const strays = exported.rounds.filter((round) => burstPairs.has(round.commitment ?? '') && !playedKeys.has(keyOf(round)));
  const verified = exported.rounds.filter((round) => playedKeys.has(keyOf(round)) && round.verdict === 'verified').length;
  const stops = stopsPerWave.reduce((a, b) => a + b, 0);
  console.log(
    `[burst ${driver.name}] seed=${seed} rounds=${rounds} waves=${waves} stops=${stops} (${stopsPerWave.join('+')}) ` +
      `stored=${playedKeys.size - lost.length} verified=${verified} lost=${lost.length} duplicates=${twice + strays.length} in ${seconds} s`,
  );
  expect(stops, "stops while the waves were in flight").toBeGreaterThanOrEqual(waves * 3);
  expect(playedKeys.size).toBe(rounds);
  expect(lost, `rounds shown but not stored (seed ${seed})`).toEqual([]);
  expect(twice, `keys stored twice (seed ${seed})`).toBe(0);
  expect(strays, `extra rows for the burst's seed pairs (seed ${seed})`).toEqual([]);
  expect(exported.rounds).toHaveLength(storedBefore + rounds);
  expect(verified).toBe(rounds);
  expect(counts.verified).toBe(before.verified! + rounds);
  // Nothing twice: the other verdicts did not grow either.
  for (const status of ['pending', 'mismatch', 'invalid', 'unsupported']) expect(counts[status]).toBe(before[status]);
}

/** A frame the page makes itself (srcdoc, about:srcdoc): read like any frame of the casino's (#23 item 3). */
export async function roundsInsideAnSrcdocFrame(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  casino.rotateSeedPair();
  casino.bet('roulette-european');
  casino.rotateSeedPair();
  const played = casino.state().rounds.slice(-1);
  const tab = await driver.openCasino('/embed/history/srcdoc');
  try {
    const rows = await waitForRows(driver, (all) => played.every((round) => rowOf(all, round)?.verdict === 'verified'), 'the srcdoc frame\'s round verified');
    expect(rowOf(rows, played[0]!)).toMatchObject({ verdict: 'verified', level: 'history' });
  } finally {
    await tab.close();
  }
}
