// Goal 1: the popup's first paint with 100 000 stored rounds.
//
// Filling the store: the rounds are sent as 'claims' messages from the content script's own
// isolated world in a casino tab (chrome.runtime.sendMessage, reached through CDP), so the worker
// takes them through its real path — sender check, schema validation, merge, verification with
// @noble/hashes, IndexedDB transaction, badge. Only the page scanning is skipped (timed in goal 2).
//
// Timing the popup: popup.html opened as a page of the popup's size (420×600). A script registered
// before navigation (Page.addScriptToEvaluateOnNewDocument) watches the DOM; when the first round
// row (ul.rows > li[data-key]) exists it notes performance.now() (time since navigation start),
// then requestAnimationFrame and a task after it: the frame holding the rows has been painted by
// then. First Contentful Paint (the header) is read from the paint timeline beside it. Each
// opening with the worker running starts once the worker has finished what the previous opening
// asked for (waitForIdleWorker), as when a user opens the popup; the others stop the worker first.
import { contentScriptWorld, median, sleep } from './ext-browser.mjs';
import { startTrace, workerTasks } from './ext-trace.mjs';

const BATCH = 200; // MAX_CLAIMS_PER_MESSAGE in src/shared/messages.ts
// Claims per CDP evaluation, each from a tab of its own: the worker's per-tab rate limit
// (src/background/rate-limit.ts) refuses a single tab sending more new claims than 5 000 at once.
const CHUNK = 4000;
const IN_FLIGHT = 2; // messages the "content script" keeps in flight

/**
 * New claims all tabs together may send at once (allClaims in src/background/rate-limit.ts: a
 * burst of 20 000, then 200 a second): beyond it the worker refuses a flood, by design. To measure
 * how fast the worker stores, the fill gives it full budgets again before it would run out: the
 * worker stopped, its kept budgets deleted (untimed: the wait is not counted).
 */
const BUDGET = 19_000;

/** Stops the worker and deletes the rate limiter's kept budgets: it starts again with full ones. */
async function resetBudgets(session) {
  await session.stopWorker();
  const page = await session.context.newPage();
  await page.goto(`chrome-extension://${session.extensionId}/manifest.json`);
  await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('fair-witness');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('meta', 'readwrite');
          tx.objectStore('meta').delete('budgets');
          tx.oncomplete = () => (open.result.close(), resolve());
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.close();
}

/** Sends the claims to the worker from casino tabs (a fresh one per chunk); resolves with how long the sending took. */
export async function fillStore(session, casinoOrigin, claims, log = () => {}) {
  let ms = 0;
  let stored = 0;
  let sinceReset = 0;
  for (let offset = 0; offset < claims.length; offset += CHUNK) {
    const chunk = claims.slice(offset, offset + CHUNK);
    if (sinceReset + chunk.length > BUDGET) {
      await resetBudgets(session);
      sinceReset = 0;
    }
    sinceReset += chunk.length;
    const page = await session.context.newPage();
    const world = await contentScriptWorld(session.context, page, session.extensionId);
    await page.goto(`${casinoOrigin}/`);
    await page.waitForLoadState('load');
    const started = performance.now();
    const answer = await world.evaluate(`(async (claims) => {
      const batches = [];
      for (let i = 0; i < claims.length; i += ${BATCH}) batches.push(claims.slice(i, i + ${BATCH}));
      let stored = 0;
      const errors = [];
      const lane = async () => {
        for (let batch = batches.shift(); batch; batch = batches.shift()) {
          const reply = await chrome.runtime.sendMessage({ type: 'claims', claims: batch });
          if (!reply || reply.ok !== true) errors.push(reply ? reply.error : 'no reply');
          else { stored += reply.value.stored; if (reply.value.refused.length) errors.push(JSON.stringify(reply.value.refused[0])); }
        }
      };
      await Promise.all(Array.from({ length: ${IN_FLIGHT} }, lane));
      return { stored, errors };
    })(${JSON.stringify(chunk)})`);
    ms += performance.now() - started;
    await world.detach();
    await page.close();
    if (answer.errors.length > 0) throw new Error(`the worker refused claims: ${answer.errors.slice(0, 3).join('; ')}`);
    stored += answer.stored;
    log(`  stored ${offset + chunk.length} / ${claims.length} claims (${(ms / 1000).toFixed(1)} s sending)`);
  }
  return { ms, stored };
}

/** The worker's summary, asked from an extension page as the popup asks it. */
export async function askSummary(session) {
  const page = await session.context.newPage();
  await page.goto(`chrome-extension://${session.extensionId}/popup.html?view=tab`);
  const reply = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'summary' }));
  await page.close();
  if (!reply?.ok) throw new Error(`summary failed: ${reply?.error}`);
  return reply.value;
}

