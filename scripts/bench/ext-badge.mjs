// Goal 3: capture → badge latency.
//
// On the demo casino's European Roulette page, the bench clicks Spin (a new, pending round) and
// then "new seed pair" (the pair is revealed: the round becomes verified), N times. The badge
// shows the verified count (text) and the verified/pending/mismatch counts (title), so a bet
// changes the title and a reveal changes the text (with a large store the text no longer moves on
// a reveal, so there the title is timed: see `revealKey`).
//
// Page side (a script registered before the page's own): when the action's DOM update lands (the
// first element with data-round-id added after the click: the new round, or the revealed rounds
// replaced in place) and when the API answer ended (Resource Timing responseEnd), as wall-clock
// time (performance.timeOrigin + performance.now()). Worker side: chrome.action.getBadgeText /
// getTitle of the casino tab (the text is set per casino tab) polled every ~2 ms inside the service worker; the first changed read is the badge's
// time on the same clock.
//
// Two ways the round reaches the extension: as served, the page's own fetch answers are JSON and
// the JSON tap has the round before the DOM shows it — latency = badge − API answer's end; with
// `domOnly`, the API answers are relabelled text/plain on the way (Playwright route), so the JSON
// tap skips them and only the DOM scan (MutationObserver → scheduler → idle callback) captures the
// round — latency = badge − DOM update. The demo casino must be unseeded: a reset with a seed would
// replay rounds the store already holds, and the badge would not move.
import { median, newPageWithTabId, sleep } from './ext-browser.mjs';

function watchPage() {
  const wall = () => performance.timeOrigin + performance.now();
  const state = { armed: false, dom: undefined, responses: [] };
  window.__bench = state;
  window.__benchArm = () => {
    state.armed = true;
    state.dom = undefined;
  };
  new MutationObserver((mutations) => {
    if (!state.armed) return;
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (node.nodeType === 1 && (node.hasAttribute('data-round-id') || node.querySelector('[data-round-id]'))) {
          state.dom = wall();
          state.armed = false;
          return;
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (/\/api\/(bet|rotate)$/.test(entry.name)) state.responses.push({ path: new URL(entry.name).pathname, end: performance.timeOrigin + entry.responseEnd });
    }
  }).observe({ type: 'resource', buffered: true });
}

async function pollBadge(worker, tabId, key, before, timeoutMs = 10_000) {
  return worker.evaluate(
    async ({ tabId, key, before, timeoutMs }) => {
      const read = key === 'text' ? () => chrome.action.getBadgeText({ tabId }) : () => chrome.action.getTitle({ tabId });
      const wall = () => performance.timeOrigin + performance.now();
      const start = wall();
      for (let polls = 1; ; polls++) {
        const value = await read();
        const at = wall();
        if (value !== before) return { at, value, polls, start };
        if (at - start > timeoutMs) return { at: NaN, value, polls, start };
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    },
    { tabId, key, before, timeoutMs },
  );
}

async function readBadge(worker, tabId) {
  return worker.evaluate(async (tabId) => ({ text: await chrome.action.getBadgeText({ tabId }), title: await chrome.action.getTitle({ tabId }) }), tabId);
}

/** One action on the page and the badge change it causes. */
async function timeAction(session, page, tabId, selector, apiPath, key) {
  const worker = await session.worker();
  const before = await readBadge(worker, tabId);
  const polling = pollBadge(worker, tabId, key, before[key]);
  await sleep(30); // the poller is running before the click
  await page.evaluate(() => window.__benchArm());
  const responsesBefore = await page.evaluate(() => window.__bench.responses.length);
  await page.click(selector);
  const badge = await polling;
  await page.waitForFunction(() => document.body.dataset.busy !== 'true' && window.__bench.dom !== undefined, null, { timeout: 10_000 });
  const { dom, responses } = await page.evaluate(() => window.__bench);
  const response = responses.slice(responsesBefore).find((r) => r.path === apiPath);
  return { badge: badge.at, dom, response: response?.end, value: badge.value };
}

/**
 * `revealKey`: what a reveal is timed by. The text shows the verified count only up to 999 ("1k+"
 * above) and the mismatch count instead whenever there is one, so with a large store the text
 * does not move: then the title (the exact counts, set in the same call) is used.
 */
export async function measureBadge(casino, session, { rounds = 10, domOnly = false, fresh = true, revealKey = 'text' } = {}) {
  if (fresh) casino.reset();
  const { page, tabId } = await newPageWithTabId(session);
  if (domOnly) {
    // The same answers, labelled text/plain: the page script parses them all the same, the JSON tap does not.
    await page.route('**/api/**', async (route) => {
      // Fetched by Playwright from Node, where www.cloudbet.com is not mapped to the casino.
      const url = new URL(route.request().url());
      try {
        const response = await route.fetch({ url: `https://127.0.0.1:${casino.port}${url.pathname}${url.search}` });
        await route.fulfill({ response, headers: { ...response.headers(), 'content-type': 'text/plain; charset=utf-8' } });
      } catch (error) {
        // Thrown from here it would end the process without closing the browser; the action then times out.
        console.error(`bench: could not relay ${url.pathname}: ${error}`);
        await route.abort().catch(() => undefined);
      }
    });
  }
  await page.addInitScript(watchPage);
  await page.goto(`${casino.origin.replace(/:\d+$/, '')}/casino/roulette?variant=european`);
  await sleep(1500); // the load's scan and its claims (the active seed pair) are done
  const bets = [];
  const reveals = [];
  for (let i = 0; i < rounds; i++) {
    bets.push(await timeAction(session, page, tabId, 'button[data-action="bet"]', '/api/bet', 'title'));
    await sleep(300);
    reveals.push(await timeAction(session, page, tabId, 'button[data-action="rotate"]', '/api/rotate', revealKey));
    await sleep(300);
  }
  await page.close();
  // Capture latency counts from when the round became observable to the extension: the API answer
  // for the JSON tap (as served), the DOM update for the DOM scan (domOnly). Both are kept.
  const stats = (list) => {
    const fromDom = list.map((r) => r.badge - r.dom);
    const fromResponse = list.map((r) => r.badge - r.response);
    const capture = domOnly ? fromDom : fromResponse;
    return {
      capture: median(capture),
      captureMax: Math.max(...capture.filter(Number.isFinite)),
      fromDom: median(fromDom),
      fromResponse: median(fromResponse),
      all: capture,
      missed: list.filter((r) => Number.isNaN(r.badge)).length,
      last: list.at(-1)?.value,
    };
  };
  return { bets: stats(bets), reveals: stats(reveals) };
}
