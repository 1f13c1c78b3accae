// Builds the unpacked extensions (dist/chrome, dist/firefox) from src/ and the one manifest.json,
// and the CLI (dist/cli).
//   node scripts/build.mjs             extensions into dist/chrome and dist/firefox, the CLI into dist/cli
//   node scripts/build.mjs --out DIR   the extensions only, into DIR/chrome and DIR/firefox (the CLI
//                                      lives in dist/cli, where bin/fair-witness.js finds it)
import { build } from 'esbuild';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { minify } from 'terser';
import { staticClosure } from './bundle-sizes.mjs';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const targets = ['chrome', 'firefox'];

/** Per-browser manifest differences, merged over manifest.json. */
const manifestOverlays = {
  chrome: (manifest) => manifest,
  // Firefox has no extension service workers: the same bundle runs as a background script (an
  // event page, which Firefox suspends when idle much as Chrome stops the worker).
  // MAIN-world content scripts need Firefox 128; the data_collection_permissions key, which
  // addons.mozilla.org requires of new add-ons, is read from Firefox 140 (the current ESR) and from
  // Firefox for Android 142. Older versions would ignore it, so they are not claimed.
  firefox: ({ minimum_chrome_version: _chromeOnly, background, ...manifest }) => ({
    ...manifest,
    background: { scripts: [background.service_worker] },
    browser_specific_settings: {
      gecko: {
        id: 'fair-witness@fair-witness.dev',
        strict_min_version: '140.0',
        data_collection_permissions: { required: ['none'] },
      },
      gecko_android: { strict_min_version: '142.0' },
    },
  }),
};

// Content scripts are classic scripts (no module loading in content worlds); pages and the worker are ESM.
const entries = [
  { in: 'src/capture/content.ts', out: 'content', format: 'iife' },
  { in: 'src/capture/page-world/page-tap.ts', out: 'page-tap', format: 'iife' },
  { in: 'src/background/worker.ts', out: 'background', format: 'iife' },
  { in: 'src/popup/popup.tsx', out: 'popup', format: 'esm' },
  // Sends the popup's first questions while popup.html is parsed (src/popup/early-asks.ts).
  { in: 'src/popup/boot.ts', out: 'popup-boot', format: 'iife' },
  { in: 'src/stats/stats.tsx', out: 'stats', format: 'esm' },
  { in: 'src/welcome/welcome.tsx', out: 'welcome', format: 'esm' },
];

const staticFiles = ['src/popup/popup.html', 'src/popup/popup.css', 'src/stats/stats.html', 'src/welcome/welcome.html'];

/**
 * Takes Preact's one HTML sink, `dom.innerHTML = props.dangerouslySetInnerHTML.__html`, out of the
 * bundle. Fair Witness renders text only and never uses dangerouslySetInnerHTML (a unit test keeps
 * it so), so the shipped code has no path that parses a string as HTML; AMO's linter
 * (UNSAFE_VAR_ASSIGNMENT) rightly flags the sink otherwise. The replacement throws, so a future use
 * fails loudly instead of rendering nothing. Matching is exact: a Preact upgrade that changes the
 * code fails the build here rather than shipping the sink again.
 */
const noPreactInnerHtml = {
  name: 'no-preact-innerhtml',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]node_modules[\\/]preact[\\/]dist[\\/]preact\.mjs$/ }, async (args) => {
      const code = await readFile(args.path, 'utf8');
      const sink = /\(([\w$]+)\.innerHTML=([\w$]+)\.__html\)/g;
      const found = code.match(sink) ?? [];
      if (found.length !== 1) {
        throw new Error(`expected Preact's one innerHTML assignment in ${args.path}, found ${found.length}: update scripts/build.mjs`);
      }
      const contents = code.replace(sink, '(()=>{throw Error("Fair Witness renders no HTML strings (dangerouslySetInnerHTML)")})()');
      return { contents, loader: 'js' };
    });
  },
};

