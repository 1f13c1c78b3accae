// jStat ships no types; this declares the one function the core uses.
declare module 'jstat' {
  const jstat: {
    jStat: {
      /** The lower regularised incomplete gamma function P(a, x). */
      lowRegGamma(a: number, x: number): number;
    };
  };
  export default jstat;
}
