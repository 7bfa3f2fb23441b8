/** The few functions of jstat (no published types) the experiment statistics use. */
declare module 'jstat' {
  export const jStat: {
    erfc(x: number): number;
    studentt: { inv(p: number, dof: number): number; cdf(t: number, dof: number): number };
    chisquare: { cdf(x: number, dof: number): number };
  };
}
