// The popup, a round's detail, the statistics page and the welcome page as a player sees them, in
// the browser's language, with 0, 10 and 1 010 rounds stored (issue #12): body text drawn at 12 px
// or more, nothing wider than the page, the headline agreeing with the counts, seven rows or more in
// view at the popup's size, and no serious or critical finding of an automated accessibility audit
// (axe-core, injected into each page). Takes the README's screenshots on the way.
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { exportFileOf, playRounds } from '../../../scripts/bench/ext-rounds.mjs';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import { readCountsInPage, type BrowserDriver } from './driver.js';
import { POPUP_SIZE, type ExtensionPage } from './extension-page.js';
import { repoRoot } from './paths.js';

const SPIN = 'button[data-action="bet"][data-game="roulette-european"]';
const ROTATE = 'button[data-action="rotate"]';
const IMPORTED = 1000;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface UiRun {
  driver: BrowserDriver;
  casino: DemoCasino;
  /** 'en' or 'de': the language the browser was started in. */
  locale: string;
}

/** What the layout check found in one page. */
interface Layout {
  bodyFontPx: number;
  /** Elements drawing their own text below 12 px (SVG chart text excepted), with their size. */
  smallText: string[];
  /** Elements reaching past the page's left or right edge, and by how much the page scrolls sideways. */
  overflowing: string[];
  pageScrollsBy: number;
}

/** Runs in a page: computed text sizes and horizontal overflow of everything drawn. */
function layoutInPage(): Layout {
  const width = document.documentElement.clientWidth;
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} “${(element.textContent ?? '').trim().slice(0, 40)}”`;
  // Inside a box that scrolls or clips sideways (a wide table in its own scroller) content may reach
  // past the page: the box itself is what must fit.
  const clipped = (element: Element) => {
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX !== 'visible') return true;
    }
    return false;
  };
  const smallText: string[] = [];
  const overflowing: string[] = [];
  for (const element of document.body.querySelectorAll('*')) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden') continue;
    if ((rect.right > width + 1 || rect.left < -1) && !clipped(element)) overflowing.push(`${name(element)} [${Math.round(rect.left)}–${Math.round(rect.right)} of ${width}]`);
    const drawsText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    if (drawsText && !element.closest('svg') && parseFloat(style.fontSize) < 12) smallText.push(`${name(element)} ${style.fontSize}`);
  }
  return { bodyFontPx: parseFloat(getComputedStyle(document.body).fontSize), smallText, overflowing, pageScrollsBy: document.documentElement.scrollWidth - width };
}

/** Runs in the popup: the headline, chips showing 0, and how many rows are wholly in view. */
function popupStateInPage() {
  const header = document.querySelector<HTMLElement>('[data-headline]');
  const headline = document.querySelector<HTMLElement>('.header .headline');
  // Counts that are 0 have no chip (the counts themselves: readCountsInPage).
  const zeroChips = document.querySelectorAll('.counts [data-status][data-count="0"]').length;
  const viewport = document.querySelector('.viewport')?.getBoundingClientRect();
  const rows = [...document.querySelectorAll('li[data-verdict]')].map((row) => row.getBoundingClientRect());
  const inView = viewport ? rows.filter((row) => row.top >= viewport.top - 0.5 && row.bottom <= viewport.bottom + 0.5).length : 0;
  return { kind: header?.dataset.headline ?? '', headlineCount: Number(headline?.dataset.count), headline: headline?.textContent ?? '', zeroChips, rowsInView: inView };
}

type PopupState = ReturnType<typeof popupStateInPage> & { counts: Record<string, number> };

/** The popup's state and its count per verdict (0 for a verdict without a chip). */
async function readPopup(page: ExtensionPage): Promise<PopupState> {
  return { ...(await page.evaluate(popupStateInPage)), counts: await page.evaluate(readCountsInPage) };
}

const NO_ROUNDS = { verified: 0, pending: 0, mismatch: 0, invalid: 0, unsupported: 0 };

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Injects axe-core and audits the page: how many rules passed, and every violation with its impact. */
async function axeAudit(page: ExtensionPage): Promise<{ passes: number; violations: AxeViolation[] }> {
  await page.runScript(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };
    const axe = (globalThis as unknown as { axe: { run(context: Document, options: object): Promise<{ passes: Result[]; violations: Result[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations', 'passes'] });
    const violations = result.violations.map((violation) => ({ id: violation.id, impact: violation.impact, help: violation.help, targets: violation.nodes.slice(0, 4).map((node) => node.target.join(' ')) }));
    return { passes: result.passes.length, violations };
  });
}

/** The layout rules and the audit, for one page in one state; `what` names it in failures. */
async function checkPage(page: ExtensionPage, what: string): Promise<void> {
  const layout = await page.evaluate(layoutInPage);
  expect(layout.bodyFontPx, `${what}: body text size`).toBeGreaterThanOrEqual(12);
  expect(layout.smallText, `${what}: text below 12 px`).toEqual([]);
  expect(layout.overflowing, `${what}: elements past the page's edge`).toEqual([]);
  expect(layout.pageScrollsBy, `${what}: the page scrolls sideways`).toBeLessThanOrEqual(0);
  const audit = await axeAudit(page);
  console.log(`[axe ${what}] ${audit.passes} rules passed; violations: ${audit.violations.map((v) => `${v.id} (${v.impact})`).join(', ') || 'none'}`);
  expect(audit.passes, `${what}: axe-core ran its rules`).toBeGreaterThan(10);
  expect(
    audit.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
    `${what}: serious or critical accessibility findings`,
  ).toEqual([]);
}

