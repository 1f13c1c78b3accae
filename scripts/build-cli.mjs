// Bundles the `fair-witness` command (src/cli/main.ts, with the core) into plain ES modules:
// dist/cli/fair-witness.mjs, which bin/fair-witness.js imports, and dist/cli/verify-worker.mjs, the
// worker thread `verify` starts for large files. Run by `npm run build:cli` and by "prepare" on
// `npm install`; scripts/build.mjs imports it, which builds too.
import { build } from 'esbuild';
import { fileURLToPath, pathToFileURL } from 'node:url';
import path from 'node:path';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const CLI_BUNDLE = path.join(root, 'dist', 'cli', 'fair-witness.mjs');

/** Builds the CLI bundle (and its worker) into `outdir`; resolves to the bundle's path. */
export async function buildCli({ outdir = path.dirname(CLI_BUNDLE) } = {}) {
  await build({
    // The command, and the worker thread that `verify` starts for large files (it finds it next to itself).
    entryPoints: {
      'fair-witness': path.join(root, 'src', 'cli', 'main.ts'),
      'verify-worker': path.join(root, 'src', 'cli', 'verify-worker.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  });
  return path.join(outdir, 'fair-witness.mjs');
}

// Importing this module builds the CLI (scripts/build.mjs does `await import('./build-cli.mjs')`),
// and so does running it.
const direct = process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
try {
  const outfile = await buildCli();
  if (direct) console.log(`built ${path.relative(process.cwd(), outfile) || outfile}`);
} catch (error) {
  if (!direct) throw error;
  // esbuild has already printed the errors with their locations.
  console.error(`build-cli failed: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  process.exit(1);
}
