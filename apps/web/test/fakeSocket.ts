import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

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

/**
 * For the tests of the enclosing block: the app's socket client connects (to this fake) before each test, and after
 * it disconnects, the handlers screens registered are dropped and every mock's calls are forgotten.
 */
export function connectSocketEachTest() {
  const client = async () => (await import('../src/lib/socketClient')).socketClient;
  beforeEach(async () => {
    await (await client()).connect();
  });
  afterEach(async () => {
    (await client()).disconnect();
    fakeSocket.handlers.clear();
    vi.clearAllMocks();
  });
}
