// "Findings": what the cross-round audit (core/audit.ts, asked through the worker) says about the
// history as a whole — nonce gaps and repeats, a client seed the player did not set, a server seed
// used again. They are not mismatches (each round's verdict stands on its own), and the section
// says so. Each is a sentence in the popup's language (finding-text.ts), and carries its kind,
// nonces and round keys as data attributes for tools and tests. Collapsed so the popup stays short.
// Asked for as the popup opens while the store is small, so the count shows without a click and
// the section hides when nothing was found; on a large store only once opened: the audit reads every
// stored round (seconds with 100 000), which must not make the worker busy at every opening.
import { useEffect, useState } from 'preact/hooks';
import type { Finding } from '../core/index.js';
import { ErrorNote } from '../ui/bits.js';
import { useEnv } from './env.js';
import { findingSentence } from './finding-text.js';

/** Up to this many stored rounds, the audit runs as the popup opens. */
export const FINDINGS_AUTO_LIMIT = 5_000;

/** `revision` changes whenever the stored rounds do, which is when findings can change. */
export function Findings({ revision, total }: { revision: number; total: number }) {
  const { client, t } = useEnv();
  const [findings, setFindings] = useState<Finding[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [open, setOpen] = useState(false);

  const auto = total > 0 && total <= FINDINGS_AUTO_LIMIT;
  const wanted = open || auto;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    client.ask({ type: 'findings' }).then(
      (next) => live && (setFindings(next), setError(undefined)),
      (reason: unknown) => live && setError(reason),
    );
    return () => {
      live = false;
    };
  }, [client, revision, wanted]);

  // Nothing to show until the count is known, and nothing when it is 0 (unless opened by hand).
  const hidden = !open && (total === 0 || findings?.length === 0 || (auto && findings === undefined && error === undefined));
  return (
    <details
      hidden={hidden}
      class="findings"
      data-findings={findings?.length ?? 'loading'}
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary>{findings === undefined ? t('findingsLoading') : t('findingsHeading', String(findings.length))}</summary>
      {error !== undefined && <ErrorNote error={error} />}
      <p class="hint">{t('findingsExplained')}</p>
      {findings !== undefined && findings.length === 0 && <p>{t('findingsNone')}</p>}
      {findings !== undefined && findings.length > 0 && (
        <ul>
          {findings.map((finding, index) => (
            <li
              key={`${finding.kind}-${finding.commitment}-${index}`}
              data-finding={finding.kind}
              data-kind={finding.kind}
              data-commitment={finding.commitment}
              data-nonces={finding.nonces?.join(', ')}
              data-round-keys={finding.roundKeys ? JSON.stringify(finding.roundKeys) : undefined}
            >
              {findingSentence(finding, t)}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
