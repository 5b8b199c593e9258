import { aroundTheClock, type WorkingHours } from '@shiftline/shared';
import { describe, expect, it } from 'vitest';
import { formatWorkingWindow } from '../src/lib/workingWindow';

const stJohns: WorkingHours = {
  time_zone: 'America/St_Johns',
  weekly: [...Array(5).fill({ open: '09:00', close: '17:00' }), { open: '20:00', close: '02:00' }, null],
  holidays: [{ date: '2026-07-01', name: 'Canada Day' }],
};

describe('formatWorkingWindow (Home and Campaigns pages)', () => {
  it("shows the campaign's hours today in the viewer's zone, half-hour zone kept exact", () => {
    // Thursday 15 January: 09:00 St John's (UTC−3:30) is 7:30 AM in Toronto.
    expect(formatWorkingWindow(stJohns, 'America/Toronto', new Date('2026-01-15T14:00:00Z'))).toBe(
      '7:30 AM – 3:30 PM · open now',
    );
  });

  it('follows daylight saving on both sides (the wall clock of the campaign stays 9 to 5)', () => {
    // Wednesday 15 July, NDT (UTC−2:30): 09:00 is 11:30 UTC, 7:30 AM in Toronto (EDT) too.
    expect(formatWorkingWindow(stJohns, 'America/Toronto', new Date('2026-07-15T11:00:00Z'))).toBe(
      '7:30 AM – 3:30 PM · closed now',
    );
    expect(formatWorkingWindow(stJohns, 'America/St_Johns', new Date('2026-07-15T12:00:00Z'))).toBe(
      '9:00 AM – 5:00 PM · open now',
    );
  });

  it('names a holiday, a closed day and a night window', () => {
    expect(formatWorkingWindow(stJohns, 'America/St_Johns', new Date('2026-07-01T15:00:00Z'))).toBe(
      'Closed (Canada Day) · closed now',
    );
    expect(formatWorkingWindow(stJohns, 'America/St_Johns', new Date('2026-01-18T15:00:00Z'))).toBe(
      'Closed · closed now',
    );
    // Saturday 17 January, 23:00 St John's: the night window runs to 2 AM.
    expect(formatWorkingWindow(stJohns, 'America/St_Johns', new Date('2026-01-18T02:30:00Z'))).toBe(
      '8:00 PM – 2:00 AM (night) · open now',
    );
    expect(formatWorkingWindow(aroundTheClock('America/Halifax'), 'America/Vancouver', new Date())).toBe(
      'Open 24 hours · open now',
    );
  });
});
