import { describe, expect, it } from 'vitest';
import { formatWorkingWindow } from '../src/lib/workingWindow';

const WINTER = new Date('2026-01-15T12:00:00Z');
const SUMMER = new Date('2026-07-15T12:00:00Z');

describe('formatWorkingWindow', () => {
  it("shows UTC window times in the viewer's zone", () => {
    expect(formatWorkingWindow('13:00', '21:00', 'America/Toronto', WINTER)).toBe('8:00 AM – 4:00 PM');
  });

  it("follows daylight saving through today's date", () => {
    expect(formatWorkingWindow('13:00', '21:00', 'America/Toronto', SUMMER)).toBe('9:00 AM – 5:00 PM');
  });

  it('shows a missing time as 12 AM', () => {
    expect(formatWorkingWindow(null, null, 'America/Toronto', WINTER)).toBe('12:00 AM – 12:00 AM');
  });

  it('marks a window that runs past midnight', () => {
    expect(formatWorkingWindow('02:00', '10:00', 'America/Vancouver', WINTER)).toBe('6:00 PM – 2:00 AM (night)');
  });

  it('keeps half-hour zones exact', () => {
    expect(formatWorkingWindow('12:00', '20:30', 'America/St_Johns', WINTER)).toBe('8:30 AM – 5:00 PM');
  });
});
