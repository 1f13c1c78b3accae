// Builds the unpacked extensions (dist/chrome, dist/firefox) from src/ and the one manifest.json,
// and the CLI (dist/cli). Usage: node scripts/build.mjs [--watch]
import { build } from 'esbuild';
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const targets = ['chrome', 'firefox'];

/** Per-browser manifest differences, merged over manifest.json. */
const manifestOverlays = {
  chrome: (manifest) => manifest,
  // Firefox has no extension service workers: the same bundle runs as a background script.
  // MAIN-world content scripts need Firefox 128.
  firefox: ({ minimum_chrome_version: _chromeOnly, background, ...manifest }) => ({
    ...manifest,
    background: { scripts: [background.service_worker] },
    browser_specific_settings: {
      gecko: {
        id: 'fair-witness@fair-witness.dev',
        strict_min_version: '128.0',
        data_collection_permissions: { required: ['none'] },
      },
    },
  }),
};

// Content scripts are classic scripts (no module loading in content worlds); pages and the worker are ESM.
const entries = [
  { in: 'src/capture/content.ts', out: 'content', format: 'iife' },
  { in: 'src/capture/page-tap.ts', out: 'page-tap', format: 'iife' },
  { in: 'src/background/worker.ts', out: 'background', format: 'iife' },
  { in: 'src/popup/popup.tsx', out: 'popup', format: 'esm' },
];

const staticFiles = ['src/popup/popup.html', 'src/popup/popup.css'];

async function buildTarget(target) {
  const outdir = join(root, 'dist', target);
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  for (const entry of entries) {
    await build({
      entryPoints: { [entry.out]: join(root, entry.in) },
      outdir,
      bundle: true,
      format: entry.format,
      target: ['chrome111', 'firefox128'],
      // Minified to meet the size budgets; the linked source maps carry the readable sources.
      sourcemap: 'linked',
      minify: true,
      legalComments: 'none',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });
  }
  for (const file of staticFiles) await cp(join(root, file), join(outdir, file.split('/').pop()));
  await cp(join(root, 'icons'), join(outdir, 'icons'), { recursive: true, filter: (src) => !src.endsWith('.svg') });
  await cp(join(root, 'src', '_locales'), join(outdir, '_locales'), { recursive: true });
  const manifest = JSON.parse(await readFile(join(root, 'manifest.json'), 'utf8'));
  manifest.version = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).version;
  await writeFile(join(outdir, 'manifest.json'), `${JSON.stringify(manifestOverlays[target](manifest), null, 2)}\n`);
}

for (const target of targets) await buildTarget(target);
await import('./build-cli.mjs');
console.log(`built ${targets.map((t) => `dist/${t}`).join(', ')} and dist/cli`);
