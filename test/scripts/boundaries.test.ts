// The import boundaries of src/ (.dependency-cruiser.cjs): the real tree keeps them, and a small
// tree with one deliberately wrong import per rule (test/fixtures/boundaries) breaks each of them,
// so a rule that stopped matching anything would fail here too.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, format, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: IForbiddenRuleType[];
  options: Record<string, unknown>;
};

/** Cruises `<baseDir>/src` with the project's rules; `err` is the text a person would read. */
async function check(baseDir: string): Promise<{ violations: string[]; err: string }> {
  const options = { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden }, baseDir };
  const transpile = { tsConfig: extractTSConfig(path.join(ROOT, 'tsconfig.json')) };
  const output = (await cruise(['src'], options, {}, transpile)).output;
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
  // A module in node_modules is named by where npm put it; only the package matters here.
  const violations = (result.summary.violations ?? []).map(
    ({ rule, from, to }) => `${rule.name}: ${from} → ${to.replace(/^.*node_modules\/((@[^/]+\/)?[^/]+)\/.*$/, '$1')}`,
  );
  const err = String((await format(result, { outputType: 'err' })).output);
  return { violations: violations.sort(), err };
}

describe('import boundaries (.dependency-cruiser.cjs)', { timeout: 60_000 }, () => {
  it('src/ keeps every rule', async () => {
    const { violations, err } = await check(ROOT);
    expect(violations, err).toEqual([]);
  });

  it('each rule fails on its deliberately wrong import, and only there, with the rule and the import named', async () => {
    const { violations, err } = await check(path.join(ROOT, 'test/fixtures/boundaries'));
    expect(violations).toEqual(
      [
        'capture-below-worker-and-pages: src/capture/wrong-worker.ts → src/background/store.ts',
        'cli-no-browser-code: src/cli/wrong-browser.ts → src/shared/browser.ts',
        'core-is-pure: src/core/wrong-node.ts → crypto',
        'core-is-pure: src/core/wrong-shared.ts → src/shared/browser.ts',
        // Through tap-helper.ts: the rule follows imports of imports.
        'page-world-no-extension-api: src/capture/page-world/page-tap.ts → src/shared/browser.ts',
        'page-world-no-extension-api: src/capture/page-world/page-tap.ts → webextension-polyfill',
        'page-world-no-extension-api: src/capture/page-world/tap-helper.ts → src/shared/browser.ts',
        'page-world-no-extension-api: src/capture/page-world/tap-helper.ts → webextension-polyfill',
        'pages-reach-worker-by-message: src/popup/wrong-worker.ts → src/background/store.ts',
        'pages-read-capture-only-through-paste-parser: src/popup/wrong-capture.ts → src/capture/dom/scan.ts',
        'pages-read-only-capture-readers: src/popup/wrong-capture.ts → src/capture/dom/scan.ts',
        'capture-readers-are-pure: src/capture/readers/wrong-dom.ts → src/capture/dom/scan.ts',
        'page-world-carries-no-isolated-code: src/capture/page-world/wrong-dom.ts → src/capture/dom/scan.ts',
        'dom-scan-below-session: src/capture/dom/wrong-session.ts → src/capture/session/send.ts',
        'pages-share-through-ui: src/stats/wrong-popup.ts → src/popup/view.ts',
        'resolvable: src/cli/wrong-missing.ts → ./missing.js',
        'shared-below-everything: src/shared/wrong-capture.ts → src/capture/dom/scan.ts',
        'src-not-from-tests-or-scripts: src/cli/wrong-test.ts → test/helper.ts',
        'ui-below-pages: src/ui/wrong-popup.ts → src/popup/view.ts',
      ].sort(),
    );
    // Every rule of the config is shown failing at least once.
    expect(new Set(violations.map((line) => line.split(':')[0]))).toEqual(new Set(config.forbidden.map((rule) => rule.name)));
    // What `npx depcruise src --config .dependency-cruiser.cjs` prints: the rule, then the import.
    expect(err).toContain('error pages-reach-worker-by-message: src/popup/wrong-worker.ts → src/background/store.ts');
    expect(err).toMatch(/x \d+ dependency violations/);
  });
});