async function waitForPopup(page: ExtensionPage, rows: boolean): Promise<void> {
  await page.waitFor('[data-headline]');
  if (rows) await page.waitFor('ul[data-ready="true"] li[data-verdict]');
}

/** Plays ten rounds: four witnessed spins, a rotation, three spins and two keno bets (one shown wrong) on the next pair, a rotation, a pending spin. */
async function playTen(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  casino.rotateSeedPair();
  const roulette = await driver.openCasino('/casino/roulette?variant=european');
  for (let i = 0; i < 4; i++) await roulette.act(SPIN);
  await roulette.act(ROTATE);
  for (let i = 0; i < 3; i++) await roulette.act(SPIN);
  const keno = await driver.openCasino('/casino/keno');
  await keno.act('button[data-action="quick-pick"]');
  casino.setCheat('wrong-result');
  await keno.act('button[data-action="bet"][data-game="keno"]');
  casino.setCheat('none');
  await keno.act('button[data-action="bet"][data-game="keno"]');
  await keno.act(ROTATE);
  await roulette.act(SPIN);
  await roulette.close();
  await keno.close();
}

/**
 * The statistics page's luck section against the rounds the demo casino played: the verified keno
 * rounds (revealed, shown as drawn) are the ones compared, with their net result; the verified
 * roulette rounds are left out (the bet is not captured), and said so. Ten rounds hold one such keno
 * round: too few for a percentile, so the page says so and draws no picture (no "between 3.50 and 3.50").
 */
async function luckAgreesWithTheRounds(stats: ExtensionPage, casino: DemoCasino, prefix: string): Promise<void> {
  await stats.waitFor('.luck .luck-result');
  const shown = await stats.evaluate(() => {
    const result = document.querySelector<HTMLElement>('.luck .luck-result')!;
    return {
      rounds: result.dataset.rounds,
      net: result.dataset.net,
      tooFew: result.dataset.tooFew,
      betUnknown: result.dataset.betUnknown,
      text: result.querySelector('.luck-too-few')?.textContent ?? '',
      betHint: result.querySelector('[data-reason="bet"]')?.textContent ?? '',
      pictures: result.querySelectorAll('svg, figcaption').length,
    };
  });
  const rounds = casino.state().rounds;
  const fair = (round: (typeof rounds)[number]) => round.revealed && JSON.stringify(round.displayedOutcome) === JSON.stringify(round.trueOutcome);
  const keno = rounds.filter((round) => round.game === 'keno' && fair(round));
  const roulette = rounds.filter((round) => round.game !== 'keno' && round.revealed);
  const net = keno.reduce((sum, round) => sum + Number(round.payout) - Number(round.stake), 0);
  console.log(`[ui ${prefix}] luck: ${shown.rounds} rounds, net ${shown.net}, “${shown.text}” “${shown.betHint}”`);
  expect(keno.length, 'keno rounds compared: fewer than a percentile needs').toBeLessThan(10);
  expect(Number(shown.rounds), 'rounds compared').toBe(keno.length);
  expect(Number(shown.net), 'net result').toBeCloseTo(net, 9);
  expect(shown.tooFew, 'too few rounds, said so').toBe('rounds');
  expect(shown.text).toContain(String(keno.length));
  expect(shown.pictures, 'no picture of too few rounds').toBe(0);
  expect(Number(shown.betUnknown), 'roulette rounds left out').toBe(roulette.length);
  expect(shown.betHint, 'roulette left out, said so').toContain(String(roulette.length));
}

