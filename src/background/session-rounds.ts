// What the statistics page's sessions read of a round (core/luck/sessions.ts SessionRound): when it
// was played, its game, bet, stake and payout, and whether it was witnessed. The same rounds as the
// luck groups (game-figures.ts): verified, with an undisputed stake above 0 and a payout. Pure, so
// the worker and the tests' fake worker map records the same way.
import { decimalRatio, gameShapeOf, SUPPORTED_GAME_IDS, type SupportedGameId } from '../core/index.js';
import type { SessionRound } from '../core/luck/sessions.js';
import type { RoundRecord } from '../shared/records.js';
import { verifiedRoundOf } from './verified-round.js';

const isAmount = (text: string | undefined): text is string => {
  if (text === undefined) return false;
  try {
    return decimalRatio(text).numerator >= 0n;
  } catch {
    return false;
  }
};

export function sessionRoundOf(record: RoundRecord): SessionRound | undefined {
  if (!SUPPORTED_GAME_IDS.includes(record.gameId as SupportedGameId)) return undefined;
  const round = verifiedRoundOf(record);
  if (round === undefined || round.amountsDisputed || !isAmount(round.stake) || !isAmount(round.payout) || Number(round.stake) <= 0) return undefined;
  const gameId = record.gameId as SupportedGameId;
  // The outcome's first sighting is when it was played; a round from a file may have only when it was stored.
  const at = record.observedAt.result ?? record.firstSeenAt;
  const bet = gameShapeOf(gameId).kind === 'draw' && round.picks !== undefined ? String(round.picks) : undefined;
  return { at, gameId, stake: round.stake, payout: round.payout, witnessed: record.verdict.level === 'witnessed', ...(bet === undefined ? {} : { bet }) };
}
