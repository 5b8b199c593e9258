import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CrmWarning } from '../src/features/profile';
import { fakeFetch } from './fakeFetch';
import { renderWithProviders } from './renderWithProviders';

const MESSAGE = 'Your CRM ID is missing: ask an administrator to add it.';

function serve(message: string | null) {
  const fetch = fakeFetch({ 'GET /api/profile/check_crm_id': { status: 200, body: { message } } });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

// The dialog's code loads only when the server warns, so it appears a moment after the answer.
describe('CrmWarning', () => {
  it("shows the server's warning once per browser session, until OK", async () => {
    serve(MESSAGE);
    const first = renderWithProviders(<CrmWarning userId={7} />);
    expect((await screen.findByTestId('crm-warning')).textContent).toContain(MESSAGE);
    fireEvent.click(screen.getByTestId('crm-warning-ok'));
    await waitFor(() => expect(screen.queryByTestId('crm-warning')).toBeNull());
    first.unmount();

    const fetch = serve(MESSAGE);
    renderWithProviders(<CrmWarning userId={7} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('crm-warning')).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows nothing when the server has no warning', async () => {
    const fetch = serve(null);
    renderWithProviders(<CrmWarning userId={8} />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('crm-warning')).toBeNull();
  });
});
