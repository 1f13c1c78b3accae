// `npm run package`: the same sources give byte-identical zips, in one folder per store with its
// listing texts. Builds twice into temporary folders (never dist/, which the e2e suites load
// meanwhile) and packs each build.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { firstLoad } from '../../scripts/bundle-sizes.mjs';
import { REVIEWER_NOTES_NAME, STORE_IMAGES, STORE_IMAGES_DIR, STORE_TEXTS } from '../../scripts/package.mjs';
import { listingSections } from './store-texts.js';

const repoRoot = join(import.meta.dirname, '..', '..');
const version = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')).version as string;
const CHROME_STORE = 'chrome-web-store';
const AMO = 'addons.mozilla.org';
/** Each zip, by where it lies in a packed folder. */
const zipPaths = {
  chrome: join(CHROME_STORE, `fair-witness-${version}-chrome.zip`),
  firefox: join(AMO, `fair-witness-${version}-firefox.zip`),
  source: join(AMO, `fair-witness-${version}-source.zip`),
};

/** Every file of a build but the popup's chunks, whose names carry a content hash. */
const FIXED_FILES = [
  '_locales/de/messages.json',
  '_locales/en/messages.json',
  'background.js',
  'background.js.map',
  'content.js',
  'content.js.map',
  'icons/icon-128.png',
  'icons/icon-16.png',
  'icons/icon-32.png',
  'icons/icon-48.png',
  'manifest.json',
  'page-tap.js',
  'page-tap.js.map',
  'popup-boot.js',
  'popup-boot.js.map',
  'popup.css',
  'popup.html',
  'popup.js',
  'popup.js.map',
  'stats.html',
  'stats.js',
  'stats.js.map',
  'welcome.html',
  'welcome.js',
  'welcome.js.map',
];


interface CentralEntry {
  name: string;
  madeBy: number;
  dosTime: number;
  dosDate: number;
  unixMode: number;
  extraLength: number;
}

