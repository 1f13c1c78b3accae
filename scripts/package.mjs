// Packs the built extensions for the stores, reproducibly: the same sources give byte-identical zips.
//   node scripts/package.mjs --build     builds dist/chrome and dist/firefox first (`npm run package`)
//   node scripts/package.mjs             dist/chrome, dist/firefox -> dist/chrome-web-store/ and
//                                        dist/addons.mozilla.org/ (STORES: the zips, the store/ texts
//                                        and images, for AMO the source zip and the reviewer notes)
//   node scripts/package.mjs --dist DIR  the same from and into DIR (tests build elsewhere)
// The version is package.json's (the build writes it into the manifests), and only a version that
// CHANGELOG.md names as released is packed.
//
// Reproducible: entries sorted by path (bytewise), files only (no directory entries), every
// timestamp 1980-01-01 00:00:00 (the zip epoch), every mode 0644 (Unix), no extra fields, and
// deflate from fflate, which is plain JavaScript: node:zlib's output can differ between Node
// versions and even CPUs (its zlib picks SIMD code paths at run time), fflate's cannot.
//
// The source zip is what addons.mozilla.org asks of add-ons whose code is bundled and minified:
// everything `npm ci && npm run package` needs to rebuild dist/firefox (store/amo-reviewer-notes.md
// says how), and nothing else.
import { deflateSync, zipSync } from 'fflate';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { assertReleased } from './changelog.mjs';
import { reviewerNotes } from './reviewer-notes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export const TARGETS = ['chrome', 'firefox'];

/** What the source zip holds: files and folders at the top of the repository. */
export const SOURCE_PATHS = [
  'README.md',
  'CHANGELOG.md',
  'LICENSE',
  'package.json',
  'package-lock.json',
  'manifest.json',
  'tsconfig.json',
  'tsconfig.core.json',
  'bin',
  'icons',
  'src',
  'scripts/build.mjs',
  'scripts/build-cli.mjs',
  'scripts/bundle-sizes.mjs',
  'scripts/changelog.mjs',
  'scripts/package.mjs',
  'scripts/reviewer-notes.mjs',
  'store',
];

/** The zip epoch, in local time: fflate writes DOS timestamps from the local clock fields. */
const FIXED_TIME = new Date(1980, 0, 1, 0, 0, 0);
const UNIX = 3;
const FILE_MODE = 0o100644;

/** Every file under `dir`, as forward-slash paths relative to `base`. */
async function filesUnder(dir, base = dir) {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path, base)));
    else if (entry.isFile()) found.push(relative(base, path).split(sep).join('/'));
    else throw new Error(`not a file or folder: ${path}`);
  }
  return found;
}

/** Compares strings by UTF-16 code units (JavaScript's default sort), independent of the locale. */
const byPath = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A zip of `files` (path -> bytes) that depends on nothing else: same input, same bytes.
 * Paths go in sorted; an all-digit path would be reordered by the object fflate takes, so none may be.
 */
export function reproducibleZip(files) {
  const paths = [...files.keys()].sort(byPath);
  const entries = {};
  for (const path of paths) {
    if (/^\d+$/.test(path)) throw new Error(`an all-digit path cannot keep its place in the zip: ${path}`);
    const data = files.get(path);
    // Stored when deflate does not shrink it (the PNG icons): also a function of the bytes alone.
    const level = deflateSync(data, { level: 9 }).length < data.length ? 9 : 0;
    entries[path] = [data, { level, mtime: FIXED_TIME, os: UNIX, attrs: FILE_MODE << 16 }];
  }
  return zipSync(entries);
}

async function readAll(base, paths) {
  const files = new Map();
  for (const path of paths) files.set(path, await readFile(join(base, ...path.split('/'))));
  return files;
}

/** A refusal to pack, with what to do: printed as it is, without a stack. */
export class PackageRefusal extends Error {}

/** package.json's version, once the changelog names it as released. */
export async function releasedVersion(sourceRoot = root) {
  const { version } = JSON.parse(await readFile(join(sourceRoot, 'package.json'), 'utf8'));
  const changelog = join(sourceRoot, 'CHANGELOG.md');
  if (!existsSync(changelog)) throw new PackageRefusal(`no CHANGELOG.md in ${sourceRoot}: a store package needs the changelog entry of its version (${version})`);
  try {
    assertReleased(version, await readFile(changelog, 'utf8'));
  } catch (error) {
    throw new PackageRefusal(`will not package ${version}: ${error.message}`);
  }
  return version;
}

/**
 * One folder per store in `distDir`, each emptied first: its browser's zip, the listing texts and,
 * for addons.mozilla.org, the source zip and the notes for its reviewer.
 */
export const STORES = [
  { folder: 'chrome-web-store', target: 'chrome', source: false },
  { folder: 'addons.mozilla.org', target: 'firefox', source: true },
];
/** Copied into every store's folder under their own names. */
export const STORE_TEXTS = ['store/listing.en.md', 'store/listing.de.md', 'store/privacy-policy.md'];
const REVIEWER_NOTES = 'store/amo-reviewer-notes.md';

