// The popup's text as the browser draws it: 13 px for body text in both browsers. Chrome's own
// stylesheet for extension pages sets `body { font-size: 75% }`, which shrank most of the popup to
// 9.75 px while Firefox drew 13 px (issue #12); nothing but a real browser shows that.
import { expect } from 'vitest';
import type { BrowserDriver } from './driver.js';

/** Runs in the popup: the computed font size of the body and of the texts a player reads first. */
async function fontSizesInPage(): Promise<Record<string, number>> {
  const deadline = Date.now() + 10_000;
  while (!document.querySelector('.counts [data-status]') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const sizeOf = (selector: string) => {
    const element = document.querySelector(selector);
    return element ? parseFloat(getComputedStyle(element).fontSize) : NaN;
  };
  return {
    body: sizeOf('body'),
    title: sizeOf('h1'),
    headline: sizeOf('.headline'),
    count: sizeOf('.counts [data-status]'),
    view: sizeOf('nav.views button'),
    badge: sizeOf('.badge'),
    select: sizeOf('select'),
    link: sizeOf('button.link'),
  };
}

export async function popupTextIsFullSize(driver: BrowserDriver): Promise<void> {
  const sizes = await driver.inPopup(fontSizesInPage);
  console.log(`[fonts ${driver.name}] ${JSON.stringify(sizes)}`);
  expect(sizes.body).toBe(13);
  for (const [what, size] of Object.entries(sizes)) expect(size, what).toBeGreaterThanOrEqual(12);
}