/** The central directory, read by hand: what the zip says about each entry besides its bytes. */
function centralDirectory(zip: Buffer): CentralEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    entries.push({
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      madeBy: zip.readUInt8(at + 5),
      dosTime: zip.readUInt16LE(at + 12),
      dosDate: zip.readUInt16LE(at + 14),
      unixMode: zip.readUInt32LE(at + 38) >>> 16,
      extraLength,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

describe('npm run package', () => {
  const runs: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const dir = await mkdtemp(join(tmpdir(), 'fw-package-'));
      execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs'), '--out', dir], { cwd: repoRoot, stdio: 'pipe' });
      execFileSync(process.execPath, [join(repoRoot, 'scripts', 'package.mjs'), '--dist', dir], { cwd: repoRoot, stdio: 'pipe' });
      runs.push(dir);
    }
  }, 300_000); // two builds; minutes on a loaded machine (load 14 on two cores timed out at 120 s)
  afterAll(async () => {
    for (const dir of runs) await rm(dir, { recursive: true, force: true });
  });

  test('two builds of the same sources give byte-identical zips', async () => {
    for (const name of Object.values(zipPaths)) {
      const [first, second] = await Promise.all(runs.map((dir) => readFile(join(dir, name))));
      expect(first!.length, name).toBeGreaterThan(0);
      expect(first!.equals(second!), `${name} differs between two builds`).toBe(true);
    }
  });

  test('each browser zip holds exactly its build, sorted, with fixed times and modes', async () => {
    const dir = runs[0]!;
    for (const target of ['chrome', 'firefox']) {
      const zip = await readFile(join(dir, zipPaths[target as 'chrome' | 'firefox']));
      const entries = centralDirectory(zip);
      // The chunks the build wrote (each with its map), among them the import's reader, loaded on demand.
      const chunks = (await readdir(join(dir, target, 'chunks'))).map((name) => `chunks/${name}`);
      expect(chunks.filter((name) => /^chunks\/popup-import-file-[A-Z0-9]+\.js(\.map)?$/.test(name))).toHaveLength(2);
      const files = [...FIXED_FILES, ...chunks].sort();
      expect(entries.map((entry) => entry.name)).toEqual(files);
      for (const entry of entries) {
        // Unix, 0644 regular file, 1980-01-01 00:00:00, no extra fields (no extended timestamps).
        expect(entry).toMatchObject({ madeBy: 3, unixMode: 0o100644, dosTime: 0, dosDate: (0 << 9) | (1 << 5) | 1, extraLength: 0 });
      }
      const unpacked = unzipSync(zip);
      for (const name of files) {
        const onDisk = await readFile(join(dir, target, ...name.split('/')));
        expect(Buffer.from(unpacked[name]!).equals(onDisk), `${target}/${name}`).toBe(true);
      }
      const manifest = JSON.parse(Buffer.from(unpacked['manifest.json']!).toString('utf8'));
      expect(manifest.version).toBe(version);
      if (target === 'firefox') expect(manifest.browser_specific_settings.gecko.id).toBe('fair-witness@fair-witness.dev');
      else expect(manifest.background.service_worker).toBe('background.js');
    }
  });

  test('the source zip holds what the build needs and no build output or tests', async () => {
    const names = centralDirectory(await readFile(join(runs[0]!, zipPaths.source))).map((entry) => entry.name);
    expect(names).toEqual([...names].sort());
    const needed = ['package.json', 'package-lock.json', 'manifest.json', 'CHANGELOG.md', REVIEWER_NOTES_NAME, 'scripts/build.mjs', 'src/popup/popup.tsx', 'icons/icon-16.png', ...STORE_TEXTS];
    for (const name of needed) expect(names).toContain(name);
    expect(names.filter((name) => /^(dist|node_modules|test)\//.test(name))).toEqual([]);
  });

  test('each store gets one folder: its zip, the listing texts and images as in store/, and for AMO the source zip and the filled reviewer notes', async () => {
    const dir = runs[0]!;
    const texts = STORE_TEXTS.map((path) => basename(path));
    const imagesOf = (store: string) => STORE_IMAGES.filter((image) => image.stores.includes(store)).map((image) => image.name);
    expect(imagesOf(CHROME_STORE).length).toBeGreaterThan(imagesOf(AMO).length);
    expect((await readdir(join(dir, CHROME_STORE))).sort()).toEqual([basename(zipPaths.chrome), ...texts, ...imagesOf(CHROME_STORE)].sort());
    expect((await readdir(join(dir, AMO))).sort()).toEqual([basename(zipPaths.firefox), basename(zipPaths.source), REVIEWER_NOTES_NAME, ...texts, ...imagesOf(AMO)].sort());
    for (const store of [CHROME_STORE, AMO]) {
      for (const path of STORE_TEXTS) expect(await readFile(join(dir, store, basename(path)), 'utf8'), `${store}/${path}`).toBe(await readFile(join(repoRoot, path), 'utf8'));
      for (const name of imagesOf(store)) expect((await readFile(join(dir, store, name))).equals(await readFile(join(repoRoot, STORE_IMAGES_DIR, name))), `${store}/${name}`).toBe(true);
    }
    const notes = await readFile(join(dir, AMO, REVIEWER_NOTES_NAME), 'utf8');
    const npm = execFileSync('npm', ['--version'], { encoding: 'utf8' }).trim();
    expect(notes).toMatch(new RegExp(`built with Node\\.js ${process.version.replaceAll('.', '\\.')} and npm\\s+${npm.replaceAll('.', '\\.')} on`));
    expect(notes).not.toContain('{{');
    // The source zip carries the same notes, for a reviewer who opens it first.
    const source = unzipSync(await readFile(join(dir, zipPaths.source)));
    expect(Buffer.from(source[REVIEWER_NOTES_NAME]!).toString('utf8')).toBe(notes);
  });

  test("every permission and host pattern of each build is justified in both listings' Permissions", async () => {
    for (const target of ['chrome', 'firefox'] as const) {
      const manifest = JSON.parse(Buffer.from(unzipSync(await readFile(join(runs[0]!, zipPaths[target])))['manifest.json']!).toString('utf8'));
      const asked: string[] = [
        ...(manifest.permissions ?? []),
        ...(manifest.optional_permissions ?? []),
        ...(manifest.host_permissions ?? []),
        ...(manifest.optional_host_permissions ?? []),
        ...manifest.content_scripts.flatMap((script: { matches: string[] }) => script.matches),
      ];
      expect(asked.length, target).toBeGreaterThan(0);
      const collected = manifest.browser_specific_settings?.gecko?.data_collection_permissions;
      for (const lang of ['en', 'de']) {
        const section = listingSections(await readFile(join(repoRoot, 'store', `listing.${lang}.md`), 'utf8')).get('Permissions')!;
        for (const permission of asked) expect(section, `${target}: ${permission} (listing.${lang}.md)`).toContain(`\`${permission}\``);
        // The listing says none is requested: true only while the build asks for none.
        if ((manifest.permissions ?? []).length > 0) expect(section, `${target}: listing.${lang}.md says permissions are empty`).not.toMatch(/`permissions` (is empty|ist leer)/);
        if (collected !== undefined) {
          const declared = [...(collected.required ?? []), ...(collected.optional ?? [])];
          expect(section, `${target}: data_collection_permissions`).toContain(`\`data_collection_permissions: ${declared.join(', ')}\``);
        }
      }
    }
  });

  test("the popup bundle has no HTML sink (the build takes Preact's innerHTML assignment out)", async () => {
    // Preact may sit in a chunk the popup shares with its on-demand parts: every script of the build.
    const dir = join(runs[0]!, 'firefox');
    const scripts = (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.js'));
    const code = await Promise.all(scripts.map((name) => readFile(join(dir, name), 'utf8')));
    for (const [index, text] of code.entries()) expect(text, scripts[index]).not.toMatch(/\.innerHTML\s*=[^=]/);
    const firstLoaded = await Promise.all(firstLoad(dir, 'popup.js').files.map((name) => readFile(join(dir, name), 'utf8')));
    expect(firstLoaded.join('\n')).toContain('Fair Witness renders no HTML strings');
    // …and nothing in the sources relies on the sink that was taken out.
    const sources = await readdir(join(repoRoot, 'src'), { recursive: true });
    for (const file of sources.filter((name) => /\.tsx?$/.test(name))) {
      expect(await readFile(join(repoRoot, 'src', file), 'utf8'), file).not.toContain('dangerouslySetInnerHTML');
    }
  });
});
