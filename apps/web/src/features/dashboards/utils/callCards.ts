import type { CallMetricName, CampaignType } from '@shiftline/shared';
import type { CardFormat, Trend } from './cardValues';

/**
 * One calls card. `kind` says which cards the client portal loses: the totals ('total') and call times
 * ('callTime') are hidden for it (spec §6).
 */
export type CallCardSpec = {
  id: string;
  label: string;
  metric: CallMetricName;
  format: CardFormat;
  trend: Trend;
  kind: 'total' | 'callTime' | 'other';
};

const card = (
  id: string,
  label: string,
  metric: CallMetricName,
  format: CardFormat,
  kind: CallCardSpec['kind'] = 'other',
  trend: Trend = 'higherIsBetter',
): CallCardSpec => ({ id, label, metric, format, trend, kind });

const INBOUND_CARDS: readonly CallCardSpec[] = [
  card('all-calls', 'All Calls', 'allCalls', 'count', 'total'),
  card('taken-calls', 'Taken Calls', 'takenCalls', 'count'),
  card('billed-calls', 'Billed Calls', 'billedCalls', 'count'),
  card('missed-calls', 'Missed Calls', 'missedCalls', 'count', 'other', 'lowerIsBetter'),
  card('abandoned-calls', 'Abandoned Calls', 'abandonedCalls', 'count', 'other', 'lowerIsBetter'),
  card('unanswered-calls', 'Unanswered Calls', 'unansweredCalls', 'count', 'other', 'lowerIsBetter'),
  card('connected-calls', 'Connected Calls', 'connectedCalls', 'count'),
  card('contact-rate', 'Contact Rate', 'callsContactRate', 'percent'),
  card('callback-requests', 'Callback requests', 'callbacksRequested', 'count'),
  card('billed-callbacks', 'Billed Callbacks', 'callbacksRequestedAsBill', 'count'),
  card('avg-queue-time', 'Avg. Queue Time', 'avgQueueTime', 'time', 'other', 'lowerIsBetter'),
  card('avg-billed-queue-time', 'Avg. Billed Queue Time', 'avgBilledQueueTime', 'time', 'other', 'lowerIsBetter'),
  card('avg-call-time', 'Avg. Call Time', 'avgCallTime', 'time', 'callTime'),
  card('talk-minutes', 'Talk Minutes', 'takenTime', 'totalMinutes', 'callTime'),
  card('billed-minutes', 'Billed Minutes', 'minutesUsed', 'minutes', 'total'),
  card('billed-amount', 'Billed Amount', 'billedAmountCents', 'money', 'total'),
];

const OUTBOUND_CARDS: readonly CallCardSpec[] = [
  card('calls-made', 'Calls Made', 'callsMade', 'count', 'total'),
  card('taken-calls', 'Answered Calls', 'takenCalls', 'count'),
  card('connected-calls', 'Connected Calls', 'connectedCalls', 'count'),
  card('contact-rate', 'Contact Rate', 'callsContactRate', 'percent'),
  card('unanswered-calls', 'Unanswered Calls', 'unansweredCalls', 'count', 'other', 'lowerIsBetter'),
  card('billed-calls', 'Billed Calls', 'billedCalls', 'count'),
  card('avg-call-time', 'Avg. Call Time', 'avgCallTime', 'time', 'callTime'),
  card('talk-minutes', 'Talk Minutes', 'takenTime', 'totalMinutes', 'callTime'),
  card('avg-billed-time', 'Avg. Billed Time', 'avgBilledTime', 'time', 'callTime'),
  card('minutes-used', 'Minutes Used', 'minutesUsed', 'minutes', 'total'),
  card('billed-amount', 'Billed Amount', 'billedAmountCents', 'money', 'total'),
];

/** The client portal's simplified inbound row (spec §2.1); Callback requests only when the company has them. */
function clientPortalInboundCards(callbacksEnabled: boolean): CallCardSpec[] {
  const cards = [
    card('all-calls', 'All Calls', 'allCalls', 'count'),
    card('avg-queue-time', 'Avg. Queue Time', 'avgQueueTime', 'time', 'other', 'lowerIsBetter'),
    card('billed-minutes', 'Billed Minutes', 'minutesUsed', 'minutes'),
    card('avg-billed-minutes', 'Avg. Billed Minutes', 'avgBilledTime', 'averageMinutes'),
  ];
  return callbacksEnabled
    ? [...cards, card('callback-requests', 'Callback requests', 'callbacksRequested', 'count')]
    : cards;
}

/** The calls cards a viewer gets, in display order; the billed amount only with `showMoney` (administrators). */
export function callCardsFor(
  campaignType: CampaignType,
  clientPortal: boolean,
  callbacksEnabled: boolean,
  showMoney: boolean,
): CallCardSpec[] {
  if (clientPortal && campaignType === 'inbound') return clientPortalInboundCards(callbacksEnabled);
  const cards = (campaignType === 'inbound' ? INBOUND_CARDS : OUTBOUND_CARDS).filter(
    (spec) => showMoney || spec.format !== 'money',
  );
  return clientPortal ? cards.filter((spec) => spec.kind === 'other') : cards;
}

/**
 * The card grid's columns: as many as fit at 150 px or more, never more than `maxColumns` (spec §9: 5, or 6 on
 * the client portal). Empty tracks collapse, so a short row stretches over the width.
 */
export function cardGridTemplate(maxColumns: number, gapPx: number): string {
  const share = `calc((100% - ${(maxColumns - 1) * gapPx}px) / ${maxColumns})`;
  return `repeat(auto-fit, minmax(max(150px, ${share}), 1fr))`;
}
