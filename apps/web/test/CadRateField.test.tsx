import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CadRateField } from '../src/app/topBar/CadRateField';
import { renderWithProviders } from './renderWithProviders';

function renderField() {
  renderWithProviders(<CadRateField />);
  // Like the browser tests, reach the <input> inside the field.
  return screen.getByTestId('cad-rate').querySelector('input') as HTMLInputElement;
}

function enter(input: HTMLInputElement, value: string, how: 'blur' | 'enter' = 'blur') {
  fireEvent.change(input, { target: { value } });
  if (how === 'blur') fireEvent.blur(input);
  else fireEvent.keyDown(input, { key: 'Enter' });
}

describe('CadRateField', () => {
  it('starts at the default rate of 1.22', () => {
    expect(renderField().value).toBe('1.22');
  });

  it('starts at the stored rate when there is one', () => {
    localStorage.setItem('cad_rate', '1.4');
    expect(renderField().value).toBe('1.4');
  });

  it('stores a valid rate on blur', () => {
    const input = renderField();
    enter(input, '1.35');
    expect(input.value).toBe('1.35');
    expect(localStorage.getItem('cad_rate')).toBe('1.35');
  });

  it('raises a rate below 1 to the minimum of 1', () => {
    const input = renderField();
    enter(input, '0.8', 'enter');
    expect(input.value).toBe('1');
    expect(localStorage.getItem('cad_rate')).toBe('1');
  });

  it.each(['', '0'])('resets %j to 1', (typed) => {
    const input = renderField();
    enter(input, typed);
    expect(input.value).toBe('1');
    expect(localStorage.getItem('cad_rate')).toBe('1');
  });

  it('does not store anything while the user is still typing', () => {
    const input = renderField();
    fireEvent.change(input, { target: { value: '2' } });
    expect(localStorage.getItem('cad_rate')).toBeNull();
  });
});
