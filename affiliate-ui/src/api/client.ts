/**
 * The portal's only HTTP client. While a token is stored (localStorage `token`), every request
 * carries `Authorization: Bearer <token>`; without one the header is left off. Errors reject with
 * ApiError whose message is the server's `message` when present (the spec's rule for every call).
 */
import { TOKEN_KEY } from '@affilux/contract';

export { TOKEN_KEY };
const BASE = '/api/v1';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function api<T = unknown>(path: string, options: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${BASE}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const message = typeof data === 'object' && data && 'message' in data && typeof data.message === 'string' ? data.message : '';
    throw new ApiError(message, response.status, data);
  }
  return data as T;
}

/** The server's message when it sent one, else the caller's translated fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
