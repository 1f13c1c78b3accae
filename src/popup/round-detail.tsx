// One stored round's proof, fetched from the worker with its full trace.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { RoundDetail } from '../shared/messages.js';
import { ErrorNote } from './bits.js';
import { useEnv } from './env.js';
import { proofFromDetail } from './proof-model.js';
import { ProofView } from './proof-view.js';

type State = { kind: 'loading' } | { kind: 'loaded'; detail: RoundDetail | null } | { kind: 'failed'; error: unknown };

export function RoundDetailView({ roundKey, onBack }: { roundKey: string; onBack: () => void }) {
  const { client, t } = useEnv();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    client.ask({ type: 'round-detail', key: roundKey }).then(
      (detail) => live && setState({ kind: 'loaded', detail }),
      (error: unknown) => live && setState({ kind: 'failed', error }),
    );
    return () => {
      live = false;
    };
  }, [client, roundKey]);

  useEffect(() => heading.current?.focus(), []);

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
      {state.kind === 'loaded' && (state.detail ? <ProofView proof={proofFromDetail(state.detail)} /> : <p>{t('roundGone')}</p>)}
    </section>
  );
}
