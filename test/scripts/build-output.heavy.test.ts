// Policy checks on the production build as shipped (dist/), not on the sources: what a store
// reviewer and a careful user would check first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUDGETS, firstLoad } from '../../scripts/bundle-sizes.mjs';

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
// SVG's namespace, and the casino's address the first-run button opens in a tab for the player
// (src/shared/casino.ts): a page the player asked for, never a request of the extension's own.
const ALLOWED_URLS = /^https?:\/\/www\.w3\.org\/|^https:\/\/www\.cloudbet\.com\/en\/casino$/;

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

  it('asks for no permission but unlimitedStorage (the store must not be evicted) and keeps the default content security policy', () => {
    expect(manifest.permissions ?? []).toEqual(['unlimitedStorage']);
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
      // about:blank, srcdoc and blob frames a casino page makes are read too: an input there would go unseen (#23 item 3).
      { matches: casino, js: ['page-tap.js'], run_at: 'document_start', all_frames: true, match_about_blank: true, match_origin_as_fallback: true, world: 'MAIN' },
      { matches: casino, js: ['content.js'], run_at: 'document_start', all_frames: true, match_about_blank: true, match_origin_as_fallback: true },
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

  // The size budgets (also measured by scripts/bench-ext.mjs, from the same scripts/bundle-sizes.mjs):
  // what a page loads first is its bundle and the chunks it imports statically; the proof view, the
  // "More" view and the readers of files and pasted text load when first used. The worker's budget
  // (25 KB) is missed today (about 30 KB): bench:ext prints it, this does not pretend it holds.
  it('keeps the content script, the page tap and the popup\'s first load within their gzip budgets, the rarely used parts on demand', () => {
    for (const file of ['content.js', 'page-tap.js', 'popup.js'] as const) {
      const { gzip, files } = firstLoad(dir, file);
      console.log(`[bundle] ${file}: ${gzip} B gzip (${files.join(' + ')}), budget ${BUDGETS[file]}`);
      expect(gzip, file).toBeLessThanOrEqual(BUDGETS[file]);
    }
    const { files } = firstLoad(dir, 'popup.js');
    expect(files[0]).toBe('popup.js');
    const onDemand = ['proof-view', 'import-file', 'paste-parser', 'more-view'];
    expect(files.filter((file) => onDemand.some((name) => file.includes(`popup-${name}-`)))).toEqual([]);
    // Each is import()ed by the popup or by another part loaded on demand.
    const scripts = filesOf(dir, '.js').map((file) => readFileSync(file, 'utf8')).join('\n');
    for (const name of onDemand) expect(scripts.match(new RegExp(`import\\("\\.\\/(?:chunks\\/)?popup-${name}-[A-Z0-9]+\\.js"\\)`)) !== null, name).toBe(true);
  });
});
