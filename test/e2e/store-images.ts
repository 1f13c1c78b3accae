// The store images (issue #27), from the real build on the demo casino in Chromium, in English and
// German: `npm run build && npm run store-images` writes them to store/images/, which is committed;
// `npm run package` copies them into each store's folder (scripts/package.mjs, STORE_IMAGES) and
// test/scripts/store-images.test.ts checks their pixel sizes. Run it again whenever the UI changes.
//
// Screenshots are 1280×800 (the Chrome Web Store's size; addons.mozilla.org takes the same): the
// popup at its real size, 420×600, twice side by side (the list, a round's proof), or an extension
// page drawn at 1280×800 (statistics, welcome). The small promo tile is 440×280: icon, name and the
// manifest's description. Compositions are HTML pages drawn by the same browser; every word on
// them comes from the extension's own locale files.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startDemoCasino } from '../../scripts/demo-casino/server.js';
import { STORE_IMAGES } from '../../scripts/package.mjs';
import { newestCasinoTabInPage } from './support/capture-scenario.js';
import { chromiumDriver } from './support/chromium-driver.js';
import { POPUP_SIZE } from './support/extension-page.js';
import { repoRoot } from './support/paths.js';
import { playBusy } from './support/popup-states-scenario.js';

const SCREEN = { width: 1280, height: 800 };
const TILE = { width: 440, height: 280 };

type Messages = Record<string, { message: string }>;

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

/** A 1280×800 page: the name and description above two popup-size shots side by side. */
function pairPage(messages: Messages, left: Buffer, right: Buffer): string {
  return `<!doctype html><meta charset="utf-8"><style>
    html, body { margin: 0; width: ${SCREEN.width}px; height: ${SCREEN.height}px; overflow: hidden; }
    body { font: 16px/1.4 system-ui, sans-serif; background: linear-gradient(160deg, #e9f1fb, #dff3e4); color: #1b1f24;
      display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 28px; }
    h1 { margin: 0; font-size: 30px; } p { margin: 4px 0 0; font-size: 17px; color: #3d4449; text-align: center; }
    .shots { display: flex; gap: 48px; }
    img { width: ${POPUP_SIZE.width}px; height: ${POPUP_SIZE.height}px; border-radius: 10px; box-shadow: 0 8px 30px rgb(0 0 0 / 0.22); }
  </style><header><h1>${escape(messages.extensionName!.message)}</h1><p>${escape(messages.extensionDescription!.message)}</p></header>
  <div class="shots"><img src="${dataUrl(left)}"><img src="${dataUrl(right)}"></div>`;
}

/** The 440×280 promo tile: icon, name, description. */
function tilePage(messages: Messages, icon: Buffer): string {
  return `<!doctype html><meta charset="utf-8"><style>
    html, body { margin: 0; width: ${TILE.width}px; height: ${TILE.height}px; overflow: hidden; }
    body { font: 16px/1.35 system-ui, sans-serif; background: linear-gradient(150deg, #0b5cad, #0f5a26); color: #fff;
      display: flex; align-items: center; gap: 22px; padding: 0 30px; box-sizing: border-box; }
    img { width: 112px; height: 112px; flex: none; }
    h1 { margin: 0 0 8px; font-size: 32px; } p { margin: 0; font-size: 16px; }
  </style><img src="${dataUrl(icon)}"><div><h1>${escape(messages.extensionName!.message)}</h1><p>${escape(messages.extensionDescription!.message)}</p></div>`;
}

async function drawn(page: Page, html: string, size: { width: number; height: number }): Promise<Buffer> {
  await page.setViewportSize(size);
  await page.setContent(html);
  await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode())));
  return page.screenshot();
}

async function imagesIn(locale: 'en' | 'de'): Promise<Map<string, Buffer>> {
  const messages = JSON.parse(await readFile(join(repoRoot, 'src', '_locales', locale, 'messages.json'), 'utf8')) as Messages;
  const casino = await startDemoCasino({ seed: `store-images-${locale}` });
  const driver = await chromiumDriver(casino.port, locale);
  const images = new Map<string, Buffer>();
  try {
    const casinoTab = await playBusy(driver, casino);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const tabId = await driver.inPopup(newestCasinoTabInPage);
    const open = async (path: string, size: { width: number; height: number }) => {
      const page = await driver.session.context.newPage();
      await page.setViewportSize(size);
      await page.goto(`chrome-extension://${driver.session.extensionId}/${path}`);
      return page;
    };
    // The popup over the casino tab: its list, then the keno round shown wrong, then a witnessed proof.
    const popup = await open(`popup.html?tab-id=${tabId}`, POPUP_SIZE);
    await popup.waitForSelector('ul[data-ready="true"] li[data-verdict]');
    await popup.waitForSelector('details.findings:not([hidden]):not([data-findings="loading"])');
    const list = await popup.screenshot();
    await popup.click('li[data-verdict="mismatch"][data-game="keno"] button');
    await popup.waitForSelector('.proof');
    const mismatch = await popup.screenshot();
    await popup.click('button.back');
    await popup.click('li[data-verdict="verified"][data-level="witnessed"][data-game="roulette-american"] button');
    await popup.waitForSelector('.proof');
    const witnessed = await popup.screenshot();
    await popup.click('button.back');
    await popup.click('button[data-view="more"]');
    await popup.waitForSelector('.more .glossary');
    const more = await popup.screenshot();
    await popup.close();
    const stats = await open('stats.html', SCREEN);
    await stats.waitForSelector('.conclusion');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const statistics = await stats.screenshot();
    await stats.close();
    const welcome = await open('welcome.html', SCREEN);
    await welcome.waitForSelector('[data-habit]');
    const welcomed = await welcome.screenshot();
    await welcome.close();
    await casinoTab.close();

    const canvas = await driver.session.context.newPage();
    images.set(`screenshot-1-${locale}.png`, await drawn(canvas, pairPage(messages, list, mismatch), SCREEN));
    images.set(`screenshot-2-${locale}.png`, await drawn(canvas, pairPage(messages, witnessed, more), SCREEN));
    images.set(`screenshot-3-${locale}.png`, statistics);
    images.set(`screenshot-4-${locale}.png`, welcomed);
    images.set(`promo-tile-${locale}.png`, await drawn(canvas, tilePage(messages, await readFile(join(repoRoot, 'icons', 'icon-128.png'))), TILE));
    await canvas.close();
  } finally {
    await driver.close();
    await casino.close();
  }
  return images;
}

async function main(): Promise<void> {
  const dir = join(repoRoot, 'store', 'images');
  await mkdir(dir, { recursive: true });
  const written = new Set<string>();
  for (const locale of ['en', 'de'] as const) {
    for (const [name, png] of await imagesIn(locale)) {
      await writeFile(join(dir, name), png);
      written.add(name);
      console.log(`wrote store/images/${name} (${png.length} bytes)`);
    }
  }
  const listed = STORE_IMAGES.map((image) => image.name);
  const missing = listed.filter((name) => !written.has(name));
  const unlisted = [...written].filter((name) => !listed.includes(name));
  if (missing.length || unlisted.length) throw new Error(`STORE_IMAGES (scripts/package.mjs) and this script disagree: missing ${missing.join(', ') || 'none'}, not listed ${unlisted.join(', ') || 'none'}`);
}

await main();
