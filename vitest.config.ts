import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects, split by a rule you can read off a file's path (docs/testing.md):
//   unit   everything under test/ that is neither heavy nor e2e: no build, no browser, no server
//   heavy  test/**/*.heavy.test.ts (builds, packages, the CLI as a process), test/fuzz/ (property
//          fuzzing, 1 MB inputs) and test/demo-casino/ (HTTPS servers, openssl); after `npm run build`
//   e2e    test/e2e/: the built extensions in Chromium and Firefox
const HEAVY = ['test/**/*.heavy.test.ts', 'test/fuzz/**/*.test.ts', 'test/demo-casino/**/*.test.ts'];

export default defineConfig({
  test: {
    // A time limit catches a hang, not slowness: on a shared two-core machine a property test that
    // takes 2 s alone can take 8 s (vitest's default limit is 5 s).
    testTimeout: 30_000,
    expect: { requireAssertions: true },
    // vitest's default is one worker fewer than the cores: one worker on a two-core machine. (One
    // value for every project: vitest refuses to run projects with different ones side by side.)
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/e2e/**', ...HEAVY],
          // Each file still runs in a context of its own (module state does not leak between files,
          // the page-lifetime state of capture included), but jsdom and the libraries are loaded once
          // per worker instead of once per file: on two cores 121 s -> ~45 s (docs/testing.md).
          pool: 'vmThreads',
        },
      },
      {
        extends: true,
        test: { name: 'heavy', include: HEAVY },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          // One file at a time: the machine has two cores. Two at a time was measured no faster (a
          // clean run took about as long, each browser starved of the other's core) and made the
          // hostile-page flood time out in both browsers (docs/testing.md).
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
