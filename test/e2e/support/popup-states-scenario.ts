// The toolbar popup at 420×600 in each of its busy states (issue #27): rounds played in the demo
// casino give the mismatch headline, pending rounds, a finding, the tab's line (the casino tab
// still open) and the long German game names; then, one on top of the other, a flood's notice, the
// store-full notice and a storage problem. In every state at least seven round rows are wholly in
// view, and no text runs out of its box: text that does not fit ends in an ellipsis (one line) or
// a line clamp (several). Screenshots of each state go to test-results/ui/.
//
// The notices are staged, the first two as the worker keeps them (its `meta` store, which it reads
// for every summary), the storage problem in the popup's own answer from the worker: the worker
// reports one only on a real failure of IndexedDB (a full disk), which neither browser can be made to
// have here; its reporting has its unit tests (test/background/store-failures.test.ts).
import { join } from 'node:path';
import { expect } from 'vitest';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import { newestCasinoTabInPage } from './capture-scenario.js';
import type { BrowserDriver, CasinoTab } from './driver.js';
import { POPUP_SIZE, type ExtensionPage } from './extension-page.js';
import { repoRoot } from './paths.js';

const EURO_SPIN = 'button[data-action="bet"][data-game="roulette-european"]';
const AMERICAN_SPIN = 'button[data-action="bet"][data-game="roulette-american"]';
const KENO_BET = 'button[data-action="bet"][data-game="keno"]';
const ROTATE = 'button[data-action="rotate"]';
export const ROWS_WANTED = 7;

/**
 * Plays 12 rounds: European spins (one on a skipped nonce: a finding), American spins (the longest
 * German game name), two keno bets (one shown wrong: the mismatch), a rotation that reveals them,
 * two spins left pending. The roulette tab stays open: the popup is opened over it.
 */
export async function playBusy(driver: BrowserDriver, casino: DemoCasino): Promise<CasinoTab> {
  casino.rotateSeedPair();
  const roulette = await driver.openCasino('/casino/roulette?variant=european');
  for (let i = 0; i < 3; i++) await roulette.act(EURO_SPIN);
  casino.setCheat('skip-nonce');
  await roulette.act(EURO_SPIN);
  casino.setCheat('none');
  const american = await driver.openCasino('/casino/roulette?variant=american');
  for (let i = 0; i < 3; i++) await american.act(AMERICAN_SPIN);
  await american.close();
  const keno = await driver.openCasino('/casino/keno');
  await keno.act('button[data-action="quick-pick"]');
  casino.setCheat('wrong-result');
  await keno.act(KENO_BET);
  casino.setCheat('none');
  await keno.act(KENO_BET);
  await keno.act(ROTATE);
  await keno.close();
  await roulette.act(EURO_SPIN);
  await roulette.act(EURO_SPIN);
  return roulette;
}

