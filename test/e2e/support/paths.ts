import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The production build, unmodified. `npm test` builds it before the e2e project runs. */
export function builtExtension(target: 'chrome' | 'firefox'): string {
  const dir = join(repoRoot, 'dist', target);
  if (!existsSync(join(dir, 'manifest.json'))) {
    throw new Error(`No build at ${dir}: run \`npm run build\` first (npm test does it for you).`);
  }
  return dir;
}

/** A browser binary from Debian, or a clear failure: an e2e test never skips silently. */
export function browserBinary(name: 'chromium' | 'firefox-esr'): string {
  const variable = name === 'chromium' ? 'CHROMIUM_PATH' : 'FIREFOX_PATH';
  const path = process.env[variable] ?? `/usr/bin/${name}`;
  if (!existsSync(path)) {
    throw new Error(`${name} not found at ${path}. Install it with \`apt-get install -y ${name}\` or set ${variable}.`);
  }
  return path;
}
