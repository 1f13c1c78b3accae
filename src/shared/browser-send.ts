// The content script's only browser call, on the native promise API (Chrome MV3's `chrome` and
// Firefox's `browser` both return promises), so the content script does not bundle
// webextension-polyfill (~10 KB) and stays inside its gzip budget (scripts/bundle-sizes.mjs). Everything else goes
// through browser.ts, which re-exports this.
declare const browser: typeof chrome | undefined;

/** Sends a message to the worker; resolves with its reply. */
export function sendToWorker(message: unknown): Promise<unknown> {
  const api = typeof browser !== 'undefined' ? browser : chrome;
  return api.runtime.sendMessage(message);
}
