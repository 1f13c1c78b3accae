// The standard normal's cdf and density, for the saddlepoint approximation (saddlepoint.ts),
// without the statistics library (jStat stays in the bundles that test uniformity).

/** erfc(x), Chebyshev fit (Numerical Recipes' erfcc): relative error below 1.2e-7 everywhere. */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

export const normalCdf = (x: number): number => 0.5 * erfc(-x / Math.SQRT2);
export const normalDensity = (x: number): number => Math.exp(-0.5 * x * x) / Math.sqrt(2 * Math.PI);
