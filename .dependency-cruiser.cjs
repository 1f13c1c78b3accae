// The layers of src/, checked by `npm test` (test/scripts/boundaries.test.ts) and by hand with
//   npx depcruise src --config .dependency-cruiser.cjs
// docs/testing.md says what each rule keeps apart and why; docs/design.md has the data flow.
// Paths are relative to the folder cruised from (the repository root, or a test's fixture tree).

/** Folders of the extension pages: each reaches the worker through messages (src/ui/worker-client.ts). */
const PAGES = '^src/(popup|stats|welcome)/';
/** The one module that wraps the extension API, and the content script's native send. */
const EXTENSION_API = ['^src/shared/browser\\.ts$', '^src/shared/browser-send\\.ts$', 'node_modules/webextension-polyfill/', 'node_modules/@types/chrome/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-is-pure',
      comment:
        'src/core runs unchanged in the worker, the pages and Node: it imports only core files and its two ' +
        'libraries (@noble/hashes, jstat); no browser, DOM or Node module, nothing else from src/.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { pathNot: ['^src/core/', 'node_modules/@noble/hashes/', 'node_modules/jstat/'] },
    },
    {
      name: 'capture-below-worker-and-pages',
      comment: 'The content script (src/capture) talks to the worker by message only and knows nothing of the pages.',
      severity: 'error',
      from: { path: '^src/capture/' },
      to: { path: '^src/(background|popup|stats|welcome|ui|cli)/' },
    },
    {
      name: 'pages-reach-worker-by-message',
      comment: 'The popup, the statistics and welcome pages and their ui kit ask the worker through messages; they never import src/background.',
      severity: 'error',
      from: { path: [PAGES, '^src/ui/'] },
      to: { path: '^src/background/' },
    },
    {
      name: 'pages-share-through-ui',
      comment: 'One page does not import another page\'s files: what two pages share lives in src/ui.',
      severity: 'error',
      from: { path: '^src/(popup|stats|welcome)/' },
      to: { path: PAGES, pathNot: '^src/$1/' },
    },
    {
      name: 'ui-below-pages',
      comment: 'src/ui is the pages\' shared kit: it imports no page, capture, worker or CLI file.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/(popup|stats|welcome|capture|background|cli)/' },
    },
    {
      name: 'pages-read-only-capture-readers',
      comment: 'The popup\'s paste parser reuses capture\'s pure readers (text and JSON), and nothing else of capture.',
      severity: 'error',
      from: { path: [PAGES, '^src/ui/'] },
      to: { path: '^src/capture/', pathNot: '^src/capture/readers/' },
    },
    {
      name: 'pages-read-capture-only-through-paste-parser',
      comment: 'No page file but the paste parser imports src/capture.',
      severity: 'error',
      from: { path: [PAGES, '^src/ui/'], pathNot: '^src/popup/paste-parser\\.ts$' },
      to: { path: '^src/capture/' },
    },
    {
      name: 'capture-readers-are-pure',
      comment:
        'src/capture/readers (field names, labels, the JSON and text readers, claim normalising, the diagnostics tally) ' +
        'works on text and values only, so the page world, the DOM scanner and the popup can all use it: it imports ' +
        'nothing of capture outside itself and nothing but core and shared types.',
      severity: 'error',
      from: { path: '^src/capture/readers/' },
      to: { pathNot: ['^src/capture/readers/', '^src/core/', '^src/shared/(records|capture-channel|claim-kinds|message-limits|label-key)\\.ts$'] },
    },
    {
      name: 'page-world-carries-no-isolated-code',
      comment:
        'src/capture/page-world is bundled into the casino page\'s own world (page-tap.js, 4 KB budget): it takes only ' +
        'its own files and the pure readers, never the DOM scanner, the session or the content script.',
      severity: 'error',
      from: { path: '^src/capture/page-world/' },
      to: { path: ['^src/capture/(dom|session)/', '^src/capture/content\\.ts$'] },
    },
    {
      name: 'page-world-no-extension-api',
      comment:
        'src/capture/page-world runs in the casino page\'s own world, where no extension API exists: nothing it ' +
        'imports, directly or not, may reach webextension-polyfill, chrome or src/shared/browser*.ts.',
      severity: 'error',
      from: { path: '^src/capture/page-world/' },
      to: { path: EXTENSION_API, reachable: true },
    },
    {
      name: 'dom-scan-below-session',
      comment:
        'src/capture/dom reads the document and hands rounds up; the session (timing, outbox, sending) drives it, ' +
        'never the other way round.',
      severity: 'error',
      from: { path: '^src/capture/dom/' },
      to: { path: ['^src/capture/session/', '^src/capture/content\\.ts$', '^src/capture/page-world/'] },
    },
    {
      name: 'shared-below-everything',
      comment: 'src/shared (messages, records, the browser wrapper) is used by every part and imports none of them.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(capture|background|popup|stats|welcome|ui|cli)/' },
    },
    {
      name: 'cli-no-browser-code',
      comment: 'The command line runs in Node: it imports the core and shared types, no extension, page or browser code.',
      severity: 'error',
      from: { path: '^src/cli/' },
      to: {
        path: ['^src/(capture|background|popup|stats|welcome|ui)/', ...EXTENSION_API, 'node_modules/(preact|idb)/'],
      },
    },
    {
      name: 'src-not-from-tests-or-scripts',
      comment: 'What ships never imports test helpers or build scripts.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^(test|scripts)/' },
    },
    {
      name: 'resolvable',
      comment: 'An import that cannot be resolved cannot be checked either.',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '\\.d\\.ts$' },
  },
};
