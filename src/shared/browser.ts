// The one module that touches the extension API, so Chrome/Firefox differences live in one place.
// Both browsers' own namespaces return promises for every call made here (Chrome's `chrome` in MV3,
// Firefox's `browser`), so no polyfill is loaded: webextension-polyfill cost the woken worker ~20 ms
// of its start (it builds its wrappers as it loads) and the popup ~10 KB.
declare const browser: typeof chrome | undefined;
const api: typeof chrome = typeof browser !== 'undefined' ? browser : chrome;

/** What the worker reads of a message's sender (the tests build senders with only some tab fields). */
export interface MessageSender {
  id?: string;
  url?: string;
  frameId?: number;
  tab?: Partial<chrome.tabs.Tab>;
}

export const extensionId = (): string => api.runtime.id;
export const extensionUrl = (path: string): string => api.runtime.getURL(path);
export const extensionVersion = (): string => api.runtime.getManifest().version;

export { sendToWorker } from './browser-send.js';

/**
 * Registers the worker's one message handler. The handler's promise is the reply; it must be
 * registered synchronously at start-up so a worker woken by a message receives it.
 */
export function onMessage(handler: (message: unknown, sender: MessageSender) => Promise<unknown>): void {
  // The reply through sendResponse, the listener returning true (it will answer later): what both
  // browsers take (Chrome ignores a returned promise before version 146).
  api.runtime.onMessage.addListener((message: unknown, sender: MessageSender, sendResponse: (reply: unknown) => void) => {
    handler(message, sender).then(sendResponse, (error: unknown) => sendResponse({ ok: false, error: String(error) }));
    return true;
  });
}

export function onInstalled(listener: (reason: string) => void): void {
  api.runtime.onInstalled.addListener((details) => listener(details.reason));
}

export function onStartup(listener: () => void): void {
  api.runtime.onStartup.addListener(listener);
}

/** A tab was closed (needs no permission). */
export function onTabClosed(listener: (tabId: number) => void): void {
  api.tabs.onRemoved.addListener((tabId) => listener(tabId));
}

/**
 * The toolbar badge: colour and title on every tab, the text only on `tabs` (other tabs show none).
 * A tab that closed meanwhile is skipped. The browser drops a tab's own text when it navigates.
 */
export async function setBadge(text: string, color: string, title: string, tabs: readonly number[] = []): Promise<void> {
  await Promise.all([
    api.action.setBadgeText({ text: '' }),
    api.action.setBadgeBackgroundColor({ color }),
    api.action.setTitle({ title }),
    ...tabs.map((tabId) => api.action.setBadgeText({ tabId, text }).catch(() => undefined)),
  ]);
}

/** The id of the tab in front in the popup's window (the id alone needs no permission). */
export async function activeTabId(): Promise<number | undefined> {
  const [active] = await api.tabs.query({ active: true, currentWindow: true });
  return active?.id;
}

export function openExtensionPage(path: string): Promise<unknown> {
  return api.tabs.create({ url: extensionUrl(path) });
}

/** Opens a web page in a new tab (needs no permission). */
export function openWebPage(url: string): Promise<unknown> {
  return api.tabs.create({ url });
}

/** A UI string from _locales, with the English text as the fallback. */
export function message(name: string, substitutions?: string | string[]): string {
  return api.i18n.getMessage(name, substitutions) || name;
}
