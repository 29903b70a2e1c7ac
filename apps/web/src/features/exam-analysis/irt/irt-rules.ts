import { icc, itemInformation, thetaGrid } from '@kaopei/shared';

/** Pure helpers of the IRT tab: chart series and number formats. */

export const fixed = (x: number, digits = 2) => x.toFixed(digits);

/** ICC and item information of one question over θ ∈ [−4, 4]. */
export function iccSeries(a: number, b: number) {
  return thetaGrid(-4, 4, 81).map((theta) => ({
    theta,
    p: icc(a, b, theta),
    information: itemInformation(a, b, theta),
  }));
}

/** Where a test informs best: the θ of the highest information, and the reliability-like 1 − 1/I there. */
export function informationPeak(points: readonly { theta: number; information: number }[]) {
  let best = { theta: 0, information: 0 };
  for (const point of points) if (point.information > best.information) best = point;
  return { ...best, se: best.information > 0 ? 1 / Math.sqrt(best.information) : null };
}

/** Plain words for a discrimination: the usual bands (Baker 2001). */
export function discriminationLabel(a: number): string {
  if (a < 0) return '负区分';
  if (a < 0.35) return '很低';
  if (a < 0.65) return '低';
  if (a < 1.35) return '中等';
  if (a < 1.7) return '高';
  return '很高';
}
