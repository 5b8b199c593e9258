import { localDateInZone, zoneAbbreviation } from '@shiftline/shared';
import { formatTime } from './localTime';

export type TimeOption = { value: number; label: string };

/**
 * Labels for time choices in the viewer's zone ('9:00 AM'). A time on a later day than `day` says
 * so ('1:00 AM (next day)'); a time shown twice on a fall-back day gets its zone ('1:00 AM EST').
 */
export function timeOptions(choices: readonly number[], zone: string, day: string): TimeOption[] {
  const labels = choices.map((moment) => {
    const time = formatTime(moment, zone);
    return localDateInZone(moment, zone) === day ? time : `${time} (next day)`;
  });
  return choices.map((moment, index) => {
    const label = labels[index] as string;
    const repeated = labels.indexOf(label) !== labels.lastIndexOf(label);
    return { value: moment, label: repeated ? `${label} ${zoneAbbreviation(new Date(moment), zone)}` : label };
  });
}
