// The one module that touches the extension API (and the only import of webextension-polyfill),
// so Chrome/Firefox differences and the promise-based API live in one place.
import browser from 'webextension-polyfill';

export type MessageSender = browser.Runtime.MessageSender;

export const extensionId = (): string => browser.runtime.id;
export const extensionUrl = (path: string): string => browser.runtime.getURL(path);
export const extensionVersion = (): string => browser.runtime.getManifest().version;

export { sendToWorker } from './browser-send.js';

/**
 * Registers the worker's one message handler. The handler's promise is the reply; it must be
 * registered synchronously at start-up so a worker woken by a message receives it.
 */
export function onMessage(handler: (message: unknown, sender: MessageSender) => Promise<unknown>): void {
  browser.runtime.onMessage.addListener((message: unknown, sender: MessageSender) => handler(message, sender));
}

/** Whether the extension holds a permission of its manifest (asking needs none). */
export function hasPermission(permission: string): Promise<boolean> {
  return browser.permissions.contains({ permissions: [permission as browser.Manifest.Permission] });
}

export function onInstalled(listener: (reason: string) => void): void {
  browser.runtime.onInstalled.addListener((details) => listener(details.reason));
}

export function onStartup(listener: () => void): void {
  browser.runtime.onStartup.addListener(listener);
}

/** A tab was closed (needs no permission). */
export function onTabClosed(listener: (tabId: number) => void): void {
  browser.tabs.onRemoved.addListener((tabId) => listener(tabId));
}

/**
 * The toolbar badge: colour and title on every tab, the text only on `tabs` (other tabs show none).
 * A tab that closed meanwhile is skipped. The browser drops a tab's own text when it navigates.
 */
export async function setBadge(text: string, color: string, title: string, tabs: readonly number[] = []): Promise<void> {
  await Promise.all([
    browser.action.setBadgeText({ text: '' }),
    browser.action.setBadgeBackgroundColor({ color }),
    browser.action.setTitle({ title }),
    ...tabs.map((tabId) => browser.action.setBadgeText({ tabId, text }).catch(() => undefined)),
  ]);
}

/** The id of the tab in front in the popup's window (the id alone needs no permission). */
export async function activeTabId(): Promise<number | undefined> {
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  return active?.id;
}

export function openExtensionPage(path: string): Promise<unknown> {
  return browser.tabs.create({ url: extensionUrl(path) });
}

/** Opens a web page in a new tab (needs no permission). */
export function openWebPage(url: string): Promise<unknown> {
  return browser.tabs.create({ url });
}

/** A UI string from _locales, with the English text as the fallback. */
export function message(name: string, substitutions?: string | string[]): string {
  return browser.i18n.getMessage(name, substitutions) || name;
}

/** The origin of the sender's document, which Chrome names (a srcdoc frame's is its parent's) and Firefox does not. */
export function senderOrigin(sender: MessageSender): string | undefined {
  const origin = (sender as MessageSender & { origin?: unknown }).origin;
  return typeof origin === 'string' ? origin : undefined;
}