/**
 * The store images in store/images/, made from the real build by `npm run store-images`
 * (test/e2e/store-images.ts) and committed; copied into the folders of the stores that take them.
 * Screenshots 1280×800 for both stores, the small promo tile 440×280 for the Chrome Web Store only.
 * test/scripts/store-images.test.ts checks each file's pixel size.
 */
const SCREENSHOT = { width: 1280, height: 800, stores: ['chrome-web-store', 'addons.mozilla.org'] };
const PROMO_TILE = { width: 440, height: 280, stores: ['chrome-web-store'] };
export const STORE_IMAGES = ['en', 'de'].flatMap((lang) => [
  ...[1, 2, 3, 4].map((n) => ({ name: `screenshot-${n}-${lang}.png`, ...SCREENSHOT })),
  { name: `promo-tile-${lang}.png`, ...PROMO_TILE },
]);
export const STORE_IMAGES_DIR = 'store/images';
/** The filled reviewer notes' name, in the AMO folder and at the source zip's root (where a reviewer looks first). */
export const REVIEWER_NOTES_NAME = 'REVIEWER-NOTES.md';

/** The zip of the build in `dir`, once its manifest says `version`. */
async function browserZip(dir, version) {
  if (!existsSync(join(dir, 'manifest.json'))) throw new PackageRefusal(`no build at ${dir}: run \`npm run build\` first`);
  const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  if (manifest.version !== version) throw new PackageRefusal(`the build at ${dir} is version ${manifest.version}, package.json says ${version}: run \`npm run build\` again`);
  return reproducibleZip(await readAll(dir, await filesUnder(dir)));
}

/** The source zip: SOURCE_PATHS of `sourceRoot`, and the reviewer notes. */
async function sourceZip(sourceRoot, notes) {
  const sourcePaths = [];
  for (const path of SOURCE_PATHS) {
    const full = join(sourceRoot, path);
    if (!existsSync(full)) continue;
    if ((await stat(full)).isDirectory()) sourcePaths.push(...(await filesUnder(full)).map((file) => `${path}/${file}`));
    else sourcePaths.push(path);
  }
  const files = await readAll(sourceRoot, sourcePaths);
  files.set(REVIEWER_NOTES_NAME, Buffer.from(notes));
  return reproducibleZip(files);
}

/**
 * Packs `distDir/<target>` into one folder per store (STORES); resolves to the written paths.
 * `build` first builds the extensions into `distDir` (from this checkout: `sourceRoot` must be it).
 */
export async function packageExtensions({ distDir = join(root, 'dist'), sourceRoot = root, build = false } = {}) {
  // Before the build: a refused version costs no build time.
  const version = await releasedVersion(sourceRoot);
  if (build) {
    const { buildExtension } = await import('./build.mjs');
    for (const target of TARGETS) await buildExtension(target, join(distDir, target));
  }
  const zips = new Map();
  for (const target of TARGETS) zips.set(target, await browserZip(join(distDir, target), version));
  const { dependencies } = JSON.parse(await readFile(join(sourceRoot, 'package.json'), 'utf8'));
  const notes = reviewerNotes(await readFile(join(sourceRoot, REVIEWER_NOTES), 'utf8'), { version, dependencies });
  const texts = await readAll(sourceRoot, STORE_TEXTS);
  const missing = STORE_IMAGES.filter((image) => !existsSync(join(sourceRoot, STORE_IMAGES_DIR, image.name)));
  if (missing.length > 0) throw new PackageRefusal(`no ${missing.map((image) => `${STORE_IMAGES_DIR}/${image.name}`).join(', ')}: run \`npm run build && npm run store-images\``);
  const images = await readAll(join(sourceRoot, STORE_IMAGES_DIR), STORE_IMAGES.map((image) => image.name));

  const written = [];
  for (const store of STORES) {
    const folder = join(distDir, store.folder);
    const files = new Map([[`fair-witness-${version}-${store.target}.zip`, zips.get(store.target)]]);
    for (const [path, text] of texts) files.set(basename(path), text);
    for (const image of STORE_IMAGES) if (image.stores.includes(store.folder)) files.set(image.name, images.get(image.name));
    if (store.source) {
      files.set(`fair-witness-${version}-source.zip`, await sourceZip(sourceRoot, notes));
      files.set(REVIEWER_NOTES_NAME, Buffer.from(notes));
    }
    // Emptied: a zip of an earlier version left beside this one could be uploaded by mistake.
    await rm(folder, { recursive: true, force: true });
    await mkdir(folder, { recursive: true });
    for (const [name, data] of files) {
      await writeFile(join(folder, name), data);
      written.push(join(folder, name));
    }
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { dist: { type: 'string' }, build: { type: 'boolean' } } });
  try {
    const written = await packageExtensions({ ...(values.dist === undefined ? {} : { distDir: resolve(values.dist) }), build: values.build === true });
    for (const path of written) console.log(`wrote ${relative(process.cwd(), path) || path} (${(await stat(path)).size} bytes)`);
  } catch (error) {
    if (!(error instanceof PackageRefusal)) throw error;
    console.error(`package: ${error.message}`);
    process.exitCode = 1;
  }
}
