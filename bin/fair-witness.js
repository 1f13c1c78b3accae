#!/usr/bin/env node
// `fair-witness`: the command is written in TypeScript (src/cli/) and bundled to plain JavaScript
// by scripts/build-cli.mjs, which `npm install` runs through "prepare".
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bundle = new URL('../dist/cli/fair-witness.mjs', import.meta.url);
if (!existsSync(bundle)) {
  process.stderr.write(`fair-witness: ${fileURLToPath(bundle)} is missing: run npm run build first (or npm run build:cli)\n`);
  process.exit(2);
}
const { main } = await import(bundle.href);
process.exitCode = await main(process.argv.slice(2));
