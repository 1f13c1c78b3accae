// The casino this extension watches. The manifest's content-script matches list its hosts
// (https://cloudbet.com/* and https://*.cloudbet.com/*): keep them and this address together.

/** Where the first-run button sends a player who has no rounds yet. */
export const CASINO_URL = 'https://www.cloudbet.com/en/casino';
