// One game's section of the statistics page: how often each number came up in the verified rounds,
// the chi-squared test of "every number equally likely", how many rounds that test needs, and the
// return to player the rounds' stakes and payouts show.
import { useEffect, useState } from 'preact/hooks';
import type { Outcome, SupportedGameId } from '../core/index.js';
import type { VerifiedRound } from '../shared/records.js';
import { kenoUniformity, rouletteUniformity, type UniformityTest } from '../core/statistics.js';
import { ErrorNote } from '../popup/bits.js';
import { useEnv } from '../popup/env.js';
import { BarChart } from './bar-chart.js';
import { GameReturnsView } from './returns-view.js';
import { uniformitySentence } from './stats-text.js';

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
  const test = rounds && testOf(gameId, rounds.map((round) => round.outcome));
  return (
    <section class="game-stats" data-game={gameId} aria-labelledby={`stats-${gameId}`}>
      <h2 id={`stats-${gameId}`}>{name}</h2>
      {error !== undefined && <ErrorNote error={error} />}
      {rounds === undefined && error === undefined && <p class="muted">{t('statsLoading')}</p>}
      {test && (
        <>
          <p data-rounds={test.rounds}>{t(gameId === 'keno' ? 'statsRoundsKeno' : 'statsRoundsRoulette', String(test.rounds))}</p>
          <BarChart title={t(gameId === 'keno' ? 'statsChartKeno' : 'statsChartRoulette', name)} labels={test.labels} counts={test.counts} expected={test.rounds > 0 ? test.expectedPerBin : undefined} />
          <p class="uniformity" data-reliable={String(test.reliable)} data-p-value={test.pValue}>
            {uniformitySentence(t, test)}
          </p>
          <p class="hint">{t('statsNeeded', [String(test.roundsNeeded), String(test.rounds)])}</p>
          <GameReturnsView gameId={gameId} rounds={rounds!} />
        </>
      )}
    </section>
  );
}
