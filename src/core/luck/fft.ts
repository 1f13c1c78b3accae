// An in-place radix-2 complex FFT on two Float64Arrays (real, imaginary parts), for the exact
// distribution of a sum on a lattice (lattice.ts): a sum of independent rounds is a convolution,
// which the transform turns into a product.

interface Twiddles {
  cosines: Float64Array;
  sines: Float64Array;
}

/** The last length's twiddles, both ways: a percentile makes one transform per law of one length. */
let kept: { n: number; forward: Twiddles; inverse: Twiddles } | undefined;

/** Twiddles e^{∓2πik/n}, each computed directly (no recurrence: one rounding each), shared by every stage. */
function twiddles(n: number, inverse: boolean): Twiddles {
  if (kept?.n !== n) {
    const { cos, sin, PI } = Math;
    const half = n >> 1;
    const cosines = new Float64Array(half);
    const sines = new Float64Array(half);
    const negated = new Float64Array(half);
    for (let k = 0; k < half; k++) {
      cosines[k] = cos((2 * PI * k) / n);
      sines[k] = sin((2 * PI * k) / n);
      negated[k] = -sines[k]!;
    }
    kept = { n, forward: { cosines, sines: negated }, inverse: { cosines, sines } };
  }
  return inverse ? kept.inverse : kept.forward;
}

/** Transforms `re`/`im` in place (length a power of two); `inverse` uses e^{+i…} and divides by the length. */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  if (n !== im.length || (n & (n - 1)) !== 0) throw new RangeError(`fft: length must be a power of two, got ${n}`);
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const r = re[i]!;
      re[i] = re[j]!;
      re[j] = r;
      const m = im[i]!;
      im[i] = im[j]!;
      im[j] = m;
    }
  }
  const { cosines, sines } = twiddles(n, inverse);
  for (let size = 2; size <= n; size <<= 1) {
    const span = size >> 1;
    const stride = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0, w = 0; k < span; k++, w += stride) {
        const wr = cosines[w]!;
        const wi = sines[w]!;
        const odd = start + k + span;
        const even = start + k;
        const xr = re[odd]! * wr - im[odd]! * wi;
        const xi = re[odd]! * wi + im[odd]! * wr;
        re[odd] = re[even]! - xr;
        im[odd] = im[even]! - xi;
        re[even] = re[even]! + xr;
        im[even] = im[even]! + xi;
      }
    }
  }
  if (inverse) {
    for (let i = 0; i < n; i++) {
      re[i] = re[i]! / n;
      im[i] = im[i]! / n;
    }
  }
}
