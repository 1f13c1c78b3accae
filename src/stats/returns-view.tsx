// One game's return to player from the verified rounds: the realised return beside the
// theoretical one, and for keno the paytable learnt from the rounds (picks × hits → multiplier),
// its disagreements, and the exact return per number of picks against the advertised 99 %.
import type { KenoRtp, SupportedGameId } from '../core/index.js';
import { KENO_ADVERTISED_RTP } from '../core/index.js';
import { useEnv } from '../popup/env.js';
import type { Translate } from '../popup/i18n.js';
import type { VerifiedRound } from '../shared/records.js';
import { gameReturns, type GameReturns, type KenoReturns } from './returns.js';
import { numberFormat } from './stats-text.js';

const percent = (t: Translate, value: number) => numberFormat(t, 2).format(value * 100);
const amount = (t: Translate, value: number) => new Intl.NumberFormat(t('uiLanguage'), { minimumFractionDigits: 2, maximumFractionDigits: 8 }).format(value);
const multiplierText = (t: Translate, value: number) => new Intl.NumberFormat(t('uiLanguage'), { maximumFractionDigits: 8 }).format(value);

function RealisedSentence({ returns }: { returns: GameReturns }) {
  const { t } = useEnv();
  const { realised, theoretical } = returns;
  if (realised.rounds === 0 || realised.rtp === undefined) return <p class="realised" data-rounds="0">{t('returnsNone')}</p>;
  const head = t('returnsRealised', [String(realised.rounds), percent(t, realised.rtp.value), amount(t, realised.totalPayout.value), amount(t, realised.totalStake.value)]);
  let tail: string;
  if (theoretical === undefined) tail = t('returnsTheoryUnknown');
  else {
    const swing = realised.standardError === undefined || !(realised.standardError > 0) ? undefined : 2 * realised.standardError;
    const rules = t('returnsTheory', percent(t, theoretical.value));
    const luck =
      swing === undefined
        ? t('returnsLuckUnknown')
        : Math.abs(realised.rtp.value - theoretical.value) <= swing
          ? t('returnsWithinLuck', numberFormat(t, 1).format(swing * 100))
          : t('returnsBeyondLuck', numberFormat(t, 1).format(swing * 100));
    tail = `${rules} ${luck}`;
  }
  return (
    <p class="realised" data-rounds={realised.rounds} data-rtp={realised.rtp.value} data-theoretical={theoretical?.value}>
      {head} {tail}
    </p>
  );
}

const HITS = Array.from({ length: 11 }, (_, hits) => hits);

function conflictText(t: Translate, picks: number, hits: number, multipliers: number[]): string {
  return t('kenoLearntConflict', [String(picks), String(hits), multipliers.map((m) => `${multiplierText(t, m)}×`).join(' / ')]);
}

function rtpSentence(t: Translate, rtp: KenoRtp): string {
  if (!rtp.complete) return t('kenoLearntIncomplete', [String(rtp.picks), rtp.unknownHits.join(', '), percent(t, rtp.atLeast.value)]);
  const key = rtp.advertised.verdict === 'matches' ? 'kenoLearntMatches' : rtp.advertised.verdict === 'below' ? 'kenoLearntBelow' : 'kenoLearntAbove';
  return t(key, [String(rtp.picks), numberFormat(t, 4).format(rtp.rtp.value * 100), KENO_ADVERTISED_RTP]);
}

/** The learnt paytable as a grid: one row per number of picks, one column per number of hits. */
function KenoPaytable({ keno }: { keno: KenoReturns }) {
  const { t } = useEnv();
  const { learnt, rtps } = keno;
  if (learnt.tables.length === 0) return <p class="keno-learnt-empty">{t('kenoLearntNone')}</p>;
  const conflicted = (picks: number, hits: number) => learnt.conflicts.find((c) => c.picks === picks && c.hits === hits);
  return (
    <div class="keno-learnt">
      {/* A wide table scrolls on its own; the region is focusable so the keyboard can scroll it. */}
      <div class="table-scroll" role="region" tabindex={0} aria-label={t('kenoLearntCaption')}>
        <table class="keno-paytable">
          <caption>{t('kenoLearntCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('kenoPicks')}</th>
              {HITS.map((hits) => (
                <th scope="col" key={hits}>
                  {t('kenoLearntHitsColumn', String(hits))}
                </th>
              ))}
              <th scope="col">{t('rtpReturn')}</th>
            </tr>
          </thead>
          <tbody>
            {learnt.tables.map((table) => {
              const rtp = rtps.find((entry) => entry.picks === table.picks)!;
              return (
                <tr key={table.picks} data-picks={table.picks} data-complete={String(rtp.complete)}>
                  <th scope="row">{table.picks}</th>
                  {HITS.map((hits) => {
                    if (hits > table.picks) return <td key={hits} class="na" aria-label={t('kenoLearntImpossible')}>–</td>;
                    const conflict = conflicted(table.picks, hits);
                    if (conflict) return <td key={hits} class="conflict" data-hits={hits}>{conflict.multipliers.map((m) => `${multiplierText(t, m)}×`).join(' / ')}</td>;
                    const multiplier = table.multipliers[hits];
                    if (multiplier === undefined) return <td key={hits} class="unknown" data-hits={hits} aria-label={t('kenoLearntUnknownCell')}>?</td>;
                    return <td key={hits} data-hits={hits} data-multiplier={multiplier}>{multiplierText(t, multiplier)}×</td>;
                  })}
                  <td class="keno-rtp">{rtp.complete ? `${numberFormat(t, 4).format(rtp.rtp.value * 100)} %` : `≥ ${percent(t, rtp.atLeast.value)} %`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {learnt.conflicts.length > 0 && (
        <ul class="keno-conflicts">
          {learnt.conflicts.map((c) => (
            <li key={`${c.picks}-${c.hits}`} data-picks={c.picks} data-hits={c.hits}>
              {conflictText(t, c.picks, c.hits, c.multipliers)}
            </li>
          ))}
        </ul>
      )}
      <ul class="keno-rtps">
        {rtps.map((rtp) => (
          <li key={rtp.picks} data-picks={rtp.picks} data-verdict={rtp.complete ? rtp.advertised.verdict : 'incomplete'}>
            {rtpSentence(t, rtp)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function GameReturnsView({ gameId, rounds }: { gameId: SupportedGameId; rounds: readonly VerifiedRound[] }) {
  const { t } = useEnv();
  const returns = gameReturns(gameId, rounds);
  return (
    <div class="returns" data-game={gameId}>
      <h3>{t('returnsHeading')}</h3>
      <RealisedSentence returns={returns} />
      {returns.disputed > 0 && <p class="hint returns-disputed">{t('returnsDisputed', String(returns.disputed))}</p>}
      {returns.keno && <KenoPaytable keno={returns.keno} />}
    </div>
  );
}
