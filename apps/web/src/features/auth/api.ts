import type { LoginBody, LogoutResponse, SessionResponse } from '@shiftline/shared';
import { ApiError } from '../../lib/apiError';
import { http } from '../../lib/http';
import { queryKeys } from '../../lib/queryKeys';

export const sessionQueryKey = queryKeys.session;

function remember(session: SessionResponse): SessionResponse {
  http.setCsrfToken(session.csrf_token);
  return session;
}

export const authApi = {
  /** The signed-in user, or null for an anonymous visitor. */
  async me(): Promise<SessionResponse | null> {
    try {
      return remember(await http.get<SessionResponse>('/api/auth/me'));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        http.setCsrfToken(null);
        return null;
      }
      throw error;
    }
  },
  login: async (body: LoginBody) => remember(await http.post<SessionResponse>('/api/auth/login', body)),
  logout: () => http.post<LogoutResponse>('/api/profile/logout'),
};