/** Runs in an extension page: writes `value` under `key` in the worker's `meta` store. */
async function putMetaInPage([key, value]: [string, unknown]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.open('fair-witness');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction('meta', 'readwrite');
      tx.objectStore('meta').put(value, key);
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

/**
 * Runs in the popup: from now on the worker's summary carries a storage problem (a full disk), as
 * the worker's answer does after IndexedDB refused a write. The popup asks for the summary every 2 s.
 */
function stageStorageProblemInPage(): void {
  const runtime = ((globalThis as { browser?: typeof chrome }).browser ?? chrome).runtime;
  const send = runtime.sendMessage.bind(runtime) as (message: unknown) => Promise<unknown>;
  const staged = async (message: unknown) => {
    const reply = (await send(message)) as { ok?: boolean; value?: Record<string, unknown> } | undefined;
    if ((message as { type?: string }).type === 'summary' && reply?.ok && reply.value) reply.value.storageProblem = { kind: 'quota' };
    return reply;
  };
  Object.defineProperty(runtime, 'sendMessage', { value: staged, configurable: true, writable: true });
}

export interface PopupFit {
  rowsInView: number;
  rows: number;
  /** Text elements whose text runs out of their box (or out of a box that clips it) with no ellipsis. */
  clipped: string[];
  /** How far the header scrolls: > 0 when its notices did not all fit above the seven rows. */
  headerScrolls: number;
}

/**
 * Runs in the popup: how many rows are wholly in the list's viewport, and every element drawing text
 * whose text does not fit: wider (or taller) than its box without `text-overflow: ellipsis` (or a line
 * clamp), or reaching past an ancestor that clips it (overflow hidden) when the ellipsis is not its
 * own. A box that scrolls (the list, a crowded header) clips nothing: its content can be scrolled to.
 */
export function popupFitInPage(): PopupFit {
  const viewport = document.querySelector('.viewport')!.getBoundingClientRect();
  const rowRects = [...document.querySelectorAll('li[data-verdict]')].map((row) => row.getBoundingClientRect());
  const rowsInView = rowRects.filter((row) => row.top >= viewport.top - 0.5 && row.bottom <= viewport.bottom + 0.5).length;
  const name = (element: Element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} “${(element.textContent ?? '').trim().slice(0, 50)}”`;
  const clipped: string[] = [];
  for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
    const texts = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
    if (texts.length === 0 || element.closest('.visually-hidden, select, [hidden], svg')) continue;
    const box = element.getBoundingClientRect();
    // Not drawn, or read out only (a visually hidden 1 px box).
    if (box.width <= 1 && box.height <= 1) continue;
    const style = getComputedStyle(element);
    const ellipsis = style.textOverflow === 'ellipsis' && style.overflowX !== 'visible' && style.whiteSpace.startsWith('nowrap');
    const clamped = (style as unknown as { webkitLineClamp?: string }).webkitLineClamp !== 'none' && style.overflowY !== 'visible';
    const block = style.display !== 'inline';
    if (block && element.scrollWidth > element.clientWidth + 1 && !ellipsis) clipped.push(`${name(element)}: ${element.scrollWidth} px of text in ${element.clientWidth} px`);
    if (block && style.overflowY !== 'visible' && !/auto|scroll/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1 && !clamped) clipped.push(`${name(element)}: ${element.scrollHeight} px high in ${element.clientHeight} px`);
    // Where the text is drawn: the element's own box when it ellipsises, else the text's own lines.
    const range = document.createRange();
    range.selectNodeContents(element);
    const drawn = ellipsis || clamped ? [box] : texts.flatMap((node) => {
      range.selectNodeContents(node);
      return [...range.getClientRects()];
    });
    for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
      const parentStyle = getComputedStyle(parent);
      const clipsX = parentStyle.overflowX === 'hidden' || parentStyle.overflowX === 'clip';
      const clipsY = parentStyle.overflowY === 'hidden' || parentStyle.overflowY === 'clip';
      if (!clipsX && !clipsY) continue;
      if (parent.classList.contains('visually-hidden')) break;
      const limit = parent.getBoundingClientRect();
      const out = drawn.find((rect) => (clipsX && (rect.left < limit.left - 1 || rect.right > limit.right + 1)) || (clipsY && (rect.top < limit.top - 1 || rect.bottom > limit.bottom + 1)));
      if (out) {
        clipped.push(`${name(element)}: drawn at ${Math.round(out.left)}–${Math.round(out.right)} × ${Math.round(out.top)}–${Math.round(out.bottom)}, cut by ${name(parent).slice(0, 40)} at ${Math.round(limit.left)}–${Math.round(limit.right)} × ${Math.round(limit.top)}–${Math.round(limit.bottom)}`);
        break;
      }
    }
  }
  const header = document.querySelector<HTMLElement>('.header')!;
  return { rowsInView, rows: rowRects.length, clipped, headerScrolls: header.scrollHeight - header.clientHeight };
}

/** What each state shows, beyond the rows: selectors that must be there before it is measured. */
interface PopupState {
  name: string;
  shows: string[];
  stage?: (driver: BrowserDriver, casinoTab: number) => Promise<void>;
  /** Staged in the popup page itself, after it opened. */
  stageInPage?: (page: ExtensionPage) => Promise<void>;
}

const STATES: PopupState[] = [
  {
    name: 'played',
    shows: ['[data-headline="mismatch"]', '[data-status="pending"]', 'details.findings:not([hidden]):not([data-findings="loading"])', '[data-tab-context="watched"]', '[data-levels]', 'li[data-game="roulette-american"]'],
  },
  {
    name: 'flood',
    shows: ['[data-notice="rate-limit"]'],
    stage: (driver, tab) => driver.inPopup(putMetaInPage, ['rateLimited', [{ tab, host: 'www.cloudbet.com', claims: 48_213, refused: 41_877, lastAt: Date.now() }]]),
  },
  { name: 'store-full', shows: ['[data-notice="store-fill"]'], stage: (driver) => driver.inPopup(putMetaInPage, ['storeFullRefused', 120]) },
  { name: 'storage-problem', shows: ['[data-storage-problem]'], stageInPage: (page) => page.evaluate(stageStorageProblemInPage) },
];

/** Plays, then opens the popup over the casino tab in each state, one on top of the other: the figures per state. */
export async function popupInEveryState(driver: BrowserDriver, casino: DemoCasino, locale: string): Promise<Record<string, PopupFit>> {
  const casinoTab = await playBusy(driver, casino);
  // Long enough for the content script's last readings and its tally to reach the worker.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const tabId = await driver.inPopup(newestCasinoTabInPage);
  expect(tabId, 'the casino tab the popup is opened over').toBeTypeOf('number');
  const figures: Record<string, PopupFit> = {};
  const shown: string[] = [];
  for (const state of STATES) {
    await state.stage?.(driver, tabId!);
    const popup = await driver.openPage(`popup.html?tab-id=${tabId}`, POPUP_SIZE);
    await state.stageInPage?.(popup);
    shown.push(...state.shows);
    await popup.waitFor('ul[data-ready="true"] li[data-verdict]');
    for (const selector of shown) await popup.waitFor(selector);
    expect(await popup.evaluate(() => document.documentElement.lang), 'the language the popup is drawn in').toBe(locale);
    const fit = await popup.evaluate(popupFitInPage);
    figures[state.name] = fit;
    console.log(`[popup states ${driver.name}-${locale}] ${state.name}: ${fit.rowsInView} of ${fit.rows} rows wholly in view, header scrolls by ${fit.headerScrolls} px${fit.clipped.length ? `; clipped: ${fit.clipped.join(' | ')}` : ''}`);
    await popup.shoot(join(repoRoot, 'test-results', 'ui', `${driver.name}-${locale}-popup-state-${state.name}.png`));
    expect(fit.rows, `${state.name}: rows drawn`).toBeGreaterThanOrEqual(ROWS_WANTED + 1);
    expect(fit.rowsInView, `${state.name}: rows wholly in view at 420×600`).toBeGreaterThanOrEqual(ROWS_WANTED);
    expect(fit.clipped, `${state.name}: text cut off without an ellipsis`).toEqual([]);
    if (state === STATES.at(-1)) {
      // The check can fail: without their ellipsis the rows' sentences are reported, cut by the row.
      await popup.evaluate(() => {
        const style = document.createElement('style');
        style.textContent = '.row-summary, .row-game { text-overflow: clip !important; }';
        document.head.append(style);
      });
      const broken = await popup.evaluate(popupFitInPage);
      expect(broken.clipped.filter((line) => line.startsWith('span.row-summary')).length, 'rows reported without their ellipsis').toBeGreaterThan(0);
    }
    await popup.close();
  }
  await casinoTab.close();
  return figures;
}
