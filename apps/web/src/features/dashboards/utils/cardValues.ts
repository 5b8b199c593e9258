import {
  COMPARISON_DASH,
  comparisonPercent,
  formatMinutesTotal,
  formatMoneyCard,
  formatQueueTime,
  round2,
} from '@shiftline/shared';

/**
 * How a card shows its metric: a count, a percent (2 decimals), a time as m:ss, whole minutes, a seconds total
 * as minutes rounded up, an average in seconds as minutes with 2 decimals, or cents as dollars with 2 decimals.
 */
export type CardFormat = 'count' | 'percent' | 'time' | 'minutes' | 'totalMinutes' | 'averageMinutes' | 'money';

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatCardValue(value: number, format: CardFormat): string {
  switch (format) {
    case 'count':
    case 'minutes':
      return COUNT.format(value);
    case 'percent':
      return `${TWO_DECIMALS.format(round2(value))}%`;
    case 'time':
      return formatQueueTime(value);
    case 'totalMinutes':
      return formatMinutesTotal(value);
    case 'averageMinutes':
      return TWO_DECIMALS.format(round2(value / 60));
    case 'money':
      return formatMoneyCard(value);
  }
}

/** Whether a rise is good news: more calls are, more waiting or more abandons are not. */
export type Trend = 'higherIsBetter' | 'lowerIsBetter';

export type CardComparison = { text: string; tone: 'good' | 'bad' | 'neutral' };

/**
 * The card's change against the compare range: '+12.50%', '-3.10%', '0.00%', or a dash when the compared value
 * is 0 (spec §5). The tone says whether the change is good news for this metric.
 */
export function cardComparison(current: number, compared: number, trend: Trend): CardComparison {
  const percent = comparisonPercent(current, compared);
  if (percent === COMPARISON_DASH) return { text: COMPARISON_DASH, tone: 'neutral' };
  const text = `${percent > 0 ? '+' : ''}${TWO_DECIMALS.format(percent)}%`;
  if (percent === 0) return { text, tone: 'neutral' };
  const rising = percent > 0;
  return { text, tone: rising === (trend === 'higherIsBetter') ? 'good' : 'bad' };
}
