// `npm start`: builds the extension, starts the demo casino, and opens Debian's Chromium with the
// unpacked production build loaded and www.cloudbet.com mapped to the casino. Headed when there is
// a display, headless otherwise. Runs until Ctrl-C.
//
//   npm start                       build, casino on PORT (default 8443), browser
//   npm start -- --no-build         skip `npm run build` (use the dist/chrome already there)
//   npm start -- --no-browser       casino only (for a browser of your own)
//   CHROMIUM=/path/to/chrome npm start
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { startDemoCasino, type DemoCasino } from './server.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const extensionDir = join(repoRoot, 'dist', 'chrome');
const args = new Set(process.argv.slice(2));
const port = Number(process.env.PORT ?? 8443);
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';

function fail(message: string): never {
  console.error(`\nnpm start: ${message}`);
  process.exit(1);
}

if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT must be a port number, got "${process.env.PORT}"`);

if (!args.has('--no-build')) {
  console.log('Building the extension (npm run build)…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.error) fail(`could not run npm run build: ${build.error.message}`);
  if (build.status !== 0) fail(`npm run build failed (exit ${build.status ?? build.signal}); fix the build, or run \`npm start -- --no-build\` to use the dist/chrome already there.`);
}

let casino: DemoCasino;
try {
  casino = await startDemoCasino({ port, host: '127.0.0.1' });
} catch (error) {
  const code = (error as { code?: string }).code;
  fail(code === 'EADDRINUSE' ? `port ${port} is in use; choose another with PORT=…` : String((error as Error).message ?? error));
}
console.log(`Demo casino on https://127.0.0.1:${casino.port}/ (certificate ${casino.certificatePath})`);

let context: BrowserContext | undefined;
let profileDir: string | undefined;

let stopping: Promise<void> | undefined;

/** Once only: Ctrl-C, SIGTERM and the browser window closing all end up here. */
function shutdown(): Promise<void> {
  stopping ??= (async () => {
    await context?.close().catch(() => undefined);
    if (profileDir) await rm(profileDir, { recursive: true, force: true, maxRetries: 5 }).catch((error: unknown) => console.error(`could not remove ${profileDir}: ${String(error)}`));
    await casino.close().catch(() => undefined);
    process.exit(0);
  })();
  return stopping;
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());

if (!args.has('--no-browser')) {
  if (!existsSync(join(extensionDir, 'manifest.json'))) fail(`no built extension in ${extensionDir}; run npm run build`);
  if (!existsSync(executablePath)) fail(`no Chromium at ${executablePath} (Debian: apt-get install chromium), or set CHROMIUM=…`);
  const headless = !process.env.DISPLAY;
  profileDir = await mkdtemp(join(tmpdir(), 'fair-witness-demo-profile-'));
  context = await chromium.launchPersistentContext(profileDir, {
    executablePath,
    headless,
    // The certificate is self-signed; ignoring errors per context is what lets the extension's
    // content script run on the page (a command-line --ignore-certificate-errors is not enough).
    ignoreHTTPSErrors: true,
    viewport: null,
    // Our shutdown() closes the browser itself, then removes the throw-away profile.
    handleSIGINT: false,
    handleSIGTERM: false,
    args: [
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      // The browser asks for https://www.cloudbet.com/ (port 443) and reaches this server instead.
      `--host-resolver-rules=MAP www.cloudbet.com 127.0.0.1:${casino.port}, MAP cloudbet.com 127.0.0.1:${casino.port}`,
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 10_000 }).catch(() => undefined));
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('https://www.cloudbet.com/');
  context.on('close', () => void shutdown());
  console.log(`Chromium (${headless ? 'headless: no DISPLAY' : 'headed'}) is at https://www.cloudbet.com/ with the extension from ${extensionDir}`);
  if (worker) console.log(`Extension popup: ${new URL('popup.html', worker.url()).href}`);
  else console.log('The extension service worker did not start within 10 s: check the build.');
}
console.log('Ctrl-C to stop.');
