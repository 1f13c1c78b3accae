// The one browser module (src/shared/browser.ts) as worker tests that do not look at it need it:
// a fixed extension id, message names as their text, badges ignored. Used as
//   vi.mock('../../src/shared/browser.js', () => import('./quiet-browser.js'));
export const EXTENSION_ID = 'fairwitnessextensionidabcdefghij';
export const extensionId = (): string => EXTENSION_ID;
export const extensionUrl = (path: string): string => `chrome-extension://${EXTENSION_ID}/${path}`;
export const message = (name: string): string => name;
/** Every badge set, in order: [text, colour, title]. */
export const badges: [string, string, string][] = [];
export const setBadge = async (text: string, color: string, title: string): Promise<void> => void badges.push([text, color, title]);
export const hasPermission = async (): Promise<boolean> => false;
export const senderOrigin = (sender: { origin?: unknown }): string | undefined => (typeof sender.origin === 'string' ? sender.origin : undefined);
