import { vi } from 'vitest';

type Reply = { status: number; body?: unknown };
export type Replies = Record<string, Reply | ((body: unknown) => Reply)>;
export type FakeFetch = ReturnType<typeof fakeFetch>;

/** A fetch stand-in answering by "METHOD /path"; unknown calls get a 404. */
export function fakeFetch(replies: Replies) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input).split('?')[0];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const entry = replies[`${method} ${path}`];
    const reply = typeof entry === 'function' ? entry(body) : (entry ?? { status: 404 });
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status });
  });
}

/** A fakeFetch answering `replies`, installed as the page's fetch (the setup file unstubs it after each test). */
export function serveFetch(replies: Replies) {
  const fetch = fakeFetch(replies);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The bodies of the calls made with `method` to `path` (its query string aside), in order. */
export const callsTo = (fetch: FakeFetch, method: string, path: string) =>
  fetch.mock.calls
    .filter(([input, init]) => String(input).split('?')[0] === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
