// The More view's sessions (#26): the latest few, each with its net result, rounds, witnessed share
// and where fair play falls against it, and the way to the statistics page for the rest and the
// picture. The rounds are read and folded in slices (src/ui/luck/), only once the More view is shown.
import { useMemo } from 'preact/hooks';
import { useEnv } from './env.js';
import { amountText, chanceText, integerText } from '../ui/format.js';
import { dateText, percentileWords, shown } from '../ui/luck/session-text.js';
import { useKeptFigures } from '../ui/luck/use-figures.js';
import { useSessionLucks } from '../ui/luck/use-session-lucks.js';
import { useSessions } from '../ui/luck/use-sessions.js';

/** Sessions listed in the popup, newest first; the statistics page lists more. */
export const POPUP_SESSIONS = 5;

export function SessionsView() {
  const { t, openPage } = useEnv();
  const { sessions, read, total } = useSessions();
  const { figures, paytables } = useKeptFigures();
  const offset = Math.max(0, (sessions?.length ?? 0) - POPUP_SESSIONS);
  const latest = useMemo(() => sessions?.slice(offset) ?? [], [sessions, offset]);
  const lucks = useSessionLucks(latest, figures, paytables);
  if (sessions === undefined) return <p class="hint" aria-busy="true">{t('sessionsReading', [integerText(t, read), integerText(t, total)])}</p>;
  return (
    <>
      <p class="hint">{t('sessionsRule')}</p>
      {sessions.length === 0 ? (
        <p class="sessions-none">{t('sessionsNone')}</p>
      ) : (
        <ol class="session-list" reversed>
          {latest
            .map((session, i) => {
              const luck = lucks[i];
              const percentile = shown(luck);
              return (
                <li key={offset + i} data-session={offset + i} data-rounds={session.rounds} data-net={session.net.value} data-witnessed={session.witnessed} data-at-least={percentile?.atLeast}>
                  <span class="session-start">{dateText(t, session.start)}</span>
                  <span class="session-net">{amountText(t, session.net.value)}</span>
                  <span class="hint session-facts">{t(`sessionsFacts_${session.rounds === 1 ? 'one' : 'other'}`, [integerText(t, session.rounds), chanceText(t, session.witnessed / session.rounds), percentileWords(t, luck)])}</span>
                </li>
              );
            })
            .reverse()}
        </ol>
      )}
      {sessions.length > POPUP_SESSIONS && <p class="hint">{t('sessionsLatestPopup', [integerText(t, POPUP_SESSIONS), integerText(t, sessions.length)])}</p>}
      <p class="hint">{t('luckHonest')}</p>
      {openPage && (
        <button type="button" class="link" data-open-statistics="sessions" onClick={() => openPage('stats.html')}>
          {t('sessionsOnStatistics')}
        </button>
      )}
    </>
  );
}
