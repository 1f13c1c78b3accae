// An incremental scanner fed by a MutationObserver on the whole document and on each open shadow
// root it finds, as the content script feeds it (capture-session.ts): `scan` hands it the changes
// made since the last scan first; `sliced` runs a scan in steps and lets the page change between two.
import { incrementalScanner, type IncrementalOptions } from '../../src/capture/dom/incremental-scan.js';
import { drain, type ScannedRound } from '../../src/capture/dom/scanner.js';

const OBSERVED = { childList: true, subtree: true, characterData: true, attributes: true };

export function watchedScanner(document: Document, options?: IncrementalOptions) {
  const observer = new MutationObserver(() => undefined);
  const scanner = incrementalScanner(document, { ...options, onRoot: (root) => observer.observe(root, OBSERVED) });
  observer.observe(document, OBSERVED);
  const note = () => scanner.noteMutations(observer.takeRecords());
  return {
    counts: scanner.counts,
    reach: scanner.reach,
    scan(): ScannedRound[] {
      note();
      return drain(scanner.steps());
    },
    /** A scan whose `pauseAt`-th pause (if it pauses that often) runs `meanwhile`; the changes are noted at every pause. */
    sliced(pauseAt: number, meanwhile: () => void): { rounds: ScannedRound[]; pauses: number } {
      note();
      const steps = scanner.steps();
      for (let pauses = 0; ; pauses++) {
        const step = steps.next();
        if (step.done) return { rounds: step.value, pauses };
        if (pauses === pauseAt) meanwhile();
        note();
      }
    },
    stop: () => observer.disconnect(),
  };
}
