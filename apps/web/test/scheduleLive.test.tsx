import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
vi.mock('../src/lib/socketClient', () => ({
  socketClient: {
    on: (event: string, handler: Handler) => {
      const set = handlers.get(event) ?? new Set();
      set.add(handler);
      handlers.set(event, set);
      return () => set.delete(handler);
    },
  },
}));

const { useScheduleLive } = await import('../src/features/schedule/hooks/useScheduleLive');
const serverSends = (event: string, payload: unknown) => {
  for (const handler of handlers.get(event) ?? []) handler(payload);
};

describe('useScheduleLive', () => {
  it("reloads the calendar when the server says this user's schedule changed, and only then", () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useScheduleLive(12), { wrapper });
    serverSends('schedule-changed', { user_ids: [7] });
    expect(invalidate).not.toHaveBeenCalled();
    serverSends('schedule-changed', { user_ids: [7, 12] });
    expect(invalidate).toHaveBeenCalledExactlyOnceWith(
      { queryKey: ['schedule', 'user', 12] },
      { cancelRefetch: false },
    );
    unmount();
    serverSends('schedule-changed', { user_ids: [12] });
    expect(invalidate).toHaveBeenCalledTimes(1);
  });
});
