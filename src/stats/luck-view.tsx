// "Unlucky, or cheated?": the luck percentile for the rounds in view (all games, one game, one
// session), fair play's distribution with the player's result marked, the honest sentence, and the
// sessions with their percentiles and a luck-over-time line. Each percentile is computed in a task
// of its own after the page has drawn (one percentile is one short task: core/luck/percentile.ts).
import { useEffect, useMemo, useState } from 'preact/hooks';
import { gameWordKey, SUPPORTED_GAME_IDS, type SupportedGameId } from '../core/index.js';
import { MIN_LUCK_ROUNDS, tooFewToCompare } from '../core/luck/percentile.js';
import { inTimeOrder, SessionFold, type Session, type SessionRound } from '../core/luck/sessions.js';
import { useEnv } from '../ui/env.js';
import { countText, type Translate } from '../ui/i18n.js';
import { amountText, chanceText, decimalText, integerText } from './format.js';
import { groupsOfFigures, luckOf, paytablesOf, type KeptFigures, type Luck } from './luck.js';
import { LuckChart } from './luck-chart.js';
import { MAX_PAGE } from '../shared/message-limits.js';

/** Rounds folded into sessions per task (about 20 ms on one core). */
const SESSION_CHUNK = 20_000;
/** The time one task of session percentiles may take before it lets the page draw. */
const TASK_MS = 50;
/** The latest sessions whose percentile is computed (each takes up to tens of ms: a long history has thousands). */
const SESSIONS_WITH_PERCENTILE = 200;

const later = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

