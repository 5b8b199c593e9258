/** The time-of-day selectors' choices: 12:00 AM to 11:00 PM, one per hour (spec §2.1). */
export const HOUR_OPTIONS: readonly { value: number; label: string }[] = Array.from({ length: 24 }, (_, hour) => ({
  value: hour,
  label: hourLabel(hour),
}));

export function hourLabel(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}
