// Goal 5: "Import JSON" of a large export in the history page (popup.html?view=tab), through the
// real file input: how long it takes, the page's JavaScript heap while it runs (CDP
// Performance.getMetrics, sampled every 200 ms), the page's longest task, and how quickly the
// worker still answers another page meanwhile ('games', one read, every 200 ms). Beside it, the
// old way as a baseline in the same page: the whole file read as text and parsed with JSON.parse
// (what the popup did before imports were streamed) and held while the rounds would be sent, for
// its heap and its one long task.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median, sampleHeap, sleep } from './ext-browser.mjs';
import { exportFileOf } from './ext-rounds.mjs';

function watchLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
}

/** The worker's answer times to a trivial request from another extension page, every 200 ms until `stop()`. */
async function pingWorker(session) {
  const page = await session.context.newPage();
  await page.goto(`chrome-extension://${session.extensionId}/manifest.json`);
  await page.evaluate(() => {
    window.__pings = [];
    window.__pinging = true;
    (async () => {
      while (window.__pinging) {
        const sent = performance.now();
        await chrome.runtime.sendMessage({ type: 'games' });
        window.__pings.push(performance.now() - sent);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
  });
  return {
    stop: async () => {
      const pings = await page.evaluate(() => {
        window.__pinging = false;
        return window.__pings;
      });
      await page.close();
      return pings;
    },
  };
}

async function historyPage(session) {
  const page = await session.context.newPage();
  await page.setViewportSize({ width: 900, height: 700 });
  await page.addInitScript(watchLongTasks);
  // The data buttons live in the "More" view, loaded on first use: asked for by the address.
  await page.goto(`chrome-extension://${session.extensionId}/popup.html?view=tab&show=data`);
  await page.waitForSelector('input[data-import-file]', { state: 'attached' });
  const cdp = await session.context.newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  return { page, cdp };
}

export async function measureImport(session, count, { log }) {
  const dir = mkdtempSync(join(tmpdir(), 'fair-witness-import-'));
  try {
    const file = join(dir, 'export.json');
    const text = exportFileOf(count);
    writeFileSync(file, text);
    const megabytes = Buffer.byteLength(text) / (1024 * 1024);
    log(`  export file: ${count} rounds, ${megabytes.toFixed(1)} MB`);

    // Baseline: the whole file as one text, parsed at once (the popup's way before streaming).
    const baseline = await historyPage(session);
    const baselineHeap = sampleHeap(baseline.cdp);
    await baseline.page.evaluate(() => {
      const input = document.querySelector('input[data-import-file]');
      // The file is taken from the input without importing it (the page's own change handler never
      // runs) and parsed in the page's own tasks, where the long-task observer sees them.
      window.__parsed = new Promise((resolve) =>
        input.addEventListener(
          'change',
          (event) => {
            event.stopImmediatePropagation();
            const started = performance.now();
            void input.files[0].text().then((text) => {
              const data = JSON.parse(text);
              // Held, as the old import held both while it sent the rounds: the sampler sees them.
              window.__held = { text, data };
              resolve({ ms: performance.now() - started, rounds: data.rounds.length });
            });
          },
          { capture: true, once: true },
        ),
      );
    });
    await baseline.page.setInputFiles('input[data-import-file]', file);
    const parsed = await baseline.page.evaluate(() => window.__parsed);
    await sleep(400);
    const baselinePeak = await baselineHeap.stop();
    const baselineTasks = await baseline.page.evaluate(() => window.__longTasks);
    await baseline.page.close();

    // The import itself.
    const { page, cdp } = await historyPage(session);
    const heap = sampleHeap(cdp);
    const pings = await pingWorker(session);
    const started = performance.now();
    await page.setInputFiles('input[data-import-file]', file);
    await page.waitForSelector('[data-import-result]', { timeout: 30 * 60_000 });
    const ms = performance.now() - started;
    const answers = await pings.stop();
    const peak = await heap.stop();
    const result = await page.evaluate(() => ({ ...document.querySelector('[data-import-result]').dataset, tasks: window.__longTasks, status: document.querySelector('[data-data-status]')?.textContent }));
    await page.close();
    const added = Number(result.added);
    if (added + Number(result.known) + Number(result.updated) !== count) throw new Error(`the import took ${JSON.stringify(result)} of ${count} rounds`);
    log(`  imported in ${(ms / 1000).toFixed(1)} s (${Math.round(count / (ms / 1000))} rounds/s): added ${result.added}, known ${result.known}, refused ${result.refused}`);
    log(`  page heap peak ${(peak / 1048576).toFixed(1)} MB; long tasks ${result.tasks.length} (longest ${Math.round(Math.max(0, ...result.tasks))} ms)`);
    log(`  worker answers to another page meanwhile: median ${median(answers).toFixed(0)} ms, max ${Math.round(Math.max(...answers))} ms (${answers.length} asked)`);
    log(`  baseline, the whole file parsed at once in the same page: ${parsed.ms.toFixed(0)} ms, heap peak ${(baselinePeak / 1048576).toFixed(1)} MB, longest task ${Math.round(Math.max(0, ...baselineTasks))} ms`);
    return {
      megabytes,
      ms,
      roundsPerSecond: count / (ms / 1000),
      heapPeak: peak,
      longestTask: Math.max(0, ...result.tasks),
      workerMedian: median(answers),
      workerMax: Math.max(...answers),
      baseline: { heapPeak: baselinePeak, longestTask: Math.max(0, ...baselineTasks), ms: parsed.ms },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
