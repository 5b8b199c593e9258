import { EMPTY_LABELS } from '@shiftline/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MultiSelect } from '../src/ui/MultiSelect';
import { renderWithProviders } from './renderWithProviders';

const CAMPAIGNS = [
  { value: 1, label: 'Acme Support' },
  { value: 2, label: 'Bolt Sales' },
  { value: 3, label: 'Cedar Care' },
];

function renderSelect(value: number[], options = CAMPAIGNS) {
  const onChange = vi.fn<(value: number[]) => void>();
  renderWithProviders(
    <MultiSelect
      label="Campaigns"
      options={options}
      value={value}
      onChange={onChange}
      emptyLabel={EMPTY_LABELS.campaigns}
      testId="campaigns"
    />,
  );
  const field = within(screen.getByTestId('campaigns')).getByRole('combobox');
  return { onChange, field };
}

const open = (field: HTMLElement) => fireEvent.mouseDown(field);
const closeWithEscape = () => fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });

describe('MultiSelect', () => {
  it('shows the first selected item and the count of the others', () => {
    const { field } = renderSelect([3, 1]);
    expect(field.textContent).toBe('Acme Support (+1 others)');
  });

  it('shows a single selection alone', () => {
    const { field } = renderSelect([2]);
    expect(field.textContent).toBe('Bolt Sales');
  });

  it('shows the empty label when nothing is selected', () => {
    const { field } = renderSelect([]);
    expect(field.textContent).toBe('No Campaigns Found');
  });

  it('shows the empty label when there is nothing to choose', () => {
    const { field } = renderSelect([], []);
    expect(field.textContent).toBe('No Campaigns Found');
    open(field);
    expect(within(screen.getByRole('listbox')).getByText('No Campaigns Found')).toBeTruthy();
  });

  it('commits the selection once, when the menu closes', () => {
    const { field, onChange } = renderSelect([1]);
    open(field);
    fireEvent.click(screen.getByRole('option', { name: 'Bolt Sales' }));
    fireEvent.click(screen.getByRole('option', { name: 'Cedar Care' }));
    fireEvent.click(screen.getByRole('option', { name: 'Acme Support' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(field.textContent).toBe('Bolt Sales (+1 others)');
    closeWithEscape();
    expect(onChange).toHaveBeenCalledExactlyOnceWith([2, 3]);
  });

  it('does not report a change when the selection ends up the same', () => {
    const { field, onChange } = renderSelect([1]);
    open(field);
    fireEvent.click(screen.getByRole('option', { name: 'Bolt Sales' }));
    fireEvent.click(screen.getByRole('option', { name: 'Bolt Sales' }));
    closeWithEscape();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('limits the menu height to 400px', () => {
    const { field } = renderSelect([]);
    open(field);
    const paper = screen.getByRole('listbox').closest('.MuiPaper-root') as HTMLElement;
    expect(getComputedStyle(paper).maxHeight).toBe('400px');
  });
});
