import type { TimelineSpan } from './timeline';

/** Puts spans into as few lanes as needed so that none overlaps another in its lane (first fit, by start). */
export function assignLanes<T extends { span: TimelineSpan }>(items: readonly T[]): { item: T; lane: number }[] {
  const laneEnds: number[] = [];
  return [...items]
    .sort((a, b) => a.span.from - b.span.from || a.span.to - b.span.to)
    .map((item) => {
      let lane = laneEnds.findIndex((end) => end <= item.span.from);
      if (lane === -1) {
        lane = laneEnds.length;
        laneEnds.push(item.span.to);
      } else {
        laneEnds[lane] = item.span.to;
      }
      return { item, lane };
    });
}