/** Builds one browser's unpacked extension into `outdir` (emptied first). */
export async function buildExtension(target, outdir) {
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  for (const entry of entries) {
    await build({
      entryPoints: { [entry.out]: join(root, entry.in) },
      outdir,
      bundle: true,
      format: entry.format,
      // Pages (ES modules) load rarely used parts on demand (the import's file reader, the proof
      // view, the paste reader): split into chunks of their own beside the page's bundle. Code they
      // share with the page goes into shared chunks, one per set of users, so names carry a content
      // hash (scripts/bundle-sizes.mjs finds what a page loads first).
      splitting: entry.format === 'esm',
      chunkNames: `chunks/${entry.out}-[name]-[hash]`,
      target: ['chrome111', 'firefox140'],
      // Minified to meet the size budgets; the linked source maps carry the readable sources.
      sourcemap: 'linked',
      minify: true,
      legalComments: 'none',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [noPreactInnerHtml],
      logLevel: 'warning',
    });
  }
  await compactScripts(outdir);
  for (const file of staticFiles) await cp(join(root, file), join(outdir, file.split('/').pop()));
  for (const page of staticFiles.filter((file) => file.endsWith('.html'))) await preloadChunks(outdir, basename(page));
  await cp(join(root, 'icons'), join(outdir, 'icons'), { recursive: true, filter: (src) => !src.endsWith('.svg') });
  await cp(join(root, 'src', '_locales'), join(outdir, '_locales'), { recursive: true });
  const manifest = JSON.parse(await readFile(join(root, 'manifest.json'), 'utf8'));
  manifest.version = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')).version;
  await writeFile(join(outdir, 'manifest.json'), `${JSON.stringify(manifestOverlays[target](manifest), null, 2)}\n`);
}

/**
 * Names a page's statically imported chunks in its HTML as modulepreload links, so they are fetched
 * beside the page's module instead of after it has been read (one round of fetches fewer before the
 * page's code runs: ~50 ms of the popup's opening on a loaded machine).
 */
async function preloadChunks(outdir, page) {
  const html = await readFile(join(outdir, page), 'utf8');
  const script = /^( *)<script type="module" src="([\w.-]+\.js)"><\/script>$/m.exec(html);
  if (!script) return;
  const [tag, indent, entry] = script;
  const links = staticClosure(outdir, entry)
    .slice(1)
    .map((chunk) => `${indent}<link rel="modulepreload" href="${chunk}" />\n`)
    .join('');
  await writeFile(join(outdir, page), html.replace(tag, `${links}${tag}`));
}

/**
 * A second, closer minification of every script esbuild wrote (terser, safe transforms only): about
 * 6 % less after gzip, which keeps the content script and the page tap inside their budgets
 * (scripts/bundle-sizes.mjs). The source maps are carried through, so they still point at src/.
 */
async function compactScripts(outdir) {
  const files = (await readdir(outdir, { recursive: true })).filter((file) => file.endsWith('.js'));
  const classicScripts = new Set(entries.filter((entry) => entry.format === 'iife').map((entry) => `${entry.out}.js`));
  for (const file of files) {
    const path = join(outdir, file);
    const mapPath = `${path}.map`;
    const code = (await readFile(path, 'utf8')).replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '');
    const result = await minify(code, {
      module: !classicScripts.has(file),
      // Hoisting function declarations shortens the content script by ~50 B of gzip (the budget it
      // is closest to) but lengthens the worker by ~500 B: only there.
      compress: { passes: 2, hoist_funs: file === 'content.js' },
      mangle: true,
      sourceMap: { content: await readFile(mapPath, 'utf8'), url: basename(mapPath) },
    });
    await writeFile(path, result.code);
    await writeFile(mapPath, result.map);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const outRoot = values.out === undefined ? join(root, 'dist') : resolve(values.out);
  for (const target of targets) await buildExtension(target, join(outRoot, target));
  if (values.out === undefined) {
    await import('./build-cli.mjs');
    console.log(`built ${targets.map((t) => `dist/${t}`).join(', ')} and dist/cli`);
  } else {
    console.log(`built ${targets.map((t) => join(outRoot, t)).join(', ')}`);
  }
}
