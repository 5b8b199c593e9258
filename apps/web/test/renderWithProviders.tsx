import { ThemeProvider } from '@mui/material/styles';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { theme } from '../src/app/theme';

/** The router's current path, for tests that check where a click or an event took the page. */
function CurrentPath() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

/**
 * Renders a component with the app's providers and an in-memory router starting at `path`; with `showPath`, the
 * router's current path follows it in an output with the test id `path`. The query client retries nothing unless
 * a test passes its own (the app's, to see what its retries do).
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    showPath = false,
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }),
  }: { path?: string; showPath?: boolean; queryClient?: QueryClient } = {},
) {
  return render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale="en-US">
          <MemoryRouter initialEntries={[path]}>
            {ui}
            {showPath && <CurrentPath />}
          </MemoryRouter>
        </LocalizationProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
