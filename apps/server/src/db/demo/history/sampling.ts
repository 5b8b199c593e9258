import type { Random } from '../random.js';

/** Distributions over the seeded generator: the same seed draws the same numbers. */

export function gaussian(random: Random): number {
  // Box-Muller; 1 - next() keeps the logarithm away from 0.
  return Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
}

/** A count of random arrivals with this mean; the normal approximation above 30 is close and much cheaper. */
export function poisson(random: Random, mean: number): number {
  if (mean <= 0) return 0;
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(random)));
  const limit = Math.exp(-mean);
  let count = 0;
  let product = random.next();
  while (product > limit) {
    count += 1;
    product *= random.next();
  }
  return count;
}

/** Right-skewed durations (talk, after-call work): most near the median, a long tail. Whole seconds. */
export const logNormal = (random: Random, median: number, spread: number): number =>
  Math.round(median * Math.exp(spread * gaussian(random)));

export const exponential = (random: Random, mean: number): number => -mean * Math.log(1 - random.next());

export const between = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
