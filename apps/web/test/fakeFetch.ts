import { vi } from 'vitest';

type Reply = { status: number; body?: unknown };

/** A fetch stand-in answering by "METHOD /path"; unknown calls get a 404. */
export function fakeFetch(replies: Record<string, Reply | ((body: unknown) => Reply)>) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = String(input).split('?')[0];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const entry = replies[`${method} ${path}`];
    const reply = typeof entry === 'function' ? entry(body) : (entry ?? { status: 404 });
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status });
  });
}
