import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RequireAuth } from '../src/app/RequireAuth';
import { theme } from '../src/app/theme';
import { sessionQueryKey } from '../src/features/auth';
import { LoginPage } from '../src/features/auth/components/LoginPage';
import { http } from '../src/lib/http';
import { createQueryClient } from '../src/lib/queryClient';
import { serveFetch } from './fakeFetch';
import { fakeUser } from './fakeUser';

function Page({ name }: { name: string }) {
  const location = useLocation();
  return <p data-testid="page">{`${name} ${location.pathname}${location.search}`}</p>;
}

function DataPage() {
  const data = useQuery({ queryKey: ['data'], queryFn: () => http.get<string>('/api/data') });
  return <p data-testid="page">{data.data ?? 'loading'}</p>;
}

function renderApp(path: string) {
  const queryClient = createQueryClient(() => queryClient.setQueryData(sessionQueryKey, null));
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/', element: <Page name="home" /> },
          { path: '/companies/all_campaigns', element: <Page name="campaigns" /> },
          { path: '/data', element: <DataPage /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return router;
}

const input = async (testId: string) => (await screen.findByTestId(testId)).querySelector('input') as HTMLInputElement;

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await input('login-email'), { target: { value: email } });
  fireEvent.change(await input('login-password'), { target: { value: password } });
  fireEvent.click(screen.getByTestId('login-submit'));
}

const session = { user: fakeUser('administrator'), csrf_token: 'csrf-1' };

/** Signs in on the login page with `email` and `password`, the server refusing with `status` and `error`. */
async function signInRefused(status: number, error: object, email = 'admin@shiftline.test', password = 'nope') {
  serveFetch({ 'GET /api/auth/me': { status: 401 }, 'POST /api/auth/login': { status, body: { error } } });
  renderApp('/login');
  await fillAndSubmit(email, password);
}

describe('signing in', () => {
  it('sends an anonymous visit to /login and back to the wanted page after signing in', async () => {
    const fetch = serveFetch({
      'GET /api/auth/me': { status: 401, body: { error: { code: 'not_signed_in', message: 'Please sign in.' } } },
      'POST /api/auth/login': { status: 200, body: session },
    });
    const router = renderApp('/companies/all_campaigns?type=inbound');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await fillAndSubmit('admin@shiftline.test', 'shiftline');
    expect((await screen.findByTestId('page')).textContent).toBe('campaigns /companies/all_campaigns?type=inbound');
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/auth/login') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'admin@shiftline.test', password: 'shiftline' });
  });

  it("shows the server's message when the credentials are wrong", async () => {
    await signInRefused(401, {
      code: 'invalid_credentials',
      message: 'The email or password is incorrect.',
      fields: { password: 'The email or password is incorrect.' },
    });
    expect((await screen.findByTestId('login-error')).textContent).toBe('The email or password is incorrect.');
  });

  it('explains a rate limit', async () => {
    await signInRefused(429, { code: 'rate_limited', message: 'Too many attempts. Wait a minute and try again.' });
    expect((await screen.findByTestId('login-error')).textContent).toContain('Too many attempts');
  });

  it('puts validation messages next to their fields', async () => {
    await signInRefused(
      400,
      {
        code: 'validation_failed',
        message: 'Invalid request. email: must be an email address',
        fields: { email: 'must be an email address' },
      },
      'admin',
      'x',
    );
    await screen.findByTestId('login-error');
    expect(screen.getByTestId('login-email').textContent).toContain('Email must be an email address');
  });

  it('goes back to /login when a later call finds the session ended', async () => {
    serveFetch({ 'GET /api/auth/me': { status: 200, body: session }, 'GET /api/data': { status: 401 } });
    const router = renderApp('/data');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/data' } });
  });
});
