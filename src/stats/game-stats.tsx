// One game's section of the statistics page: first its conclusion, then how often each number came
// up in the verified rounds (counted by the worker as it stores them) with the chi-squared test of "every number equally likely" behind the
// conclusion, then the return to player the rounds' stakes and payouts show.
import { useEffect, useMemo, useState } from 'preact/hooks';
import { gameWordKey, type SupportedGameId } from '../core/index.js';
import type { GameFigures } from '../shared/records.js';
import { uniformityOfCounts } from '../core/statistics.js';
import { useEnv } from '../ui/env.js';
import { BarChart } from './bar-chart.js';
import { Conclusion } from './conclusion.js';
import { gameReturns } from '../ui/luck/returns.js';
import { GameReturnsView } from './returns-view.js';
import { shapeWordKey, testDetail } from './stats-text.js';


export function GameStats({ gameId }: { gameId: SupportedGameId }) {
  const { client, t } = useEnv();
  // The figures the worker keeps for the game (background/game-figures.ts): a few counts and sums, whatever the rounds.
  const [figures, setFigures] = useState<GameFigures | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);

  useEffect(() => {
    let live = true;
    client.ask({ type: 'outcomes', gameId }).then(
      (next) => live && setFigures(next),
      (reason: unknown) => live && setError(reason),
    );
    return () => {
      live = false;
    };
  }, [client, gameId]);

  const name = t(gameWordKey('stats', gameId));
  const test = useMemo(() => figures && uniformityOfCounts(gameId, figures.counts, figures.rounds, figures.rejected), [gameId, figures]);
  const returns = useMemo(() => figures && gameReturns(gameId, figures), [gameId, figures]);
  return (
    <section class="game-stats" data-game={gameId} aria-labelledby={`stats-${gameId}`}>
      <h2 id={`stats-${gameId}`}>{name}</h2>
      <Conclusion gameId={gameId} test={test} returns={returns} error={error} />
      {test && returns && (
        <>
          {test.rounds > 0 && (
            <BarChart
              title={t(shapeWordKey('statsChart', gameId), name)}
              countLabel={t(shapeWordKey('statsAxisCount', gameId))}
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
