// Small pieces shared by the views: the verdict badge, copy buttons, labelled values, match marks.
import { useState } from 'preact/hooks';
import { printable, type VerdictStatus } from '../core/index.js';
import { useEnv } from './env.js';
import { gameLabel, statusLabel, workerErrorText } from './labels.js';

/** A game <select>'s options: a first "none chosen" entry, then each game by its localised name. */
export function GameOptions({ ids, emptyLabel }: { ids: readonly string[]; emptyLabel: string }) {
  const { t } = useEnv();
  return (
    <>
      <option value="">{emptyLabel}</option>
      {ids.map((id) => (
        <option key={id} value={id}>
          {gameLabel(t, id)}
        </option>
      ))}
    </>
  );
}

/** Colour and text, never colour alone. */
export function VerdictBadge({ status }: { status: VerdictStatus }) {
  const { t } = useEnv();
  return <span class={`badge badge-${status}`}>{statusLabel(t, status)}</span>;
}

export function CopyButton({ text, what }: { text: string; what: string }) {
  const { t, copyText } = useEnv();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    // A control character from the page would travel on unseen (into a terminal, say): copied visible.
    copyText(printable(text)).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <button type="button" class="copy" aria-label={t('copyWhat', what)} onClick={copy}>
      <span aria-live="polite">{state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : t('copy')}</span>
    </button>
  );
}

/** A labelled value, in a <dl>; long hex breaks anywhere and can be copied. */
export function Field({ label, value, copy = false, field }: { label: string; value?: string; copy?: boolean; field?: string }) {
  const { t } = useEnv();
  return (
    <div class="field" data-field={field}>
      <dt>{label}</dt>
      <dd>
        {value === undefined ? (
          <span class="muted">{t('notShown')}</span>
        ) : (
          <>
            <code class="value">{value === '' ? t('emptyValue') : value}</code>
            {copy && value !== '' && <CopyButton text={value} what={label} />}
          </>
        )}
      </dd>
    </div>
  );
}

export function MatchMark({ ok }: { ok: boolean }) {
  const { t } = useEnv();
  return (
    <p class={`mark ${ok ? 'mark-ok' : 'mark-bad'}`} data-match={String(ok)}>
      <span aria-hidden="true">{ok ? '✓ ' : '✗ '}</span>
      {ok ? t('matches') : t('differs')}
    </p>
  );
}

export function ErrorNote({ error }: { error: unknown }) {
  const { t } = useEnv();
  return (
    <p class="banner banner-error" role="alert">
      {workerErrorText(t, error)}
    </p>
  );
}
