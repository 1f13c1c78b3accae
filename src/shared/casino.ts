// The casino this extension watches. The manifest's content-script matches list its hosts
// (https://cloudbet.com/* and https://*.cloudbet.com/*): keep them and this address together.

/** Where the first-run button sends a player who has no rounds yet. */
export const CASINO_URL = 'https://www.cloudbet.com/en/casino';

/** cloudbet.com and its subdomains, as the manifest's matches name them. */
const CASINO_HOST = /^(?:[a-z0-9-]+\.)*cloudbet\.com$/;

/** An https address on one of the casino's hosts. */
export function isCasinoAddress(address: string): boolean {
  try {
    const url = new URL(address);
    return url.protocol === 'https:' && CASINO_HOST.test(url.hostname);
  } catch {
    return false;
  }
}

/**
 * A document the content script may speak for: a casino page, or a frame a casino page made with
 * no address of its own (about:blank, about:srcdoc, a blob: of the casino's origin), where the
 * manifest's match_about_blank / match_origin_as_fallback run it. Chrome names such a frame's origin
 * (`origin`): it must be the casino's. Firefox names none, and runs the script only in frames
 * whose origin a casino page gave them.
 */
export function isCasinoDocument(url: string, origin: string | undefined): boolean {
  if (isCasinoAddress(url)) return true;
  if (url.startsWith('blob:')) return isCasinoAddress(url.slice('blob:'.length)) && (origin === undefined || isCasinoAddress(origin));
  const madeByPage = /^about:(?:blank|srcdoc)(?:[?#]|$)/.test(url) || (url.startsWith('data:') && origin !== undefined);
  return madeByPage && (origin === undefined ? url.startsWith('about:') : isCasinoAddress(origin));
}
