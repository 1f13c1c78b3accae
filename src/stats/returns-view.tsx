// One game's return to player from the verified rounds: the realised return beside the
// theoretical one, and for keno the paytable learnt from the rounds (picks × hits → multiplier),
// its disagreements, and the exact return per number of picks against the advertised 99 %.
import type { KenoRtp, SupportedGameId } from '../core/index.js';
import { KENO_ADVERTISED_RTP } from '../core/index.js';
import { useEnv } from '../ui/env.js';
import { countText, type Translate } from '../ui/i18n.js';
import { advertisedText, amountText, decimalText, integerText, multiplierText, returnText } from '../ui/format.js';
import type { GameReturns, KenoReturns } from '../ui/luck/returns.js';

function RealisedSentence({ returns }: { returns: GameReturns }) {
  const { t } = useEnv();
  const { realised, theoretical } = returns;
  if (realised.rounds === 0 || realised.rtp === undefined) return <p class="realised" data-rounds="0">{t('returnsNone')}</p>;
  const head = t('returnsRealised', [integerText(t, realised.rounds), returnText(t, realised.rtp.value), amountText(t, realised.totalPayout.value), amountText(t, realised.totalStake.value)]);
  let tail: string;
  if (theoretical === undefined) tail = t('returnsTheoryUnknown');
  else {
    const swing = realised.standardError === undefined || !(realised.standardError > 0) ? undefined : 2 * realised.standardError;
    const rules = t('returnsTheory', returnText(t, theoretical.value));
    const luck =
      swing === undefined
        ? t('returnsLuckUnknown')
        : Math.abs(realised.rtp.value - theoretical.value) <= swing
          ? t('returnsWithinLuck', decimalText(t, swing * 100, 1))
          : t('returnsBeyondLuck', decimalText(t, swing * 100, 1));
    tail = `${rules} ${luck}`;
  }
  return (
    <p class="realised" data-rounds={realised.rounds} data-rtp={realised.rtp.value} data-theoretical={theoretical?.value}>
      {head} {tail}
    </p>
  );
}

const multipliersText = (t: Translate, multipliers: number[]) => multipliers.map((m) => multiplierText(t, m)).join(' / ');

function conflictText(t: Translate, picks: number, hits: number, multipliers: number[]): string {
  return t('kenoLearntConflict', [String(picks), String(hits), multipliersText(t, multipliers)]);
}

function rtpSentence(t: Translate, rtp: KenoRtp): string {
  if (!rtp.complete) return t('kenoLearntIncomplete', [String(rtp.picks), rtp.unknownHits.join(', '), returnText(t, rtp.atLeast.value)]);
  return t(rtp.advertised.verdict === 'below' ? 'kenoLearntBelow' : 'kenoLearntAbove', [String(rtp.picks), returnText(t, rtp.rtp.value), advertisedText(t, KENO_ADVERTISED_RTP)]);
}

/** Per number of picks, whether its return is the advertised one: those that are in one line, each other its own. */
function KenoRtps({ rtps }: { rtps: KenoRtp[] }) {
  const { t } = useEnv();
  const matching = rtps.filter((rtp) => rtp.complete && rtp.advertised.verdict === 'matches').map((rtp) => rtp.picks);
  return (
    <ul class="keno-rtps">
      {matching.length > 0 && (
        <li data-picks={matching.join(',')} data-verdict="matches">
          {t('kenoLearntMatchesAll', [matching.join(', '), advertisedText(t, KENO_ADVERTISED_RTP)])}
        </li>
      )}
      {rtps
        .filter((rtp) => !matching.includes(rtp.picks))
        .map((rtp) => (
          <li key={rtp.picks} data-picks={rtp.picks} data-verdict={rtp.complete ? rtp.advertised.verdict : 'incomplete'}>
            {rtpSentence(t, rtp)}
          </li>
        ))}
    </ul>
  );
}

/**
 * The learnt paytable as a grid: one row per number of picks, one column per number of hits up to
 * the most picks learnt (more hits than picks cannot happen). The picks and the return stay in view
 * while a wide table scrolls sideways in its own region.
 */
function KenoPaytable({ keno }: { keno: KenoReturns }) {
  const { t } = useEnv();
  const { learnt, rtps } = keno;
  if (learnt.tables.length === 0) return <p class="keno-learnt-empty">{t('kenoLearntNone')}</p>;
  const conflicted = (picks: number, hits: number) => learnt.conflicts.find((c) => c.picks === picks && c.hits === hits);
  const hitColumns = Array.from({ length: Math.max(...learnt.tables.map((table) => table.picks)) + 1 }, (_, hits) => hits);
  return (
    <div class="keno-learnt">
      <p class="table-title" aria-hidden="true">
        {t('kenoLearntCaption')}
      </p>
      {/* A wide table scrolls on its own; the region is focusable so the keyboard can scroll it. */}
      <div class="table-scroll" role="region" tabindex={0} aria-label={t('kenoLearntCaption')}>
        <table class="keno-paytable">
          <caption class="visually-hidden">{t('kenoLearntCaption')}</caption>
          <thead>
            <tr>
              <th scope="col" rowSpan={2}>
                {t('kenoLearntPicksColumn')}
              </th>
              <th scope="colgroup" colSpan={hitColumns.length}>
                {t('kenoHits')}
              </th>
              <th scope="col" rowSpan={2} class="keno-rtp">
                {t('rtpReturn')}
              </th>
            </tr>
            <tr>
              {hitColumns.map((hits) => (
                <th scope="col" key={hits}>
                  {hits}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {learnt.tables.map((table) => {
              const rtp = rtps.find((entry) => entry.picks === table.picks)!;
              return (
                <tr key={table.picks} data-picks={table.picks} data-complete={String(rtp.complete)}>
                  <th scope="row">{table.picks}</th>
                  {hitColumns.map((hits) => {
                    if (hits > table.picks) return <td key={hits} class="na" aria-label={t('kenoLearntImpossible')}>–</td>;
                    const conflict = conflicted(table.picks, hits);
                    if (conflict) return <td key={hits} class="conflict" data-hits={hits}>{multipliersText(t, conflict.multipliers)}</td>;
                    const multiplier = table.multipliers[hits];
                    if (multiplier === undefined) return <td key={hits} class="unknown" data-hits={hits} aria-label={t('kenoLearntUnknownCell')}>?</td>;
                    return <td key={hits} data-hits={hits} data-multiplier={multiplier}>{multiplierText(t, multiplier)}</td>;
                  })}
                  <td class="keno-rtp">{rtp.complete ? returnText(t, rtp.rtp.value) : `≥ ${returnText(t, rtp.atLeast.value)}`}</td>
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
      <KenoRtps rtps={rtps} />
    </div>
  );
}

export function GameReturnsView({ gameId, returns }: { gameId: SupportedGameId; returns: GameReturns }) {
  const { t } = useEnv();
  return (
    <div class="returns" data-game={gameId}>
      <h3>{t('returnsHeading')}</h3>
      <RealisedSentence returns={returns} />
      {returns.disputed > 0 && <p class="hint returns-disputed">{countText(t, 'returnsDisputed', returns.disputed)}</p>}
      {returns.keno && <KenoPaytable keno={returns.keno} />}
    </div>
  );
}
