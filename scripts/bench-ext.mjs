// `npm run bench:ext`: the extension's performance goals, measured in real headless Chromium with
// the production build (dist/chrome, unmodified) against the local demo casino. Prints figures
// beside their goals; asserts nothing (timings depend on the machine and its load).
//
//   1. popup first paint with 100 000 stored rounds          scripts/bench/ext-popup.mjs
//   2. content-script scan of a 1 000-row history page       scripts/bench/ext-scan.mjs
//   3. capture → badge latency                               scripts/bench/ext-badge.mjs
//   4. gzip -9 sizes of the built scripts
//   5. Import JSON of a 100 000-round export                 scripts/bench/ext-import.mjs
//   6. page-world taps: time per message on the page's thread scripts/bench/ext-taps.mjs
//   7. a million stored rounds (seeded straight into          scripts/bench/ext-seed.mjs,
//      IndexedDB): bytes per round, popup, statistics page,   ext-scale.mjs
//      JSON and CSV export, capture → badge
//   8. the core in the page: Keno with @noble/hashes vs the reference procedure (js-sha3)   scripts/bench/ext-core.mjs
//
//   tsx scripts/bench-ext.mjs [--rounds 100000] [--runs 5] [--badge-rounds 10] [--import-rounds 100000]
//                             [--scale-rounds 1000000] [--export-timeout 600 (s)] [--only popup,scan,badge,size,import,taps,scale,core]
// Run through tsx: it imports the demo casino's TypeScript. `npm run bench:ext` builds first.
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BUDGETS, firstLoad } from './bundle-sizes.mjs';
import { startDemoCasino } from './demo-casino/server.ts';
import { measureBadge } from './bench/ext-badge.mjs';
import { chromiumPath, extensionDir, launchWithExtension, median } from './bench/ext-browser.mjs';
import { measureCore } from './bench/ext-core.mjs';
import { measureImport } from './bench/ext-import.mjs';
import { askSummary, fillStore, measurePopup, waitForIdleWorker } from './bench/ext-popup.mjs';
import { playRounds } from './bench/ext-rounds.mjs';
import { measureScan } from './bench/ext-scan.mjs';
import { measureExport, openStatsOnce } from './bench/ext-scale.mjs';
import { seedStore } from './bench/ext-seed.mjs';
import { measureTaps } from './bench/ext-taps.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '5' },
    'badge-rounds': { type: 'string', default: '10' },
    'import-rounds': { type: 'string', default: '100000' },
    'scale-rounds': { type: 'string', default: '1000000' },
    'export-timeout': { type: 'string', default: '600' },
    only: { type: 'string', default: 'size,core,scan,taps,badge,popup,import,scale' },
  },
});
const ROUNDS = Number(values.rounds);
const RUNS = Number(values.runs);
const BADGE_ROUNDS = Number(values['badge-rounds']);
const IMPORT_ROUNDS = Number(values['import-rounds']);
const SCALE_ROUNDS = Number(values['scale-rounds']);
const EXPORT_TIMEOUT_MS = Number(values['export-timeout']) * 1000;
const ONLY = new Set(values.only.split(','));

