// The audit's findings and the trust-level note as `verify` prints them, after the table (human) or
// as the top-level "findings" member (--json). Findings are about the history across rounds; they
// never change a round's verdict or the exit status.
import type { Finding } from '../core/index.js';
import { printable, printableJson } from '../core/index.js';

/** Said once below the table when a verified round is `history` (docs/trust.md). */
export const HISTORY_NOTE =
  'Level "history": a file cannot show that the casino was bound to the seed before the bet, so the seeds prove the outcome follows from them, ' +
  'but not that the casino fixed them before the round (only the extension, watching the page, can show that).\n';

/** The "Findings" section: a heading with the count, then one line per finding; nothing when there are none. */
export function findingsText(findings: readonly Finding[]): string {
  if (findings.length === 0) return '';
  const lines = findings.map((f) => `  ${f.kind}: ${printable(f.message)}\n`);
  return `\nFindings (${findings.length}) across rounds (not mismatches; each says where):\n${lines.join('')}`;
}

/** `"findings":[{kind, message, commitment, nonces?}]`, with no raw control in the text (printableJson). */
export function findingsJson(findings: readonly Finding[]): string {
  const items = findings.map(({ kind, message, commitment, nonces }) => printableJson(JSON.stringify(nonces === undefined ? { kind, message, commitment } : { kind, message, commitment, nonces })));
  return `[${items.join(',\n')}]`;
}
