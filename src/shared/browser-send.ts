// The content script's (and popup-boot.js's) only browser call, on the native promise API (Chrome
// MV3's `chrome` and Firefox's `browser` both return promises), in a file of its own so they bundle
// nothing else of the browser wrapper. Everything else goes through browser.ts, which re-exports this.
declare const browser: typeof chrome | undefined;

/** Sends a message to the worker; resolves with its reply. */
export function sendToWorker(message: unknown): Promise<unknown> {
  const api = typeof browser !== 'undefined' ? browser : chrome;
  return api.runtime.sendMessage(message);
}
