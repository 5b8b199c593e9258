import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { sessionQueryKey } from '../features/auth';
import { createQueryClient } from '../lib/queryClient';
import { theme } from './theme';

/** Theme and server-state cache for the whole app; the date pickers' provider is in the signed-in layout. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    // Any call answered 401 means the session ended: RequireAuth then sends the user to sign in.
    const client = createQueryClient(() => client.setQueryData(sessionQueryKey, null));
    return client;
  });
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ThemeProvider>
  );
}
