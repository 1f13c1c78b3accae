// The release's version, one in every place a store or a reviewer reads it (package.json, its lock,
// manifest.json, CHANGELOG.md), and the packager's refusal of a version the changelog does not name.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { assertReleased, releases } from '../../scripts/changelog.mjs';
import { packageExtensions, releasedVersion } from '../../scripts/package.mjs';

const repoRoot = join(import.meta.dirname, '..', '..');
const readJson = async (file: string) => JSON.parse(await readFile(join(repoRoot, file), 'utf8'));

describe('the release version', () => {
  test('package.json, package-lock.json, manifest.json and the newest changelog entry agree', async () => {
    const { version } = await readJson('package.json');
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    const lock = await readJson('package-lock.json');
    expect([lock.version, lock.packages[''].version, (await readJson('manifest.json')).version]).toEqual([version, version, version]);
    const [newest] = releases(await readFile(join(repoRoot, 'CHANGELOG.md'), 'utf8'));
    expect(newest?.version).toBe(version);
    expect(newest?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await releasedVersion(repoRoot)).toBe(version);
  });
});

describe('CHANGELOG.md releases', () => {
  const changelog = ['# Changelog', '', '## [Unreleased]', '', '## [1.2.0] - 2027-02-01', '', '- b', '', '## [1.10.0]', '', '## [1.1.0] - 2027-01-01', '- a'].join('\n');

  test('are the dated `## [x.y.z] - date` headings, newest first; Unreleased and an undated heading are none', () => {
    expect(releases(changelog)).toEqual([
      { version: '1.2.0', date: '2027-02-01' },
      { version: '1.1.0', date: '2027-01-01' },
    ]);
  });

  test('a named version passes; any other is refused, saying what to write', () => {
    expect(() => assertReleased('1.1.0', changelog)).not.toThrow();
    expect(() => assertReleased('1.3.0', changelog)).toThrow('CHANGELOG.md has no entry for version 1.3.0 (it names 1.2.0, 1.1.0): add "## [1.3.0] - YYYY-MM-DD"');
    expect(() => assertReleased('1.10.0', changelog)).toThrow('CHANGELOG.md names 1.10.0 without a release date');
    // A version is matched whole, not as a prefix or in the text.
    expect(() => assertReleased('1.1', changelog)).toThrow(/no entry for version 1\.1 /);
    expect(() => assertReleased('1.0.0', '# Changelog\n\nSince 1.0.0 nothing.\n')).toThrow('(it names none)');
  });
});

describe('packageExtensions', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  /** A checkout with only package.json at `version` and the changelog `text`, and an empty dist. */
  async function checkout(version: string, text: string | undefined) {
    const sourceRoot = await mkdtemp(join(tmpdir(), 'fw-release-'));
    dirs.push(sourceRoot);
    await writeFile(join(sourceRoot, 'package.json'), JSON.stringify({ name: 'fair-witness', version }));
    if (text !== undefined) await writeFile(join(sourceRoot, 'CHANGELOG.md'), text);
    return { sourceRoot, distDir: join(sourceRoot, 'dist') };
  }

  test('refuses a version the changelog does not name, before looking for a build', async () => {
    const options = await checkout('2.0.1', '# Changelog\n\n## [2.0.0] - 2027-03-01\n');
    await expect(packageExtensions(options)).rejects.toThrow('will not package 2.0.1: CHANGELOG.md has no entry for version 2.0.1 (it names 2.0.0)');
  });

  test('refuses without a changelog', async () => {
    await expect(packageExtensions(await checkout('2.0.0', undefined))).rejects.toThrow(/^no CHANGELOG\.md in .*\(2\.0\.0\)$/);
  });

  test('goes on to the build once the changelog names the version', async () => {
    const options = await checkout('2.0.0', '# Changelog\n\n## [2.0.0] - 2027-03-01\n');
    await expect(packageExtensions(options)).rejects.toThrow(`no build at ${join(options.distDir, 'chrome')}`);
  });
});
