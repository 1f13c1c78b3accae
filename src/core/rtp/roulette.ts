// Roulette's return to player from the published procedure alone (docs/design.md, "The procedure"):
// each bet covers k of the N equally likely numbers and pays r:1, i.e. r + 1 times the stake back
// with the stake, so RTP = k·(r + 1)/N. The seeds give N (37 European, 38 American) and the draw is
// uniform over N by rejection sampling, so this is the exact return if the wheel is fair.
import { compareWithAdvertised, type AdvertisedComparison } from './advertised.js';
import { compareRatio, percentText, ratio, subtract, type Ratio } from './fraction.js';

export type RouletteVariant = 'european' | 'american';

export type RouletteBetId =
  | 'straight'
  | 'split'
  | 'street'
  | 'corner'
  | 'first-four'
  | 'top-line'
  | 'six-line'
  | 'column'
  | 'dozen'
  | 'red-black'
  | 'odd-even'
  | 'high-low';

export interface RouletteBet {
  id: RouletteBetId;
  label: string;
  /** The name on the casino's German page, so a reader can find the line it comes from. */
  labelDe: string;
  /** The numbers a bet of this kind covers, where the rules fix them. */
  covers?: string;
  numbersCovered: number;
  /** r in "r:1": winnings per unit staked, the stake is returned on top. */
  payout: number;
}

/** The bet table of the seeds page, per variant. Only "Erste Vier / Kopfzeile" differs. */
function betsOf(variant: RouletteVariant): RouletteBet[] {
  const firstFour: RouletteBet =
    variant === 'european'
      ? { id: 'first-four', label: 'First four', labelDe: 'Erste Vier', covers: '0, 1, 2, 3', numbersCovered: 4, payout: 8 }
      : { id: 'top-line', label: 'Top line', labelDe: 'Kopfzeile', covers: '0, 00, 1, 2, 3', numbersCovered: 5, payout: 6 };
  return [
    { id: 'straight', label: 'Straight up', labelDe: 'Vollzahl / Einzelzahl', numbersCovered: 1, payout: 35 },
    { id: 'split', label: 'Split', labelDe: 'Split', numbersCovered: 2, payout: 17 },
    { id: 'street', label: 'Street', labelDe: 'Straße', numbersCovered: 3, payout: 11 },
    { id: 'corner', label: 'Corner', labelDe: 'Eckwette', numbersCovered: 4, payout: 8 },
    firstFour,
    { id: 'six-line', label: 'Six line', labelDe: 'Sechserreihe', numbersCovered: 6, payout: 5 },
    { id: 'column', label: 'Column', labelDe: 'Kolonne', numbersCovered: 12, payout: 2 },
    { id: 'dozen', label: 'Dozen', labelDe: 'Dutzend', numbersCovered: 12, payout: 2 },
    { id: 'red-black', label: 'Red / black', labelDe: 'Rot/Schwarz', numbersCovered: 18, payout: 1 },
    { id: 'odd-even', label: 'Odd / even', labelDe: 'Ungerade/Gerade', numbersCovered: 18, payout: 1 },
    { id: 'high-low', label: 'High / low', labelDe: 'Hoch/Niedrig', numbersCovered: 18, payout: 1 },
  ];
}

/** The casino's advertised return per variant, as printed on the seeds page. */
export const ROULETTE_ADVERTISED_RTP: Readonly<Record<RouletteVariant, string>> = { european: '97.30', american: '97' };

export const ROULETTE_OUTCOMES: Readonly<Record<RouletteVariant, 37 | 38>> = { european: 37, american: 38 };

export interface RouletteBetRtp extends RouletteBet {
  rtp: Ratio;
  houseEdge: Ratio;
  /** RTP in percent to 4 decimals. */
  rtpPercent: string;
  houseEdgePercent: string;
  advertised: AdvertisedComparison;
}

export interface RouletteRtp {
  variant: RouletteVariant;
  outcomes: 37 | 38;
  bets: RouletteBetRtp[];
  advertised: string;
  /** True when every bet's return rounds to the advertised figure. */
  supportsAdvertised: boolean;
  message: string;
}

/** RTP of one bet: k·(r + 1)/N. */
export function betRtp(numbersCovered: number, payout: number, outcomes: number): Ratio {
  return ratio(BigInt(numbersCovered) * BigInt(payout + 1), BigInt(outcomes));
}

export function rouletteRtp(variant: RouletteVariant): RouletteRtp {
  const outcomes = ROULETTE_OUTCOMES[variant];
  const advertised = ROULETTE_ADVERTISED_RTP[variant];
  const name = variant === 'european' ? 'European' : 'American';
  const bets = betsOf(variant).map((bet): RouletteBetRtp => {
    const rtp = betRtp(bet.numbersCovered, bet.payout, outcomes);
    const houseEdge = subtract(ratio(1n), rtp);
    return {
      ...bet,
      rtp,
      houseEdge,
      rtpPercent: percentText(rtp),
      houseEdgePercent: percentText(houseEdge),
      advertised: compareWithAdvertised(rtp, advertised, `Under the published payouts, the ${name} ${bet.label.toLowerCase()} bet`),
    };
  });
  const supportsAdvertised = bets.every((bet) => bet.advertised.verdict === 'matches');
  return { variant, outcomes, bets, advertised, supportsAdvertised, message: summary(name, advertised, bets, supportsAdvertised) };
}

/** One sentence over the whole table: most bets share one return, the odd ones are named. */
function summary(name: string, advertised: string, bets: RouletteBetRtp[], supported: boolean): string {
  const counts = new Map<string, RouletteBetRtp[]>();
  for (const bet of bets) counts.set(bet.rtpPercent, [...(counts.get(bet.rtpPercent) ?? []), bet]);
  const [common, ...others] = [...counts.values()].sort((a, b) => b.length - a.length || compareRatio(b[0]!.rtp, a[0]!.rtp));
  const exceptions = others.flat().map((bet) => `the ${bet.label.toLowerCase()} (${bet.rtpPercent} %)`);
  const every = exceptions.length === 0 ? 'every bet' : `every bet except ${exceptions.join(', ')}`;
  const verdict = supported ? `as advertised (${advertised} %)` : `so the advertised ${advertised} % is not what the published payouts give`;
  return `${name} roulette's published payouts return ${common![0]!.rtpPercent} % on ${every}, ${verdict}.`;
}
