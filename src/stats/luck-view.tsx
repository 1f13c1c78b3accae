// "Unlucky, or cheated?": the luck percentile for the rounds in view (all games, one game, a date
// range, one session), fair play's distribution with the player's result marked, the honest
// sentence, and the sessions (sessions-table.tsx). Everything that grows with the rounds (ordering,
// folding into sessions, a date range's groups, the sessions' percentiles) runs in slices of about
// 50 ms (slices.ts), after the page has drawn: no task holds the page at a million rounds.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { gameWordKey, SUPPORTED_GAME_IDS, type SupportedGameId } from '../core/index.js';
import { MIN_LUCK_ROUNDS, tooFewToCompare } from '../core/luck/percentile.js';
import { firstAtOrAfter, SessionFold } from '../core/luck/sessions.js';
import { useEnv } from '../ui/env.js';
import { countText } from '../ui/i18n.js';
import { amountText, chanceText, decimalText, integerText } from '../ui/format.js';
import { groupsOfFigures, luckOf, paytablesOf, type KeptFigures, type Luck } from '../ui/luck/luck.js';
import { LuckChart } from './luck-chart.js';
import { dateText, percentText } from '../ui/luck/session-text.js';
import { SessionsTable } from './sessions-table.js';
import { inSlices, later } from '../ui/slices.js';
import { useKeptFigures } from '../ui/luck/use-figures.js';
import { useSessionLucks } from '../ui/luck/use-session-lucks.js';
import { useSessions } from '../ui/luck/use-sessions.js';