// Runs in the popup page before its own scripts.
function watchFirstRows() {
  const marks = {};
  window.__benchMarks = marks;
  const observer = new MutationObserver(() => {
    if (marks.rows !== undefined) return;
    const row = document.querySelector('ul.rows > li[data-key]');
    if (!row) return;
    marks.rows = performance.now();
    marks.rowCount = document.querySelectorAll('ul.rows > li[data-key]').length;
    observer.disconnect();
    requestAnimationFrame(() => {
      marks.frame = performance.now();
      // A task queued from the frame callback runs after that frame's paint.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        marks.painted = performance.now();
      };
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/**
 * Waits until the worker answers a trivial request ('games', one read) quickly for a while: what
 * an earlier opening of the popup asked for is done, as when a user opens the popup. (Openings back
 * to back would otherwise queue behind one another's requests.) Returns how long it waited.
 */
export async function waitForIdleWorker(session, timeoutMs = 120_000) {
  const page = await session.context.newPage();
  // An extension page without the popup's code: its only requests are these.
  await page.goto(`chrome-extension://${session.extensionId}/manifest.json`);
  const waited = await page.evaluate(async (timeoutMs) => {
    const start = performance.now();
    // Quick eight times in a row, 100 ms apart: a long job that reads in batches has gaps in which
    // one or two requests are answered at once.
    for (let quick = 0; quick < 8 && performance.now() - start < timeoutMs; ) {
      const sent = performance.now();
      await chrome.runtime.sendMessage({ type: 'games' });
      quick = performance.now() - sent < 30 ? quick + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return performance.now() - start;
  }, timeoutMs);
  await page.close();
  return waited;
}

/** How long after the rows are painted the worker's tasks are still counted as the opening's. */
const AFTER_PAINT_MS = 1500;

/**
 * One opening of the popup; `cold` stops the worker first (as after 30 s idle). With the worker
 * running, the opening is traced: `workerBusy` is the time the worker's thread spent in tasks
 * from the navigation until AFTER_PAINT_MS after the rows were painted (what the opening made it
 * do: its questions, and anything they set off), `workerDoneAt` when its last task ended, from
 * the start of the trace.
 */
async function openPopupOnce(session, cold) {
  // An opening starts once the worker is idle (waitForIdleWorker's pings take at least 8 × 100 ms,
  // whatever the store: that wait is not the worker's work).
  const busyBefore = cold ? undefined : await waitForIdleWorker(session);
  if (cold) await session.stopWorker();
  const page = await session.context.newPage();
  await page.setViewportSize({ width: 420, height: 600 });
  await page.addInitScript(watchFirstRows);
  const trace = cold ? undefined : await startTrace(session.context, page);
  const traced = performance.now();
  await page.goto(`chrome-extension://${session.extensionId}/popup.html`);
  await page.waitForFunction(() => window.__benchMarks?.painted !== undefined, null, { timeout: 30_000 });
  let worker;
  if (trace) {
    await sleep(AFTER_PAINT_MS);
    const window = performance.now() - traced;
    const tasks = workerTasks(await trace.stop(), session.extensionId);
    const start = tasks[0]?.start ?? 0;
    const doneAt = tasks.length === 0 ? 0 : Math.max(...tasks.map((task) => task.start + task.ms)) - start;
    worker = { busy: tasks.reduce((sum, task) => sum + task.ms, 0), doneAt, tasks: tasks.length, cutOff: doneAt > window - 200 };
  }
  const result = await page.evaluate(() => ({
    ...window.__benchMarks,
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    domContentLoaded: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd,
    count: document.querySelector('.list-count')?.textContent,
  }));
  await page.close();
  return { ...result, busyBefore, worker };
}

/** Median of `runs` openings with the worker running, and of `runs` with it stopped first. */
export async function measurePopup(session, runs) {
  await openPopupOnce(session, false); // warm-up: the first opening after the fill compiles popup.js
  const warm = [];
  for (let i = 0; i < runs; i++) warm.push(await openPopupOnce(session, false));
  const cold = [];
  for (let i = 0; i < runs; i++) cold.push(await openPopupOnce(session, true));
  const summarise = (list) => ({
    painted: median(list.map((r) => r.painted)),
    rows: median(list.map((r) => r.rows)),
    fcp: median(list.map((r) => r.fcp)),
    all: list.map((r) => r.painted),
    rowCount: list[0]?.rowCount,
    /** How long waiting for an idle worker took before each opening (at least ~800 ms: see waitForIdleWorker). */
    busyBefore: list.map((r) => r.busyBefore),
    /** The worker thread's task time per opening (traced; openings with the worker running). */
    workerBusy: list.map((r) => r.worker?.busy),
    workerDoneAt: list.map((r) => r.worker?.doneAt),
    workerCutOff: list.some((r) => r.worker?.cutOff),
    count: list[0]?.count,
  });
  return { warm: summarise(warm), cold: summarise(cold) };
}
