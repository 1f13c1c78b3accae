// The "More" view: what a player needs now and then, not at every glance. Export and import, the
// latest sessions, the self-test, what the words mean, and deleting the history last, away from
// the export buttons.
import type { ComponentChildren } from 'preact';
import type { StoragePersistence, Summary } from '../shared/records.js';
import { ClearData } from './clear-data.js';
import { DataActions } from './data-actions.js';
import { useEnv, type ExportKind } from './env.js';
import { SelfTestPanel } from './self-test.js';
import { SessionsView } from './sessions-view.js';

/** The words a player meets in the popup, each explained once, in this order. */
const GLOSSARY: readonly [term: string, meaning: string][] = [
  ['statusVerified', 'glossaryVerified'],
  ['statusPending', 'glossaryPending'],
  ['statusMismatch', 'glossaryMismatch'],
  ['statusInvalid', 'glossaryInvalid'],
  ['statusUnsupported', 'glossaryUnsupported'],
  ['levelWitnessed', 'glossaryWitnessed'],
  ['levelHistory', 'glossaryHistory'],
  ['serverSeed', 'glossaryServerSeed'],
  ['commitment', 'glossaryCommitment'],
  ['clientSeed', 'glossaryClientSeed'],
  ['nonce', 'glossaryNonce'],
];

const PERSISTENCE_KEYS: Record<StoragePersistence, string> = {
  persisted: 'storageKept',
  unlimited: 'storageKept',
  'best-effort': 'storageBestEffort',
};

function Section({ heading, children, id }: { heading: string; children: ComponentChildren; id: string }) {
  return (
    <section class="more-section" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {children}
    </section>
  );
}

export interface MoreViewProps {
  summary?: Summary;
  exportOnOpen?: ExportKind;
  onChanged: () => void;
  onRerunSelfTest: () => void;
  selfTestRunning: boolean;
}

export function MoreView({ summary, exportOnOpen, onChanged, onRerunSelfTest, selfTestRunning }: MoreViewProps) {
  const { t } = useEnv();
  const total = summary?.total ?? 0;
  return (
    <div class="more">
      <Section id="more-data" heading={t('moreData')}>
        <DataActions total={total} ready={summary !== undefined} exportOnOpen={exportOnOpen} onImported={onChanged} />
        {summary?.persistence && (
          <p class="hint" data-persistence={summary.persistence}>
            {t(PERSISTENCE_KEYS[summary.persistence])}
          </p>
        )}
      </Section>
      <Section id="more-sessions" heading={t('moreSessions')}>
        <SessionsView />
      </Section>
      <Section id="more-self-test" heading={t('moreSelfTest')}>
        <SelfTestPanel selfTest={summary?.selfTest} onRerun={onRerunSelfTest} running={selfTestRunning} />
      </Section>
      <Section id="more-words" heading={t('moreWords')}>
        <dl class="glossary">
          {GLOSSARY.map(([term, meaning]) => (
            <div key={term}>
              <dt>{t(term)}</dt>
              <dd>{t(meaning)}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="more-clear" heading={t('moreClear')}>
        <ClearData total={total} onCleared={onChanged} />
      </Section>
    </div>
  );
}
