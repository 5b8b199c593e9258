import { afterEach, describe, expect, it, vi } from 'vitest';

type Handler = (payload?: unknown) => void;

const fakeSocket = {
  handlers: new Map<string, Handler>(),
  on: vi.fn((event: string, handler: Handler) => fakeSocket.handlers.set(event, handler)),
  emit: vi.fn(),
  disconnect: vi.fn(),
};
const io = vi.fn((_options: unknown) => fakeSocket);
vi.mock('socket.io-client', () => ({ io }));
const leavePage = vi.fn();
vi.mock('../src/lib/leavePage', () => ({ leavePage }));

const { socketClient } = await import('../src/lib/socketClient');

describe('socketClient', () => {
  afterEach(() => {
    socketClient.disconnect();
    vi.clearAllMocks();
    fakeSocket.handlers.clear();
  });

  it('connects over WebSocket only, on the /socket.io path, once', async () => {
    await socketClient.connect();
    await socketClient.connect();
    expect(io).toHaveBeenCalledTimes(1);
    expect(io.mock.calls[0]?.[0]).toMatchObject({ path: '/socket.io', transports: ['websocket'] });
  });

  it('joins the common room when connected', async () => {
    await socketClient.connect();
    fakeSocket.handlers.get('connect')?.();
    expect(fakeSocket.emit).toHaveBeenCalledWith('join', { rooms: ['common'] });
  });

  it('disconnects and leaves the page on a forced logout', async () => {
    await socketClient.connect();
    fakeSocket.handlers.get('forced-logout')?.({ url: '/login?reason=forced' });
    expect(fakeSocket.disconnect).toHaveBeenCalled();
    expect(leavePage).toHaveBeenCalledExactlyOnceWith('/login?reason=forced');
  });

  it('drops a connection still loading when the page signs out', async () => {
    const pending = socketClient.connect();
    socketClient.disconnect();
    await pending;
    expect(io).not.toHaveBeenCalled();
  });
});
