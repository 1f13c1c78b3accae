// One row of the round list. The data-* attributes are the popup contract (docs/design.md).
import { gameShapeOf } from '../core/index.js';
import type { RoundRow } from '../shared/records.js';
import type { ComponentChildren } from 'preact';
import { VerdictBadge } from '../ui/bits.js';
import { useEnv } from './env.js';
import { countText, type Translate } from '../ui/i18n.js';
import { KenoStrip, STRIP_MAX } from './keno-strip.js';
import { boardNumbers, kenoMarks } from './keno-marks.js';
import { dataGame, FAILURE_KEYS, gameLabel, levelLabel } from '../ui/labels.js';
import { problemSentence } from './problem-text.js';
import { RouletteNumber } from './roulette-number.js';

/** Two lines: game, nonce, verdict and level; then the outcome's picture and the sentence. Seven fit in the popup's list. */
export const ROW_HEIGHT = 46;

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
      return row.problems?.length ? row.problems.map((problem) => problemSentence(problem, t, row.gameId)).join(' ') : t('rowInvalid');
  }
}

const POCKET = /^(?:\d{1,2}|00)$/;
const numbersOf = (text: string | undefined) => boardNumbers(text?.split(' '));

/**
 * The outcome as a picture before the sentence, chosen by the game's shape: a wheel's numbers in
 * their colours (the seeds', and the casino's when it differs), or a draw's numbers with hits and
 * differences marked, which then stand for the sentence (kept for screen readers) beside a short
 * note. Any other game has the sentence alone.
 */
function rowPicture(row: RoundRow, t: Translate): { picture: ComponentChildren; note?: string } | undefined {
  if ((row.status !== 'verified' && row.status !== 'mismatch') || row.expected === undefined) return undefined;
  const shape = gameShapeOf(row.gameId).kind;
  if (shape === 'draw') {
    const outcomeDiffers = row.failures?.some((failure) => failure.step === 'outcome') ?? false;
    if (row.status === 'mismatch' && !outcomeDiffers) return undefined;
    const marks = kenoMarks(numbersOf(row.expected), numbersOf(row.shown), boardNumbers(row.picks));
    if (marks.drawn.length + marks.shownOnly.length > STRIP_MAX) return undefined;
    const note =
      row.status === 'mismatch'
        ? countText(t, 'rowKenoDiffers', marks.shownOnly.length)
        : marks.picks.length > 0
          ? countText(t, 'rowKenoHits', marks.hits.length, [marks.picks.length])
          : t('rowKenoMatches');
    return { picture: <KenoStrip marks={marks} />, note };
  }
  if (shape !== 'wheel' || !POCKET.test(row.expected)) return undefined;
  const other = row.shown !== undefined && row.shown !== row.expected && POCKET.test(row.shown) ? row.shown : undefined;
  return {
    picture: (
      <span class="row-pockets">
        <RouletteNumber pocket={row.expected} />
        {other !== undefined && (
          <>
            <span aria-hidden="true">≠</span>
            <RouletteNumber pocket={other} struck />
          </>
        )}
      </span>
    ),
  };
}

export function RoundRowItem({ row, index, total }: { row: RoundRow; index: number; total: number }) {
  const { t } = useEnv();
  const steps = row.failures?.map((failure) => failure.step) ?? [];
  const sentence = rowSentence(row, t);
  const shown = rowPicture(row, t);
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
        <span class="row-line row-outcome" title={sentence}>
          {shown?.picture}
          {shown?.note !== undefined && (
            <span class="row-note" aria-hidden="true">
              {shown.note}
            </span>
          )}
          <span class={shown?.note !== undefined ? 'row-summary visually-hidden' : 'row-summary'}>{sentence}</span>
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
