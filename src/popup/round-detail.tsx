// One stored round's proof, fetched from the worker with its full trace.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RoundDetail } from '../shared/messages.js';
import { ErrorNote } from '../ui/bits.js';
import { useEnv } from './env.js';
import { loadProofView, ProofViewLoader } from './proof-loader.js';
import { proofFromDetail } from './proof-model.js';
import { TabContext } from './tab-context.js';

type State = { kind: 'loading' } | { kind: 'loaded'; detail: RoundDetail | null } | { kind: 'failed'; error: unknown };

export function RoundDetailView({ roundKey, onBack }: { roundKey: string; onBack: () => void }) {
  const { client, t } = useEnv();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    // The view's code loads while the worker looks the round up.
    void loadProofView().catch(() => undefined);
    client.ask({ type: 'round-detail', key: roundKey }).then(
      (detail) => live && setState({ kind: 'loaded', detail }),
      (error: unknown) => live && setState({ kind: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [client, roundKey]);

  useEffect(() => heading.current?.focus(), []);

  // Escape goes back to the list, as the Back button does, wherever focus is in the page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onBack();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onBack]);

  return (
    <section class="detail" aria-labelledby="detail-heading" data-round-key={roundKey}>
      <div class="detail-bar">
        <button type="button" class="back" onClick={onBack}>
          {t('back')}
        </button>
        <h2 id="detail-heading" tabIndex={-1} ref={heading}>
          {t('detailHeading')}
        </h2>
      </div>
      {state.kind === 'loading' && <p class="muted">{t('loading')}</p>}
      {state.kind === 'failed' && <ErrorNote error={state.error} />}
      {state.kind === 'loaded' && (state.detail ? <ProofViewLoader proof={proofFromDetail(state.detail)} /> : <p>{t('roundGone')}</p>)}
      {/* The page the popup was opened over, and what capture read there. */}
      <div class="detail-page">
        <TabContext />
      </div>
    </section>
  );
}
