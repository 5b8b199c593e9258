import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TOPBAR_CAD_RATE,
  EMPTY_LABELS,
  formatPayRate,
  normalizeCadRate,
  summarizeSelection,
} from '../src/index.js';

describe('CAD rate field', () => {
  it('defaults to 1.22 in the top bar', () => {
    expect(DEFAULT_TOPBAR_CAD_RATE).toBe(1.22);
  });

  it('resets empty or zero to 1 and never goes below 1', () => {
    expect(normalizeCadRate('')).toBe(1);
    expect(normalizeCadRate('0')).toBe(1);
    expect(normalizeCadRate(0)).toBe(1);
    expect(normalizeCadRate(null)).toBe(1);
    expect(normalizeCadRate('abc')).toBe(1);
    expect(normalizeCadRate('0.5')).toBe(1);
    expect(normalizeCadRate('-3')).toBe(1);
    expect(normalizeCadRate('1.37')).toBe(1.37);
    fc.assert(
      fc.property(fc.double({ noNaN: true }), (value) => {
        expect(normalizeCadRate(value)).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe('profile rate', () => {
  it('shows the stored value divided by 100', () => {
    expect(formatPayRate(1850)).toBe('18.50');
    expect(formatPayRate(0)).toBe('0.00');
  });
});

describe('multi-select summary', () => {
  it("shows the first item and '(+N others)', or the empty label", () => {
    expect(summarizeSelection([], EMPTY_LABELS.agents)).toBe('No Agents Found');
    expect(summarizeSelection([], EMPTY_LABELS.campaigns)).toBe('No Campaigns Found');
    expect(summarizeSelection(['Northwind'], EMPTY_LABELS.campaigns)).toBe('Northwind');
    expect(summarizeSelection(['Northwind', 'Maple', 'Night'], EMPTY_LABELS.campaigns)).toBe('Northwind (+2 others)');
  });
});
