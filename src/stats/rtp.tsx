// The return-to-player math from the published rules (core/rtp): roulette per bet and variant
// against the advertised figure, keno's hit odds per number of picks. Keno's paytable is not
// published: its return is learnt from the player's rounds in the Keno section above.
import { useState } from 'preact/hooks';
import { gameWordKey, kenoHitDistribution, KENO_MAX_PICKS, rouletteRtp, type RouletteVariant } from '../core/index.js';
import { useEnv } from '../ui/env.js';
import { advertisedText, chanceText, integerText, returnText } from './format.js';
import { betName } from './stats-text.js';

function RouletteTable({ variant }: { variant: RouletteVariant }) {
  const { t } = useEnv();
  const rtp = rouletteRtp(variant);
  const name = t(gameWordKey('stats', `roulette-${variant}`));
  // The return most bets share: what the sentence compares with the advertised figure.
  const common = rtp.bets.find((bet) => bet.id === 'straight')!;
  const figures = [name, returnText(t, common.rtp.value), advertisedText(t, rtp.advertised)];
  return (
    <div class="rtp-variant" data-variant={variant} data-supports-advertised={String(rtp.supportsAdvertised)}>
      <p>{rtp.supportsAdvertised ? t('rtpMatches', figures) : t('rtpBelow', figures)}</p>
      <table>
        <caption>{t('rtpTableCaption', name)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('rtpBet')}</th>
            <th scope="col">{t('rtpNumbers')}</th>
            <th scope="col">{t('rtpPays')}</th>
            <th scope="col">{t('rtpReturn')}</th>
          </tr>
        </thead>
        <tbody>
          {rtp.bets.map((bet) => (
            <tr key={bet.id} data-bet={bet.id} class={bet.rtp.value < common.rtp.value ? 'worse' : undefined}>
              <th scope="row">{betName(t, bet)}</th>
              <td>{bet.numbersCovered}</td>
              <td>{bet.payout}:1</td>
              <td>{returnText(t, bet.rtp.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function KenoOdds() {
  const { t } = useEnv();
  const [picks, setPicks] = useState(10);
  return (
    <div class="keno-odds">
      <label>
        {t('kenoPicks')}{' '}
        <select value={picks} onChange={(event) => setPicks(Number(event.currentTarget.value))}>
          {Array.from({ length: KENO_MAX_PICKS }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </select>
      </label>
      <table data-picks={picks}>
        <caption>{t('kenoOddsCaption', String(picks))}</caption>
        <thead>
          <tr>
            <th scope="col">{t('kenoHits')}</th>
            <th scope="col">{t('kenoProbability')}</th>
            <th scope="col">{t('kenoOneIn')}</th>
          </tr>
        </thead>
        <tbody>
          {kenoHitDistribution(picks).map(({ hits, probability }) => (
            <tr key={hits}>
              <th scope="row">{hits}</th>
              <td>{chanceText(t, probability.value)}</td>
              <td>{probability.value > 0 ? integerText(t, 1 / probability.value) : '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="hint">{t('kenoPaytableUnknown')}</p>
    </div>
  );
}

export function RtpSection() {
  const { t } = useEnv();
  return (
    <section class="rtp" aria-labelledby="rtp-heading">
      <h2 id="rtp-heading">{t('rtpHeading')}</h2>
      <p class="hint">{t('rtpExplained')}</p>
      {/* Side by side where the window is wide enough, one under another where it is not. */}
      <div class="rtp-grid">
        <RouletteTable variant="european" />
        <RouletteTable variant="american" />
        <div>
          <h3>{t('statsKeno')}</h3>
          <KenoOdds />
        </div>
      </div>
    </section>
  );
}
