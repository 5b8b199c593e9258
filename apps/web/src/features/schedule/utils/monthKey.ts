import { DateTime } from 'luxon';

/** Moves a 'YYYY-MM' month by some months. */
export const shiftMonth = (month: string, by: number) =>
  DateTime.fromISO(`${month}-01`).plus({ months: by }).toFormat('yyyy-MM');

/** 'November 2026' for '2026-11'. */
export const monthTitle = (month: string) => DateTime.fromISO(`${month}-01`).setLocale('en-US').toFormat('LLLL yyyy');
