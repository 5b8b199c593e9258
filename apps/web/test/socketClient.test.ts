import { afterEach, describe, expect, it, vi } from 'vitest';

type Handler = (payload?: unknown) => void;

const fakeSocket = {
  id: 'page-socket-1',
  connected: false,
  handlers: new Map<string, Handler>(),
  on: vi.fn((event: string, handler: Handler) => fakeSocket.handlers.set(event, handler)),
  off: vi.fn(),
  emit: vi.fn(),
  disconnect: vi.fn(),
};
const io = vi.fn((_options: unknown) => fakeSocket);
vi.mock('socket.io-client', () => ({ io }));
const leavePage = vi.fn();
vi.mock('../src/lib/leavePage', () => ({ leavePage }));

const { socketClient } = await import('../src/lib/socketClient');
const { http } = await import('../src/lib/http');

describe('socketClient', () => {
  afterEach(() => {
    socketClient.disconnect();
    vi.clearAllMocks();
    fakeSocket.handlers.clear();
    fakeSocket.connected = false;
    vi.unstubAllGlobals();
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

  it('keeps the page in the rooms screens ask for, across connections, until the last screen stops', async () => {
    const first = socketClient.stayIn('team-schedule');
    const second = socketClient.stayIn('team-schedule');
    await socketClient.connect();
    fakeSocket.handlers.get('connect')?.();
    fakeSocket.connected = true;
    expect(fakeSocket.emit).toHaveBeenLastCalledWith('join', { rooms: ['common', 'team-schedule'] });
    first();
    first();
    expect(fakeSocket.emit).not.toHaveBeenCalledWith('leave', expect.anything());
    // A reconnection (a new socket on the server) joins the room again.
    fakeSocket.handlers.get('connect')?.();
    expect(fakeSocket.emit).toHaveBeenLastCalledWith('join', { rooms: ['common', 'team-schedule'] });
    second();
    expect(fakeSocket.emit).toHaveBeenLastCalledWith('leave', { rooms: ['team-schedule'] });
    fakeSocket.handlers.get('connect')?.();
    expect(fakeSocket.emit).toHaveBeenLastCalledWith('join', { rooms: ['common'] });
  });

  it('names its connection on the calls the page makes while connected', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const sentId = () => new Headers(fetch.mock.lastCall?.[1]?.headers).get('x-socket-id');
    await socketClient.connect();
    await http.post('/api/anything', {});
    expect(sentId()).toBeNull();
    fakeSocket.handlers.get('connect')?.();
    await http.post('/api/anything', {});
    expect(sentId()).toBe('page-socket-1');
    await http.get('/api/anything');
    expect(sentId()).toBeNull();
    fakeSocket.handlers.get('disconnect')?.();
    await http.post('/api/anything', {});
    expect(sentId()).toBeNull();
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

  it('hands each event of a live room frame to the listeners of that event, in order', async () => {
    const heard: string[] = [];
    const stopStates = socketClient.on('newAgentStateData', (event) => heard.push(`state ${event.user_id}`));
    const stopCalls = socketClient.on('newCallData', (event) => heard.push(`call ${event.call_id}`));
    await socketClient.connect();
    const frame = {
      events: [
        { event: 'newCallData', payload: { call_id: 7 } },
        { event: 'newAgentStateData', payload: { user_id: 3 } },
        { event: 'newCallbackData', payload: { call_id: 7 } },
        { event: 'newCallData', payload: { call_id: 8 } },
      ],
    };
    fakeSocket.handlers.get('liveBatch')?.(frame);
    expect(heard).toEqual(['call 7', 'state 3', 'call 8']);
    stopStates();
    fakeSocket.handlers.get('liveBatch')?.(frame);
    expect(heard).toEqual(['call 7', 'state 3', 'call 8', 'call 7', 'call 8']);
    stopCalls();
  });
});
