import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../src/lib/apiError';
import { http } from '../src/lib/http';

const fetchMock = vi.fn<typeof fetch>();

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function lastCall(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.lastCall ?? [];
  return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> };
}

describe('http', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    http.setCsrfToken(null);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  it('GETs JSON with the session cookie, skipping empty query values', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, [{ id: 1 }]));
    http.setCsrfToken('token-1');
    await expect(http.get('/api/dashboards/agents_list', { campaign: 4, group: undefined })).resolves.toEqual([
      { id: 1 },
    ]);
    const call = lastCall();
    expect(call.url).toBe('/api/dashboards/agents_list?campaign=4');
    expect(call.init.credentials).toBe('same-origin');
    expect(call.headers['x-csrf-token']).toBeUndefined();
  });

  it('sends the CSRF token and a JSON body with a POST', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'ok' }));
    http.setCsrfToken('token-2');
    await http.post('/api/profile/timezone', { timezone: 'America/Halifax' });
    const call = lastCall();
    expect(call.init.method).toBe('POST');
    expect(call.headers['x-csrf-token']).toBe('token-2');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.init.body).toBe('{"timezone":"America/Halifax"}');
  });

  it('sends no content type with an empty POST', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'logout', url: '/login' }));
    await http.post('/api/profile/logout');
    expect(lastCall().headers['content-type']).toBeUndefined();
    expect(lastCall().init.body).toBeUndefined();
  });

  it("throws an ApiError carrying the server's status, code, message and fields", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        error: { code: 'validation_failed', message: 'Invalid request.', fields: { new_password: 'is too short' } },
      }),
    );
    const error = await http.post('/api/profile/change_password', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Invalid request.',
      fields: { new_password: 'is too short' },
    });
  });

  it('explains a rate limit even without a JSON body', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 429 }));
    await expect(http.post('/api/auth/login', {})).rejects.toMatchObject({
      status: 429,
      message: 'Too many attempts. Wait a minute and try again.',
    });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(http.get('/api/auth/me')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
