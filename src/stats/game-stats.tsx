// One game's section of the statistics page: first its conclusion, then how often each number came
// up in the verified rounds with the chi-squared test of "every number equally likely" behind the
// conclusion, then the return to player the rounds' stakes and payouts show.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Outcome, SupportedGameId } from '../core/index.js';
import type { VerifiedRound } from '../shared/records.js';
import { kenoUniformity, rouletteUniformity, type UniformityTest } from '../core/statistics.js';
import { useEnv } from '../ui/env.js';
import { BarChart } from './bar-chart.js';
import { Conclusion } from './conclusion.js';
import { gameReturns } from './returns.js';
import { GameReturnsView } from './returns-view.js';
import { testDetail } from './stats-text.js';

const NAME_KEYS: Record<SupportedGameId, string> = { 'roulette-european': 'statsEuropean', 'roulette-american': 'statsAmerican', keno: 'statsKeno' };

function testOf(gameId: SupportedGameId, outcomes: Outcome[]): UniformityTest {
  if (gameId === 'keno') return kenoUniformity(outcomes);
  return rouletteUniformity(outcomes, gameId === 'roulette-european' ? 'european' : 'american');
}

export function GameStats({ gameId }: { gameId: SupportedGameId }) {
  const { client, t } = useEnv();
  const [rounds, setRounds] = useState<VerifiedRound[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);

  useEffect(() => {
    let live = true;
    client.ask({ type: 'outcomes', gameId }).then(
      (next) => live && setRounds(next),
      (reason: unknown) => live && setError(reason),
    );
    return () => {
      live = false;
    };
  }, [client, gameId]);

  const name = t(NAME_KEYS[gameId]);
  const test = useMemo(() => rounds && testOf(gameId, rounds.map((round) => round.outcome)), [gameId, rounds]);
  const returns = useMemo(() => rounds && gameReturns(gameId, rounds), [gameId, rounds]);
  return (
    <section class="game-stats" data-game={gameId} aria-labelledby={`stats-${gameId}`}>
      <h2 id={`stats-${gameId}`}>{name}</h2>
      <Conclusion gameId={gameId} test={test} returns={returns} error={error} />
      {test && returns && (
        <>
          {test.rounds > 0 && (
            <BarChart
              title={t(gameId === 'keno' ? 'statsChartKeno' : 'statsChartRoulette', name)}
              countLabel={t(gameId === 'keno' ? 'statsAxisCountKeno' : 'statsAxisCountRoulette')}
              labels={test.labels}
              counts={test.counts}
              expected={test.expectedPerBin}
            />
          )}
          <p class="uniformity hint" data-reliable={String(test.reliable)} data-p-value={test.pValue}>
            {testDetail(t, test)}
          </p>
          <GameReturnsView gameId={gameId} returns={returns} />
        </>
      )}
    </section>
  );
}
