// The capture diagnostics of the tab the popup was opened over, loaded when the player opens them
// (tab-context.tsx): per channel, how many fairness values capture saw, how many rounds they
// formed and how many it could not place; the kinds of value seen in no round (label and shape,
// never the value); and "Copy a capture report" (capture-report.ts), to the clipboard only.
import { printable } from '../core/index.js';
import { CAPTURE_CHANNELS, type CaptureTally } from '../shared/capture-channel.js';
import { captureReport } from './capture-report.js';
import type { PopupEnv } from './env.js';
import type { Translate } from '../ui/i18n.js';

/** Fields the popup already has a label for; any other key is shown as it came. */
const FIELD_LABELS = new Set(['serverSeed', 'clientSeed', 'commitment', 'nonce', 'result', 'game', 'stake', 'payout']);

function shapeText(t: Translate, shape: string): string {
  const size = shape.slice(1).replace(/[it]$/, '');
  if (shape[0] === 'L') return t(shape.endsWith('i') ? 'captureShapeNumbers' : 'captureShapeTexts', size);
  if (shape[0] === 'h') return t('captureShapeHex', size);
  return shape === 'i' ? t('captureShapeInt') : t('captureShapeText', size);
}

const channelName = (t: Translate, channel: string) => t(`captureChannel_${channel}`);

export interface CapturePanelProps {
  tally: CaptureTally;
  host: string;
  /** From the popup's environment, handed down: this chunk imports none of the popup's modules (each would split the first load's chunks). */
  env: Pick<PopupEnv, 't' | 'copyText' | 'version'>;
}

export function CapturePanel({ tally, host, env: { t, copyText, version } }: CapturePanelProps) {
  const unplaced = tally.seen.filter((kind) => kind[3] === 0);
  const unplacedKeys = tally.keys?.filter((kind) => kind[3] === 0) ?? [];
  // No hooks here: a chunk that imports Preact's hooks splits them off the first load's shared
  // chunks (+0.3 KB gzip). The click shows the report it copied in the box below, and says how it went.
  const copy = (event: MouseEvent) => {
    const button = event.currentTarget as HTMLElement;
    const status = button.nextElementSibling!;
    const box = status.nextElementSibling as HTMLTextAreaElement;
    // Keys come from the page: a control character among them would travel on unseen (each line made printable: the line breaks stay).
    const text = captureReport(tally, { host, version: version ?? '?' }).split('\n').map(printable).join('\n');
    box.value = text;
    box.hidden = false;
    status.textContent = '';
    copyText(text).then(
      () => (status.textContent = t('copied')),
      () => (status.textContent = t('copyFailed')),
    );
  };
  return (
    <div class="capture-panel">
      <table class="capture-counts">
        <thead>
          <tr>
            <th scope="col">{t('captureChannel')}</th>
            <th scope="col">{t('captureValues')}</th>
            <th scope="col">{t('captureRounds')}</th>
            <th scope="col">{t('captureUnplacedHeading')}</th>
          </tr>
        </thead>
        <tbody>
          {CAPTURE_CHANNELS.filter((channel) => tally.counts[channel]).map((channel) => {
            const [values, rounds, notPlaced] = tally.counts[channel]!;
            return (
              <tr key={channel} data-capture-channel={channel} data-values={values} data-rounds={rounds} data-unplaced={notPlaced}>
                <th scope="row">{channelName(t, channel)}</th>
                <td>{values}</td>
                <td>{rounds}</td>
                <td>{notPlaced}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {!!tally.closed && <p data-capture-closed={tally.closed}>{t(tally.closed === 1 ? 'captureClosedHosts_one' : 'captureClosedHosts_other', tally.closed)}</p>}
      {!!tally.bare && <p data-capture-bare={tally.bare}>{t(tally.bare === 1 ? 'captureBareHex_one' : 'captureBareHex_other', tally.bare)}</p>}
      {!!tally.frames?.length && (
        <>
          <p>{t('captureFramesIntro')}</p>
          <ul class="capture-kinds">
            {tally.frames.map(([channel, shape, times]) => (
              <li key={channel + shape} data-frame-shape={shape} data-capture-channel={channel}>
                {t('captureFrameShape', [shape.slice(1, 3), shape.slice(4)])} ×{times} <span class="muted">({channelName(t, channel)})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {unplaced.length + unplacedKeys.length > 0 && (
        <>
          <p>{t('captureUnplacedIntro')}</p>
          <ul class="capture-kinds">
            {unplaced.map(([channel, key, shape]) => (
              <li key={`${channel} ${key} ${shape}`} data-kind-key={key} data-shape={shape} data-capture-channel={channel}>
                {FIELD_LABELS.has(key) ? t(key) : key} · {shapeText(t, shape)} <span class="muted">({channelName(t, channel)})</span>
              </li>
            ))}
            {/* The page's own keys, quoted as it spells them, with how often they were seen. */}
            {unplacedKeys.map(([channel, key, shape, , times]) => (
              <li key={`"${channel} ${key} ${shape}`} data-page-key={key} data-shape={shape} data-capture-channel={channel}>
                “{key}” · {shapeText(t, shape)} ×{times} <span class="muted">({channelName(t, channel)})</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p class="muted">{t('captureReportNote')}</p>
      <button type="button" data-capture-report onClick={copy}>
        {t('captureReportCopy')}
      </button>{' '}
      <span aria-live="polite" />
      <textarea class="capture-report" hidden readOnly rows={6} aria-label={t('captureReportCopy')} />
    </div>
  );
}
