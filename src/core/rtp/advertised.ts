import { compareRatio, decimalRatio, multiply, percentText, ratio, subtract, type Ratio } from './fraction.js';

/** How a computed return compares with the figure the casino publishes. */
export interface AdvertisedComparison {
  /** The published percentage exactly as written ("97.30"). */
  advertised: string;
  /** The computed return in percent, rounded to the published figure's own precision. */
  computedAtAdvertisedPrecision: string;
  /** The computed return in percent to 4 decimals. */
  computed: string;
  /** `matches`: the computed return, rounded as the casino rounds, is the published figure. */
  verdict: 'matches' | 'below' | 'above';
  /** Computed minus advertised, in percentage points (exact). */
  differencePoints: Ratio;
  message: string;
}

/**
 * Judges a published figure at the precision it was published with: "97.30 %" is a claim to two
 * decimals, "97 %" a claim to whole percent. Anything finer would call an honest rounding wrong.
 * `what` opens the sentence and says what the figure rests on ("Under the published payouts, …").
 */
export function compareWithAdvertised(rtp: Ratio, advertisedPercent: string, what: string): AdvertisedComparison {
  const decimals = advertisedPercent.split('.')[1]?.length ?? 0;
  const atPrecision = percentText(rtp, decimals);
  const advertised = decimalRatio(advertisedPercent);
  const differencePoints = subtract(multiply(rtp, ratio(100n)), advertised);
  const computed = percentText(rtp, 4);
  const verdict = atPrecision === advertisedPercent ? 'matches' : compareRatio(decimalRatio(atPrecision), advertised) < 0 ? 'below' : 'above';
  const message =
    verdict === 'matches'
      ? `${what} returns ${computed} %, which is the advertised ${advertisedPercent} %.`
      : `${what} returns ${computed} %, ${verdict} the advertised ${advertisedPercent} % by ${percentPoints(differencePoints)} percentage points.`;
  return { advertised: advertisedPercent, computedAtAdvertisedPrecision: atPrecision, computed, verdict, differencePoints, message };
}

function percentPoints(points: Ratio): string {
  const magnitude = points.numerator < 0n ? -points.numerator : points.numerator;
  // percentText multiplies by 100; points are already percent.
  return percentText(ratio(magnitude, points.denominator * 100n), 4);
}