/** The whole run for one browser and language; screenshots go to test-results/ui/. */
export async function popupAsAPlayerSeesIt({ driver, casino, locale }: UiRun): Promise<void> {
  const shots = join(repoRoot, 'test-results', 'ui');
  await mkdir(shots, { recursive: true });
  const prefix = `${driver.name}-${locale}`;

  // Installed just now: the welcome page opened by itself, once.
  const welcomeTabs = async () => (await driver.extensionTabs()).filter((url) => url.endsWith('/welcome.html'));
  for (let i = 0; i < 50 && (await welcomeTabs()).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  expect(await welcomeTabs(), 'the welcome page opened on install').toHaveLength(1);
  for (const size of [POPUP_SIZE, { width: 1024, height: 768 }]) {
    const welcome = await driver.openPage('welcome.html', size);
    await welcome.waitFor('.welcome h1');
    await checkPage(welcome, `welcome page at ${size.width} px`);
    await welcome.close();
  }

  // 0 rounds.
  let popup = await driver.openPage('popup.html', POPUP_SIZE);
  await waitForPopup(popup, false);
  // The extension's strings follow the browser's language (German Firefox needs firefox-esr-l10n-de).
  expect(await popup.evaluate(() => document.documentElement.lang), 'the language the popup is drawn in').toBe(locale);
  expect(await readPopup(popup)).toMatchObject({ kind: 'empty', headlineCount: 0, zeroChips: 0, counts: NO_ROUNDS });
  expect(await popup.evaluate(() => document.querySelector('.counts')), 'no count chips at all').toBeNull();
  await checkPage(popup, 'popup with 0 rounds');
  // The first run's habit (how rounds get witnessed) is read without scrolling: the room the
  // popup keeps for seven rows is the header's while there are none.
  const habit = await popup.evaluate(() => {
    const text = document.querySelector('.first-run [data-habit]')!.getBoundingClientRect();
    const header = document.querySelector('.header')!.getBoundingClientRect();
    return { top: text.top, bottom: text.bottom, shownTo: Math.min(header.bottom, window.innerHeight) };
  });
  expect(habit.bottom - habit.top, 'the habit is drawn').toBeGreaterThan(20);
  expect(habit.bottom, 'the habit wholly in view in the empty popup').toBeLessThanOrEqual(habit.shownTo + 0.5);
  await popup.shoot(join(shots, `${prefix}-popup-empty.png`));
  await popup.close();

  // 10 rounds played in the demo casino.
  await playTen(driver, casino);
  popup = await driver.openPage('popup.html', POPUP_SIZE);
  let state: PopupState | undefined;
  for (let i = 0; i < 100; i++) {
    await waitForPopup(popup, true);
    state = await readPopup(popup);
    if (Object.values(state.counts).reduce((sum, n) => sum + n, 0) === 10) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!state) throw new Error('the popup was never read');
  if (Object.values(state.counts).reduce((sum, n) => sum + n, 0) !== 10) {
    // Say which round is missing: the rows as the popup lists them.
    console.log(`[ui ${prefix}] rows after playing ten: ${JSON.stringify(await popup.evaluate(() => [...document.querySelectorAll<HTMLElement>('li[data-verdict]')].map((row) => `${row.dataset.game} ${row.dataset.nonce} ${row.dataset.verdict} ${row.dataset.key}`)))}`);
  }
  expect(state.counts, 'the ten rounds played').toEqual({ ...NO_ROUNDS, mismatch: 1, pending: 1, verified: 8 });
  expect(state.zeroChips, 'chips showing 0').toBe(0);
  expect(state).toMatchObject({ kind: 'mismatch', headlineCount: 1 });
  expect(state.headline).toMatch(/^1 /);
  console.log(`[ui ${prefix}] 10 rounds: headline “${state.headline}”, ${state.rowsInView} rows wholly in view at 420×600`);
  expect(state.rowsInView, 'rows in view at 420×600').toBeGreaterThanOrEqual(7);
  await checkPage(popup, 'popup with 10 rounds');
  await popup.shoot(join(shots, `${prefix}-popup.png`));

  // The other two views of the popup.
  await popup.click('button[data-view="check"]');
  await popup.waitFor('.check-form');
  await checkPage(popup, 'Check a round');
  await popup.click('button[data-view="more"]');
  await popup.waitFor('.more .glossary');
  await checkPage(popup, 'More');
  await popup.shoot(join(shots, `${prefix}-more.png`));
  await popup.click('button[data-view="list"]');

  // The keno mismatch's detail, and back with Escape.
  await popup.click('li[data-verdict="mismatch"][data-game="keno"] button');
  await popup.waitFor('.proof');
  await checkPage(popup, 'keno mismatch detail');
  await popup.shoot(join(shots, `${prefix}-detail-keno-mismatch.png`));
  await popup.close();

  const stats = await driver.openPage('stats.html', POPUP_SIZE);
  await stats.waitFor('.game-stats [data-rounds]');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await checkPage(stats, 'statistics with 10 rounds at 420 px');
  await luckAgreesWithTheRounds(stats, casino, prefix);
  await stats.evaluate(() => document.querySelector('.luck')!.scrollIntoView());
  await stats.shoot(join(shots, `${prefix}-stats-luck-too-few-420.png`));
  await stats.close();
  // The imported rounds carry no stake, so 1 010 rounds compare no more: the picture itself is checked by test/stats/luck-view.test.tsx.
  const wideStats = await driver.openPage('stats.html', { width: 1024, height: 768 });
  await wideStats.waitFor('.luck .luck-result .luck-too-few');
  await checkPage(wideStats, 'statistics with 10 rounds at 1024 px');
  await wideStats.evaluate(() => document.querySelector('.luck')!.scrollIntoView());
  await wideStats.shoot(join(shots, `${prefix}-stats-luck-1024.png`));
  await wideStats.close();

  // 1 010 rounds: a file of 1 000 more imported through the history page.
  const file = join(await mkdtemp(join(tmpdir(), 'fw-ui-')), 'export.json');
  await writeFile(file, exportFileOf(IMPORTED, `ui-${prefix}`));
  const { expected } = playRounds(IMPORTED, `ui-${prefix}`);
  const data = await driver.openPage('popup.html?view=tab&show=data', { width: 1024, height: 768 });
  await data.waitFor('input[data-import-file]');
  await data.chooseFile('input[data-import-file]', file);
  await data.waitFor('[data-import-result]');
  await data.close();
  popup = await driver.openPage('popup.html', POPUP_SIZE);
  await waitForPopup(popup, true);
  state = await readPopup(popup);
  const want = { mismatch: 1 + expected.mismatch, pending: 1 + expected.pending, verified: 8 + expected.verified };
  expect(state.counts, 'after importing 1 000 rounds').toEqual({ ...NO_ROUNDS, ...want });
  expect(state.zeroChips, 'chips showing 0').toBe(0);
  expect(state).toMatchObject({ kind: 'mismatch', headlineCount: want.mismatch });
  console.log(`[ui ${prefix}] ${10 + IMPORTED} rounds: headline “${state.headline}”, ${state.rowsInView} rows wholly in view`);
  expect(state.rowsInView).toBeGreaterThanOrEqual(7);
  await checkPage(popup, `popup with ${10 + IMPORTED} rounds`);
  await popup.close();
  const bigStats = await driver.openPage('stats.html', POPUP_SIZE);
  await bigStats.waitFor('.game-stats [data-rounds]');
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await checkPage(bigStats, `statistics with ${10 + IMPORTED} rounds at 420 px`);
  await bigStats.close();
}
