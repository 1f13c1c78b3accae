// The hostile page (scripts/demo-casino/hostile-page.ts) against the production build: honest
// rounds played on it before and after it forges, injects and floods must all be stored and
// verified; nothing it forged may end verified unless it recomputes; no payload may run, in the
// page or in the popup; the flood is refused past the tab's budget, counted, and shown; and the
// popup keeps answering. Prints the figures for the issue's closing note.
import { expect } from 'vitest';
import { forgedRounds, MEGABYTE_KIND, payloads } from '../../../scripts/demo-casino/hostile-rounds.js';
import type { DemoCasino } from '../../../scripts/demo-casino/server.js';
import { DEFAULT_RATE_LIMIT } from '../../../src/background/rate-limit.js';
import { askInPage, type BrowserDriver, type CasinoTab } from './driver.js';

type PlayedRound = ReturnType<DemoCasino['state']>['rounds'][number];

/**
 * How long a popup reload may take to draw its list and header, while and after the page floods,
 * before it counts as not answering: a wait like every driver's, not a speed bound (the times are
 * printed as figures; this machine's speed is not a test).
 */
const POPUP_WAIT_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const keyOf = (round: PlayedRound) => `${round.commitment}|${round.clientSeed}|${round.nonce}`;

// ---- Functions run inside the popup page (serialised: self-contained, no imports) ----

interface PopupState {
  /** Whether the list and the header were drawn within POPUP_WAIT_MS. */
  drawn: boolean;
  renderMs: number;
  total: number;
  notices: { host: string; claims: number; refused: number; text: string }[];
}

/** Waits until the header and the list are drawn; how long since navigation, the counts, the notices. */
async function popupStateInPage(waitMs: number): Promise<PopupState> {
  const deadline = Date.now() + waitMs;
  const isDrawn = () => document.querySelector('ul[data-ready="true"]') !== null && document.querySelector('[data-headline]') !== null;
  while (!isDrawn() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const drawn = isDrawn();
  const renderMs = Math.round(performance.now());
  let total = 0;
  for (const count of document.querySelectorAll<HTMLElement>('.counts [data-status]')) total += Number(count.dataset.count);
  const notices = [...document.querySelectorAll<HTMLElement>('[data-notice="rate-limit"]')].map((element) => ({
    host: element.dataset.host ?? '',
    claims: Number(element.dataset.claims),
    refused: Number(element.dataset.refused),
    text: element.textContent ?? '',
  }));
  return { drawn, renderMs, total, notices };
}

type Verdict = { status: string; level: string; levelReason: string } | null;

/** Each round's verdict, level and the level's reason by key (null: not stored). */
async function verdictsOf(driver: BrowserDriver, keys: string[]): Promise<Verdict[]> {
  const details = (await driver.inPopup(askInPage, keys.map((key) => ({ type: 'round-detail', key })))) as
    ({ record: { verdict: { status: string; level?: string; levelReason?: string } } } | null)[];
  return details.map((detail) =>
    detail ? { status: detail.record.verdict.status, level: detail.record.verdict.level ?? '', levelReason: detail.record.verdict.levelReason ?? '' } : null,
  );
}

interface StoredForged {
  clientSeed: string;
  verdict: string;
}

/** Every stored round whose client seed carries `marker` (the page's made-up rounds), from the export pages. */
async function forgedOf(driver: BrowserDriver, marker: string): Promise<StoredForged[]> {
  const found: StoredForged[] = [];
  let offset = 0;
  for (;;) {
    const [page] = (await driver.inPopup(askInPage, [{ type: 'export-page', offset, limit: 5000 }])) as {
      total: number;
      rounds: { clientSeed?: string; verdict: string }[];
    }[];
    for (const round of page!.rounds) {
      if (round.clientSeed?.includes(marker)) found.push({ clientSeed: round.clientSeed.slice(0, 400), verdict: round.verdict });
    }
    offset += page!.rounds.length;
    if (page!.rounds.length === 0 || offset >= page!.total) return found;
  }
}

/** Filters the list to one verdict, scrolls through its first screens, and reports what the rows show and what the page holds. */
async function payloadsInPage(arg: { status: string; texts: string[] }) {
  const select = document.querySelector<HTMLSelectElement>('select[name="status"]')!;
  select.value = arg.status;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  const viewport = document.querySelector<HTMLElement>('.viewport')!;
  const seen = new Map<string, string>();
  const collect = () => {
    for (const row of document.querySelectorAll<HTMLElement>(`li[data-verdict="${arg.status}"]`)) seen.set(row.dataset.key ?? '', row.textContent ?? '');
  };
  const settled = async () => {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const rows = [...document.querySelectorAll<HTMLElement>('li[data-verdict]')];
      if (document.querySelector('ul[data-ready="true"]') && rows.length > 0 && rows.every((row) => row.dataset.verdict === arg.status)) return;
    }
  };
  await settled();
  for (let screen = 0; screen < 8 && !arg.texts.every((text) => [...seen.values()].some((shown) => shown.includes(text))); screen++) {
    collect();
    viewport.scrollTop += Math.max(200, viewport.clientHeight);
    viewport.dispatchEvent(new Event('scroll'));
    await settled();
    collect();
  }
  return {
    shown: arg.texts.map((text) => [...seen.values()].some((row) => row.includes(text))),
    rows: seen.size,
    injected: document.querySelectorAll('img, svg, iframe, object, embed, script:not([src])').length,
    scripts: [...document.querySelectorAll('script')].map((script) => script.getAttribute('src')),
    javascriptLinks: document.querySelectorAll('a[href^="javascript:" i]').length,
    pwned: (globalThis as { __fwPwned?: unknown }).__fwPwned ?? null,
  };
}

