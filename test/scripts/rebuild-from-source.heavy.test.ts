// What the reviewer notes promise (store/amo-reviewer-notes.md): the source zip, unpacked into a
// fresh folder, with `npm ci` and `npm run package` there, gives the Firefox zip byte for byte.
// The packages come from npm's cache (`npm ci --offline`): a real install, as a reviewer's is. A
// node_modules linked from elsewhere would not do: esbuild follows the link, and the source maps
// would name the other place. The reference is packed from this checkout as `npm run package`
// packs it, but built into a temporary folder beside dist/ (never dist/, which the e2e suites load
// meanwhile): two levels under the checkout, as dist/firefox is, so the maps' relative paths match.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const repoRoot = join(import.meta.dirname, '..', '..');
const version = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')).version as string;
const AMO = 'addons.mozilla.org';
const zips = [
  join('chrome-web-store', `fair-witness-${version}-chrome.zip`),
  join(AMO, `fair-witness-${version}-firefox.zip`),
  join(AMO, `fair-witness-${version}-source.zip`),
];

/** The environment of a fresh shell: none of the npm or vitest settings this test runs under. */
const freshEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|VITEST|NODE_ENV$)/i.test(name)));

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, env: freshEnv, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`\`${command} ${args.join(' ')}\` in ${cwd} failed (${result.status}):\n${result.stderr}${result.stdout}`);
}

describe('a rebuild from the source zip', () => {
  let reference: string;
  let work: string;
  let unpacked: string;
  const took: Record<string, number> = {};
  const timed = (step: string, action: () => void) => {
    const start = performance.now();
    action();
    took[step] = Math.round(performance.now() - start);
  };

  beforeAll(async () => {
    reference = await mkdtemp(join(repoRoot, '.fw-rebuild-'));
    timed('reference build and package', () => {
      execFileSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs'), '--out', reference], { cwd: repoRoot, stdio: 'pipe' });
      execFileSync(process.execPath, [join(repoRoot, 'scripts', 'package.mjs'), '--dist', reference], { cwd: repoRoot, stdio: 'pipe' });
    });
    work = await mkdtemp(join(tmpdir(), 'fw-rebuild-'));
    unpacked = join(work, 'fair-witness');
    for (const [name, data] of Object.entries(unzipSync(await readFile(join(reference, zips[2]!))))) {
      await mkdir(dirname(join(unpacked, name)), { recursive: true });
      await writeFile(join(unpacked, name), data);
    }
    try {
      timed('npm ci --offline', () => run('npm', ['ci', '--offline', '--no-audit', '--no-fund'], unpacked));
    } catch (error) {
      throw new Error(`${(error as Error).message}\nnpm's cache lacks a package of package-lock.json: run \`npm ci\` once with network, then this test again`);
    }
    timed('npm run package', () => run('npm', ['run', 'package'], unpacked));
    console.info(`rebuild from the source zip, ms: ${JSON.stringify(took)}`);
  }, 600_000);
  afterAll(async () => {
    for (const dir of [reference, work]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('gives the zips packed from this checkout, byte for byte (the Firefox zip, and the Chrome and source zips too)', async () => {
    for (const zip of zips) {
      const [ours, rebuilt] = await Promise.all([readFile(join(reference, zip)), readFile(join(unpacked, 'dist', zip))]);
      expect(rebuilt.length, zip).toBeGreaterThan(0);
      expect(rebuilt.equals(ours), `${zip} rebuilt from the source zip differs from the one packed here`).toBe(true);
    }
  });

  test('`npm run package` there refuses a version CHANGELOG.md does not name, before building', async () => {
    const [major, minor, patch] = version.split('.').map(Number);
    const next = `${major}.${minor}.${patch! + 1}`;
    const packageJson = join(unpacked, 'package.json');
    await writeFile(packageJson, (await readFile(packageJson, 'utf8')).replace(`"version": "${version}"`, `"version": "${next}"`));
    const built = (await stat(join(unpacked, 'dist', 'firefox', 'manifest.json'))).mtimeMs;
    const result = spawnSync('npm', ['run', 'package'], { cwd: unpacked, env: freshEnv, encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`package: will not package ${next}: CHANGELOG.md has no entry for version ${next} (it names ${version}`);
    expect(result.stderr).toContain(`add "## [${next}] - YYYY-MM-DD"`);
    expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    expect((await stat(join(unpacked, 'dist', 'firefox', 'manifest.json'))).mtimeMs, 'the build ran').toBe(built);
  });
});
