// Times scanDocument on 1 000-row history pages in a real Chromium (jsdom is far slower and not
// what users run). Not part of the vitest run: timings depend on the machine and its load.
// Usage: node test/capture/bench-scanner-chromium.mjs [path-to-chromium]
// Prints min/median per page shape; exits 1 when a page's fastest scan takes 20 ms or more. Also
// times the capture diagnostics' count of each scan's rounds (capture-tally.ts, as capture-session
// does after every scan): the first count of a page's values, and again once they are known.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const executablePath = process.argv[2] ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
if (!executablePath) {
  console.error('no Chromium found; pass its path');
  process.exit(2);
}

const bundle = await build({
  stdin: { contents: "export { scanDocument } from './src/capture/dom/scanner.ts'; export { captureTally } from './src/capture/readers/capture-tally.ts';", resolveDir: '.', loader: 'ts' },
  bundle: true,
  format: 'iife',
  globalName: 'FairWitnessScanner',
  write: false,
  target: 'chrome111',
});
const SEED = 'ebdd47f05399c7427e5b8814db8217ebb8fe8383523675731ea7bff0dbd9466f';
const CLIENT = 'f05dbc7d0a533722';
const COMMITMENT = '20d223f83a98de9c85ae522c5218928c52c74698e0d167a1c649bdc1b719c64e';
const shorten = (value) => `${value.slice(0, 6)}…${value.slice(-6)}`;
const rows = (make) => Array.from({ length: 1000 }, (_, index) => make(index)).join('');

const pages = {
  'table with a header row': `<h1>Roulette</h1><table><thead><tr><th>Nonce</th><th>Server Seed</th><th>Client Seed</th><th>Result</th></tr></thead><tbody>${rows(
    (index) => `<tr><td>${index}</td><td><span title="${SEED}">${shorten(SEED)}</span></td><td>${CLIENT}</td><td>${index % 37}</td></tr>`,
  )}</tbody></table>`,
  'dt/dd per row': `<h1>Roulette</h1>${rows(
    (index) => `<div><dl><dt>Nonce</dt><dd>${index}</dd><dt>Server Seed</dt><dd>${SEED}</dd><dt>Client Seed</dt><dd>${CLIENT}</dd><dt>Result</dt><dd>${index % 37}</dd></dl></div>`,
  )}`,
  'divs with keno chips': `<h1>Keno</h1><ul>${rows(
    (index) =>
      `<li><div><div><span>Nonce</span></div><div>${index}</div></div><div><span>Commitment</span><span title="${COMMITMENT}">${shorten(COMMITMENT)}</span><button>Copy</button></div><div><span>Drawn Numbers</span><div>${[3, 5, 8, 13, 21, 22, 30, 34, 38, 40].map((number) => `<span>${number}</span>`).join('')}</div></div></li>`,
  )}</ul>`,
  // Labelled, but by column: no element holds one round, so no round forms (every value is counted as in none).
  'columns, no round forms': `<h1>Keno</h1>${['Client Seed', 'Nonce', 'Result'].map((label, column) => `<dl>${rows((index) => `<div><dt>${label}</dt><dd>${column === 0 ? `${SEED.slice(0, 60)}${String(index).padStart(4, '0')}` : index}</dd></div>`)}</dl>`).join('')}`,
};

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
let slow = false;
try {
  for (const [name, body] of Object.entries(pages)) {
    const page = await browser.newPage();
    await page.setContent(`<!doctype html><html><body>${body}</body></html>`);
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const result = await page.evaluate(() => {
      const { scanDocument, captureTally } = globalThis.FairWitnessScanner;
      const times = [];
      const firstCounts = [];
      const knownCounts = [];
      let rounds = 0;
      for (let run = 0; run < 40; run++) {
        const start = performance.now();
        const found = scanDocument(document);
        times.push(performance.now() - start);
        rounds = found.length;
        const tally = captureTally();
        for (const counts of [firstCounts, knownCounts]) {
          const counted = performance.now();
          for (const round of found) tally.count('dom', round.fields, round.fields);
          counts.push(performance.now() - counted);
        }
      }
      for (const list of [times, firstCounts, knownCounts]) list.sort((a, b) => a - b);
      return { rounds, min: times[0], median: times[20], first: firstCounts[0], known: knownCounts[0] };
    });
    console.log(
      `${name}: ${result.rounds} rounds, min ${result.min.toFixed(1)} ms, median ${result.median.toFixed(1)} ms; counted (min) ${result.first.toFixed(2)} ms first, ${result.known.toFixed(2)} ms once known`,
    );
    if (result.min >= 20) slow = true;
    await page.close();
  }
} finally {
  await browser.close();
}
process.exit(slow ? 1 : 0);
