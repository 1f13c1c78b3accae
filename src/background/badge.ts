import { message, setBadge } from '../shared/browser.js';
import type { StorageProblem, Summary } from '../shared/records.js';

const MISMATCH_RED = '#c62828';
const VERIFIED_GREEN = '#2e7d32';
const PROBLEM_AMBER = '#b26a00';

/**
 * Badge text and colour: "!" in amber while rounds cannot be stored (they wait in the casino tabs;
 * the popup says what to do), else red with the mismatch count when any round is mismatched, else
 * the verified count.
 */
export function badgeFor(
  summary: Pick<Summary, 'total' | 'counts'>,
  translate: (name: string, substitutions?: string[]) => string,
  storageProblem?: StorageProblem,
): { text: string; color: string; title: string } {
  if (storageProblem) return { text: '!', color: PROBLEM_AMBER, title: translate('badgeTitleStorageProblem') };
  const { verified, pending, mismatch } = summary.counts;
  const title =
    summary.total === 0
      ? translate('badgeTitleEmpty')
      : translate('badgeTitleSummary', [String(verified), String(pending), String(mismatch)]);
  if (mismatch > 0) return { text: compact(mismatch), color: MISMATCH_RED, title };
  return { text: verified > 0 ? compact(verified) : '', color: VERIFIED_GREEN, title };
}

/** Badges fit about four characters. */
function compact(count: number): string {
  if (count < 1000) return String(count);
  if (count < 10_000) return `${Math.floor(count / 1000)}k+`;
  return '9k+';
}

/** The summary's badge on the watched casino tabs (watched-tabs.ts); other tabs show no text, and the same title. */
export async function showSummaryOnBadge(summary: Pick<Summary, 'total' | 'counts'>, tabs: readonly number[], storageProblem?: StorageProblem): Promise<void> {
  const { text, color, title } = badgeFor(summary, message, storageProblem);
  await setBadge(text, color, title, tabs);
}