/** The latest sessions listed, offered as a scope and given a percentile (a long history has thousands: a date range reaches the older ones). */
const SESSIONS_LISTED = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A time's day in the page's time zone, as a date input writes it ("2026-12-03"). */
function dayOf(at: number): string {
  const date = new Date(at);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Midnight starting a day written "2026-12-03", in the page's time zone; undefined for anything else. */
function dayStart(day: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return undefined;
  const at = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
  return Number.isNaN(at) ? undefined : at;
}

function LuckResult({ luck, id }: { luck: Luck; id: string }) {
  const { t } = useEnv();
  const { inputs, percentile } = luck;
  const leftOut = (
    <>
      {inputs.betUnknown > 0 && <p class="hint luck-left-out" data-reason="bet">{countText(t, 'luckLeftOutBet', inputs.betUnknown)}</p>}
      {inputs.paytableUnknown > 0 && <p class="hint luck-left-out" data-reason="paytable">{countText(t, 'luckLeftOutPaytable', inputs.paytableUnknown)}</p>}
    </>
  );
  if (percentile === undefined) {
    return (
      <div class="luck-result" data-rounds="0">
        <p>{t('luckNone')}</p>
        {leftOut}
      </div>
    );
  }
  const net = percentile.actualNet.value;
  const tooFew = tooFewToCompare(percentile);
  if (tooFew !== undefined) {
    // No range and no picture: with so little spread both would only look like an answer.
    return (
      <div class="luck-result" data-rounds={percentile.rounds} data-net={net} data-too-few={tooFew} data-bet-unknown={inputs.betUnknown} data-paytable-unknown={inputs.paytableUnknown}>
        <p class="luck-too-few">
          {tooFew === 'rounds' ? countText(t, 'luckTooFew', percentile.rounds, [integerText(t, MIN_LUCK_ROUNDS)]) : t('luckNoSpread', integerText(t, percentile.rounds))}
        </p>
        {leftOut}
      </div>
    );
  }
  const sentence = countText(t, net < 0 ? 'luckLost' : 'luckWon', percentile.rounds, [amountText(t, Math.abs(net)), percentText(t, luck)]);
  const captionId = `${id}-caption`;
  return (
    <div
      class="luck-result"
      data-rounds={percentile.rounds}
      data-net={net}
      data-at-least={percentile.atLeast}
      data-at-most={percentile.atMost}
      data-method={percentile.method}
      data-bet-unknown={inputs.betUnknown}
      data-paytable-unknown={inputs.paytableUnknown}
    >
      <p class="luck-sentence">{sentence}</p>
      {percentile.atMost - percentile.atLeast > 0.0005 && <p class="hint">{t('luckRangeWhy')}</p>}
      {percentile.method === 'saddlepoint' && <p class="hint">{t('luckApproximate', decimalText(t, percentile.error * 100, 0))}</p>}
      {leftOut}
      <figure class="luck-figure">
        <LuckChart percentile={percentile} captionId={captionId} />
        <figcaption id={captionId}>
          {countText(t, 'luckChartCaption', percentile.rounds, [
            amountText(t, percentile.expectedNet),
            amountText(t, percentile.expectedNet - 1.96 * percentile.spread),
            amountText(t, percentile.expectedNet + 1.96 * percentile.spread),
            amountText(t, net),
          ])}
        </figcaption>
      </figure>
    </div>
  );
}

interface Range {
  from: string;
  to: string;
}

export function LuckSection() {
  const { t } = useEnv();
  const { figures, paytables } = useKeptFigures();
  const [scope, setScope] = useState('all');
  const [range, setRange] = useState<Range | undefined>(undefined);
  const [luck, setLuck] = useState<Luck | undefined>(undefined);
  const { ordered, sessions, read, total } = useSessions();
  // The range starts as every round, once they are read.
  useEffect(() => {
    if (ordered !== undefined && ordered.length > 0) setRange((kept) => kept ?? { from: dayOf(ordered[0]!.at), to: dayOf(ordered.at(-1)!.at) });
  }, [ordered]);
  const offset = Math.max(0, (sessions?.length ?? 0) - SESSIONS_LISTED);
  const listed = useMemo(() => sessions?.slice(offset) ?? [], [sessions, offset]);
  const sessionLucks = useSessionLucks(listed, figures, paytables);

  useEffect(() => {
    if (figures === undefined) return;
    let live = true;
    setLuck(undefined);
    void (async () => {
      await later();
      if (!live) return;
      let groups;
      if (scope.startsWith('session:')) groups = sessions?.[Number(scope.slice(8))]?.groups ?? [];
      else if (scope === 'range') {
        if (ordered === undefined || range === undefined) return;
        // The rounds from the first day's midnight to the last day's end, as one session: their groups.
        const from = dayStart(range.from);
        const to = dayStart(range.to);
        const first = from === undefined ? ordered.length : firstAtOrAfter(ordered, from);
        const end = to === undefined ? first : Math.max(first, firstAtOrAfter(ordered, to + DAY_MS));
        const fold = new SessionFold(Infinity);
        if (!(await inSlices(end - first, (a, b) => fold.add(ordered, first + a, first + b), { live: () => live }))) return;
        groups = fold.finish()[0]?.groups ?? [];
      } else {
        const games = scope === 'all' ? SUPPORTED_GAME_IDS : [scope as SupportedGameId];
        groups = games.flatMap((gameId) => (figures[gameId] ? groupsOfFigures(gameId, figures[gameId]) : []));
      }
      setLuck(luckOf(groups, paytables));
    })();
    return () => {
      live = false;
    };
  }, [figures, paytables, scope, sessions, ordered, range]);

  return (
    <section class="luck" aria-labelledby="luck-heading">
      <h2 id="luck-heading">{t('luckHeading')}</h2>
      <p class="hint">{t('luckIntro')}</p>
      <div class="luck-scopes">
        <label class="luck-scope">
          {t('luckScope')}{' '}
          <select value={scope} onChange={(event) => setScope((event.currentTarget as HTMLSelectElement).value)}>
            <option value="all">{t('luckScopeAll')}</option>
            {SUPPORTED_GAME_IDS.map((gameId) => (
              <option key={gameId} value={gameId}>
                {t(gameWordKey('stats', gameId))}
              </option>
            ))}
            {ordered !== undefined && ordered.length > 0 && <option value="range">{t('luckScopeRange')}</option>}
            {listed.map((session, i) => (
              <option key={`s${offset + i}`} value={`session:${offset + i}`}>
                {t('luckScopeSession', [dateText(t, session.start), integerText(t, session.rounds)])}
              </option>
            ))}
          </select>
        </label>
        {scope === 'range' && range !== undefined && (
          <>
            <label class="luck-range">
              {t('luckRangeFrom')}{' '}
              <input type="date" data-range="from" value={range.from} onChange={(event) => setRange({ ...range, from: (event.currentTarget as HTMLInputElement).value })} />
            </label>
            <label class="luck-range">
              {t('luckRangeTo')}{' '}
              <input type="date" data-range="to" value={range.to} onChange={(event) => setRange({ ...range, to: (event.currentTarget as HTMLInputElement).value })} />
            </label>
          </>
        )}
      </div>
      {luck === undefined ? <p class="hint" aria-busy="true">{t('luckWorking')}</p> : <LuckResult luck={luck} id="luck-view" />}
      <p class="luck-honest">{t('luckHonest')}</p>
      <h3>{t('sessionsHeading')}</h3>
      <p class="hint">{t('sessionsRule')}</p>
      <p class="hint">{t('sessionsNetAll', integerText(t, MIN_LUCK_ROUNDS))}</p>
      {sessions !== undefined && offset > 0 && <p class="hint sessions-latest">{t('sessionsLatest', [integerText(t, SESSIONS_LISTED), integerText(t, sessions.length)])}</p>}
      {sessions === undefined ? (
        <p class="hint" aria-busy="true">{t('sessionsReading', [integerText(t, read), integerText(t, total)])}</p>
      ) : sessions.length === 0 ? (
        <p class="sessions-none">{t('sessionsNone')}</p>
      ) : (
        <SessionsTable sessions={listed} offset={offset} lucks={sessionLucks} />
      )}
    </section>
  );
}
