import {
  formatMoneyCard,
  formatMoneyRow,
  formatTimeCell,
  round2,
  type TableHeader,
  type TableRow,
} from '@shiftline/shared';
import { DateTime } from 'luxon';

const DASH = '—';

const asNumber = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
};

/** An ISO instant in the viewer's zone: 'Nov 23, 2026, 9:05:12 AM'. */
export function formatZonedInstant(value: unknown, zone: string): string {
  if (typeof value !== 'string' && typeof value !== 'number') return DASH;
  const at =
    typeof value === 'number' ? DateTime.fromSeconds(value, { zone }) : DateTime.fromISO(value, { setZone: true });
  return at.isValid ? at.setZone(zone).setLocale('en-US').toFormat('LLL d, yyyy, h:mm:ss a') : String(value);
}

/** A time-zone difference in hours beside a row's zone: '+1.5 h', '−3 h', 'same'. */
export function formatZoneDifference(hours: number): string {
  if (hours === 0) return 'same';
  return `${hours > 0 ? '+' : '−'}${Math.abs(hours)} h`;
}

/** A cell's text by its header's format (spec §3, §9): the row's value as a person reads it. */
export function formatCellText(header: TableHeader, row: TableRow, zone: string): string {
  const value = row[header.value];
  if (value === null || value === undefined || value === '') return DASH;
  const number = asNumber(value);
  if (header.formatSecInTime && number !== null) return formatTimeCell(number);
  if (header.formatDate) return formatZonedInstant(value, zone);
  if (header.formatMoney && number !== null) return formatMoneyRow(number);
  if (header.formatRate && number !== null) return formatMoneyCard(number);
  if (header.as_percent && number !== null) return `${round2(number).toFixed(2)}%`;
  if (header.show_tz) {
    const difference = asNumber(row.timezone_difference);
    return difference === null ? String(value) : `${String(value)} (${formatZoneDifference(difference)})`;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A totals cell: money with 2 decimals, times as hh:mm:ss, 'awg' averages with 2 decimals (spec §9). */
export function formatTotal(header: TableHeader, total: number | null | undefined): string {
  if (total === null || total === undefined || !Number.isFinite(total)) return '';
  // An average time keeps its hundredths of a second (spec §9: 'awg' totals to 2 decimals): 00:01:23.46.
  if (header.formatSecInTime && header.total === 'awg') {
    const hundredths = Math.round(total * 100);
    return `${formatTimeCell(Math.floor(hundredths / 100))}.${String(hundredths % 100).padStart(2, '0')}`;
  }
  if (header.formatSecInTime) return formatTimeCell(total);
  if (header.formatMoney) return formatMoneyCard(total);
  if (header.as_percent) return `${round2(total).toFixed(2)}%`;
  if (header.total === 'awg') return round2(total).toFixed(2);
  return total.toLocaleString('en-US');
}
