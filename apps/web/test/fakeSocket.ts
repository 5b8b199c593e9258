import { act } from '@testing-library/react';
import { vi } from 'vitest';

type Handler = (payload?: unknown) => void;

/**
 * The page's one socket, faked: tests push server events through the handlers screens registered. A test file
 * mocks socket.io-client with it: `vi.mock('socket.io-client', async () => (await import('./fakeSocket')).fakeSocketModule)`.
 */
export const fakeSocket = {
  handlers: new Map<string, Set<Handler>>(),
  on: vi.fn((event: string, handler: Handler) => {
    const set = fakeSocket.handlers.get(event) ?? new Set();
    set.add(handler);
    fakeSocket.handlers.set(event, set);
  }),
  off: vi.fn((event: string, handler: Handler) => fakeSocket.handlers.get(event)?.delete(handler)),
  emit: vi.fn(),
  disconnect: vi.fn(),
};

export const fakeSocketModule = { io: () => fakeSocket };

/** The server sends an event to the page: every handler registered for it runs. */
export const serverSends = (event: string, payload: unknown) =>
  act(() => {
    for (const handler of fakeSocket.handlers.get(event) ?? []) handler(payload);
  });