// ---- Functions run inside the casino page ----

/** The page's flags (a payload that ran sets __fwPwned) and what its scripts recorded on <html data-*>. */
function pageStateInPage(): Record<string, string | undefined> {
  const page = globalThis as { __fwPwned?: unknown; __fwControl?: unknown };
  const flag = (value: unknown) => (value === undefined ? undefined : String(value));
  return { ...document.documentElement.dataset, pwned: flag(page.__fwPwned), control: flag(page.__fwControl) };
}

function startFloodInPage(): void {
  document.querySelector<HTMLButtonElement>('button[data-action="hostile-flood"]')!.click();
}

// ---- The scenario ----

async function popupState(driver: BrowserDriver): Promise<PopupState & { wallMs: number }> {
  const started = Date.now();
  const state = await driver.inPopup(popupStateInPage, POPUP_WAIT_MS);
  return { ...state, wallMs: Date.now() - started };
}

/** Polls until every key is stored and `accept` holds for their verdicts. */
async function waitForVerdicts(
  driver: BrowserDriver,
  keys: string[],
  accept: (verdict: NonNullable<Verdict>) => boolean,
  what: string,
  // Long: in Firefox the casino tab is in the background while the driver reads the popup, and
  // after the flood's CPU use its timers (the content script's too) are throttled for a while.
  timeoutMs = 120_000,
) {
  const deadline = Date.now() + timeoutMs;
  let verdicts: Verdict[] = [];
  while (Date.now() < deadline) {
    verdicts = await verdictsOf(driver, keys);
    if (verdicts.every((verdict) => verdict !== null && accept(verdict))) return verdicts;
    await sleep(500);
  }
  throw new Error(`${driver.name}: timed out waiting for ${what}: ${JSON.stringify(verdicts)}`);
}

/** How long the intake must stay at the pace before the flood counts as taken in. */
const SETTLED_MS = 3000;

/**
 * Waits until the page has sent its whole flood and the worker takes in new rounds no faster than
 * the fastest play (the tab's pace budget: past its burst, the backlog the content script holds
 * back drains at that pace for minutes, so the total never stands still while it does), reading
 * the popup about once a second meanwhile; returns every reading and the settled intake rate.
 */
async function readPopupUntilSettled(
  driver: BrowserDriver,
  tab: CasinoTab,
  timeoutMs = 120_000,
): Promise<{ readings: (PopupState & { wallMs: number })[]; roundsPerSecond: number }> {
  const pace = DEFAULT_RATE_LIMIT.tabRounds.refillPerSecond;
  const deadline = Date.now() + timeoutMs;
  const readings = [await popupState(driver)];
  const at = [Date.now()];
  while (Date.now() < deadline) {
    await sleep(1000);
    readings.push(await popupState(driver));
    at.push(Date.now());
    if ((await tab.evaluate(pageStateInPage)).flood !== 'done') continue;
    // The earliest reading at least SETTLED_MS old: the rate over the window since it.
    const last = readings.length - 1;
    let first = last;
    while (first > 0 && at[last]! - at[first]! < SETTLED_MS) first--;
    const seconds = (at[last]! - at[first]!) / 1000;
    if (seconds * 1000 < SETTLED_MS) continue;
    const roundsPerSecond = (readings[last]!.total - readings[first]!.total) / seconds;
    // One pace's worth of slack: a batch admitted just before the window began may land in it.
    if (roundsPerSecond <= pace + pace / seconds) return { readings, roundsPerSecond };
  }
  throw new Error(`${driver.name}: the worker still took in the flood faster than ${pace} rounds a second after ${timeoutMs} ms (total ${readings.at(-1)!.total})`);
}

