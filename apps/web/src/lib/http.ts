import type { ErrorBody } from '@shiftline/shared';
import { ApiError } from './apiError';

type QueryValue = string | number | boolean | null | undefined;

const FALLBACK_MESSAGES: Record<number, string> = {
  401: 'Please sign in.',
  403: 'Your role may not do this.',
  404: 'Not found.',
  429: 'Too many attempts. Wait a minute and try again.',
};

// The session's CSRF token, from sign-in or /me; every non-GET call except sign-in must send it.
let csrfToken: string | null = null;
// This page's live connection, as a header (SOCKET_ID_HEADER in shared), set by the socket client.
let liveConnection: Record<string, string> = {};

function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? path : `${path}?${text}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function toApiError(status: number, payload: unknown): ApiError {
  const error = (payload as Partial<ErrorBody> | null)?.error;
  const message = error?.message ?? FALLBACK_MESSAGES[status] ?? `The server answered with status ${status}.`;
  return new ApiError(status, error?.code ?? 'http_error', message, error?.fields ?? {});
}

async function send<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET' && csrfToken !== null) headers['x-csrf-token'] = csrfToken;
  // Names this page's live connection, so an event the call starts (an approval dialog) opens here only.
  if (method !== 'GET') Object.assign(headers, liveConnection);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }
  const payload = await readJson(response);
  if (!response.ok) throw toApiError(response.status, payload);
  return payload as T;
}

/**
 * A multipart upload answered with JSON. XMLHttpRequest, not fetch: only it reports how much of the body has gone,
 * which `onProgress` hears as a fraction (the bar a large file shows).
 */
function upload<T>(path: string, form: FormData, onProgress?: (sent: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    if (csrfToken !== null) request.setRequestHeader('x-csrf-token', csrfToken);
    for (const [name, value] of Object.entries(liveConnection)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onerror = () =>
      reject(new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.'));
    request.onload = () => {
      let payload: unknown = null;
      try {
        payload = request.responseText === '' ? null : JSON.parse(request.responseText);
      } catch {
        payload = null;
      }
      if (request.status >= 200 && request.status < 300) resolve(payload as T);
      else reject(toApiError(request.status, payload));
    };
    request.send(form);
  });
}

/** JSON calls to our own API, with the session cookie and CSRF header. */
export const http = {
  upload,
  get: <T>(path: string, query?: Record<string, QueryValue>) => send<T>('GET', withQuery(path, query)),
  post: <T>(path: string, body?: unknown) => send<T>('POST', path, body),
  setCsrfToken: (token: string | null) => {
    csrfToken = token;
  },
  /** The header naming this page's Socket.IO connection; empty while there is none. */
  setLiveConnection: (header: Record<string, string>) => {
    liveConnection = header;
  },
};
