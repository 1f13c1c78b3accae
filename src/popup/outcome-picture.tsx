// The round's outcome as the casino pictures it, chosen by the game's shape: a wheel's number in its
// colour (the seeds' and the casino's side by side when they differ), or the keno board with picks,
// hits and differences. Any other game has no picture (the fields below say the outcome).
import { gameShapeOf } from '../core/index.js';
import { KenoBoard } from './keno-board.js';
import { boardNumbers, kenoMarks } from './keno-marks.js';
import { useEnv } from './env.js';
import type { ProofModel } from './proof-model.js';
import { RouletteNumber } from './roulette-number.js';

export function OutcomePicture({ proof }: { proof: ProofModel }) {
  const { t } = useEnv();
  const { seedsOutcome: seeds, shownOutcome: shown } = proof;
  const shape = gameShapeOf(proof.gameId).kind;
  if (shape === 'draw') {
    const seedNumbers = Array.isArray(seeds) ? seeds : undefined;
    const shownNumbers = Array.isArray(shown) ? shown : undefined;
    if (!seedNumbers && !shownNumbers) return null;
    return (
      <div class="outcome-picture" data-picture="keno">
        <KenoBoard marks={kenoMarks(seedNumbers, shownNumbers, boardNumbers(proof.picks))} />
      </div>
    );
  }
  if (shape !== 'wheel') return null;
  const fromSeeds = typeof seeds === 'string' ? seeds : undefined;
  const fromCasino = typeof shown === 'string' ? shown : undefined;
  if (fromSeeds !== undefined && fromCasino !== undefined && fromSeeds !== fromCasino) {
    return (
      <div class="outcome-picture pockets" data-picture="roulette">
        <span class="pocket-labelled">
          {t('outcomeSeedsGive')} <RouletteNumber pocket={fromSeeds} large />
        </span>
        <span class="pocket-labelled">
          {t('outcomeCasinoShowed')} <RouletteNumber pocket={fromCasino} large struck />
        </span>
      </div>
    );
  }
  const pocket = fromSeeds ?? fromCasino;
  if (pocket === undefined) return null;
  // Before the seed is revealed the number is only the casino's word.
  return (
    <div class="outcome-picture pockets" data-picture="roulette">
      <span class="pocket-labelled">
        {t(fromSeeds === undefined ? 'outcomeCasinoShowed' : 'outcomeWinningNumber')} <RouletteNumber pocket={pocket} large />
      </span>
    </div>
  );
}