async function bet(tab: CasinoTab, casino: DemoCasino, times: number): Promise<PlayedRound[]> {
  for (let i = 0; i < times; i++) await tab.act('button[data-action="bet"][data-game="roulette-european"]');
  return casino.state().rounds.slice(-times);
}

export async function hostilePageFloodsAndInjects(driver: BrowserDriver, casino: DemoCasino): Promise<void> {
  const started = Date.now();
  const phases: string[] = [];
  let phaseStart = started;
  const phase = (name: string) => {
    phases.push(`${name} ${((Date.now() - phaseStart) / 1000).toFixed(1)} s`);
    phaseStart = Date.now();
  };
  const tab = await driver.openCasino('/casino/hostile');
  const atLoad = await tab.evaluate(pageStateInPage);
  const run = atLoad.run!;
  expect(run).toMatch(/^[0-9a-f]{16}$/);
  // What ran first: the extension's MAIN-world tap had wrapped fetch and XHR before the page's
  // first (inline, top of <head>) script replaced fetch, JSON.parse and MutationObserver.
  expect(atLoad.hostileHead).toBe('ran');
  expect(atLoad.fetchAtHead).toBe('wrapped');
  expect(atLoad.xhrSendAtHead).toBe('wrapped');

  // Honest rounds before the attack: seen and stored as the page shows them (pending until the reveal).
  const honestBefore = await bet(tab, casino, 2);
  await waitForVerdicts(driver, honestBefore.map(keyOf), (verdict) => verdict.status === 'pending', 'the honest rounds before the attack');
  // Notices of earlier pages, if any (the store lives as long as the browser session).
  const noticesBefore = (await popupState(driver)).notices;
  phase('honest before');

  // Forged tap events, look-alike messages, malformed details, payloads in every field, 1 MB strings.
  await tab.act('button[data-action="hostile-forge"]');

  // The flood, with the popup read while it runs.
  await tab.evaluate(startFloodInPage);
  phase('forge');
  const { readings: during, roundsPerSecond: settledRate } = await readPopupUntilSettled(driver, tab);
  const after = await popupState(driver);
  const slowest = Math.max(...during.map((reading) => reading.renderMs));
  phase('flood taken in');

  // Honest rounds after the attack, on the same tab, then the reveal.
  const honestAfter = await bet(tab, casino, 2);
  await waitForVerdicts(driver, honestAfter.map(keyOf), (verdict) => verdict.status === 'pending', 'the honest rounds after the attack');
  phase('honest after');
  await tab.act('button[data-action="rotate"]');
  const honest = [...honestBefore, ...honestAfter];
  const honestVerdicts = await waitForVerdicts(driver, honest.map(keyOf), (verdict) => verdict.status === 'verified', 'the honest rounds verified after the reveal');
  phase('reveal');
  // All four: history, reason `flood`. The tab's claims were refused after each round's commitment
  // was first seen and before its reveal: a tab over its budget holds its claims back (newest
  // first, the oldest dropped), so a panel state from before a bet may never have arrived.
  expect(honestVerdicts.map((verdict) => [verdict!.level, verdict!.levelReason])).toEqual(honest.map(() => ['history', 'flood']));

  const page = await tab.evaluate(pageStateInPage);
  const stored = await forgedOf(driver, `hostile-${run}-`);
  const verdictOf = (clientSeed: string) => stored.filter((round) => round.clientSeed === clientSeed).map((round) => round.verdict);
  const forged = forgedRounds(run);
  const recomputing = new Set(forged.filter((round) => round.expected === 'verified').map((round) => round.clientSeed));
  const floodStored = stored.filter((round) => /-(tap|json|dom)-\d+$/.test(round.clientSeed)).length;
  // Counted at the end: the tab's held-back backlog is still draining at the pace.
  const final = await popupState(driver);
  const notices = final.notices.filter((note) => note.host === 'www.cloudbet.com');
  const refusedBefore = noticesBefore.reduce((sum, note) => sum + note.refused, 0);
  const refused = final.notices.reduce((sum, note) => sum + note.refused, 0) - refusedBefore;
  const payloadTexts = payloads()
    .filter((payload) => payload.kind !== MEGABYTE_KIND)
    .map((payload) => payload.text);
  const popup = await driver.inPopup(payloadsInPage, { status: 'invalid', texts: payloadTexts });
  phase('read back');

  // The figures first, so a failing run still reports them.
  const sent = ['sentTap', 'sentJson', 'sentDom', 'sentLookalike', 'sentMalformed'].map((name) => [name, Number(page[name] ?? 0)] as const);
  console.log(
    [
      `${driver.name} hostile page (run ${run}, ${Math.round((Date.now() - started) / 1000)} s: ${phases.join(', ')}):`,
      `  first script of the page saw fetch ${atLoad.fetchAtHead}, XHR send ${atLoad.xhrSendAtHead} (the extension's tap ran first); page JSON.parse calls: ${Number(page.pageParses ?? 0)}; page fetch calls: ${page.pageFetches}`,
      `  claims sent by the page: ${sent.reduce((sum, [, n]) => sum + n, 0)} (${sent.map(([name, n]) => `${name.slice(4).toLowerCase()} ${n}`).join(', ')}; flood ${page.floodMs} ms, page ${page.floodVisibility} meanwhile)`,
      `  worker: ${notices[0]?.claims ?? 0} claims from the tab, ${refused} refused by the rate limit; ${stored.length} made-up rounds stored (${floodStored} from the flood), ${stored.filter((round) => round.verdict === 'verified').length} verified (${recomputing.size} of them recompute)`,
      `  payload kinds tried: ${payloads().length} (${payloads().map((payload) => payload.kind).join(', ')}); page flag ${page.pwned ?? 'unset'} (control ${page.control ?? 'did not fire'}), popup flag ${popup.pwned ?? 'unset'}, ${popup.injected} elements injected; ${popup.rows} invalid rows read in the popup`,
      `  honest rounds on the same tab: ${honest.length} played, ${honestVerdicts.length} stored and verified (${honestVerdicts.map((verdict) => `${verdict!.level}/${verdict!.levelReason}`).join(', ')})`,
      `  popup reloaded until list + header drawn, ${during.length} times while the worker took in the flood: ${during.map((reading) => reading.renderMs).join(', ')} ms (slowest ${slowest} ms; wall time with the reload ${Math.max(...during.map((reading) => reading.wallMs))} ms); after: ${after.renderMs} ms with ${after.total} rounds, taking in ${settledRate.toFixed(1)} new rounds a second (the pace budget: ${DEFAULT_RATE_LIMIT.tabRounds.refillPerSecond})`,
    ].join('\n'),
  );

  // Nothing ran: not in the page (which does run inline handlers: the control fired) ...
  expect(page.control).toBe('img-onerror');
  expect(page.pwned).toBeUndefined();
  expect(page.hostileError).toBeUndefined();
  // ... and the page's JSON.parse was never called (the tap parses with its own).
  expect(Number(page.pageParses ?? 0)).toBe(0);
  expect(Number(page.pageFetches ?? 0)).toBeGreaterThan(0);

  // Forged rounds: each gets the verdict its seeds give; only those that really recompute are verified.
  for (const round of forged) expect(verdictOf(round.clientSeed), `${round.kind} ${round.clientSeed}`).toEqual([round.expected]);
  const wronglyVerified = stored.filter((round) => round.verdict === 'verified' && !recomputing.has(round.clientSeed));
  expect(wronglyVerified).toEqual([]);
  // Look-alike messages (postMessage, other event names, the tap's event on window or with an object) are not listened to.
  expect(stored.filter((round) => round.clientSeed.includes('-lookalike-'))).toEqual([]);

  // The flood: refused past the budget, counted, and shown for this host.
  expect(notices.length).toBeGreaterThan(0);
  expect(refused).toBeGreaterThan(0);
  expect(notices[0]!.text).toContain(String(notices[0]!.refused));

  // The popup shows the payloads as text, and nothing in it was injected or ran.
  expect(popup.injected).toBe(0);
  expect(popup.javascriptLinks).toBe(0);
  expect(popup.pwned).toBeNull();
  // The popup's own scripts only: the early asks (popup-boot.js, in the head) and the page's module.
  expect(popup.scripts).toEqual(['popup-boot.js', 'popup.js']);
  expect(Object.fromEntries(payloadTexts.map((text, index) => [text, popup.shown[index]]))).toEqual(Object.fromEntries(payloadTexts.map((text) => [text, true])));

  // The popup kept answering: every reload drew its list and header.
  expect(during.length).toBeGreaterThan(0);
  expect([...during, after].filter((reading) => !reading.drawn)).toEqual([]);
  await tab.close();
}

