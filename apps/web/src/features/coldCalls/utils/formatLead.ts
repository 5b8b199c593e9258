/** A time-zone difference in hours as the table shows it: '+1.5 h', '−3 h', 'same'. */
export function formatZoneDifference(hours: number): string {
  if (hours === 0) return 'same';
  const sign = hours > 0 ? '+' : '−';
  return `${sign}${Math.abs(hours)} h`;
}

const RESULTS = { answered: 'Answered', no_answer: 'No answer' } as const;

export const formatLastResult = (result: keyof typeof RESULTS | null): string => (result ? RESULTS[result] : '—');
