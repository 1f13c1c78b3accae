// Entry of page-tap.js, the content script in the page's MAIN world (document_start, all frames):
// it must run before the page's scripts so it sees their first requests. It has no extension API
// (and must import nothing that touches one); it only hands plain round fields to content.js.
import { installTap } from './tap-install.js';

try {
  installTap(window);
} catch {
  // Never break the page: without the tap, the DOM scanner still sees every round.
}