/** A record's bound (issue #11): a few KB whatever a page sends about its round. */
const RECORD_BOUND = 16 * 1024;
/** The least a long claim of the grow attack weighs: client seed 256, two lists of 40 × 32, a 64-hex commitment. */
const LONG_CLAIM_MIN_BYTES = 256 + 2 * 40 * 32 + 64;

/**
 * Two fresh hostile tabs, each with a budget of its own: on one, thousands of claims about one
 * round with ever new long outcomes; on the other, thousands of fresh rounds as long as the limits
 * allow. The round's record stays under its bound, the long rounds stop at the tab's byte budget
 * (far below its 5 000-claim budget), and the popup keeps answering meanwhile. Prints the figures.
 */
export async function hostilePageGrowsAndFloodsBytes(driver: BrowserDriver): Promise<void> {
  const readings: (PopupState & { wallMs: number })[] = [];
  /** Presses the page's button and reads the popup until the page says it is done, then a few seconds more. */
  const attack = async (action: string, done: string) => {
    const tab = await driver.openCasino('/casino/hostile');
    const run = (await tab.evaluate(pageStateInPage)).run!;
    const started = Date.now();
    await tab.act(`button[data-action="${action}"]`);
    const deadline = Date.now() + 60_000;
    while ((await tab.evaluate(pageStateInPage))[done] !== 'done' && Date.now() < deadline) readings.push(await popupState(driver));
    for (let i = 0; i < 3; i++) {
      readings.push(await popupState(driver));
      await sleep(1000);
    }
    return { tab, run, started, page: await tab.evaluate(pageStateInPage) };
  };

  const growth = await attack('hostile-grow', 'grow');
  const key = `${growth.run.padEnd(64, '0').slice(0, 64)}|hostile-${growth.run}-grow|1`;
  type Detail = { record: Record<string, unknown> & { conflictingResults?: unknown[]; otherPicks?: unknown[] } } | null;
  // A background tab's claims may arrive late (Firefox throttles its timers): wait for the round.
  let [detail] = (await driver.inPopup(askInPage, [{ type: 'round-detail', key }])) as Detail[];
  for (const deadline = Date.now() + 60_000; detail === null && Date.now() < deadline; ) {
    await sleep(1000);
    [detail] = (await driver.inPopup(askInPage, [{ type: 'round-detail', key }])) as Detail[];
  }
  const recordBytes = detail ? JSON.stringify(detail.record).length : 0;

  const bytes = await attack('hostile-bytes', 'bytes');
  // A tab in the background (Firefox, while the driver reads the popup) delivers late, its timers
  // throttled: wait for its first rounds to arrive (the bound below counts the time waited).
  let long = await forgedOf(driver, `hostile-${bytes.run}-long-`);
  for (const deadline = Date.now() + 60_000; long.length === 0 && Date.now() < deadline; ) {
    await sleep(1000);
    long = await forgedOf(driver, `hostile-${bytes.run}-long-`);
  }
  const elapsedS = (Date.now() - bytes.started) / 1000;
  const budget = DEFAULT_RATE_LIMIT.tabBytes;
  const mostLong = Math.floor((budget.capacity + elapsedS * budget.refillPerSecond) / LONG_CLAIM_MIN_BYTES);
  const slowest = Math.max(...readings.map((reading) => reading.renderMs));
  console.log(
    [
      `${driver.name} hostile page, growth and byte flood (runs ${growth.run}, ${bytes.run}):`,
      `  one round: ${growth.page.sentGrow} claims with new ${40}×${32}-character outcomes and picks → record ${recordBytes} bytes (${detail?.record.conflictingResults?.length ?? 0} other outcomes, ${detail?.record.otherPicks?.length ?? 0} other picks kept); bound ${RECORD_BOUND}`,
      `  fresh long rounds, another tab: ${bytes.page.sentLong} sent (≥ ${LONG_CLAIM_MIN_BYTES} bytes each) → ${long.length} stored; the byte budget allows at most ${mostLong} in ${elapsedS.toFixed(1)} s (claims budget ${DEFAULT_RATE_LIMIT.tabClaims.capacity})`,
      `  popup reloaded until list + header drawn, ${readings.length} times meanwhile: ${readings.map((reading) => reading.renderMs).join(', ')} ms (slowest ${slowest} ms)`,
    ].join('\n'),
  );
  for (const { page } of [growth, bytes]) expect(page.hostileError).toBeUndefined();
  expect(detail).not.toBeNull();
  expect(recordBytes).toBeLessThan(RECORD_BOUND);
  expect(detail!.record.conflictingResults?.length ?? 0).toBeGreaterThan(0);
  expect(long.length).toBeGreaterThan(0);
  expect(long.length).toBeLessThanOrEqual(mostLong);
  expect(long.length).toBeLessThan(Number(bytes.page.sentLong));
  expect(readings.length).toBeGreaterThan(0);
  expect(readings.filter((reading) => !reading.drawn)).toEqual([]);
  await growth.tab.close();
  await bytes.tab.close();
}
