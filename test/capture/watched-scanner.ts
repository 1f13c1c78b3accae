// An incremental scanner fed by a MutationObserver on the whole document, as the content script
// feeds it (capture-session.ts): `scan` hands it the changes made since the last scan first.
import { incrementalScanner, type IncrementalOptions } from '../../src/capture/incremental-scan.js';
import type { ScannedRound } from '../../src/capture/scanner.js';

export function watchedScanner(document: Document, options?: IncrementalOptions) {
  const scanner = incrementalScanner(document, options);
  const observer = new MutationObserver(() => undefined);
  observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  return {
    counts: scanner.counts,
    scan(): ScannedRound[] {
      scanner.noteMutations(observer.takeRecords());
      return scanner.scan();
    },
    stop: () => observer.disconnect(),
  };
}