const rows = [];
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(value < 10 ? 1 : 0)} ms` : 'n/a');
const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const log = (text) => console.log(text);
/** A row of the final table; `goal` is [limit, format] or undefined for figures without a goal. */
function row(what, value, format, goal, how) {
  rows.push({ what, figure: format(value), goal: goal === undefined ? '—' : `≤ ${format(goal)}`, met: goal === undefined ? '' : value <= goal ? 'met' : 'MISSED', how });
}
/** A row whose goal is a floor (a rate). */
function rowAtLeast(what, value, format, goal, how) {
  rows.push({ what, figure: format(value), goal: `≥ ${format(goal)}`, met: value >= goal ? 'met' : 'MISSED', how });
}
const perSecond = (v) => `${Math.round(v)}/s`;

const version = (() => {
  try {
    return execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'Chromium (version unknown)';
  }
})();
log(`fair-witness bench:ext · ${version} (headless) · ${cpus().length} CPUs · load average ${loadavg()[0].toFixed(2)} at start`);
log(`extension: ${extensionDir} (production build, unmodified; loaded from a copy made at launch)\n`);

// 4. Sizes
if (ONLY.has('size')) {
  // A page's first load is its bundle and the chunks it imports statically (scripts/bundle-sizes.mjs);
  // the import's reader, the "More" view, the proof view and the paste reader load on first use.
  for (const file of ['content.js', 'popup.js', 'background.js', 'page-tap.js', 'stats.js']) {
    const { files, raw, gzip } = firstLoad(extensionDir, file);
    row(`gzip -9 size of ${files.join(' + ')}`, gzip, kb, BUDGETS[file], `${kb(raw)} minified`);
  }
  const onDemand = readdirSync(join(extensionDir, 'chunks')).filter((file) => /^popup-(?!chunk-).*\.js$/.test(file));
  for (const chunk of onDemand) {
    const { raw, gzip } = firstLoad(extensionDir, `chunks/${chunk}`);
    row(`gzip -9 size of chunks/${chunk} (on first use, with what it imports)`, gzip, kb, undefined, `${kb(raw)} minified`);
  }
}

// 6. The core in the page, against the reference procedure in the same page (a ratio: higher is better).
if (ONLY.has('core')) {
  log('6. the core in the page: Keno rounds with @noble/hashes vs the reference procedure with js-sha3');
  const core = await measureCore();
  log(`  core ${Math.round(core.noble)} rounds/s, reference ${Math.round(core.reference)} rounds/s, median ratio of ${core.slices} slices ${core.ratio.toFixed(2)}×\n`);
  rows.push({
    what: 'Core in the page, Keno rounds/s vs the reference procedure (js-sha3), same page',
    figure: `${core.ratio.toFixed(2)}×`,
    goal: '≥ 1.00×',
    met: core.ratio >= 1 ? 'met' : 'MISSED',
    how: `core ${Math.round(core.noble)}/s, reference ${Math.round(core.reference)}/s; median of ${core.slices} alternating slices`,
  });
}

// Unseeded: every reset starts seed pairs the store has never seen (the badge test needs new rounds).
const casino = await startDemoCasino();
try {
  // 2. Scan
  if (ONLY.has('scan')) {
    log('2. content-script scan of a 1 000-row history page');
    const session = await launchWithExtension(casino.port);
    try {
      const scan = await measureScan(casino, session, { log });
      log(`  ${scan.rows} rows, ${scan.elements} elements on the page`);
      log(`  load: ${scan.load.scans.length} scans by the scheduler as the page parsed: ${scan.load.scans.map(ms).join(', ')}`);
      log(`  load: JSON tap (page-tap.js, the XHR's 1 000 rounds): ${ms(scan.load.jsonTap)}; longest task of the page ${ms(scan.load.pageLongestTask)}`);
      log(`  load: long tasks seen by the page: ${scan.longTasksDuringLoad.length} (${scan.longTasksDuringLoad.map(ms).join(', ')})`);
      log(`  rescans after a new row: ${scan.rescan.scans.map(ms).join(', ')}`);
      log(`  rescans: long tasks seen by the page: ${scan.rescan.longTasks.length} (${scan.rescan.longTasks.map(ms).join(', ')})\n`);
      row('Scan of the 1 000-row page (rescan after a new row, median)', scan.rescan.medianScan, ms, 20, `${scan.rescan.scans.length} rescans, trace: content.js call from its idle callback`);
      row('Longest extension run in one task, rescans', scan.rescan.longestTask.extensionMs, ms, 50, `trace: content.js time within one task (whole task ${ms(scan.rescan.longestTask.ms)})`);
      row('First full scan at page load (cold)', scan.load.longestScan, ms, 20, `longest of ${scan.load.scans.length} load scans`);
      row('Longest extension run in one task, page load', scan.load.longestTask.extensionMs, ms, 50, `content.js + page-tap.js (JSON tap) time within one task (whole task ${ms(scan.load.longestTask.ms)})`);
      row('First whole scan of the 1 000-row page: longest task of the content script', scan.load.longestCall, ms, 50, `longest of ${scan.load.calls} content.js calls while the page loaded (the scan's slices); ${ms(scan.load.callsTotal)} in all`);
      const shadow = await measureScan(casino, session, { path: '/casino/shadow', log });
      log(`  shadow roots: ${shadow.rows} rows inside nested open shadow roots; load: ${shadow.load.calls} content.js calls, ${ms(shadow.load.callsTotal)} in all; rescans ${shadow.rescan.scans.map(ms).join(', ')}\n`);
      row('Shadow DOM page (1 000 rows in nested open shadow roots): first scan, longest task', shadow.load.longestCall, ms, 50, `longest of ${shadow.load.calls} content.js calls while the page loaded; ${ms(shadow.load.callsTotal)} in all`);
      row('Shadow DOM page: rescan after a new row (median)', shadow.rescan.medianScan, ms, 20, `${shadow.rescan.scans.length} rescans; longest task ${ms(shadow.rescan.longestTask.extensionMs)}`);
    } finally {
      await session.close();
    }
  }

  // 6. Taps
  if (ONLY.has('taps')) {
    log('6. page-world taps: time per message on the page\'s thread (bursts of 200, the per-second budget)');
    const session = await launchWithExtension(casino.port);
    try {
      for (const tap of await measureTaps(casino, session, { runs: RUNS })) {
        log(`  ${tap.what} (${kb(tap.bytes)}): in the page's event ${tap.inEvent.toFixed(4)} ms, on the page's thread in all ${tap.total.toFixed(3)} ms; longest call of page-tap.js ${ms(tap.longestTap)}, of content.js ${ms(tap.longestContent)}; tap events per burst ${tap.tapEvents.join(', ')}`);
        row(`Tap: ${tap.what}, per message (${RUNS} bursts of ${tap.burst})`, tap.total, (value) => `${value.toFixed(3)} ms`, undefined, `trace: page-tap.js + content.js; in the page's event ${tap.inEvent.toFixed(4)} ms; longest call ${ms(tap.longestTap)} (page-tap.js), ${ms(tap.longestContent)} (content.js)`);
      }
      log('');
    } finally {
      await session.close();
    }
  }

  // 3. Badge, empty store
  if (ONLY.has('badge')) {
    log(`3. capture → badge latency, ${BADGE_ROUNDS} bets and ${BADGE_ROUNDS} reveals each`);
    const session = await launchWithExtension(casino.port);
    try {
      for (const domOnly of [false, true]) {
        const label = domOnly ? 'DOM only' : 'as served';
        const badge = await measureBadge(casino, session, { rounds: BADGE_ROUNDS, domOnly });
        const from = domOnly ? 'DOM update' : 'API answer';
        log(`  ${label}: bet → badge title, from ${from}: ${badge.bets.all.map(ms).join(', ')}`);
        log(`  ${label}: reveal → badge text, from ${from}: ${badge.reveals.all.map(ms).join(', ')}  (badge now "${badge.reveals.last}")`);
        const how = domOnly ? 'API answers relabelled text/plain: DOM scan only' : 'JSON tap (+ DOM scan)';
        const notes = (s) => `${how}; max ${ms(s.captureMax)}; from DOM update ${ms(s.fromDom)}, from API answer ${ms(s.fromResponse)}${s.missed ? `; ${s.missed} never changed (10 s)` : ''}`;
        row(`Bet → badge title, ${label}, from ${from} (median of ${BADGE_ROUNDS})`, badge.bets.capture, ms, 300, notes(badge.bets));
        row(`Reveal → badge text, ${label}, from ${from} (median of ${BADGE_ROUNDS})`, badge.reveals.capture, ms, 300, notes(badge.reveals));
      }
      log('');
    } finally {
      await session.close();
    }
  }

  // 1. Popup with ROUNDS stored (and the badge again, with that store)
  if (ONLY.has('popup')) {
    log(`1. popup first paint with ${ROUNDS} stored rounds`);
    const session = await launchWithExtension(casino.port);
    try {
      const made = performance.now();
      const { claims, expected } = playRounds(ROUNDS);
      log(`  played ${expected.rounds} rounds with the demo casino's engine in ${((performance.now() - made) / 1000).toFixed(1)} s: ${expected.verified} verified, ${expected.pending} pending, ${expected.mismatch} mismatch`);
      // First a small store, for the popup's cost that does not depend on the number of rounds.
      const origin = casino.origin.replace(/:\d+$/, '');
      const small = Math.min(claims.length, 101); // the first pair's sighting and 100 rounds
      await fillStore(session, origin, claims.slice(0, small));
      const baseline = await measurePopup(session, RUNS);
      const smallCount = baseline.warm.count;
      log(`  baseline with a small store ("${smallCount}"): rows painted at ${baseline.warm.all.map(ms).join(', ')} (FCP ${ms(baseline.warm.fcp)}); worker stopped first ${baseline.cold.all.map(ms).join(', ')}`);
      let shown = 0;
      const fill = await fillStore(session, origin, claims.slice(small), (line) => {
        if (++shown % 5 === 0) log(line);
      });
      const summary = await askSummary(session);
      log(`  stored through the worker in ${(fill.ms / 1000).toFixed(1)} s (${Math.round((claims.length - small) / (fill.ms / 1000))} claims/s); summary: ${JSON.stringify(summary.counts)}`);
      if (summary.total !== expected.rounds || summary.counts.verified !== expected.verified || summary.counts.mismatch !== expected.mismatch) {
        throw new Error(`the store does not hold the rounds played: ${JSON.stringify(summary.counts)} vs ${JSON.stringify(expected)}`);
      }
      const popup = await measurePopup(session, RUNS);
      log(`  worker running: rows painted at ${popup.warm.all.map(ms).join(', ')} (FCP ${ms(popup.warm.fcp)}); "${popup.warm.count}", ${popup.warm.rowCount} rows drawn`);
      log(`  worker busy per opening (its thread's tasks, traced): ${popup.warm.workerBusy.map(ms).join(', ')}; its last task ended ${popup.warm.workerDoneAt.map(ms).join(', ')} after the first${popup.warm.workerCutOff ? ' (still working at the end of the trace: the popup asks for the summary again every 2 s while open, a task or two of that may be counted)' : ''}`);
      log(`  waited for an idle worker before each opening: ${popup.warm.busyBefore.map(ms).join(', ')} (at least 8 pings 100 ms apart)`);
      log(`  worker stopped first: rows painted at ${popup.cold.all.map(ms).join(', ')} (FCP ${ms(popup.cold.fcp)})`);
      rowAtLeast(`Claims stored per second through the worker, history page (${claims.length - small} claims)`, (claims.length - small) / (fill.ms / 1000), perSecond, 5000, `${(fill.ms / 1000).toFixed(1)} s; batches of 200 from casino tabs, 2 in flight`);
      row(`Worker busy after a popup opening, ${ROUNDS} rounds (median of ${RUNS})`, median(popup.warm.workerBusy), ms, 100, `its thread's task time, traced, until ${1.5} s after rows painted; baseline small store ${ms(median(baseline.warm.workerBusy))}`);
      row(`Popup first paint of rows, small store (${smallCount}), worker running (median of ${RUNS})`, baseline.warm.painted, ms, 200, `baseline: rows in DOM ${ms(baseline.warm.rows)}, FCP ${ms(baseline.warm.fcp)}`);
      row(`Popup first paint of rows, ${ROUNDS} rounds, worker running (median of ${RUNS})`, popup.warm.painted, ms, 200, `rows in DOM ${ms(popup.warm.rows)}, FCP ${ms(popup.warm.fcp)}`);
      row(`Popup first paint of rows, ${ROUNDS} rounds, worker stopped first (median of ${RUNS})`, popup.cold.painted, ms, 200, `rows in DOM ${ms(popup.cold.rows)}, FCP ${ms(popup.cold.fcp)}`);
      if (ONLY.has('badge')) {
        await waitForIdleWorker(session);
        const badge = await measureBadge(casino, session, { rounds: BADGE_ROUNDS, revealKey: 'title' });
        log(`  badge with ${ROUNDS} stored (timed by the title: the text shows "k+" or the mismatch count): bet ${badge.bets.all.map(ms).join(', ')}; reveal ${badge.reveals.all.map(ms).join(', ')}`);
        row(`Bet → badge title, ${ROUNDS} rounds stored, from API answer (median of ${BADGE_ROUNDS})`, badge.bets.capture, ms, 300, `as served; max ${ms(badge.bets.captureMax)}`);
        row(`Reveal → badge title, ${ROUNDS} rounds stored, from API answer (median of ${BADGE_ROUNDS})`, badge.reveals.capture, ms, 300, `as served; max ${ms(badge.reveals.captureMax)}`);
      }
      log('');
    } finally {
      await session.close();
    }
  }

  // 5. Import
  if (ONLY.has('import')) {
    log(`5. Import JSON of a ${IMPORT_ROUNDS}-round export in the history page`);
    const session = await launchWithExtension(casino.port);
    try {
      const run = await measureImport(session, IMPORT_ROUNDS, { log });
      rowAtLeast(`Import of ${IMPORT_ROUNDS} rounds (${run.megabytes.toFixed(0)} MB): rounds per second`, run.roundsPerSecond, perSecond, 5000, `${(run.ms / 1000).toFixed(1)} s in all (one claim a round)`);
      row(`Import of ${IMPORT_ROUNDS} rounds: page heap peak`, run.heapPeak / 1048576, (v) => `${v.toFixed(1)} MB`, undefined, `baseline, whole file parsed at once: ${(run.baseline.heapPeak / 1048576).toFixed(1)} MB`);
      row(`Import of ${IMPORT_ROUNDS} rounds: longest task of the page`, run.longestTask, ms, 50, `baseline, whole file parsed at once: ${ms(run.baseline.longestTask)}`);
      row(`Import of ${IMPORT_ROUNDS} rounds: worker answer to another page, max`, run.workerMax, ms, undefined, `median ${ms(run.workerMedian)}`);
      log('');
    } finally {
      await session.close();
    }
  }
  // 6. A million stored rounds
  if (ONLY.has('scale')) {
    log(`6. ${SCALE_ROUNDS} stored rounds, seeded straight into IndexedDB`);
    const session = await launchWithExtension(casino.port);
    try {
      const seeded = await seedStore(session, SCALE_ROUNDS, { log });
      const counts = Object.fromEntries(['verified', 'pending', 'mismatch', 'invalid'].map((status) => [status, Object.values(seeded.tally.games).reduce((sum, game) => sum + game[status], 0)]));
      log(`  seeded ${seeded.rounds} rounds in ${(seeded.ms / 1000).toFixed(1)} s (records built in ${(seeded.buildMs / 1000).toFixed(1)} s): ${JSON.stringify(counts)}`);
      log(`  storage estimate ${mb(seeded.usageBefore)} before, ${mb(seeded.usageAfter)} after; a record's JSON ${seeded.jsonBytes.toFixed(0)} bytes`);
      const summary = await askSummary(session);
      if (summary.total < seeded.rounds || summary.counts.verified !== counts.verified) {
        throw new Error(`the worker does not count the seeded rounds: ${JSON.stringify(summary.counts)} vs ${JSON.stringify(counts)}`);
      }
      row(`IndexedDB bytes per stored round, ${SCALE_ROUNDS} rounds`, seeded.bytesPerRound, (v) => `${Math.round(v)} B`, 1024, `navigator.storage.estimate() growth / rounds; a record's JSON ${seeded.jsonBytes.toFixed(0)} B`);

      const popup = await measurePopup(session, RUNS);
      log(`  popup, worker stopped first: rows painted at ${popup.cold.all.map(ms).join(', ')} (FCP ${ms(popup.cold.fcp)}); "${popup.cold.count}"`);
      log(`  popup, worker running: rows painted at ${popup.warm.all.map(ms).join(', ')}; worker busy before each opening ${popup.warm.busyBefore.map(ms).join(', ')}`);
      row(`Popup first paint of rows, ${SCALE_ROUNDS} rounds, worker stopped first (median of ${RUNS})`, popup.cold.painted, ms, 250, `rows in DOM ${ms(popup.cold.rows)}, FCP ${ms(popup.cold.fcp)}; worker running ${ms(popup.warm.painted)}`);

      await waitForIdleWorker(session);
      const stats = [];
      for (let i = 0; i < Math.min(RUNS, 3); i++) stats.push(await openStatsOnce(session, { cold: true }));
      log(`  statistics page, worker stopped first: figures painted at ${stats.map((s) => ms(s.painted)).join(', ')}; longest task ${stats.map((s) => ms(s.longestTask)).join(', ')}; rounds ${JSON.stringify(stats[0]?.rounds)}`);
      row(`Statistics page, ${SCALE_ROUNDS} rounds: all three games' figures painted (median of ${stats.length})`, median(stats.map((s) => s.painted)), ms, 1500, 'worker stopped first');
      row(`Statistics page, ${SCALE_ROUNDS} rounds: longest task of the page (max of ${stats.length})`, Math.max(...stats.map((s) => s.longestTask)), ms, 200, `long tasks: ${stats.map((s) => s.longTasks.length).join(', ')}`);

      for (const kind of ['json', 'csv']) {
        await waitForIdleWorker(session);
        const run = await measureExport(session, kind, { timeoutMs: EXPORT_TIMEOUT_MS });
        log(`  export ${kind.toUpperCase()}: ${run.error ?? `${(run.ms / 1000).toFixed(1)} s, ${mb(run.bytes)}, ${run.rounds} rounds in the file`}; page heap peak ${mb(run.heapPeak)}`);
        if (!run.error && run.rounds !== seeded.rounds) log(`  the ${kind.toUpperCase()} file holds ${run.rounds} rounds, not ${seeded.rounds}`);
        // A failed export has no figure: a small heap without the file meets nothing.
        row(`Export ${kind.toUpperCase()} of ${SCALE_ROUNDS} rounds: page JS heap peak`, run.error || run.rounds !== seeded.rounds ? NaN : run.heapPeak / 1048576, (v) => (Number.isFinite(v) ? `${v.toFixed(1)} MB` : 'n/a'), 200, run.error ? `failed (heap peak ${mb(run.heapPeak)}): ${run.error}` : `${(run.ms / 1000).toFixed(1)} s, ${mb(run.bytes)}, ${run.rounds} rounds in the file; longest task ${ms(run.longestTask)}`);
      }

      if (ONLY.has('badge')) {
        await waitForIdleWorker(session);
        const badge = await measureBadge(casino, session, { rounds: BADGE_ROUNDS, revealKey: 'title' });
        log(`  badge with ${SCALE_ROUNDS} stored: bet ${badge.bets.all.map(ms).join(', ')}; reveal ${badge.reveals.all.map(ms).join(', ')}`);
        row(`Bet → badge title, ${SCALE_ROUNDS} rounds stored, from API answer (median of ${BADGE_ROUNDS})`, badge.bets.capture, ms, 50, `as served; max ${ms(badge.bets.captureMax)}`);
        row(`Reveal → badge title, ${SCALE_ROUNDS} rounds stored, from API answer (median of ${BADGE_ROUNDS})`, badge.reveals.capture, ms, 50, `as served; max ${ms(badge.reveals.captureMax)}`);
      }
      log('');
    } finally {
      await session.close();
    }
  }
} finally {
  await casino.close();
}

const width = (key) => Math.max(key.length, ...rows.map((r) => String(r[key]).length));
const columns = ['what', 'figure', 'goal', 'met', 'how'];
const header = { what: 'measure', figure: 'figure', goal: 'goal', met: 'met?', how: 'notes' };
const line = (r) => columns.map((key, i) => (i === columns.length - 1 ? String(r[key]) : String(r[key]).padEnd(width(key)))).join('  ');
log(line(header));
log(columns.map((key, i) => '─'.repeat(i === columns.length - 1 ? 5 : width(key))).join('  '));
for (const r of rows) log(line(r));
log(`\nload average ${loadavg()[0].toFixed(2)} at the end · timings vary with the machine and its load: no figure here is asserted`);