function dateText(t: Translate, at: number): string {
  return new Intl.DateTimeFormat(t('uiLanguage'), { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

function percentText(t: Translate, luck: Luck): string {
  const p = luck.percentile!;
  return p.atMost - p.atLeast > 0.0005 ? t('luckRange', [chanceText(t, p.atLeast), chanceText(t, p.atMost)]) : chanceText(t, p.atLeast);
}

/** A percentile worth showing: there is one, over enough rounds with a spread. */
const shown = (luck: Luck | undefined) => (luck?.percentile && tooFewToCompare(luck.percentile) === undefined ? luck.percentile : undefined);

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

/** Every settled round as sessions read it, page by page (a million rounds take a while: the figures above do not wait). */
function useSessionRounds(): { rounds?: SessionRound[]; read: number; total: number } {
  const { client } = useEnv();
  const [state, setState] = useState<{ rounds?: SessionRound[]; read: number; total: number }>({ read: 0, total: 0 });
  useEffect(() => {
    let live = true;
    void (async () => {
      // After the figures' questions: the sessions can take long, the percentile of all rounds should not wait for them.
      await later();
      if (!live) return;
      const rounds: SessionRound[] = [];
      let after: number | undefined;
      let read = 0;
      for (;;) {
        const page = await client.ask({ type: 'session-rounds', ...(after === undefined ? {} : { after }), limit: MAX_PAGE });
        if (!live) return;
        rounds.push(...page.rounds);
        read += page.read;
        setState({ read, total: page.total });
        if (page.last === undefined || page.read < MAX_PAGE) break;
        after = page.last;
      }
      setState({ rounds, read, total: read });
    })().catch(() => live && setState((s) => ({ ...s, rounds: [] })));
    return () => {
      live = false;
    };
  }, [client]);
  return state;
}

function LuckOverTime({ sessions, lucks }: { sessions: Session[]; lucks: (Luck | undefined)[] }) {
  const { t } = useEnv();
  const points = lucks.flatMap((luck, i) => {
    const percentile = shown(luck);
    return percentile ? [{ i, p: percentile.atLeast }] : [];
  });
  if (points.length < 2) return null;
  const width = 600;
  const height = 160;
  const x = (i: number) => 10 + (i / Math.max(1, sessions.length - 1)) * (width - 20);
  const y = (p: number) => 10 + (1 - p) * (height - 30);
  const values = points.map((point) => point.p);
  return (
    <figure class="luck-over-time">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby="luck-over-time-caption" class="luck-line">
        <line class="luck-axis" x1={10} x2={width - 10} y1={y(0.5)} y2={y(0.5)} stroke-dasharray="4 4" />
        <polyline class="luck-trend" fill="none" points={points.map(({ i, p }) => `${x(i)},${y(p)}`).join(' ')} />
        {points.map(({ i, p }) => (
          <circle key={i} class="luck-dot" cx={x(i)} cy={y(p)} r={3} />
        ))}
        <text x={10} y={height - 4}>{dateText(t, sessions[points[0]!.i]!.start)}</text>
        <text x={width - 10} y={height - 4} text-anchor="end">
          {dateText(t, sessions[points.at(-1)!.i]!.start)}
        </text>
      </svg>
      <figcaption id="luck-over-time-caption">
        {t('luckOverTime')}.{' '}
        {t('luckOverTimeCaption', [integerText(t, points.length), dateText(t, sessions[points[0]!.i]!.start), dateText(t, sessions[points.at(-1)!.i]!.start), chanceText(t, Math.min(...values)), chanceText(t, Math.max(...values))])}
      </figcaption>
    </figure>
  );
}

export function LuckSection() {
  const { client, t } = useEnv();
  const [figures, setFigures] = useState<KeptFigures | undefined>(undefined);
  const [scope, setScope] = useState('all');
  const [luck, setLuck] = useState<Luck | undefined>(undefined);
  const { rounds, read, total } = useSessionRounds();
  const [sessions, setSessions] = useState<Session[] | undefined>(undefined);
  useEffect(() => {
    if (rounds === undefined) return;
    let live = true;
    void (async () => {
      // In chunks, one task each: a million rounds never hold the page.
      const ordered = inTimeOrder(rounds);
      const fold = new SessionFold();
      for (let from = 0; from < ordered.length; from += SESSION_CHUNK) {
        await later();
        if (!live) return;
        fold.add(ordered, from, Math.min(ordered.length, from + SESSION_CHUNK));
      }
      setSessions(fold.finish());
    })();
    return () => {
      live = false;
    };
  }, [rounds]);
  const [sessionLucks, setSessionLucks] = useState<(Luck | undefined)[]>([]);

  useEffect(() => {
    let live = true;
    // After the game sections' own questions, which show the worker's errors.
    later()
      .then(() => Promise.all(SUPPORTED_GAME_IDS.map((gameId) => client.ask({ type: 'outcomes', gameId }).then((kept) => [gameId, kept] as const))))
      .then(
      (entries) => live && setFigures(Object.fromEntries(entries)),
      () => live && setFigures({}),
    );
    return () => {
      live = false;
    };
  }, [client]);
  const paytables = useMemo(() => (figures ? paytablesOf(figures) : {}), [figures]);

  useEffect(() => {
    if (figures === undefined) return;
    let live = true;
    setLuck(undefined);
    void later().then(() => {
      if (!live) return;
      let groups;
      if (scope.startsWith('session:')) groups = sessions?.[Number(scope.slice(8))]?.groups ?? [];
      else {
        const games = scope === 'all' ? SUPPORTED_GAME_IDS : [scope as SupportedGameId];
        groups = games.flatMap((gameId) => (figures[gameId] ? groupsOfFigures(gameId, figures[gameId]) : []));
      }
      setLuck(luckOf(groups, paytables));
    });
    return () => {
      live = false;
    };
  }, [figures, paytables, scope, sessions]);

  // The sessions' percentiles in short tasks, so a long history never holds the page.
  useEffect(() => {
    if (sessions === undefined || figures === undefined) return;
    let live = true;
    void (async () => {
      const lucks: (Luck | undefined)[] = new Array(Math.max(0, sessions.length - SESSIONS_WITH_PERCENTILE)).fill(undefined);
      // As many sessions a task as fit in TASK_MS (a session's percentile is one short computation), shown as they come.
      while (lucks.length < sessions.length) {
        await later();
        if (!live) return;
        const began = performance.now();
        while (lucks.length < sessions.length && performance.now() - began < TASK_MS) lucks.push(luckOf(sessions[lucks.length]!.groups, paytables, false));
        setSessionLucks([...lucks]);
      }
    })();
    return () => {
      live = false;
    };
  }, [sessions, figures, paytables]);

  return (
    <section class="luck" aria-labelledby="luck-heading">
      <h2 id="luck-heading">{t('luckHeading')}</h2>
      <p class="hint">{t('luckIntro')}</p>
      <label class="luck-scope">
        {t('luckScope')}{' '}
        <select value={scope} onChange={(event) => setScope((event.currentTarget as HTMLSelectElement).value)}>
          <option value="all">{t('luckScopeAll')}</option>
          {SUPPORTED_GAME_IDS.map((gameId) => (
            <option key={gameId} value={gameId}>
              {t(gameWordKey('stats', gameId))}
            </option>
          ))}
          {sessions?.map((session, i) => (
            <option key={`s${i}`} value={`session:${i}`}>
              {t('luckScopeSession', [dateText(t, session.start), integerText(t, session.rounds)])}
            </option>
          ))}
        </select>
      </label>
      {luck === undefined ? <p class="hint" aria-busy="true">{t('luckWorking')}</p> : <LuckResult luck={luck} id="luck-view" />}
      <p class="luck-honest">{t('luckHonest')}</p>
      <h3>{t('sessionsHeading')}</h3>
      <p class="hint">{t('sessionsRule')}</p>
      <p class="hint">{t('sessionsNetAll', integerText(t, MIN_LUCK_ROUNDS))}</p>
      {sessions !== undefined && sessions.length > SESSIONS_WITH_PERCENTILE && <p class="hint sessions-latest">{t('sessionsLatest', [integerText(t, SESSIONS_WITH_PERCENTILE), integerText(t, sessions.length)])}</p>}
      {sessions === undefined ? (
        <p class="hint" aria-busy="true">{t('sessionsReading', [integerText(t, read), integerText(t, total)])}</p>
      ) : sessions.length === 0 ? (
        <p class="sessions-none">{t('sessionsNone')}</p>
      ) : (
        <>
          <LuckOverTime sessions={sessions} lucks={sessionLucks} />
          <div class="table-scroll" role="region" tabindex={0} aria-label={t('sessionsHeading')}>
            <table class="sessions">
              <thead>
                <tr>
                  <th scope="col">{t('sessionsStart')}</th>
                  <th scope="col">{t('sessionsRounds')}</th>
                  <th scope="col">{t('sessionsNet')}</th>
                  <th scope="col">{t('sessionsWitnessed')}</th>
                  <th scope="col">{t('sessionsPercentile')}</th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((session, i) => {
                  const sessionLuck = sessionLucks[i];
                  return (
                    <tr key={i} data-session={i} data-rounds={session.rounds} data-net={session.net.value} data-witnessed={session.witnessed} data-at-least={shown(sessionLuck)?.atLeast}>
                      <td>{dateText(t, session.start)}</td>
                      <td>{integerText(t, session.rounds)}</td>
                      <td>{amountText(t, session.net.value)}</td>
                      <td>{chanceText(t, session.witnessed / session.rounds)}</td>
                      <td>{sessionLuck?.percentile === undefined ? t('sessionsNoPercentile') : tooFewToCompare(sessionLuck.percentile) ? t('sessionsTooFew') : percentText(t, sessionLuck)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
