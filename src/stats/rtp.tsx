// The return-to-player math from the published rules (core/rtp), per game by its shape: a wheel's
// return per bet against the advertised figure, a draw's hit odds per number of picks. Keno's
// paytable is not published: its return is learnt from the player's rounds in the Keno section
// above. A game of another shape has no rules here.
import { useState } from 'preact/hooks';
import { gameWordKey, hitDistribution, rouletteRtp, SUPPORTED_GAMES, type GameShape, type RouletteVariant, type SupportedGameId } from '../core/index.js';
import { useEnv } from '../ui/env.js';
import { advertisedText, chanceText, integerText, returnText } from '../ui/format.js';
import { betName } from './stats-text.js';

function RouletteTable({ gameId, variant }: { gameId: SupportedGameId; variant: RouletteVariant }) {
  const { t } = useEnv();
  const rtp = rouletteRtp(variant);
  const name = t(gameWordKey('stats', gameId));
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

function KenoOdds({ draw }: { draw: Extract<GameShape, { kind: 'draw' }> }) {
  const { t } = useEnv();
  const [picks, setPicks] = useState(draw.maxPicks);
  return (
    <div class="keno-odds">
      <label>
        {t('kenoPicks')}{' '}
        <select value={picks} onChange={(event) => setPicks(Number(event.currentTarget.value))}>
          {Array.from({ length: draw.maxPicks }, (_, i) => (
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
          {hitDistribution(draw.board, draw.drawn, picks).map(({ hits, probability }) => (
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
        {SUPPORTED_GAMES.map(({ id, shape }) =>
          shape.kind === 'wheel' ? (
            <RouletteTable key={id} gameId={id} variant={shape.variant} />
          ) : shape.kind === 'draw' ? (
            <div key={id}>
              <h3>{t(gameWordKey('stats', id))}</h3>
              <KenoOdds draw={shape} />
            </div>
          ) : null,
        )}
      </div>
    </section>
  );
}
