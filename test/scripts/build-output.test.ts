// Policy checks on the production build as shipped (dist/), not on the sources: what a store
// reviewer and a careful user would check first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { firstLoadFiles } from '../../scripts/first-load.mjs';

const root = join(import.meta.dirname, '..', '..');
const TARGETS = ['chrome', 'firefox'] as const;

function built(target: (typeof TARGETS)[number]): string {
  const dir = join(root, 'dist', target);
  if (!existsSync(join(dir, 'manifest.json'))) throw new Error(`No build at ${dir}: run \`npm run build\` first (npm test does).`);
  return dir;
}

function filesOf(dir: string, ending: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(ending))
    .map((name) => join(dir, name));
}

// Code from strings, and the usual ways to pull in code from elsewhere.
const DYNAMIC_CODE = [
  /\beval\s*\(/,
  // eval or Function passed around as a value (aliased, then called elsewhere).
  /[=(,:?]\s*(?:eval|Function)\b(?!\s*[:.(])/,
  /\bnew\s+Function\s*\(/,
  /\bFunction\s*\(\s*["'`]/,
  /\bset(?:Timeout|Interval)\s*\(\s*["'`]/,
  /\bimportScripts\s*\(/,
  /\bimport\s*\(\s*["'`]https?:/,
];
// XML namespace names in Preact's DOM code are identifiers, not addresses that are fetched.
const ALLOWED_URLS = /^https?:\/\/www\.w3\.org\//;

describe.each(TARGETS)('dist/%s', (target) => {
  const dir = built(target);
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));

  it('has no eval, new Function or string timers in any script', () => {
    const scripts = filesOf(dir, '.js');
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    for (const file of scripts) {
      const code = readFileSync(file, 'utf8');
      for (const pattern of DYNAMIC_CODE) expect(code, `${file} matches ${pattern}`).not.toMatch(pattern);
    }
  });

  it('names no remote address in scripts or pages', () => {
    for (const file of [...filesOf(dir, '.js'), ...filesOf(dir, '.html')]) {
      const urls = readFileSync(file, 'utf8').match(/https?:\/\/[^\s"'`)<>]+/g) ?? [];
      expect(urls.filter((url) => !ALLOWED_URLS.test(url)), file).toEqual([]);
    }
  });

  it('asks for no permission and keeps the default content security policy', () => {
    expect(manifest.permissions ?? []).toEqual([]);
    expect(manifest.optional_permissions).toBeUndefined();
    expect(manifest.host_permissions).toBeUndefined();
    expect(manifest.content_security_policy).toBeUndefined();
    expect(manifest.externally_connectable).toBeUndefined();
    expect(manifest.web_accessible_resources).toBeUndefined();
  });

  it('runs its content scripts on the casino only', () => {
    const matches = new Set(manifest.content_scripts.flatMap((script: { matches: string[] }) => script.matches));
    expect([...matches].sort()).toEqual(['https://*.cloudbet.com/*', 'https://cloudbet.com/*']);
  });

  // Each entry is justified in the README ("Permissions and privacy"); a change must update both.
  it('declares exactly the capabilities the README justifies', () => {
    const casino = ['https://cloudbet.com/*', 'https://*.cloudbet.com/*'];
    expect(manifest.content_scripts).toEqual([
      { matches: casino, js: ['page-tap.js'], run_at: 'document_start', all_frames: true, world: 'MAIN' },
      { matches: casino, js: ['content.js'], run_at: 'document_start', all_frames: true },
    ]);
    expect(manifest.background).toEqual(target === 'chrome' ? { service_worker: 'background.js' } : { scripts: ['background.js'] });
    expect(Object.keys(manifest).sort()).toEqual(
      [
        'action',
        'background',
        'content_scripts',
        'default_locale',
        'description',
        'icons',
        'manifest_version',
        'name',
        'permissions',
        'short_name',
        'version',
        ...(target === 'chrome' ? ['minimum_chrome_version'] : ['browser_specific_settings']),
      ].sort(),
    );
    if (target === 'firefox') expect(manifest.browser_specific_settings.gecko.data_collection_permissions).toEqual({ required: ['none'] });
  });

  it('pages load only the extension\'s own scripts, with no inline code', () => {
    for (const file of filesOf(dir, '.html')) {
      const html = readFileSync(file, 'utf8');
      for (const script of html.match(/<script\b[^>]*>[\s\S]*?<\/script>/g) ?? []) {
        expect(script, file).toMatch(/\ssrc="[./a-z-]+\.js"/);
        expect(script.replace(/<script\b[^>]*>/, '').replace('</script>', '').trim(), file).toBe('');
      }
      expect(html, file).not.toMatch(/\son[a-z]+=/i);
    }
  });

  // The size budget (also measured by scripts/bench-ext.mjs): the popup's bundle and the chunks it imports statically stay within
  // 30 KB gzip; the proof view and the readers of files and pasted text load when first used.
  it('keeps the popup\'s first load within 30 KB gzip, the proof view and the readers on demand', () => {
    const files = firstLoadFiles(dir, 'popup.js');
    expect(files[0]).toBe('popup.js');
    expect(files.filter((file) => /popup-(proof-view|import-file|paste-parser)-/.test(file))).toEqual([]);
    const popup = readFileSync(join(dir, 'popup.js'), 'utf8');
    for (const name of ['proof-view', 'import-file', 'paste-parser']) expect(popup, name).toMatch(new RegExp(`import\\("\\./chunks/popup-${name}-[A-Z0-9]+\\.js"\\)`));
    const gzipped = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length, 0);
    expect(gzipped).toBeLessThanOrEqual(30 * 1024);
  });
});
