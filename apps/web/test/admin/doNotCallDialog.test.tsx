import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DoNotCallDialog } from '../../src/features/admin/components/DoNotCallDialog';
import { callsTo, serveFetch } from '../fakeFetch';
import { renderWithProviders } from '../renderWithProviders';

/* The blocked numbers' "New DNC number" form: the server's reason under the phone field, then the saved number. */

const field = (testId: string) => within(screen.getByTestId(testId)).getByRole('textbox') as HTMLInputElement;

describe('the do-not-call form', () => {
  it("shows the server's reason under the number, then adds it and closes", async () => {
    let closed = false;
    let attempts = 0;
    const fetch = serveFetch({
      'POST /api/admin/blocked_numbers': () =>
        ++attempts === 1
          ? {
              status: 409,
              body: {
                error: {
                  code: 'conflict',
                  message: '+14165550177 is already on the do-not-call list.',
                  fields: { phone: 'is already on the do-not-call list' },
                },
              },
            }
          : { status: 201, body: { status: 'ok', phone: '+14165550178' } },
    });
    renderWithProviders(
      <DoNotCallDialog
        onClose={() => {
          closed = true;
        }}
      />,
    );
    fireEvent.change(field('admin-dnc-phone'), { target: { value: '(416) 555-0177' } });
    fireEvent.click(screen.getByTestId('admin-dnc-dialog-save'));
    expect(
      await within(screen.getByTestId('admin-dnc-phone')).findByText('is already on the do-not-call list'),
    ).toBeTruthy();
    expect(closed).toBe(false);
    fireEvent.change(field('admin-dnc-phone'), { target: { value: '(416) 555-0178' } });
    fireEvent.change(field('admin-dnc-note'), { target: { value: 'Asked by phone' } });
    fireEvent.click(screen.getByTestId('admin-dnc-dialog-save'));
    await waitFor(() => expect(closed).toBe(true));
    expect(callsTo(fetch, 'POST', '/api/admin/blocked_numbers')).toEqual([
      { phone: '(416) 555-0177', note: null },
      { phone: '(416) 555-0178', note: 'Asked by phone' },
    ]);
  });
});
