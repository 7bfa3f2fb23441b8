/**
 * Ticks of a count axis: whole numbers only, at a step of 1, 2 or 5 × 10ⁿ so that at most `most` ticks show.
 * A chart of small counts then reads "0, 1, 2", never "0, 0, 0, 1, 1" (fractions rounded for display).
 */
export function integerTicks(min: number, max: number, most = 5): number[] {
  const low = Math.floor(Math.min(min, max));
  const high = Math.max(Math.ceil(max), low + 1);
  let step = 1;
  for (let scale = 1; ; scale *= 10) {
    const found = [1, 2, 5].map((m) => m * scale).find((s) => Math.floor(high / s) - Math.ceil(low / s) + 1 <= most);
    if (found) {
      step = found;
      break;
    }
  }
  const ticks: number[] = [];
  for (let t = Math.ceil(low / step) * step; t <= high; t += step) ticks.push(t);
  return ticks;
}
