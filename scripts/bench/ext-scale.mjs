// Goal 6, a heavy auto-bet player's year: with a million stored rounds (seeded by ext-seed.mjs),
// the statistics page and the two exports. The popup and the badge with that store reuse
// ext-popup.mjs and ext-badge.mjs.
//
// Statistics page: stats.html opened in a tab of its own; done when each of the three games shows
// its uniformity line (rendered once its figures are in), then a frame and a task after it (the
// frame holding them is painted). Long tasks of the page come from its longtask observer.
//
// Export: the history page opened as the toolbar popup opens it for an export
// (popup.html?view=tab&export=json|csv): it makes the file as it opens. Timed until the download
// is complete (Playwright's download event, file saved), the page's JS heap sampled every 200 ms
// (CDP Performance.getMetrics), the file checked for its rounds.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { sampleHeap, sleep } from './ext-browser.mjs';

function watchPage() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const marks = {};
  window.__benchMarks = marks;
  const observer = new MutationObserver(() => {
    if (marks.shown !== undefined || document.querySelectorAll('.game-stats .uniformity').length < 3) return;
    marks.shown = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (marks.painted = performance.now());
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** One opening of the statistics page, the worker stopped first when `cold`. */
export async function openStatsOnce(session, { cold = true, timeoutMs = 120_000 } = {}) {
  if (cold) await session.stopWorker();
  const page = await session.context.newPage();
  await page.setViewportSize({ width: 1000, height: 800 });
  await page.addInitScript(watchPage);
  await page.goto(`chrome-extension://${session.extensionId}/stats.html`);
  try {
    await page.waitForFunction(() => window.__benchMarks?.painted !== undefined, null, { timeout: timeoutMs, polling: 100 });
  } catch {
    await page.close();
    return { painted: NaN, longestTask: NaN, longTasks: [], rounds: undefined };
  }
  await sleep(300); // long tasks are reported a little after they end
  const result = await page.evaluate(() => ({
    painted: window.__benchMarks.painted,
    longTasks: window.__longTasks,
    rounds: [...document.querySelectorAll('.game-stats .realised')].map((p) => Number(p.dataset.rounds)),
  }));
  await page.close();
  return { ...result, longestTask: Math.max(0, ...result.longTasks) };
}

/** Counts lines and the number of `"verdict"` keys in a file, streamed. */
async function countInFile(path) {
  let lines = 0;
  let verdicts = 0;
  let carry = '';
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const text = carry + chunk;
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
    let at = 0;
    for (;;) {
      at = text.indexOf('"verdict":', at);
      if (at === -1) break;
      verdicts++;
      at += 10;
    }
    carry = text.slice(-12); // a key split across chunks is counted once: the carry is shorter than two keys
    const cut = carry.lastIndexOf('"verdict":');
    if (cut !== -1) carry = carry.slice(cut + 10);
    const newline = carry.lastIndexOf('\n');
    if (newline !== -1) carry = carry.slice(newline + 1);
  }
  return { lines, verdicts };
}

/** One export of every stored round as `kind` ('json' | 'csv'), from the history page. */
export async function measureExport(session, kind, { timeoutMs = 600_000 } = {}) {
  const page = await session.context.newPage();
  await page.setViewportSize({ width: 900, height: 700 });
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await session.context.newCDPSession(page);
  const heap = sampleHeap(cdp);
  const started = performance.now();
  const downloaded = page.waitForEvent('download', { timeout: timeoutMs });
  await page.goto(`chrome-extension://${session.extensionId}/popup.html?view=tab&export=${kind}`);
  let download;
  try {
    download = await downloaded;
  } catch (error) {
    const heapPeak = await heap.stop();
    await page.close();
    return { ms: NaN, heapPeak, bytes: NaN, error: String(error).split('\n')[0] };
  }
  const path = await download.path();
  const ms = performance.now() - started;
  const heapPeak = await heap.stop();
  const longTasks = await page.evaluate(() => window.__longTasks).catch(() => []);
  await page.close();
  const { size } = await stat(path);
  const counted = await countInFile(path);
  return { ms, heapPeak, bytes: size, rounds: kind === 'csv' ? counted.lines - 1 : counted.verdicts, longestTask: Math.max(0, ...longTasks) };
}
