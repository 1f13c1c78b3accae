// Times scanDocument on 1 000-row history pages in a real Chromium (jsdom is far slower and not
// what users run). Not part of the vitest run: timings depend on the machine and its load.
// Usage: node test/capture/bench-scanner-chromium.mjs [path-to-chromium]
// Prints min/median per page shape; exits 1 when a page's fastest scan takes 20 ms or more.
import { build } from 'esbuild';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

const executablePath = process.argv[2] ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(existsSync);
if (!executablePath) {
  console.error('no Chromium found; pass its path');
  process.exit(2);
}

const bundle = await build({ entryPoints: ['src/capture/scanner.ts'], bundle: true, format: 'iife', globalName: 'FairWitnessScanner', write: false, target: 'chrome111' });
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
};

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
let slow = false;
try {
  for (const [name, body] of Object.entries(pages)) {
    const page = await browser.newPage();
    await page.setContent(`<!doctype html><html><body>${body}</body></html>`);
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const result = await page.evaluate(() => {
      const times = [];
      let rounds = 0;
      for (let run = 0; run < 40; run++) {
        const start = performance.now();
        rounds = globalThis.FairWitnessScanner.scanDocument(document).length;
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      return { rounds, min: times[0], median: times[20] };
    });
    console.log(`${name}: ${result.rounds} rounds, min ${result.min.toFixed(1)} ms, median ${result.median.toFixed(1)} ms`);
    if (result.min >= 20) slow = true;
    await page.close();
  }
} finally {
  await browser.close();
}
process.exit(slow ? 1 : 0);
