// The core in the browser (issue #14, item 5): Keno rounds per second of the core's verifyRound
// with @noble/hashes (what the extension's worker runs; trace off, as it verifies stored rounds)
// against the casino's reference procedure with js-sha3 (scripts/bench/reference-baseline.cjs,
// literally: its Buffer is the only thing given to it, a small stand-in), in the same page of
// headless Chromium, on the same rounds. The two alternate on slices of rounds and the median of
// the per-slice ratios is reported, so a change in the machine's load hits both alike.
import { chromium } from 'playwright-core';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromiumPath, median } from './ext-browser.mjs';
import { honestRound } from './honest-rounds.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Honest Keno rounds made by the reference program, as `npm run bench` makes its file. */
function kenoRounds(count) {
  return Array.from({ length: count }, (_, i) => honestRound('keno', i));
}

/** One script for the page: the core's verifyRound and nobleBackend, and the reference program. */
async function pageScript() {
  const emptyFs = {
    name: 'empty-fs',
    setup(b) {
      b.onResolve({ filter: /^fs$/ }, () => ({ path: 'fs', namespace: 'empty' }));
      b.onLoad({ filter: /.*/, namespace: 'empty' }, () => ({ contents: 'module.exports = {};', loader: 'js' }));
    },
  };
  const result = await build({
    stdin: {
      contents: `
        import { verifyRound, nobleBackend } from './src/core/index.ts';
        import reference from './scripts/bench/reference-baseline.cjs';
        globalThis.benchCore = { verifyRound, nobleBackend, reference };`,
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    write: false,
    plugins: [emptyFs],
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

/**
 * @param {{ rounds?: number, slice?: number, runs?: number }} options
 * @returns {Promise<{ noble: number, reference: number, ratio: number, slices: number }>} rounds/s of each, median ratio reference time / core time
 */
export async function measureCore({ rounds = 20_000, slice = 1000, runs = 3 } = {}) {
  const claims = kenoRounds(rounds);
  const script = await pageScript();
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true });
  try {
    const page = await browser.newPage();
    // The reference program reads the stream with Buffer.from(bytes).readUInt32BE(offset): a stand-in.
    await page.addScriptTag({
      content: `globalThis.Buffer = { from: (bytes) => { const view = new DataView(Uint8Array.from(bytes).buffer); return { readUInt32BE: (offset) => view.getUint32(offset) }; } };\n${script}`,
    });
    return await page.evaluate(
      ({ claims, slice, runs }) => {
        const { verifyRound, nobleBackend, reference } = globalThis.benchCore;
        const options = { backend: nobleBackend, trace: false };
        const core = (part) => {
          let verified = 0;
          for (const claim of part) if (verifyRound(claim, options).status === 'verified') verified++;
          return verified;
        };
        // Both compiled and warm before anything is timed.
        core(claims.slice(0, slice));
        reference.verifyRounds(claims.slice(0, slice));
        const ratios = [];
        let coreMs = 0;
        let referenceMs = 0;
        for (let run = 0; run < runs; run++) {
          for (let at = 0; at < claims.length; at += slice) {
            const part = claims.slice(at, at + slice);
            let start = performance.now();
            const verified = core(part);
            const coreTime = performance.now() - start;
            start = performance.now();
            const { matches } = reference.verifyRounds(part);
            const referenceTime = performance.now() - start;
            if (verified !== part.length || matches !== part.length) throw new Error(`core verified ${verified}, the reference matched ${matches} of ${part.length}`);
            ratios.push(referenceTime / coreTime);
            coreMs += coreTime;
            referenceMs += referenceTime;
          }
        }
        const total = runs * claims.length;
        return { noble: (total / coreMs) * 1000, reference: (total / referenceMs) * 1000, ratios };
      },
      { claims, slice, runs },
    ).then(({ noble, reference: procedure, ratios }) => ({ noble, reference: procedure, ratio: median(ratios), slices: ratios.length }));
  } finally {
    await browser.close();
  }
}
