// One row of the round list. The data-* attributes are the popup contract (docs/design.md).
import type { RoundRow } from '../shared/records.js';
import { VerdictBadge } from './bits.js';
import { useEnv } from './env.js';
import type { Translate } from './i18n.js';
import { dataGame, FAILURE_KEYS, gameLabel, levelLabel } from './labels.js';
import { problemSentence } from './problem-text.js';

/** Two lines: game, nonce, verdict and level; then the sentence. Seven fit in the popup's list. */
export const ROW_HEIGHT = 50;

/** The row's sentence in the player's language: what failed, what matched, or why there is no verdict yet. */
export function rowSentence(row: RoundRow, t: Translate): string {
  switch (row.status) {
    case 'mismatch':
      return (row.failures ?? []).map((failure) => t(FAILURE_KEYS[failure.step], [failure.expected, failure.shown])).join(' ');
    case 'verified':
      return t('rowVerified', row.expected ?? '');
    case 'pending':
      return t('rowPending');
    case 'unsupported':
      return t('rowUnsupported');
    case 'invalid':
      return row.problems?.length ? row.problems.map((problem) => problemSentence(problem, t)).join(' ') : t('rowInvalid');
  }
}

export function RoundRowItem({ row, index, total }: { row: RoundRow; index: number; total: number }) {
  const { t } = useEnv();
  const steps = row.failures?.map((failure) => failure.step) ?? [];
  const sentence = rowSentence(row, t);
  return (
    <li
      class={`row row-${row.status}`}
      style={{ top: `${index * ROW_HEIGHT}px` }}
      aria-posinset={index + 1}
      aria-setsize={total}
      data-verdict={row.status}
      data-game={dataGame(row.gameId, row.game)}
      data-nonce={row.nonce ?? ''}
      data-level={row.level ?? ''}
      data-level-reason={row.levelReason ?? ''}
      data-failures={steps.join(' ')}
      data-key={row.key}
    >
      {/* The button gives the row focus, a name and Enter/Space; the list handles its click. */}
      <button type="button" class="row-button" data-index={index}>
        <span class="row-line">
          <span class="row-game">{gameLabel(t, row.gameId, row.game)}</span>
          <span class="row-nonce">{row.nonce !== undefined ? t('nonceValue', row.nonce) : t('nonceUnknown')}</span>
          <VerdictBadge status={row.status} />
          {row.level && <span class={`level level-${row.level}`}>{levelLabel(t, row.level)}</span>}
        </span>
        <span class="row-summary" title={sentence}>
          {sentence}
        </span>
      </button>
    </li>
  );
}

export function PlaceholderRow({ index }: { index: number }) {
  const { t } = useEnv();
  return (
    <li class="row row-loading" style={{ top: `${index * ROW_HEIGHT}px` }} aria-busy="true">
      <span class="muted">{t('loading')}</span>
    </li>
  );
}
